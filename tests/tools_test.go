package tests

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"mos/gen/client"
)

const (
	toolTemplatesPath = "/api/tool-templates"
	toolsPath         = "/api/tools"
)

func toolTemplatePath(id string) string { return toolTemplatesPath + "/" + id }
func toolPath(id string) string         { return toolsPath + "/" + id }
func toolCalibrationsPath(toolID string) string {
	return toolPath(toolID) + "/calibrations"
}
func toolCalibrationPath(toolID, id string) string { return toolCalibrationsPath(toolID) + "/" + id }

// createToolTemplate creates a template named name at intervalDays through the client.
func createToolTemplate(t *testing.T, te *tenantEnv, name string, intervalDays int32) string {
	t.Helper()
	res, err := te.API.CreateToolTemplateWithResponse(context.Background(), nil,
		client.ToolTemplateWrite{Name: name, CalibrationIntervalDays: intervalDays})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

// createTool creates a tool of template with serial through the client; edit adjusts the body.
func createTool(t *testing.T, te *tenantEnv, template, serial string, edit ...func(*client.ToolWrite)) string {
	t.Helper()
	w := client.ToolWrite{SerialNumber: serial, Name: "Tool " + serial, ToolTemplateId: template}
	for _, e := range edit {
		e(&w)
	}
	res, err := te.API.CreateToolWithResponse(context.Background(), nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getTool(t *testing.T, te *tenantEnv, id string) client.Tool {
	t.Helper()
	res, err := te.API.GetToolWithResponse(context.Background(), id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func postCalibration(t *testing.T, token, toolID string, body any) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, toolCalibrationsPath(toolID), token, "application/json", jobJSON(t, body))
}

// recordCalibration records a calibration with result on day ("" for today) and answers it.
func recordCalibration(t *testing.T, te *tenantEnv, toolID, result, day string) client.ToolCalibration {
	t.Helper()
	body := map[string]any{"result": result}
	if day != "" {
		body["calibratedDate"] = day
	}
	res, b := postCalibration(t, te.Token, toolID, body)
	return decodeOK[client.ToolCalibration](t, res, b)
}

func putCalibration(t *testing.T, token, toolID, id string, body any) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPut, toolCalibrationPath(toolID, id), token, "application/json", jobJSON(t, body))
}

func listToolIDs(t *testing.T, te *tenantEnv, filter string) []string {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, toolsPath+"/list", te.Token, "application/json", filter)
	page := decodeOK[client.ToolPage](t, res, b)
	out := make([]string, len(page.Data))
	for i, tool := range page.Data {
		out[i] = tool.Id
	}
	return out
}

// dayString is the UTC calendar day of now shifted by days.
func dayString(now time.Time, days int) string { return now.AddDate(0, 0, days).Format(time.DateOnly) }

func dateOf(d *openapi_types.Date) string {
	if d == nil {
		return "null"
	}
	return d.Format(time.DateOnly)
}

func TestToolTemplateNameUniqueAmongActive(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createToolTemplate(t, te, "Micrometer", 180)
	res, b := rawRequest(t, http.MethodPost, toolTemplatesPath, te.Token, "application/json", `{"name":" micrometer ","calibrationIntervalDays":90}`)
	mustProblemNaming(t, res, b, "name")
	// Two creates racing for one new name: one wins, the other is a 400.
	counts := concurrently(t, 2, func() (int, error) {
		res, _ := rawRequest(t, http.MethodPost, toolTemplatesPath, te.Token, "application/json", `{"name":"Caliper","calibrationIntervalDays":30}`)
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 1 {
		t.Fatalf("racing creates answered %v, want one 200 and one 400", counts)
	}
	del, b := rawRequest(t, http.MethodDelete, toolTemplatePath(id), te.Token, "", "")
	mustStatus(t, del.StatusCode, http.StatusOK, b)
	createToolTemplate(t, te, "MICROMETER", 60)
}

func TestToolTemplateCreateReadUpdateDeleteAndList(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, b := rawRequest(t, http.MethodPost, toolTemplatesPath, te.Token, "application/json",
		`{"name":"  Bore gauge ","description":"Dial bore gauge","calibrationIntervalDays":365,"calibrationInstructions":"Set with ring gauge"}`)
	id := createdID(t, res, b)
	got, b := rawRequest(t, http.MethodGet, toolTemplatePath(id), te.Token, "", "")
	tmpl := decodeOK[client.ToolTemplate](t, got, b)
	if tmpl.Name != "Bore gauge" || optText(tmpl.Description) != "Dial bore gauge" || tmpl.CalibrationIntervalDays != 365 ||
		optText(tmpl.CalibrationInstructions) != "Set with ring gauge" {
		t.Fatalf("template read back as %s", mustJSON(t, tmpl))
	}
	upd, b := rawRequest(t, http.MethodPut, toolTemplatePath(id), te.Token, "application/json", `{"name":"Bore gauge","calibrationIntervalDays":90}`)
	tmpl = decodeOK[client.ToolTemplate](t, upd, b)
	if tmpl.Description != nil || tmpl.CalibrationInstructions != nil || tmpl.CalibrationIntervalDays != 90 {
		t.Fatalf("a full update kept omitted members: %s", mustJSON(t, tmpl))
	}
	for _, body := range []string{`{"name":"x","calibrationIntervalDays":0}`, `{"name":"x","calibrationIntervalDays":3651}`} {
		res, b := rawRequest(t, http.MethodPost, toolTemplatesPath, te.Token, "application/json", body)
		mustProblemNaming(t, res, b, "calibrationIntervalDays")
	}
	other := createToolTemplate(t, te, "Height gauge", 30)
	list, b := rawRequest(t, http.MethodPost, toolTemplatesPath+"/list", te.Token, "application/json", `{"search":"GAUGE"}`)
	page := decodeOK[client.ToolTemplatePage](t, list, b)
	if page.TotalCount != 2 || page.Data[0].Id != id || page.Data[1].Id != other {
		t.Fatalf("search answered %s, want both templates by name", mustJSON(t, page))
	}
	del, b := rawRequest(t, http.MethodDelete, toolTemplatePath(id), te.Token, "", "")
	mustStatus(t, del.StatusCode, http.StatusOK, b)
	again, b := rawRequest(t, http.MethodDelete, toolTemplatePath(id), te.Token, "", "")
	mustStatus(t, again.StatusCode, http.StatusNoContent, b)
	gone, b := rawRequest(t, http.MethodGet, toolTemplatePath(id), te.Token, "", "")
	mustStatus(t, gone.StatusCode, http.StatusNotFound, b)
}

func TestToolTemplateInUseCannotBeDeleted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	tmpl := createToolTemplate(t, te, "Thread gauge", 365)
	tool := createTool(t, te, tmpl, "TG-1")
	res, b := rawRequest(t, http.MethodDelete, toolTemplatePath(tmpl), te.Token, "", "")
	mustProblemNaming(t, res, b, "toolTemplateId")
	del, b := rawRequest(t, http.MethodDelete, toolPath(tool), te.Token, "", "")
	mustStatus(t, del.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodDelete, toolTemplatePath(tmpl), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

func TestToolSerialNumberUniquePerTenant(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	tmpl := createToolTemplate(t, te, "Caliper", 180)
	first := createTool(t, te, tmpl, "CAL-001")
	res, b := rawRequest(t, http.MethodPost, toolsPath, te.Token, "application/json",
		fmt.Sprintf(`{"serialNumber":"cal-001","name":"Other","toolTemplateId":%q}`, tmpl))
	mustProblemNaming(t, res, b, "serialNumber")
	counts := concurrently(t, 2, func() (int, error) {
		res, _ := rawRequest(t, http.MethodPost, toolsPath, te.Token, "application/json",
			fmt.Sprintf(`{"serialNumber":"CAL-002","name":"Racing","toolTemplateId":%q}`, tmpl))
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 1 {
		t.Fatalf("racing creates answered %v, want one 200 and one 400", counts)
	}
	// Another tenant may use the serial number.
	other := newTenant(t)
	createTool(t, other, createToolTemplate(t, other, "Caliper", 180), "CAL-001")
	// A deleted tool's serial number is free again.
	del, b := rawRequest(t, http.MethodDelete, toolPath(first), te.Token, "", "")
	mustStatus(t, del.StatusCode, http.StatusOK, b)
	createTool(t, te, tmpl, "CAL-001")
}

func TestToolReferencesMustExist(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	tmpl := createToolTemplate(t, te, "Indicator", 365)
	missing := "6745f0a2c81e4b0012ab34cd"
	res, b := rawRequest(t, http.MethodPost, toolsPath, te.Token, "application/json",
		fmt.Sprintf(`{"serialNumber":"IND-1","name":"Indicator","toolTemplateId":%q}`, missing))
	p := mustProblem(t, res, b, http.StatusNotFound)
	mustNameField(t, p, "toolTemplateId")
	res, b = rawRequest(t, http.MethodPost, toolsPath, te.Token, "application/json",
		fmt.Sprintf(`{"serialNumber":"IND-1","name":"Indicator","toolTemplateId":%q,"locationId":%q}`, tmpl, missing))
	p = mustProblem(t, res, b, http.StatusNotFound)
	mustNameField(t, p, "locationId")
	location := createLocation(t, te, "Gauge crib")
	id := createTool(t, te, tmpl, "IND-1", func(w *client.ToolWrite) { w.LocationId = &location })
	if got := getTool(t, te, id); optText(got.LocationId) != location || got.Status != client.ToolStatusActive ||
		got.ToolTemplateName != "Indicator" || got.EffectiveCalibrationIntervalDays != 365 || got.CalibrationIntervalDays != nil ||
		got.LastCalibratedDate != nil || got.NextDueDate != nil {
		t.Fatalf("new tool read back as %s", mustJSON(t, got))
	}
}

func TestToolNextDueFollowsTheLastPassingCalibrationAndTheIntervalInForce(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	tmpl := createToolTemplate(t, te, "Micrometer", 30)
	id := createTool(t, te, tmpl, "MIC-1")
	recordCalibration(t, te, id, "pass", "2026-01-10")
	if got := getTool(t, te, id); dateOf(got.LastCalibratedDate) != "2026-01-10" || dateOf(got.NextDueDate) != "2026-02-09" {
		t.Fatalf("after a pass: last %s, next %s; want 2026-01-10, 2026-02-09", dateOf(got.LastCalibratedDate), dateOf(got.NextDueDate))
	}
	// A failed calibration is the newest, but the due date stays with the last passing one.
	failed := recordCalibration(t, te, id, "fail", "2026-02-01")
	if failed.NextDueDate != nil {
		t.Fatalf("a failed calibration gives a next due date %s", dateOf(failed.NextDueDate))
	}
	if got := getTool(t, te, id); dateOf(got.LastCalibratedDate) != "2026-02-01" || dateOf(got.NextDueDate) != "2026-02-09" {
		t.Fatalf("after a fail: last %s, next %s", dateOf(got.LastCalibratedDate), dateOf(got.NextDueDate))
	}
	adjusted := recordCalibration(t, te, id, "adjusted", "2026-02-03")
	if dateOf(adjusted.NextDueDate) != "2026-03-05" || dateOf(getTool(t, te, id).NextDueDate) != "2026-03-05" {
		t.Fatalf("an adjusted calibration counts as passing: next %s", dateOf(adjusted.NextDueDate))
	}
	// The template's new interval moves the tool's due date; the tool's own interval wins.
	upd, b := rawRequest(t, http.MethodPut, toolTemplatePath(tmpl), te.Token, "application/json", `{"name":"Micrometer","calibrationIntervalDays":10}`)
	mustStatus(t, upd.StatusCode, http.StatusOK, b)
	if got := dateOf(getTool(t, te, id).NextDueDate); got != "2026-02-13" {
		t.Fatalf("after the template's interval became 10: next %s, want 2026-02-13", got)
	}
	res, b := rawRequest(t, http.MethodPut, toolPath(id), te.Token, "application/json",
		fmt.Sprintf(`{"serialNumber":"MIC-1","name":"Micrometer 1","toolTemplateId":%q,"calibrationIntervalDays":100,"status":"inCalibration"}`, tmpl))
	tool := decodeOK[client.Tool](t, res, b)
	if dateOf(tool.NextDueDate) != "2026-05-14" || tool.EffectiveCalibrationIntervalDays != 100 || tool.Status != client.ToolStatusInCalibration {
		t.Fatalf("after the tool's own interval of 100: %s", mustJSON(t, tool))
	}
}

func TestToolListFiltersDueOverdueAndSearch(t *testing.T) {
	t.Parallel()
	// The shop is 14 hours ahead of UTC: its today is what overdue compares with.
	te := newTenant(t, "Pacific/Kiritimati")
	loc, err := time.LoadLocation("Pacific/Kiritimati")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().In(loc)
	tmpl := createToolTemplate(t, te, "Pin gauge", 10)
	other := createToolTemplate(t, te, "Ring gauge", 10)
	overdue := createTool(t, te, tmpl, "PIN-OVERDUE")
	recordCalibration(t, te, overdue, "pass", dayString(now, -11)) // due yesterday
	dueToday := createTool(t, te, tmpl, "PIN-TODAY")
	recordCalibration(t, te, dueToday, "pass", dayString(now, -10)) // due today: not overdue
	later := createTool(t, te, other, "RING-LATER")
	recordCalibration(t, te, later, "pass", dayString(now, -2))
	never := createTool(t, te, other, "RING-NEVER", func(w *client.ToolWrite) { w.Status = ptr(client.ToolStatusOutOfService) })
	for _, c := range []struct {
		filter string
		want   []string
	}{
		{`{}`, []string{overdue, dueToday, later, never}},
		{`{"overdue":true}`, []string{overdue}},
		{`{"overdue":false}`, []string{dueToday, later, never}},
		{fmt.Sprintf(`{"dueOnOrBefore":%q}`, dayString(now, 0)), []string{overdue, dueToday}},
		{fmt.Sprintf(`{"toolTemplateIds":[%q]}`, other), []string{later, never}},
		{`{"statuses":["outOfService"]}`, []string{never}},
		{`{"search":"ring-"}`, []string{later, never}},
		{`{"search":"Tool PIN-T"}`, []string{dueToday}},
		{fmt.Sprintf(`{"ids":[%q],"overdue":true}`, later), nil},
	} {
		if got := listToolIDs(t, te, c.filter); !slices.Equal(got, c.want) {
			t.Errorf("filter %s answered %v, want %v", c.filter, got, c.want)
		}
	}
	res, b := rawRequest(t, http.MethodPost, toolsPath+"/list?Sort.Field=nextDueDate", te.Token, "application/json", `{}`)
	page := decodeOK[client.ToolPage](t, res, b)
	var order []string
	for _, tool := range page.Data {
		order = append(order, tool.Id)
	}
	if want := []string{overdue, dueToday, later, never}; !slices.Equal(order, want) {
		t.Fatalf("sorted by nextDueDate: %v, want %v (no due date last)", order, want)
	}
}

func TestToolCalibrationDefaultsToTheShopsTodayAndTheTokensUser(t *testing.T) {
	t.Parallel()
	te := newTenant(t, "Pacific/Kiritimati")
	loc, err := time.LoadLocation("Pacific/Kiritimati")
	if err != nil {
		t.Fatal(err)
	}
	id := createTool(t, te, createToolTemplate(t, te, "Torque wrench", 365), "TW-1")
	before := time.Now().In(loc).Format(time.DateOnly)
	c := recordCalibration(t, te, id, "pass", "")
	after := time.Now().In(loc).Format(time.DateOnly)
	if got := c.CalibratedDate.Format(time.DateOnly); got != before && got != after {
		t.Fatalf("calibratedDate %s, want the shop's today %s", got, before)
	}
	if c.RecordedByUserId != nil || c.Version != 1 {
		t.Fatalf("an integration token's calibration: recordedBy %s, version %d", optText(c.RecordedByUserId), c.Version)
	}
	tomorrow := time.Now().In(loc).AddDate(0, 0, 2).Format(time.DateOnly)
	res, b := postCalibration(t, te.Token, id, map[string]any{"result": "pass", "calibratedDate": tomorrow})
	mustProblemNaming(t, res, b, "calibratedDate")
	user := te.userToken(t, "Perform Calibration", "View Tool Calibration")
	res, b = postCalibration(t, user, id, map[string]any{"result": "fail", "calibratedBy": "Acme Metrology", "notes": "Out by 0.002",
		"readings": []map[string]any{{"name": "0.500 in", "value": "0.502", "unit": "in"}, {"name": "1.000 in", "value": "1.001"}}})
	c = decodeOK[client.ToolCalibration](t, res, b)
	if c.RecordedByUserId == nil || optText(c.CalibratedBy) != "Acme Metrology" || len(c.Readings) != 2 || c.Readings[0].Value != "0.502" ||
		optText(c.Readings[0].Unit) != "in" || c.Readings[1].Unit != nil {
		t.Fatalf("user's calibration read back as %s", mustJSON(t, c))
	}
	got, b := rawRequest(t, http.MethodGet, toolCalibrationPath(id, c.Id), te.Token, "", "")
	if read := decodeOK[client.ToolCalibration](t, got, b); mustJSON(t, read) != mustJSON(t, c) {
		t.Fatalf("get answered %s, create %s", mustJSON(t, read), mustJSON(t, c))
	}
	list, b := rawRequest(t, http.MethodPost, toolCalibrationsPath(id)+"/list", te.Token, "application/json", `{"results":["fail"]}`)
	if page := decodeOK[client.ToolCalibrationPage](t, list, b); page.TotalCount != 1 || page.Data[0].Id != c.Id {
		t.Fatalf("results filter answered %s", mustJSON(t, page))
	}
}

func TestToolCalibrationCertificateMustBeAnAttachmentOfTheTenant(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTool(t, te, createToolTemplate(t, te, "Gauge block set", 730), "GB-1")
	res, b := postCalibration(t, te.Token, id, map[string]any{"result": "pass", "certificateAttachmentId": "6745f0a2c81e4b0012ab34cd"})
	p := mustProblem(t, res, b, http.StatusNotFound)
	mustNameField(t, p, "certificateAttachmentId")
	cert := attachToItem(t, te, createItem(t, te, newItem("CERT-ITEM")), "cert.pdf", []byte("%PDF-1.4"))
	res, b = postCalibration(t, te.Token, id, map[string]any{"result": "pass", "certificateAttachmentId": cert})
	if c := decodeOK[client.ToolCalibration](t, res, b); optText(c.CertificateAttachmentId) != cert {
		t.Fatalf("certificate %s, want %s", optText(c.CertificateAttachmentId), cert)
	}
	// Another tenant's attachment is none of this tenant's.
	other := newTenant(t)
	theirs := createTool(t, other, createToolTemplate(t, other, "Gauge block set", 730), "GB-1")
	res, b = postCalibration(t, other.Token, theirs, map[string]any{"result": "pass", "certificateAttachmentId": cert})
	p = mustProblem(t, res, b, http.StatusNotFound)
	mustNameField(t, p, "certificateAttachmentId")
}

func TestToolCalibrationStaleVersionTokenIsAConflict(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTool(t, te, createToolTemplate(t, te, "Surface plate", 365), "SP-1")
	c := recordCalibration(t, te, id, "fail", "2026-03-01")
	res, b := putCalibration(t, te.Token, id, c.Id, map[string]any{"version": c.Version, "result": "adjusted", "calibratedDate": "2026-03-02"})
	updated := decodeOK[client.ToolCalibration](t, res, b)
	if updated.Version != c.Version+1 || updated.Result != client.ToolCalibrationResultAdjusted || dateOf(updated.NextDueDate) != "2027-03-02" {
		t.Fatalf("update answered %s", mustJSON(t, updated))
	}
	if got := getTool(t, te, id); dateOf(got.NextDueDate) != "2027-03-02" {
		t.Fatalf("the tool's next due date %s did not follow the update", dateOf(got.NextDueDate))
	}
	// The old token is stale now: 409, and nothing changes.
	res, b = putCalibration(t, te.Token, id, c.Id, map[string]any{"version": c.Version, "result": "fail", "calibratedDate": "2026-03-02"})
	p := mustProblem(t, res, b, http.StatusConflict)
	mustNameField(t, p, "version")
	got, b := rawRequest(t, http.MethodGet, toolCalibrationPath(id, c.Id), te.Token, "", "")
	if read := decodeOK[client.ToolCalibration](t, got, b); read.Result != client.ToolCalibrationResultAdjusted || read.Version != updated.Version {
		t.Fatalf("a stale update changed the calibration: %s", mustJSON(t, read))
	}
	// The version is required; If-Match plays no part.
	res, b = putCalibration(t, te.Token, id, c.Id, map[string]any{"result": "pass"})
	mustStatus(t, res.StatusCode, http.StatusBadRequest, b)
}

func TestToolCalibrationConcurrentUpdatesWithOneTokenOneWins(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTool(t, te, createToolTemplate(t, te, "Height gauge", 365), "HG-1")
	c := recordCalibration(t, te, id, "pass", "2026-04-01")
	counts := atOnce(t, 2, func(i int) (int, error) {
		res, _ := putCalibration(t, te.Token, id, c.Id, map[string]any{"version": c.Version, "result": "pass",
			"notes": fmt.Sprintf("writer %d", i)})
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusConflict] != 1 {
		t.Fatalf("two updates with version %d answered %v, want one 200 and one 409", c.Version, counts)
	}
	got, b := rawRequest(t, http.MethodGet, toolCalibrationPath(id, c.Id), te.Token, "", "")
	if read := decodeOK[client.ToolCalibration](t, got, b); read.Version != c.Version+1 {
		t.Fatalf("version %d after one winning update of %d", read.Version, c.Version)
	}
}

func TestToolCalibrationOfAnotherToolIsNotFound(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	tmpl := createToolTemplate(t, te, "Feeler gauge", 180)
	a, b2 := createTool(t, te, tmpl, "FG-1"), createTool(t, te, tmpl, "FG-2")
	c := recordCalibration(t, te, a, "pass", "2026-05-01")
	res, b := rawRequest(t, http.MethodGet, toolCalibrationPath(b2, c.Id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNotFound, b)
	res, b = putCalibration(t, te.Token, b2, c.Id, map[string]any{"version": c.Version, "result": "pass"})
	mustStatus(t, res.StatusCode, http.StatusNotFound, b)
	del, b := rawRequest(t, http.MethodDelete, toolPath(a), te.Token, "", "")
	mustStatus(t, del.StatusCode, http.StatusOK, b)
	for _, call := range []struct{ method, path, body string }{
		{http.MethodGet, toolCalibrationPath(a, c.Id), ""},
		{http.MethodPost, toolCalibrationsPath(a) + "/list", `{}`},
		{http.MethodPost, toolCalibrationsPath(a), `{"result":"pass"}`},
	} {
		res, b := rawRequest(t, call.method, call.path, te.Token, "application/json", call.body)
		mustStatus(t, res.StatusCode, http.StatusNotFound, b)
	}
}

// Each tool permission gates its operations for user tokens: a token with every other
// permission of the catalogue is refused (403), and the permission alone admits it.
func TestToolPermissionsGateTheirOperations(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	tmpl := createToolTemplate(t, te, "Caliper", 180)
	tool := createTool(t, te, tmpl, "CAL-P")
	c := recordCalibration(t, te, tool, "pass", "2026-06-01")
	calls := map[string][]struct{ method, path, body string }{
		"View Tools": {
			{http.MethodGet, toolTemplatePath(tmpl), ""},
			{http.MethodPost, toolTemplatesPath + "/list", `{}`},
			{http.MethodGet, toolPath(tool), ""},
			{http.MethodPost, toolsPath + "/list", `{}`},
		},
		"Edit Tool Template": {
			{http.MethodPost, toolTemplatesPath, `{"name":"New","calibrationIntervalDays":10}`},
			{http.MethodPut, toolTemplatePath(tmpl), `{"name":"Caliper","calibrationIntervalDays":180}`},
			{http.MethodPost, toolsPath, fmt.Sprintf(`{"serialNumber":"NEW","name":"New","toolTemplateId":%q}`, tmpl)},
			{http.MethodPut, toolPath(tool), fmt.Sprintf(`{"serialNumber":"CAL-P","name":"Caliper","toolTemplateId":%q}`, tmpl)},
		},
		"Perform Calibration": {
			{http.MethodPost, toolCalibrationsPath(tool), `{"result":"pass"}`},
		},
		"View Tool Calibration": {
			{http.MethodGet, toolCalibrationPath(tool, c.Id), ""},
			{http.MethodPost, toolCalibrationsPath(tool) + "/list", `{}`},
		},
	}
	all := permissionCatalogue(t)
	for perm, list := range calls {
		var others []string
		for _, p := range all {
			if p != perm {
				others = append(others, p)
			}
		}
		without, with := te.userToken(t, others...), te.userToken(t, perm)
		for _, call := range list {
			res, b := rawRequest(t, call.method, call.path, without, "application/json", call.body)
			mustStatus(t, res.StatusCode, http.StatusForbidden, b)
			res, b = rawRequest(t, call.method, call.path, with, "application/json", call.body)
			mustStatus(t, res.StatusCode, http.StatusOK, b)
		}
	}
	// The update of a calibration needs Perform Calibration.
	body := map[string]any{"version": c.Version, "result": "pass", "calibratedDate": "2026-06-01"}
	res, b := putCalibration(t, te.userToken(t, "View Tool Calibration", "View Tools", "Edit Tool Template"), tool, c.Id, body)
	mustStatus(t, res.StatusCode, http.StatusForbidden, b)
	res, b = putCalibration(t, te.userToken(t, "Perform Calibration"), tool, c.Id, body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

// toolsIsolation: tenant A's template, tool and calibration are none of tenant B's.
func toolsIsolation() isolationRow {
	return isolationRow{name: "tools", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
		tmpl := createToolTemplate(t, a, "Isolated gauge", 30)
		id := createTool(t, a, tmpl, "ISO-1")
		c := recordCalibration(t, a, id, "pass", "2026-01-01")
		bTmpl := createToolTemplate(t, b, "Own gauge", 30)
		bTool := createTool(t, b, bTmpl, "ISO-B")
		return isolated{
			ID: fmt.Sprintf(`"id":%q`, id), Get: toolPath(id),
			Put:    &isoCall{Method: http.MethodPut, Body: fmt.Sprintf(`{"serialNumber":"X","name":"X","toolTemplateId":%q}`, bTmpl)},
			Delete: &isoCall{Method: http.MethodDelete, Status: http.StatusNoContent},
			Lists: []isoList{
				{Path: toolsPath + "/list", Body: `{}`},
				{Path: toolsPath + "/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
			},
			Refused: []isoCall{
				{Method: http.MethodGet, Path: toolCalibrationPath(id, c.Id)},
				{Method: http.MethodPut, Path: toolCalibrationPath(id, c.Id), Body: `{"version":1,"result":"fail"}`},
				{Method: http.MethodPost, Path: toolCalibrationsPath(id), Body: `{"result":"fail"}`},
				{Method: http.MethodPost, Path: toolCalibrationsPath(id) + "/list", Body: `{}`},
				{Method: http.MethodGet, Path: toolCalibrationPath(bTool, c.Id)},
				{Method: http.MethodPost, Path: toolsPath, Body: fmt.Sprintf(`{"serialNumber":"ISO-2","name":"X","toolTemplateId":%q}`, tmpl),
					Field: "toolTemplateId"},
			},
			Own: []isoCall{
				{Method: http.MethodPost, Path: toolsPath, Body: fmt.Sprintf(`{"serialNumber":"ISO-1","name":"Mine","toolTemplateId":%q}`, bTmpl)},
				{Method: http.MethodPost, Path: toolTemplatesPath, Body: `{"name":"Isolated gauge","calibrationIntervalDays":30}`},
			},
		}
	}}
}

// toolTemplatesIsolation: tenant A's tool template is none of tenant B's.
func toolTemplatesIsolation() isolationRow {
	return isolationRow{name: "tool templates", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
		id := createToolTemplate(t, a, "Isolated template", 30)
		return isolated{
			ID: fmt.Sprintf(`"id":%q`, id), Get: toolTemplatePath(id),
			Put:    &isoCall{Method: http.MethodPut, Body: `{"name":"X","calibrationIntervalDays":1}`},
			Delete: &isoCall{Method: http.MethodDelete, Status: http.StatusNoContent},
			Lists: []isoList{
				{Path: toolTemplatesPath + "/list", Body: `{}`},
				{Path: toolTemplatesPath + "/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
			},
			Own: []isoCall{{Method: http.MethodPost, Path: toolTemplatesPath, Body: `{"name":"Isolated template","calibrationIntervalDays":30}`}},
		}
	}}
}

// arrangeTools: templates, tools and calibrations (a tool with many of them in the large world).
func arrangeTools(t *testing.T, small, large *tenantEnv) []readCase {
	type world struct{ tmpl, tool, calibration string }
	build := func(te *tenantEnv, size worldSize) world {
		var w world
		tools := arrangeEach(size, func(i, subs int) string {
			tmpl := createToolTemplate(t, te, fmt.Sprintf("Template %02d", i), 30)
			id := createTool(t, te, tmpl, fmt.Sprintf("SER-%02d", i))
			for k := range subs {
				c := recordCalibration(t, te, id, []string{"pass", "fail", "adjusted"}[k%3], fmt.Sprintf("2026-01-%02d", 1+k%28))
				if i == 0 && k == 0 {
					w.calibration = c.Id
				}
			}
			if i == 0 {
				w.tmpl = tmpl
			}
			return id
		})
		w.tool = tools[0]
		return w
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listToolTemplates", toolTemplatesPath+"/list", toolTemplatesPath+"/list", `{}`),
		getRead("getToolTemplate", toolTemplatePath(s.tmpl), toolTemplatePath(l.tmpl)),
		listRead("listTools", toolsPath+"/list", toolsPath+"/list", `{}`),
		getRead("getTool", toolPath(s.tool), toolPath(l.tool)),
		listRead("listToolCalibrations", toolCalibrationsPath(s.tool)+"/list", toolCalibrationsPath(l.tool)+"/list", `{}`),
		getRead("getToolCalibration", toolCalibrationPath(s.tool, s.calibration), toolCalibrationPath(l.tool, l.calibration)),
	}
}

// toolsVersioned: the template, tool and calibration rows of the conditional walk.
func toolsVersioned() []versionedRow {
	return []versionedRow{
		{name: "tool templates", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createToolTemplate(t, te, "Versioned", 30)
			return versioned{Table: "tool_templates", ID: id, Get: toolTemplatePath(id), Writes: []versionedWrite{
				putRecord("", `{"name":"Versioned","calibrationIntervalDays":60}`), deleteRecord("")}}
		}},
		{name: "tools", arrange: func(t *testing.T, te *tenantEnv) versioned {
			tmpl := createToolTemplate(t, te, "Versioned", 30)
			id := createTool(t, te, tmpl, "VER-1")
			return versioned{Table: "tools", ID: id, Get: toolPath(id), Writes: []versionedWrite{
				putRecord("", fmt.Sprintf(`{"serialNumber":"VER-1","name":"Versioned","toolTemplateId":%q}`, tmpl)), deleteRecord("")}}
		}},
		{name: "tool calibrations", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createTool(t, te, createToolTemplate(t, te, "Versioned", 30), "VER-1")
			c := recordCalibration(t, te, id, "pass", "2026-01-01")
			return versioned{Table: "tool_calibrations", ID: c.Id, Get: toolCalibrationPath(id, c.Id)}
		}},
	}
}

// toolWalkIDs are the path ids of the tool operations for the malformed-input walk.
func toolWalkIDs(t *testing.T, te *tenantEnv) map[string]string {
	tmpl := createToolTemplate(t, te, "Walk gauge", 30)
	tool := createTool(t, te, tmpl, "WALK-1")
	c := recordCalibration(t, te, tool, "pass", "2026-01-01")
	return map[string]string{
		"tool-templates/{toolTemplateId}":  tmpl,
		"tools/{toolId}":                   tool,
		"calibrations/{toolCalibrationId}": c.Id,
	}
}
