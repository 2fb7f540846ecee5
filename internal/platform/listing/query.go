package listing

import (
	"fmt"
	"strconv"
	"strings"
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
