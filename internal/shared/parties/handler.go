package parties

import "mos/gen"

// The wire shapes of addresses and contacts. A party's handlers convert with these; the
// vendor schemas have the customer schemas' members exactly, so a vendor handler converts
// its generated types to and from these with a plain type conversion.

// AddressFromAPI parses an address body.
func AddressFromAPI(b gen.CustomerAddressWrite) AddressWrite {
	w := AddressWrite{
		Name: b.Name, Address1: b.Address1, Address2: b.Address2, Address3: b.Address3, City: b.City,
		StateProvince: b.StateProvince, PostalCode: b.PostalCode, Country: b.Country,
		Email: b.Email, Phone: b.Phone, Fax: b.Fax, Notes: b.Notes,
	}
	if b.ShippingLeadTime != nil {
		days := int(*b.ShippingLeadTime)
		w.ShippingLeadTime = &days
	}
	if b.PrimaryBilling != nil {
		w.PrimaryBilling = *b.PrimaryBilling
	}
	if b.PrimaryShipping != nil {
		w.PrimaryShipping = *b.PrimaryShipping
	}
	return w
}

// AddressToAPI is the read shape of a.
func AddressToAPI(a Address) gen.CustomerAddress {
	return gen.CustomerAddress{
		Id: a.ID, Name: a.Name, Address1: a.Address1, Address2: a.Address2, Address3: a.Address3, City: a.City,
		StateProvince: a.StateProvince, PostalCode: a.PostalCode, Country: a.Country,
		ShippingLeadTime: a.ShippingLeadTime, PrimaryBilling: a.PrimaryBilling, PrimaryShipping: a.PrimaryShipping,
		Email: a.Email, Phone: a.Phone, Fax: a.Fax, Notes: a.Notes,
	}
}

// ContactFromAPI parses a contact body.
func ContactFromAPI(b gen.CustomerContactWrite) ContactWrite {
	return ContactWrite{
		FirstName: b.FirstName, LastName: b.LastName, Position: b.Position,
		Phone: b.Phone, CellPhone: b.CellPhone, Email: b.Email,
	}
}

// ContactToAPI is the read shape of c.
func ContactToAPI(c Contact) gen.CustomerContact {
	return gen.CustomerContact{
		Id: c.ID, FirstName: c.FirstName, LastName: c.LastName, Position: c.Position,
		Phone: c.Phone, CellPhone: c.CellPhone, Email: c.Email,
	}
}
