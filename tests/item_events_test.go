package tests

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/internal/platform/ids"
)

// failingTrigger installs a trigger on table that raises for the tenant's rows only (the
// other tests share the database), and removes it when t ends or when the returned func is
// called. deferred makes it a constraint trigger that fires at commit, after every
// statement of the transaction has run.
func failingTrigger(t *testing.T, te *tenantEnv, table, events string, deferred bool) func() {
	t.Helper()
	name := "test_fail_" + strings.ToLower(ids.New())
	ctx := context.Background()
	stmts := []string{
		fmt.Sprintf(`CREATE FUNCTION %s() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'injected failure on %%', TG_TABLE_NAME; END $$`, name),
	}
	if deferred {
		stmts = append(stmts, fmt.Sprintf(`CREATE CONSTRAINT TRIGGER %[1]s AFTER %[2]s ON %[3]s DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (NEW.tenant_id = '%[4]s') EXECUTE FUNCTION %[1]s()`, name, events, table, te.ID))
	} else {
		stmts = append(stmts, fmt.Sprintf(`CREATE TRIGGER %[1]s BEFORE %[2]s ON %[3]s
FOR EACH ROW WHEN (NEW.tenant_id = '%[4]s') EXECUTE FUNCTION %[1]s()`, name, events, table, te.ID))
	}
	for _, s := range stmts {
		if _, err := srv.Pool.ExecContext(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	dropped := false
	drop := func() {
		if dropped {
			return
		}
		dropped = true
		for _, s := range []string{fmt.Sprintf(`DROP TRIGGER %s ON %s`, name, table), fmt.Sprintf(`DROP FUNCTION %s()`, name)} {
			if _, err := srv.Pool.ExecContext(ctx, s); err != nil {
				t.Error(err)
			}
		}
	}
	t.Cleanup(drop)
	return drop
}

// mustInternalError sends a request whose answer is a 500, which the contract does not
// describe (a failure of the server, not of the request), so it bypasses the spec check.
func mustInternalError(t *testing.T, te *tenantEnv, method, path, body string) {
	t.Helper()
	contentType := "application/json"
	if method == http.MethodPatch {
		contentType = "application/json-patch+json"
	}
	h := http.Header{"Content-Type": {contentType}, "Authorization": {"Bearer " + te.Token}}
	res, b := sendVia(t, http.DefaultTransport, method, srv.URL+path, h, strings.NewReader(body))
	if res.StatusCode != http.StatusInternalServerError || strings.Contains(string(b), "injected") {
		t.Fatalf("%s %s answered %d %s, want a 500 saying only internal error", method, path, res.StatusCode, b)
	}
}

func countItemsNumbered(t *testing.T, te *tenantEnv, number string) int {
	t.Helper()
	var n int
	if err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM items WHERE tenant_id = $1 AND number = $2`, te.ID, number).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

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
