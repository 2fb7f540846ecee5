package salesorders

import (
	"context"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/sales/partlines"
	"mos/internal/sales/taxrates"
	"mos/internal/scheduling/resources"
	"mos/internal/shared/customfields"
	"mos/internal/shared/settings"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// sellInEach gives the fixture's item the inventory unit Each, which its lines then sell in.
func sellInEach(t *testing.T, pool *db.Pool, tenantID, itemID string) {
	t.Helper()
	typeID, unitID := ids.New(), ids.New()
	for _, stmt := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO unit_types (tenant_id, id, name) VALUES ($1, $2, 'Count')`, []any{tenantID, typeID}},
		{`INSERT INTO units_of_measure (tenant_id, id, unit_type_id, name, factor_numerator, factor_denominator, is_base) VALUES ($1, $2, $3, 'Each', 1, 1, true)`, []any{tenantID, unitID, typeID}},
		{`UPDATE items SET unit_of_measure_id = $3 WHERE tenant_id = $1 AND id = $2`, []any{tenantID, itemID, unitID}},
	} {
		if _, err := pool.ExecContext(context.Background(), stmt.sql, stmt.args...); err != nil {
			t.Fatalf("%s: %v", stmt.sql, err)
		}
	}
}

// partLineService is the sales orders service over the real item master, routings, tax
// rates, custom fields and settings.
func partLineService(pool *db.Pool) *Service {
	itemMaster := items.NewService(pool, items.Deps{})
	tenantSettings := settings.NewService(pool)
	routings := routing.NewService(pool, routing.Deps{
		Items: itemMaster, Settings: tenantSettings, Rates: resources.NewService(pool), Costs: itemMaster,
	})
	return NewService(pool, Deps{Items: itemMaster, Routings: routings, TaxRates: taxrates.NewService(pool),
		CustomFields: customfields.NewService(pool), Pricing: tenantSettings})
}

// TestPartLinesCopyTheItemsRoutingAndKeepTheOrdersTotals: a batch of two lines numbers them
// 1 and 2, copies the item's routing to each line, stores the delivery day and recomputes the
// order's totals; deleting a line removes its routing and its amount from the totals.
func TestPartLinesCopyTheItemsRoutingAndKeepTheOrdersTotals(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	orderID, itemID := orderFixture(t, pool, tenantID, "USD")
	sellInEach(t, pool, tenantID, itemID)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.ExecContext(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`INSERT INTO routing_operations (tenant_id, id, owner_type, owner_id, sequence, name) VALUES ($1, $2, 'item', $3, 10, 'Cut'), ($1, $4, 'item', $3, 20, 'Bend')`,
		tenantID, ids.NewSub(), itemID, ids.NewSub())
	s := partLineService(pool)
	price := pdec.MustParse("12.50")
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	created, err := s.CreatePartLines(ctx, tenantID, orderID, []PartLineWrite{
		{Write: partlines.Write{ItemID: itemID, Quantity: pdec.MustParse("3"), UnitPrice: &price}, DeliveryDate: &day},
		{Write: partlines.Write{ItemID: itemID, Quantity: pdec.MustParse("2"), UnitPrice: &price}},
	})
	if err != nil {
		t.Fatal(err)
	}
	operations := func(lineID string) int {
		t.Helper()
		var n int
		if err := pool.QueryRowxContext(ctx, `SELECT count(*) FROM routing_operations WHERE tenant_id = $1 AND owner_type = 'salesOrderPartLine' AND owner_id = $2`,
			tenantID, lineID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	lines, err := s.PartLines(ctx, tenantID, orderID, PartLineFilter{}, listing.Request{})
	if err != nil || len(lines) != 2 {
		t.Fatalf("list: %d lines, %v", len(lines), err)
	}
	for i, l := range lines {
		if l.ID != created[i] || l.LineNumber != int32(i+1) || operations(l.ID) != 2 {
			t.Errorf("line %d: id %s number %d with %d routing operations, want %s, %d and 2", i, l.ID, l.LineNumber, operations(l.ID), created[i], i+1)
		}
	}
	if lines[0].DeliveryDate == nil || !lines[0].DeliveryDate.Equal(day) || lines[1].DeliveryDate != nil {
		t.Errorf("delivery dates %v and %v, want %v and none", lines[0].DeliveryDate, lines[1].DeliveryDate, day)
	}
	total := func() string {
		t.Helper()
		var v string
		if err := pool.QueryRowxContext(ctx, `SELECT line_sub_total::text FROM sales_orders WHERE tenant_id = $1 AND id = $2`, tenantID, orderID).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	// 3 × 12.50 + 2 × 12.50 = 62.50.
	if got := total(); pdec.MustParse(got).Cmp(pdec.MustParse("62.5").Decimal) != 0 {
		t.Errorf("line subtotal %s, want 62.50", got)
	}
	deleted, err := s.DeletePartLine(ctx, tenantID, orderID, created[0])
	if err != nil || !deleted {
		t.Fatalf("delete: %v, %v", deleted, err)
	}
	if n := operations(created[0]); n != 0 {
		t.Errorf("the deleted line's routing kept %d operations", n)
	}
	if got := total(); pdec.MustParse(got).Cmp(pdec.MustParse("25").Decimal) != 0 {
		t.Errorf("line subtotal after delete %s, want 25", got)
	}
}

// TestPartLineWritesFollowTheOrdersStatus: part lines are written while the order is draft,
// needsApproval or approved; in progress or complete every write is a 400 naming status,
// while the lines stay readable.
func TestPartLineWritesFollowTheOrdersStatus(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	orderID, itemID := orderFixture(t, pool, tenantID, "USD")
	sellInEach(t, pool, tenantID, itemID)
	s := partLineService(pool)
	price := pdec.MustParse("1")
	w := PartLineWrite{Write: partlines.Write{ItemID: itemID, Quantity: pdec.MustParse("1"), UnitPrice: &price}}
	setStatus := func(st Status) {
		t.Helper()
		if _, err := pool.ExecContext(ctx, `UPDATE sales_orders SET status = $3 WHERE tenant_id = $1 AND id = $2`, tenantID, orderID, st); err != nil {
			t.Fatal(err)
		}
	}
	var lineID string
	for _, st := range Statuses {
		setStatus(st)
		id, err := s.CreatePartLine(ctx, tenantID, orderID, w)
		editable := st == StatusDraft || st == StatusNeedsApproval || st == StatusApproved
		if editable {
			if err != nil {
				t.Errorf("%s: create: %v", st, err)
			}
			lineID = id
			if _, err := s.UpdatePartLine(ctx, tenantID, orderID, lineID, w); err != nil {
				t.Errorf("%s: update: %v", st, err)
			}
			continue
		}
		if !isFieldError(err, "status") {
			t.Errorf("%s: create answered %v, want 400 naming status", st, err)
		}
		if _, err := s.UpdatePartLine(ctx, tenantID, orderID, lineID, w); !isFieldError(err, "status") {
			t.Errorf("%s: update answered %v, want 400 naming status", st, err)
		}
		if _, err := s.ReplacePartLineCustomFields(ctx, tenantID, orderID, lineID, nil); !isFieldError(err, "status") {
			t.Errorf("%s: custom fields answered %v, want 400 naming status", st, err)
		}
		if _, err := s.DeletePartLine(ctx, tenantID, orderID, lineID); !isFieldError(err, "status") {
			t.Errorf("%s: delete answered %v, want 400 naming status", st, err)
		}
		if _, err := s.PartLine(ctx, tenantID, orderID, lineID); err != nil {
			t.Errorf("%s: read: %v", st, err)
		}
	}
}

// isFieldError reports whether err is a 400 naming field.
func isFieldError(err error, field string) bool {
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.KindInvalid {
		return false
	}
	_, named := e.Fields[field]
	return named
}
