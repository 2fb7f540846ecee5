package items

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
)

// subRecordIDsSQL lists the ids of the sub-records of item $2 that have ids of their own, in
// id order.
const subRecordIDsSQL = `
SELECT id FROM item_vendor_details WHERE tenant_id = $1 AND item_id = $2
UNION ALL SELECT id FROM item_material_vendor_details WHERE tenant_id = $1 AND item_id = $2
UNION ALL SELECT id FROM item_customer_details WHERE tenant_id = $1 AND item_id = $2
UNION ALL SELECT id FROM item_sales_price_breaks WHERE tenant_id = $1 AND item_id = $2
ORDER BY id`

// Each copy statement takes the tenant ($1), the source item ($2), the new item ($3) and,
// where its rows have ids, the new id of every source id: $4[i] becomes $5[i].
const (
	copyTagsSQL = `
INSERT INTO item_tags (tenant_id, item_id, tag_id)
SELECT tenant_id, $3, tag_id FROM item_tags WHERE tenant_id = $1 AND item_id = $2`

	copyVendorDetailsSQL = `
INSERT INTO item_vendor_details (tenant_id, id, item_id, vendor_id, vendor_item_number, vendor_item_name, price,
       is_primary, lead_time_in_days, unit_of_measure_id, unit_quantity, inventory_unit_quantity, notes)
SELECT d.tenant_id, m.new_id, $3, d.vendor_id, d.vendor_item_number, d.vendor_item_name, d.price,
       d.is_primary, d.lead_time_in_days, d.unit_of_measure_id, d.unit_quantity, d.inventory_unit_quantity, d.notes
FROM item_vendor_details d JOIN unnest($4::text[], $5::text[]) AS m(old_id, new_id) ON m.old_id = d.id
WHERE d.tenant_id = $1 AND d.item_id = $2`

	// A break of source detail old_id is copied onto new_id, the copy of that detail that
	// copyVendorDetailsSQL stored on the new item (the foreign key holds it there). It
	// names no new item, so it takes the tenant ($1), the source item ($2) and the id
	// pairs ($3[i] becomes $4[i]).
	copyVendorPriceBreaksSQL = `
INSERT INTO item_vendor_price_breaks (tenant_id, vendor_detail_id, quantity, price, currency_code)
SELECT b.tenant_id, m.new_id, b.quantity, b.price, b.currency_code
FROM item_vendor_price_breaks b
JOIN item_vendor_details d ON d.tenant_id = b.tenant_id AND d.id = b.vendor_detail_id AND d.item_id = $2
JOIN unnest($3::text[], $4::text[]) AS m(old_id, new_id) ON m.old_id = d.id
WHERE b.tenant_id = $1`

	copyMaterialVendorsSQL = `
INSERT INTO item_material_vendor_details (tenant_id, id, item_id, vendor_id, vendor_item_number, vendor_item_name, notes)
SELECT d.tenant_id, m.new_id, $3, d.vendor_id, d.vendor_item_number, d.vendor_item_name, d.notes
FROM item_material_vendor_details d JOIN unnest($4::text[], $5::text[]) AS m(old_id, new_id) ON m.old_id = d.id
WHERE d.tenant_id = $1 AND d.item_id = $2`

	copyCustomerDetailsSQL = `
INSERT INTO item_customer_details (tenant_id, id, item_id, customer_id, customer_item_number, customer_item_name, unit_of_measure_id)
SELECT d.tenant_id, m.new_id, $3, d.customer_id, d.customer_item_number, d.customer_item_name, d.unit_of_measure_id
FROM item_customer_details d JOIN unnest($4::text[], $5::text[]) AS m(old_id, new_id) ON m.old_id = d.id
WHERE d.tenant_id = $1 AND d.item_id = $2`

	copySalesPriceBreaksSQL = `
INSERT INTO item_sales_price_breaks (tenant_id, id, item_id, quantity, type, price, margin, currency_code,
       customer_id, customer_tier_id, unit_of_measure_id)
SELECT b.tenant_id, m.new_id, $3, b.quantity, b.type, b.price, b.margin, b.currency_code,
       b.customer_id, b.customer_tier_id, b.unit_of_measure_id
FROM item_sales_price_breaks b JOIN unnest($4::text[], $5::text[]) AS m(old_id, new_id) ON m.old_id = b.id
WHERE b.tenant_id = $1 AND b.item_id = $2`
)

// copyItemRecords copies the tags, vendor details with their price breaks, material vendor
// details, customer details and sales price breaks of item sourceID to item newID: one
// statement per table. Copied records get ids from newSubID, made in the order of the source
// ids so that copies tie-break among themselves as the originals do. The caller holds the
// source row locked, so its records cannot change meanwhile.
func (itemStore) copyItemRecords(ctx context.Context, q db.Q, tenantID, sourceID, newID string, newSubID func() string) error {
	var sourceIDs pq.StringArray
	if err := sqlx.SelectContext(ctx, q, &sourceIDs, subRecordIDsSQL, tenantID, sourceID); err != nil {
		return fmt.Errorf("item sub-record ids: %w", err)
	}
	copyIDs := make(pq.StringArray, len(sourceIDs))
	for i := range sourceIDs {
		copyIDs[i] = newSubID()
	}
	if _, err := q.ExecContext(ctx, copyTagsSQL, tenantID, sourceID, newID); err != nil {
		return fmt.Errorf("copy item tags: %w", err)
	}
	if _, err := q.ExecContext(ctx, copyVendorDetailsSQL, tenantID, sourceID, newID, sourceIDs, copyIDs); err != nil {
		return fmt.Errorf("copy item vendor details: %w", err)
	}
	if _, err := q.ExecContext(ctx, copyVendorPriceBreaksSQL, tenantID, sourceID, sourceIDs, copyIDs); err != nil {
		return fmt.Errorf("copy item vendor price breaks: %w", err)
	}
	for _, c := range []struct{ what, query string }{
		{"material vendor details", copyMaterialVendorsSQL},
		{"customer details", copyCustomerDetailsSQL},
		{"sales price breaks", copySalesPriceBreaksSQL},
	} {
		if _, err := q.ExecContext(ctx, c.query, tenantID, sourceID, newID, sourceIDs, copyIDs); err != nil {
			return fmt.Errorf("copy item %s: %w", c.what, err)
		}
	}
	return nil
}
