package tests

import (
	"context"
	"net/http"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/platform/dec"
)

// Fixtures of the scheduling area: departments, work centers, equipment, department
// shifts, equipment downtime, in-process tracking fields.

func createDepartment(t *testing.T, te *tenantEnv, d client.DepartmentCreate) string {
	t.Helper()
	res, err := te.API.CreateDepartmentWithResponse(context.Background(), nil, d)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getDepartment(t *testing.T, api *client.ClientWithResponses, id string) client.Department {
	t.Helper()
	res, err := api.GetDepartmentWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func createWorkCenter(t *testing.T, te *tenantEnv, w client.WorkCenterWrite) string {
	t.Helper()
	res, err := te.API.CreateWorkCenterWithResponse(context.Background(), nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

// namedWorkCenter creates a work center with only a name, in department (none when "").
func namedWorkCenter(t *testing.T, te *tenantEnv, name, departmentID string) string {
	t.Helper()
	w := client.WorkCenterWrite{Name: name}
	if departmentID != "" {
		w.DepartmentId = &departmentID
	}
	return createWorkCenter(t, te, w)
}

func getWorkCenter(t *testing.T, api *client.ClientWithResponses, id string) client.WorkCenter {
	t.Helper()
	res, err := api.GetWorkCenterWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func updateWorkCenter(t *testing.T, te *tenantEnv, id string, w client.WorkCenterWrite) client.WorkCenter {
	t.Helper()
	res, err := te.API.UpdateWorkCenterWithResponse(context.Background(), id, nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// mustRate fails t unless got is exactly want.
func mustRate(t *testing.T, name string, got dec.Decimal, want string) {
	t.Helper()
	if !got.Equal(dec.MustParse(want).Decimal) {
		t.Errorf("%s = %s, want %s", name, got, want)
	}
}

func createEquipment(t *testing.T, te *tenantEnv, w client.EquipmentWrite) string {
	t.Helper()
	res, err := te.API.CreateEquipmentWithResponse(context.Background(), nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getEquipment(t *testing.T, api *client.ClientWithResponses, id string) client.Equipment {
	t.Helper()
	res, err := api.GetEquipmentWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func updateEquipment(t *testing.T, te *tenantEnv, id string, w client.EquipmentWrite) client.Equipment {
	t.Helper()
	res, err := te.API.UpdateEquipmentWithResponse(context.Background(), id, nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// shopDepartment is a department with one work center that equipment can be added to.
type shopDepartment struct {
	ID           string
	Name         string
	WorkCenterID string
}

// newShopDepartment creates a department named name (unique in the tenant) and a work
// center in it.
func newShopDepartment(t *testing.T, te *tenantEnv, name string) shopDepartment {
	t.Helper()
	ctx := context.Background()
	dep, err := te.API.CreateDepartmentWithResponse(ctx, nil, client.DepartmentCreate{Name: name})
	failOnTransportError(t, err)
	mustStatus(t, dep.StatusCode(), http.StatusOK, dep.Body)
	wc, err := te.API.CreateWorkCenterWithResponse(ctx, nil, client.WorkCenterWrite{Name: name + " cell", DepartmentId: &dep.JSON200.Id})
	failOnTransportError(t, err)
	mustStatus(t, wc.StatusCode(), http.StatusOK, wc.Body)
	return shopDepartment{ID: dep.JSON200.Id, Name: name, WorkCenterID: wc.JSON200.Id}
}

// addShopEquipment creates equipment named name (unique in the tenant) in the department's
// work center; a zero department leaves it without a work center, so in no department.
func addShopEquipment(t *testing.T, te *tenantEnv, dep shopDepartment, name string) string {
	t.Helper()
	w := client.EquipmentWrite{Name: name, Description: name + " description"}
	if dep.WorkCenterID != "" {
		w.WorkCenterId = &dep.WorkCenterID
	}
	res, err := te.API.CreateEquipmentWithResponse(context.Background(), nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

// unknownSchedulingID is a well-formed id no tenant's department, equipment, shift or
// downtime has.
const unknownSchedulingID = "ffffffffffffffffffffff00"

const shiftsPath = "/api/department-shifts"

func shiftPath(id string) string { return shiftsPath + "/" + id }

// dayShift is the smallest valid create body.
func dayShift(departmentID string) client.DepartmentShiftCreate {
	return client.DepartmentShiftCreate{DepartmentId: departmentID, Name: "Day", StartTime: "0700", EndTime: "1530"}
}

// everyDay is equipment available on every weekday.
func everyDay(equipmentID string) client.ShiftEquipmentWrite {
	return client.ShiftEquipmentWrite{EquipmentId: equipmentID, Monday: true, Tuesday: true, Wednesday: true, Thursday: true, Friday: true, Saturday: true, Sunday: true}
}

func createShift(t *testing.T, te *tenantEnv, w client.DepartmentShiftCreate) string {
	t.Helper()
	res, err := te.API.CreateDepartmentShiftWithResponse(context.Background(), nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

const downtimesPath = "/api/equipment-downtimes"

func downtimePath(id string) string { return downtimesPath + "/" + id }

// downtimeAt is the start of the test downtimes: 2026-12-01 06:00 UTC.
var downtimeAt = time.Date(2026, 12, 1, 6, 0, 0, 0, time.UTC)

// downtimeWrite is a body from downtimeAt+from to downtimeAt+to (hours) for departments.
func downtimeWrite(from, to int, departments ...client.EquipmentDowntimeDepartmentWrite) client.EquipmentDowntimeWrite {
	w := client.EquipmentDowntimeWrite{
		StartDateTime: downtimeAt.Add(time.Duration(from) * time.Hour),
		EndDateTime:   downtimeAt.Add(time.Duration(to) * time.Hour),
	}
	if departments != nil {
		w.Departments = &departments
	}
	return w
}

// down is a department entry listing equipmentIDs (none: the whole department).
func down(departmentID string, equipmentIDs ...string) client.EquipmentDowntimeDepartmentWrite {
	d := client.EquipmentDowntimeDepartmentWrite{DepartmentId: departmentID}
	if equipmentIDs != nil {
		eq := make([]client.EquipmentDowntimeEquipmentWrite, len(equipmentIDs))
		for i, id := range equipmentIDs {
			eq[i] = client.EquipmentDowntimeEquipmentWrite{EquipmentId: id}
		}
		d.Equipment = &eq
	}
	return d
}

func createDowntime(t *testing.T, te *tenantEnv, w client.EquipmentDowntimeWrite) string {
	t.Helper()
	res, err := te.API.CreateEquipmentDowntimeWithResponse(context.Background(), nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func createTrackingField(t *testing.T, te *tenantEnv, w client.InProcessTrackingFieldWrite) string {
	t.Helper()
	res, err := te.API.CreateInProcessTrackingFieldWithResponse(context.Background(), nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}
