package db

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// GetPrepared reads one row of query into dest as sqlx.GetContext does (sql.ErrNoRows when
// there is none), but on the pool outside a request transaction it runs query as a prepared
// statement: PostgreSQL parses and plans it once per connection, and each call only binds
// and executes it. That is for a hot statement of fixed text (a record's read by id), whose
// planning costs more than its execution; a statement whose text is built per request (a
// list's filters and order) must not use it, as every text stays prepared on every
// connection for the pool's life. In a transaction it runs as an ordinary statement.
func GetPrepared(ctx context.Context, q Q, dest any, query string, args ...any) error {
	p, ok := q.(*Pool)
	if !ok || p.joined(ctx) != nil {
		return sqlx.GetContext(ctx, q, dest, query, args...)
	}
	stmt, err := p.prepared(ctx, query) //nolint:sqlclosecheck // the pool keeps its prepared statements for its life
	if err != nil {
		return err
	}
	return stmt.GetContext(ctx, dest, args...)
}

// prepared is the pool's prepared statement of query, prepared on first use (database/sql
// then prepares it on each connection as the statement first runs there).
func (p *Pool) prepared(ctx context.Context, query string) (*sqlx.Stmt, error) {
	if s, ok := p.statements.Load(query); ok {
		return s.(*sqlx.Stmt), nil
	}
	s, err := p.PreparexContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("prepare statement: %w", err)
	}
	kept, loaded := p.statements.LoadOrStore(query, s)
	if loaded {
		// Another request prepared it meanwhile: keep that one.
		defer func() { _ = s.Close() }()
	}
	return kept.(*sqlx.Stmt), nil
}
