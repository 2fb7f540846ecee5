package tests

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

func TestItemTagsAttachDetachReplaceAndReadOrderedByName(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("TAGGED"))
	if it := getItem(t, te, itemID); it.Tags == nil || len(it.Tags) != 0 {
		t.Fatalf("new item tags %v, want []", it.Tags)
	}
	zinc, alu, brass := createTag(t, te, "zinc"), createTag(t, te, "Aluminium"), createTag(t, te, "brass")

	it := addItemTag(t, te, itemID, zinc)
	if !sameIDs(tagIDsOf(it), []string{zinc}) || it.Tags[0].Name != "zinc" || !sameIDs(it.Tags[0].Types, []string{"item"}) {
		t.Fatalf("after attach: %+v", it.Tags)
	}
	it = addItemTag(t, te, itemID, alu)
	if !sameIDs(tagIDsOf(it), []string{alu, zinc}) {
		t.Fatalf("tags not ordered by name: %v", tagIDsOf(it))
	}
	// Attaching an attached tag is a no-op 200.
	if it = addItemTag(t, te, itemID, alu); !sameIDs(tagIDsOf(it), []string{alu, zinc}) {
		t.Fatalf("re-attach changed tags: %v", tagIDsOf(it))
	}

	if got := removeItemTag(t, te, itemID, zinc); got != http.StatusOK {
		t.Fatalf("detach status %d, want 200", got)
	}
	if got := removeItemTag(t, te, itemID, zinc); got != http.StatusNoContent {
		t.Fatalf("detach of a tag the item lacks: status %d, want 204", got)
	}
	if it = getItem(t, te, itemID); !sameIDs(tagIDsOf(it), []string{alu}) {
		t.Fatalf("after detach: %v", tagIDsOf(it))
	}

	if it = replaceItemTags(t, te, itemID, zinc, brass); !sameIDs(tagIDsOf(it), []string{brass, zinc}) {
		t.Fatalf("after replace: %v", tagIDsOf(it))
	}
	if it = replaceItemTags(t, te, itemID); len(it.Tags) != 0 || it.Tags == nil {
		t.Fatalf("replace with [] left %v", it.Tags)
	}

	// Tags read with their current values.
	replaceItemTags(t, te, itemID, brass)
	rawRequest(t, http.MethodPut, "/api/tags/"+brass, te.Token, "application/json", `{"name":"Bronze","style":"dark"}`)
	if it = getItem(t, te, itemID); it.Tags[0].Name != "Bronze" || it.Tags[0].Style != client.TagStyleDark {
		t.Fatalf("item reads stale tag %+v", it.Tags[0])
	}
}

func TestTagTypesDerivedFromItemLinks(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	tagID := createTag(t, te, "Derived")
	a, b := createItem(t, te, newItem("TYPES-A")), createItem(t, te, newItem("TYPES-B"))
	types := func() []string {
		t.Helper()
		got := getTag(t, te, tagID).Types
		listed := listTags(t, te, client.TagFilter{Ids: &[]string{tagID}})
		if len(listed) != 1 || !sameIDs(listed[0].Types, got) {
			t.Fatalf("list types %+v differ from get types %v", listed, got)
		}
		return got
	}
	if got := types(); got == nil || len(got) != 0 {
		t.Fatalf("unattached tag types %v, want []", got)
	}
	addItemTag(t, te, a, tagID)
	addItemTag(t, te, b, tagID)
	if got := types(); !sameIDs(got, []string{"item"}) {
		t.Fatalf("attached tag types %v, want [item]", got)
	}
	removeItemTag(t, te, a, tagID)
	if got := types(); !sameIDs(got, []string{"item"}) {
		t.Fatalf("tag still on one item: types %v, want [item]", got)
	}
	replaceItemTags(t, te, b)
	if got := types(); len(got) != 0 {
		t.Fatalf("detached tag types %v, want []", got)
	}
}

func TestItemTagsUnknownItemOrTagIs404(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("MISSING"))
	tagID := createTag(t, te, "Known")
	codeID := createAccountingCode(t, te, "4000 Sales")
	missingItem, missingTag := ids.New(), ids.New()
	cases := []struct {
		name, method, path, body, names string
	}{
		{"attach to unknown item", http.MethodPost, "/api/items/" + missingItem + "/tags/" + tagID, "", missingItem},
		{"detach from unknown item", http.MethodDelete, "/api/items/" + missingItem + "/tags/" + tagID, "", missingItem},
		{"replace on unknown item", http.MethodPut, "/api/items/" + missingItem + "/tags", `{"tagIds":[]}`, missingItem},
		{"attach unknown tag", http.MethodPost, "/api/items/" + itemID + "/tags/" + missingTag, "", missingTag},
		{"detach unknown tag", http.MethodDelete, "/api/items/" + itemID + "/tags/" + missingTag, "", missingTag},
		{"replace with unknown tag", http.MethodPut, "/api/items/" + itemID + "/tags", `{"tagIds":["` + tagID + `","` + missingTag + `"]}`, missingTag},
		{"attach accounting code", http.MethodPost, "/api/items/" + itemID + "/tags/" + codeID, "", codeID},
		{"detach accounting code", http.MethodDelete, "/api/items/" + itemID + "/tags/" + codeID, "", codeID},
		{"replace with accounting code", http.MethodPut, "/api/items/" + itemID + "/tags", `{"tagIds":["` + codeID + `"]}`, codeID},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := itemRequest(t, te, c.method, c.path, c.body)
			p := mustProblem(t, res, body, http.StatusNotFound)
			if !strings.Contains(p.Detail, c.names) {
				t.Fatalf("404 does not name %s: %s", c.names, body)
			}
		})
	}
	if it := getItem(t, te, itemID); len(it.Tags) != 0 {
		t.Fatalf("refused requests left tags %v", tagIDsOf(it))
	}
	if n := itemEvents(t, te, itemID); n != 1 {
		t.Fatalf("%d events, want only the create's", n)
	}
}

func TestItemTagsDeletedTagCannotBeAttachedButCanBeRemoved(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("DELETED-TAG"))
	gone, kept := createTag(t, te, "Gone"), createTag(t, te, "Kept")
	addItemTag(t, te, itemID, gone)
	// No delete operation exists yet; soft-delete the way one will.
	if _, err := srv.Pool.ExecContext(context.Background(), `UPDATE tags SET deleted = true WHERE tenant_id = $1 AND id = $2`, te.ID, gone); err != nil {
		t.Fatal(err)
	}
	other := createItem(t, te, newItem("DELETED-TAG-2"))
	res, body := itemRequest(t, te, http.MethodPost, "/api/items/"+other+"/tags/"+gone, "")
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = itemRequest(t, te, http.MethodPut, "/api/items/"+other+"/tags", `{"tagIds":["`+kept+`","`+gone+`"]}`)
	mustProblem(t, res, body, http.StatusNotFound)
	if got := removeItemTag(t, te, itemID, gone); got != http.StatusOK {
		t.Fatalf("removing a deleted tag: status %d, want 200", got)
	}
}

func TestItemTagsReplaceBodyLimits(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("LIMITS"))
	tagID := createTag(t, te, "Once")
	many := make([]string, 101)
	for i := range many {
		many[i] = `"` + ids.New() + `"`
	}
	for _, c := range []struct{ name, body, field string }{
		{"more than 100", `{"tagIds":[` + strings.Join(many, ",") + `]}`, "tagIds"},
		{"duplicate ids", `{"tagIds":["` + tagID + `","` + tagID + `"]}`, "tagIds"},
		{"missing tagIds", `{}`, "tagIds"},
		{"id not 24 characters", `{"tagIds":["short"]}`, "tagIds.0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, body := itemRequest(t, te, http.MethodPut, "/api/items/"+itemID+"/tags", c.body)
			mustProblemNaming(t, res, body, c.field)
		})
	}
	// 100 distinct tags are accepted.
	hundred := make([]string, 100)
	for i := range hundred {
		hundred[i] = createTag(t, te, fmt.Sprintf("Tag %03d", i))
	}
	if it := replaceItemTags(t, te, itemID, hundred...); len(it.Tags) != 100 {
		t.Fatalf("item has %d tags, want 100", len(it.Tags))
	}
}

func TestItemWithoutInventoryUnitRefusesTagChanges(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := insertLegacyItem(t, te, "LEGACY-TAGS")
	tagID := createTag(t, te, "Legacy")
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, "/api/items/" + id + "/tags/" + tagID, ""},
		{http.MethodDelete, "/api/items/" + id + "/tags/" + tagID, ""},
		{http.MethodPut, "/api/items/" + id + "/tags", `{"tagIds":["` + tagID + `"]}`},
		{http.MethodPut, "/api/items/" + id + "/tags", `{"tagIds":[]}`},
	} {
		res, body := itemRequest(t, te, c.method, c.path, c.body)
		mustItemField(t, res, body, "unitOfMeasureName")
	}
	if n := itemEvents(t, te, id); n != 0 {
		t.Fatalf("%d events for refused changes", n)
	}
	if got := getTag(t, te, tagID).Types; len(got) != 0 {
		t.Fatalf("refused attach left types %v", got)
	}
}

func TestItemTagChangesAdvanceModifiedUtcAndRecordItemUpdated(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("EVENTS"))
	a, b := createTag(t, te, "A"), createTag(t, te, "B")
	last := getItem(t, te, itemID).ModifiedUtc
	events := itemEvents(t, te, itemID)
	step := func(name string, changes bool, do func() client.Item) {
		t.Helper()
		it := do()
		wantEvents := events
		if changes {
			wantEvents++
			if !it.ModifiedUtc.After(last) {
				t.Fatalf("%s: modifiedUtc %v did not advance past %v", name, it.ModifiedUtc, last)
			}
		} else if !it.ModifiedUtc.Equal(last) {
			t.Fatalf("%s: no-op moved modifiedUtc from %v to %v", name, last, it.ModifiedUtc)
		}
		if n := itemEvents(t, te, itemID); n != wantEvents {
			t.Fatalf("%s: %d events, want %d", name, n, wantEvents)
		}
		last, events = it.ModifiedUtc, wantEvents
	}
	step("attach", true, func() client.Item { return addItemTag(t, te, itemID, a) })
	step("attach again", false, func() client.Item { return addItemTag(t, te, itemID, a) })
	step("replace", true, func() client.Item { return replaceItemTags(t, te, itemID, a, b) })
	step("replace with the same set", false, func() client.Item { return replaceItemTags(t, te, itemID, b, a) })
	step("detach", true, func() client.Item { removeItemTag(t, te, itemID, a); return getItem(t, te, itemID) })
	step("detach again (204)", false, func() client.Item { removeItemTag(t, te, itemID, a); return getItem(t, te, itemID) })
	step("replace with none", true, func() client.Item { return replaceItemTags(t, te, itemID) })
}

func TestItemListLoadsTagsForEveryItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	x, y, z := createItem(t, te, newItem("LIST-X")), createItem(t, te, newItem("LIST-Y")), createItem(t, te, newItem("LIST-Z"))
	red, blue := createTag(t, te, "red"), createTag(t, te, "Blue")
	replaceItemTags(t, te, x, red, blue)
	replaceItemTags(t, te, y, red)
	want := map[string][]string{x: {blue, red}, y: {red}, z: {}}
	for _, list := range [][]client.Item{listItemsV2(t, te, client.ItemFilterV2{}), listItemsV1(t, te, client.ItemFilter{})} {
		if len(list) != 3 {
			t.Fatalf("list has %d items", len(list))
		}
		for _, it := range list {
			if it.Tags == nil || !sameIDs(tagIDsOf(it), want[it.Id]) {
				t.Fatalf("item %s lists tags %v, want %v", it.Number, tagIDsOf(it), want[it.Id])
			}
		}
	}
}
