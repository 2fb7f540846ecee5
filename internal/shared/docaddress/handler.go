package docaddress

import (
	"bytes"
	"encoding/json"

	"mos/gen"
	"mos/internal/platform/apperr"
)

// FromAPI is the address a document's write body carries (nil: none).
func FromAPI(a *gen.Address) *Address {
	if a == nil {
		return nil
	}
	return &Address{
		Name: a.Name, Address1: a.Address1, Address2: a.Address2, Address3: a.Address3, City: a.City,
		StateProvince: a.StateProvince, PostalCode: a.PostalCode, Country: a.Country, Phone: a.Phone, Email: a.Email,
	}
}

// ToAPI is the read shape of an address a document keeps (nil: none).
func ToAPI(a *Address) *gen.Address {
	if a == nil {
		return nil
	}
	return &gen.Address{
		Name: a.Name, Address1: a.Address1, Address2: a.Address2, Address3: a.Address3, City: a.City,
		StateProvince: a.StateProvince, PostalCode: a.PostalCode, Country: a.Country, Phone: a.Phone, Email: a.Email,
	}
}

// Member reads an address member of a document's create body that may be omitted (empty raw:
// given false, take the default), null (given, none) or an address; a member of another shape
// is a 400 naming field.
func Member(fields apperr.Fields, field string, raw json.RawMessage) (given bool, a *Address) {
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
	return true, FromAPI(&in)
}
