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
		listRead("listQuotes", quotesListPath, quotesListPath, `{}`),
		getRead("getQuote", quotePath(s[0]), quotePath(l[0])),
	}
}

// quoteRequest sends body (JSON unless contentType says otherwise) and answers the quote.
func quoteRequest(t *testing.T, te *tenantEnv, method, path, contentType, body string) client.Quote {
	t.Helper()
	res, answer := rawRequest(t, method, path, te.Token, contentType, body)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	var q client.Quote
	if err := json.Unmarshal(answer, &q); err != nil {
		t.Fatal(err)
	}
	return q
}

func putQuote(t *testing.T, te *tenantEnv, id string, body map[string]any) client.Quote {
	t.Helper()
	return quoteRequest(t, te, http.MethodPut, quotePath(id), "application/json", quoteBody(t, body))
}

func patchQuote(t *testing.T, te *tenantEnv, id, ops string) client.Quote {
	t.Helper()
	return quoteRequest(t, te, http.MethodPatch, quotePath(id), "application/json-patch+json", ops)
}

func setQuoteStatus(t *testing.T, te *tenantEnv, id string, status client.QuoteStatus) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, quotePath(id)+"/status", te.Token, "application/json", quoteBody(t, map[string]any{"status": status}))
}

func mustSetQuoteStatus(t *testing.T, te *tenantEnv, id string, status client.QuoteStatus) client.Quote {
	t.Helper()
	res, body := setQuoteStatus(t, te, id, status)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var q client.Quote
	if err := json.Unmarshal(body, &q); err != nil {
		t.Fatal(err)
	}
	return q
}

func dueOf(q client.Quote) string {
	if q.DueDate == nil {
		return ""
	}
	return q.DueDate.UTC().Format(time.RFC3339)
}

func TestQuoteUpdateReplacesMembersWithoutCustomerDefaults(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	terms := createPaymentTerm(t, te, "Net 45", 45)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Updated", CurrencyCode: ptr("EUR"), PaymentTermsId: &terms})
	billing := dockAddress()
	billing.PrimaryBilling = ptr(true)
	createAddress(t, te, customer, billing)
	id := createQuote(t, te, client.QuoteCreate{CustomerId: customer, Notes: ptr("first")})

	q := putQuote(t, te, id, map[string]any{"customerId": customer, "notes": "second",
		"shippingAddress": map[string]any{"address1": "7 Pier"}, "number": 99, "status": "won"})
	if optText(q.Notes) != "second" || q.BillingAddress != nil || q.PaymentTermsId != nil || q.CurrencyCode != "EUR" ||
		q.ShippingAddress == nil || optText(q.ShippingAddress.Address1) != "7 Pier" || q.Number != 1 || q.Status != client.QuoteStatusDraft {
		t.Fatalf("updated quote %+v", q)
	}
	// Another customer; a new currency.
	other := createCustomer(t, te, client.CustomerWrite{Name: "Other"})
	q = putQuote(t, te, id, map[string]any{"customerId": other, "currencyCode": "JPY"})
	if q.CustomerId != other || q.Customer.Name != "Other" || q.CurrencyCode != "JPY" {
		t.Fatalf("moved quote %+v", q)
	}
	if got := getQuote(t, te, id); got.ModifiedUtc.Before(got.CreatedUtc) || got.CurrencyCode != "JPY" {
		t.Fatalf("read back %+v", got)
	}

	gone := createCustomer(t, te, client.CustomerWrite{Name: "Gone"})
	deleteSubRecordCustomer(t, te, gone)
	res, body := rawRequest(t, http.MethodPut, quotePath(id), te.Token, "application/json", quoteBody(t, map[string]any{"customerId": gone}))
	mustProblemNaming(t, res, body, "customerId")
	res, body = rawRequest(t, http.MethodPut, quotePath(id), te.Token, "application/json", quoteBody(t, map[string]any{"customerId": unknownCustomerID}))
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "customerId")
	res, body = rawRequest(t, http.MethodPut, quotePath(unknownQuoteID), te.Token, "application/json", quoteBody(t, map[string]any{"customerId": other}))
	mustProblem(t, res, body, http.StatusNotFound)
}

func TestQuoteUpdateKeepsTheContactCopyUnlessTheContactChanges(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Contacts"})
	ada := createContact(t, te, customer, client.CustomerContactWrite{FirstName: "Ada"})
	bob := createContact(t, te, customer, client.CustomerContactWrite{FirstName: "Bob"})
	id := createQuote(t, te, client.QuoteCreate{CustomerId: customer, ContactId: &ada})
	// The customer's contact changes; the quote keeps its copy while it names the same contact.
	res, body := rawRequest(t, http.MethodPut, contactPath(customer, ada), te.Token, "application/json", `{"firstName":"Adeline"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	q := patchQuote(t, te, id, `[{"op":"replace","path":"/notes","value":"n"}]`)
	if q.Contact == nil || q.Contact.FirstName != "Ada" {
		t.Fatalf("contact copy %+v", q.Contact)
	}
	q = patchQuote(t, te, id, fmt.Sprintf(`[{"op":"replace","path":"/contactId","value":%q}]`, bob))
	if q.Contact == nil || q.Contact.Id != bob || q.Contact.FirstName != "Bob" {
		t.Fatalf("new contact copy %+v", q.Contact)
	}
	stranger := createContact(t, te, createCustomer(t, te, client.CustomerWrite{Name: "Stranger"}), client.CustomerContactWrite{FirstName: "Eve"})
	res, body = rawRequest(t, http.MethodPatch, quotePath(id), te.Token, "application/json-patch+json",
		fmt.Sprintf(`[{"op":"replace","path":"/contactId","value":%q}]`, stranger))
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "contactId")
}

func TestQuoteDueDateIsStoredAtMidnightUTC(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := newQuote(t, te, "Midnight")
	q := putQuote(t, te, id, map[string]any{"customerId": getQuote(t, te, id).CustomerId, "dueDate": "2027-01-15T22:45:00-07:00"})
	if got := dueOf(q); got != "2027-01-15T00:00:00Z" {
		t.Fatalf("dueDate %s, want 2027-01-15T00:00:00Z", got)
	}
}

func TestQuoteUpdateWithoutDueDateKeepsIt(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := newQuote(t, te, "Keeps")
	customer := getQuote(t, te, id).CustomerId
	putQuote(t, te, id, map[string]any{"customerId": customer, "dueDate": "2027-02-01"})
	for _, body := range []map[string]any{{"customerId": customer, "dueDate": nil}, {"customerId": customer}} {
		if got := dueOf(putQuote(t, te, id, body)); got != "2027-02-01T00:00:00Z" {
			t.Fatalf("update %v: dueDate %q, want kept", body, got)
		}
	}
}

func TestQuotePatchNullClearsDueDate(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := newQuote(t, te, "Clears")
	for _, ops := range []string{`[{"op":"replace","path":"/dueDate","value":null}]`, `[{"op":"remove","path":"/dueDate"}]`} {
		if got := dueOf(patchQuote(t, te, id, `[{"op":"replace","path":"/dueDate","value":"2027-03-01"}]`)); got != "2027-03-01T00:00:00Z" {
			t.Fatalf("patched dueDate %q", got)
		}
		// A patch not naming dueDate keeps it.
		if got := dueOf(patchQuote(t, te, id, `[{"op":"replace","path":"/notes","value":"x"}]`)); got != "2027-03-01T00:00:00Z" {
			t.Fatalf("dueDate %q after an unrelated patch", got)
		}
		if q := patchQuote(t, te, id, ops); q.DueDate != nil {
			t.Fatalf("%s left dueDate %v", ops, q.DueDate)
		}
	}
}

func TestQuoteDueDateOutsideTheYearsIsRefused(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := newQuote(t, te, "Bounds")
	customer := getQuote(t, te, id).CustomerId
	for _, bad := range []string{"1999-12-31", "2100-01-01", "2027-02-30"} {
		res, body := rawRequest(t, http.MethodPut, quotePath(id), te.Token, "application/json", quoteBody(t, map[string]any{"customerId": customer, "dueDate": bad}))
		mustProblemNaming(t, res, body, "dueDate")
		res, body = rawRequest(t, http.MethodPatch, quotePath(id), te.Token, "application/json-patch+json", fmt.Sprintf(`[{"op":"replace","path":"/dueDate","value":%q}]`, bad))
		mustProblemNaming(t, res, body, "dueDate")
	}
	for _, edge := range []string{"2000-01-01", "2099-12-31"} {
		if got := dueOf(putQuote(t, te, id, map[string]any{"customerId": customer, "dueDate": edge})); got != edge+"T00:00:00Z" {
			t.Fatalf("dueDate %q, want %s", got, edge)
		}
	}
}

func TestSentQuoteRefusesADueDateChange(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, status := range []client.QuoteStatus{client.QuoteStatusSent, client.QuoteStatusWon, client.QuoteStatusLost} {
		id := newQuote(t, te, "Sent "+string(status))
		customer := getQuote(t, te, id).CustomerId
		putQuote(t, te, id, map[string]any{"customerId": customer, "dueDate": "2027-04-01"})
		mustSetQuoteStatus(t, te, id, client.QuoteStatusSent)
		if status != client.QuoteStatusSent {
			mustSetQuoteStatus(t, te, id, status)
		}
		res, body := rawRequest(t, http.MethodPut, quotePath(id), te.Token, "application/json", quoteBody(t, map[string]any{"customerId": customer, "dueDate": "2027-04-02"}))
		mustProblemNaming(t, res, body, "dueDate")
		res, body = rawRequest(t, http.MethodPatch, quotePath(id), te.Token, "application/json-patch+json", `[{"op":"replace","path":"/dueDate","value":null}]`)
		mustProblemNaming(t, res, body, "dueDate")
		// The stored date sent again is no change; other members still change.
		q := putQuote(t, te, id, map[string]any{"customerId": customer, "dueDate": "2027-04-01", "notes": "same day"})
		if dueOf(q) != "2027-04-01T00:00:00Z" || optText(q.Notes) != "same day" {
			t.Fatalf("%s quote after same-day update: %+v", status, q)
		}
	}
	// A draft quote may change it.
	id := newQuote(t, te, "Draft")
	putQuote(t, te, id, map[string]any{"customerId": getQuote(t, te, id).CustomerId, "dueDate": "2027-04-01"})
	if q := patchQuote(t, te, id, `[{"op":"replace","path":"/dueDate","value":"2027-05-01"}]`); dueOf(q) != "2027-05-01T00:00:00Z" {
		t.Fatalf("draft dueDate %q", dueOf(q))
	}
}

func TestQuoteSendStampsQuotedDateAndResendIsANoOp(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := newQuote(t, te, "Sending")
	before := time.Now().Add(-time.Second)
	sent := mustSetQuoteStatus(t, te, id, client.QuoteStatusSent)
	if sent.Status != client.QuoteStatusSent || sent.QuotedDate == nil || sent.QuotedDate.Before(before) || sent.QuotedDate.After(time.Now().Add(time.Second)) {
		t.Fatalf("sent quote %+v", sent)
	}
	again := mustSetQuoteStatus(t, te, id, client.QuoteStatusSent)
	if !again.QuotedDate.Equal(*sent.QuotedDate) || !again.ModifiedUtc.Equal(sent.ModifiedUtc) || !again.ExpirationDate.Equal(sent.ExpirationDate) {
		t.Fatalf("resend changed the quote: %+v, was %+v", again, sent)
	}
	won := mustSetQuoteStatus(t, te, id, client.QuoteStatusWon)
	if afterWin := mustSetQuoteStatus(t, te, id, client.QuoteStatusSent); afterWin.Status != client.QuoteStatusWon || !afterWin.ModifiedUtc.Equal(won.ModifiedUtc) {
		t.Fatalf("sent after won: %+v", afterWin)
	}
}

func TestQuoteWrittenExpirationIsNotRecomputedOnSend(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := newQuote(t, te, "Written")
	customer := getQuote(t, te, id).CustomerId
	putQuote(t, te, id, map[string]any{"customerId": customer, "expirationDate": "2030-06-30"})
	if got := mustSetQuoteStatus(t, te, id, client.QuoteStatusSent).ExpirationDate.UTC().Format(time.DateOnly); got != "2030-06-30" {
		t.Fatalf("expirationDate %s after send, want the written 2030-06-30", got)
	}
	// A patch naming expirationDate writes it too.
	id = newQuote(t, te, "Patched")
	patchQuote(t, te, id, `[{"op":"replace","path":"/expirationDate","value":"2031-01-31"}]`)
	if got := mustSetQuoteStatus(t, te, id, client.QuoteStatusSent).ExpirationDate.UTC().Format(time.DateOnly); got != "2031-01-31" {
		t.Fatalf("expirationDate %s after send, want the patched 2031-01-31", got)
	}
}

// quoteStatusPaths reach each status from draft through allowed moves.
var quoteStatusPaths = map[client.QuoteStatus][]client.QuoteStatus{
	client.QuoteStatusDraft:         nil,
	client.QuoteStatusNeedsApproval: {client.QuoteStatusNeedsApproval},
	client.QuoteStatusApproved:      {client.QuoteStatusApproved},
	client.QuoteStatusSent:          {client.QuoteStatusSent},
	client.QuoteStatusWon:           {client.QuoteStatusSent, client.QuoteStatusWon},
	client.QuoteStatusLost:          {client.QuoteStatusSent, client.QuoteStatusLost},
	client.QuoteStatusExpired:       {client.QuoteStatusSent, client.QuoteStatusExpired},
}

func TestQuoteStatusTransitions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	statuses := []client.QuoteStatus{client.QuoteStatusDraft, client.QuoteStatusNeedsApproval, client.QuoteStatusApproved,
		client.QuoteStatusSent, client.QuoteStatusWon, client.QuoteStatusLost, client.QuoteStatusExpired}
	// The published table: 'y' allowed, '-' a no-op, 'x' refused; columns in statuses order.
	table := map[client.QuoteStatus]string{
		client.QuoteStatusDraft:         "-yyyxxx",
		client.QuoteStatusNeedsApproval: "y-yyxxx",
		client.QuoteStatusApproved:      "yx-yxxx",
		client.QuoteStatusSent:          "xxx-yyy",
		client.QuoteStatusWon:           "xxx--yx",
		client.QuoteStatusLost:          "xxx-y-x",
		client.QuoteStatusExpired:       "xxxyyy-",
	}
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Walked"})
	for _, from := range statuses {
		for i, to := range statuses {
			id := createQuote(t, te, client.QuoteCreate{CustomerId: customer})
			var current client.Quote
			for _, step := range quoteStatusPaths[from] {
				current = mustSetQuoteStatus(t, te, id, step)
			}
			if from == client.QuoteStatusDraft {
				current = getQuote(t, te, id)
			}
			res, body := setQuoteStatus(t, te, id, to)
			switch table[from][i] {
			case 'x':
				mustProblemNaming(t, res, body, "status")
				if got := getQuote(t, te, id); got.Status != from {
					t.Fatalf("%s → %s refused but status is %s", from, to, got.Status)
				}
			case '-':
				mustStatus(t, res.StatusCode, http.StatusOK, body)
				got := getQuote(t, te, id)
				if got.Status != from || !got.ModifiedUtc.Equal(current.ModifiedUtc) {
					t.Fatalf("%s → %s should change nothing: %+v", from, to, got)
				}
			case 'y':
				mustStatus(t, res.StatusCode, http.StatusOK, body)
				if got := getQuote(t, te, id); got.Status != to {
					t.Fatalf("%s → %s left status %s", from, to, got.Status)
				}
			}
		}
	}
	// A deleted quote takes no move.
	id := createQuote(t, te, client.QuoteCreate{CustomerId: customer})
	res, body := rawRequest(t, http.MethodDelete, quotePath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	res, body = setQuoteStatus(t, te, id, client.QuoteStatusSent)
	mustProblem(t, res, body, http.StatusNotFound)
}

func TestQuotePatchStoresBlankExternalReferenceMembersAsEmpty(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := newQuote(t, te, "Refs")
	q := patchQuote(t, te, id, `[{"op":"add","path":"/externalReferences/erp","value":{"type":"  ","externalId":""}}]`)
	ref := q.ExternalReferences["erp"]
	if ref.Type == nil || *ref.Type != "" || ref.ExternalID == nil || *ref.ExternalID != "" {
		t.Fatalf("patched reference %+v", ref)
	}
	// A full update refuses a blank externalId.
	res, body := rawRequest(t, http.MethodPut, quotePath(id), te.Token, "application/json", quoteBody(t, map[string]any{
		"customerId": q.CustomerId, "externalReferences": map[string]any{"erp": map[string]any{"externalId": " "}}}))
	mustProblemNaming(t, res, body, "externalReferences.erp.externalId")
}

func TestQuotePatchRefusesReadOnlyMembers(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := newQuote(t, te, "Read-only")
	for _, path := range []string{"/number", "/status", "/total", "/contact", "/quotedDate", "/createdBy"} {
		res, body := rawRequest(t, http.MethodPatch, quotePath(id), te.Token, "application/json-patch+json",
			fmt.Sprintf(`[{"op":"replace","path":%q,"value":null}]`, path))
		mustProblem(t, res, body, http.StatusBadRequest)
	}
}

func TestQuoteCustomFieldsReplaceAndPatchValidateModuleQuote(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("Project", client.CustomFieldModuleQuote))
	createCustomField(t, te, textField("Region", client.CustomFieldModuleCustomer))
	id := newQuote(t, te, "Fields")
	for _, path := range []string{quotePath(id) + "/custom-fields", quotePath(id) + "/customFields"} {
		q := quoteRequest(t, te, http.MethodPut, path, "application/json", `{"Project":"Gemini"}`)
		if q.CustomFields["Project"] != "Gemini" {
			t.Fatalf("%s: customFields %v", path, q.CustomFields)
		}
		res, body := rawRequest(t, http.MethodPut, path, te.Token, "application/json", `{"Region":"North"}`)
		mustProblemNaming(t, res, body, "customFields.Region")
		if q := quoteRequest(t, te, http.MethodPut, path, "application/json", `{}`); len(q.CustomFields) != 0 {
			t.Fatalf("%s: {} left %v", path, q.CustomFields)
		}
	}
	q := patchQuote(t, te, id, `[{"op":"add","path":"/customFields/Project","value":"Mercury"}]`)
	if q.CustomFields["Project"] != "Mercury" {
		t.Fatalf("patched customFields %v", q.CustomFields)
	}
	res, body := rawRequest(t, http.MethodPatch, quotePath(id), te.Token, "application/json-patch+json", `[{"op":"add","path":"/customFields/Region","value":"North"}]`)
	mustProblemNaming(t, res, body, "customFields.Region")
	res, body = rawRequest(t, http.MethodPut, quotePath(unknownQuoteID)+"/custom-fields", te.Token, "application/json", `{}`)
	mustProblem(t, res, body, http.StatusNotFound)
}

func TestQuoteSoftDeleteOnBothPaths(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, path := range []func(string) string{quotePath, func(id string) string { return "/api/quote/" + id }} {
		id := newQuote(t, te, "Deleted at "+path("x"))
		before := getQuote(t, te, id)
		res, body := rawRequest(t, http.MethodDelete, path(id), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		q := getQuote(t, te, id)
		if !q.Deleted || !q.ModifiedUtc.After(before.ModifiedUtc) {
			t.Fatalf("deleted quote %+v", q)
		}
		res, body = rawRequest(t, http.MethodDelete, path(id), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusNoContent, body)
		res, body = rawRequest(t, http.MethodPut, quotePath(id), te.Token, "application/json", quoteBody(t, map[string]any{"customerId": q.CustomerId}))
		mustProblem(t, res, body, http.StatusNotFound)
		res, body = rawRequest(t, http.MethodPatch, quotePath(id), te.Token, "application/json-patch+json", `[]`)
		mustProblem(t, res, body, http.StatusNotFound)
		res, body = rawRequest(t, http.MethodPut, quotePath(id)+"/custom-fields", te.Token, "application/json", `{}`)
		mustProblem(t, res, body, http.StatusNotFound)
	}
	res, body := rawRequest(t, http.MethodDelete, quotePath(unknownQuoteID), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, body)
}

func listQuoteIDs(t *testing.T, te *tenantEnv, query string, filter map[string]any) []string {
	t.Helper()
	res, body := rawRequest(t, http.MethodPost, quotesListPath+query, te.Token, "application/json", quoteBody(t, filter))
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var list []client.Quote
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(list))
	for i, q := range list {
		ids[i] = q.Id
	}
	return ids
}

func TestQuoteListFilters(t *testing.T) {
	t.Parallel()
	// A shop west of UTC: its days end at 08:00 UTC (PST, no daylight saving in the window).
	te := newTenant(t, "America/Los_Angeles")
	alpha := createCustomer(t, te, client.CustomerWrite{Name: "Alpha"})
	beta := createCustomer(t, te, client.CustomerWrite{Name: "Beta"})
	a1 := createQuote(t, te, client.QuoteCreate{CustomerId: alpha})
	a2 := createQuote(t, te, client.QuoteCreate{CustomerId: alpha, ExternalReferences: &client.ExternalReferences{"erp": {Type: ptr("quote"), ExternalID: ptr("Q-2")}}})
	b3 := createQuote(t, te, client.QuoteCreate{CustomerId: beta})
	gone := createQuote(t, te, client.QuoteCreate{CustomerId: beta})
	mustSetQuoteStatus(t, te, a2, client.QuoteStatusSent)
	mustSetQuoteStatus(t, te, b3, client.QuoteStatusApproved)
	res, body := rawRequest(t, http.MethodDelete, quotePath(gone), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	// Another tenant's quotes never show.
	other := newTenant(t)
	newQuote(t, other, "Elsewhere")

	loc, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Fatal(err)
	}
	today := time.Now().In(loc).Format(time.DateOnly)
	yesterday := time.Now().In(loc).AddDate(0, 0, -1).Format(time.DateOnly)
	tomorrow := time.Now().In(loc).AddDate(0, 0, 1).Format(time.DateOnly)
	modifiedAfter := getQuote(t, te, a1).ModifiedUtc.Format(time.RFC3339Nano)

	cases := []struct {
		name   string
		filter map[string]any
		want   []string
	}{
		{"none: newest first, deleted left out", map[string]any{}, []string{b3, a2, a1}},
		{"includeDeleted", map[string]any{"includeDeleted": true}, []string{gone, b3, a2, a1}},
		{"ids", map[string]any{"ids": []string{a1, b3, gone}}, []string{b3, a1}},
		{"numbers", map[string]any{"numbers": []int{1, 3}}, []string{b3, a1}},
		{"customerIds", map[string]any{"customerIds": []string{alpha}}, []string{a2, a1}},
		{"statuses", map[string]any{"statuses": []string{"sent", "approved"}}, []string{b3, a2}},
		{"createdFrom today", map[string]any{"createdFrom": today}, []string{b3, a2, a1}},
		{"createdTo yesterday", map[string]any{"createdTo": yesterday}, []string{}},
		{"createdFrom tomorrow", map[string]any{"createdFrom": tomorrow}, []string{}},
		{"quotedFrom/To today", map[string]any{"quotedFrom": today, "quotedTo": today}, []string{a2}},
		{"quotedTo yesterday", map[string]any{"quotedTo": yesterday}, []string{}},
		{"modifiedAfterUtc", map[string]any{"modifiedAfterUtc": modifiedAfter}, []string{b3, a2}},
		{"externalReference", map[string]any{"externalReference": map[string]any{"key": "erp", "externalId": "Q-2"}}, []string{a2}},
		{"externalReference other id", map[string]any{"externalReference": map[string]any{"key": "erp", "externalId": "Q-9"}}, []string{}},
	}
	for _, c := range cases {
		if got := listQuoteIDs(t, te, "", c.filter); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if got := listQuoteIDs(t, te, "?Sort.Field=number&Sort.Dir=ascending", map[string]any{}); !slices.Equal(got, []string{a1, a2, b3}) {
		t.Errorf("by number: %v", got)
	}
	if got := listQuoteIDs(t, te, "?Sort.Field=customer.name&Sort.Dir=descending", map[string]any{"ids": []string{a1, b3}}); !slices.Equal(got, []string{b3, a1}) {
		t.Errorf("by customer name: %v", got)
	}
	for _, field := range []string{"createdFrom", "createdTo", "quotedFrom", "quotedTo"} {
		for _, bad := range []string{"1999-12-31", "2100-01-01"} {
			res, body := rawRequest(t, http.MethodPost, quotesListPath, te.Token, "application/json", quoteBody(t, map[string]any{field: bad}))
			mustProblemNaming(t, res, body, field)
		}
	}
}

const quoteSettingsPath = "/api/settings/quotes"

// putQuoteSettings sets the tenant's quote validity days.
func putQuoteSettings(t *testing.T, te *tenantEnv, days int) {
	t.Helper()
	res, body := rawRequest(t, http.MethodPut, quoteSettingsPath, te.Token, "application/json", fmt.Sprintf(`{"validityDays":%d}`, days))
	mustStatus(t, res.StatusCode, http.StatusOK, body)
}

// shopDayPlus is the shop day in loc at now plus days, at midnight UTC, as the API writes it.
func shopDayPlus(now time.Time, loc *time.Location, days int) string {
	y, m, d := now.In(loc).Date()
	return time.Date(y, m, d+days, 0, 0, 0, 0, time.UTC).Format(time.RFC3339)
}

func TestQuoteSettingsValidityDays(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, body := rawRequest(t, http.MethodGet, quoteSettingsPath, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if !strings.Contains(string(body), `"validityDays":30`) {
		t.Fatalf("default settings %s", body)
	}
	putQuoteSettings(t, te, 45)
	res, body = rawRequest(t, http.MethodGet, quoteSettingsPath, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if !strings.Contains(string(body), `"validityDays":45`) {
		t.Fatalf("stored settings %s", body)
	}
	for _, bad := range []string{`{"validityDays":0}`, `{"validityDays":3651}`} {
		res, body := rawRequest(t, http.MethodPut, quoteSettingsPath, te.Token, "application/json", bad)
		mustProblemNaming(t, res, body, "validityDays")
	}
	// Reading needs View Quote; writing Edit Settings.
	res, body = rawRequest(t, http.MethodGet, quoteSettingsPath, te.userToken(t, "View Quote"), "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	res, body = rawRequest(t, http.MethodPut, quoteSettingsPath, te.userToken(t, "Edit Quote", "View Quote"), "application/json", `{"validityDays":10}`)
	mustProblem(t, res, body, http.StatusForbidden)
}

func TestQuoteDefaultExpirationFollowsValidityAndIsRecomputedOnSend(t *testing.T) {
	t.Parallel()
	te := newTenant(t, "Asia/Tokyo")
	loc, err := time.LoadLocation("Asia/Tokyo")
	if err != nil {
		t.Fatal(err)
	}
	putQuoteSettings(t, te, 10)
	now := time.Now()
	defaulted := newQuote(t, te, "Defaulted")
	if got, want := getQuote(t, te, defaulted).ExpirationDate.UTC().Format(time.RFC3339), shopDayPlus(now, loc, 10); got != want && got != shopDayPlus(time.Now(), loc, 10) {
		t.Fatalf("expirationDate %s, want %s (shop day + 10)", got, want)
	}
	written := newQuote(t, te, "Written")
	putQuote(t, te, written, map[string]any{"customerId": getQuote(t, te, written).CustomerId, "expirationDate": "2030-01-01"})

	// Sending recomputes the default from the validity days in force then; a written date stays.
	putQuoteSettings(t, te, 90)
	now = time.Now()
	if got, want := mustSetQuoteStatus(t, te, defaulted, client.QuoteStatusSent).ExpirationDate.UTC().Format(time.RFC3339), shopDayPlus(now, loc, 90); got != want && got != shopDayPlus(time.Now(), loc, 90) {
		t.Fatalf("expirationDate after send %s, want %s (send day + 90)", got, want)
	}
	if got := mustSetQuoteStatus(t, te, written, client.QuoteStatusSent).ExpirationDate.UTC().Format(time.DateOnly); got != "2030-01-01" {
		t.Fatalf("written expirationDate %s changed on send", got)
	}
	// Still the default after the first send: sending again after it expired recomputes it.
	putQuoteSettings(t, te, 5)
	mustSetQuoteStatus(t, te, defaulted, client.QuoteStatusExpired)
	now = time.Now()
	if got, want := mustSetQuoteStatus(t, te, defaulted, client.QuoteStatusSent).ExpirationDate.UTC().Format(time.RFC3339), shopDayPlus(now, loc, 5); got != want && got != shopDayPlus(time.Now(), loc, 5) {
		t.Fatalf("expirationDate after resend %s, want %s", got, want)
	}
}
