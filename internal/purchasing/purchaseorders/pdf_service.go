package purchaseorders

import (
	"context"
	"strconv"
	"strings"

	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/purchasing/vendors"
	"mos/internal/shared/doclines"
	"mos/internal/shared/doclines/lineview"
	"mos/internal/shared/docpdf"
	"mos/internal/shared/pdf"
)

// pdfFileName names the order's file: "PurchaseOrder-1042.pdf", a request for quote too.
const pdfFileName = "PurchaseOrder"

// pdfLine is a line of the lines view with the tax rate a tax line applies (the view's
// amount), which the line's one shape does not answer.
type pdfLine struct {
	LineItem
	Rate *dec.Decimal
}

// pdfRead is what the order's PDF shows of the database: the header, every line of the view
// in its order, and the part and outside-processing lines by id for what the view lacks (the
// vendor's unit, the vendor item number, the due date, the line discount).
type pdfRead struct {
	order PurchaseOrder
	lines []pdfLine
	parts map[string]PartLine
	ops   map[string]OutsideProcessingLine
}

// PDF prints the tenant's purchase order id as the vendor receives it (see getPurchaseOrderPdf
// in the spec): titled "Request for quote" with its title while draft, "Purchase order" after;
// the vendor with its address and the ship-to address; every line of the lines view, part and
// outside-processing lines in the units, vendor item number and unit price the vendor sells
// them in, with their due dates; the totals as the order stores them (its GET answers the
// same); its notes and the settings' purchase order terms. A missing, another tenant's or
// deleted order is NotFound. A fixed number of statements whatever the number of lines: the
// order, the lines view (two), the part and outside-processing lines, the vendor's addresses
// (two) and the frame.
func (s *Service) PDF(ctx context.Context, tenantID, timezone, id string, ifNoneMatch *string) (docpdf.Printed, error) {
	var r pdfRead
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		var err error
		if r.order, err = s.header.Get(ctx, q, tenantID, id); err != nil {
			return err
		}
		if r.order.Deleted {
			return s.header.NotFound(id)
		}
		r.lines, err = lineview.Items(ctx, purchaseLines, q, tenantID, id, []LineKind(nil), nil, listing.Request{},
			func(row lineview.Row) pdfLine {
				l := pdfLine{LineItem: lineItemOf(row)}
				if l.Kind == LineKindTax {
					l.Rate = row.Amount
				}
				return l
			})
		if err != nil {
			return err
		}
		page, err := listing.Resolve(listing.Request{}, lineListSpec)
		if err != nil {
			return err
		}
		parts, err := partLinesStore{}.list(ctx, q, tenantID, id, LineFilter{}, page)
		if err != nil {
			return err
		}
		ops, err := opLinesStore{}.list(ctx, q, tenantID, id, LineFilter{}, page)
		if err != nil {
			return err
		}
		r.parts = make(map[string]PartLine, len(parts))
		for _, l := range parts {
			r.parts[l.ID] = l
		}
		r.ops = make(map[string]OutsideProcessingLine, len(ops))
		for _, l := range ops {
			r.ops[l.ID] = l
		}
		return nil
	})
	if err != nil {
		return docpdf.Printed{}, err
	}
	addresses, err := s.deps.VendorAddresses.Addresses(ctx, tenantID, r.order.VendorID, listing.Request{})
	if err != nil {
		return docpdf.Printed{}, err
	}
	frame, err := s.deps.Printer.Frame(ctx, tenantID, timezone, docpdf.PurchaseOrder)
	if err != nil {
		return docpdf.Printed{}, err
	}
	return docpdf.Print(r.document(frame, orderAddress(addresses)), pdfFileName, ifNoneMatch)
}

// orderAddress is the vendor's address an order is sent to: its primary billing address, else
// its primary shipping address, else its first; nil when it has none.
func orderAddress(list []vendors.Address) *vendors.Address {
	for _, primary := range []func(vendors.Address) bool{
		func(a vendors.Address) bool { return a.PrimaryBilling },
		func(a vendors.Address) bool { return a.PrimaryShipping },
		func(vendors.Address) bool { return true },
	} {
		for i := range list {
			if primary(list[i]) {
				return &list[i]
			}
		}
	}
	return nil
}

// document fills the frame's document with the order, vendorAddress being the vendor's
// address it is sent to (nil: none).
func (r pdfRead) document(f docpdf.Frame, vendorAddress *vendors.Address) pdf.Document {
	o := r.order
	doc := f.Document
	doc.Title, doc.Number = "Purchase order", strconv.FormatInt(o.Number, 10)
	title := DefaultTitle(o.Status)
	if o.Title != nil {
		title = *o.Title
	}
	switch {
	case o.Status == StatusDraft:
		doc.Title = "Request for quote"
		doc.Dates = append(doc.Dates, pdf.Field{Label: "RFQ", Value: title})
	case o.Title != nil:
		doc.Dates = append(doc.Dates, pdf.Field{Label: "Title", Value: title})
	}
	doc.Dates = append(doc.Dates, pdf.Field{Label: "Order date", Value: f.Date(o.OrderDate)})
	if o.DueDate != nil {
		doc.Dates = append(doc.Dates, pdf.Field{Label: "Due date", Value: f.Date(*o.DueDate)})
	}
	if o.PaymentTerms != nil {
		doc.Dates = append(doc.Dates, pdf.Field{Label: "Payment terms", Value: o.PaymentTerms.Name})
	}
	doc.Dates = append(doc.Dates, pdf.Field{Label: "Currency", Value: o.CurrencyCode})
	doc.Parties = []pdf.Party{vendorParty(o.VendorName, vendorAddress)}
	if ship := shipToParty(o.ShipTo, doc.Company); ship.Name != "" || len(ship.Lines) > 0 {
		doc.Parties = append(doc.Parties, ship)
	}
	doc.Columns = []pdf.Column{
		{Header: "#", Width: 0.4, Align: pdf.AlignRight},
		{Header: "Vendor part no.", Width: 1.65},
		{Header: "Description", Width: 3.2},
		{Header: "Qty", Width: 0.8, Align: pdf.AlignRight},
		{Header: "Unit", Width: 0.8},
		{Header: "Unit price", Width: 1.1, Align: pdf.AlignRight},
		{Header: "Due", Width: 1.45, Align: pdf.AlignRight},
		{Header: "Amount", Width: 1.3, Align: pdf.AlignRight},
	}
	for _, l := range r.lines {
		doc.Rows = append(doc.Rows, r.row(f, l))
	}
	doc.Totals = totalsOfPDF(o.Totals, o.CurrencyCode)
	if o.Notes != nil {
		doc.Notes = *o.Notes
	}
	return doc
}

// vendorParty is the vendor the order is sent to, with its address (the address's own name
// first, "Sales office") and how to reach it there.
func vendorParty(name string, a *vendors.Address) pdf.Party {
	p := pdf.Party{Label: "Vendor", Name: name}
	if a == nil {
		return p
	}
	if n := deref(a.Name); n != "" && n != name {
		p.Lines = append(p.Lines, n)
	}
	p.Lines = append(p.Lines, docpdf.AddressLines(docpdf.Address{
		Line1: &a.Address1, Line2: a.Address2, Line3: a.Address3, City: &a.City, StateProvince: a.StateProvince,
		PostalCode: &a.PostalCode, Country: a.Country,
	})...)
	return appendContact(p, a.Phone, a.Email)
}

// shipToParty is where the vendor ships: the order's ship-to address, or the issuing company's
// address when the order has none (empty when the tenant has no primary company either).
func shipToParty(a *Address, company pdf.Company) pdf.Party {
	if a == nil {
		return pdf.Party{Label: "Ship to", Name: company.Name, Lines: company.AddressLines}
	}
	p := pdf.Party{Label: "Ship to", Name: deref(a.Name), Lines: docpdf.AddressLines(docpdf.Address{
		Line1: a.Address1, Line2: a.Address2, Line3: a.Address3, City: a.City, StateProvince: a.StateProvince,
		PostalCode: a.PostalCode, Country: a.Country,
	})}
	return appendContact(p, a.Phone, a.Email)
}

func appendContact(p pdf.Party, phone, email *string) pdf.Party {
	if s := deref(phone); s != "" {
		p.Lines = append(p.Lines, s)
	}
	if s := deref(email); s != "" {
		p.Lines = append(p.Lines, s)
	}
	return p
}

// row prints one line of the view: a part or outside-processing line in the vendor's unit
// with its vendor item number and due date; a fee, tax, discount or vendor-credit line as its
// name and signed amount.
func (r pdfRead) row(f docpdf.Frame, l pdfLine) []string {
	code := r.order.CurrencyCode
	amount := docpdf.Money(l.SubTotal, code)
	switch l.Kind {
	case LineKindPart, LineKindOutsideProcessing:
		var (
			base        Line
			vendorPart  string
			description string
		)
		if p, ok := r.parts[l.ID]; ok {
			base, vendorPart = p.Line, deref(p.VendorItemNumber)
			description = joinText("\n", deref(p.Description), "Our part: "+itemLabel(p.Item))
		} else if op, ok := r.ops[l.ID]; ok {
			base, description = op.Line, op.Description
		} else {
			// Written between the view's statement and its kind's: what the view has of it.
			base, description = viewLine(l.LineItem), deref(l.Description)
		}
		if d := lineDiscount(base.Discount, code); d != "" {
			description = joinText("; ", description, d)
		}
		if n := deref(base.Notes); n != "" {
			description = joinText("\n", description, n)
		}
		return []string{strconv.Itoa(int(base.LineNumber)), vendorPart, description, docpdf.Quantity(base.Quantity),
			base.UnitName, unitPrice(base.UnitPrice, code), f.DateOf(base.DueDate), amount}
	case LineKindTax:
		name := deref(l.Name)
		if l.Rate != nil {
			name += " (" + docpdf.Percent(*l.Rate) + ")"
		}
		return []string{"", "", name, "", "", "", "", amount}
	case LineKindFee:
		return []string{"", "", joinText(" - ", deref(l.Name), deref(l.Description)), "", "", "", "", amount}
	case LineKindDiscount:
		return []string{"", "", joinText(" - ", "Discount", deref(l.Name)), "", "", "", "", amount}
	default: // vendor credit
		return []string{"", "", joinText(" - ", "Vendor credit", deref(l.Description)), "", "", "", "", amount}
	}
}

// viewLine is the members of a part or outside-processing line the lines view answers.
func viewLine(l LineItem) Line {
	var out Line
	if l.LineNumber != nil {
		out.LineNumber = int32(*l.LineNumber)
	}
	if l.Quantity != nil {
		out.Quantity = *l.Quantity
	}
	if l.UnitPrice != nil {
		out.UnitPrice = *l.UnitPrice
	}
	return out
}

// itemLabel is the shop's item number with its revision.
func itemLabel(it ItemRef) string {
	if rev := deref(it.Revision); rev != "" {
		return it.Number + " rev " + rev
	}
	return it.Number
}

// lineDiscount prints a line's own discount: "less 10%", "less 5.00".
func lineDiscount(d *doclines.Discount, code string) string {
	switch {
	case d == nil || d.Value.IsZero():
		return ""
	case d.Percentage:
		return "less " + docpdf.Percent(d.Value)
	default:
		return "less " + docpdf.Money(d.Value, code)
	}
}

// unitPrice prints a unit price in the currency's minor units, or with every decimal it has
// when it has more (a vendor may price a screw at 0.0125).
func unitPrice(d dec.Decimal, code string) string {
	minor := int32(currency.MinorUnits(code))
	if d.Round(minor).Equal(d.Decimal) {
		return docpdf.Money(d, code)
	}
	return docpdf.Quantity(d)
}

// totalsOfPDF prints the order's stored totals: the lines' subtotal and fees when it has fees,
// the subtotal, the discount, tax and vendor credits it has, and the total with its currency.
func totalsOfPDF(t Totals, code string) []pdf.Field {
	var out []pdf.Field
	if !t.FeeTotal.IsZero() {
		out = append(out, pdf.Field{Label: "Lines", Value: docpdf.Money(t.LineSubTotal, code)},
			pdf.Field{Label: "Fees", Value: docpdf.Money(t.FeeTotal, code)})
	}
	out = append(out, pdf.Field{Label: "Subtotal", Value: docpdf.Money(t.SubTotal, code)})
	if !t.Discount.IsZero() {
		out = append(out, pdf.Field{Label: "Discount", Value: docpdf.Money(negative(t.Discount), code)})
	}
	if !t.Tax.IsZero() {
		out = append(out, pdf.Field{Label: "Tax", Value: docpdf.Money(t.Tax, code)})
	}
	if !t.VendorCredit.IsZero() {
		out = append(out, pdf.Field{Label: "Vendor credits", Value: docpdf.Money(negative(t.VendorCredit), code)})
	}
	return append(out, pdf.Field{Label: "Total", Value: docpdf.MoneyWithCode(t.Total, code)})
}

func negative(d dec.Decimal) dec.Decimal { return dec.Decimal{Decimal: d.Neg()} }

// joinText joins the non-empty texts with sep.
func joinText(sep string, texts ...string) string {
	var kept []string
	for _, t := range texts {
		if t = strings.TrimSpace(t); t != "" {
			kept = append(kept, t)
		}
	}
	return strings.Join(kept, sep)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
