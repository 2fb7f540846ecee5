package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"mos/gen/client"
)

// listCodes calls POST /api/accounting-codes/list?query with body (none when empty) and
// returns the tags, failing t unless the answer is 200.
func listCodes(t *testing.T, te *tenantEnv, query, body string) []client.Tag {
	t.Helper()
	res, b := listCodesRaw(t, te, query, body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var tags []client.Tag
	if err := json.Unmarshal(b, &tags); err != nil {
		t.Fatalf("list answered %s: %v", b, err)
	}
	return tags
}

func listCodesRaw(t *testing.T, te *tenantEnv, query, body string) (rawResponse, []byte) {
	t.Helper()
	ct := ""
	if body != "" {
		ct = "application/json"
	}
	return rawRequest(t, http.MethodPost, "/api/accounting-codes/list?"+query, te.Token, ct, body)
}

func tagNames(tags []client.Tag) []string {
	out := make([]string, len(tags))
	for i, tag := range tags {
		out[i] = tag.Name
	}
	return out
}

// sevenCodes creates "Code 1" … "Code 7" out of name order (so id order differs from name
// order) with styles that tie in groups, and returns the names in name order.
func sevenCodes(t *testing.T, te *tenantEnv) []string {
	t.Helper()
	styles := map[int]client.TagStyle{1: "info", 2: "danger", 3: "warning", 4: "danger", 5: "info", 6: "info", 7: "danger"}
	for _, n := range []int{4, 1, 7, 3, 6, 2, 5} {
		res, err := te.API.CreateAccountingCodeWithResponse(context.Background(), nil, client.TagCreate{Name: fmt.Sprintf("Code %d", n), Style: styles[n]})
		if err != nil {
			t.Fatal(err)
		}
		mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	}
	return []string{"Code 1", "Code 2", "Code 3", "Code 4", "Code 5", "Code 6", "Code 7"}
}

func TestListSkipAndTakePageTheDefaultOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	all := sevenCodes(t, te)
	cases := []struct {
		query string
		want  []string
	}{
		{"", all},
		{"Skip=2&Take=3", all[2:5]},
		{"Take=2", all[:2]},
		{"Skip=5&Take=3", all[5:]},
		{"Skip=7&Take=3", []string{}},
		{"Skip=100", []string{}},
		{"Skip=0&Take=7", all},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			if got := tagNames(listCodes(t, te, c.query, "")); !slices.Equal(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestListTakeDefaultsToFiftyOnlyWhenPagingIsSent(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const total = 55
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i := range total {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			res, err := te.API.CreateAccountingCodeWithResponse(context.Background(), nil, client.TagCreate{Name: fmt.Sprintf("Code %02d", i), Style: client.TagStyleLight})
			if err != nil || res.StatusCode() != http.StatusOK {
				t.Errorf("create %d: %v %v", i, err, res)
			}
		}()
	}
	wg.Wait()
	cases := []struct {
		name, query, body string
		want              int
	}{
		{"no paging answers every record", "", "", total},
		{"no paging with a filter body", "", `{}`, total},
		{"sorting is not paging", "Sort.Field=name&Sort.Dir=descending", "", total},
		{"Skip alone takes 50", "Skip=0", "", 50},
		{"Skip alone past the first 50", "Skip=50", "", total - 50},
		{"Take=0 answers none", "Take=0", "", 0},
		{"Take=5000 is allowed", "Take=5000", "", total},
		{"Take below the default", "Take=7", "", 7},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := listCodes(t, te, c.query, c.body)
			if len(got) != c.want {
				t.Fatalf("%d records, want %d", len(got), c.want)
			}
		})
	}
	// The page after the first 50 continues it exactly.
	first, rest := tagNames(listCodes(t, te, "Skip=0", "")), tagNames(listCodes(t, te, "Skip=50", ""))
	if all := tagNames(listCodes(t, te, "", "")); !slices.Equal(append(first, rest...), all) {
		t.Fatalf("pages %v + %v differ from the whole list %v", first, rest, all)
	}
}

func TestListRejectsPagingOutOfRange(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	cases := []struct{ query, field string }{
		{"Take=5001", "Take"},
		{"Take=-1", "Take"},
		{"Take=abc", "Take"},
		{"Take=2147483648", "Take"},
		{"Take=1.5", "Take"},
		{"Skip=-1", "Skip"},
		{"Skip=abc", "Skip"},
		{"Skip=-1&Take=10", "Skip"},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			res, body := listCodesRaw(t, te, c.query, "")
			mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), c.field)
		})
	}
}

func TestListSortFieldMatchesFirstLettersCaseInsensitivelyOnly(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	all := sevenCodes(t, te)
	byName := all
	reversed := slices.Clone(all)
	slices.Reverse(reversed)
	for _, field := range []string{"name", "Name"} {
		t.Run(field, func(t *testing.T) {
			if got := tagNames(listCodes(t, te, "Sort.Field="+field, "")); !slices.Equal(got, byName) {
				t.Fatalf("sorted by %s: %v, want %v", field, got, byName)
			}
			if got := tagNames(listCodes(t, te, "Sort.Field="+field+"&Sort.Dir=descending", "")); !slices.Equal(got, reversed) {
				t.Fatalf("sorted by %s descending: %v, want %v", field, got, reversed)
			}
		})
	}
	for _, field := range []string{"style", "Style", "id", "Id"} {
		t.Run(field, func(t *testing.T) {
			tags := listCodes(t, te, "Sort.Field="+field, "")
			key := strings.ToLower(field)
			if !slices.IsSortedFunc(tags, func(a, b client.Tag) int { return compareTagsBy(key, a, b) }) {
				t.Fatalf("not sorted by %s: %+v", field, tags)
			}
		})
	}
	for _, field := range []string{"NAME", "nAME", "naMe", "sTYLE", "colour", "x.id", "style.id", "Style.Id", "name.", ".name", "name;drop"} {
		t.Run("rejects "+field, func(t *testing.T) {
			res, body := listCodesRaw(t, te, "Sort.Field="+url.QueryEscape(field), "")
			p := mustProblem(t, res, body, http.StatusBadRequest)
			mustNameField(t, p, "Sort.Field")
			if !strings.Contains(p.Detail, field) {
				t.Fatalf("detail %q does not name the field %q", p.Detail, field)
			}
		})
	}
	t.Run("rejects empty", func(t *testing.T) {
		res, body := listCodesRaw(t, te, "Sort.Field=", "")
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "Sort.Field")
	})
}

// compareTagsBy orders tags by the sort key then id, as the list convention does.
func compareTagsBy(key string, a, b client.Tag) int {
	if key == "style" && a.Style != b.Style {
		return strings.Compare(string(a.Style), string(b.Style))
	}
	return strings.Compare(a.Id, b.Id)
}

func TestListSortDirAloneAppliesToTheDefaultSort(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	all := sevenCodes(t, te)
	reversed := slices.Clone(all)
	slices.Reverse(reversed)
	if got := tagNames(listCodes(t, te, "Sort.Dir=descending", "")); !slices.Equal(got, reversed) {
		t.Fatalf("descending alone: %v, want %v", got, reversed)
	}
	if got := tagNames(listCodes(t, te, "Sort.Dir=ascending", "")); !slices.Equal(got, all) {
		t.Fatalf("ascending alone: %v, want %v", got, all)
	}
	// Paging applies after the direction.
	if got := tagNames(listCodes(t, te, "Sort.Dir=descending&Skip=1&Take=2", "")); !slices.Equal(got, reversed[1:3]) {
		t.Fatalf("descending page: %v, want %v", got, reversed[1:3])
	}
}

func TestListTiesBreakOnID(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	sevenCodes(t, te)
	asc := listCodes(t, te, "Sort.Field=style", "")
	if len(asc) != 7 {
		t.Fatalf("%d codes", len(asc))
	}
	// Codes of one style come in id order, whatever their names or creation order.
	if !slices.IsSortedFunc(asc, func(a, b client.Tag) int { return compareTagsBy("style", a, b) }) {
		t.Fatalf("ties on style are not ordered by id: %+v", asc)
	}
	// The order is total, so descending is its exact reverse (ties included).
	desc := listCodes(t, te, "Sort.Field=style&Sort.Dir=descending", "")
	slices.Reverse(desc)
	if !slices.Equal(tagIDs(asc), tagIDs(desc)) {
		t.Fatalf("descending by style %v is not the reverse of ascending %v", tagIDs(desc), tagIDs(asc))
	}
	// Stable across pages: paging through ties never repeats or skips a record.
	var paged []client.Tag
	for skip := 0; skip < 7; skip += 2 {
		paged = append(paged, listCodes(t, te, fmt.Sprintf("Sort.Field=style&Skip=%d&Take=2", skip), "")...)
	}
	if !slices.Equal(tagIDs(paged), tagIDs(asc)) {
		t.Fatalf("paging through ties gives %v, want %v", tagIDs(paged), tagIDs(asc))
	}
}

func tagIDs(tags []client.Tag) []string {
	out := make([]string, len(tags))
	for i, tag := range tags {
		out[i] = tag.Id
	}
	return out
}

func TestListSortDirMustBeAscendingOrDescending(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, dir := range []string{"sideways", "Descending", "desc", ""} {
		t.Run(dir, func(t *testing.T) {
			res, body := listCodesRaw(t, te, "Sort.Dir="+dir, "")
			mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "Sort.Dir")
		})
	}
}

func TestListFilterBodyIsOptional(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	all := sevenCodes(t, te)
	for _, c := range []struct{ name, contentType, body string }{
		{"no body", "", ""},
		{"no body with a JSON content type", "application/json", ""},
		{"empty object", "application/json", `{}`},
		{"whitespace around an empty object", "application/json", " {}\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, b := rawRequest(t, http.MethodPost, "/api/accounting-codes/list", te.Token, c.contentType, c.body)
			mustStatus(t, res.StatusCode, http.StatusOK, b)
			var tags []client.Tag
			if err := json.Unmarshal(b, &tags); err != nil {
				t.Fatal(err)
			}
			if got := tagNames(tags); !slices.Equal(got, all) {
				t.Fatalf("got %v, want every code %v", got, all)
			}
		})
	}
	// A body that is not a filter object is refused as a 400 about the body, never a 500:
	// `null` is not an object here (the body is optional by being absent, not by being null).
	for _, body := range []string{`null`, `[]`, `"name"`, `{"ids":[]}`, `{"name":""}`} {
		t.Run("refuses "+body, func(t *testing.T) {
			res, b := rawRequest(t, http.MethodPost, "/api/accounting-codes/list", te.Token, "application/json", body)
			mustProblem(t, res, b, http.StatusBadRequest)
		})
	}
}

func TestListUnknownSortFieldListsTheSortableFields(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	cases := map[string]string{
		"colour":   `unknown sort field "colour"; sortable fields: deleted, description, id, name, style`,
		"style.id": `sort field "style.id" names an id and is not sortable; sortable fields: deleted, description, id, name, style`,
	}
	for sent, want := range cases {
		t.Run(sent, func(t *testing.T) {
			res, body := listCodesRaw(t, te, "Sort.Field="+url.QueryEscape(sent), "")
			p := mustProblem(t, res, body, http.StatusBadRequest)
			if got := p.Errors["Sort.Field"]; len(got) != 1 || got[0] != want {
				t.Fatalf("errors %v, want Sort.Field: %q", p.Errors, want)
			}
		})
	}
}
