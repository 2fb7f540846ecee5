package tests

import (
	"context"
	"net/http"
	"testing"

	"mos/gen/client"
)

func patchTag(t *testing.T, token, id, body string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPatch, "/api/tags/"+id, token, "application/json-patch+json", body)
}

func TestTagPatchFollowsUpdateRulesAnd(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTag(t, te, "Rush")
	createTag(t, te, "Taken")
	res, body := rawRequest(t, http.MethodPut, "/api/tags/"+id, te.Token, "application/json", `{"name":"Rush","style":"primary","description":"old"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)

	res, body = patchTag(t, te.Token, id, `[{"op":"replace","path":"/style","value":"warning"},{"op":"replace","path":"/name","value":"  Expedite  "}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if got := getTag(t, te, id); got.Name != "Expedite" || got.Style != client.TagStyleWarning || optText(got.Description) != "old" {
		t.Fatalf("patched tag %+v", got)
	}
	res, body = patchTag(t, te.Token, id, `[{"op":"test","path":"/name","value":"Expedite"},{"op":"remove","path":"/description"}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if got := getTag(t, te, id); got.Description != nil {
		t.Fatalf("description %v after remove", *got.Description)
	}

	for _, c := range []struct{ name, body, field string }{
		{"unknown path", `[{"op":"replace","path":"/colour","value":"x"}]`, ""},
		{"read-only types", `[{"op":"replace","path":"/types","value":[]}]`, ""},
		{"read-only deleted", `[{"op":"replace","path":"/deleted","value":true}]`, ""},
		{"read-only id", `[{"op":"replace","path":"/id","value":"x"}]`, ""},
		{"unsupported op", `[{"op":"frobnicate","path":"/name","value":"x"}]`, ""},
		{"value the style cannot hold", `[{"op":"replace","path":"/style","value":"pink"}]`, ""},
		{"failed test", `[{"op":"test","path":"/name","value":"Nope"},{"op":"replace","path":"/style","value":"dark"}]`, ""},
		{"blank name", `[{"op":"replace","path":"/name","value":"   "}]`, "name"},
		{"name removed", `[{"op":"remove","path":"/name"}]`, ""},
		{"taken name", `[{"op":"replace","path":"/name","value":"taken"}]`, "name"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, body := patchTag(t, te.Token, id, c.body)
			p := mustProblem(t, res, body, http.StatusBadRequest)
			if c.field != "" {
				mustNameField(t, p, c.field)
			}
		})
	}
	if got := getTag(t, te, id); got.Name != "Expedite" || got.Style != client.TagStyleWarning {
		t.Fatalf("refused patches changed the tag: %+v", got)
	}
}

func TestTagPatchUnknownDeletedOrOtherListIs404(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	gone := createTag(t, te, "Gone")
	if _, err := srv.Pool.ExecContext(context.Background(), `UPDATE tags SET deleted = true WHERE tenant_id = $1 AND id = $2`, te.ID, gone); err != nil {
		t.Fatal(err)
	}
	code, err := te.API.CreateAccountingCodeWithResponse(context.Background(), nil, client.TagCreate{Name: "4000", Style: client.TagStyleInfo})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, code.StatusCode(), http.StatusOK, code.Body)
	op := `[{"op":"replace","path":"/style","value":"dark"}]`
	for _, id := range []string{"000000000000000000000000", gone, code.JSON200.Id} {
		res, body := patchTag(t, te.Token, id, op)
		mustProblem(t, res, body, http.StatusNotFound)
	}
}

func getItemTag(t *testing.T, token, id string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodGet, "/api/item-tags/"+id, token, "", "")
}

func listItemTags(t *testing.T, te *tenantEnv, params *client.ListItemTagsParams, f client.TagFilter) []string {
	t.Helper()
	res, err := te.API.ListItemTagsWithResponse(context.Background(), params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	out := make([]string, len(*res.JSON200))
	for i, tg := range *res.JSON200 {
		if len(tg.Types) != 1 || tg.Types[0] != "item" {
			t.Fatalf("item tag %s has types %v", tg.Id, tg.Types)
		}
		out[i] = tg.Id
	}
	return out
}

// Item tags are the catalogue's tags that at least one active item carries.
func TestItemTagsAreTagsCarriedByActiveItems(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	bolt, nut := createItem(t, te, newItem("IT-BOLT")), createItem(t, te, newItem("IT-NUT"))
	archived := newItem("IT-OLD")
	archived.IsArchived = ptr(true)
	old := createItem(t, te, archived)
	rush, steel, unused, legacy := createTag(t, te, "Rush"), createTag(t, te, "Steel"), createTag(t, te, "Unused"), createTag(t, te, "Legacy")
	addItemTag(t, te, bolt, rush)
	addItemTag(t, te, nut, rush)
	addItemTag(t, te, nut, steel)
	addItemTag(t, te, old, legacy) // only an archived item carries it

	res, body := getItemTag(t, te.Token, rush)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	for _, id := range []string{unused, legacy, "000000000000000000000000"} {
		res, body := getItemTag(t, te.Token, id)
		mustProblem(t, res, body, http.StatusNotFound)
	}
	if got := getTag(t, te, legacy).Types; len(got) != 0 {
		t.Fatalf("a tag only archived items carry has types %v, want []", got)
	}
	if got := listItemTags(t, te, nil, client.TagFilter{}); !sameIDs(got, []string{rush, steel}) {
		t.Fatalf("item tags %v, want Rush and Steel", got)
	}
	if got := listItemTags(t, te, nil, client.TagFilter{Name: ptr("STE")}); !sameIDs(got, []string{steel}) {
		t.Fatalf("name filter %v", got)
	}
	if got := listItemTags(t, te, nil, client.TagFilter{Ids: &[]string{steel, unused, legacy}}); !sameIDs(got, []string{steel}) {
		t.Fatalf("ids filter %v", got)
	}
	desc := client.SortDirectionDescending
	if got := listItemTags(t, te, &client.ListItemTagsParams{SortField: ptr("name"), SortDir: &desc}, client.TagFilter{}); !sameIDs(got, []string{steel, rush}) {
		t.Fatalf("sorted by name desc %v", got)
	}
	// The set follows the items: detaching the last carrier or archiving it drops the tag;
	// restoring the archived item's link to an active item brings it back.
	removeItemTag(t, te, nut, steel)
	res, body = getItemTag(t, te.Token, steel)
	mustProblem(t, res, body, http.StatusNotFound)
	itemSaved(t, te, http.MethodPut, "/api/items/"+bolt, `{}`)
	if _, err := srv.Pool.ExecContext(context.Background(), `UPDATE items SET is_archived = true WHERE tenant_id = $1 AND id = ANY($2)`, te.ID, "{"+bolt+","+nut+"}"); err != nil {
		t.Fatal(err)
	}
	if got := listItemTags(t, te, nil, client.TagFilter{}); len(got) != 0 {
		t.Fatalf("item tags %v after archiving every carrier, want none", got)
	}
}
