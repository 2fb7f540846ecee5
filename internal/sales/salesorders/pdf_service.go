package salesorders

import (
	"context"
	"strconv"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/listing"
	"mos/internal/sales/partlines"
	"mos/internal/shared/doclines/lineview"
	"mos/internal/shared/docpdf"
	"mos/internal/shared/pdf"
)

// The sales order as PDF (getSalesOrderPdf): the order acknowledgement a shop sends its
// customer. Its lines are the lines view's (every kind, in the view's order, each priced as
// the totals count it) with the shipping charge after the fees; part and blanket lines take
// their item, unit and days from their own lists; the totals are the ones stored on the
// header, the numbers getSalesOrder answers.

// pdfLine is a row of the lines view with the rate a tax line applies (the view's amount).
type pdfLine struct {
	LineItem
	Rate *dec
}

// soColumns are the line table's columns; the description is the widest, numbers align right.
var soColumns = []pdf.Column{
	{Header: "#", Width: 0.45},
	{Header: "Item", Width: 1.5},
	{Header: "Description", Width: 3.3},
	{Header: "Delivery", Width: 1.15},
	{Header: "Qty", Width: 0.85, Align: pdf.AlignRight},
	{Header: "Unit", Width: 0.75},
	{Header: "Unit price", Width: 1.15, Align: pdf.AlignRight},
	{Header: "Amount", Width: 1.25, Align: pdf.AlignRight},
}

// PDF prints the tenant's sales order id as of now, in the shop timezone's days, or answers
// NotModified when ifNoneMatch names the current ETag. An unknown or deleted order is
// NotFound. A fixed number of statements whatever the number of lines: the header, the lines
// view (two), the part lines and, when the order has any, the blanket lines, then the frame.
func (s *Service) PDF(ctx context.Context, tenantID, timezone, id string, ifNoneMatch *string) (docpdf.Printed, error) {
	o, err := s.header.Get(ctx, s.pool, tenantID, id)
	if err != nil {
		return docpdf.Printed{}, err
	}
	if o.Deleted {
		return docpdf.Printed{}, apperr.NotFound("sales order %s not found", id)
	}
	lines, err := lineview.Items(ctx, salesLines, s.pool, tenantID, id, []LineKind(nil), nil, listing.Request{},
		func(r lineview.Row) pdfLine {
			l := pdfLine{LineItem: lineItemOf(r)}
			if l.Kind == LineKindTax {
				l.Rate = r.Amount
			}
			return l
		})
	if err != nil {
		return docpdf.Printed{}, err
	}
	parts, blankets, err := s.pdfLineDetails(ctx, tenantID, id, lines)
	if err != nil {
		return docpdf.Printed{}, err
	}
	frame, err := s.deps.Printer.Frame(ctx, tenantID, timezone, docpdf.SalesOrder)
	if err != nil {
		return docpdf.Printed{}, err
	}
	doc := frame.Document
	doc.Title = "Sales order"
	doc.Number = strconv.FormatInt(o.Number, 10)
	doc.Dates = orderFields(frame, o)
	doc.Parties = orderParties(o)
	doc.Columns = soColumns
	doc.Rows = orderRows(frame, o, lines, parts, blankets)
	doc.Totals = orderTotals(o)
	doc.Notes = deref(o.Notes)
	return docpdf.Print(doc, "SalesOrder", ifNoneMatch)
}

// pdfLineDetails reads what the lines view leaves out of part and blanket lines (item number,
// unit, delivery days), by line id, through their own lists: one statement each, the blanket
// lines' only when the view shows one.
func (s *Service) pdfLineDetails(ctx context.Context, tenantID, orderID string, lines []pdfLine) (map[string]PartLine, map[string]BlanketLine, error) {
	var hasParts, hasBlankets bool
	for _, l := range lines {
		hasParts = hasParts || l.Kind == LineKindPart
		hasBlankets = hasBlankets || l.Kind == LineKindBlanket
	}
	parts, blankets := map[string]PartLine{}, map[string]BlanketLine{}
	if hasParts {
		page, err := listing.Resolve(listing.Request{}, partLineListSpec)
		if err != nil {
			return nil, nil, err
		}
		list, err := partLinesStore{}.list(ctx, s.pool, tenantID, orderID, PartLineFilter{}, page)
		if err != nil {
			return nil, nil, err
		}
		for _, l := range list {
			parts[l.ID] = l
		}
	}
	if hasBlankets {
		page, err := listing.Resolve(listing.Request{}, blanketLineListSpec)
		if err != nil {
			return nil, nil, err
		}
		list, err := blanketLinesStore{}.list(ctx, s.pool, tenantID, orderID, BlanketLineFilter{}, page)
		if err != nil {
			return nil, nil, err
		}
		for _, l := range list {
			blankets[l.ID] = l
		}
	}
	return parts, blankets, nil
}

// orderFields are the order's days and references printed under its number.
func orderFields(f docpdf.Frame, o SalesOrder) []pdf.Field {
	fields := []pdf.Field{{Label: "Order date", Value: f.Date(o.OrderedDate)}}
	add := func(label, value string) {
		if value != "" {
			fields = append(fields, pdf.Field{Label: label, Value: value})
		}
	}
	add("Due date", f.DateOf(o.DueDate))
	add("Delivery by", f.DateOf(o.DeliveryDueDate))
	add("Customer PO", deref(o.CustomerPoNumber))
	if o.Dropship {
		add("Dropship PO", deref(o.DropshipCustomerPoNumber))
	}
	if o.PaymentTerms != nil {
		add("Payment terms", o.PaymentTerms.Name)
	}
	if o.ShippingMethod != nil {
		add("Ship via", o.ShippingMethod.Name)
	}
	if c := o.Contact; c != nil {
		add("Contact", strings.TrimSpace(c.FirstName+" "+deref(c.LastName)))
	}
	return fields
}

// orderParties are the customer with its billing address and the ship-to address, marked as
// a dropship when the shop ships straight to its customer's customer (the ship-to is then
// theirs, and the dropship PO number is printed with the order's references).
func orderParties(o SalesOrder) []pdf.Party {
	parties := []pdf.Party{{Label: "Bill to", Name: o.CustomerName, Lines: docpdf.PartyLines(o.BillingAddress, o.CustomerName)}}
	if o.ShippingAddress == nil && !o.Dropship {
		return parties
	}
	ship := pdf.Party{Label: "Ship to", Name: o.CustomerName}
	if a := o.ShippingAddress; a != nil && deref(a.Name) != "" {
		ship.Name = *a.Name
	}
	ship.Lines = docpdf.PartyLines(o.ShippingAddress, ship.Name)
	if o.Dropship {
		ship.Label = "Ship to (Dropship)"
	}
	return append(parties, ship)
}

// orderRows prints every line in the view's order, the shipping charge (a fee in the totals)
// after the fee lines when the order has one.
func orderRows(f docpdf.Frame, o SalesOrder, lines []pdfLine, parts map[string]PartLine, blankets map[string]BlanketLine) [][]string {
	cur := o.CurrencyCode
	rows := make([][]string, 0, len(lines)+1)
	shipping := shippingRow(o)
	for _, l := range lines {
		if shipping != nil && lineKindAfterFees(l.Kind) {
			rows, shipping = append(rows, shipping), nil
		}
		rows = append(rows, lineRow(f, cur, l, parts, blankets))
	}
	if shipping != nil {
		rows = append(rows, shipping)
	}
	return rows
}

// lineKindAfterFees: the kinds the view lists after the fee lines.
func lineKindAfterFees(k LineKind) bool {
	return k == LineKindTax || k == LineKindDiscount || k == LineKindRefund
}

// shippingRow is the shipping charge as a line, nil when the order charges none.
func shippingRow(o SalesOrder) []string {
	if o.ShippingCharge.Amount.IsZero() {
		return nil
	}
	desc := "Shipping charge"
	if o.ShippingMethod != nil {
		desc = o.ShippingMethod.Name
	}
	return []string{"", "Shipping", desc, "", "", "", "", docpdf.Money(roundedAmount(o.ShippingCharge.Amount, o.CurrencyCode), o.CurrencyCode)}
}

// lineRow prints one line of the view: #, item, description, delivery, quantity, unit, unit
// price, amount.
func lineRow(f docpdf.Frame, cur string, l pdfLine, parts map[string]PartLine, blankets map[string]BlanketLine) []string {
	amount := docpdf.Money(l.SubTotal, cur)
	switch l.Kind {
	case LineKindPart:
		p := parts[l.ID]
		desc := firstText(p.Description, p.Item.Description)
		if d := p.Discount; d != nil && !d.Value.IsZero() {
			if d.Percentage {
				desc = joinLines(desc, "Less "+docpdf.Percent(d.Value)+" discount")
			} else {
				desc = joinLines(desc, "Less "+docpdf.Money(d.Value, cur)+" discount")
			}
		}
		return []string{strconv.Itoa(int(p.LineNumber)), itemText(p.Item), desc, f.DateOf(p.DeliveryDate),
			docpdf.Quantity(p.Quantity), p.UnitName, docpdf.Money(p.UnitPrice, cur), amount}
	case LineKindBlanket:
		b := blankets[l.ID]
		desc := joinLines("Blanket order", firstText(b.Description, b.Item.Description))
		if period := blanketPeriod(f, b); period != "" {
			desc = joinLines(desc, "Delivered "+period)
		}
		desc = joinLines(desc, "Released "+docpdf.Quantity(b.ReleasedQuantity)+" of "+docpdf.Quantity(b.Quantity))
		// Numbered apart from the part lines ("B1"). Its money is that of the part lines
		// released from it; its days are a period, printed with the description, which has the
		// room.
		return []string{"B" + strconv.Itoa(int(b.LineNumber)), itemText(b.Item), desc, "",
			docpdf.Quantity(b.Quantity), b.UnitName, docpdf.Money(b.UnitPrice, cur), ""}
	case LineKindFee:
		return []string{"", "Fee", joinLines(deref(l.Name), deref(l.Description)), "", "", "", "", amount}
	case LineKindTax:
		name := deref(l.Name)
		if l.Rate != nil {
			name += " (" + docpdf.Percent(*l.Rate) + ")"
		}
		return []string{"", "Tax", name, "", "", "", "", amount}
	case LineKindDiscount:
		return []string{"", "Discount", deref(l.Name), "", "", "", "", amount}
	default:
		return []string{"", "Refund", deref(l.Description), "", "", "", "", amount}
	}
}

// blanketPeriod prints the days a blanket line's releases are delivered on.
func blanketPeriod(f docpdf.Frame, b BlanketLine) string {
	switch from, to := f.DateOf(b.StartDate), f.DateOf(b.EndDate); {
	case from != "" && to != "":
		return from + " to " + to
	case from != "":
		return "from " + from
	case to != "":
		return "until " + to
	}
	return ""
}

// orderTotals are the totals the order holds (its JSON answer's), the total last with the
// currency code; the discount and refunds print as what they take.
func orderTotals(o SalesOrder) []pdf.Field {
	t, cur := o.Totals, o.CurrencyCode
	money := func(d dec) string { return docpdf.MoneyWithCode(d, cur) }
	taken := func(d dec) string { return docpdf.MoneyWithCode(dec{Decimal: d.Neg()}, cur) }
	out := []pdf.Field{{Label: "Lines", Value: money(t.LineSubTotal)}}
	if !t.FeeTotal.IsZero() {
		out = append(out, pdf.Field{Label: "Fees and shipping", Value: money(t.FeeTotal)})
	}
	out = append(out, pdf.Field{Label: "Subtotal", Value: money(t.SubTotal)})
	if !t.Discount.IsZero() {
		out = append(out, pdf.Field{Label: "Discount", Value: taken(t.Discount)})
	}
	out = append(out, pdf.Field{Label: "Tax", Value: money(t.Tax)})
	if !t.Refund.IsZero() {
		out = append(out, pdf.Field{Label: "Refunds", Value: taken(t.Refund)})
	}
	return append(out, pdf.Field{Label: "Total", Value: money(t.Total)})
}

// itemText is an item's number with its revision.
func itemText(it partlines.ItemRef) string {
	if r := deref(it.Revision); r != "" {
		return it.Number + " rev " + r
	}
	return it.Number
}

// firstText is the first of texts that is not empty.
func firstText(texts ...*string) string {
	for _, t := range texts {
		if s := strings.TrimSpace(deref(t)); s != "" {
			return s
		}
	}
	return ""
}

// joinLines joins the non-empty texts, one per line.
func joinLines(texts ...string) string {
	var out []string
	for _, t := range texts {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return strings.Join(out, "\n")
}
