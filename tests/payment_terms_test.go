package tests

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"mos/gen/client"
)

func listPaymentTerms(t *testing.T, api *client.ClientWithResponses, params *client.ListPaymentTermsParams, f client.PaymentTermFilter) []client.PaymentTerm {
	t.Helper()
	res, err := api.ListPaymentTermsWithResponse(context.Background(), params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func paymentTermNames(terms []client.PaymentTerm) []string {
	out := make([]string, len(terms))
	for i, pt := range terms {
		out[i] = pt.Name
	}
	return out
}

func TestPaymentTermCreateTrimsAndReadsBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	res, err := te.API.CreatePaymentTermWithResponse(ctx, nil, client.PaymentTermWrite{
		Name: "  Net 30  ", NetDays: 30, Description: ptr("Due 30 days after the invoice date"),
	})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	id := res.JSON200.Id
	if len(id) != 24 {
		t.Fatalf("id %q is not 24 characters", id)
	}
	got, err := te.API.GetPaymentTermWithResponse(ctx, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, got.StatusCode(), http.StatusOK, got.Body)
	want := client.PaymentTerm{Id: id, Name: "Net 30", NetDays: 30, Description: ptr("Due 30 days after the invoice date")}
	if !reflect.DeepEqual(*got.JSON200, want) {
		t.Fatalf("stored %+v, want %+v", *got.JSON200, want)
	}
	// Without a description it reads null.
	bare := createPaymentTerm(t, te, "Due on receipt", 0)
	res2, body := rawRequest(t, http.MethodGet, "/api/payment-terms/"+bare, te.Token, "", "")
	mustStatus(t, res2.StatusCode, http.StatusOK, body)
	if !strings.Contains(string(body), `"description":null`) || !strings.Contains(string(body), `"netDays":0`) {
		t.Fatalf("terms without description: %s", body)
	}
	res3, body := rawRequest(t, http.MethodGet, "/api/payment-terms/"+strings.Repeat("0", 24), te.Token, "", "")
	mustProblem(t, res3, body, http.StatusNotFound)
}

func TestPaymentTermWriteValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	long := strings.Repeat("x", 201)
	cases := []struct{ name, body, field string }{
		{"missing name", `{"netDays":30}`, "name"},
		{"empty name", `{"name":"","netDays":30}`, "name"},
		{"blank name", `{"name":"   ","netDays":30}`, "name"},
		{"name over 200", `{"name":"` + long + `","netDays":30}`, "name"},
		{"missing netDays", `{"name":"A"}`, "netDays"},
		{"negative netDays", `{"name":"A","netDays":-1}`, "netDays"},
		{"netDays over 3650", `{"name":"A","netDays":3651}`, "netDays"},
		{"fractional netDays", `{"name":"A","netDays":1.5}`, "netDays"},
		{"netDays as a string", `{"name":"A","netDays":"30"}`, "netDays"},
		{"empty description", `{"name":"A","netDays":30,"description":""}`, "description"},
		{"description over 200", `{"name":"A","netDays":30,"description":"` + long + `"}`, "description"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, "/api/payment-terms", te.Token, "application/json", c.body)
			mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), c.field)
		})
	}
	if n := len(listPaymentTerms(t, te.API, nil, client.PaymentTermFilter{})); n != 0 {
		t.Fatalf("refused creates stored %d payment terms", n)
	}
	// The bounds themselves are accepted.
	createPaymentTerm(t, te, strings.Repeat("é", 200), 3650)
	createPaymentTerm(t, te, "Cash", 0)
}

func TestPaymentTermNameUniquePerTenantCaseInsensitive(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	createPaymentTerm(t, te, "Net 30", 30)
	for _, name := range []string{"Net 30", "NET 30", "  net 30 "} {
		res, body := rawRequest(t, http.MethodPost, "/api/payment-terms", te.Token, "application/json", fmt.Sprintf(`{"name":%q,"netDays":45}`, name))
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "name")
	}
	// Another tenant may use the name.
	createPaymentTerm(t, other, "Net 30", 30)

	// Concurrent creates of one name: exactly one wins, the others are 400s naming name.
	var n atomic.Int32
	spellings := []string{"Net 60", "NET 60", " net 60 ", "Net 60  ", "nEt 60", "NET 60"}
	counts := concurrently(t, len(spellings), func() (int, error) {
		name := spellings[n.Add(1)-1]
		res, err := te.API.CreatePaymentTermWithResponse(context.Background(), nil, client.PaymentTermWrite{Name: name, NetDays: 60})
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
	if got := paymentTermNames(listPaymentTerms(t, te.API, nil, client.PaymentTermFilter{Name: ptr("60")})); len(got) != 1 {
		t.Fatalf("stored %v, want one", got)
	}
}

func TestPaymentTermListFiltersAndSorts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	net30 := createPaymentTerm(t, te, "Net 30", 30)
	net10 := createPaymentTerm(t, te, "net 10", 10)
	cod := createPaymentTerm(t, te, "COD", 0)
	net90 := createPaymentTerm(t, te, "Net 90", 90)

	cases := []struct {
		name   string
		params *client.ListPaymentTermsParams
		filter client.PaymentTermFilter
		want   []string
	}{
		{"default: name case-insensitively", nil, client.PaymentTermFilter{}, []string{"COD", "net 10", "Net 30", "Net 90"}},
		{"descending default", &client.ListPaymentTermsParams{SortDir: ptr(client.SortDirectionDescending)}, client.PaymentTermFilter{}, []string{"Net 90", "Net 30", "net 10", "COD"}},
		{"by netDays", &client.ListPaymentTermsParams{SortField: ptr("netDays")}, client.PaymentTermFilter{}, []string{"COD", "net 10", "Net 30", "Net 90"}},
		{"by NetDays descending", &client.ListPaymentTermsParams{SortField: ptr("NetDays"), SortDir: ptr(client.SortDirectionDescending)}, client.PaymentTermFilter{}, []string{"Net 90", "Net 30", "net 10", "COD"}},
		{"name contains, case-insensitive", nil, client.PaymentTermFilter{Name: ptr("NET")}, []string{"net 10", "Net 30", "Net 90"}},
		{"ids", nil, client.PaymentTermFilter{Ids: &[]string{net90, cod}}, []string{"COD", "Net 90"}},
		{"name and ids", nil, client.PaymentTermFilter{Name: ptr("net"), Ids: &[]string{net30, cod, net10}}, []string{"net 10", "Net 30"}},
		{"paged", &client.ListPaymentTermsParams{Skip: ptr[int32](1), Take: ptr[int32](2)}, client.PaymentTermFilter{}, []string{"net 10", "Net 30"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := paymentTermNames(listPaymentTerms(t, te.API, c.params, c.filter)); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	for _, field := range []string{"description", "colour", "id.x"} {
		res, body := rawRequest(t, http.MethodPost, "/api/payment-terms/list?Sort.Field="+field, te.Token, "application/json", `{}`)
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "Sort.Field")
	}
}
