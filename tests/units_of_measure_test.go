package tests

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

func listUnitTypes(t *testing.T, api *client.ClientWithResponses, f client.UnitOfMeasureFilter) []client.UnitType {
	t.Helper()
	res, err := api.ListUnitsOfMeasureWithResponse(context.Background(), nil, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// unitCatalogue renders unit types as "Type(base): Unit=factor, ..." lines for comparison;
// a unit without a factor shows "null", the base unit is starred.
func unitCatalogue(types []client.UnitType) []string {
	out := make([]string, len(types))
	for i, ut := range types {
		units := make([]string, len(ut.Units))
		for j, u := range ut.Units {
			f := "null"
			if u.Factor != nil {
				f = u.Factor.String()
			}
			star := ""
			if u.IsBase {
				star = "*"
			}
			units[j] = u.Name + star + "=" + f
		}
		out[i] = ut.Name + "(" + ut.BaseUnitName + "): " + strings.Join(units, ", ")
	}
	return out
}

// The catalogue a new tenant gets: types by name, units by factor (none last) then name,
// with the exact conversion factors to the base unit.
var standardUnitCatalogue = []string{
	"Area(Square Meter): Square Foot=0.09290304, Square Meter*=1",
	"Length(Meter): Millimeter=0.001, Inch=0.0254, Foot=0.3048, Meter*=1",
	"Pieces(Each): Each*=1, Dozen=12, Box=null",
	"Time(Hour): Minute=0.01666666666666666667, Hour*=1",
	"Volume(Liter): Liter*=1, Gallon=3.785411784",
	"Weight(Kilogram): Gram=0.001, Pound=0.45359237, Kilogram*=1",
}

func TestUnitsOfMeasureCatalogueSeededForNewTenant(t *testing.T) {
	t.Parallel()
	// Tenants created after the migration get the catalogue from the trigger on tenants.
	te := newTenant(t)
	if got := unitCatalogue(listUnitTypes(t, te.API, client.UnitOfMeasureFilter{})); !reflect.DeepEqual(got, standardUnitCatalogue) {
		t.Fatalf("catalogue:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(standardUnitCatalogue, "\n"))
	}
	// Factors travel as exact JSON numbers (as written, not through a float), Box's as null.
	res, body := rawRequest(t, http.MethodPost, "/api/units-of-measure/list", te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var raw []struct {
		Units []struct {
			Name   string
			Factor *json.Number
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		t.Fatal(err)
	}
	factors := map[string]string{}
	for _, ut := range raw {
		for _, u := range ut.Units {
			factors[u.Name] = "null"
			if u.Factor != nil {
				factors[u.Name] = u.Factor.String()
			}
		}
	}
	for name, want := range map[string]string{"Inch": "0.0254", "Foot": "0.3048", "Pound": "0.45359237", "Gallon": "3.785411784", "Square Foot": "0.09290304", "Dozen": "12", "Minute": "0.01666666666666666667", "Hour": "1", "Box": "null"} {
		if factors[name] != want {
			t.Errorf("%s factor on the wire %s, want %s", name, factors[name], want)
		}
	}
	for _, ut := range listUnitTypes(t, te.API, client.UnitOfMeasureFilter{}) {
		for _, u := range ut.Units {
			if len(ut.Id) != 24 || len(u.Id) != 24 {
				t.Fatalf("ids %q / %q are not 24 characters", ut.Id, u.Id)
			}
		}
	}
}

func TestUnitsOfMeasureListFilters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	cases := []struct {
		name   string
		filter client.UnitOfMeasureFilter
		want   []string
	}{
		{"unit type exact", client.UnitOfMeasureFilter{UnitTypeName: ptr("Length")}, []string{standardUnitCatalogue[1]}},
		{"unit type case-insensitive", client.UnitOfMeasureFilter{UnitTypeName: ptr("tIME")}, []string{standardUnitCatalogue[3]}},
		{"unit type is not a substring match", client.UnitOfMeasureFilter{UnitTypeName: ptr("Len")}, []string{}},
		{"unknown unit type", client.UnitOfMeasureFilter{UnitTypeName: ptr("Temperature")}, []string{}},
		// The base unit is still named when the filter leaves it out.
		{"name contains, case-insensitive", client.UnitOfMeasureFilter{Name: ptr("FOOT")}, []string{
			"Area(Square Meter): Square Foot=0.09290304",
			"Length(Meter): Foot=0.3048",
		}},
		{"name and type", client.UnitOfMeasureFilter{Name: ptr("foot"), UnitTypeName: ptr("area")}, []string{"Area(Square Meter): Square Foot=0.09290304"}},
		{"name matches nothing", client.UnitOfMeasureFilter{Name: ptr("furlong")}, []string{}},
		{"name wildcards are literal", client.UnitOfMeasureFilter{Name: ptr("%")}, []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := unitCatalogue(listUnitTypes(t, te.API, c.filter)); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
	for _, body := range []string{`{"unitTypeName":""}`, `{"name":""}`, `{"name":7}`} {
		res, b := rawRequest(t, http.MethodPost, "/api/units-of-measure/list", te.Token, "application/json", body)
		mustProblem(t, res, b, http.StatusBadRequest)
	}
}

func TestUnitsOfMeasureTenantIsolation(t *testing.T) {
	t.Parallel()
	a := newTenant(t)
	b := newTenant(t)
	idsOf := func(types []client.UnitType) map[string]bool {
		out := map[string]bool{}
		for _, ut := range types {
			out[ut.Id] = true
			for _, u := range ut.Units {
				out[u.Id] = true
			}
		}
		return out
	}
	typesA := listUnitTypes(t, a.API, client.UnitOfMeasureFilter{})
	typesB := listUnitTypes(t, b.API, client.UnitOfMeasureFilter{})
	// Each tenant has its own rows of the same catalogue.
	if !reflect.DeepEqual(unitCatalogue(typesA), unitCatalogue(typesB)) {
		t.Fatalf("catalogues differ: %v / %v", unitCatalogue(typesA), unitCatalogue(typesB))
	}
	idsB := idsOf(typesB)
	for id := range idsOf(typesA) {
		if idsB[id] {
			t.Fatalf("tenants share catalogue row %s", id)
		}
	}
	// A tenant's rows are only its own: A's list holds exactly one set of the catalogue.
	if n := len(idsOf(typesA)); n != 6+16 {
		t.Fatalf("tenant A lists %d catalogue rows, want 22", n)
	}
}

func TestUnitsOfMeasurePermissions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	cases := []struct {
		perms []string
		want  int
	}{
		{nil, 403},
		{[]string{"View Item"}, 200},
		{[]string{"Edit Item"}, 403},
		{[]string{"View Purchase Order", "View Customer"}, 403},
	}
	for _, c := range cases {
		res, err := te.userClient(t, c.perms...).ListUnitsOfMeasureWithResponse(context.Background(), nil, client.UnitOfMeasureFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode() != c.want {
			t.Errorf("%v list: status %d, want %d", c.perms, res.StatusCode(), c.want)
		}
	}
}

// listUnitTypesQuery lists unit types with the query string and filter body (none when
// empty), failing t unless the answer is 200.
func listUnitTypesQuery(t *testing.T, te *tenantEnv, query, body string) []client.UnitType {
	t.Helper()
	res, b := listUnitTypesRaw(t, te, query, body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var types []client.UnitType
	if err := json.Unmarshal(b, &types); err != nil {
		t.Fatal(err)
	}
	return types
}

func listUnitTypesRaw(t *testing.T, te *tenantEnv, query, body string) (rawResponse, []byte) {
	t.Helper()
	contentType := ""
	if body != "" {
		contentType = "application/json"
	}
	return rawRequest(t, http.MethodPost, "/api/units-of-measure/list?"+query, te.Token, contentType, body)
}

func reversed[T any](list []T) []T {
	out := slices.Clone(list)
	slices.Reverse(out)
	return out
}

func TestUnitsOfMeasureListPagesAndSortsUnitTypes(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	// By name: Area, Length, Pieces, Time, Volume, Weight; by base unit: Each (Pieces), Hour
	// (Time), Kilogram (Weight), Liter (Volume), Meter (Length), Square Meter (Area).
	all := standardUnitCatalogue
	byBase := []string{all[2], all[3], all[5], all[4], all[1], all[0]}
	cases := []struct {
		query, body string
		want        []string
	}{
		// A page counts unit types, each answered whole with its units in catalogue order.
		{"Skip=2&Take=3", "", all[2:5]},
		{"Take=1", "", all[:1]},
		{"Skip=5", "", all[5:]},
		{"Skip=6&Take=2", "", []string{}},
		{"Take=0", "", []string{}},
		// Sort.Dir alone reverses the types, never the units within a type.
		{"Sort.Dir=descending", "", reversed(all)},
		{"Sort.Dir=descending&Skip=1&Take=2", "", reversed(all)[1:3]},
		{"Sort.Field=name", "", all},
		{"Sort.Field=Name&Sort.Dir=descending", "", reversed(all)},
		{"Sort.Field=baseUnitName", "", byBase},
		{"Sort.Field=BaseUnitName&Sort.Dir=descending", "", reversed(byBase)},
		// Paging applies to the types the filter keeps.
		{"Skip=1&Take=1", `{"name":"foot"}`, []string{"Length(Meter): Foot=0.3048"}},
		{"Sort.Dir=descending", `{"name":"foot"}`, []string{"Length(Meter): Foot=0.3048", "Area(Square Meter): Square Foot=0.09290304"}},
	}
	for _, c := range cases {
		t.Run(c.query+c.body, func(t *testing.T) {
			if got := unitCatalogue(listUnitTypesQuery(t, te, c.query, c.body)); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
	for _, dir := range []string{"ascending", "descending"} {
		types := listUnitTypesQuery(t, te, "Sort.Field=id&Sort.Dir="+dir, "")
		ids := make([]string, len(types))
		for i, ut := range types {
			ids[i] = ut.Id
		}
		if dir == "descending" {
			slices.Reverse(ids)
		}
		if len(ids) != 6 || !slices.IsSorted(ids) {
			t.Fatalf("sorted by id %s: %v", dir, ids)
		}
	}
}

func TestUnitsOfMeasureListRefusesUnknownSortFieldsAndTakeAboveTheMaximum(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	cases := []struct{ query, field, want string }{
		// units is an array of the read shape: unit types are sorted, units keep their order.
		{"Sort.Field=units", "Sort.Field", `unknown sort field "units"; sortable fields: baseUnitName, id, name`},
		{"Sort.Field=factor", "Sort.Field", `unknown sort field "factor"; sortable fields: baseUnitName, id, name`},
		{"Take=5001", "Take", ""},
	}
	for _, c := range cases {
		res, body := listUnitTypesRaw(t, te, c.query, "")
		p := mustProblem(t, res, body, http.StatusBadRequest)
		mustNameField(t, p, c.field)
		if c.want != "" && p.Errors[c.field][0] != c.want {
			t.Fatalf("%s: %q, want %q", c.query, p.Errors[c.field][0], c.want)
		}
	}
}
