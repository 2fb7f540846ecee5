package db_test

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
)

// TestStatementTimeoutCancelsASlowQueryAndKeepsTheConnection proves the pool's statement
// timeout: a statement running past it is cancelled by the server with QueryCanceled, and
// the connection it held goes back to the pool usable (the same backend answers next).
func TestStatementTimeoutCancelsASlowQueryAndKeepsTheConnection(t *testing.T) {
	t.Parallel()
	_, url := dbtest.New(t)
	ctx := context.Background()
	pool, err := db.OpenWith(ctx, url, db.Limits{MaxOpenConns: 1, StatementTimeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pool.Close() })

	var setting string
	if err := pool.GetContext(ctx, &setting, `SHOW statement_timeout`); err != nil {
		t.Fatal(err)
	}
	if setting != "200ms" {
		t.Fatalf("statement_timeout is %q, want 200ms", setting)
	}
	var before, after int
	if err := pool.GetContext(ctx, &before, `SELECT pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	// Without the timeout this statement would hold the pool's only connection for an hour.
	_, err = pool.ExecContext(ctx, `SELECT pg_sleep(3600)`)
	if !db.QueryCanceled(err) {
		t.Fatalf("slow statement: got %v, want a query_canceled error", err)
	}
	if err := pool.GetContext(ctx, &after, `SELECT pg_backend_pid()`); err != nil {
		t.Fatalf("the pool's connection is not usable after the timeout: %v", err)
	}
	if after != before {
		t.Fatalf("the next statement ran on backend %d, want the same connection (backend %d) back from the pool", after, before)
	}
	if s := pool.Stats(); s.InUse != 0 || s.OpenConnections != 1 {
		t.Fatalf("pool stats after the timeout: %d in use, %d open; want 0 and 1", s.InUse, s.OpenConnections)
	}
}

// TestQueryCanceledIsOnlyTheCancellation keeps the classification narrow: other
// PostgreSQL errors and non-database errors are not QueryCanceled.
func TestQueryCanceledIsOnlyTheCancellation(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	_, err := pool.ExecContext(context.Background(), `SELECT 1/0`)
	if err == nil || db.QueryCanceled(err) {
		t.Fatalf("division by zero: got %v, want an error that is not QueryCanceled", err)
	}
	if db.QueryCanceled(context.Canceled) {
		t.Fatal("context.Canceled is not a PostgreSQL cancellation")
	}
}

// TestConnectionErrorsNeverShowThePassword keeps a database URL's password out of the
// errors that reach the log or the terminal (url.Parse quotes the whole URL in its errors).
func TestConnectionErrorsNeverShowThePassword(t *testing.T) {
	t.Parallel()
	const password = "s3cret-pw-in-url"
	for _, u := range []string{
		"postgres://mos:" + password + "@[::1/mos",        // unparsable host
		"postgres://mos:" + password + "@127.0.0.1:1/mos", // nothing listening
	} {
		_, openErr := db.Open(context.Background(), u)
		migrateErr := db.MigrateUp(u)
		for name, err := range map[string]error{"open": openErr, "migrate": migrateErr} {
			if err == nil {
				t.Fatalf("%s %s: no error", name, u)
			}
			if strings.Contains(err.Error(), password) {
				t.Fatalf("%s: the error shows the password: %v", name, err)
			}
		}
	}
}

// TestSessionsRunWithoutJITAndInUTC proves the session settings every pooled connection
// starts with: JIT off (short statements would pay its compile time for nothing) and the
// time zone UTC.
func TestSessionsRunWithoutJITAndInUTC(t *testing.T) {
	t.Parallel()
	_, url := dbtest.New(t)
	ctx := context.Background()
	pool, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pool.Close() })
	var jit, zone string
	if err := pool.QueryRowxContext(ctx, `SELECT current_setting('jit'), current_setting('TimeZone')`).Scan(&jit, &zone); err != nil {
		t.Fatal(err)
	}
	if jit != "off" || zone != "UTC" {
		t.Fatalf("jit %q, TimeZone %q; want off and UTC", jit, zone)
	}
}

// TestGetPreparedReadsAsGetContextDoes proves a prepared read answers what an ordinary one
// does, no row included, and inside a request transaction
// runs in the transaction (seeing its own uncommitted writes).
func TestGetPreparedReadsAsGetContextDoes(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	const query = `SELECT $1::int + 1 AS n, $2::text AS s`
	var got struct {
		N int    `db:"n"`
		S string `db:"s"`
	}
	for i := range 3 {
		if err := db.GetPrepared(ctx, pool, &got, query, i, "x"); err != nil || got.N != i+1 || got.S != "x" {
			t.Fatalf("call %d: %+v %v", i, got, err)
		}
	}
	var none int
	if err := db.GetPrepared(ctx, pool, &none, `SELECT 1 WHERE false`); !errors.Is(err, sql.ErrNoRows) {
		t.Fatalf("no row: %v, want sql.ErrNoRows", err)
	}
	if _, err := pool.ExecContext(ctx, `CREATE TABLE prepared_reads (n int)`); err != nil {
		t.Fatal(err)
	}
	rctx, tx, err := pool.BeginRequest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := pool.ExecContext(rctx, `INSERT INTO prepared_reads VALUES (7)`); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.GetPrepared(rctx, pool, &n, `SELECT n FROM prepared_reads`); err != nil || n != 7 {
		t.Fatalf("in a request transaction: %d %v, want its own write 7", n, err)
	}
}
