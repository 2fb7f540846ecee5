package items

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/sales/customers"
	"mos/internal/sales/tiers"
	"mos/internal/stock/units"
)

type salesPriceBreakRow struct {
	ID             string       `db:"id" json:"id"`
	ItemID         string       `db:"item_id" json:"item_id"`
	Quantity       int          `db:"quantity" json:"quantity"`
	Type           string       `db:"type" json:"type"`
	Price          *dec.Decimal `db:"price" json:"price"`
	Margin         *dec.Decimal `db:"margin" json:"margin"`
	CurrencyCode   string       `db:"currency_code" json:"currency_code"`
	CustomerID     *string      `db:"customer_id" json:"customer_id"`
	CustomerTierID *string      `db:"customer_tier_id" json:"customer_tier_id"`
	UnitID         string       `db:"unit_of_measure_id" json:"unit_of_measure_id"`
	// What a read shows from other areas' rows (salesPriceBreakColumns); never written.
	UnitName        string  `db:"unit_name" json:"-"`
	CustomerName    *string `db:"customer_name" json:"-"`
	TierName        *string `db:"tier_name" json:"-"`
	TierDescription *string `db:"tier_description" json:"-"`
}

// salesPriceBreakColumns are a sales price break's columns over the break aliased b, with
// the names of its unit, customer and tier (and the tier's description), which its read
// shape and its order need.
var salesPriceBreakColumns = `b.id, b.item_id, b.quantity, b.type, b.price, b.margin, b.currency_code, b.customer_id,
       b.customer_tier_id, b.unit_of_measure_id,
       COALESCE(` + units.NameSQL("b.tenant_id", "b.unit_of_measure_id") + `, '') AS unit_name,
       ` + customers.NameSQL("b.tenant_id", "b.customer_id") + ` AS customer_name,
       ` + tiers.NameSQL("b.tenant_id", "b.customer_tier_id") + ` AS tier_name,
       ` + tiers.DescriptionSQL("b.tenant_id", "b.customer_tier_id") + ` AS tier_description`

const deleteSalesPriceBreaksSQL = `DELETE FROM item_sales_price_breaks WHERE tenant_id = $1 AND item_id = $2`

// insertSalesPriceBreaksSQL inserts every break of $3, a JSON array of salesPriceBreakRow,
// in one statement (JSON carries the null prices and margins that arrays of text cannot).
const insertSalesPriceBreaksSQL = `
INSERT INTO item_sales_price_breaks (tenant_id, id, item_id, quantity, type, price, margin, currency_code,
       customer_id, customer_tier_id, unit_of_measure_id)
SELECT $1, b.id, b.item_id, b.quantity, b.type, b.price, b.margin, b.currency_code, b.customer_id,
       b.customer_tier_id, b.unit_of_measure_id
FROM jsonb_to_recordset($2::jsonb) AS b(id text, item_id text, quantity integer, type text, price numeric,
       margin numeric, currency_code text, customer_id text, customer_tier_id text, unit_of_measure_id text)`

// replaceSalesPriceBreaks replaces every sales price break of the item with breaks. The
// service refuses duplicates first; the unique indexes answer 400 should one slip past.
func (itemStore) replaceSalesPriceBreaks(ctx context.Context, q db.Q, tenantID, itemID string, breaks []SalesPriceBreak) error {
	if _, err := q.ExecContext(ctx, deleteSalesPriceBreaksSQL, tenantID, itemID); err != nil {
		return fmt.Errorf("delete sales price breaks: %w", err)
	}
	if len(breaks) == 0 {
		return nil
	}
	rows := make([]salesPriceBreakRow, len(breaks))
	for i, b := range breaks {
		rows[i] = salesPriceBreakRow{
			ID: b.ID, ItemID: itemID, Quantity: b.Quantity, Type: string(b.Type), Price: b.Price, Margin: b.Margin,
			CurrencyCode: b.CurrencyCode, CustomerID: b.CustomerID, CustomerTierID: b.CustomerTierID, UnitID: b.UnitID,
		}
	}
	doc, err := json.Marshal(rows)
	if err != nil {
		return fmt.Errorf("encode sales price breaks: %w", err)
	}
	_, err = q.ExecContext(ctx, insertSalesPriceBreaksSQL, tenantID, string(doc))
	if _, ok := db.UniqueViolation(err); ok {
		return apperr.Field("priceBreaks", "two price breaks share scope, unit and quantity")
	}
	if err != nil {
		return fmt.Errorf("insert sales price breaks: %w", err)
	}
	return nil
}

// salesPriceBreaksSQL reads the sales price breaks of items ($2); $3 keeps only list-price
// breaks; $4 keeps only breaks of the customers $5 or the tiers $6.
var salesPriceBreaksSQL = `SELECT ` + salesPriceBreakColumns + `
FROM item_sales_price_breaks b
WHERE b.tenant_id = $1 AND b.item_id = ANY($2)
  AND (NOT $3 OR (b.customer_id IS NULL AND b.customer_tier_id IS NULL))
  AND (NOT $4 OR b.customer_id = ANY($5::text[]) OR b.customer_tier_id = ANY($6::text[]))`

// salesPriceBreaks reads the sales price breaks of items narrowed to f's scopes with their
// units' names, and the customers and tiers they name (unordered: see pricingRefs.sortBreaks).
func (itemStore) salesPriceBreaks(ctx context.Context, q db.Q, tenantID string, itemIDs []string, f SalesPriceBreakFilter) ([]SalesPriceBreak, pricingRefs, error) {
	byScope := f.CustomerIDs != nil || f.CustomerTierIDs != nil
	var rows []salesPriceBreakRow
	err := sqlx.SelectContext(ctx, q, &rows, salesPriceBreaksSQL, tenantID, pq.StringArray(itemIDs),
		f.ListPriceOnly, byScope, pq.StringArray(f.CustomerIDs), pq.StringArray(f.CustomerTierIDs))
	if err != nil {
		return nil, pricingRefs{}, fmt.Errorf("item sales price breaks: %w", err)
	}
	refs := pricingRefs{customerNames: map[string]string{}, tiers: map[string]tiers.Tier{}}
	for _, r := range rows {
		if r.CustomerID != nil && r.CustomerName != nil {
			refs.customerNames[*r.CustomerID] = *r.CustomerName
		}
		if r.CustomerTierID != nil && r.TierName != nil {
			refs.tiers[*r.CustomerTierID] = tiers.Tier{ID: *r.CustomerTierID, Name: *r.TierName, Description: r.TierDescription}
		}
	}
	return salesPriceBreaksOf(rows), refs, nil
}

// salesPriceBreakSortFields are the PriceBreak properties a sales price break list sorts by
// (vendorId is null on every sales break).
var salesPriceBreakSortFields = map[string]string{
	"quantity":          "b.quantity",
	"type":              "b.type",
	"price":             "b.price",
	"margin":            "b.margin",
	"currencyCode":      "b.currency_code",
	"customerId":        "b.customer_id",
	"customerTierId":    "b.customer_tier_id",
	"unitOfMeasureName": units.NameSortSQL("b.tenant_id", "b.unit_of_measure_id"),
}

// salesPriceBreakListSpec sorts by default by scope (the list price, then tiers by name
// case-insensitively and id, then customers likewise), then unit name (case-insensitive),
// then quantity; the names live in their areas and are read through their packages.
var salesPriceBreakListSpec = listing.Spec{
	Fields: salesPriceBreakSortFields,
	DefaultOrder: `(CASE WHEN b.customer_tier_id IS NOT NULL THEN 1 WHEN b.customer_id IS NOT NULL THEN 2 ELSE 0 END, ` +
		`COALESCE(` + tiers.NameSortSQL("b.tenant_id", "b.customer_tier_id") + `, ` + customers.NameSortSQL("b.tenant_id", "b.customer_id") + `, ''), ` +
		`COALESCE(b.customer_tier_id, b.customer_id, ''), ` + units.NameSortSQL("b.tenant_id", "b.unit_of_measure_id") + `, b.quantity)`,
	IDColumn: "b.id",
}

// salesPriceBreakPage reads the page p of the item's sales price breaks narrowed to f's scopes.
func (itemStore) salesPriceBreakPage(ctx context.Context, q db.Q, tenantID, itemID string, f SalesPriceBreakFilter, p listing.Page) ([]SalesPriceBreak, error) {
	lq := listing.NewQuery("b.tenant_id", tenantID)
	lq.Where("b.item_id = %s", itemID)
	if f.ListPriceOnly {
		lq.Where("b.customer_id IS NULL AND b.customer_tier_id IS NULL")
	}
	if f.CustomerIDs != nil || f.CustomerTierIDs != nil {
		lq.Where("(b.customer_id = ANY(%s::text[]) OR b.customer_tier_id = ANY(%s::text[]))",
			pq.StringArray(f.CustomerIDs), pq.StringArray(f.CustomerTierIDs))
	}
	query, args := lq.SQL(`SELECT `+salesPriceBreakColumns+`
FROM item_sales_price_breaks b`, p)
	var rows []salesPriceBreakRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("item sales price breaks: %w", err)
	}
	return salesPriceBreaksOf(rows), nil
}

func salesPriceBreaksOf(rows []salesPriceBreakRow) []SalesPriceBreak {
	out := make([]SalesPriceBreak, len(rows))
	for i, r := range rows {
		out[i] = SalesPriceBreak{
			ID: r.ID, ItemID: r.ItemID, Quantity: r.Quantity, Type: SalesBreakType(r.Type), Price: r.Price, Margin: r.Margin,
			CurrencyCode: r.CurrencyCode, CustomerID: r.CustomerID, CustomerTierID: r.CustomerTierID, UnitID: r.UnitID,
			UnitName: r.UnitName,
		}
	}
	return out
}

// pricedSalesPriceBreakSQL is true when a sales price break of the item carries a price above
// 0 (margin breaks carry none; a zero price prices nothing, as for vendor details).
const pricedSalesPriceBreakSQL = `
SELECT EXISTS (SELECT 1 FROM item_sales_price_breaks WHERE tenant_id = $1 AND item_id = $2 AND price > 0)`

func hasPricedSalesPriceBreak(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	var priced bool
	if err := sqlx.GetContext(ctx, q, &priced, pricedSalesPriceBreakSQL, tenantID, itemID); err != nil {
		return false, fmt.Errorf("priced sales price breaks: %w", err)
	}
	return priced, nil
}
