// Package db opens the PostgreSQL pool, runs transactions and migrations, and
// classifies PostgreSQL errors so stores can turn them into their area's errors.
package db

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Q is what store methods run SQL on: the pool for reads, a transaction for writes.
type Q = sqlx.ExtContext

// Pool is the service's connection pool.
type Pool struct {
	*sqlx.DB
}

// Open connects to url with the session time zone forced to UTC, so timestamptz values
// come back as UTC instants.
func Open(ctx context.Context, rawURL string) (*Pool, error) {
	u, err := withUTC(rawURL)
	if err != nil {
		return nil, err
	}
	d, err := sqlx.Open("postgres", u)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	d.SetMaxOpenConns(20)
	d.SetMaxIdleConns(10)
	d.SetConnMaxIdleTime(5 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := d.PingContext(pingCtx); err != nil {
		_ = d.Close()
		return nil, fmt.Errorf("connect to database: %w", err)
	}
	return &Pool{DB: d}, nil
}

func withUTC(rawURL string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	q := u.Query()
	if q.Get("timezone") == "" {
		q.Set("timezone", "UTC")
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// WithTx runs fn in one transaction, committing when fn returns nil and rolling back
// otherwise (also on panic). Inside a request transaction that ctx carries it runs as a
// savepoint of it instead (see BeginRequest).
func (p *Pool) WithTx(ctx context.Context, fn func(q Q) error) (err error) {
	if rt := p.joined(ctx); rt != nil {
		return rt.savepoint(ctx, fn)
	}
	tx, err := p.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	defer func() {
		if r := recover(); r != nil {
			_ = tx.Rollback()
			panic(r)
		}
	}()
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// PostgreSQL error codes the stores act on.
const (
	codeUniqueViolation     = "23505"
	codeForeignKeyViolation = "23503"
	codeCheckViolation      = "23514"
)

func pgError(err error, code string) (string, bool) {
	var pe *pq.Error
	if errors.As(err, &pe) && string(pe.Code) == code {
		return pe.Constraint, true
	}
	return "", false
}

// UniqueViolation reports whether err is a unique violation, and of which constraint or index.
func UniqueViolation(err error) (constraint string, ok bool) {
	return pgError(err, codeUniqueViolation)
}

// ForeignKeyViolation reports whether err is a foreign-key violation, and of which constraint.
func ForeignKeyViolation(err error) (constraint string, ok bool) {
	return pgError(err, codeForeignKeyViolation)
}

// CheckViolation reports whether err is a check-constraint violation, and of which constraint.
func CheckViolation(err error) (constraint string, ok bool) {
	return pgError(err, codeCheckViolation)
}

// StringArray adapts a []string to a PostgreSQL text[] parameter or scan target.
func StringArray(s *[]string) interface {
	Scan(any) error
} {
	return (*pq.StringArray)(s)
}

// Array wraps a slice as a PostgreSQL array parameter.
func Array(v any) any { return pq.Array(v) }

// DataException reports whether PostgreSQL refused a value itself (SQLSTATE class 22: out
// of range, too long, invalid text representation). Services validate first; this is the
// safety net that keeps such input a 400 rather than a 500.
func DataException(err error) bool {
	var pe *pq.Error
	return errors.As(err, &pe) && pe.Code.Class() == "22"
}
