package quotes

import (
	"context"
	"strconv"
	"strings"

	"mos/internal/platform/db"
	"mos/internal/shared/doclines/linekinds"
	"mos/internal/shared/docpdf"
	"mos/internal/shared/pdf"
)

// pdfColumns are the quote's line table: the line number, the part, what it is, then the
// numbers (right-aligned): the quantity in its unit, the unit price, the lead time and the
// amount. The description is the widest.
var pdfColumns = []pdf.Column{
	{Header: "#", Width: 0.5, Align: pdf.AlignRight},
	{Header: "Part number", Width: 2},
	{Header: "Description", Width: 4.5},
	{Header: "Quantity", Width: 1.4, Align: pdf.AlignRight},
	{Header: "Unit price", Width: 1.4, Align: pdf.AlignRight},
	{Header: "Lead time (days)", Width: 1.2, Align: pdf.AlignRight},
	{Header: "Amount", Width: 1.6, Align: pdf.AlignRight},
}

// PDF prints the tenant's quote id as the customer receives it (getQuotePdf): the header,
// its part lines and fee lines as the table, its discount, tax lines and stored totals (the
// numbers getQuote answers), its notes, in the frame of the tenant's PDF settings. A deleted,
// unknown or another tenant's quote is NotFound. ifNoneMatch naming the current ETag answers
// NotModified without rendering.
//
// The quote is read in one transaction that first share-locks its row: every write of a
// quote or its lines locks that row, so the header, the lines and the totals printed are one
// state of the quote, and the ETag names exactly that state. Six statements (the lock, the
// header, then the part, fee, tax and discount lines, however many lines) and the frame's.
func (s *Service) PDF(ctx context.Context, tenantID, timezone, id string, ifNoneMatch *string) (docpdf.Printed, error) {
	var src SalesOrderSource
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		live, err := s.header.ShareLive(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		if !live {
			return s.header.NotFound(id)
		}
		quote, err := s.header.Get(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		src, err = conversionStore{}.lines(ctx, q, tenantID, quote)
		return err
	})
	if err != nil {
		return docpdf.Printed{}, err
	}
	frame, err := s.deps.Printer.Frame(ctx, tenantID, timezone, docpdf.Quote)
	if err != nil {
		return docpdf.Printed{}, err
	}
	return docpdf.Print(quoteDocument(frame, src), "Quote", ifNoneMatch)
}

// quoteDocument fills frame's document with the quote src.
func quoteDocument(frame docpdf.Frame, src SalesOrderSource) pdf.Document {
	qt, cur := src.Quote, src.CurrencyCode
	doc := frame.Document
	doc.Title = "Quote"
	doc.Number = strconv.FormatInt(qt.Number, 10)
	// The quote's date is the day it was sent; a quote not sent yet is dated the day it was
	// created.
	date := qt.CreatedUtc
	if qt.QuotedUtc != nil {
		date = *qt.QuotedUtc
	}
	doc.Dates = []pdf.Field{{Label: "Date", Value: frame.Day(date)}, {Label: "Valid until", Value: frame.Date(qt.ExpirationDate)}}
	if qt.DueDate != nil {
		doc.Dates = append(doc.Dates, pdf.Field{Label: "Required by", Value: frame.Date(*qt.DueDate)})
	}
	if qt.PaymentTerms != nil {
		doc.Dates = append(doc.Dates, pdf.Field{Label: "Payment terms", Value: qt.PaymentTerms.Name})
	}
	doc.Dates = append(doc.Dates, pdf.Field{Label: "Currency", Value: cur})
	doc.Parties = quoteParties(qt)
	doc.Columns = pdfColumns
	for _, l := range src.PartLines {
		doc.Rows = append(doc.Rows, []string{
			strconv.Itoa(int(l.LineNumber)), partNumber(l), lineDescription(l, cur),
			docpdf.Quantity(l.Quantity) + " " + l.UnitName, docpdf.Money(l.UnitPrice, cur), leadTime(l.LeadTimeDays),
			docpdf.Money(l.Amounts.SubTotal, cur),
		})
	}
	for _, f := range src.FeeLines {
		doc.Rows = append(doc.Rows, []string{
			"", "", joinNonEmpty(" - ", f.Name, deref(f.Description)), "", "", "",
			docpdf.Money(linekinds.FeeSubTotal(f.Amount, cur), cur),
		})
	}
	doc.Totals = quoteTotals(src)
	doc.Notes = deref(qt.Notes)
	return doc
}

// quoteParties are the customer at its billing address and at its shipping address, and the
// contact the quote names; an address the quote does not hold prints the customer's name
// alone.
func quoteParties(qt Quote) []pdf.Party {
	parties := []pdf.Party{
		{Label: "Bill to", Name: qt.CustomerName, Lines: docpdf.PartyLines(qt.BillingAddress, qt.CustomerName)},
		{Label: "Ship to", Name: qt.CustomerName, Lines: docpdf.PartyLines(qt.ShippingAddress, qt.CustomerName)},
	}
	if c := qt.Contact; c != nil {
		var lines []string
		for _, v := range []*string{c.Email, c.Phone} {
			if s := deref(v); s != "" {
				lines = append(lines, s)
			}
		}
		parties = append(parties, pdf.Party{Label: "Contact", Name: joinNonEmpty(" ", c.FirstName, deref(c.LastName)), Lines: lines})
	}
	return parties
}

// partNumber is the line's item number with its revision.
func partNumber(l PartLine) string {
	if r := deref(l.Item.Revision); r != "" {
		return l.Item.Number + " rev " + r
	}
	return l.Item.Number
}

// lineDescription is the line's description (the item's when the line has none), and the
// line's discount, which its amount is net of.
func lineDescription(l PartLine, cur string) string {
	d := deref(l.Description)
	if d == "" {
		d = deref(l.Item.Description)
	}
	if l.Discount != nil && !l.Amounts.DiscountAmount.IsZero() {
		what := docpdf.Money(l.Amounts.DiscountAmount, cur)
		if l.Discount.Percentage {
			what = docpdf.Percent(l.Discount.Value) + ", " + what
		}
		d = joinNonEmpty("\n", d, "Less discount ("+what+")")
	}
	return d
}

func leadTime(days *int32) string {
	if days == nil {
		return ""
	}
	return strconv.Itoa(int(*days))
}

// quoteTotals are the quote's stored totals: the part lines, the fees, their subtotal, the
// discount, each tax line's tax on the taxable base and the tax of taxable lines at their own
// rates, then the total with its currency code.
func quoteTotals(src SalesOrderSource) []pdf.Field {
	t, cur := src.Totals, src.CurrencyCode
	out := []pdf.Field{{Label: "Lines", Value: docpdf.Money(t.LineSubTotal, cur)}}
	if len(src.FeeLines) > 0 {
		out = append(out, pdf.Field{Label: "Fees", Value: docpdf.Money(t.FeeTotal, cur)})
	}
	out = append(out, pdf.Field{Label: "Subtotal", Value: docpdf.Money(t.SubTotal, cur)})
	if d := src.Discount; d != nil {
		label := "Discount"
		if n := deref(d.Name); n != "" {
			label += ": " + n
		}
		if d.IsPercentage {
			label += " (" + docpdf.Percent(d.Value) + ")"
		}
		out = append(out, pdf.Field{Label: label, Value: docpdf.Money(dec{Decimal: t.Discount.Neg()}, cur)})
	}
	if len(src.TaxLines) == 0 {
		out = append(out, pdf.Field{Label: "Tax", Value: docpdf.Money(t.Tax, cur)})
	} else {
		lineTax := t.Tax
		for _, tl := range src.TaxLines {
			amount := linekinds.TaxLineAmount(t.TaxableBase, tl.Rate, cur)
			lineTax = dec{Decimal: lineTax.Sub(amount.Decimal)}
			out = append(out, pdf.Field{Label: tl.Name + " (" + docpdf.Percent(tl.Rate) + ")", Value: docpdf.Money(amount, cur)})
		}
		if !lineTax.IsZero() {
			out = append(out, pdf.Field{Label: "Tax on lines", Value: docpdf.Money(lineTax, cur)})
		}
	}
	return append(out, pdf.Field{Label: "Total", Value: docpdf.MoneyWithCode(t.Total, cur)})
}

func joinNonEmpty(sep string, parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}
