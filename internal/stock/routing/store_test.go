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
