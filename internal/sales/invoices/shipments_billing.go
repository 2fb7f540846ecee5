package invoices

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/sales/shipments"
)

// shipmentBilling reads the shipments an invoice bills, share-locked in its transaction
// (shipments.Service, billing.go).
type shipmentBilling interface {
	ForBilling(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]shipments.BillingShipment, error)
}

// billedShipment is a shipment line an invoice bills.
type billedShipment struct {
	ShipmentID, OrderLineID string
}

// choicesFromShipments turns the shipments a create bills into part line choices: per order
// part line, the sum of the shipments' quantities. Each must be the tenant's (404 naming
// shipmentIds.<i>), shipped, of the invoice's order and not billed by a live invoice (400).
func (s *Service) choicesFromShipments(ctx context.Context, q db.Q, tenantID, orderID string, ids []string) ([]PartLineChoice, []billedShipment, error) {
	found, err := s.deps.Shipments.ForBilling(ctx, q, tenantID, ids)
	if err != nil {
		return nil, nil, err
	}
	billed, err := shipmentsStore{}.billedAmong(ctx, q, tenantID, ids)
	if err != nil {
		return nil, nil, err
	}
	fields, missing := apperr.Fields{}, apperr.Fields{}
	sums := map[string]dec{}
	var order []string
	var links []billedShipment
	for i, id := range ids {
		name := fmt.Sprintf("shipmentIds.%d", i)
		sh, ok := found[id]
		switch {
		case !ok:
			missing.Add(name, "the tenant has no shipment %s", id)
		case sh.SalesOrderID != orderID:
			fields.Add(name, "shipment %s ships another sales order", id)
		case sh.Status != shipments.StatusShipped:
			fields.Add(name, "shipment %s is %s: only a shipped shipment is billed", id, sh.Status)
		case billed[id]:
			fields.Add(name, "shipment %s is already billed by a live invoice", id)
		default:
			for lineID, qty := range sh.Quantities {
				if _, seen := sums[lineID]; !seen {
					order = append(order, lineID)
				}
				sums[lineID] = dec{Decimal: sums[lineID].Add(qty.Decimal)}
				links = append(links, billedShipment{ShipmentID: id, OrderLineID: lineID})
			}
		}
	}
	if err := missing.NotFoundErr(); err != nil {
		return nil, nil, err
	}
	if err := fields.Err(); err != nil {
		return nil, nil, err
	}
	// The shipments' lines come from maps: a fixed order keeps the invoice's line numbers
	// the same for the same request.
	slices.Sort(order)
	choices := make([]PartLineChoice, len(order))
	for i, lineID := range order {
		choices[i] = PartLineChoice{SalesOrderLineID: lineID, Quantity: sums[lineID]}
	}
	return choices, links, nil
}

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

// BillsShipment reports whether a live invoice bills shipment id (registered with the
// shipments' billed checks).
func (s *Service) BillsShipment(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
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

// withShipments fills the lines' ShipmentIDs in one more statement.
func withShipments(ctx context.Context, q db.Q, tenantID, invoiceID string) func([]PartLine, error) ([]PartLine, error) {
	return func(lines []PartLine, err error) ([]PartLine, error) {
		if err != nil {
			return nil, err
		}
		byLine, err := shipmentsStore{}.shipmentIDsByOrderLine(ctx, q, tenantID, invoiceID)
		if err != nil {
			return nil, err
		}
		for i := range lines {
			lines[i].ShipmentIDs = byLine[lines[i].SalesOrderLineID]
			if lines[i].ShipmentIDs == nil {
				lines[i].ShipmentIDs = []string{}
			}
		}
		return lines, nil
	}
}

// oneWithShipments is withShipments for one line.
func oneWithShipments(ctx context.Context, q db.Q, tenantID, invoiceID string) func(PartLine, error) (PartLine, error) {
	return func(l PartLine, err error) (PartLine, error) {
		lines, err := withShipments(ctx, q, tenantID, invoiceID)([]PartLine{l}, err)
		if err != nil {
			return PartLine{}, err
		}
		return lines[0], nil
	}
}
