package invoices

import (
	"context"
	"strconv"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/listing"
	"mos/internal/sales/salesorders"
	"mos/internal/shared/doclines/lineview"
	"mos/internal/shared/docpdf"
	"mos/internal/shared/pdf"
)

// PDF prints the tenant's invoice id as the customer receives it (see getInvoicePdf in the
// spec): its dates, payment terms and paid status, the customer with the billing address and
// the order's ship-to address, every line of the lines view with the shipping charge, the
// totals the invoice's read answers with the amount paid and the balance due, its notes and
// the settings' invoice terms. An unknown, another tenant's or deleted invoice is NotFound.
// It reads through the area's own reads, in a fixed number of statements whatever the number
// of lines: the header, its issue stamp, the lines view (with the lines' own tax and the
// refunds' reasons), the shipping charge, the order and the frame.
func (s *Service) PDF(ctx context.Context, tenantID, timezone, id string, ifNoneMatch *string) (docpdf.Printed, error) {
	inv, err := s.Get(ctx, tenantID, id)
	if err != nil {
		return docpdf.Printed{}, err
	}
	if inv.Deleted {
		return docpdf.Printed{}, apperr.NotFound("invoice %s not found", id)
	}
	stamped, err := s.store.issueStamped(ctx, s.pool, tenantID, id)
	if err != nil {
		return docpdf.Printed{}, err
	}
	// No paging asked: every line of the invoice (up to listing's largest page).
	lines, err := s.LineItems(ctx, tenantID, id, LineItemFilter{}, listing.Request{})
	if err != nil {
		return docpdf.Printed{}, err
	}
	shipping, err := s.ShippingChargeLine(ctx, tenantID, id)
	if err != nil {
		return docpdf.Printed{}, err
	}
	order, err := s.deps.Orders.Get(ctx, tenantID, inv.SalesOrderID)
	if err != nil {
		return docpdf.Printed{}, err
	}
	frame, err := s.deps.Printer.Frame(ctx, tenantID, timezone, docpdf.Invoice)
	if err != nil {
		return docpdf.Printed{}, err
	}
	doc := frame.Document
	doc.Title = "Invoice"
	doc.Number = formatNumber(inv.Number)
	doc.Dates = invoiceDates(frame, inv, stamped, order)
	doc.Parties = invoiceParties(inv, order)
	if frame.RemitTo != nil {
		doc.Parties = append(doc.Parties, *frame.RemitTo) // where the customer sends payment
	}
	doc.Columns = []pdf.Column{
		{Header: "#", Width: 0.5},
		{Header: "Description", Width: 5},
		{Header: "Quantity", Width: 1.2, Align: pdf.AlignRight},
		{Header: "Unit price", Width: 1.5, Align: pdf.AlignRight},
		{Header: "Amount", Width: 1.6, Align: pdf.AlignRight},
	}
	doc.Rows = invoiceRows(lines, shipping, inv.CurrencyCode)
	doc.Totals = invoiceTotals(inv)
	if inv.NotesToCustomer != nil {
		doc.Notes = *inv.NotesToCustomer
	}
	return docpdf.Print(doc, "Invoice", ifNoneMatch)
}

// paidStatus is how the PDF names where the invoice's payment stands: an invoice is paid in
// full when it moves to paid, and unpaid before (the area records no part payments).
func paidStatus(s Status) string {
	if s == StatusPaid {
		return "Paid"
	}
	return "Unpaid"
}

// amountPaid is what the customer has paid of the invoice: its total once it is paid, else 0.
func amountPaid(inv Invoice) dec {
	if inv.Status == StatusPaid {
		return inv.Totals.Total
	}
	return dec{}
}

func formatNumber(n int64) string { return strconv.FormatInt(n, 10) }

// invoiceDates are the fields under the number: the invoice date (the day sending stamped, in
// the shop's timezone, or the day written), the due date, the payment terms, the customer's
// PO number, the sales order billed, the paid status and the paid date.
func invoiceDates(f docpdf.Frame, inv Invoice, stamped bool, order salesorders.SalesOrder) []pdf.Field {
	var out []pdf.Field
	add := func(label, value string) {
		if value != "" {
			out = append(out, pdf.Field{Label: label, Value: value})
		}
	}
	if inv.IssueDate != nil {
		if stamped {
			add("Invoice date", f.Day(*inv.IssueDate))
		} else {
			add("Invoice date", f.Date(*inv.IssueDate))
		}
	}
	add("Due date", f.DateOf(inv.DueDate))
	if inv.PaymentTerms != nil {
		add("Payment terms", inv.PaymentTerms.Name)
	}
	if inv.CustomerPoNumber != nil {
		add("Customer PO", *inv.CustomerPoNumber)
	}
	add("Sales order", formatNumber(order.Number))
	add("Status", paidStatus(inv.Status))
	if inv.Status == StatusPaid {
		add("Paid date", f.DateOf(inv.PaidDate))
	}
	return out
}

// invoiceParties are the customer billed, at the invoice's billing address, and the order's
// ship-to address (left out when the order has none).
func invoiceParties(inv Invoice, order salesorders.SalesOrder) []pdf.Party {
	parties := []pdf.Party{{Label: "Bill to", Name: order.CustomerName, Lines: docpdf.PartyLines(inv.BillingAddress, order.CustomerName)}}
	if order.ShippingAddress != nil {
		parties = append(parties, pdf.Party{Label: "Ship to", Name: order.CustomerName, Lines: docpdf.PartyLines(order.ShippingAddress, order.CustomerName)})
	}
	return parties
}

// invoiceRows are the lines view's lines in its order, with the shipping charge after the
// part, hand-written and fee lines (before the tax lines, which count it): each with its
// position among the goods and services, what it is, its quantity and unit price, and its
// signed amount (Row.SubTotal, what the totals count of it).
func invoiceRows(lines []LineItem, shipping ShippingChargeLine, code string) [][]string {
	rows := make([][]string, 0, len(lines)+1)
	shippingRow := func() {
		if !shipping.SubTotal.IsZero() {
			desc := "Shipping charge"
			if !shipping.IsTaxable {
				desc += " (not taxable)"
			}
			rows = append(rows, []string{"", desc, "", "", docpdf.Money(shipping.SubTotal, code)})
		}
	}
	shipped, position := false, 0
	for _, l := range lines {
		if !shipped && !beforeShipping(l.Type) {
			shippingRow()
			shipped = true
		}
		row := lineRow(l, code)
		// The part and hand-written lines each number their own kind: the document numbers
		// its goods and services in one run as they print.
		if l.Number != nil {
			position++
			row[0] = strconv.Itoa(position)
		}
		rows = append(rows, row)
	}
	if !shipped {
		shippingRow()
	}
	return rows
}

// beforeShipping reports whether lines of type t print before the shipping charge.
func beforeShipping(t LineType) bool {
	switch t {
	case LineTypePart, LineTypePriced, LineTypeAmount, LineTypeQuantity, LineTypeItem, LineTypeFee:
		return true
	}
	return false
}

// lineRow prints a line without its number: what it is, its quantity and unit price when it
// bills them (not for what comes off the total: the deposit and progress billing applied, the
// refunds) and its signed amount.
func lineRow(l LineItem, code string) []string {
	qty, price := "", ""
	if lineTypePricing[l.Type] != lineview.Credit {
		if l.Quantity != nil {
			qty = docpdf.Quantity(*l.Quantity)
		}
		if l.Price != nil {
			price = docpdf.Money(*l.Price, code)
		}
	}
	return []string{"", lineDescription(l, code), qty, price, docpdf.Money(l.SubTotal, code)}
}

// lineDescription says what a line is: its name (a tax line's with its rate) and description,
// after the heading of its type for the lines that are not goods or services (fees, tax,
// discount, deposits, progress billings, refunds), and a part line's discounted unit price
// when its line discount lowers it.
func lineDescription(l LineItem, code string) string {
	heading := map[LineType]string{
		LineTypeFee: "Fee", LineTypeTax: "Tax", LineTypeDiscount: "Discount", LineTypeDeposit: "Deposit",
		LineTypeProgressBilling: "Progress billing", LineTypeDepositAdjustment: "Deposit applied",
		LineTypeProgressBillingAdjustment: "Progress billing applied", LineTypeRefund: "Refund",
	}[l.Type]
	name, description := text(l.Name), text(l.Description)
	if l.Type == LineTypeTax && l.Rate != nil {
		name = joinNonEmpty(" ", name, "("+docpdf.Percent(*l.Rate)+")")
	}
	out := joinNonEmpty(": ", heading, name)
	if name == "" {
		out = joinNonEmpty(": ", heading, description)
	} else {
		out = joinNonEmpty("\n", out, description)
	}
	if l.Type == LineTypePart && l.Price != nil && l.DiscountedPrice != nil && !l.DiscountedPrice.Equal(l.Price.Decimal) {
		out += "\nDiscounted unit price " + docpdf.Money(*l.DiscountedPrice, code)
	}
	return out
}

func text(s *string) string {
	if s == nil {
		return ""
	}
	return strings.TrimSpace(*s)
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

// invoiceTotals are the totals the invoice's read answers, in its currency: the line items
// total (lines, fees and shipping), the discount, the tax, what comes off after tax (the
// deposit and progress billings applied, the refunds) when the invoice has them, the total,
// the amount paid and (bold) the balance due.
func invoiceTotals(inv Invoice) []pdf.Field {
	t, code := inv.Totals, inv.CurrencyCode
	money := func(d dec) string { return docpdf.MoneyWithCode(d, code) }
	neg := func(d dec) dec { return dec{Decimal: d.Neg()} }
	out := []pdf.Field{{Label: "Subtotal", Value: money(t.LineItemsTotal)}}
	if !t.Discount.IsZero() {
		out = append(out, pdf.Field{Label: "Discount", Value: money(neg(t.Discount))})
	}
	out = append(out, pdf.Field{Label: "Tax", Value: money(t.Tax)})
	for _, c := range []struct {
		label  string
		amount dec
	}{{"Deposit applied", t.DepositAdjustment}, {"Progress billing applied", t.ProgressBillingAdjustment}, {"Refunds", t.Refunds}} {
		if !c.amount.IsZero() {
			out = append(out, pdf.Field{Label: c.label, Value: money(neg(c.amount))})
		}
	}
	paid := amountPaid(inv)
	return append(out,
		pdf.Field{Label: "Total", Value: money(t.Total)},
		pdf.Field{Label: "Amount paid", Value: money(paid)},
		pdf.Field{Label: "Balance due", Value: money(dec{Decimal: t.Total.Sub(paid.Decimal)})},
	)
}
