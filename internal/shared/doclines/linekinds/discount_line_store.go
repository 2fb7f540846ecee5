package linekinds

import (
	"context"
	"fmt"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

// discountStore is a document's discount line table: one line per document at most.
type discountStore struct {
	t   Tables
	sql *statements
}

func (l *Lines[P]) discount() discountStore { return discountStore{t: l.d.Tables, sql: &l.sql} }

type discountLineRow struct {
	ID           string    `db:"id"`
	ParentID     string    `db:"parent_id"`
	Name         *string   `db:"name"`
	IsPercentage bool      `db:"is_percentage"`
	Value        dec       `db:"value"`
	Amount       dec       `db:"discount_total"`
	CreatedUtc   time.Time `db:"created_utc"`
	ModifiedUtc  time.Time `db:"modified_utc"`
	detailsRow
	Description *string `db:"description"`
}

// upsertDiscountSQL writes the document's one discount line: a new one with id, or the one
// it has (unique per document) with its id kept.
const upsertDiscountSQL = `
INSERT INTO {lines} (tenant_id, {parent_id}, id, name, is_percentage, value{number_column})
VALUES ($1, $2, $3, $4, $5, $6{number_first})
ON CONFLICT (tenant_id, {parent_id}) DO UPDATE
SET name = EXCLUDED.name, is_percentage = EXCLUDED.is_percentage, value = EXCLUDED.value, modified_utc = now()`

func (s discountStore) upsert(ctx context.Context, q db.Q, tenantID, parentID, id string, w DiscountLineWrite) error {
	if _, err := q.ExecContext(ctx, s.sql.upsertDiscount, tenantID, parentID, id, w.Name, w.IsPercentage, w.Value); err != nil {
		return fmt.Errorf("save %s discount line: %w", s.t.Noun, err)
	}
	return nil
}

const deleteDiscountSQL = `DELETE FROM {lines} WHERE tenant_id = $1 AND {parent_id} = $2`

// delete answers errNoLine when the document has no discount line.
func (s discountStore) delete(ctx context.Context, q db.Q, tenantID, parentID string) error {
	return deleteLine(ctx, q, s.sql.deleteDiscount, s.t.Noun+" discount line", tenantID, parentID)
}

// getDiscountSQL reads the discount line with its document's stored discount total, what it
// takes from the document, and the members the document declares (Columns).
const getDiscountSQL = `
SELECT l.id, l.{parent_id} AS parent_id, l.name, l.is_percentage, l.value, p.discount_total, l.created_utc, l.modified_utc{discount_columns}
FROM {lines} l JOIN {parent} p ON p.tenant_id = l.tenant_id AND p.id = l.{parent_id}
WHERE l.tenant_id = $1 AND l.{parent_id} = $2`

func (s discountStore) get(ctx context.Context, q db.Q, tenantID, parentID string) (DiscountLine, error) {
	return readLine(ctx, q, discountLineRow.toDiscountLine, apperr.NotFound("%s %s has no discount line", s.t.Noun, parentID),
		s.t.Noun+" discount line", s.sql.getDiscount, tenantID, parentID)
}

func (r discountLineRow) toDiscountLine() DiscountLine {
	return DiscountLine{
		ID: r.ID, ParentID: r.ParentID,
		DiscountLineWrite: DiscountLineWrite{Name: r.Name, IsPercentage: r.IsPercentage, Value: r.Value},
		Amount:            r.Amount, LineDetails: r.details(), Description: r.Description, ExternalReferences: r.ExternalReferences,
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}
