package tests

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/dec"
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

// BenchmarkListNestableJobs lists the nestable groups of a tenant with 400 open job
// operations: four jobs of 50 items to make each (one item per job), each item cutting a
// sheet at a laser and a bar at a saw, so two groups (laser and sheet, saw and bar) of 200
// job operations each. The list reads every open job operation, so this is its cost at that
// much open work.
func BenchmarkListNestableJobs(b *testing.B) {
	c, _ := benchTenantClient(b)
	ctx := context.Background()
	shape := func(t client.MaterialShapeType) string {
		res, err := c.ListMaterialShapesWithResponse(ctx, nil, client.MaterialShapeFilter{ShapeTypes: &[]client.MaterialShapeType{t}, IsActivated: ptr(true)})
		if err != nil || res.StatusCode() != http.StatusOK || len(*res.JSON200) == 0 {
			b.Fatalf("material shapes: %v %s", err, res.Body)
		}
		return (*res.JSON200)[0].Id
	}
	sheet, bar := shape(client.MaterialShapeTypeSheet), shape(client.MaterialShapeTypeBar)
	library := func(name string) string {
		res, err := c.CreateOperationWithResponse(ctx, nil, client.OperationWrite{Name: name})
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("create library operation: %v %s", err, res.Body)
		}
		return res.JSON200.Id
	}
	laser, saw := library("Bench laser"), library("Bench saw")
	for i := range 4 {
		item := jbItem(b, c, fmt.Sprintf("BENCH-NESTABLE-%d", i))
		for k, step := range []struct {
			op, shape string
			width     *dec.Decimal
		}{{laser, sheet, ptr(num("5"))}, {saw, bar, nil}} {
			op, err := c.CreateItemRoutingOperationWithResponse(ctx, item, nil, client.RoutingOperationWrite{
				Name: ptr(fmt.Sprintf("Step %d", k)), Sequence: ptr(int32(10 * (k + 1))), OperationId: &step.op})
			if err != nil || op.StatusCode() != http.StatusOK {
				b.Fatalf("create routing operation: %v %s", err, op.Body)
			}
			m, err := c.CreateItemRoutingInputMaterialWithResponse(ctx, item, nil, client.RoutingInputMaterialWrite{
				MaterialShapeId: step.shape, BlankLength: num("10"), BlankWidth: step.width, RoutingOperationId: &op.JSON200.Id})
			if err != nil || m.StatusCode() != http.StatusOK {
				b.Fatalf("create input material: %v %s", err, m.Body)
			}
		}
		made := make([]string, 50)
		for k := range made {
			made[k] = fmt.Sprintf(`{"itemId":%q,"quantity":3}`, item)
		}
		jbCreateJob(b, c, fmt.Sprintf(`{"status":"released","startDate":"2026-12-01","itemsToMake":[%s]}`, strings.Join(made, ",")))
	}
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.ListNestableJobsWithResponse(ctx, &client.ListNestableJobsParams{Take: ptr(client.Take(50))}, client.NestableJobsFilter{})
		if err != nil || res.StatusCode() != http.StatusOK || res.JSON200.TotalCount != 2 || len(res.JSON200.Data[0].JobOperations) != 200 {
			b.Fatalf("list: %v, status %d", err, res.StatusCode())
		}
	}
}
