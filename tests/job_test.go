package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

// Jobs: creating a job standalone (from items' routings) or from the part lines of one
// approved sales order (from the lines' routings), and reading it with its items to make.

// A standalone job takes the tenant's next job number, makes its items in the given order and
// copies each item's routing: the item to make's routing operations have new ids and the
// item's values, and each has its job operation row.
func TestJobCreateNumbersPerTenantAndCopiesTheItemRouting(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	f := newJobFixture(t, te, "")
	plain := createItem(t, te, newItem("PLAIN-"+t.Name()[:8]))
	first := createJob(t, te, map[string]any{
		"name": "  Brackets  ", "notes": "rush", "startDate": "2026-12-01", "dueDate": "2026-12-20T23:00:00-05:00",
		"itemsToMake": []any{jobMake(f.Item, "4"), map[string]any{"itemId": plain, "quantity": 2.5, "dueDate": "2026-12-18", "notes": "second"}},
	})
	second := createJobMaking(t, te, plain, "1")
	elsewhere := createJobMaking(t, other, createItem(t, other, newItem("ELSEWHERE")), "1")

	j := getJob(t, te, first)
	if j.Number != 1 || getJob(t, te, second).Number != 2 || getJob(t, other, elsewhere).Number != 1 {
		t.Fatalf("numbers %d, %d, other tenant %d: want 1, 2 and 1", j.Number, getJob(t, te, second).Number, getJob(t, other, elsewhere).Number)
	}
	if j.Status != client.JobStatusPlanned || j.Name == nil || *j.Name != "Brackets" || j.Notes == nil || *j.Notes != "rush" {
		t.Fatalf("job %+v", j)
	}
	if j.StartDate == nil || j.StartDate.Format("2006-01-02") != "2026-12-01" || j.DueDate == nil || j.DueDate.Format("2006-01-02") != "2026-12-20" {
		t.Fatalf("dates %v %v", j.StartDate, j.DueDate)
	}
	if j.CustomerId != nil || j.SalesOrderId != nil || j.StartedUtc != nil || j.CompletedUtc != nil || j.CancelledUtc != nil {
		t.Fatalf("a standalone planned job names %v %v %v %v %v", j.CustomerId, j.SalesOrderId, j.StartedUtc, j.CompletedUtc, j.CancelledUtc)
	}
	if len(j.ItemsToMake) != 2 {
		t.Fatalf("items to make %+v", j.ItemsToMake)
	}
	made, plainMade := j.ItemsToMake[0], j.ItemsToMake[1]
	if made.Position != 1 || made.ItemId != f.Item || !made.Quantity.Equal(num("4").Decimal) || made.Status != client.JobItemToMakeStatusOpen ||
		made.JobId != first || made.UnitOfMeasureName == nil || made.ItemNumber == "" || made.RoutingId == made.Id {
		t.Fatalf("first item to make %+v", made)
	}
	if plainMade.Position != 2 || plainMade.ItemId != plain || !plainMade.Quantity.Equal(num("2.5").Decimal) ||
		plainMade.DueDate == nil || plainMade.DueDate.Format("2006-01-02") != "2026-12-18" || plainMade.Notes == nil || *plainMade.Notes != "second" {
		t.Fatalf("second item to make %+v", plainMade)
	}
	if !made.ActualCost.Total.IsZero() || !made.CumulativeCost.Total.IsZero() || !made.QuantityMade.IsZero() {
		t.Fatalf("a new item to make has costs or quantities: %+v", made)
	}
	ops, names := jobItemRouting(t, te, made.Id)
	if !slices.Equal(names, []string{"Cut", "Weld"}) {
		t.Fatalf("copied operations %v, want Cut and Weld", names)
	}
	for _, id := range ops {
		if slices.Contains(f.Operations, id) {
			t.Fatalf("the copy reuses the item's operation id %s", id)
		}
	}
	if plainOps, _ := jobItemRouting(t, te, plainMade.Id); len(plainOps) != 0 {
		t.Fatalf("an item without a routing gave its item to make operations %v", plainOps)
	}
	want := slices.Clone(ops)
	slices.Sort(want)
	if got := jobOperationRows(t, te, first); !slices.Equal(got, want) {
		t.Fatalf("job operation rows %v, want the copied operations %v", got, want)
	}
	var inputs int
	if err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM routing_input_items
		WHERE tenant_id = $1 AND owner_type = 'jobItemToMake' AND owner_id = $2 AND item_id = $3 AND quantity_per_unit = 2
		AND routing_operation_id = $4`, te.ID, made.Id, f.Component, ops[1]).Scan(&inputs); err != nil {
		t.Fatal(err)
	}
	if inputs != 1 {
		t.Fatalf("the copied input item at the copied Weld: %d rows", inputs)
	}
}

// A job made from sales-order part lines takes each line's item, its quantity in the
// item's inventory unit and its delivery date, and a copy of the line's own routing; the job
// names the order and its customer.
func TestJobFromSalesOrderLinesTakesTheirDefaults(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "")
	order, customer, lines := jobSalesOrder(t, te, "approved", f.Item, f.Item)
	lineOps, _ := jobItemRouting(t, te, lines[0])
	id := createJob(t, te, map[string]any{"itemsToMake": []any{jobLine(lines[0]),
		map[string]any{"salesOrderPartLineId": lines[1], "quantity": 3, "dueDate": "2026-12-01"}}})
	j := getJob(t, te, id)
	if j.SalesOrderId == nil || *j.SalesOrderId != order || j.CustomerId == nil || *j.CustomerId != customer {
		t.Fatalf("job names order %v and customer %v, want %s and %s", j.SalesOrderId, j.CustomerId, order, customer)
	}
	a, b := j.ItemsToMake[0], j.ItemsToMake[1]
	if a.ItemId != f.Item || !a.Quantity.Equal(num("5").Decimal) || a.DueDate == nil || a.DueDate.Format("2006-01-02") != "2026-12-15" ||
		a.SalesOrderPartLineId == nil || *a.SalesOrderPartLineId != lines[0] {
		t.Fatalf("defaulted item to make %+v", a)
	}
	if !b.Quantity.Equal(num("3").Decimal) || b.DueDate == nil || b.DueDate.Format("2006-01-02") != "2026-12-01" {
		t.Fatalf("item to make with its own quantity and date %+v", b)
	}
	ops, names := jobItemRouting(t, te, a.Id)
	if !slices.Equal(names, []string{"Cut", "Weld"}) || len(lineOps) != 0 && slices.Contains(lineOps, ops[0]) {
		t.Fatalf("copied operations %v (%v)", names, ops)
	}
	// The same customer may be named; another is refused.
	createJob(t, te, map[string]any{"customerId": customer, "itemsToMake": []any{jobLine(lines[0])}})
	res, body := postJob(t, te, map[string]any{"customerId": createCustomer(t, te, client.CustomerWrite{Name: "Someone else"}),
		"itemsToMake": []any{jobLine(lines[0])}})
	mustProblemNaming(t, res, body, "customerId")
}

// Every line of a job is a part line of one approved or in-progress sales order: lines of
// two orders, a line of a draft order, another item than the line's and an unknown line are
// refused, naming the member.
func TestJobFromSalesOrderLinesRefusesOtherOrdersAndStatuses(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	f := newJobFixture(t, te, "")
	_, _, approved := jobSalesOrder(t, te, "approved", f.Item)
	_, _, second := jobSalesOrder(t, te, "approved", f.Item)
	_, _, draft := jobSalesOrder(t, te, "", f.Item)
	_, _, foreign := jobSalesOrder(t, other, "approved", createItem(t, other, newItem("FOREIGN")))

	res, body := postJob(t, te, map[string]any{"itemsToMake": []any{jobLine(approved[0]), jobLine(second[0])}})
	mustProblemNaming(t, res, body, "itemsToMake.1.salesOrderPartLineId")
	res, body = postJob(t, te, map[string]any{"itemsToMake": []any{jobLine(draft[0])}})
	mustProblemNaming(t, res, body, "itemsToMake.0.salesOrderPartLineId")
	res, body = postJob(t, te, map[string]any{"itemsToMake": []any{map[string]any{"salesOrderPartLineId": approved[0], "itemId": createItem(t, te, newItem("OTHER-ITEM"))}}})
	mustProblemNaming(t, res, body, "itemsToMake.0.itemId")
	res, body = postJob(t, te, map[string]any{"itemsToMake": []any{jobLine(foreign[0])}})
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "itemsToMake.0.salesOrderPartLineId")
	if n := jobCount(t, te); n != 0 {
		t.Fatalf("%d jobs after refused creates", n)
	}
	// The refused creates used no number.
	if j := getJob(t, te, createJobFromSalesOrder(t, te, approved[0])); j.Number != 1 {
		t.Fatalf("first job after refused creates numbered %d", j.Number)
	}
}

// Bad create bodies answer 400 naming the member, and nothing is stored.
func TestJobCreateValidationNamesTheField(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("VALID"))
	archivedItem := newItem("ARCHIVED")
	archivedItem.IsArchived = ptr(true)
	archived := createItem(t, te, archivedItem)
	cases := []struct {
		name   string
		body   map[string]any
		field  string
		status int
	}{
		{"no items", map[string]any{"itemsToMake": []any{}}, "itemsToMake", http.StatusBadRequest},
		{"no item", map[string]any{"itemsToMake": []any{map[string]any{"quantity": 1}}}, "itemsToMake.0.itemId", http.StatusBadRequest},
		{"no quantity", map[string]any{"itemsToMake": []any{map[string]any{"itemId": item}}}, "itemsToMake.0.quantity", http.StatusBadRequest},
		{"zero quantity", map[string]any{"itemsToMake": []any{jobMake(item, "0")}}, "itemsToMake.0.quantity", http.StatusBadRequest},
		{"status", map[string]any{"status": "complete", "itemsToMake": []any{jobMake(item, "1")}}, "status", http.StatusBadRequest},
		{"due date", map[string]any{"dueDate": "1999-12-31", "itemsToMake": []any{jobMake(item, "1")}}, "dueDate", http.StatusBadRequest},
		{"item due date", map[string]any{"itemsToMake": []any{jobMake(item, "1"), map[string]any{"itemId": item, "quantity": 1, "dueDate": "2026-02-30"}}}, "itemsToMake.1.dueDate", http.StatusBadRequest},
		{"blank name", map[string]any{"name": "   ", "notes": strings.Repeat("n", 2001), "itemsToMake": []any{jobMake(item, "1")}}, "notes", http.StatusBadRequest},
		{"archived item", map[string]any{"itemsToMake": []any{jobMake(archived, "1")}}, "itemsToMake.0.itemId", http.StatusBadRequest},
		{"unknown item", map[string]any{"itemsToMake": []any{jobMake("6745f0a2c81e4b0012ab34cd", "1")}}, "itemsToMake.0.itemId", http.StatusNotFound},
		{"unknown customer", map[string]any{"customerId": "6745f0a2c81e4b0012ab34cd", "itemsToMake": []any{jobMake(item, "1")}}, "customerId", http.StatusNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := postJob(t, te, c.body)
			mustNameField(t, mustProblem(t, res, body, c.status), c.field)
		})
	}
	if n := jobCount(t, te); n != 0 {
		t.Fatalf("%d jobs after refused creates", n)
	}
}

// A job, its items to make and their list are the tenant's own: another tenant's answer 404,
// and an item to make of another job answers 404 under this one.
func TestJobReadsAnswerNotFoundForOtherTenants(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	item := createItem(t, te, newItem("MINE"))
	id := createJobMaking(t, te, item, "1")
	another := createJobMaking(t, te, item, "2")
	itm := getJob(t, te, id).ItemsToMake[0].Id
	for _, path := range []string{jobPath(id), jobItemToMakePath(id, itm)} {
		res, body := rawRequest(t, http.MethodGet, path, other.Token, "", "")
		mustProblem(t, res, body, http.StatusNotFound)
	}
	res, body := rawRequest(t, http.MethodPost, jobItemsToMakePath(id)+"/list", other.Token, "application/json", "{}")
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = rawRequest(t, http.MethodGet, jobItemToMakePath(another, itm), te.Token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
	for _, path := range []string{jobPath(id) + "/status", jobPath(id) + "/cancel"} {
		res, body = rawRequest(t, http.MethodPost, path, other.Token, "application/json", `{"status":"released"}`)
		mustProblem(t, res, body, http.StatusNotFound)
	}
}

// The items-to-make list answers the job's items by position, filters by id and item, sorts
// and pages; one item to make reads as in the job.
func TestJobItemsToMakeListAndGet(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a, b := createItem(t, te, newItem("LIST-A")), createItem(t, te, newItem("LIST-B"))
	id := createJob(t, te, map[string]any{"itemsToMake": []any{jobMake(a, "3"), jobMake(b, "1"), jobMake(a, "2")}})
	j := getJob(t, te, id)
	list := func(query, filter string) []string {
		t.Helper()
		res, body := rawRequest(t, http.MethodPost, jobItemsToMakePath(id)+"/list"+query, te.Token, "application/json", filter)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		var rows []client.JobItemToMake
		if err := json.Unmarshal(body, &rows); err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(rows))
		for i, r := range rows {
			out[i] = r.Id
		}
		return out
	}
	all := []string{j.ItemsToMake[0].Id, j.ItemsToMake[1].Id, j.ItemsToMake[2].Id}
	if got := list("", "{}"); !slices.Equal(got, all) {
		t.Fatalf("list %v, want by position %v", got, all)
	}
	if got := list("", `{"itemIds":["`+a+`"]}`); !slices.Equal(got, []string{all[0], all[2]}) {
		t.Fatalf("itemIds filter %v", got)
	}
	if got := list("", `{"ids":["`+all[1]+`"]}`); !slices.Equal(got, []string{all[1]}) {
		t.Fatalf("ids filter %v", got)
	}
	if got := list("?Sort.Field=quantity&Sort.Dir=descending", "{}"); !slices.Equal(got, []string{all[0], all[2], all[1]}) {
		t.Fatalf("by quantity descending %v", got)
	}
	if got := list("?Skip=1&Take=1", "{}"); !slices.Equal(got, []string{all[1]}) {
		t.Fatalf("second page %v", got)
	}
	res, body := rawRequest(t, http.MethodPost, jobItemsToMakePath(id)+"/list?Sort.Field=bogus", te.Token, "application/json", "{}")
	mustProblem(t, res, body, http.StatusBadRequest)
	got, err := te.API.GetJobItemToMakeWithResponse(context.Background(), id, all[1], nil)
	failOnTransportError(t, err)
	mustStatus(t, got.StatusCode(), http.StatusOK, got.Body)
	if g := *got.JSON200; g.Id != all[1] || g.ItemId != b || g.Position != 2 || g.ItemNumber != j.ItemsToMake[1].ItemNumber {
		t.Fatalf("item to make %+v, want %+v", g, j.ItemsToMake[1])
	}
}

// Concurrent creates take distinct, gap-free numbers.
func TestJobConcurrentCreatesTakeDistinctGapFreeNumbers(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("RACE"))
	const n = 8
	body := jobJSON(t, map[string]any{"itemsToMake": []any{jobMake(item, "1")}})
	statuses := atOnce(t, n, func(int) (int, error) {
		res, b := rawRequest(t, http.MethodPost, jobsPath, te.Token, "application/json", body)
		if res.StatusCode != http.StatusOK {
			t.Errorf("create answered %d: %s", res.StatusCode, b)
		}
		return res.StatusCode, nil
	})
	if statuses[http.StatusOK] != n {
		t.Fatalf("statuses %v", statuses)
	}
	var numbers []int64
	if err := srv.Pool.SelectContext(context.Background(), &numbers, `SELECT number FROM jobs WHERE tenant_id = $1 ORDER BY number`, te.ID); err != nil {
		t.Fatal(err)
	}
	for i, v := range numbers {
		if v != int64(i+1) {
			t.Fatalf("numbers %v, want 1..%d", numbers, n)
		}
	}
	if len(numbers) != n {
		t.Fatalf("numbers %v, want %d", numbers, n)
	}
}

// jobCount answers how many jobs the tenant has.
func jobCount(t *testing.T, te *tenantEnv) int {
	t.Helper()
	var n int
	if err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM jobs WHERE tenant_id = $1`, te.ID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// arrangeJobs: jobs with items to make of two items with routings, few (small) or many
// (large, the first making manySubs items); the list, a job, its list of items to make and
// one of them read in a fixed number of statements.
func arrangeJobs(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		items := []string{itemWithRouting(t, te, "JOB-MADE-A"), itemWithRouting(t, te, "JOB-MADE-B")}
		return arrangeEach(size, func(i, subs int) string {
			made := make([]any, subs)
			for k := range subs {
				made[k] = jobMake(items[k%2], fmt.Sprint(k+1))
			}
			return createJob(t, te, map[string]any{"name": fmt.Sprintf("Job %d", i), "itemsToMake": made})
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	si, li := getJob(t, small, s[0]).ItemsToMake[0].Id, getJob(t, large, l[0]).ItemsToMake[0].Id
	return []readCase{
		listRead("listJobs", jobsPath+"/list", jobsPath+"/list", `{}`),
		getRead("getJob", jobPath(s[0]), jobPath(l[0])),
		{op: "listJobItemsToMake", list: true,
			small: readCall{http.MethodPost, jobItemsToMakePath(s[0]) + "/list?Take=1", `{}`},
			large: readCall{http.MethodPost, jobItemsToMakePath(l[0]) + "/list?Take=50", `{}`}},
		getRead("getJobItemToMake", jobItemToMakePath(s[0], si), jobItemToMakePath(l[0], li)),
	}
}

// listJobIDs lists jobs with query and filter and answers their ids.
func listJobIDs(t *testing.T, te *tenantEnv, query, filter string) []string {
	t.Helper()
	res, body := rawRequest(t, http.MethodPost, jobsPath+"/list"+query, te.Token, "application/json", filter)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var list []client.Job
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(list))
	for i, j := range list {
		out[i] = j.Id
	}
	return out
}

// The job list: newest first with each job's items to make; every filter narrows it, the
// sortable members sort it and Skip/Take page it.
func TestJobListFiltersSortAndPage(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "")
	other := createItem(t, te, newItem("LIST-OTHER"))
	order, customer, lines := jobSalesOrder(t, te, "approved", f.Item)
	a := createJob(t, te, map[string]any{"dueDate": "2026-03-01", "itemsToMake": []any{jobMake(other, "1")}})
	b := createJob(t, te, map[string]any{"status": "released", "dueDate": "2026-06-01", "itemsToMake": []any{jobMake(f.Item, "1"), jobMake(other, "2")}})
	c := createJobFromSalesOrder(t, te, lines[0])
	all := listJobIDs(t, te, "", "{}")
	if !slices.Equal(all, []string{c, b, a}) {
		t.Fatalf("default order %v, want newest first %v", all, []string{c, b, a})
	}
	res, body := rawRequest(t, http.MethodPost, jobsPath+"/list", te.Token, "application/json", "{}")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var full []client.Job
	if err := json.Unmarshal(body, &full); err != nil {
		t.Fatal(err)
	}
	if len(full[1].ItemsToMake) != 2 || full[1].ItemsToMake[1].ItemId != other || full[1].ItemsToMake[0].ItemNumber == "" {
		t.Fatalf("listed job %+v", full[1])
	}
	number := getJob(t, te, b).Number
	today := getJob(t, te, a).CreatedUtc.Format("2006-01-02")
	cases := map[string][]string{
		`{"ids":["` + a + `"]}`:                                 {a},
		fmt.Sprintf(`{"numbers":[%d]}`, number):                 {b},
		`{"statuses":["released"]}`:                             {b},
		`{"customerIds":["` + customer + `"]}`:                  {c},
		`{"salesOrderIds":["` + order + `"]}`:                   {c},
		`{"itemIds":["` + f.Item + `"]}`:                        {c, b},
		`{"itemIds":["` + other + `"]}`:                         {b, a},
		`{"dueDateFrom":"2026-06-01"}`:                          {b},
		`{"dueDateTo":"2026-05-31"}`:                            {a},
		`{"createdFrom":"2000-01-01","createdTo":"2001-01-01"}`: {},
		`{"createdFrom":"` + today + `"}`:                       {c, b, a},
		`{"modifiedAfterUtc":"2099-01-01T00:00:00Z"}`:           {},
	}
	for filter, want := range cases {
		if got := listJobIDs(t, te, "", filter); !slices.Equal(got, want) {
			t.Errorf("filter %s: %v, want %v", filter, got, want)
		}
	}
	if got := listJobIDs(t, te, "?Sort.Field=number", "{}"); !slices.Equal(got, []string{a, b, c}) {
		t.Fatalf("by number %v", got)
	}
	if got := listJobIDs(t, te, "?Sort.Field=dueDate&Sort.Dir=descending", "{}"); !slices.Equal(got, []string{c, b, a}) {
		t.Fatalf("by due date descending (none first) %v", got)
	}
	if got := listJobIDs(t, te, "?Skip=1&Take=1", "{}"); !slices.Equal(got, []string{b}) {
		t.Fatalf("second page %v", got)
	}
	res, body = rawRequest(t, http.MethodPost, jobsPath+"/list", te.Token, "application/json", `{"dueDateFrom":"1999-01-01"}`)
	mustProblemNaming(t, res, body, "dueDateFrom")
}

// The header's full update and JSON Patch write the job's own members; read-only paths, a
// done job and another customer than a sales order's are refused.
func TestJobUpdateAndPatchWriteTheHeader(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("HEADER"))
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Header customer"})
	id := createJob(t, te, map[string]any{"name": "Before", "notes": "old", "itemsToMake": []any{jobMake(item, "1")}})
	before := getJob(t, te, id)
	res, body := rawRequest(t, http.MethodPut, jobPath(id), te.Token, "application/json", jobJSON(t, map[string]any{
		"name": " After ", "customerId": customer, "startDate": "2026-04-01", "dueDate": "2026-04-30",
		"externalReferences": map[string]any{"erp": map[string]any{"type": "job", "externalId": "J-1"}},
	}))
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	j := getJob(t, te, id)
	if j.Name == nil || *j.Name != "After" || j.Notes != nil || j.CustomerId == nil || *j.CustomerId != customer ||
		j.DueDate == nil || j.DueDate.Format("2006-01-02") != "2026-04-30" || j.ExternalReferences["erp"].ExternalID == nil ||
		!j.ModifiedUtc.After(before.ModifiedUtc) || j.Number != before.Number || len(j.ItemsToMake) != 1 {
		t.Fatalf("updated job %+v", j)
	}
	res, body = rawRequest(t, http.MethodPatch, jobPath(id), te.Token, "application/json-patch+json", `[{"op":"replace","path":"/notes","value":"patched"}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if p := getJob(t, te, id); p.Notes == nil || *p.Notes != "patched" || p.Name == nil || *p.Name != "After" {
		t.Fatalf("patched job %+v", p)
	}
	for _, path := range []string{"/number", "/status", "/itemsToMake"} {
		res, body = rawRequest(t, http.MethodPatch, jobPath(id), te.Token, "application/json-patch+json", `[{"op":"replace","path":"`+path+`","value":1}]`)
		mustProblem(t, res, body, http.StatusBadRequest)
	}
	res, body = rawRequest(t, http.MethodPut, jobPath(id), te.Token, "application/json", `{"customerId":"6745f0a2c81e4b0012ab34cd"}`)
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "customerId")
	// A job making sales-order lines keeps the order's customer.
	f := newJobFixture(t, te, "")
	_, orderCustomer, lines := jobSalesOrder(t, te, "approved", f.Item)
	fromOrder := createJobFromSalesOrder(t, te, lines[0])
	res, body = rawRequest(t, http.MethodPut, jobPath(fromOrder), te.Token, "application/json", `{"customerId":"`+customer+`"}`)
	mustProblemNaming(t, res, body, "customerId")
	res, body = rawRequest(t, http.MethodPut, jobPath(fromOrder), te.Token, "application/json", `{"customerId":"`+orderCustomer+`","name":"Kept"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	// A done job's header no longer changes.
	mustMoveJob(t, te, id, "released")
	mustMoveJob(t, te, id, "complete")
	res, body = rawRequest(t, http.MethodPut, jobPath(id), te.Token, "application/json", `{"name":"Late"}`)
	mustProblemNaming(t, res, body, "status")
	res, body = rawRequest(t, http.MethodPut, jobPath(id)+"/custom-fields", te.Token, "application/json", `{}`)
	mustProblemNaming(t, res, body, "status")
}

// Custom fields of module job are validated on create and replaced at both spellings of the
// custom-fields path.
func TestJobCustomFieldsAtBothSpellings(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("project", client.CustomFieldModuleJob))
	item := createItem(t, te, newItem("CUSTOM"))
	res, body := postJob(t, te, map[string]any{"customFields": map[string]any{"nope": "x"}, "itemsToMake": []any{jobMake(item, "1")}})
	mustProblemNaming(t, res, body, "customFields.nope")
	id := createJob(t, te, map[string]any{"customFields": map[string]any{"project": "Apollo"}, "itemsToMake": []any{jobMake(item, "1")}})
	if j := getJob(t, te, id); j.CustomFields["project"] != "Apollo" {
		t.Fatalf("custom fields %v", j.CustomFields)
	}
	for i, path := range []string{"/custom-fields", "/customFields"} {
		value := fmt.Sprintf("Gemini %d", i)
		res, body := rawRequest(t, http.MethodPut, jobPath(id)+path, te.Token, "application/json", `{"project":"`+value+`"}`)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		if j := getJob(t, te, id); j.CustomFields["project"] != value {
			t.Fatalf("%s: custom fields %v", path, j.CustomFields)
		}
		res, body = rawRequest(t, http.MethodPut, jobPath(id)+path, te.Token, "application/json", `{"nope":1}`)
		mustProblemNaming(t, res, body, "customFields.nope")
	}
}

// An item a job makes cannot change its unit of measure.
func TestJobItemCannotChangeItsUnit(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("UNIT-MADE"))
	res, body := rawRequest(t, http.MethodPut, "/api/items/"+item, te.Token, "application/json", `{"unitOfMeasureName":"Dozen"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	res, body = rawRequest(t, http.MethodPut, "/api/items/"+item, te.Token, "application/json", `{"unitOfMeasureName":"Each"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	createJobMaking(t, te, item, "1")
	res, body = rawRequest(t, http.MethodPut, "/api/items/"+item, te.Token, "application/json", `{"unitOfMeasureName":"Dozen"}`)
	mustProblemNaming(t, res, body, "unitOfMeasureName")
	if !strings.Contains(string(body), "a job") {
		t.Fatalf("the refusal does not name the job: %s", body)
	}
}

// Files attach to a job and to a job operation (owner types job and operation), advancing
// the job's modifiedUtc; an unknown job or operation answers 404.
func TestJobAndOperationOwnAttachments(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "")
	id := createJobMaking(t, te, f.Item, "1")
	before := getJob(t, te, id)
	ops, _ := jobItemRouting(t, te, before.ItemsToMake[0].Id)
	for _, owner := range []struct{ kind, id string }{{"job", id}, {"operation", ops[0]}} {
		res := upload(t, te.API, &filePart{name: owner.kind + ".txt", content: uniqueBytes(t, t.Name()+owner.kind, 16)},
			part{"Detail.Owner.Type", owner.kind}, part{"Detail.Owner.Id", owner.id}, part{"Detail.IsNoteAttachment", "false"})
		mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
		filter := client.AttachmentFilter{Owner: &client.AttachmentAnyOwner{Type: client.AttachmentAnyOwnerType(owner.kind), Id: owner.id}}
		if got := listAttachments(t, te.API, filter); len(got) != 1 {
			t.Fatalf("%s attachments %+v", owner.kind, got)
		}
	}
	if after := getJob(t, te, id); !after.ModifiedUtc.After(before.ModifiedUtc) {
		t.Fatalf("attaching to the job left modifiedUtc at %v", after.ModifiedUtc)
	}
	for _, owner := range []struct{ kind, id string }{{"job", "6745f0a2c81e4b0012ab34cd"}, {"operation", "00000000-0000-7000-8000-00000000abcd"}} {
		res := upload(t, te.API, &filePart{name: "x.txt", content: uniqueBytes(t, t.Name()+owner.id, 16)},
			part{"Detail.Owner.Type", owner.kind}, part{"Detail.Owner.Id", owner.id}, part{"Detail.IsNoteAttachment", "false"})
		mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
	}
}
