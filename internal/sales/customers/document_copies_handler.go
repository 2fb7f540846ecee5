package customers

import (
	"encoding/json"
	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/shared/docaddress"
)

// DocumentAddressFromAPI is the address a document's write body carries (nil: none).
func DocumentAddressFromAPI(a *gen.Address) *DocumentAddress { return docaddress.FromAPI(a) }

// DocumentAddressToAPI is the read shape of an address a document keeps (nil: none).
func DocumentAddressToAPI(a *DocumentAddress) *gen.Address { return docaddress.ToAPI(a) }

// DocumentAddressMember reads an address member of a document's create body that may be
// omitted (given false: take the customer's), null (given, none) or an address
// (docaddress.Member).
func DocumentAddressMember(fields apperr.Fields, field string, raw json.RawMessage) (given bool, a *DocumentAddress) {
	return docaddress.Member(fields, field, raw)
}

// ContactCopyToAPI is the read shape of a contact copy a document keeps.
func ContactCopyToAPI(c ContactCopy) *gen.DocumentContact {
	return &gen.DocumentContact{Id: c.ID, FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Phone: c.Phone}
}
