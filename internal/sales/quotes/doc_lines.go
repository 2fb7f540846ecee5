package quotes

import (
	"mos/internal/sales/taxrates"
	"mos/internal/shared/doclines/linekinds"
)

// docLineTables are the tables of a quote's fee, tax and discount lines, served by linekinds
// (the handlers in fee_lines_handler.go, tax_lines_handler.go and discount_line_handler.go).
var docLineTables = linekinds.Tables{
	Parent: "quotes", ParentColumn: "quote_id",
	Fee: "quote_fee_lines", Tax: "quote_tax_lines", Discount: "quote_discount_lines",
	TaxRateKey: "quote_tax_lines_rate_key", Noun: "quote",
}

// docLines declares the quote's fee, tax and discount lines: each write locks the active
// quote and recomputes its totals (totals_service.go), and tax rates are the usable ones.
func (s *Service) docLines() *linekinds.Lines[lineParent] {
	return linekinds.Declare(s.pool, linekinds.Declaration[lineParent]{
		Tables: docLineTables, Lock: s.lockForLineWrite, Exists: s.lineQuoteExists, Recompute: s.recomputeTotals,
		TaxRates: linekinds.UsableRates(s.deps.TaxRates, func(r taxrates.TaxRate) (string, dec) { return r.Name, r.Rate }),
	})
}
