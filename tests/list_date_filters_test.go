package tests

import (
	"encoding/json"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// dateFilter is one date or date-time member of a list operation's filter body.
type dateFilter struct {
	path   string
	member []string // property names from the body down
	format string   // "date" or "date-time"
}

func (f dateFilter) field() string { return strings.Join(f.member, ".") }

// listDateFilters walks the filter body of every list operation (POST …/list) in the spec
// and answers its date and date-time members, in path order.
func listDateFilters(t *testing.T) []dateFilter {
	t.Helper()
	spec := srv.Spec
	var out []dateFilter
	paths := spec.Paths.InMatchingOrder()
	sort.Strings(paths)
	for _, path := range paths {
		op := spec.Paths.Value(path).Post
		if op == nil || !strings.Contains(path, "/list") || op.RequestBody == nil || op.RequestBody.Value == nil {
			continue
		}
		media := op.RequestBody.Value.Content.Get("application/json")
		if media == nil || media.Schema == nil {
			continue
		}
		collectDateMembers(media.Schema.Value, nil, map[*openapi3.Schema]bool{}, func(member []string, format string) {
			out = append(out, dateFilter{path: path, member: member, format: format})
		})
	}
	return out
}

// collectDateMembers calls found for every date or date-time property under s.
func collectDateMembers(s *openapi3.Schema, at []string, seen map[*openapi3.Schema]bool, found func([]string, string)) {
	if s == nil || seen[s] {
		return
	}
	seen[s] = true
	defer delete(seen, s)
	if (s.Format == "date" || s.Format == "date-time") && len(at) > 0 {
		found(slices.Clone(at), s.Format)
		return
	}
	for _, sub := range s.AllOf {
		collectDateMembers(sub.Value, at, seen, found)
	}
	for name, prop := range s.Properties {
		collectDateMembers(prop.Value, append(slices.Clone(at), name), seen, found)
	}
}

// bodyWith is a filter body holding only value at member.
func bodyWith(member []string, value string) string {
	var v any = value
	for i := len(member) - 1; i >= 0; i-- {
		v = map[string]any{member[i]: v}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// Every date and date-time filter of every list lies in the years 2000 to 2099 through the one
// shared check: a bound outside them answers 400 naming the member, in the same words on
// every list. The walk reads the spec, so a list that gains a date filter without the check
// fails here.
func TestListDateFiltersAreAllBoundedToTheYears2000To2099(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	filters := listDateFilters(t)
	found := map[string]bool{}
	for _, f := range filters {
		found[f.path+" "+f.field()] = true
	}
	// The walk must see at least the date filters the lists have today.
	for _, known := range []string{
		"/api/customers/list modifiedAfterUtc",
		"/api/items/list/v2 modifiedAfterUtc", "/api/items/list/v2 modifiedBeforeUtc",
		"/api/items/list modifiedAfterUtc", "/api/items/list modifiedBeforeUtc",
		"/api/inventory-events/list createdBeforeUtc", "/api/inventory-events/list createdAfterUtc",
		"/api/inventory-events/list actionDateFrom", "/api/inventory-events/list actionDateTo",
		"/api/inventory-transactions/list dateRange.start", "/api/inventory-transactions/list dateRange.end",
		"/api/equipment-downtimes/list startsBeforeUtc", "/api/equipment-downtimes/list endsAfterUtc",
		"/api/webhooks/{webhookId}/deliveries/list createdAfterUtc", "/api/webhooks/{webhookId}/deliveries/list createdBeforeUtc",
	} {
		if !found[known] {
			t.Errorf("the walk of the spec did not find the date filter %s (found %v)", known, found)
		}
	}
	outside := map[string][]string{
		"date":      {"1999-12-31", "2100-01-01"},
		"date-time": {"1999-12-31T23:59:59Z", "2100-01-01T00:00:00Z"},
	}
	// The records of te that lists under a path parameter hang under, made when first needed.
	parents := map[string]func() string{
		"webhookId": func() string { return subscribeWebhook(t, te, newWebhookReceiver(t).URL).Id },
		"invoiceId": func() string { f := ivOrder(t, te, "1"); return ivBill(t, te, f.order) },
		// The job tracking values of one job operation's phase (tvWalkJob builds the job once).
		"jobId":       func() string { return tvWalkJob(t, te).ID },
		"routingId":   func() string { return tvWalkJob(t, te).Route.RoutingID },
		"operationId": func() string { return tvWalkJob(t, te).Cut },
		"phase":       func() string { return "inProcess" },
	}
	parentIDs := map[string]string{}
	var wording string
	for _, f := range filters {
		path, ok := fillListPath(f.path, parents, parentIDs)
		if !ok {
			t.Errorf("%s %s: a date filter on a list under a path parameter this walk cannot fill; teach it one in parents", f.path, f.field())
			continue
		}
		for _, value := range outside[f.format] {
			body := bodyWith(f.member, value)
			res, b := rawRequest(t, http.MethodPost, path, te.Token, "application/json", body)
			p := mustProblem(t, res, b, http.StatusBadRequest)
			msgs := p.Errors[f.field()]
			if len(msgs) != 1 {
				t.Errorf("%s %s: errors %v, want one naming %s", f.path, body, p.Errors, f.field())
				continue
			}
			if wording == "" {
				wording = msgs[0]
			}
			if msgs[0] != wording {
				t.Errorf("%s %s: %q, want the shared wording %q", f.path, body, msgs[0], wording)
			}
		}
	}
}

// fillListPath fills the path parameters of a list's path with the ids of real records:
// ids[name] when made already, else made (and kept in ids) by parents[name]. It reports false
// when a parameter has no maker.
func fillListPath(path string, parents map[string]func() string, ids map[string]string) (string, bool) {
	for strings.Contains(path, "{") {
		start := strings.Index(path, "{")
		end := strings.Index(path[start:], "}")
		if end < 0 {
			return path, false
		}
		name := path[start+1 : start+end]
		id, made := ids[name]
		if !made {
			create, ok := parents[name]
			if !ok {
				return path, false
			}
			id = create()
			ids[name] = id
		}
		path = path[:start] + id + path[start+end+1:]
	}
	return path, true
}
