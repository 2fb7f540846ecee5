package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/tenancy"
)

func getCustomer(t *testing.T, te *tenantEnv, id string) client.Customer {
	t.Helper()
	res, err := te.API.GetCustomerWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// getCustomerJSON answers the customer's read shape as generic JSON, to see nulls as sent.
func getCustomerJSON(t *testing.T, te *tenantEnv, id string) map[string]any {
	t.Helper()
	res, body := rawRequest(t, http.MethodGet, "/api/customers/"+id, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func listCustomers(t *testing.T, te *tenantEnv, params *client.ListCustomersParams, f client.CustomerFilter) []client.Customer {
	t.Helper()
	res, err := te.API.ListCustomersWithResponse(context.Background(), params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func customerNames(cs []client.Customer) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
	}
	return out
}

// customerJSON sends a JSON body to a customer path with the tenant's token.
func customerJSON(t *testing.T, te *tenantEnv, method, path, body string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, method, path, te.Token, "application/json", body)
}

// patchCustomer sends a JSON Patch document as written.
func patchCustomer(t *testing.T, te *tenantEnv, id, doc string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPatch, "/api/customers/"+id, te.Token, "application/json-patch+json", doc)
}

// mustCustomer decodes a 200 customer body.
func mustCustomer(t *testing.T, res rawResponse, body []byte) client.Customer {
	t.Helper()
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var c client.Customer
	if err := json.Unmarshal(body, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func setCustomerTier(t *testing.T, te *tenantEnv, customerID string, tierID *string) (int, []byte) {
	t.Helper()
	res, err := te.API.SetCustomerTierWithResponse(context.Background(), customerID, nil, client.CustomerTierAssignment{CustomerTierId: tierID})
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode(), res.Body
}

// userIDOf is the id of the user a user-bound token acts for.
func userIDOf(t *testing.T, token string) string {
	t.Helper()
	p, err := srv.Tenancy.Authenticate(context.Background(), token)
	if err != nil || p.UserID == "" {
		t.Fatalf("authenticate user token: %v (user %q)", err, p.UserID)
	}
	return p.UserID
}

func TestCustomerCreateStoresEveryMemberAndReadsThemBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	terms := createPaymentTerm(t, te, "Net 30", 30)
	salesPerson := userIDOf(t, te.userToken(t))
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "Ohio", Rate: num("5.75")})
	county := createTaxRate(t, te, client.TaxRateWrite{Name: "Montgomery County", Rate: num("1.5")})
	id := createCustomer(t, te, client.CustomerWrite{
		Name:               "  Dayton Precision  ",
		CustomerCode:       ptr(" DAY-001 "),
		CurrencyCode:       ptr("CAD"),
		CreditLimit:        ptr(dec.MustParse("25000.50")),
		PaymentTermsId:     &terms,
		SalesPersonId:      &salesPerson,
		Url:                ptr(" https://dayton-precision.example/shop?x=1 "),
		IsTaxable:          ptr(true),
		TaxRateIds:         &[]string{state, county, state},
		ExternalReferences: &extref.References{"accounting": {Type: ptr("customer"), ExternalID: ptr("4711"), DisplayID: ptr("C-4711")}},
		Notes:              ptr("Ships Mondays only"),
		HasCustomerPortal:  ptr(false),
	})
	if len(id) != 24 {
		t.Fatalf("id %q is not 24 characters", id)
	}
	c := getCustomer(t, te, id)
	if c.Id != id || c.Name != "Dayton Precision" || optText(c.CustomerCode) != "DAY-001" || c.CurrencyCode != "CAD" ||
		c.CreditLimit == nil || c.CreditLimit.String() != "25000.5" || optText(c.PaymentTermsId) != terms ||
		c.PaymentTerms == nil || *c.PaymentTerms != (client.Reference{Id: terms, Name: "Net 30"}) ||
		optText(c.SalesPersonId) != salesPerson || optText(c.Url) != "https://dayton-precision.example/shop?x=1" ||
		c.IsTaxable == nil || !*c.IsTaxable || optText(c.Notes) != "Ships Mondays only" ||
		c.HasCustomerPortal == nil || *c.HasCustomerPortal || c.Deleted {
		t.Fatalf("stored customer: %s", mustJSON(t, c))
	}
	if !reflect.DeepEqual(c.TaxRateIds, []string{state, county}) {
		t.Fatalf("taxRateIds %v, want as sent without the repeat", c.TaxRateIds)
	}
	if ref := c.ExternalReferences["accounting"]; optText(ref.ExternalID) != "4711" || optText(ref.DisplayID) != "C-4711" || optText(ref.Type) != "customer" {
		t.Fatalf("externalReferences %s", mustJSON(t, c.ExternalReferences))
	}
	if c.CreatedUtc.IsZero() || !c.ModifiedUtc.Equal(c.CreatedUtc) {
		t.Fatalf("createdUtc %v, modifiedUtc %v: want both set and equal on create", c.CreatedUtc, c.ModifiedUtc)
	}

	// The read shape carries every member; those without a value are null.
	bare := createCustomer(t, te, client.CustomerWrite{Name: "Bare"})
	m := getCustomerJSON(t, te, bare)
	for _, k := range []string{"customerCode", "creditLimit", "paymentTermsId", "paymentTerms", "salesPersonId", "url",
		"isTaxable", "notes", "hasCustomerPortal", "customerTierId", "customerTierName", "customerTypeId", "customerTypeName"} {
		if v, present := m[k]; !present || v != nil {
			t.Errorf("%s: present %v value %v, want present and null", k, present, v)
		}
	}
	if fmt.Sprint(m["taxRateIds"]) != "[]" || fmt.Sprint(m["externalReferences"]) != "map[]" || fmt.Sprint(m["customFields"]) != "map[]" || m["deleted"] != false {
		t.Errorf("empty collections and deleted: %v", m)
	}
}

func TestCustomerNameRequiredTrimmedOneTo200(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createCustomer(t, te, client.CustomerWrite{Name: "Valid"})
	long := strings.Repeat("x", 201)
	cases := []struct{ name, body string }{
		{"missing", `{}`},
		{"null", `{"name":null}`},
		{"empty", `{"name":""}`},
		{"blank after trimming", `{"name":"   "}`},
		{"tabs and newlines only", `{"name":"\t\n"}`},
		{"over 200", `{"name":"` + long + `"}`},
		{"not a string", `{"name":7}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, req := range []struct{ method, path string }{{http.MethodPost, "/api/customers"}, {http.MethodPut, "/api/customers/" + id}} {
				res, body := customerJSON(t, te, req.method, req.path, c.body)
				mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "name")
			}
		})
	}
	if got := getCustomer(t, te, id); got.Name != "Valid" {
		t.Fatalf("a refused update changed the name to %q", got.Name)
	}
	if n := len(listCustomers(t, te, nil, client.CustomerFilter{})); n != 1 {
		t.Fatalf("refused creates stored customers: %d listed, want 1", n)
	}
	// Trimmed, and 200 characters (not bytes) is the bound.
	trimmed := createCustomer(t, te, client.CustomerWrite{Name: " \t Acme Tooling \n"})
	if got := getCustomer(t, te, trimmed).Name; got != "Acme Tooling" {
		t.Fatalf("name %q, want trimmed", got)
	}
	createCustomer(t, te, client.CustomerWrite{Name: strings.Repeat("é", 200)})
	res, body := customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"  Renamed  "}`)
	if got := mustCustomer(t, res, body).Name; got != "Renamed" {
		t.Fatalf("PUT stored name %q, want trimmed", got)
	}
}

func TestCustomerNameUniqueAmongActiveCustomers(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	acme := createCustomer(t, te, client.CustomerWrite{Name: "Acme"})
	for _, name := range []string{"Acme", "ACME", "  acme  "} {
		res, body := customerJSON(t, te, http.MethodPost, "/api/customers", fmt.Sprintf(`{"name":%q}`, name))
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "name")
	}
	// Another tenant may use the name.
	createCustomer(t, other, client.CustomerWrite{Name: "Acme"})

	// Renaming onto a taken name, by PUT or PATCH, is refused and changes nothing.
	beta := createCustomer(t, te, client.CustomerWrite{Name: "Beta", Notes: ptr("kept")})
	res, body := customerJSON(t, te, http.MethodPut, "/api/customers/"+beta, `{"name":"ACME"}`)
	mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "name")
	res, body = patchCustomer(t, te, beta, `[{"op":"replace","path":"/name","value":" acme "}]`)
	mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "name")
	if got := getCustomer(t, te, beta); got.Name != "Beta" || optText(got.Notes) != "kept" {
		t.Fatalf("refused renames changed the customer: %+v", got)
	}
	// Restating its own name (in another case) is not a collision.
	res, body = customerJSON(t, te, http.MethodPut, "/api/customers/"+beta, `{"name":"BETA"}`)
	mustCustomer(t, res, body)

	// A deleted customer's name can be reused, and the deleted one keeps it.
	del, err := te.API.DeleteCustomerWithResponse(context.Background(), acme, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, del.StatusCode(), http.StatusOK, del.Body)
	reused := createCustomer(t, te, client.CustomerWrite{Name: "acme"})
	if reused == acme || getCustomer(t, te, acme).Name != "Acme" {
		t.Fatal("reusing a deleted customer's name touched the deleted customer")
	}
	res, body = patchCustomer(t, te, beta, `[{"op":"replace","path":"/name","value":"Acme"}]`)
	mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "name")
}

func TestCustomerConcurrentCreatesWithOneNameGiveOne200(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	spellings := []string{"Gamma Works", "GAMMA WORKS", " gamma works ", "Gamma Works", "gamma WORKS", "Gamma Works  "}
	var n atomic.Int32
	counts := concurrently(t, len(spellings), func() (int, error) {
		name := spellings[n.Add(1)-1]
		res, err := te.API.CreateCustomerWithResponse(context.Background(), nil, client.CustomerWrite{Name: name})
		if err != nil {
			return 0, err
		}
		if res.StatusCode() == http.StatusBadRequest && !strings.Contains(string(res.Body), `"name"`) {
			t.Errorf("400 does not name name: %s", res.Body)
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != len(spellings)-1 {
		t.Fatalf("concurrent creates answered %v, want one 200 and %d 400s", counts, len(spellings)-1)
	}
	if got := listCustomers(t, te, nil, client.CustomerFilter{}); len(got) != 1 {
		t.Fatalf("stored %v, want one customer", customerNames(got))
	}

	// The same holds for two concurrent renames onto one free name.
	a := createCustomer(t, te, client.CustomerWrite{Name: "A"})
	b := createCustomer(t, te, client.CustomerWrite{Name: "B"})
	ids := []string{a, b}
	var m atomic.Int32
	counts = concurrently(t, 2, func() (int, error) {
		res, err := te.API.UpdateCustomerWithResponse(context.Background(), ids[m.Add(1)-1], nil, client.CustomerWrite{Name: "Delta"})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 1 {
		t.Fatalf("concurrent renames answered %v, want one 200 and one 400", counts)
	}
}

func TestCustomerCodeUniqueAmongActiveAndNotBlank(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	first := createCustomer(t, te, client.CustomerWrite{Name: "First", CustomerCode: ptr("  C-100  ")})
	if got := optText(getCustomer(t, te, first).CustomerCode); got != "C-100" {
		t.Fatalf("customerCode %q, want trimmed", got)
	}
	cases := []struct{ name, body string }{
		{"empty", `{"name":"X","customerCode":""}`},
		{"blank", `{"name":"X","customerCode":"   "}`},
		{"over 200", `{"name":"X","customerCode":"` + strings.Repeat("c", 201) + `"}`},
		{"taken", `{"name":"X","customerCode":"C-100"}`},
		{"taken in another case", `{"name":"X","customerCode":" c-100"}`},
		{"not a string", `{"name":"X","customerCode":100}`},
	}
	second := createCustomer(t, te, client.CustomerWrite{Name: "Second", CustomerCode: ptr("C-200")})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := customerJSON(t, te, http.MethodPost, "/api/customers", c.body)
			mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "customerCode")
			res, body = customerJSON(t, te, http.MethodPut, "/api/customers/"+second, strings.Replace(c.body, `"X"`, `"Second"`, 1))
			mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "customerCode")
		})
	}
	res, body := patchCustomer(t, te, second, `[{"op":"replace","path":"/customerCode","value":"  "}]`)
	mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "customerCode")
	if got := optText(getCustomer(t, te, second).CustomerCode); got != "C-200" {
		t.Fatalf("refused writes changed the code to %q", got)
	}
	// Any number of customers may have no code.
	createCustomer(t, te, client.CustomerWrite{Name: "No code 1"})
	createCustomer(t, te, client.CustomerWrite{Name: "No code 2", CustomerCode: nil})
	// A deleted customer's code can be reused.
	del, err := te.API.DeleteCustomerWithResponse(context.Background(), first, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, del.StatusCode(), http.StatusOK, del.Body)
	createCustomer(t, te, client.CustomerWrite{Name: "Third", CustomerCode: ptr("C-100")})
}

func TestCustomerCurrencyDefaultsToTenantPrimaryCurrency(t *testing.T) {
	t.Parallel()
	te := newTenantWith(t, tenancy.NewTenant{CurrencyCode: "EUR"})
	usd := newTenant(t)
	id := createCustomer(t, te, client.CustomerWrite{Name: "Euro"})
	if got := getCustomer(t, te, id).CurrencyCode; got != "EUR" {
		t.Fatalf("currencyCode %q, want the tenant's EUR", got)
	}
	if got := getCustomer(t, usd, createCustomer(t, usd, client.CustomerWrite{Name: "Dollar"})).CurrencyCode; got != "USD" {
		t.Fatalf("currencyCode %q, want the tenant's USD", got)
	}
	explicit := createCustomer(t, te, client.CustomerWrite{Name: "Sterling", CurrencyCode: ptr("GBP")})
	if got := getCustomer(t, te, explicit).CurrencyCode; got != "GBP" {
		t.Fatalf("currencyCode %q, want GBP as sent", got)
	}
	// A full update without it, and a patch to null, take the primary currency again.
	res, body := customerJSON(t, te, http.MethodPut, "/api/customers/"+explicit, `{"name":"Sterling"}`)
	if got := mustCustomer(t, res, body).CurrencyCode; got != "EUR" {
		t.Fatalf("PUT without currencyCode: %q, want EUR", got)
	}
	res, body = patchCustomer(t, te, explicit, `[{"op":"replace","path":"/currencyCode","value":"JPY"}]`)
	if got := mustCustomer(t, res, body).CurrencyCode; got != "JPY" {
		t.Fatalf("patched currencyCode %q, want JPY", got)
	}
	res, body = patchCustomer(t, te, explicit, `[{"op":"replace","path":"/currencyCode","value":null}]`)
	if got := mustCustomer(t, res, body).CurrencyCode; got != "EUR" {
		t.Fatalf("patched currencyCode to null: %q, want EUR", got)
	}
	for _, bad := range []string{`"usd"`, `"EURO"`, `""`, `7`} {
		res, body := customerJSON(t, te, http.MethodPost, "/api/customers", `{"name":"Bad","currencyCode":`+bad+`}`)
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "currencyCode")
		res, body = patchCustomer(t, te, explicit, `[{"op":"replace","path":"/currencyCode","value":`+bad+`}]`)
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "currencyCode")
	}
}

func TestCustomerCreditLimitIsExactAndNotNegative(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, v := range []string{"0", "0.01", "12345.67", "1234567890123.456789"} {
		res, body := customerJSON(t, te, http.MethodPost, "/api/customers", `{"name":"Limit `+v+`","creditLimit":`+v+`}`)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		var created struct{ ID string }
		if err := json.Unmarshal(body, &created); err != nil {
			t.Fatal(err)
		}
		res, body = rawRequest(t, http.MethodGet, "/api/customers/"+created.ID, te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		if !strings.Contains(string(body), `"creditLimit":`+v+`,`) {
			t.Fatalf("creditLimit %s not read back exactly: %s", v, body)
		}
	}
	id := createCustomer(t, te, client.CustomerWrite{Name: "Kept", CreditLimit: ptr(dec.MustParse("500"))})
	for _, bad := range []string{"-0.01", "-1", `"100"`, "true"} {
		res, body := customerJSON(t, te, http.MethodPost, "/api/customers", `{"name":"Bad","creditLimit":`+bad+`}`)
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "creditLimit")
		res, body = customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"Kept","creditLimit":`+bad+`}`)
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "creditLimit")
		res, body = patchCustomer(t, te, id, `[{"op":"replace","path":"/creditLimit","value":`+bad+`}]`)
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "creditLimit")
	}
	if got := getCustomer(t, te, id).CreditLimit; got == nil || got.String() != "500" {
		t.Fatalf("refused writes changed the credit limit to %v", got)
	}
	// null clears it.
	res, body := patchCustomer(t, te, id, `[{"op":"replace","path":"/creditLimit","value":null}]`)
	if got := mustCustomer(t, res, body).CreditLimit; got != nil {
		t.Fatalf("creditLimit %v, want null", got)
	}
}

func TestCustomerURLMustBeAbsoluteHTTPURI(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	valid := map[string]string{
		"https://example.com":                  "https://example.com",
		"http://shop.example.co.uk/path?q=1#a": "http://shop.example.co.uk/path?q=1#a",
		"  https://example.com/x  ":            "https://example.com/x",
		"HTTPS://EXAMPLE.COM":                  "HTTPS://EXAMPLE.COM",
		"https://localhost:8443/":              "https://localhost:8443/",
	}
	i := 0
	for in, want := range valid {
		i++
		id := createCustomer(t, te, client.CustomerWrite{Name: fmt.Sprintf("Valid %d", i), Url: ptr(in)})
		if got := optText(getCustomer(t, te, id).Url); got != want {
			t.Errorf("url %q stored as %q, want %q", in, got, want)
		}
	}
	id := createCustomer(t, te, client.CustomerWrite{Name: "Kept", Url: ptr("https://kept.example")})
	invalid := []string{
		"example.com", "www.example.com/path", "/relative/path", "ftp://example.com/file", "mailto:sales@example.com",
		"https://", "http:///path", "javascript:alert(1)", "https://exa mple.com", "https://example.com/a b", "file:///etc/passwd",
	}
	for _, in := range invalid {
		res, body := customerJSON(t, te, http.MethodPost, "/api/customers", fmt.Sprintf(`{"name":"Bad","url":%q}`, in))
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "url")
		res, body = patchCustomer(t, te, id, fmt.Sprintf(`[{"op":"replace","path":"/url","value":%q}]`, in))
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "url")
	}
	if got := optText(getCustomer(t, te, id).Url); got != "https://kept.example" {
		t.Fatalf("refused writes changed the url to %q", got)
	}
	// Blank is no value.
	blank := createCustomer(t, te, client.CustomerWrite{Name: "Blank", Url: ptr("   ")})
	if got := getCustomer(t, te, blank).Url; got != nil {
		t.Fatalf("blank url stored as %q", *got)
	}
}

func TestCustomerReferencesMustExistInTheTenant(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	terms := createPaymentTerm(t, te, "Net 45", 45)
	othersTerms := createPaymentTerm(t, other, "Net 45", 45)
	salesPerson := userIDOf(t, te.userToken(t, "View Customer"))
	othersUser := userIDOf(t, other.userToken(t))
	unknown := strings.Repeat("0", 24)
	id := createCustomer(t, te, client.CustomerWrite{Name: "Referencing", PaymentTermsId: &terms, SalesPersonId: &salesPerson})

	notFound := []struct{ name, field, value string }{
		{"unknown payment terms", "paymentTermsId", unknown},
		{"another tenant's payment terms", "paymentTermsId", othersTerms},
		{"unknown sales person", "salesPersonId", unknown},
		{"another tenant's user", "salesPersonId", othersUser},
	}
	for _, c := range notFound {
		t.Run(c.name, func(t *testing.T) {
			for _, req := range []struct{ method, path, body string }{
				{http.MethodPost, "/api/customers", fmt.Sprintf(`{"name":"New","%s":%q}`, c.field, c.value)},
				{http.MethodPut, "/api/customers/" + id, fmt.Sprintf(`{"name":"Referencing","%s":%q}`, c.field, c.value)},
			} {
				res, body := customerJSON(t, te, req.method, req.path, req.body)
				p := mustProblem(t, res, body, http.StatusNotFound)
				if !strings.Contains(p.Detail, c.field) || !strings.Contains(p.Detail, c.value) {
					t.Fatalf("404 detail %q does not name %s %s", p.Detail, c.field, c.value)
				}
			}
			res, body := patchCustomer(t, te, id, fmt.Sprintf(`[{"op":"replace","path":"/%s","value":%q}]`, c.field, c.value))
			mustProblem(t, res, body, http.StatusNotFound)
		})
	}
	for _, bad := range []string{`"short"`, `"` + strings.Repeat("a", 25) + `"`, `""`, `5`} {
		for _, field := range []string{"paymentTermsId", "salesPersonId"} {
			res, body := customerJSON(t, te, http.MethodPost, "/api/customers", `{"name":"New","`+field+`":`+bad+`}`)
			mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), field)
		}
	}
	c := getCustomer(t, te, id)
	if optText(c.PaymentTermsId) != terms || c.PaymentTerms == nil || c.PaymentTerms.Name != "Net 45" || optText(c.SalesPersonId) != salesPerson {
		t.Fatalf("refused writes changed the references: %s", mustJSON(t, c))
	}
	if n := len(listCustomers(t, te, nil, client.CustomerFilter{})); n != 1 {
		t.Fatalf("refused creates stored customers: %d", n)
	}
	// Null clears both.
	res, body := customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"Referencing","paymentTermsId":null}`)
	c = mustCustomer(t, res, body)
	if c.PaymentTermsId != nil || c.PaymentTerms != nil || c.SalesPersonId != nil {
		t.Fatalf("omitted references not cleared: %s", body)
	}
}

func TestCustomerTaxRateIdsStoredAndReturned(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a := createTaxRate(t, te, client.TaxRateWrite{Name: "A", Rate: num("1")})
	b := createTaxRate(t, te, client.TaxRateWrite{Name: "B", Rate: num("2")})
	c := createTaxRate(t, te, client.TaxRateWrite{Name: "C", Rate: num("3")})
	id := createCustomer(t, te, client.CustomerWrite{Name: "Taxed", TaxRateIds: &[]string{b, a, b}})
	if got := getCustomer(t, te, id).TaxRateIds; !reflect.DeepEqual(got, []string{b, a}) {
		t.Fatalf("taxRateIds %v, want [b a]", got)
	}
	res, body := patchCustomer(t, te, id, `[{"op":"add","path":"/taxRateIds/-","value":"`+c+`"}]`)
	if got := mustCustomer(t, res, body).TaxRateIds; !reflect.DeepEqual(got, []string{b, a, c}) {
		t.Fatalf("patched taxRateIds %v", got)
	}
	for _, bad := range []string{`[""]`, `["  "]`, `[7]`, `"a-rate"`, `["` + strings.Repeat("x", 37) + `"]`} {
		res, body := customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"Taxed","taxRateIds":`+bad+`}`)
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), firstField(t, body, "taxRateIds"))
	}
	res, body = customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"Taxed"}`)
	if got := mustCustomer(t, res, body).TaxRateIds; got == nil || len(got) != 0 {
		t.Fatalf("PUT without taxRateIds left %v, want []", got)
	}
}

// TestCustomerTaxRateIdsNameLiveTaxRatesOfTheTenant: every write refuses a tax rate that is
// unknown or another tenant's (404 naming taxRateIds) and one it adds that is archived (400
// naming taxRateIds); a tax rate archived after the customer named it stays.
func TestCustomerTaxRateIdsNameLiveTaxRatesOfTheTenant(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	live := createTaxRate(t, te, client.TaxRateWrite{Name: "Live", Rate: num("5")})
	archived := createTaxRate(t, te, client.TaxRateWrite{Name: "Old", Rate: num("4"), IsArchived: ptr(true)})
	foreign := createTaxRate(t, other, client.TaxRateWrite{Name: "Foreign", Rate: num("3")})
	id := createCustomer(t, te, client.CustomerWrite{Name: "Taxed"})
	writes := func(rate string) [3]struct {
		res  rawResponse
		body []byte
	} {
		var out [3]struct {
			res  rawResponse
			body []byte
		}
		list := fmt.Sprintf(`[%q,%q]`, live, rate)
		out[0].res, out[0].body = customerJSON(t, te, http.MethodPost, "/api/customers", `{"name":"New","taxRateIds":`+list+`}`)
		out[1].res, out[1].body = customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"Taxed","taxRateIds":`+list+`}`)
		out[2].res, out[2].body = patchCustomer(t, te, id, `[{"op":"add","path":"/taxRateIds/-","value":"`+rate+`"}]`)
		return out
	}
	for _, rate := range []string{unknownTaxRateID, foreign, "not-a-tax-rate"} {
		for _, r := range writes(rate) {
			p := mustProblem(t, r.res, r.body, http.StatusNotFound)
			if !strings.Contains(p.Detail, "taxRateIds") {
				t.Fatalf("404 detail %q does not name taxRateIds", p.Detail)
			}
		}
	}
	for _, r := range writes(archived) {
		mustNameField(t, mustProblem(t, r.res, r.body, http.StatusBadRequest), "taxRateIds")
	}
	if got := getCustomer(t, te, id); len(got.TaxRateIds) != 0 {
		t.Fatalf("a refused write stored taxRateIds %v", got.TaxRateIds)
	}
	if n := len(listCustomers(t, te, nil, client.CustomerFilter{})); n != 1 {
		t.Fatalf("a refused create stored a customer: %d listed", n)
	}
	// A tax rate archived after the customer named it stays through later writes.
	res, body := customerJSON(t, te, http.MethodPut, "/api/customers/"+id, fmt.Sprintf(`{"name":"Taxed","taxRateIds":[%q]}`, live))
	mustCustomer(t, res, body)
	updateTaxRate(t, te, live, client.TaxRateWrite{Name: "Live", Rate: num("5"), IsArchived: ptr(true)})
	res, body = customerJSON(t, te, http.MethodPut, "/api/customers/"+id, fmt.Sprintf(`{"name":"Renamed","taxRateIds":[%q]}`, live))
	if got := mustCustomer(t, res, body); got.Name != "Renamed" || !reflect.DeepEqual(got.TaxRateIds, []string{live}) {
		t.Fatalf("update keeping an archived tax rate: %s", mustJSON(t, got))
	}
}

// firstField returns the problem's field named prefix or prefix.<something>, failing t when
// there is none (array items are named by index, e.g. taxRateIds.0).
func firstField(t *testing.T, body []byte, prefix string) string {
	t.Helper()
	var p problemBody
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatal(err)
	}
	for f := range p.Errors {
		if f == prefix || strings.HasPrefix(f, prefix+".") {
			return f
		}
	}
	t.Fatalf("problem does not name %s: %s", prefix, body)
	return ""
}

func TestCustomerReadOnlyMembersIgnoredOnWriteAndRefusedInPatch(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	tier := createCustomerTier(t, te, "Gold", nil)
	other := createCustomerTier(t, te, "Silver", nil)
	readOnly := fmt.Sprintf(`"customerTierId":%q,"customerTierName":"Silver","customerTypeId":"t1","customerTypeName":"OEM",`+
		`"paymentTerms":{"id":"x","name":"y"},"id":"%s","deleted":true,"createdUtc":"2001-01-01T00:00:00Z"`, other, strings.Repeat("1", 24))

	res, body := customerJSON(t, te, http.MethodPost, "/api/customers", `{"name":"Ignored",`+readOnly+`}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var created struct{ ID string }
	if err := json.Unmarshal(body, &created); err != nil {
		t.Fatal(err)
	}
	id := created.ID
	c := getCustomer(t, te, id)
	if c.Id == strings.Repeat("1", 24) || c.CustomerTierId != nil || c.CustomerTierName != nil || c.CustomerTypeId != nil ||
		c.CustomerTypeName != nil || c.PaymentTerms != nil || c.Deleted || c.CreatedUtc.Year() == 2001 {
		t.Fatalf("create took read-only members: %s", mustJSON(t, c))
	}

	status, body := setCustomerTier(t, te, id, &tier)
	mustStatus(t, status, http.StatusOK, body)
	res, body = customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"Ignored",`+readOnly+`}`)
	c = mustCustomer(t, res, body)
	if optText(c.CustomerTierId) != tier || optText(c.CustomerTierName) != "Gold" || c.CustomerTypeId != nil || c.Deleted {
		t.Fatalf("update took read-only members: %s", body)
	}
	res, body = customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"Ignored","customerTierId":null}`)
	if c = mustCustomer(t, res, body); optText(c.CustomerTierId) != tier {
		t.Fatalf("update with customerTierId null removed the tier: %s", body)
	}

	for _, path := range []string{"/customerTierId", "/customerTierName", "/customerTypeId", "/customerTypeName",
		"/paymentTerms", "/paymentTerms/name", "/id", "/deleted", "/createdUtc", "/modifiedUtc"} {
		for _, doc := range []string{
			fmt.Sprintf(`[{"op":"replace","path":%q,"value":null}]`, path),
			fmt.Sprintf(`[{"op":"add","path":%q,"value":%q}]`, path, other),
			fmt.Sprintf(`[{"op":"remove","path":%q}]`, path),
			fmt.Sprintf(`[{"op":"copy","from":%q,"path":"/notes"}]`, path),
		} {
			res, body := patchCustomer(t, te, id, doc)
			mustProblem(t, res, body, http.StatusBadRequest)
		}
	}
	if c := getCustomer(t, te, id); optText(c.CustomerTierId) != tier || c.Notes != nil {
		t.Fatalf("refused patches changed the customer: %s", mustJSON(t, c))
	}
}

func TestCustomerSetTierAssignsAndRemovesTheTier(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	gold := createCustomerTier(t, te, "Gold", nil)
	othersTier := createCustomerTier(t, other, "Gold", nil)
	id := createCustomer(t, te, client.CustomerWrite{Name: "Tiered"})
	before := getCustomer(t, te, id)

	status, body := setCustomerTier(t, te, id, &gold)
	mustStatus(t, status, http.StatusOK, body)
	c := getCustomer(t, te, id)
	if optText(c.CustomerTierId) != gold || optText(c.CustomerTierName) != "Gold" || !c.ModifiedUtc.After(before.ModifiedUtc) {
		t.Fatalf("after assigning: %s", mustJSON(t, c))
	}
	if got := listCustomers(t, te, nil, client.CustomerFilter{}); len(got) != 1 || optText(got[0].CustomerTierName) != "Gold" {
		t.Fatalf("list: %s", mustJSON(t, got))
	}
	for _, tierID := range []string{strings.Repeat("0", 24), othersTier} {
		status, body := setCustomerTier(t, te, id, &tierID)
		mustStatus(t, status, http.StatusNotFound, body)
	}
	res, body := customerJSON(t, te, http.MethodPut, "/api/customers/"+id+"/customer-tier", `{"customerTierId":"short"}`)
	mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "customerTierId")
	res, body = customerJSON(t, te, http.MethodPut, "/api/customers/"+id+"/customer-tier", `{}`)
	mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "customerTierId")
	if got := optText(getCustomer(t, te, id).CustomerTierId); got != gold {
		t.Fatalf("refused assignments changed the tier to %q", got)
	}
	status, body = setCustomerTier(t, te, id, nil)
	mustStatus(t, status, http.StatusOK, body)
	if c := getCustomer(t, te, id); c.CustomerTierId != nil || c.CustomerTierName != nil {
		t.Fatalf("after removing: %s", mustJSON(t, c))
	}
	status, body = setCustomerTier(t, te, strings.Repeat("0", 24), &gold)
	mustStatus(t, status, http.StatusNotFound, body)
}

func TestCustomerPatchNameIsTrimmedAndOneTo200(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createCustomer(t, te, client.CustomerWrite{Name: "Original", Notes: ptr("  From Notes  ")})
	accepted := []struct{ doc, want string }{
		{`[{"op":"replace","path":"/name","value":"  Trimmed  "}]`, "Trimmed"},
		{`[{"op":"add","path":"/name","value":"\tAdded\n"}]`, "Added"},
		{`[{"op":"copy","from":"/notes","path":"/name"}]`, "From Notes"},
		{`[{"op":"replace","path":"/name","value":"` + strings.Repeat("é", 200) + `"}]`, strings.Repeat("é", 200)},
		{`[{"op":"test","path":"/name","value":"` + strings.Repeat("é", 200) + `"},{"op":"replace","path":"/name","value":" Last "}]`, "Last"},
	}
	for _, c := range accepted {
		res, body := patchCustomer(t, te, id, c.doc)
		if got := mustCustomer(t, res, body).Name; got != c.want {
			t.Fatalf("%s: name %q, want %q", c.doc, got, c.want)
		}
	}
	refused := []string{
		`[{"op":"replace","path":"/name","value":"   "}]`,
		`[{"op":"replace","path":"/name","value":""}]`,
		`[{"op":"replace","path":"/name","value":null}]`,
		`[{"op":"replace","path":"/name","value":"` + strings.Repeat("x", 201) + `"}]`,
		`[{"op":"remove","path":"/name"}]`,
		`[{"op":"move","from":"/name","path":"/notes"}]`,
		`[{"op":"replace","path":"/notes","value":"   "},{"op":"copy","from":"/notes","path":"/name"}]`,
		`[{"op":"replace","path":"/notes","value":null},{"op":"copy","from":"/notes","path":"/name"}]`,
		`[{"op":"replace","path":"/notes","value":"` + strings.Repeat("n", 201) + `"},{"op":"move","from":"/notes","path":"/name"}]`,
	}
	for _, doc := range refused {
		res, body := patchCustomer(t, te, id, doc)
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "name")
	}
	if c := getCustomer(t, te, id); c.Name != "Last" || optText(c.Notes) != "  From Notes  " {
		t.Fatalf("refused patches changed the customer: %s", mustJSON(t, c))
	}
}

func TestCustomerPatchValidatesOnlyTheCustomFieldsItTouches(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("region", client.CustomFieldModuleCustomer))
	id := createCustomer(t, te, client.CustomerWrite{Name: "Fielded", CustomFields: &client.CustomFields{"region": " North "}})
	if got := getCustomer(t, te, id).CustomFields["region"]; got != "North" {
		t.Fatalf("customFields.region %v, want trimmed", got)
	}
	// A required definition added after the customer exists: the stored values no longer
	// satisfy a full update, but patches that do not touch customFields still succeed.
	createCustomField(t, te, client.CustomFieldDefinitionWrite{Name: "poRequired", Type: client.CustomFieldTypeBoolean, Module: client.CustomFieldModuleCustomer, Required: ptr(true)})
	createCustomField(t, te, client.CustomFieldDefinitionWrite{Name: "seats", Type: client.CustomFieldTypeIntegerNumber, Module: client.CustomFieldModuleCustomer})
	res, body := patchCustomer(t, te, id, `[{"op":"replace","path":"/notes","value":"patched"}]`)
	if c := mustCustomer(t, res, body); optText(c.Notes) != "patched" || c.CustomFields["region"] != "North" {
		t.Fatalf("unrelated patch: %s", body)
	}
	res, body = customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"Fielded","customFields":{"region":"North"}}`)
	mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "customFields.poRequired")
	res, body = customerJSON(t, te, http.MethodPost, "/api/customers", `{"name":"New"}`)
	mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "customFields.poRequired")

	// Operations under /customFields validate every key they carry, and only those.
	refused := []struct{ doc, field string }{
		{`[{"op":"add","path":"/customFields/seats","value":"many"}]`, "customFields.seats"},
		{`[{"op":"add","path":"/customFields/seats","value":1.5}]`, "customFields.seats"},
		{`[{"op":"add","path":"/customFields/unknown","value":"x"}]`, "customFields.unknown"},
		{`[{"op":"add","path":"/customFields/poRequired","value":null}]`, "customFields.poRequired"},
		{`[{"op":"add","path":"/customFields/seats","value":3},{"op":"add","path":"/customFields/region","value":7}]`, "customFields.region"},
		{`[{"op":"copy","from":"/customFields/region","path":"/customFields/seats"}]`, "customFields.seats"},
		{`[{"op":"replace","path":"/customFields","value":{"region":"South"}}]`, "customFields.poRequired"},
	}
	for _, c := range refused {
		res, body := patchCustomer(t, te, id, c.doc)
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), c.field)
	}
	if got := getCustomer(t, te, id).CustomFields; !reflect.DeepEqual(got, client.CustomFields{"region": "North"}) {
		t.Fatalf("refused patches changed customFields to %v", got)
	}
	res, body = patchCustomer(t, te, id, `[{"op":"add","path":"/customFields/seats","value":12}]`)
	if got := mustCustomer(t, res, body).CustomFields; !reflect.DeepEqual(got, client.CustomFields{"region": "North", "seats": float64(12)}) {
		t.Fatalf("customFields %v after adding seats (poRequired still missing, untouched)", got)
	}
	res, body = patchCustomer(t, te, id, `[{"op":"add","path":"/customFields/poRequired","value":true},{"op":"remove","path":"/customFields/region"}]`)
	if got := mustCustomer(t, res, body).CustomFields; !reflect.DeepEqual(got, client.CustomFields{"poRequired": true, "seats": float64(12)}) {
		t.Fatalf("customFields %v", got)
	}
	// Now complete, the full update passes.
	res, body = customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"Fielded","customFields":{"poRequired":false}}`)
	if got := mustCustomer(t, res, body).CustomFields; !reflect.DeepEqual(got, client.CustomFields{"poRequired": false}) {
		t.Fatalf("customFields after PUT %v", got)
	}
}

func TestCustomerExternalReferencesFollowTheExternalReferenceRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	// Create and full update: blank members are no value; externalId is required.
	res, body := customerJSON(t, te, http.MethodPost, "/api/customers",
		`{"name":"Linked","externalReferences":{"erp":{"type":"  ","externalId":" E-1 ","displayId":"","status":"synced"}}}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var created struct{ ID string }
	if err := json.Unmarshal(body, &created); err != nil {
		t.Fatal(err)
	}
	id := created.ID
	erp := getCustomerJSON(t, te, id)["externalReferences"].(map[string]any)["erp"].(map[string]any)
	want := map[string]any{"type": nil, "externalId": " E-1 ", "displayId": nil, "status": "synced", "url": nil, "modifiedUtc": nil, "lastSyncedUtc": nil}
	if !reflect.DeepEqual(erp, want) {
		t.Fatalf("erp reference %v, want %v", erp, want)
	}
	for _, ref := range []string{`{"type":"x"}`, `{"externalId":""}`, `{"externalId":"   "}`, `{"externalId":null}`} {
		for _, req := range []struct{ method, path string }{{http.MethodPost, "/api/customers"}, {http.MethodPut, "/api/customers/" + id}} {
			res, body := customerJSON(t, te, req.method, req.path, `{"name":"Linked","externalReferences":{"crm":`+ref+`}}`)
			mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "externalReferences.crm.externalId")
		}
	}
	res, body = customerJSON(t, te, http.MethodPost, "/api/customers", `{"name":"Blank key","externalReferences":{"  ":{"externalId":"1"}}}`)
	mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "externalReferences")

	// Patch: a blank member, externalId included, is stored as an empty string, and a
	// reference without externalId reads it as null.
	res, body = patchCustomer(t, te, id, `[{"op":"add","path":"/externalReferences/crm","value":{"type":"  ","externalId":""}},`+
		`{"op":"add","path":"/externalReferences/mes","value":{"type":"line"}},`+
		`{"op":"replace","path":"/externalReferences/erp/status","value":" "}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	refs := getCustomerJSON(t, te, id)["externalReferences"].(map[string]any)
	crm, mes, erp := refs["crm"].(map[string]any), refs["mes"].(map[string]any), refs["erp"].(map[string]any)
	if crm["type"] != "" || crm["externalId"] != "" || crm["displayId"] != nil {
		t.Fatalf("patched crm %v, want blank members as empty strings", crm)
	}
	if v, present := mes["externalId"]; !present || v != nil || mes["type"] != "line" {
		t.Fatalf("patched mes %v, want externalId null", mes)
	}
	if erp["status"] != "" || erp["externalId"] != " E-1 " || erp["type"] != nil {
		t.Fatalf("patched erp %v", erp)
	}
	// An unrelated patch keeps them as they are; a full update applies the write rule again.
	res, body = patchCustomer(t, te, id, `[{"op":"replace","path":"/notes","value":"x"}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if got := getCustomerJSON(t, te, id)["externalReferences"]; !reflect.DeepEqual(got, refs) {
		t.Fatalf("unrelated patch changed externalReferences: %v", got)
	}
	res, body = customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"Linked","externalReferences":{"crm":{"type":"","externalId":"C-9"}}}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	refs = getCustomerJSON(t, te, id)["externalReferences"].(map[string]any)
	if len(refs) != 1 || refs["crm"].(map[string]any)["type"] != nil || refs["crm"].(map[string]any)["externalId"] != "C-9" {
		t.Fatalf("after PUT: %v", refs)
	}
}

func TestCustomerListFilters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	acme := createCustomer(t, te, client.CustomerWrite{Name: "Acme Tooling", CustomerCode: ptr("ACM-1"),
		ExternalReferences: &extref.References{"erp": {Type: ptr("customer"), ExternalID: ptr("E-1")}}})
	createCustomer(t, te, client.CustomerWrite{Name: "Bolt 100% Supply", CustomerCode: ptr("BLT-1"),
		ExternalReferences: &extref.References{"erp": {Type: ptr("prospect"), ExternalID: ptr("E-2")}, "crm": {ExternalID: ptr("E-1")}}})
	precision := createCustomer(t, te, client.CustomerWrite{Name: "Precision_Acme"})
	deleted := createCustomer(t, te, client.CustomerWrite{Name: "Acme Deleted", CustomerCode: ptr("ACM-1-OLD")})
	del, err := te.API.DeleteCustomerWithResponse(context.Background(), deleted, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, del.StatusCode(), http.StatusOK, del.Body)

	erp := func(typ, externalID *string) *client.ExternalReferenceFilter {
		return &client.ExternalReferenceFilter{Key: "erp", Type: typ, ExternalId: externalID}
	}
	cases := []struct {
		name   string
		filter client.CustomerFilter
		want   []string
	}{
		{"no filter leaves deleted out", client.CustomerFilter{}, []string{"Acme Tooling", "Bolt 100% Supply", "Precision_Acme"}},
		{"includeDeleted", client.CustomerFilter{IncludeDeleted: ptr(true)}, []string{"Acme Deleted", "Acme Tooling", "Bolt 100% Supply", "Precision_Acme"}},
		{"includeDeleted false", client.CustomerFilter{IncludeDeleted: ptr(false)}, []string{"Acme Tooling", "Bolt 100% Supply", "Precision_Acme"}},
		{"name contains, case-insensitive", client.CustomerFilter{Name: ptr("aCME")}, []string{"Acme Tooling", "Precision_Acme"}},
		{"name with deleted", client.CustomerFilter{Name: ptr("acme"), IncludeDeleted: ptr(true)}, []string{"Acme Deleted", "Acme Tooling", "Precision_Acme"}},
		{"name wildcards are literal", client.CustomerFilter{Name: ptr("100%")}, []string{"Bolt 100% Supply"}},
		{"name underscore is literal", client.CustomerFilter{Name: ptr("n_A")}, []string{"Precision_Acme"}},
		{"customerCode exact, case-insensitive", client.CustomerFilter{CustomerCode: ptr("acm-1")}, []string{"Acme Tooling"}},
		{"customerCode trimmed", client.CustomerFilter{CustomerCode: ptr(" BLT-1 ")}, []string{"Bolt 100% Supply"}},
		{"customerCode is not contains", client.CustomerFilter{CustomerCode: ptr("ACM")}, []string{}},
		{"external reference key", client.CustomerFilter{ExternalReference: erp(nil, nil)}, []string{"Acme Tooling", "Bolt 100% Supply"}},
		{"external reference key and type", client.CustomerFilter{ExternalReference: erp(ptr("prospect"), nil)}, []string{"Bolt 100% Supply"}},
		{"external reference key and externalId", client.CustomerFilter{ExternalReference: erp(nil, ptr("E-1"))}, []string{"Acme Tooling"}},
		{"external reference all three", client.CustomerFilter{ExternalReference: erp(ptr("customer"), ptr("E-2"))}, []string{}},
		{"external reference other key", client.CustomerFilter{ExternalReference: &client.ExternalReferenceFilter{Key: "crm", ExternalId: ptr("E-1")}}, []string{"Bolt 100% Supply"}},
		{"external reference unknown key", client.CustomerFilter{ExternalReference: &client.ExternalReferenceFilter{Key: "none"}}, []string{}},
		{"filters combine", client.CustomerFilter{Name: ptr("acme"), ExternalReference: erp(nil, nil)}, []string{"Acme Tooling"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := customerNames(listCustomers(t, te, nil, c.filter)); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}

	// modifiedAfterUtc is exclusive: the customer modified at that instant is left out.
	at := getCustomer(t, te, precision).ModifiedUtc // before Acme Deleted was created
	res, body := patchCustomer(t, te, acme, `[{"op":"replace","path":"/notes","value":"touched"}]`)
	after := mustCustomer(t, res, body).ModifiedUtc
	if got := customerNames(listCustomers(t, te, nil, client.CustomerFilter{ModifiedAfterUtc: &after})); len(got) != 0 {
		t.Fatalf("modifiedAfterUtc = the latest modification listed %v", got)
	}
	justBefore := after.Add(-time.Microsecond)
	if got := customerNames(listCustomers(t, te, nil, client.CustomerFilter{ModifiedAfterUtc: &justBefore})); !reflect.DeepEqual(got, []string{"Acme Tooling"}) {
		t.Fatalf("modifiedAfterUtc just before the patch: %v", got)
	}
	if got := customerNames(listCustomers(t, te, nil, client.CustomerFilter{ModifiedAfterUtc: &at, IncludeDeleted: ptr(true)})); !reflect.DeepEqual(got, []string{"Acme Deleted", "Acme Tooling"}) {
		t.Fatalf("modifiedAfterUtc = Precision_Acme's creation, with deleted: %v", got)
	}
	if got := customerNames(listCustomers(t, te, nil, client.CustomerFilter{ModifiedAfterUtc: &at})); !reflect.DeepEqual(got, []string{"Acme Tooling"}) {
		t.Fatalf("modifiedAfterUtc = Precision_Acme's creation: %v", got)
	}

	for _, bad := range []struct{ body, field string }{
		{`{"customerCode":"  "}`, "customerCode"},
		{`{"email":"  "}`, "email"},
		{`{"name":""}`, "name"},
		{`{"modifiedAfterUtc":"yesterday"}`, "modifiedAfterUtc"},
		{`{"externalReference":{"type":"customer"}}`, "externalReference.key"},
		{`{"includeDeleted":"yes"}`, "includeDeleted"},
	} {
		res, body := customerJSON(t, te, http.MethodPost, "/api/customers/list", bad.body)
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), bad.field)
	}
}

func TestCustomerListEmailFilterMatchesAContactsEmail(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	buyer := createCustomer(t, te, client.CustomerWrite{Name: "Has buyer"})
	createCustomer(t, te, client.CustomerWrite{Name: "No contacts"})
	other := createCustomer(t, te, client.CustomerWrite{Name: "Other contact"})
	for _, c := range []struct{ customer, body string }{
		{buyer, `{"firstName":"Pat","email":"Buyer@Example.com"}`},
		{buyer, `{"firstName":"Sam","email":"sam@example.com"}`},
		{other, `{"firstName":"Lee","email":"lee@example.com"}`},
	} {
		res, body := customerJSON(t, te, http.MethodPost, "/api/customers/"+c.customer+"/contacts", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
	cases := []struct {
		email string
		want  []string
	}{
		{"buyer@example.com", []string{"Has buyer"}},
		{"  BUYER@EXAMPLE.COM ", []string{"Has buyer"}},
		{"sam@example.com", []string{"Has buyer"}},
		{"lee@example.com", []string{"Other contact"}},
		{"example.com", []string{}},
		{"buyer@example", []string{}},
	}
	for _, c := range cases {
		if got := customerNames(listCustomers(t, te, nil, client.CustomerFilter{Email: ptr(c.email)})); !reflect.DeepEqual(got, c.want) {
			t.Errorf("email %q: got %v, want %v", c.email, got, c.want)
		}
	}
	// Another tenant's contact with the same email does not match here.
	b := newTenant(t)
	bc := createCustomer(t, b, client.CustomerWrite{Name: "B's customer"})
	res, body := customerJSON(t, b, http.MethodPost, "/api/customers/"+bc+"/contacts", `{"firstName":"Lee","email":"lee@example.com"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if got := customerNames(listCustomers(t, te, nil, client.CustomerFilter{Email: ptr("lee@example.com")})); !reflect.DeepEqual(got, []string{"Other contact"}) {
		t.Fatalf("email across tenants: %v", got)
	}
}

func TestCustomerListSortsByDocumentedFields(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	net10 := createPaymentTerm(t, te, "Net 10", 10)
	cod := createPaymentTerm(t, te, "cod", 0)
	gold := createCustomerTier(t, te, "Gold", nil)
	bronze := createCustomerTier(t, te, "bronze", nil)
	limit := func(s string) *dec.Decimal { return ptr(dec.MustParse(s)) }
	// Created in this order, so createdUtc and modifiedUtc ascend from alpha to delta.
	alpha := createCustomer(t, te, client.CustomerWrite{Name: "alpha", CustomerCode: ptr("Z-1"), CurrencyCode: ptr("USD"), CreditLimit: limit("900"), PaymentTermsId: &net10})
	createCustomer(t, te, client.CustomerWrite{Name: "Bravo", CustomerCode: ptr("y-2"), CurrencyCode: ptr("EUR"), CreditLimit: limit("100.5"), PaymentTermsId: &cod})
	charlie := createCustomer(t, te, client.CustomerWrite{Name: "charlie", CustomerCode: ptr("X-3"), CurrencyCode: ptr("GBP"), CreditLimit: limit("100.25")})
	createCustomer(t, te, client.CustomerWrite{Name: "Delta"})
	for id, tier := range map[string]string{alpha: bronze, charlie: gold} {
		status, body := setCustomerTier(t, te, id, &tier)
		mustStatus(t, status, http.StatusOK, body)
	}
	// Re-touch alpha last, so modifiedUtc order differs from createdUtc order.
	res, body := patchCustomer(t, te, alpha, `[{"op":"replace","path":"/notes","value":"latest"}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)

	sorted := func(field string, dir client.SortDirection) *client.ListCustomersParams {
		p := &client.ListCustomersParams{}
		if field != "" {
			p.SortField = &field
		}
		if dir != "" {
			p.SortDir = &dir
		}
		return p
	}
	desc := client.SortDirectionDescending
	cases := []struct {
		name   string
		params *client.ListCustomersParams
		want   []string
	}{
		{"default: name, case-insensitive", nil, []string{"alpha", "Bravo", "charlie", "Delta"}},
		{"Sort.Dir alone reverses the default", sorted("", desc), []string{"Delta", "charlie", "Bravo", "alpha"}},
		{"name", sorted("Name", ""), []string{"alpha", "Bravo", "charlie", "Delta"}},
		{"customerCode, case-insensitive, none last", sorted("customerCode", ""), []string{"charlie", "Bravo", "alpha", "Delta"}},
		{"currencyCode", sorted("currencyCode", ""), []string{"Bravo", "charlie", "alpha", "Delta"}},
		{"creditLimit numerically", sorted("creditLimit", ""), []string{"charlie", "Bravo", "alpha", "Delta"}},
		{"createdUtc", sorted("createdUtc", ""), []string{"alpha", "Bravo", "charlie", "Delta"}},
		{"modifiedUtc descending", sorted("ModifiedUtc", desc), []string{"alpha", "charlie", "Delta", "Bravo"}},
		{"customerTierName, none last", sorted("customerTierName", ""), []string{"alpha", "charlie", "Bravo", "Delta"}},
		{"paymentTerms.name, none last", sorted("PaymentTerms.Name", ""), []string{"Bravo", "alpha", "charlie", "Delta"}},
		{"paged", &client.ListCustomersParams{Skip: ptr[int32](1), Take: ptr[int32](2)}, []string{"Bravo", "charlie"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := customerNames(listCustomers(t, te, c.params, client.CustomerFilter{})); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	// Ties break on id.
	tied := newTenant(t)
	var ids []string
	for range 3 {
		ids = append(ids, createCustomer(t, tied, client.CustomerWrite{Name: fmt.Sprintf("Tied %d", len(ids)), CurrencyCode: ptr("USD")}))
	}
	got := listCustomers(t, tied, sorted("currencyCode", desc), client.CustomerFilter{})
	if len(got) != 3 || got[0].Id != ids[2] || got[1].Id != ids[1] || got[2].Id != ids[0] {
		t.Fatalf("ties on currencyCode descending: %v, want ids descending", customerNames(got))
	}
	for _, field := range []string{"notes", "paymentTerms.id", "customerTierId", "NAME", "paymentTerms"} {
		res, body := customerJSON(t, te, http.MethodPost, "/api/customers/list?Sort.Field="+field, `{}`)
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "Sort.Field")
	}
}

func TestCustomerListResolvesNamesForEveryCustomerOfAPage(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const n = 30
	for i := range n {
		w := client.CustomerWrite{Name: fmt.Sprintf("Customer %02d", i)}
		if i%3 != 0 {
			w.PaymentTermsId = ptr(createPaymentTerm(t, te, fmt.Sprintf("Terms %02d", i), int32(i)))
		}
		id := createCustomer(t, te, w)
		if i%2 == 0 {
			tier := createCustomerTier(t, te, fmt.Sprintf("Tier %02d", i), nil)
			status, body := setCustomerTier(t, te, id, &tier)
			mustStatus(t, status, http.StatusOK, body)
		}
	}
	got := listCustomers(t, te, nil, client.CustomerFilter{})
	if len(got) != n {
		t.Fatalf("listed %d customers, want %d", len(got), n)
	}
	for i, c := range got {
		wantTerms, wantTier := "", ""
		if i%3 != 0 {
			wantTerms = fmt.Sprintf("Terms %02d", i)
		}
		if i%2 == 0 {
			wantTier = fmt.Sprintf("Tier %02d", i)
		}
		gotTerms := ""
		if c.PaymentTerms != nil {
			gotTerms = c.PaymentTerms.Name
			if c.PaymentTerms.Id != optText(c.PaymentTermsId) {
				t.Errorf("%s: paymentTerms.id %s differs from paymentTermsId %s", c.Name, c.PaymentTerms.Id, optText(c.PaymentTermsId))
			}
		}
		gotTier := ""
		if c.CustomerTierName != nil {
			gotTier = *c.CustomerTierName
		}
		if gotTerms != wantTerms || gotTier != wantTier {
			t.Errorf("%s: paymentTerms %q tier %q, want %q %q", c.Name, gotTerms, gotTier, wantTerms, wantTier)
		}
	}
}

func TestCustomerDeleteIsSoft(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	tier := createCustomerTier(t, te, "Gold", nil)
	id := createCustomer(t, te, client.CustomerWrite{Name: "Doomed"})
	keep := createCustomer(t, te, client.CustomerWrite{Name: "Kept"})
	before := getCustomer(t, te, id)

	res, body := rawRequest(t, http.MethodDelete, "/api/customers/"+id, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if strings.TrimSpace(string(body)) != `{"success":true}` {
		t.Fatalf("delete answered %s", body)
	}
	for _, missing := range []string{id, strings.Repeat("0", 24)} {
		res, body := rawRequest(t, http.MethodDelete, "/api/customers/"+missing, te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusNoContent, body)
		if len(body) != 0 {
			t.Fatalf("204 with a body: %s", body)
		}
	}
	c := getCustomer(t, te, id)
	if !c.Deleted || c.Name != "Doomed" || !c.ModifiedUtc.After(before.ModifiedUtc) || !c.CreatedUtc.Equal(before.CreatedUtc) {
		t.Fatalf("deleted customer reads %s", mustJSON(t, c))
	}
	res, body = customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"Revived"}`)
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = patchCustomer(t, te, id, `[{"op":"replace","path":"/name","value":"Revived"}]`)
	mustProblem(t, res, body, http.StatusNotFound)
	status, body := setCustomerTier(t, te, id, &tier)
	mustStatus(t, status, http.StatusNotFound, body)
	if got := getCustomer(t, te, id); got.Name != "Doomed" || got.CustomerTierId != nil || !got.ModifiedUtc.Equal(c.ModifiedUtc) {
		t.Fatalf("writes to a deleted customer changed it: %s", mustJSON(t, got))
	}
	if got := listCustomers(t, te, nil, client.CustomerFilter{}); len(got) != 1 || got[0].Id != keep {
		t.Fatalf("list shows %v, want only Kept", customerNames(got))
	}
	got := listCustomers(t, te, nil, client.CustomerFilter{IncludeDeleted: ptr(true)})
	if len(got) != 2 || got[0].Id != id || !got[0].Deleted || got[1].Deleted {
		t.Fatalf("includeDeleted lists %s", mustJSON(t, got))
	}
	del, err := te.API.DeleteCustomerWithResponse(ctx, keep, nil)
	if err != nil {
		t.Fatal(err)
	}
	if del.StatusCode() != http.StatusOK || del.JSON200 == nil || !del.JSON200.Success {
		t.Fatalf("typed delete answered %d %s", del.StatusCode(), del.Body)
	}
}

func TestCustomerModifiedUtcAdvancesOnEveryWrite(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	tier := createCustomerTier(t, te, "Gold", nil)
	id := createCustomer(t, te, client.CustomerWrite{Name: "Busy"})
	first := getCustomer(t, te, id)
	last := first.ModifiedUtc
	writes := []struct {
		name string
		do   func() (int, []byte)
	}{
		{"full update", func() (int, []byte) {
			res, body := customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"Busy","notes":"a"}`)
			return res.StatusCode, body
		}},
		{"full update restating the same values", func() (int, []byte) {
			res, body := customerJSON(t, te, http.MethodPut, "/api/customers/"+id, `{"name":"Busy","notes":"a"}`)
			return res.StatusCode, body
		}},
		{"patch", func() (int, []byte) {
			res, body := patchCustomer(t, te, id, `[{"op":"replace","path":"/notes","value":"b"}]`)
			return res.StatusCode, body
		}},
		{"tier assignment", func() (int, []byte) { return setCustomerTier(t, te, id, &tier) }},
		{"tier removal", func() (int, []byte) { return setCustomerTier(t, te, id, nil) }},
		{"delete", func() (int, []byte) {
			res, body := rawRequest(t, http.MethodDelete, "/api/customers/"+id, te.Token, "", "")
			return res.StatusCode, body
		}},
	}
	for _, w := range writes {
		status, body := w.do()
		mustStatus(t, status, http.StatusOK, body)
		c := getCustomer(t, te, id)
		if !c.ModifiedUtc.After(last) {
			t.Fatalf("%s: modifiedUtc %v did not advance past %v", w.name, c.ModifiedUtc, last)
		}
		if !c.CreatedUtc.Equal(first.CreatedUtc) {
			t.Fatalf("%s: createdUtc moved from %v to %v", w.name, first.CreatedUtc, c.CreatedUtc)
		}
		last = c.ModifiedUtc
	}
	// Refused writes do not move it.
	res, body := patchCustomer(t, te, id, `[{"op":"replace","path":"/name","value":" "}]`)
	mustProblem(t, res, body, http.StatusNotFound) // deleted now
	if c := getCustomer(t, te, id); !c.ModifiedUtc.Equal(last) {
		t.Fatalf("a refused write moved modifiedUtc")
	}
}

func TestCustomerBadInputIsA4xxNamingTheFieldAndSavesNothing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createCustomer(t, te, client.CustomerWrite{Name: "Steady", Notes: ptr("n")})
	before := getCustomerJSON(t, te, id)
	cases := []struct{ name, body, field string }{
		{"body not an object", `[]`, "body"},
		{"name not a string", `{"name":{}}`, "name"},
		{"isTaxable not a boolean", `{"name":"X","isTaxable":"yes"}`, "isTaxable"},
		{"hasCustomerPortal not a boolean", `{"name":"X","hasCustomerPortal":1}`, "hasCustomerPortal"},
		{"notes over 4000", `{"name":"X","notes":"` + strings.Repeat("n", 4001) + `"}`, "notes"},
		{"url over 2000", `{"name":"X","url":"https://example.com/` + strings.Repeat("u", 2000) + `"}`, "url"},
		{"taxRateIds over 100", `{"name":"X","taxRateIds":[` + strings.TrimSuffix(strings.Repeat(`"t",`, 101), ",") + `]}`, "taxRateIds"},
		{"externalReferences not a map", `{"name":"X","externalReferences":[]}`, "externalReferences"},
		{"external reference not an object", `{"name":"X","externalReferences":{"erp":"E-1"}}`, "externalReferences.erp"},
		{"external reference modifiedUtc not a date-time", `{"name":"X","externalReferences":{"erp":{"externalId":"1","modifiedUtc":"soon"}}}`, "externalReferences.erp.modifiedUtc"},
		{"customFields not a map", `{"name":"X","customFields":"x"}`, "customFields"},
		{"unknown custom field", `{"name":"X","customFields":{"nope":1}}`, "customFields.nope"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, req := range []struct{ method, path string }{{http.MethodPost, "/api/customers"}, {http.MethodPut, "/api/customers/" + id}} {
				res, body := customerJSON(t, te, req.method, req.path, c.body)
				mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), c.field)
			}
		})
	}
	patches := []struct{ name, doc string }{
		{"not an array", `{"op":"replace"}`},
		{"unknown op", `[{"op":"merge","path":"/notes","value":"x"}]`},
		{"unknown path", `[{"op":"replace","path":"/colour","value":"x"}]`},
		{"path without slash", `[{"op":"replace","path":"notes","value":"x"}]`},
		{"remove a missing member", `[{"op":"remove","path":"/externalReferences/none"}]`},
		{"failed test", `[{"op":"test","path":"/notes","value":"other"},{"op":"replace","path":"/notes","value":"x"}]`},
		{"value of the wrong type", `[{"op":"replace","path":"/isTaxable","value":"yes"}]`},
		{"copy without from", `[{"op":"copy","path":"/notes"}]`},
		{"later op fails", `[{"op":"replace","path":"/notes","value":"changed"},{"op":"replace","path":"/name","value":""}]`},
	}
	for _, p := range patches {
		t.Run("patch "+p.name, func(t *testing.T) {
			res, body := patchCustomer(t, te, id, p.doc)
			mustProblem(t, res, body, http.StatusBadRequest)
		})
	}
	res, body := rawRequest(t, http.MethodPatch, "/api/customers/"+id, te.Token, "application/json-patch+json", `[{"op":"replace","path":"/notes","value":"x"}`)
	mustProblem(t, res, body, http.StatusBadRequest)
	res, body = rawRequest(t, http.MethodGet, "/api/customers/short", te.Token, "", "")
	mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "customerId")

	if after := getCustomerJSON(t, te, id); !reflect.DeepEqual(after, before) {
		t.Fatalf("refused writes changed the customer\nbefore %v\nafter  %v", before, after)
	}
	if n := len(listCustomers(t, te, nil, client.CustomerFilter{IncludeDeleted: ptr(true)})); n != 1 {
		t.Fatalf("refused creates stored customers: %d listed", n)
	}
}

// TestCustomerConcurrentPatchesDoNotLoseUpdates proves a patch applies to the locked row:
// concurrent patches each adding a tax rate all land.
func TestCustomerConcurrentPatchesDoNotLoseUpdates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createCustomer(t, te, client.CustomerWrite{Name: "Contended"})
	const n = 8
	rates := make([]string, n)
	for i := range rates {
		rates[i] = createTaxRate(t, te, client.TaxRateWrite{Name: fmt.Sprintf("Rate %d", i), Rate: num("1")})
	}
	var seq atomic.Int32
	var mu sync.Mutex
	var failures []string
	counts := concurrently(t, n, func() (int, error) {
		rate := rates[seq.Add(1)-1]
		res, err := te.API.PatchCustomerWithApplicationJSONPatchPlusJSONBodyWithResponse(context.Background(), id, nil, client.JsonPatch{
			{Op: client.PatchOperationOpAdd, Path: "/taxRateIds/-", Value: rate},
		})
		if err != nil {
			return 0, err
		}
		if res.StatusCode() != http.StatusOK {
			mu.Lock()
			failures = append(failures, string(res.Body))
			mu.Unlock()
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != n {
		t.Fatalf("concurrent patches answered %v: %v", counts, failures)
	}
	if got := getCustomer(t, te, id).TaxRateIds; len(got) != n {
		t.Fatalf("taxRateIds %v: %d of %d concurrent patches landed", got, len(got), n)
	}
}

// modifiedAfterUtc, like every date filter, lies in the years 2000 to 2099 in UTC (after
// converting any offset): outside them the list answers 400 naming it.
func TestCustomerListModifiedAfterUtcIsInTheYears2000To2099(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomer(t, te, client.CustomerWrite{Name: "Dated Customer"})
	for _, body := range []string{
		`{"modifiedAfterUtc":"1999-12-31T23:59:59Z"}`,
		`{"modifiedAfterUtc":"2100-01-01T00:00:00Z"}`,
		`{"modifiedAfterUtc":"0001-01-01T00:00:00Z"}`,
		`{"modifiedAfterUtc":"2000-01-01T01:00:00+02:00"}`, // 1999-12-31T23:00Z
		`{"modifiedAfterUtc":"2099-12-31T20:00:00-05:00"}`, // 2100-01-01T01:00Z
	} {
		res, b := customerJSON(t, te, http.MethodPost, "/api/customers/list", body)
		mustProblemNaming(t, res, b, "modifiedAfterUtc")
	}
	for _, c := range []struct {
		body string
		want []string
	}{
		{`{"modifiedAfterUtc":"2000-01-01T00:00:00Z"}`, []string{"Dated Customer"}},
		{`{"modifiedAfterUtc":"1999-12-31T20:00:00-05:00"}`, []string{"Dated Customer"}}, // 2000-01-01T01:00Z
		{`{"modifiedAfterUtc":"2099-12-31T23:59:59Z"}`, []string{}},
	} {
		res, b := customerJSON(t, te, http.MethodPost, "/api/customers/list", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		var got []client.Customer
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if names := customerNames(got); !reflect.DeepEqual(names, c.want) {
			t.Fatalf("%s: %v, want %v", c.body, names, c.want)
		}
	}
}
