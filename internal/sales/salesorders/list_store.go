package salesorders

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/sales/customers"
)

// orderSortFields are the SalesOrder properties the list can be sorted by; the customer's
// name comes from the customers area's table, which that package alone knows.
var orderSortFields = map[string]string{
	"id":            "t.id",
	"number":        "t.number",
	"createdUtc":    "t.created_utc",
	"modifiedUtc":   "t.modified_utc",
	"orderedDate":   "t.ordered_date",
	"dueDate":       "t.due_date",
	"total":         "t.total",
	"status":        "t.status",
	"currencyCode":  "t.currency_code",
	"customer.name": customers.NameSortSQL("t.tenant_id", "t.customer_id"),
}

// orderListSpec: newest first, then id descending (the sales_orders_created_idx order).
var orderListSpec = listing.Spec{Fields: orderSortFields, Default: "createdUtc", DefaultDescending: true, IDColumn: "t.id"}

// listBounds are a Filter's days as the list compares them: created days as UTC instants
// [from, to), and the PO number candidates (poNone: the filter finds nothing).
type listBounds struct {
	createdFrom, createdTo *time.Time
	poCandidates           []string
	poNone                 bool
}

// list reads a page of the orders matching f, one at a time.
func (orderStore) list(ctx context.Context, q db.Q, tenantID string, f Filter, b listBounds, p listing.Page) (*db.Cursor[SalesOrder], error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	if !f.IncludeDeleted {
		lq.Where("t.deleted = %s", false)
	}
	if b.poNone {
		lq.Where("false = %s", true)
	}
	listing.AnyOf(lq, "t.id", f.IDs)
	listing.AnyNumber(lq, "t.number", f.Numbers)
	listing.AnyOf(lq, "t.customer_id", f.CustomerIDs)
	listing.AnyOf(lq, "t.status", f.Statuses)
	if len(b.poCandidates) > 0 {
		// The partial index's predicate, so that it serves the lookup.
		lq.Where("char_length(t.customer_po_number) <= "+fmt.Sprint(maxFoundPoNumber)+" AND lower(t.customer_po_number) = ANY(%s)", pq.StringArray(b.poCandidates))
	}
	if f.OrderedFrom != nil {
		lq.Where("t.ordered_date >= %s::date", f.OrderedFrom.Format(time.DateOnly))
	}
	if f.OrderedTo != nil {
		lq.Where("t.ordered_date <= %s::date", f.OrderedTo.Format(time.DateOnly))
	}
	if b.createdFrom != nil {
		lq.Where("t.created_utc >= %s", *b.createdFrom)
	}
	if b.createdTo != nil {
		lq.Where("t.created_utc < %s", *b.createdTo)
	}
	listing.IfSet(lq, "t.modified_utc > %s", f.ModifiedAfterUtc)
	if err := extref.Narrow(lq, "t.external_references", f.ExternalReference); err != nil {
		return nil, err
	}
	query, args := lq.SQL(`SELECT `+orderAnswerColumns("t")+` FROM sales_orders t`, p)
	cur, err := db.Query(ctx, q, scanOrder, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list sales orders: %w", err)
	}
	return cur, nil
}

func scanOrder(rows *sqlx.Rows) (SalesOrder, error) {
	var r orderRow
	if err := rows.StructScan(&r); err != nil {
		return SalesOrder{}, fmt.Errorf("read sales order: %w", err)
	}
	return r.Record()
}
