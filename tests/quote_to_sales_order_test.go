package tests

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

func soConvertPath(quoteID string) string { return quotePath(quoteID) + "/to-sales-order" }

// soConvert converts the quote with body ("" sends none) and answers the new order's id.
func soConvert(t *testing.T, te *tenantEnv, quoteID, body string) string {
	t.Helper()
	res, b := lineSend(t, te, http.MethodPost, soConvertPath(quoteID), body)
	return createdID(t, res, b)
}

// soSentQuote is a sent quote of a new customer with a part line of each item (quantity 2,
// then 3, …, at unit price 10, 20, …), answered with its part line ids in line order.
func soSentQuote(t *testing.T, te *tenantEnv, itemIDs ...string) (quoteID string, lineIDs []string) {
	t.Helper()
	quoteID = quoteFor(t, te, "")
	for i, itemID := range itemIDs {
		lineIDs = append(lineIDs, addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":%d,"unitPrice":%d}`, itemID, i+2, 10*(i+1))))
	}
	mustSetQuoteStatus(t, te, quoteID, client.QuoteStatusSent)
	return quoteID, lineIDs
}

// soOrderRow is what the conversion tests read of a stored sales order.
type soOrderRow struct {
	Number        int64   `db:"number"`
	CustomerID    string  `db:"customer_id"`
	CustomerPO    *string `db:"customer_po_number"`
	Currency      string  `db:"currency_code"`
	Status        string  `db:"status"`
	OrderedDate   string  `db:"ordered_date"`
	DueDate       *string `db:"due_date"`
	QuoteID       *string `db:"quote_id"`
	Notes         *string `db:"notes"`
	PaymentTerms  *string `db:"payment_terms_id"`
	Contact       *string `db:"contact"`
	Shipping      *string `db:"shipping_address"`
	LineSubTotal  string  `db:"line_sub_total"`
	FeeTotal      string  `db:"fee_total"`
	DiscountTotal string  `db:"discount_total"`
	TaxTotal      string  `db:"tax_total"`
	Total         string  `db:"total"`
}

func soOrder(t *testing.T, te *tenantEnv, id string) soOrderRow {
	t.Helper()
	var o soOrderRow
	if err := srv.Pool.GetContext(context.Background(), &o, `SELECT number, customer_id, customer_po_number, currency_code, status,
		ordered_date::text, due_date::text, quote_id, notes, payment_terms_id, contact::text, shipping_address::text,
		line_sub_total::text, fee_total::text, discount_total::text, tax_total::text, total::text
		FROM sales_orders WHERE tenant_id = $1 AND id = $2`, te.ID, id); err != nil {
		t.Fatal(err)
	}
	return o
}

// soOrderLine is what the conversion tests read of a stored sales order part line.
type soOrderLine struct {
	ID              string  `db:"id"`
	RoutingID       string  `db:"routing_id"`
	LineNumber      int     `db:"line_number"`
	ItemID          string  `db:"item_id"`
	Quantity        string  `db:"quantity"`
	UnitPrice       string  `db:"unit_price"`
	Discount        *string `db:"discount_value"`
	QuotePartLineID *string `db:"quote_part_line_id"`
}

func soOrderLines(t *testing.T, te *tenantEnv, orderID string) []soOrderLine {
	t.Helper()
	var out []soOrderLine
	if err := srv.Pool.SelectContext(context.Background(), &out, `SELECT id, routing_id, line_number, item_id, quantity::text,
		unit_price::text, discount_value::text, quote_part_line_id FROM sales_order_part_lines
		WHERE tenant_id = $1 AND sales_order_id = $2 ORDER BY line_number`, te.ID, orderID); err != nil {
		t.Fatal(err)
	}
	return out
}

// soCount answers how many rows of table belong to the order.
func soCount(t *testing.T, te *tenantEnv, table, orderID string) int {
	t.Helper()
	var n int
	if err := srv.Pool.QueryRowxContext(context.Background(), `SELECT count(*) FROM `+table+` WHERE tenant_id = $1 AND sales_order_id = $2`,
		te.ID, orderID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A conversion copies the quote's header, every part line (with its own routing as edited on
// the quote, not the item's), its fee, tax and discount lines; the order's totals equal the
// quote's; the quote is won.
func TestQuoteToSalesOrderCopiesTheQuote(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	made, bought := createItem(t, te, newItem("CONV-MADE")), createItem(t, te, newItem("CONV-BOUGHT"))
	createRoutingOperation(t, te, made, client.RoutingOperationWrite{Name: ptr("Item mill")})
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Convert " + ids.New()})
	contact := createContact(t, te, customer, client.CustomerContactWrite{FirstName: "Ada"})
	quoteID := createQuote(t, te, client.QuoteCreate{CustomerId: customer, ContactId: &contact, Notes: ptr("Rush")})
	first := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":3,"unitPrice":12.5,"isTaxable":true}`, made))
	second := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitPrice":40,"discount":{"isPercentage":true,"value":10}}`, bought))
	// The quote line's routing is edited after the copy from the item: the order takes the line's.
	ql := quoteLine{QuoteID: quoteID, LineID: first, RoutingID: getLine(t, te, quoteID, first).RoutingID}
	lineCreate(t, te, ql.operationsPath(), `{"name":"Quoted deburr"}`)
	createFeeLine(t, te, quoteID, client.QuoteFeeLineItemWrite{Name: "Tooling", Amount: num("20"), IsTaxable: ptr(true)})
	createTaxLine(t, te, quoteID, createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")}))
	setDiscountLine(t, te, quoteID, client.QuoteDiscountLineItemWrite{IsPercentage: true, Value: num("5")})
	mustSetQuoteStatus(t, te, quoteID, client.QuoteStatusSent)
	quote := getQuote(t, te, quoteID)

	orderID := soConvert(t, te, quoteID, `{"customerPoNumber":" PO-77 ","orderedDate":"2026-03-01T23:30:00-08:00","dueDate":"2026-04-15"}`)
	o := soOrder(t, te, orderID)
	switch {
	case o.Number != 1 || o.Status != "draft" || o.CustomerID != customer || o.QuoteID == nil || *o.QuoteID != quoteID:
		t.Errorf("order %+v: want number 1, draft, the quote's customer and the quote", o)
	case o.CustomerPO == nil || *o.CustomerPO != "PO-77" || o.OrderedDate != "2026-03-01" || o.DueDate == nil || *o.DueDate != "2026-04-15":
		t.Errorf("order %+v: want PO-77 trimmed, ordered 2026-03-01 as written, due 2026-04-15", o)
	case o.Notes == nil || *o.Notes != "Rush" || o.Currency != quote.CurrencyCode || o.Contact == nil:
		t.Errorf("order %+v: want the quote's notes, currency and contact", o)
	}
	// Totals by hand: 3 × 12.50 = 37.50 taxable; 2 × 40 less 10 % = 72; fee 20 taxable;
	// subtotal 129.50, 5 % = 6.475 → 6.48; the quote computed the same.
	if o.LineSubTotal != "109.5" || o.FeeTotal != "20" || o.DiscountTotal != "6.48" || o.Total != quote.Total.String() || o.TaxTotal != quote.TaxTotal.String() {
		t.Errorf("order totals %+v, want the quote's (total %s, tax %s)", o, quote.Total, quote.TaxTotal)
	}
	// The order's read shape shows the copies.
	read := soGet(t, te, orderID)
	if read.QuoteId == nil || *read.QuoteId != quoteID || read.Contact == nil || read.Contact.FirstName != "Ada" ||
		read.OrderedDate.Format("2006-01-02T15:04:05Z07:00") != "2026-03-01T00:00:00Z" || read.Total.String() != quote.Total.String() {
		t.Errorf("order as read %s", mustJSON(t, read))
	}
	lines := soOrderLines(t, te, orderID)
	if len(lines) != 2 || lines[0].LineNumber != 1 || lines[0].ItemID != made || lines[0].Quantity != "3" || lines[0].UnitPrice != "12.5" ||
		lines[0].QuotePartLineID == nil || *lines[0].QuotePartLineID != first ||
		lines[1].ItemID != bought || lines[1].Discount == nil || *lines[1].Discount != "10" || *lines[1].QuotePartLineID != second {
		t.Fatalf("order lines %+v", lines)
	}
	r := soGetRouting(t, te, soLine{OrderID: orderID, LineID: lines[0].ID, RoutingID: lines[0].RoutingID})
	if len(r.Operations) != 2 || r.Operations[0].Name != "Item mill" || r.Operations[1].Name != "Quoted deburr" {
		t.Errorf("the order line's routing %s: want a copy of the quote line's two operations", mustJSON(t, r))
	}
	for table, want := range map[string]int{"sales_order_fee_lines": 1, "sales_order_tax_lines": 1, "sales_order_discount_lines": 1} {
		if n := soCount(t, te, table, orderID); n != want {
			t.Errorf("%s: %d rows, want %d", table, n, want)
		}
	}
	if q := getQuote(t, te, quoteID); q.Status != client.QuoteStatusWon {
		t.Errorf("quote status %s after the conversion, want won", q.Status)
	}
	// The quote line's routing stays the quote line's: editing the order's leaves it alone.
	lineCreate(t, te, soLine{OrderID: orderID, LineID: lines[0].ID, RoutingID: lines[0].RoutingID}.operationsPath(), `{"name":"Ordered polish"}`)
	if qr := getLineRouting(t, te, ql); len(qr.Operations) != 2 {
		t.Errorf("the quote line's routing has %d operations after the order's edit, want 2", len(qr.Operations))
	}
}

// partLineItemIds picks lines of this quote, renumbered in the quote's order; an id that is
// not a part line of this quote is 404 naming its place, one listed twice 400 naming it; an
// empty body takes every line, and the ordered day defaults to the shop day.
func TestQuoteToSalesOrderTakesTheChosenLines(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a, b, c := createItem(t, te, newItem("PICK-A")), createItem(t, te, newItem("PICK-B")), createItem(t, te, newItem("PICK-C"))
	quoteID, lines := soSentQuote(t, te, a, b, c)
	_, otherLines := soSentQuote(t, te, a)
	for body, field := range map[string]string{
		fmt.Sprintf(`{"partLineItemIds":[%q,%q]}`, lines[0], otherLines[0]): "partLineItemIds.1",
		fmt.Sprintf(`{"partLineItemIds":[%q]}`, ids.NewSub()):               "partLineItemIds.0",
	} {
		res, bb := lineSend(t, te, http.MethodPost, soConvertPath(quoteID), body)
		mustNameField(t, mustProblem(t, res, bb, http.StatusNotFound), field)
	}
	res, bb := lineSend(t, te, http.MethodPost, soConvertPath(quoteID), fmt.Sprintf(`{"partLineItemIds":[%q,%q]}`, lines[2], lines[2]))
	mustProblemNaming(t, res, bb, "partLineItemIds.1")
	res, bb = lineSend(t, te, http.MethodPost, soConvertPath(quoteID), `{"orderedDate":"2026-02-30"}`)
	mustProblemNaming(t, res, bb, "orderedDate")
	if q := getQuote(t, te, quoteID); q.Status != client.QuoteStatusSent {
		t.Fatalf("refused conversions moved the quote to %s", q.Status)
	}

	orderID := soConvert(t, te, quoteID, fmt.Sprintf(`{"partLineItemIds":[%q,%q]}`, lines[2], lines[0]))
	got := soOrderLines(t, te, orderID)
	if len(got) != 2 || got[0].ItemID != a || got[0].LineNumber != 1 || got[1].ItemID != c || got[1].LineNumber != 2 {
		t.Fatalf("chosen lines %+v: want PICK-A then PICK-C, numbered 1 and 2", got)
	}
	// 2 × 10 + 4 × 30 = 140.
	if o := soOrder(t, te, orderID); o.LineSubTotal != "140" || o.Total != "140" || o.DueDate != nil {
		t.Errorf("order %+v: want totals of the chosen lines only, no due date", o)
	}

	whole, _ := soSentQuote(t, te, a, b)
	all := soOrderLines(t, te, soConvert(t, te, whole, ""))
	if len(all) != 2 {
		t.Errorf("an empty body converted %d lines, want both", len(all))
	}
}

// Only an approved, sent, expired or won quote converts: draft, needsApproval and lost are
// 400 naming status, and change nothing.
func TestQuoteToSalesOrderNeedsAnOfferedQuote(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("STATUS-CONV"))
	paths := map[client.QuoteStatus][]client.QuoteStatus{
		client.QuoteStatusDraft:         nil,
		client.QuoteStatusNeedsApproval: {client.QuoteStatusNeedsApproval},
		client.QuoteStatusLost:          {client.QuoteStatusSent, client.QuoteStatusLost},
		client.QuoteStatusApproved:      {client.QuoteStatusApproved},
		client.QuoteStatusSent:          {client.QuoteStatusSent},
		client.QuoteStatusExpired:       {client.QuoteStatusSent, client.QuoteStatusExpired},
		client.QuoteStatusWon:           {client.QuoteStatusSent, client.QuoteStatusWon},
	}
	for status, moves := range paths {
		quoteID := quoteFor(t, te, "")
		addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":5}`, item))
		for _, m := range moves {
			mustSetQuoteStatus(t, te, quoteID, m)
		}
		res, b := lineSend(t, te, http.MethodPost, soConvertPath(quoteID), `{}`)
		switch status {
		case client.QuoteStatusDraft, client.QuoteStatusNeedsApproval, client.QuoteStatusLost:
			mustProblemNaming(t, res, b, "status")
			if q := getQuote(t, te, quoteID); q.Status != status {
				t.Errorf("a refused %s quote moved to %s", status, q.Status)
			}
		default:
			if res.StatusCode != http.StatusOK {
				t.Errorf("a %s quote: %d, want 200: %s", status, res.StatusCode, truncate(b))
			} else if q := getQuote(t, te, quoteID); q.Status != client.QuoteStatusWon {
				t.Errorf("a converted %s quote is %s, want won", status, q.Status)
			}
		}
	}
}

// A quote converts once: a second conversion is 400 naming quoteId with the order's number;
// once that order is deleted the quote converts again. Two conversions at once: one order.
func TestQuoteToSalesOrderConvertsOnce(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("ONCE"))
	quoteID, _ := soSentQuote(t, te, item)
	orderID := soConvert(t, te, quoteID, "")
	res, b := lineSend(t, te, http.MethodPost, soConvertPath(quoteID), "")
	p := mustProblem(t, res, b, http.StatusBadRequest)
	mustNameField(t, p, "quoteId")
	if msg := fmt.Sprint(p.Errors["quoteId"]); !strings.Contains(msg, "sales order 1") {
		t.Errorf("the refusal %q does not name the order's number", msg)
	}
	soExec(t, `UPDATE sales_orders SET deleted = true WHERE tenant_id = $1 AND id = $2`, te.ID, orderID)
	if again := soConvert(t, te, quoteID, ""); soOrder(t, te, again).Number != 2 {
		t.Errorf("the reconverted quote's order is not number 2")
	}

	racing, _ := soSentQuote(t, te, item)
	counts := concurrently(t, 4, func() (int, error) {
		res, _, err := keyedRequest(t, te, http.MethodPost, soConvertPath(racing), "", "application/json", []byte(`{}`))
		return res.StatusCode, err
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 3 {
		t.Errorf("four conversions at once answered %v, want one 200 and three 400", counts)
	}
	var n int
	if err := srv.Pool.QueryRowxContext(context.Background(), `SELECT count(*) FROM sales_orders WHERE tenant_id = $1 AND quote_id = $2`,
		te.ID, racing).Scan(&n); err != nil || n != 1 {
		t.Errorf("%d orders of the raced quote (%v), want 1", n, err)
	}
}

// The same Idempotency-Key replays the first answer: one order.
func TestQuoteToSalesOrderHonoursIdempotencyKeys(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	quoteID, _ := soSentQuote(t, te, createItem(t, te, newItem("IDEM-CONV")))
	key := ids.New()
	r1, b1 := keyedJSON(t, te, soConvertPath(quoteID), key, `{}`)
	r2, b2 := keyedJSON(t, te, soConvertPath(quoteID), key, `{}`)
	if createdID(t, r1, b1) != createdID(t, r2, b2) || r2.Header.Get(headerReplayed) == "" {
		t.Errorf("a replayed conversion answered %s then %s", b1, b2)
	}
}

// An unknown, deleted or other tenant's quote is 404; a quote whose customer was deleted is
// 400 naming quoteId. The conversion needs Edit Sales Order and View Quote.
func TestQuoteToSalesOrderRefusesMissingQuotesAndPermissions(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	item := createItem(t, te, newItem("MISSING-CONV"))
	quoteID, _ := soSentQuote(t, te, item)
	deleted, _ := soSentQuote(t, te, item)
	deleteQuote(t, te, deleted)
	for name, c := range map[string]struct {
		te *tenantEnv
		id string
	}{"unknown": {te, ids.New()}, "deleted": {te, deleted}, "another tenant's": {other, quoteID}} {
		if res, b := lineSend(t, c.te, http.MethodPost, soConvertPath(c.id), ""); res.StatusCode != http.StatusNotFound {
			t.Errorf("%s quote: %d, want 404: %s", name, res.StatusCode, truncate(b))
		}
	}
	for _, perms := range [][]string{{"Edit Sales Order"}, {"View Quote", "Edit Quote", "View Sales Order"}} {
		res, b := rawRequest(t, http.MethodPost, soConvertPath(quoteID), te.userToken(t, perms...), "application/json", `{}`)
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("%v: %d, want 403: %s", perms, res.StatusCode, truncate(b))
		}
	}
	res, b := rawRequest(t, http.MethodPost, soConvertPath(quoteID), te.userToken(t, "Edit Sales Order", "View Quote"), "application/json", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)

	gone, _ := soSentQuote(t, te, item)
	soExec(t, `UPDATE customers SET deleted = true WHERE tenant_id = $1 AND id = (SELECT customer_id FROM quotes WHERE tenant_id = $1 AND id = $2)`, te.ID, gone)
	res, b = lineSend(t, te, http.MethodPost, soConvertPath(gone), "")
	mustProblemNaming(t, res, b, "quoteId")
}
