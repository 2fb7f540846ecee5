package tests

import (
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// A two-level assembly end to end. Stock: 100 of raw material R at 2 material each. A
// sub-assembly S is formed from 3 R per unit, then anodized outside at 1.5 per unit; the top
// item T is assembled from 2 S and 1 R per unit, for an approved sales order of 5 T.
//
// Job S makes 10: it picks 30 R (60), completes Form and Anodize (outside processing
// 1.5 × 10 = 15) and receives 10 S at 6 material + 1.5 outside processing per unit.
// Job T (from the sales-order line) makes 5: it picks 10 S (value 75: 60 material, 15 outside
// processing) and 5 R (10), completes Assemble and receives 5 T at 14 material + 3 outside
// processing per unit. Its item-level material is everything picked (85, 17 per unit); its
// cumulative cost keeps the kinds of what was picked (70 material, 15 outside processing).
func TestJobTwoLevelAssemblyReceivesEachLevelAtItsCost(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	suffix := ids.New()[16:]
	raw, sub, top := createItem(t, te, newItem("R-"+suffix)), createItem(t, te, newItem("S-"+suffix)), createItem(t, te, newItem("T-"+suffix))
	form := createRoutingOperation(t, te, sub, client.RoutingOperationWrite{Name: ptr("Form"), Sequence: ptr(int32(10))})
	createRoutingOperation(t, te, sub, client.RoutingOperationWrite{
		Name: ptr("Anodize"), Sequence: ptr(int32(20)), IsOutsideProcessing: ptr(true), OutsideCost: ptr(num("1.5")),
	})
	in := inputOf(raw, "3")
	in.RoutingOperationId = &form
	createRoutingInputItem(t, te, sub, in)
	createRoutingOperation(t, te, top, client.RoutingOperationWrite{Name: ptr("Assemble")})
	createRoutingInputItem(t, te, top, inputOf(sub, "2"))
	createRoutingInputItem(t, te, top, inputOf(raw, "1"))
	receiveStock(t, te, client.InventoryReceive{ItemId: raw, Quantity: num("100"), MaterialValue: ptr(num("2"))})
	order, _, lines := jobSalesOrder(t, te, "approved", top)

	// Level 1: the sub-assembly.
	jobS := createJobMaking(t, te, sub, "10")
	mustMoveJob(t, te, jobS, "released")
	soResAvailable(t, te, raw, "70", "100")
	itS := jobItems(t, te, jobS)[0]
	opsS := jobOps(t, te, jobS)
	mustEqualNum(t, "R picked for S", pickFor(t, te, jobS, itS.Id, opsS[0].Id, raw, "30").Value, "60")
	mustJobOp(t, te, jobS, itS.Id, opsS[0].Id, "complete", map[string]any{})
	mustJobOp(t, te, jobS, itS.Id, opsS[1].Id, "complete", map[string]any{})
	if j := getJob(t, te, jobS); j.Status != client.JobStatusComplete {
		t.Fatalf("job S is %s", j.Status)
	}
	soResAvailable(t, te, sub, "10", "10")

	// Level 2: the top item, from the sales-order line.
	jobT := createJobFromSalesOrder(t, te, lines[0])
	if j := getJob(t, te, jobT); j.SalesOrderId == nil || *j.SalesOrderId != order || !j.ItemsToMake[0].Quantity.Equal(num("5").Decimal) {
		t.Fatalf("job T: %s", mustJSON(t, j))
	}
	mustMoveJob(t, te, jobT, "released")
	soResAvailable(t, te, sub, "0", "10")
	soResAvailable(t, te, raw, "65", "70")
	itT := jobItems(t, te, jobT)[0]
	opT := jobOps(t, te, jobT)[0]
	mustEqualNum(t, "S picked for T", pickFor(t, te, jobT, itT.Id, opT.Id, sub, "10").Value, "75")
	mustEqualNum(t, "R picked for T", pickFor(t, te, jobT, itT.Id, opT.Id, raw, "5").Value, "10")
	mustJobOp(t, te, jobT, itT.Id, opT.Id, "complete", map[string]any{})
	if j := getJob(t, te, jobT); j.Status != client.JobStatusComplete {
		t.Fatalf("job T is %s", j.Status)
	}

	// Stock: what was picked is gone, what was made is on hand, nothing is held for the jobs.
	soResAvailable(t, te, raw, "65", "65")
	soResAvailable(t, te, sub, "0", "0")
	if got := byItem(t, te, true)[top]; !got.Equal(num("5").Decimal) {
		t.Fatalf("T on hand %s, want 5", got)
	}
	receipts := listEvents(t, te, nil, client.InventoryEventFilter{ItemIds: &[]string{top}}).Data
	var received []client.InventoryEvent
	for _, ev := range receipts {
		if ev.Type == client.InventoryEventTypeReceive {
			received = append(received, ev)
		}
	}
	if len(received) != 1 {
		t.Fatalf("receipts of T: %s", mustJSON(t, receipts))
	}
	mustEqualNum(t, "T material per unit", received[0].MaterialValue.PerUnit, "14")
	mustEqualNum(t, "T outside processing per unit", received[0].OutsideProcessingValue.PerUnit, "3")
	mustJobTransactionsCarryJobID(t, te, map[string]bool{jobS: true, jobT: true}, 5)
	mustJobReservationEventsCarryJobID(t, te, jobS, 2)
	mustJobReservationEventsCarryJobID(t, te, jobT, 2)

	// The completedJob breakdowns, item level and cumulative, whole and per unit.
	type kinds struct{ material, outside, total string }
	check := func(item, quantity string, level, levelPer, cum, cumPer kinds) {
		t.Helper()
		bds := itemCostBreakdowns(t, te, item)
		if len(bds) != 1 || bds[0].Type != client.ItemCostBreakdownTypeCompletedJob {
			t.Fatalf("breakdowns: %s", mustJSON(t, bds))
		}
		b := bds[0]
		mustEqualNum(t, "quantity", b.Quantity, quantity)
		for _, c := range []struct {
			what      string
			got       client.CostObjects
			whole, pu kinds
		}{{"item level", b.ItemCost, level, levelPer}, {"cumulative", b.CumulativeCost, cum, cumPer}} {
			mustEqualNum(t, c.what+" material", c.got.Material.Total, c.whole.material)
			mustEqualNum(t, c.what+" material per unit", c.got.Material.PerUnit, c.pu.material)
			mustEqualNum(t, c.what+" outside processing", c.got.OutsideProcessing.Total, c.whole.outside)
			mustEqualNum(t, c.what+" outside processing per unit", c.got.OutsideProcessing.PerUnit, c.pu.outside)
			mustEqualNum(t, c.what+" total", c.got.Total.Total, c.whole.total)
			mustEqualNum(t, c.what+" total per unit", c.got.Total.PerUnit, c.pu.total)
			mustEqualNum(t, c.what+" labor", c.got.Labor.Total, "0")
		}
	}
	check(sub, "10", kinds{"60", "15", "75"}, kinds{"6", "1.5", "7.5"}, kinds{"60", "15", "75"}, kinds{"6", "1.5", "7.5"})
	check(top, "5", kinds{"85", "0", "85"}, kinds{"17", "0", "17"}, kinds{"70", "15", "85"}, kinds{"14", "3", "17"})
}
