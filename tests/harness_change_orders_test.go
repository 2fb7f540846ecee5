package tests

import (
		"net/http"
	"testing"

	"mos/gen/client"
)

const (
	changeOrdersPath      = "/api/change-orders"
	changeOrderTasksPath  = "/api/change-order-tasks"
	changeOrderSettings   = "/api/settings/change-orders"
	changeOrderDispositns = "/api/change-order-dispositions"
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
