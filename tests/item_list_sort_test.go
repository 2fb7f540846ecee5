package tests

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"mos/gen/client"
)

// itemListQuery is the list query of both item list versions.
type itemListQuery struct {
	field, dir *string
	skip, take *int32
}

// listItemsBoth lists with q on V2 and V1 and fails t unless both answer the same ids.
func listItemsBoth(t *testing.T, te *tenantEnv, q itemListQuery) []string {
	t.Helper()
	var dir *client.SortDirection
	if q.dir != nil {
		dir = ptr(client.SortDirection(*q.dir))
	}
	v2, err := te.API.ListItemsWithResponse(context.Background(), &client.ListItemsParams{SortField: q.field, SortDir: dir, Skip: q.skip, Take: q.take}, client.ItemFilterV2{})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, v2.StatusCode(), http.StatusOK, v2.Body)
	v1, err := te.API.ListItemsV1WithResponse(context.Background(), &client.ListItemsV1Params{SortField: q.field, SortDir: dir, Skip: q.skip, Take: q.take}, client.ItemFilter{})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, v1.StatusCode(), http.StatusOK, v1.Body)
	got, gotV1 := itemIDs(*v2.JSON200), itemIDs(*v1.JSON200)
	if !sameIDs(got, gotV1) {
		t.Fatalf("V2 answered %v, V1 %v", got, gotV1)
	}
	return got
}

func TestItemListSortAndPagingV2AndV1(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	mk := func(number, rev, desc string) string {
		w := newItem(number)
		w.Revision, w.Description = ptr(rev), ptr(desc)
		return createItem(t, te, w)
	}
	// Created in this order; numbers, revisions and descriptions each sort differently
	// (case-insensitively).
	a := mk("B-2", "b", "alpha")
	b := mk("a-1", "C", "Charlie")
	c := mk("C-3", "A", "bravo")
	itemSaved(t, te, http.MethodPut, "/api/items/"+a, `{"description":"alpha"}`) // modified last
	byID := []string{a, b, c}
	sort.Strings(byID)
	reversed := func(ids []string) []string {
		out := make([]string, len(ids))
		for i, id := range ids {
			out[len(ids)-1-i] = id
		}
		return out
	}
	desc, asc := ptr("descending"), ptr("ascending")
	for _, tc := range []struct {
		name string
		q    itemListQuery
		want []string
	}{
		{"default is number ascending", itemListQuery{}, []string{b, a, c}},
		{"Sort.Dir alone applies to the default", itemListQuery{dir: desc}, []string{c, a, b}},
		{"number", itemListQuery{field: ptr("number")}, []string{b, a, c}},
		{"Number (first letter any case)", itemListQuery{field: ptr("Number"), dir: desc}, []string{c, a, b}},
		{"description", itemListQuery{field: ptr("description")}, []string{a, c, b}},
		{"revision.revision", itemListQuery{field: ptr("revision.revision")}, []string{c, a, b}},
		{"Revision.Revision descending", itemListQuery{field: ptr("Revision.Revision"), dir: desc}, []string{b, a, c}},
		{"createdUtc", itemListQuery{field: ptr("createdUtc")}, []string{a, b, c}},
		{"modifiedUtc", itemListQuery{field: ptr("modifiedUtc"), dir: asc}, []string{b, c, a}},
		{"id", itemListQuery{field: ptr("id")}, byID},
		{"id descending", itemListQuery{field: ptr("id"), dir: desc}, reversed(byID)},
		{"Skip and Take", itemListQuery{skip: ptr(int32(1)), take: ptr(int32(1))}, []string{a}},
		{"Skip alone", itemListQuery{skip: ptr(int32(1))}, []string{a, c}},
		{"Take alone", itemListQuery{take: ptr(int32(2))}, []string{b, a}},
		{"Take 0", itemListQuery{take: ptr(int32(0))}, []string{}},
		{"Skip past the end", itemListQuery{skip: ptr(int32(3))}, []string{}},
		{"paging a sorted list", itemListQuery{field: ptr("description"), skip: ptr(int32(2)), take: ptr(int32(5))}, []string{b}},
	} {
		if got := listItemsBoth(t, te, tc.q); !sameIDs(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestItemListRefusesUnknownSortFieldAndBadPaging(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createItem(t, te, newItem("SORT"))
	for _, path := range []string{"/api/items/list/v2", "/api/items/list"} {
		for _, c := range []struct{ query, field, named string }{
			{"Sort.Field=colour", "Sort.Field", "colour"},
			{"Sort.Field=revision.isLatestRevision", "Sort.Field", "revision.isLatestRevision"},
			{"Sort.Field=tags.id", "Sort.Field", "tags.id"},
			{"Sort.Field=number.", "Sort.Field", "number."},
			{"Sort.Dir=sideways", "Sort.Dir", ""},
			{"Skip=-1", "Skip", ""},
			{"Take=5001", "Take", ""},
		} {
			res, body := itemRequest(t, te, http.MethodPost, path+"?"+escapeQuery(c.query), `{}`)
			p := mustProblem(t, res, body, http.StatusBadRequest)
			if c.named == "" {
				if !strings.Contains(p.Detail+fmt.Sprint(p.Errors), c.field) {
					t.Errorf("%s %s: problem %q %v does not name %s", path, c.query, p.Detail, p.Errors, c.field)
				}
				continue
			}
			mustNameField(t, p, c.field)
			if !strings.Contains(strings.Join(p.Errors[c.field], " "), c.named) {
				t.Errorf("%s %s: errors %v do not name %q", path, c.query, p.Errors, c.named)
			}
		}
	}
}

func escapeQuery(q string) string {
	k, v, _ := strings.Cut(q, "=")
	return url.QueryEscape(k) + "=" + url.QueryEscape(v)
}

// The modified window's bounds must fall in the years 2000 to 2099 in UTC, whatever offset
// they are written with; both list versions hold the same rule.
func TestItemListModifiedBoundsOutsideTheYears2000To2099Are400(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, path := range []string{"/api/items/list/v2", "/api/items/list"} {
		for _, c := range []struct{ body, field string }{
			{`{"modifiedAfterUtc":"2100-01-01T00:00:00Z"}`, "modifiedAfterUtc"},
			{`{"modifiedAfterUtc":"2100-06-01T00:00:00Z"}`, "modifiedAfterUtc"},
			{`{"modifiedBeforeUtc":"1999-12-31T23:59:59Z"}`, "modifiedBeforeUtc"},
			{`{"modifiedBeforeUtc":"1999-06-01T00:00:00Z"}`, "modifiedBeforeUtc"},
			{`{"modifiedAfterUtc":"2099-12-31T23:00:00-05:00"}`, "modifiedAfterUtc"},   // 2100-01-01T04:00Z
			{`{"modifiedBeforeUtc":"2099-12-31T23:00:00-05:00"}`, "modifiedBeforeUtc"}, // 2100-01-01T04:00Z
			{`{"modifiedAfterUtc":"2000-01-01T00:30:00+01:00"}`, "modifiedAfterUtc"},   // 1999-12-31T23:30Z
		} {
			res, body := itemRequest(t, te, http.MethodPost, path, c.body)
			mustItemField(t, res, body, c.field)
		}
		// The same wall-clock times with offsets that keep them inside the years are fine.
		for _, ok := range []string{
			`{"modifiedAfterUtc":"2099-12-31T23:00:00+05:00"}`,
			`{"modifiedBeforeUtc":"2000-01-01T00:30:00-01:00"}`,
			`{"modifiedAfterUtc":"2000-01-01T00:00:00Z","modifiedBeforeUtc":"2099-12-31T23:59:59.999999Z"}`,
		} {
			res, body := itemRequest(t, te, http.MethodPost, path, ok)
			mustStatus(t, res.StatusCode, http.StatusOK, body)
		}
	}
}

// numbers and revision are trimmed like the stored values they are compared with.
func TestItemListTrimsNumbersAndRevisionLikeStoredValues(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("TRIM-1")
	w.Revision = ptr("A")
	id := createItem(t, te, w)
	createItem(t, te, newItem("TRIM-2"))
	if got := itemIDs(listItemsV2(t, te, client.ItemFilterV2{Numbers: &[]string{"  trim-1 ", " "}})); !sameIDs(got, []string{id}) {
		t.Fatalf("numbers with spaces: %v", got)
	}
	if got := itemIDs(listItemsV2(t, te, client.ItemFilterV2{Revision: ptr(" a ")})); !sameIDs(got, []string{id}) {
		t.Fatalf("V2 revision with spaces: %v", got)
	}
	if got := itemIDs(listItemsV1(t, te, client.ItemFilter{Revision: ptr(" A\t")})); !sameIDs(got, []string{id}) {
		t.Fatalf("V1 revision with spaces: %v", got)
	}
	for _, path := range []string{"/api/items/list/v2", "/api/items/list"} {
		res, body := itemRequest(t, te, http.MethodPost, path, `{"revision":"   "}`)
		mustItemField(t, res, body, "revision")
	}
}
