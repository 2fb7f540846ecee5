package listing

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// SelectPage runs the list query of lq on selectFrom (a SELECT … FROM whose rows R carry
// count(*) OVER () as their Total, see WindowPage) for page p through q, and answers the rows
// converted by convert, in order, with how many rows match.
func SelectPage[R interface{ Total() int }, T any](ctx context.Context, q sqlx.QueryerContext, lq *Query, selectFrom string, p Page,
	convert func(R) T) ([]T, int, error) {
	rows, total, err := WindowPage(p, func(p Page) ([]R, error) {
		query, args := lq.SQL(selectFrom, p)
		var rows []R
		return rows, sqlx.SelectContext(ctx, q, &rows, query, args...)
	})
	if err != nil {
		return nil, 0, err
	}
	out := make([]T, len(rows))
	for i, r := range rows {
		out[i] = convert(r)
	}
	return out, total, nil
}
