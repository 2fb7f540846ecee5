package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

const operationsListPath = "/api/operations/list"

func operationPath(id string) string     { return "/api/operation/" + id }
func operationReadPath(id string) string { return "/api/operations/" + id }

func createOperation(t *testing.T, te *tenantEnv, w client.OperationWrite) string {
	t.Helper()
	res, err := te.API.CreateOperationWithResponse(context.Background(), nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getOperation(t *testing.T, te *tenantEnv, id string) client.Operation {
	t.Helper()
	res, err := te.API.GetOperationWithResponse(context.Background(), id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func updateOperation(t *testing.T, te *tenantEnv, id string, w client.OperationWrite) client.Operation {
	t.Helper()
	res, err := te.API.UpdateOperationWithResponse(context.Background(), id, nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listOperations(t *testing.T, te *tenantEnv, params *client.ListOperationsParams, f client.OperationFilter) []client.Operation {
	t.Helper()
	res, err := te.API.ListOperationsWithResponse(context.Background(), params, f)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func operationNames(ops []client.Operation) []string {
	out := make([]string, len(ops))
	for i, op := range ops {
		out[i] = op.Name
	}
	return out
}

// operationBody is a write body as JSON with the members of edit replaced (nil removes one),
// for requests the typed client cannot make.
func operationBody(t *testing.T, w client.OperationWrite, edit map[string]any) string {
	t.Helper()
	return editedBody(t, w, edit)
}

// writeOperationBoth sends body as a create and as a full update of id.
func writeOperationBoth(t *testing.T, te *tenantEnv, id, body string) [2]sentAnswer {
	t.Helper()
	return writeBoth(t, te.Token, "/api/operation", http.MethodPut, operationPath(id), body)
}

// deleteEquipmentInSQL soft-deletes equipment as a later equipment delete would.
func deleteEquipmentInSQL(t *testing.T, te *tenantEnv, id string) {
	t.Helper()
	res, err := srv.Pool.ExecContext(context.Background(), `UPDATE equipment SET deleted = true WHERE tenant_id = $1 AND id = $2`, te.ID, id)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("deleted %d equipment, want 1", n)
	}
}

func TestOperationCreateStoresEveryMemberAndReadsThemBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Finishing")
	tumbler := addShopEquipment(t, te, dep, "Tumbler")
	id := createOperation(t, te, client.OperationWrite{
		Name: "  Deburr  ", Description: ptr("  Remove burrs  "), WorkCenterId: &dep.WorkCenterID, EquipmentId: &tumbler,
		SetupTimeMinutes: ptr(num("5.5")), RunTimeMinutesPerUnit: ptr(num("0.75")), IsOutsideProcessing: ptr(true),
	})
	got := getOperation(t, te, id)
	if got.Id != id || got.Name != "Deburr" || got.Description == nil || *got.Description != "Remove burrs" {
		t.Fatalf("identity members: %s", mustJSON(t, got))
	}
	if got.WorkCenterId == nil || *got.WorkCenterId != dep.WorkCenterID || got.WorkCenterName == nil || *got.WorkCenterName != "Finishing cell" {
		t.Fatalf("work center: %s", mustJSON(t, got))
	}
	if got.EquipmentId == nil || *got.EquipmentId != tumbler || got.EquipmentName == nil || *got.EquipmentName != "Tumbler" {
		t.Fatalf("equipment: %s", mustJSON(t, got))
	}
	mustRate(t, "setupTimeMinutes", got.SetupTimeMinutes, "5.5")
	mustRate(t, "runTimeMinutesPerUnit", got.RunTimeMinutesPerUnit, "0.75")
	if !got.IsOutsideProcessing || got.IsArchived {
		t.Fatalf("flags: %s", mustJSON(t, got))
	}
	if got.CreatedUtc.IsZero() || got.ModifiedUtc.Before(got.CreatedUtc) {
		t.Fatalf("times: %s", mustJSON(t, got))
	}
}

func TestOperationOmittedMembersTakeTheirDefaults(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	got := getOperation(t, te, createOperation(t, te, client.OperationWrite{Name: "Inspect"}))
	if got.Description != nil || got.WorkCenterId != nil || got.WorkCenterName != nil || got.EquipmentId != nil || got.EquipmentName != nil {
		t.Fatalf("references: %s", mustJSON(t, got))
	}
	mustRate(t, "setupTimeMinutes", got.SetupTimeMinutes, "0")
	mustRate(t, "runTimeMinutesPerUnit", got.RunTimeMinutesPerUnit, "0")
	if got.IsOutsideProcessing || got.IsArchived {
		t.Fatalf("flags: %s", mustJSON(t, got))
	}
	// A blank description is no description.
	got = getOperation(t, te, createOperation(t, te, client.OperationWrite{Name: "Pack", Description: ptr("   ")}))
	if got.Description != nil {
		t.Fatalf("blank description stored as %q", *got.Description)
	}
}

func TestOperationNameRequiredTrimmedOneTo200(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createOperation(t, te, client.OperationWrite{Name: "Saw"})
	for _, name := range []any{"", "   ", strings.Repeat("n", 201), nil, 7} {
		for _, r := range writeOperationBoth(t, te, id, operationBody(t, client.OperationWrite{}, map[string]any{"name": name})) {
			mustProblemNaming(t, r.res, r.body, "name")
		}
	}
	long := strings.Repeat("é", 200)
	if got := getOperation(t, te, createOperation(t, te, client.OperationWrite{Name: long})); got.Name != long {
		t.Fatalf("name of 200 characters stored as %q", got.Name)
	}
}

func TestOperationDescriptionAtMost2000(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createOperation(t, te, client.OperationWrite{Name: "Saw"})
	for _, r := range writeOperationBoth(t, te, id, operationBody(t, client.OperationWrite{Name: "Cut"}, map[string]any{"description": strings.Repeat("d", 2001)})) {
		mustProblemNaming(t, r.res, r.body, "description")
	}
	long := strings.Repeat("d", 2000)
	if got := updateOperation(t, te, id, client.OperationWrite{Name: "Saw", Description: &long}); got.Description == nil || *got.Description != long {
		t.Fatalf("description of 2000 characters not stored")
	}
}

func TestOperationNameUniqueAmongNonArchivedCaseInsensitively(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	first := createOperation(t, te, client.OperationWrite{Name: "Deburr"})
	second := createOperation(t, te, client.OperationWrite{Name: "Polish"})
	res, b := rawRequest(t, http.MethodPost, "/api/operation", te.Token, "application/json", `{"name":"  dEBURR "}`)
	mustProblemNaming(t, res, b, "name")
	res, b = rawRequest(t, http.MethodPut, operationPath(second), te.Token, "application/json", `{"name":"DEBURR"}`)
	mustProblemNaming(t, res, b, "name")
	// Updating an operation under its own name (in another case) is no clash.
	if got := updateOperation(t, te, first, client.OperationWrite{Name: "deburr"}); got.Name != "deburr" {
		t.Fatalf("renamed to %q", got.Name)
	}
	// Another tenant's names are its own.
	createOperation(t, other, client.OperationWrite{Name: "Deburr"})
	// Archiving frees the name; restoring the archived one then clashes.
	updateOperation(t, te, first, client.OperationWrite{Name: "deburr", IsArchived: ptr(true)})
	third := createOperation(t, te, client.OperationWrite{Name: "Deburr"})
	res, b = rawRequest(t, http.MethodPut, operationPath(first), te.Token, "application/json", `{"name":"deburr","isArchived":false}`)
	mustProblemNaming(t, res, b, "name")
	// Two archived operations may share a name.
	updateOperation(t, te, third, client.OperationWrite{Name: "Deburr", IsArchived: ptr(true)})
	if got := getOperation(t, te, third); !got.IsArchived {
		t.Fatalf("not archived: %s", mustJSON(t, got))
	}
}

func TestOperationNameUniqueUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const n = 8
	counts := atOnce(t, n, func(i int) (int, error) {
		res, err := te.API.CreateOperationWithResponse(context.Background(), nil, client.OperationWrite{Name: fmt.Sprintf("Weld%s", strings.Repeat(" ", i%2))})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != n-1 {
		t.Fatalf("statuses %v, want one 200 and %d 400", counts, n-1)
	}
	if got := listOperations(t, te, nil, client.OperationFilter{}); len(got) != 1 {
		t.Fatalf("stored %s", mustJSON(t, got))
	}
}

func TestOperationNameUniqueUnderConcurrentRenames(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a := createOperation(t, te, client.OperationWrite{Name: "A"})
	b := createOperation(t, te, client.OperationWrite{Name: "B"})
	ids := []string{a, b}
	counts := atOnce(t, 2, func(i int) (int, error) {
		res, err := te.API.UpdateOperationWithResponse(context.Background(), ids[i], nil, client.OperationWrite{Name: "Grind"})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 1 {
		t.Fatalf("statuses %v, want one 200 and one 400", counts)
	}
}

func TestOperationWorkCenterMustBeALiveWorkCenterOfTheTenant(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	foreign := namedWorkCenter(t, other, "Foreign", "")
	gone := namedWorkCenter(t, te, "Gone", "")
	res, b := rawRequest(t, http.MethodDelete, "/api/work-centers/"+gone, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	id := createOperation(t, te, client.OperationWrite{Name: "Saw"})
	for _, wc := range []string{unknownSchedulingID, foreign, gone} {
		for _, r := range writeOperationBoth(t, te, id, mustJSON(t, client.OperationWrite{Name: "Cut", WorkCenterId: &wc})) {
			p := mustProblem(t, r.res, r.body, http.StatusNotFound)
			if !strings.Contains(p.Detail, "workCenterId") {
				t.Fatalf("404 detail %q does not name workCenterId", p.Detail)
			}
		}
	}
	for _, wc := range []any{"short", strings.Repeat("x", 25), 5} {
		for _, r := range writeOperationBoth(t, te, id, operationBody(t, client.OperationWrite{Name: "Cut"}, map[string]any{"workCenterId": wc})) {
			mustProblemNaming(t, r.res, r.body, "workCenterId")
		}
	}
	if got := listOperations(t, te, nil, client.OperationFilter{}); len(got) != 1 || got[0].Name != "Saw" {
		t.Fatalf("a refused write stored or changed an operation: %s", mustJSON(t, got))
	}
}

func TestOperationEquipmentMustBelongToTheWorkCenter(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	otherDep := newShopDepartment(t, te, "Welding")
	mine := addShopEquipment(t, te, dep, "Mill")
	elsewhere := addShopEquipment(t, te, otherDep, "Welder")
	loose := addShopEquipment(t, te, shopDepartment{}, "Loose saw") // in no work center
	foreign := addShopEquipment(t, other, newShopDepartment(t, other, "Foreign"), "Foreign mill")
	gone := addShopEquipment(t, te, dep, "Old mill")
	deleteEquipmentInSQL(t, te, gone) // the API has no equipment delete yet
	id := createOperation(t, te, client.OperationWrite{Name: "Mill"})
	cases := []struct {
		name       string
		workCenter *string
		equipment  any
		status     int
	}{
		{"unknown equipment", &dep.WorkCenterID, unknownSchedulingID, http.StatusNotFound},
		{"another tenant's equipment", &dep.WorkCenterID, foreign, http.StatusNotFound},
		{"deleted equipment", &dep.WorkCenterID, gone, http.StatusNotFound},
		{"equipment of another work center", &dep.WorkCenterID, elsewhere, http.StatusBadRequest},
		{"equipment of no work center", &dep.WorkCenterID, loose, http.StatusBadRequest},
		{"equipment without a work center", nil, mine, http.StatusBadRequest},
		{"malformed equipment id", &dep.WorkCenterID, "short", http.StatusBadRequest},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := operationBody(t, client.OperationWrite{Name: "Cut", WorkCenterId: c.workCenter}, map[string]any{"equipmentId": c.equipment})
			for _, r := range writeOperationBoth(t, te, id, body) {
				p := mustProblem(t, r.res, r.body, c.status)
				if c.status == http.StatusBadRequest {
					mustNameField(t, p, "equipmentId")
				} else if !strings.Contains(p.Detail, "equipmentId") {
					t.Fatalf("404 detail %q does not name equipmentId", p.Detail)
				}
			}
		})
	}
	// The work center's own equipment is accepted.
	got := updateOperation(t, te, id, client.OperationWrite{Name: "Mill", WorkCenterId: &dep.WorkCenterID, EquipmentId: &mine})
	if got.EquipmentId == nil || *got.EquipmentId != mine {
		t.Fatalf("equipment not stored: %s", mustJSON(t, got))
	}
}

func TestOperationTimesMustBeZeroOrMore(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createOperation(t, te, client.OperationWrite{Name: "Saw"})
	for _, field := range []string{"setupTimeMinutes", "runTimeMinutesPerUnit"} {
		for _, v := range []any{-1, -0.0001, json.Number("-0.00000000000000000001"), "5"} {
			for _, r := range writeOperationBoth(t, te, id, operationBody(t, client.OperationWrite{Name: "Cut"}, map[string]any{field: v})) {
				mustProblemNaming(t, r.res, r.body, field)
			}
		}
	}
	got := updateOperation(t, te, id, client.OperationWrite{Name: "Saw", SetupTimeMinutes: ptr(num("0")), RunTimeMinutesPerUnit: ptr(num("0"))})
	mustRate(t, "setupTimeMinutes", got.SetupTimeMinutes, "0")
}

// TestOperationTimesRoundTripExactly: decimals are stored and answered exactly as sent, with
// no float rounding, at the largest sizes the API accepts.
func TestOperationTimesRoundTripExactly(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, c := range []struct{ setup, run string }{
		{"0.1", "0.2"},
		{"12345678901234567890.12345678901234567891", "0.00000000000000000001"},
		{"99999999999999999999", "1.10000000000000000001"},
	} {
		body := fmt.Sprintf(`{"name":"Op %s","setupTimeMinutes":%s,"runTimeMinutesPerUnit":%s}`, c.setup, c.setup, c.run)
		res, b := rawRequest(t, http.MethodPost, "/api/operation", te.Token, "application/json", body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		var created struct{ ID string }
		if err := json.Unmarshal(b, &created); err != nil {
			t.Fatal(err)
		}
		res, b = rawRequest(t, http.MethodGet, operationReadPath(created.ID), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		for _, want := range []string{`"setupTimeMinutes":` + c.setup + `,`, `"runTimeMinutesPerUnit":` + c.run + `,`} {
			if !strings.Contains(string(b), want) {
				t.Errorf("answer %s lacks %s", b, want)
			}
		}
	}
}

func TestOperationUpdateReplacesEveryMember(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	mill := addShopEquipment(t, te, dep, "Mill")
	id := createOperation(t, te, client.OperationWrite{
		Name: "Mill", Description: ptr("x"), WorkCenterId: &dep.WorkCenterID, EquipmentId: &mill,
		SetupTimeMinutes: ptr(num("3")), RunTimeMinutesPerUnit: ptr(num("4")), IsOutsideProcessing: ptr(true),
	})
	got := updateOperation(t, te, id, client.OperationWrite{Name: "Mill again"})
	if got.Name != "Mill again" || got.Description != nil || got.WorkCenterId != nil || got.WorkCenterName != nil ||
		got.EquipmentId != nil || got.EquipmentName != nil || got.IsOutsideProcessing || got.IsArchived {
		t.Fatalf("full update kept members: %s", mustJSON(t, got))
	}
	mustRate(t, "setupTimeMinutes", got.SetupTimeMinutes, "0")
	mustRate(t, "runTimeMinutesPerUnit", got.RunTimeMinutesPerUnit, "0")
	if again := getOperation(t, te, id); mustJSON(t, again) != mustJSON(t, got) {
		t.Fatalf("update answered %s, get reads %s", mustJSON(t, got), mustJSON(t, again))
	}
	res, b := rawRequest(t, http.MethodPut, operationPath(unknownSchedulingID), te.Token, "application/json", `{"name":"X"}`)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodGet, operationReadPath(unknownSchedulingID), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestOperationNamesADeletedWorkCenterOrEquipmentAsNull(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	wc := namedWorkCenter(t, te, "Saws", "")
	saw := createEquipment(t, te, client.EquipmentWrite{Name: "Band saw", Description: "x", WorkCenterId: &wc})
	id := createOperation(t, te, client.OperationWrite{Name: "Saw", WorkCenterId: &wc, EquipmentId: &saw})
	deleteEquipmentInSQL(t, te, saw) // the API has no equipment delete yet
	res, b := rawRequest(t, http.MethodDelete, "/api/work-centers/"+wc, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	got := getOperation(t, te, id)
	if got.WorkCenterId == nil || *got.WorkCenterId != wc || got.WorkCenterName != nil || got.EquipmentId == nil || got.EquipmentName != nil {
		t.Fatalf("read after deleting its references: %s", mustJSON(t, got))
	}
}

func TestOperationETagFollowsItsWorkCenterAndEquipmentNames(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Shown")
	mill := addShopEquipment(t, te, dep, "Mill")
	id := createOperation(t, te, client.OperationWrite{Name: "Mill", WorkCenterId: &dep.WorkCenterID, EquipmentId: &mill})
	etagMoves(t, te, operationReadPath(id), "renaming its work center", func() {
		updateWorkCenter(t, te, dep.WorkCenterID, client.WorkCenterWrite{Name: "Renamed cell", DepartmentId: &dep.ID})
	})
	etagMoves(t, te, operationReadPath(id), "renaming its equipment", func() {
		updateEquipment(t, te, mill, client.EquipmentWrite{Name: "Renamed mill", Description: "x", WorkCenterId: &dep.WorkCenterID})
	})
	got := getOperation(t, te, id)
	if *got.WorkCenterName != "Renamed cell" || *got.EquipmentName != "Renamed mill" {
		t.Fatalf("names: %s", mustJSON(t, got))
	}
}

func TestOperationListFiltersSortsAndLeavesArchivedOut(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	wcA, wcB := namedWorkCenter(t, te, "A cell", ""), namedWorkCenter(t, te, "B cell", "")
	deburr := createOperation(t, te, client.OperationWrite{Name: "Deburr", WorkCenterId: &wcA, SetupTimeMinutes: ptr(num("3"))})
	bend := createOperation(t, te, client.OperationWrite{Name: "bend", WorkCenterId: &wcB, SetupTimeMinutes: ptr(num("1"))})
	cut := createOperation(t, te, client.OperationWrite{Name: "Cut", SetupTimeMinutes: ptr(num("2"))})
	old := createOperation(t, te, client.OperationWrite{Name: "Anodize", WorkCenterId: &wcA, IsArchived: ptr(true)})

	if got := operationNames(listOperations(t, te, nil, client.OperationFilter{})); !slices.Equal(got, []string{"bend", "Cut", "Deburr"}) {
		t.Fatalf("default list %v, want by name (case-insensitive), archived left out", got)
	}
	if got := operationNames(listOperations(t, te, nil, client.OperationFilter{IncludeArchived: ptr(true)})); !slices.Equal(got, []string{"Anodize", "bend", "Cut", "Deburr"}) {
		t.Fatalf("includeArchived %v", got)
	}
	if got := operationNames(listOperations(t, te, nil, client.OperationFilter{Name: ptr("BUR")})); !slices.Equal(got, []string{"Deburr"}) {
		t.Fatalf("name filter %v", got)
	}
	if got := operationNames(listOperations(t, te, nil, client.OperationFilter{Ids: &[]string{cut, old, bend}})); !slices.Equal(got, []string{"bend", "Cut"}) {
		t.Fatalf("ids filter %v", got)
	}
	if got := operationNames(listOperations(t, te, nil, client.OperationFilter{WorkCenterIds: &[]string{wcA}, IncludeArchived: ptr(true)})); !slices.Equal(got, []string{"Anodize", "Deburr"}) {
		t.Fatalf("workCenterIds filter %v", got)
	}
	desc := client.SortDirectionDescending
	got := listOperations(t, te, &client.ListOperationsParams{SortField: ptr("setupTimeMinutes"), SortDir: &desc}, client.OperationFilter{})
	if names := operationNames(got); !slices.Equal(names, []string{"Deburr", "Cut", "bend"}) {
		t.Fatalf("by setupTimeMinutes descending %v", names)
	}
	if got[0].Id != deburr || got[0].WorkCenterName == nil || *got[0].WorkCenterName != "A cell" {
		t.Fatalf("list rows carry the work center's name: %s", mustJSON(t, got[0]))
	}
	res, b := rawRequest(t, http.MethodPost, operationsListPath+"?Sort.Field=workCenterName", te.Token, "application/json", `{}`)
	mustProblem(t, res, b, http.StatusBadRequest)
}

func TestOperationPermissionsAreViewItemAndEditItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createOperation(t, te, client.OperationWrite{Name: "Saw"})
	viewer, editor := te.userToken(t, "View Item"), te.userToken(t, "Edit Item")
	none := te.userToken(t)
	reads := []struct{ method, path, body string }{
		{http.MethodGet, operationReadPath(id), ""},
		{http.MethodPost, operationsListPath, "{}"},
	}
	writes := []struct{ method, path, body string }{
		{http.MethodPost, "/api/operation", `{"name":"Cut"}`},
		{http.MethodPut, operationPath(id), `{"name":"Saw"}`},
	}
	for _, c := range reads {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		res, b = rawRequest(t, c.method, c.path, none, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
	}
	for _, c := range writes {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, c.path, editor, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
}
