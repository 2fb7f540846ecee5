package salesorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
)

// progressStore holds the orders' progress-billing milestones.
type progressStore struct{}

const milestonesSQL = `
SELECT id, name, percentage, amount, due_date, invoice_id FROM sales_order_progress_milestones
WHERE tenant_id = $1 AND sales_order_id = $2 ORDER BY position, id`

func (progressStore) milestones(ctx context.Context, q db.Q, tenantID, orderID string) ([]Milestone, error) {
	out := []Milestone{}
	if err := sqlx.SelectContext(ctx, q, &out, milestonesSQL, tenantID, orderID); err != nil {
		return nil, fmt.Errorf("read progress billing milestones: %w", err)
	}
	return out, nil
}

// The unbilled milestones not kept go; the kept ones take their new members and position;
// the new ones are inserted.
const deleteUnkeptSQL = `
DELETE FROM sales_order_progress_milestones
WHERE tenant_id = $1 AND sales_order_id = $2 AND invoice_id IS NULL AND NOT (id = ANY($3))`

const upsertMilestoneSQL = `
INSERT INTO sales_order_progress_milestones (tenant_id, sales_order_id, id, position, name, percentage, amount, due_date)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (tenant_id, id) DO UPDATE SET position = EXCLUDED.position, name = EXCLUDED.name,
    percentage = EXCLUDED.percentage, amount = EXCLUDED.amount, due_date = EXCLUDED.due_date, modified_utc = now()`

func (progressStore) replace(ctx context.Context, q db.Q, tenantID, orderID string, ws []MilestoneWrite) error {
	keep := make([]string, 0, len(ws))
	for _, w := range ws {
		if w.ID != nil {
			keep = append(keep, *w.ID)
		}
	}
	if _, err := q.ExecContext(ctx, deleteUnkeptSQL, tenantID, orderID, pq.StringArray(keep)); err != nil {
		return fmt.Errorf("delete progress billing milestones: %w", err)
	}
	for i, w := range ws {
		id := newMilestoneID()
		if w.ID != nil {
			id = *w.ID
		}
		if _, err := q.ExecContext(ctx, upsertMilestoneSQL, tenantID, orderID, id, i+1, w.Name, w.Percentage, w.Amount,
			calendardate.Column(w.DueDate)); err != nil {
			return fmt.Errorf("store progress billing milestone: %w", err)
		}
	}
	return nil
}

const lockMilestoneSQL = `
SELECT id, name, percentage, amount, due_date, invoice_id FROM sales_order_progress_milestones
WHERE tenant_id = $1 AND sales_order_id = $2 AND id = $3 FOR UPDATE`

func (progressStore) lock(ctx context.Context, q db.Q, tenantID, orderID, id string) (Milestone, error) {
	var m Milestone
	err := sqlx.GetContext(ctx, q, &m, lockMilestoneSQL, tenantID, orderID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Milestone{}, apperr.NotFound("milestone %s of sales order %s not found", id, orderID)
	}
	if err != nil {
		return Milestone{}, fmt.Errorf("lock progress billing milestone: %w", err)
	}
	return m, nil
}

const setMilestoneInvoiceSQL = `
UPDATE sales_order_progress_milestones SET invoice_id = $3, modified_utc = now() WHERE tenant_id = $1 AND id = $2`

func (progressStore) setInvoice(ctx context.Context, q db.Q, tenantID, id string, invoiceID *string) error {
	if _, err := q.ExecContext(ctx, setMilestoneInvoiceSQL, tenantID, id, invoiceID); err != nil {
		return fmt.Errorf("record progress billing milestone invoice: %w", err)
	}
	return nil
}

const releaseMilestonesSQL = `
UPDATE sales_order_progress_milestones SET invoice_id = NULL, modified_utc = now() WHERE tenant_id = $1 AND invoice_id = $2`

func (progressStore) release(ctx context.Context, q db.Q, tenantID, invoiceID string) error {
	if _, err := q.ExecContext(ctx, releaseMilestonesSQL, tenantID, invoiceID); err != nil {
		return fmt.Errorf("release progress billing milestones: %w", err)
	}
	return nil
}
