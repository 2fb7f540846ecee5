package customers

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/shared/docaddress"
)

// DocumentDefaults is what a new sales document (a quote, say) takes from its customer: the
// customer's state and the members the document copies unless the request gives its own.
type DocumentDefaults struct {
	ID             string
	Name           string
	Deleted        bool
	CurrencyCode   string
	PaymentTermsID *string
	SalesPersonID  *string
	// PrimaryBilling and PrimaryShipping are the customer's primary addresses; nil when it
	// has none.
	PrimaryBilling  *DocumentAddress
	PrimaryShipping *DocumentAddress
	// TaxRateIDs are the tax rates the customer is charged, in its order.
	TaxRateIDs []string
}

// DocumentAddress is an address as a document copies it (docaddress).
type DocumentAddress = docaddress.Address

// DocumentDefaults reads customer customerID of the tenant, deleted or not, with its
// primary addresses, in one statement, and share-locks its row until q's transaction ends
// so that the customer cannot be deleted while a document naming it is written. An unknown
// customer is NotFound.
func (s *Service) DocumentDefaults(ctx context.Context, q db.Q, tenantID, customerID string) (DocumentDefaults, error) {
	return documentStore{}.defaults(ctx, q, tenantID, customerID)
}

// DocumentContact reads contact contactID of customer customerID; a contact of another
// customer, or none, is NotFound. One statement.
func (s *Service) DocumentContact(ctx context.Context, q db.Q, tenantID, customerID, contactID string) (Contact, error) {
	return s.ContactIn(ctx, q, tenantID, customerID, contactID)
}
