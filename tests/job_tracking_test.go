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

// The make summary adds up the job's items to make by item, in the order of each item's first
// item to make: quantities to make, made and scrapped, what remains (never below 0), how many
// items to make name the item and how many are open, and the earliest due date.
func TestJobMakeSummaryAddsUpTheItemsToMakeByItem(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	a, b := createItem(t, te, newItem("SUM-A")), createItem(t, te, newItem("SUM-B"))
	made := func(item, quantity, due string) map[string]any {
		m := jobMake(item, quantity)
		if due != "" {
			m["dueDate"] = due
		}
		return m
	}
	jobID := createJob(t, te, map[string]any{"itemsToMake": []any{
		made(a, "5", "2026-12-15"), made(b, "2", ""), made(a, "3", "2026-12-10"),
	}})
	list := getJob(t, te, jobID).ItemsToMake
	// The first A made 6 of 5 (complete, one over), B scrapped 1.
	jobExec(t, `UPDATE job_items_to_make SET quantity_made = 6, status = 'complete' WHERE tenant_id = $1 AND id = $2`, te.ID, list[0].Id)
	jobExec(t, `UPDATE job_items_to_make SET quantity_scrapped = 1 WHERE tenant_id = $1 AND id = $2`, te.ID, list[1].Id)
	s := jobMakeSummary(t, te, jobID)
	if s.JobId != jobID || s.Status != client.JobStatusPlanned || len(s.Items) != 2 {
		t.Fatalf("summary %+v, want the planned job's two items", s)
	}
	sa, sb := s.Items[0], s.Items[1]
	if sa.ItemId != a || sb.ItemId != b || sa.ItemNumber != "SUM-A" {
		t.Fatalf("items %s, %s: want A then B (by first position)", sa.ItemId, sb.ItemId)
	}
	mustDec(t, "A to make", sa.QuantityToMake, "8")
	mustDec(t, "A made", sa.QuantityMade, "6")
	mustDec(t, "A remaining", sa.QuantityRemaining, "2")
	if sa.ItemsToMake != 2 || sa.OpenItemsToMake != 1 {
		t.Fatalf("A: %d items to make, %d open; want 2 and 1", sa.ItemsToMake, sa.OpenItemsToMake)
	}
	if sa.EarliestDueDate == nil || !sa.EarliestDueDate.Equal(time.Date(2026, 12, 10, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("A's earliest due date %v, want 2026-12-10", sa.EarliestDueDate)
	}
	mustDec(t, "B scrapped", sb.QuantityScrapped, "1")
	mustDec(t, "B remaining", sb.QuantityRemaining, "2")
	if sb.EarliestDueDate != nil || sb.OpenItemsToMake != 1 {
		t.Fatalf("B: due %v, %d open; want none and 1", sb.EarliestDueDate, sb.OpenItemsToMake)
	}
	// Made beyond the quantity leaves nothing remaining, never less.
	jobExec(t, `UPDATE job_items_to_make SET quantity_made = 9 WHERE tenant_id = $1 AND id = $2`, te.ID, list[0].Id)
	mustDec(t, "A remaining when over-made", jobMakeSummary(t, te, jobID).Items[0].QuantityRemaining, "0")
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
	jobID := createJob(t, te, map[string]any{"itemsToMake": []any{jobMake(f.Item, "4"), jobMake(f.Component, "1")}})
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
	jobExec(t, `UPDATE job_operations SET status = 'complete', started_utc = now(), completed_utc = now(), quantity_completed = 4,
		setup_seconds = 600, labor_seconds = 1200, machine_seconds = 300 WHERE tenant_id = $1 AND id = $2`, te.ID, cut)
	jobExec(t, `UPDATE job_operations SET status = 'started', started_utc = now(), quantity_scrapped = 1,
		labor_seconds = 60 WHERE tenant_id = $1 AND id = $2`, te.ID, weld)
	first = jobTracking(t, te, jobID).ItemsToMake[0]
	if first.OperationsComplete != 1 || first.CurrentOperation == nil || first.CurrentOperation.Id != weld {
		t.Fatalf("after Cut completed: %d complete, current %+v; want 1 and Weld", first.OperationsComplete, first.CurrentOperation)
	}
	if first.Time.SetupSeconds != 600 || first.Time.LaborSeconds != 1260 || first.Time.MachineSeconds != 300 {
		t.Fatalf("time %+v, want setup 600, labor 1260, machine 300", first.Time)
	}
	c, w := first.Operations[0], first.Operations[1]
	if c.Status != client.JobOperationStatusComplete || c.CompletedUtc == nil || w.Status != client.JobOperationStatusStarted || w.StartedUtc == nil || w.CompletedUtc != nil {
		t.Fatalf("operations %+v, want Cut complete and Weld started", first.Operations)
	}
	mustDec(t, "Cut completed", c.QuantityCompleted, "4")
	mustDec(t, "Weld scrapped", w.QuantityScrapped, "1")
	jobExec(t, `UPDATE job_operations SET status = 'complete' WHERE tenant_id = $1 AND id = $2`, te.ID, weld)
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
	jobID := createJobMaking(t, te, f.Item, "4")
	r := jobRoutings(t, te, jobID)[0]
	ops := jobTracking(t, te, jobID).ItemsToMake[0].Operations
	cut, weld := ops[0].Id, ops[1].Id
	jobPick(t, te, r, weld, f.Component, "2", "10")
	jobPick(t, te, r, weld, f.Component, "6", "30")
	jobPick(t, te, r, cut, steel, "1.5", "7.5")
	jobExec(t, `UPDATE job_operations SET setup_seconds = 900, labor_seconds = 3600, labor_cost = 40, machine_cost = 12
		WHERE tenant_id = $1 AND id = $2`, te.ID, cut)
	jobExec(t, `UPDATE job_items_to_make SET setup_hours = 0.25, labor_hours = 1, machine_hours = 0,
		actual_material = 47.5, actual_labor = 40, actual_machine = 12, actual_outside_processing = 0,
		cumulative_material = 40, cumulative_labor = 5, cumulative_machine = 2.5, cumulative_outside_processing = 0
		WHERE tenant_id = $1 AND id = $2`, te.ID, r.ItemToMakeID)

	b := jobCostBreakdown(t, te, jobID, r.ItemToMakeID)
	if b.ItemToMakeId != r.ItemToMakeID || b.ItemId != f.Item {
		t.Fatalf("breakdown of %s (%s)", b.ItemToMakeId, b.ItemId)
	}
	mustDec(t, "quantity before any is made", b.Quantity, "4")
	mustDec(t, "item level total", b.ItemCost.Total.Total, "99.5")
	mustDec(t, "item level material", b.ItemCost.Material.Total, "47.5")
	mustDec(t, "cumulative labor", b.CumulativeCost.Labor.Total, "45")
	mustDec(t, "cumulative total", b.CumulativeCost.Total.Total, "99.5")
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

	// Once some is made, per-unit amounts divide by the quantity made.
	jobExec(t, `UPDATE job_items_to_make SET quantity_made = 2, quantity_scrapped = 1 WHERE tenant_id = $1 AND id = $2`, te.ID, r.ItemToMakeID)
	b = jobCostBreakdown(t, te, jobID, r.ItemToMakeID)
	mustDec(t, "quantity once made", b.Quantity, "2")
	mustDec(t, "scrapped", b.QuantityScrapped, "1")
	mustDec(t, "item level per unit", b.ItemCost.Total.PerUnit, "49.75")

	another := createJobMaking(t, te, f.Item, "1")
	res, body := jobRequest(t, te, http.MethodGet, jobItemToMakePath(another, r.ItemToMakeID)+"/cost-breakdown", "")
	mustProblem(t, res, body, http.StatusNotFound)
	for _, path := range []string{jobItemToMakePath(jobID, r.ItemToMakeID) + "/cost-breakdown", jobItemToMakePath(ids.New(), r.ItemToMakeID) + "/cost-breakdown"} {
		res, body := jobRequest(t, other, http.MethodGet, path, "")
		mustProblem(t, res, body, http.StatusNotFound)
	}
}

// arrangeJobRoutings: a job whose first item to make's routing has one operation (small) or
// many (large), each with an item consumed, an input item and an input material; the large
// job makes many items to make and has many picks, so its summary, tracking and cost
// breakdown read every kind of record.
func arrangeJobRoutings(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct {
		r                  jobRouting
		opID, opItem, inID string
	}
	build := func(te *tenantEnv, n int) built {
		_, linear := catalogueShapes(t, te)
		wc := namedWorkCenter(t, te, "Job cell", "")
		item := createItem(t, te, newItem("JOBBED"))
		made := make([]any, n)
		for k := range made {
			made[k] = jobMake(item, "3")
		}
		jobID := createJob(t, te, map[string]any{"itemsToMake": made})
		b := built{r: jobRoutings(t, te, jobID)[0]}
		for k := range n {
			id := jobCreated(t, te, b.r.operationsPath(), fmt.Sprintf(`{"name":"Step %d","workCenterId":%q,"runTimeMinutesPerUnit":1}`, k, wc))
			if k == 0 {
				b.opID = id
			}
			part := createItem(t, te, newItem(fmt.Sprintf("JOBBED-PART-%02d", k)))
			opItem := soAddOperationItem(t, te, b.opID, part)
			in := jobCreated(t, te, b.r.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":2,"routingOperationId":%q}`, part, id))
			jobAddInputMaterial(t, te, b.r, linear.Id, part, id)
			jobPick(t, te, b.r, id, part, "1", "2")
			if k == 0 {
				b.opItem, b.inID = opItem, in
			}
		}
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
