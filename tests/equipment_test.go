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

func listEquipment(t *testing.T, api *client.ClientWithResponses, params *client.ListEquipmentParams, f client.EquipmentFilter) []client.Equipment {
	t.Helper()
	res, err := api.ListEquipmentWithResponse(context.Background(), params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func equipmentNames(es []client.Equipment) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Name
	}
	return out
}

func TestEquipmentCreateDefaultsAndReadsBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	dept := createDepartment(t, te, client.DepartmentCreate{Name: "Machining"})
	wc := namedWorkCenter(t, te, "Mill", dept)
	id := createEquipment(t, te, client.EquipmentWrite{
		Name: "  Haas VF-2 ", Description: " Vertical machining center ", WorkCenterId: &wc,
		Manufacturer: ptr(" Haas "), ModelNumber: ptr("VF-2"), SerialNumber: ptr("1187342"),
		CanRunUnattended: ptr(true), UnlimitedCapacity: ptr(true), Status: ptr(client.EquipmentStatusOutOfService),
		Notes: ptr("Coolant changed monthly"),
	})
	want := client.Equipment{
		Id: id, Name: "Haas VF-2", Description: "Vertical machining center", WorkCenterId: &wc, DepartmentId: &dept,
		Manufacturer: ptr("Haas"), ModelNumber: ptr("VF-2"), SerialNumber: ptr("1187342"),
		CanRunUnattended: true, UnlimitedCapacity: true, Status: client.EquipmentStatusOutOfService,
		Notes: ptr("Coolant changed monthly"),
	}
	if got := getEquipment(t, te.API, id); !reflect.DeepEqual(got, want) {
		t.Fatalf("stored %+v, want %+v", got, want)
	}

	// Only the required members: status good, booleans false, the rest null.
	bare := createEquipment(t, te, client.EquipmentWrite{Name: "Bench", Description: "Deburring bench", Manufacturer: ptr("   ")})
	res, body := rawRequest(t, http.MethodGet, "/api/equipment/"+bare, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	for _, want := range []string{`"status":"good"`, `"canRunUnattended":false`, `"unlimitedCapacity":false`, `"workCenterId":null`,
		`"departmentId":null`, `"manufacturer":null`, `"modelNumber":null`, `"serialNumber":null`, `"notes":null`, `"deleted":false`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("body lacks %s: %s", want, body)
		}
	}
	res, body = rawRequest(t, http.MethodGet, "/api/equipment/"+strings.Repeat("0", 24), te.Token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
}

func TestEquipmentStatusIsOneOfFour(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, s := range []client.EquipmentStatus{client.EquipmentStatusGood, client.EquipmentStatusPoor, client.EquipmentStatusBad, client.EquipmentStatusOutOfService} {
		id := createEquipment(t, te, client.EquipmentWrite{Name: "Machine " + string(s), Description: "x", Status: &s})
		if got := getEquipment(t, te.API, id).Status; got != s {
			t.Errorf("status %s stored as %s", s, got)
		}
	}
	for _, s := range []string{"broken", "Good", "OUTOFSERVICE", ""} {
		res, body := rawRequest(t, http.MethodPost, "/api/equipment", te.Token, "application/json", fmt.Sprintf(`{"name":"X","description":"x","status":%q}`, s))
		mustProblemNaming(t, res, body, "status")
	}
}

func TestEquipmentWriteValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	long := strings.Repeat("x", 201)
	cases := []struct{ name, body, field string }{
		{"missing name", `{"description":"x"}`, "name"},
		{"blank name", `{"name":"  ","description":"x"}`, "name"},
		{"name over 200", `{"name":"` + long + `","description":"x"}`, "name"},
		{"missing description", `{"name":"A"}`, "description"},
		{"empty description", `{"name":"A","description":""}`, "description"},
		{"blank description", `{"name":"A","description":"   "}`, "description"},
		{"description over 200", `{"name":"A","description":"` + long + `"}`, "description"},
		{"empty manufacturer", `{"name":"A","description":"x","manufacturer":""}`, "manufacturer"},
		{"manufacturer over 200", `{"name":"A","description":"x","manufacturer":"` + long + `"}`, "manufacturer"},
		{"modelNumber over 200", `{"name":"A","description":"x","modelNumber":"` + long + `"}`, "modelNumber"},
		{"serialNumber over 200", `{"name":"A","description":"x","serialNumber":"` + long + `"}`, "serialNumber"},
		{"empty notes", `{"name":"A","description":"x","notes":""}`, "notes"},
		{"notes over 2000", `{"name":"A","description":"x","notes":"` + strings.Repeat("n", 2001) + `"}`, "notes"},
		{"canRunUnattended not a boolean", `{"name":"A","description":"x","canRunUnattended":"yes"}`, "canRunUnattended"},
		{"unlimitedCapacity not a boolean", `{"name":"A","description":"x","unlimitedCapacity":1}`, "unlimitedCapacity"},
		{"workCenterId not 24 characters", `{"name":"A","description":"x","workCenterId":"abc"}`, "workCenterId"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, "/api/equipment", te.Token, "application/json", c.body)
			mustProblemNaming(t, res, body, c.field)
		})
	}
	if n := len(listEquipment(t, te.API, nil, client.EquipmentFilter{})); n != 0 {
		t.Fatalf("refused creates stored %d equipment", n)
	}
	// The bounds are accepted.
	createEquipment(t, te, client.EquipmentWrite{Name: strings.Repeat("é", 200), Description: strings.Repeat("d", 200),
		SerialNumber: ptr(strings.Repeat("s", 200)), Notes: ptr(strings.Repeat("n", 2000))})
}

func TestEquipmentUnknownWorkCenterIsNotFound(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	foreign := namedWorkCenter(t, other, "Theirs", "")
	id := createEquipment(t, te, client.EquipmentWrite{Name: "Saw", Description: "Band saw"})
	for _, wc := range []string{strings.Repeat("0", 24), foreign} {
		body := fmt.Sprintf(`{"name":"Lathe","description":"x","workCenterId":%q}`, wc)
		res, b := rawRequest(t, http.MethodPost, "/api/equipment", te.Token, "application/json", body)
		if p := mustProblem(t, res, b, http.StatusNotFound); !strings.Contains(p.Detail, wc) {
			t.Errorf("404 does not name work center %s: %s", wc, p.Detail)
		}
		res, b = rawRequest(t, http.MethodPut, "/api/equipment/"+id, te.Token, "application/json", body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	if got := equipmentNames(listEquipment(t, te.API, nil, client.EquipmentFilter{})); !reflect.DeepEqual(got, []string{"Saw"}) {
		t.Fatalf("equipment %v, want only the saw, unchanged", got)
	}
}

func TestEquipmentNameUniqueAmongLiveCaseInsensitive(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	createEquipment(t, te, client.EquipmentWrite{Name: "VF-2", Description: "x"})
	for _, name := range []string{"VF-2", "vf-2", "  Vf-2 "} {
		res, body := rawRequest(t, http.MethodPost, "/api/equipment", te.Token, "application/json", fmt.Sprintf(`{"name":%q,"description":"x"}`, name))
		mustProblemNaming(t, res, body, "name")
	}
	st10 := createEquipment(t, te, client.EquipmentWrite{Name: "ST-10", Description: "x"})
	res, body := rawRequest(t, http.MethodPut, "/api/equipment/"+st10, te.Token, "application/json", `{"name":"VF-2","description":"x"}`)
	mustProblemNaming(t, res, body, "name")
	createEquipment(t, other, client.EquipmentWrite{Name: "VF-2", Description: "x"})

	var n atomic.Int32
	spellings := []string{"Robot", "ROBOT", " robot ", "Robot  ", "rObot", "ROBOT"}
	counts := concurrently(t, len(spellings), func() (int, error) {
		res, err := te.API.CreateEquipmentWithResponse(context.Background(), nil, client.EquipmentWrite{Name: spellings[n.Add(1)-1], Description: "Welder"})
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

func TestEquipmentUpdateReplacesEveryMember(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	wc := namedWorkCenter(t, te, "Mill", "")
	id := createEquipment(t, te, client.EquipmentWrite{
		Name: "VF-2", Description: "VMC", WorkCenterId: &wc, Manufacturer: ptr("Haas"), ModelNumber: ptr("VF-2"),
		SerialNumber: ptr("1"), CanRunUnattended: ptr(true), UnlimitedCapacity: ptr(true), Status: ptr(client.EquipmentStatusBad), Notes: ptr("n"),
	})
	got := updateEquipment(t, te, id, client.EquipmentWrite{Name: "VF-2SS", Description: " Super speed "})
	want := client.Equipment{Id: id, Name: "VF-2SS", Description: "Super speed", Status: client.EquipmentStatusGood}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("updated %+v, want %+v", got, want)
	}
	if !reflect.DeepEqual(getEquipment(t, te.API, id), want) {
		t.Fatal("update answered something other than what get reads")
	}
	res, body := rawRequest(t, http.MethodPut, "/api/equipment/"+strings.Repeat("0", 24), te.Token, "application/json", `{"name":"X","description":"x"}`)
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = rawRequest(t, http.MethodPut, "/api/equipment/"+id, te.Token, "application/json", `{"name":"X"}`)
	mustProblemNaming(t, res, body, "description")
}

func TestEquipmentListFiltersAndSorts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vf2 := createEquipment(t, te, client.EquipmentWrite{Name: "VF-2", Description: "b mill", Manufacturer: ptr("Haas"), SerialNumber: ptr("300"), Status: ptr(client.EquipmentStatusPoor)})
	st10 := createEquipment(t, te, client.EquipmentWrite{Name: "st-10", Description: "a lathe", Manufacturer: ptr("haas"), ModelNumber: ptr("ST"), SerialNumber: ptr("100")})
	robot := createEquipment(t, te, client.EquipmentWrite{Name: "Robot", Description: "c welder", Manufacturer: ptr("Fanuc"), ModelNumber: ptr("ArcMate"), SerialNumber: ptr("200"), Status: ptr(client.EquipmentStatusBad)})
	cases := []struct {
		name   string
		params *client.ListEquipmentParams
		filter client.EquipmentFilter
		want   []string
	}{
		{"default: name case-insensitively", nil, client.EquipmentFilter{}, []string{"Robot", "st-10", "VF-2"}},
		{"descending default", &client.ListEquipmentParams{SortDir: ptr(client.SortDirectionDescending)}, client.EquipmentFilter{}, []string{"VF-2", "st-10", "Robot"}},
		{"by description", &client.ListEquipmentParams{SortField: ptr("description")}, client.EquipmentFilter{}, []string{"st-10", "VF-2", "Robot"}},
		// Haas and haas tie case-insensitively; ties break on id (VF-2 was created first).
		{"by manufacturer", &client.ListEquipmentParams{SortField: ptr("Manufacturer")}, client.EquipmentFilter{}, []string{"Robot", "VF-2", "st-10"}},
		{"by modelNumber, nulls last", &client.ListEquipmentParams{SortField: ptr("modelNumber")}, client.EquipmentFilter{}, []string{"Robot", "st-10", "VF-2"}},
		{"by serialNumber descending", &client.ListEquipmentParams{SortField: ptr("serialNumber"), SortDir: ptr(client.SortDirectionDescending)}, client.EquipmentFilter{}, []string{"VF-2", "Robot", "st-10"}},
		{"by status", &client.ListEquipmentParams{SortField: ptr("status")}, client.EquipmentFilter{}, []string{"Robot", "st-10", "VF-2"}},
		{"name contains, case-insensitive", nil, client.EquipmentFilter{Name: ptr("T")}, []string{"Robot", "st-10"}},
		{"ids", nil, client.EquipmentFilter{Ids: &[]string{vf2, robot}}, []string{"Robot", "VF-2"}},
		{"name and ids", nil, client.EquipmentFilter{Name: ptr("o"), Ids: &[]string{st10, robot}}, []string{"Robot"}},
		{"paged", &client.ListEquipmentParams{Skip: ptr[int32](2), Take: ptr[int32](5)}, client.EquipmentFilter{}, []string{"VF-2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := equipmentNames(listEquipment(t, te.API, c.params, c.filter)); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
	for _, field := range []string{"workCenterId", "colour", "departmentId"} {
		res, body := rawRequest(t, http.MethodPost, "/api/equipment/list?Sort.Field="+field, te.Token, "application/json", `{}`)
		mustProblemNaming(t, res, body, "Sort.Field")
	}
	res, body := rawRequest(t, http.MethodPost, "/api/equipment/list", te.Token, "application/json", `{"ids":[]}`)
	mustProblemNaming(t, res, body, "ids")
	res, body = rawRequest(t, http.MethodPost, "/api/equipment/list", te.Token, "application/json", `{"ids":[`+strings.TrimSuffix(strings.Repeat(`"x",`, 501), ",")+`]}`)
	mustProblemNaming(t, res, body, "ids")
	// 500 ids are accepted.
	five := strings.TrimSuffix(strings.Repeat(fmt.Sprintf("%q,", vf2), 500), ",")
	res, body = rawRequest(t, http.MethodPost, "/api/equipment/list", te.Token, "application/json", `{"ids":[`+five+`]}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
}
