package tests

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

func getCustomField(t *testing.T, api *client.ClientWithResponses, id string) (int, *client.CustomFieldDefinition, []byte) {
	t.Helper()
	res, err := api.GetCustomFieldWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode(), res.JSON200, res.Body
}

func listCustomFields(t *testing.T, api *client.ClientWithResponses, params *client.ListCustomFieldsParams, f client.CustomFieldFilter) []client.CustomFieldDefinition {
	t.Helper()
	res, err := api.ListCustomFieldsWithResponse(context.Background(), params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// fieldKeys renders definitions as module/name, in order.
func fieldKeys(defs []client.CustomFieldDefinition) string {
	out := make([]string, len(defs))
	for i, d := range defs {
		out[i] = string(d.Module) + "/" + d.Name
	}
	return strings.Join(out, ",")
}

func TestCustomFieldCreateGetAndFullUpdate(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	id := createCustomField(t, te, client.CustomFieldDefinitionWrite{
		Name: "  heatTreat  ", Type: client.CustomFieldTypeDropdown, Module: client.CustomFieldModuleItem,
		Required: ptr(true), Options: &[]string{" none ", "annealed", "hardened"},
		Prepend: ptr("Treat: "), Append: ptr("   "), HelpText: ptr("Pick the heat treatment"),
	})
	if len(id) != 24 {
		t.Fatalf("id %q is not 24 characters", id)
	}
	status, d, body := getCustomField(t, te.API, id)
	mustStatus(t, status, http.StatusOK, body)
	if d.Id != id || d.Name != "heatTreat" || d.Label != "heatTreat" || d.Type != client.CustomFieldTypeDropdown ||
		d.Module != client.CustomFieldModuleItem || !d.Required || strings.Join(d.Options, "|") != "none|annealed|hardened" ||
		d.Prepend == nil || *d.Prepend != "Treat: " || d.Append != nil || d.HelpText == nil || *d.HelpText != "Pick the heat treatment" {
		t.Fatalf("stored definition %+v", d)
	}

	// A full update replaces every member: omitted ones are cleared, required defaults to false.
	up, err := te.API.UpdateCustomFieldWithResponse(ctx, id, nil, client.CustomFieldDefinitionWrite{
		Name: "heat treatment", Label: ptr("  Heat treatment  "), Type: client.CustomFieldTypeText, Module: client.CustomFieldModuleItemMake,
	})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, up.StatusCode(), http.StatusOK, up.Body)
	want := client.CustomFieldDefinition{Id: id, Name: "heat treatment", Label: "Heat treatment", Type: client.CustomFieldTypeText,
		Module: client.CustomFieldModuleItemMake, Required: false, Options: []string{}}
	if got := *up.JSON200; fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
		t.Fatalf("update answered %+v, want %+v", got, want)
	}
	status, d, body = getCustomField(t, te.API, id)
	mustStatus(t, status, http.StatusOK, body)
	if fmt.Sprintf("%+v", *d) != fmt.Sprintf("%+v", want) {
		t.Fatalf("after update %+v, want %+v", *d, want)
	}
	// options reads as an empty array (never null or omitted) for types without options.
	if !strings.Contains(string(body), `"options":[]`) {
		t.Fatalf("options not an empty array: %s", body)
	}
}

func TestCustomFieldLabelDefaultsToName(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	// One module per case: the name is the same in each.
	cases := []struct {
		name   string
		module client.CustomFieldModule
		label  *string
		want   string
	}{
		{"omitted", client.CustomFieldModuleCustomer, nil, "Colour"},
		{"blank", client.CustomFieldModuleVendor, ptr("   "), "Colour"},
		{"given", client.CustomFieldModuleItem, ptr(" Paint colour "), "Paint colour"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := textField("Colour", c.module)
			w.Label = c.label
			status, d, body := getCustomField(t, te.API, createCustomField(t, te, w))
			mustStatus(t, status, http.StatusOK, body)
			if d.Label != c.want {
				t.Fatalf("label %q, want %q", d.Label, c.want)
			}
		})
	}
}

func TestCustomFieldUpdateOfMissingDefinitionIs404(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, err := te.API.UpdateCustomFieldWithResponse(context.Background(), "ffffffffffffffffffffffff", nil, textField("x", client.CustomFieldModuleJob))
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
	status, _, body := getCustomField(t, te.API, "ffffffffffffffffffffffff")
	mustStatus(t, status, http.StatusNotFound, body)
}

func TestCustomFieldDeleteAnswers200Then204AndFreesTheName(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	id := createCustomField(t, te, textField("Finish", client.CustomFieldModuleItem))

	del, err := te.API.DeleteCustomFieldWithResponse(ctx, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, del.StatusCode(), http.StatusOK, del.Body)
	if del.JSON200 == nil || !del.JSON200.Success {
		t.Fatalf("delete body %s, want success true", del.Body)
	}
	status, _, body := getCustomField(t, te.API, id)
	mustStatus(t, status, http.StatusNotFound, body)
	if defs := listCustomFields(t, te.API, nil, client.CustomFieldFilter{}); len(defs) != 0 {
		t.Fatalf("deleted definition still listed: %s", fieldKeys(defs))
	}

	again, err := te.API.DeleteCustomFieldWithResponse(ctx, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, again.StatusCode(), http.StatusNoContent, again.Body)
	never, err := te.API.DeleteCustomFieldWithResponse(ctx, "ffffffffffffffffffffffff", nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, never.StatusCode(), http.StatusNoContent, never.Body)

	// A deleted definition does not hold its name.
	createCustomField(t, te, textField("finish", client.CustomFieldModuleItem))
}

func TestCustomFieldNameUniqueWithinModuleUnderConcurrency(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	counts := concurrently(t, 8, func() (int, error) {
		res, err := te.API.CreateCustomFieldWithResponse(ctx, nil, textField("Colour", client.CustomFieldModuleCustomer))
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 7 {
		t.Fatalf("statuses %v; want exactly one 200 and seven 400", counts)
	}

	// Case-insensitive and after trimming, within the module.
	dup, _ := te.API.CreateCustomFieldWithResponse(ctx, nil, textField(" COLOUR ", client.CustomFieldModuleCustomer))
	mustStatus(t, dup.StatusCode(), http.StatusBadRequest, dup.Body)
	if dup.ApplicationproblemJSON400 == nil || len((*dup.ApplicationproblemJSON400.Errors)["name"]) == 0 {
		t.Fatalf("duplicate name problem does not name the field: %s", dup.Body)
	}
	// The same name is free in another module and in another tenant.
	vendorID := createCustomField(t, te, textField("Colour", client.CustomFieldModuleVendor))
	createCustomField(t, newTenant(t), textField("Colour", client.CustomFieldModuleCustomer))

	// A full update cannot move a definition onto a taken name either.
	up, _ := te.API.UpdateCustomFieldWithResponse(ctx, vendorID, nil, textField("colour", client.CustomFieldModuleCustomer))
	mustStatus(t, up.StatusCode(), http.StatusBadRequest, up.Body)
	if !strings.Contains(string(up.Body), `"name"`) {
		t.Fatalf("rename onto a taken name does not name the field: %s", up.Body)
	}
	// Keeping its own name (in another case) is not a clash with itself.
	same, _ := te.API.UpdateCustomFieldWithResponse(ctx, vendorID, nil, textField("COLOUR", client.CustomFieldModuleVendor))
	mustStatus(t, same.StatusCode(), http.StatusOK, same.Body)
}

func TestCustomFieldWriteValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	existing := createCustomField(t, te, textField("Existing", client.CustomFieldModuleJob))
	cases := []struct {
		name, body, field string
	}{
		{"missing name", `{"type":"text","module":"job"}`, "name"},
		{"empty name", `{"name":"","type":"text","module":"job"}`, "name"},
		{"blank name after trimming", `{"name":"   ","type":"text","module":"job"}`, "name"},
		{"name over 200", `{"name":"` + strings.Repeat("x", 201) + `","type":"text","module":"job"}`, "name"},
		{"label over 200", `{"name":"a","label":"` + strings.Repeat("x", 201) + `","type":"text","module":"job"}`, "label"},
		{"missing type", `{"name":"a","module":"job"}`, "type"},
		{"unknown type", `{"name":"a","type":"colour","module":"job"}`, "type"},
		{"missing module", `{"name":"a","type":"text"}`, "module"},
		{"unknown module", `{"name":"a","type":"text","module":"Job"}`, "module"},
		{"required not a boolean", `{"name":"a","type":"text","module":"job","required":"yes"}`, "required"},
		{"dropdown without options", `{"name":"a","type":"dropdown","module":"job"}`, "options"},
		{"dropdown with empty options", `{"name":"a","type":"dropdown","module":"job","options":[]}`, "options"},
		{"multiple choice without options", `{"name":"a","type":"multipleChoiceDropdown","module":"job"}`, "options"},
		{"dropdown with repeated options", `{"name":"a","type":"dropdown","module":"job","options":["x"," x "]}`, "options"},
		{"dropdown with a blank option", `{"name":"a","type":"dropdown","module":"job","options":["x","  "]}`, "options"},
		{"dropdown with an empty option", `{"name":"a","type":"dropdown","module":"job","options":["x",""]}`, "options"},
		{"text with options", `{"name":"a","type":"text","module":"job","options":["x"]}`, "options"},
		{"integer with options", `{"name":"a","type":"integerNumber","module":"job","options":["1"]}`, "options"},
		{"help text over 2000", `{"name":"a","type":"text","module":"job","helpText":"` + strings.Repeat("x", 2001) + `"}`, "helpText"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, req := range []struct{ method, path string }{
				{http.MethodPost, "/api/custom-fields"},
				{http.MethodPut, "/api/custom-fields/" + existing},
			} {
				res, body := rawRequest(t, req.method, req.path, te.Token, "application/json", c.body)
				mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
				// The field itself or one of its items (options.1).
				if !strings.Contains(string(body), `"`+c.field+`"`) && !strings.Contains(string(body), `"`+c.field+`.`) {
					t.Fatalf("%s: problem does not name %s: %s", req.method, c.field, body)
				}
			}
		})
	}
	// Types without options accept them absent or empty.
	for _, body := range []string{`{"name":"b","type":"boolean","module":"job"}`, `{"name":"c","type":"date","module":"job","options":[]}`} {
		res, b := rawRequest(t, http.MethodPost, "/api/custom-fields", te.Token, "application/json", body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
	// The refused writes left the existing definition as it was.
	status, d, body := getCustomField(t, te.API, existing)
	mustStatus(t, status, http.StatusOK, body)
	if d.Name != "Existing" || d.Type != client.CustomFieldTypeText || d.Module != client.CustomFieldModuleJob {
		t.Fatalf("existing definition changed: %+v", d)
	}
}

func TestCustomFieldListFiltersAndSort(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	mk := func(name string, module client.CustomFieldModule, typ client.CustomFieldType, label string, required bool) string {
		w := client.CustomFieldDefinitionWrite{Name: name, Module: module, Type: typ, Label: ptr(label), Required: ptr(required)}
		if typ == client.CustomFieldTypeDropdown {
			w.Options = &[]string{"x"}
		}
		return createCustomField(t, te, w)
	}
	// Created in this order, so ids ascend in this order.
	vendorGrade := mk("grade", client.CustomFieldModuleVendor, client.CustomFieldTypeDropdown, "C", false)
	mk("weight", client.CustomFieldModuleItem, client.CustomFieldTypeDecimalNumber, "A", true)
	customerBeta := mk("beta", client.CustomFieldModuleCustomer, client.CustomFieldTypeText, "E", false)
	customerAlpha := mk("Alpha", client.CustomFieldModuleCustomer, client.CustomFieldTypeDate, "b", true)
	customerPct := mk("100%_done", client.CustomFieldModuleCustomer, client.CustomFieldTypeBoolean, "D", false)
	itemGrade := mk("Grade", client.CustomFieldModuleItem, client.CustomFieldTypeDropdown, "F", false)
	all := "customer/100%_done,customer/Alpha,customer/beta,item/Grade,item/weight,vendor/grade"

	asc, desc := client.SortDirectionAscending, client.SortDirectionDescending
	sorts := []struct {
		name   string
		params *client.ListCustomFieldsParams
		want   string
	}{
		{"default: module, then name case-insensitively", nil, all},
		{"Sort.Dir alone reverses the default", &client.ListCustomFieldsParams{SortDir: &desc},
			"vendor/grade,item/weight,item/Grade,customer/beta,customer/Alpha,customer/100%_done"},
		{"module sorts by name within a module", &client.ListCustomFieldsParams{SortField: ptr("Module"), SortDir: &asc}, all},
		{"name case-insensitively, ties on id", &client.ListCustomFieldsParams{SortField: ptr("name")},
			"customer/100%_done,customer/Alpha,customer/beta,vendor/grade,item/Grade,item/weight"},
		{"label case-insensitively", &client.ListCustomFieldsParams{SortField: ptr("label")},
			"item/weight,customer/Alpha,vendor/grade,customer/100%_done,customer/beta,item/Grade"},
		{"required descending, ties on id descending", &client.ListCustomFieldsParams{SortField: ptr("required"), SortDir: &desc},
			"customer/Alpha,item/weight,item/Grade,customer/100%_done,customer/beta,vendor/grade"},
		{"type", &client.ListCustomFieldsParams{SortField: ptr("Type")},
			"customer/100%_done,customer/Alpha,item/weight,vendor/grade,item/Grade,customer/beta"},
		{"id", &client.ListCustomFieldsParams{SortField: ptr("id")},
			"vendor/grade,item/weight,customer/beta,customer/Alpha,customer/100%_done,item/Grade"},
		{"skip and take", &client.ListCustomFieldsParams{Skip: ptr[int32](2), Take: ptr[int32](3)}, "customer/beta,item/Grade,item/weight"},
	}
	for _, c := range sorts {
		if got := fieldKeys(listCustomFields(t, te.API, c.params, client.CustomFieldFilter{})); got != c.want {
			t.Errorf("sort %s: %s, want %s", c.name, got, c.want)
		}
	}

	filters := []struct {
		name string
		f    client.CustomFieldFilter
		want string
	}{
		{"name is a case-insensitive substring", client.CustomFieldFilter{Name: ptr("GRAD")}, "item/Grade,vendor/grade"},
		{"name matches % and _ literally", client.CustomFieldFilter{Name: ptr("0%_")}, "customer/100%_done"},
		{"name matching nothing", client.CustomFieldFilter{Name: ptr("zzz")}, ""},
		{"ids", client.CustomFieldFilter{Ids: &[]string{vendorGrade, customerBeta, "ffffffffffffffffffffffff"}}, "customer/beta,vendor/grade"},
		{"module", client.CustomFieldFilter{Module: ptr(client.CustomFieldModuleItem)}, "item/Grade,item/weight"},
		{"type", client.CustomFieldFilter{Type: ptr(client.CustomFieldTypeDropdown)}, "item/Grade,vendor/grade"},
		{"module with no definitions", client.CustomFieldFilter{Module: ptr(client.CustomFieldModuleNcr)}, ""},
		{"every filter together", client.CustomFieldFilter{Name: ptr("a"), Ids: &[]string{itemGrade, vendorGrade, customerPct, customerAlpha},
			Module: ptr(client.CustomFieldModuleCustomer), Type: ptr(client.CustomFieldTypeDate)}, "customer/Alpha"},
	}
	for _, c := range filters {
		if got := fieldKeys(listCustomFields(t, te.API, nil, c.f)); got != c.want {
			t.Errorf("filter %s: %s, want %s", c.name, got, c.want)
		}
	}

	for _, bad := range []string{"colour", "options", "NAME"} {
		res, err := te.API.ListCustomFieldsWithResponse(context.Background(), &client.ListCustomFieldsParams{SortField: ptr(bad)}, client.CustomFieldFilter{})
		if err != nil {
			t.Fatal(err)
		}
		mustStatus(t, res.StatusCode(), http.StatusBadRequest, res.Body)
		if !strings.Contains(string(res.Body), bad) {
			t.Errorf("unknown sort field %q not named: %s", bad, res.Body)
		}
	}
	// More than 500 ids is refused.
	many := make([]string, 501)
	for i := range many {
		many[i] = fmt.Sprintf("%024d", i)
	}
	res, err := te.API.ListCustomFieldsWithResponse(context.Background(), nil, client.CustomFieldFilter{Ids: &many})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusBadRequest, res.Body)
}
