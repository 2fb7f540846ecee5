package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// Helpers of the jobs tests (the job header, its items to make, its routings and its stock),
// for every jobs test file.

const jobsPath = "/api/jobs"

func jobPath(jobID string) string { return jobsPath + "/" + jobID }

func jobItemsToMakePath(jobID string) string { return jobPath(jobID) + "/items-to-make" }

func jobItemToMakePath(jobID, itemToMakeID string) string {
	return jobItemsToMakePath(jobID) + "/" + itemToMakeID
}

// jobJSON encodes a request body.
func jobJSON(t *testing.T, body any) string {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// jobMake is an item to make of a create body: quantity of itemID.
func jobMake(itemID, quantity string) map[string]any {
	return map[string]any{"itemId": itemID, "quantity": json.Number(quantity)}
}

// jobLine is an item to make of a create body making sales-order part line lineID with its
// defaults.
func jobLine(lineID string) map[string]any {
	return map[string]any{"salesOrderPartLineId": lineID}
}

// postJob sends a create body and answers the raw answer.
func postJob(t *testing.T, te *tenantEnv, body map[string]any) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, jobsPath, te.Token, "application/json", jobJSON(t, body))
}

// createJob creates a job from body (its members as createJob takes them) and answers its id.
func createJob(t *testing.T, te *tenantEnv, body map[string]any) string {
	t.Helper()
	res, b := postJob(t, te, body)
	return createdID(t, res, b)
}

// createJobMaking creates a planned job making quantity of itemID and answers its id.
func createJobMaking(t *testing.T, te *tenantEnv, itemID, quantity string) string {
	t.Helper()
	return createJob(t, te, map[string]any{"itemsToMake": []any{jobMake(itemID, quantity)}})
}

// createJobFromSalesOrder creates a job making the sales-order part lines with their
// defaults and answers its id.
func createJobFromSalesOrder(t *testing.T, te *tenantEnv, lineIDs ...string) string {
	t.Helper()
	made := make([]any, len(lineIDs))
	for i, id := range lineIDs {
		made[i] = jobLine(id)
	}
	return createJob(t, te, map[string]any{"itemsToMake": made})
}

// getJob reads a job through the generated client.
func getJob(t *testing.T, te *tenantEnv, jobID string) client.Job {
	t.Helper()
	res, err := te.API.GetJobWithResponse(context.Background(), jobID, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// moveJob sends a status move and answers the raw answer.
func moveJob(t *testing.T, te *tenantEnv, jobID, status string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, jobPath(jobID)+"/status", te.Token, "application/json", fmt.Sprintf(`{"status":%q}`, status))
}

// mustMoveJob moves the job to status and answers it.
func mustMoveJob(t *testing.T, te *tenantEnv, jobID, status string) client.Job {
	t.Helper()
	res, b := moveJob(t, te, jobID, status)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var j client.Job
	if err := json.Unmarshal(b, &j); err != nil {
		t.Fatal(err)
	}
	if string(j.Status) != status {
		t.Fatalf("moved to %s, the job is %s", status, j.Status)
	}
	return j
}

// cancelJob cancels the job and answers the raw answer.
func cancelJob(t *testing.T, te *tenantEnv, jobID string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, jobPath(jobID)+"/cancel", te.Token, "", "")
}

// jobFixture is an item made through a routing of two operations (Cut at sequence 10, Weld at
// 20) consuming 2 units of a component per unit at Weld, with stock of the component.
type jobFixture struct {
	Item       string
	Component  string
	Operations []string // Cut, Weld
	Input      string   // the component's input item record
}

// newJobFixture creates the fixture's items and routing, and receives componentStock units
// of the component ("" or "0": none).
func newJobFixture(t *testing.T, te *tenantEnv, componentStock string) jobFixture {
	t.Helper()
	suffix := ids.New()[16:]
	f := jobFixture{
		Item:      createItem(t, te, newItem("MADE-"+suffix)),
		Component: createItem(t, te, newItem("COMP-"+suffix)),
	}
	for i, name := range []string{"Cut", "Weld"} {
		seq := int32(10 * (i + 1))
		f.Operations = append(f.Operations, createRoutingOperation(t, te, f.Item, client.RoutingOperationWrite{
			Name: ptr(name), Sequence: &seq, SetupTimeMinutes: ptr(num("15")), RunTimeMinutesPerUnit: ptr(num("2")),
		}))
	}
	in := inputOf(f.Component, "2")
	in.RoutingOperationId = &f.Operations[1]
	f.Input = createRoutingInputItem(t, te, f.Item, in)
	if componentStock != "" && componentStock != "0" {
		receiveStock(t, te, client.InventoryReceive{ItemId: f.Component, Quantity: num(componentStock)})
	}
	return f
}

// jobSalesOrder creates a sales order for a new customer with one part line per item
// (quantity 5 each, delivery 2026-12-15), moves it to status ("" leaves it draft) and answers
// the order, its customer and its lines.
func jobSalesOrder(t *testing.T, te *tenantEnv, status string, itemIDs ...string) (orderID, customerID string, lineIDs []string) {
	t.Helper()
	customerID = createCustomer(t, te, client.CustomerWrite{Name: "Job customer " + ids.New()})
	orderID = soCreate(t, te, map[string]any{"customerId": customerID})
	for _, item := range itemIDs {
		lineIDs = append(lineIDs, soAddLine(t, te, orderID,
			fmt.Sprintf(`{"itemId":%q,"quantity":5,"unitPrice":10,"deliveryDate":"2026-12-15"}`, item)))
	}
	if status != "" {
		soResMove(t, te, orderID, status)
	}
	return orderID, customerID, lineIDs
}

// jobItemRouting reads an item to make's routing operations as the routing tables hold them
// (the job routing paths come later): their ids and names by sequence.
func jobItemRouting(t *testing.T, te *tenantEnv, itemToMakeID string) (opIDs, names []string) {
	t.Helper()
	var rows []struct {
		ID   string `db:"id"`
		Name string `db:"name"`
	}
	if err := srv.Pool.SelectContext(context.Background(), &rows, `SELECT id, name FROM routing_operations
		WHERE tenant_id = $1 AND owner_type = 'jobItemToMake' AND owner_id = $2 ORDER BY sequence, id`, te.ID, itemToMakeID); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		opIDs, names = append(opIDs, r.ID), append(names, r.Name)
	}
	return opIDs, names
}

// jobOperationRows answers the ids of the job's operation rows, sorted.
func jobOperationRows(t *testing.T, te *tenantEnv, jobID string) []string {
	t.Helper()
	var out []string
	if err := srv.Pool.SelectContext(context.Background(), &out, `SELECT id FROM job_operations
		WHERE tenant_id = $1 AND job_id = $2 ORDER BY id`, te.ID, jobID); err != nil {
		t.Fatal(err)
	}
	return out
}

// itemCostBreakdowns lists the item's cost breakdowns.
func itemCostBreakdowns(t *testing.T, te *tenantEnv, itemID string) []client.ItemCostBreakdown {
	t.Helper()
	res, err := te.API.ListItemCostBreakdownsWithResponse(context.Background(), itemID, nil, client.ItemCostBreakdownFilter{})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Data
}
