package inventory

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/stock/items"
)

// reportSortFields are the report row properties the inventory report can be sorted by.
var reportSortFields = map[string]string{
	"number": "lower(it.number)",
	"onHand": "s.on_hand",
	"value":  "s.value",
}

var reportListSpec = listing.Spec{Fields: reportSortFields, Default: "number", IDColumn: "it.id"}

// binds numbers the bind parameters of a statement built from parts.
type binds []any

func (b *binds) add(v any) string {
	*b = append(*b, v)
	return "$" + strconv.Itoa(len(*b))
}

type reportStoreRow struct {
	ItemID          string       `db:"item_id"`
	ItemNumber      string       `db:"item_number"`
	ItemDescription *string      `db:"item_description"`
	MinimumStock    *dec.Decimal `db:"minimum_stock"`
	OnHand          dec.Decimal  `db:"on_hand"`
	Reserved        dec.Decimal  `db:"reserved"`
	Value           dec.Decimal  `db:"value"`
	BelowMinimum    bool         `db:"below_minimum"`
	TotalCount      int          `db:"total_count"`
}

func (r reportStoreRow) Total() int { return r.TotalCount }

// placeClauses narrows the balances (or transactions) aliased a to f's locations and lots.
func placeClauses(b *binds, a string, f ReportFilter) string {
	var out string
	if f.LocationIDs != nil {
		out += " AND " + a + ".location_id = ANY(" + b.add(pq.StringArray(f.LocationIDs)) + ")"
	}
	if f.LotIDs != nil {
		out += " AND " + a + ".lot_id = ANY(" + b.add(pq.StringArray(f.LotIDs)) + ")"
	}
	return out
}

// report answers a page of the report and how many items match. Each item (read through the
// items area's report expressions, in its number order) sums its balances in a lateral
// subquery that walks the balances' key index: no balance is read but those of the items
// the page considers, and never the whole table at once.
func (store) report(ctx context.Context, q db.Q, tenantID string, f ReportFilter, p listing.Page) ([]ReportRow, int, error) {
	var b binds
	tenant := b.add(tenantID)
	below := "(m.minimum IS NOT NULL AND s.on_hand < m.minimum)"
	from := `
SELECT it.id AS item_id, it.number AS item_number, it.description AS item_description, m.minimum AS minimum_stock,
       s.on_hand, s.reserved, s.value, ` + below + ` AS below_minimum, count(*) OVER () AS total_count
FROM ` + items.ReportSQL("it") + `
CROSS JOIN LATERAL (SELECT ` + items.MinimumStockSQL("it") + ` AS minimum) m
CROSS JOIN LATERAL (
    SELECT count(*) AS balances, coalesce(sum(b.quantity), 0) AS on_hand,
           coalesce(sum(least(b.quantity, greatest(b.reserved_quantity, 0))), 0) AS reserved,
           coalesce(sum(b.labor_value + b.machine_value + b.outside_processing_value + b.material_value), 0) AS value
    FROM inventory_balances b
    WHERE b.tenant_id = it.tenant_id AND b.item_id = it.id` + placeClauses(&b, "b", f) + `) s`
	where := []string{"it.tenant_id = " + tenant, "s.balances > 0"}
	if f.ItemIDs != nil {
		where = append(where, "it.id = ANY("+b.add(pq.StringArray(f.ItemIDs))+")")
	}
	if f.ItemNumber != nil {
		where = append(where, "it.number ILIKE "+b.add(listing.ContainsPattern(*f.ItemNumber)))
	}
	belowOnly := f.BelowMinimum != nil && *f.BelowMinimum
	if !f.IncludeZero && !belowOnly {
		where = append(where, "s.on_hand > 0")
	}
	if f.BelowMinimum != nil {
		if *f.BelowMinimum {
			where = append(where, below)
		} else {
			where = append(where, "NOT "+below)
		}
	}
	rows, total, err := listing.WindowPage(p, func(p listing.Page) ([]reportStoreRow, error) {
		args := append(binds{}, b...)
		query := from + " WHERE " + strings.Join(where, " AND ") + " ORDER BY " + p.OrderBy +
			" LIMIT " + args.add(p.Limit) + " OFFSET " + args.add(p.Offset)
		var rows []reportStoreRow
		return rows, sqlx.SelectContext(ctx, q, &rows, query, args...)
	})
	if err != nil {
		return nil, 0, fmt.Errorf("inventory report: %w", err)
	}
	out := make([]ReportRow, len(rows))
	for i, r := range rows {
		out[i] = ReportRow{
			ItemID: r.ItemID, ItemNumber: r.ItemNumber, ItemDescription: r.ItemDescription, MinimumStock: r.MinimumStock,
			OnHand: r.OnHand, Reserved: r.Reserved, Available: dec.Decimal{Decimal: r.OnHand.Sub(r.Reserved.Decimal)},
			Value: r.Value, BelowMinimum: r.BelowMinimum,
		}
	}
	return out, total, nil
}

type lastMovementRow struct {
	ItemID string    `db:"item_id"`
	At     time.Time `db:"last_movement_utc"`
}

// lastMovements answers, for the items among ids, the last time a transaction changed what
// is on hand at the places f counts (reservations change none), in one statement.
func (store) lastMovements(ctx context.Context, q db.Q, tenantID string, ids []string, f ReportFilter) (map[string]time.Time, error) {
	var b binds
	query := `
SELECT t.item_id, max(t.created_utc) AS last_movement_utc
FROM inventory_transactions t
WHERE t.tenant_id = ` + b.add(tenantID) + ` AND t.item_id = ANY(` + b.add(pq.StringArray(ids)) + `) AND t.quantity_change <> 0` +
		placeClauses(&b, "t", f) + `
GROUP BY t.item_id`
	var rows []lastMovementRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, b...); err != nil {
		return nil, fmt.Errorf("inventory report movements: %w", err)
	}
	out := make(map[string]time.Time, len(rows))
	for _, r := range rows {
		out[r.ItemID] = r.At
	}
	return out, nil
}
