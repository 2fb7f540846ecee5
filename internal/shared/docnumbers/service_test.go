package docnumbers

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
)

// take runs Next in a transaction of its own that commits.
func take(t *testing.T, pool *db.Pool, tenantID string, kind Kind) int64 {
	t.Helper()
	var n int64
	err := pool.WithTx(context.Background(), func(q db.Q) error {
		var err error
		n, err = Next(context.Background(), q, tenantID, kind)
		return err
	})
	if err != nil {
		t.Fatalf("next %s: %v", kind, err)
	}
	return n
}

// TestFirstNumberIsOneAndEachKindAndTenantCountsAlone: every kind the package names is one
// the table takes, starts at 1 and counts on its own, and another tenant's counters are
// untouched by the first's.
func TestFirstNumberIsOneAndEachKindAndTenantCountsAlone(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	a, b := dbtest.Tenant(t, pool), dbtest.Tenant(t, pool)
	for i, kind := range Kinds {
		// Kind i has taken i+1 numbers when the loop moves on; the kinds before it keep theirs.
		for want := int64(1); want <= int64(i+1); want++ {
			if got := take(t, pool, a, kind); got != want {
				t.Fatalf("%s number %d of tenant a: got %d", kind, want, got)
			}
		}
	}
	for _, kind := range Kinds {
		if got := take(t, pool, b, kind); got != 1 {
			t.Errorf("first %s of tenant b: got %d, want 1", kind, got)
		}
	}
	for i, kind := range Kinds {
		if got, want := take(t, pool, a, kind), int64(i+2); got != want {
			t.Errorf("next %s of tenant a: got %d, want %d", kind, got, want)
		}
	}
}

// TestConcurrentCreatorsTakeEveryNumberOnce: fifty transactions, all begun before any takes
// a number, get exactly 1 to 50 between them.
func TestConcurrentCreatorsTakeEveryNumberOnce(t *testing.T) {
	t.Parallel()
	const creators = 50
	_, url := dbtest.New(t)
	pool, err := db.OpenWith(context.Background(), url, db.Limits{MaxOpenConns: creators})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pool.Close() })
	tenantID := dbtest.Tenant(t, pool)
	ctx := context.Background()

	var ready, done sync.WaitGroup
	start := make(chan struct{})
	got := make([]int64, creators)
	errs := make([]error, creators)
	ready.Add(creators)
	done.Add(creators)
	for i := range creators {
		go func() {
			defer done.Done()
			tx, err := pool.BeginTxx(ctx, nil)
			ready.Done()
			if err != nil {
				errs[i] = err
				return
			}
			<-start
			n, err := Next(ctx, tx, tenantID, KindQuote)
			if err != nil {
				_ = tx.Rollback()
				errs[i] = err
				return
			}
			got[i] = n
			errs[i] = tx.Commit()
		}()
	}
	ready.Wait()
	close(start)
	done.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	for i, n := range got {
		if n != int64(i+1) {
			t.Fatalf("numbers taken: %v, want 1 to %d each once", got, creators)
		}
	}
	if n := take(t, pool, tenantID, KindQuote); n != creators+1 {
		t.Errorf("number after the %d creators: got %d, want %d", creators, n, creators+1)
	}
}

// TestRolledBackNumberGoesToTheNextCreator: a creator that rolls back leaves no gap; the one
// waiting behind it for the counter takes the number it gave up.
func TestRolledBackNumberGoesToTheNextCreator(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	tenantID := dbtest.Tenant(t, pool)
	ctx := context.Background()
	if n := take(t, pool, tenantID, KindInvoice); n != 1 {
		t.Fatalf("first invoice: got %d", n)
	}

	first, err := pool.BeginTxx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := Next(ctx, first, tenantID, KindInvoice); err != nil || n != 2 {
		t.Fatalf("rolled-back creator: got %d, %v, want 2", n, err)
	}
	type result struct {
		n   int64
		err error
	}
	second := make(chan result, 1)
	go func() {
		var r result
		r.err = pool.WithTx(ctx, func(q db.Q) error {
			var err error
			r.n, err = Next(ctx, q, tenantID, KindInvoice)
			return err
		})
		second <- r
	}()
	select {
	case r := <-second:
		t.Fatalf("the second creator took %d (%v) while the first held the counter", r.n, r.err)
	case <-time.After(200 * time.Millisecond):
	}
	if err := first.Rollback(); err != nil {
		t.Fatal(err)
	}
	if r := <-second; r.err != nil || r.n != 2 {
		t.Fatalf("the creator after the rollback: got %d, %v, want 2", r.n, r.err)
	}
	if n := take(t, pool, tenantID, KindInvoice); n != 3 {
		t.Errorf("next invoice: got %d, want 3", n)
	}
}

// TestNextRunsOneStatement: taking a number is one statement on the caller's transaction,
// for a kind's first number as for a later one.
func TestNextRunsOneStatement(t *testing.T) {
	t.Parallel()
	pool, url := dbtest.New(t)
	tenantID := dbtest.Tenant(t, pool)
	counted, statements := dbtest.Counting(t, url)
	ctx := context.Background()
	for want := int64(1); want <= 2; want++ {
		err := counted.WithTx(ctx, func(q db.Q) error {
			before := statements.Load()
			n, err := Next(ctx, q, tenantID, KindJob)
			if err != nil {
				return err
			}
			if n != want {
				t.Errorf("job number: got %d, want %d", n, want)
			}
			if ran := statements.Load() - before; ran != 1 {
				t.Errorf("taking job number %d ran %d statements, want 1", want, ran)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestUnknownKindIsRefusedWithoutAStatement: a kind outside Kinds is a programming error,
// answered before the database is asked.
func TestUnknownKindIsRefusedWithoutAStatement(t *testing.T) {
	t.Parallel()
	pool, url := dbtest.New(t)
	tenantID := dbtest.Tenant(t, pool)
	counted, statements := dbtest.Counting(t, url)
	before := statements.Load()
	if _, err := Next(context.Background(), counted, tenantID, Kind("estimate")); err == nil {
		t.Fatal("an unknown kind took a number")
	}
	if ran := statements.Load() - before; ran != 0 {
		t.Errorf("an unknown kind ran %d statements, want 0", ran)
	}
}

func TestKindValid(t *testing.T) {
	for _, k := range Kinds {
		if !k.Valid() {
			t.Errorf("%s is not valid", k)
		}
	}
	for _, k := range []Kind{"", "Quote", "sales_order", "estimate"} {
		if k.Valid() {
			t.Errorf("%q is valid", k)
		}
	}
}
