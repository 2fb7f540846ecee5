package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

// jbItem creates an item numbered number in the benchmark's tenant and answers its id.
func jbItem(b *testing.B, c *client.ClientWithResponses, number string) string {
	b.Helper()
	res, err := c.CreateItemWithResponse(context.Background(), nil, newItem(number))
	if err != nil || res.StatusCode() != http.StatusOK {
		b.Fatalf("create item %s: %v %s", number, err, res.Body)
	}
	return res.JSON200.Id
}

// jbRouting gives item itemID a routing of ops operations (sequences 10, 20, ...) and one
// input item per component, quantity per unit 1, at the first operation; it answers the
// operations' ids.
func jbRouting(b *testing.B, c *client.ClientWithResponses, itemID string, ops int, components ...string) []string {
	b.Helper()
	ctx := context.Background()
	out := make([]string, ops)
	for k := range ops {
		res, err := c.CreateItemRoutingOperationWithResponse(ctx, itemID, nil, client.RoutingOperationWrite{
			Name: ptr(fmt.Sprintf("Step %02d", k)), Sequence: ptr(int32(10 * (k + 1))), RunTimeMinutesPerUnit: ptr(num("1")),
		})
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("create routing operation %d: %v %s", k, err, res.Body)
		}
		out[k] = res.JSON200.Id
	}
	for _, comp := range components {
		in := inputOf(comp, "1")
		in.RoutingOperationId = &out[0]
		res, err := c.CreateItemRoutingInputItemWithResponse(ctx, itemID, nil, in)
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("create input item: %v %s", err, res.Body)
		}
	}
	return out
}

// jbCreateJob creates a job from body (createJob's JSON) and answers its id.
func jbCreateJob(b *testing.B, c *client.ClientWithResponses, body string) string {
	b.Helper()
	res, err := c.CreateJobWithBodyWithResponse(context.Background(), nil, "application/json", strings.NewReader(body))
	if err != nil || res.StatusCode() != http.StatusOK {
		b.Fatalf("create job: %v %s", err, res.Body)
	}
	var created struct{ Id string }
	if err := json.Unmarshal(res.Body, &created); err != nil || created.Id == "" {
		b.Fatalf("create job answered %s", res.Body)
	}
	return created.Id
}

// jbJob reads job id.
func jbJob(b *testing.B, c *client.ClientWithResponses, id string) client.Job {
	b.Helper()
	res, err := c.GetJobWithResponse(context.Background(), id, nil)
	if err != nil || res.StatusCode() != http.StatusOK {
		b.Fatalf("get job: %v %s", err, res.Body)
	}
	return *res.JSON200
}

// BenchmarkCreateJobFromSalesOrderLines creates a planned job making every line of an
// approved 10-line sales order: each line's routing (3 operations, 2 input items) is copied
// to its item to make, and the job operations are written, in one transaction.
func BenchmarkCreateJobFromSalesOrderLines(b *testing.B) {
	c := benchClient(b)
	ctx := context.Background()
	made := jbItem(b, c, "BENCH-JOB-MADE")
	jbRouting(b, c, made, 3, jbItem(b, c, "BENCH-JOB-COMP-1"), jbItem(b, c, "BENCH-JOB-COMP-2"))
	customer, err := c.CreateCustomerWithResponse(ctx, nil, client.CustomerWrite{Name: "Bench customer " + b.Name()})
	if err != nil || customer.StatusCode() != http.StatusOK {
		b.Fatalf("create customer: %v %s", err, customer.Body)
	}
	order, err := c.CreateSalesOrderWithBodyWithResponse(ctx, nil, "application/json",
		strings.NewReader(fmt.Sprintf(`{"customerId":%q}`, customer.JSON200.Id)))
	if err != nil || order.StatusCode() != http.StatusOK {
		b.Fatalf("create sales order: %v %s", err, order.Body)
	}
	lines := make([]string, 10)
	for i := range lines {
		lines[i] = fmt.Sprintf(`{"itemId":%q,"quantity":%d,"unitPrice":10}`, made, i+1)
	}
	batch, err := c.CreateSalesOrderPartLinesWithBodyWithResponse(ctx, order.JSON200.Id, nil, "application/json",
		strings.NewReader(`{"partLineItems":[`+strings.Join(lines, ",")+`]}`))
	if err != nil || batch.StatusCode() != http.StatusOK {
		b.Fatalf("create part lines: %v %s", err, batch.Body)
	}
	var created struct {
		IDs []string `json:"ids"`
	}
	if err := json.Unmarshal(batch.Body, &created); err != nil || len(created.IDs) != 10 {
		b.Fatalf("part lines answered %s", batch.Body)
	}
	approved, err := c.UpdateSalesOrderStatusWithBodyWithResponse(ctx, order.JSON200.Id, nil, "application/json", strings.NewReader(`{"status":"approved"}`))
	if err != nil || approved.StatusCode() != http.StatusOK {
		b.Fatalf("approve: %v %s", err, approved.Body)
	}
	made10 := make([]string, len(created.IDs))
	for i, id := range created.IDs {
		made10[i] = fmt.Sprintf(`{"salesOrderPartLineId":%q}`, id)
	}
	body := `{"itemsToMake":[` + strings.Join(made10, ",") + `]}`
	// The lines' routings reach the job: 10 items to make of 3 operations each.
	first := jbJob(b, c, jbCreateJob(b, c, body))
	ops, err := c.ListJobOperationsWithResponse(ctx, first.Id, client.JobOperationFilter{})
	if err != nil || ops.StatusCode() != http.StatusOK || len(first.ItemsToMake) != 10 || len(*ops.JSON200) != 30 {
		b.Fatalf("the first job: %d items to make, %v, %d operations", len(first.ItemsToMake), err, len(*ops.JSON200))
	}
	b.ReportAllocs()
	for b.Loop() {
		jbCreateJob(b, c, body)
	}
}

// BenchmarkListJobOperationsPage lists the page of 50 operations of an item to make whose
// routing has 50, with their production state, time and cost.
func BenchmarkListJobOperationsPage(b *testing.B) {
	c := benchClient(b)
	ctx := context.Background()
	made := jbItem(b, c, "BENCH-JOB-LONG")
	jbRouting(b, c, made, 50, jbItem(b, c, "BENCH-JOB-LONG-COMP"))
	j := jbJob(b, c, jbCreateJob(b, c, fmt.Sprintf(`{"itemsToMake":[{"itemId":%q,"quantity":5}]}`, made)))
	it := j.ItemsToMake[0].Id
	skip, take := int32(0), int32(50)
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.ListJobItemToMakeOperationsWithResponse(ctx, j.Id, it,
			&client.ListJobItemToMakeOperationsParams{Skip: &skip, Take: &take}, client.JobOperationFilter{})
		if err != nil || res.StatusCode() != http.StatusOK || len(*res.JSON200) != 50 {
			b.Fatalf("list job operations: %v %d %s", err, res.StatusCode(), res.Body)
		}
	}
}

// BenchmarkJobOperationPick picks 1 unit of a component for a released job's operation from
// ample stock the job holds: lock the job and the operation, take the stock through the
// ledger, record the pick and its cost, rewrite the in-progress cost breakdown.
func BenchmarkJobOperationPick(b *testing.B) {
	c := benchClient(b)
	ctx := context.Background()
	made, comp := jbItem(b, c, "BENCH-JOB-PICKED"), jbItem(b, c, "BENCH-JOB-PICK-COMP")
	ops := jbRouting(b, c, made, 1, comp)
	rec, err := c.ReceiveInventoryWithResponse(ctx, nil, client.InventoryReceive{ItemId: comp, Quantity: num("1000000"),
		SecondaryType: client.InventoryReceiveSecondaryTypeReceive, MaterialValue: ptr(num("2.5"))})
	if err != nil || rec.StatusCode() != http.StatusOK {
		b.Fatalf("receive: %v %s", err, rec.Body)
	}
	j := jbJob(b, c, jbCreateJob(b, c, fmt.Sprintf(`{"status":"released","itemsToMake":[{"itemId":%q,"quantity":1000000}]}`, made)))
	it := j.ItemsToMake[0].Id
	jobOps, err := c.ListJobOperationsWithResponse(ctx, j.Id, client.JobOperationFilter{})
	if err != nil || jobOps.StatusCode() != http.StatusOK || len(*jobOps.JSON200) != len(ops) {
		b.Fatalf("job operations: %v %d", err, jobOps.StatusCode())
	}
	op := (*jobOps.JSON200)[0].Id
	pick := client.JobOperationPick{ItemId: comp, Quantity: num("1")}
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.PickJobOperationMaterialWithResponse(ctx, j.Id, it, op, nil, pick)
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("pick: %v %d %s", err, res.StatusCode(), res.Body)
		}
	}
}
