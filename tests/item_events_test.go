package tests

import (
	"context"
	"net/http"
	"testing"
)

func tenantEvents(t *testing.T, te *tenantEnv) int {
	t.Helper()
	var n int
	if err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM event_outbox WHERE tenant_id = $1`, te.ID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// When the ItemUpdated event cannot be recorded, the change is not saved either: the
// event and the change share one transaction.
func TestItemChangeRolledBackWhenItemUpdatedCannotBeRecorded(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createItem(t, te, newItem("OUTBOX"))
	tagID := createTag(t, te, "Outbox tag")
	before := getItem(t, te, id)
	events := tenantEvents(t, te)

	drop := failingTrigger(t, te, "event_outbox", "INSERT", false)
	mustInternalError(t, te, http.MethodPost, "/api/items", `{"number":"OUTBOX-NEW","unitTypeName":"Pieces","unitOfMeasureName":"Each"}`)
	mustInternalError(t, te, http.MethodPut, "/api/items/"+id, `{"description":"changed"}`)
	mustInternalError(t, te, http.MethodPatch, "/api/items/"+id, `[{"op":"replace","path":"/description","value":"patched"}]`)
	mustInternalError(t, te, http.MethodPost, "/api/items/"+id+"/tags/"+tagID, ``)
	mustInternalError(t, te, http.MethodPost, "/api/items/"+id+"/revision", `{"revision":"B","archiveSourceItem":true}`)

	after := getItem(t, te, id)
	if after.Description != nil || len(after.Tags) != 0 || after.IsArchived || !after.ModifiedUtc.Equal(before.ModifiedUtc) {
		t.Fatalf("item changed although its event failed: %+v", after)
	}
	if n := countItemsNumbered(t, te, "OUTBOX-NEW"); n != 0 {
		t.Fatalf("%d items created although the event failed", n)
	}
	if n := countItemsNumbered(t, te, "OUTBOX"); n != 1 {
		t.Fatalf("%d items numbered OUTBOX, want the one (no revision added)", n)
	}
	if n := tenantEvents(t, te); n != events {
		t.Fatalf("%d events, want %d", n, events)
	}
	// The trigger was the only obstacle: without it the same change saves with its event.
	drop()
	if got := itemSaved(t, te, http.MethodPut, "/api/items/"+id, `{"description":"changed"}`); optText(got.Description) != "changed" {
		t.Fatalf("description %v", got.Description)
	}
	if n := tenantEvents(t, te); n != events+1 {
		t.Fatalf("%d events, want %d", n, events+1)
	}
}

// The other way round: a change that fails at commit, after its event was inserted,
// leaves no event behind.
func TestItemUpdatedNotRecordedWhenTheChangeFailsAtCommit(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createItem(t, te, newItem("COMMIT"))
	tagID := createTag(t, te, "Commit tag")
	before := getItem(t, te, id)
	events := tenantEvents(t, te)

	failingTrigger(t, te, "items", "INSERT OR UPDATE", true)
	mustInternalError(t, te, http.MethodPost, "/api/items", `{"number":"COMMIT-NEW","unitTypeName":"Pieces","unitOfMeasureName":"Each"}`)
	mustInternalError(t, te, http.MethodPut, "/api/items/"+id, `{"description":"changed"}`)
	mustInternalError(t, te, http.MethodPatch, "/api/items/"+id, `[{"op":"replace","path":"/description","value":"patched"}]`)
	mustInternalError(t, te, http.MethodPost, "/api/items/"+id+"/tags/"+tagID, ``) // touches the item row
	if n := tenantEvents(t, te); n != events {
		t.Fatalf("%d events after changes that failed at commit, want %d", n, events)
	}
	if after := getItem(t, te, id); after.Description != nil || len(after.Tags) != 0 || !after.ModifiedUtc.Equal(before.ModifiedUtc) {
		t.Fatalf("item changed: %+v", after)
	}
	if n := countItemsNumbered(t, te, "COMMIT-NEW"); n != 0 {
		t.Fatalf("%d items created", n)
	}
}
