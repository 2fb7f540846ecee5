package quotes

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/sales/customers"
)

// quoteSortFields are the Quote properties the list can be sorted by; the customer's name
// comes from the customers area's table, which that package alone knows.
var quoteSortFields = map[string]string{
	"id":             "t.id",
	"number":         "t.number",
	"createdUtc":     "t.created_utc",
	"modifiedUtc":    "t.modified_utc",
	"quotedDate":     "t.quoted_utc",
	"expirationDate": "t.expiration_date",
	"dueDate":        "t.due_date",
	"total":          "t.total",
	"status":         "t.status",
	"currencyCode":   "t.currency_code",
	"customer.name":  customers.NameSortSQL("t.tenant_id", "t.customer_id"),
}

// quoteListSpec: newest first, then id descending (the quotes_created_idx order).
var quoteListSpec = listing.Spec{Fields: quoteSortFields, Default: "createdUtc", DefaultDescending: true, IDColumn: "t.id"}

// list reads a page of the quotes matching f (its days already bounds in days), one at a time.
func (quoteStore) list(ctx context.Context, q db.Q, tenantID string, f Filter, days instants, p listing.Page) (*db.Cursor[Quote], error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	if !f.IncludeDeleted {
		lq.Where("t.deleted = %s", false)
	}
	listing.AnyOf(lq, "t.id", f.IDs)
	listing.AnyNumber(lq, "t.number", f.Numbers)
	listing.AnyOf(lq, "t.customer_id", f.CustomerIDs)
	listing.AnyOf(lq, "t.status", f.Statuses)
	if days.createdFrom != nil {
		lq.Where("t.created_utc >= %s", *days.createdFrom)
	}
	if days.createdTo != nil {
		lq.Where("t.created_utc < %s", *days.createdTo)
	}
	if days.quotedFrom != nil {
		lq.Where("t.quoted_utc >= %s", *days.quotedFrom)
	}
	if days.quotedTo != nil {
		lq.Where("t.quoted_utc < %s", *days.quotedTo)
	}
	listing.IfSet(lq, "t.modified_utc > %s", f.ModifiedAfterUtc)
	if err := extref.Narrow(lq, "t.external_references", f.ExternalReference); err != nil {
		return nil, err
	}
	query, args := lq.SQL(`SELECT `+quoteAnswerColumns("t")+` FROM quotes t`, p)
	cur, err := db.Query(ctx, q, scanQuote, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list quotes: %w", err)
	}
	return cur, nil
}

func scanQuote(rows *sqlx.Rows) (Quote, error) {
	var r quoteRow
	if err := rows.StructScan(&r); err != nil {
		return Quote{}, fmt.Errorf("read quote: %w", err)
	}
	return r.Record()
}
