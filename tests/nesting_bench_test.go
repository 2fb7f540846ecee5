package tests

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
)

// benchNest is a work-order operation of the benchmark's tenant grouping one released job's
// operation, and a nest of 100 parts on 20 plates of 10 placements each for it.
type benchNest struct {
	c             *client.ClientWithResponses
	workOrder, op string
	body          client.NestingSetupWrite
}

func newBenchNest(b *testing.B) benchNest {
	b.Helper()
	c, _ := benchTenantClient(b)
	ctx := context.Background()
	item := jbItem(b, c, "BENCH-NEST")
	op, err := c.CreateItemRoutingOperationWithResponse(ctx, item, nil, client.RoutingOperationWrite{Name: ptr("Laser"), Sequence: ptr(int32(10))})
	if err != nil || op.StatusCode() != http.StatusOK {
		b.Fatalf("create routing operation: %v %s", err, op.Body)
	}
	j := jbJob(b, c, jbCreateJob(b, c, fmt.Sprintf(`{"status":"released","itemsToMake":[{"itemId":%q,"quantity":1000}]}`, item)))
	ops, err := c.ListJobOperationsWithResponse(ctx, j.Id, client.JobOperationFilter{})
	if err != nil || ops.StatusCode() != http.StatusOK || len(*ops.JSON200) != 1 {
		b.Fatalf("job operations: %v %s", err, ops.Body)
	}
	jobOp := (*ops.JSON200)[0].Id
	wo, err := c.CreateWorkOrderWithResponse(ctx, nil, client.WorkOrderCreate{Operations: []client.WorkOrderOperationCreate{
		{JobOperations: []client.WorkOrderJobOperationRef{{JobId: j.Id, JobOperationId: jobOp}}}}})
	if err != nil || wo.StatusCode() != http.StatusOK {
		b.Fatalf("create work order: %v %s", err, wo.Body)
	}
	got, err := c.GetWorkOrderWithResponse(ctx, wo.JSON200.Id, nil)
	if err != nil || got.StatusCode() != http.StatusOK {
		b.Fatalf("get work order: %v %s", err, got.Body)
	}
	n := benchNest{c: c, workOrder: wo.JSON200.Id, op: got.JSON200.Operations[0].Id}
	for i := range 100 {
		n.body.Parts = append(n.body.Parts, client.NestPartWrite{PartNumber: fmt.Sprintf("P-%03d", i), JobOperationId: &jobOp,
			Width: num("2"), Length: num("3")})
	}
	for p := range 20 {
		var placements []client.NestPlacementWrite
		for k := range 10 {
			placements = append(placements, client.NestPlacementWrite{PartNumber: fmt.Sprintf("P-%03d", (p*10+k)%100), Quantity: 1,
				X: ptr(num(fmt.Sprint(k * 3))), Y: ptr(num("0"))})
		}
		n.body.Plates = append(n.body.Plates, client.NestPlateWrite{Width: num("48"), Length: num("96"), Count: 2,
			MachineTimeSeconds: ptr(int64(300)), Placements: &placements})
	}
	return n
}

// BenchmarkReplaceNestingSetup replaces a nest of 100 parts and 20 plates (200 placements)
// and answers it with its validation issues.
func BenchmarkReplaceNestingSetup(b *testing.B) {
	n := newBenchNest(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		res, err := n.c.ReplaceNestingSetupWithResponse(ctx, n.workOrder, n.op, nil, n.body)
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("replace: %v %s", err, res.Body)
		}
	}
}

// BenchmarkGetNestingSetup reads that nest back.
func BenchmarkGetNestingSetup(b *testing.B) {
	n := newBenchNest(b)
	ctx := context.Background()
	if res, err := n.c.ReplaceNestingSetupWithResponse(ctx, n.workOrder, n.op, nil, n.body); err != nil || res.StatusCode() != http.StatusOK {
		b.Fatalf("replace: %v %s", err, res.Body)
	}
	b.ReportAllocs()
	for b.Loop() {
		res, err := n.c.GetNestingSetupWithResponse(ctx, n.workOrder, n.op, nil)
		if err != nil || res.StatusCode() != http.StatusOK || len(res.JSON200.Plates) != 20 {
			b.Fatalf("get: %v %s", err, res.Body)
		}
	}
}
