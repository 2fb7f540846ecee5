package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"mos/gen/client"
)

const (
	soPath          = "/api/sales-orders"
	soListPath      = "/api/sales-orders/list"
	soUnknownID     = "ffffffffffffffffffffff0c"
	soCustomerField = "customerId"
	soSettingsPath  = "/api/settings/sales-orders"
)

func soOrderPath(id string) string { return soPath + "/" + id }

// soJSON marshals a request body.
func soJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// soCreate posts a create body and answers the new order's id.
func soCreate(t *testing.T, te *tenantEnv, body map[string]any) string {
	t.Helper()
	res, answer := rawRequest(t, http.MethodPost, soPath, te.Token, "application/json", soJSON(t, body))
	return createdID(t, res, answer)
}

// soFor creates a customer named name (a fresh one when empty) and a sales order for it.
func soFor(t *testing.T, te *tenantEnv, name string) string {
	t.Helper()
	if name == "" {
		name = "Ordering " + t.Name()
	}
	return soCreate(t, te, map[string]any{"customerId": createCustomer(t, te, client.CustomerWrite{Name: name})})
}

// soGet reads a sales order through the typed client.
func soGet(t *testing.T, te *tenantEnv, id string) client.SalesOrder {
	t.Helper()
	return soRequest(t, te, http.MethodGet, soOrderPath(id), "")
}

// soRequest sends body (JSON) and answers the sales order of a 200.
func soRequest(t *testing.T, te *tenantEnv, method, path, body string) client.SalesOrder {
	t.Helper()
	contentType := ""
	if body != "" {
		contentType = "application/json"
		if method == http.MethodPatch {
			contentType = "application/json-patch+json"
		}
	}
	res, answer := rawRequest(t, method, path, te.Token, contentType, body)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	var o client.SalesOrder
	if err := json.Unmarshal(answer, &o); err != nil {
		t.Fatal(err)
	}
	return o
}

func TestSalesOrderCreateTakesCustomerDefaults(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	terms := createPaymentTerm(t, te, "Net 30", 30)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Dayton Tool", PaymentTermsId: &terms, CurrencyCode: ptr("CAD")})
	billing := dockAddress()
	billing.PrimaryBilling = ptr(true)
	createAddress(t, te, customer, billing)
	contact := createContact(t, te, customer, client.CustomerContactWrite{FirstName: "Dana", Email: ptr("dana@dayton.test")})
	id := soCreate(t, te, map[string]any{"customerId": customer, "contactId": contact, "customerPoNumber": "  PO-4471 ",
		"orderedDate": "2026-03-01T23:30:00-08:00", "notes": "Rush"})
	o := soGet(t, te, id)
	if o.Number != 1 || o.Status != client.SalesOrderStatusDraft || o.CustomerId != customer || o.Customer.Name != "Dayton Tool" || o.Deleted {
		t.Fatalf("new order %+v", o)
	}
	if o.CurrencyCode != "CAD" || o.PaymentTermsId == nil || *o.PaymentTermsId != terms || o.PaymentTerms == nil || o.PaymentTerms.Name != "Net 30" {
		t.Fatalf("customer defaults: currency %s terms %v %+v", o.CurrencyCode, o.PaymentTermsId, o.PaymentTerms)
	}
	if o.BillingAddress == nil || o.BillingAddress.City == nil || *o.BillingAddress.City != billing.City || o.ShippingAddress != nil {
		t.Fatalf("addresses: billing %+v shipping %+v", o.BillingAddress, o.ShippingAddress)
	}
	if o.Contact == nil || o.Contact.FirstName != "Dana" || o.ContactId == nil || *o.ContactId != contact {
		t.Fatalf("contact %+v", o.Contact)
	}
	if o.CustomerPoNumber == nil || *o.CustomerPoNumber != "PO-4471" {
		t.Fatalf("customerPoNumber %v, want trimmed PO-4471", o.CustomerPoNumber)
	}
	if got := o.OrderedDate.UTC().Format("2006-01-02T15:04:05Z"); got != "2026-03-01T00:00:00Z" {
		t.Fatalf("orderedDate %s, want 2026-03-01T00:00:00Z", got)
	}
	if o.Dropship || o.DropshipCustomerPoNumber != nil || o.QuoteId != nil || o.DueDate != nil || o.ShippingMethod != nil {
		t.Fatalf("defaults: %+v", o)
	}
	if o.ShippingCharge.IsTaxable || o.ShippingCharge.Amount.String() != "0" || o.Total.String() != "0" {
		t.Fatalf("shipping charge %+v total %s", o.ShippingCharge, o.Total.String())
	}
	// Null addresses store none.
	none := soGet(t, te, soCreate(t, te, map[string]any{"customerId": customer, "billingAddress": nil}))
	if none.BillingAddress != nil || none.Number != 2 {
		t.Fatalf("null billing address: %+v, number %d", none.BillingAddress, none.Number)
	}
}

func TestSalesOrderNumbersCountPerTenant(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Numbered"})
	var numbers []int64
	for range 3 {
		numbers = append(numbers, soGet(t, te, soCreate(t, te, map[string]any{"customerId": customer})).Number)
	}
	// A refused create takes no number.
	res, body := rawRequest(t, http.MethodPost, soPath, te.Token, "application/json", soJSON(t, map[string]any{"customerId": customer, "dueDate": "1999-12-31"}))
	mustProblemNaming(t, res, body, "dueDate")
	numbers = append(numbers, soGet(t, te, soCreate(t, te, map[string]any{"customerId": customer})).Number)
	if !slices.Equal(numbers, []int64{1, 2, 3, 4}) {
		t.Fatalf("numbers %v, want 1 2 3 4", numbers)
	}
	other := newTenant(t)
	if n := soGet(t, other, soFor(t, other, "Elsewhere")).Number; n != 1 {
		t.Fatalf("another tenant's first order is number %d, want 1", n)
	}
}

func TestSalesOrderCreateDefaultsOrderedDateToShopDay(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	o := soGet(t, te, soFor(t, te, ""))
	// The shop day of creation: within a day of now in UTC whatever the timezone.
	if d := o.CreatedUtc.Sub(o.OrderedDate); d < -24*60*60*1e9 || d > 48*60*60*1e9 {
		t.Fatalf("orderedDate %s far from createdUtc %s", o.OrderedDate, o.CreatedUtc)
	}
	if o.OrderedDate.UTC().Hour() != 0 || o.OrderedDate.UTC().Minute() != 0 {
		t.Fatalf("orderedDate %s is not midnight UTC", o.OrderedDate)
	}
}

func TestSalesOrderCreateKeepsCalendarDatesAsWritten(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Dated"})
	for _, field := range []string{"orderedDate", "dueDate", "productionDueDate", "deliveryDueDate"} {
		for _, written := range []string{"2026-03-01T23:30:00-08:00", "2026-03-01T00:30:00+09:00", "2026-03-01"} {
			o := soGet(t, te, soCreate(t, te, map[string]any{"customerId": customer, field: written}))
			raw := map[string]any{"orderedDate": o.OrderedDate, "dueDate": o.DueDate, "productionDueDate": o.ProductionDueDate, "deliveryDueDate": o.DeliveryDueDate}
			b, _ := json.Marshal(raw[field])
			if string(b) != `"2026-03-01T00:00:00Z"` {
				t.Errorf("%s %s read as %s, want 2026-03-01T00:00:00Z", field, written, b)
			}
		}
		for _, bad := range []string{"1999-12-31", "2100-01-01", "2026-02-30", "soon"} {
			res, body := rawRequest(t, http.MethodPost, soPath, te.Token, "application/json", soJSON(t, map[string]any{"customerId": customer, field: bad}))
			mustProblemNaming(t, res, body, field)
		}
	}
}

func TestSalesOrderCreateDropshipDefaultsAndPoNumber(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Dropshipper"})
	plain := soGet(t, te, soCreate(t, te, map[string]any{"customerId": customer}))
	if plain.Dropship || plain.DropshipCustomerPoNumber != nil {
		t.Fatalf("default dropship %v %v", plain.Dropship, plain.DropshipCustomerPoNumber)
	}
	shipped := soGet(t, te, soCreate(t, te, map[string]any{"customerId": customer, "dropship": true, "dropshipCustomerPoNumber": " END-77 "}))
	if !shipped.Dropship || shipped.DropshipCustomerPoNumber == nil || *shipped.DropshipCustomerPoNumber != "END-77" {
		t.Fatalf("dropship %v %v", shipped.Dropship, shipped.DropshipCustomerPoNumber)
	}
	// Without dropship the dropship PO number is not kept.
	ignored := soGet(t, te, soCreate(t, te, map[string]any{"customerId": customer, "dropshipCustomerPoNumber": "END-78"}))
	if ignored.Dropship || ignored.DropshipCustomerPoNumber != nil {
		t.Fatalf("dropship PO number kept without dropship: %v", ignored.DropshipCustomerPoNumber)
	}
}

func TestSalesOrderCreateRefusesBadInput(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Careful"})
	long := make([]byte, 1001)
	for i := range long {
		long[i] = '7'
	}
	for field, body := range map[string]map[string]any{
		"customerPoNumber":         {"customerPoNumber": string(long)},
		"dropshipCustomerPoNumber": {"dropship": true, "dropshipCustomerPoNumber": string(long)},
		"shippingCharge.amount":    {"shippingCharge": map[string]any{"amount": -1}},
		"currencyCode":             {"currencyCode": "usd"},
		"billingAddress.email":     {"billingAddress": map[string]any{"email": "not an address"}},
	} {
		body["customerId"] = customer
		res, answer := rawRequest(t, http.MethodPost, soPath, te.Token, "application/json", soJSON(t, body))
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400: %s", field, res.StatusCode, answer)
			continue
		}
		mustProblemNaming(t, res, answer, field)
	}
}

func TestSalesOrderCreateReferences(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Referenced"})
	other := createCustomer(t, te, client.CustomerWrite{Name: "Other"})
	post := func(body map[string]any) (rawResponse, []byte) {
		return rawRequest(t, http.MethodPost, soPath, te.Token, "application/json", soJSON(t, body))
	}
	res, body := post(map[string]any{"customerId": soUnknownID})
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "customerId")
	gone := createCustomer(t, te, client.CustomerWrite{Name: "Gone"})
	res, body = rawRequest(t, http.MethodDelete, "/api/customers/"+gone, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	res, body = post(map[string]any{"customerId": gone})
	mustProblemNaming(t, res, body, "customerId")
	otherContact := createContact(t, te, other, client.CustomerContactWrite{FirstName: "Sam"})
	res, body = post(map[string]any{"customerId": customer, "contactId": otherContact})
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "contactId")
	res, body = post(map[string]any{"customerId": customer, "shippingMethodId": soUnknownID})
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "shippingMethodId")
	archived := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "Old truck", IsArchived: ptr(true)})
	res, body = post(map[string]any{"customerId": customer, "shippingMethodId": archived})
	mustProblemNaming(t, res, body, "shippingMethodId")
	res, body = post(map[string]any{"customerId": customer, "paymentTermsId": soUnknownID})
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "paymentTermsId")
	res, body = post(map[string]any{"customerId": customer, "salesPersonId": soUnknownID})
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "salesPersonId")
	ground := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "Ground"})
	o := soGet(t, te, soCreate(t, te, map[string]any{"customerId": customer, "shippingMethodId": ground}))
	if o.ShippingMethodId == nil || *o.ShippingMethodId != ground || o.ShippingMethod == nil || o.ShippingMethod.Name != "Ground" {
		t.Fatalf("shipping method %v %+v", o.ShippingMethodId, o.ShippingMethod)
	}
}

func TestSalesOrderShippingChargeCountsAsFee(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Shipped"})
	o := soGet(t, te, soCreate(t, te, map[string]any{"customerId": customer, "shippingCharge": map[string]any{"amount": json.Number("12.50"), "isTaxable": true}}))
	if o.ShippingCharge.Amount.String() != "12.5" || !o.ShippingCharge.IsTaxable {
		t.Fatalf("shipping charge %+v", o.ShippingCharge)
	}
	// 12.50 as the only fee: fee and sub total 12.50, taxable base 12.50, no tax lines.
	for what, got := range map[string]string{"feeTotal": o.FeeTotal.String(), "subTotal": o.SubTotal.String(), "taxableBase": o.TaxableBase.String(), "total": o.Total.String()} {
		if got != "12.5" {
			t.Errorf("%s %s, want 12.5", what, got)
		}
	}
}

func TestSalesOrderGetAnswers404AcrossTenants(t *testing.T) {
	t.Parallel()
	a, b := newTenant(t), newTenant(t)
	id := soFor(t, a, "Mine")
	res, body := rawRequest(t, http.MethodGet, soOrderPath(id), b.Token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = rawRequest(t, http.MethodGet, soOrderPath(soUnknownID), a.Token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
	// B's customer id is unknown to A.
	bCustomer := createCustomer(t, b, client.CustomerWrite{Name: "Theirs"})
	res, body = rawRequest(t, http.MethodPost, soPath, a.Token, "application/json", soJSON(t, map[string]any{soCustomerField: bCustomer}))
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), soCustomerField)
}

func TestSalesOrderCreatedByAndPermissions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := soFor(t, te, "Guarded")
	customer := soGet(t, te, id).CustomerId
	viewer := te.userToken(t, "View Sales Order")
	res, body := rawRequest(t, http.MethodPost, soPath, viewer, "application/json", soJSON(t, map[string]any{"customerId": customer}))
	mustProblem(t, res, body, http.StatusForbidden)
	res, body = rawRequest(t, http.MethodGet, soOrderPath(id), viewer, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	editor := te.userToken(t, "Edit Sales Order")
	res, body = rawRequest(t, http.MethodGet, soOrderPath(id), editor, "", "")
	mustProblem(t, res, body, http.StatusForbidden)
	res, body = rawRequest(t, http.MethodPost, soPath, editor, "application/json", soJSON(t, map[string]any{"customerId": customer}))
	o := soGet(t, te, createdID(t, res, body))
	if o.CreatedBy == nil || o.CreatedBy.Id != userIDOf(t, editor) {
		t.Fatalf("createdBy %+v", o.CreatedBy)
	}
	if soGet(t, te, id).CreatedBy != nil {
		t.Fatal("an integration token's order names a creator")
	}
}

// soArrangeOrders: sales orders with a contact, custom fields and external references, one
// (small) or many (large): a read answers in a fixed number of statements.
func soArrangeOrders(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		createCustomField(t, te, textField("project", client.CustomFieldModuleSalesOrder))
		terms := createPaymentTerm(t, te, "Net 30", 30)
		customer := createCustomer(t, te, client.CustomerWrite{Name: "Ordering", PaymentTermsId: &terms})
		billing := dockAddress()
		billing.PrimaryBilling = ptr(true)
		createAddress(t, te, customer, billing)
		contact := createContact(t, te, customer, client.CustomerContactWrite{FirstName: "Dana"})
		ground := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "Ground"})
		return arrangeEach(size, func(i, subs int) string {
			order := arrangeCreate(t, te, soPath, fmt.Sprintf(`{"customerId":%q,"contactId":%q,"shippingMethodId":%q,
				"customFields":{"project":"P-%d"},"externalReferences":{"erp":{"type":"salesOrder","externalId":"SO-%d"}}}`, customer, contact, ground, i, i))
			if i == 0 {
				// The first order's PDF prints part, blanket and fee lines: many of each in the
				// large world.
				for k := range subs {
					solPartLine(t, te, order, k+1, "2", "3.50", nil)
					soBlanketLine(t, te, order, k+1)
					solCreate(t, te, soFeeLinesPath(order), fmt.Sprintf(`{"name":"Fee %d","amount":4}`, k))
				}
			}
			return order
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listSalesOrders", soListPath, soListPath, `{}`),
		getRead("getSalesOrder", soOrderPath(s[0]), soOrderPath(l[0])),
		getRead("getSalesOrderPdf", psoPath(s[0]), psoPath(l[0])),
		getRead("getSalesOrderSettings", soSettingsPath, soSettingsPath),
	}
}

// soPutSettings stores the tenant's sales order settings.
func soPutSettings(t *testing.T, te *tenantEnv, autoAdd bool) {
	t.Helper()
	res, body := rawRequest(t, http.MethodPut, soSettingsPath, te.Token, "application/json", fmt.Sprintf(`{"autoAddCustomerTaxRates":%v}`, autoAdd))
	mustStatus(t, res.StatusCode, http.StatusOK, body)
}
