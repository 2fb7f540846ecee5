package tests

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// lookupResource describes a named lookup (tax rates, shipping methods, refund reason codes)
// for the rules every named lookup shares, asserted through HTTP for each resource: a name
// trimmed to 1..200 characters, unique case-insensitively among the tenant's non-archived
// records (also under concurrent writes), a description of at most 200, full updates, 404 for
// an unknown or another tenant's record, a list by name with the name, ids and archived
// filters, and the resource's view and edit permissions.
type lookupResource struct {
	path string // "/api/tax-rates"; the list is path + "/list", one record path + "/" + id
	// required are the members besides name that a valid write needs ({"rate": 5}).
	required map[string]any
	// view and edit are the permissions of the reads and of the writes.
	view, edit string
}

// lookupRead is what the shared rules read of a record.
type lookupRead struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Description *string `json:"description"`
	IsArchived  bool    `json:"isArchived"`
}

func (r lookupResource) recordPath(id string) string { return r.path + "/" + id }

// body is a write body: the required members, then members (nil removes one).
func (r lookupResource) body(t *testing.T, members map[string]any) string {
	t.Helper()
	required := r.required
	if required == nil {
		required = map[string]any{}
	}
	return editedBody(t, required, members)
}

// create stores a record with members and answers its id.
func (r lookupResource) create(t *testing.T, te *tenantEnv, members map[string]any) string {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, r.path, te.Token, "application/json", r.body(t, members))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created struct{ ID string }
	lookupDecode(t, b, &created)
	return created.ID
}

// put replaces every member of id with members and answers the record.
func (r lookupResource) put(t *testing.T, te *tenantEnv, id string, members map[string]any) lookupRead {
	t.Helper()
	res, b := rawRequest(t, http.MethodPut, r.recordPath(id), te.Token, "application/json", r.body(t, members))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var got lookupRead
	lookupDecode(t, b, &got)
	return got
}

func (r lookupResource) get(t *testing.T, te *tenantEnv, id string) lookupRead {
	t.Helper()
	res, b := rawRequest(t, http.MethodGet, r.recordPath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var got lookupRead
	lookupDecode(t, b, &got)
	return got
}

// names lists with query (the URL's, "" for none) and filter, answering the names in order.
func (r lookupResource) names(t *testing.T, te *tenantEnv, query string, filter map[string]any) []string {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, r.path+"/list"+query, te.Token, "application/json", mustJSON(t, filter))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var list []lookupRead
	lookupDecode(t, b, &list)
	out := make([]string, len(list))
	for i, m := range list {
		out[i] = m.Name
	}
	return out
}

// lookupSend sends a JSON request from another goroutine than the test's: it answers a
// transport error rather than failing the test.
func lookupSend(t *testing.T, method, path, token, body string) (int, error) {
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := (&http.Client{Transport: specChecker{t: t}}).Do(req)
	if err != nil {
		return 0, err
	}
	_ = res.Body.Close()
	return res.StatusCode, nil
}

func lookupDecode(t *testing.T, body []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
}

func named(name string) map[string]any { return map[string]any{"name": name} }

// lookupNameRequiredTrimmedOneTo200: a missing, blank, overlong or non-string name is a 400
// naming name on create and on update; 200 characters are kept; the name is trimmed.
func lookupNameRequiredTrimmedOneTo200(t *testing.T, r lookupResource) {
	t.Helper()
	te := newTenant(t)
	id := r.create(t, te, named("First"))
	for _, name := range []any{"", "   ", strings.Repeat("n", 201), nil, 7} {
		for _, a := range writeBoth(t, te.Token, r.path, http.MethodPut, r.recordPath(id), r.body(t, map[string]any{"name": name})) {
			mustProblemNaming(t, a.res, a.body, "name")
		}
	}
	long := strings.Repeat("é", 200)
	if got := r.get(t, te, r.create(t, te, named(long))); got.Name != long {
		t.Fatalf("name of 200 characters stored as %q", got.Name)
	}
	if got := r.get(t, te, r.create(t, te, named("  Padded  "))); got.Name != "Padded" {
		t.Fatalf("name not trimmed: %q", got.Name)
	}
}

// lookupDescriptionAtMost200: a description over 200 characters is a 400 naming description;
// 200 are kept; a blank or omitted one is none.
func lookupDescriptionAtMost200(t *testing.T, r lookupResource) {
	t.Helper()
	te := newTenant(t)
	id := r.create(t, te, named("First"))
	for _, a := range writeBoth(t, te.Token, r.path, http.MethodPut, r.recordPath(id), r.body(t, map[string]any{"name": "Other", "description": strings.Repeat("d", 201)})) {
		mustProblemNaming(t, a.res, a.body, "description")
	}
	long := strings.Repeat("d", 200)
	if got := r.put(t, te, id, map[string]any{"name": "First", "description": long}); got.Description == nil || *got.Description != long {
		t.Fatalf("description of 200 characters not stored: %s", mustJSON(t, got))
	}
	if got := r.put(t, te, id, map[string]any{"name": "First", "description": "  "}); got.Description != nil {
		t.Fatalf("blank description stored: %s", mustJSON(t, got))
	}
}

// lookupNameUniqueAmongNonArchivedCaseInsensitively: a name taken by a non-archived record
// of the tenant, in any case, is a 400 naming name on create and on rename; a record keeps
// its own name; archiving frees it, restoring then clashes; archived records may share one.
func lookupNameUniqueAmongNonArchivedCaseInsensitively(t *testing.T, r lookupResource) {
	t.Helper()
	te, other := newTenant(t), newTenant(t)
	first := r.create(t, te, named("Taken"))
	second := r.create(t, te, named("Second"))
	res, b := rawRequest(t, http.MethodPost, r.path, te.Token, "application/json", r.body(t, named("  tAKEN ")))
	mustProblemNaming(t, res, b, "name")
	res, b = rawRequest(t, http.MethodPut, r.recordPath(second), te.Token, "application/json", r.body(t, named("TAKEN")))
	mustProblemNaming(t, res, b, "name")
	if got := r.put(t, te, first, named("taken")); got.Name != "taken" {
		t.Fatalf("renamed to %q", got.Name)
	}
	// Another tenant's names are its own.
	r.create(t, other, named("Taken"))
	r.put(t, te, first, map[string]any{"name": "taken", "isArchived": true})
	third := r.create(t, te, named("Taken"))
	res, b = rawRequest(t, http.MethodPut, r.recordPath(first), te.Token, "application/json", r.body(t, map[string]any{"name": "taken", "isArchived": false}))
	mustProblemNaming(t, res, b, "name")
	if got := r.put(t, te, third, map[string]any{"name": "Taken", "isArchived": true}); !got.IsArchived {
		t.Fatalf("not archived: %s", mustJSON(t, got))
	}
}

// lookupNameUniqueUnderConcurrentWrites: of concurrent creates (and renames) to one name,
// exactly one succeeds and the others are 400s.
func lookupNameUniqueUnderConcurrentWrites(t *testing.T, r lookupResource) {
	t.Helper()
	te := newTenant(t)
	const n = 8
	bodies := []string{r.body(t, named("Same")), r.body(t, named("Same "))}
	counts := atOnce(t, n, func(i int) (int, error) {
		return lookupSend(t, http.MethodPost, r.path, te.Token, bodies[i%2])
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != n-1 {
		t.Fatalf("creates: statuses %v, want one 200 and %d 400", counts, n-1)
	}
	if got := r.names(t, te, "", map[string]any{}); len(got) != 1 {
		t.Fatalf("stored %v", got)
	}
	ids := []string{r.create(t, te, named("A")), r.create(t, te, named("B"))}
	renamed := r.body(t, named("Renamed"))
	counts = atOnce(t, 2, func(i int) (int, error) {
		return lookupSend(t, http.MethodPut, r.recordPath(ids[i]), te.Token, renamed)
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 1 {
		t.Fatalf("renames: statuses %v, want one 200 and one 400", counts)
	}
}

// lookupUpdateReplacesEveryMemberAndUnknownIs404: a full update resets omitted members
// (description none, not archived) and is what a get then reads; an unknown id is a 404 for
// get and update, as is another tenant's record, which its list does not show either.
func lookupUpdateReplacesEveryMemberAndUnknownIs404(t *testing.T, r lookupResource, unknownID string) {
	t.Helper()
	te, other := newTenant(t), newTenant(t)
	id := r.create(t, te, map[string]any{"name": "Before", "description": "x", "isArchived": true})
	got := r.put(t, te, id, named("After"))
	if got.Name != "After" || got.Description != nil || got.IsArchived {
		t.Fatalf("full update kept members: %s", mustJSON(t, got))
	}
	if again := r.get(t, te, id); mustJSON(t, again) != mustJSON(t, got) {
		t.Fatalf("update answered %s, get reads %s", mustJSON(t, got), mustJSON(t, again))
	}
	for _, c := range []struct {
		te *tenantEnv
		id string
	}{{te, unknownID}, {other, id}} {
		res, b := rawRequest(t, http.MethodPut, r.recordPath(c.id), c.te.Token, "application/json", r.body(t, named("Taken over")))
		mustProblem(t, res, b, http.StatusNotFound)
		res, b = rawRequest(t, http.MethodGet, r.recordPath(c.id), c.te.Token, "", "")
		mustProblem(t, res, b, http.StatusNotFound)
	}
	if got := r.names(t, other, "", map[string]any{"ids": []string{id}}); len(got) != 0 {
		t.Fatalf("another tenant lists the record: %v", got)
	}
	if got := r.get(t, te, id); got.Name != "After" {
		t.Fatalf("another tenant's update reached the record: %s", mustJSON(t, got))
	}
}

// lookupListFiltersAndSorts: the list answers every record by name case-insensitively, then
// filters by archived, by a case-insensitive part of the name and by ids, pages with Skip
// and Take, and refuses a sort field it does not declare.
func lookupListFiltersAndSorts(t *testing.T, r lookupResource) {
	t.Helper()
	te := newTenant(t)
	id := map[string]string{}
	for _, m := range []map[string]any{named("State"), named("county"), named("City"), {"name": "Abolished", "isArchived": true}} {
		id[m["name"].(string)] = r.create(t, te, m)
	}
	cases := []struct {
		query  string
		filter map[string]any
		want   []string
	}{
		{"", map[string]any{}, []string{"Abolished", "City", "county", "State"}},
		{"", map[string]any{"isArchived": false}, []string{"City", "county", "State"}},
		{"", map[string]any{"isArchived": true}, []string{"Abolished"}},
		{"", map[string]any{"name": "TAT"}, []string{"State"}},
		{"", map[string]any{"ids": []string{id["City"], id["Abolished"], id["county"]}, "isArchived": false}, []string{"City", "county"}},
		{"?Sort.Field=name&Sort.Dir=descending", map[string]any{}, []string{"State", "county", "City", "Abolished"}},
		{"?Skip=1&Take=2", map[string]any{}, []string{"City", "county"}},
	}
	for _, c := range cases {
		if got := r.names(t, te, c.query, c.filter); !slices.Equal(got, c.want) {
			t.Errorf("list %s %s: %v, want %v", c.query, mustJSON(t, c.filter), got, c.want)
		}
	}
	res, b := rawRequest(t, http.MethodPost, r.path+"/list?Sort.Field=description", te.Token, "application/json", `{}`)
	mustProblem(t, res, b, http.StatusBadRequest)
}

// lookupPermissions: reads need the view permission, writes the edit permission.
func lookupPermissions(t *testing.T, r lookupResource) {
	t.Helper()
	te := newTenant(t)
	id := r.create(t, te, named("First"))
	viewer, editor, none := te.userToken(t, r.view), te.userToken(t, r.edit), te.userToken(t)
	reads := []struct{ method, path, body string }{
		{http.MethodGet, r.recordPath(id), ""},
		{http.MethodPost, r.path + "/list", "{}"},
	}
	writes := []struct{ method, path, body string }{
		{http.MethodPost, r.path, r.body(t, named("Second"))},
		{http.MethodPut, r.recordPath(id), r.body(t, named("First"))},
	}
	for _, c := range reads {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		res, b = rawRequest(t, c.method, c.path, none, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
	}
	for _, c := range writes {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, c.path, editor, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
}

// lookupSharedRules runs every shared rule against r as subtests.
func lookupSharedRules(t *testing.T, r lookupResource, unknownID string) {
	rules := map[string]func(*testing.T){
		"NameRequiredTrimmedOneTo200":                     func(t *testing.T) { lookupNameRequiredTrimmedOneTo200(t, r) },
		"DescriptionAtMost200":                            func(t *testing.T) { lookupDescriptionAtMost200(t, r) },
		"NameUniqueAmongNonArchivedCaseInsensitively":     func(t *testing.T) { lookupNameUniqueAmongNonArchivedCaseInsensitively(t, r) },
		"NameUniqueUnderConcurrentWrites":                 func(t *testing.T) { lookupNameUniqueUnderConcurrentWrites(t, r) },
		"UpdateReplacesEveryMemberAndUnknownIs404":        func(t *testing.T) { lookupUpdateReplacesEveryMemberAndUnknownIs404(t, r, unknownID) },
		"ListFiltersAndSorts":                             func(t *testing.T) { lookupListFiltersAndSorts(t, r) },
		fmt.Sprintf("PermissionsAre%s", noSpaces(r.view)): func(t *testing.T) { lookupPermissions(t, r) },
	}
	for _, name := range slices.Sorted(maps.Keys(rules)) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rules[name](t)
		})
	}
}

func noSpaces(s string) string { return strings.ReplaceAll(s, " ", "") }
