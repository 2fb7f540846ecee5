package purchaseorders

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/extref"
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
	listing.AnyOf(lq, "t.id", f.IDs)
	listing.AnyNumber(lq, "t.number", f.Numbers)
	listing.AnyOf(lq, "t.vendor_id", f.VendorIDs)
	listing.AnyOf(lq, "t.status", f.Statuses)
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
	listing.IfSet(lq, "t.modified_utc > %s", f.ModifiedAfterUtc)
	if err := extref.Narrow(lq, "t.external_references", f.ExternalReference); err != nil {
		return nil, err
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
