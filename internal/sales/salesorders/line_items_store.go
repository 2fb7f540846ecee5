package salesorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type lineItemsStore struct{}

// lineItemRow is a row of the lines view: the shown members of every kind, and the priced
// members its subtotal is computed from (lineSubTotal).
type lineItemRow struct {
	ID                   string    `db:"id"`
	Kind                 string    `db:"kind"`
	KindRank             int       `db:"kind_rank"`
	LineNumber           *int      `db:"line_number"`
	Name                 *string   `db:"name"`
	Description          *string   `db:"description"`
	ItemID               *string   `db:"item_id"`
	Quantity             *dec      `db:"quantity"`
	UnitPrice            *dec      `db:"unit_price"`
	DiscountIsPercentage *bool     `db:"discount_is_percentage"`
	DiscountValue        *dec      `db:"discount_value"`
	Amount               *dec      `db:"amount"`
	CreatedUtc           time.Time `db:"created_utc"`
	ModifiedUtc          time.Time `db:"modified_utc"`
	Currency             string    `db:"currency_code"`
	TaxableBase          dec       `db:"taxable_base"`
	DiscountTotal        dec       `db:"discount_total"`
}

func (r lineItemRow) toLineItem() LineItem {
	l := LineItem{
		ID: r.ID, Kind: LineKind(r.Kind), LineNumber: r.LineNumber, Name: r.Name, Description: r.Description,
		SubTotal: lineSubTotal(r), CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
	if l.Kind == LineKindPart || l.Kind == LineKindBlanket {
		l.ItemID, l.Quantity, l.UnitPrice = r.ItemID, r.Quantity, r.UnitPrice
	}
	return l
}

// lineItemsViewSQL is every line of the tenant's orders, one branch per line table, each
// answering the view's columns (kind_rank orders the kinds; amount is a fee's or refund's
// amount and a tax line's rate). A statement filters it by tenant_id and sales_order_id,
// which PostgreSQL pushes into each branch (each table's index on the order serves it).
const lineItemsViewSQL = `
SELECT l.tenant_id, l.sales_order_id, l.id, 'part' AS kind, 1 AS kind_rank, l.line_number, NULL::text AS name,
       l.description, l.item_id, l.quantity, l.unit_price, l.discount_is_percentage, l.discount_value,
       NULL::numeric AS amount, l.created_utc, l.modified_utc
FROM sales_order_part_lines l
UNION ALL
SELECT l.tenant_id, l.sales_order_id, l.id, 'blanket', 2, l.line_number, NULL, l.description, l.item_id, l.quantity,
       l.unit_price, NULL, NULL, NULL, l.created_utc, l.modified_utc
FROM sales_order_blanket_lines l
UNION ALL
SELECT l.tenant_id, l.sales_order_id, l.id, 'fee', 3, NULL, l.name, l.description, NULL, NULL, NULL, NULL, NULL,
       l.amount, l.created_utc, l.modified_utc
FROM sales_order_fee_lines l
UNION ALL
SELECT l.tenant_id, l.sales_order_id, l.id, 'tax', 4, NULL, l.name, NULL, NULL, NULL, NULL, NULL, NULL,
       l.rate, l.created_utc, l.modified_utc
FROM sales_order_tax_lines l
UNION ALL
SELECT l.tenant_id, l.sales_order_id, l.id, 'discount', 5, NULL, l.name, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, l.created_utc, l.modified_utc
FROM sales_order_discount_lines l
UNION ALL
SELECT l.tenant_id, l.sales_order_id, l.id, 'refund', 6, NULL, NULL, l.description, NULL, NULL, NULL, NULL, NULL,
       l.amount, l.created_utc, l.modified_utc
FROM sales_order_refund_lines l`

// lineItemColumns are the view's columns (v) with its order's currency, taxable base and
// discount total (o), which price the tax and discount lines.
const lineItemColumns = `v.id, v.kind, v.kind_rank, v.line_number, v.name, v.description, v.item_id, v.quantity,
       v.unit_price, v.discount_is_percentage, v.discount_value, v.amount, v.created_utc, v.modified_utc,
       o.currency_code, o.taxable_base, o.discount_total`

const lineItemsFrom = ` FROM (` + lineItemsViewSQL + `) v
JOIN sales_orders o ON o.tenant_id = v.tenant_id AND o.id = v.sales_order_id`

// lineItemListSpec sorts the lines view: by kind (then line number or creation) by default.
var lineItemListSpec = listing.Spec{Fields: map[string]string{
	"id":          "v.id",
	"kind":        "(v.kind_rank, v.line_number, v.created_utc)",
	"createdUtc":  "v.created_utc",
	"modifiedUtc": "v.modified_utc",
}, Default: "kind", IDColumn: "v.id"}

func (lineItemsStore) list(ctx context.Context, q db.Q, tenantID, orderID string, f LineItemFilter, p listing.Page) ([]LineItem, error) {
	lq := listing.NewQuery("v.tenant_id", tenantID)
	lq.Where("v.sales_order_id = %s", orderID)
	if f.Kinds != nil {
		kinds := make([]string, len(f.Kinds))
		for i, k := range f.Kinds {
			kinds[i] = string(k)
		}
		lq.Where("v.kind = ANY(%s)", db.Array(kinds))
	}
	if f.IDs != nil {
		lq.Where("v.id = ANY(%s)", db.Array(f.IDs))
	}
	query, args := lq.SQL(`SELECT `+lineItemColumns+lineItemsFrom, p)
	var rows []lineItemRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list sales order lines: %w", err)
	}
	out := make([]LineItem, len(rows))
	for i, r := range rows {
		out[i] = r.toLineItem()
	}
	return out, nil
}

// getLineItemSQL reads the order (o) with the one line of the view that has the id, if any:
// no row is a missing order, a row without a line a line not of the order.
const getLineItemSQL = `
SELECT o.id AS order_id, ` + lineItemNullableColumns + `, o.currency_code, o.taxable_base, o.discount_total
FROM sales_orders o
LEFT JOIN (` + lineItemsViewSQL + `) v ON v.tenant_id = o.tenant_id AND v.sales_order_id = o.id AND v.id = $3
WHERE o.tenant_id = $1 AND o.id = $2`

// lineItemNullableColumns are the view's columns as a LEFT JOIN answers them (null without a
// line).
const lineItemNullableColumns = `v.id AS line_id, v.kind, v.kind_rank, v.line_number, v.name, v.description, v.item_id,
       v.quantity, v.unit_price, v.discount_is_percentage, v.discount_value, v.amount, v.created_utc, v.modified_utc`

func (lineItemsStore) get(ctx context.Context, q db.Q, tenantID, orderID, id string) (LineItem, error) {
	var r struct {
		OrderID     string     `db:"order_id"`
		LineID      *string    `db:"line_id"`
		Kind        *string    `db:"kind"`
		KindRank    *int       `db:"kind_rank"`
		CreatedUtc  *time.Time `db:"created_utc"`
		ModifiedUtc *time.Time `db:"modified_utc"`
		lineItemRow
	}
	err := sqlx.GetContext(ctx, q, &r, getLineItemSQL, tenantID, orderID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return LineItem{}, apperr.NotFound("sales order %s not found", orderID)
	}
	if err != nil {
		return LineItem{}, fmt.Errorf("get sales order line: %w", err)
	}
	if r.LineID == nil {
		return LineItem{}, apperr.NotFound("line %s of sales order %s not found", id, orderID)
	}
	row := r.lineItemRow
	row.ID, row.Kind, row.CreatedUtc, row.ModifiedUtc = *r.LineID, *r.Kind, *r.CreatedUtc, *r.ModifiedUtc
	return row.toLineItem(), nil
}
