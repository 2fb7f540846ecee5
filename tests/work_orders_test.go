package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

const workOrdersPath = "/api/work-orders"

func workOrderPath(id string) string { return workOrdersPath + "/" + id }

// woOp is one work-order operation body grouping the job operations given as job, op pairs.
func woOp(pairs ...string) map[string]any {
	var refs []any
	for i := 0; i+1 < len(pairs); i += 2 {
		refs = append(refs, map[string]any{"jobId": pairs[i], "jobOperationId": pairs[i+1]})
	}
	return map[string]any{"jobOperations": refs}
}

// woBody is a create body with the given operations.
func woBody(ops ...map[string]any) map[string]any {
	list := make([]any, len(ops))
	for i, op := range ops {
		list[i] = op
	}
	return map[string]any{"operations": list}
}

func postWorkOrder(t *testing.T, token string, body any) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, workOrdersPath, token, "application/json", jobJSON(t, body))
}

func createWorkOrder(t *testing.T, te *tenantEnv, body any) string {
	t.Helper()
	res, b := postWorkOrder(t, te.Token, body)
	return createdID(t, res, b)
}

func getWorkOrderRaw(t *testing.T, token, id string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodGet, workOrderPath(id), token, "", "")
}

func getWorkOrder(t *testing.T, te *tenantEnv, id string) client.WorkOrder {
	t.Helper()
	res, b := getWorkOrderRaw(t, te.Token, id)
	return decodeOK[client.WorkOrder](t, res, b)
}

func moveWorkOrder(t *testing.T, token, id, status string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, workOrderPath(id)+"/status", token, "application/json", fmt.Sprintf(`{"status":%q}`, status))
}

func mustMoveWorkOrder(t *testing.T, te *tenantEnv, id, status string) client.WorkOrder {
	t.Helper()
	res, b := moveWorkOrder(t, te.Token, id, status)
	return decodeOK[client.WorkOrder](t, res, b)
}

func deleteWorkOrder(t *testing.T, token, id string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodDelete, workOrderPath(id), token, "", "")
}

func listWorkOrders(t *testing.T, te *tenantEnv, query string, filter any) client.WorkOrderPage {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, workOrdersPath+"/list"+query, te.Token, "application/json", jobJSON(t, filter))
	return decodeOK[client.WorkOrderPage](t, res, b)
}

func workOrderIDs(p client.WorkOrderPage) []string {
	out := make([]string, len(p.Data))
	for i, w := range p.Data {
		out[i] = w.Id
	}
	return out
}

func mustWorkOrderIDs(t *testing.T, what string, p client.WorkOrderPage, want ...string) {
	t.Helper()
	if got := workOrderIDs(p); !slices.Equal(got, want) {
		t.Fatalf("%s: work orders %v, want %v", what, got, want)
	}
}

// fakeRefs are n job-operation references to records that do not exist, distinct.
func fakeRefs(n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = map[string]any{"jobId": ids.New(), "jobOperationId": ids.NewSub()}
	}
	return out
}

func TestWorkOrderCreateRulesAtTheirEdges(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	op := func(extra map[string]any) map[string]any {
		o := woOp(s.Job, s.Mill)
		for k, v := range extra {
			o[k] = v
		}
		return o
	}
	manyOps := make([]map[string]any, 51)
	for i := range manyOps {
		manyOps[i] = op(nil)
	}
	cases := []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"no operations", woBody(), "operations"},
		{"51 operations", woBody(manyOps...), "operations"},
		{"an operation without job operations", woBody(map[string]any{"jobOperations": []any{}}), "operations.0.jobOperations"},
		{"501 job operations across the request", woBody(map[string]any{"jobOperations": fakeRefs(250)}, map[string]any{"jobOperations": fakeRefs(251)}), "operations"},
		{"setup time -1", woBody(op(map[string]any{"estimatedSetupTimeSeconds": -1})), "operations.0.estimatedSetupTimeSeconds"},
		{"run time 1000000000000001", woBody(op(map[string]any{"estimatedRunTimeSeconds": 1000000000000001})), "operations.0.estimatedRunTimeSeconds"},
		{"status complete", func() map[string]any { b := woBody(op(nil)); b["status"] = "complete"; return b }(), "status"},
		{"status inProgress", func() map[string]any { b := woBody(op(nil)); b["status"] = "inProgress"; return b }(), "status"},
		{"priority unknown", func() map[string]any { b := woBody(op(nil)); b["priority"] = "urgent"; return b }(), "priority"},
		{"empty name", func() map[string]any { b := woBody(op(nil)); b["name"] = ""; return b }(), "name"},
		{"instructions of 2001 characters", woBody(op(map[string]any{"additionalInstructions": strings.Repeat("x", 2001)})), "operations.0.additionalInstructions"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, b := postWorkOrder(t, te.Token, c.body)
			mustProblemNaming(t, res, b, c.field)
		})
	}
	// Nothing was created by the refused requests: the job operation is still free, and the
	// edges themselves are accepted.
	edges := op(map[string]any{"estimatedSetupTimeSeconds": 0, "estimatedRunTimeSeconds": 1000000000000000,
		"additionalInstructions": strings.Repeat("x", 2000)})
	id := createWorkOrder(t, te, woBody(edges))
	w := getWorkOrder(t, te, id)
	if w.Number != 1 || *w.Operations[0].EstimatedRunTimeSeconds != 1000000000000000 || *w.Operations[0].EstimatedSetupTimeSeconds != 0 {
		t.Fatalf("work order at the edges reads %s", mustJSON(t, w))
	}
	fifty := make([]map[string]any, 50)
	for i := range fifty {
		j := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(s.Item, "1")}})
		ops, _ := jobItemRouting(t, te, getJob(t, te, j).ItemsToMake[0].Id)
		fifty[i] = woOp(j, ops[0])
	}
	w = getWorkOrder(t, te, createWorkOrder(t, te, woBody(fifty...)))
	if len(w.Operations) != 50 || w.Operations[49].Sequence != 50 {
		t.Fatalf("a work order of 50 operations has %d", len(w.Operations))
	}
}

func TestWorkOrderCreateDefaultsAndGetShowsItsJobOperations(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	other, otherItem, otherMill, _ := alertJob(t, te, s.Item, "released", "", "")
	id := createWorkOrder(t, te, woBody(woOp(s.Job, s.Mill, other, otherMill), woOp(s.Job, s.Deburr)))
	w := getWorkOrder(t, te, id)
	if w.Status != client.WorkOrderStatusNeedsReview || w.Priority != client.WorkOrderPriorityModerate || w.Name != nil ||
		w.ProductionDueDateUtc != nil || w.Number < 1 || len(w.Operations) != 2 {
		t.Fatalf("defaults: %s", mustJSON(t, w))
	}
	first := w.Operations[0]
	if first.Sequence != 1 || first.Name != "Mill" || first.Status != client.WorkOrderOperationStatusNotStarted || len(first.JobOperations) != 2 {
		t.Fatalf("first operation: %s", mustJSON(t, first))
	}
	jo := first.JobOperations[0]
	if jo.JobId != s.Job || jo.JobOperationId != s.Mill || jo.ItemToMakeId != s.ItemToMake || jo.ItemId != s.Item ||
		jo.ItemNumber != s.ItemNumber || jo.OperationName != "Mill" || jo.WorkCenterId == nil || *jo.WorkCenterId != s.WorkCenter ||
		jo.Status != client.JobOperationStatusNotStarted {
		t.Fatalf("grouped job operation: %s", mustJSON(t, jo))
	}
	mustEqualNum(t, "quantityToMake", jo.QuantityToMake, "2")
	if first.JobOperations[1].JobId != other || first.JobOperations[1].ItemToMakeId != otherItem {
		t.Fatalf("second grouped job operation: %s", mustJSON(t, first.JobOperations[1]))
	}
	// Work recorded on one grouped operation starts the work-order operation; completing all
	// completes it.
	mustJobOp(t, te, s.Job, s.ItemToMake, s.Mill, "add-quantity-completed", map[string]any{"quantity": 1, "quantityScrapped": 1})
	w = getWorkOrder(t, te, id)
	if w.Operations[0].Status != client.WorkOrderOperationStatusStarted || w.Operations[0].JobOperations[0].Status != client.JobOperationStatusStarted {
		t.Fatalf("after work: %s", mustJSON(t, w.Operations[0]))
	}
	mustEqualNum(t, "quantityCompleted", w.Operations[0].JobOperations[0].QuantityCompleted, "1")
	mustEqualNum(t, "quantityScrapped", w.Operations[0].JobOperations[0].QuantityScrapped, "1")
	mustJobOp(t, te, s.Job, s.ItemToMake, s.Deburr, "complete", map[string]any{})
	if got := getWorkOrder(t, te, id).Operations[1].Status; got != client.WorkOrderOperationStatusComplete {
		t.Fatalf("an operation whose job operations are all complete reads %s", got)
	}
	// Status approved, a priority, a name and a due date are kept.
	third, _, thirdMill, _ := alertJob(t, te, s.Item, "released", "", "")
	body := woBody(woOp(third, thirdMill))
	body["status"], body["priority"], body["name"], body["productionDueDateUtc"] = "approved", "critical", "  Laser nest  ", "2026-12-01T08:00:00Z"
	w = getWorkOrder(t, te, createWorkOrder(t, te, body))
	if w.Status != client.WorkOrderStatusApproved || w.Priority != client.WorkOrderPriorityCritical || w.Name == nil || *w.Name != "Laser nest" ||
		w.ProductionDueDateUtc == nil || w.ProductionDueDateUtc.Format("2006-01-02T15:04") != "2026-12-01T08:00" {
		t.Fatalf("sent members: %s", mustJSON(t, w))
	}
	// The ETag answers 304 until a grouped job operation changes.
	res, b := getWorkOrderRaw(t, te.Token, id)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	tag := res.Header.Get("ETag")
	h := bearer(te.Token)
	h.Set("If-None-Match", tag)
	res, b = sendRequest(t, http.MethodGet, srv.URL+workOrderPath(id), h, nil)
	mustStatus(t, res.StatusCode, http.StatusNotModified, b)
	mustJobOp(t, te, other, otherItem, otherMill, "add-quantity-completed", map[string]any{"quantity": 1})
	res, b = sendRequest(t, http.MethodGet, srv.URL+workOrderPath(id), h, nil)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

func TestWorkOrderCreateRefusesDuplicatesOtherJobsAndClosedWork(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	other, _, otherMill, _ := alertJob(t, te, s.Item, "released", "", "")
	res, b := postWorkOrder(t, te.Token, woBody(woOp(s.Job, s.Mill), woOp(s.Job, s.Deburr, s.Job, s.Mill)))
	mustProblemNaming(t, res, b, "operations.1.jobOperations.1.jobOperationId")
	res, b = postWorkOrder(t, te.Token, woBody(woOp(s.Job, otherMill)))
	mustProblemNaming(t, res, b, "operations.0.jobOperations.0.jobOperationId")
	res, b = postWorkOrder(t, te.Token, woBody(woOp(s.Job, s.Mill, s.Job, ids.NewSub())))
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "operations.0.jobOperations.1.jobOperationId")
	mustJobOp(t, te, s.Job, s.ItemToMake, s.Mill, "complete", map[string]any{})
	res, b = postWorkOrder(t, te.Token, woBody(woOp(s.Job, s.Mill)))
	mustProblemNaming(t, res, b, "operations.0.jobOperations.0.jobOperationId")
	res, b = cancelJob(t, te, other)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = postWorkOrder(t, te.Token, woBody(woOp(other, otherMill)))
	mustProblemNaming(t, res, b, "operations.0.jobOperations.0.jobId")
	// None of the refused creates took a number.
	if w := getWorkOrder(t, te, createWorkOrder(t, te, woBody(woOp(s.Job, s.Deburr)))); w.Number != 1 {
		t.Fatalf("the first work order created is number %d", w.Number)
	}
}

func TestWorkOrderJobOperationAlreadyOnAWorkOrderAnswers409NamingIt(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	holder := createWorkOrder(t, te, woBody(woOp(s.Job, s.Mill)))
	number := getWorkOrder(t, te, holder).Number
	res, b := postWorkOrder(t, te.Token, woBody(woOp(s.Job, s.Deburr), woOp(s.Job, s.Mill)))
	p := mustProblem(t, res, b, http.StatusConflict)
	mustNameField(t, p, "operations.1.jobOperations.0.jobOperationId")
	if !strings.Contains(p.Detail, holder) || !strings.Contains(p.Detail, fmt.Sprintf("number %d", number)) {
		t.Fatalf("the 409 does not name work order %s (number %d): %s", holder, number, p.Detail)
	}
	// The refused create left Deburr free.
	createWorkOrder(t, te, woBody(woOp(s.Job, s.Deburr)))
}

func TestWorkOrderConcurrentCreatesClaimingOneJobOperationAnswerOne409(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	bodies := [2]map[string]any{woBody(woOp(s.Job, s.Mill)), woBody(woOp(s.Job, s.Deburr), woOp(s.Job, s.Mill))}
	answers := make([][]byte, 2)
	counts := atOnce(t, 2, func(i int) (int, error) {
		res, b := postWorkOrder(t, te.Token, bodies[i])
		answers[i] = b
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusConflict] != 1 {
		t.Fatalf("statuses %v, want one 200 and one 409", counts)
	}
	var winner string
	var problem problemBody
	for _, b := range answers {
		var c struct {
			ID     string `json:"id"`
			Detail string `json:"detail"`
		}
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatal(err)
		}
		if c.ID != "" {
			winner = c.ID
		} else if err := json.Unmarshal(b, &problem); err != nil {
			t.Fatal(err)
		}
	}
	if winner == "" || !strings.Contains(problem.Detail, winner) {
		t.Fatalf("the 409 %q does not name the winner %s", problem.Detail, winner)
	}
	page := listWorkOrders(t, te, "", map[string]any{"jobOperationIds": []string{s.Mill}})
	mustWorkOrderIDs(t, "work orders holding Mill", page, winner)
}

func TestWorkOrderListFiltersSortsAndPages(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	other, _, otherMill, otherDeburr := alertJob(t, te, s.Item, "released", "", "")
	mk := func(name, priority, due string, ops ...map[string]any) string {
		b := woBody(ops...)
		b["name"], b["priority"] = name, priority
		if due != "" {
			b["productionDueDateUtc"] = due
		}
		return createWorkOrder(t, te, b)
	}
	a := mk("Alpha laser", "low", "2026-12-10T00:00:00Z", woOp(s.Job, s.Mill))
	b := mk("Beta brake", "critical", "2026-12-05T00:00:00Z", woOp(s.Job, s.Deburr), woOp(other, otherMill))
	c := mk("Gamma laser", "high", "", woOp(other, otherDeburr))
	mustMoveWorkOrder(t, te, b, "approved")
	all := listWorkOrders(t, te, "", map[string]any{})
	mustWorkOrderIDs(t, "default newest first", all, c, b, a)
	if all.TotalCount != 3 || all.Data[1].OperationCount != 2 || all.Data[1].JobOperationCount != 2 || all.Data[1].Status != client.WorkOrderStatusApproved {
		t.Fatalf("list rows: %s", mustJSON(t, all))
	}
	an := getWorkOrder(t, te, a).Number
	filters := []struct {
		name   string
		filter map[string]any
		want   []string
	}{
		{"ids", map[string]any{"ids": []string{a, c}}, []string{c, a}},
		{"statuses", map[string]any{"statuses": []string{"approved"}}, []string{b}},
		{"priorities", map[string]any{"priorities": []string{"low", "high"}}, []string{c, a}},
		{"jobIds", map[string]any{"jobIds": []string{other}}, []string{c, b}},
		{"jobOperationIds", map[string]any{"jobOperationIds": []string{s.Deburr}}, []string{b}},
		{"search name", map[string]any{"search": "LASER"}, []string{c, a}},
		{"search number", map[string]any{"search": fmt.Sprint(an)}, []string{a}},
		{"due after", map[string]any{"productionDueAfterUtc": "2026-12-05T00:00:00Z"}, []string{a}},
		{"due before", map[string]any{"productionDueBeforeUtc": "2026-12-10"}, []string{b}},
		{"created after", map[string]any{"createdAfterUtc": "2000-01-01"}, []string{c, b, a}},
		{"created before", map[string]any{"createdBeforeUtc": "2000-01-01"}, []string{}},
	}
	for _, f := range filters {
		mustWorkOrderIDs(t, f.name, listWorkOrders(t, te, "", f.filter), f.want...)
	}
	mustWorkOrderIDs(t, "by number", listWorkOrders(t, te, "?Sort.Field=number", map[string]any{}), a, b, c)
	mustWorkOrderIDs(t, "by priority", listWorkOrders(t, te, "?Sort.Field=priority", map[string]any{}), a, c, b)
	mustWorkOrderIDs(t, "by priority descending", listWorkOrders(t, te, "?Sort.Field=priority&Sort.Dir=descending", map[string]any{}), b, c, a)
	mustWorkOrderIDs(t, "by due date", listWorkOrders(t, te, "?Sort.Field=productionDueDateUtc", map[string]any{}), b, a, c)
	mustWorkOrderIDs(t, "by created", listWorkOrders(t, te, "?Sort.Field=createdUtc", map[string]any{}), a, b, c)
	page := listWorkOrders(t, te, "?Sort.Field=number&Skip=1&Take=1", map[string]any{})
	mustWorkOrderIDs(t, "second page", page, b)
	if page.TotalCount != 3 || page.Page != 2 || !page.HasNextPage || !page.HasPreviousPage {
		t.Fatalf("envelope: %s", mustJSON(t, page))
	}
	res, body := rawRequest(t, http.MethodPost, workOrdersPath+"/list?Sort.Field=name", te.Token, "application/json", `{}`)
	mustProblemNaming(t, res, body, "Sort.Field")
	res, body = rawRequest(t, http.MethodPost, workOrdersPath+"/list", te.Token, "application/json", `{"createdAfterUtc":"1999-12-31"}`)
	mustProblemNaming(t, res, body, "createdAfterUtc")
}

func TestWorkOrderStatusMovesFollowTheTable(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	statuses := []string{"needsReview", "approved", "inProgress", "complete", "cancelled"}
	// path is how a new work order reaches each status.
	path := map[string][]string{
		"needsReview": nil, "approved": {"approved"}, "inProgress": {"approved", "inProgress"},
		"complete": {"approved", "inProgress", "complete"}, "cancelled": {"cancelled"},
	}
	allowed := map[string][]string{
		"needsReview": {"approved", "cancelled"},
		"approved":    {"needsReview", "inProgress", "cancelled"},
		"inProgress":  {"complete", "cancelled"},
	}
	for _, from := range statuses {
		for _, to := range statuses {
			id := createWorkOrder(t, te, woBody(woOp(s.Job, s.Mill)))
			for _, step := range path[from] {
				mustMoveWorkOrder(t, te, id, step)
			}
			res, b := moveWorkOrder(t, te.Token, id, to)
			if slices.Contains(allowed[from], to) {
				if got := decodeOK[client.WorkOrder](t, res, b); string(got.Status) != to {
					t.Fatalf("%s → %s answered status %s", from, to, got.Status)
				}
			} else {
				mustProblemNaming(t, res, b, "status")
				if got := getWorkOrder(t, te, id); string(got.Status) != from {
					t.Fatalf("refused %s → %s left status %s", from, to, got.Status)
				}
			}
			res, b = deleteWorkOrder(t, te.Token, id)
			mustStatus(t, res.StatusCode, http.StatusOK, b)
		}
	}
	res, b := moveWorkOrder(t, te.Token, ids.New(), "approved")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestWorkOrderDeleteFreesItsJobOperationsAndReadsAsMissing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	id := createWorkOrder(t, te, woBody(woOp(s.Job, s.Mill)))
	res, b := deleteWorkOrder(t, te.Token, id)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = getWorkOrderRaw(t, te.Token, id)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = moveWorkOrder(t, te.Token, id, "approved")
	mustProblem(t, res, b, http.StatusNotFound)
	mustWorkOrderIDs(t, "list after the delete", listWorkOrders(t, te, "", map[string]any{}))
	res, b = deleteWorkOrder(t, te.Token, id)
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	res, b = deleteWorkOrder(t, te.Token, ids.New())
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	// The job operation is free again.
	again := createWorkOrder(t, te, woBody(woOp(s.Job, s.Mill), woOp(s.Job, s.Deburr)))
	// A work order whose work has started is not deleted.
	mustJobOp(t, te, s.Job, s.ItemToMake, s.Deburr, "add-quantity-completed", map[string]any{"quantity": 1})
	res, b = deleteWorkOrder(t, te.Token, again)
	mustProblemNaming(t, res, b, "status")
	getWorkOrder(t, te, again)
}

func TestGroupedJobOperationCannotLeaveItsRouting(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	route := jobRoutings(t, te, s.Job)[0]
	id := createWorkOrder(t, te, woBody(woOp(s.Job, s.Deburr)))
	res, b := rawRequest(t, http.MethodDelete, route.operationPath(s.Deburr), te.Token, "", "")
	mustProblem(t, res, b, http.StatusBadRequest)
	if ops, _ := jobItemRouting(t, te, s.ItemToMake); len(ops) != 2 {
		t.Fatalf("the refused delete left %d operations", len(ops))
	}
	res, b = deleteWorkOrder(t, te.Token, id)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodDelete, route.operationPath(s.Deburr), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

func TestWorkOrdersNeedViewJob(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	id := createWorkOrder(t, te, woBody(woOp(s.Job, s.Mill)))
	without := te.userToken(t, "View Item")
	with := te.userToken(t, "View Job")
	calls := []struct{ method, path, body string }{
		{http.MethodPost, workOrdersPath, jobJSON(t, woBody(woOp(s.Job, s.Deburr)))},
		{http.MethodPost, workOrdersPath + "/list", `{}`},
		{http.MethodGet, workOrderPath(id), ""},
		{http.MethodPost, workOrderPath(id) + "/status", `{"status":"approved"}`},
		{http.MethodDelete, workOrderPath(id), ""},
	}
	for _, c := range calls {
		ct := ""
		if c.body != "" {
			ct = "application/json"
		}
		res, b := rawRequest(t, c.method, c.path, without, ct, c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, c.path, with, ct, c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
}

func TestWorkOrdersAreIsolatedBetweenTenants(t *testing.T) {
	t.Parallel()
	a, b := newTenant(t), newTenant(t)
	s := newAlertShop(t, a, "released", "", "")
	id := createWorkOrder(t, a, woBody(woOp(s.Job, s.Mill)))
	own := newAlertShop(t, b, "released", "", "")
	theirs := createWorkOrder(t, b, woBody(woOp(own.Job, own.Mill)))
	res, body := getWorkOrderRaw(t, b.Token, id)
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = moveWorkOrder(t, b.Token, id, "approved")
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = deleteWorkOrder(t, b.Token, id)
	mustStatus(t, res.StatusCode, http.StatusNoContent, body)
	res, body = postWorkOrder(t, b.Token, woBody(woOp(s.Job, s.Deburr)))
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "operations.0.jobOperations.0.jobOperationId")
	mustWorkOrderIDs(t, "tenant B's list", listWorkOrders(t, b, "", map[string]any{}), theirs)
	mustWorkOrderIDs(t, "tenant B's list of A's job", listWorkOrders(t, b, "", map[string]any{"jobIds": []string{s.Job}}))
	if got := getWorkOrder(t, a, id); got.Status != client.WorkOrderStatusNeedsReview {
		t.Fatalf("tenant B's calls changed A's work order: %s", mustJSON(t, got))
	}
}

// arrangeWorkOrders: in each tenant one job making an item per job operation needed, and
// work orders grouping them, each operation grouping one job operation (the first work order
// of the large tenant manySubs operations), with an alert and a timer on a grouped one.
func arrangeWorkOrders(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		total := 0
		for i := range size.records {
			total += size.subs(i)
		}
		item := itemWithRouting(t, te, "WO-MADE")
		made := make([]any, total)
		for k := range made {
			made[k] = jobMake(item, "1")
		}
		job := createJob(t, te, map[string]any{"status": "released", "itemsToMake": made})
		ops := jobOperationRows(t, te, job)
		next := 0
		out := arrangeEach(size, func(i, subs int) string {
			list := make([]map[string]any, subs)
			for k := range list {
				list[k] = woOp(job, ops[next])
				next++
			}
			body := woBody(list...)
			body["name"] = fmt.Sprintf("Work order %d", i)
			return createWorkOrder(t, te, body)
		})
		raiseAlert(t, te, job, ops[0], "Grouped alert")
		return out
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listWorkOrders", workOrdersPath+"/list", workOrdersPath+"/list", `{}`),
		getRead("getWorkOrder", workOrderPath(s[0]), workOrderPath(l[0])),
	}
}

// workOrdersIsolation: tenant A's work order is none of tenant B's.
func workOrdersIsolation() isolationRow {
	return isolationRow{name: "work orders", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
		s := newAlertShop(t, a, "released", "", "")
		id := createWorkOrder(t, a, woBody(woOp(s.Job, s.Mill)))
		return isolated{
			ID: fmt.Sprintf(`"id":%q`, id), Get: workOrderPath(id),
			Delete: &isoCall{Method: http.MethodDelete, Status: http.StatusNoContent},
			Lists: []isoList{
				{Path: workOrdersPath + "/list", Body: `{}`},
				{Path: workOrdersPath + "/list", Body: fmt.Sprintf(`{"jobIds":[%q]}`, s.Job)},
			},
			Refused: []isoCall{
				{Method: http.MethodPost, Path: workOrderPath(id) + "/status", Body: `{"status":"approved"}`},
				{Method: http.MethodPost, Path: workOrdersPath, Body: jobJSON(t, woBody(woOp(s.Job, s.Deburr))),
					Field: "operations.0.jobOperations.0.jobOperationId"},
			},
		}
	}}
}

func TestWorkOrderOperationsTakeAttachmentsWhileTheWorkOrderLives(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newAlertShop(t, te, "released", "", "")
	id := createWorkOrder(t, te, woBody(woOp(s.Job, s.Mill)))
	w := getWorkOrder(t, te, id)
	opID := w.Operations[0].Id
	parts := []part{{"Detail.Owner.Type", "workOrderOperation"}, {"Detail.Owner.Id", opID}, {"Detail.IsNoteAttachment", "false"}}
	res := upload(t, te.API, &filePart{name: "nest.dxf", content: []byte("0\nSECTION")}, parts...)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if got := getAttachment(t, te, res.JSON200.Id); got.Owner.Id != opID {
		t.Fatalf("attachment owner %s, want %s", mustJSON(t, got.Owner), opID)
	}
	if after := getWorkOrder(t, te, id); !after.ModifiedUtc.After(w.ModifiedUtc) {
		t.Fatalf("attaching a file left the work order's modifiedUtc at %v", after.ModifiedUtc)
	}
	del, b := deleteWorkOrder(t, te.Token, id)
	mustStatus(t, del.StatusCode, http.StatusOK, b)
	res = upload(t, te.API, &filePart{name: "nest.dxf", content: []byte("0\nSECTION")}, parts...)
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
}
