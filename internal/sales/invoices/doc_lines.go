package invoices

import (
	"strings"

	"mos/internal/sales/taxrates"
	"mos/internal/shared/doclines/linekinds"
)

// docLineTables are the tables of an invoice's fee, tax and discount lines, served by
// linekinds: the package keeps only their handlers. Their lines carry the members every
// invoice line has (docLineColumns), and their writes name the tax rate taxCodeId, as the
// part lines do.
var docLineTables = linekinds.Tables{
	Parent: "invoices", ParentColumn: "invoice_id",
	Fee: "invoice_fee_lines", Tax: "invoice_tax_lines", Discount: "invoice_discount_lines",
	TaxRateKey: "invoice_tax_lines_rate_key", Noun: "invoice",
	Credit: refundCredits, Columns: docLineColumns, TaxRateMember: "taxCodeId",
}

// docLineColumns are the invoice's own members of its fee, tax and discount lines: a number
// per kind, external references, accounting details, a description (tax and discount lines),
// whether a fee's tax rate was changed on the invoice and the order's fee line it bills; a tax
// line's rate may change while the invoice's lines may be written (editable, live), and its
// tax is worked out for the invoice's billing address.
var docLineColumns = linekinds.Columns{
	Number: "line_number", ExternalReferences: "external_references", AccountingDetails: "accounting_details",
	Description: "description", OverrideTaxRate: "override_tax_rate", FeeOrigin: "sales_order_fee_line_id",
	TaxRateEditable: "NOT p.deleted AND p.status IN (" + quotedStatuses(editable) + ")",
	TaxAddress:      "p.billing_address",
}

// quotedStatuses are statuses as an SQL list of literals.
func quotedStatuses(statuses []Status) string {
	quoted := make([]string, len(statuses))
	for i, s := range statuses {
		quoted[i] = "'" + string(s) + "'"
	}
	return strings.Join(quoted, ", ")
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
