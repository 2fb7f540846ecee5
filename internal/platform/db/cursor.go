package db

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// Cursor yields a query's records one at a time, so that a long answer (a list page of
// thousands) is written as it is read and never held whole, in rows, records or JSON. It
// holds its connection until Close, which the one who drains it must call.
type Cursor[T any] struct {
	rows *sqlx.Rows
	scan func(*sqlx.Rows) (T, error)
	cur  T
	err  error
}

// Query runs query on q and returns a Cursor over its rows, each turned into a T by scan.
func Query[T any](ctx context.Context, q Q, scan func(*sqlx.Rows) (T, error), query string, args ...any) (*Cursor[T], error) {
	rows, err := q.QueryxContext(ctx, query, args...) //nolint:rowserrcheck // the Cursor's Err reports it to whoever drains the rows
	if err != nil {
		return nil, err
	}
	return &Cursor[T]{rows: rows, scan: scan}, nil
}

// Next advances to the next record; false at the end or on an error (see Err).
func (c *Cursor[T]) Next() bool {
	if c.err != nil || !c.rows.Next() {
		return false
	}
	c.cur, c.err = c.scan(c.rows)
	return c.err == nil
}

// Value is the record Next advanced to.
func (c *Cursor[T]) Value() T { return c.cur }

// Err is what stopped the cursor early, if anything.
func (c *Cursor[T]) Err() error {
	if c.err != nil {
		return c.err
	}
	return c.rows.Err()
}

// Close releases the cursor's connection; closing twice is harmless.
func (c *Cursor[T]) Close() error { return c.rows.Close() }

// Collect drains c into a slice and closes it, for callers that need the records at once.
func Collect[T any](c *Cursor[T]) ([]T, error) {
	defer func() { _ = c.Close() }()
	out := []T{} // an empty list, never null
	for c.Next() {
		out = append(out, c.Value())
	}
	if err := c.Err(); err != nil {
		return nil, fmt.Errorf("read rows: %w", err)
	}
	return out, nil
}
