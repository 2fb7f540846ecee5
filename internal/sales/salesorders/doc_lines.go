package salesorders

import (
	"mos/internal/sales/taxrates"
	"mos/internal/shared/doclines/linekinds"
)

// docLineTables are the tables of a sales order's fee, tax and discount lines, served by
// linekinds: the package keeps only their handlers (fee_lines_handler.go, tax_lines_handler.go,
// discount_line_handler.go). Refund lines (refund_lines_*), the shipping-charge line
// (shipping_charge_*) and the one view over every line kind (line_items_*) are the order's own.
var docLineTables = linekinds.Tables{
	Parent: "sales_orders", ParentColumn: "sales_order_id",
	Fee: "sales_order_fee_lines", Tax: "sales_order_tax_lines", Discount: "sales_order_discount_lines",
	TaxRateKey: "sales_order_tax_lines_rate_key", Noun: "sales order",
}

// docLines declares the order's fee, tax and discount lines: each write locks the active
// order and recomputes its totals (totals_service.go), and tax rates are the usable ones.
func (s *Service) docLines() *linekinds.Lines[lineParent] {
	return linekinds.Declare(s.pool, linekinds.Declaration[lineParent]{
		Tables: docLineTables, Lock: s.lockForLineWrite, Exists: s.lineOrderExists, Recompute: s.recomputeTotals,
		TaxRates: linekinds.UsableRates(s.deps.TaxRates, func(r taxrates.TaxRate) (string, dec) { return r.Name, r.Rate }),
	})
}
