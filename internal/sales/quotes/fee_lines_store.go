package quotes

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type feeLineStore struct{}

type feeLineRow struct {
	ID          string    `db:"id"`
	QuoteID     string    `db:"quote_id"`
	Name        string    `db:"name"`
	Description *string   `db:"description"`
	Amount      dec       `db:"amount"`
	IsTaxable   bool      `db:"is_taxable"`
	TaxRateID   *string   `db:"tax_rate_id"`
	TaxRate     dec       `db:"tax_rate"`
	Currency    string    `db:"currency_code"`
	CreatedUtc  time.Time `db:"created_utc"`
	ModifiedUtc time.Time `db:"modified_utc"`
}

func (r feeLineRow) toFeeLine() FeeLine {
	return FeeLine{
		ID: r.ID, QuoteID: r.QuoteID,
		FeeLineWrite: FeeLineWrite{Name: r.Name, Description: r.Description, Amount: r.Amount, IsTaxable: r.IsTaxable, TaxRateID: r.TaxRateID},
		TaxRate:      r.TaxRate, SubTotal: feeSubTotal(r.Amount, r.Currency),
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

// feeLineColumns are a fee line's columns (l) with its quote's currency (q), which rounds its
// subtotal.
const feeLineColumns = `l.id, l.quote_id, l.name, l.description, l.amount, l.is_taxable, l.tax_rate_id, l.tax_rate,
       q.currency_code, l.created_utc, l.modified_utc`

const feeLineFrom = ` FROM quote_fee_lines l JOIN quotes q ON q.tenant_id = l.tenant_id AND q.id = l.quote_id`

const insertFeeLineSQL = `
INSERT INTO quote_fee_lines (tenant_id, quote_id, id, name, description, amount, is_taxable, tax_rate_id, tax_rate)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`

func (feeLineStore) insert(ctx context.Context, q db.Q, tenantID, quoteID, id string, w FeeLineWrite, rate dec) error {
	_, err := q.ExecContext(ctx, insertFeeLineSQL, tenantID, quoteID, id, w.Name, w.Description, w.Amount, w.IsTaxable, w.TaxRateID, rate)
	if err != nil {
		return fmt.Errorf("insert quote fee line: %w", err)
	}
	return nil
}

const updateFeeLineSQL = `
UPDATE quote_fee_lines
SET name = $4, description = $5, amount = $6, is_taxable = $7, tax_rate_id = $8, tax_rate = $9, modified_utc = now()
WHERE tenant_id = $1 AND quote_id = $2 AND id = $3`

// update replaces a fee line's members; a line not of the quote is NotFound.
func (feeLineStore) update(ctx context.Context, q db.Q, tenantID, quoteID, id string, w FeeLineWrite, rate dec) error {
	res, err := q.ExecContext(ctx, updateFeeLineSQL, tenantID, quoteID, id, w.Name, w.Description, w.Amount, w.IsTaxable, w.TaxRateID, rate)
	if err != nil {
		return fmt.Errorf("update quote fee line: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("update quote fee line: %w", err)
	} else if n == 0 {
		return feeLineNotFound(quoteID, id)
	}
	return nil
}

const deleteFeeLineSQL = `DELETE FROM quote_fee_lines WHERE tenant_id = $1 AND quote_id = $2 AND id = $3`

// delete answers errNoLine when the quote has no such fee line.
func (feeLineStore) delete(ctx context.Context, q db.Q, tenantID, quoteID, id string) error {
	return deleteLine(ctx, q, deleteFeeLineSQL, "quote fee line", tenantID, quoteID, id)
}

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

const getFeeLineSQL = `SELECT ` + feeLineColumns + feeLineFrom + `
WHERE l.tenant_id = $1 AND l.quote_id = $2 AND l.id = $3`

func (feeLineStore) get(ctx context.Context, q db.Q, tenantID, quoteID, id string) (FeeLine, error) {
	var r feeLineRow
	err := sqlx.GetContext(ctx, q, &r, getFeeLineSQL, tenantID, quoteID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return FeeLine{}, feeLineNotFound(quoteID, id)
	}
	if err != nil {
		return FeeLine{}, fmt.Errorf("get quote fee line: %w", err)
	}
	return r.toFeeLine(), nil
}

func feeLineNotFound(quoteID, id string) error {
	return apperr.NotFound("fee line %s of quote %s not found", id, quoteID)
}

// feeLineSortFields are the fee line properties a list can be sorted by.
var feeLineSortFields = map[string]string{
	"id":          "l.id",
	"name":        "lower(l.name)",
	"amount":      "l.amount",
	"createdUtc":  "l.created_utc",
	"modifiedUtc": "l.modified_utc",
}

var feeLineListSpec = listing.Spec{Fields: feeLineSortFields, Default: "createdUtc", IDColumn: "l.id"}

func (feeLineStore) list(ctx context.Context, q db.Q, tenantID, quoteID string, f LineFilter, p listing.Page) ([]FeeLine, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	lq.Where("l.quote_id = %s", quoteID)
	if f.IDs != nil {
		lq.Where("l.id = ANY(%s)", pq.StringArray(f.IDs))
	}
	query, args := lq.SQL(`SELECT `+feeLineColumns+feeLineFrom, p)
	var rows []feeLineRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list quote fee lines: %w", err)
	}
	out := make([]FeeLine, len(rows))
	for i, r := range rows {
		out[i] = r.toFeeLine()
	}
	return out, nil
}
