package dbtest

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"sync"
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
	pool := &platformdb.Pool{DB: sqlx.NewDb(sql.OpenDB(countingConnector{dsn: sessionURL(t, dbURL), statements: &statements}), "postgres")}
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

// PrepareContext prepares a statement whose every execution counts (db.GetPrepared runs
// the hot reads prepared); preparing it, once per connection, does not.
func (c countingConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	st, err := c.Conn.(driver.ConnPrepareContext).PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	return countingStmt{Stmt: st, statements: c.statements}, nil
}

type countingStmt struct {
	driver.Stmt
	statements *atomic.Int64
}

func (s countingStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	s.statements.Add(1)
	return s.Stmt.(driver.StmtExecContext).ExecContext(ctx, args)
}

func (s countingStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	s.statements.Add(1)
	return s.Stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
}

func (c countingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	return c.Conn.(driver.ConnBeginTx).BeginTx(ctx, opts)
}

func (c countingConn) CheckNamedValue(nv *driver.NamedValue) error {
	return c.Conn.(driver.NamedValueChecker).CheckNamedValue(nv)
}

// Statement is one statement a recording pool sent: its SQL and its arguments as the driver
// sent them, so that a test can run it again (under EXPLAIN, say).
type Statement struct {
	SQL  string
	Args []any
}

// Recorder keeps the statements sent through a recording pool between Start and Stop.
type Recorder struct {
	mu         sync.Mutex
	on         bool
	statements []Statement
}

// Start forgets what was recorded and records from now on.
func (r *Recorder) Start() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.on, r.statements = true, nil
}

// Stop ends recording and answers the statements sent since Start, in the order sent.
func (r *Recorder) Stop() []Statement {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.on = false
	return r.statements
}

func (r *Recorder) record(query string, args []driver.NamedValue) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.on {
		return
	}
	values := make([]any, len(args))
	for i, a := range args {
		values[i] = a.Value
	}
	r.statements = append(r.statements, Statement{SQL: query, Args: values})
}

// Recording is Counting whose pool also records, while its Recorder is started, the SQL and
// arguments of every statement: for tests that check what the server actually runs (the
// plans of a list's queries, say).
func Recording(t testing.TB, dbURL string) (*platformdb.Pool, *Recorder) {
	t.Helper()
	var statements atomic.Int64
	rec := &Recorder{}
	connector := recordingConnector{countingConnector: countingConnector{dsn: sessionURL(t, dbURL), statements: &statements}, recorder: rec}
	pool := &platformdb.Pool{DB: sqlx.NewDb(sql.OpenDB(connector), "postgres")}
	t.Cleanup(func() { _ = pool.Close() })
	return pool, rec
}

type recordingConnector struct {
	countingConnector
	recorder *Recorder
}

func (c recordingConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.countingConnector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return recordingConn{countingConn: conn.(countingConn), recorder: c.recorder}, nil
}

type recordingConn struct {
	countingConn
	recorder *Recorder
}

func (c recordingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	c.recorder.record(query, args)
	return c.countingConn.QueryContext(ctx, query, args)
}

func (c recordingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	c.recorder.record(query, args)
	return c.countingConn.ExecContext(ctx, query, args)
}

// sessionURL is dbURL with the service pool's session settings (UTC, statement timeout, JIT
// off, one round trip per statement), so that a counting pool runs statements as the
// service's pool does.
func sessionURL(t testing.TB, dbURL string) string {
	t.Helper()
	u, err := platformdb.SessionURL(dbURL, platformdb.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return u
}
