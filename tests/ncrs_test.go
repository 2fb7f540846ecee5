package tests

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

// An NCR is created New with the texts sent (trimmed), numbered 1, 2, … per tenant, by no
// user for an integration token, without an impact when neither a job nor an item is named.
func TestNcrCreateStartsNewNumberedPerTenantWithItsTexts(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	first := createNcr(t, te, map[string]any{"type": " Dimensional ", "detail": "Bore oversize", "title": "Bores",
		"cause": "Worn tool", "reason": "Out of tolerance", "disposition": "Rework"})
	n := getNcr(t, te, first)
	if n.Status != "New" || n.Number != 1 || n.Type != "Dimensional" || n.Detail != "Bore oversize" || n.Title == nil || *n.Title != "Bores" ||
		n.Cause == nil || *n.Cause != "Worn tool" || n.Reason == nil || *n.Reason != "Out of tolerance" ||
		n.Disposition == nil || *n.Disposition != "Rework" || n.CreatedByUserId != nil || len(n.Impacts) != 0 || len(n.CustomFields) != 0 {
		t.Fatalf("created NCR: %s", mustJSON(t, n))
	}
	second := getNcr(t, te, createNcr(t, te, map[string]any{"type": "Cosmetic", "detail": "Scratch", "title": "  "}))
	if second.Number != 2 || second.Title != nil || second.Cause != nil {
		t.Fatalf("second NCR (a blank title is no title): %s", mustJSON(t, second))
	}
	if got := getNcr(t, other, createNcr(t, other, map[string]any{"type": "Cosmetic", "detail": "Dent"})).Number; got != 1 {
		t.Fatalf("another tenant's first NCR is number %d, want 1", got)
	}
	user := te.userToken(t, "Create NCR", "View NCR")
	res, b := postNcr(t, user, map[string]any{"type": "Cosmetic", "detail": "By a user"})
	id := createdID(t, res, b)
	if got := getNcr(t, te, id); got.CreatedByUserId == nil {
		t.Fatalf("an NCR created with a user token names no user: %s", mustJSON(t, got))
	}
}

// type and detail are required, every text is 1 to 2000 characters after trimming.
func TestNcrCreateRequiresTypeAndDetailAndBoundsTexts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, c := range []struct {
		field string
		body  map[string]any
	}{
		{"type", map[string]any{"detail": "x"}},
		{"detail", map[string]any{"type": "x"}},
		{"type", map[string]any{"type": "   ", "detail": "x"}},
		{"detail", map[string]any{"type": "x", "detail": " "}},
		{"title", map[string]any{"type": "x", "detail": "x", "title": strings.Repeat("a", 2001)}},
		{"cause", map[string]any{"type": "x", "detail": "x", "cause": strings.Repeat("a", 2001)}},
	} {
		res, b := postNcr(t, te.Token, c.body)
		mustProblemNaming(t, res, b, c.field)
	}
	id := createNcr(t, te, map[string]any{"type": "x", "detail": strings.Repeat("d", 2000)})
	if got := getNcr(t, te, id).Detail; len(got) != 2000 {
		t.Fatalf("a 2000-character detail was stored as %d characters", len(got))
	}
	if page := listNcrs(t, te, "", map[string]any{}); page.TotalCount != 1 {
		t.Fatalf("refused creates stored NCRs: %s", mustJSON(t, page))
	}
}

// jobId and/or itemId create ONE impact naming them.
func TestNcrJobAndItemCreateOneImpact(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("NCR-ITEM"))
	job := createJobMaking(t, te, item, "5")
	both := getNcr(t, te, createNcr(t, te, map[string]any{"type": "x", "detail": "x", "jobId": job, "itemId": item, "quantityImpacted": 2}))
	if len(both.Impacts) != 1 {
		t.Fatalf("job and item gave %d impacts: %s", len(both.Impacts), mustJSON(t, both))
	}
	im := both.Impacts[0]
	if im.JobId == nil || *im.JobId != job || im.ItemId == nil || *im.ItemId != item || im.QuantityImpacted == nil ||
		im.QuantityImpactedDisposition != client.NcrQuantityDispositionPartial {
		t.Fatalf("impact: %s", mustJSON(t, im))
	}
	mustDec(t, "quantity impacted", *im.QuantityImpacted, "2")
	onlyJob := getNcr(t, te, createNcr(t, te, map[string]any{"type": "x", "detail": "x", "jobId": job}))
	if len(onlyJob.Impacts) != 1 || onlyJob.Impacts[0].ItemId != nil || onlyJob.Impacts[0].QuantityImpacted != nil {
		t.Fatalf("job-only impact: %s", mustJSON(t, onlyJob))
	}
	onlyItem := getNcr(t, te, createNcr(t, te, map[string]any{"type": "x", "detail": "x", "itemId": item, "quantityImpacted": 0}))
	if len(onlyItem.Impacts) != 1 || onlyItem.Impacts[0].JobId != nil || *onlyItem.Impacts[0].ItemId != item {
		t.Fatalf("item-only impact: %s", mustJSON(t, onlyItem))
	}
	mustDec(t, "quantity 0", *onlyItem.Impacts[0].QuantityImpacted, "0")
}

// quantityImpacted is 0 or more and needs a job or an item.
func TestNcrQuantityImpactedRequiresJobOrItemAndIsNotNegative(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("NCR-QTY"))
	res, b := postNcr(t, te.Token, map[string]any{"type": "x", "detail": "x", "quantityImpacted": 3})
	mustProblemNaming(t, res, b, "quantityImpacted")
	res, b = postNcr(t, te.Token, map[string]any{"type": "x", "detail": "x", "itemId": item, "quantityImpacted": -1})
	mustProblemNaming(t, res, b, "quantityImpacted")
	if page := listNcrs(t, te, "", map[string]any{}); page.TotalCount != 0 {
		t.Fatalf("refused creates stored NCRs: %s", mustJSON(t, page))
	}
}

// quantityImpactedDisposition: Partial by default, Unknown kept, All replaces the quantity
// with the job's quantity made (of the item sent when the job makes it), and All without a
// job is a 400 naming it.
func TestNcrQuantityDispositionAllTakesTheJobsQuantityMade(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "100")
	other := createItem(t, te, newItem("NCR-OTHER"))
	job := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(f.Item, "3")}})
	it := jobItems(t, te, job)[0]
	ops := jobOps(t, te, job)
	mustJobOp(t, te, job, it.Id, ops[0].Id, "complete", map[string]any{})
	mustJobOp(t, te, job, it.Id, ops[1].Id, "complete", map[string]any{"addItemsToInventory": false, "quantityCompleted": 2})

	all := getNcr(t, te, createNcr(t, te, map[string]any{"type": "x", "detail": "x", "jobId": job, "quantityImpacted": 99,
		"quantityImpactedDisposition": "All"}))
	if im := all.Impacts[0]; im.QuantityImpactedDisposition != client.NcrQuantityDispositionAll || im.QuantityImpacted == nil {
		t.Fatalf("All impact: %s", mustJSON(t, all))
	}
	mustDec(t, "All quantity (the job's quantity made)", *all.Impacts[0].QuantityImpacted, "2")
	ofItem := getNcr(t, te, createNcr(t, te, map[string]any{"type": "x", "detail": "x", "jobId": job, "itemId": f.Item,
		"quantityImpactedDisposition": "All"}))
	mustDec(t, "All quantity of the item made", *ofItem.Impacts[0].QuantityImpacted, "2")
	notMade := getNcr(t, te, createNcr(t, te, map[string]any{"type": "x", "detail": "x", "jobId": job, "itemId": other,
		"quantityImpactedDisposition": "All"}))
	mustDec(t, "All quantity with an item the job does not make (the whole job)", *notMade.Impacts[0].QuantityImpacted, "2")

	partial := getNcr(t, te, createNcr(t, te, map[string]any{"type": "x", "detail": "x", "jobId": job, "quantityImpacted": 1}))
	if partial.Impacts[0].QuantityImpactedDisposition != client.NcrQuantityDispositionPartial {
		t.Fatalf("default disposition: %s", mustJSON(t, partial))
	}
	mustDec(t, "Partial keeps the quantity", *partial.Impacts[0].QuantityImpacted, "1")
	unknown := getNcr(t, te, createNcr(t, te, map[string]any{"type": "x", "detail": "x", "itemId": other, "quantityImpacted": 4,
		"quantityImpactedDisposition": "Unknown"}))
	if unknown.Impacts[0].QuantityImpactedDisposition != client.NcrQuantityDispositionUnknown {
		t.Fatalf("Unknown disposition: %s", mustJSON(t, unknown))
	}
	mustDec(t, "Unknown keeps the quantity", *unknown.Impacts[0].QuantityImpacted, "4")

	res, b := postNcr(t, te.Token, map[string]any{"type": "x", "detail": "x", "itemId": other, "quantityImpactedDisposition": "All"})
	mustProblemNaming(t, res, b, "quantityImpactedDisposition")
	res, b = postNcr(t, te.Token, map[string]any{"type": "x", "detail": "x", "quantityImpactedDisposition": "Sometimes"})
	mustProblemNaming(t, res, b, "quantityImpactedDisposition")
}

// quantityImpactedDispositionprecision is not a field: refused by name, while other unknown
// members are ignored as elsewhere.
func TestNcrMisspeltDispositionPrecisionIsRefusedAsAnUnknownMember(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("NCR-MISSPELT"))
	res, b := postNcr(t, te.Token, map[string]any{"type": "x", "detail": "x", "itemId": item, "quantityImpacted": 1,
		"quantityImpactedDispositionprecision": "All"})
	mustProblemNaming(t, res, b, "quantityImpactedDispositionprecision")
	if page := listNcrs(t, te, "", map[string]any{}); page.TotalCount != 0 {
		t.Fatalf("the refused create stored an NCR: %s", mustJSON(t, page))
	}
	id := createNcr(t, te, map[string]any{"type": "x", "detail": "x", "somethingElse": true})
	if getNcr(t, te, id).Status != "New" {
		t.Fatal("an NCR with an ignored unknown member was not created")
	}
}

// An unknown job or item (or another tenant's) is a 404 naming it.
func TestNcrUnknownJobOrItemIs404NamingIt(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	theirItem := createItem(t, other, newItem("NCR-THEIRS"))
	theirJob := createJobMaking(t, other, theirItem, "1")
	mine := createItem(t, te, newItem("NCR-MINE"))
	for _, c := range []struct {
		field string
		body  map[string]any
	}{
		{"jobId", map[string]any{"type": "x", "detail": "x", "jobId": "000000000000000000000001"}},
		{"jobId", map[string]any{"type": "x", "detail": "x", "jobId": theirJob, "itemId": mine}},
		{"itemId", map[string]any{"type": "x", "detail": "x", "itemId": theirItem}},
		{"itemId", map[string]any{"type": "x", "detail": "x", "itemId": "000000000000000000000002", "quantityImpacted": 1}},
	} {
		res, b := postNcr(t, te.Token, c.body)
		mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), c.field)
	}
	res, b := rawRequest(t, http.MethodGet, ncrPath("000000000000000000000003"), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

// The list is a paged envelope, newest first, narrowed by types, statuses, jobIds, itemIds,
// search and whole shop-timezone created days.
func TestNcrListFiltersAndPages(t *testing.T) {
	t.Parallel()
	te := newTenant(t, "America/Chicago")
	item := createItem(t, te, newItem("NCR-LIST"))
	job := createJobMaking(t, te, item, "1")
	a := createNcr(t, te, map[string]any{"type": "Dimensional", "detail": "Bore oversize", "title": "Alpha bores", "jobId": job})
	b := createNcr(t, te, map[string]any{"type": "Cosmetic", "detail": "Scratched face", "itemId": item})
	c := createNcr(t, te, map[string]any{"type": "Dimensional", "detail": "Thread gauge fails"})
	// Chicago is UTC-6 in November: 2026-11-10T05:00Z is still the 9th there.
	setCreated(t, te, "ncrs", a, "2026-11-10T05:00:00Z")
	setCreated(t, te, "ncrs", b, "2026-11-10T07:00:00Z")
	setCreated(t, te, "ncrs", c, "2026-11-12T12:00:00Z")

	page := listNcrs(t, te, "", map[string]any{})
	if len(page.Data) != 3 || page.Data[0].Id != c || page.Data[2].Id != a {
		t.Fatalf("default order (newest first): %s", mustJSON(t, page))
	}
	if page.Data[2].Impacts == nil || len(page.Data[2].Impacts) != 1 {
		t.Fatalf("list rows carry their impacts: %s", mustJSON(t, page.Data[2]))
	}
	mustNcrIDs(t, "types", listNcrs(t, te, "", map[string]any{"types": []string{"Dimensional"}}), a, c)
	mustNcrIDs(t, "statuses", listNcrs(t, te, "", map[string]any{"statuses": []string{"New"}}), a, b, c)
	mustNcrIDs(t, "statuses none", listNcrs(t, te, "", map[string]any{"statuses": []string{"Closed"}}))
	mustNcrIDs(t, "jobIds", listNcrs(t, te, "", map[string]any{"jobIds": []string{job}}), a)
	mustNcrIDs(t, "itemIds", listNcrs(t, te, "", map[string]any{"itemIds": []string{item}}), b)
	mustNcrIDs(t, "search title", listNcrs(t, te, "", map[string]any{"search": "alpha"}), a)
	mustNcrIDs(t, "search detail", listNcrs(t, te, "", map[string]any{"search": "GAUGE"}), c)
	mustNcrIDs(t, "search number", listNcrs(t, te, "", map[string]any{"search": fmt.Sprint(getNcr(t, te, b).Number)}), b)
	mustNcrIDs(t, "created on the shop's 10th", listNcrs(t, te, "", map[string]any{"createdFrom": "2026-11-10", "createdTo": "2026-11-10"}), b)
	mustNcrIDs(t, "created from the 9th (time ignored)", listNcrs(t, te, "", map[string]any{"createdFrom": "2026-11-09T23:59:00Z"}), a, b, c)
	mustNcrIDs(t, "created to the 9th", listNcrs(t, te, "", map[string]any{"createdTo": "2026-11-09"}), a)
	two := listNcrs(t, te, "?Take=2&Sort.Field=number&Sort.Dir=ascending", map[string]any{})
	if len(two.Data) != 2 || two.TotalCount != 3 || !two.HasNextPage || two.TotalPages != 2 || two.Data[0].Id != a {
		t.Fatalf("first page of two by number: %s", mustJSON(t, two))
	}
	res, body := rawRequest(t, http.MethodPost, ncrsPath+"/list?Sort.Field=colour", te.Token, "application/json", `{}`)
	mustProblemNaming(t, res, body, "Sort.Field")
	res, body = rawRequest(t, http.MethodPost, ncrsPath+"/list", te.Token, "application/json", `{"createdFrom":"1999-12-31"}`)
	mustProblemNaming(t, res, body, "createdFrom")
}

// customFields are validated against module ncr on create and replaced whole by PUT
// .../custom-fields.
func TestNcrCustomFieldsAreValidatedAgainstModuleNcr(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, b := postNcr(t, te.Token, map[string]any{"type": "x", "detail": "x", "customFields": map[string]any{"lot": "L1"}})
	mustProblemNaming(t, res, b, "customFields.lot")
	createCustomField(t, te, textField("lot", client.CustomFieldModuleNcr))
	createCustomField(t, te, textField("owner", client.CustomFieldModuleCapa))
	id := createNcr(t, te, map[string]any{"type": "x", "detail": "x", "customFields": map[string]any{"lot": "L1"}})
	if got := getNcr(t, te, id).CustomFields; got["lot"] != "L1" {
		t.Fatalf("custom fields %v", got)
	}
	res, b = rawRequest(t, http.MethodPut, ncrPath(id)+"/custom-fields", te.Token, "application/json", `{"owner":"capa only"}`)
	mustProblemNaming(t, res, b, "customFields.owner")
	res, b = rawRequest(t, http.MethodPut, ncrPath(id)+"/custom-fields", te.Token, "application/json", `{"lot":"L2"}`)
	if got := decodeOK[client.Ncr](t, res, b).CustomFields; got["lot"] != "L2" {
		t.Fatalf("replaced custom fields %v", got)
	}
	res, b = rawRequest(t, http.MethodPut, ncrPath(id)+"/custom-fields", te.Token, "application/json", `{}`)
	if got := decodeOK[client.Ncr](t, res, b).CustomFields; len(got) != 0 {
		t.Fatalf("{} left custom fields %v", got)
	}
}

// A user token needs Create NCR to create and View NCR to read; integration tokens are not
// gated.
func TestNcrPermissionsCreateNcrAndViewNcr(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createNcr(t, te, map[string]any{"type": "x", "detail": "x"})
	viewer, creator := te.userToken(t, "View NCR"), te.userToken(t, "Create NCR")
	res, b := postNcr(t, viewer, map[string]any{"type": "x", "detail": "x"})
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodGet, ncrPath(id), viewer, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodPost, ncrsPath+"/list", viewer, "application/json", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = postNcr(t, creator, map[string]any{"type": "x", "detail": "x"})
	createdID(t, res, b)
	res, b = rawRequest(t, http.MethodGet, ncrPath(id), creator, "", "")
	mustProblem(t, res, b, http.StatusForbidden)
}

// Concurrent creates take the numbers 1 to n, each once.
func TestNcrNumbersAreGapFreeUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const n = 8
	counts := concurrently(t, n, func() (int, error) {
		res, err := te.API.CreateNcrWithResponse(context.Background(), nil, client.NcrCreate{Type: "x", Detail: "concurrent"})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != n {
		t.Fatalf("statuses %v", counts)
	}
	var numbers []int64
	for _, r := range listNcrs(t, te, "?Take=100", map[string]any{}).Data {
		numbers = append(numbers, r.Number)
	}
	slices.Sort(numbers)
	for i, got := range numbers {
		if got != int64(i+1) {
			t.Fatalf("numbers %v, want 1 to %d", numbers, n)
		}
	}
	if len(numbers) != n {
		t.Fatalf("numbers %v", numbers)
	}
}
