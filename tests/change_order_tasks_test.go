package tests

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

func TestChangeOrderTaskSequencePlacesTheTaskAndShiftsTheOthers(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, "")
	co := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	task := func(name string, sequence any) string {
		body := map[string]any{"relatedRecord": map[string]any{"id": co}, "name": name}
		if sequence != nil {
			body["sequence"] = sequence
		}
		return createChangeOrderTask(t, te, body)
	}
	task("A", nil)
	task("B", nil)
	c := task("C", 1)
	task("D", 3)
	task("E", 99)
	if got := changeOrderTaskNames(t, te, co); !slices.Equal(got, []string{"C", "A", "D", "B", "E"}) {
		t.Fatalf("tasks %v, want C A D B E", got)
	}
	// An update moves a task to its new step; the others shift.
	res, b := coCall(t, te, http.MethodPut, changeOrderTaskPath(c), `{"name":"C","sequence":4}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if got := changeOrderTaskNames(t, te, co); !slices.Equal(got, []string{"A", "D", "B", "C", "E"}) {
		t.Fatalf("after moving C to 4: %v", got)
	}
	// A delete closes the gap.
	res, b = coCall(t, te, http.MethodDelete, changeOrderTaskPath(c), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if got := changeOrderTaskNames(t, te, co); !slices.Equal(got, []string{"A", "D", "B", "E"}) {
		t.Fatalf("after deleting C: %v", got)
	}
	res, b = coCall(t, te, http.MethodPost, changeOrderTasksPath, jobJSON(t, map[string]any{"relatedRecord": map[string]any{"id": co}, "name": "Z", "sequence": 0}))
	mustStatus(t, res.StatusCode, http.StatusBadRequest, b)
}

func TestChangeOrderTaskCompletedByIsNullForAnIntegrationToken(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, "")
	co := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	byKey := getChangeOrderTask(t, te, createChangeOrderTask(t, te, map[string]any{"relatedRecord": map[string]any{"id": co}, "name": "Key", "completed": true}))
	if !byKey.Completed || byKey.CompletedUtc == nil || byKey.CompletedBy != nil {
		t.Fatalf("completed with an integration token: %s", mustJSON(t, byKey))
	}
	user := te.userToken(t, "Edit Change Orders", "View Change Orders")
	res, b := rawRequest(t, http.MethodPost, changeOrderTasksPath, user, "application/json",
		jobJSON(t, map[string]any{"relatedRecord": map[string]any{"id": co}, "name": "User", "completed": true}))
	byUser := getChangeOrderTask(t, te, createdID(t, res, b))
	if byUser.CompletedBy == nil || byUser.CompletedBy.Id == "" {
		t.Fatalf("completed by a user names nobody: %s", mustJSON(t, byUser))
	}
	// Reopening clears both; no modification stamp is carried.
	res, b = coCall(t, te, http.MethodPut, changeOrderTaskPath(byUser.Id), `{"name":"User","completed":false}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if open := mustDecode[client.ChangeOrderTask](t, b); open.Completed || open.CompletedUtc != nil || open.CompletedBy != nil ||
		strings.Contains(string(b), "modifiedUtc") {
		t.Fatalf("reopened task %s", b)
	}
}

func TestChangeOrderTaskRelatedRecordIsRequiredOnCreateAndIgnoredOnUpdate(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, "")
	co := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	other := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	res, b := coCall(t, te, http.MethodPost, changeOrderTasksPath, `{"name":"Orphan"}`)
	mustProblemNaming(t, res, b, "relatedRecord.id")
	res, b = coCall(t, te, http.MethodPost, changeOrderTasksPath, `{"name":"Orphan","relatedRecord":{"id":"`+ids.New()+`"}}`)
	p := mustProblem(t, res, b, http.StatusNotFound)
	mustNameField(t, p, "relatedRecord.id")
	id := createChangeOrderTask(t, te, map[string]any{"relatedRecord": map[string]any{"id": co}, "name": "Stay", "dueDateUtc": "2026-07-01T00:00:00Z"})
	res, b = coCall(t, te, http.MethodPut, changeOrderTaskPath(id), `{"name":"Stayed","description":"still here","relatedRecord":{"id":"`+other+`"}}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	got := mustDecode[client.ChangeOrderTask](t, b)
	if got.RelatedRecord.Id != co || got.Name != "Stayed" || got.Description == nil || got.DueDateUtc != nil {
		t.Fatalf("updated task %s", b)
	}
}

func TestChangeOrderTaskListFiltersByRelatedRecordIdsUpTo1000(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, "")
	a := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	b := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	createChangeOrderTask(t, te, map[string]any{"relatedRecord": map[string]any{"id": a}, "name": "A1"})
	createChangeOrderTask(t, te, map[string]any{"relatedRecord": map[string]any{"id": b}, "name": "B1"})
	list := func(ids []string) (rawResponse, []byte) {
		return coCall(t, te, http.MethodPost, changeOrderTasksPath+"/list", jobJSON(t, map[string]any{"relatedRecordIds": ids}))
	}
	many := []string{b}
	for i := range 999 {
		many = append(many, fmt.Sprintf("%024d", i))
	}
	res, body := list(many)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if page := mustDecode[client.ChangeOrderTaskPage](t, body); page.TotalCount != 1 || page.Data[0].Name != "B1" {
		t.Fatalf("tasks of b: %s", body)
	}
	res, body = list(append(many, a))
	mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
}

func TestDeletingAMissingChangeOrderTaskAnswers204(t *testing.T) {
	t.Parallel()
	te, _ := changeOrderShop(t, "")
	res, b := coCall(t, te, http.MethodDelete, changeOrderTaskPath(ids.New()), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
}

func TestConcurrentChangeOrderTaskCreatesTakeDistinctSteps(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, "")
	co := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	const n = 8
	counts := atOnce(t, n, func(i int) (int, error) {
		res, b := coCall(t, te, http.MethodPost, changeOrderTasksPath,
			jobJSON(t, map[string]any{"relatedRecord": map[string]any{"id": co}, "name": fmt.Sprintf("T%d", i), "sequence": 1}))
		if res.StatusCode != http.StatusOK {
			t.Errorf("task create answered %d: %s", res.StatusCode, b)
		}
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != n {
		t.Fatalf("statuses %v", counts)
	}
	// changeOrderTaskNames fails unless the steps are 1 to n in order.
	if got := changeOrderTaskNames(t, te, co); len(got) != n {
		t.Fatalf("tasks %v", got)
	}
}
