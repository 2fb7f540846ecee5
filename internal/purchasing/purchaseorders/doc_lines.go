package purchaseorders

import (
	"context"
	"slices"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/sales/taxrates"
	"mos/internal/shared/doclines/linekinds"
)

// docLineTables are the tables of a purchase order's fee, tax, discount and vendor-credit
// lines, served by linekinds: the package keeps only their handlers (fee_lines_handler.go,
// tax_lines_handler.go, discount_line_handler.go, vendor_credit_lines_handler.go). The one
// view over every line kind (line_items_*) is the order's own.
//
// Vendor-credit lines are the credit kind, without a reason; each may name one of the order's
// part lines (partLineId).
var docLineTables = linekinds.Tables{
	Parent: "purchase_orders", ParentColumn: "purchase_order_id",
	Fee: "purchase_order_fee_lines", Tax: "purchase_order_tax_lines", Discount: "purchase_order_discount_lines",
	TaxRateKey: "purchase_order_tax_lines_rate_key", Noun: "purchase order",
	Credit: linekinds.Credits{
		Table: "purchase_order_vendor_credit_lines", Noun: "vendor-credit",
		PartLines: "purchase_order_part_lines", PartLineField: "partLineId",
	},
}

// docLines declares the order's fee, tax, discount and vendor-credit lines: each write locks
// the active order, refuses unless the kind may be written in its status (lockEditableLines,
// lockCreditable), and recomputes its totals (totals_service.go); tax rates are the usable
// ones.
func (s *Service) docLines() *linekinds.Lines[lineParent] {
	return linekinds.Declare(s.pool, linekinds.Declaration[lineParent]{
		Tables: docLineTables, Lock: s.lockEditableLines, CreditLock: s.lockCreditable,
		Exists: s.lineOrderExists, Recompute: s.recomputeTotals,
		TaxRates: linekinds.UsableRates(s.deps.TaxRates, func(r taxrates.TaxRate) (string, dec.Decimal) { return r.Name, r.Rate }),
	})
}

// creditsWritable are the statuses in which an order's vendor credits may be written: credits
// come after ordering, so not while it is a request for quote, and not once it is cancelled.
var creditsWritable = []Status{StatusOrdered, StatusPaid, StatusClosed}

// lockCreditable locks the tenant's active purchase order orderID (lockForLineWrite) and
// refuses, with a 400 naming status, unless its vendor credits may be written now.
func (s *Service) lockCreditable(ctx context.Context, q db.Q, tenantID, orderID string) (lineParent, error) {
	p, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
	if err != nil {
		return lineParent{}, err
	}
	if slices.Contains(creditsWritable, p.Status) {
		return p, nil
	}
	return lineParent{}, apperr.Field("status", "the vendor credits of a purchase order can be written only while it is ordered, paid or closed; it is %s", p.Status)
}

// lockEditableLines locks the tenant's active purchase order orderID (lockForLineWrite) and
// refuses, with a 400 naming status, unless its lines may be written now.
func (s *Service) lockEditableLines(ctx context.Context, q db.Q, tenantID, orderID string) (lineParent, error) {
	p, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
	if err != nil {
		return lineParent{}, err
	}
	return p, checkLinesEditable(p.Status)
}
