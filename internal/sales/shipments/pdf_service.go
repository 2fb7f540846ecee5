package shipments

import (
	"context"
	"strconv"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/dec"
	"mos/internal/sales/partlines"
	"mos/internal/sales/salesorders"
	"mos/internal/shared/docaddress"
	"mos/internal/shared/doclines"
	"mos/internal/shared/docpdf"
	"mos/internal/shared/pdf"
)

// statusLabels are the shipment statuses as the packing slip prints them.
var statusLabels = map[Status]string{StatusOpen: "Open", StatusShipped: "Shipped", StatusCancelled: "Cancelled"}

// PDF prints the packing slip of the tenant's shipment id in any status (see getShipmentPdf):
// the shipment and its lines, the order they ship (number, customer, PO number, and each
// shipped part line's item, description and price), its shipping method and the frame. An
// unknown, deleted or another tenant's shipment is NotFound. Prices show only when the
// tenant's PDF settings ask for them: each line's unit price (the order line's price after its
// line discount) and amount (the shipped quantity's share of the order line's subtotal,
// rounded to the currency's minor unit), and their total. A fixed number of statements
// whatever the number of lines: the shipment and its lines (2), the order and the part lines
// shipped (2), the shipping method when there is one (1) and the frame (2 or 3).
func (s *Service) PDF(ctx context.Context, tenantID, timezone, id string, ifNoneMatch *string) (docpdf.Printed, error) {
	sh, err := s.Get(ctx, tenantID, id)
	if err != nil {
		return docpdf.Printed{}, err
	}
	orderLineIDs := make([]string, len(sh.Lines))
	for i, l := range sh.Lines {
		orderLineIDs[i] = l.SalesOrderLineID
	}
	order, orderLines, err := s.deps.SalesOrders.ForPackingSlip(ctx, tenantID, sh.SalesOrderID, orderLineIDs)
	if err != nil {
		return docpdf.Printed{}, err
	}
	var method, carrier string
	if sh.ShippingMethodID != nil {
		m, err := s.deps.ShippingMethods.Get(ctx, tenantID, *sh.ShippingMethodID)
		switch {
		case err == nil:
			method, carrier = m.Name, deref(m.Carrier)
		case apperr.IsKind(err, apperr.KindNotFound):
			// none to name
		default:
			return docpdf.Printed{}, err
		}
	}
	frame, err := s.deps.Printer.Frame(ctx, tenantID, timezone, docpdf.PackingSlip)
	if err != nil {
		return docpdf.Printed{}, err
	}
	doc := frame.Document
	doc.Title = "Packing slip"
	doc.Number = strconv.FormatInt(sh.Number, 10)
	doc.Dates = packingSlipFields(frame, sh, order, method, carrier)
	doc.Parties = []pdf.Party{
		{Label: "Customer", Name: order.CustomerName},
		shipToParty(sh.ShipTo, order.CustomerName),
	}
	prices := frame.Settings.PackingSlipShowsPrices
	doc.Columns = packingSlipColumns(prices)
	code := order.CurrencyCode
	total := dec.Zero
	doc.Rows = make([][]string, len(sh.Lines))
	for i, l := range sh.Lines {
		ol, known := orderLines[l.SalesOrderLineID]
		row := []string{strconv.Itoa(i + 1), partNumber(ol.Item), description(ol), docpdf.Quantity(l.Quantity), l.UnitName}
		if prices {
			price, amount := "", ""
			if known {
				a := shippedAmount(ol, l.Quantity, code)
				total = dec.Decimal{Decimal: total.Add(a.Decimal)}
				price, amount = docpdf.Money(ol.Amounts.DiscountedPrice, code), docpdf.Money(a, code)
			}
			row = append(row, price, amount)
		}
		doc.Rows[i] = row
	}
	if prices {
		doc.Totals = []pdf.Field{{Label: "Total", Value: docpdf.MoneyWithCode(total, code)}}
	}
	doc.Notes = deref(sh.Notes)
	return docpdf.Print(doc, "PackingSlip", ifNoneMatch)
}

// packingSlipFields are the label/value pairs under the number: the shipment's name, status
// and days, the order and the customer's PO number, and how it travels.
func packingSlipFields(f docpdf.Frame, sh Shipment, o salesorders.SalesOrder, method, carrier string) []pdf.Field {
	fields := []pdf.Field{{Label: "Shipment", Value: sh.Name}, {Label: "Status", Value: statusLabels[sh.Status]}}
	add := func(label, value string) {
		if value != "" {
			fields = append(fields, pdf.Field{Label: label, Value: value})
		}
	}
	add("Ship date", f.DateOf(sh.ShippedDay))
	add("Ship by", f.DateOf(sh.ShipByDate))
	add("Sales order", strconv.FormatInt(o.Number, 10))
	add("Customer PO", deref(o.CustomerPoNumber))
	add("Shipping method", method)
	add("Carrier", carrier)
	add("Tracking", deref(sh.TrackingNumber))
	return fields
}

// shipToParty is where the goods go: the shipment's address under its name, else the
// customer's name.
func shipToParty(a *docaddress.Address, customerName string) pdf.Party {
	p := pdf.Party{Label: "Ship to", Name: customerName}
	if a == nil {
		return p
	}
	if n := deref(a.Name); n != "" {
		p.Name = n
	}
	p.Lines = docpdf.PostalLines(*a)
	if ph := deref(a.Phone); ph != "" {
		p.Lines = append(p.Lines, ph)
	}
	return p
}

// packingSlipColumns are the line table's columns: the description widest, numbers right
// aligned; prices adds the unit price and amount.
func packingSlipColumns(prices bool) []pdf.Column {
	cols := []pdf.Column{
		{Header: "#", Width: 0.5, Align: pdf.AlignRight},
		{Header: "Part number", Width: 2},
		{Header: "Description", Width: 4},
		{Header: "Qty shipped", Width: 1.3, Align: pdf.AlignRight},
		{Header: "Unit", Width: 1},
	}
	if prices {
		cols = append(cols, pdf.Column{Header: "Unit price", Width: 1.4, Align: pdf.AlignRight},
			pdf.Column{Header: "Amount", Width: 1.5, Align: pdf.AlignRight})
	}
	return cols
}

// partNumber is the item's number with its revision.
func partNumber(it partlines.ItemRef) string {
	if r := deref(it.Revision); r != "" {
		return it.Number + " rev " + r
	}
	return it.Number
}

// description is the order line's description, else its item's.
func description(l salesorders.PartLine) string {
	if d := deref(l.Description); d != "" {
		return d
	}
	return deref(l.Item.Description)
}

// shippedAmount is the shipped quantity's share of order line l's subtotal (after its line
// discount), rounded to the currency's minor unit: the whole subtotal when the whole line
// ships.
func shippedAmount(l salesorders.PartLine, shipped dec.Decimal, code string) dec.Decimal {
	if l.Quantity.IsZero() {
		return dec.Zero
	}
	share := l.Amounts.SubTotal.Mul(shipped.Decimal).Div(l.Quantity.Decimal)
	return doclines.Round(dec.Decimal{Decimal: share}, currency.MinorUnits(code))
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
