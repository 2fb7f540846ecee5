package items

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/purchasing/vendors"
	"mos/internal/stock/units"
)

type vendorDetailRow struct {
	ID                    string       `db:"id"`
	ItemID                string       `db:"item_id"`
	VendorID              string       `db:"vendor_id"`
	VendorItemNumber      *string      `db:"vendor_item_number"`
	VendorItemName        *string      `db:"vendor_item_name"`
	Price                 *dec.Decimal `db:"price"`
	IsPrimary             bool         `db:"is_primary"`
	LeadTimeInDays        *int         `db:"lead_time_in_days"`
	UnitID                string       `db:"unit_of_measure_id"`
	UnitQuantity          dec.Decimal  `db:"unit_quantity"`
	InventoryUnitQuantity dec.Decimal  `db:"inventory_unit_quantity"`
	Notes                 *string      `db:"notes"`
	// What the detail shows from other areas' rows, and its price breaks (vendorDetailColumns).
	VendorName     string          `db:"vendor_name"`
	VendorCurrency string          `db:"vendor_currency"`
	UnitName       string          `db:"unit_name"`
	PriceBreaks    priceBreaksJSON `db:"price_breaks"`
}

// vendorDetailColumns are a vendor detail's columns over the detail aliased d, with the
// vendor's name and currency, the unit's name and the detail's price breaks by quantity (a
// JSON array of priceBreakJSON), so that one statement reads details whole.
var vendorDetailColumns = `d.id, d.item_id, d.vendor_id, d.vendor_item_number, d.vendor_item_name, d.price, d.is_primary,
       d.lead_time_in_days, d.unit_of_measure_id, d.unit_quantity, d.inventory_unit_quantity, d.notes,
       COALESCE(` + vendors.NameSQL("d.tenant_id", "d.vendor_id") + `, '') AS vendor_name,
       COALESCE(` + vendors.CurrencySQL("d.tenant_id", "d.vendor_id") + `, '') AS vendor_currency,
       COALESCE(` + units.NameSQL("d.tenant_id", "d.unit_of_measure_id") + `, '') AS unit_name,
       (SELECT json_agg(json_build_object('quantity', b.quantity, 'price', b.price::text, 'currency_code', b.currency_code)
               ORDER BY b.quantity)
          FROM item_vendor_price_breaks b WHERE b.tenant_id = d.tenant_id AND b.vendor_detail_id = d.id) AS price_breaks`

// priceBreakJSON is one element of vendorDetailColumns' price_breaks; the price travels as
// text, so it reads exactly as the column would.
type priceBreakJSON struct {
	Quantity     int    `json:"quantity"`
	Price        string `json:"price"`
	CurrencyCode string `json:"currency_code"`
}

// priceBreaksJSON is a detail's price breaks as read by vendorDetailColumns (NULL: none).
type priceBreaksJSON []VendorPriceBreak

func (p *priceBreaksJSON) Scan(src any) error {
	*p = priceBreaksJSON{}
	var list []priceBreakJSON
	if ok, err := db.ScanJSON(src, &list, "vendor price breaks"); !ok || err != nil {
		return err
	}
	for _, b := range list {
		var price dec.Decimal
		if err := price.Scan(b.Price); err != nil {
			return fmt.Errorf("vendor price break: %w", err)
		}
		*p = append(*p, VendorPriceBreak{Quantity: b.Quantity, Price: price, CurrencyCode: b.CurrencyCode})
	}
	return nil
}

const lockVendorDetailSQL = `SELECT id FROM item_vendor_details WHERE tenant_id = $1 AND item_id = $2 AND id = $3 FOR UPDATE`

// lockVendorDetail locks the item's detail id; a detail of another item is not found.
func (itemStore) lockVendorDetail(ctx context.Context, q db.Q, tenantID, itemID, id string) error {
	var got string
	err := sqlx.GetContext(ctx, q, &got, lockVendorDetailSQL, tenantID, itemID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return vendorDetailNotFound(id)
	}
	if err != nil {
		return fmt.Errorf("lock item vendor detail: %w", err)
	}
	return nil
}

const demotePrimarySQL = `UPDATE item_vendor_details SET is_primary = false WHERE tenant_id = $1 AND item_id = $2 AND is_primary`

func (itemStore) demotePrimaryVendorDetail(ctx context.Context, q db.Q, tenantID, itemID string) error {
	if _, err := q.ExecContext(ctx, demotePrimarySQL, tenantID, itemID); err != nil {
		return fmt.Errorf("demote primary vendor detail: %w", err)
	}
	return nil
}

const insertVendorDetailSQL = `
INSERT INTO item_vendor_details (tenant_id, id, item_id, vendor_id, vendor_item_number, vendor_item_name, price,
       is_primary, lead_time_in_days, unit_of_measure_id, unit_quantity, inventory_unit_quantity, notes)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`

const updateVendorDetailSQL = `
UPDATE item_vendor_details SET vendor_id = $4, vendor_item_number = $5, vendor_item_name = $6, price = $7,
       is_primary = $8, lead_time_in_days = $9, unit_of_measure_id = $10, unit_quantity = $11,
       inventory_unit_quantity = $12, notes = $13
WHERE tenant_id = $1 AND id = $2 AND item_id = $3`

const deletePriceBreaksSQL = `DELETE FROM item_vendor_price_breaks WHERE tenant_id = $1 AND vendor_detail_id = $2`

// saveVendorDetail inserts (create) or replaces d with its price breaks.
func (itemStore) saveVendorDetail(ctx context.Context, q db.Q, tenantID string, d VendorDetail, create bool) error {
	query := updateVendorDetailSQL
	if create {
		query = insertVendorDetailSQL
	}
	_, err := q.ExecContext(ctx, query, tenantID, d.ID, d.ItemID, d.VendorID, d.VendorItemNumber, d.VendorItemName, d.Price,
		d.IsPrimary, d.LeadTimeInDays, d.UnitID, d.UnitQuantity, d.InventoryUnitQuantity, d.Notes)
	if err != nil {
		return fmt.Errorf("save item vendor detail: %w", err)
	}
	if _, err := q.ExecContext(ctx, deletePriceBreaksSQL, tenantID, d.ID); err != nil {
		return fmt.Errorf("replace price breaks: %w", err)
	}
	return insertPriceBreaks(ctx, q, tenantID, map[string][]VendorPriceBreak{d.ID: d.PriceBreaks})
}

const deleteItemPriceBreaksSQL = `
DELETE FROM item_vendor_price_breaks b USING item_vendor_details d
WHERE b.tenant_id = $1 AND d.tenant_id = b.tenant_id AND d.id = b.vendor_detail_id AND d.item_id = $2`

// replacePurchasePriceBreaks makes byDetail (vendor detail id → its breaks; every id a
// detail of the item) the price breaks of every vendor detail of the item.
func (itemStore) replacePurchasePriceBreaks(ctx context.Context, q db.Q, tenantID, itemID string, byDetail map[string][]VendorPriceBreak) error {
	if _, err := q.ExecContext(ctx, deleteItemPriceBreaksSQL, tenantID, itemID); err != nil {
		return fmt.Errorf("delete purchase price breaks: %w", err)
	}
	return insertPriceBreaks(ctx, q, tenantID, byDetail)
}

const insertPriceBreaksSQL = `
INSERT INTO item_vendor_price_breaks (tenant_id, vendor_detail_id, quantity, price, currency_code)
SELECT $1, unnest($2::text[]), unnest($3::integer[]), unnest($4::numeric[]), unnest($5::text[])`

// insertPriceBreaks stores the breaks of vendor details (by detail id) in one statement. The
// primary key keeps quantities distinct within a detail, behind the services' own check.
func insertPriceBreaks(ctx context.Context, q db.Q, tenantID string, byDetail map[string][]VendorPriceBreak) error {
	var details, currencies, prices pq.StringArray
	var quantities pq.Int64Array
	for detailID, breaks := range byDetail {
		for _, b := range breaks {
			details, currencies = append(details, detailID), append(currencies, b.CurrencyCode)
			quantities, prices = append(quantities, int64(b.Quantity)), append(prices, b.Price.String())
		}
	}
	if len(details) == 0 {
		return nil
	}
	_, err := q.ExecContext(ctx, insertPriceBreaksSQL, tenantID, details, quantities, prices, currencies)
	if _, ok := db.UniqueViolation(err); ok {
		return apperr.Field("priceBreaks", "quantities must be distinct within a vendor detail")
	}
	if err != nil {
		return fmt.Errorf("insert price breaks: %w", err)
	}
	return nil
}

const deleteVendorDetailSQL = `DELETE FROM item_vendor_details WHERE tenant_id = $1 AND item_id = $2 AND id = $3`

// deleteVendorDetail deletes the item's detail id (its price breaks cascade) and reports
// whether there was one.
func (itemStore) deleteVendorDetail(ctx context.Context, q db.Q, tenantID, itemID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteVendorDetailSQL, tenantID, itemID, id)
	if err != nil {
		return false, fmt.Errorf("delete item vendor detail: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete item vendor detail: %w", err)
	}
	return n > 0, nil
}

var vendorDetailsSQL = `SELECT ` + vendorDetailColumns + `
FROM item_vendor_details d WHERE d.tenant_id = $1 AND d.item_id = ANY($2)`

// vendorDetails reads the details of items, named and with their price breaks (by
// quantity), in one query (unordered: see sortVendorDetails).
func (itemStore) vendorDetails(ctx context.Context, q db.Q, tenantID string, itemIDs []string) ([]VendorDetail, error) {
	var rows []vendorDetailRow
	if err := sqlx.SelectContext(ctx, q, &rows, vendorDetailsSQL, tenantID, pq.StringArray(itemIDs)); err != nil {
		return nil, fmt.Errorf("item vendor details: %w", err)
	}
	return vendorDetailsOf(rows), nil
}

// vendorDetailSortFields are the ItemVendorDetail properties the list sorts by (its price
// breaks are an array, which orders nothing).
var vendorDetailSortFields = map[string]string{
	"id":                    "d.id",
	"vendorId":              "d.vendor_id",
	"vendorItemNumber":      "lower(d.vendor_item_number)",
	"vendorItemName":        "lower(d.vendor_item_name)",
	"price":                 "d.price",
	"isPrimary":             "d.is_primary",
	"leadTimeInDays":        "d.lead_time_in_days",
	"unitOfMeasureName":     units.NameSortSQL("d.tenant_id", "d.unit_of_measure_id"),
	"unitQuantity":          "d.unit_quantity",
	"inventoryUnitQuantity": "d.inventory_unit_quantity",
	"notes":                 "lower(d.notes)",
}

// vendorDetailListSpec sorts by default as Item.vendorDetails reads: the primary first, then
// by vendor name (case-insensitive), then id.
var vendorDetailListSpec = listing.Spec{
	Fields:       vendorDetailSortFields,
	DefaultOrder: "(NOT d.is_primary, " + vendors.NameSortSQL("d.tenant_id", "d.vendor_id") + ")",
	IDColumn:     "d.id",
}

var vendorDetailPageSelect = `SELECT ` + vendorDetailColumns + `
FROM item_vendor_details d`

// vendorDetailPage reads the page p of the item's vendor details, named and with their price
// breaks (by quantity), in one query.
func (itemStore) vendorDetailPage(ctx context.Context, q db.Q, tenantID, itemID string, p listing.Page) ([]VendorDetail, error) {
	lq := listing.NewQuery("d.tenant_id", tenantID)
	lq.Where("d.item_id = %s", itemID)
	query, args := lq.SQL(vendorDetailPageSelect, p)
	var rows []vendorDetailRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("item vendor details: %w", err)
	}
	return vendorDetailsOf(rows), nil
}

// vendorDetailsOf makes details of rows, in their order.
func vendorDetailsOf(rows []vendorDetailRow) []VendorDetail {
	out := make([]VendorDetail, len(rows))
	for i, r := range rows {
		out[i] = VendorDetail{
			ID: r.ID, ItemID: r.ItemID, VendorID: r.VendorID, VendorName: r.VendorName, VendorCurrency: r.VendorCurrency,
			VendorItemNumber: r.VendorItemNumber, VendorItemName: r.VendorItemName,
			Price: r.Price, IsPrimary: r.IsPrimary, LeadTimeInDays: r.LeadTimeInDays, UnitID: r.UnitID, UnitName: r.UnitName,
			UnitQuantity: r.UnitQuantity, InventoryUnitQuantity: r.InventoryUnitQuantity, Notes: r.Notes,
			PriceBreaks: []VendorPriceBreak(r.PriceBreaks),
		}
		if out[i].PriceBreaks == nil {
			out[i].PriceBreaks = []VendorPriceBreak{}
		}
	}
	return out
}

// pricedVendorDetailSQL is true when a vendor detail of the item carries a price above 0, on
// itself or on a price break (a zero price prices nothing).
const pricedVendorDetailSQL = `
SELECT EXISTS (SELECT 1 FROM item_vendor_details d WHERE d.tenant_id = $1 AND d.item_id = $2 AND (d.price > 0
    OR EXISTS (SELECT 1 FROM item_vendor_price_breaks b WHERE b.tenant_id = d.tenant_id AND b.vendor_detail_id = d.id AND b.price > 0)))`

func hasPricedVendorDetail(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	var priced bool
	if err := sqlx.GetContext(ctx, q, &priced, pricedVendorDetailSQL, tenantID, itemID); err != nil {
		return false, fmt.Errorf("priced vendor details: %w", err)
	}
	return priced, nil
}

const hasVendorDetailsSQL = `SELECT EXISTS (SELECT 1 FROM item_vendor_details WHERE tenant_id = $1 AND item_id = $2)`

func (itemStore) hasVendorDetails(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	var has bool
	if err := sqlx.GetContext(ctx, q, &has, hasVendorDetailsSQL, tenantID, itemID); err != nil {
		return false, fmt.Errorf("item has vendor details: %w", err)
	}
	return has, nil
}

// scaledInventoryQuantity is inventory_unit_quantity times $3/$4 rounded to the 20 fraction
// digits quantities keep on the wire. PostgreSQL gives a quotient only about 16 significant
// digits beyond its operands' scale, so the dividend is widened to 60 fraction digits
// first: the quotient is then exact well past the 20 kept.
const scaledInventoryQuantity = `round((inventory_unit_quantity * $3)::numeric(1000, 60) / $4, 20)`

const vendorQuantityVanishesSQL = `SELECT EXISTS (SELECT 1 FROM item_vendor_details
WHERE tenant_id = $1 AND item_id = $2 AND ` + scaledInventoryQuantity + ` = 0)`

// vendorQuantityVanishes reports whether scaling (see scaleVendorInventoryQuantities) would
// round any vendor detail's inventory_unit_quantity of the item to 0, which the CHECK
// (> 0) refuses; the caller holds the item's row, so the details cannot change in between.
func (itemStore) vendorQuantityVanishes(ctx context.Context, q db.Q, tenantID, itemID string, num, den dec.Decimal) (bool, error) {
	var vanishes bool
	if err := sqlx.GetContext(ctx, q, &vanishes, vendorQuantityVanishesSQL, tenantID, itemID, num, den); err != nil {
		return false, fmt.Errorf("restated vendor inventory unit quantities: %w", err)
	}
	return vanishes, nil
}

const scaleVendorInventoryQuantitiesSQL = `
UPDATE item_vendor_details SET inventory_unit_quantity = ` + scaledInventoryQuantity + `
WHERE tenant_id = $1 AND item_id = $2`

// scaleVendorInventoryQuantities multiplies every vendor detail's inventory_unit_quantity of
// the item by num/den (see scaledInventoryQuantity).
func (itemStore) scaleVendorInventoryQuantities(ctx context.Context, q db.Q, tenantID, itemID string, num, den dec.Decimal) error {
	if _, err := q.ExecContext(ctx, scaleVendorInventoryQuantitiesSQL, tenantID, itemID, num, den); err != nil {
		return fmt.Errorf("restate vendor inventory unit quantities: %w", err)
	}
	return nil
}
