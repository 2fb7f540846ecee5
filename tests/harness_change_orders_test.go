package tests

import (
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
)

const (
	changeOrdersPath            = "/api/change-orders"
	changeOrderTasksPath        = "/api/change-order-tasks"
	changeOrderSettings         = "/api/settings/change-orders"
	changeOrderDispositionsPath = "/api/change-order-dispositions"
)

func changeOrderPath(id string) string     { return changeOrdersPath + "/" + id }
func changeOrderTaskPath(id string) string { return changeOrderTasksPath + "/" + id }

// coCall sends body (none when "") as JSON with the tenant's integration token.
func coCall(t *testing.T, te *tenantEnv, method, path, body string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, method, path, te.Token, "application/json", body)
}

// enableChangeOrders replaces the tenant's change order settings with body (JSON).
func enableChangeOrders(t *testing.T, te *tenantEnv, body string) client.ChangeOrderSettings {
	t.Helper()
	res, b := coCall(t, te, http.MethodPut, changeOrderSettings, body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return mustDecode[client.ChangeOrderSettings](t, b)
}

// changeOrderShopIn enables change orders for te (updates off) and makes an item to change.
func changeOrderShopIn(t *testing.T, te *tenantEnv) (*tenantEnv, string) {
	t.Helper()
	enableChangeOrders(t, te, `{"enabled":true,"updatesEnabled":false,"notificationsEnabled":false,"taskTemplate":[]}`)
	return te, itemWithRouting(t, te, "CO-"+randomSuffix())
}

// changeOrderShop is an enabled tenant with an item (with a routing) to change.
func changeOrderShop(t *testing.T, settings string) (*tenantEnv, string) {
	t.Helper()
	te := newTenant(t)
	if settings == "" {
		settings = `{"enabled":true,"updatesEnabled":false,"notificationsEnabled":false,"taskTemplate":[]}`
	}
	enableChangeOrders(t, te, settings)
	return te, itemWithRouting(t, te, "CO-"+randomSuffix())
}

func createChangeOrder(t *testing.T, te *tenantEnv, body map[string]any) string {
	t.Helper()
	res, b := coCall(t, te, http.MethodPost, changeOrdersPath, jobJSON(t, body))
	return createdID(t, res, b)
}

func getChangeOrder(t *testing.T, te *tenantEnv, id string) client.ChangeOrder {
	t.Helper()
	res, b := coCall(t, te, http.MethodGet, changeOrderPath(id), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return mustDecode[client.ChangeOrder](t, b)
}

func listChangeOrders(t *testing.T, te *tenantEnv, filter string) client.ChangeOrderPage {
	t.Helper()
	res, b := coCall(t, te, http.MethodPost, changeOrdersPath+"/list", filter)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return mustDecode[client.ChangeOrderPage](t, b)
}

func changeOrderIDs(p client.ChangeOrderPage) []string {
	out := []string{}
	for _, c := range p.Data {
		out = append(out, c.Id)
	}
	return out
}

func createChangeOrderTask(t *testing.T, te *tenantEnv, body map[string]any) string {
	t.Helper()
	res, b := coCall(t, te, http.MethodPost, changeOrderTasksPath, jobJSON(t, body))
	return createdID(t, res, b)
}

func getChangeOrderTask(t *testing.T, te *tenantEnv, id string) client.ChangeOrderTask {
	t.Helper()
	res, b := coCall(t, te, http.MethodGet, changeOrderTaskPath(id), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return mustDecode[client.ChangeOrderTask](t, b)
}

// changeOrderTaskNames lists the change order's tasks' names by sequence.
func changeOrderTaskNames(t *testing.T, te *tenantEnv, changeOrderID string) []string {
	t.Helper()
	res, b := coCall(t, te, http.MethodPost, changeOrderTasksPath+"/list", `{"relatedRecordIds":["`+changeOrderID+`"]}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	page := mustDecode[client.ChangeOrderTaskPage](t, b)
	out := []string{}
	for i, task := range page.Data {
		if int(task.Sequence) != i+1 {
			t.Fatalf("task %s has sequence %d at place %d", task.Name, task.Sequence, i+1)
		}
		out = append(out, task.Name)
	}
	return out
}

// arrangeChangeOrders: in each tenant (change orders enabled, updates on, a task template of
// one task) change orders of an item made by as many jobs as the size gives sub-records,
// each seeding one impacted record per job, and the first of them carrying that many tasks.
func arrangeChangeOrders(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) (cos, tasks []string) {
		enableChangeOrders(t, te, `{"enabled":true,"updatesEnabled":true,"notificationsEnabled":false,"taskTemplate":[{"name":"Review","dueInDays":1}]}`)
		item := itemWithRouting(t, te, "CO-READ")
		customer := createCustomer(t, te, client.CustomerWrite{Name: "Change reads"})
		disposition := createListRecord(t, te, changeOrderDispositionsPath, "Rework")
		for range size.subs(0) {
			createJobMaking(t, te, item, "1")
		}
		cos = arrangeEach(size, func(i, _ int) string {
			return createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item},
				"customer": map[string]any{"id": customer}, "disposition": map[string]any{"id": disposition},
				"detail": fmt.Sprintf("Change %d", i)})
		})
		for k := range size.subs(0) {
			tasks = append(tasks, createChangeOrderTask(t, te, map[string]any{"relatedRecord": map[string]any{"id": cos[0]},
				"name": fmt.Sprintf("Task %d", k)}))
		}
		for k := range size.records {
			createListRecord(t, te, changeOrderDispositionsPath, fmt.Sprintf("Disposition %d", k))
		}
		return cos, tasks
	}
	s, sTasks := build(small, smallWorld)
	l, lTasks := build(large, largeWorld)
	return []readCase{
		getRead("getChangeOrderSettings", changeOrderSettings, changeOrderSettings),
		listRead("listChangeOrders", changeOrdersPath+"/list", changeOrdersPath+"/list", `{}`),
		getRead("getChangeOrder", changeOrderPath(s[0]), changeOrderPath(l[0])),
		listRead("listChangeOrderTasks", changeOrderTasksPath+"/list", changeOrderTasksPath+"/list", `{}`),
		getRead("getChangeOrderTask", changeOrderTaskPath(sTasks[0]), changeOrderTaskPath(lTasks[0])),
		listRead("listChangeOrderDispositions", changeOrderDispositionsPath+"/list", changeOrderDispositionsPath+"/list", `{}`),
	}
}

// changeOrdersIsolation: tenant A's change order and task are none of tenant B's.
func changeOrdersIsolation() isolationRow {
	return isolationRow{name: "change orders", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
		for _, te := range []*tenantEnv{a, b} {
			enableChangeOrders(t, te, `{"enabled":true,"updatesEnabled":false,"notificationsEnabled":false,"taskTemplate":[]}`)
		}
		item := itemWithRouting(t, a, "CO-ISO")
		id := createChangeOrder(t, a, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
		task := createChangeOrderTask(t, a, map[string]any{"relatedRecord": map[string]any{"id": id}, "name": "A's task"})
		bItem := itemWithRouting(t, b, "CO-ISO-B")
		return isolated{
			ID: fmt.Sprintf(`"id":%q`, id), Get: changeOrderPath(id),
			Put:    &isoCall{Method: http.MethodPut, Body: `{"originalRevisionItem":{"id":"` + bItem + `"}}`},
			Delete: &isoCall{Method: http.MethodDelete, Status: http.StatusNoContent},
			Lists: []isoList{
				{Path: changeOrdersPath + "/list", Body: `{}`},
				{Path: changeOrdersPath + "/list", Body: fmt.Sprintf(`{"revisionItemId":%q}`, item)},
			},
			Refused: []isoCall{
				{Method: http.MethodGet, Path: changeOrderTaskPath(task)},
				{Method: http.MethodPut, Path: changeOrderTaskPath(task), Body: `{"name":"B's"}`},
				{Method: http.MethodPost, Path: changeOrderTasksPath, Body: fmt.Sprintf(`{"relatedRecord":{"id":%q},"name":"B's"}`, id),
					Field: "relatedRecord.id"},
				{Method: http.MethodPost, Path: changeOrdersPath, Body: fmt.Sprintf(`{"originalRevisionItem":{"id":%q}}`, item),
					Field: "originalRevisionItem.id"},
			},
		}
	}}
}
