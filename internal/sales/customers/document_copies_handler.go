package customers

import (
	"bytes"
	"encoding/json"
	"mos/gen"
	"mos/internal/platform/apperr"
)

// DocumentAddressFromAPI is the address a document's write body carries (nil: none).
func DocumentAddressFromAPI(a *gen.Address) *DocumentAddress {
	if a == nil {
		return nil
	}
	return &DocumentAddress{
		Name: a.Name, Address1: a.Address1, Address2: a.Address2, Address3: a.Address3, City: a.City,
		StateProvince: a.StateProvince, PostalCode: a.PostalCode, Country: a.Country, Phone: a.Phone, Email: a.Email,
	}
}

// DocumentAddressToAPI is the read shape of an address a document keeps (nil: none).
func DocumentAddressToAPI(a *DocumentAddress) *gen.Address {
	if a == nil {
		return nil
	}
	return &gen.Address{
		Name: a.Name, Address1: a.Address1, Address2: a.Address2, Address3: a.Address3, City: a.City,
		StateProvince: a.StateProvince, PostalCode: a.PostalCode, Country: a.Country, Phone: a.Phone, Email: a.Email,
	}
}

// DocumentAddressMember reads an address member of a document's create body that may be
// omitted (empty raw: given false, take the customer's), null (given, none) or an address; a
// member of another shape is a 400 naming field.
func DocumentAddressMember(fields apperr.Fields, field string, raw json.RawMessage) (given bool, a *DocumentAddress) {
	if len(raw) == 0 {
		return false, nil
	}
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return true, nil
	}
	var in gen.Address
	if err := json.Unmarshal(raw, &in); err != nil {
		fields.Add(field, "must be an address object or null")
		return false, nil
	}
	return true, DocumentAddressFromAPI(&in)
}

// ContactCopyToAPI is the read shape of a contact copy a document keeps.
func ContactCopyToAPI(c ContactCopy) *gen.DocumentContact {
	return &gen.DocumentContact{Id: c.ID, FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Phone: c.Phone}
}
