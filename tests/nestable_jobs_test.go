package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"mos/gen/client"
)

// Open job operations of two jobs that run the same library operation and consume the same
// material shape form one group, with the library operation's and the shape's names, the
// earliest job start, the summed remaining quantity, and each job operation's job, item,
// dates and blank; groups come earliest start first (undated last), then by operation name.
func TestNestableJobsGroupByLibraryOperationAndMaterialShapeAcrossJobs(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestableShop(t, te)
	page := listNestable(t, te, "", `{}`)
	s.mustGroups(t, "default order", page, "laser/sheet", "laser/bar", "saw/bar", "saw/sheet")
	if page.TotalCount != 4 || page.PageSize != 5000 || page.HasNextPage || page.HasPreviousPage {
		t.Fatalf("envelope %s", mustJSON(t, page))
	}
	g := s.group(t, page, "laser/sheet")
	if g.Operation.Name != s.LaserName || g.MaterialShape.Name != s.Sheet.Name || g.MaterialShape.ShapeType != s.Sheet.ShapeType ||
		g.MaterialShape.Form != client.MaterialFormPlanar || g.NestedCount != 0 {
		t.Fatalf("laser/sheet group %s", mustJSON(t, g))
	}
	if g.EarliestStartDate == nil || g.EarliestStartDate.Format("2006-01-02") != "2026-12-05" {
		t.Fatalf("earliest start %v, want job B's 2026-12-05", g.EarliestStartDate)
	}
	mustEqualNum(t, "laser/sheet remaining (10 + 7)", g.QuantityRemaining, "17")
	if got := jobOperationIDs(g); fmt.Sprint(got) != fmt.Sprint([]string{s.LaserB, s.LaserA}) {
		t.Fatalf("laser/sheet job operations %v, want B's (earlier start) then A's", got)
	}
	a := g.JobOperations[1]
	if a.JobId != s.JobA || a.JobNumber != s.JobNumberA || a.JobName == nil || *a.JobName != s.JobNameA ||
		a.ItemToMakeId != s.MakeA || a.ItemId != s.ItemA || a.ItemNumber != s.ItemNumberA || a.OperationName != "Cut panel" ||
		a.StartDate == nil || a.StartDate.Format("2006-01-02") != "2026-12-10" || a.Nested || a.WorkOrder != nil ||
		a.StockItemId == nil || *a.StockItemId != s.Stock || a.BlankWidth == nil {
		t.Fatalf("job A's laser operation %s", mustJSON(t, a))
	}
	mustEqualNum(t, "A's remaining", a.QuantityRemaining, "10")
	mustEqualNum(t, "A's blank length", a.BlankLength, "10")
	mustEqualNum(t, "A's blank width", *a.BlankWidth, "5")
	if b := g.JobOperations[0]; b.JobNumber != s.JobNumberB || b.JobName != nil || b.StockItemId != nil {
		t.Fatalf("job B's laser operation %s", mustJSON(t, b))
	}
	bar := s.group(t, page, "saw/bar")
	if bar.MaterialShape.Form != client.MaterialFormLinear || bar.Operation.Name != s.SawName || len(bar.JobOperations) != 1 ||
		bar.JobOperations[0].JobOperationId != s.SawA || bar.JobOperations[0].BlankWidth != nil {
		t.Fatalf("saw/bar group %s", mustJSON(t, bar))
	}
	if undated := s.group(t, page, "saw/sheet"); undated.EarliestStartDate != nil || undated.JobOperations[0].StartDate != nil {
		t.Fatalf("the undated group %s", mustJSON(t, undated))
	}
}

// A job operation whose item to make consumes materials of two shapes there is in two
// groups; a material tied to no operation counts for the item to make's first operation by
// sequence only (Bend, with no material of its own, is in no group), and not for a later one
// when that first operation is complete.
func TestNestableJobsJobOperationConsumingTwoShapesIsInTwoGroups(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestableShop(t, te)
	page := listNestable(t, te, "", `{}`)
	in := []string{}
	for _, g := range page.Data {
		for _, jo := range g.JobOperations {
			if jo.JobOperationId == s.BendA {
				t.Fatalf("Bend consumes no material but is in group %s", s.label(g))
			}
			if jo.JobOperationId == s.LaserA {
				in = append(in, s.label(g))
				if s.label(g) == "laser/bar" && jo.InputMaterialId == "" {
					t.Fatalf("laser/bar entry without its material %s", mustJSON(t, jo))
				}
			}
		}
	}
	if fmt.Sprint(in) != "[laser/sheet laser/bar]" {
		t.Fatalf("A's laser operation is in %v, want laser/sheet and laser/bar (its untied bar)", in)
	}
	// Completing A's first operation takes its untied bar with it: Bend does not inherit it.
	mustJobOp(t, te, s.JobA, s.MakeA, s.LaserA, "complete", map[string]any{"quantityCompleted": 10})
	s.mustGroups(t, "after A's laser completes", listNestable(t, te, "", `{}`), "laser/sheet", "saw/bar", "saw/sheet")
}

// Only operations of released or in-progress jobs that are not complete are candidates:
// planned and cancelled jobs, complete jobs and complete operations never appear; the
// remaining quantity is the item to make's quantity less the operation's completed quantity.
func TestNestableJobsListsOnlyOpenOperationsOfJobsThatAcceptWork(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestableShop(t, te)
	planned := createJob(t, te, map[string]any{"startDate": "2026-01-01", "itemsToMake": []any{jobMake(s.ItemB, "3")}})
	cancelled := createJob(t, te, map[string]any{"status": "released", "startDate": "2026-01-01", "itemsToMake": []any{jobMake(s.ItemB, "3")}})
	res, b := cancelJob(t, te, cancelled)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	complete := createJob(t, te, map[string]any{"status": "released", "startDate": "2026-01-01", "itemsToMake": []any{jobMake(s.ItemB, "3")}})
	mustMoveJob(t, te, complete, "complete")
	// B's laser: 3 of 7 done, still open; A's laser (not its last operation) complete.
	mustJobOp(t, te, s.JobB, s.MakeB, s.LaserB, "add-quantity-completed", map[string]any{"quantity": 3})
	mustJobOp(t, te, s.JobA, s.MakeA, s.LaserA, "complete", map[string]any{"quantityCompleted": 10})

	page := listNestable(t, te, "", `{}`)
	s.mustGroups(t, "open operations", page, "laser/sheet", "saw/bar", "saw/sheet")
	for _, g := range page.Data {
		for _, jo := range g.JobOperations {
			if jo.JobId == planned || jo.JobId == cancelled || jo.JobId == complete || jo.JobOperationId == s.LaserA {
				t.Fatalf("group %s lists %s", s.label(g), mustJSON(t, jo))
			}
		}
	}
	g := s.group(t, page, "laser/sheet")
	if len(g.JobOperations) != 1 || g.JobOperations[0].JobOperationId != s.LaserB {
		t.Fatalf("laser/sheet %s", mustJSON(t, g))
	}
	mustEqualNum(t, "B's remaining (7 − 3)", g.JobOperations[0].QuantityRemaining, "4")
	mustEqualNum(t, "laser/sheet remaining (B's only)", g.QuantityRemaining, "4")
}

// A job operation on a work order carries it (and its work-order operation); with no nest
// part naming it, it is not nested: needNesting true keeps it, false drops every group, and
// existingNests false keeps every group, true none.
func TestNestableJobsWithoutNestsNeedNestingAndHaveNoExistingNests(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestableShop(t, te)
	wo := createWorkOrder(t, te, woBody(woOp(s.JobB, s.LaserB)))
	got := getWorkOrder(t, te, wo)
	all := listNestable(t, te, "", `{}`)
	b := s.group(t, all, "laser/sheet").JobOperations[0]
	if b.JobOperationId != s.LaserB || b.WorkOrder == nil || b.WorkOrder.Id != wo || b.WorkOrder.Number != got.Number ||
		b.WorkOrder.WorkOrderOperationId != got.Operations[0].Id || b.Nested {
		t.Fatalf("B's laser on work order %s: %s", wo, mustJSON(t, b))
	}
	s.mustGroups(t, "needNesting true", listNestable(t, te, "", `{"needNesting":true}`), "laser/sheet", "laser/bar", "saw/bar", "saw/sheet")
	s.mustGroups(t, "needNesting false", listNestable(t, te, "", `{"needNesting":false}`))
	s.mustGroups(t, "existingNests false", listNestable(t, te, "", `{"existingNests":false}`), "laser/sheet", "laser/bar", "saw/bar", "saw/sheet")
	s.mustGroups(t, "existingNests true", listNestable(t, te, "", `{"existingNests":true}`))
	// A deleted work order holds nothing.
	res, body := deleteWorkOrder(t, te.Token, wo)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if b := s.group(t, listNestable(t, te, "", `{}`), "laser/sheet").JobOperations[0]; b.WorkOrder != nil {
		t.Fatalf("B's laser still on deleted work order: %s", mustJSON(t, b))
	}
}

// materialForms, operationIds and materialShapeIds keep the groups they name.
func TestNestableJobsFilterByFormOperationAndShape(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestableShop(t, te)
	s.mustGroups(t, "planar", listNestable(t, te, "", `{"materialForms":["planar"]}`), "laser/sheet", "saw/sheet")
	s.mustGroups(t, "linear", listNestable(t, te, "", `{"materialForms":["linear"]}`), "laser/bar", "saw/bar")
	s.mustGroups(t, "both forms", listNestable(t, te, "", `{"materialForms":["linear","planar"]}`), "laser/sheet", "laser/bar", "saw/bar", "saw/sheet")
	s.mustGroups(t, "saw", listNestable(t, te, "", fmt.Sprintf(`{"operationIds":[%q]}`, s.Saw)), "saw/bar", "saw/sheet")
	s.mustGroups(t, "bend (no material)", listNestable(t, te, "", fmt.Sprintf(`{"operationIds":[%q]}`, s.Bend)))
	s.mustGroups(t, "bar", listNestable(t, te, "", fmt.Sprintf(`{"materialShapeIds":[%q]}`, s.Bar.Id)), "laser/bar", "saw/bar")
	s.mustGroups(t, "laser and bar", listNestable(t, te, "", fmt.Sprintf(`{"operationIds":[%q],"materialShapeIds":[%q],"materialForms":["linear"]}`, s.Laser, s.Bar.Id)),
		"laser/bar")
	// 1 to 500 ids.
	for _, body := range []string{`{"operationIds":[]}`, `{"materialShapeIds":[]}`, `{"materialForms":["round"]}`} {
		res, b := listNestableRaw(t, te, "", body)
		mustProblem(t, res, b, http.StatusBadRequest)
	}
	many := strings.TrimSuffix(strings.Repeat(fmt.Sprintf("%q,", s.Saw), 501), ",")
	res, b := listNestableRaw(t, te, "", `{"operationIds":[`+many+`]}`)
	mustProblem(t, res, b, http.StatusBadRequest)
}

// earliestStartOnOrBefore keeps the groups whose earliest start is that day or earlier
// (inclusive on the day itself, excluded the day before) and drops the undated group.
func TestNestableJobsEarliestStartOnOrBeforeIsDayInclusiveAndDropsUndatedGroups(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestableShop(t, te)
	on := func(day string) client.NestableJobGroupList {
		return listNestable(t, te, "", fmt.Sprintf(`{"earliestStartOnOrBefore":%q}`, day))
	}
	s.mustGroups(t, "on job A's day", on("2026-12-10"), "laser/sheet", "laser/bar", "saw/bar")
	s.mustGroups(t, "the day before job A's", on("2026-12-09"), "laser/sheet")
	s.mustGroups(t, "on job B's day", on("2026-12-05"), "laser/sheet")
	s.mustGroups(t, "the day before job B's", on("2026-12-04"))
	s.mustGroups(t, "far ahead (the undated group still dropped)", on("2099-12-31"), "laser/sheet", "laser/bar", "saw/bar")
	for _, bad := range []string{"2026-02-30", "1999-12-31", "12/10/2026", "2026-12-1"} {
		res, b := listNestableRaw(t, te, "", fmt.Sprintf(`{"earliestStartOnOrBefore":%q}`, bad))
		if res.StatusCode != http.StatusBadRequest {
			t.Fatalf("%s answered %d: %s", bad, res.StatusCode, b)
		}
		mustProblem(t, res, b, http.StatusBadRequest)
		if !strings.Contains(string(b), "earliestStartOnOrBefore") {
			t.Fatalf("%s: the problem does not name earliestStartOnOrBefore: %s", bad, b)
		}
	}
}

// search narrows job operations, case-insensitively, by job number, job name, item number,
// job operation name or material shape name; groups left without job operations drop out.
func TestNestableJobsSearchNarrowsJobOperationsCaseInsensitively(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestableShop(t, te)
	search := func(text string) client.NestableJobGroupList {
		return listNestable(t, te, "", jobJSON(t, map[string]any{"search": text}))
	}
	// Job A's name: its three operations in three groups; B's laser drops from laser/sheet,
	// whose earliest start becomes A's (the undated group has no operation of A).
	byName := search(strings.ToUpper("alpha " + s.Suffix))
	if got := s.labels(byName); len(got) != 3 || got[2] != "saw/bar" || !slices.Contains(got, "laser/sheet") || !slices.Contains(got, "laser/bar") {
		t.Fatalf("job name search: groups %v", got)
	}
	if g := s.group(t, byName, "laser/sheet"); fmt.Sprint(jobOperationIDs(g)) != fmt.Sprint([]string{s.LaserA}) {
		t.Fatalf("job name search keeps %v in laser/sheet", jobOperationIDs(g))
	}
	mustEqualNum(t, "narrowed laser/sheet remaining", s.group(t, byName, "laser/sheet").QuantityRemaining, "10")
	if g := s.group(t, byName, "laser/sheet"); g.EarliestStartDate == nil || g.EarliestStartDate.Format("2006-01-02") != "2026-12-10" {
		t.Fatalf("narrowed laser/sheet earliest start %v, want job A's", g.EarliestStartDate)
	}
	s.mustGroups(t, "item number", search(strings.ToLower("bracket-"+s.Suffix)), "laser/sheet")
	s.mustGroups(t, "operation name", search("SAW RAILS"), "saw/bar")
	// Job B's number: its laser operation; others only where their job number or the shape's
	// name holds the digits too (the shop's own texts hold none).
	number := strconv.FormatInt(s.JobNumberB, 10)
	byNumber := search(number)
	if g := s.group(t, byNumber, "laser/sheet"); !slices.Contains(jobOperationIDs(g), s.LaserB) {
		t.Fatalf("job number search: laser/sheet %v", jobOperationIDs(g))
	}
	for _, g := range byNumber.Data {
		for _, jo := range g.JobOperations {
			if !strings.Contains(strconv.FormatInt(jo.JobNumber, 10), number) && !strings.Contains(g.MaterialShape.Name, number) {
				t.Fatalf("job number search %q keeps %s in %s", number, jo.JobOperationId, s.label(g))
			}
		}
	}
	byShape := search(strings.ToLower(s.Bar.Name))
	for _, g := range byShape.Data {
		if g.MaterialShape.Id != s.Bar.Id && !strings.Contains(strings.ToLower(g.MaterialShape.Name), strings.ToLower(s.Bar.Name)) {
			t.Fatalf("shape name search answered %s", s.label(g))
		}
	}
	if !slices.Contains(s.labels(byShape), "saw/bar") || !slices.Contains(s.labels(byShape), "laser/bar") {
		t.Fatalf("shape name search answered %v", s.labels(byShape))
	}
	s.mustGroups(t, "no match", search("no-such-text-"+s.Suffix))
}

// Skip and Take page the groups, totalCount counts them all; Sort.Field sorts by the
// documented members (undated last ascending, first descending) and refuses any other.
func TestNestableJobsPagesAndSortsGroups(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestableShop(t, te)
	first := listNestable(t, te, "?Skip=0&Take=2", `{}`)
	s.mustGroups(t, "first page", first, "laser/sheet", "laser/bar")
	if first.TotalCount != 4 || first.TotalPages != 2 || first.Page != 1 || !first.HasNextPage || first.HasPreviousPage {
		t.Fatalf("first page envelope %s", mustJSON(t, first))
	}
	second := listNestable(t, te, "?Skip=2&Take=2", `{}`)
	s.mustGroups(t, "second page", second, "saw/bar", "saw/sheet")
	if second.TotalCount != 4 || second.Page != 2 || second.HasNextPage || !second.HasPreviousPage {
		t.Fatalf("second page envelope %s", mustJSON(t, second))
	}
	if beyond := listNestable(t, te, "?Skip=10&Take=2", `{}`); len(beyond.Data) != 0 || beyond.TotalCount != 4 {
		t.Fatalf("beyond the last page %s", mustJSON(t, beyond))
	}
	s.mustGroups(t, "descending default", listNestable(t, te, "?Sort.Dir=descending", `{}`), "saw/sheet", "saw/bar", "laser/bar", "laser/sheet")
	// Sorted by one member, ties break on the operation id then the shape id (not asserted
	// here: the ids' order is not the names').
	ends := func(query, first, last string) {
		t.Helper()
		p := listNestable(t, te, query, `{}`)
		if got := s.labels(p); len(got) != 4 || got[0] != first || got[3] != last {
			t.Fatalf("%s: groups %v, want %s first and %s last", query, got, first, last)
		}
	}
	ends("?Sort.Field=earliestStartDate&Sort.Dir=descending", "saw/sheet", "laser/sheet")
	ends("?Sort.Field=earliestStartDate", "laser/sheet", "saw/sheet")
	ends("?Sort.Field=quantityRemaining", "saw/sheet", "laser/sheet")
	ends("?Sort.Field=quantityRemaining&Sort.Dir=descending", "laser/sheet", "saw/sheet")
	for _, query := range []string{"?Sort.Field=operation.name", "?Sort.Field=OperationName"} {
		got := s.labels(listNestable(t, te, query, `{}`))
		if !strings.HasPrefix(got[0], "laser/") || !strings.HasPrefix(got[1], "laser/") || !strings.HasPrefix(got[3], "saw/") {
			t.Fatalf("%s: groups %v, want the laser groups first", query, got)
		}
	}
	sheetFirst := s.Sheet.Name < s.Bar.Name
	for _, query := range []string{"?Sort.Field=materialShape.name", "?Sort.Field=materialShapeName"} {
		got := s.labels(listNestable(t, te, query, `{}`))
		if strings.HasSuffix(got[0], "/sheet") != sheetFirst || strings.HasSuffix(got[1], "/sheet") != sheetFirst {
			t.Fatalf("%s: groups %v for shapes %q and %q", query, got, s.Sheet.Name, s.Bar.Name)
		}
	}
	if p := listNestable(t, te, "?Sort.Field=nestedCount", `{}`); p.TotalCount != 4 {
		t.Fatalf("sorted by nestedCount %s", mustJSON(t, p))
	}
	for _, field := range []string{"jobOperations", "operation.id", "name", "materialShape.form"} {
		res, b := listNestableRaw(t, te, "?Sort.Field="+field, `{}`)
		mustProblemNaming(t, res, b, "Sort.Field")
	}
}

// Another tenant's jobs never appear, whatever the filter.
func TestNestableJobsAreIsolatedBetweenTenants(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	s := newNestableShop(t, other)
	for _, filter := range []string{`{}`, fmt.Sprintf(`{"operationIds":[%q]}`, s.Laser), fmt.Sprintf(`{"materialShapeIds":[%q]}`, s.Sheet.Id),
		jobJSON(t, map[string]any{"search": s.Suffix})} {
		if p := listNestable(t, te, "", filter); p.TotalCount != 0 || len(p.Data) != 0 {
			t.Fatalf("tenant B lists tenant A's groups with %s: %s", filter, mustJSON(t, p))
		}
	}
	s.mustGroups(t, "the owner", listNestable(t, other, "", `{}`), "laser/sheet", "laser/bar", "saw/bar", "saw/sheet")
}

// A user token needs View Job.
func TestNestableJobsNeedViewJob(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, b := rawRequest(t, http.MethodPost, nestableJobsPath, te.userToken(t, "View Item"), "application/json", `{}`)
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodPost, nestableJobsPath, te.userToken(t, "View Job"), "application/json", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var p client.NestableJobGroupList
	if err := json.Unmarshal(b, &p); err != nil || p.TotalCount != 0 {
		t.Fatalf("an empty tenant's list %s (%v)", b, err)
	}
}

// arrangeNestableJobs: one job operation in one group in the small tenant; in the large one
// manySubs library operations, each run by an operation of one job and consuming its own
// sheet (a group each), half of them on a work order, so that the list reads its jobs,
// materials, items, operation names, work orders and nests in a fixed number of statements.
func arrangeNestableJobs(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, n int) {
		sheet, _ := catalogueShapes(t, te)
		item := createItem(t, te, newItem(fmt.Sprintf("NESTABLE-%d", n)))
		for k := range n {
			library := createOperation(t, te, client.OperationWrite{Name: fmt.Sprintf("Cut %02d", k)})
			op := createRoutingOperation(t, te, item, client.RoutingOperationWrite{Name: ptr(fmt.Sprintf("Cut %02d", k)), Sequence: ptr(int32(10 * (k + 1))), OperationId: &library})
			createInputMaterial(t, te, item, client.RoutingInputMaterialWrite{MaterialShapeId: sheet.Id, BlankLength: num("10"), BlankWidth: ptr(num("5")), RoutingOperationId: &op})
		}
		job := createJob(t, te, map[string]any{"status": "released", "startDate": "2026-12-01", "itemsToMake": []any{jobMake(item, "4")}})
		ops := jobOps(t, te, job)
		pairs := []string{}
		for k := 0; k < len(ops); k += 2 {
			pairs = append(pairs, job, ops[k].Id)
		}
		createWorkOrder(t, te, woBody(woOp(pairs...)))
	}
	build(small, 1)
	build(large, manySubs)
	return []readCase{listRead("listNestableJobs", nestableJobsPath, nestableJobsPath, `{}`)}
}

// A job operation is nested when a part of the nest of the work-order operation holding it
// names it. needNesting keeps the job operations not nested (true) or nested (false);
// existingNests keeps the groups with (true) or without (false) a nested job operation,
// judged on all their job operations before needNesting narrows them; nestedCount counts the
// nested ones answered.
func TestNestableJobsNestedJobOperationsFilterByNeedNestingAndExistingNests(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestableShop(t, te)
	wo := createWorkOrder(t, te, woBody(woOp(s.JobA, s.LaserA, s.JobB, s.LaserB)))
	nestOn(t, te, wo, s.LaserB)

	all := listNestable(t, te, "", `{}`)
	g := s.group(t, all, "laser/sheet")
	if g.NestedCount != 1 || len(g.JobOperations) != 2 || g.JobOperations[0].JobOperationId != s.LaserB ||
		!g.JobOperations[0].Nested || g.JobOperations[1].Nested || g.JobOperations[1].WorkOrder == nil || g.JobOperations[1].WorkOrder.Id != wo {
		t.Fatalf("laser/sheet with B's laser nested %s", mustJSON(t, g))
	}
	if bar := s.group(t, all, "laser/bar"); bar.NestedCount != 0 || bar.JobOperations[0].Nested {
		t.Fatalf("A's laser is on the work order but in no part of its nest: %s", mustJSON(t, bar))
	}

	need := listNestable(t, te, "", `{"needNesting":true}`)
	s.mustGroups(t, "needNesting true", need, "laser/sheet", "laser/bar", "saw/bar", "saw/sheet")
	if g := s.group(t, need, "laser/sheet"); fmt.Sprint(jobOperationIDs(g)) != fmt.Sprint([]string{s.LaserA}) || g.NestedCount != 0 {
		t.Fatalf("needNesting true keeps %s", mustJSON(t, g))
	} else {
		mustEqualNum(t, "laser/sheet remaining without the nested B", g.QuantityRemaining, "10")
		if g.EarliestStartDate == nil || g.EarliestStartDate.Format("2006-01-02") != "2026-12-10" {
			t.Fatalf("laser/sheet earliest start without B %v", g.EarliestStartDate)
		}
	}
	nested := listNestable(t, te, "", `{"needNesting":false}`)
	s.mustGroups(t, "needNesting false", nested, "laser/sheet")
	if g := nested.Data[0]; fmt.Sprint(jobOperationIDs(g)) != fmt.Sprint([]string{s.LaserB}) || g.NestedCount != 1 {
		t.Fatalf("needNesting false keeps %s", mustJSON(t, g))
	}

	s.mustGroups(t, "existingNests true", listNestable(t, te, "", `{"existingNests":true}`), "laser/sheet")
	s.mustGroups(t, "existingNests false", listNestable(t, te, "", `{"existingNests":false}`), "laser/bar", "saw/bar", "saw/sheet")
	// existingNests is judged before needNesting narrows: the group with a nest keeps its
	// job operation that is not nested.
	both := listNestable(t, te, "", `{"existingNests":true,"needNesting":true}`)
	s.mustGroups(t, "existingNests and needNesting", both, "laser/sheet")
	if fmt.Sprint(jobOperationIDs(both.Data[0])) != fmt.Sprint([]string{s.LaserA}) {
		t.Fatalf("existingNests and needNesting keep %v", jobOperationIDs(both.Data[0]))
	}
	s.mustGroups(t, "no nest and nested", listNestable(t, te, "", `{"existingNests":false,"needNesting":false}`))
}

// Only the nest of the work-order operation holding a job operation nests it: once its work
// order is deleted (the job operation is free again) its old nest does not, nor when a new
// work order holds it without a nest.
func TestNestableJobsOnlyTheHoldingWorkOrderOperationsNestNestsAJobOperation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s := newNestableShop(t, te)
	holder := createWorkOrder(t, te, woBody(woOp(s.JobB, s.LaserB)))
	nestOn(t, te, holder, s.LaserB)
	if g := s.group(t, listNestable(t, te, "", `{}`), "laser/sheet"); g.NestedCount != 1 || !g.JobOperations[0].Nested {
		t.Fatalf("the holder's nest does not nest B's laser: %s", mustJSON(t, g))
	}
	res, b := deleteWorkOrder(t, te.Token, holder)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	g := s.group(t, listNestable(t, te, "", `{}`), "laser/sheet")
	if g.NestedCount != 0 || g.JobOperations[0].Nested || g.JobOperations[0].WorkOrder != nil {
		t.Fatalf("B's laser off its deleted work order: %s", mustJSON(t, g))
	}
	again := createWorkOrder(t, te, woBody(woOp(s.JobB, s.LaserB)))
	g = s.group(t, listNestable(t, te, "", `{}`), "laser/sheet")
	if jo := g.JobOperations[0]; g.NestedCount != 0 || jo.Nested || jo.WorkOrder == nil || jo.WorkOrder.Id != again {
		t.Fatalf("B's laser on a new work order without a nest: %s", mustJSON(t, g))
	}
	s.mustGroups(t, "existingNests true", listNestable(t, te, "", `{"existingNests":true}`))
}
