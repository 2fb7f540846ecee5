package db_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
)

// scratch gives a test its own table on a fresh database.
func scratch(t *testing.T) *db.Pool {
	t.Helper()
	pool, _ := dbtest.New(t)
	if _, err := pool.ExecContext(t.Context(), `CREATE TABLE scratch (id int PRIMARY KEY, note text NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	return pool
}

func ids(t *testing.T, ctx context.Context, q db.Q) []int {
	t.Helper()
	var out []int
	if err := sqlx.SelectContext(ctx, q, &out, `SELECT id FROM scratch ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	return out
}

func insert(ctx context.Context, q db.Q, id int) error {
	_, err := q.ExecContext(ctx, `INSERT INTO scratch (id, note) VALUES ($1, 'x')`, id)
	return err
}

func same(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Inside a request transaction each WithTx keeps its own outcome (a savepoint): what
// succeeded stays, what failed (by returning an error or by a failing statement) is undone,
// and the transaction goes on. Reads through the pool see the request's writes; nothing is
// visible outside until the commit.
func TestRequestTransactionKeepsEachWithTxOutcome(t *testing.T) {
	t.Parallel()
	pool := scratch(t)
	ctx, tx, err := pool.BeginRequest(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if err := pool.WithTx(ctx, func(q db.Q) error { return insert(ctx, q, 1) }); err != nil {
		t.Fatal(err)
	}
	refused := errors.New("refused")
	if err := pool.WithTx(ctx, func(q db.Q) error {
		if err := insert(ctx, q, 2); err != nil {
			return err
		}
		return refused
	}); !errors.Is(err, refused) {
		t.Fatalf("WithTx answered %v, want its fn's error", err)
	}
	if err := pool.WithTx(ctx, func(q db.Q) error { return insert(ctx, q, 1) }); err == nil {
		t.Fatal("a duplicate key was accepted")
	}
	// The failed statement did not poison the transaction: it goes on, writes through the
	// pool join it, and reads through the pool see them.
	if err := insert(ctx, pool, 3); err != nil {
		t.Fatalf("after a failed WithTx: %v", err)
	}
	if got := ids(t, ctx, pool); !same(got, []int{1, 3}) {
		t.Fatalf("inside the request transaction: %v, want [1 3]", got)
	}
	if got := ids(t, t.Context(), pool); len(got) != 0 {
		t.Fatalf("before the commit another connection sees %v", got)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := ids(t, t.Context(), pool); !same(got, []int{1, 3}) {
		t.Fatalf("after the commit: %v, want [1 3]", got)
	}
	// The finished transaction is no longer joined.
	if err := insert(ctx, pool, 4); err != nil {
		t.Fatalf("the context of a committed request transaction: %v", err)
	}
}

// A request's work takes one connection however it reaches the database, so a request
// holding a lock never waits for a second connection: with a pool of one connection, all of
// it completes.
func TestRequestTransactionNeedsOneConnection(t *testing.T) {
	t.Parallel()
	pool := scratch(t)
	pool.SetMaxOpenConns(1)
	deadline, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	ctx, tx, err := pool.BeginRequest(deadline)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Q().ExecContext(ctx, `LOCK TABLE scratch`); err != nil {
		t.Fatal(err)
	}
	if err := pool.WithTx(ctx, func(q db.Q) error { return insert(ctx, q, 1) }); err != nil {
		t.Fatalf("WithTx: %v", err)
	}
	var n int
	if err := pool.GetContext(ctx, &n, `SELECT count(*) FROM scratch`); err != nil || n != 1 {
		t.Fatalf("read through the pool: %d, %v", n, err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// What must follow the commit (removing a file a deleted record referred to) runs after
// it, with a context that no longer joins the transaction; never after a rollback; at once
// without a request transaction.
func TestAfterCommitFollowsTheCommit(t *testing.T) {
	t.Parallel()
	pool := scratch(t)
	pool.SetMaxOpenConns(1)
	ran := 0
	hook := func(ctx context.Context) {
		ran++
		if err := insert(ctx, pool, 10+ran); err != nil {
			t.Errorf("after commit, through the pool: %v", err)
		}
	}

	ctx, tx, err := pool.BeginRequest(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	pool.AfterCommit(ctx, hook)
	if ran != 0 {
		t.Fatal("ran before the commit")
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if ran != 1 {
		t.Fatalf("ran %d times after the commit, want 1", ran)
	}

	ctx, tx, err = pool.BeginRequest(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	pool.AfterCommit(ctx, hook)
	tx.Rollback()
	if ran != 1 {
		t.Fatal("ran after a rollback")
	}

	pool.AfterCommit(t.Context(), hook)
	if ran != 2 {
		t.Fatal("did not run at once without a request transaction")
	}
}

// A panic inside a joined WithTx undoes its savepoint and goes on up.
func TestRequestTransactionWithTxPanicRollsBackItsPart(t *testing.T) {
	t.Parallel()
	pool := scratch(t)
	ctx, tx, err := pool.BeginRequest(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("the panic did not go on up")
			}
		}()
		_ = pool.WithTx(ctx, func(q db.Q) error {
			if err := insert(ctx, q, 1); err != nil {
				return err
			}
			panic("boom")
		})
	}()
	if got := ids(t, ctx, pool); len(got) != 0 {
		t.Fatalf("the panicking WithTx left %v", got)
	}
}
