package salesorders

import (
	"mos/internal/sales/refundreasons"
	"mos/internal/sales/taxrates"
	"mos/internal/shared/doclines/linekinds"
)

// docLineTables are the tables of a sales order's fee, tax, discount and refund lines, served
// by linekinds: the package keeps only their handlers (fee_lines_handler.go,
// tax_lines_handler.go, discount_line_handler.go, refund_lines_handler.go). The
// shipping-charge line (shipping_charge_*) and the one view over every line kind
// (line_items_*) are the order's own.
//
// Refund lines are the credit kind: each carries a refund reason code and may name one of the
// order's part lines (partLineItemId); the refunds together may not exceed the order's total
// before them (refund_total against total).
var docLineTables = linekinds.Tables{
	Parent: "sales_orders", ParentColumn: "sales_order_id",
	Fee: "sales_order_fee_lines", Tax: "sales_order_tax_lines", Discount: "sales_order_discount_lines",
	TaxRateKey: "sales_order_tax_lines_rate_key", Noun: "sales order",
	Credit: linekinds.Credits{
		Table: "sales_order_refund_lines", Noun: "refund",
		PartLines: "sales_order_part_lines", PartLineField: "partLineItemId",
		ReasonColumn: "refund_reason_code_id", ReasonField: "refundReasonCodeId",
		TotalColumn: "refund_total",
	},
}

// docLines declares the order's fee, tax, discount and refund lines: each write locks the
// active order and recomputes its totals (totals_service.go); tax rates are the usable ones,
// and so are refund reason codes.
func (s *Service) docLines() *linekinds.Lines[lineParent] {
	return linekinds.Declare(s.pool, linekinds.Declaration[lineParent]{
		Tables: docLineTables, Lock: s.lockForLineWrite, Exists: s.lineOrderExists, Recompute: s.recomputeTotals,
		TaxRates:      linekinds.UsableRates(s.deps.TaxRates, func(r taxrates.TaxRate) (string, dec) { return r.Name, r.Rate }),
		CreditReasons: linekinds.Reasons(s.deps.RefundReasons, func(r refundreasons.RefundReason) string { return r.Name }),
	})
}

// roundedAmount is an amount as the order counts it: rounded to its currency's minor unit.
func roundedAmount(amount dec, currencyCode string) dec {
	return linekinds.FeeSubTotal(amount, currencyCode)
}
