package inventory

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/stock/items"
)

type transactionRow struct {
	effectRow
	Date          time.Time `db:"action_date"`
	Type          string    `db:"type"`
	SecondaryType string    `db:"secondary_type"`
	Note          *string   `db:"note"`
	SourceType    *string   `db:"source_type"`
	SourceName    *string   `db:"source_name"`
	SourceItemID  *string   `db:"source_item_to_make_id"`
	SourceJobID   *string   `db:"source_job_id"`
	ItemNumber    string    `db:"item_number"`
	TotalCount    int       `db:"total_count"`
}

func (r transactionRow) Total() int { return r.TotalCount }

func (r transactionRow) toRow() TransactionRow {
	return TransactionRow{
		Effect: r.toEffect(), Date: r.Date.UTC(), Type: EventType(r.Type), SecondaryType: r.SecondaryType, Note: r.Note,
		Source:     Source{Type: r.SourceType, Name: r.SourceName, ItemToMakeID: r.SourceItemID, JobID: r.SourceJobID},
		ItemNumber: r.ItemNumber,
	}
}

var transactionSelect = `SELECT ` + effectColumns + `, e.action_date, e.type, e.secondary_type, e.note,
       e.source_type, e.source_name, e.source_item_to_make_id, e.source_job_id,
       ` + items.NumberSQL("t.tenant_id", "t.item_id") + ` AS item_number,
       count(*) OVER () AS total_count
FROM inventory_transactions t
JOIN inventory_events e ON e.tenant_id = t.tenant_id AND e.id = t.event_id`

// transactionSortFields are the InventoryTransaction properties the list can be sorted by.
var transactionSortFields = map[string]string{
	"date":        "e.action_date",
	"quantity":    "t.balance_quantity",
	"qtyChange":   "t.quantity_change",
	"valueChange": "(t.labor_value + t.machine_value + t.outside_processing_value + t.material_value)",
}

var transactionListSpec = listing.Spec{Fields: transactionSortFields, Default: "date", DefaultDescending: true, IDColumn: "t.id"}

func (store) transactions(ctx context.Context, q db.Q, tenantID string, f TransactionFilter, p listing.Page) ([]TransactionRow, int, error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	// Reservation transactions change no balance: the list is of balance changes.
	lq.Where("e.secondary_type <> ALL(%s)", pq.StringArray{SecondaryReserve, SecondaryRelease})
	if f.ItemIDs != nil {
		lq.Where("t.item_id = ANY(%s)", pq.StringArray(f.ItemIDs))
	}
	if f.DateFrom != nil {
		lq.Where("e.action_date >= %s", *f.DateFrom)
	}
	if f.DateTo != nil {
		lq.Where("e.action_date < %s", *f.DateTo)
	}
	if f.SourceType != nil {
		lq.Where("e.source_type = %s", *f.SourceType)
	}
	switch {
	case f.RelatedEntityID != nil && f.RelatedEntityType != nil:
		// One bind parameter holding [type, id].
		lq.Where(`((e.source_type = (%[1]s::text[])[1] AND e.source_entity_id = (%[1]s::text[])[2])
            OR (e.source_related_type = (%[1]s::text[])[1] AND e.source_related_entity_id = (%[1]s::text[])[2]))`,
			pq.StringArray{*f.RelatedEntityType, *f.RelatedEntityID})
	case f.RelatedEntityID != nil:
		lq.Where("(e.source_entity_id = %[1]s OR e.source_related_entity_id = %[1]s)", *f.RelatedEntityID)
	case f.RelatedEntityType != nil:
		lq.Where("(e.source_type = %[1]s OR e.source_related_type = %[1]s)", *f.RelatedEntityType)
	}
	rows, total, err := listing.WindowPage(p, func(p listing.Page) ([]transactionRow, error) {
		query, args := lq.SQL(transactionSelect, p)
		var rows []transactionRow
		return rows, sqlx.SelectContext(ctx, q, &rows, query, args...)
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list inventory transactions: %w", err)
	}
	out := make([]TransactionRow, len(rows))
	for i, r := range rows {
		out[i] = r.toRow()
	}
	return out, total, nil
}
