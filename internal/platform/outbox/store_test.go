package outbox

import (
	"strings"
	"testing"
	"time"

	"mos/internal/dbtest"
)

// The backlog counts the undelivered events of every tenant and the age of the oldest.
func TestBacklogCountsUndeliveredEventsOfEveryTenant(t *testing.T) {
	t.Parallel()
	pool, _, tenant := dbtest.NewWithTenant(t)
	ctx := t.Context()
	n, oldest, err := Backlog(ctx, pool)
	if err != nil || n != 0 || oldest != 0 {
		t.Fatalf("empty outbox: %d events, oldest %v, %v; want 0, 0", n, oldest, err)
	}
	other := dbtest.Tenant(t, pool)
	for _, tenantID := range []string{tenant, tenant, other} {
		if err := Record(ctx, pool, tenantID, Event{Type: "ItemUpdated", AggregateType: "item", AggregateID: "x", Payload: map[string]string{}}); err != nil {
			t.Fatal(err)
		}
	}
	// One waits for an hour, one is delivered already (and older still).
	if _, err := pool.ExecContext(ctx, `UPDATE event_outbox SET created_utc = now() - interval '1 hour'
		WHERE id = (SELECT id FROM event_outbox WHERE tenant_id = $1 LIMIT 1)`, other); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.ExecContext(ctx, `UPDATE event_outbox SET created_utc = now() - interval '1 day', delivered_utc = now()
		WHERE id = (SELECT id FROM event_outbox WHERE tenant_id = $1 LIMIT 1)`, tenant); err != nil {
		t.Fatal(err)
	}
	n, oldest, err = Backlog(ctx, pool)
	if err != nil || n != 2 || oldest < time.Hour || oldest > 2*time.Hour {
		t.Fatalf("backlog: %d events, oldest %v, %v; want 2, about an hour", n, oldest, err)
	}
}

// The backlog is read from the partial index of the undelivered events, never by scanning
// the table, whose delivered rows only grow.
func TestBacklogReadsTheUndeliveredIndexNotTheTable(t *testing.T) {
	t.Parallel()
	pool, _, tenant := dbtest.NewWithTenant(t)
	ctx := t.Context()
	if _, err := pool.ExecContext(ctx, `INSERT INTO event_outbox (tenant_id, id, event_type, aggregate_type, aggregate_id, payload, delivered_utc)
		SELECT $1, 'e' || i, 'ItemUpdated', 'item', 'x', '{}', CASE WHEN i % 1000 = 0 THEN NULL ELSE now() END
		FROM generate_series(1, 20000) AS i`, tenant); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.ExecContext(ctx, `ANALYZE event_outbox`); err != nil {
		t.Fatal(err)
	}
	var plan []string
	if err := pool.SelectContext(ctx, &plan, "EXPLAIN "+backlogSQL); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(plan, "\n")
	// Either partial index of the undelivered rows serves (the one in created order, or the
	// one by record that delivery order uses): both hold exactly the backlog.
	if !strings.Contains(text, "event_outbox_undelivered_") || strings.Contains(text, "Seq Scan") {
		t.Fatalf("the backlog query does not read an index of the undelivered events alone:\n%s", text)
	}
	if n, _, err := Backlog(ctx, pool); err != nil || n != 20 {
		t.Fatalf("backlog %d (%v), want 20", n, err)
	}
}
