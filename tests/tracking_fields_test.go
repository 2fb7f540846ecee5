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

func getTrackingField(t *testing.T, api *client.ClientWithResponses, id string) client.InProcessTrackingField {
	t.Helper()
	res, err := api.GetInProcessTrackingFieldWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listTrackingFields(t *testing.T, api *client.ClientWithResponses, params *client.ListInProcessTrackingFieldsParams, f client.InProcessTrackingFieldFilter) []client.InProcessTrackingField {
	t.Helper()
	res, err := api.ListInProcessTrackingFieldsWithResponse(context.Background(), params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func trackingFieldNames(fs []client.InProcessTrackingField) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Name
	}
	return out
}

func TestTrackingFieldCreateReadsBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTrackingField(t, te, client.InProcessTrackingFieldWrite{
		Name: "  Coolant level ", DataType: client.TrackingFieldDataTypeDropDown, Description: ptr(" Checked at setup "),
		DropDownOptions: &[]string{" Low ", "OK", "High"},
	})
	want := client.InProcessTrackingField{Id: id, Name: "Coolant level", DataType: client.TrackingFieldDataTypeDropDown,
		Description: ptr("Checked at setup"), DropDownOptions: []string{"Low", "OK", "High"}}
	if got := getTrackingField(t, te.API, id); !reflect.DeepEqual(got, want) {
		t.Fatalf("stored %+v, want %+v", got, want)
	}
	bore := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Bore diameter", DataType: client.TrackingFieldDataTypeNumber, UnitTypeName: ptr("Length")})
	if got := getTrackingField(t, te.API, bore); got.UnitTypeName == nil || *got.UnitTypeName != "Length" || got.DataType != client.TrackingFieldDataTypeNumber {
		t.Fatalf("stored %+v", got)
	}
	// The documented example: a boolean field without options reads an empty list and nulls.
	ok := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "First article OK", DataType: client.TrackingFieldDataTypeBoolean, Description: ptr("  ")})
	res, body := rawRequest(t, http.MethodGet, "/api/in-process-tracking-field-types/"+ok, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	for _, want := range []string{`"dataType":"boolean"`, `"dropDownOptions":[]`, `"description":null`, `"unitTypeName":null`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("body lacks %s: %s", want, body)
		}
	}
	res, body = rawRequest(t, http.MethodGet, "/api/in-process-tracking-field-types/"+strings.Repeat("0", 24), te.Token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
}

func TestTrackingFieldDataTypeIsOneOfFive(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, dt := range []client.TrackingFieldDataType{"boolean", "text", "number", "date"} {
		id := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Field " + string(dt), DataType: dt})
		if got := getTrackingField(t, te.API, id).DataType; got != dt {
			t.Errorf("dataType %s stored as %s", dt, got)
		}
	}
	for _, body := range []string{`{"name":"X"}`, `{"name":"X","dataType":"checkbox"}`, `{"name":"X","dataType":"Boolean"}`, `{"name":"X","dataType":null}`} {
		res, b := rawRequest(t, http.MethodPost, "/api/in-process-tracking-field-types", te.Token, "application/json", body)
		mustProblemNaming(t, res, b, "dataType")
	}
}

func TestTrackingFieldDropDownOptionsOnlyAndAlwaysForDropDown(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	cases := []struct{ name, body string }{
		{"dropDown without options", `{"name":"X","dataType":"dropDown"}`},
		{"dropDown with no options", `{"name":"X","dataType":"dropDown","dropDownOptions":[]}`},
		{"boolean with options", `{"name":"X","dataType":"boolean","dropDownOptions":["Yes"]}`},
		{"text with options", `{"name":"X","dataType":"text","dropDownOptions":["a","b"]}`},
		{"blank option", `{"name":"X","dataType":"dropDown","dropDownOptions":["Low","  "]}`},
		{"empty option", `{"name":"X","dataType":"dropDown","dropDownOptions":[""]}`},
		{"option listed twice", `{"name":"X","dataType":"dropDown","dropDownOptions":["Low","High","low "]}`},
		{"option over 200", `{"name":"X","dataType":"dropDown","dropDownOptions":["` + strings.Repeat("o", 201) + `"]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, "/api/in-process-tracking-field-types", te.Token, "application/json", c.body)
			p := mustProblem(t, res, body, http.StatusBadRequest)
			named := false
			for field := range p.Errors {
				named = named || strings.HasPrefix(field, "dropDownOptions")
			}
			if !named {
				t.Fatalf("400 does not name dropDownOptions: %s", body)
			}
		})
	}
	if n := len(listTrackingFields(t, te.API, nil, client.InProcessTrackingFieldFilter{})); n != 0 {
		t.Fatalf("refused creates stored %d fields", n)
	}
	// A non-dropDown field may send an empty list.
	createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Notes", DataType: client.TrackingFieldDataTypeText, DropDownOptions: &[]string{}})
}

func TestTrackingFieldWriteValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	long := strings.Repeat("x", 201)
	cases := []struct{ name, body, field string }{
		{"missing name", `{"dataType":"text"}`, "name"},
		{"blank name", `{"name":"  ","dataType":"text"}`, "name"},
		{"name over 200", `{"name":"` + long + `","dataType":"text"}`, "name"},
		{"empty description", `{"name":"A","dataType":"text","description":""}`, "description"},
		{"description over 200", `{"name":"A","dataType":"text","description":"` + long + `"}`, "description"},
		{"empty unitTypeName", `{"name":"A","dataType":"number","unitTypeName":""}`, "unitTypeName"},
		{"unitTypeName over 200", `{"name":"A","dataType":"number","unitTypeName":"` + long + `"}`, "unitTypeName"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, "/api/in-process-tracking-field-types", te.Token, "application/json", c.body)
			mustProblemNaming(t, res, body, c.field)
		})
	}
	createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: strings.Repeat("é", 200), DataType: client.TrackingFieldDataTypeText, Description: ptr(strings.Repeat("d", 200))})
}

func TestTrackingFieldNameUniqueCaseInsensitive(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Bore", DataType: client.TrackingFieldDataTypeNumber})
	for _, name := range []string{"Bore", "BORE", " bore "} {
		res, body := rawRequest(t, http.MethodPost, "/api/in-process-tracking-field-types", te.Token, "application/json", fmt.Sprintf(`{"name":%q,"dataType":"text"}`, name))
		mustProblemNaming(t, res, body, "name")
	}
	createTrackingField(t, other, client.InProcessTrackingFieldWrite{Name: "Bore", DataType: client.TrackingFieldDataTypeNumber})

	var n atomic.Int32
	spellings := []string{"Torque", "TORQUE", " torque ", "Torque  ", "tOrque", "TORQUE"}
	counts := concurrently(t, len(spellings), func() (int, error) {
		res, err := te.API.CreateInProcessTrackingFieldWithResponse(context.Background(), nil, client.InProcessTrackingFieldWrite{Name: spellings[n.Add(1)-1], DataType: client.TrackingFieldDataTypeNumber})
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
}

func TestTrackingFieldListFiltersAndSorts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	bore := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Bore", DataType: client.TrackingFieldDataTypeNumber})
	createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "inspected", DataType: client.TrackingFieldDataTypeBoolean})
	finish := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Finish", DataType: client.TrackingFieldDataTypeDropDown, DropDownOptions: &[]string{"Matte", "Gloss"}})
	cases := []struct {
		name   string
		params *client.ListInProcessTrackingFieldsParams
		filter client.InProcessTrackingFieldFilter
		want   []string
	}{
		{"default: name case-insensitively", nil, client.InProcessTrackingFieldFilter{}, []string{"Bore", "Finish", "inspected"}},
		{"descending default", &client.ListInProcessTrackingFieldsParams{SortDir: ptr(client.SortDirectionDescending)}, client.InProcessTrackingFieldFilter{}, []string{"inspected", "Finish", "Bore"}},
		{"by dataType", &client.ListInProcessTrackingFieldsParams{SortField: ptr("DataType")}, client.InProcessTrackingFieldFilter{}, []string{"inspected", "Finish", "Bore"}},
		{"name contains, case-insensitive", nil, client.InProcessTrackingFieldFilter{Name: ptr("I")}, []string{"Finish", "inspected"}},
		{"ids", nil, client.InProcessTrackingFieldFilter{Ids: &[]string{finish, bore}}, []string{"Bore", "Finish"}},
		{"paged", &client.ListInProcessTrackingFieldsParams{Skip: ptr[int32](1), Take: ptr[int32](1)}, client.InProcessTrackingFieldFilter{}, []string{"Finish"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := trackingFieldNames(listTrackingFields(t, te.API, c.params, c.filter)); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	for _, field := range []string{"description", "unitTypeName", "colour"} {
		res, body := rawRequest(t, http.MethodPost, "/api/in-process-tracking-field-types/list?Sort.Field="+field, te.Token, "application/json", `{}`)
		mustProblemNaming(t, res, body, "Sort.Field")
	}
	res, body := rawRequest(t, http.MethodPost, "/api/in-process-tracking-field-types/list", te.Token, "application/json", `{"ids":[]}`)
	mustProblemNaming(t, res, body, "ids")
}
