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

func updateDepartment(t *testing.T, te *tenantEnv, id string, u client.DepartmentUpdate) client.Department {
	t.Helper()
	res, err := te.API.UpdateDepartmentWithResponse(context.Background(), id, nil, u)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listDepartments(t *testing.T, api *client.ClientWithResponses, params *client.ListDepartmentsParams, f client.DepartmentFilter) []client.Department {
	t.Helper()
	res, err := api.ListDepartmentsWithResponse(context.Background(), params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func departmentNames(ds []client.Department) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Name
	}
	return out
}

// departmentEquipment is the names of the equipment a department lists, by work center.
func departmentEquipment(d client.Department) map[string][]string {
	out := map[string][]string{}
	for _, wc := range d.WorkCenters {
		names := []string{}
		for _, e := range wc.Equipment {
			names = append(names, e.Name)
		}
		out[wc.Name] = names
	}
	return out
}

func TestDepartmentReadNestsWorkCentersAndTheirEquipment(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	mill := createWorkCenter(t, te, client.WorkCenterWrite{Name: "Mill", SetupRate: decimalPtr("85.5"), RunRate: decimalPtr("110"),
		LaborRate: decimalPtr("42.25"), OverheadRate: decimalPtr("18"), MachineRate: decimalPtr("68.125")})
	lathe := namedWorkCenter(t, te, "lathe", "")
	empty := namedWorkCenter(t, te, "Bench", "")
	vf2 := createEquipment(t, te, client.EquipmentWrite{Name: "VF-2", Description: "VMC", WorkCenterId: &mill, Status: ptr(client.EquipmentStatusPoor)})
	createEquipment(t, te, client.EquipmentWrite{Name: "umc-750", Description: "5-axis", WorkCenterId: &mill})
	createEquipment(t, te, client.EquipmentWrite{Name: "ST-10", Description: "Lathe", WorkCenterId: &lathe})
	createEquipment(t, te, client.EquipmentWrite{Name: "Elsewhere", Description: "No work center"})

	id := createDepartment(t, te, client.DepartmentCreate{Name: "  Machining  ", Description: ptr("CNC"), WorkCenterIds: &[]string{mill, empty, lathe}})
	d := getDepartment(t, te.API, id)
	if d.Id != id || d.Name != "Machining" || d.Description == nil || *d.Description != "CNC" || d.Deleted {
		t.Fatalf("department %+v", d)
	}
	// Work centers by name, case-insensitively; workCenterIds in the same order.
	if want := []string{empty, lathe, mill}; !reflect.DeepEqual(d.WorkCenterIds, want) {
		t.Fatalf("workCenterIds %v, want %v", d.WorkCenterIds, want)
	}
	want := map[string][]string{"Bench": {}, "lathe": {"ST-10"}, "Mill": {"umc-750", "VF-2"}}
	if got := departmentEquipment(d); !reflect.DeepEqual(got, want) {
		t.Fatalf("equipment by work center %v, want %v", got, want)
	}
	// Nested work centers and equipment read as they do on their own.
	wc := d.WorkCenters[2]
	if !reflect.DeepEqual(wc, getWorkCenter(t, te.API, mill)) {
		t.Fatalf("nested work center %+v differs from its get %+v", wc, getWorkCenter(t, te.API, mill))
	}
	mustRate(t, "setupRate", wc.SetupRate, "85.5")
	mustRate(t, "machineRate", wc.MachineRate, "68.125")
	if wc.DepartmentId == nil || *wc.DepartmentId != id {
		t.Fatalf("nested work center's departmentId %v", wc.DepartmentId)
	}
	nested := wc.Equipment[1]
	if !reflect.DeepEqual(nested, getEquipment(t, te.API, vf2)) || nested.Status != client.EquipmentStatusPoor || nested.DepartmentId == nil || *nested.DepartmentId != id {
		t.Fatalf("nested equipment %+v", nested)
	}

	// Without description or work centers: null and empty arrays.
	bare := createDepartment(t, te, client.DepartmentCreate{Name: "Shipping"})
	res, body := rawRequest(t, http.MethodGet, "/api/departments/"+bare, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	for _, want := range []string{`"description":null`, `"workCenterIds":[]`, `"workCenters":[]`, `"deleted":false`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("body lacks %s: %s", want, body)
		}
	}
	res, body = rawRequest(t, http.MethodGet, "/api/departments/"+strings.Repeat("0", 24), te.Token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
}

func TestDepartmentWriteValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	wc := namedWorkCenter(t, te, "Mill", "")
	long := strings.Repeat("x", 201)
	many := `"` + strings.Repeat("0", 24) + `"`
	many = strings.TrimSuffix(strings.Repeat(many+",", 501), ",")
	cases := []struct{ name, body, field string }{
		{"missing name", `{}`, "name"},
		{"empty name", `{"name":""}`, "name"},
		{"blank name", `{"name":"   "}`, "name"},
		{"name over 200", `{"name":"` + long + `"}`, "name"},
		{"empty description", `{"name":"A","description":""}`, "description"},
		{"description over 200", `{"name":"A","description":"` + long + `"}`, "description"},
		{"work center id not 24 characters", `{"name":"A","workCenterIds":["abc"]}`, "workCenterIds.0"},
		{"over 500 work centers", `{"name":"A","workCenterIds":[` + many + `]}`, "workCenterIds"},
		{"work center listed twice", fmt.Sprintf(`{"name":"A","workCenterIds":[%q,%q]}`, wc, wc), "workCenterIds"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, "/api/departments", te.Token, "application/json", c.body)
			mustProblemNaming(t, res, body, c.field)
		})
	}
	if n := len(listDepartments(t, te.API, nil, client.DepartmentFilter{})); n != 0 {
		t.Fatalf("refused creates stored %d departments", n)
	}
	// The update takes the same description and work center rules.
	id := createDepartment(t, te, client.DepartmentCreate{Name: strings.Repeat("é", 200), Description: ptr(strings.Repeat("d", 200))})
	for _, body := range []string{`{"description":""}`, `{"description":"` + long + `"}`, fmt.Sprintf(`{"workCenterIds":[%q,%q]}`, wc, wc)} {
		res, b := rawRequest(t, http.MethodPut, "/api/departments/"+id, te.Token, "application/json", body)
		mustProblem(t, res, b, http.StatusBadRequest)
	}
	if d := getDepartment(t, te.API, id); *d.Description != strings.Repeat("d", 200) || len(d.WorkCenterIds) != 0 {
		t.Fatalf("refused updates changed the department: %+v", d)
	}
}

func TestDepartmentNameUniqueAmongLiveCaseInsensitive(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	createDepartment(t, te, client.DepartmentCreate{Name: "Machining"})
	for _, name := range []string{"Machining", "MACHINING", "  machining "} {
		res, body := rawRequest(t, http.MethodPost, "/api/departments", te.Token, "application/json", fmt.Sprintf(`{"name":%q}`, name))
		mustProblemNaming(t, res, body, "name")
	}
	createDepartment(t, other, client.DepartmentCreate{Name: "Machining"})

	var n atomic.Int32
	spellings := []string{"Welding", "WELDING", " welding ", "Welding  ", "wElding", "WELDING"}
	counts := concurrently(t, len(spellings), func() (int, error) {
		res, err := te.API.CreateDepartmentWithResponse(context.Background(), nil, client.DepartmentCreate{Name: spellings[n.Add(1)-1]})
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
	if got := departmentNames(listDepartments(t, te.API, nil, client.DepartmentFilter{Name: ptr("weld")})); len(got) != 1 {
		t.Fatalf("stored %v, want one", got)
	}
}

func TestDepartmentUnknownWorkCenterIsNotFound(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	mine := namedWorkCenter(t, te, "Mill", "")
	foreign := namedWorkCenter(t, other, "Theirs", "")
	missing := strings.Repeat("0", 24)
	dept := createDepartment(t, te, client.DepartmentCreate{Name: "Machining", WorkCenterIds: &[]string{mine}})
	for _, wc := range []string{missing, foreign} {
		body := fmt.Sprintf(`{"name":"Welding","workCenterIds":[%q,%q]}`, mine, wc)
		res, b := rawRequest(t, http.MethodPost, "/api/departments", te.Token, "application/json", body)
		if p := mustProblem(t, res, b, http.StatusNotFound); !strings.Contains(p.Detail, wc) {
			t.Errorf("404 does not name work center %s: %s", wc, p.Detail)
		}
		res, b = rawRequest(t, http.MethodPut, "/api/departments/"+dept, te.Token, "application/json", fmt.Sprintf(`{"workCenterIds":[%q]}`, wc))
		mustProblem(t, res, b, http.StatusNotFound)
	}
	if got := departmentNames(listDepartments(t, te.API, nil, client.DepartmentFilter{})); !reflect.DeepEqual(got, []string{"Machining"}) {
		t.Fatalf("departments %v, want only Machining", got)
	}
	if ids := getDepartment(t, te.API, dept).WorkCenterIds; !reflect.DeepEqual(ids, []string{mine}) {
		t.Fatalf("refused update changed the work centers to %v", ids)
	}
	if wc := getWorkCenter(t, other.API, foreign); wc.DepartmentId != nil {
		t.Fatalf("another tenant's work center joined a department: %+v", wc)
	}
}

func TestWorkCenterBelongsToAtMostOneDepartment(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	mill := namedWorkCenter(t, te, "Mill", "")
	machining := createDepartment(t, te, client.DepartmentCreate{Name: "Machining", WorkCenterIds: &[]string{mill}})
	welding := createDepartment(t, te, client.DepartmentCreate{Name: "Welding"})

	// Neither a create nor an update takes a work center from another department.
	res, body := rawRequest(t, http.MethodPost, "/api/departments", te.Token, "application/json", fmt.Sprintf(`{"name":"Cutting","workCenterIds":[%q]}`, mill))
	if p := mustProblem(t, res, body, http.StatusBadRequest); len(p.Errors["workCenterIds"]) == 0 || !strings.Contains(p.Detail, machining) {
		t.Fatalf("400 does not name workCenterIds and the owning department: %s", body)
	}
	res, body = rawRequest(t, http.MethodPut, "/api/departments/"+welding, te.Token, "application/json", fmt.Sprintf(`{"workCenterIds":[%q]}`, mill))
	mustProblemNaming(t, res, body, "workCenterIds")
	if ids := getDepartment(t, te.API, machining).WorkCenterIds; !reflect.DeepEqual(ids, []string{mill}) {
		t.Fatalf("owning department lists %v", ids)
	}
	if ids := getDepartment(t, te.API, welding).WorkCenterIds; len(ids) != 0 {
		t.Fatalf("refused update gave welding %v", ids)
	}
	// Restating a department's own work center is fine.
	updateDepartment(t, te, machining, client.DepartmentUpdate{WorkCenterIds: &[]string{mill}})

	// Departments created at once, all claiming one free work center: one gets it.
	saw := namedWorkCenter(t, te, "Saw", "")
	var n atomic.Int32
	counts := concurrently(t, 6, func() (int, error) {
		res, err := te.API.CreateDepartmentWithResponse(context.Background(), nil, client.DepartmentCreate{Name: fmt.Sprintf("Cutting %d", n.Add(1)), WorkCenterIds: &[]string{saw}})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 5 {
		t.Fatalf("concurrent claims answered %v, want one 200 and five 400s", counts)
	}
	owners := 0
	for _, d := range listDepartments(t, te.API, nil, client.DepartmentFilter{Name: ptr("Cutting")}) {
		owners += len(d.WorkCenterIds)
	}
	if owners != 1 {
		t.Fatalf("%d departments list the saw, want 1", owners)
	}
}

func TestDepartmentUpdateReplacesDescriptionAndWorkCenterSet(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a := namedWorkCenter(t, te, "A", "")
	b := namedWorkCenter(t, te, "B", "")
	c := namedWorkCenter(t, te, "C", "")
	id := createDepartment(t, te, client.DepartmentCreate{Name: "Machining", Description: ptr("Mills"), WorkCenterIds: &[]string{a, b}})

	got := updateDepartment(t, te, id, client.DepartmentUpdate{Description: ptr("  Mills and lathes  "), WorkCenterIds: &[]string{c, b}})
	if got.Name != "Machining" || *got.Description != "Mills and lathes" || !reflect.DeepEqual(got.WorkCenterIds, []string{b, c}) {
		t.Fatalf("updated %+v", got)
	}
	if !reflect.DeepEqual(getDepartment(t, te.API, id), got) {
		t.Fatal("update answered something other than what get reads")
	}
	// A left the department; B and C carry it.
	for wc, want := range map[string]*string{a: nil, b: &id, c: &id} {
		if got := getWorkCenter(t, te.API, wc).DepartmentId; !reflect.DeepEqual(got, want) {
			t.Errorf("work center %s departmentId %v, want %v", wc, got, want)
		}
	}
	// The name is not changed by update; omitted members are cleared.
	res, body := rawRequest(t, http.MethodPut, "/api/departments/"+id, te.Token, "application/json", `{"name":"Renamed"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	got = getDepartment(t, te.API, id)
	if got.Name != "Machining" || got.Description != nil || len(got.WorkCenterIds) != 0 || len(got.WorkCenters) != 0 {
		t.Fatalf("after an update with only a name: %+v", got)
	}
	if wc := getWorkCenter(t, te.API, b); wc.DepartmentId != nil {
		t.Fatalf("work center still in the emptied department: %+v", wc)
	}
	res, body = rawRequest(t, http.MethodPut, "/api/departments/"+strings.Repeat("0", 24), te.Token, "application/json", `{}`)
	mustProblem(t, res, body, http.StatusNotFound)
}

// An equipment's department is its work center's department: moving the equipment, or its
// work center, changes which department lists it.
func TestMovingEquipmentChangesWhichDepartmentListsIt(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	machining := createDepartment(t, te, client.DepartmentCreate{Name: "Machining"})
	welding := createDepartment(t, te, client.DepartmentCreate{Name: "Welding"})
	mill := namedWorkCenter(t, te, "Mill", machining)
	cell := namedWorkCenter(t, te, "Cell", welding)
	robot := client.EquipmentWrite{Name: "Robot", Description: "Welder", WorkCenterId: &mill}
	id := createEquipment(t, te, robot)
	lists := func(dept string) bool {
		for _, eqs := range departmentEquipment(getDepartment(t, te.API, dept)) {
			if len(eqs) > 0 {
				return true
			}
		}
		return false
	}
	if !lists(machining) || lists(welding) || *getEquipment(t, te.API, id).DepartmentId != machining {
		t.Fatal("equipment not in machining at first")
	}
	robot.WorkCenterId = &cell
	moved := updateEquipment(t, te, id, robot)
	if lists(machining) || !lists(welding) || moved.DepartmentId == nil || *moved.DepartmentId != welding {
		t.Fatalf("after moving the equipment to welding's work center: %+v", moved)
	}
	// Moving the work center moves its equipment with it.
	updateWorkCenter(t, te, cell, client.WorkCenterWrite{Name: "Cell", DepartmentId: &machining})
	if !lists(machining) || lists(welding) || *getEquipment(t, te.API, id).DepartmentId != machining {
		t.Fatal("equipment did not follow its work center to machining")
	}
	// Without a work center it is in no department.
	robot.WorkCenterId = nil
	if e := updateEquipment(t, te, id, robot); e.DepartmentId != nil || lists(machining) {
		t.Fatalf("equipment without a work center still in a department: %+v", e)
	}
}

func TestDepartmentListFiltersAndSortsAndNestsEveryPage(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	names := []string{"Welding", "assembly", "Machining", "Paint"}
	ids := map[string]string{}
	for i, name := range names {
		wc := namedWorkCenter(t, te, name+" cell", "")
		createEquipment(t, te, client.EquipmentWrite{Name: name + " machine", Description: "x", WorkCenterId: &wc})
		ids[name] = createDepartment(t, te, client.DepartmentCreate{Name: name, Description: ptr(fmt.Sprintf("%c", 'd'-i)), WorkCenterIds: &[]string{wc}})
	}
	cases := []struct {
		name   string
		params *client.ListDepartmentsParams
		filter client.DepartmentFilter
		want   []string
	}{
		{"default: name case-insensitively", nil, client.DepartmentFilter{}, []string{"assembly", "Machining", "Paint", "Welding"}},
		{"descending default", &client.ListDepartmentsParams{SortDir: ptr(client.SortDirectionDescending)}, client.DepartmentFilter{}, []string{"Welding", "Paint", "Machining", "assembly"}},
		{"by description", &client.ListDepartmentsParams{SortField: ptr("Description")}, client.DepartmentFilter{}, []string{"Paint", "Machining", "assembly", "Welding"}},
		{"by id", &client.ListDepartmentsParams{SortField: ptr("id")}, client.DepartmentFilter{}, names},
		{"name contains, case-insensitive", nil, client.DepartmentFilter{Name: ptr("IN")}, []string{"Machining", "Paint", "Welding"}},
		{"ids", nil, client.DepartmentFilter{Ids: &[]string{ids["Paint"], ids["Welding"]}}, []string{"Paint", "Welding"}},
		{"paged", &client.ListDepartmentsParams{Skip: ptr[int32](1), Take: ptr[int32](2)}, client.DepartmentFilter{}, []string{"Machining", "Paint"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := departmentNames(listDepartments(t, te.API, c.params, c.filter)); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	// Every department of a page carries its own work center and equipment.
	for _, d := range listDepartments(t, te.API, nil, client.DepartmentFilter{}) {
		want := map[string][]string{d.Name + " cell": {d.Name + " machine"}}
		if got := departmentEquipment(d); !reflect.DeepEqual(got, want) {
			t.Errorf("%s lists %v, want %v", d.Name, got, want)
		}
	}
	for _, field := range []string{"workCenterIds", "colour", "workCenters.id"} {
		res, body := rawRequest(t, http.MethodPost, "/api/departments/list?Sort.Field="+field, te.Token, "application/json", `{}`)
		mustProblemNaming(t, res, body, "Sort.Field")
	}
	res, body := rawRequest(t, http.MethodPost, "/api/departments/list", te.Token, "application/json", `{"ids":[]}`)
	mustProblemNaming(t, res, body, "ids")
	res, body = rawRequest(t, http.MethodPost, "/api/departments/list", te.Token, "application/json", `{"name":""}`)
	mustProblemNaming(t, res, body, "name")
}
