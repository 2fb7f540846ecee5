package tests

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

func TestAccountingCodeCreateGetList(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	desc := "Product sales"
	res, err := te.API.CreateAccountingCodeWithResponse(ctx, nil, client.TagCreate{Name: "  4000 Sales  ", Style: client.TagStyleSuccess, Description: &desc})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	id := res.JSON200.Id
	if len(id) != 24 {
		t.Fatalf("id %q is not 24 characters", id)
	}

	got, err := te.API.GetAccountingCodeWithResponse(ctx, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, got.StatusCode(), http.StatusOK, got.Body)
	tag := got.JSON200
	if tag.Name != "4000 Sales" || tag.Style != client.TagStyleSuccess || tag.Description == nil || *tag.Description != desc || tag.Deleted || len(tag.Types) != 0 {
		t.Fatalf("stored tag %+v", tag)
	}

	list, err := te.API.ListAccountingCodesWithResponse(ctx, nil, client.TagFilter{Name: ptr("sales")})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, list.StatusCode(), http.StatusOK, list.Body)
	if len(*list.JSON200) != 1 || (*list.JSON200)[0].Id != id {
		t.Fatalf("list by name: %+v", *list.JSON200)
	}
}

func TestAccountingCodeNameUniquePerTenantUnderConcurrency(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	counts := concurrently(t, 8, func() (int, error) {
		res, err := te.API.CreateAccountingCodeWithResponse(context.Background(), nil, client.TagCreate{Name: "Freight", Style: client.TagStyleInfo})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 7 {
		t.Fatalf("statuses %v; want exactly one 200 and seven 400", counts)
	}
	// Case-insensitive, and another tenant may use the same name.
	res, _ := te.API.CreateAccountingCodeWithResponse(context.Background(), nil, client.TagCreate{Name: "FREIGHT", Style: client.TagStyleInfo})
	mustStatus(t, res.StatusCode(), http.StatusBadRequest, res.Body)
	if res.ApplicationproblemJSON400 == nil || len((*res.ApplicationproblemJSON400.Errors)["name"]) == 0 {
		t.Fatalf("duplicate name problem does not name the field: %s", res.Body)
	}
	other := newTenant(t)
	createAccountingCode(t, other, "Freight")
}

func TestAccountingCodeCreateValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	cases := []struct {
		name, body, field string
	}{
		{"missing name", `{"style":"primary"}`, "name"},
		{"empty name", `{"name":"","style":"primary"}`, "name"},
		{"blank name after trimming", `{"name":"   ","style":"primary"}`, "name"},
		{"name over 200", `{"name":"` + strings.Repeat("x", 201) + `","style":"primary"}`, "name"},
		{"unknown style", `{"name":"A","style":"pink"}`, "style"},
		{"missing style", `{"name":"A"}`, "style"},
		{"empty description", `{"name":"A","style":"dark","description":""}`, "description"},
		{"wrong type", `{"name":5,"style":"dark"}`, "name"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, "/api/accounting-codes", te.Token, "application/json", c.body)
			mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
			if !strings.Contains(string(body), `"`+c.field+`"`) {
				t.Fatalf("problem does not name %s: %s", c.field, body)
			}
		})
	}
}

func TestChartOfAccountsIsSeparateFromAccountingCodes(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	codeID := createAccountingCode(t, te, "1200 Inventory")
	res, err := te.API.CreateChartOfAccountWithResponse(ctx, nil, client.TagCreate{Name: "1200 Inventory", Style: client.TagStyleInfo})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	got, _ := te.API.GetChartOfAccountWithResponse(ctx, res.JSON200.Id, nil)
	mustStatus(t, got.StatusCode(), http.StatusOK, got.Body)
	if got.JSON200.Name != "1200 Inventory" {
		t.Fatalf("entry %+v", got.JSON200)
	}
	// An accounting code id is not a chart of accounts id.
	miss, _ := te.API.GetChartOfAccountWithResponse(ctx, codeID, nil)
	mustStatus(t, miss.StatusCode(), http.StatusNotFound, miss.Body)
	list, _ := te.API.ListChartOfAccountsWithResponse(ctx, nil, client.TagFilter{})
	mustStatus(t, list.StatusCode(), http.StatusOK, list.Body)
	if len(*list.JSON200) != 1 {
		t.Fatalf("chart of accounts list has %d entries, want 1", len(*list.JSON200))
	}
}
