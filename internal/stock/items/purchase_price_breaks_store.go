package items

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/purchasing/vendors"
	"mos/internal/stock/units"
)

type purchasePriceBreakRow struct {
	DetailID     string      `db:"vendor_detail_id"`
	VendorID     string      `db:"vendor_id"`
	UnitID       string      `db:"unit_of_measure_id"`
	Quantity     int         `db:"quantity"`
	Price        dec.Decimal `db:"price"`
	CurrencyCode string      `db:"currency_code"`
}

// purchasePriceBreakSortFields are the PriceBreak properties a purchase price break list
// sorts by (type is always price; margin, customerId and customerTierId are always null).
var purchasePriceBreakSortFields = map[string]string{
	"quantity":          "b.quantity",
	"price":             "b.price",
	"currencyCode":      "b.currency_code",
	"vendorId":          "d.vendor_id",
	"unitOfMeasureName": units.NameSortSQL("d.tenant_id", "d.unit_of_measure_id"),
}

// purchasePriceBreakListSpec sorts by default by vendor name (case-insensitive; ties by
// vendor id keep each vendor's breaks together), then unit name (case-insensitive), then
// vendor detail (a vendor may have two in one unit), then quantity. A break is its detail
// and quantity: they break ties.
var purchasePriceBreakListSpec = listing.Spec{
	Fields: purchasePriceBreakSortFields,
	DefaultOrder: "(" + vendors.NameSortSQL("d.tenant_id", "d.vendor_id") + ", d.vendor_id, " +
		units.NameSortSQL("d.tenant_id", "d.unit_of_measure_id") + ", d.id, b.quantity)",
	IDColumn: "(b.vendor_detail_id, b.quantity)",
}

// purchasePriceBreakPage reads the page p of the price breaks of the item's vendor details
// (of the vendors among vendorIDs when it is not nil).
func (itemStore) purchasePriceBreakPage(ctx context.Context, q db.Q, tenantID, itemID string, vendorIDs []string, p listing.Page) ([]PurchasePriceBreak, error) {
	lq := listing.NewQuery("b.tenant_id", tenantID)
	lq.Where("d.item_id = %s", itemID)
	if vendorIDs != nil {
		lq.Where("d.vendor_id = ANY(%s)", pq.StringArray(vendorIDs))
	}
	query, args := lq.SQL(`SELECT b.vendor_detail_id, d.vendor_id, d.unit_of_measure_id, b.quantity, b.price, b.currency_code
FROM item_vendor_price_breaks b
JOIN item_vendor_details d ON d.tenant_id = b.tenant_id AND d.id = b.vendor_detail_id`, p)
	var rows []purchasePriceBreakRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("item purchase price breaks: %w", err)
	}
	out := make([]PurchasePriceBreak, len(rows))
	for i, r := range rows {
		out[i] = PurchasePriceBreak{
			VendorPriceBreak: VendorPriceBreak{Quantity: r.Quantity, Price: r.Price, CurrencyCode: r.CurrencyCode},
			DetailID:         r.DetailID, VendorID: r.VendorID, UnitID: r.UnitID,
		}
	}
	return out, nil
}
