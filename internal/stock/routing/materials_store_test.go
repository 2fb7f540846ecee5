package routing

import (
	"context"
	"fmt"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/stock/items"
	"mos/internal/stock/shapes"
)

// noItems answers no item: the materials below name none.
type noItems struct{}

func (noItems) ItemsForRouting(context.Context, db.Q, string, []string) (map[string]items.RoutingItemRef, error) {
	return map[string]items.RoutingItemRef{}, nil
}

// TestInputMaterialsByOwnerReadsInAFixedNumberOfStatements proves the whole routing's read of
// its input materials, with their shapes and nestings, costs as many statements for one
// material as for thirty, and answers them oldest first with their nestings oldest first.
func TestInputMaterialsByOwnerReadsInAFixedNumberOfStatements(t *testing.T) {
	t.Parallel()
	pool, url := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	var shapeID, shapeName string
	if err := pool.QueryRowxContext(ctx, `SELECT id, name FROM material_shapes WHERE tenant_id = $1 AND shape_type = 'bar' ORDER BY id LIMIT 1`,
		tenantID).Scan(&shapeID, &shapeName); err != nil {
		t.Fatal(err)
	}
	counted, statements := dbtest.Counting(t, url)
	var s store
	svc := &Service{pool: counted, deps: Deps{Shapes: shapes.NewService(counted), Items: noItems{}}}
	var spent []int64
	for _, n := range []int{1, 30} {
		o := Owner{Type: OwnerItem, ID: ids.New()}
		var want []string
		for k := range n {
			id := ids.NewSub()
			v := MaterialValues{MaterialShapeID: shapeID, BlankLength: dec.MustParse(fmt.Sprintf("%d.5", k+1)), PiecesPerBlank: 1}
			if err := s.insertMaterial(ctx, pool, tenantID, o, id, v); err != nil {
				t.Fatal(err)
			}
			for j := range 2 {
				err := s.insertNesting(ctx, pool, tenantID, id, ids.NewSub(), NestingWrite{Name: fmt.Sprintf("Bar %d", j), StockLength: dec.MustParse("240"), BlanksPerStock: 8})
				if err != nil {
					t.Fatal(err)
				}
			}
			want = append(want, id)
		}
		err := counted.WithTx(ctx, func(q db.Q) error {
			before := statements.Load()
			got, err := svc.inputMaterialsByOwner(ctx, q, tenantID, o)
			if err != nil {
				return err
			}
			spent = append(spent, statements.Load()-before)
			if len(got) != n {
				t.Fatalf("read %d materials, want %d", len(got), n)
			}
			for i, m := range got {
				if m.ID != want[i] || m.MaterialShapeName != shapeName || m.ShapeType != "bar" || len(m.Nestings) != 2 || m.Nestings[0].Name != "Bar 0" {
					t.Fatalf("material %d: %+v", i, m)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if spent[0] != spent[1] {
		t.Fatalf("one material read in %d statements, thirty in %d", spent[0], spent[1])
	}
}
