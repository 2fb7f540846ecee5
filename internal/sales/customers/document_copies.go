package customers

import (
	"mos/internal/platform/apperr"
	"mos/internal/shared/docaddress"
)

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
// checks that email is one address; errors name prefix.member (docaddress.Normalize).
func NormalizeDocumentAddress(fields apperr.Fields, prefix string, a *DocumentAddress) *DocumentAddress {
	return docaddress.Normalize(fields, prefix, a)
}

// LiveDocumentCustomer is what a document write makes of DocumentDefaults' answer (cust, err)
// for customerID: an unknown customer is a 404 naming customerId, a deleted one a 400 naming
// it.
func LiveDocumentCustomer(cust DocumentDefaults, err error, customerID string) (DocumentDefaults, error) {
	if apperr.IsKind(err, apperr.KindNotFound) {
		fields := apperr.Fields{}
		fields.Add("customerId", "customer %s not found", customerID)
		return cust, fields.NotFoundErr()
	}
	if err != nil {
		return cust, err
	}
	if cust.Deleted {
		return cust, apperr.Field("customerId", "customer %s is deleted", customerID)
	}
	return cust, nil
}

// DocumentContactCopy is what a document write makes of DocumentContact's answer (c, err):
// the copy it keeps, or, for a contact that is not one of customerID's, a 404 naming
// contactId.
func DocumentContactCopy(c Contact, err error, customerID, contactID string) (*ContactCopy, error) {
	if apperr.IsKind(err, apperr.KindNotFound) {
		fields := apperr.Fields{}
		fields.Add("contactId", "contact %s is not a contact of customer %s", contactID, customerID)
		return nil, fields.NotFoundErr()
	}
	if err != nil {
		return nil, err
	}
	copied := CopyOf(c)
	return &copied, nil
}
