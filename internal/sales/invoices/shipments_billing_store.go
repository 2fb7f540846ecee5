package invoices

import (
	"context"
	"errors"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

// shipmentsStore keeps the invoice_shipments rows.
type shipmentsStore struct{}

const billedAmongSQL = `SELECT DISTINCT shipment_id FROM invoice_shipments WHERE tenant_id = $1 AND shipment_id = ANY($2)`

func (shipmentsStore) billedAmong(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]bool, error) {
	var got []string
	if err := sqlx.SelectContext(ctx, q, &got, billedAmongSQL, tenantID, pq.Array(ids)); err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(got))
	for _, id := range got {
		out[id] = true
	}
	return out, nil
}

const insertInvoiceShipmentsSQL = `
INSERT INTO invoice_shipments (tenant_id, invoice_id, shipment_id, sales_order_line_id)
SELECT $1, $2, s, l FROM unnest($3::text[], $4::text[]) AS u(s, l)`

// insert links invoiceID to the shipment lines it bills; a shipment billed meanwhile by a
// concurrent invoice breaks the key (400 naming shipmentIds).
func (shipmentsStore) insert(ctx context.Context, q db.Q, tenantID, invoiceID string, links []billedShipment) error {
	if len(links) == 0 {
		return nil
	}
	ships, lines := make([]string, len(links)), make([]string, len(links))
	for i, l := range links {
		ships[i], lines[i] = l.ShipmentID, l.OrderLineID
	}
	_, err := q.ExecContext(ctx, insertInvoiceShipmentsSQL, tenantID, invoiceID, pq.Array(ships), pq.Array(lines))
	var pe *pq.Error
	if errors.As(err, &pe) && pe.Code == "23505" {
		return apperr.Field("shipmentIds", "a shipment is already billed by a live invoice")
	}
	return err
}

const releaseInvoiceShipmentsSQL = `DELETE FROM invoice_shipments WHERE tenant_id = $1 AND invoice_id = $2`

// release frees the shipments a deleted invoice billed.
func (shipmentsStore) release(ctx context.Context, q db.Q, tenantID, invoiceID string) error {
	_, err := q.ExecContext(ctx, releaseInvoiceShipmentsSQL, tenantID, invoiceID)
	return err
}

const shipmentBilledSQL = `SELECT EXISTS (SELECT 1 FROM invoice_shipments WHERE tenant_id = $1 AND shipment_id = $2)`

// billsShipment reports whether a live invoice bills shipment id.
func (shipmentsStore) billsShipment(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	var used bool
	err := sqlx.GetContext(ctx, q, &used, shipmentBilledSQL, tenantID, id)
	return used, err
}

const partLineShipmentsSQL = `
SELECT sales_order_line_id, shipment_id FROM invoice_shipments
WHERE tenant_id = $1 AND invoice_id = $2 ORDER BY shipment_id`

// shipmentIDsByOrderLine answers, per billed order part line of invoiceID, the shipments billing it.
func (shipmentsStore) shipmentIDsByOrderLine(ctx context.Context, q db.Q, tenantID, invoiceID string) (map[string][]string, error) {
	var rows []struct {
		LineID     string `db:"sales_order_line_id"`
		ShipmentID string `db:"shipment_id"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, partLineShipmentsSQL, tenantID, invoiceID); err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, r := range rows {
		out[r.LineID] = append(out[r.LineID], r.ShipmentID)
	}
	return out, nil
}
