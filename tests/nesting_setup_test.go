package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// nestShop is a released work order whose first operation groups the Mill operations of two
// jobs (each making 2 of its item) and whose second groups the Deburr of the first job, with
// a sheet stock item holding 10 units.
type nestShop struct {
	A, B          alertShop
	WorkOrder     string
	Cut, Deburr   string // the work-order operations
	Sheet         string // the sheet stock item
	WorkOrderPath string
}

func newNestShop(t *testing.T, te *tenantEnv) nestShop {
	t.Helper()
	s := nestShop{A: newAlertShop(t, te, "released", "", ""), B: newAlertShop(t, te, "released", "", "")}
	s.WorkOrder = createWorkOrder(t, te, woBody(woOp(s.A.Job, s.A.Mill, s.B.Job, s.B.Mill), woOp(s.A.Job, s.A.Deburr)))
	s.WorkOrderPath = workOrderPath(s.WorkOrder)
	ops := getWorkOrder(t, te, s.WorkOrder).Operations
	s.Cut, s.Deburr = ops[0].Id, ops[1].Id
	s.Sheet = createItem(t, te, newItem("SHEET-"+ids.New()[16:]))
	receiveStock(t, te, client.InventoryReceive{ItemId: s.Sheet, Quantity: num("10")})
	return s
}

func nestPath(workOrderID, operationID string) string {
	return workOrderPath(workOrderID) + "/operations/" + operationID + "/nesting-setup"
}

func (s nestShop) path() string { return nestPath(s.WorkOrder, s.Cut) }

func getNestRaw(t *testing.T, token, path string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodGet, path, token, "", "")
}

func getNest(t *testing.T, te *tenantEnv, path string) client.NestingSetup {
	t.Helper()
	res, b := getNestRaw(t, te.Token, path)
	return decodeOK[client.NestingSetup](t, res, b)
}

func putNestRaw(t *testing.T, token, path string, body any) (rawResponse, []byte) {
	t.Helper()
	return sendJSON(t, http.MethodPut, path, token, body)
}

func putNest(t *testing.T, te *tenantEnv, path string, body any) client.NestingSetupReplaced {
	t.Helper()
	res, b := putNestRaw(t, te.Token, path, body)
	return decodeOK[client.NestingSetupReplaced](t, res, b)
}

func runSheetRaw(t *testing.T, token, path string, body any) (rawResponse, []byte) {
	t.Helper()
	return sendJSON(t, http.MethodPost, path+"/sheet-runs", token, body)
}

func runSheet(t *testing.T, te *tenantEnv, path string, body any) client.NestingSetup {
	t.Helper()
	res, b := runSheetRaw(t, te.Token, path, body)
	return decodeOK[client.NestingSetup](t, res, b)
}

// standardNest: parts BRKT-A (job A's Mill) and BRKT-B (job B's Mill) and a filler; a sheet
// of the stock item cut 3 times (540 s each) placing one A and one B per repetition (4 × 6
// each), and an offcut plate cut once (300 s) placing the filler; 2 of BRKT-B unplaced.
func (s nestShop) standardNest() map[string]any {
	return map[string]any{
		"nestingFile": "NEST-0042.cnc",
		"parts": []any{
			map[string]any{"partNumber": "BRKT-A", "jobOperationId": s.A.Mill, "width": 4, "length": 6, "description": "Bracket A"},
			map[string]any{"partNumber": "BRKT-B", "jobOperationId": s.B.Mill, "width": 4, "length": 6, "area": 20},
			map[string]any{"partNumber": "FILLER", "width": 2, "length": 2},
		},
		"plates": []any{
			map[string]any{"materialItemId": s.Sheet, "material": "CRS 10ga", "thickness": 0.135, "width": 48, "length": 96, "count": 3,
				"machineTimeSeconds": 540, "placements": []any{
					map[string]any{"partNumber": "BRKT-A", "quantity": 1, "x": 0, "y": 0},
					map[string]any{"partNumber": "BRKT-B", "quantity": 1, "x": 4, "y": 0, "rotation": 90},
				}},
			map[string]any{"width": 10, "length": 10, "count": 1, "machineTimeSeconds": 300, "placements": []any{
				map[string]any{"partNumber": "FILLER", "quantity": 5},
			}},
		},
		"unplacedParts": []any{map[string]any{"partNumber": "BRKT-B", "quantity": 2}},
	}
}

func TestNestingSetupOfAnOperationWithoutANestIsEmpty(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestShop(t, te)
	res, b := getNestRaw(t, te.Token, s.path())
	n := decodeOK[client.NestingSetup](t, res, b)
	if n.IsNested || n.MachineTimeSeconds != 0 || len(n.Parts) != 0 || len(n.Plates) != 0 || len(n.UnplacedParts) != 0 ||
		len(n.SheetRuns) != 0 || n.UtilisationPercent != nil || n.NestingFile != nil || n.SheetCount != 0 {
		t.Fatalf("an operation without a nest reads %s", b)
	}
	if n.WorkOrderId != s.WorkOrder || n.WorkOrderOperationId != s.Cut || n.DimensionUnit != client.NestDimensionUnitInch {
		t.Fatalf("empty nest names %s", b)
	}
	// Every operation has its nest (and so its version) from the work order's create on.
	if res.Header.Get("ETag") == "" {
		t.Fatal("the empty nest answers no ETag")
	}
	// The lists are [] on the wire, not null.
	for _, member := range []string{`"parts":[]`, `"plates":[]`, `"unplacedParts":[]`, `"sheetRuns":[]`} {
		if !strings.Contains(string(b), member) {
			t.Fatalf("empty nest lacks %s: %s", member, b)
		}
	}
}

func TestNestingSetupAnswers404ForAMissingDeletedOrForeignOperation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestShop(t, te)
	other := createWorkOrder(t, te, woBody(woOp(s.B.Job, s.B.Deburr)))
	otherOp := getWorkOrder(t, te, other).Operations[0].Id
	cases := map[string]string{
		"an unknown work order":                    nestPath(ids.New(), s.Cut),
		"an unknown operation":                     nestPath(s.WorkOrder, ids.NewSub()),
		"an operation of another work order":       nestPath(s.WorkOrder, otherOp),
		"the work order of another operation":      nestPath(other, s.Cut),
		"an operation of a deleted work order (…)": nestPath(other, otherOp),
	}
	res, b := deleteWorkOrder(t, te.Token, other)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	for name, path := range cases {
		t.Run(name, func(t *testing.T) {
			res, b := getNestRaw(t, te.Token, path)
			mustProblem(t, res, b, http.StatusNotFound)
			res, b = putNestRaw(t, te.Token, path, map[string]any{"parts": []any{}, "plates": []any{}})
			mustProblem(t, res, b, http.StatusNotFound)
			res, b = runSheetRaw(t, te.Token, path, map[string]any{"plateId": ids.NewSub(), "repetitions": 1})
			mustProblem(t, res, b, http.StatusNotFound)
		})
	}
	// Another tenant's work order is missing too.
	stranger := newTenant(t)
	res, b = getNestRaw(t, stranger.Token, s.path())
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = putNestRaw(t, stranger.Token, s.path(), s.standardNest())
	mustProblem(t, res, b, http.StatusNotFound)
	plate := putNest(t, te, s.path(), s.standardNest()).Plates[0].Id
	res, b = runSheetRaw(t, stranger.Token, s.path(), map[string]any{"plateId": plate, "repetitions": 1})
	mustProblem(t, res, b, http.StatusNotFound)
	if n := getNest(t, te, s.path()); len(n.Parts) != 3 || n.CompletedSheetCount != 0 {
		t.Fatalf("another tenant's writes reached the nest: %s", mustJSON(t, n))
	}
}

func TestNestingSetupReplaceStoresTheNestWithItsTotals(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestShop(t, te)
	before, _ := getNestRaw(t, te.Token, s.path())
	got := putNest(t, te, s.path(), s.standardNest())
	if !got.IsNested || got.NestingFile == nil || *got.NestingFile != "NEST-0042.cnc" {
		t.Fatalf("replaced nest reads %s", mustJSON(t, got))
	}
	// 540 s × 3 + 300 s × 1; 3 + 1 sheets.
	if got.MachineTimeSeconds != 1920 || got.SheetCount != 4 || got.CompletedSheetCount != 0 {
		t.Fatalf("machine time %d, sheets %d, completed %d", got.MachineTimeSeconds, got.SheetCount, got.CompletedSheetCount)
	}
	// Sheet: (24 + 20) / 4608 × 100 = 0.95; offcut: 5 × 4 / 100 × 100 = 20;
	// overall: (44 × 3 + 20) / (4608 × 3 + 100) × 100 = 152 / 13924 × 100 = 1.09.
	mustEqualNum(t, "sheet utilisation", got.Plates[0].UtilisationPercent, "0.95")
	mustEqualNum(t, "offcut utilisation", got.Plates[1].UtilisationPercent, "20")
	mustEqualNum(t, "nest utilisation", got.UtilisationPercent, "1.09")
	a, b, filler := got.Parts[0], got.Parts[1], got.Parts[2]
	if a.PartNumber != "BRKT-A" || a.JobId == nil || *a.JobId != s.A.Job || *a.ItemToMakeId != s.A.ItemToMake || *a.ItemId != s.A.Item ||
		*b.JobId != s.B.Job || filler.JobOperationId != nil || filler.JobId != nil {
		t.Fatalf("parts name their job operations wrongly: %s", mustJSON(t, got.Parts))
	}
	mustEqualNum(t, "A area (width × length)", a.Area, "24")
	mustEqualNum(t, "B area as sent", b.Area, "20")
	if a.QuantityPlaced != 3 || b.QuantityPlaced != 3 || b.QuantityUnplaced != 2 || filler.QuantityPlaced != 5 {
		t.Fatalf("placed A %d, B %d (unplaced %d), filler %d", a.QuantityPlaced, b.QuantityPlaced, b.QuantityUnplaced, filler.QuantityPlaced)
	}
	sheet := got.Plates[0]
	if sheet.MaterialItemId == nil || *sheet.MaterialItemId != s.Sheet || *sheet.Material != "CRS 10ga" || sheet.Count != 3 ||
		len(sheet.Placements) != 2 || sheet.Placements[1].PartNumber != "BRKT-B" || sheet.Placements[1].X == nil {
		t.Fatalf("sheet reads %s", mustJSON(t, sheet))
	}
	mustEqualNum(t, "rotation", sheet.Placements[1].Rotation, "90")
	mustEqualNum(t, "thickness", *sheet.Thickness, "0.135")
	if len(got.ValidationIssues) == 0 {
		t.Fatal("the nest places 3 of each part where each job needs 2: validation issues expected")
	}
	// The GET reads what the replace answered, at a new version.
	res, body := getNestRaw(t, te.Token, s.path())
	read := decodeOK[client.NestingSetup](t, res, body)
	if mustJSON(t, read.Parts) != mustJSON(t, got.Parts) || mustJSON(t, read.Plates) != mustJSON(t, got.Plates) ||
		mustJSON(t, read.UnplacedParts) != mustJSON(t, got.UnplacedParts) {
		t.Fatalf("GET reads %s\nPUT answered %s", body, mustJSON(t, got))
	}
	if res.Header.Get("ETag") == before.Header.Get("ETag") {
		t.Fatal("the replace did not change the nest's ETag")
	}
}

func TestNestingSetupReplaceIgnoresServerOwnedMembersAndKeepsTheNestingFile(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestShop(t, te)
	putNest(t, te, s.path(), s.standardNest())
	// The nest read back, with every server-owned member made wrong and nestingFile left
	// out, is accepted as it is.
	_, b := getNestRaw(t, te.Token, s.path())
	var body map[string]any
	if err := json.Unmarshal(b, &body); err != nil {
		t.Fatal(err)
	}
	delete(body, "nestingFile")
	body["isNested"], body["machineTimeSeconds"], body["sheetCount"], body["utilisationPercent"] = false, 1, 99, 77
	body["workOrderId"], body["sheetRuns"] = ids.New(), []any{map[string]any{"id": "x", "repetitions": 9}}
	for _, p := range body["parts"].([]any) {
		part := p.(map[string]any)
		part["id"], part["quantityPlaced"], part["quantityScrapped"], part["jobId"] = "not-an-id", 500, 4, ids.New()
	}
	for _, p := range body["plates"].([]any) {
		plate := p.(map[string]any)
		plate["id"], plate["completedRepetitions"], plate["utilisationPercent"] = "x", 3, 100
	}
	got := putNest(t, te, s.path(), body)
	if !got.IsNested || got.MachineTimeSeconds != 1920 || got.SheetCount != 4 || got.CompletedSheetCount != 0 ||
		got.WorkOrderId != s.WorkOrder || len(got.SheetRuns) != 0 {
		t.Fatalf("server-owned members were taken from the request: %s", mustJSON(t, got))
	}
	if got.Parts[0].Id == "not-an-id" || got.Parts[0].QuantityPlaced != 3 || *got.Parts[0].JobId != s.A.Job ||
		got.Plates[0].CompletedRepetitions != 0 || got.Plates[0].Id == "x" {
		t.Fatalf("server-owned part or plate members were taken from the request: %s", mustJSON(t, got))
	}
	mustEqualNum(t, "quantityScrapped", got.Parts[0].QuantityScrapped, "0")
	if got.NestingFile == nil || *got.NestingFile != "NEST-0042.cnc" {
		t.Fatalf("nestingFile omitted: %v, want the stored one kept", got.NestingFile)
	}
	body["nestingFile"] = nil
	if got := putNest(t, te, s.path(), body); got.NestingFile == nil || *got.NestingFile != "NEST-0042.cnc" {
		t.Fatalf("nestingFile null: %v, want the stored one kept", got.NestingFile)
	}
	body["nestingFile"] = "NEST-0043.cnc"
	if got := putNest(t, te, s.path(), body); *got.NestingFile != "NEST-0043.cnc" {
		t.Fatalf("nestingFile sent: %v, want it replaced", *got.NestingFile)
	}
}

func TestNestingSetupEmptyPartsAndPlatesClearTheNest(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestShop(t, te)
	putNest(t, te, s.path(), s.standardNest())
	got := putNest(t, te, s.path(), map[string]any{"parts": []any{}, "plates": []any{}})
	if got.IsNested || got.MachineTimeSeconds != 0 || len(got.Parts) != 0 || len(got.Plates) != 0 || len(got.UnplacedParts) != 0 ||
		got.UtilisationPercent != nil || len(got.ValidationIssues) != 0 {
		t.Fatalf("cleared nest reads %s", mustJSON(t, got))
	}
	if got.NestingFile == nil || *got.NestingFile != "NEST-0042.cnc" {
		t.Fatalf("clearing the nest lost its nestingFile: %v", got.NestingFile)
	}
	if n := getNest(t, te, s.path()); n.IsNested || len(n.Parts) != 0 {
		t.Fatalf("GET after clearing reads %s", mustJSON(t, n))
	}
}

func TestNestingSetupPartNumbersAreUniqueAndLinkPlacementsAndUnplacedParts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestShop(t, te)
	putNest(t, te, s.path(), s.standardNest())
	cases := map[string]struct {
		change func(map[string]any)
		field  string
	}{
		"two parts share a partNumber": {func(n map[string]any) {
			n["parts"] = append(n["parts"].([]any), map[string]any{"partNumber": "BRKT-A", "width": 1, "length": 1})
		}, "parts.3.partNumber"},
		"a placement names no part": {func(n map[string]any) {
			plate := n["plates"].([]any)[1].(map[string]any)
			plate["placements"] = []any{map[string]any{"partNumber": "NOPE", "quantity": 1}}
		}, "plates.1.placements.0.partNumber"},
		"an unplaced entry names no part": {func(n map[string]any) {
			n["unplacedParts"] = []any{map[string]any{"partNumber": "NOPE", "quantity": 1}}
		}, "unplacedParts.0.partNumber"},
		"a part of a job operation the work-order operation does not group": {func(n map[string]any) {
			n["parts"].([]any)[0].(map[string]any)["jobOperationId"] = s.A.Deburr
		}, "parts.0.jobOperationId"},
		"a plate of an unknown item": {func(n map[string]any) {
			n["plates"].([]any)[0].(map[string]any)["materialItemId"] = ids.New()
		}, "plates.0.materialItemId"},
		"a part's area beyond width × length": {func(n map[string]any) {
			n["parts"].([]any)[0].(map[string]any)["area"] = 24.5
		}, "parts.0.area"},
		"a plate without a count": {func(n map[string]any) {
			delete(n["plates"].([]any)[0].(map[string]any), "count")
		}, "plates.0.count"},
		"a plate cut 0 times": {func(n map[string]any) {
			n["plates"].([]any)[0].(map[string]any)["count"] = 0
		}, "plates.0.count"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			body := s.standardNest()
			body["nestingFile"] = "REFUSED.cnc"
			c.change(body)
			res, b := putNestRaw(t, te.Token, s.path(), body)
			mustProblemNaming(t, res, b, c.field)
		})
	}
	// Nothing refused was written.
	if n := getNest(t, te, s.path()); *n.NestingFile != "NEST-0042.cnc" || len(n.Parts) != 3 {
		t.Fatalf("a refused replace wrote: %s", mustJSON(t, n))
	}
}

func TestNestingSetupValidationIssuesNeverRefuseTheWrite(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestShop(t, te)
	body := map[string]any{
		"parts": []any{
			map[string]any{"partNumber": "A", "jobOperationId": s.A.Mill, "width": 4, "length": 6},
			map[string]any{"partNumber": "B", "jobOperationId": s.B.Mill, "width": 4, "length": 6},
			map[string]any{"partNumber": "LOST", "width": 1, "length": 1},
		},
		"plates": []any{
			map[string]any{"width": 48, "length": 96, "count": 1, "placements": []any{
				// Flush against the right edge: inside.
				map[string]any{"partNumber": "A", "quantity": 1, "x": 44, "y": 0},
				// The same spot turned 90°: 6 wide, so it leaves the plate.
				map[string]any{"partNumber": "B", "quantity": 1, "x": 44, "y": 0, "rotation": 90},
			}},
			// 3 repetitions of 1 A (24 square) on a 20-square plate: more than job A's 2, and overfilled.
			map[string]any{"width": 4, "length": 5, "count": 3, "placements": []any{
				map[string]any{"partNumber": "A", "quantity": 1},
			}},
		},
	}
	got := putNest(t, te, s.path(), body)
	want := []string{
		"overPlaced parts.0 A",
		"partNotPlaced parts.2 LOST",
		"placementOutsidePlate plates.0.placements.1 B",
		"plateOverfilled plates.1 <nil>",
	}
	var have []string
	for _, is := range got.ValidationIssues {
		have = append(have, fmt.Sprintf("%s %s %s", is.Code, is.Path, optText(is.PartNumber)))
		if is.Message == "" {
			t.Fatalf("issue without a message: %s", mustJSON(t, is))
		}
	}
	if strings.Join(have, "\n") != strings.Join(want, "\n") {
		t.Fatalf("validation issues:\n%s\nwant:\n%s", strings.Join(have, "\n"), strings.Join(want, "\n"))
	}
	if n := getNest(t, te, s.path()); len(n.Plates) != 2 || n.Parts[0].QuantityPlaced != 4 {
		t.Fatalf("the nest with issues was not stored as sent: %s", mustJSON(t, n))
	}
}

func TestNestingSetupReplaceHonoursIfMatch(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestShop(t, te)
	res, _ := getNestRaw(t, te.Token, s.path())
	stale := res.Header.Get("ETag")
	putNest(t, te, s.path(), s.standardNest())
	clear := jobJSON(t, map[string]any{"parts": []any{}, "plates": []any{}})
	res, b := conditionally(t, te, http.MethodPut, s.path(), clear, ifMatch(stale))
	mustProblem(t, res, b, http.StatusPreconditionFailed)
	res, _ = getNestRaw(t, te.Token, s.path())
	current := res.Header.Get("ETag")
	res, b = conditionally(t, te, http.MethodPut, s.path(), clear, ifMatch(current))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if res.Header.Get("ETag") == "" || res.Header.Get("ETag") == current {
		t.Fatalf("the replace answered ETag %q after %q", res.Header.Get("ETag"), current)
	}
}

// workedNest is a nest of s with one sheet run recorded by run, and what it held.
func workedNest(t *testing.T, te *tenantEnv, s nestShop, run func(plate string) map[string]any) client.NestingSetup {
	t.Helper()
	stored := putNest(t, te, s.path(), s.standardNest())
	return runSheet(t, te, s.path(), run(stored.Plates[0].Id))
}

func TestNestingSetupOfAWorkedNestAnswers409(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	cases := map[string]func(plate string) map[string]any{
		"a completed sheet repetition": func(plate string) map[string]any {
			return map[string]any{"plateId": plate, "repetitions": 1}
		},
		"posted inventory": func(plate string) map[string]any {
			return map[string]any{"plateId": plate, "repetitions": 0, "materialPick": map[string]any{"quantity": 1}}
		},
		"recorded scrap": func(plate string) map[string]any {
			return map[string]any{"plateId": plate, "repetitions": 0, "scrap": []any{map[string]any{"partNumber": "BRKT-A", "quantity": 1}}}
		},
	}
	for name, run := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := newNestShop(t, te)
			worked := workedNest(t, te, s, run)
			for _, body := range []map[string]any{s.standardNest(), {"parts": []any{}, "plates": []any{}}} {
				res, b := putNestRaw(t, te.Token, s.path(), body)
				p := mustProblem(t, res, b, http.StatusConflict)
				if !strings.Contains(p.Detail, strings.Fields(name)[1]) {
					t.Fatalf("409 detail %q does not say what was recorded (%s)", p.Detail, name)
				}
			}
			if n := getNest(t, te, s.path()); mustJSON(t, n) != mustJSON(t, worked) {
				t.Fatalf("a refused replace changed the nest:\n%s\nwas\n%s", mustJSON(t, n), mustJSON(t, worked))
			}
		})
	}
}

func TestNestSheetRunRecordsRepetitionsPicksAndScrap(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestShop(t, te)
	stored := putNest(t, te, s.path(), s.standardNest())
	sheet := stored.Plates[0].Id
	got := runSheet(t, te, s.path(), map[string]any{"plateId": sheet, "repetitions": 2, "materialPick": map[string]any{},
		"scrap": []any{map[string]any{"partNumber": "BRKT-B", "quantity": 1, "reason": "burr on edge"}}})
	if got.Plates[0].CompletedRepetitions != 2 || got.CompletedSheetCount != 2 || len(got.SheetRuns) != 1 {
		t.Fatalf("after the run: %s", mustJSON(t, got))
	}
	run := got.SheetRuns[0]
	if run.PlateId != sheet || run.Repetitions != 2 || run.InventoryEventId == nil || run.UserId != nil {
		t.Fatalf("run reads %s", mustJSON(t, run))
	}
	mustEqualNum(t, "run scrap", run.QuantityScrapped, "1")
	mustEqualNum(t, "part scrap", got.Parts[1].QuantityScrapped, "1")
	// The pick took the 2 sheets of the repetitions, with the work-order operation as source.
	ev := getEvent(t, te, *run.InventoryEventId)
	if ev.ItemId != s.Sheet || ev.SourceType == nil || *ev.SourceType != client.InventorySourceTypeWorkOrderOperation ||
		ev.SourceEntityId == nil || *ev.SourceEntityId != s.Cut || string(ev.SecondaryType) != "consume" {
		t.Fatalf("pick event reads %s", mustJSON(t, ev))
	}
	mustEqualNum(t, "picked", ev.Quantity, "2")
	mustDec(t, "sheets on hand", onHandAt(t, te, s.Sheet, nil, nil), "8")
	// The scrap is job B's Mill operation's, in the scrap register with its reason.
	for _, j := range getWorkOrder(t, te, s.WorkOrder).Operations[0].JobOperations {
		want := map[string]string{s.A.Mill: "0", s.B.Mill: "1"}[j.JobOperationId]
		mustEqualNum(t, "job operation scrap", j.QuantityScrapped, want)
	}
	report := scrapReports(t, te, "jobId="+s.B.Job)
	if len(report.Data) != 1 || optText(report.Data[0].Reason) != "burr on edge" {
		t.Fatalf("scrap register for job B: %s", mustJSON(t, report))
	}
	// A second run completes the last repetition; a third has none left.
	runSheet(t, te, s.path(), map[string]any{"plateId": sheet, "repetitions": 1})
	res, b := runSheetRaw(t, te.Token, s.path(), map[string]any{"plateId": sheet, "repetitions": 1})
	mustProblemNaming(t, res, b, "repetitions")
}

func TestNestSheetRunRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestShop(t, te)
	stored := putNest(t, te, s.path(), s.standardNest())
	sheet, offcut := stored.Plates[0].Id, stored.Plates[1].Id
	cases := map[string]struct {
		body  map[string]any
		field string
	}{
		"a plate of no nest":          {map[string]any{"plateId": ids.NewSub(), "repetitions": 1}, "plateId"},
		"more repetitions than count": {map[string]any{"plateId": sheet, "repetitions": 4}, "repetitions"},
		"nothing recorded":            {map[string]any{"plateId": sheet, "repetitions": 0}, "repetitions"},
		"a pick of a plate without a stock item": {map[string]any{"plateId": offcut, "repetitions": 1,
			"materialPick": map[string]any{}}, "materialPick"},
		"a pick of 0 sheets": {map[string]any{"plateId": sheet, "repetitions": 0, "materialPick": map[string]any{}}, "materialPick.quantity"},
		"a pick of more sheets than are on hand": {map[string]any{"plateId": sheet, "repetitions": 1,
			"materialPick": map[string]any{"quantity": 11}}, "materialPick.quantity"},
		"scrap of a filler part": {map[string]any{"plateId": offcut, "repetitions": 0,
			"scrap": []any{map[string]any{"partNumber": "FILLER", "quantity": 1}}}, "scrap.0.partNumber"},
		"scrap of no part of the nest": {map[string]any{"plateId": sheet, "repetitions": 0,
			"scrap": []any{map[string]any{"partNumber": "NOPE", "quantity": 1}}}, "scrap.0.partNumber"},
		"scrap of a negative quantity": {map[string]any{"plateId": sheet, "repetitions": 0,
			"scrap": []any{map[string]any{"partNumber": "BRKT-A", "quantity": -1}}}, "scrap.0.quantity"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			res, b := runSheetRaw(t, te.Token, s.path(), c.body)
			mustProblemNaming(t, res, b, c.field)
		})
	}
	// A refused run leaves nothing behind: no run, no pick, no scrap; the nest can still be
	// replaced.
	if n := getNest(t, te, s.path()); len(n.SheetRuns) != 0 || n.CompletedSheetCount != 0 {
		t.Fatalf("a refused run wrote: %s", mustJSON(t, n))
	}
	mustDec(t, "sheets on hand", onHandAt(t, te, s.Sheet, nil, nil), "10")
	putNest(t, te, s.path(), s.standardNest())
	// A cancelled work order takes no more runs.
	res, b := moveWorkOrder(t, te.Token, s.WorkOrder, "cancelled")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	plate := getNest(t, te, s.path()).Plates[0].Id
	res, b = runSheetRaw(t, te.Token, s.path(), map[string]any{"plateId": plate, "repetitions": 1})
	mustProblemNaming(t, res, b, "status")
}

func TestNestSheetRunsRacingForTheLastRepetitionCompleteItOnce(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestShop(t, te)
	stored := putNest(t, te, s.path(), s.standardNest())
	sheet := stored.Plates[0].Id
	runSheet(t, te, s.path(), map[string]any{"plateId": sheet, "repetitions": 2})
	statuses := concurrently(t, 4, func() (int, error) {
		res, _ := runSheetRaw(t, te.Token, s.path(), map[string]any{"plateId": sheet, "repetitions": 1})
		return res.StatusCode, nil
	})
	if statuses[http.StatusOK] != 1 || statuses[http.StatusBadRequest] != 3 {
		t.Fatalf("racing runs answered %v, want one 200 and three 400", statuses)
	}
	if n := getNest(t, te, s.path()); n.Plates[0].CompletedRepetitions != 3 || len(n.SheetRuns) != 2 {
		t.Fatalf("after the race: %s", mustJSON(t, n))
	}
}

// arrangeNests: a nest in each tenant, with 1 part and plate in the small tenant and many
// parts, plates, placements and sheet runs in the large one.
func arrangeNests(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) string {
		s := newNestShop(t, te)
		var parts, plates []any
		for i := range size.records {
			number := fmt.Sprintf("P-%d", i)
			parts = append(parts, map[string]any{"partNumber": number, "jobOperationId": s.A.Mill, "width": 1, "length": 1})
			var placements []any
			for range size.subs(i) {
				placements = append(placements, map[string]any{"partNumber": number, "quantity": 1, "x": 0, "y": 0})
			}
			plates = append(plates, map[string]any{"materialItemId": s.Sheet, "width": 48, "length": 96, "count": 2, "placements": placements})
		}
		nest := putNest(t, te, s.path(), map[string]any{"parts": parts, "plates": plates,
			"unplacedParts": []any{map[string]any{"partNumber": "P-0", "quantity": 1}}})
		for _, p := range nest.Plates {
			runSheet(t, te, s.path(), map[string]any{"plateId": p.Id, "repetitions": 1})
		}
		return s.path()
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{getRead("getNestingSetup", s, l)}
}

// TestNestReplacesWithIfMatchAndSheetRunsRacingAnswerNoServerError: a replace with If-Match
// (the guard locks the nest first) and sheet runs (which lock the nest before the work
// order, as the replace does) never wait on each other in a cycle: every request answers a
// 2xx or a 4xx, and of the replaces naming one version at most one wins.
func TestNestReplacesWithIfMatchAndSheetRunsRacingAnswerNoServerError(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestShop(t, te)
	putNest(t, te, s.path(), s.standardNest())
	res, _ := getNestRaw(t, te.Token, s.path())
	tag, plate := res.Header.Get("ETag"), getNest(t, te, s.path()).Plates[0].Id
	body := jobJSON(t, s.standardNest())
	statuses := atOnce(t, 6, func(i int) (int, error) {
		if i%2 == 0 {
			res, _ := conditionally(t, te, http.MethodPut, s.path(), body, ifMatch(tag))
			return res.StatusCode, nil
		}
		res, _ := runSheetRaw(t, te.Token, s.path(), map[string]any{"plateId": plate, "repetitions": 1})
		return res.StatusCode, nil
	})
	for status, n := range statuses {
		if status >= 500 {
			t.Fatalf("racing replaces and runs answered %d %d times: %v", status, n, statuses)
		}
	}
	if statuses[http.StatusOK] > 4 {
		t.Fatalf("answers %v: more than one replace naming one version won", statuses)
	}
}
