package routing

import (
	"context"
	"fmt"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
)

// TestCopyRunsOneStatementHoweverManyOperations proves Copy copies a routing by value with
// new ids in one statement, for one operation as for fifty.
func TestCopyRunsOneStatementHoweverManyOperations(t *testing.T) {
	t.Parallel()
	pool, url := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	counted, statements := dbtest.Counting(t, url)
	var s store
	svc := &Service{pool: counted}
	for _, n := range []int{1, 50} {
		from := Owner{Type: OwnerItem, ID: ids.New()}
		to := Owner{Type: OwnerQuotePartLine, ID: ids.New()}
		for k := range n {
			v := Values{Sequence: int32(10 * (k + 1)), Name: fmt.Sprintf("Step %d", k), SetupTimeMinutes: dec.MustParse("1.25"),
				RunTimeMinutesPerUnit: dec.Zero, OutsideCost: dec.Zero}
			if err := s.insert(ctx, pool, tenantID, from, ids.NewSub(), v); err != nil {
				t.Fatal(err)
			}
		}
		err := counted.WithTx(ctx, func(q db.Q) error {
			before := statements.Load()
			if err := svc.Copy(ctx, q, tenantID, from, to); err != nil {
				return err
			}
			if got := statements.Load() - before; got != 1 {
				t.Errorf("copying %d operations ran %d statements, want 1", n, got)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		src, err := s.listByOwner(ctx, pool, tenantID, from)
		if err != nil {
			t.Fatal(err)
		}
		dst, err := s.listByOwner(ctx, pool, tenantID, to)
		if err != nil {
			t.Fatal(err)
		}
		if len(dst) != n {
			t.Fatalf("copied %d operations, want %d", len(dst), n)
		}
		for i := range dst {
			if dst[i].ID == src[i].ID || dst[i].Name != src[i].Name || dst[i].Sequence != src[i].Sequence ||
				dst[i].SetupTimeMinutes.String() != "1.25" || len(dst[i].ID) != 36 {
				t.Fatalf("copy %d: %+v from %+v", i, dst[i], src[i])
			}
		}
	}
}

// TestCopyCopiesEverySubRecord proves Copy takes every record of a routing along, with new
// ids, and re-points operation items, tracking, inputs, materials and nestings at the copies
// of their parents.
func TestCopyCopiesEverySubRecord(t *testing.T) {
	t.Parallel()
	pool, url := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	counted, statements := dbtest.Counting(t, url)
	svc := &Service{pool: counted}
	var s store
	exec := func(query string, args ...any) {
		t.Helper()
		if _, err := pool.ExecContext(ctx, query, args...); err != nil {
			t.Fatal(err)
		}
	}
	part, component, blank, field := ids.New(), ids.New(), ids.New(), ids.New()
	for _, it := range []string{part, component, blank} {
		exec(`INSERT INTO items (tenant_id, id, number, item_origin, bar_code_number) VALUES ($1, $2, $2, 'buy', $2)`, tenantID, it)
	}
	exec(`INSERT INTO in_process_tracking_fields (tenant_id, id, name, data_type) VALUES ($1, $2, 'Bore diameter', 'number')`, tenantID, field)
	var shape string
	if err := pool.GetContext(ctx, &shape, `SELECT id FROM material_shapes WHERE tenant_id = $1 ORDER BY id LIMIT 1`, tenantID); err != nil {
		t.Fatal(err)
	}
	from := Owner{Type: OwnerItem, ID: part}
	to := Owner{Type: OwnerJobItemToMake, ID: ids.New()}
	cut, bend := ids.NewSub(), ids.NewSub()
	for i, op := range []string{cut, bend} {
		v := Values{Sequence: int32(10 * (i + 1)), Name: "Step", SetupTimeMinutes: dec.Zero, RunTimeMinutesPerUnit: dec.Zero, OutsideCost: dec.Zero}
		if err := s.insert(ctx, pool, tenantID, from, op, v); err != nil {
			t.Fatal(err)
		}
	}
	material := ids.NewSub()
	exec(`INSERT INTO routing_operation_items (tenant_id, id, routing_operation_id, item_id, quantity, per) VALUES ($1, $2, $3, $4, 2.5, 'setup')`,
		tenantID, ids.NewSub(), cut, component)
	exec(`INSERT INTO routing_operation_ipts (tenant_id, id, routing_operation_id, phase, tracking_field_id, frequency) VALUES ($1, $2, $3, 'inProcess', $4, 5)`,
		tenantID, ids.NewSub(), bend, field)
	exec(`INSERT INTO routing_input_items (tenant_id, id, owner_type, owner_id, item_id, quantity_per_unit, routing_operation_id)
	      VALUES ($1, $2, 'item', $3, $4, 3, $5), ($1, $6, 'item', $3, $4, 0.125, NULL)`, tenantID, ids.NewSub(), part, component, cut, ids.NewSub())
	exec(`INSERT INTO routing_input_materials (tenant_id, id, owner_type, owner_id, material_shape_id, item_id, blank_length, pieces_per_blank, routing_operation_id)
	      VALUES ($1, $2, 'item', $3, $4, $5, 12.5, 4, $6)`, tenantID, material, part, shape, blank, bend)
	exec(`INSERT INTO routing_material_nestings (tenant_id, id, input_material_id, name, stock_length, blanks_per_stock)
	      VALUES ($1, $2, $3, 'Bar 144', 144, 11), ($1, $4, $3, 'Bar 240', 240, 19)`, tenantID, ids.NewSub(), material, ids.NewSub())

	err := counted.WithTx(ctx, func(q db.Q) error {
		before := statements.Load()
		if err := svc.Copy(ctx, q, tenantID, from, to); err != nil {
			return err
		}
		if got := statements.Load() - before; got != 1 {
			t.Errorf("copying a whole routing ran %d statements, want 1", got)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	// Each query answers rows of the copy, with its parents named by the source's sequence or
	// name, so a copy pointing at the source (or nowhere) shows.
	checks := []struct {
		what, query string
		want        []string
	}{
		{"operation items", `SELECT o.sequence || ' ' || i.item_id || ' ' || i.quantity || ' ' || i.per
			FROM routing_operation_items i JOIN routing_operations o ON o.tenant_id = i.tenant_id AND o.id = i.routing_operation_id
			WHERE i.tenant_id = $1 AND o.owner_type = $2 AND o.owner_id = $3`,
			[]string{"10 " + component + " 2.5 setup"}},
		{"tracking", `SELECT o.sequence || ' ' || t.phase || ' ' || t.tracking_field_id || ' ' || t.frequency
			FROM routing_operation_ipts t JOIN routing_operations o ON o.tenant_id = t.tenant_id AND o.id = t.routing_operation_id
			WHERE t.tenant_id = $1 AND o.owner_type = $2 AND o.owner_id = $3`,
			[]string{"20 inProcess " + field + " 5"}},
		{"input items", `SELECT coalesce(o.sequence::text, 'detached') || ' ' || ii.quantity_per_unit
			FROM routing_input_items ii LEFT JOIN routing_operations o ON o.tenant_id = ii.tenant_id AND o.id = ii.routing_operation_id
			WHERE ii.tenant_id = $1 AND ii.owner_type = $2 AND ii.owner_id = $3 ORDER BY 1`,
			[]string{"10 3", "detached 0.125"}},
		{"materials", `SELECT o.sequence || ' ' || m.item_id || ' ' || m.blank_length || ' ' || m.pieces_per_blank
			FROM routing_input_materials m JOIN routing_operations o
			  ON o.tenant_id = m.tenant_id AND o.owner_type = m.owner_type AND o.owner_id = m.owner_id AND o.id = m.routing_operation_id
			WHERE m.tenant_id = $1 AND m.owner_type = $2 AND m.owner_id = $3`,
			[]string{"20 " + blank + " 12.5 4"}},
		{"nestings", `SELECT n.name || ' ' || n.blanks_per_stock FROM routing_material_nestings n
			JOIN routing_input_materials m ON m.tenant_id = n.tenant_id AND m.id = n.input_material_id
			WHERE n.tenant_id = $1 AND m.owner_type = $2 AND m.owner_id = $3 ORDER BY 1`,
			[]string{"Bar 144 11", "Bar 240 19"}},
	}
	for _, c := range checks {
		var got []string
		if err := pool.SelectContext(ctx, &got, c.query, tenantID, to.Type, to.ID); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("copied %s = %q, want %q", c.what, got, c.want)
		}
	}
	// Every copied record has a new id: no id of the routing is shared by both owners.
	var shared int
	err = pool.GetContext(ctx, &shared, `
		SELECT (SELECT count(*) FROM routing_operations a JOIN routing_operations b ON a.tenant_id = b.tenant_id AND a.id = b.id AND a.owner_id <> b.owner_id)
		     + (SELECT count(*) FROM (SELECT id FROM (SELECT id FROM routing_operation_items UNION ALL SELECT id FROM routing_operation_ipts
		                              UNION ALL SELECT id FROM routing_input_items UNION ALL SELECT id FROM routing_input_materials
		                              UNION ALL SELECT id FROM routing_material_nestings) all_ids GROUP BY id HAVING count(*) > 1) dup)`)
	if err != nil {
		t.Fatal(err)
	}
	if shared != 0 {
		t.Errorf("%d ids are shared between the routing and its copy", shared)
	}
}
