// Package companies serves the tenant's company records (company info): name, contact
// numbers, ship-to and remit-to addresses, and which one company is primary.
package companies

// Address is a postal address; nil members hold no value.
type Address struct {
	Name          *string
	Address1      *string
	Address2      *string
	Address3      *string
	City          *string
	StateProvince *string
	PostalCode    *string
	Country       *string
	Phone         *string
	Email         *string
}

// Company is a stored company record.
type Company struct {
	ID string
	CompanyWrite
}

// CompanyWrite is what a create or full update sets: every member, omitted ones cleared.
type CompanyWrite struct {
	Name        string
	IsPrimary   bool
	ShipTo      Address
	RemitTo     Address
	PhoneNumber *string
	FaxNumber   *string
	Email       *string
}

// Filter narrows a list.
type Filter struct {
	IsPrimary *bool // nil: no clause
}
