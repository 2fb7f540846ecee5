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

func getShift(t *testing.T, te *tenantEnv, id string) client.DepartmentShift {
	t.Helper()
	res, err := te.API.GetDepartmentShiftWithResponse(context.Background(), id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listShifts(t *testing.T, te *tenantEnv, params *client.ListDepartmentShiftsParams, f client.DepartmentShiftFilter) []client.DepartmentShift {
	t.Helper()
	res, err := te.API.ListDepartmentShiftsWithResponse(context.Background(), params, f)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func shiftIDs(shifts []client.DepartmentShift) []string {
	out := make([]string, len(shifts))
	for i, s := range shifts {
		out[i] = s.Id
	}
	return out
}

func shiftNames(shifts []client.DepartmentShift) []string {
	out := make([]string, len(shifts))
	for i, s := range shifts {
		out[i] = s.Name
	}
	return out
}

// shiftBody is a create body as JSON with the members of edit replaced (nil removes one),
// for requests the typed client cannot make.
func shiftBody(t *testing.T, w client.DepartmentShiftCreate, edit map[string]any) string {
	t.Helper()
	return editedBody(t, w, edit)
}

func minutes(p *int32) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}

func TestDepartmentShiftCreateStoresEveryMemberAndReadsThemBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	mill := addShopEquipment(t, te, dep, "Mill 1")
	lathe := addShopEquipment(t, te, dep, "Lathe 1")
	limit := int32(5)
	w := dayShift(dep.ID)
	w.Name = "  Night shift  "
	w.StartTime, w.EndTime = "2200", "0600"
	w.Days = &client.ShiftDays{Monday: true, Tuesday: true, Wednesday: false, Thursday: true, Friday: true, Saturday: false, Sunday: true}
	w.SimultaneousEquipment = &client.ShiftEquipmentCounts{Monday: 1, Tuesday: 2, Wednesday: 0, Thursday: 3, Friday: 4, Saturday: 5, Sunday: 6}
	w.UnlimitedCapacity = ptr(true)
	w.MaxDailyNewJobs = &limit
	w.AvailableEquipment = &[]client.ShiftEquipmentWrite{
		{EquipmentId: mill, Monday: true, Friday: true},
		{EquipmentId: lathe, Tuesday: true, Sunday: true},
	}
	id := createShift(t, te, w)
	got := getShift(t, te, id)
	if got.Id != id || got.DepartmentId != dep.ID || got.Name != "Night shift" || got.StartTime != "2200" || got.EndTime != "0600" {
		t.Fatalf("identity members: %s", mustJSON(t, got))
	}
	if minutes(got.LengthOfShiftInMinutes) != "480" {
		t.Fatalf("length %s, want 480", minutes(got.LengthOfShiftInMinutes))
	}
	if got.Days != *w.Days || got.SimultaneousEquipment != *w.SimultaneousEquipment {
		t.Fatalf("days %+v counts %+v", got.Days, got.SimultaneousEquipment)
	}
	if !got.UnlimitedCapacity || got.MaxDailyNewJobs == nil || *got.MaxDailyNewJobs != 5 || got.Deleted {
		t.Fatalf("capacity members: %s", mustJSON(t, got))
	}
	want := map[string]client.ShiftEquipment{
		mill:  {EquipmentId: mill, EquipmentName: ptr("Mill 1"), Monday: true, Friday: true},
		lathe: {EquipmentId: lathe, EquipmentName: ptr("Lathe 1"), Tuesday: true, Sunday: true},
	}
	if len(got.AvailableEquipment) != 2 {
		t.Fatalf("available equipment %s", mustJSON(t, got.AvailableEquipment))
	}
	for _, e := range got.AvailableEquipment {
		if mustJSON(t, e) != mustJSON(t, want[e.EquipmentId]) {
			t.Errorf("equipment %s reads %s, want %s", e.EquipmentId, mustJSON(t, e), mustJSON(t, want[e.EquipmentId]))
		}
	}
}

func TestDepartmentShiftOmittedMembersTakeTheirDefaults(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Assembly")
	got := getShift(t, te, createShift(t, te, dayShift(dep.ID)))
	if got.Days != (client.ShiftDays{}) || got.SimultaneousEquipment != (client.ShiftEquipmentCounts{}) {
		t.Fatalf("days %+v counts %+v, want none", got.Days, got.SimultaneousEquipment)
	}
	if got.UnlimitedCapacity || got.MaxDailyNewJobs != nil || len(got.AvailableEquipment) != 0 || got.AvailableEquipment == nil {
		t.Fatalf("defaults: %s", mustJSON(t, got))
	}
}

func TestDepartmentShiftTimesMustBeFourDigitHHmm(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	id := createShift(t, te, dayShift(dep.ID))
	for _, v := range []any{"7:00", "07:00", "700", "ABCD", "07000", "", " 0700", "0700 ", "07h0", "٠٧٠٠", 700, nil} {
		for _, field := range []string{"startTime", "endTime"} {
			t.Run(fmt.Sprintf("%s=%v", field, v), func(t *testing.T) {
				body := shiftBody(t, dayShift(dep.ID), map[string]any{field: v})
				res, b := rawRequest(t, http.MethodPost, shiftsPath, te.Token, "application/json", body)
				mustProblemNaming(t, res, b, field)
				res, b = rawRequest(t, http.MethodPut, shiftPath(id), te.Token, "application/json", body)
				mustProblemNaming(t, res, b, field)
			})
		}
	}
	if got := listShifts(t, te, nil, client.DepartmentShiftFilter{}); len(got) != 1 {
		t.Fatalf("a refused write stored a shift: %s", mustJSON(t, got))
	}
}

func TestDepartmentShiftLengthInMinutes(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	cases := []struct{ start, end, want string }{
		{"0700", "1530", "510"},
		{"0000", "2359", "1439"},
		{"2200", "0600", "480"}, // an earlier end runs past midnight
		{"2359", "0001", "2"},
		{"0800", "0800", "1440"}, // equal times: round the clock
		{"2575", "0600", "null"}, // four digits that are not a clock time: stored as sent
		{"0600", "2400", "null"},
		{"0760", "0900", "null"},
		{"9999", "9999", "null"},
	}
	for _, c := range cases {
		t.Run(c.start+"-"+c.end, func(t *testing.T) {
			w := dayShift(dep.ID)
			w.StartTime, w.EndTime = c.start, c.end
			got := getShift(t, te, createShift(t, te, w))
			if got.StartTime != c.start || got.EndTime != c.end || minutes(got.LengthOfShiftInMinutes) != c.want {
				t.Fatalf("%s→%s reads %s→%s, %s minutes; want %s", c.start, c.end, got.StartTime, got.EndTime, minutes(got.LengthOfShiftInMinutes), c.want)
			}
		})
	}
}

func TestDepartmentShiftNameRequiredTrimmedOneTo200(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	for _, name := range []any{"", "   ", strings.Repeat("n", 201), nil} {
		res, b := rawRequest(t, http.MethodPost, shiftsPath, te.Token, "application/json", shiftBody(t, dayShift(dep.ID), map[string]any{"name": name}))
		mustProblemNaming(t, res, b, "name")
	}
	for sent, want := range map[string]string{" \t Night  ": "Night", strings.Repeat("é", 200): strings.Repeat("é", 200)} {
		w := dayShift(dep.ID)
		w.Name = sent
		if got := getShift(t, te, createShift(t, te, w)); got.Name != want {
			t.Fatalf("name %q stored as %q, want %q", sent, got.Name, want)
		}
	}
}

func TestDepartmentShiftNeedsALiveDepartmentOfTheTenant(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	foreign := newShopDepartment(t, other, "Foreign")
	for _, departmentID := range []string{unknownSchedulingID, foreign.ID} {
		res, b := rawRequest(t, http.MethodPost, shiftsPath, te.Token, "application/json", mustJSON(t, dayShift(departmentID)))
		mustProblem(t, res, b, http.StatusNotFound)
	}
	for _, departmentID := range []any{nil, "short", strings.Repeat("x", 25)} {
		res, b := rawRequest(t, http.MethodPost, shiftsPath, te.Token, "application/json", shiftBody(t, dayShift(""), map[string]any{"departmentId": departmentID}))
		mustProblemNaming(t, res, b, "departmentId")
	}
}

func TestDepartmentShiftAvailableEquipmentMustBeTheDepartmentsListedOnce(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	otherDep := newShopDepartment(t, te, "Welding")
	mine := addShopEquipment(t, te, dep, "Mill")
	elsewhere := addShopEquipment(t, te, otherDep, "Welder")
	loose := addShopEquipment(t, te, shopDepartment{}, "Loose saw") // in no department
	foreign := addShopEquipment(t, other, newShopDepartment(t, other, "Foreign"), "Foreign mill")
	id := createShift(t, te, dayShift(dep.ID))
	cases := []struct {
		name      string
		equipment []string
		status    int
		field     string
	}{
		{"unknown equipment", []string{mine, unknownSchedulingID}, http.StatusNotFound, ""},
		{"another tenant's equipment", []string{foreign}, http.StatusNotFound, ""},
		{"equipment of another department", []string{mine, elsewhere}, http.StatusBadRequest, "availableEquipment.1.equipmentId"},
		{"equipment of no department", []string{loose}, http.StatusBadRequest, "availableEquipment.0.equipmentId"},
		{"equipment listed twice", []string{mine, mine}, http.StatusBadRequest, "availableEquipment.1.equipmentId"},
		{"malformed equipment id", []string{"short"}, http.StatusBadRequest, "availableEquipment.0.equipmentId"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := dayShift(dep.ID)
			var available []client.ShiftEquipmentWrite
			for _, e := range c.equipment {
				available = append(available, everyDay(e))
			}
			w.AvailableEquipment = &available
			for _, req := range []struct{ method, path string }{{http.MethodPost, shiftsPath}, {http.MethodPut, shiftPath(id)}} {
				res, b := rawRequest(t, req.method, req.path, te.Token, "application/json", mustJSON(t, w))
				p := mustProblem(t, res, b, c.status)
				if c.field != "" {
					mustNameField(t, p, c.field)
				}
			}
		})
	}
	if got := getShift(t, te, id); len(got.AvailableEquipment) != 0 {
		t.Fatalf("a refused update changed the shift: %s", mustJSON(t, got))
	}
	if got := listShifts(t, te, nil, client.DepartmentShiftFilter{}); len(got) != 1 {
		t.Fatalf("a refused create stored a shift: %s", mustJSON(t, got))
	}
}

func TestDepartmentShiftAvailableEquipmentOrderedByEquipmentID(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	var ids []string
	for i := range 6 {
		ids = append(ids, addShopEquipment(t, te, dep, fmt.Sprintf("Machine %d", i)))
	}
	sent := []string{ids[3], ids[0], ids[5], ids[1], ids[4], ids[2]}
	w := dayShift(dep.ID)
	available := make([]client.ShiftEquipmentWrite, len(sent))
	for i, e := range sent {
		available[i] = everyDay(e)
	}
	w.AvailableEquipment = &available
	id := createShift(t, te, w)
	want := slices.Clone(ids)
	slices.Sort(want) // byte order: the order the shift must read in, whatever the request's
	read := func(s client.DepartmentShift) []string {
		var out []string
		for _, e := range s.AvailableEquipment {
			out = append(out, e.EquipmentId)
		}
		return out
	}
	if got := read(getShift(t, te, id)); !slices.Equal(got, want) {
		t.Fatalf("get reads %v, want %v", got, want)
	}
	if got := listShifts(t, te, nil, client.DepartmentShiftFilter{Ids: &[]string{id}}); len(got) != 1 || !slices.Equal(read(got[0]), want) {
		t.Fatalf("list reads %s, want order %v", mustJSON(t, got), want)
	}
	// The same on update, sent in yet another order.
	slices.Reverse(available)
	res, err := te.API.UpdateDepartmentShiftWithResponse(context.Background(), id, nil, client.DepartmentShiftWrite{
		Name: "Day", StartTime: "0700", EndTime: "1530", AvailableEquipment: &available,
	})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if got := read(*res.JSON200); !slices.Equal(got, want) {
		t.Fatalf("update answers %v, want %v", got, want)
	}
}

func TestDepartmentShiftUpdateReplacesEverythingButTheDepartment(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	otherDep := newShopDepartment(t, te, "Welding")
	mill := addShopEquipment(t, te, dep, "Mill")
	lathe := addShopEquipment(t, te, dep, "Lathe")
	w := dayShift(dep.ID)
	w.Days = &client.ShiftDays{Monday: true}
	w.SimultaneousEquipment = &client.ShiftEquipmentCounts{Monday: 2}
	w.UnlimitedCapacity = ptr(true)
	w.MaxDailyNewJobs = ptr(int32(3))
	w.AvailableEquipment = &[]client.ShiftEquipmentWrite{everyDay(mill)}
	id := createShift(t, te, w)

	// departmentId in an update body is ignored; the omitted members are cleared.
	body := fmt.Sprintf(`{"departmentId":%q,"name":"Late","startTime":"1400","endTime":"2200",
		"availableEquipment":[{"equipmentId":%q,"monday":false,"tuesday":true,"wednesday":false,"thursday":false,"friday":false,"saturday":false,"sunday":false}]}`,
		otherDep.ID, lathe)
	res, b := rawRequest(t, http.MethodPut, shiftPath(id), te.Token, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var answered client.DepartmentShift
	if err := json.Unmarshal(b, &answered); err != nil {
		t.Fatal(err)
	}
	got := getShift(t, te, id)
	if mustJSON(t, got) != mustJSON(t, answered) {
		t.Fatalf("update answered %s, get reads %s", b, mustJSON(t, got))
	}
	want := client.DepartmentShift{
		Id: id, DepartmentId: dep.ID, Name: "Late", StartTime: "1400", EndTime: "2200", LengthOfShiftInMinutes: ptr(int32(480)),
		AvailableEquipment: []client.ShiftEquipment{{EquipmentId: lathe, EquipmentName: ptr("Lathe"), Tuesday: true}},
	}
	if mustJSON(t, got) != mustJSON(t, want) {
		t.Fatalf("after update\n got %s\nwant %s", mustJSON(t, got), mustJSON(t, want))
	}
	// The shift's equipment is checked against its own department, not the body's departmentId.
	welder := addShopEquipment(t, te, otherDep, "Welder")
	res, b = rawRequest(t, http.MethodPut, shiftPath(id), te.Token, "application/json", strings.Replace(body, lathe, welder, 1))
	mustProblemNaming(t, res, b, "availableEquipment.0.equipmentId")
}

func TestDepartmentShiftUpdateOfMissingOrDeletedShiftIs404(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	id := createShift(t, te, dayShift(dep.ID))
	res, b := rawRequest(t, http.MethodDelete, shiftPath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	body := mustJSON(t, client.DepartmentShiftWrite{Name: "Day", StartTime: "0700", EndTime: "1500"})
	for _, target := range []string{id, unknownSchedulingID} {
		res, b := rawRequest(t, http.MethodPut, shiftPath(target), te.Token, "application/json", body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	res, b = rawRequest(t, http.MethodGet, shiftPath(unknownSchedulingID), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestDepartmentShiftDeleteAnswers200Then204(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	id := createShift(t, te, dayShift(dep.ID))
	kept := createShift(t, te, dayShift(dep.ID))
	res, b := rawRequest(t, http.MethodDelete, shiftPath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if string(b) == "" || !strings.Contains(string(b), `"success":true`) {
		t.Fatalf("delete answered %s", b)
	}
	// Already deleted, and never there: 204 without a body.
	for _, target := range []string{id, unknownSchedulingID} {
		res, b := rawRequest(t, http.MethodDelete, shiftPath(target), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusNoContent, b)
		if len(b) != 0 {
			t.Fatalf("204 with body %s", b)
		}
	}
	if got := getShift(t, te, id); !got.Deleted || got.Name != "Day" {
		t.Fatalf("deleted shift reads %s", mustJSON(t, got))
	}
	if got := shiftIDs(listShifts(t, te, nil, client.DepartmentShiftFilter{})); !slices.Equal(got, []string{kept}) {
		t.Fatalf("list after delete: %v, want only %s", got, kept)
	}
	if got := shiftIDs(listShifts(t, te, nil, client.DepartmentShiftFilter{Ids: &[]string{id, kept}})); !slices.Equal(got, []string{kept}) {
		t.Fatalf("ids filter lists a deleted shift: %v", got)
	}
}

func TestDepartmentShiftListFilters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	machining := newShopDepartment(t, te, "Machining")
	welding := newShopDepartment(t, te, "Welding")
	create := func(dep shopDepartment, name string) string {
		w := dayShift(dep.ID)
		w.Name = name
		return createShift(t, te, w)
	}
	day := create(machining, "Day shift")
	night := create(machining, "NIGHT shift")
	weekend := create(welding, "Weekend 50% crew")
	late := create(welding, "Late")
	cases := []struct {
		name string
		f    client.DepartmentShiftFilter
		want []string // in name order
	}{
		{"none", client.DepartmentShiftFilter{}, []string{day, late, night, weekend}},
		{"ids", client.DepartmentShiftFilter{Ids: &[]string{night, late, unknownSchedulingID}}, []string{late, night}},
		{"departmentIds", client.DepartmentShiftFilter{DepartmentIds: &[]string{welding.ID}}, []string{late, weekend}},
		{"both departments", client.DepartmentShiftFilter{DepartmentIds: &[]string{welding.ID, machining.ID}}, []string{day, late, night, weekend}},
		{"name contains, case-insensitive", client.DepartmentShiftFilter{Name: ptr("Shift")}, []string{day, night}},
		{"name wildcard is literal", client.DepartmentShiftFilter{Name: ptr("50%")}, []string{weekend}},
		{"name with no match", client.DepartmentShiftFilter{Name: ptr("_")}, []string{}},
		{"all at once", client.DepartmentShiftFilter{Ids: &[]string{day, night, late}, DepartmentIds: &[]string{machining.ID}, Name: ptr("night")}, []string{night}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := shiftIDs(listShifts(t, te, nil, c.f)); !slices.Equal(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	// Filter id arrays hold 1 to 500 ids.
	many := make([]string, 501)
	for i := range many {
		many[i] = fmt.Sprintf("%024d", i)
	}
	for _, field := range []string{"ids", "departmentIds"} {
		res, b := rawRequest(t, http.MethodPost, shiftsPath+"/list", te.Token, "application/json", mustJSON(t, map[string]any{field: many[:500]}))
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		res, b = rawRequest(t, http.MethodPost, shiftsPath+"/list", te.Token, "application/json", mustJSON(t, map[string]any{field: many}))
		mustProblemNaming(t, res, b, field)
		res, b = rawRequest(t, http.MethodPost, shiftsPath+"/list", te.Token, "application/json", mustJSON(t, map[string]any{field: []string{}}))
		mustProblemNaming(t, res, b, field)
	}
}

func TestDepartmentShiftListSortAndPaging(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	for _, s := range []struct{ name, start string }{{"b", "0900"}, {"A", "1200"}, {"c", "0600"}, {"a", "0800"}} {
		w := dayShift(dep.ID)
		w.Name, w.StartTime = s.name, s.start
		createShift(t, te, w)
	}
	cases := []struct {
		params client.ListDepartmentShiftsParams
		want   []string
	}{
		{client.ListDepartmentShiftsParams{}, nil}, // name, case-insensitively, then id: checked below
		{client.ListDepartmentShiftsParams{SortField: ptr("startTime")}, []string{"c", "a", "b", "A"}},
		{client.ListDepartmentShiftsParams{SortField: ptr("StartTime"), SortDir: ptr(client.SortDirectionDescending)}, []string{"A", "b", "a", "c"}},
		{client.ListDepartmentShiftsParams{SortField: ptr("startTime"), Skip: ptr(int32(1)), Take: ptr(int32(2))}, []string{"a", "b"}},
	}
	for _, c := range cases {
		got := listShifts(t, te, &c.params, client.DepartmentShiftFilter{})
		if c.want == nil {
			names := shiftNames(got)
			if len(names) != 4 || !strings.EqualFold(names[0], "a") || !strings.EqualFold(names[1], "a") || names[2] != "b" || names[3] != "c" {
				t.Fatalf("default order %v", names)
			}
			if first, second := got[0].Id, got[1].Id; first > second {
				t.Fatalf("equal names not ordered by id: %s before %s", first, second)
			}
			continue
		}
		if names := shiftNames(got); !slices.Equal(names, c.want) {
			t.Errorf("%+v: %v, want %v", c.params, names, c.want)
		}
	}
	res, b := rawRequest(t, http.MethodPost, shiftsPath+"/list?Sort.Field=colour", te.Token, "", "")
	mustProblemNaming(t, res, b, "Sort.Field")
}
