package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
)

func getDowntime(t *testing.T, te *tenantEnv, id string) client.EquipmentDowntime {
	t.Helper()
	res, err := te.API.GetEquipmentDowntimeWithResponse(context.Background(), id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listDowntimes(t *testing.T, te *tenantEnv, params *client.ListEquipmentDowntimesParams, f client.EquipmentDowntimeFilter) []client.EquipmentDowntime {
	t.Helper()
	res, err := te.API.ListEquipmentDowntimesWithResponse(context.Background(), params, f)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// listDowntimesRaw lists with a hand-written filter body.
func listDowntimesRaw(t *testing.T, te *tenantEnv, query, body string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, downtimesPath+"/list?"+query, te.Token, "application/json", body)
}

func downtimeIDs(ds []client.EquipmentDowntime) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Id
	}
	return out
}

// fakeIDs returns n distinct well-formed ids no record has.
func fakeIDs(from, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("f%023d", from+i)
	}
	return out
}

func TestEquipmentDowntimeFillsNamesAndKeepsDepartmentOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	machining := newShopDepartment(t, te, "Machining")
	welding := newShopDepartment(t, te, "Welding")
	paint := newShopDepartment(t, te, "Paint")
	mill := addShopEquipment(t, te, machining, "Mill")
	lathe := addShopEquipment(t, te, machining, "Lathe")
	welder := addShopEquipment(t, te, welding, "Welder")
	// Departments in neither name nor id order; equipment in reverse creation order.
	id := createDowntime(t, te, downtimeWrite(0, 8, down(welding.ID, welder), down(paint.ID), down(machining.ID, lathe, mill)))
	want := client.EquipmentDowntime{
		Id: id, StartDateTime: downtimeAt, EndDateTime: downtimeAt.Add(8 * time.Hour),
		Departments: []client.EquipmentDowntimeDepartment{
			{DepartmentId: welding.ID, DepartmentName: ptr("Welding"), Equipment: []client.EquipmentDowntimeEquipment{{EquipmentId: welder, EquipmentName: ptr("Welder")}}},
			{DepartmentId: paint.ID, DepartmentName: ptr("Paint"), AllEquipment: true, Equipment: []client.EquipmentDowntimeEquipment{}},
			{DepartmentId: machining.ID, DepartmentName: ptr("Machining"), Equipment: []client.EquipmentDowntimeEquipment{
				{EquipmentId: lathe, EquipmentName: ptr("Lathe")}, {EquipmentId: mill, EquipmentName: ptr("Mill")},
			}},
		},
	}
	if got := getDowntime(t, te, id); mustJSON(t, got) != mustJSON(t, want) {
		t.Fatalf("get\n got %s\nwant %s", mustJSON(t, got), mustJSON(t, want))
	}
	if got := listDowntimes(t, te, nil, client.EquipmentDowntimeFilter{}); len(got) != 1 || mustJSON(t, got[0]) != mustJSON(t, want) {
		t.Fatalf("list\n got %s\nwant [%s]", mustJSON(t, got), mustJSON(t, want))
	}
	// An empty equipment list is the whole department too.
	empty := client.EquipmentDowntimeDepartmentWrite{DepartmentId: paint.ID, Equipment: &[]client.EquipmentDowntimeEquipmentWrite{}}
	if got := getDowntime(t, te, createDowntime(t, te, downtimeWrite(0, 1, empty))); !got.Departments[0].AllEquipment || len(got.Departments[0].Equipment) != 0 {
		t.Fatalf("empty equipment list reads %s", mustJSON(t, got))
	}
	// No departments at all is a downtime of nothing in particular, stored as sent.
	if got := getDowntime(t, te, createDowntime(t, te, downtimeWrite(0, 1))); got.Departments == nil || len(got.Departments) != 0 {
		t.Fatalf("no departments reads %s", mustJSON(t, got))
	}
}

func TestEquipmentDowntimeTimesAreUTCWithOrWithoutOffset(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	body := fmt.Sprintf(`{"startDateTime":"2026-12-01T08:00:00+02:00","endDateTime":"2026-12-01T14:30:00","departments":[{"departmentId":%q}]}`, dep.ID)
	res, b := rawRequest(t, http.MethodPost, downtimesPath, te.Token, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created client.CreatedId
	mustUnmarshal(t, b, &created)
	_, raw := rawRequest(t, http.MethodGet, downtimePath(created.Id), te.Token, "", "")
	if !strings.Contains(string(raw), `"startDateTime":"2026-12-01T06:00:00Z"`) || !strings.Contains(string(raw), `"endDateTime":"2026-12-01T14:30:00Z"`) {
		t.Fatalf("times not answered in UTC: %s", raw)
	}
}

func TestEquipmentDowntimeEndNotEarlierThanStart(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	id := createDowntime(t, te, downtimeWrite(0, 0, down(dep.ID))) // equal is allowed
	before := downtimeWrite(0, 0, down(dep.ID))
	before.EndDateTime = before.StartDateTime.Add(-time.Second)
	for _, req := range []struct{ method, path string }{{http.MethodPost, downtimesPath}, {http.MethodPut, downtimePath(id)}} {
		res, b := rawRequest(t, req.method, req.path, te.Token, "application/json", mustJSON(t, before))
		mustProblemNaming(t, res, b, "endDateTime")
	}
	// Both times are required and must be date-times.
	for _, c := range []struct{ field, body string }{
		{"startDateTime", `{"endDateTime":"2026-12-01T06:00:00Z"}`},
		{"endDateTime", `{"startDateTime":"2026-12-01T06:00:00Z"}`},
		{"startDateTime", `{"startDateTime":"yesterday","endDateTime":"2026-12-01T06:00:00Z"}`},
		{"endDateTime", `{"startDateTime":"2026-12-01T06:00:00Z","endDateTime":null}`},
	} {
		res, b := rawRequest(t, http.MethodPost, downtimesPath, te.Token, "application/json", c.body)
		mustProblemNaming(t, res, b, c.field)
	}
	if got := getDowntime(t, te, id); !got.EndDateTime.Equal(got.StartDateTime) {
		t.Fatalf("a refused update changed the downtime: %s", mustJSON(t, got))
	}
}

func TestEquipmentDowntimeReferencesMustExistAndBelong(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	machining := newShopDepartment(t, te, "Machining")
	welding := newShopDepartment(t, te, "Welding")
	mill := addShopEquipment(t, te, machining, "Mill")
	welder := addShopEquipment(t, te, welding, "Welder")
	loose := addShopEquipment(t, te, shopDepartment{}, "Loose saw")
	foreignDep := newShopDepartment(t, other, "Foreign")
	foreignMill := addShopEquipment(t, other, foreignDep, "Foreign mill")
	id := createDowntime(t, te, downtimeWrite(0, 1, down(machining.ID)))
	cases := []struct {
		name   string
		w      client.EquipmentDowntimeWrite
		status int
		field  string
	}{
		{"unknown department", downtimeWrite(0, 1, down(machining.ID), down(unknownSchedulingID)), http.StatusNotFound, ""},
		{"another tenant's department", downtimeWrite(0, 1, down(foreignDep.ID)), http.StatusNotFound, ""},
		{"unknown equipment", downtimeWrite(0, 1, down(machining.ID, mill, unknownSchedulingID)), http.StatusNotFound, ""},
		{"another tenant's equipment", downtimeWrite(0, 1, down(machining.ID, foreignMill)), http.StatusNotFound, ""},
		{"equipment of another department", downtimeWrite(0, 1, down(machining.ID, mill, welder)), http.StatusBadRequest, "departments.0.equipment.1.equipmentId"},
		{"equipment under the wrong listed department", downtimeWrite(0, 1, down(machining.ID, welder), down(welding.ID, mill)), http.StatusBadRequest, "departments.0.equipment.0.equipmentId"},
		{"equipment of no department", downtimeWrite(0, 1, down(machining.ID, loose)), http.StatusBadRequest, "departments.0.equipment.0.equipmentId"},
		{"department listed twice", downtimeWrite(0, 1, down(machining.ID), down(welding.ID), down(machining.ID, mill)), http.StatusBadRequest, "departments.2.departmentId"},
		{"equipment listed twice", downtimeWrite(0, 1, down(machining.ID, mill, mill)), http.StatusBadRequest, "departments.0.equipment.1.equipmentId"},
		{"malformed department id", downtimeWrite(0, 1, down("short")), http.StatusBadRequest, "departments.0.departmentId"},
		{"malformed equipment id", downtimeWrite(0, 1, down(machining.ID, "short")), http.StatusBadRequest, "departments.0.equipment.0.equipmentId"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, req := range []struct{ method, path string }{{http.MethodPost, downtimesPath}, {http.MethodPut, downtimePath(id)}} {
				res, b := rawRequest(t, req.method, req.path, te.Token, "application/json", mustJSON(t, c.w))
				p := mustProblem(t, res, b, c.status)
				if c.field != "" {
					mustNameField(t, p, c.field)
				}
			}
		})
	}
	if got := downtimeIDs(listDowntimes(t, te, nil, client.EquipmentDowntimeFilter{})); !slices.Equal(got, []string{id}) {
		t.Fatalf("refused creates stored downtimes: %v", got)
	}
	if got := getDowntime(t, te, id); len(got.Departments) != 1 || !got.Departments[0].AllEquipment {
		t.Fatalf("a refused update changed the downtime: %s", mustJSON(t, got))
	}
}

func TestEquipmentDowntimeLimits(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	departments := func(n int) []client.EquipmentDowntimeDepartmentWrite {
		out := make([]client.EquipmentDowntimeDepartmentWrite, n)
		for i, id := range fakeIDs(0, n) {
			out[i] = down(id)
		}
		return out
	}
	cases := []struct {
		name   string
		w      client.EquipmentDowntimeWrite
		status int // 404: within the limits, refused only because the ids are unknown
		field  string
	}{
		{"500 departments", downtimeWrite(0, 1, departments(500)...), http.StatusNotFound, ""},
		{"501 departments", downtimeWrite(0, 1, departments(501)...), http.StatusBadRequest, "departments"},
		{"500 equipment overall", downtimeWrite(0, 1, down(dep.ID, fakeIDs(0, 250)...), down(unknownSchedulingID, fakeIDs(250, 250)...)), http.StatusNotFound, ""},
		{"501 equipment overall", downtimeWrite(0, 1, down(dep.ID, fakeIDs(0, 250)...), down(unknownSchedulingID, fakeIDs(250, 251)...)), http.StatusBadRequest, "departments"},
		{"501 equipment in one department", downtimeWrite(0, 1, down(dep.ID, fakeIDs(0, 501)...)), http.StatusBadRequest, "departments.0.equipment"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, b := rawRequest(t, http.MethodPost, downtimesPath, te.Token, "application/json", mustJSON(t, c.w))
			p := mustProblem(t, res, b, c.status)
			if c.field != "" {
				mustNameField(t, p, c.field)
			}
		})
	}
}

func TestEquipmentDowntimeUpdateReplacesTheWholeDowntime(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	machining := newShopDepartment(t, te, "Machining")
	welding := newShopDepartment(t, te, "Welding")
	mill := addShopEquipment(t, te, machining, "Mill")
	lathe := addShopEquipment(t, te, machining, "Lathe")
	id := createDowntime(t, te, downtimeWrite(0, 8, down(machining.ID, mill), down(welding.ID)))
	res, err := te.API.UpdateEquipmentDowntimeWithResponse(context.Background(), id, nil, downtimeWrite(24, 48, down(machining.ID, lathe)))
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	want := client.EquipmentDowntime{
		Id: id, StartDateTime: downtimeAt.Add(24 * time.Hour), EndDateTime: downtimeAt.Add(48 * time.Hour),
		Departments: []client.EquipmentDowntimeDepartment{{DepartmentId: machining.ID, DepartmentName: ptr("Machining"),
			Equipment: []client.EquipmentDowntimeEquipment{{EquipmentId: lathe, EquipmentName: ptr("Lathe")}}}},
	}
	if mustJSON(t, *res.JSON200) != mustJSON(t, want) {
		t.Fatalf("update answered\n %s\nwant %s", res.Body, mustJSON(t, want))
	}
	if got := getDowntime(t, te, id); mustJSON(t, got) != mustJSON(t, want) {
		t.Fatalf("get after update %s", mustJSON(t, got))
	}
	// Omitting departments clears them.
	res, err = te.API.UpdateEquipmentDowntimeWithResponse(context.Background(), id, nil, downtimeWrite(24, 48))
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if len(res.JSON200.Departments) != 0 {
		t.Fatalf("departments not cleared: %s", res.Body)
	}
}

func TestEquipmentDowntimeDeleteAnswers200Then204AndGetShowsDeleted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	id := createDowntime(t, te, downtimeWrite(0, 1, down(dep.ID)))
	kept := createDowntime(t, te, downtimeWrite(2, 3, down(dep.ID)))
	res, b := rawRequest(t, http.MethodDelete, downtimePath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if !strings.Contains(string(b), `"success":true`) {
		t.Fatalf("delete answered %s", b)
	}
	for _, target := range []string{id, unknownSchedulingID} {
		res, b := rawRequest(t, http.MethodDelete, downtimePath(target), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusNoContent, b)
		if len(b) != 0 {
			t.Fatalf("204 with body %s", b)
		}
	}
	got := getDowntime(t, te, id)
	if !got.Deleted || len(got.Departments) != 1 || got.Departments[0].DepartmentName == nil {
		t.Fatalf("deleted downtime reads %s", mustJSON(t, got))
	}
	if ids := downtimeIDs(listDowntimes(t, te, nil, client.EquipmentDowntimeFilter{Ids: &[]string{id, kept}})); !slices.Equal(ids, []string{kept}) {
		t.Fatalf("list after delete: %v, want only %s", ids, kept)
	}
	for _, target := range []string{id, unknownSchedulingID} {
		res, b := rawRequest(t, http.MethodPut, downtimePath(target), te.Token, "application/json", mustJSON(t, downtimeWrite(0, 1)))
		mustProblem(t, res, b, http.StatusNotFound)
	}
	res, b = rawRequest(t, http.MethodGet, downtimePath(unknownSchedulingID), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestEquipmentDowntimeListFilters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	machining := newShopDepartment(t, te, "Machining")
	welding := newShopDepartment(t, te, "Welding")
	mill := addShopEquipment(t, te, machining, "Mill")
	early := createDowntime(t, te, downtimeWrite(0, 2, down(machining.ID, mill)))            // 06:00–08:00
	middle := createDowntime(t, te, downtimeWrite(2, 4, down(welding.ID)))                   // 08:00–10:00
	late := createDowntime(t, te, downtimeWrite(4, 6, down(welding.ID), down(machining.ID))) // 10:00–12:00
	at := func(h int) *time.Time { v := downtimeAt.Add(time.Duration(h) * time.Hour); return &v }
	cases := []struct {
		name string
		f    client.EquipmentDowntimeFilter
		want []string
	}{
		{"none", client.EquipmentDowntimeFilter{}, []string{early, middle, late}},
		{"ids", client.EquipmentDowntimeFilter{Ids: &[]string{late, early, unknownSchedulingID}}, []string{early, late}},
		{"departmentIds", client.EquipmentDowntimeFilter{DepartmentIds: &[]string{machining.ID}}, []string{early, late}},
		{"departmentIds, either", client.EquipmentDowntimeFilter{DepartmentIds: &[]string{welding.ID, machining.ID}}, []string{early, middle, late}},
		{"startsBeforeUtc is exclusive", client.EquipmentDowntimeFilter{StartsBeforeUtc: at(2)}, []string{early}},
		{"endsAfterUtc is exclusive", client.EquipmentDowntimeFilter{EndsAfterUtc: at(4)}, []string{late}},
		{"window overlap", client.EquipmentDowntimeFilter{EndsAfterUtc: at(1), StartsBeforeUtc: at(3)}, []string{early, middle}},
		{"window of one instant between", client.EquipmentDowntimeFilter{EndsAfterUtc: at(2), StartsBeforeUtc: at(2)}, []string{}},
		{"all at once", client.EquipmentDowntimeFilter{Ids: &[]string{early, late}, DepartmentIds: &[]string{welding.ID}, EndsAfterUtc: at(0)}, []string{late}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := downtimeIDs(listDowntimes(t, te, nil, c.f)); !slices.Equal(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	// Bounds with an offset are converted to UTC; without one they are read as UTC.
	for _, c := range []struct {
		body string
		want []string
	}{
		{`{"startsBeforeUtc":"2026-12-01T10:00:00+02:00"}`, []string{early}},     // 08:00Z
		{`{"startsBeforeUtc":"2026-12-01T08:00:01"}`, []string{early, middle}},   // 08:00:01Z
		{`{"endsAfterUtc":"2026-12-01T05:59:59-04:00"}`, []string{middle, late}}, // 09:59:59Z
		{`{"endsAfterUtc":"2026-12-01T06:00:00-04:00"}`, []string{late}},         // 10:00Z, exclusive
	} {
		res, b := listDowntimesRaw(t, te, "", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		var got []client.EquipmentDowntime
		mustUnmarshal(t, b, &got)
		if ids := downtimeIDs(got); !slices.Equal(ids, c.want) {
			t.Errorf("%s: %v, want %v", c.body, ids, c.want)
		}
	}
	// Filter id arrays hold 1 to 500 ids; bounds must be date-times.
	many := fakeIDs(0, 501)
	for _, field := range []string{"ids", "departmentIds"} {
		res, b := listDowntimesRaw(t, te, "", mustJSON(t, map[string]any{field: many[:500]}))
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		res, b = listDowntimesRaw(t, te, "", mustJSON(t, map[string]any{field: many}))
		mustProblemNaming(t, res, b, field)
		res, b = listDowntimesRaw(t, te, "", mustJSON(t, map[string]any{field: []string{}}))
		mustProblemNaming(t, res, b, field)
	}
	res, b := listDowntimesRaw(t, te, "", `{"endsAfterUtc":"tomorrow"}`)
	mustProblemNaming(t, res, b, "endsAfterUtc")
}

func TestEquipmentDowntimeListSortAndPaging(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dep := newShopDepartment(t, te, "Machining")
	// Created out of start order; two share a start (ties break on id, i.e. creation order).
	c := createDowntime(t, te, downtimeWrite(4, 5, down(dep.ID)))
	a := createDowntime(t, te, downtimeWrite(0, 9, down(dep.ID)))
	b1 := createDowntime(t, te, downtimeWrite(2, 3, down(dep.ID)))
	b2 := createDowntime(t, te, downtimeWrite(2, 7, down(dep.ID)))
	cases := []struct {
		query string
		want  []string
	}{
		{"", []string{a, b1, b2, c}},
		{"Sort.Dir=descending", []string{c, b2, b1, a}},
		{"Sort.Field=endDateTime", []string{b1, c, b2, a}},
		{"Sort.Field=EndDateTime&Sort.Dir=descending", []string{a, b2, c, b1}},
		{"Sort.Field=id", []string{c, a, b1, b2}},
		{"Skip=1&Take=2", []string{b1, b2}},
	}
	for _, tc := range cases {
		res, b := listDowntimesRaw(t, te, tc.query, "")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		var got []client.EquipmentDowntime
		mustUnmarshal(t, b, &got)
		if ids := downtimeIDs(got); !slices.Equal(ids, tc.want) {
			t.Errorf("%q: %v, want %v", tc.query, ids, tc.want)
		}
	}
	res, b := listDowntimesRaw(t, te, "Sort.Field=departments.departmentId", "")
	mustProblemNaming(t, res, b, "Sort.Field")
	res, b = listDowntimesRaw(t, te, "Sort.Field=colour", "")
	mustProblemNaming(t, res, b, "Sort.Field")
}

// mustUnmarshal decodes a JSON answer into v.
func mustUnmarshal(t *testing.T, body []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("answer is not the expected JSON: %v: %s", err, body)
	}
}

// startsBeforeUtc and endsAfterUtc, like every date filter, lie in the years 2000 to 2099 in
// UTC (after converting any offset): outside them the list answers 400 naming the bound.
func TestEquipmentDowntimeListBoundsAreInTheYears2000To2099(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	machining := newShopDepartment(t, te, "Machining")
	id := createDowntime(t, te, downtimeWrite(0, 2, down(machining.ID)))
	for _, c := range []struct{ body, field string }{
		{`{"startsBeforeUtc":"2100-01-01T00:00:00Z"}`, "startsBeforeUtc"},
		{`{"startsBeforeUtc":"1999-12-31T23:59:59Z"}`, "startsBeforeUtc"},
		{`{"startsBeforeUtc":"2099-12-31T20:00:00-05:00"}`, "startsBeforeUtc"}, // 2100-01-01T01:00Z
		{`{"endsAfterUtc":"1999-12-31T23:59:59Z"}`, "endsAfterUtc"},
		{`{"endsAfterUtc":"0001-01-01T00:00:00Z"}`, "endsAfterUtc"},
		{`{"endsAfterUtc":"2000-01-01T01:00:00+02:00"}`, "endsAfterUtc"}, // 1999-12-31T23:00Z
	} {
		res, b := listDowntimesRaw(t, te, "", c.body)
		mustProblemNaming(t, res, b, c.field)
	}
	for _, c := range []struct {
		body string
		want []string
	}{
		{`{"endsAfterUtc":"2000-01-01T00:00:00Z","startsBeforeUtc":"2099-12-31T23:59:59Z"}`, []string{id}},
		{`{"endsAfterUtc":"1999-12-31T20:00:00-05:00"}`, []string{id}}, // 2000-01-01T01:00Z
		{`{"startsBeforeUtc":"2000-01-01T00:00:00Z"}`, []string{}},
	} {
		res, b := listDowntimesRaw(t, te, "", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		var got []client.EquipmentDowntime
		mustUnmarshal(t, b, &got)
		if ids := downtimeIDs(got); !slices.Equal(ids, c.want) {
			t.Fatalf("%s: %v, want %v", c.body, ids, c.want)
		}
	}
}
