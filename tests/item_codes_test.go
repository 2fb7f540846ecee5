package tests

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

// itemCodeList reaches one item code list through the generated client. The create, get and
// list operations of the lists differ only by their Params types, which these tests leave nil.
type itemCodeList struct {
	path   string // under /api, e.g. material-codes
	create func(client.ClientInterface, context.Context, client.TagCreate) (*http.Response, error)
	get    func(client.ClientInterface, context.Context, string) (*http.Response, error)
	list   func(client.ClientInterface, context.Context, client.TagFilter) (*http.Response, error)
}

var itemCodeLists = []itemCodeList{
	{"material-codes",
		func(api client.ClientInterface, ctx context.Context, b client.TagCreate) (*http.Response, error) {
			return api.CreateMaterialCode(ctx, nil, b)
		},
		func(api client.ClientInterface, ctx context.Context, id string) (*http.Response, error) {
			return api.GetMaterialCode(ctx, id, nil)
		},
		func(api client.ClientInterface, ctx context.Context, f client.TagFilter) (*http.Response, error) {
			return api.ListMaterialCodes(ctx, nil, f)
		}},
	{"item-categories",
		func(api client.ClientInterface, ctx context.Context, b client.TagCreate) (*http.Response, error) {
			return api.CreateItemCategory(ctx, nil, b)
		},
		func(api client.ClientInterface, ctx context.Context, id string) (*http.Response, error) {
			return api.GetItemCategory(ctx, id, nil)
		},
		func(api client.ClientInterface, ctx context.Context, f client.TagFilter) (*http.Response, error) {
			return api.ListItemCategories(ctx, nil, f)
		}},
	{"grade-codes",
		func(api client.ClientInterface, ctx context.Context, b client.TagCreate) (*http.Response, error) {
			return api.CreateGradeCode(ctx, nil, b)
		},
		func(api client.ClientInterface, ctx context.Context, id string) (*http.Response, error) {
			return api.GetGradeCode(ctx, id, nil)
		},
		func(api client.ClientInterface, ctx context.Context, f client.TagFilter) (*http.Response, error) {
			return api.ListGradeCodes(ctx, nil, f)
		}},
	{"shape-codes",
		func(api client.ClientInterface, ctx context.Context, b client.TagCreate) (*http.Response, error) {
			return api.CreateShapeCode(ctx, nil, b)
		},
		func(api client.ClientInterface, ctx context.Context, id string) (*http.Response, error) {
			return api.GetShapeCode(ctx, id, nil)
		},
		func(api client.ClientInterface, ctx context.Context, f client.TagFilter) (*http.Response, error) {
			return api.ListShapeCodes(ctx, nil, f)
		}},
	{"gauge-codes",
		func(api client.ClientInterface, ctx context.Context, b client.TagCreate) (*http.Response, error) {
			return api.CreateGaugeCode(ctx, nil, b)
		},
		func(api client.ClientInterface, ctx context.Context, id string) (*http.Response, error) {
			return api.GetGaugeCode(ctx, id, nil)
		},
		func(api client.ClientInterface, ctx context.Context, f client.TagFilter) (*http.Response, error) {
			return api.ListGaugeCodes(ctx, nil, f)
		}},
	{"item-classes",
		func(api client.ClientInterface, ctx context.Context, b client.TagCreate) (*http.Response, error) {
			return api.CreateItemClass(ctx, nil, b)
		},
		func(api client.ClientInterface, ctx context.Context, id string) (*http.Response, error) {
			return api.GetItemClass(ctx, id, nil)
		},
		func(api client.ClientInterface, ctx context.Context, f client.TagFilter) (*http.Response, error) {
			return api.ListItemClasses(ctx, nil, f)
		}},
}

// answered sends a request through the generated client and answers it in the shape
// rawRequest gives, its body read and closed.
func answered(t *testing.T, send func() (*http.Response, error)) (rawResponse, []byte) {
	t.Helper()
	res, err := send()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return rawResponse{StatusCode: res.StatusCode, Header: res.Header}, body
}

func mustDecode[T any](t *testing.T, body []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
	return v
}

func (l itemCodeList) tryCreate(t *testing.T, api client.ClientInterface, b client.TagCreate) (rawResponse, []byte) {
	t.Helper()
	return answered(t, func() (*http.Response, error) { return l.create(api, context.Background(), b) })
}

func (l itemCodeList) mustCreate(t *testing.T, api client.ClientInterface, name string) string {
	t.Helper()
	res, body := l.tryCreate(t, api, client.TagCreate{Name: name, Style: client.TagStylePrimary})
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	return mustDecode[client.CreatedId](t, body).Id
}

func (l itemCodeList) tryGet(t *testing.T, api client.ClientInterface, id string) (rawResponse, []byte) {
	t.Helper()
	return answered(t, func() (*http.Response, error) { return l.get(api, context.Background(), id) })
}

func (l itemCodeList) tryList(t *testing.T, api client.ClientInterface, f client.TagFilter) (rawResponse, []byte) {
	t.Helper()
	return answered(t, func() (*http.Response, error) { return l.list(api, context.Background(), f) })
}

// names lists the names of the records the list answers for f, in answer order.
func (l itemCodeList) names(t *testing.T, api client.ClientInterface, f client.TagFilter) []string {
	t.Helper()
	res, body := l.tryList(t, api, f)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var names []string
	for _, tag := range mustDecode[[]client.Tag](t, body) {
		names = append(names, tag.Name)
	}
	return names
}

// forEachItemCodeList runs test as a parallel subtest per list.
func forEachItemCodeList(t *testing.T, test func(t *testing.T, l itemCodeList)) {
	for _, l := range itemCodeLists {
		t.Run(l.path, func(t *testing.T) {
			t.Parallel()
			test(t, l)
		})
	}
}

func TestItemCodeCreateThenGetAnswersTheTrimmedRecord(t *testing.T) {
	t.Parallel()
	forEachItemCodeList(t, func(t *testing.T, l itemCodeList) {
		te := newTenant(t)
		desc := "Read by " + l.path
		res, body := l.tryCreate(t, te.API, client.TagCreate{Name: "  Code A  ", Style: client.TagStyleSuccess, Description: &desc})
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		id := mustDecode[client.CreatedId](t, body).Id
		if len(id) != 24 {
			t.Fatalf("id %q is not 24 characters", id)
		}
		res, body = l.tryGet(t, te.API, id)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		got := mustDecode[client.Tag](t, body)
		if got.Id != id || got.Name != "Code A" || got.Style != client.TagStyleSuccess || got.Description == nil || *got.Description != desc || got.Deleted || len(got.Types) != 0 {
			t.Fatalf("stored %+v", got)
		}
	})
}

func TestItemCodeCreateRejectsInvalidBodiesNamingTheField(t *testing.T) {
	t.Parallel()
	forEachItemCodeList(t, func(t *testing.T, l itemCodeList) {
		te := newTenant(t)
		for _, c := range []struct{ body, field string }{
			{`{"style":"primary"}`, "name"},
			{`{"name":"   ","style":"primary"}`, "name"},
			{`{"name":"` + strings.Repeat("x", 201) + `","style":"primary"}`, "name"},
			{`{"name":"A","style":"pink"}`, "style"},
		} {
			res, body := rawRequest(t, http.MethodPost, "/api/"+l.path, te.Token, "application/json", c.body)
			mustProblemNaming(t, res, body, c.field)
		}
		if names := l.names(t, te.API, client.TagFilter{}); len(names) != 0 {
			t.Fatalf("invalid creates stored %v", names)
		}
	})
}

func TestItemCodeListSortsByNameAndFiltersByNameAndIds(t *testing.T) {
	t.Parallel()
	forEachItemCodeList(t, func(t *testing.T, l itemCodeList) {
		te := newTenant(t)
		steel := l.mustCreate(t, te.API, "Steel 1018")
		l.mustCreate(t, te.API, "aluminium 6061")
		brass := l.mustCreate(t, te.API, "Brass 360")
		l.mustCreate(t, te.API, "stainless STEEL 304")

		if got, want := l.names(t, te.API, client.TagFilter{}), []string{"aluminium 6061", "Brass 360", "stainless STEEL 304", "Steel 1018"}; !slices.Equal(got, want) {
			t.Errorf("default order %v, want %v (name case-insensitively, then id)", got, want)
		}
		if got, want := l.names(t, te.API, client.TagFilter{Name: ptr("steel")}), []string{"stainless STEEL 304", "Steel 1018"}; !slices.Equal(got, want) {
			t.Errorf("name filter %v, want %v", got, want)
		}
		if got, want := l.names(t, te.API, client.TagFilter{Ids: &[]string{steel, brass}}), []string{"Brass 360", "Steel 1018"}; !slices.Equal(got, want) {
			t.Errorf("ids filter %v, want %v", got, want)
		}
		if got, want := l.names(t, te.API, client.TagFilter{Name: ptr("steel"), Ids: &[]string{steel, brass}}), []string{"Steel 1018"}; !slices.Equal(got, want) {
			t.Errorf("name and ids filters %v, want %v", got, want)
		}
	})
}

func TestItemCodeNameUniqueWithinItsList(t *testing.T) {
	t.Parallel()
	forEachItemCodeList(t, func(t *testing.T, l itemCodeList) {
		te := newTenant(t)
		l.mustCreate(t, te.API, "Duplicate")
		for _, name := range []string{"Duplicate", "DUPLICATE", " duplicate "} {
			res, body := l.tryCreate(t, te.API, client.TagCreate{Name: name, Style: client.TagStyleInfo})
			mustProblemNaming(t, res, body, "name")
		}
		if names := l.names(t, te.API, client.TagFilter{}); len(names) != 1 {
			t.Fatalf("list holds %v, want one record", names)
		}
	})
}

func TestItemCodeNameUniqueUnderConcurrency(t *testing.T) {
	t.Parallel()
	forEachItemCodeList(t, func(t *testing.T, l itemCodeList) {
		te := newTenant(t)
		counts := concurrently(t, 6, func() (int, error) {
			res, err := l.create(te.API, context.Background(), client.TagCreate{Name: "Race", Style: client.TagStyleInfo})
			if err != nil {
				return 0, err
			}
			_ = res.Body.Close()
			return res.StatusCode, nil
		})
		if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 5 {
			t.Fatalf("statuses %v; want exactly one 200 and five 400", counts)
		}
	})
}

func TestItemCodeSameNameAllowedInEveryList(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	// One name in each item code list, beside an accounting code and a tag of the same name.
	createAccountingCode(t, te, "Shared")
	createTag(t, te, "Shared")
	for _, l := range itemCodeLists {
		id := l.mustCreate(t, te.API, "Shared")
		if got := l.names(t, te.API, client.TagFilter{}); !slices.Equal(got, []string{"Shared"}) {
			t.Fatalf("%s lists %v, want only its own record", l.path, got)
		}
		res, body := l.tryGet(t, te.API, id)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
}

func TestItemCodeIdIsUnknownToOtherLists(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	owners := map[string]string{
		"accounting code": createAccountingCode(t, te, "Elsewhere"),
		"tag":             createTag(t, te, "Elsewhere"),
	}
	for _, l := range itemCodeLists {
		owners[l.path] = l.mustCreate(t, te.API, "Elsewhere")
	}
	for _, l := range itemCodeLists {
		for owner, id := range owners {
			if owner == l.path {
				continue
			}
			res, body := l.tryGet(t, te.API, id)
			mustProblem(t, res, body, http.StatusNotFound)
			if got := l.names(t, te.API, client.TagFilter{Ids: &[]string{id}}); len(got) != 0 {
				t.Errorf("%s lists the %s %s: %v", l.path, owner, id, got)
			}
		}
	}
	// And an item code id is not an accounting code.
	res, body := rawRequest(t, http.MethodGet, "/api/accounting-codes/"+owners["material-codes"], te.Token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
}
