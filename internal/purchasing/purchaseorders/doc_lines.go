package purchaseorders

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/sales/taxrates"
	"mos/internal/shared/doclines/linekinds"
)

// docLineTables are the tables of a purchase order's fee, tax and discount lines, served by
// linekinds: the package keeps only their handlers (fee_lines_handler.go, tax_lines_handler.go,
// discount_line_handler.go). Vendor-credit lines (vendor_credit_lines_*) and the one view over
// every line kind (line_items_*) are the order's own.
var docLineTables = linekinds.Tables{
	Parent: "purchase_orders", ParentColumn: "purchase_order_id",
	Fee: "purchase_order_fee_lines", Tax: "purchase_order_tax_lines", Discount: "purchase_order_discount_lines",
	TaxRateKey: "purchase_order_tax_lines_rate_key", Noun: "purchase order",
}

// docLines declares the order's fee, tax and discount lines: each write locks the active
// order, refuses unless its lines are editable (draft or ordered), and recomputes its totals
// (totals_service.go); tax rates are the usable ones.
func (s *Service) docLines() *linekinds.Lines[lineParent] {
	return linekinds.Declare(s.pool, linekinds.Declaration[lineParent]{
		Tables: docLineTables, Lock: s.lockEditableLines, Exists: s.lineOrderExists, Recompute: s.recomputeTotals,
		TaxRates: linekinds.UsableRates(s.deps.TaxRates, func(r taxrates.TaxRate) (string, dec.Decimal) { return r.Name, r.Rate }),
	})
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
