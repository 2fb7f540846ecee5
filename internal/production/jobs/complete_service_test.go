package jobs

import (
	"context"
	"errors"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
)

// The operation-completed hooks run in the completion's transaction, in registration order:
// a hook sees the caller's transaction (the same transaction id, its uncommitted writes) and
// its error stops the hooks after it and rolls back what the completion wrote.
func TestOperationCompletedHooksRunInTheCompletionsTransaction(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	s := NewService(pool, Deps{})
	var order []string
	var seenTx int64
	var sawWrite bool
	at := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	s.RegisterOperationCompleted(func(ctx context.Context, q db.Q, tenantID, jobID, operationID string, when time.Time) error {
		order = append(order, "timers")
		if tenantID != "t1" || jobID != "job" || operationID != "op" || !when.Equal(at) {
			t.Errorf("hook got %s %s %s %s", tenantID, jobID, operationID, when)
		}
		if err := q.QueryRowxContext(ctx, `SELECT txid_current()`).Scan(&seenTx); err != nil {
			return err
		}
		return q.QueryRowxContext(ctx, `SELECT EXISTS (SELECT 1 FROM hook_probe)`).Scan(&sawWrite)
	})
	refuse := errors.New("refused by the second hook")
	s.RegisterOperationCompleted(func(context.Context, db.Q, string, string, string, time.Time) error {
		order = append(order, "second")
		return refuse
	})
	s.RegisterOperationCompleted(func(context.Context, db.Q, string, string, string, time.Time) error {
		order = append(order, "never")
		return nil
	})
	if _, err := pool.ExecContext(ctx, `CREATE TABLE hook_probe (n int)`); err != nil {
		t.Fatal(err)
	}
	var callerTx int64
	err := pool.WithTx(ctx, func(q db.Q) error {
		if err := q.QueryRowxContext(ctx, `SELECT txid_current()`).Scan(&callerTx); err != nil {
			return err
		}
		if _, err := q.ExecContext(ctx, `INSERT INTO hook_probe VALUES (1)`); err != nil {
			return err
		}
		return s.runOperationCompleted(ctx, q, "t1", "job", "op", at)
	})
	if !errors.Is(err, refuse) {
		t.Fatalf("the transaction answered %v, want the hook's error", err)
	}
	if seenTx != callerTx || !sawWrite {
		t.Fatalf("the hook ran in transaction %d (saw the caller's write: %v), the caller's is %d", seenTx, sawWrite, callerTx)
	}
	if len(order) != 2 || order[0] != "timers" || order[1] != "second" {
		t.Fatalf("hooks ran %v, want timers then second only", order)
	}
	var n int
	if err := pool.QueryRowxContext(ctx, `SELECT count(*) FROM hook_probe`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("after the refused completion hook_probe holds %d rows (%v), want 0", n, err)
	}
}
