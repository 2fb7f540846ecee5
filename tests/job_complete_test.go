package tests

import (
	"context"
	"net/http"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// outsideFixture is an item made through Cut (sequence 10) and an outside-processing Plate
// (20, 2.5 per unit outside), consuming 2 components per unit at Cut; the component's stock
// is 100 units worth 3 material and 1 labor each.
type outsideFixture struct {
	Item, Component string
}

func newOutsideFixture(t *testing.T, te *tenantEnv) outsideFixture {
	t.Helper()
	suffix := ids.New()[16:]
	f := outsideFixture{Item: createItem(t, te, newItem("PLATED-"+suffix)), Component: createItem(t, te, newItem("BLANK-"+suffix))}
	cut := createRoutingOperation(t, te, f.Item, client.RoutingOperationWrite{Name: ptr("Cut"), Sequence: ptr(int32(10))})
	createRoutingOperation(t, te, f.Item, client.RoutingOperationWrite{
		Name: ptr("Plate"), Sequence: ptr(int32(20)), IsOutsideProcessing: ptr(true), OutsideCost: ptr(num("2.5")),
	})
	in := inputOf(f.Component, "2")
	in.RoutingOperationId = &cut
	createRoutingInputItem(t, te, f.Item, in)
	receiveStock(t, te, client.InventoryReceive{ItemId: f.Component, Quantity: num("100"), MaterialValue: ptr(num("3")), LaborValue: ptr(num("1"))})
	return f
}

// stockValue answers the item's quantity on hand and the value of its stock, from the
// transactions list (the balance after its newest transaction).
func itemTransactions(t *testing.T, te *tenantEnv, itemID string) []client.InventoryTransaction {
	t.Helper()
	return listTransactions(t, te, &client.ListInventoryTransactionsParams{Take: ptr(int32(5000))},
		client.InventoryTransactionFilter{ItemIds: &[]string{itemID}}).Data
}

// Completing the last operation receives the units made at the item to make's actual cost
// per unit by kind: 4 units, 8 components picked at 3 material + 1 labor (24 + 8) and
// Plate's outside processing 2.5 × 4 = 10 give 6 material, 2 labor and 2.5 outside
// processing per unit; the job completes, releasing what it held, with completedJob
// breakdowns.
func TestJobOperationCompleteReceivesAtTheActualCostPerUnit(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newOutsideFixture(t, te)
	id := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(f.Item, "4")}})
	it := jobItems(t, te, id)[0]
	ops := jobOps(t, te, id)
	soResAvailable(t, te, f.Component, "92", "100")
	p := pickFor(t, te, id, it.Id, ops[0].Id, f.Component, "8")
	mustEqualNum(t, "pick value", p.Value, "32")
	cut := mustJobOp(t, te, id, it.Id, ops[0].Id, "complete", map[string]any{})
	if cut.Status != client.JobOperationStatusComplete || cut.CompletedUtc == nil {
		t.Fatalf("completed Cut: %s", mustJSON(t, cut))
	}
	mustEqualNum(t, "Cut quantity completed by default", cut.QuantityCompleted, "4")
	if got := itemTransactions(t, te, f.Item); len(got) != 0 {
		t.Fatalf("completing a middle operation received %s", mustJSON(t, got))
	}
	plate := mustJobOp(t, te, id, it.Id, ops[1].Id, "complete", map[string]any{"quantityCompleted": 4, "note": "plated"})
	mustEqualNum(t, "Plate outside processing", plate.Cost.OutsideProcessing, "10")
	mustEqualNum(t, "quantity made", plate.QuantityMade, "4")
	j := getJob(t, te, id)
	if j.Status != client.JobStatusComplete || j.ItemsToMake[0].Status != client.JobItemToMakeStatusComplete {
		t.Fatalf("job after its last operation: %s", mustJSON(t, j))
	}
	mustEqualNum(t, "actual outside processing", j.ItemsToMake[0].ActualCost.OutsideProcessing, "10")
	mustEqualNum(t, "cumulative total", j.ItemsToMake[0].CumulativeCost.Total, "42")
	got := itemTransactions(t, te, f.Item)
	if len(got) != 1 || got[0].Source == nil || got[0].Source.Type != client.InventorySourceTypeJob || got[0].Source.JobId == nil || *got[0].Source.JobId != id {
		t.Fatalf("receipts of the made item: %s", mustJSON(t, got))
	}
	mustEqualNum(t, "received quantity", got[0].QtyChange, "4")
	mustEqualNum(t, "received value (4 × (6 + 2 + 2.5))", got[0].ValueChange, "42")
	events := listEvents(t, te, nil, client.InventoryEventFilter{ItemIds: &[]string{f.Item}}).Data
	if len(events) != 1 {
		t.Fatalf("events of the made item: %s", mustJSON(t, events))
	}
	ev := events[0]
	mustEqualNum(t, "material per unit", ev.MaterialValue.PerUnit, "6")
	mustEqualNum(t, "labor per unit", ev.LaborValue.PerUnit, "2")
	mustEqualNum(t, "outside processing per unit", ev.OutsideProcessingValue.PerUnit, "2.5")
	soResAvailable(t, te, f.Component, "92", "92")
	bds := itemCostBreakdowns(t, te, f.Item)
	if len(bds) != 1 || bds[0].Type != client.ItemCostBreakdownTypeCompletedJob {
		t.Fatalf("breakdowns %s", mustJSON(t, bds))
	}
	mustEqualNum(t, "breakdown quantity", bds[0].Quantity, "4")
	mustEqualNum(t, "item-level material", bds[0].ItemCost.Material.Total, "32")
	mustEqualNum(t, "cumulative material per unit", bds[0].CumulativeCost.Material.PerUnit, "6")
	mustEqualNum(t, "cumulative labor per unit", bds[0].CumulativeCost.Labor.PerUnit, "2")
	mustEqualNum(t, "cumulative outside processing per unit", bds[0].CumulativeCost.OutsideProcessing.PerUnit, "2.5")
	mustJobTransactionsCarryJobID(t, te, map[string]bool{id: true}, 2)
	mustJobReservationEventsCarryJobID(t, te, id, 2)
}

// addItemsToInventory false completes the item to make without receiving anything.
func TestJobOperationCompleteWithoutAddingToInventoryReceivesNothing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "100")
	id := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(f.Item, "3")}})
	it := jobItems(t, te, id)[0]
	ops := jobOps(t, te, id)
	mustJobOp(t, te, id, it.Id, ops[0].Id, "complete", map[string]any{})
	last := mustJobOp(t, te, id, it.Id, ops[1].Id, "complete", map[string]any{"addItemsToInventory": false, "quantityScrapped": 1, "quantityCompleted": 2})
	mustEqualNum(t, "quantity made", last.QuantityMade, "2")
	if got := itemTransactions(t, te, f.Item); len(got) != 0 {
		t.Fatalf("received %s", mustJSON(t, got))
	}
	j := getJob(t, te, id)
	if j.Status != client.JobStatusComplete {
		t.Fatalf("job is %s", j.Status)
	}
	mustEqualNum(t, "scrapped", j.ItemsToMake[0].QuantityScrapped, "1")
}

// Two racing completes of the same last operation: one completes (and receives once), the
// other answers 409; a later complete answers 409 too.
func TestJobOperationConcurrentCompletesAnswer409Once(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	made := createItem(t, te, newItem("ONCE-"+ids.New()[16:]))
	createRoutingOperation(t, te, made, client.RoutingOperationWrite{Name: ptr("Only")})
	id := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(made, "5")}})
	it := jobItems(t, te, id)[0]
	op := jobOps(t, te, id)[0]
	counts := concurrently(t, 4, func() (int, error) {
		res, err := te.API.CompleteJobOperationWithResponse(context.Background(), id, it.Id, op.Id, nil, client.JobOperationComplete{})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusConflict] != 3 {
		t.Fatalf("statuses %v, want one 200 and three 409", counts)
	}
	res, b := postJobOp(t, te, id, it.Id, op.Id, "complete", map[string]any{})
	mustStatus(t, res.StatusCode, http.StatusConflict, b)
	got := itemTransactions(t, te, made)
	if len(got) != 1 {
		t.Fatalf("receipts %s, want one", mustJSON(t, got))
	}
	mustEqualNum(t, "received", got[0].QtyChange, "5")
}

// A planned or cancelled job refuses work: no quantity, no completion.
func TestJobOperationWorkIsRefusedOnPlannedOrCancelledJobs(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "")
	id := createJobMaking(t, te, f.Item, "2")
	it := jobItems(t, te, id)[0]
	op := jobOps(t, te, id)[0]
	refused := func(status string) {
		t.Helper()
		for _, action := range []string{"complete", "add-quantity-completed"} {
			res, b := postJobOp(t, te, id, it.Id, op.Id, action, map[string]any{"quantity": 1})
			mustStatus(t, res.StatusCode, http.StatusBadRequest, b)
		}
		if got := jobOp(t, te, id, it.Id, op.Id); got.Status != client.JobOperationStatusNotStarted {
			t.Fatalf("a %s job's operation is %s", status, got.Status)
		}
	}
	refused("planned")
	r, body := cancelJob(t, te, id)
	mustStatus(t, r.StatusCode, http.StatusOK, body)
	refused("cancelled")
	if got := itemTransactions(t, te, f.Item); len(got) != 0 {
		t.Fatalf("received %s", mustJSON(t, got))
	}
}
