package invoices

import (
	"cmp"
	"context"
	"fmt"
	"slices"

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
	// The shipments' lines come from maps; Create numbers the billed lines in the order's line
	// order (inOrderLineOrder).
	choices := make([]PartLineChoice, len(order))
	for i, lineID := range order {
		choices[i] = PartLineChoice{SalesOrderLineID: lineID, Quantity: sums[lineID]}
	}
	return choices, links, nil
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

// BillsShipment reports whether a live invoice bills shipment id (registered with the
// shipments' billed checks).
func (s *Service) BillsShipment(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return shipmentsStore{}.billsShipment(ctx, q, tenantID, id)
}

// inOrderLineOrder sorts lines billed from shipments by their order line's number, so the
// invoice lists them as the order does whatever order the shipments named them in.
func inOrderLineOrder(lines []billedLine) {
	slices.SortFunc(lines, func(a, b billedLine) int {
		return cmp.Or(cmp.Compare(a.Line.LineNumber, b.Line.LineNumber), cmp.Compare(a.Line.ID, b.Line.ID))
	})
}
