package namedlookups

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

var uniqueViolation = db.UniqueViolation

// args are a write's parameters after tenant and id: name, the extra columns, description,
// archived.
func (l *Lookup[W, R]) args(tenantID, id string, w W) []any {
	m := l.Members(&w)
	out := []any{tenantID, id, *m.Name}
	for _, c := range l.Extra {
		out = append(out, c.Field(&w))
	}
	return append(out, *m.Description, *m.IsArchived)
}

func (l *Lookup[W, R]) insert(ctx context.Context, q db.Q, tenantID, id string, w W) error {
	_, err := q.ExecContext(ctx, l.sql.insert, l.args(tenantID, id, w)...)
	return l.writeErr(err, w)
}

// update replaces every member of a record; none is NotFound.
func (l *Lookup[W, R]) update(ctx context.Context, q db.Q, tenantID, id string, w W) error {
	var got string
	err := q.QueryRowxContext(ctx, l.sql.update, l.args(tenantID, id, w)...).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return l.notFound(id)
	}
	return l.writeErr(err, w)
}

// scanned is one row read: the record and whether it is archived.
type scanned[R any] struct {
	id       string
	archived bool
	record   R
}

// scan reads one row of l.sql.columns.
func (l *Lookup[W, R]) scan(row interface{ Scan(...any) error }) (scanned[R], error) {
	var (
		id                string
		w                 W
		created, modified time.Time
	)
	m := l.Members(&w)
	dest := []any{&id, m.Name}
	for _, c := range l.Extra {
		dest = append(dest, c.Field(&w))
	}
	dest = append(dest, m.Description, m.IsArchived, &created, &modified)
	if err := row.Scan(dest...); err != nil {
		return scanned[R]{}, err
	}
	return scanned[R]{id: id, archived: *m.IsArchived, record: l.Record(id, w, created, modified)}, nil
}

// query reads every row query answers.
func (l *Lookup[W, R]) query(ctx context.Context, q db.Q, query string, args ...any) ([]scanned[R], error) {
	rows, err := q.QueryxContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	var out []scanned[R]
	for rows.Next() {
		s, err := l.scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// get reads a record, archived or not.
func (l *Lookup[W, R]) get(ctx context.Context, q db.Q, tenantID, id string) (R, error) {
	s, err := l.scan(q.QueryRowxContext(ctx, l.sql.get, tenantID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return s.record, l.notFound(id)
	}
	if err != nil {
		return s.record, fmt.Errorf("get %s: %w", l.Noun, err)
	}
	return s.record, nil
}

// byIDForShare answers the tenant's records among ids, keyed by id, share-locking the rows
// until q's transaction ends.
func (l *Lookup[W, R]) byIDForShare(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]scanned[R], error) {
	return l.byIDsWith(ctx, q, l.sql.byIDForShare, tenantID, ids)
}

// byIDsWith answers the tenant's records among ids that query (byIDs or byIDForShare) reads,
// keyed by id.
func (l *Lookup[W, R]) byIDsWith(ctx context.Context, q db.Q, query, tenantID string, ids []string) (map[string]scanned[R], error) {
	rows, err := l.query(ctx, q, query, tenantID, db.Array(ids))
	if err != nil {
		return nil, fmt.Errorf("look up %s: %w", l.Plural, err)
	}
	out := make(map[string]scanned[R], len(rows))
	for _, r := range rows {
		out[r.id] = r
	}
	return out, nil
}

// list reads a page of records.
func (l *Lookup[W, R]) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]R, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	if f.IsArchived != nil {
		lq.Where("is_archived = %s", *f.IsArchived)
	}
	listing.AnyOf(lq, "id", f.IDs)
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	query, args := lq.SQL(l.sql.listFrom, p)
	rows, err := l.query(ctx, q, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", l.Plural, err)
	}
	out := make([]R, len(rows))
	for i, r := range rows {
		out[i] = r.record
	}
	return out, nil
}
