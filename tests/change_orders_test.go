package tests

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

func TestChangeOrderSurfaceAnswers404WhileNotEnabled(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, b := coCall(t, te, http.MethodGet, changeOrderSettings, "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if st := mustDecode[client.ChangeOrderSettings](t, b); st.Enabled || st.UpdatesEnabled || st.NotificationsEnabled || len(st.TaskTemplate) != 0 {
		t.Fatalf("defaults %s, want everything off", b)
	}
	id := ids.New()
	calls := []struct{ method, path, body string }{
		{http.MethodPost, changeOrdersPath, `{"originalRevisionItem":{"id":"` + id + `"}}`},
		{http.MethodPost, changeOrdersPath + "/list", `{}`},
		{http.MethodGet, changeOrderPath(id), ""},
		{http.MethodPut, changeOrderPath(id), `{"originalRevisionItem":{"id":"` + id + `"}}`},
		{http.MethodDelete, changeOrderPath(id), ""},
		{http.MethodPost, changeOrderTasksPath, `{"relatedRecord":{"id":"` + id + `"},"name":"Task"}`},
		{http.MethodPost, changeOrderTasksPath + "/list", `{}`},
		{http.MethodGet, changeOrderTaskPath(id), ""},
		{http.MethodPut, changeOrderTaskPath(id), `{"name":"Task"}`},
		{http.MethodDelete, changeOrderTaskPath(id), ""},
		{http.MethodPost, changeOrderDispositionsPath, `{"name":"Scrap"}`},
		{http.MethodPost, changeOrderDispositionsPath + "/list", `{}`},
	}
	for _, c := range calls {
		res, b := coCall(t, te, c.method, c.path, c.body)
		mustStatus(t, res.StatusCode, http.StatusNotFound, b)
	}
	// Turned off again after use, the surface answers 404 again.
	item := itemWithRouting(t, te, "CO-OFF")
	enableChangeOrders(t, te, `{"enabled":true,"updatesEnabled":false,"notificationsEnabled":false,"taskTemplate":[]}`)
	co := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	enableChangeOrders(t, te, `{"enabled":false,"updatesEnabled":false,"notificationsEnabled":false,"taskTemplate":[]}`)
	res, b = coCall(t, te, http.MethodGet, changeOrderPath(co), "")
	mustStatus(t, res.StatusCode, http.StatusNotFound, b)
}

func TestChangeOrderSettingsAreReplacedAndRead(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	body := `{"enabled":true,"updatesEnabled":true,"notificationsEnabled":true,"taskTemplate":[{"name":" Drawings ","description":"Redline","dueInDays":3},{"name":"Tooling","dueInDays":0}]}`
	put := enableChangeOrders(t, te, body)
	res, b := coCall(t, te, http.MethodGet, changeOrderSettings, "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	got := mustDecode[client.ChangeOrderSettings](t, b)
	if mustJSON(t, got) != mustJSON(t, put) || !got.Enabled || !got.UpdatesEnabled || !got.NotificationsEnabled ||
		len(got.TaskTemplate) != 2 || got.TaskTemplate[0].Name != "Drawings" || got.TaskTemplate[1].DueInDays != 0 {
		t.Fatalf("settings read %s after writing %s", b, body)
	}
	res, b = coCall(t, te, http.MethodPut, changeOrderSettings, `{"enabled":true,"updatesEnabled":true,"notificationsEnabled":true,"taskTemplate":[{"name":"  ","dueInDays":1}]}`)
	mustProblemNaming(t, res, b, "taskTemplate.0.name")
}

func TestChangeOrderCreateStoresEveryFieldAndNumbersPerTenant(t *testing.T) {
	t.Parallel()
	te, original := changeOrderShop(t, "")
	newRev := itemWithRouting(t, te, "CO-NEW-"+randomSuffix())
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Change customer"})
	disposition := createListRecord(t, te, changeOrderDispositionsPath, "Use as is")
	first := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": original}})
	id := createChangeOrder(t, te, map[string]any{
		"customer": map[string]any{"id": customer}, "originalRevisionItem": map[string]any{"id": original, "name": "ignored"},
		"newRevisionItem": map[string]any{"id": newRev}, "requestedUtc": "2026-03-01T10:00:00+02:00",
		"dueDateUtc": "2026-04-01T00:00:00Z", "approvedUtc": "2026-03-02T00:00:00Z", "status": "inProgress",
		"detail": "Hole pattern moved", "disposition": map[string]any{"id": disposition}, "notificationsEnabled": true,
	})
	c := getChangeOrder(t, te, id)
	if got := getChangeOrder(t, te, first).Number; got != 1 || c.Number != 2 {
		t.Fatalf("numbers %d and %d, want 1 and 2", got, c.Number)
	}
	if c.Customer == nil || c.Customer.Id != customer || c.Customer.Name != "Change customer" ||
		c.OriginalRevisionItem.Id != original || c.OriginalRevisionItem.Number == "" ||
		c.NewRevisionItem == nil || c.NewRevisionItem.Id != newRev ||
		!c.RequestedUtc.Equal(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC)) ||
		c.DueDateUtc == nil || !c.DueDateUtc.Equal(time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)) ||
		c.ApprovedUtc == nil || c.CompletedUtc != nil || c.Status != client.ChangeOrderStatusInProgress ||
		c.Detail == nil || *c.Detail != "Hole pattern moved" || c.Disposition == nil || c.Disposition.Name != "Use as is" ||
		!c.NotificationsEnabled || c.CreatedBy != nil || c.ModifiedBy != nil || c.ImpactedRecords == nil {
		t.Fatalf("change order %s", mustJSON(t, c))
	}
	// A user's token is named as creator and modifier.
	userToken := te.userToken(t, "Edit Change Orders", "View Change Orders")
	res, b := rawRequest(t, http.MethodPost, changeOrdersPath, userToken, "application/json", `{"originalRevisionItem":{"id":"`+original+`"}}`)
	byUser := getChangeOrder(t, te, createdID(t, res, b))
	if byUser.CreatedBy == nil || byUser.ModifiedBy == nil || byUser.CreatedBy.Id == "" {
		t.Fatalf("a user's change order names no creator: %s", mustJSON(t, byUser))
	}
	// The list leaves impactedRecords out.
	for _, row := range listChangeOrders(t, te, `{}`).Data {
		if row.ImpactedRecords != nil {
			t.Fatalf("list row carries impactedRecords: %s", mustJSON(t, row))
		}
	}
}

func TestChangeOrderUnknownReferencesAnswer404NamingThem(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, "")
	other := newTenant(t)
	otherItem := itemWithRouting(t, other, "CO-OTHER")
	for field, body := range map[string]map[string]any{
		"originalRevisionItem.id": {"originalRevisionItem": map[string]any{"id": otherItem}},
		"newRevisionItem.id":      {"originalRevisionItem": map[string]any{"id": item}, "newRevisionItem": map[string]any{"id": ids.New()}},
		"customer.id":             {"originalRevisionItem": map[string]any{"id": item}, "customer": map[string]any{"id": ids.New()}},
		"disposition.id":          {"originalRevisionItem": map[string]any{"id": item}, "disposition": map[string]any{"id": ids.New()}},
	} {
		res, b := coCall(t, te, http.MethodPost, changeOrdersPath, jobJSON(t, body))
		p := mustProblem(t, res, b, http.StatusNotFound)
		mustNameField(t, p, field)
	}
	res, b := coCall(t, te, http.MethodPost, changeOrdersPath, `{"originalRevisionItem":{"id":"`+item+`"},"detail":""}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

func TestChangeOrderRequestedUtcDefaultsToTheShopDayAtUtcMidnight(t *testing.T) {
	t.Parallel()
	// Kiritimati is 14 hours ahead of UTC: its day is often not UTC's.
	te := newTenant(t, "Pacific/Kiritimati")
	enableChangeOrders(t, te, `{"enabled":true,"updatesEnabled":false,"notificationsEnabled":false,"taskTemplate":[]}`)
	item := itemWithRouting(t, te, "CO-DAY")
	loc, err := time.LoadLocation("Pacific/Kiritimati")
	if err != nil {
		t.Fatal(err)
	}
	day := func() time.Time {
		y, m, d := time.Now().In(loc).Date()
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	}
	before := day()
	c := getChangeOrder(t, te, createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}}))
	after := day()
	if !c.RequestedUtc.Equal(before) && !c.RequestedUtc.Equal(after) {
		t.Fatalf("requestedUtc %s, want the shop day %s at midnight UTC", c.RequestedUtc, before)
	}
}

func TestChangeOrderCompletedStampsCompletedUtcWhenNoneIsSent(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, "")
	start := time.Now().Add(-time.Minute)
	stamped := getChangeOrder(t, te, createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}, "status": "completed"}))
	if stamped.CompletedUtc == nil || stamped.CompletedUtc.Before(start) {
		t.Fatalf("completed without completedUtc: %v", stamped.CompletedUtc)
	}
	sent := getChangeOrder(t, te, createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}, "status": "completed",
		"completedUtc": "2026-01-05T00:00:00Z"}))
	if sent.CompletedUtc == nil || !sent.CompletedUtc.Equal(time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("completedUtc sent is not kept: %v", sent.CompletedUtc)
	}
	// An update completing it stamps it; a later update keeps the stamp.
	open := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	res, b := coCall(t, te, http.MethodPut, changeOrderPath(open), `{"originalRevisionItem":{"id":"`+item+`"},"status":"completed"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	done := mustDecode[client.ChangeOrder](t, b)
	if done.CompletedUtc == nil {
		t.Fatalf("update to completed stamped nothing: %s", b)
	}
	res, b = coCall(t, te, http.MethodPut, changeOrderPath(open), `{"originalRevisionItem":{"id":"`+item+`"},"status":"completed","detail":"again"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if again := mustDecode[client.ChangeOrder](t, b); again.CompletedUtc == nil || !again.CompletedUtc.Equal(*done.CompletedUtc) {
		t.Fatalf("completedUtc moved from %v to %v", done.CompletedUtc, again.CompletedUtc)
	}
}

func TestChangeOrderNotificationsNullTakesTheCompanyDefaultAndKeepsOnUpdate(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, `{"enabled":true,"updatesEnabled":false,"notificationsEnabled":true,"taskTemplate":[]}`)
	id := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}, "notificationsEnabled": nil})
	if !getChangeOrder(t, te, id).NotificationsEnabled {
		t.Fatal("null notificationsEnabled did not take the company default (on)")
	}
	res, b := coCall(t, te, http.MethodPut, changeOrderPath(id), `{"originalRevisionItem":{"id":"`+item+`"},"notificationsEnabled":false}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = coCall(t, te, http.MethodPut, changeOrderPath(id), `{"originalRevisionItem":{"id":"`+item+`"},"notificationsEnabled":null}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if mustDecode[client.ChangeOrder](t, b).NotificationsEnabled {
		t.Fatal("null notificationsEnabled on update did not keep the stored false")
	}
}

func TestChangeOrderStatusMovesFollowTheTransitionTable(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, "")
	put := func(id, status string) int {
		res, b := coCall(t, te, http.MethodPut, changeOrderPath(id), `{"originalRevisionItem":{"id":"`+item+`"},"status":"`+status+`"}`)
		if res.StatusCode == http.StatusBadRequest {
			mustProblemNaming(t, res, b, "status")
		}
		return res.StatusCode
	}
	at := func(status string) string {
		return createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}, "status": status})
	}
	moves := []struct {
		from, to string
		want     int
	}{
		{"new", "new", 200}, {"new", "inProgress", 200}, {"new", "completed", 200},
		{"inProgress", "new", 200}, {"inProgress", "inProgress", 200}, {"inProgress", "completed", 200},
		{"completed", "inProgress", 200}, {"completed", "completed", 200}, {"completed", "new", 400},
	}
	for _, m := range moves {
		if got := put(at(m.from), m.to); got != m.want {
			t.Errorf("%s to %s answered %d, want %d", m.from, m.to, got, m.want)
		}
	}
}

func TestChangeOrderUpdateNeverWritesImpactedRecordsOrTasks(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, `{"enabled":true,"updatesEnabled":true,"notificationsEnabled":false,"taskTemplate":[{"name":"Review","dueInDays":1}]}`)
	createJobMaking(t, te, item, "1")
	id := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	before := getChangeOrder(t, te, id)
	other := itemWithRouting(t, te, "CO-OTHER-"+randomSuffix())
	createJobMaking(t, te, other, "1")
	res, b := coCall(t, te, http.MethodPut, changeOrderPath(id), `{"originalRevisionItem":{"id":"`+other+`"},"detail":"new item"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	after := mustDecode[client.ChangeOrder](t, b)
	if len(*before.ImpactedRecords) != 1 || mustJSON(t, after.ImpactedRecords) != mustJSON(t, before.ImpactedRecords) ||
		after.OriginalRevisionItem.Id != other {
		t.Fatalf("impacted records %s became %s", mustJSON(t, before.ImpactedRecords), mustJSON(t, after.ImpactedRecords))
	}
	if names := changeOrderTaskNames(t, te, id); !slices.Equal(names, []string{"Review"}) {
		t.Fatalf("tasks after update %v", names)
	}
}

func TestChangeOrderSeedsImpactedRecordsFromOpenDocumentsWhereUpdatesAreEnabled(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, `{"enabled":true,"updatesEnabled":true,"notificationsEnabled":false,"taskTemplate":[{"name":"Drawings","dueInDays":2},{"name":"Tooling","description":"Fixtures","dueInDays":10}]}`)
	quoteLine := newQuotePartLine(t, te, item, "2")
	order, _, orderLines := jobSalesOrder(t, te, "", item)
	planned := createJobMaking(t, te, item, "1")
	complete := createJobMaking(t, te, item, "1")
	mustMoveJob(t, te, complete, "released")
	mustMoveJob(t, te, complete, "complete")
	cancelled := createJobMaking(t, te, item, "1")
	if res, b := cancelJob(t, te, cancelled); res.StatusCode != http.StatusOK {
		t.Fatalf("cancel job: %d %s", res.StatusCode, b)
	}
	unrelated := itemWithRouting(t, te, "CO-UNRELATED-"+randomSuffix())
	createJobMaking(t, te, unrelated, "1")

	id := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}, "requestedUtc": "2026-06-10T22:30:00Z"})
	c := getChangeOrder(t, te, id)
	type seen struct{ Type, Doc, Line, Disposition string }
	var got []seen
	for _, r := range *c.ImpactedRecords {
		s := seen{Type: string(r.DocumentType), Doc: r.DocumentId}
		if r.OriginalRevDocumentLineId != nil {
			s.Line = *r.OriginalRevDocumentLineId
		}
		if r.Disposition != nil {
			s.Disposition = *r.Disposition
		}
		if r.RolledRev || r.NewRevDocumentLineId != nil || r.Id == "" {
			t.Fatalf("seeded record %s", mustJSON(t, r))
		}
		got = append(got, s)
	}
	want := []seen{
		{"quote", quoteLine.QuoteID, quoteLine.LineID, ""},
		{"salesOrder", order, orderLines[0], ""},
		{"job", planned, "", "Revision"},
		{"job", complete, "", "Finish As Is"},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("impacted records %+v, want %+v", got, want)
	}
	// The template's tasks, due from the UTC day of requestedUtc.
	res, b := coCall(t, te, http.MethodPost, changeOrderTasksPath+"/list", `{"relatedRecordIds":["`+id+`"]}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	tasks := mustDecode[client.ChangeOrderTaskPage](t, b).Data
	if len(tasks) != 2 || tasks[0].Name != "Drawings" || tasks[1].Description == nil || *tasks[1].Description != "Fixtures" ||
		!tasks[0].DueDateUtc.Equal(time.Date(2026, 6, 12, 0, 0, 0, 0, time.UTC)) ||
		!tasks[1].DueDateUtc.Equal(time.Date(2026, 6, 20, 0, 0, 0, 0, time.UTC)) || tasks[0].RelatedRecord.Number != c.Number {
		t.Fatalf("template tasks %s", mustJSON(t, tasks))
	}
	// The list finds the change order by an impacted document.
	if got := changeOrderIDs(listChangeOrders(t, te, `{"impactedDocumentId":"`+planned+`"}`)); !slices.Equal(got, []string{id}) {
		t.Fatalf("impactedDocumentId filter %v", got)
	}
	// Where updates are off, nothing is seeded.
	enableChangeOrders(t, te, `{"enabled":true,"updatesEnabled":false,"notificationsEnabled":false,"taskTemplate":[]}`)
	if off := getChangeOrder(t, te, createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})); len(*off.ImpactedRecords) != 0 {
		t.Fatalf("updates off seeded %s", mustJSON(t, off.ImpactedRecords))
	}
}

func TestDeletingAnAppliedChangeOrderIs400(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, `{"enabled":true,"updatesEnabled":true,"notificationsEnabled":false,"taskTemplate":[]}`)
	completed := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}, "status": "completed"})
	res, b := coCall(t, te, http.MethodDelete, changeOrderPath(completed), "")
	mustProblemNaming(t, res, b, "status")
	getChangeOrder(t, te, completed)
	// A rolled impacted record applies it too (rolling is done by the shop, outside this API).
	createJobMaking(t, te, item, "1")
	rolled := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	if _, err := srv.Pool.Exec(`UPDATE change_order_impacted_records SET rolled_rev = true WHERE tenant_id = $1 AND change_order_id = $2`, te.ID, rolled); err != nil {
		t.Fatal(err)
	}
	res, b = coCall(t, te, http.MethodDelete, changeOrderPath(rolled), "")
	mustProblemNaming(t, res, b, "status")
}

func TestDeletingAChangeOrderRemovesItAndAMissingOneAnswers204(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, `{"enabled":true,"updatesEnabled":false,"notificationsEnabled":false,"taskTemplate":[{"name":"Review","dueInDays":1}]}`)
	keep := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	id := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	keptBefore := getChangeOrder(t, te, keep).ModifiedUtc
	res, b := coCall(t, te, http.MethodDelete, changeOrderPath(id), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = coCall(t, te, http.MethodGet, changeOrderPath(id), "")
	mustStatus(t, res.StatusCode, http.StatusNotFound, b)
	res, b = coCall(t, te, http.MethodDelete, changeOrderPath(id), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	res, b = coCall(t, te, http.MethodDelete, changeOrderPath(ids.New()), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	// Deletions (of a change order, of a task) advance no change order's modifiedUtc.
	task := createChangeOrderTask(t, te, map[string]any{"relatedRecord": map[string]any{"id": keep}, "name": "Extra"})
	res, b = coCall(t, te, http.MethodDelete, changeOrderTaskPath(task), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if after := getChangeOrder(t, te, keep).ModifiedUtc; !after.Equal(keptBefore) {
		t.Fatalf("modifiedUtc advanced from %s to %s by deletions", keptBefore, after)
	}
}

func TestChangeOrderListFiltersNarrowTogether(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, "")
	newRev := itemWithRouting(t, te, "CO-NEWREV-"+randomSuffix())
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Acme Filters"})
	disposition := createListRecord(t, te, changeOrderDispositionsPath, "Rework")
	a := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}, "customer": map[string]any{"id": customer},
		"requestedUtc": "2026-02-01T00:00:00Z", "dueDateUtc": "2020-01-01T00:00:00Z", "detail": "Thicker WALL"})
	b := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}, "newRevisionItem": map[string]any{"id": newRev},
		"requestedUtc": "2026-03-01T00:00:00Z", "dueDateUtc": "2020-01-01T00:00:00Z", "status": "completed",
		"completedUtc": "2026-03-05T00:00:00Z", "disposition": map[string]any{"id": disposition}})
	c := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}, "requestedUtc": "2026-04-01T00:00:00Z",
		"dueDateUtc": "2099-01-01T00:00:00Z", "status": "inProgress"})
	cases := []struct {
		filter string
		want   []string
	}{
		{`{}`, []string{c, b, a}},
		{`{"search":"thicker wall"}`, []string{a}},
		{`{"search":"acme"}`, []string{a}},
		{`{"statuses":["completed","inProgress"]}`, []string{c, b}},
		{`{"customerIds":["` + customer + `"]}`, []string{a}},
		{`{"dispositionIds":["` + disposition + `"]}`, []string{b}},
		{`{"requestedFromUtc":"2026-03-01","requestedToUtc":"2026-04-01T00:00:00Z"}`, []string{c, b}},
		{`{"dueFromUtc":"2020-01-01","dueToUtc":"2020-01-01"}`, []string{b, a}},
		{`{"completedFromUtc":"2026-03-05","completedToUtc":"2026-03-05"}`, []string{b}},
		{`{"overdue":true}`, []string{a}},
		{`{"overdue":false}`, []string{c, b, a}},
		{`{"revisionItemId":"` + newRev + `"}`, []string{b}},
		{`{"revisionItemId":"` + item + `","statuses":["new"]}`, []string{a}},
	}
	for _, tc := range cases {
		if got := changeOrderIDs(listChangeOrders(t, te, tc.filter)); !slices.Equal(got, tc.want) {
			t.Errorf("filter %s: %v, want %v", tc.filter, got, tc.want)
		}
	}
	// Modified windows: after is exclusive, before inclusive.
	stamp := getChangeOrder(t, te, b).ModifiedUtc.Format(time.RFC3339Nano)
	if got := changeOrderIDs(listChangeOrders(t, te, `{"modifiedAfterUtc":"`+stamp+`","modifiedBeforeUtc":"`+stamp+`"}`)); len(got) != 0 {
		t.Errorf("modifiedAfterUtc is not exclusive: %v", got)
	}
	if got := changeOrderIDs(listChangeOrders(t, te, `{"modifiedBeforeUtc":"`+stamp+`"}`)); !slices.Contains(got, b) || slices.Contains(got, c) {
		t.Errorf("modifiedBeforeUtc is not inclusive: %v", got)
	}
	createdDay := getChangeOrder(t, te, a).CreatedUtc.Format(time.DateOnly)
	if got := changeOrderIDs(listChangeOrders(t, te, `{"createdFromUtc":"`+createdDay+`"}`)); len(got) != 3 {
		t.Errorf("createdFromUtc %s: %v", createdDay, got)
	}
}

func TestConcurrentChangeOrderCreatesTakeDistinctNumbers(t *testing.T) {
	t.Parallel()
	te, item := changeOrderShop(t, "")
	const n = 8
	counts := concurrently(t, n, func() (int, error) {
		res, b := coCall(t, te, http.MethodPost, changeOrdersPath, `{"originalRevisionItem":{"id":"`+item+`"}}`)
		if res.StatusCode != http.StatusOK {
			t.Errorf("create answered %d: %s", res.StatusCode, b)
		}
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != n {
		t.Fatalf("statuses %v", counts)
	}
	var numbers []int64
	for _, c := range listChangeOrders(t, te, `{}`).Data {
		numbers = append(numbers, c.Number)
	}
	slices.Sort(numbers)
	for i, got := range numbers {
		if got != int64(i+1) {
			t.Fatalf("numbers %v, want 1 to %d", numbers, n)
		}
	}
}

func TestChangeOrderDispositionNamesAreUniqueAndListed(t *testing.T) {
	t.Parallel()
	te, _ := changeOrderShop(t, "")
	id := createListRecord(t, te, changeOrderDispositionsPath, "Scrap")
	res, b := coCall(t, te, http.MethodPost, changeOrderDispositionsPath, `{"name":"SCRAP"}`)
	mustProblemNaming(t, res, b, "name")
	res, b = coCall(t, te, http.MethodPost, changeOrderDispositionsPath+"/list", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if list := mustDecode[[]client.ChangeOrderDisposition](t, b); len(list) != 1 || list[0].Id != id || list[0].Name != "Scrap" {
		t.Fatalf("dispositions %s", b)
	}
}
