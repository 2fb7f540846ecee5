package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
)

// The scrap report (GET /api/scrap-reports): scrap recorded by job operations (complete and
// add-quantity, corrections as negative rows) and by inventory picks with secondary type
// scrap, by job, item and reason.

const scrapReportsPath = "/api/scrap-reports"

// scrapReports answers the report for query ("" or "jobId=…&Take=2"), through the raw client
// (the answer is checked against the spec).
func scrapReports(t *testing.T, te *tenantEnv, query string) client.ScrapReportPage {
	t.Helper()
	res, b := scrapReportsRaw(t, te.Token, query)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return mustDecode[client.ScrapReportPage](t, b)
}

func scrapReportsRaw(t *testing.T, token, query string) (rawResponse, []byte) {
	t.Helper()
	path := scrapReportsPath
	if query != "" {
		path += "?" + query
	}
	return rawRequest(t, http.MethodGet, path, token, "", "")
}

// scrapJob is a released job making 5 of a fixture item through Cut and Weld.
type scrapJob struct {
	jobFixture
	ID, ItemToMake string
	Number         int64
	Cut, Weld      string
}

func newScrapJob(t *testing.T, te *tenantEnv) scrapJob {
	t.Helper()
	f := newJobFixture(t, te, "100")
	id := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(f.Item, "5")}})
	ops := jobOps(t, te, id)
	return scrapJob{jobFixture: f, ID: id, ItemToMake: jobItems(t, te, id)[0].Id, Number: getJob(t, te, id).Number, Cut: ops[0].Id, Weld: ops[1].Id}
}

// addScrap adds quantity completed and scrapped at operation op of j, with a reason ("" none).
func addScrap(t *testing.T, te *tenantEnv, j scrapJob, op, completed, scrapped, reason string) {
	t.Helper()
	body := map[string]any{"quantity": json.Number(completed), "quantityScrapped": json.Number(scrapped)}
	if reason != "" {
		body["scrapReason"] = reason
	}
	mustJobOp(t, te, j.ID, j.ItemToMake, op, "add-quantity-completed", body)
}

func mustScrapRow(t *testing.T, what string, got client.ScrapReportRow, source client.ScrapSource, itemID, quantity string, reason *string) {
	t.Helper()
	if got.Source != source || got.Item.Id != itemID || !got.Quantity.Equal(num(quantity).Decimal) || !sameText(got.Reason, reason) {
		t.Fatalf("%s: want %s of %s, quantity %s, reason %v; got %s", what, source, itemID, quantity, textOf(reason), mustJSON(t, got))
	}
}

func sameText(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func textOf(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

func TestScrapReportRecordsJobOperationScrapWithNegativeCorrections(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newScrapJob(t, te)
	addScrap(t, te, j, j.Cut, "2", "2", "Bent")
	// A correction records a negative row; adding no scrap records nothing.
	addScrap(t, te, j, j.Cut, "0", "-1", "Bent")
	addScrap(t, te, j, j.Cut, "1", "0", "Ignored without scrap")
	// Completing with the final quantity already recorded adds nothing; a final quantity
	// above it records the difference.
	mustJobOp(t, te, j.ID, j.ItemToMake, j.Cut, "complete", map[string]any{"quantityScrapped": 1})
	mustJobOp(t, te, j.ID, j.ItemToMake, j.Weld, "complete", map[string]any{"quantityScrapped": 3, "scrapReason": "  Porosity  ", "quantityCompleted": 2})

	page := scrapReports(t, te, "")
	if page.TotalCount != 3 || len(page.Data) != 3 {
		t.Fatalf("want 3 records, got %s", mustJSON(t, page))
	}
	mustScrapRow(t, "weld complete", page.Data[0], client.ScrapSourceJobOperation, j.Item, "3", ptr("Porosity"))
	mustScrapRow(t, "cut correction", page.Data[1], client.ScrapSourceJobOperation, j.Item, "-1", ptr("Bent"))
	mustScrapRow(t, "cut add", page.Data[2], client.ScrapSourceJobOperation, j.Item, "2", ptr("Bent"))
	weld, cut := page.Data[0], page.Data[2]
	if weld.Job == nil || weld.Job.Id != j.ID || weld.Job.Number != j.Number || weld.ItemToMakeId == nil || *weld.ItemToMakeId != j.ItemToMake ||
		weld.JobOperationId == nil || *weld.JobOperationId != j.Weld || weld.OperationName == nil || *weld.OperationName != "Weld" ||
		weld.InventoryEventId != nil || weld.UserId != nil || !strings.HasPrefix(weld.Item.Number, "MADE-") {
		t.Fatalf("weld row: %s", mustJSON(t, weld))
	}
	if cut.OperationName == nil || *cut.OperationName != "Cut" || cut.JobOperationId == nil || *cut.JobOperationId != j.Cut {
		t.Fatalf("cut row: %s", mustJSON(t, cut))
	}
	// Totals per item and reason net the correction out, over every record.
	if len(page.Totals) != 2 || page.Totals[0].Reason == nil || *page.Totals[0].Reason != "Bent" || !page.Totals[0].Quantity.Equal(num("1").Decimal) ||
		page.Totals[0].RecordCount != 2 || *page.Totals[1].Reason != "Porosity" || !page.Totals[1].Quantity.Equal(num("3").Decimal) || page.Totals[1].Item.Id != j.Item {
		t.Fatalf("totals: %s", mustJSON(t, page.Totals))
	}
	// A final quantity below what was recorded records the (negative) difference.
	k := newScrapJob(t, te)
	addScrap(t, te, k, k.Cut, "1", "2", "")
	mustJobOp(t, te, k.ID, k.ItemToMake, k.Cut, "complete", map[string]any{"quantityScrapped": 0.5})
	rows := scrapReports(t, te, "jobId="+k.ID).Data
	if len(rows) != 2 {
		t.Fatalf("want 2 records of the second job, got %s", mustJSON(t, rows))
	}
	mustScrapRow(t, "lowered final", rows[0], client.ScrapSourceJobOperation, k.Item, "-1.5", nil)
}

func TestScrapReportNamesTheUserWhoRecordedIt(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newScrapJob(t, te)
	user := te.userToken(t, "View Job")
	res, b := rawRequest(t, http.MethodPost, jobOperationPath(j.ID, j.ItemToMake, j.Cut)+"/add-quantity-completed", user, "application/json",
		`{"quantity":1,"quantityScrapped":1,"scrapReason":"Chipped"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = scrapReportsRaw(t, user, "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	page := mustDecode[client.ScrapReportPage](t, b)
	if len(page.Data) != 1 || page.Data[0].UserId == nil || *page.Data[0].UserId == "" {
		t.Fatalf("the record names no user: %s", b)
	}
}

func TestScrapReportScrapReasonIsCheckedOnCompleteAndAddQuantity(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	j := newScrapJob(t, te)
	long := strings.Repeat("x", 201)
	res, b := postJobOp(t, te, j.ID, j.ItemToMake, j.Cut, "add-quantity-completed", map[string]any{"quantity": 1, "quantityScrapped": 1, "scrapReason": long})
	mustProblemNaming(t, res, b, "scrapReason")
	res, b = postJobOp(t, te, j.ID, j.ItemToMake, j.Cut, "complete", map[string]any{"quantityScrapped": 1, "scrapReason": long})
	mustProblemNaming(t, res, b, "scrapReason")
	if page := scrapReports(t, te, ""); page.TotalCount != 0 {
		t.Fatalf("a refused request recorded scrap: %s", mustJSON(t, page))
	}
}

func TestScrapReportCountsScrapPicksOnceAndNotOtherPicks(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("SCRAPPED"))
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10")})
	ev := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("2"), SecondaryType: client.InventoryPickSecondaryTypeScrap, Note: ptr("Dropped")})
	pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("1")})
	pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("1"), SecondaryType: client.InventoryPickSecondaryTypeConsume})
	res, b := rawRequest(t, http.MethodPost, "/api/items/"+item+"/inventory/pick", te.Token, "application/json", `{"secondaryType":"scrap","quantity":0.5}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	// A job's material pick is a plain pick: it scraps nothing.
	j := newScrapJob(t, te)
	pickFor(t, te, j.ID, j.ItemToMake, j.Weld, j.Component, "2")
	// A refused scrap pick records nothing.
	res, b = inventoryPost(t, te, "/api/inventory/pick", client.InventoryPick{ItemId: item, Quantity: num("100"), SecondaryType: client.InventoryPickSecondaryTypeScrap})
	mustProblemNaming(t, res, b, "quantity")

	page := scrapReports(t, te, "")
	if page.TotalCount != 2 {
		t.Fatalf("want the 2 scrap picks only, got %s", mustJSON(t, page))
	}
	mustScrapRow(t, "item pick", page.Data[0], client.ScrapSourceInventoryPick, item, "0.5", nil)
	mustScrapRow(t, "scrap pick", page.Data[1], client.ScrapSourceInventoryPick, item, "2", ptr("Dropped"))
	r := page.Data[1]
	if r.InventoryEventId == nil || *r.InventoryEventId != ev.Id || r.Job != nil || r.JobOperationId != nil || r.ItemToMakeId != nil || r.OperationName != nil || r.Item.Number != "SCRAPPED" {
		t.Fatalf("pick row: %s", mustJSON(t, r))
	}
	if len(page.Totals) != 2 || page.Totals[0].Reason == nil || *page.Totals[0].Reason != "Dropped" || page.Totals[1].Reason != nil {
		t.Fatalf("totals (reason none last): %s", mustJSON(t, page.Totals))
	}
}

func TestScrapReportFiltersPagesAndOrdersNewestFirst(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a, b := newScrapJob(t, te), newScrapJob(t, te)
	addScrap(t, te, a, a.Cut, "1", "1", "Bent")
	addScrap(t, te, b, b.Cut, "1", "2", "Burr")
	addScrap(t, te, a, a.Weld, "1", "3", "bent")
	receiveStock(t, te, client.InventoryReceive{ItemId: a.Component, Quantity: num("5")})
	pickStock(t, te, client.InventoryPick{ItemId: a.Component, Quantity: num("4"), SecondaryType: client.InventoryPickSecondaryTypeScrap, Note: ptr("Rust")})

	all := scrapReports(t, te, "")
	if all.TotalCount != 4 {
		t.Fatalf("want 4 records, got %s", mustJSON(t, all))
	}
	for i := 1; i < len(all.Data); i++ {
		prev, cur := all.Data[i-1], all.Data[i]
		if cur.RecordedUtc.After(prev.RecordedUtc) || (cur.RecordedUtc.Equal(prev.RecordedUtc) && cur.Id > prev.Id) {
			t.Fatalf("not newest first: %s", mustJSON(t, all.Data))
		}
	}
	quantities := func(p client.ScrapReportPage) string {
		var out []string
		for _, r := range p.Data {
			out = append(out, r.Quantity.String())
		}
		return strings.Join(out, ",")
	}
	at := func(i int) string { return url.QueryEscape(all.Data[i].RecordedUtc.Format(time.RFC3339Nano)) }
	for _, c := range []struct{ query, want string }{
		{"", "4,3,2,1"},
		{"jobId=" + a.ID, "3,1"},
		{"itemId=" + b.Item, "2"},
		{"itemId=" + a.Component, "4"},
		{"reason=" + url.QueryEscape(" BENT "), "3,1"},
		{"source=inventoryPick", "4"},
		{"source=jobOperation", "3,2,1"},
		{"fromUtc=" + at(2), "4,3,2"},
		{"toUtc=" + at(2), "1"},
		{"fromUtc=" + at(2) + "&toUtc=" + at(0), "3,2"},
		{"jobId=" + a.ID + "&reason=Bent&source=jobOperation", "3,1"},
		{"Skip=1&Take=2", "3,2"},
		{"Skip=4&Take=2", ""},
	} {
		if got := quantities(scrapReports(t, te, c.query)); got != c.want {
			t.Errorf("%q: got %s, want %s", c.query, got, c.want)
		}
	}
	paged := scrapReports(t, te, "Skip=1&Take=2")
	if paged.TotalCount != 4 || paged.Page != 1 || paged.PageSize != 2 || paged.TotalPages != 2 || !paged.HasPreviousPage || !paged.HasNextPage || len(paged.Totals) != 4 {
		t.Fatalf("paged envelope (totals over every record): %s", mustJSON(t, paged))
	}
	// Bad filters answer 400 naming the parameter.
	for query, field := range map[string]string{
		"fromUtc=1999-12-31T00:00:00Z": "fromUtc",
		"toUtc=2100-01-01T00:00:00Z":   "toUtc",
		"reason=%20%20":                "reason",
	} {
		res, body := scrapReportsRaw(t, te.Token, query)
		mustProblemNaming(t, res, body, field)
	}
	for _, query := range []string{"source=elsewhere", "Skip=-1", "fromUtc=yesterday"} {
		res, body := scrapReportsRaw(t, te.Token, query)
		mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
	}
}

func TestScrapReportNeedsViewJob(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, b := scrapReportsRaw(t, te.userToken(t, "View Inventory"), "")
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = scrapReportsRaw(t, te.userToken(t, "View Job"), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

// scrapReportsIsolation: tenant B's report never answers tenant A's scrap, even filtered by
// A's job or item.
func scrapReportsIsolation() isolationRow {
	return isolationRow{name: "scrap reports", arrange: func(t *testing.T, a, _ *tenantEnv) isolated {
		j := newScrapJob(t, a)
		addScrap(t, a, j, j.Cut, "1", "1", "Bent")
		id := scrapReports(t, a, "").Data[0].Id
		return isolated{ID: id, Lists: []isoList{
			{Method: http.MethodGet, Path: scrapReportsPath},
			{Method: http.MethodGet, Path: scrapReportsPath + "?jobId=" + j.ID},
			{Method: http.MethodGet, Path: scrapReportsPath + "?itemId=" + j.Item},
		}}
	}}
}

// arrangeScrapReports: scrap on a job's operations (and a scrap pick) in each tenant, one
// record in the small tenant's newest and manySubs in the large one's, so a page names its
// job operations in a fixed number of statements.
func arrangeScrapReports(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, n int) {
		j := newScrapJob(t, te)
		receiveStock(t, te, client.InventoryReceive{ItemId: j.Component, Quantity: num("50")})
		for k := range n {
			pickStock(t, te, client.InventoryPick{ItemId: j.Component, Quantity: num("1"), SecondaryType: client.InventoryPickSecondaryTypeScrap, Note: ptr(fmt.Sprintf("Reason %d", k))})
			op := j.Cut
			if k%2 == 1 {
				op = j.Weld
			}
			addScrap(t, te, j, op, "0", "1", fmt.Sprintf("Reason %d", k))
		}
	}
	build(small, 1)
	build(large, manySubs)
	return []readCase{{op: "listScrapReports", list: true,
		small: readCall{http.MethodGet, scrapReportsPath + "?Take=1", ""},
		large: readCall{http.MethodGet, scrapReportsPath + "?Take=50", ""}}}
}
