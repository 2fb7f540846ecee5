package tests

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

func TestTagCreateGetUpdateList(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	desc := "Expedite on the floor"
	res, err := te.API.CreateTagWithResponse(ctx, nil, client.TagCreate{Name: "  Rush  ", Style: client.TagStyleDanger, Description: &desc})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	id := res.JSON200.Id
	if len(id) != 24 {
		t.Fatalf("id %q is not 24 characters", id)
	}
	tag := getTag(t, te, id)
	if tag.Name != "Rush" || tag.Style != client.TagStyleDanger || tag.Description == nil || *tag.Description != desc || tag.Deleted || tag.Types == nil || len(tag.Types) != 0 {
		t.Fatalf("stored tag %+v", tag)
	}

	// Full update: an omitted description is cleared.
	up, err := te.API.UpdateTagWithResponse(ctx, id, nil, client.TagCreate{Name: " Hot ", Style: client.TagStyleWarning})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, up.StatusCode(), http.StatusOK, up.Body)
	if got := *up.JSON200; got.Id != id || got.Name != "Hot" || got.Style != client.TagStyleWarning || got.Description != nil {
		t.Fatalf("updated tag %+v", got)
	}
	if got := getTag(t, te, id); got.Name != "Hot" || got.Description != nil {
		t.Fatalf("re-read tag %+v", got)
	}

	other := createTag(t, te, "Aluminium")
	if got := listTags(t, te, client.TagFilter{}); len(got) != 2 || got[0].Id != other || got[1].Id != id {
		t.Fatalf("default order is not by name: %+v", got)
	}
	if got := listTags(t, te, client.TagFilter{Name: ptr("HO")}); len(got) != 1 || got[0].Id != id {
		t.Fatalf("name filter: %+v", got)
	}
	if got := listTags(t, te, client.TagFilter{Ids: &[]string{other}}); len(got) != 1 || got[0].Id != other {
		t.Fatalf("ids filter: %+v", got)
	}
}

func TestTagCreateAndUpdateValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTag(t, te, "Valid")
	cases := []struct {
		name, body, field string
	}{
		{"missing name", `{"style":"primary"}`, "name"},
		{"blank name after trimming", `{"name":"   ","style":"primary"}`, "name"},
		{"name over 200", `{"name":"` + strings.Repeat("x", 201) + `","style":"primary"}`, "name"},
		{"unknown style", `{"name":"A","style":"pink"}`, "style"},
		{"missing style", `{"name":"A"}`, "style"},
		{"empty description", `{"name":"A","style":"dark","description":""}`, "description"},
		{"description over 200", `{"name":"A","style":"dark","description":"` + strings.Repeat("x", 201) + `"}`, "description"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, r := range []struct{ method, path string }{{http.MethodPost, "/api/tags"}, {http.MethodPut, "/api/tags/" + id}} {
				res, body := rawRequest(t, r.method, r.path, te.Token, "application/json", c.body)
				mustProblemNaming(t, res, body, c.field)
			}
		})
	}
	if got := getTag(t, te, id); got.Name != "Valid" {
		t.Fatalf("refused updates changed the tag: %+v", got)
	}
}

func TestTagNameUniqueCaseInsensitivelyUnderConcurrency(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	counts := concurrently(t, 8, func() (int, error) {
		res, err := te.API.CreateTagWithResponse(context.Background(), nil, client.TagCreate{Name: "Rush", Style: client.TagStyleInfo})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 7 {
		t.Fatalf("statuses %v; want exactly one 200 and seven 400", counts)
	}
	res, body := rawRequest(t, http.MethodPost, "/api/tags", te.Token, "application/json", `{"name":"RUSH","style":"info"}`)
	mustProblemNaming(t, res, body, "name")
	// Renaming onto a taken name is refused too; renaming to itself in another case is not.
	other := createTag(t, te, "Other")
	res, body = rawRequest(t, http.MethodPut, "/api/tags/"+other, te.Token, "application/json", `{"name":"rush","style":"info"}`)
	mustProblemNaming(t, res, body, "name")
	res, body = rawRequest(t, http.MethodPut, "/api/tags/"+other, te.Token, "application/json", `{"name":"OTHER","style":"info"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	// Tags are a list of their own: an accounting code may share the name, and another
	// tenant may use it.
	createAccountingCode(t, te, "Rush")
	createTag(t, newTenant(t), "Rush")
}

func TestTagListIsSeparateFromAccountingCodes(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	codeID := createAccountingCode(t, te, "4000 Sales")
	tagID := createTag(t, te, "Rush")
	for _, path := range []string{"/api/tags/" + codeID} {
		res, body := rawRequest(t, http.MethodGet, path, te.Token, "", "")
		mustProblem(t, res, body, http.StatusNotFound)
		res, body = rawRequest(t, http.MethodPut, path, te.Token, "application/json", `{"name":"X","style":"info"}`)
		mustProblem(t, res, body, http.StatusNotFound)
	}
	res, body := rawRequest(t, http.MethodGet, "/api/accounting-codes/"+tagID, te.Token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
	if got := listTags(t, te, client.TagFilter{}); len(got) != 1 || got[0].Id != tagID {
		t.Fatalf("tag list %+v", got)
	}
	codes, err := te.API.ListAccountingCodesWithResponse(context.Background(), nil, client.TagFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(*codes.JSON200) != 1 || (*codes.JSON200)[0].Id != codeID {
		t.Fatalf("accounting code list %+v", *codes.JSON200)
	}
}
