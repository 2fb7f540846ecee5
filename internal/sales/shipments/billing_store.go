package shipments

import (
	"context"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

const billingShipmentsSQL = `
SELECT id, sales_order_id, status FROM shipments WHERE tenant_id = $1 AND id = ANY($2) FOR SHARE`

const billingLinesSQL = `
SELECT shipment_id, sales_order_part_line_id, quantity FROM shipment_lines WHERE tenant_id = $1 AND shipment_id = ANY($2)`

// billingStore reads shipments for the invoices that bill them.
type billingStore struct{}

// forBilling reads the shipments among ids with their line quantities, share-locked.
func (billingStore) forBilling(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]BillingShipment, error) {
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
