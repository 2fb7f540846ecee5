package shipments

import (
	"context"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/inuse"
)

// RegisterBilledCheck adds (invoices, at wiring) a check telling whether a shipment is billed by what names; call
// it before the server serves.
func (s *Service) RegisterBilledCheck(what string, check inuse.Check) {
	s.billed.Register(what, check)
}

// checkNotBilled refuses (400 naming status) to move shipment id out of shipped while a
// registered area bills it.
func (s *Service) checkNotBilled(ctx context.Context, q db.Q, tenantID, id string) error {
	users, err := s.billed.Users(ctx, q, tenantID, id)
	if err != nil {
		return err
	}
	if len(users) > 0 {
		return apperr.Field("status", "the shipment is billed by %s: delete the billing first", strings.Join(users, ", "))
	}
	return nil
}

// BillingShipment is a shipment as an invoice bills it.
type BillingShipment struct {
	ID           string
	SalesOrderID string
	Status       Status
	// Quantities are the shipped quantities per sales order part line, in its unit.
	Quantities map[string]dec.Decimal
}

// ForBilling answers the tenant's shipments among ids with their order, status and line
// quantities, share-locked until q's transaction ends; unknown ids are absent.
func (s *Service) ForBilling(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]BillingShipment, error) {
	return billingStore{}.forBilling(ctx, q, tenantID, ids)
}
