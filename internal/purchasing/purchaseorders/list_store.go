package purchaseorders

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

// orderSortFields are the PurchaseOrder properties the list can be sorted by; the vendor's
// name comes from the vendors area, which alone knows its table.
var orderSortFields = map[string]string{
	"id":           "t.id",
	"number":       "t.number",
	"createdUtc":   "t.created_utc",
	"modifiedUtc":  "t.modified_utc",
	"orderDate":    "t.order_date",
	"dueDate":      "t.due_date",
	"total":        "t.total",
	"status":       "t.status",
	"currencyCode": "t.currency_code",
	"vendor.name":  vendorSortSQL,
}

// orderListSpec: newest first, then id descending (the purchase_orders_created_idx order).
var orderListSpec = listing.Spec{Fields: orderSortFields, Default: "createdUtc", DefaultDescending: true, IDColumn: "t.id"}

// list reads a page of the orders matching f, one at a time.
func (orderStore) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) (*db.Cursor[PurchaseOrder], error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	if !f.IncludeDeleted {
		lq.Where("t.deleted = %s", false)
	}
	if len(f.IDs) > 0 {
		lq.Where("t.id = ANY(%s)", pq.StringArray(f.IDs))
	}
	if len(f.Numbers) > 0 {
		lq.Where("t.number = ANY(%s)", pq.Int64Array(f.Numbers))
	}
	if len(f.VendorIDs) > 0 {
		lq.Where("t.vendor_id = ANY(%s)", pq.StringArray(f.VendorIDs))
	}
	if len(f.Statuses) > 0 {
		statuses := make([]string, len(f.Statuses))
		for i, s := range f.Statuses {
			statuses[i] = string(s)
		}
		lq.Where("t.status = ANY(%s)", pq.StringArray(statuses))
	}
	for _, d := range []struct {
		clause string
		day    *time.Time
	}{
		{"t.order_date >= %s::date", f.OrderDateFrom}, {"t.order_date <= %s::date", f.OrderDateTo},
		{"t.due_date >= %s::date", f.DueDateFrom}, {"t.due_date <= %s::date", f.DueDateTo},
	} {
		if d.day != nil {
			lq.Where(d.clause, d.day.Format(time.DateOnly))
		}
	}
	if f.ModifiedAfterUtc != nil {
		lq.Where("t.modified_utc > %s", *f.ModifiedAfterUtc)
	}
	if r := f.ExternalReference; r != nil {
		doc, err := r.Doc()
		if err != nil {
			return nil, err
		}
		lq.Where("t.external_references @> %s::jsonb", doc)
	}
	query, args := lq.SQL(`SELECT `+orderAnswerColumns()+` FROM purchase_orders t`, p)
	cur, err := db.Query(ctx, q, scanOrder, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list purchase orders: %w", err)
	}
	return cur, nil
}

func scanOrder(rows *sqlx.Rows) (PurchaseOrder, error) {
	var r orderRow
	if err := rows.StructScan(&r); err != nil {
		return PurchaseOrder{}, fmt.Errorf("read purchase order: %w", err)
	}
	return r.Record()
}
