package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
)

const (
	ivPath      = "/api/invoices"
	ivListPath  = "/api/invoices/list"
	ivUnknownID = "ffffffffffffffffffffff0e"
)

func ivInvoicePath(id string) string { return ivPath + "/" + id }

// ivOrderFixture is an approved sales order with part lines, for a customer of its own.
type ivOrderFixture struct {
	customer, order string
	lines           []string
	item            string
}

// ivOrder creates a customer, an item and a sales order with one part line per quantity (unit
// price 10), and approves the order.
func ivOrder(t *testing.T, te *tenantEnv, quantities ...string) ivOrderFixture {
	t.Helper()
	f := ivOrderFixture{customer: createCustomer(t, te, client.CustomerWrite{Name: "Billed " + t.Name() + " " + randomSuffix()})}
	f.item = createItem(t, te, newItem("IV-"+randomSuffix()))
	f.order = soCreate(t, te, map[string]any{"customerId": f.customer, "customerPoNumber": "PO-IV"})
	if len(quantities) > 0 {
		lines := make([]string, len(quantities))
		for i, q := range quantities {
			lines[i] = fmt.Sprintf(`{"itemId":%q,"quantity":%s,"unitPrice":10}`, f.item, q)
		}
		res, b := rawRequest(t, http.MethodPost, soPartLinesPath(f.order)+"/batch", te.Token, "application/json",
			`{"partLineItems":[`+strings.Join(lines, ",")+`]}`)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		var created struct {
			IDs []string `json:"ids"`
		}
		if err := json.Unmarshal(b, &created); err != nil || len(created.IDs) != len(quantities) {
			t.Fatalf("batch answered %s", b)
		}
		f.lines = created.IDs
	}
	ivMoveOrder(t, te, f.order, "approved")
	return f
}

func ivMoveOrder(t *testing.T, te *tenantEnv, orderID, status string) {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, soOrderPath(orderID)+"/status", te.Token, "application/json", fmt.Sprintf(`{"status":%q}`, status))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

// ivSend sends body (JSON, or a JSON Patch for PATCH) with te's token.
func ivSend(t *testing.T, te *tenantEnv, method, path, body string) (rawResponse, []byte) {
	t.Helper()
	return soSend(t, te.Token, method, path, body)
}

// ivCreate posts a create body and answers the new invoice's id.
func ivCreate(t *testing.T, te *tenantEnv, body map[string]any) string {
	t.Helper()
	res, answer := ivSend(t, te, http.MethodPost, ivPath, soJSON(t, body))
	return createdID(t, res, answer)
}

// ivBill creates an invoice billing lines of order (nil: everything left) and answers its id.
func ivBill(t *testing.T, te *tenantEnv, order string, lines ...map[string]any) string {
	t.Helper()
	body := map[string]any{"salesOrderId": order}
	if lines != nil {
		body["partLines"] = lines
	}
	return ivCreate(t, te, body)
}

func ivLine(id, quantity string) map[string]any {
	return map[string]any{"salesOrderLineItemId": id, "quantity": json.Number(quantity)}
}

func ivGet(t *testing.T, te *tenantEnv, id string) client.Invoice {
	t.Helper()
	return soOK[client.Invoice](t, te, http.MethodGet, ivInvoicePath(id), "")
}

func ivList(t *testing.T, te *tenantEnv, filter string) []string {
	t.Helper()
	list := soOK[[]client.Invoice](t, te, http.MethodPost, ivListPath, filter)
	out := make([]string, len(list))
	for i, o := range list {
		out[i] = o.Id
	}
	return out
}

// ivMove moves an invoice to status (with paidDate when given) and answers it.
func ivMove(t *testing.T, te *tenantEnv, id, status string, paidDate ...string) client.Invoice {
	t.Helper()
	body := map[string]any{"status": status}
	if len(paidDate) > 0 {
		body["paidDate"] = paidDate[0]
	}
	return soOK[client.Invoice](t, te, http.MethodPost, ivInvoicePath(id)+"/status", soJSON(t, body))
}

// ivInvoiced reads the order line's invoiced quantity and last invoiced day straight from
// the database.
func ivInvoiced(t *testing.T, te *tenantEnv, lineID string) (string, *string) {
	t.Helper()
	var q string
	var day *string
	if err := srv.Pool.QueryRowxContext(context.Background(), `SELECT invoiced_quantity::text, last_invoiced_date::text
	      FROM sales_order_part_lines WHERE tenant_id = $1 AND id = $2`, te.ID, lineID).Scan(&q, &day); err != nil {
		t.Fatal(err)
	}
	return q, day
}

func ivMustInvoiced(t *testing.T, te *tenantEnv, lineID, want string) {
	t.Helper()
	if got, _ := ivInvoiced(t, te, lineID); !num(got).Equal(num(want).Decimal) {
		t.Fatalf("invoiced quantity %s, want %s", got, want)
	}
}

// ivMustProblem fails t unless the answer is a problem of status naming field.
func ivMustProblem(t *testing.T, r rawResponse, b []byte, status int, field string) {
	t.Helper()
	p := mustProblem(t, r, b, status)
	if len(p.Errors[field]) == 0 && !strings.Contains(p.Detail, field) {
		t.Fatalf("problem %s does not name %s", b, field)
	}
}

// TestInvoiceCreateBillsWhatIsLeftOfEachLine: without partLines an invoice bills each part
// line's uninvoiced quantity, skipping lines with nothing left; the order lines' invoiced
// quantities advance; an order with nothing left answers 400 naming partLines.
func TestInvoiceCreateBillsWhatIsLeftOfEachLine(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "3", "5")
	first := ivBill(t, te, f.order, ivLine(f.lines[0], "3"), ivLine(f.lines[1], "2"))
	ivMustInvoiced(t, te, f.lines[0], "3")
	ivMustInvoiced(t, te, f.lines[1], "2")
	mustDec(t, "first lineItemsTotal", ivGet(t, te, first).LineItemsTotal, "50")
	second := ivGet(t, te, ivBill(t, te, f.order))
	mustDec(t, "second lineItemsTotal", second.LineItemsTotal, "30")
	ivMustInvoiced(t, te, f.lines[1], "5")
	if second.Status != client.InvoiceStatusNew || second.SalesOrderId != f.order || second.CustomerId != f.customer || second.IsDeposit {
		t.Fatalf("new invoice %+v", second)
	}
	res, b := ivSend(t, te, http.MethodPost, ivPath, soJSON(t, map[string]any{"salesOrderId": f.order}))
	mustProblemNaming(t, res, b, "partLines")
}

// TestInvoiceCreateRefusesBadInput: each refused member is named, and a refused create takes
// no number and bills nothing.
func TestInvoiceCreateRefusesBadInput(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f, other := ivOrder(t, te, "4"), ivOrder(t, te, "1")
	draft := soCreate(t, te, map[string]any{"customerId": f.customer})
	for _, c := range []struct {
		body   map[string]any
		status int
		field  string
	}{
		{map[string]any{"salesOrderId": ivUnknownID}, http.StatusNotFound, "salesOrderId"},
		{map[string]any{"salesOrderId": draft}, http.StatusBadRequest, "salesOrderId"},
		{map[string]any{"salesOrderId": f.order, "partLines": []any{ivLine(f.lines[0], "0")}}, http.StatusBadRequest, "partLines.0.quantity"},
		{map[string]any{"salesOrderId": f.order, "partLines": []any{ivLine(f.lines[0], "5")}}, http.StatusBadRequest, "partLines.0.quantity"},
		{map[string]any{"salesOrderId": f.order, "partLines": []any{ivLine(f.lines[0], "1"), ivLine(f.lines[0], "1")}}, http.StatusBadRequest, "partLines.1.salesOrderLineItemId"},
		{map[string]any{"salesOrderId": f.order, "partLines": []any{ivLine(other.lines[0], "1")}}, http.StatusNotFound, "partLines.0.salesOrderLineItemId"},
		{map[string]any{"salesOrderId": f.order, "exchangeRate": 0}, http.StatusBadRequest, "exchangeRate"},
		{map[string]any{"salesOrderId": f.order, "paymentTermsId": ivUnknownID}, http.StatusNotFound, "paymentTermsId"},
		{map[string]any{"salesOrderId": f.order, "companyInfoId": ivUnknownID}, http.StatusNotFound, "companyInfoId"},
		{map[string]any{"salesOrderId": f.order, "issueDate": "1999-12-31"}, http.StatusBadRequest, "issueDate"},
		{map[string]any{"salesOrderId": f.order, "billingAddress": map[string]any{"email": "no at"}}, http.StatusBadRequest, "billingAddress.email"},
		{map[string]any{"salesOrderId": f.order, "customFields": map[string]any{"nope": 1}}, http.StatusBadRequest, "customFields.nope"},
	} {
		res, b := ivSend(t, te, http.MethodPost, ivPath, soJSON(t, c.body))
		ivMustProblem(t, res, b, c.status, c.field)
	}
	ivMustInvoiced(t, te, f.lines[0], "0")
	if got := ivGet(t, te, ivBill(t, te, f.order)).Number; got != 1 {
		t.Fatalf("first invoice after refused creates has number %d, want 1", got)
	}
}

// TestInvoiceForeignCurrencyNeedsAnExchangeRate: an order in another currency than the
// tenant's is billed at the rate given; the subtotal is in the primary currency.
func TestInvoiceForeignCurrencyNeedsAnExchangeRate(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "3")
	ivMoveOrder(t, te, f.order, "draft")
	soSetOrder(t, te, f.order, "currency_code", "EUR")
	ivMoveOrder(t, te, f.order, "approved")
	res, b := ivSend(t, te, http.MethodPost, ivPath, soJSON(t, map[string]any{"salesOrderId": f.order}))
	mustProblemNaming(t, res, b, "exchangeRate")
	o := ivGet(t, te, ivCreate(t, te, map[string]any{"salesOrderId": f.order, "exchangeRate": 1.105}))
	if o.CurrencyInfo.DocumentCurrencyCode != "EUR" || o.CurrencyInfo.PrimaryCurrencyCode != "USD" {
		t.Fatalf("currencyInfo %+v", o.CurrencyInfo)
	}
	mustDec(t, "lineItemsTotal", o.LineItemsTotal, "30")
	mustDec(t, "subtotal", o.Subtotal, "33.15")
	// A new rate recomputes the primary-currency subtotal.
	o = soOK[client.Invoice](t, te, http.MethodPatch, ivInvoicePath(o.Id), `[{"op":"replace","path":"/exchangeRate","value":2}]`)
	mustDec(t, "subtotal at rate 2", o.Subtotal, "60")
}

// TestInvoiceCreateTakesTheOrdersDefaults: customer PO number, payment terms and billing
// address come from the order (the customer's terms when the order has none).
func TestInvoiceCreateTakesTheOrdersDefaults(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "2")
	res, b := ivSend(t, te, http.MethodPost, "/api/payment-terms", `{"name":"Net 30 `+randomSuffix()+`","netDays":30}`)
	terms := createdID(t, res, b)
	soSetOrder(t, te, f.order, "payment_terms_id", terms)
	soSetOrder(t, te, f.order, "billing_address", `{"name":"Billing dept","city":"Lyon"}`)
	o := ivGet(t, te, ivBill(t, te, f.order, ivLine(f.lines[0], "1")))
	if o.CustomerPONumber == nil || *o.CustomerPONumber != "PO-IV" || o.PaymentTermsId == nil || *o.PaymentTermsId != terms ||
		o.PaymentTerms == nil || o.BillingAddress == nil || o.BillingAddress.City == nil || *o.BillingAddress.City != "Lyon" {
		t.Fatalf("defaults: %+v", o)
	}
	o = ivGet(t, te, ivCreate(t, te, map[string]any{"salesOrderId": f.order, "partLines": []any{ivLine(f.lines[0], "1")},
		"customerPONumber": "OWN", "billingAddress": nil, "notesToCustomer": " Thanks ", "dueDate": "2026-12-31T23:00:00-05:00"}))
	if *o.CustomerPONumber != "OWN" || o.BillingAddress != nil || *o.NotesToCustomer != "Thanks" || o.DueDate.Format(time.DateOnly) != "2026-12-31" {
		t.Fatalf("given members: %+v", o)
	}
}

// TestInvoiceNumbersAreGapFreeUnderConcurrentCreates: invoices of one order created at once
// get 1..n, and the order lines are never billed beyond their quantity.
func TestInvoiceNumbersAreGapFreeUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "5")
	const n = 8
	statuses := atOnce(t, n, func(int) (int, error) {
		res, _ := ivSend(t, te, http.MethodPost, ivPath, soJSON(t, map[string]any{"salesOrderId": f.order,
			"partLines": []any{ivLine(f.lines[0], "1")}}))
		return res.StatusCode, nil
	})
	if statuses[http.StatusOK] != 5 || statuses[http.StatusBadRequest] != 3 {
		t.Fatalf("statuses %v, want five 200 and three 400", statuses)
	}
	ivMustInvoiced(t, te, f.lines[0], "5")
	var numbers []int64
	for _, o := range soOK[[]client.Invoice](t, te, http.MethodPost, ivListPath+"?Sort.Field=number&Sort.Dir=ascending", `{}`) {
		numbers = append(numbers, o.Number)
	}
	if !slices.Equal(numbers, []int64{1, 2, 3, 4, 5}) {
		t.Fatalf("numbers %v", numbers)
	}
}

// TestInvoiceStatusMovesEveryPair walks the 5×5 table: every move is allowed, the same
// status is a no-op.
func TestInvoiceStatusMovesEveryPair(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "25")
	statuses := []string{"new", "needsApproval", "approved", "issued", "paid"}
	for _, from := range statuses {
		for _, to := range statuses {
			id := ivBill(t, te, f.order, ivLine(f.lines[0], "1"))
			if from != "new" {
				ivMove(t, te, id, from)
			}
			before := ivGet(t, te, id)
			o := ivMove(t, te, id, to)
			if string(o.Status) != to {
				t.Fatalf("%s → %s answered %s", from, to, o.Status)
			}
			if from == to && !o.ModifiedUtc.Equal(before.ModifiedUtc) {
				t.Fatalf("%s → %s changed modifiedUtc", from, to)
			}
		}
	}
	res, b := ivSend(t, te, http.MethodPost, ivInvoicePath(ivUnknownID)+"/status", `{"status":"paid"}`)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = ivSend(t, te, http.MethodPost, ivInvoicePath(ivUnknownID)+"/status", `{"status":"sent"}`)
	mustProblem(t, res, b, http.StatusBadRequest)
}

// TestInvoicePaidDateRules: paidDate only with paid; paid without it stamps today's shop day;
// staying paid keeps it; leaving paid clears it.
func TestInvoicePaidDateRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t, "Pacific/Kiritimati")
	f := ivOrder(t, te, "3")
	id := ivBill(t, te, f.order)
	res, b := ivSend(t, te, http.MethodPost, ivInvoicePath(id)+"/status", `{"status":"issued","paidDate":"2026-11-20"}`)
	mustProblemNaming(t, res, b, "paidDate")
	res, b = ivSend(t, te, http.MethodPost, ivInvoicePath(id)+"/status", `{"status":"paid","paidDate":"20261120"}`)
	mustProblem(t, res, b, http.StatusBadRequest)
	loc, _ := time.LoadLocation("Pacific/Kiritimati")
	today := time.Now().In(loc).Format(time.DateOnly)
	o := ivMove(t, te, id, "paid")
	if o.PaidDate == nil || o.PaidDate.Format(time.DateOnly) != today {
		t.Fatalf("paidDate %v, want the shop day %s", o.PaidDate, today)
	}
	o = ivMove(t, te, id, "paid", "2026-11-20")
	if o.PaidDate.Format(time.DateOnly) != "2026-11-20" {
		t.Fatalf("paidDate %v, want 2026-11-20", o.PaidDate)
	}
	if o = ivMove(t, te, id, "paid"); o.PaidDate.Format(time.DateOnly) != "2026-11-20" {
		t.Fatalf("staying paid: paidDate %v", o.PaidDate)
	}
	if o = ivMove(t, te, id, "issued"); o.PaidDate != nil {
		t.Fatalf("leaving paid kept paidDate %v", o.PaidDate)
	}
}

// TestInvoiceIssueDayFilterReadsAStampedInstantAsAShopDay: an invoice sent without an issue
// date is stamped with the instant; the list finds it by the shop day of that instant (which
// differs from its UTC day in a timezone 14 hours ahead) and not by the UTC day; a typed issue
// date is found as written.
func TestInvoiceIssueDayFilterReadsAStampedInstantAsAShopDay(t *testing.T) {
	t.Parallel()
	// A timezone whose day differs from the UTC day now: 14 hours ahead from 10:00 UTC,
	// 11 hours behind before.
	zone := "Pacific/Pago_Pago"
	if time.Now().UTC().Hour() >= 10 {
		zone = "Pacific/Kiritimati"
	}
	te := newTenant(t, zone)
	f := ivOrder(t, te, "3")
	stamped := ivBill(t, te, f.order, ivLine(f.lines[0], "1"))
	before := time.Now()
	o := ivMove(t, te, stamped, "issued")
	if o.IssueDate == nil || o.IssueDate.Before(before.Add(-time.Minute)) {
		t.Fatalf("issueDate %v not stamped", o.IssueDate)
	}
	loc, _ := time.LoadLocation(zone)
	shopDay := o.IssueDate.In(loc).Format(time.DateOnly)
	utcDay := o.IssueDate.UTC().Format(time.DateOnly)
	if shopDay == utcDay {
		t.Fatalf("shop day %s equals the UTC day", shopDay)
	}
	typed := ivCreate(t, te, map[string]any{"salesOrderId": f.order, "partLines": []any{ivLine(f.lines[0], "1")}, "issueDate": utcDay})
	filter := func(day string) string { return fmt.Sprintf(`{"issueDateFrom":%q,"issueDateTo":%q}`, day, day) }
	if got := ivList(t, te, filter(shopDay)); !slices.Equal(got, []string{stamped}) {
		t.Fatalf("shop day %s lists %v, want the stamped invoice", shopDay, got)
	}
	if got := ivList(t, te, filter(utcDay)); !slices.Equal(got, []string{typed}) {
		t.Fatalf("UTC day %s lists %v, want only the typed invoice", utcDay, got)
	}
	// Sending again keeps the stamp; a PUT sending it back keeps it too.
	ivMove(t, te, stamped, "approved")
	again := ivMove(t, te, stamped, "issued")
	if !again.IssueDate.Equal(*o.IssueDate) {
		t.Fatalf("issueDate %v restamped (was %v)", again.IssueDate, o.IssueDate)
	}
	ivMove(t, te, stamped, "new")
	soOK[client.Invoice](t, te, http.MethodPatch, ivInvoicePath(stamped), `[{"op":"replace","path":"/notesToCustomer","value":"n"}]`)
	if got := ivList(t, te, filter(shopDay)); !slices.Equal(got, []string{stamped}) {
		t.Fatalf("after a patch the shop day %s lists %v", shopDay, got)
	}
}

// TestInvoiceEditsFollowTheStatus: an issued or paid invoice keeps its dates, terms, address
// and rate (400 naming status) but takes notes, external references and custom fields.
func TestInvoiceEditsFollowTheStatus(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "3")
	id := ivBill(t, te, f.order)
	o := soOK[client.Invoice](t, te, http.MethodPut, ivInvoicePath(id), `{"dueDate":"2026-12-01","notesToCustomer":"a"}`)
	if o.DueDate.Format(time.DateOnly) != "2026-12-01" || o.CustomerPONumber != nil {
		t.Fatalf("full update %+v", o)
	}
	for _, status := range []string{"issued", "paid"} {
		ivMove(t, te, id, status)
		res, b := ivSend(t, te, http.MethodPut, ivInvoicePath(id), `{"dueDate":"2026-12-02"}`)
		mustProblemNaming(t, res, b, "status")
		res, b = ivSend(t, te, http.MethodPatch, ivInvoicePath(id), `[{"op":"replace","path":"/exchangeRate","value":2}]`)
		mustProblemNaming(t, res, b, "status")
		o = soOK[client.Invoice](t, te, http.MethodPatch, ivInvoicePath(id), `[{"op":"replace","path":"/notesToCustomer","value":"`+status+`"},
		  {"op":"add","path":"/externalReferences/erp","value":{"externalId":"E-`+status+`"}}]`)
		if *o.NotesToCustomer != status || o.ExternalReferences["erp"].ExternalID == nil {
			t.Fatalf("notes and references on a %s invoice: %+v", status, o)
		}
		soOK[client.Invoice](t, te, http.MethodPut, ivInvoicePath(id)+"/custom-fields", `{}`)
	}
	res, b := ivSend(t, te, http.MethodPatch, ivInvoicePath(id), `[{"op":"replace","path":"/total","value":2}]`)
	mustProblem(t, res, b, http.StatusBadRequest)
}

// TestInvoiceDeleteGivesBackWhatItBilled: only a new or needs-approval invoice is deleted; it
// gives back the order lines' invoiced quantities and the order's charges, which the next
// invoice takes.
func TestInvoiceDeleteGivesBackWhatItBilled(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "4")
	ivMoveOrder(t, te, f.order, "draft")
	solCreate(t, te, soFeeLinesPath(f.order), `{"name":"Tooling","amount":15}`)
	soOK[client.SalesOrder](t, te, http.MethodPatch, soOrderPath(f.order), `[{"op":"replace","path":"/shippingCharge","value":{"amount":7,"isTaxable":false}}]`)
	ivMoveOrder(t, te, f.order, "approved")
	first := ivBill(t, te, f.order, ivLine(f.lines[0], "3"))
	mustDec(t, "first lineItemsTotal", ivGet(t, te, first).LineItemsTotal, "52")
	ivMove(t, te, first, "approved")
	res, b := ivSend(t, te, http.MethodDelete, ivInvoicePath(first), "")
	mustProblemNaming(t, res, b, "status")
	ivMove(t, te, first, "needsApproval")
	res, b = ivSend(t, te, http.MethodDelete, ivInvoicePath(first), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if o := ivGet(t, te, first); !o.Deleted {
		t.Fatal("the deleted invoice does not read deleted")
	}
	ivMustInvoiced(t, te, f.lines[0], "0")
	res, b = ivSend(t, te, http.MethodDelete, ivInvoicePath(first), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	second := ivGet(t, te, ivBill(t, te, f.order))
	mustDec(t, "second lineItemsTotal", second.LineItemsTotal, "62")
	if got := ivList(t, te, `{}`); !slices.Equal(got, []string{second.Id}) {
		t.Fatalf("list %v, want only the live invoice", got)
	}
	if got := ivList(t, te, `{"includeDeleted":true}`); len(got) != 2 {
		t.Fatalf("list with deleted %v", got)
	}
}

// TestInvoiceOrderChargesAreBilledOnce: the order's fees, amount discount and shipping charge
// go to the first invoice; its tax rates and a percentage discount apply to every invoice's
// own lines.
func TestInvoiceOrderChargesAreBilledOnce(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "2", "2")
	ivMoveOrder(t, te, f.order, "draft")
	solCreate(t, te, soFeeLinesPath(f.order), `{"name":"Tooling","amount":10,"isTaxable":true}`)
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "VAT " + randomSuffix(), Rate: num("10")})
	solCreate(t, te, soTaxLinesPath(f.order), fmt.Sprintf(`{"taxRateId":%q}`, rate))
	soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(f.order), `{"isPercentage":false,"value":5}`)
	ivMoveOrder(t, te, f.order, "approved")
	first := ivGet(t, te, ivBill(t, te, f.order, ivLine(f.lines[0], "2")))
	// 20 + fee 10 = 30; discount 5; taxable base: the fee only (parts are not taxable): 10 − its
	// share of the discount (5 × 10/30 = 1.67) = 8.33; tax 0.83.
	mustDec(t, "first lineItemsTotal", first.LineItemsTotal, "30")
	mustDec(t, "first discountTotal", first.DiscountTotal, "5")
	mustDec(t, "first taxTotal", first.TaxTotal, "0.83")
	mustDec(t, "first total", first.Total, "25.83")
	second := ivGet(t, te, ivBill(t, te, f.order))
	mustDec(t, "second lineItemsTotal", second.LineItemsTotal, "20")
	mustDec(t, "second discountTotal", second.DiscountTotal, "0")
	mustDec(t, "second total", second.Total, "20")
	// A percentage discount applies to every invoice's own lines.
	g := ivOrder(t, te, "2", "2")
	ivMoveOrder(t, te, g.order, "draft")
	soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(g.order), `{"isPercentage":true,"value":10}`)
	ivMoveOrder(t, te, g.order, "approved")
	for _, line := range g.lines {
		o := ivGet(t, te, ivBill(t, te, g.order, ivLine(line, "2")))
		mustDec(t, "percentage discount", o.DiscountTotal, "2")
		mustDec(t, "total", o.Total, "18")
	}
}

// TestInvoiceListFilters proves each filter member narrows the list.
func TestInvoiceListFilters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f, g := ivOrder(t, te, "5"), ivOrder(t, te, "5")
	a := ivCreate(t, te, map[string]any{"salesOrderId": f.order, "partLines": []any{ivLine(f.lines[0], "1")}, "issueDate": "2026-11-02",
		"externalReferences": map[string]any{"erp": map[string]any{"externalId": "A-1"}}})
	b := ivCreate(t, te, map[string]any{"salesOrderId": g.order, "partLines": []any{ivLine(g.lines[0], "1")}, "issueDate": "2026-11-05"})
	ivMove(t, te, b, "issued")
	mark := time.Now().UTC()
	time.Sleep(10 * time.Millisecond)
	c := ivCreate(t, te, map[string]any{"salesOrderId": g.order, "partLines": []any{ivLine(g.lines[0], "1")}})
	numberOf := func(id string) int64 { return ivGet(t, te, id).Number }
	for _, tc := range []struct {
		filter string
		want   []string
	}{
		{`{}`, []string{c, b, a}},
		{fmt.Sprintf(`{"numbers":[%d,%d]}`, numberOf(a), numberOf(c)), []string{c, a}},
		{`{"status":"issued"}`, []string{b}},
		{`{"issueDateFrom":"2026-11-03"}`, []string{b}},
		{`{"issueDateTo":"2026-11-03"}`, []string{a}},
		{fmt.Sprintf(`{"customerIds":[%q]}`, f.customer), []string{a}},
		{fmt.Sprintf(`{"salesOrderIds":[%q]}`, g.order), []string{c, b}},
		{`{"externalReference":{"key":"erp","externalId":"A-1"}}`, []string{a}},
		{fmt.Sprintf(`{"modifiedAfterUtc":%q}`, mark.Format(time.RFC3339Nano)), []string{c}},
	} {
		if got := ivList(t, te, tc.filter); !slices.Equal(got, tc.want) {
			t.Errorf("filter %s: %v, want %v", tc.filter, got, tc.want)
		}
	}
	res, body := ivSend(t, te, http.MethodPost, ivListPath, `{"issueDateFrom":"1999-01-01"}`)
	mustProblemNaming(t, res, body, "issueDateFrom")
}

// TestInvoiceKeepsItsItemsUnit: an item used by an invoice cannot change its unit.
func TestInvoiceKeepsItsItemsUnit(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "1")
	ivBill(t, te, f.order)
	// The order line alone blocks too: delete the order's line from the check by deleting the
	// order, so only the invoice holds the item.
	soSetOrder(t, te, f.order, "deleted", true)
	res, body := itemRequest(t, te, http.MethodPut, "/api/items/"+f.item, `{"unitOfMeasureName":"Dozen"}`)
	mustItemField(t, res, body, "unitOfMeasureName")
	if !strings.Contains(string(body), "an invoice") {
		t.Fatalf("the refusal does not name the invoice: %s", body)
	}
}

// TestInvoiceAttachments: files attach to an invoice (owner type invoice), advancing its
// modifiedUtc; an unknown or another tenant's invoice is 404.
func TestInvoiceAttachments(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := ivBill(t, te, ivOrder(t, te, "1").order)
	before := ivGet(t, te, id)
	res := upload(t, te.API, &filePart{name: "invoice.pdf", content: uniqueBytes(t, t.Name(), 128)},
		part{"Detail.Owner.Type", "invoice"}, part{"Detail.Owner.Id", id}, part{"Detail.IsNoteAttachment", "false"})
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	list := listAttachments(t, te.API, client.AttachmentFilter{Owner: &client.AttachmentAnyOwner{Type: client.AttachmentAnyOwnerTypeInvoice, Id: id}})
	if len(list) != 1 || list[0].Id != res.JSON200.Id {
		t.Fatalf("the invoice's attachments: %v", attachmentIDs(list))
	}
	if after := ivGet(t, te, id); !after.ModifiedUtc.After(before.ModifiedUtc) {
		t.Fatal("attaching a file did not advance the invoice's modifiedUtc")
	}
	res = upload(t, te.API, &filePart{name: "invoice.pdf", content: uniqueBytes(t, t.Name()+"u", 128)},
		part{"Detail.Owner.Type", "invoice"}, part{"Detail.Owner.Id", ivUnknownID}, part{"Detail.IsNoteAttachment", "false"})
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
	res = upload(t, newTenant(t).API, &filePart{name: "invoice.pdf", content: uniqueBytes(t, t.Name()+"x", 128)},
		part{"Detail.Owner.Type", "invoice"}, part{"Detail.Owner.Id", id}, part{"Detail.IsNoteAttachment", "false"})
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
}

// TestInvoiceTenantsAndPermissions: another tenant's invoice is 404 (204 on delete) and not
// listed; a user token needs View Invoices to read and Edit Invoices to write.
func TestInvoiceTenantsAndPermissions(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	f := ivOrder(t, te, "2")
	id := ivBill(t, te, f.order, ivLine(f.lines[0], "1"))
	for _, w := range []struct{ method, path, body string }{
		{http.MethodGet, ivInvoicePath(id), ""},
		{http.MethodPut, ivInvoicePath(id), `{}`},
		{http.MethodPatch, ivInvoicePath(id), `[]`},
		{http.MethodPost, ivInvoicePath(id) + "/status", `{"status":"issued"}`},
		{http.MethodPut, ivInvoicePath(id) + "/custom-fields", `{}`},
	} {
		res, body := ivSend(t, other, w.method, w.path, w.body)
		mustProblem(t, res, body, http.StatusNotFound)
	}
	res, body := ivSend(t, other, http.MethodPost, ivPath, soJSON(t, map[string]any{"salesOrderId": f.order}))
	ivMustProblem(t, res, body, http.StatusNotFound, "salesOrderId")
	res, body = ivSend(t, other, http.MethodDelete, ivInvoicePath(id), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, body)
	if got := ivList(t, other, `{}`); len(got) != 0 {
		t.Fatalf("another tenant lists %v", got)
	}
	viewer, editor := te.userToken(t, "View Invoices"), te.userToken(t, "Edit Invoices")
	for _, w := range []struct{ method, path, body string }{
		{http.MethodPost, ivPath, soJSON(t, map[string]any{"salesOrderId": f.order})},
		{http.MethodPut, ivInvoicePath(id), `{}`},
		{http.MethodPatch, ivInvoicePath(id), `[]`},
		{http.MethodPost, ivInvoicePath(id) + "/status", `{"status":"issued"}`},
		{http.MethodPut, ivInvoicePath(id) + "/custom-fields", `{}`},
		{http.MethodDelete, ivInvoicePath(id), ""},
	} {
		res, body := soSend(t, viewer, w.method, w.path, w.body)
		mustProblem(t, res, body, http.StatusForbidden)
	}
	for _, r := range []struct{ method, path, body string }{
		{http.MethodGet, ivInvoicePath(id), ""},
		{http.MethodPost, ivListPath, `{}`},
	} {
		res, body := soSend(t, editor, r.method, r.path, r.body)
		mustProblem(t, res, body, http.StatusForbidden)
		res, body = soSend(t, viewer, r.method, r.path, r.body)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
	res, body = soSend(t, editor, http.MethodPost, ivInvoicePath(id)+"/status", `{"status":"issued"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
}

// ivWalk is an invoice of a fresh approved order (one part line of 4 units, billed 2, a fee
// and a tax line copied from the order), with its lines, for the platform walks.
type ivWalk struct {
	invoice, order, orderLine, part, fee, tax string
}

func ivWalkInvoice(t *testing.T, te *tenantEnv) ivWalk {
	t.Helper()
	f := ivOrder(t, te, "4")
	ivMoveOrder(t, te, f.order, "draft")
	solCreate(t, te, soFeeLinesPath(f.order), `{"name":"Walk fee","amount":3}`)
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "Walk VAT " + randomSuffix(), Rate: num("5")})
	solCreate(t, te, soTaxLinesPath(f.order), fmt.Sprintf(`{"taxRateId":%q}`, rate))
	ivMoveOrder(t, te, f.order, "approved")
	w := ivWalk{invoice: ivBill(t, te, f.order, ivLine(f.lines[0], "2")), order: f.order, orderLine: f.lines[0]}
	w.part = soOK[[]client.InvoicePartLineItem](t, te, http.MethodPost, ivInvoicePath(w.invoice)+"/part-line-items/list", `{}`)[0].Id
	w.fee = soOK[[]client.InvoiceFeeLineItem](t, te, http.MethodPost, ivInvoicePath(w.invoice)+"/fee-line-items/list", `{}`)[0].Id
	w.tax = soOK[[]client.InvoiceTaxLineItem](t, te, http.MethodPost, ivInvoicePath(w.invoice)+"/tax-line-items/list", `{}`)[0].Id
	return w
}

// ivArrangeInvoices: invoices of one approved order with payment terms, a billing address,
// custom fields and external references, each billing subs part lines (one in the small
// tenant): a read answers in a fixed number of statements.
func ivArrangeInvoices(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		createCustomField(t, te, textField("project", client.CustomFieldModuleInvoice))
		terms := createPaymentTerm(t, te, "Net 30", 30)
		most := 1
		for i := range size.records {
			most = max(most, size.subs(i))
		}
		quantities := make([]string, most)
		for i := range quantities {
			quantities[i] = "1000"
		}
		f := ivOrder(t, te, quantities...)
		return arrangeEach(size, func(i, subs int) string {
			lines := make([]any, subs)
			for j := range subs {
				lines[j] = ivLine(f.lines[j], "1")
			}
			return ivCreate(t, te, map[string]any{"salesOrderId": f.order, "partLines": lines, "paymentTermsId": terms,
				"billingAddress": map[string]any{"city": "Dayton"}, "customFields": map[string]any{"project": fmt.Sprintf("P-%d", i)},
				"externalReferences": map[string]any{"erp": map[string]any{"type": "invoice", "externalId": fmt.Sprintf("I-%d", i)}}})
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listInvoices", ivListPath, ivListPath, `{}`),
		listRead("listInvoiceReport", ivReportPath, ivReportPath, `{}`),
		getRead("getInvoice", ivInvoicePath(s[0]), ivInvoicePath(l[0])),
		getRead("getInvoicePdf", ivInvoicePath(s[0])+"/pdf", ivInvoicePath(l[0])+"/pdf"),
	}
}

const ivReportPath = "/api/reporting/invoice/list"

// ivReportRow is what the tests read of a report row.
type ivReportRow struct {
	ID         string `json:"id"`
	Number     int64  `json:"number"`
	Customer   struct{ ID, Name string }
	SalesOrder struct {
		ID     string
		Number int64
	}
	IsOverdue   bool        `json:"isOverdue"`
	DaysOverdue int         `json:"daysOverdue"`
	Total       json.Number `json:"total"`
	Currency    string      `json:"currencyCode"`
}

func ivReport(t *testing.T, te *tenantEnv, query, filter string) ([]ivReportRow, int) {
	t.Helper()
	var page struct {
		Data       []ivReportRow `json:"data"`
		TotalCount int           `json:"totalCount"`
	}
	res, b := ivSend(t, te, http.MethodPost, ivReportPath+query, filter)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if err := json.Unmarshal(b, &page); err != nil {
		t.Fatal(err)
	}
	return page.Data, page.TotalCount
}

func ivReportIDs(rows []ivReportRow) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}

// TestInvoiceReportFiltersAndOverdueDays: one row per live invoice with its customer and order;
// each filter narrows the report; an unpaid invoice due before today's shop day is overdue by
// the days between; the envelope pages.
func TestInvoiceReportFiltersAndOverdueDays(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f, g := ivOrder(t, te, "5"), ivOrder(t, te, "5")
	today := time.Now().UTC()
	dueAgo := today.AddDate(0, 0, -10).Format(time.DateOnly)
	a := ivCreate(t, te, map[string]any{"salesOrderId": f.order, "partLines": []any{ivLine(f.lines[0], "1")},
		"issueDate": "2026-10-01", "dueDate": dueAgo})
	b := ivCreate(t, te, map[string]any{"salesOrderId": g.order, "partLines": []any{ivLine(g.lines[0], "1")},
		"issueDate": "2026-10-05", "dueDate": "2099-01-01"})
	c := ivCreate(t, te, map[string]any{"salesOrderId": g.order, "partLines": []any{ivLine(g.lines[0], "1")}, "dueDate": dueAgo})
	ivMove(t, te, c, "paid")
	gone := ivCreate(t, te, map[string]any{"salesOrderId": g.order, "partLines": []any{ivLine(g.lines[0], "1")}})
	res, body := ivSend(t, te, http.MethodDelete, ivInvoicePath(gone), "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	rows, total := ivReport(t, te, "", `{}`)
	if total != 3 || !slices.Equal(ivReportIDs(rows), []string{c, b, a}) {
		t.Fatalf("report %v (%d), want the three live invoices newest first", ivReportIDs(rows), total)
	}
	byID := map[string]ivReportRow{}
	for _, r := range rows {
		byID[r.ID] = r
	}
	if r := byID[a]; !r.IsOverdue || r.DaysOverdue < 9 || r.DaysOverdue > 11 || r.Customer.ID != f.customer || r.Customer.Name == "" ||
		r.SalesOrder.ID != f.order || r.SalesOrder.Number == 0 || r.Currency != "USD" || r.Total.String() != "10" {
		t.Fatalf("row a %+v", r)
	}
	if byID[b].IsOverdue || byID[c].IsOverdue || byID[c].DaysOverdue != 0 {
		t.Fatalf("rows b %+v c %+v: not overdue (future due date, paid)", byID[b], byID[c])
	}
	for _, tc := range []struct {
		filter string
		want   []string
	}{
		{`{"issueDateFrom":"2026-10-02"}`, []string{b}},
		{`{"issueDateTo":"2026-10-02"}`, []string{a}},
		{`{"statuses":["paid"]}`, []string{c}},
		{fmt.Sprintf(`{"customerIds":[%q]}`, f.customer), []string{a}},
		{fmt.Sprintf(`{"dueBefore":%q}`, today.Format(time.DateOnly)), []string{c, a}},
	} {
		if got, _ := ivReport(t, te, "", tc.filter); !slices.Equal(ivReportIDs(got), tc.want) {
			t.Errorf("filter %s: %v, want %v", tc.filter, ivReportIDs(got), tc.want)
		}
	}
	paged, total := ivReport(t, te, "?Sort.Field=number&Sort.Dir=ascending&Skip=1&Take=1", `{}`)
	if total != 3 || len(paged) != 1 || paged[0].ID != b {
		t.Fatalf("page %v of %d", ivReportIDs(paged), total)
	}
	res, body = ivSend(t, te, http.MethodPost, ivReportPath, `{"dueBefore":"1999-01-01"}`)
	mustProblemNaming(t, res, body, "dueBefore")
	viewer, editor := te.userToken(t, "View Invoices"), te.userToken(t, "Edit Invoices")
	res, body = soSend(t, editor, http.MethodPost, ivReportPath, `{}`)
	mustProblem(t, res, body, http.StatusForbidden)
	res, body = soSend(t, viewer, http.MethodPost, ivReportPath, `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
}

// TestInvoicingSetsTheOrderLinesLastInvoicedDay: billing sets the order line's last invoiced
// day to the invoice's issue day (else the shop day it was billed), which the sales-order-lines
// report's invoiced window finds.
func TestInvoicingSetsTheOrderLinesLastInvoicedDay(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := ivOrder(t, te, "5", "5")
	ivCreate(t, te, map[string]any{"salesOrderId": f.order, "partLines": []any{ivLine(f.lines[0], "1")}, "issueDate": "2026-09-14"})
	ivBill(t, te, f.order, ivLine(f.lines[1], "1"))
	if _, day := ivInvoiced(t, te, f.lines[0]); day == nil || *day != "2026-09-14" {
		t.Fatalf("last invoiced day %v, want the issue day", day)
	}
	today := time.Now().UTC().Format(time.DateOnly)
	if _, day := ivInvoiced(t, te, f.lines[1]); day == nil || *day != today {
		t.Fatalf("last invoiced day %v, want the shop day %s", day, today)
	}
	report := func(filter string) []string {
		rows, _ := soLineReport(t, te, "", filter)
		return soReportIDs(rows)
	}
	if got := report(`{"invoicedFrom":"2026-09-14","invoicedTo":"2026-09-14"}`); !slices.Equal(got, []string{f.lines[0]}) {
		t.Fatalf("invoiced on 2026-09-14: %v", got)
	}
	if got := report(fmt.Sprintf(`{"invoicedFrom":%q}`, today)); !slices.Equal(got, []string{f.lines[1]}) {
		t.Fatalf("invoiced today: %v", got)
	}
	if got := report(`{"invoicedFrom":"2026-09-15","invoicedTo":"2026-09-16"}`); len(got) != 0 {
		t.Fatalf("invoiced 2026-09-15..16: %v", got)
	}
}

// TestInvoiceFromAQuoteThroughPaid: quote → sales order → approved (reserves the stock) →
// shipment shipped (takes it out, the reservation first) → invoice of the shipment → issued →
// paid; stock, reservations and totals are checked at each step.
func TestInvoiceFromAQuoteThroughPaid(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("E2E-"+randomSuffix()))
	location := createLocation(t, te, "Dock "+randomSuffix())
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10"), LocationId: &location})
	soResAvailable(t, te, item, "10", "10")
	customer := createCustomer(t, te, client.CustomerWrite{Name: "End to end " + randomSuffix()})
	quoteID := createQuote(t, te, client.QuoteCreate{CustomerId: customer})
	addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":3,"unitPrice":12.5,"isTaxable":true}`, item))
	createFeeLine(t, te, quoteID, client.QuoteFeeLineItemWrite{Name: "Tooling", Amount: num("20"), IsTaxable: ptr(true)})
	createTaxLine(t, te, quoteID, createTaxRate(t, te, client.TaxRateWrite{Name: "State " + randomSuffix(), Rate: num("6")}))
	setDiscountLine(t, te, quoteID, client.QuoteDiscountLineItemWrite{IsPercentage: true, Value: num("5")})
	mustSetQuoteStatus(t, te, quoteID, client.QuoteStatusSent)
	quote := getQuote(t, te, quoteID)
	orderID := soConvert(t, te, quoteID, "")
	soResAvailable(t, te, item, "10", "10") // a draft order holds nothing
	ivMoveOrder(t, te, orderID, "approved")
	order := soGet(t, te, orderID)
	mustDec(t, "order total", order.Total, quote.Total.String())
	orderLines := soOK[[]struct {
		ID string `json:"id"`
	}](t, te, http.MethodPost, soPartLinesPath(orderID)+"/list", `{}`)
	if len(orderLines) != 1 {
		t.Fatalf("order lines %s", mustJSON(t, orderLines))
	}
	line := orderLines[0].ID
	if got := soResReserved(t, te, orderID, line); got != "3" {
		t.Fatalf("the approved order's line holds %s, want 3", got)
	}
	soResAvailable(t, te, item, "7", "10")

	shipment := shCreate(t, te, map[string]any{"salesOrderId": orderID,
		"lineItems": []any{map[string]any{"salesOrderLineItemId": line, "quantity": 3, "locationId": location}}})
	soResAvailable(t, te, item, "7", "10") // an open shipment moves nothing
	shMustStatus(t, te, shipment, "shipped")
	if got := soResReserved(t, te, orderID, line); got != "0" {
		t.Fatalf("the shipped line still holds %s", got)
	}
	soResAvailable(t, te, item, "7", "7")
	mustDec(t, "on hand at the dock", onHandAt(t, te, item, nil, &location), "7")
	if got := soGetLine(t, te, orderID, line).ShippedQuantity.String(); got != "3" {
		t.Fatalf("shipped quantity %s, want 3", got)
	}

	res, answer := isBill(t, te, orderID, shipment)
	id := createdID(t, res, answer)
	ivMustInvoiced(t, te, line, "3")
	o := ivGet(t, te, id)
	mustDec(t, "invoice lineItemsTotal", o.LineItemsTotal, order.SubTotal.String())
	mustDec(t, "invoice discountTotal", o.DiscountTotal, order.DiscountTotal.String())
	mustDec(t, "invoice taxTotal", o.TaxTotal, order.TaxTotal.String())
	mustDec(t, "invoice total", o.Total, quote.Total.String())
	mustDec(t, "invoice subtotal", o.Subtotal, order.SubTotal.String())
	o = ivMove(t, te, id, "issued")
	if o.IssueDate == nil {
		t.Fatal("issuing did not stamp the issue date")
	}
	o = ivMove(t, te, id, "paid", "2026-11-25")
	mustDec(t, "paid total", o.Total, quote.Total.String())
	if o.Status != client.InvoiceStatusPaid || o.PaidDate.Format(time.DateOnly) != "2026-11-25" {
		t.Fatalf("paid invoice %+v", o)
	}
	soResAvailable(t, te, item, "7", "7") // billing and payment move no stock
}
