package items

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/purchasing/vendors"
)

type materialVendorRow struct {
	ID               string  `db:"id"`
	ItemID           string  `db:"item_id"`
	VendorID         string  `db:"vendor_id"`
	VendorItemNumber *string `db:"vendor_item_number"`
	VendorItemName   *string `db:"vendor_item_name"`
	Notes            *string `db:"notes"`
	VendorName       string  `db:"vendor_name"`
}

// materialVendorColumns are a material vendor detail's columns over the detail aliased m,
// with its vendor's name.
var materialVendorColumns = `m.id, m.item_id, m.vendor_id, m.vendor_item_number, m.vendor_item_name, m.notes,
       COALESCE(` + vendors.NameSQL("m.tenant_id", "m.vendor_id") + `, '') AS vendor_name`

const insertMaterialVendorSQL = `
INSERT INTO item_material_vendor_details (tenant_id, id, item_id, vendor_id, vendor_item_number, vendor_item_name, notes)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

func (itemStore) insertMaterialVendor(ctx context.Context, q db.Q, tenantID string, d MaterialVendorDetail) error {
	_, err := q.ExecContext(ctx, insertMaterialVendorSQL, tenantID, d.ID, d.ItemID, d.VendorID, d.VendorItemNumber, d.VendorItemName, d.Notes)
	return materialVendorWriteErr(err, d)
}

const updateMaterialVendorSQL = `
UPDATE item_material_vendor_details SET vendor_id = $4, vendor_item_number = $5, vendor_item_name = $6, notes = $7
WHERE tenant_id = $1 AND id = $2 AND item_id = $3`

// updateMaterialVendor replaces the item's detail d.ID; a detail of another item is not found.
func (itemStore) updateMaterialVendor(ctx context.Context, q db.Q, tenantID string, d MaterialVendorDetail) error {
	res, err := q.ExecContext(ctx, updateMaterialVendorSQL, tenantID, d.ID, d.ItemID, d.VendorID, d.VendorItemNumber, d.VendorItemName, d.Notes)
	if err != nil {
		return materialVendorWriteErr(err, d)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("update item material vendor detail: %w", err)
	}
	if n == 0 {
		return materialVendorNotFound(d.ID)
	}
	return nil
}

// materialVendorWriteErr turns the one-per-vendor index into a 400 naming vendorId.
func materialVendorWriteErr(err error, d MaterialVendorDetail) error {
	if err == nil {
		return nil
	}
	if idx, dup := db.UniqueViolation(err); dup && idx == "item_material_vendor_details_vendor_key" {
		return apperr.Field("vendorId", "vendor %s already has a material vendor detail on the item", d.VendorID)
	}
	return fmt.Errorf("save item material vendor detail: %w", err)
}

const deleteMaterialVendorSQL = `DELETE FROM item_material_vendor_details WHERE tenant_id = $1 AND item_id = $2 AND id = $3`

// deleteMaterialVendor deletes the item's detail id and reports whether there was one.
func (itemStore) deleteMaterialVendor(ctx context.Context, q db.Q, tenantID, itemID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteMaterialVendorSQL, tenantID, itemID, id)
	if err != nil {
		return false, fmt.Errorf("delete item material vendor detail: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete item material vendor detail: %w", err)
	}
	return n > 0, nil
}

var materialVendorsSQL = `SELECT ` + materialVendorColumns + `
FROM item_material_vendor_details m WHERE m.tenant_id = $1 AND m.item_id = ANY($2)`

// materialVendors reads the material vendor details of items with their vendors' names, in
// one query (unordered: see sortMaterialVendors).
func (itemStore) materialVendors(ctx context.Context, q db.Q, tenantID string, itemIDs []string) ([]MaterialVendorDetail, error) {
	var rows []materialVendorRow
	if err := sqlx.SelectContext(ctx, q, &rows, materialVendorsSQL, tenantID, pq.StringArray(itemIDs)); err != nil {
		return nil, fmt.Errorf("item material vendor details: %w", err)
	}
	return materialVendorsOf(rows), nil
}

// materialVendorSortFields are the ItemMaterialVendorDetail properties the list sorts by.
var materialVendorSortFields = map[string]string{
	"id":               "m.id",
	"vendorId":         "m.vendor_id",
	"vendorItemNumber": "lower(m.vendor_item_number)",
	"vendorItemName":   "lower(m.vendor_item_name)",
	"notes":            "lower(m.notes)",
}

// materialVendorListSpec sorts by default as Item.materialVendorDetails reads: by vendor
// name (case-insensitive), then id.
var materialVendorListSpec = listing.Spec{
	Fields:       materialVendorSortFields,
	DefaultOrder: vendors.NameSortSQL("m.tenant_id", "m.vendor_id"),
	IDColumn:     "m.id",
}

// materialVendorPage reads the page p of the item's material vendor details.
func (itemStore) materialVendorPage(ctx context.Context, q db.Q, tenantID, itemID string, p listing.Page) ([]MaterialVendorDetail, error) {
	lq := listing.NewQuery("m.tenant_id", tenantID)
	lq.Where("m.item_id = %s", itemID)
	query, args := lq.SQL(`SELECT `+materialVendorColumns+`
FROM item_material_vendor_details m`, p)
	var rows []materialVendorRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("item material vendor details: %w", err)
	}
	return materialVendorsOf(rows), nil
}

func materialVendorsOf(rows []materialVendorRow) []MaterialVendorDetail {
	out := make([]MaterialVendorDetail, len(rows))
	for i, r := range rows {
		out[i] = MaterialVendorDetail{
			ID: r.ID, ItemID: r.ItemID, VendorID: r.VendorID, VendorName: r.VendorName,
			VendorItemNumber: r.VendorItemNumber, VendorItemName: r.VendorItemName, Notes: r.Notes,
		}
	}
	return out
}
