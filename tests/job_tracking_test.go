package tests

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

func jobTracking(t *testing.T, te *tenantEnv, jobID string) client.JobTracking {
	t.Helper()
	var out client.JobTracking
	jobDecode(t, te, http.MethodGet, jobPath(jobID)+"/tracking", "", http.StatusOK, &out)
	return out
}

func jobMakeSummary(t *testing.T, te *tenantEnv, jobID string) client.JobMakeSummary {
	t.Helper()
	var out client.JobMakeSummary
	jobDecode(t, te, http.MethodGet, jobPath(jobID)+"/make-summary", "", http.StatusOK, &out)
	return out
}

func jobCostBreakdown(t *testing.T, te *tenantEnv, jobID, itemToMakeID string) client.JobItemToMakeCostBreakdown {
	t.Helper()
	var out client.JobItemToMakeCostBreakdown
	jobDecode(t, te, http.MethodGet, jobItemToMakePath(jobID, itemToMakeID)+"/cost-breakdown", "", http.StatusOK, &out)
	return out
}

// operationTime is time recorded on a job operation, by kind (recordOperationTime records
// it through the timers API).
type operationTime struct {
	SetupSeconds, LaborSeconds, MachineSeconds int64
}

// The make summary adds up the job's items to make by item, in the order of each item's first
// item to make: quantities to make, made and scrapped, what remains (never below 0), how many
// items to make name the item and how many are open, and the earliest due date.
func TestJobMakeSummaryAddsUpTheItemsToMakeByItem(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	a, b := createItem(t, te, newItem("SUM-A")), createItem(t, te, newItem("SUM-B"))
	for _, item := range []string{a, b} {
		createRoutingOperation(t, te, item, client.RoutingOperationWrite{Name: ptr("Assemble")})
	}
	made := func(item, quantity, due string) map[string]any {
		m := jobMake(item, quantity)
		if due != "" {
			m["dueDate"] = due
		}
		return m
	}
	jobID := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{
		made(a, "5", "2026-12-15"), made(b, "2", ""), made(a, "3", "2026-12-10"),
	}})
	list := jobItems(t, te, jobID)
	ops := jobOps(t, te, jobID) // one Assemble per item to make, by position
	// The first A completes having made 6 of its 5 (one over); B completes having made none
	// and scrapped 1; the second A stays open.
	mustJobOp(t, te, jobID, list[0].Id, ops[0].Id, "complete", map[string]any{"quantityCompleted": 6})
	mustJobOp(t, te, jobID, list[1].Id, ops[1].Id, "complete", map[string]any{"quantityCompleted": 0, "quantityScrapped": 1})
	s := jobMakeSummary(t, te, jobID)
	if s.JobId != jobID || s.Status != client.JobStatusInProgress || len(s.Items) != 2 {
		t.Fatalf("summary %+v, want the job in progress with two items", s)
	}
	sa, sb := s.Items[0], s.Items[1]
	if sa.ItemId != a || sb.ItemId != b || sa.ItemNumber != "SUM-A" {
		t.Fatalf("items %s, %s: want A then B (by first position)", sa.ItemId, sb.ItemId)
	}
	mustDec(t, "A to make", sa.QuantityToMake, "8")
	mustDec(t, "A made", sa.QuantityMade, "6")
	mustDec(t, "A remaining", sa.QuantityRemaining, "2") // 8 - 6
	if sa.ItemsToMake != 2 || sa.OpenItemsToMake != 1 {
		t.Fatalf("A: %d items to make, %d open; want 2 and 1", sa.ItemsToMake, sa.OpenItemsToMake)
	}
	if sa.EarliestDueDate == nil || !sa.EarliestDueDate.Equal(time.Date(2026, 12, 10, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("A's earliest due date %v, want 2026-12-10", sa.EarliestDueDate)
	}
	// Scrapped units are not made: B still has 2 - 0 remaining.
	mustDec(t, "B scrapped", sb.QuantityScrapped, "1")
	mustDec(t, "B remaining", sb.QuantityRemaining, "2")
	if sb.EarliestDueDate != nil || sb.ItemsToMake != 1 || sb.OpenItemsToMake != 0 {
		t.Fatalf("B: due %v, %d items to make, %d open; want none, 1 and 0 (complete)", sb.EarliestDueDate, sb.ItemsToMake, sb.OpenItemsToMake)
	}
	// Made beyond the quantity leaves nothing remaining, never less: the second A makes its
	// 3, so A has made 6 + 3 = 9 of 8, and the job (every item to make complete) completes.
	mustJobOp(t, te, jobID, list[2].Id, ops[2].Id, "complete", map[string]any{})
	s = jobMakeSummary(t, te, jobID)
	mustDec(t, "A made when over-made", s.Items[0].QuantityMade, "9")
	mustDec(t, "A remaining when over-made", s.Items[0].QuantityRemaining, "0")
	if s.Status != client.JobStatusComplete || s.Items[0].OpenItemsToMake != 0 {
		t.Fatalf("summary %+v, want the job complete with no A open", s)
	}
	for _, path := range []string{jobPath(jobID) + "/make-summary", jobPath(ids.New()) + "/make-summary"} {
		res, body := jobRequest(t, other, http.MethodGet, path, "")
		mustProblem(t, res, body, http.StatusNotFound)
	}
}

// The tracking shows where each item to make stands: its operations by sequence with their
// names from its routing and their production state, how many are complete, the first not
// complete as the current operation (null once all are) and the time recorded so far.
func TestJobTrackingShowsEachItemToMakeAtItsCurrentOperation(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	f := newJobFixture(t, te, "")
	jobID := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(f.Item, "4"), jobMake(f.Component, "1")}})
	rs := jobRoutings(t, te, jobID)
	tr := jobTracking(t, te, jobID)
	if tr.JobId != jobID || len(tr.ItemsToMake) != 2 {
		t.Fatalf("tracking %+v, want two items to make", tr)
	}
	first := tr.ItemsToMake[0]
	if first.ItemToMakeId != rs[0].ItemToMakeID || first.OperationsTotal != 2 || first.OperationsComplete != 0 ||
		first.CurrentOperation == nil || first.CurrentOperation.Name != "Cut" || first.CurrentOperation.Sequence != 10 {
		t.Fatalf("first item to make %+v, want Cut current of 2", first)
	}
	if second := tr.ItemsToMake[1]; second.OperationsTotal != 0 || second.CurrentOperation != nil || len(second.Operations) != 0 {
		t.Fatalf("the component's item to make %+v, want no operations and no current one", second)
	}
	cut, weld := first.Operations[0].Id, first.Operations[1].Id
	// Cut: 10 minutes of setup, 20 of labor and 5 of machine, then complete with the
	// quantity to make (4). Weld: started with 1 scrapped and a minute of labor.
	recordOperationTime(t, te, jobID, cut, operationTime{SetupSeconds: 600, LaborSeconds: 1200, MachineSeconds: 300})
	mustJobOp(t, te, jobID, rs[0].ItemToMakeID, cut, "complete", map[string]any{})
	mustJobOp(t, te, jobID, rs[0].ItemToMakeID, weld, "add-quantity-completed", map[string]any{"quantity": 0, "quantityScrapped": 1})
	recordOperationTime(t, te, jobID, weld, operationTime{LaborSeconds: 60})
	first = jobTracking(t, te, jobID).ItemsToMake[0]
	if first.OperationsComplete != 1 || first.CurrentOperation == nil || first.CurrentOperation.Id != weld {
		t.Fatalf("after Cut completed: %d complete, current %+v; want 1 and Weld", first.OperationsComplete, first.CurrentOperation)
	}
	if first.Time.SetupSeconds != 600 || first.Time.LaborSeconds != 1260 || first.Time.MachineSeconds != 300 {
		t.Fatalf("time %+v, want setup 600, labor 1260 (1200 + 60), machine 300", first.Time)
	}
	c, w := first.Operations[0], first.Operations[1]
	if c.Status != client.JobOperationStatusComplete || c.CompletedUtc == nil || w.Status != client.JobOperationStatusStarted || w.StartedUtc == nil || w.CompletedUtc != nil {
		t.Fatalf("operations %+v, want Cut complete and Weld started", first.Operations)
	}
	mustDec(t, "Cut completed", c.QuantityCompleted, "4")
	mustDec(t, "Weld scrapped", w.QuantityScrapped, "1")
	mustJobOp(t, te, jobID, rs[0].ItemToMakeID, weld, "complete", map[string]any{})
	if first = jobTracking(t, te, jobID).ItemsToMake[0]; first.CurrentOperation != nil || first.OperationsComplete != 2 {
		t.Fatalf("all complete: current %+v, %d complete; want none and 2", first.CurrentOperation, first.OperationsComplete)
	}
	for _, path := range []string{jobPath(jobID) + "/tracking", jobPath(ids.New()) + "/tracking"} {
		res, body := jobRequest(t, other, http.MethodGet, path, "")
		mustProblem(t, res, body, http.StatusNotFound)
	}
}

// The cost breakdown of an item to make shows what making it has cost so far: its own level
// and cumulative costs with per-unit amounts on the quantity made (the quantity to make until
// some is made), the hours recorded, each operation's time and cost, and the stock picked for
// it added up by item. An item to make of another job, an unknown job and another tenant's
// answer 404.
func TestJobItemToMakeCostBreakdownShowsTheCostSoFar(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	f := newJobFixture(t, te, "")
	steel := createItem(t, te, newItem("STEEL-"+ids.New()[16:]))
	// The component is a sub-assembly worth 5 a unit: 4.0625 material, 0.625 labor and
	// 0.3125 machine; steel is 5 a unit of material.
	receiveStock(t, te, client.InventoryReceive{ItemId: f.Component, Quantity: num("8"),
		MaterialValue: ptr(num("4.0625")), LaborValue: ptr(num("0.625")), MachineValue: ptr(num("0.3125"))})
	receiveStock(t, te, client.InventoryReceive{ItemId: steel, Quantity: num("1.5"), MaterialValue: ptr(num("5"))})
	jobID := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(f.Item, "4")}})
	r := jobRoutings(t, te, jobID)[0]
	ops := jobTracking(t, te, jobID).ItemsToMake[0].Operations
	cut, weld := ops[0].Id, ops[1].Id
	// Cut costs 40 an hour of labor and 12 of machine (its routing operation's rates; no
	// work center, so setup costs nothing), set before work starts on it.
	jobDecode(t, te, http.MethodPost, r.operationPath(cut), jobJSON(t, map[string]any{"name": "Cut", "sequence": 10,
		"setupTimeMinutes": 15, "runTimeMinutesPerUnit": 2, "laborRate": 40, "machineRate": 12}), http.StatusOK, nil)
	// Picks: 2 + 6 components at Weld (10 + 30) and 1.5 steel at Cut (7.5): 47.5 of material
	// at this level; by the kinds the stock carries, 8 × 4.0625 + 7.5 = 40 material,
	// 8 × 0.625 = 5 labor and 8 × 0.3125 = 2.5 machine.
	pickFor(t, te, jobID, r.ItemToMakeID, weld, f.Component, "2")
	pickFor(t, te, jobID, r.ItemToMakeID, weld, f.Component, "6")
	pickFor(t, te, jobID, r.ItemToMakeID, cut, steel, "1.5")
	// Cut: a quarter hour of setup, an hour of labor costing 40, an hour of machine costing 12.
	recordOperationTime(t, te, jobID, cut, operationTime{SetupSeconds: 900, LaborSeconds: 3600, MachineSeconds: 3600})

	b := jobCostBreakdown(t, te, jobID, r.ItemToMakeID)
	if b.ItemToMakeId != r.ItemToMakeID || b.ItemId != f.Item {
		t.Fatalf("breakdown of %s (%s)", b.ItemToMakeId, b.ItemId)
	}
	mustDec(t, "quantity before any is made", b.Quantity, "4")
	mustDec(t, "item level total", b.ItemCost.Total.Total, "99.5")       // 47.5 + 40 + 12
	mustDec(t, "item level material", b.ItemCost.Material.Total, "47.5") // every pick's value
	mustDec(t, "cumulative labor", b.CumulativeCost.Labor.Total, "45")   // 5 picked + 40 own
	mustDec(t, "cumulative total", b.CumulativeCost.Total.Total, "99.5") // 40 + 45 + 14.5
	mustDec(t, "cumulative per unit", b.CumulativeCost.Total.PerUnit, "24.875")
	mustDec(t, "overhead", b.ItemCost.Overhead.Total, "0")
	mustDec(t, "setup hours", b.Time.Setup, "0.25")
	if len(b.Operations) != 2 || b.Operations[0].OperationId != cut || b.Operations[0].Name != "Cut" || b.Operations[0].LaborSeconds != 3600 {
		t.Fatalf("operations %+v, want Cut with its time, then Weld", b.Operations)
	}
	mustDec(t, "Cut labor", b.Operations[0].Labor, "40")
	if len(b.Materials) != 2 {
		t.Fatalf("materials %+v, want two items", b.Materials)
	}
	byItem := map[string]client.JobMaterialCost{}
	for _, m := range b.Materials {
		byItem[m.ItemId] = m
	}
	mustDec(t, "component picked", byItem[f.Component].Quantity, "8")
	mustDec(t, "component value", byItem[f.Component].Value, "40")
	mustDec(t, "steel value", byItem[steel].Value, "7.5")

	// Once some is made, per-unit amounts divide by the quantity made: Cut completes, then
	// Weld with 2 made and 1 scrapped, which completes the item to make.
	mustJobOp(t, te, jobID, r.ItemToMakeID, cut, "complete", map[string]any{})
	mustJobOp(t, te, jobID, r.ItemToMakeID, weld, "complete", map[string]any{"quantityCompleted": 2, "quantityScrapped": 1})
	b = jobCostBreakdown(t, te, jobID, r.ItemToMakeID)
	mustDec(t, "quantity once made", b.Quantity, "2")
	mustDec(t, "scrapped", b.QuantityScrapped, "1")
	mustDec(t, "item level per unit", b.ItemCost.Total.PerUnit, "49.75") // 99.5 / 2

	another := createJobMaking(t, te, f.Item, "1")
	res, body := jobRequest(t, te, http.MethodGet, jobItemToMakePath(another, r.ItemToMakeID)+"/cost-breakdown", "")
	mustProblem(t, res, body, http.StatusNotFound)
	for _, path := range []string{jobItemToMakePath(jobID, r.ItemToMakeID) + "/cost-breakdown", jobItemToMakePath(ids.New(), r.ItemToMakeID) + "/cost-breakdown"} {
		res, body := jobRequest(t, other, http.MethodGet, path, "")
		mustProblem(t, res, body, http.StatusNotFound)
	}
}

// arrangeJobRoutings: a released job whose first item to make's routing (copied from its
// item's) has one operation (small) or many (large), each with an item consumed (all at the
// first operation), an input item, an input material and a pick; the large job makes many
// items to make, so its summary, tracking and cost breakdown read every kind of record.
func arrangeJobRoutings(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct {
		r                  jobRouting
		opID, opItem, inID string
	}
	build := func(te *tenantEnv, n int) built {
		_, linear := catalogueShapes(t, te)
		wc := namedWorkCenter(t, te, "Job cell", "")
		item, plain := createItem(t, te, newItem("JOBBED")), createItem(t, te, newItem("JOBBED-PLAIN"))
		var first string
		parts := make([]string, n)
		for k := range n {
			id := createRoutingOperation(t, te, item, client.RoutingOperationWrite{Name: ptr(fmt.Sprintf("Step %d", k)),
				Sequence: ptr(int32(10 * (k + 1))), WorkCenterId: &wc, RunTimeMinutesPerUnit: ptr(num("1"))})
			if k == 0 {
				first = id
			}
			parts[k] = createItem(t, te, newItem(fmt.Sprintf("JOBBED-PART-%02d", k)))
			createOperationItem(t, te, item, first, client.RoutingOperationItemWrite{ItemId: parts[k], Quantity: num("1")})
			in := inputOf(parts[k], "2")
			in.RoutingOperationId = &id
			createRoutingInputItem(t, te, item, in)
			createInputMaterial(t, te, item, client.RoutingInputMaterialWrite{
				MaterialShapeId: linear.Id, BlankLength: num("10"), PiecesPerBlank: ptr(int32(2)), ItemId: &parts[k], RoutingOperationId: &id,
			})
			receiveStock(t, te, client.InventoryReceive{ItemId: parts[k], Quantity: num("20"), MaterialValue: ptr(num("2"))})
		}
		made := []any{jobMake(item, "3")}
		for range n - 1 {
			made = append(made, jobMake(plain, "3"))
		}
		jobID := createJob(t, te, map[string]any{"status": "released", "itemsToMake": made})
		b := built{r: jobRoutings(t, te, jobID)[0]}
		whole := jobGetRouting(t, te, b.r)
		if len(whole.Operations) != n || len(whole.OperationItems) != n || len(whole.InputItems) != n || len(whole.InputMaterials) != n {
			t.Fatalf("the job's routing is not the item's copy: %s", mustJSON(t, whole))
		}
		for k, op := range whole.Operations {
			pickFor(t, te, jobID, b.r.ItemToMakeID, op.Id, parts[k], "1")
		}
		b.opID, b.opItem, b.inID = whole.Operations[0].Id, whole.OperationItems[0].Id, whole.InputItems[0].Id
		return b
	}
	s, l := build(small, 1), build(large, manySubs)
	both := func(op string, path func(b built) string) readCase { return getRead(op, path(s), path(l)) }
	lists := func(op string, path func(b built) string) readCase {
		return listRead(op, path(s)+"/list", path(l)+"/list", `{}`)
	}
	return []readCase{
		both("getJobRouting", func(b built) string { return b.r.routingPath() }),
		lists("listJobRoutingOperations", func(b built) string { return b.r.operationsPath() }),
		both("getJobRoutingOperation", func(b built) string { return b.r.operationPath(b.opID) }),
		lists("listJobRoutingOperationItems", func(b built) string { return b.r.operationItemsPath(b.opID) }),
		both("getJobRoutingOperationItem", func(b built) string { return b.r.operationItemsPath(b.opID) + "/" + b.opItem }),
		lists("listJobRoutingInputItems", func(b built) string { return b.r.inputItemsPath() }),
		both("getJobRoutingInputItem", func(b built) string { return b.r.inputItemPath(b.inID) }),
		lists("listJobRoutingInputMaterials", func(b built) string { return b.r.inputMaterialsPath() }),
		both("getJobMakeSummary", func(b built) string { return jobPath(b.r.JobID) + "/make-summary" }),
		both("getJobTracking", func(b built) string { return jobPath(b.r.JobID) + "/tracking" }),
		both("getJobItemToMakeCostBreakdown", func(b built) string {
			return jobItemToMakePath(b.r.JobID, b.r.ItemToMakeID) + "/cost-breakdown"
		}),
	}
}
