package tests

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// Helpers of the nestable-jobs list tests.

const nestableJobsPath = "/api/nesting/nestable-jobs/list"

// nestableShop is three released jobs whose open operations fall in four nestable groups:
//
//   - Job A (started 2026-12-10, 10 of item A) runs Laser (library Laser, seq 10), Bend
//     (library Bend, seq 20, no material) and Saw (library Saw, seq 30); A's sheet is
//     consumed at Laser, A's bar at no operation (so at Laser, the first) and a second bar
//     at Saw.
//   - Job B (started 2026-12-05, 7 of item B) runs Laser (library Laser), consuming B's
//     sheet (same shape as A's).
//   - Job C (no start date, 5 of item C) runs Saw (library Saw), consuming C's sheet tied to
//     no operation.
//
// The groups, in the list's default order: (Laser, sheet) with LaserB then LaserA, earliest
// 2026-12-05; (Laser, bar) with LaserA and (Saw, bar) with SawA, both 2026-12-10; (Saw,
// sheet) with SawC, undated.
type nestableShop struct {
	Suffix                            string
	Laser, Bend, Saw                  string // library operations
	LaserName, SawName                string
	Sheet, Bar                        client.MaterialShape
	Stock                             string // the stock item of A's sheet
	ItemA, ItemB, ItemC               string
	ItemNumberA                       string
	JobA, JobB, JobC                  string
	JobNumberA, JobNumberB            int64
	JobNameA                          string
	MakeA, MakeB, MakeC               string // the jobs' items to make
	LaserA, BendA, SawA, LaserB, SawC string // job operations
	SheetA, BarA, SawBarA             string // A's input materials (item routing ids)
}

func newNestableShop(t *testing.T, te *tenantEnv) nestableShop {
	t.Helper()
	// Letters only, so that a search by a job number matches no other text of the shop.
	s := nestableShop{Suffix: strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return 'g' + (r - '0')
		}
		return r
	}, ids.New()[16:])}
	s.Sheet, s.Bar = catalogueShapes(t, te)
	s.Stock = createItem(t, te, newItem("STOCK-"+s.Suffix))
	s.LaserName, s.SawName = "Laser "+s.Suffix, "Saw "+s.Suffix
	s.Laser = createOperation(t, te, client.OperationWrite{Name: s.LaserName})
	s.Bend = createOperation(t, te, client.OperationWrite{Name: "Bend " + s.Suffix})
	s.Saw = createOperation(t, te, client.OperationWrite{Name: s.SawName})

	s.ItemNumberA = "PANEL-" + s.Suffix
	s.ItemA = createItem(t, te, newItem(s.ItemNumberA))
	laserA := createRoutingOperation(t, te, s.ItemA, client.RoutingOperationWrite{Name: ptr("Cut panel"), Sequence: ptr(int32(10)), OperationId: &s.Laser})
	createRoutingOperation(t, te, s.ItemA, client.RoutingOperationWrite{Name: ptr("Bend"), Sequence: ptr(int32(20)), OperationId: &s.Bend})
	sawA := createRoutingOperation(t, te, s.ItemA, client.RoutingOperationWrite{Name: ptr("Saw rails"), Sequence: ptr(int32(30)), OperationId: &s.Saw})
	s.SheetA = createInputMaterial(t, te, s.ItemA, client.RoutingInputMaterialWrite{
		MaterialShapeId: s.Sheet.Id, BlankLength: num("10"), BlankWidth: ptr(num("5")), ItemId: &s.Stock, RoutingOperationId: &laserA})
	s.BarA = createInputMaterial(t, te, s.ItemA, client.RoutingInputMaterialWrite{MaterialShapeId: s.Bar.Id, BlankLength: num("7")})
	s.SawBarA = createInputMaterial(t, te, s.ItemA, client.RoutingInputMaterialWrite{MaterialShapeId: s.Bar.Id, BlankLength: num("3"), RoutingOperationId: &sawA})

	s.ItemB = createItem(t, te, newItem("BRACKET-"+s.Suffix))
	laserB := createRoutingOperation(t, te, s.ItemB, client.RoutingOperationWrite{Name: ptr("Cut bracket"), Sequence: ptr(int32(10)), OperationId: &s.Laser})
	createInputMaterial(t, te, s.ItemB, client.RoutingInputMaterialWrite{
		MaterialShapeId: s.Sheet.Id, BlankLength: num("4"), BlankWidth: ptr(num("2")), RoutingOperationId: &laserB})

	s.ItemC = createItem(t, te, newItem("PLATE-"+s.Suffix))
	createRoutingOperation(t, te, s.ItemC, client.RoutingOperationWrite{Name: ptr("Saw plate"), Sequence: ptr(int32(10)), OperationId: &s.Saw})
	createInputMaterial(t, te, s.ItemC, client.RoutingInputMaterialWrite{MaterialShapeId: s.Sheet.Id, BlankLength: num("6"), BlankWidth: ptr(num("6"))})

	s.JobNameA = "Alpha " + s.Suffix
	s.JobA = createJob(t, te, map[string]any{"status": "released", "name": s.JobNameA, "startDate": "2026-12-10",
		"itemsToMake": []any{jobMake(s.ItemA, "10")}})
	s.JobB = createJob(t, te, map[string]any{"status": "released", "startDate": "2026-12-05", "itemsToMake": []any{jobMake(s.ItemB, "7")}})
	s.JobC = createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(s.ItemC, "5")}})
	s.JobNumberA, s.JobNumberB = getJob(t, te, s.JobA).Number, getJob(t, te, s.JobB).Number
	s.MakeA, s.MakeB, s.MakeC = jobItems(t, te, s.JobA)[0].Id, jobItems(t, te, s.JobB)[0].Id, jobItems(t, te, s.JobC)[0].Id
	for _, op := range jobOps(t, te, s.JobA) {
		switch op.Name {
		case "Cut panel":
			s.LaserA = op.Id
		case "Bend":
			s.BendA = op.Id
		case "Saw rails":
			s.SawA = op.Id
		}
	}
	s.LaserB, s.SawC = jobOps(t, te, s.JobB)[0].Id, jobOps(t, te, s.JobC)[0].Id
	if s.LaserA == "" || s.BendA == "" || s.SawA == "" {
		t.Fatalf("job A's operations %s", mustJSON(t, jobOps(t, te, s.JobA)))
	}
	return s
}

// label names a group of the shop: "laser/sheet", "laser/bar", "saw/bar", "saw/sheet" (or
// "other" for a group of another shop).
func (s nestableShop) label(g client.NestableJobGroup) string {
	op := map[string]string{s.Laser: "laser", s.Saw: "saw", s.Bend: "bend"}[g.Operation.Id]
	shape := map[string]string{s.Sheet.Id: "sheet", s.Bar.Id: "bar"}[g.MaterialShape.Id]
	if op == "" || shape == "" {
		return "other"
	}
	return op + "/" + shape
}

// labels names the groups of page in order.
func (s nestableShop) labels(p client.NestableJobGroupList) []string {
	out := make([]string, len(p.Data))
	for i, g := range p.Data {
		out[i] = s.label(g)
	}
	return out
}

// group answers the group labelled label in p.
func (s nestableShop) group(t *testing.T, p client.NestableJobGroupList, label string) client.NestableJobGroup {
	t.Helper()
	for _, g := range p.Data {
		if s.label(g) == label {
			return g
		}
	}
	t.Fatalf("no group %s in %v", label, s.labels(p))
	return client.NestableJobGroup{}
}

// mustGroups asserts the page's groups, in order, by label.
func (s nestableShop) mustGroups(t *testing.T, what string, p client.NestableJobGroupList, want ...string) {
	t.Helper()
	if got := s.labels(p); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s: groups %v, want %v", what, got, want)
	}
	if p.TotalCount < len(want) {
		t.Fatalf("%s: totalCount %d below the %d groups answered", what, p.TotalCount, len(want))
	}
}

// jobOperationIDs are the job operations of g, in order.
func jobOperationIDs(g client.NestableJobGroup) []string {
	out := make([]string, len(g.JobOperations))
	for i, jo := range g.JobOperations {
		out[i] = jo.JobOperationId
	}
	return out
}

// listNestableRaw lists te's nestable groups with query (e.g. "?Take=1") and filter.
func listNestableRaw(t *testing.T, te *tenantEnv, query, filter string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, nestableJobsPath+query, te.Token, "application/json", filter)
}

// listNestable answers te's page of nestable groups; it must answer 200.
func listNestable(t *testing.T, te *tenantEnv, query, filter string) client.NestableJobGroupList {
	t.Helper()
	res, b := listNestableRaw(t, te, query, filter)
	return decodeOK[client.NestableJobGroupList](t, res, b)
}

// nestBody is a nesting setup naming each job operation in a part (P1, P2, …) placed twice
// on one sheet.
func nestBody(jobOperationIDs ...string) map[string]any {
	parts, placements := []any{}, []any{}
	for i, id := range jobOperationIDs {
		number := fmt.Sprintf("P%d", i+1)
		parts = append(parts, map[string]any{"partNumber": number, "jobOperationId": id, "width": 10, "length": 5})
		placements = append(placements, map[string]any{"partNumber": number, "quantity": 2})
	}
	return map[string]any{"parts": parts, "plates": []any{map[string]any{"width": 48, "length": 96, "count": 1, "placements": placements}}}
}

// nestOn puts the nest of nestBody(jobOperationIDs…) on the only operation of work order wo.
func nestOn(t *testing.T, te *tenantEnv, wo string, jobOperationIDs ...string) {
	t.Helper()
	op := getWorkOrder(t, te, wo).Operations[0].Id
	putNest(t, te, nestPath(wo, op), nestBody(jobOperationIDs...))
}
