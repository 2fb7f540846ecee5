package customers

import (
	"strings"
	"unicode"

	"mos/internal/platform/apperr"
)

// maxDocumentAddressText is the longest member of an address a document keeps.
const maxDocumentAddressText = 200

// ContactCopy is a copy of a customer contact kept on a sales document (a quote, a sales
// order), stored as JSON in the API's member names.
type ContactCopy struct {
	ID        string  `json:"id"`
	FirstName string  `json:"firstName"`
	LastName  *string `json:"lastName"`
	Email     *string `json:"email"`
	Phone     *string `json:"phone"`
}

// CopyOf is the copy of contact c a document keeps.
func CopyOf(c Contact) ContactCopy {
	return ContactCopy{ID: c.ID, FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Phone: c.Phone}
}

// NormalizeDocumentAddress trims each member of a (nil: none), stores blanks as no value, and
// checks that email is one address; errors name prefix.member. A document's write calls it
// for each address it keeps.
func NormalizeDocumentAddress(fields apperr.Fields, prefix string, a *DocumentAddress) *DocumentAddress {
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
		*m.value = fields.OptionalText(prefix+"."+m.name, *m.value, maxDocumentAddressText)
	}
	if e := out.Email; e != nil {
		local, domain, _ := strings.Cut(*e, "@")
		if strings.Count(*e, "@") != 1 || local == "" || domain == "" || strings.IndexFunc(*e, unicode.IsSpace) >= 0 {
			fields.Add(prefix+".email", "must be one email address (one @ with text on both sides, no spaces)")
		}
	}
	return &out
}
