package scrap

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/stock/items"
)

type store struct{}

const insertSQL = `
INSERT INTO scrap_records (tenant_id, id, source, item_id, quantity, reason, job_id, item_to_make_id,
    job_operation_id, inventory_event_id, user_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, r Record) error {
	if _, err := q.ExecContext(ctx, insertSQL, tenantID, id, r.Source, r.ItemID, r.Quantity, r.Reason, r.JobID,
		r.ItemToMakeID, r.JobOperationID, r.InventoryEventID, r.UserID); err != nil {
		return fmt.Errorf("record scrap: %w", err)
	}
	return nil
}

// narrow adds f's clauses over scrap_records aliased s to lq, for the page and the totals
// alike. The reason compares as the reason index's expression.
func narrow(lq *listing.Query, f Filter) {
	listing.IfSet(lq, "s.job_id = %s", f.JobID)
	listing.IfSet(lq, "s.item_id = %s", f.ItemID)
	listing.IfSet(lq, "lower(s.reason) = lower(%s)", f.Reason)
	if f.Source != nil {
		lq.Where("s.source = %s", string(*f.Source))
	}
	listing.IfSet(lq, "s.recorded_utc >= %s", f.From)
	listing.IfSet(lq, "s.recorded_utc < %s", f.To)
}

type reportRow struct {
	ID               string      `db:"id"`
	Source           Source      `db:"source"`
	RecordedUtc      time.Time   `db:"recorded_utc"`
	ItemID           string      `db:"item_id"`
	ItemNumber       string      `db:"item_number"`
	ItemDescription  *string     `db:"item_description"`
	Quantity         dec.Decimal `db:"quantity"`
	Reason           *string     `db:"reason"`
	JobID            *string     `db:"job_id"`
	ItemToMakeID     *string     `db:"item_to_make_id"`
	JobOperationID   *string     `db:"job_operation_id"`
	InventoryEventID *string     `db:"inventory_event_id"`
	UserID           *string     `db:"user_id"`
	TotalCount       int         `db:"total_count"`
}

func (r reportRow) Total() int { return r.TotalCount }

// reportSelect reads records with their item's number and description, through the items
// area's expressions.
var reportSelect = `
SELECT s.id, s.source, s.recorded_utc, s.item_id, ` + items.NumberSQL("s.tenant_id", "s.item_id") + ` AS item_number,
       ` + items.DescriptionSQL("s.tenant_id", "s.item_id") + ` AS item_description, s.quantity, s.reason, s.job_id,
       s.item_to_make_id, s.job_operation_id, s.inventory_event_id, s.user_id, count(*) OVER () AS total_count
FROM scrap_records s`

// rows answers a page of the tenant's records matching f and how many match.
func (store) rows(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Row, int, error) {
	lq := listing.NewQuery("s.tenant_id", tenantID)
	narrow(lq, f)
	rows, total, err := listing.SelectPage(ctx, q, lq, reportSelect, p, func(r reportRow) Row {
		return Row{
			ID: r.ID, Source: r.Source, RecordedUtc: r.RecordedUtc, ItemID: r.ItemID, ItemNumber: r.ItemNumber,
			ItemDescription: r.ItemDescription, Quantity: r.Quantity, Reason: r.Reason, JobID: r.JobID,
			ItemToMakeID: r.ItemToMakeID, JobOperationID: r.JobOperationID, InventoryEventID: r.InventoryEventID, UserID: r.UserID,
		}
	})
	if err != nil {
		return nil, 0, fmt.Errorf("scrap report: %w", err)
	}
	return rows, total, nil
}

type totalRow struct {
	ItemID          string      `db:"item_id"`
	ItemNumber      string      `db:"item_number"`
	ItemDescription *string     `db:"item_description"`
	Reason          *string     `db:"reason"`
	Quantity        dec.Decimal `db:"quantity"`
	RecordCount     int         `db:"record_count"`
}

// totalsSQL sums the matching records per item and reason (%s: the filter's clauses), by
// item number, item id and reason (none last).
var totalsSQL = `
SELECT t.item_id, t.item_number, t.item_description, t.reason, t.quantity, t.record_count FROM (
    SELECT g.item_id, ` + items.NumberSQL("g.tenant_id", "g.item_id") + ` AS item_number,
           ` + items.DescriptionSQL("g.tenant_id", "g.item_id") + ` AS item_description, g.reason, g.quantity, g.record_count
    FROM (SELECT s.tenant_id, s.item_id, s.reason, sum(s.quantity) AS quantity, count(*) AS record_count
          FROM scrap_records s WHERE %s GROUP BY s.tenant_id, s.item_id, s.reason) g) t
ORDER BY lower(t.item_number), t.item_id, t.reason NULLS LAST`

// totals answers the totals per item and reason of every record matching f, in one statement.
func (store) totals(ctx context.Context, q db.Q, tenantID string, f Filter) ([]Total, error) {
	lq := listing.NewQuery("s.tenant_id", tenantID)
	narrow(lq, f)
	clauses, args := lq.Clauses()
	var rows []totalRow
	if err := sqlx.SelectContext(ctx, q, &rows, fmt.Sprintf(totalsSQL, clauses), args...); err != nil {
		return nil, fmt.Errorf("scrap report totals: %w", err)
	}
	out := make([]Total, len(rows))
	for i, r := range rows {
		out[i] = Total(r)
	}
	return out, nil
}
