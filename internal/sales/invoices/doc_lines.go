package invoices

import (
	"mos/internal/sales/taxrates"
	"mos/internal/shared/doclines/linekinds"
)

// docLineTables are the tables of an invoice's fee, tax and discount lines, served by
// linekinds: the package keeps only their handlers.
var docLineTables = linekinds.Tables{
	Parent: "invoices", ParentColumn: "invoice_id",
	Fee: "invoice_fee_lines", Tax: "invoice_tax_lines", Discount: "invoice_discount_lines",
	TaxRateKey: "invoice_tax_lines_rate_key", Noun: "invoice",
	Credit: refundCredits,
}

// docLines declares the invoice's fee, tax and discount lines: each write locks the live
// invoice, refuses unless its amounts may change (new, needs approval or approved), and
// recomputes its totals (totals_service.go); tax rates are the usable ones.
func (s *Service) docLines() *linekinds.Lines[lineParent] {
	return linekinds.Declare(s.pool, linekinds.Declaration[lineParent]{
		Tables: docLineTables, Lock: s.lockEditableLines, Exists: s.lineInvoiceExists, Recompute: s.recomputeTotals,
		TaxRates:   linekinds.UsableRates(s.deps.TaxRates, func(r taxrates.TaxRate) (string, dec) { return r.Name, r.Rate }),
		CreditLock: s.lockForLineWrite, CreditReasons: s.refundReasons(),
	})
}
