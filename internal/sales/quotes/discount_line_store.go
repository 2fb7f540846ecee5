package quotes

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

type discountLineStore struct{}

type discountLineRow struct {
	ID           string    `db:"id"`
	QuoteID      string    `db:"quote_id"`
	Name         *string   `db:"name"`
	IsPercentage bool      `db:"is_percentage"`
	Value        dec       `db:"value"`
	Amount       dec       `db:"discount_total"`
	CreatedUtc   time.Time `db:"created_utc"`
	ModifiedUtc  time.Time `db:"modified_utc"`
}

// upsertDiscountLineSQL writes the quote's one discount line: a new one with id, or the
// one it has (unique per quote) with its id kept.
const upsertDiscountLineSQL = `
INSERT INTO quote_discount_lines (tenant_id, quote_id, id, name, is_percentage, value)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (tenant_id, quote_id) DO UPDATE
SET name = EXCLUDED.name, is_percentage = EXCLUDED.is_percentage, value = EXCLUDED.value, modified_utc = now()`

func (discountLineStore) upsert(ctx context.Context, q db.Q, tenantID, quoteID, id string, w DiscountLineWrite) error {
	if _, err := q.ExecContext(ctx, upsertDiscountLineSQL, tenantID, quoteID, id, w.Name, w.IsPercentage, w.Value); err != nil {
		return fmt.Errorf("save quote discount line: %w", err)
	}
	return nil
}

const deleteDiscountLineSQL = `DELETE FROM quote_discount_lines WHERE tenant_id = $1 AND quote_id = $2`

// delete answers errNoLine when the quote has no discount line.
func (discountLineStore) delete(ctx context.Context, q db.Q, tenantID, quoteID string) error {
	return deleteLine(ctx, q, deleteDiscountLineSQL, "quote discount line", tenantID, quoteID)
}

// getDiscountLineSQL reads the discount line with its quote's stored discount total, what it
// takes from the quote.
const getDiscountLineSQL = `
SELECT l.id, l.quote_id, l.name, l.is_percentage, l.value, q.discount_total, l.created_utc, l.modified_utc
FROM quote_discount_lines l JOIN quotes q ON q.tenant_id = l.tenant_id AND q.id = l.quote_id
WHERE l.tenant_id = $1 AND l.quote_id = $2`

func (discountLineStore) get(ctx context.Context, q db.Q, tenantID, quoteID string) (DiscountLine, error) {
	var r discountLineRow
	err := sqlx.GetContext(ctx, q, &r, getDiscountLineSQL, tenantID, quoteID)
	if errors.Is(err, sql.ErrNoRows) {
		return DiscountLine{}, apperr.NotFound("quote %s has no discount line", quoteID)
	}
	if err != nil {
		return DiscountLine{}, fmt.Errorf("get quote discount line: %w", err)
	}
	return DiscountLine{
		ID: r.ID, QuoteID: r.QuoteID,
		DiscountLineWrite: DiscountLineWrite{Name: r.Name, IsPercentage: r.IsPercentage, Value: r.Value},
		Amount:            r.Amount, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}, nil
}
