package db

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"github.com/jmoiron/sqlx"
)

// A request transaction is one transaction a request's context carries: the Pool's WithTx
// and query methods called with that context join it, so everything the request does to
// the database happens on one connection and commits or rolls back as one. The web layer
// opens one around a conditional write, to lock the record, compare its version and write it
// atomically; areas write their code as ever (WithTx, reads through the Pool) and need not
// know whether they run inside one.
//
// Joining keeps each WithTx's meaning: it becomes a savepoint, released when fn succeeds
// and rolled back to when fn fails, so that what the request commits is what the separate
// transactions would have committed. A read through the Pool joins too, and so sees the
// request's own writes and never waits for a second connection while the first holds a lock
// (two connections per request could also exhaust the pool under load).

type requestTxKey struct{}

// requestTx is the state the context carries.
type requestTx struct {
	pool *Pool
	tx   *sqlx.Tx

	mu          sync.Mutex
	savepoints  int
	closed      bool
	afterCommit []func(context.Context)
}

// RequestTx is a request transaction begun by Pool.BeginRequest.
type RequestTx struct {
	rt  *requestTx
	ctx context.Context
}

// BeginRequest begins a request transaction and returns a context carrying it. Until Commit
// or Rollback, WithTx and the query methods of p called with that context (or one derived
// from it) run in the transaction.
func (p *Pool) BeginRequest(ctx context.Context) (context.Context, *RequestTx, error) {
	tx, err := p.BeginTxx(ctx, nil)
	if err != nil {
		return ctx, nil, fmt.Errorf("begin request transaction: %w", err)
	}
	rt := &requestTx{pool: p, tx: tx}
	ctx = context.WithValue(ctx, requestTxKey{}, rt)
	return ctx, &RequestTx{rt: rt, ctx: ctx}, nil
}

// Q is the transaction itself, for the statements of the code that began it.
func (t *RequestTx) Q() Q { return t.rt.tx }

// Commit commits the transaction, then runs what AfterCommit deferred to it.
func (t *RequestTx) Commit() error {
	hooks, ok := t.rt.close()
	if !ok {
		return sql.ErrTxDone
	}
	if err := t.rt.tx.Commit(); err != nil {
		return fmt.Errorf("commit request transaction: %w", err)
	}
	for _, fn := range hooks {
		fn(t.ctx)
	}
	return nil
}

// Rollback rolls the transaction back (a no-op once it was committed or rolled back).
func (t *RequestTx) Rollback() {
	if _, ok := t.rt.close(); ok {
		_ = t.rt.tx.Rollback()
	}
}

// close marks the transaction finished, so that the context carrying it no longer joins it,
// and hands back the after-commit functions; ok is false when it was finished already.
func (rt *requestTx) close() (hooks []func(context.Context), ok bool) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if rt.closed {
		return nil, false
	}
	rt.closed = true
	hooks, rt.afterCommit = rt.afterCommit, nil
	return hooks, true
}

// joined returns the open request transaction of p that ctx carries, if any.
func (p *Pool) joined(ctx context.Context) *requestTx {
	rt, _ := ctx.Value(requestTxKey{}).(*requestTx)
	if rt == nil || rt.pool != p {
		return nil
	}
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if rt.closed {
		return nil
	}
	return rt
}

// savepoint runs fn as WithTx does, inside the request transaction.
func (rt *requestTx) savepoint(ctx context.Context, fn func(q Q) error) (err error) {
	rt.mu.Lock()
	rt.savepoints++
	name := fmt.Sprintf("with_tx_%d", rt.savepoints)
	rt.mu.Unlock()
	if _, err := rt.tx.ExecContext(ctx, "SAVEPOINT "+name); err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	defer func() {
		if r := recover(); r != nil {
			_, _ = rt.tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT "+name)
			panic(r)
		}
	}()
	if err := fn(rt.tx); err != nil {
		if _, rbErr := rt.tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT "+name); rbErr != nil {
			return fmt.Errorf("%w (and rolling back: %v)", err, rbErr) //nolint:errorlint // the cause is err; the rollback failure is only told
		}
		return err
	}
	if _, err := rt.tx.ExecContext(ctx, "RELEASE SAVEPOINT "+name); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// AfterCommit runs fn once what was written with ctx is committed: at once when ctx carries
// no request transaction (the WithTx that wrote has returned, so it has committed), else
// after the request transaction commits, and never if it rolls back. It is for effects
// outside the database that must follow a commit, such as removing a file a deleted record
// referred to. fn gets a context that no longer joins the finished transaction.
func (p *Pool) AfterCommit(ctx context.Context, fn func(ctx context.Context)) {
	if rt := p.joined(ctx); rt != nil {
		rt.mu.Lock()
		if !rt.closed {
			rt.afterCommit = append(rt.afterCommit, fn)
			rt.mu.Unlock()
			return
		}
		rt.mu.Unlock()
	}
	fn(ctx)
}

// The query methods of Pool (those of sqlx.ExtContext, which store methods receive as Q, and
// sqlx's Get and Select) run in the request transaction ctx carries, if any, else on the pool.

// ExecContext runs a statement.
func (p *Pool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if rt := p.joined(ctx); rt != nil {
		return rt.tx.ExecContext(ctx, query, args...)
	}
	return p.DB.ExecContext(ctx, query, args...)
}

// QueryContext runs a query.
func (p *Pool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if rt := p.joined(ctx); rt != nil {
		return rt.tx.QueryContext(ctx, query, args...)
	}
	return p.DB.QueryContext(ctx, query, args...)
}

// QueryxContext runs a query, answering sqlx rows.
func (p *Pool) QueryxContext(ctx context.Context, query string, args ...any) (*sqlx.Rows, error) {
	if rt := p.joined(ctx); rt != nil {
		return rt.tx.QueryxContext(ctx, query, args...)
	}
	return p.DB.QueryxContext(ctx, query, args...)
}

// QueryRowxContext runs a query for one row.
func (p *Pool) QueryRowxContext(ctx context.Context, query string, args ...any) *sqlx.Row {
	if rt := p.joined(ctx); rt != nil {
		return rt.tx.QueryRowxContext(ctx, query, args...)
	}
	return p.DB.QueryRowxContext(ctx, query, args...)
}

// GetContext scans one row into dest.
func (p *Pool) GetContext(ctx context.Context, dest any, query string, args ...any) error {
	return sqlx.GetContext(ctx, p, dest, query, args...)
}

// SelectContext scans every row into dest, a slice.
func (p *Pool) SelectContext(ctx context.Context, dest any, query string, args ...any) error {
	return sqlx.SelectContext(ctx, p, dest, query, args...)
}
