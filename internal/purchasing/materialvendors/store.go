package materialvendors

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/purchasing/vendors"
)

type store struct{}

// row is an offer's columns; its JSON names are the columns too, for upsertSQL, which reads
// a vendor's offers as one JSON array.
type row struct {
	ID                   string       `db:"id" json:"id"`
	MaterialID           string       `db:"material_id" json:"material_id"`
	VendorID             string       `db:"vendor_id" json:"vendor_id"`
	VendorName           string       `db:"vendor_name" json:"-"`
	VendorItemNumber     *string      `db:"vendor_item_number" json:"vendor_item_number"`
	VendorItemName       *string      `db:"vendor_item_name" json:"vendor_item_name"`
	Price                dec.Decimal  `db:"price" json:"price"`
	PriceUnit            string       `db:"price_unit" json:"price_unit"`
	CurrencyCode         string       `db:"currency_code" json:"currency_code"`
	LeadTimeInDays       *int         `db:"lead_time_in_days" json:"lead_time_in_days"`
	MinimumOrderQuantity *dec.Decimal `db:"minimum_order_quantity" json:"minimum_order_quantity"`
	IsPrimary            bool         `db:"is_primary" json:"is_primary"`
	Notes                *string      `db:"notes" json:"notes"`
	CreatedUtc           time.Time    `db:"created_utc" json:"-"`
	ModifiedUtc          time.Time    `db:"modified_utc" json:"-"`
}

// rowOf is the row that stores m's writable members.
func rowOf(m MaterialVendor) row {
	return row{
		ID: m.ID, MaterialID: m.MaterialID, VendorID: m.VendorID, VendorItemNumber: m.VendorItemNumber, VendorItemName: m.VendorItemName,
		Price: m.Price, PriceUnit: string(m.PriceUnit), CurrencyCode: m.CurrencyCode, LeadTimeInDays: m.LeadTimeInDays,
		MinimumOrderQuantity: m.MinimumOrderQuantity, IsPrimary: m.IsPrimary, Notes: m.Notes,
	}
}

func (r row) toMaterialVendor() MaterialVendor {
	return MaterialVendor{
		ID: r.ID, MaterialID: r.MaterialID, VendorID: r.VendorID, VendorName: r.VendorName,
		VendorItemNumber: r.VendorItemNumber, VendorItemName: r.VendorItemName,
		Price: r.Price, PriceUnit: PriceUnit(r.PriceUnit), CurrencyCode: r.CurrencyCode, LeadTimeInDays: r.LeadTimeInDays,
		MinimumOrderQuantity: r.MinimumOrderQuantity, IsPrimary: r.IsPrimary, Notes: r.Notes,
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

// columns are an offer's columns over the offer aliased m, with its vendor's name.
var columns = `m.id, m.material_id, m.vendor_id, m.vendor_item_number, m.vendor_item_name, m.price, m.price_unit,
       m.currency_code, m.lead_time_in_days, m.minimum_order_quantity, m.is_primary, m.notes, m.created_utc, m.modified_utc,
       COALESCE(` + vendors.NameSQL("m.tenant_id", "m.vendor_id") + `, '') AS vendor_name`

// writeErr turns the one-offer-per-shape-and-vendor index into a 400 naming vendorId and the
// one-primary-per-shape index into a 409 (the shape lock makes it unreachable in practice).
func writeErr(err error, m MaterialVendor) error {
	if err == nil {
		return nil
	}
	switch idx, _ := db.UniqueViolation(err); idx {
	case "material_vendors_material_vendor_key":
		return apperr.Field(vendorField, "vendor %s already has an offer of material shape %s", m.VendorID, m.MaterialID)
	case "material_vendors_primary_key":
		return apperr.Conflict("another offer of material shape %s became primary at the same time", m.MaterialID)
	}
	return fmt.Errorf("save material vendor: %w", err)
}

const insertSQL = `
INSERT INTO material_vendors (tenant_id, id, material_id, vendor_id, vendor_item_number, vendor_item_name, price, price_unit,
                              currency_code, lead_time_in_days, minimum_order_quantity, is_primary, notes)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`

func (store) insert(ctx context.Context, q db.Q, tenantID string, m MaterialVendor) error {
	_, err := q.ExecContext(ctx, insertSQL, tenantID, m.ID, m.MaterialID, m.VendorID, m.VendorItemNumber, m.VendorItemName,
		m.Price, string(m.PriceUnit), m.CurrencyCode, m.LeadTimeInDays, m.MinimumOrderQuantity, m.IsPrimary, m.Notes)
	return writeErr(err, m)
}

var updateSQL = `
UPDATE material_vendors m SET vendor_item_number = $4, vendor_item_name = $5, price = $6, price_unit = $7, currency_code = $8,
       lead_time_in_days = $9, minimum_order_quantity = $10, is_primary = $11, notes = $12, modified_utc = now()
WHERE m.tenant_id = $1 AND m.material_id = $2 AND m.vendor_id = $3
RETURNING ` + columns

// update replaces the vendor's offer of the shape and returns it; none is NotFound.
func (store) update(ctx context.Context, q db.Q, tenantID string, m MaterialVendor) (MaterialVendor, error) {
	var r row
	err := sqlx.GetContext(ctx, q, &r, updateSQL, tenantID, m.MaterialID, m.VendorID, m.VendorItemNumber, m.VendorItemName,
		m.Price, string(m.PriceUnit), m.CurrencyCode, m.LeadTimeInDays, m.MinimumOrderQuantity, m.IsPrimary, m.Notes)
	if errors.Is(err, sql.ErrNoRows) {
		return MaterialVendor{}, apperr.NotFound("vendor %s has no offer of material shape %s", m.VendorID, m.MaterialID)
	}
	if err != nil {
		return MaterialVendor{}, writeErr(err, m)
	}
	return r.toMaterialVendor(), nil
}

const lockSQL = `SELECT pg_advisory_xact_lock(hashtextextended('materialvendors.' || $1 || ':' || $2 || ':' || k, 0))
FROM unnest($3::text[]) AS k ORDER BY k`

// lock takes the transaction's lock on each of keys of kind (sorted, so that two writes
// never wait on each other in a circle).
func (store) lock(ctx context.Context, q db.Q, kind, tenantID string, keys []string) error {
	if _, err := q.ExecContext(ctx, lockSQL, kind, tenantID, db.Array(sorted(keys))); err != nil {
		return fmt.Errorf("lock material vendors: %w", err)
	}
	return nil
}

const demoteSQL = `
UPDATE material_vendors SET is_primary = false, modified_utc = now()
WHERE tenant_id = $1 AND material_id = ANY($2) AND vendor_id <> $3 AND is_primary`

// demote takes the primary mark from the offers of materialIDs by vendors other than vendorID.
func (store) demote(ctx context.Context, q db.Q, tenantID, vendorID string, materialIDs []string) error {
	if _, err := q.ExecContext(ctx, demoteSQL, tenantID, db.Array(materialIDs), vendorID); err != nil {
		return fmt.Errorf("demote primary material vendors: %w", err)
	}
	return nil
}

const materialsOfSQL = `SELECT material_id FROM material_vendors WHERE tenant_id = $1 AND vendor_id = $2`

// materialsOf answers the shapes the vendor offers.
func (store) materialsOf(ctx context.Context, q db.Q, tenantID, vendorID string) (map[string]bool, error) {
	var list []string
	if err := sqlx.SelectContext(ctx, q, &list, materialsOfSQL, tenantID, vendorID); err != nil {
		return nil, fmt.Errorf("material vendors of vendor: %w", err)
	}
	out := make(map[string]bool, len(list))
	for _, id := range list {
		out[id] = true
	}
	return out, nil
}

const removeOthersSQL = `DELETE FROM material_vendors WHERE tenant_id = $1 AND vendor_id = $2 AND NOT (material_id = ANY($3))`

// removeOthers deletes the vendor's offers of shapes not among keep.
func (store) removeOthers(ctx context.Context, q db.Q, tenantID, vendorID string, keep []string) error {
	if _, err := q.ExecContext(ctx, removeOthersSQL, tenantID, vendorID, db.Array(keep)); err != nil {
		return fmt.Errorf("remove material vendors: %w", err)
	}
	return nil
}

// upsertSQL stores a vendor's offers in one statement: a shape the vendor offers already keeps
// its offer's id and is rewritten only when a member changes (so its version and modifiedUtc
// move only then).
const upsertSQL = `
INSERT INTO material_vendors (tenant_id, id, material_id, vendor_id, vendor_item_number, vendor_item_name, price, price_unit,
                              currency_code, lead_time_in_days, minimum_order_quantity, is_primary, notes)
SELECT $1, x.id, x.material_id, $2, x.vendor_item_number, x.vendor_item_name, x.price, x.price_unit,
       x.currency_code, x.lead_time_in_days, x.minimum_order_quantity, x.is_primary, x.notes
FROM jsonb_to_recordset($3::jsonb) AS x(id text, material_id text, vendor_item_number text, vendor_item_name text, price numeric,
     price_unit text, currency_code text, lead_time_in_days integer, minimum_order_quantity numeric, is_primary boolean, notes text)
ON CONFLICT (tenant_id, material_id, vendor_id) DO UPDATE SET
       vendor_item_number = EXCLUDED.vendor_item_number, vendor_item_name = EXCLUDED.vendor_item_name, price = EXCLUDED.price,
       price_unit = EXCLUDED.price_unit, currency_code = EXCLUDED.currency_code, lead_time_in_days = EXCLUDED.lead_time_in_days,
       minimum_order_quantity = EXCLUDED.minimum_order_quantity, is_primary = EXCLUDED.is_primary, notes = EXCLUDED.notes,
       modified_utc = now()
WHERE (material_vendors.vendor_item_number, material_vendors.vendor_item_name, material_vendors.price, material_vendors.price_unit,
       material_vendors.currency_code, material_vendors.lead_time_in_days, material_vendors.minimum_order_quantity,
       material_vendors.is_primary, material_vendors.notes)
   IS DISTINCT FROM (EXCLUDED.vendor_item_number, EXCLUDED.vendor_item_name, EXCLUDED.price, EXCLUDED.price_unit,
       EXCLUDED.currency_code, EXCLUDED.lead_time_in_days, EXCLUDED.minimum_order_quantity, EXCLUDED.is_primary, EXCLUDED.notes)`

// upsert stores the vendor's offers (new ones under their ids, existing ones in place).
func (store) upsert(ctx context.Context, q db.Q, tenantID, vendorID string, offers []MaterialVendor) error {
	if len(offers) == 0 {
		return nil
	}
	rows := make([]row, len(offers))
	for i, m := range offers {
		rows[i] = rowOf(m)
	}
	body, err := json.Marshal(rows)
	if err != nil {
		return fmt.Errorf("encode material vendors: %w", err)
	}
	if _, err := q.ExecContext(ctx, upsertSQL, tenantID, vendorID, string(body)); err != nil {
		if idx, dup := db.UniqueViolation(err); dup && idx == "material_vendors_primary_key" {
			return apperr.Conflict("another offer of a listed material shape became primary at the same time")
		}
		return fmt.Errorf("save material vendors: %w", err)
	}
	return nil
}

// sortFields are the MaterialVendor properties the lists sort by.
var sortFields = map[string]string{
	"id":               "m.id",
	"materialId":       "m.material_id",
	"vendorId":         "m.vendor_id",
	"vendorName":       vendors.NameSortSQL("m.tenant_id", "m.vendor_id"),
	"vendorItemNumber": "lower(m.vendor_item_number)",
	"vendorItemName":   "lower(m.vendor_item_name)",
	"price":            "m.price",
	"leadTimeInDays":   "m.lead_time_in_days",
	"isPrimary":        "m.is_primary",
	"createdUtc":       "m.created_utc",
	"modifiedUtc":      "m.modified_utc",
}

// materialListSpec orders a shape's offers by default with the primary first, then by vendor
// name (case-insensitive).
var materialListSpec = listing.Spec{
	Fields:       sortFields,
	DefaultOrder: "(NOT m.is_primary, " + vendors.NameSortSQL("m.tenant_id", "m.vendor_id") + ")",
	IDColumn:     "m.id",
}

// listSpec orders offers across shapes by default by shape, then as a shape's list.
var listSpec = listing.Spec{
	Fields:       sortFields,
	DefaultOrder: "(m.material_id, NOT m.is_primary, " + vendors.NameSortSQL("m.tenant_id", "m.vendor_id") + ")",
	IDColumn:     "m.id",
}

// list reads the page p of the offers matching f.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]MaterialVendor, error) {
	lq := listing.NewQuery("m.tenant_id", tenantID)
	if f.MaterialIDs != nil {
		lq.Where("m.material_id = ANY(%s)", db.Array(f.MaterialIDs))
	}
	if f.VendorIDs != nil {
		lq.Where("m.vendor_id = ANY(%s)", db.Array(f.VendorIDs))
	}
	if f.IsPrimary != nil {
		lq.Where("m.is_primary = %s", *f.IsPrimary)
	}
	listing.IfSet(lq, "m.modified_utc > %s", f.ModifiedAfterUtc)
	query, args := lq.SQL(`SELECT `+columns+` FROM material_vendors m`, p)
	var rows []row
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list material vendors: %w", err)
	}
	out := make([]MaterialVendor, len(rows))
	for i, r := range rows {
		out[i] = r.toMaterialVendor()
	}
	return out, nil
}
