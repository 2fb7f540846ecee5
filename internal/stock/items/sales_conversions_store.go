package items

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/stock/units"
)

type salesConversionRow struct {
	ItemID              string      `db:"item_id"`
	UnitID              string      `db:"destination_unit_id"`
	SourceQuantity      dec.Decimal `db:"source_quantity"`
	DestinationQuantity dec.Decimal `db:"destination_quantity"`
	IsCustom            bool        `db:"is_custom"`
	IsDefault           bool        `db:"is_default"`
	UnitName            string      `db:"unit_name"`
}

// itemSalesConversion is a stored conversion with the item it belongs to.
type itemSalesConversion struct {
	itemID     string
	conversion SalesConversion
}

var salesConversionsSQL = `
SELECT c.item_id, c.destination_unit_id, c.source_quantity, c.destination_quantity, c.is_custom, c.is_default,
       COALESCE(` + units.NameSQL("c.tenant_id", "c.destination_unit_id") + `, '') AS unit_name
FROM item_sales_unit_conversions c WHERE c.tenant_id = $1 AND c.item_id = ANY($2)
ORDER BY c.item_id, c.position`

// salesConversions reads the conversions of the items with their units' names, each item's
// in written order.
func (itemStore) salesConversions(ctx context.Context, q db.Q, tenantID string, itemIDs []string) ([]itemSalesConversion, error) {
	var rows []salesConversionRow
	if err := sqlx.SelectContext(ctx, q, &rows, salesConversionsSQL, tenantID, db.Array(itemIDs)); err != nil {
		return nil, fmt.Errorf("item sales conversions: %w", err)
	}
	out := make([]itemSalesConversion, len(rows))
	for i, r := range rows {
		out[i] = itemSalesConversion{itemID: r.ItemID, conversion: SalesConversion{
			UnitID: r.UnitID, UnitName: r.UnitName, SourceQuantity: r.SourceQuantity, DestinationQuantity: r.DestinationQuantity,
			IsCustom: r.IsCustom, IsDefault: r.IsDefault,
		}}
	}
	return out, nil
}

const insertSalesConversionSQL = `
INSERT INTO item_sales_unit_conversions (tenant_id, item_id, destination_unit_id, position, source_quantity,
       destination_quantity, is_custom, is_default)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`

// replaceSalesConversions makes list the item's conversions, in its order.
func (itemStore) replaceSalesConversions(ctx context.Context, q db.Q, tenantID, itemID string, list []SalesConversion) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM item_sales_unit_conversions WHERE tenant_id = $1 AND item_id = $2`, tenantID, itemID); err != nil {
		return fmt.Errorf("clear item sales conversions: %w", err)
	}
	for i, c := range list {
		if _, err := q.ExecContext(ctx, insertSalesConversionSQL, tenantID, itemID, c.UnitID, i,
			c.SourceQuantity, c.DestinationQuantity, c.IsCustom, c.IsDefault); err != nil {
			return fmt.Errorf("save item sales conversion: %w", err)
		}
	}
	return nil
}
