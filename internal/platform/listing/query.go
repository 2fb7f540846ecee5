package listing

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/lib/pq"
)

// Query builds a list's SELECT from a tenant-scoped WHERE, the filter clauses and the
// page's ORDER BY, LIMIT and OFFSET. User text only ever travels as a bind parameter.
type Query struct {
	where []string
	args  []any
}

// NewQuery starts a query scoped to one tenant by tenantColumn (e.g. "tenant_id", "c.tenant_id").
func NewQuery(tenantColumn, tenantID string) *Query {
	q := &Query{}
	q.Where(tenantColumn+" = %s", tenantID)
	return q
}

// Where adds a clause; each %s in it stands for the bind parameter of the next of args
// (a clause may take none, or several: "(a, b) IN (SELECT * FROM unnest(%s, %s))").
func (q *Query) Where(clause string, args ...any) {
	params := make([]any, len(args))
	for i, arg := range args {
		q.args = append(q.args, arg)
		params[i] = "$" + strconv.Itoa(len(q.args))
	}
	q.where = append(q.where, fmt.Sprintf(clause, params...))
}

// SQL completes selectFrom ("SELECT … FROM …") with the clauses and the page.
func (q *Query) SQL(selectFrom string, p Page) (string, []any) {
	args := append(append([]any{}, q.args...), p.Limit, p.Offset)
	return fmt.Sprintf("%s WHERE %s ORDER BY %s LIMIT $%d OFFSET $%d",
		selectFrom, strings.Join(q.where, " AND "), p.OrderBy, len(args)-1, len(args)), args
}

// Clauses answers the WHERE clauses joined by AND, with their bind parameters, for a
// statement over the same rows that is not a page (totals of a report beside its page).
func (q *Query) Clauses() (string, []any) {
	return strings.Join(q.where, " AND "), append([]any{}, q.args...)
}

// WindowPage runs a page query whose rows carry the number of matching rows as
// count(*) OVER () (Total). A page that came back empty past the end (or with Take 0)
// carries no count, so the first row is read once more for it.
func WindowPage[R interface{ Total() int }](p Page, run func(Page) ([]R, error)) ([]R, int, error) {
	rows, err := run(p)
	if err != nil {
		return nil, 0, err
	}
	if len(rows) > 0 {
		return rows, rows[0].Total(), nil
	}
	if p.Offset == 0 && p.Limit > 0 {
		return rows, 0, nil
	}
	first, err := run(Page{OrderBy: p.OrderBy, Limit: 1})
	if err != nil || len(first) == 0 {
		return rows, 0, err
	}
	return rows, first[0].Total(), nil
}

// AnyOf narrows q to rows whose expr is one of values (a list filter's ids, names or
// statuses); no values adds nothing. expr is SQL of the caller's, never user text.
func AnyOf[T ~string](q *Query, expr string, values []T) {
	if len(values) == 0 {
		return
	}
	texts := make([]string, len(values))
	for i, v := range values {
		texts[i] = string(v)
	}
	q.Where(expr+" = ANY(%s)", pq.StringArray(texts))
}

// IfSet adds clause with *value as its parameter when value is set (an optional filter
// member); nil adds nothing.
func IfSet[T any](q *Query, clause string, value *T) {
	if value != nil {
		q.Where(clause, *value)
	}
}

// AnyNumber is AnyOf for whole numbers (document numbers).
func AnyNumber(q *Query, expr string, values []int64) {
	if len(values) > 0 {
		q.Where(expr+" = ANY(%s)", pq.Int64Array(values))
	}
}
