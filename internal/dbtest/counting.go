package dbtest

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"sync/atomic"
	"testing"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	platformdb "mos/internal/platform/db"
)

// Counting opens a second pool on dbURL whose connections count every statement sent
// through them, for tests that prove a fixed number of queries per request (no N+1).
// Reset the counter with Store(0) before the call under test.
func Counting(t testing.TB, dbURL string) (*platformdb.Pool, *atomic.Int64) {
	t.Helper()
	var statements atomic.Int64
	pool := &platformdb.Pool{DB: sqlx.NewDb(sql.OpenDB(countingConnector{dsn: dbURL, statements: &statements}), "postgres")}
	t.Cleanup(func() { _ = pool.Close() })
	return pool, &statements
}

type countingConnector struct {
	dsn        string
	statements *atomic.Int64
}

func (c countingConnector) Connect(context.Context) (driver.Conn, error) {
	conn, err := pq.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	return countingConn{Conn: conn, statements: c.statements}, nil
}

func (c countingConnector) Driver() driver.Driver { return &pq.Driver{} }

type countingConn struct {
	driver.Conn
	statements *atomic.Int64
}

func (c countingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	c.statements.Add(1)
	return c.Conn.(driver.QueryerContext).QueryContext(ctx, query, args)
}

func (c countingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	c.statements.Add(1)
	return c.Conn.(driver.ExecerContext).ExecContext(ctx, query, args)
}

func (c countingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	return c.Conn.(driver.ConnBeginTx).BeginTx(ctx, opts)
}

func (c countingConn) CheckNamedValue(nv *driver.NamedValue) error {
	return c.Conn.(driver.NamedValueChecker).CheckNamedValue(nv)
}
