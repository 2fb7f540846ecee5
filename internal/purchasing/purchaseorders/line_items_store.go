package purchaseorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

type lineItemsStore struct{}

// lineItemRow is a row of the lines view: the shown members of every kind, and the priced
// members its subtotal is computed from (signedSubTotal).
type lineItemRow struct {
	ID                   string       `db:"id"`
	Kind                 string       `db:"kind"`
	KindRank             int          `db:"kind_rank"`
	LineNumber           *int         `db:"line_number"`
	Name                 *string      `db:"name"`
	Description          *string      `db:"description"`
	ItemID               *string      `db:"item_id"`
	Quantity             *dec.Decimal `db:"quantity"`
	UnitPrice            *dec.Decimal `db:"unit_price"`
	DiscountIsPercentage *bool        `db:"discount_is_percentage"`
	DiscountValue        *dec.Decimal `db:"discount_value"`
	Amount               *dec.Decimal `db:"amount"`
	CreatedUtc           time.Time    `db:"created_utc"`
	ModifiedUtc          time.Time    `db:"modified_utc"`
	Currency             string       `db:"currency_code"`
	TaxableBase          dec.Decimal  `db:"taxable_base"`
	DiscountTotal        dec.Decimal  `db:"discount_total"`
}

func (r lineItemRow) toLineItem() LineItem {
	return LineItem{
		ID: r.ID, Kind: LineKind(r.Kind), LineNumber: r.LineNumber, Name: r.Name, Description: r.Description,
		ItemID: r.ItemID, Quantity: r.Quantity, UnitPrice: r.UnitPrice,
		SubTotal: r.signedSubTotal(), CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

// purchaseLinesViewSQL is every line of the tenant's purchase orders, one branch per line
// table, each answering the view's columns (kind_rank orders the kinds, part and
// outside-processing lines sharing one; amount is a fee's or vendor credit's amount and a tax
// line's rate). A statement filters it by tenant_id and purchase_order_id, which PostgreSQL
// pushes into each branch (each table's index on the order serves it).
const purchaseLinesViewSQL = `
SELECT l.tenant_id, l.purchase_order_id, l.id, 'part' AS kind, 1 AS kind_rank, l.line_number, NULL::text AS name,
       l.description, l.item_id, l.quantity, l.unit_price, l.discount_is_percentage, l.discount_value,
       NULL::numeric AS amount, l.created_utc, l.modified_utc
FROM purchase_order_part_lines l
UNION ALL
SELECT l.tenant_id, l.purchase_order_id, l.id, 'outsideProcessing', 1, l.line_number, NULL, l.description, l.item_id,
       l.quantity, l.unit_price, l.discount_is_percentage, l.discount_value, NULL, l.created_utc, l.modified_utc
FROM purchase_order_outside_processing_lines l
UNION ALL
SELECT l.tenant_id, l.purchase_order_id, l.id, 'fee', 2, NULL, l.name, l.description, NULL, NULL, NULL, NULL, NULL,
       l.amount, l.created_utc, l.modified_utc
FROM purchase_order_fee_lines l
UNION ALL
SELECT l.tenant_id, l.purchase_order_id, l.id, 'tax', 3, NULL, l.name, NULL, NULL, NULL, NULL, NULL, NULL,
       l.rate, l.created_utc, l.modified_utc
FROM purchase_order_tax_lines l
UNION ALL
SELECT l.tenant_id, l.purchase_order_id, l.id, 'discount', 4, NULL, l.name, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, l.created_utc, l.modified_utc
FROM purchase_order_discount_lines l
UNION ALL
SELECT l.tenant_id, l.purchase_order_id, l.id, 'vendorCredit', 5, NULL, NULL, l.description, NULL, NULL, NULL, NULL,
       NULL, l.amount, l.created_utc, l.modified_utc
FROM purchase_order_vendor_credit_lines l`

// purchaseLineColumns are the view's columns (v) with its order's currency, taxable base and
// discount total (o), which price the tax and discount lines.
const purchaseLineColumns = `v.id, v.kind, v.kind_rank, v.line_number, v.name, v.description, v.item_id, v.quantity,
       v.unit_price, v.discount_is_percentage, v.discount_value, v.amount, v.created_utc, v.modified_utc,
       o.currency_code, o.taxable_base, o.discount_total`

const purchaseLinesFrom = ` FROM (` + purchaseLinesViewSQL + `) v
JOIN purchase_orders o ON o.tenant_id = v.tenant_id AND o.id = v.purchase_order_id`

// lineItemListSpec sorts the lines view: by kind (then line number or creation) by default.
var lineItemListSpec = listing.Spec{Fields: map[string]string{
	"id":          "v.id",
	"kind":        "(v.kind_rank, v.line_number, v.created_utc)",
	"createdUtc":  "v.created_utc",
	"modifiedUtc": "v.modified_utc",
}, Default: "kind", IDColumn: "v.id"}

func (lineItemsStore) list(ctx context.Context, q db.Q, tenantID, orderID string, f LineItemFilter, p listing.Page) ([]LineItem, error) {
	lq := listing.NewQuery("v.tenant_id", tenantID)
	lq.Where("v.purchase_order_id = %s", orderID)
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
	query, args := lq.SQL(`SELECT `+purchaseLineColumns+purchaseLinesFrom, p)
	var rows []lineItemRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list purchase order lines: %w", err)
	}
	out := make([]LineItem, len(rows))
	for i, r := range rows {
		out[i] = r.toLineItem()
	}
	return out, nil
}

// getPurchaseLineSQL reads the order (o) with the one line of the view that has the id, if
// any: no row is a missing order, a row without a line a line not of the order.
const getPurchaseLineSQL = `
SELECT o.id AS order_id, v.id AS line_id, v.kind, v.kind_rank, v.line_number, v.name, v.description, v.item_id,
       v.quantity, v.unit_price, v.discount_is_percentage, v.discount_value, v.amount, v.created_utc, v.modified_utc,
       o.currency_code, o.taxable_base, o.discount_total
FROM purchase_orders o
LEFT JOIN (` + purchaseLinesViewSQL + `) v ON v.tenant_id = o.tenant_id AND v.purchase_order_id = o.id AND v.id = $3
WHERE o.tenant_id = $1 AND o.id = $2`

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
	err := sqlx.GetContext(ctx, q, &r, getPurchaseLineSQL, tenantID, orderID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return LineItem{}, apperr.NotFound("purchase order %s not found", orderID)
	}
	if err != nil {
		return LineItem{}, fmt.Errorf("get purchase order line: %w", err)
	}
	if r.LineID == nil {
		return LineItem{}, apperr.NotFound("line %s of purchase order %s not found", id, orderID)
	}
	row := r.lineItemRow
	row.ID, row.Kind, row.CreatedUtc, row.ModifiedUtc = *r.LineID, *r.Kind, *r.CreatedUtc, *r.ModifiedUtc
	return row.toLineItem(), nil
}
