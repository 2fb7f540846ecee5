package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
)

// Fixtures of the supporting data every area uses: the Tag-shaped lists (accounting codes,
// chart of accounts, item codes, tags), companies, custom fields, payment terms, settings.

const (
	pricingPath = "/api/settings/pricing"
	costingPath = "/api/settings/costing"
)

func createAccountingCode(t *testing.T, te *tenantEnv, name string) string {
	t.Helper()
	res, err := te.API.CreateAccountingCodeWithResponse(context.Background(), nil, client.TagCreate{Name: name, Style: client.TagStylePrimary})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

// createListRecord creates a record of a Tag-shaped list (accounting codes, chart of
// accounts, item codes) at path and answers its id.
func createListRecord(t *testing.T, te *tenantEnv, path, name string) string {
	t.Helper()
	res, body := rawRequest(t, http.MethodPost, path, te.Token, "application/json", fmt.Sprintf(`{"name":%q,"style":"primary"}`, name))
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var created struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(body, &created); err != nil {
		t.Fatal(err)
	}
	return created.ID
}

func createTag(t *testing.T, te *tenantEnv, name string) string {
	t.Helper()
	res, err := te.API.CreateTagWithResponse(context.Background(), nil, client.TagCreate{Name: name, Style: client.TagStylePrimary})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getTag(t *testing.T, te *tenantEnv, id string) client.Tag {
	t.Helper()
	res, err := te.API.GetTagWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listTags(t *testing.T, te *tenantEnv, f client.TagFilter) []client.Tag {
	t.Helper()
	res, err := te.API.ListTagsWithResponse(context.Background(), nil, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// createCompany creates a company through the typed client and returns its id.
func createCompany(t *testing.T, te *tenantEnv, w client.CompanyInfoWrite) string {
	t.Helper()
	res, err := te.API.CreateCompanyWithResponse(context.Background(), nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func createCustomField(t *testing.T, te *tenantEnv, w client.CustomFieldDefinitionWrite) string {
	t.Helper()
	res, err := te.API.CreateCustomFieldWithResponse(context.Background(), nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

// textField is a write body for a text field of module.
func textField(name string, module client.CustomFieldModule) client.CustomFieldDefinitionWrite {
	return client.CustomFieldDefinitionWrite{Name: name, Type: client.CustomFieldTypeText, Module: module}
}

// createPaymentTerm creates payment terms through the typed client and returns their id.
func createPaymentTerm(t *testing.T, te *tenantEnv, name string, netDays int32) string {
	t.Helper()
	res, err := te.API.CreatePaymentTermWithResponse(context.Background(), nil, client.PaymentTermWrite{Name: name, NetDays: netDays})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func putPricing(t *testing.T, te *tenantEnv, body string) []byte {
	t.Helper()
	res, b := rawRequest(t, http.MethodPut, pricingPath, te.Token, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return b
}

func putCosting(t *testing.T, te *tenantEnv, method client.CostingSettingsOverheadCalculationMethod) {
	t.Helper()
	res, err := te.API.UpdateCostingSettingsWithResponse(context.Background(), nil, client.CostingSettings{OverheadCalculationMethod: method})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if res.JSON200.OverheadCalculationMethod != method {
		t.Fatalf("PUT costing answered %+v, want %s", res.JSON200, method)
	}
}
