package tests

import (
	"context"
	"net/http"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// The required lists count, per operation: an input item's quantity per unit × the quantity
// to make (2 × 5 = 10), an operation item per setup once (3, whatever the quantity), and an
// input material's blanks, ceil(quantity / pieces per blank) (3 pieces per blank: 2 blanks
// for 5 units, 4 for 10); picks count against them and the job's holds show per record.
func TestJobRequiredListsMatchTheRoutingAndTheQuantityToMake(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	suffix := ids.New()[16:]
	made := createItem(t, te, newItem("REQ-"+suffix))
	comp, fixture, blank := createItem(t, te, newItem("COMP-"+suffix)), createItem(t, te, newItem("JIG-"+suffix)), createItem(t, te, newItem("BAR-"+suffix))
	op := createRoutingOperation(t, te, made, client.RoutingOperationWrite{Name: ptr("Machine")})
	in := inputOf(comp, "2")
	in.RoutingOperationId = &op
	input := createRoutingInputItem(t, te, made, in)
	perSetup := client.RoutingOperationItemPerSetup
	opItem := createOperationItem(t, te, made, op, client.RoutingOperationItemWrite{ItemId: fixture, Quantity: num("3"), Per: &perSetup})
	_, linear := catalogueShapes(t, te)
	material := createInputMaterial(t, te, made, client.RoutingInputMaterialWrite{
		MaterialShapeId: linear.Id, BlankLength: num("12"), PiecesPerBlank: ptr(int32(3)), ItemId: &blank,
	})
	for _, item := range []string{comp, fixture, blank} {
		receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("100")})
	}
	id := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(made, "5"), jobMake(made, "10")}})
	items := jobItems(t, te, id)
	ops := jobOps(t, te, id)
	type want struct{ record, kind, item, required, reserved string }
	check := func(got []client.JobRequirement, wants []want) {
		t.Helper()
		if len(got) != len(wants) {
			t.Fatalf("requirements %s, want %d", mustJSON(t, got), len(wants))
		}
		for i, w := range wants {
			g := got[i]
			if g.RecordId != w.record || string(g.Kind) != w.kind || g.ItemId != w.item {
				t.Fatalf("requirement %d: %s, want %+v", i, mustJSON(t, g), w)
			}
			mustEqualNum(t, w.kind+" quantityRequired", g.QuantityRequired, w.required)
			mustEqualNum(t, w.kind+" quantityReserved", g.QuantityReserved, w.reserved)
		}
	}
	// The second item to make's records are its own copies: compare by kind and item.
	first := requiredOf(t, te, id, items[0].Id, ops[0].Id, "items-required")
	check(first, []want{{first[0].RecordId, "inputItem", comp, "10", "10"}, {first[1].RecordId, "operationItem", fixture, "3", "3"}})
	second := requiredOf(t, te, id, items[1].Id, ops[1].Id, "items-required")
	check(second, []want{{second[0].RecordId, "inputItem", comp, "20", "20"}, {second[1].RecordId, "operationItem", fixture, "3", "3"}})
	if first[0].RecordId == input || first[1].RecordId == opItem {
		t.Fatal("the job's requirements name the item's routing records, not the job's copies")
	}
	mats := requiredOf(t, te, id, items[0].Id, ops[0].Id, "materials-required")
	check(mats, []want{{mats[0].RecordId, "inputMaterial", blank, "2", "2"}})
	if mats[0].PiecesPerBlank == nil || *mats[0].PiecesPerBlank != 3 || mats[0].MaterialShapeId == nil || *mats[0].MaterialShapeId != linear.Id ||
		mats[0].BlankLength == nil || !mats[0].BlankLength.Equal(num("12").Decimal) || mats[0].RecordId == material {
		t.Fatalf("material members: %s", mustJSON(t, mats[0]))
	}
	mats = requiredOf(t, te, id, items[1].Id, ops[1].Id, "materials-required")
	check(mats, []want{{mats[0].RecordId, "inputMaterial", blank, "4", "4"}})
	// A pick of 4 counts against the input item: 4 picked, 6 remaining and held.
	pickFor(t, te, id, items[0].Id, ops[0].Id, comp, "4")
	first = requiredOf(t, te, id, items[0].Id, ops[0].Id, "items-required")
	mustEqualNum(t, "picked", first[0].QuantityPicked, "4")
	mustEqualNum(t, "remaining", first[0].QuantityRemaining, "6")
	mustEqualNum(t, "reserved", first[0].QuantityReserved, "6")
	soResAvailable(t, te, comp, "70", "96")
}

// A pick takes the job's own reserved units first: with a sales order holding every other
// unit of the component, the job still picks what it holds; a pick beyond its own hold plus
// what is available is a 400 naming quantity and writes nothing. The pick's value goes into
// the item to make's material cost, and every inventory transaction the job caused carries
// its jobId.
func TestJobPickTakesTheJobsOwnReservedUnitsFirst(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "")
	receiveStock(t, te, client.InventoryReceive{ItemId: f.Component, Quantity: num("10"), MaterialValue: ptr(num("2.5"))})
	id := createJobMaking(t, te, f.Item, "3") // needs 6 components at Weld
	mustMoveJob(t, te, id, "released")
	soResAvailable(t, te, f.Component, "4", "10")
	order, _, lines := jobSalesOrder(t, te, "approved", f.Component) // holds the 4 left of its 5
	soResAvailable(t, te, f.Component, "0", "10")
	it := jobItems(t, te, id)[0]
	weld := jobOps(t, te, id)[1]
	p := pickFor(t, te, id, it.Id, weld.Id, f.Component, "6")
	mustEqualNum(t, "pick value", p.Value, "15")
	if p.OperationId != weld.Id || p.ItemToMakeId != it.Id || p.JobId != id || p.InventoryEventId == "" {
		t.Fatalf("pick: %s", mustJSON(t, p))
	}
	soResAvailable(t, te, f.Component, "0", "4")
	if got := soResReserved(t, te, order, lines[0]); !num(got).Equal(num("4").Decimal) {
		t.Fatalf("the sales order holds %s, want 4", got)
	}
	res, b := postJobOp(t, te, id, it.Id, weld.Id, "pick", map[string]any{"itemId": f.Component, "quantity": 1})
	mustProblemNaming(t, res, b, "quantity")
	soResAvailable(t, te, f.Component, "0", "4")
	j := getJob(t, te, id)
	if j.Status != client.JobStatusInProgress {
		t.Fatalf("job after a pick is %s", j.Status)
	}
	mustEqualNum(t, "actual material", j.ItemsToMake[0].ActualCost.Material, "15")
	mustEqualNum(t, "cumulative material", j.ItemsToMake[0].CumulativeCost.Material, "15")
	if op := jobOp(t, te, id, it.Id, weld.Id); op.Status != client.JobOperationStatusStarted {
		t.Fatalf("picked-for operation is %s", op.Status)
	}
	mustJobTransactionsCarryJobID(t, te, map[string]bool{id: true}, 1)
	mustJobReservationEventsCarryJobID(t, te, id, 2)
}

// mustJobReservationEventsCarryJobID fails t unless every reservation event held for job
// jobID (the transactions list leaves those out: they move no stock) records the job as its
// source's jobId, and at least least of them exist.
func mustJobReservationEventsCarryJobID(t *testing.T, te *tenantEnv, jobID string, least int) {
	t.Helper()
	var total, carrying int
	err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*), count(*) FILTER (WHERE source_job_id = $2)
		FROM inventory_events WHERE tenant_id = $1 AND reserved_for_type = 'job' AND reserved_for_id = $2`, te.ID, jobID).Scan(&total, &carrying)
	if err != nil {
		t.Fatal(err)
	}
	if total < least || carrying != total {
		t.Fatalf("%d of the job's %d reservation events carry its jobId, want all of at least %d", carrying, total, least)
	}
}

// mustJobTransactionsCarryJobID fails t unless every inventory transaction caused by a job
// (source type job or jobOperation) names one of jobs as its jobId, and at least least of
// them do.
func mustJobTransactionsCarryJobID(t *testing.T, te *tenantEnv, jobs map[string]bool, least int) {
	t.Helper()
	page := listTransactions(t, te, &client.ListInventoryTransactionsParams{Take: ptr(int32(5000))}, client.InventoryTransactionFilter{})
	n := 0
	for _, tr := range page.Data {
		if tr.Source == nil || (tr.Source.Type != client.InventorySourceTypeJob && tr.Source.Type != client.InventorySourceTypeJobOperation) {
			continue
		}
		n++
		if tr.Source.JobId == nil || !jobs[*tr.Source.JobId] {
			t.Fatalf("transaction %s of a job carries jobId %v", mustJSON(t, tr), tr.Source.JobId)
		}
	}
	if n < least {
		t.Fatalf("%d transactions caused by jobs, want at least %d", n, least)
	}
}

// A planned, complete or cancelled job takes no picks.
func TestJobPickNeedsAJobThatAcceptsWork(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "50")
	id := createJobMaking(t, te, f.Item, "2")
	it := jobItems(t, te, id)[0]
	weld := jobOps(t, te, id)[1]
	res, b := postJobOp(t, te, id, it.Id, weld.Id, "pick", map[string]any{"itemId": f.Component, "quantity": 1})
	mustStatus(t, res.StatusCode, http.StatusBadRequest, b)
	r, body := cancelJob(t, te, id)
	mustStatus(t, r.StatusCode, http.StatusOK, body)
	res, b = postJobOp(t, te, id, it.Id, weld.Id, "pick", map[string]any{"itemId": f.Component, "quantity": 1})
	mustStatus(t, res.StatusCode, http.StatusBadRequest, b)
	soResAvailable(t, te, f.Component, "50", "50")
}

// Two picks racing for the job's last held units: the job's lock serialises them, so one
// takes the units and the other answers 400 naming quantity; stock never goes below 0 and
// one pick is recorded.
func TestJobConcurrentPicksOfTheLastUnitsTakeThemOnce(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "6")
	id := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(f.Item, "3")}})
	it := jobItems(t, te, id)[0]
	weld := jobOps(t, te, id)[1]
	counts := concurrently(t, 3, func() (int, error) {
		res, err := te.API.PickJobOperationMaterialWithResponse(context.Background(), id, it.Id, weld.Id, nil,
			client.JobOperationPick{ItemId: f.Component, Quantity: num("6")})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 2 {
		t.Fatalf("statuses %v, want one 200 and two 400", counts)
	}
	soResAvailable(t, te, f.Component, "0", "0")
	j := getJob(t, te, id)
	mustEqualNum(t, "material picked", j.ItemsToMake[0].ActualCost.Material, "0")
	reqs := requiredOf(t, te, id, it.Id, weld.Id, "items-required")
	mustEqualNum(t, "picked", reqs[0].QuantityPicked, "6")
}
