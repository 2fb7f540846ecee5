package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/dec"
)

func getMaterialShape(t *testing.T, api *client.ClientWithResponses, id string) client.MaterialShape {
	t.Helper()
	res, err := api.GetMaterialShapeWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// describeShape renders a shape as "name|type|form|thickness|dims|units|linear|planar|densityUnits|activated".
func describeShape(s client.MaterialShape) string {
	keys := make([]string, 0, len(s.Dimensions))
	for k := range s.Dimensions {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	dims := make([]string, len(keys))
	for i, k := range keys {
		dims[i] = k + "=" + s.Dimensions[k].String()
	}
	return fmt.Sprintf("%s|%s|%s|%s|%s|%s|%s|%s|%s|%t", s.Name, s.ShapeType, s.Form, decString(s.Thickness),
		strings.Join(dims, ","), s.DimensionUnits, decString(s.LinearDensity), decString(s.PlanarDensity), s.DensityUnits, s.IsActivated)
}

func TestMaterialShapeCatalogueSeededForNewTenantWithComputedDensities(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	shapes := listMaterialShapes(t, te.API, nil, client.MaterialShapeFilter{})
	got := make([]string, len(shapes))
	for i, s := range shapes {
		got[i] = describeShape(s)
		if len(s.Id) != 24 || s.Deleted {
			t.Errorf("seeded shape %+v", s)
		}
	}
	if !reflect.DeepEqual(got, seededMaterialShapes) {
		t.Fatalf("catalogue:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(seededMaterialShapes, "\n"))
	}
	// The densities follow the documented formulas, to the stated precision.
	byName := map[string]client.MaterialShape{}
	for _, s := range shapes {
		byName[s.Name] = s
	}
	const steel = "0.2836"
	mul := func(a, b string) dec.Decimal {
		return dec.Decimal{Decimal: dec.MustParse(a).Mul(dec.MustParse(b).Decimal)}
	}
	for name, want := range map[string]dec.Decimal{
		"A36 Steel Plate 1/4 in":          mul(steel, "0.25"),   // 0.0709 lb/in² = 10.21 lb/ft²
		"A36 Steel Angle 2 x 2 x 1/4 in":  mul(steel, "0.9375"), // t(2L − t) = 0.25 × 3.75
		"A36 Steel Channel C4x5.4":        mul(steel, "1.58"),   // AISC section area
		"6061-T6 Aluminum Plate 1/2 in":   mul("0.0975", "0.5"),
		"304 Stainless Sheet 16 ga":       mul("0.289", "0.0598"),
		"A36 Steel Round Bar 1 in":        {Decimal: mul(steel, "0.785398163397").Round(6)}, // π/4 × 1²
		"A53 Steel Pipe 2 in Schedule 40": {Decimal: mul(steel, "1.074531501678").Round(6)}, // π/4 (2.375² − 2.067²)
	} {
		s := byName[name]
		d := s.PlanarDensity
		if d == nil {
			d = s.LinearDensity
		}
		if d == nil || !d.Equal(want.Decimal) {
			t.Errorf("%s density %s, want %s", name, decString(d), want)
		}
	}
	// A plate of 10.21 lb/ft²: 0.0709 lb/in² × 144 in²/ft².
	if got := byName["A36 Steel Plate 1/4 in"].PlanarDensity.Mul(dec.FromInt(144).Decimal); !got.Equal(dec.MustParse("10.2096").Decimal) {
		t.Errorf("A36 1/4 in plate weighs %s lb/ft²", got)
	}
}

func TestMaterialShapeCreateReadsBackAndUpdateReplaces(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	w := flatBar("  A36 Flat Bar 2 x 1/4  ")
	w.MaterialName = " A36 Steel "
	id := createMaterialShape(t, te.API, w)
	if len(id) != 24 {
		t.Fatalf("id %q is not 24 characters", id)
	}
	got := getMaterialShape(t, te.API, id)
	if want := "A36 Flat Bar 2 x 1/4|bar|linear|null|height=0.25,width=2|inch|0.1418|null|lb/in|true"; describeShape(got) != want || got.MaterialName != "A36 Steel" || got.Id != id {
		t.Fatalf("stored %s (%+v), want %s", describeShape(got), got, want)
	}

	// A full update may change the form; millimeter shapes weigh in kg/m² (planar).
	planar := client.MaterialShapeWrite{
		Name: "S235 Plate 10 mm", MaterialName: "S235 Steel", ShapeType: client.MaterialShapeTypePlate,
		Thickness: ptr(dec.MustParse("10")), DimensionUnits: client.DimensionUnitsMillimeter,
		PlanarDensity: ptr(dec.MustParse("78.5")), IsActivated: ptr(false),
	}
	res, err := te.API.UpdateMaterialShapeWithResponse(ctx, id, nil, planar)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	want := "S235 Plate 10 mm|plate|planar|10||millimeter|null|78.5|kg/m²|false"
	if describeShape(*res.JSON200) != want || describeShape(getMaterialShape(t, te.API, id)) != want {
		t.Fatalf("update answered %s, stored %s, want %s", describeShape(*res.JSON200), describeShape(getMaterialShape(t, te.API, id)), want)
	}
	// A linear millimeter shape weighs in kg/m; an omitted isActivated activates again.
	linear := flatBar("Round Bar 20 mm")
	linear.DimensionUnits = client.DimensionUnitsMillimeter
	linear.Dimensions = &client.MaterialShapeDimensions{"diameter": dec.MustParse("20")}
	linear.LinearDensity = ptr(dec.MustParse("2.47"))
	res, err = te.API.UpdateMaterialShapeWithResponse(ctx, id, nil, linear)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if got, want := describeShape(*res.JSON200), "Round Bar 20 mm|bar|linear|null|diameter=20|millimeter|2.47|null|kg/m|true"; got != want {
		t.Fatalf("update answered %s, want %s", got, want)
	}
	// Planar shapes may send empty dimensions or explicit nulls for the linear members.
	res2, body := rawRequest(t, http.MethodPost, "/api/materials", te.Token, "application/json",
		`{"name":"Sheet","materialName":"Copper","shapeType":"sheet","thickness":0.032,"dimensions":{},"dimensionUnits":"inch","planarDensity":0.010304,"linearDensity":null,"isActivated":null}`)
	mustStatus(t, res2.StatusCode, http.StatusOK, body)
	res2, body = rawRequest(t, http.MethodPost, "/api/materials", te.Token, "application/json",
		`{"name":"Plate","materialName":"Copper","shapeType":"plate","thickness":0.25,"dimensions":null,"dimensionUnits":"inch","planarDensity":0.0805}`)
	mustStatus(t, res2.StatusCode, http.StatusOK, body)

	missing := "/api/materials/" + strings.Repeat("0", 24)
	res3, body := rawRequest(t, http.MethodGet, missing, te.Token, "", "")
	mustProblem(t, res3, body, http.StatusNotFound)
	res3, body = rawRequest(t, http.MethodPut, missing, te.Token, "application/json", mustJSON(t, flatBar("Nobody")))
	mustProblem(t, res3, body, http.StatusNotFound)
}

func TestMaterialShapeFormDecidesMeasures(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createMaterialShape(t, te.API, flatBar("Existing"))
	const (
		planar = `"name":"P","materialName":"M","shapeType":"plate","dimensionUnits":"inch"`
		linear = `"name":"L","materialName":"M","shapeType":"tube","dimensionUnits":"inch"`
	)
	cases := []struct{ name, body, field string }{
		{"planar without thickness", `{` + planar + `,"planarDensity":1}`, "thickness"},
		{"planar without planarDensity", `{` + planar + `,"thickness":1}`, "planarDensity"},
		{"planar with linearDensity", `{` + planar + `,"thickness":1,"planarDensity":1,"linearDensity":1}`, "linearDensity"},
		{"planar with dimensions", `{` + planar + `,"thickness":1,"planarDensity":1,"dimensions":{"width":1}}`, "dimensions"},
		{"sheet without thickness", `{"name":"S","materialName":"M","shapeType":"sheet","dimensionUnits":"inch","planarDensity":1}`, "thickness"},
		{"tread plate with linearDensity", `{"name":"S","materialName":"M","shapeType":"treadPlate","dimensionUnits":"inch","thickness":1,"planarDensity":1,"linearDensity":1}`, "linearDensity"},
		{"linear without dimensions", `{` + linear + `,"linearDensity":1}`, "dimensions"},
		{"linear with empty dimensions", `{` + linear + `,"linearDensity":1,"dimensions":{}}`, "dimensions"},
		{"linear without linearDensity", `{` + linear + `,"dimensions":{"outerDiameter":1}}`, "linearDensity"},
		{"linear with thickness", `{` + linear + `,"dimensions":{"outerDiameter":1},"linearDensity":1,"thickness":1}`, "thickness"},
		{"linear with planarDensity", `{` + linear + `,"dimensions":{"outerDiameter":1},"linearDensity":1,"planarDensity":1}`, "planarDensity"},
		{"beam with thickness", `{"name":"B","materialName":"M","shapeType":"beam","dimensionUnits":"inch","dimensions":{"height":8},"linearDensity":1,"thickness":1}`, "thickness"},
		{"zero thickness", `{` + planar + `,"thickness":0,"planarDensity":1}`, "thickness"},
		{"negative planarDensity", `{` + planar + `,"thickness":1,"planarDensity":-1}`, "planarDensity"},
		{"zero linearDensity", `{` + linear + `,"dimensions":{"outerDiameter":1},"linearDensity":0}`, "linearDensity"},
		{"zero dimension", `{` + linear + `,"dimensions":{"outerDiameter":0},"linearDensity":1}`, "dimensions.outerDiameter"},
		{"bad dimension name", `{` + linear + `,"dimensions":{"Outer Diameter":1},"linearDensity":1}`, "dimensions"},
		{"unknown shape type", `{"name":"X","materialName":"M","shapeType":"rod","dimensionUnits":"inch","linearDensity":1,"dimensions":{"diameter":1}}`, "shapeType"},
		{"missing shape type", `{"name":"X","materialName":"M","dimensionUnits":"inch","linearDensity":1,"dimensions":{"diameter":1}}`, "shapeType"},
		{"unknown units", `{` + strings.Replace(linear, `"inch"`, `"foot"`, 1) + `,"dimensions":{"outerDiameter":1},"linearDensity":1}`, "dimensionUnits"},
		{"blank name", `{"name":"  ","materialName":"M","shapeType":"tube","dimensionUnits":"inch","dimensions":{"outerDiameter":1},"linearDensity":1}`, "name"},
		{"name over 200", `{"name":"` + strings.Repeat("x", 201) + `","materialName":"M","shapeType":"tube","dimensionUnits":"inch","dimensions":{"outerDiameter":1},"linearDensity":1}`, "name"},
		{"blank materialName", `{"name":"N","materialName":" ","shapeType":"tube","dimensionUnits":"inch","dimensions":{"outerDiameter":1},"linearDensity":1}`, "materialName"},
		{"missing materialName", `{"name":"N","shapeType":"tube","dimensionUnits":"inch","dimensions":{"outerDiameter":1},"linearDensity":1}`, "materialName"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, "/api/materials", te.Token, "application/json", c.body)
			mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), c.field)
			res, body = rawRequest(t, http.MethodPut, "/api/materials/"+id, te.Token, "application/json", c.body)
			mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), c.field)
		})
	}
	if got := materialShapeNames(listMaterialShapes(t, te.API, nil, client.MaterialShapeFilter{Ids: &[]string{id}})); !reflect.DeepEqual(got, []string{"Existing"}) {
		t.Fatalf("refused writes changed the shape: %v", got)
	}
	if n := len(listMaterialShapes(t, te.API, nil, client.MaterialShapeFilter{})); n != len(seededMaterialShapes)+1 {
		t.Fatalf("refused creates stored shapes: %d listed", n)
	}
	// Every linear type takes dimensions and a linear density; every planar type a thickness.
	for _, typ := range []client.MaterialShapeType{client.MaterialShapeTypeBar, client.MaterialShapeTypeTube, client.MaterialShapeTypePipe, client.MaterialShapeTypeBeam, client.MaterialShapeTypeAngle, client.MaterialShapeTypeChannel} {
		w := flatBar("Linear " + string(typ))
		w.ShapeType = typ
		if got := getMaterialShape(t, te.API, createMaterialShape(t, te.API, w)); got.Form != client.MaterialFormLinear {
			t.Errorf("%s is %s", typ, got.Form)
		}
	}
	for _, typ := range []client.MaterialShapeType{client.MaterialShapeTypeSheet, client.MaterialShapeTypePlate, client.MaterialShapeTypeTreadPlate} {
		w := client.MaterialShapeWrite{Name: "Planar " + string(typ), MaterialName: "M", ShapeType: typ, Thickness: ptr(dec.MustParse("0.1")), DimensionUnits: client.DimensionUnitsInch, PlanarDensity: ptr(dec.MustParse("0.02836"))}
		if got := getMaterialShape(t, te.API, createMaterialShape(t, te.API, w)); got.Form != client.MaterialFormPlanar {
			t.Errorf("%s is %s", typ, got.Form)
		}
	}
}

func TestMaterialShapeNameUniqueAmongLiveShapesCaseInsensitive(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	createMaterialShape(t, te.API, flatBar("Flat Bar"))
	// Seeded names are taken too.
	for _, name := range []string{"Flat Bar", "FLAT BAR", "  flat bar ", "a36 steel plate 1/4 IN"} {
		res, body := rawRequest(t, http.MethodPost, "/api/materials", te.Token, "application/json", mustJSON(t, flatBar(name)))
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "name")
	}
	// Another tenant may use the name.
	createMaterialShape(t, other.API, flatBar("Flat Bar"))

	// Concurrent creates of one name: exactly one wins, the others are 400s naming name.
	var n atomic.Int32
	spellings := []string{"Hex Bar", "HEX BAR", " hex bar ", "Hex Bar  ", "hEx bAr", "HEX BAR"}
	counts := concurrently(t, len(spellings), func() (int, error) {
		res, err := te.API.CreateMaterialShapeWithResponse(context.Background(), nil, flatBar(spellings[n.Add(1)-1]))
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

	// Concurrent renames of different shapes to one name: exactly one wins.
	renamed := make([]string, 4)
	for i := range renamed {
		renamed[i] = createMaterialShape(t, te.API, flatBar(fmt.Sprintf("Bar %d", i)))
	}
	var m atomic.Int32
	counts = concurrently(t, len(renamed), func() (int, error) {
		res, err := te.API.UpdateMaterialShapeWithResponse(context.Background(), renamed[m.Add(1)-1], nil, flatBar("Square Bar"))
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != len(renamed)-1 {
		t.Fatalf("concurrent renames answered %v, want one 200 and %d 400s", counts, len(renamed)-1)
	}
	// Renaming a shape to its own name in another case is not a collision.
	own := createMaterialShape(t, te.API, flatBar("Own Name"))
	res, body := rawRequest(t, http.MethodPut, "/api/materials/"+own, te.Token, "application/json", mustJSON(t, flatBar("OWN NAME")))
	mustStatus(t, res.StatusCode, http.StatusOK, body)
}

func TestMaterialShapeListFiltersAndSorts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	seeded := listMaterialShapes(t, te.API, nil, client.MaterialShapeFilter{})
	ids := map[string]string{}
	for _, s := range seeded {
		ids[s.Name] = s.Id
	}
	// Deactivate the beam: the shop does not stock it.
	beam := getMaterialShape(t, te.API, ids["A992 Steel Beam W8x31"])
	res, err := te.API.UpdateMaterialShapeWithResponse(ctx, beam.Id, nil, client.MaterialShapeWrite{
		Name: beam.Name, MaterialName: beam.MaterialName, ShapeType: beam.ShapeType, Dimensions: &beam.Dimensions,
		DimensionUnits: beam.DimensionUnits, LinearDensity: beam.LinearDensity, IsActivated: ptr(false),
	})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)

	cases := []struct {
		name   string
		params *client.ListMaterialShapesParams
		filter client.MaterialShapeFilter
		want   []string
	}{
		{"name contains, case-insensitive", nil, client.MaterialShapeFilter{Name: ptr("ALUMINUM")}, []string{"6061-T6 Aluminum Plate 1/2 in", "6061-T6 Aluminum Round Tube 1 in x 0.065 in", "6061-T6 Aluminum Tread Plate 1/8 in"}},
		{"shape types", nil, client.MaterialShapeFilter{ShapeTypes: &[]client.MaterialShapeType{client.MaterialShapeTypeSheet, client.MaterialShapeTypeAngle}}, []string{"304 Stainless Sheet 16 ga", "A36 Steel Angle 2 x 2 x 1/4 in"}},
		{"deactivated", nil, client.MaterialShapeFilter{IsActivated: ptr(false)}, []string{"A992 Steel Beam W8x31"}},
		{"activated beams", nil, client.MaterialShapeFilter{IsActivated: ptr(true), ShapeTypes: &[]client.MaterialShapeType{client.MaterialShapeTypeBeam}}, []string{}},
		{"ids", nil, client.MaterialShapeFilter{Ids: &[]string{ids["A36 Steel Round Bar 1 in"], ids["304 Stainless Sheet 16 ga"]}}, []string{"304 Stainless Sheet 16 ga", "A36 Steel Round Bar 1 in"}},
		{"name and ids", nil, client.MaterialShapeFilter{Name: ptr("bar"), Ids: &[]string{ids["A36 Steel Round Bar 1 in"], ids["304 Stainless Sheet 16 ga"]}}, []string{"A36 Steel Round Bar 1 in"}},
		{"by shapeType", &client.ListMaterialShapesParams{SortField: ptr("ShapeType")}, client.MaterialShapeFilter{ShapeTypes: &[]client.MaterialShapeType{client.MaterialShapeTypeTube, client.MaterialShapeTypePipe, client.MaterialShapeTypeAngle}}, []string{"A36 Steel Angle 2 x 2 x 1/4 in", "A53 Steel Pipe 2 in Schedule 40", "6061-T6 Aluminum Round Tube 1 in x 0.065 in"}},
		{"by materialName descending", &client.ListMaterialShapesParams{SortField: ptr("materialName"), SortDir: ptr(client.SortDirectionDescending)}, client.MaterialShapeFilter{ShapeTypes: &[]client.MaterialShapeType{client.MaterialShapeTypeBeam, client.MaterialShapeTypeSheet, client.MaterialShapeTypePipe}}, []string{"A992 Steel Beam W8x31", "A53 Steel Pipe 2 in Schedule 40", "304 Stainless Sheet 16 ga"}},
		{"paged", &client.ListMaterialShapesParams{Skip: ptr[int32](1), Take: ptr[int32](2)}, client.MaterialShapeFilter{}, []string{"6061-T6 Aluminum Plate 1/2 in", "6061-T6 Aluminum Round Tube 1 in x 0.065 in"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := materialShapeNames(listMaterialShapes(t, te.API, c.params, c.filter)); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	for _, field := range []string{"deleted", "thickness", "colour"} {
		res, body := rawRequest(t, http.MethodPost, "/api/materials/list?Sort.Field="+field, te.Token, "application/json", `{}`)
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "Sort.Field")
	}
	tooMany := `{"ids":[` + strings.TrimSuffix(strings.Repeat(`"`+beam.Id+`",`, 501), ",") + `]}`
	res2, body := rawRequest(t, http.MethodPost, "/api/materials/list", te.Token, "application/json", tooMany)
	mustProblem(t, res2, body, http.StatusBadRequest)
	res3, body := rawRequest(t, http.MethodPost, "/api/materials/list", te.Token, "application/json", `{"shapeTypes":["rod"]}`)
	mustProblem(t, res3, body, http.StatusBadRequest)
}

func TestMaterialShapeActivateIsAllOrNothingAndKeepsRequestOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	first := createMaterialShape(t, te.API, flatBar("Flat Bar A"))
	second := createMaterialShape(t, te.API, flatBar("Flat Bar B"))

	res, err := te.API.ActivateMaterialShapesWithResponse(ctx, nil, client.MaterialShapeActivation{Ids: []string{second, first, second}, IsActivated: ptr(false)})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	got := *res.JSON200
	if len(got) != 2 || got[0].Id != second || got[1].Id != first || got[0].IsActivated || got[1].IsActivated {
		t.Fatalf("answered %v, want B then A, both deactivated", materialShapeNames(got))
	}
	if getMaterialShape(t, te.API, first).IsActivated {
		t.Fatal("the deactivation was not stored")
	}
	active := listMaterialShapes(t, te.API, nil, client.MaterialShapeFilter{IsActivated: ptr(true), Ids: &[]string{first, second}})
	if len(active) != 0 {
		t.Fatalf("deactivated shapes listed as active: %v", materialShapeNames(active))
	}

	// One unknown id: 404 naming it, and the other shape stays as it was.
	missing := strings.Repeat("0", 24)
	res, err = te.API.ActivateMaterialShapesWithResponse(ctx, nil, client.MaterialShapeActivation{Ids: []string{first, missing}})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
	if !strings.Contains(string(res.Body), missing) {
		t.Fatalf("404 does not name the missing id: %s", res.Body)
	}
	if getMaterialShape(t, te.API, first).IsActivated {
		t.Fatal("a refused activation changed a shape")
	}

	// isActivated defaults to true; another tenant's shape is not found.
	res, _ = te.API.ActivateMaterialShapesWithResponse(ctx, nil, client.MaterialShapeActivation{Ids: []string{first}})
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if !getMaterialShape(t, te.API, first).IsActivated {
		t.Fatal("activate without isActivated did not activate")
	}
	other := newTenant(t)
	res, _ = other.API.ActivateMaterialShapesWithResponse(ctx, nil, client.MaterialShapeActivation{Ids: []string{first}, IsActivated: ptr(false)})
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)

	// Limits and permissions.
	body, _ := json.Marshal(map[string]any{"ids": []string{}})
	raw, b := rawRequest(t, http.MethodPost, "/api/materials/activate", te.Token, "application/json", string(body))
	mustStatus(t, raw.StatusCode, http.StatusBadRequest, b)
	viewer := te.userClient(t, "View Item")
	res, _ = viewer.ActivateMaterialShapesWithResponse(ctx, nil, client.MaterialShapeActivation{Ids: []string{first}})
	mustStatus(t, res.StatusCode(), http.StatusForbidden, res.Body)
	editor := te.userClient(t, "Edit Item")
	res, _ = editor.ActivateMaterialShapesWithResponse(ctx, nil, client.MaterialShapeActivation{Ids: []string{first}})
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
}
