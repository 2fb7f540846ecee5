package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"mos/gen/client"
)

const (
	quotesPath     = "/api/quotes"
	quotesListPath = "/api/quotes/list"
	unknownQuoteID = "ffffffffffffffffffffff0b"
)

func quotePath(id string) string { return "/api/quotes/" + id }

// createQuote creates a quote through the typed client and returns its id.
func createQuote(t *testing.T, te *tenantEnv, w client.QuoteCreate) string {
	t.Helper()
	res, err := te.API.CreateQuoteWithResponse(context.Background(), nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

// newQuote creates a customer named name and a quote for it, returning the quote's id.
func newQuote(t *testing.T, te *tenantEnv, name string) string {
	t.Helper()
	return createQuote(t, te, client.QuoteCreate{CustomerId: createCustomer(t, te, client.CustomerWrite{Name: name})})
}

func getQuote(t *testing.T, te *tenantEnv, id string) client.Quote {
	t.Helper()
	res, err := te.API.GetQuoteWithResponse(context.Background(), id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// postQuote sends a create body as JSON to path (either spelling).
func postQuote(t *testing.T, te *tenantEnv, path, body string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, path, te.Token, "application/json", body)
}

func quoteBody(t *testing.T, v map[string]any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// createdID reads the id of a create's 200 answer.
func createdID(t *testing.T, res rawResponse, body []byte) string {
	t.Helper()
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var c struct{ ID string }
	if err := json.Unmarshal(body, &c); err != nil || c.ID == "" {
		t.Fatalf("create answer %s: %v", body, err)
	}
	return c.ID
}

func TestQuoteNumbersCountPerTenantOverBothCreatePaths(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Numbered"})
	body := quoteBody(t, map[string]any{"customerId": customer})
	var numbers []int64
	for _, path := range []string{quotesPath, "/api/quote", quotesPath} {
		res, answer := postQuote(t, te, path, body)
		id := createdID(t, res, answer)
		q := getQuote(t, te, id)
		numbers = append(numbers, q.Number)
		if q.Status != client.QuoteStatusDraft || q.CustomerId != customer || q.Customer.Name != "Numbered" || q.Deleted {
			t.Fatalf("new quote %+v", q)
		}
	}
	if !slices.Equal(numbers, []int64{1, 2, 3}) {
		t.Fatalf("numbers %v, want 1 2 3", numbers)
	}
	other := newTenant(t)
	if n := getQuote(t, other, newQuote(t, other, "Elsewhere")).Number; n != 1 {
		t.Fatalf("another tenant's first quote is number %d, want 1", n)
	}
}

func TestQuoteNumbersAreGapFreeUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Busy"})
	const n = 50
	ids := make([]string, n)
	statuses := atOnce(t, n, func(i int) (int, error) {
		res, err := te.API.CreateQuoteWithResponse(context.Background(), nil, client.QuoteCreate{CustomerId: customer})
		if err != nil {
			return 0, err
		}
		if res.JSON200 != nil {
			ids[i] = res.JSON200.Id
		}
		return res.StatusCode(), nil
	})
	if statuses[http.StatusOK] != n {
		t.Fatalf("statuses %v, want %d × 200", statuses, n)
	}
	var numbers []int64
	for _, id := range ids {
		numbers = append(numbers, getQuote(t, te, id).Number)
	}
	slices.Sort(numbers)
	for i, got := range numbers {
		if got != int64(i+1) {
			t.Fatalf("numbers %v, want 1..%d exactly", numbers, n)
		}
	}
}

func TestQuoteCreateTakesTheCustomersDefaults(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	terms := createPaymentTerm(t, te, "Net 45", 45)
	salesPerson := userIDOf(t, te.userToken(t))
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Defaults", CurrencyCode: ptr("EUR"), PaymentTermsId: &terms, SalesPersonId: &salesPerson})
	billing := dockAddress()
	billing.PrimaryBilling, billing.Name = ptr(true), ptr("Accounts")
	createAddress(t, te, customer, billing)
	shipping := client.CustomerAddressWrite{Address1: "1 Dock Rd", City: "Xenia", PostalCode: "45385", PrimaryShipping: ptr(true), Email: ptr("dock@example.com")}
	createAddress(t, te, customer, shipping)

	q := getQuote(t, te, createQuote(t, te, client.QuoteCreate{CustomerId: customer}))
	if q.CurrencyCode != "EUR" || optText(q.PaymentTermsId) != terms || q.PaymentTerms == nil || q.PaymentTerms.Name != "Net 45" ||
		optText(q.SalesPersonId) != salesPerson {
		t.Fatalf("defaults not taken: %+v", q)
	}
	if q.BillingAddress == nil || optText(q.BillingAddress.Name) != "Accounts" || optText(q.BillingAddress.Address1) != "400 Canal St" ||
		optText(q.BillingAddress.City) != "Dayton" || optText(q.BillingAddress.PostalCode) != "45402" {
		t.Fatalf("billing address %+v", q.BillingAddress)
	}
	if q.ShippingAddress == nil || optText(q.ShippingAddress.Address1) != "1 Dock Rd" || optText(q.ShippingAddress.Email) != "dock@example.com" {
		t.Fatalf("shipping address %+v", q.ShippingAddress)
	}
	if q.Contact != nil || q.ContactId != nil || q.DueDate != nil || q.QuotedDate != nil || q.CreatedBy != nil {
		t.Fatalf("unexpected members on a bare create: %+v", q)
	}

	// Given members win; null addresses store none; the currency given is kept.
	other := createPaymentTerm(t, te, "Net 10", 10)
	otherPerson := userIDOf(t, te.userToken(t, "View Quote"))
	res, body := postQuote(t, te, quotesPath, quoteBody(t, map[string]any{
		"customerId": customer, "currencyCode": "GBP", "paymentTermsId": other, "salesPersonId": otherPerson,
		"billingAddress": nil, "shippingAddress": map[string]any{"address1": "  9 Elm  ", "city": " ", "email": nil},
	}))
	q = getQuote(t, te, createdID(t, res, body))
	if q.CurrencyCode != "GBP" || optText(q.PaymentTermsId) != other || optText(q.SalesPersonId) != otherPerson || q.BillingAddress != nil {
		t.Fatalf("given members not kept: %+v", q)
	}
	if q.ShippingAddress == nil || optText(q.ShippingAddress.Address1) != "9 Elm" || q.ShippingAddress.City != nil {
		t.Fatalf("shipping address given %+v", q.ShippingAddress)
	}

	// A customer without addresses gives none; the currency falls back to the customer's.
	bare := getQuote(t, te, newQuote(t, te, "Bare"))
	if bare.BillingAddress != nil || bare.ShippingAddress != nil || bare.CurrencyCode != "USD" {
		t.Fatalf("bare customer quote %+v", bare)
	}
}

func TestQuoteCreateCopiesTheContact(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "With contact"})
	contact := createContact(t, te, customer, client.CustomerContactWrite{FirstName: "Ada", LastName: ptr("Lovelace"), Email: ptr("ada@example.com"), Phone: ptr("555-0100")})
	q := getQuote(t, te, createQuote(t, te, client.QuoteCreate{CustomerId: customer, ContactId: &contact}))
	if optText(q.ContactId) != contact || q.Contact == nil || q.Contact.Id != contact || q.Contact.FirstName != "Ada" ||
		optText(q.Contact.LastName) != "Lovelace" || optText(q.Contact.Email) != "ada@example.com" || optText(q.Contact.Phone) != "555-0100" {
		t.Fatalf("contact copy %+v / %+v", q.ContactId, q.Contact)
	}

	// A contact of another customer, or an unknown one, answers 404 naming contactId.
	stranger := createCustomer(t, te, client.CustomerWrite{Name: "Stranger"})
	for _, id := range []string{contact, unknownSubRecordID} {
		res, body := postQuote(t, te, quotesPath, quoteBody(t, map[string]any{"customerId": stranger, "contactId": id}))
		mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "contactId")
	}
}

func TestQuoteCreateNeedsALiveCustomer(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, body := postQuote(t, te, quotesPath, quoteBody(t, map[string]any{"customerId": unknownCustomerID}))
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "customerId")

	gone := createCustomer(t, te, client.CustomerWrite{Name: "Gone"})
	deleteSubRecordCustomer(t, te, gone)
	res, body = postQuote(t, te, "/api/quote", quoteBody(t, map[string]any{"customerId": gone}))
	mustProblemNaming(t, res, body, "customerId")

	// Another tenant's customer is unknown here.
	other := newTenant(t)
	theirs := createCustomer(t, other, client.CustomerWrite{Name: "Theirs"})
	res, body = postQuote(t, te, quotesPath, quoteBody(t, map[string]any{"customerId": theirs}))
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "customerId")
}

func TestQuoteCreateRefusesUnknownReferences(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Refs"})
	for _, field := range []string{"salesPersonId", "paymentTermsId"} {
		res, body := postQuote(t, te, quotesPath, quoteBody(t, map[string]any{"customerId": customer, field: unknownCustomerID}))
		mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), field)
	}
	// A refused create takes no number.
	if n := getQuote(t, te, createQuote(t, te, client.QuoteCreate{CustomerId: customer})).Number; n != 1 {
		t.Fatalf("first stored quote is number %d, want 1", n)
	}
}

func TestQuoteCreateIgnoresDueDate(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Due"})
	res, body := postQuote(t, te, quotesPath, quoteBody(t, map[string]any{"customerId": customer, "dueDate": "2027-01-15"}))
	if q := getQuote(t, te, createdID(t, res, body)); q.DueDate != nil {
		t.Fatalf("dueDate %v stored on create", q.DueDate)
	}
}

func TestQuoteExpirationDefaultsToTheShopDayPlusValidity(t *testing.T) {
	t.Parallel()
	// A shop far east of UTC: its day is often not the UTC day.
	te := newTenant(t, "Pacific/Kiritimati")
	loc, err := time.LoadLocation("Pacific/Kiritimati")
	if err != nil {
		t.Fatal(err)
	}
	before := time.Now().In(loc)
	q := getQuote(t, te, newQuote(t, te, "Expiring"))
	after := time.Now().In(loc)
	want := map[string]bool{}
	for _, now := range []time.Time{before, after} {
		y, m, d := now.Date()
		want[time.Date(y, m, d+30, 0, 0, 0, 0, time.UTC).Format(time.RFC3339)] = true
	}
	if got := q.ExpirationDate.UTC().Format(time.RFC3339); !want[got] {
		t.Fatalf("expirationDate %s, want one of %v (shop day + 30, midnight UTC)", got, want)
	}

	// A date sent is kept as written, at midnight UTC, whatever its time and offset.
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Explicit"})
	res, body := postQuote(t, te, quotesPath, quoteBody(t, map[string]any{"customerId": customer, "expirationDate": "2027-03-01T23:30:00-08:00"}))
	if got := getQuote(t, te, createdID(t, res, body)).ExpirationDate.UTC().Format(time.RFC3339); got != "2027-03-01T00:00:00Z" {
		t.Fatalf("expirationDate %s, want 2027-03-01T00:00:00Z", got)
	}
	for _, bad := range []string{"1999-12-31", "2100-01-01", "2027-02-30"} {
		res, body := postQuote(t, te, quotesPath, quoteBody(t, map[string]any{"customerId": customer, "expirationDate": bad}))
		mustProblemNaming(t, res, body, "expirationDate")
	}
}

func TestQuoteCreateValidatesMembers(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Validated"})
	cases := []struct {
		field string
		edit  map[string]any
	}{
		{"billingAddress.email", map[string]any{"billingAddress": map[string]any{"email": "two@a.com, b@b.com"}}},
		{"externalReferences.erp.externalId", map[string]any{"externalReferences": map[string]any{"erp": map[string]any{"type": "quote"}}}},
		{"customFields.unknown", map[string]any{"customFields": map[string]any{"unknown": "x"}}},
	}
	for _, c := range cases {
		c.edit["customerId"] = customer
		res, body := postQuote(t, te, quotesPath, quoteBody(t, c.edit))
		mustProblemNaming(t, res, body, c.field)
	}
}

func TestQuoteCustomFieldsFollowModuleQuote(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("Project", client.CustomFieldModuleQuote))
	createCustomField(t, te, textField("Region", client.CustomFieldModuleCustomer))
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Custom"})
	q := getQuote(t, te, createQuote(t, te, client.QuoteCreate{CustomerId: customer, CustomFields: &client.CustomFields{"Project": "  Apollo "}}))
	if q.CustomFields["Project"] != "Apollo" {
		t.Fatalf("customFields %v", q.CustomFields)
	}
	res, body := postQuote(t, te, quotesPath, quoteBody(t, map[string]any{"customerId": customer, "customFields": map[string]any{"Region": "North"}}))
	mustProblemNaming(t, res, body, "customFields.Region")
}

func TestQuoteCreatedByIsTheTokensUser(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Creator"})
	token := te.userToken(t, "Edit Quote", "View Quote")
	res, body := rawRequest(t, http.MethodPost, quotesPath, token, "application/json", quoteBody(t, map[string]any{"customerId": customer}))
	q := getQuote(t, te, createdID(t, res, body))
	if q.CreatedBy == nil || q.CreatedBy.Id != userIDOf(t, token) || q.CreatedBy.Name != "user-"+t.Name() {
		t.Fatalf("createdBy %+v", q.CreatedBy)
	}
}

func TestQuotePermissions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := newQuote(t, te, "Guarded")
	customer := getQuote(t, te, id).CustomerId
	viewer := te.userToken(t, "View Quote")
	res, body := rawRequest(t, http.MethodPost, quotesPath, viewer, "application/json", quoteBody(t, map[string]any{"customerId": customer}))
	mustProblem(t, res, body, http.StatusForbidden)
	res, body = rawRequest(t, http.MethodGet, quotePath(id), viewer, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	editor := te.userToken(t, "Edit Quote")
	res, body = rawRequest(t, http.MethodGet, quotePath(id), editor, "", "")
	mustProblem(t, res, body, http.StatusForbidden)
}

func TestQuoteGetIsTenantScoped(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := newQuote(t, te, "Mine")
	other := newTenant(t)
	for _, target := range []string{id, unknownQuoteID} {
		res, body := rawRequest(t, http.MethodGet, quotePath(target), other.Token, "", "")
		mustProblem(t, res, body, http.StatusNotFound)
	}
}

// arrangeQuotes (statement counts): quotes with payment terms, a contact, addresses, custom
// fields and external references, read in a fixed number of statements.
func arrangeQuotes(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		createCustomField(t, te, textField("project", client.CustomFieldModuleQuote))
		terms := createPaymentTerm(t, te, "Net 30", 30)
		customer := createCustomer(t, te, client.CustomerWrite{Name: "Quoted", PaymentTermsId: &terms})
		billing := dockAddress()
		billing.PrimaryBilling = ptr(true)
		createAddress(t, te, customer, billing)
		contact := createContact(t, te, customer, client.CustomerContactWrite{FirstName: "Dana"})
		return arrangeEach(size, func(i, _ int) string {
			return arrangeCreate(t, te, quotesPath, fmt.Sprintf(`{"customerId":%q,"contactId":%q,
				"customFields":{"project":"P-%d"},"externalReferences":{"erp":{"type":"quote","externalId":"Q-%d"}}}`, customer, contact, i, i))
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		getRead("getQuote", quotePath(s[0]), quotePath(l[0])),
	}
}
