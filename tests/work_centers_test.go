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
	"mos/internal/platform/dec"
)

func deleteWorkCenter(t *testing.T, te *tenantEnv, id string) int {
	t.Helper()
	res, err := te.API.DeleteWorkCenterWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode()
}

func listWorkCenters(t *testing.T, api *client.ClientWithResponses, params *client.ListWorkCentersParams, f client.WorkCenterFilter) []client.WorkCenter {
	t.Helper()
	res, err := api.ListWorkCentersWithResponse(context.Background(), params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func workCenterNames(wcs []client.WorkCenter) []string {
	out := make([]string, len(wcs))
	for i, wc := range wcs {
		out[i] = wc.Name
	}
	return out
}

func TestWorkCenterCreateStoresRatesExactly(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dept := createDepartment(t, te, client.DepartmentCreate{Name: "Machining"})
	id := createWorkCenter(t, te, client.WorkCenterWrite{
		Name: "  5-axis mill  ", DepartmentId: &dept,
		SetupRate: decimalPtr("85"), RunRate: decimalPtr("110.55"), LaborRate: decimalPtr("0.0000000001"),
		OverheadRate: decimalPtr("123456789012.1234567891"), MachineRate: decimalPtr("68.2500"),
	})
	if len(id) != 24 {
		t.Fatalf("id %q is not 24 characters", id)
	}
	wc := getWorkCenter(t, te.API, id)
	if wc.Id != id || wc.Name != "5-axis mill" || wc.DepartmentId == nil || *wc.DepartmentId != dept || wc.Deleted || len(wc.Equipment) != 0 {
		t.Fatalf("stored %+v", wc)
	}
	mustRate(t, "setupRate", wc.SetupRate, "85")
	mustRate(t, "runRate", wc.RunRate, "110.55")
	mustRate(t, "laborRate", wc.LaborRate, "0.0000000001")
	mustRate(t, "overheadRate", wc.OverheadRate, "123456789012.1234567891")
	mustRate(t, "machineRate", wc.MachineRate, "68.25")

	// The wire carries the digits, not a float's approximation.
	res, body := rawRequest(t, http.MethodGet, "/api/work-centers/"+id, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	for _, want := range []string{`"laborRate":0.0000000001`, `"overheadRate":123456789012.1234567891`, `"runRate":110.55`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("body lacks %s: %s", want, body)
		}
	}
}

func TestWorkCenterOmittedRatesAreZeroAndDepartmentNull(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := namedWorkCenter(t, te, "Saw", "")
	res, body := rawRequest(t, http.MethodGet, "/api/work-centers/"+id, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	for _, want := range []string{`"departmentId":null`, `"setupRate":0`, `"runRate":0`, `"laborRate":0`, `"overheadRate":0`, `"machineRate":0`, `"equipment":[]`, `"deleted":false`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("body lacks %s: %s", want, body)
		}
	}
}

func TestWorkCenterWriteValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	long := strings.Repeat("x", 201)
	cases := []struct{ name, body, field string }{
		{"missing name", `{}`, "name"},
		{"empty name", `{"name":""}`, "name"},
		{"blank name", `{"name":"   "}`, "name"},
		{"name over 200", `{"name":"` + long + `"}`, "name"},
		{"negative setupRate", `{"name":"A","setupRate":-0.01}`, "setupRate"},
		{"negative runRate", `{"name":"A","runRate":-1}`, "runRate"},
		{"negative laborRate", `{"name":"A","laborRate":-1}`, "laborRate"},
		{"negative overheadRate", `{"name":"A","overheadRate":-1}`, "overheadRate"},
		{"negative machineRate", `{"name":"A","machineRate":-1}`, "machineRate"},
		{"rate over the maximum", `{"name":"A","machineRate":1000000000000.5}`, "machineRate"},
		{"rate with 11 decimal places", `{"name":"A","laborRate":1.00000000001}`, "laborRate"},
		{"rate as a string", `{"name":"A","runRate":"12"}`, "runRate"},
		{"departmentId not 24 characters", `{"name":"A","departmentId":"abc"}`, "departmentId"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, "/api/work-centers", te.Token, "application/json", c.body)
			mustProblemNaming(t, res, body, c.field)
		})
	}
	if n := len(listWorkCenters(t, te.API, nil, client.WorkCenterFilter{})); n != 0 {
		t.Fatalf("refused creates stored %d work centers", n)
	}
	// The bounds are accepted: 200 characters, 10 decimal places, trailing zeros beyond them.
	createWorkCenter(t, te, client.WorkCenterWrite{Name: strings.Repeat("é", 200), SetupRate: decimalPtr("1000000000000"), RunRate: decimalPtr("0.1234567891"), LaborRate: decimalPtr("2.500000000000")})
}

func TestWorkCenterUnknownDepartmentIsNotFound(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	foreign := createDepartment(t, other, client.DepartmentCreate{Name: "Theirs"})
	for _, dept := range []string{strings.Repeat("0", 24), foreign} {
		body := fmt.Sprintf(`{"name":"Mill","departmentId":%q}`, dept)
		res, b := rawRequest(t, http.MethodPost, "/api/work-centers", te.Token, "application/json", body)
		if p := mustProblem(t, res, b, http.StatusNotFound); !strings.Contains(p.Detail, dept) {
			t.Errorf("404 does not name department %s: %s", dept, p.Detail)
		}
		id := namedWorkCenter(t, te, "Lathe "+dept, "")
		res, b = rawRequest(t, http.MethodPut, "/api/work-centers/"+id, te.Token, "application/json", body)
		mustProblem(t, res, b, http.StatusNotFound)
		if wc := getWorkCenter(t, te.API, id); wc.DepartmentId != nil || wc.Name != "Lathe "+dept {
			t.Fatalf("refused update changed the work center: %+v", wc)
		}
	}
	if got := workCenterNames(listWorkCenters(t, te.API, nil, client.WorkCenterFilter{Name: ptr("Mill")})); len(got) != 0 {
		t.Fatalf("refused creates stored %v", got)
	}
}

func TestWorkCenterNameUniqueAmongLiveCaseInsensitive(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	first := namedWorkCenter(t, te, "Mill", "")
	for _, name := range []string{"Mill", "MILL", "  mill "} {
		res, body := rawRequest(t, http.MethodPost, "/api/work-centers", te.Token, "application/json", fmt.Sprintf(`{"name":%q}`, name))
		mustProblemNaming(t, res, body, "name")
	}
	// An update onto another work center's name is refused too; keeping one's own is not.
	lathe := namedWorkCenter(t, te, "Lathe", "")
	res, body := rawRequest(t, http.MethodPut, "/api/work-centers/"+lathe, te.Token, "application/json", `{"name":"mill"}`)
	mustProblemNaming(t, res, body, "name")
	updateWorkCenter(t, te, lathe, client.WorkCenterWrite{Name: "LATHE"})
	// Another tenant may use the name, and a deleted work center's name is free again.
	namedWorkCenter(t, other, "Mill", "")
	mustStatus(t, deleteWorkCenter(t, te, first), http.StatusOK, nil)
	namedWorkCenter(t, te, "mill", "")

	var n atomic.Int32
	spellings := []string{"Saw", "SAW", " saw ", "Saw  ", "sAw", "SAW"}
	counts := concurrently(t, len(spellings), func() (int, error) {
		res, err := te.API.CreateWorkCenterWithResponse(context.Background(), nil, client.WorkCenterWrite{Name: spellings[n.Add(1)-1]})
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

func TestWorkCenterUpdateReplacesEveryMember(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	machining := createDepartment(t, te, client.DepartmentCreate{Name: "Machining"})
	welding := createDepartment(t, te, client.DepartmentCreate{Name: "Welding"})
	id := createWorkCenter(t, te, client.WorkCenterWrite{Name: "Mill", DepartmentId: &machining,
		SetupRate: decimalPtr("1"), RunRate: decimalPtr("2"), LaborRate: decimalPtr("3"), OverheadRate: decimalPtr("4"), MachineRate: decimalPtr("5")})

	// Setting departmentId moves the work center to that department.
	got := updateWorkCenter(t, te, id, client.WorkCenterWrite{Name: "Big mill", DepartmentId: &welding, RunRate: decimalPtr("9.75")})
	if got.Name != "Big mill" || got.DepartmentId == nil || *got.DepartmentId != welding {
		t.Fatalf("updated %+v", got)
	}
	mustRate(t, "runRate", got.RunRate, "9.75")
	for name, rate := range map[string]dec.Decimal{"setupRate": got.SetupRate, "laborRate": got.LaborRate, "overheadRate": got.OverheadRate, "machineRate": got.MachineRate} {
		mustRate(t, name+" (omitted on update)", rate, "0")
	}
	if !reflect.DeepEqual(getWorkCenter(t, te.API, id), got) {
		t.Fatalf("update answered %+v, get answers %+v", got, getWorkCenter(t, te.API, id))
	}
	if ids := getDepartment(t, te.API, machining).WorkCenterIds; len(ids) != 0 {
		t.Fatalf("old department still lists %v", ids)
	}
	if ids := getDepartment(t, te.API, welding).WorkCenterIds; !reflect.DeepEqual(ids, []string{id}) {
		t.Fatalf("new department lists %v, want [%s]", ids, id)
	}
	// An omitted departmentId takes the work center out of its department.
	got = updateWorkCenter(t, te, id, client.WorkCenterWrite{Name: "Big mill"})
	if got.DepartmentId != nil {
		t.Fatalf("departmentId %v after an update without it", *got.DepartmentId)
	}
	if ids := getDepartment(t, te.API, welding).WorkCenterIds; len(ids) != 0 {
		t.Fatalf("department still lists %v", ids)
	}
	// Missing and deleted work centers are not updated.
	res, body := rawRequest(t, http.MethodPut, "/api/work-centers/"+strings.Repeat("0", 24), te.Token, "application/json", `{"name":"X"}`)
	mustProblem(t, res, body, http.StatusNotFound)
	mustStatus(t, deleteWorkCenter(t, te, id), http.StatusOK, nil)
	res, body = rawRequest(t, http.MethodPut, "/api/work-centers/"+id, te.Token, "application/json", `{"name":"Revived"}`)
	mustProblem(t, res, body, http.StatusNotFound)
}

func TestWorkCenterDeleteIsSoftAnd204WhenMissingOrDeleted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	dept := createDepartment(t, te, client.DepartmentCreate{Name: "Machining"})
	id := namedWorkCenter(t, te, "Mill", dept)
	keep := namedWorkCenter(t, te, "Lathe", dept)

	res, err := te.API.DeleteWorkCenterWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if res.JSON200 == nil || !res.JSON200.Success {
		t.Fatalf("delete answered %s, want success true", res.Body)
	}
	// Get still answers it, deleted; lists and its department no longer show it.
	wc := getWorkCenter(t, te.API, id)
	if !wc.Deleted || wc.Name != "Mill" {
		t.Fatalf("deleted work center reads %+v", wc)
	}
	if got := workCenterNames(listWorkCenters(t, te.API, nil, client.WorkCenterFilter{})); !reflect.DeepEqual(got, []string{"Lathe"}) {
		t.Fatalf("list shows %v, want [Lathe]", got)
	}
	if ids := getDepartment(t, te.API, dept).WorkCenterIds; !reflect.DeepEqual(ids, []string{keep}) {
		t.Fatalf("department lists %v, want [%s]", ids, keep)
	}
	// Already deleted, never existed, another tenant's: 204, and nothing changes.
	for _, missing := range []string{id, strings.Repeat("0", 24)} {
		mustStatus(t, deleteWorkCenter(t, te, missing), http.StatusNoContent, nil)
	}
	mustStatus(t, deleteWorkCenter(t, other, keep), http.StatusNoContent, nil)
	if getWorkCenter(t, te.API, keep).Deleted {
		t.Fatal("another tenant deleted the work center")
	}
}

func TestWorkCenterHoldingEquipmentIsNotDeleted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	mill := namedWorkCenter(t, te, "Mill", "")
	spare := namedWorkCenter(t, te, "Spare", "")
	eq := createEquipment(t, te, client.EquipmentWrite{Name: "Haas VF-2", Description: "VMC", WorkCenterId: &mill})

	res, body := rawRequest(t, http.MethodDelete, "/api/work-centers/"+mill, te.Token, "", "")
	if p := mustProblem(t, res, body, http.StatusBadRequest); !strings.Contains(p.Detail, mill) {
		t.Fatalf("400 does not name the work center: %s", p.Detail)
	}
	if getWorkCenter(t, te.API, mill).Deleted {
		t.Fatal("refused delete deleted the work center")
	}
	// Once its equipment moved away it can be deleted.
	updateEquipment(t, te, eq, client.EquipmentWrite{Name: "Haas VF-2", Description: "VMC", WorkCenterId: &spare})
	mustStatus(t, deleteWorkCenter(t, te, mill), http.StatusOK, nil)
}

func TestDeletedWorkCenterTakesNoEquipmentOrDepartment(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	gone := namedWorkCenter(t, te, "Gone", "")
	mustStatus(t, deleteWorkCenter(t, te, gone), http.StatusOK, nil)

	res, body := rawRequest(t, http.MethodPost, "/api/equipment", te.Token, "application/json",
		fmt.Sprintf(`{"name":"Saw","description":"Band saw","workCenterId":%q}`, gone))
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = rawRequest(t, http.MethodPost, "/api/departments", te.Token, "application/json",
		fmt.Sprintf(`{"name":"Cutting","workCenterIds":[%q]}`, gone))
	mustProblem(t, res, body, http.StatusNotFound)
}

// A delete racing an equipment placement: one of them must lose, so equipment never sits
// in a deleted work center.
func TestWorkCenterDeleteAndEquipmentPlacementNeverBothWin(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	for round := range 8 {
		wc := namedWorkCenter(t, te, fmt.Sprintf("Cell %d", round), "")
		var turn atomic.Int32
		var placed, deleted atomic.Bool
		concurrently(t, 2, func() (int, error) {
			if turn.Add(1) == 1 {
				res, err := te.API.DeleteWorkCenterWithResponse(ctx, wc, nil)
				if err != nil {
					return 0, err
				}
				deleted.Store(res.StatusCode() == http.StatusOK)
				return res.StatusCode(), nil
			}
			res, err := te.API.CreateEquipmentWithResponse(ctx, nil, client.EquipmentWrite{Name: fmt.Sprintf("Robot %d", round), Description: "Welder", WorkCenterId: &wc})
			if err != nil {
				return 0, err
			}
			placed.Store(res.StatusCode() == http.StatusOK)
			return res.StatusCode(), nil
		})
		if placed.Load() == deleted.Load() {
			t.Fatalf("round %d: equipment placed %v, work center deleted %v: exactly one must win", round, placed.Load(), deleted.Load())
		}
	}
}

func TestWorkCenterListFiltersAndSorts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	mill := createWorkCenter(t, te, client.WorkCenterWrite{Name: "Mill", SetupRate: decimalPtr("30"), RunRate: decimalPtr("1"), MachineRate: decimalPtr("7.5")})
	createWorkCenter(t, te, client.WorkCenterWrite{Name: "lathe", SetupRate: decimalPtr("10"), RunRate: decimalPtr("3"), MachineRate: decimalPtr("7.25")})
	saw := createWorkCenter(t, te, client.WorkCenterWrite{Name: "Band saw", SetupRate: decimalPtr("20"), RunRate: decimalPtr("2"), LaborRate: decimalPtr("5"), OverheadRate: decimalPtr("1")})
	createEquipment(t, te, client.EquipmentWrite{Name: "Kalamazoo", Description: "Saw", WorkCenterId: &saw})
	cases := []struct {
		name   string
		params *client.ListWorkCentersParams
		filter client.WorkCenterFilter
		want   []string
	}{
		{"default: name case-insensitively", nil, client.WorkCenterFilter{}, []string{"Band saw", "lathe", "Mill"}},
		{"descending default", &client.ListWorkCentersParams{SortDir: ptr(client.SortDirectionDescending)}, client.WorkCenterFilter{}, []string{"Mill", "lathe", "Band saw"}},
		{"by setupRate", &client.ListWorkCentersParams{SortField: ptr("setupRate")}, client.WorkCenterFilter{}, []string{"lathe", "Band saw", "Mill"}},
		{"by RunRate descending", &client.ListWorkCentersParams{SortField: ptr("RunRate"), SortDir: ptr(client.SortDirectionDescending)}, client.WorkCenterFilter{}, []string{"lathe", "Band saw", "Mill"}},
		{"by machineRate", &client.ListWorkCentersParams{SortField: ptr("machineRate")}, client.WorkCenterFilter{}, []string{"Band saw", "lathe", "Mill"}},
		// Mill and lathe tie at 0; ties break on id in the sort's direction, and Mill was
		// created first.
		{"by laborRate descending", &client.ListWorkCentersParams{SortField: ptr("laborRate"), SortDir: ptr(client.SortDirectionDescending)}, client.WorkCenterFilter{}, []string{"Band saw", "lathe", "Mill"}},
		{"by overheadRate", &client.ListWorkCentersParams{SortField: ptr("overheadRate")}, client.WorkCenterFilter{}, []string{"Mill", "lathe", "Band saw"}},
		{"name contains, case-insensitive", nil, client.WorkCenterFilter{Name: ptr("SAW")}, []string{"Band saw"}},
		{"ids", nil, client.WorkCenterFilter{Ids: &[]string{mill, saw}}, []string{"Band saw", "Mill"}},
		{"paged", &client.ListWorkCentersParams{Skip: ptr[int32](1), Take: ptr[int32](1)}, client.WorkCenterFilter{}, []string{"lathe"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := workCenterNames(listWorkCenters(t, te.API, c.params, c.filter)); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	// Listed work centers carry their equipment.
	for _, wc := range listWorkCenters(t, te.API, nil, client.WorkCenterFilter{}) {
		if want := map[bool]int{true: 1, false: 0}[wc.Id == saw]; len(wc.Equipment) != want {
			t.Errorf("%s lists %d equipment, want %d", wc.Name, len(wc.Equipment), want)
		}
	}
	for _, field := range []string{"departmentId", "colour", "equipment.id"} {
		res, body := rawRequest(t, http.MethodPost, "/api/work-centers/list?Sort.Field="+field, te.Token, "application/json", `{}`)
		mustProblemNaming(t, res, body, "Sort.Field")
	}
	res, body := rawRequest(t, http.MethodPost, "/api/work-centers/list", te.Token, "application/json", `{"ids":[]}`)
	mustProblemNaming(t, res, body, "ids")
	res, body = rawRequest(t, http.MethodPost, "/api/work-centers/list", te.Token, "application/json", `{"ids":[`+strings.TrimSuffix(strings.Repeat(`"x",`, 501), ",")+`]}`)
	mustProblemNaming(t, res, body, "ids")
}
