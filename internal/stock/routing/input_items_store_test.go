package routing

import (
	"context"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
)

// TestInputItemGraphReadsRunOneStatementHoweverManyInputs proves the whole routing's read of
// its input items and the cycle check over many inputs each cost one statement, and that the
// check finds a cycle at any depth.
func TestInputItemGraphReadsRunOneStatementHoweverManyInputs(t *testing.T) {
	t.Parallel()
	pool, url := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	counted, statements := dbtest.Counting(t, url)
	var s store
	svc := &Service{pool: counted}
	item := func() string {
		id := ids.New()
		if _, err := pool.ExecContext(ctx, `INSERT INTO items (tenant_id, id, number, item_origin, bar_code_number) VALUES ($1, $2, $2, 'make', $2)`, tenantID, id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	// chain[0] is made from chain[1], which is made from chain[2], and so on; chain[0] also
	// from forty others.
	chain := []string{item(), item(), item(), item()}
	var inputs []string
	for k := 1; k < len(chain); k++ {
		if err := s.insertInputItem(ctx, pool, tenantID, itemOwner(chain[k-1]), ids.NewSub(), InputItemValues{ItemID: chain[k], QuantityPerUnit: dec.MustParse("2.5")}); err != nil {
			t.Fatal(err)
		}
	}
	inputs = append(inputs, chain[1])
	for range 40 {
		id := item()
		inputs = append(inputs, id)
		if err := s.insertInputItem(ctx, pool, tenantID, itemOwner(chain[0]), ids.NewSub(), InputItemValues{ItemID: id, QuantityPerUnit: dec.MustParse("1")}); err != nil {
			t.Fatal(err)
		}
	}
	err := counted.WithTx(ctx, func(q db.Q) error {
		before := statements.Load()
		list, err := svc.inputItemsByOwner(ctx, q, tenantID, itemOwner(chain[0]))
		if err != nil {
			return err
		}
		if got := statements.Load() - before; got != 1 {
			t.Errorf("reading %d input items ran %d statements, want 1", len(list), got)
		}
		if components := inputItemItemIDs(list); len(list) != 41 || len(components) != 41 || components[0] != chain[1] || list[0].QuantityPerUnit.String() != "2.5" {
			t.Errorf("input items %+v", list)
		}
		before = statements.Load()
		// Nothing above chain[0] uses it: every input may be added to the last of the chain
		// except the chain itself.
		if err := svc.CheckNoCycle(ctx, q, tenantID, chain[3], inputs[1:]); err != nil {
			t.Errorf("no cycle: %v", err)
		}
		if got := statements.Load() - before; got != 1 {
			t.Errorf("checking %d inputs ran %d statements, want 1", len(inputs)-1, got)
		}
		for _, up := range chain {
			if err := svc.CheckNoCycle(ctx, q, tenantID, chain[3], append(inputs[1:], up)); err == nil {
				t.Errorf("%s as an input of %s: no cycle found", up, chain[3])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
