package routing

import (
	"context"
	"fmt"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
)

// TestOwnerRecordsReadInOneStatementInRoutingOrder proves operationItemsByOwner and
// trackingsByOwner read every record of the owner's routing (and no other owner's) in one
// statement each, by the operations' sequence, then phase, then creation.
func TestOwnerRecordsReadInOneStatementInRoutingOrder(t *testing.T) {
	t.Parallel()
	pool, url := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	counted, statements := dbtest.Counting(t, url)
	var s store
	exec := func(query string, args ...any) {
		t.Helper()
		if _, err := pool.ExecContext(ctx, query, args...); err != nil {
			t.Fatal(err)
		}
	}
	part, other, tool, field := ids.New(), ids.New(), ids.New(), ids.New()
	for _, it := range []string{part, other, tool} {
		exec(`INSERT INTO items (tenant_id, id, number, item_origin, bar_code_number) VALUES ($1, $2, $2, 'buy', $2)`, tenantID, it)
	}
	exec(`INSERT INTO in_process_tracking_fields (tenant_id, id, name, data_type) VALUES ($1, $2, 'Bore', 'number')`, tenantID, field)
	owner, stranger := Owner{Type: OwnerItem, ID: part}, Owner{Type: OwnerItem, ID: other}
	// Inserted out of sequence: the operation at 20 first.
	late, early, foreign := ids.NewSub(), ids.NewSub(), ids.NewSub()
	for _, op := range []struct {
		o   Owner
		id  string
		seq int32
	}{{owner, late, 20}, {owner, early, 10}, {stranger, foreign, 10}} {
		v := Values{Sequence: op.seq, Name: "Step", SetupTimeMinutes: dec.Zero, RunTimeMinutesPerUnit: dec.Zero, OutsideCost: dec.Zero}
		if err := s.insert(ctx, pool, tenantID, op.o, op.id, v); err != nil {
			t.Fatal(err)
		}
	}
	for i, op := range []string{late, early, early, foreign} {
		v := OperationItemValues{ItemID: tool, Quantity: dec.MustParse(fmt.Sprintf("%d.5", i+1)), Per: PerUnit}
		if err := s.insertOperationItem(ctx, pool, tenantID, op, ids.NewSub(), v); err != nil {
			t.Fatal(err)
		}
	}
	for _, tr := range []struct{ op, phase string }{{late, PhaseSetup}, {early, PhaseFinal}, {early, PhaseSetup}, {foreign, PhaseSetup}} {
		if err := s.insertTracking(ctx, pool, tenantID, tr.op, tr.phase, ids.NewSub(), TrackingValues{TrackingFieldID: field, IsRequired: true}); err != nil {
			t.Fatal(err)
		}
	}

	before := statements.Load()
	items, err := s.operationItemsByOwner(ctx, counted, tenantID, owner)
	if err != nil {
		t.Fatal(err)
	}
	trackings, err := s.trackingsByOwner(ctx, counted, tenantID, owner)
	if err != nil {
		t.Fatal(err)
	}
	if got := statements.Load() - before; got != 2 {
		t.Errorf("reading the owner's operation items and tracking ran %d statements, want 2", got)
	}
	var gotItems []string
	for _, it := range items {
		gotItems = append(gotItems, it.RoutingOperationID+" "+it.Quantity.String())
	}
	if want := []string{early + " 2.5", early + " 3.5", late + " 1.5"}; fmt.Sprint(gotItems) != fmt.Sprint(want) {
		t.Errorf("operation items %q, want %q", gotItems, want)
	}
	var gotTrackings []string
	for _, tr := range trackings {
		gotTrackings = append(gotTrackings, tr.RoutingOperationID+" "+tr.Phase)
	}
	if want := []string{early + " setup", early + " final", late + " setup"}; fmt.Sprint(gotTrackings) != fmt.Sprint(want) {
		t.Errorf("tracking %q, want %q", gotTrackings, want)
	}
}
