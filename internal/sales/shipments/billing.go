package shipments

import (
	"context"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

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

const billingShipmentsSQL = `
SELECT id, sales_order_id, status FROM shipments WHERE tenant_id = $1 AND id = ANY($2) FOR SHARE`

const billingLinesSQL = `
SELECT shipment_id, sales_order_part_line_id, quantity FROM shipment_lines WHERE tenant_id = $1 AND shipment_id = ANY($2)`

// ForBilling answers the tenant's shipments among ids with their order, status and line
// quantities, share-locked until q's transaction ends; unknown ids are absent.
func (s *Service) ForBilling(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]BillingShipment, error) {
	var heads []struct {
		ID           string `db:"id"`
		SalesOrderID string `db:"sales_order_id"`
		Status       Status `db:"status"`
	}
	if err := sqlx.SelectContext(ctx, q, &heads, billingShipmentsSQL, tenantID, pq.Array(ids)); err != nil {
		return nil, err
	}
	out := make(map[string]BillingShipment, len(heads))
	for _, h := range heads {
		out[h.ID] = BillingShipment{ID: h.ID, SalesOrderID: h.SalesOrderID, Status: h.Status, Quantities: map[string]dec.Decimal{}}
	}
	var lines []struct {
		ShipmentID string      `db:"shipment_id"`
		LineID     string      `db:"sales_order_part_line_id"`
		Quantity   dec.Decimal `db:"quantity"`
	}
	if err := sqlx.SelectContext(ctx, q, &lines, billingLinesSQL, tenantID, pq.Array(ids)); err != nil {
		return nil, err
	}
	for _, l := range lines {
		sh := out[l.ShipmentID]
		sh.Quantities[l.LineID] = dec.Decimal{Decimal: sh.Quantities[l.LineID].Add(l.Quantity.Decimal)}
	}
	return out, nil
}
