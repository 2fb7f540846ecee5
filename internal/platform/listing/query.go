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

// Where adds a clause; the %s in it stands for arg's bind parameter.
func (q *Query) Where(clause string, arg any) {
	q.args = append(q.args, arg)
	q.where = append(q.where, fmt.Sprintf(clause, "$"+strconv.Itoa(len(q.args))))
}

// SQL completes selectFrom ("SELECT … FROM …") with the clauses and the page.
func (q *Query) SQL(selectFrom string, p Page) (string, []any) {
	args := append(append([]any{}, q.args...), p.Limit, p.Offset)
	return fmt.Sprintf("%s WHERE %s ORDER BY %s LIMIT $%d OFFSET $%d",
		selectFrom, strings.Join(q.where, " AND "), p.OrderBy, len(args)-1, len(args)), args
}
