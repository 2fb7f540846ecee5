// Package docaddress is the postal address a business document keeps as a copy (a quote's or
// sales order's billing and shipping address, a purchase order's ship-to): whatever later
// happens to the address it was copied from, the document shows what it was written with.
// Every document area normalises and answers it the same way through this package.
package docaddress

import (
	"strings"
	"unicode"

	"mos/internal/platform/apperr"
)

// maxText is the longest member of an address a document keeps.
const maxText = 200

// Address is an address as a document copies it; nil members hold no value. It is stored as
// JSON in the API's member names.
type Address struct {
	Name          *string `json:"name"`
	Address1      *string `json:"address1"`
	Address2      *string `json:"address2"`
	Address3      *string `json:"address3"`
	City          *string `json:"city"`
	StateProvince *string `json:"stateProvince"`
	PostalCode    *string `json:"postalCode"`
	Country       *string `json:"country"`
	Phone         *string `json:"phone"`
	Email         *string `json:"email"`
}

// Normalize trims each member of a (nil: none), stores blanks as no value, and checks that
// email is one address; errors name prefix.member. A document's write calls it for each
// address it keeps.
func Normalize(fields apperr.Fields, prefix string, a *Address) *Address {
	if a == nil {
		return nil
	}
	out := *a
	for _, m := range []struct {
		name  string
		value **string
	}{
		{"name", &out.Name}, {"address1", &out.Address1}, {"address2", &out.Address2}, {"address3", &out.Address3},
		{"city", &out.City}, {"stateProvince", &out.StateProvince}, {"postalCode", &out.PostalCode},
		{"country", &out.Country}, {"phone", &out.Phone}, {"email", &out.Email},
	} {
		*m.value = fields.OptionalText(prefix+"."+m.name, *m.value, maxText)
	}
	if e := out.Email; e != nil {
		local, domain, _ := strings.Cut(*e, "@")
		if strings.Count(*e, "@") != 1 || local == "" || domain == "" || strings.IndexFunc(*e, unicode.IsSpace) >= 0 {
			fields.Add(prefix+".email", "must be one email address (one @ with text on both sides, no spaces)")
		}
	}
	return &out
}
