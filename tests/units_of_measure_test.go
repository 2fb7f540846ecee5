package tests

import (
	"bytes"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"mos/gen/client"
)

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
