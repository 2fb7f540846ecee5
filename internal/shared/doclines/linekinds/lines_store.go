package linekinds

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

// statements are a document's SQL for its line kinds, expanded once from the templates of
// each kind's store with the document's Tables.
type statements struct {
	feeSelect, feeGet, insertFee, updateFee, deleteFee  string
	taxSelect, taxGet, insertTax, updateTax, deleteTax  string
	getDiscount, upsertDiscount, deleteDiscount         string
	creditSelect, creditGet, insertCredit, updateCredit string
	deleteCredit, creditPartLine, creditTotals          string
	creditList                                          listing.Spec
}

func statementsFor(t Tables) statements {
	return statements{
		feeSelect: expand(t, t.Fee, feeSelectSQL), feeGet: expand(t, t.Fee, feeSelectSQL+oneLineSQL),
		insertFee: expand(t, t.Fee, insertFeeSQL), updateFee: expand(t, t.Fee, updateFeeSQL),
		deleteFee: expand(t, t.Fee, deleteLineSQL),
		taxSelect: expand(t, t.Tax, taxSelectSQL), taxGet: expand(t, t.Tax, taxSelectSQL+oneLineSQL),
		insertTax: expand(t, t.Tax, insertTaxSQL), updateTax: expand(t, t.Tax, updateTaxSQL),
		deleteTax:   expand(t, t.Tax, deleteLineSQL),
		getDiscount: expand(t, t.Discount, getDiscountSQL), upsertDiscount: expand(t, t.Discount, upsertDiscountSQL),
		deleteDiscount: expand(t, t.Discount, deleteDiscountSQL),
		creditSelect:   creditTemplate(t, creditSelectSQL), creditGet: creditTemplate(t, creditSelectSQL+oneLineSQL),
		insertCredit: creditTemplate(t, insertCreditSQL), updateCredit: creditTemplate(t, updateCreditSQL),
		deleteCredit: creditTemplate(t, deleteLineSQL), creditPartLine: creditTemplate(t, creditPartLineSQL),
		creditTotals: creditTemplate(t, creditTotalsSQL), creditList: creditLineListSpec(t.Credit),
	}
}

// oneLineSQL finds one fee or tax line (l) of a document by id.
const oneLineSQL = `
WHERE l.tenant_id = $1 AND l.{parent_id} = $2 AND l.id = $3`

// deleteLineSQL deletes one fee or tax line of a document.
const deleteLineSQL = `DELETE FROM {lines} WHERE tenant_id = $1 AND {parent_id} = $2 AND id = $3`

// deleteLine runs a line kind's DELETE, answering errNoLine when it removed nothing.
func deleteLine(ctx context.Context, q db.Q, query, what string, args ...any) error {
	res, err := q.ExecContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("delete %s: %w", what, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("delete %s: %w", what, err)
	} else if n == 0 {
		return errNoLine
	}
	return nil
}

// updated turns an UPDATE's result into notFound when it changed no row.
func updated(res interface{ RowsAffected() (int64, error) }, what string, notFound error) error {
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("update %s: %w", what, err)
	} else if n == 0 {
		return notFound
	}
	return nil
}

// readLine reads the one row query finds as R and answers it converted; no row is notFound.
func readLine[R, L any](ctx context.Context, q db.Q, toLine func(R) L, notFound error, what, query string, args ...any) (L, error) {
	var r R
	var l L
	err := sqlx.GetContext(ctx, q, &r, query, args...)
	if errors.Is(err, sql.ErrNoRows) {
		return l, notFound
	}
	if err != nil {
		return l, fmt.Errorf("get %s: %w", what, err)
	}
	return toLine(r), nil
}

// readLines reads the rows query finds as R and answers them converted, in their order.
func readLines[R, L any](ctx context.Context, q db.Q, toLine func(R) L, what, query string, args ...any) ([]L, error) {
	var rows []R
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list %s: %w", what, err)
	}
	out := make([]L, len(rows))
	for i, r := range rows {
		out[i] = toLine(r)
	}
	return out, nil
}
