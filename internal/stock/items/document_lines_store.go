package items

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
)

// saleItemsSQL reads the items among $2 with their inventory unit, default sales unit and the
// units a line may sell them in, share-locking the items' rows.
const saleItemsSQL = `
SELECT i.id, i.number, i.revision, i.description, i.is_archived, i.is_taxable, i.accounting_code_id,
       i.accounting_class_id, i.income_account_id, i.asset_account_id, i.expense_account_id, i.cogs_account_id,
       COALESCE(u.name, '') AS inventory_unit,
       COALESCE((SELECT du.name FROM item_sales_unit_conversions c
                 JOIN units_of_measure du ON du.tenant_id = c.tenant_id AND du.id = c.destination_unit_id
                 WHERE c.tenant_id = i.tenant_id AND c.item_id = i.id AND c.is_default LIMIT 1), '') AS default_sales_unit,
       ARRAY(SELECT tu.name FROM units_of_measure tu WHERE tu.tenant_id = i.tenant_id AND tu.unit_type_id = u.unit_type_id
             UNION
             SELECT cu.name FROM item_sales_unit_conversions c
             JOIN units_of_measure cu ON cu.tenant_id = c.tenant_id AND cu.id = c.destination_unit_id
             WHERE c.tenant_id = i.tenant_id AND c.item_id = i.id) AS unit_names,
       -- Inventory units in one of each unit with a fixed conversion: the inventory unit (1),
       -- the type's units with a factor (both factors known), and the sales conversions
       -- (source inventory units per destination unit), which win for their unit.
       (SELECT COALESCE(jsonb_object_agg(x.name, x.per ORDER BY x.rank), '{}')
        FROM (SELECT u.name, 1::numeric AS per, 0 AS rank WHERE u.id IS NOT NULL
              UNION ALL
              SELECT tu.name, round(tu.factor_numerator * u.factor_denominator / (tu.factor_denominator * u.factor_numerator), 12), 1
              FROM units_of_measure tu
              WHERE tu.tenant_id = i.tenant_id AND tu.unit_type_id = u.unit_type_id AND tu.id <> u.id
                AND tu.factor_numerator IS NOT NULL AND u.factor_numerator IS NOT NULL
              UNION ALL
              SELECT cu.name, round(c.source_quantity / c.destination_quantity, 12), 2
              FROM item_sales_unit_conversions c
              JOIN units_of_measure cu ON cu.tenant_id = c.tenant_id AND cu.id = c.destination_unit_id
              WHERE c.tenant_id = i.tenant_id AND c.item_id = i.id) x) AS inventory_per_unit
FROM items i LEFT JOIN units_of_measure u ON u.tenant_id = i.tenant_id AND u.id = i.unit_of_measure_id
WHERE i.tenant_id = $1 AND i.id = ANY($2)
FOR SHARE OF i`

type saleItemRow struct {
	ID               string         `db:"id"`
	Number           string         `db:"number"`
	Revision         *string        `db:"revision"`
	Description      *string        `db:"description"`
	IsArchived       bool           `db:"is_archived"`
	IsTaxable        bool           `db:"is_taxable"`
	InventoryUnit    string         `db:"inventory_unit"`
	DefaultSalesUnit string         `db:"default_sales_unit"`
	UnitNames        pq.StringArray `db:"unit_names"`
	InventoryPerUnit []byte         `db:"inventory_per_unit"`
	AccountingCodeID *string        `db:"accounting_code_id"`
	ClassID          *string        `db:"accounting_class_id"`
	IncomeAccountID  *string        `db:"income_account_id"`
	AssetAccountID   *string        `db:"asset_account_id"`
	ExpenseAccountID *string        `db:"expense_account_id"`
	CogsAccountID    *string        `db:"cogs_account_id"`
}

func (itemStore) saleItems(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]SaleItem, error) {
	out := make(map[string]SaleItem, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []saleItemRow
	if err := sqlx.SelectContext(ctx, q, &rows, saleItemsSQL, tenantID, pq.Array(ids)); err != nil {
		return nil, fmt.Errorf("find items for sale: %w", err)
	}
	for _, r := range rows {
		it := SaleItem{
			ID: r.ID, Number: r.Number, Revision: r.Revision, Description: r.Description, IsArchived: r.IsArchived,
			IsTaxable: r.IsTaxable, InventoryUnit: r.InventoryUnit, DefaultSalesUnit: r.DefaultSalesUnit, Units: r.UnitNames,
			AccountingCodeID: r.AccountingCodeID, Accounting: AccountingDetails{ClassID: r.ClassID, IncomeAccountID: r.IncomeAccountID,
				AssetAccountID: r.AssetAccountID, ExpenseAccountID: r.ExpenseAccountID, CogsAccountID: r.CogsAccountID},
		}
		if err := json.Unmarshal(r.InventoryPerUnit, &it.InventoryPerUnit); err != nil {
			return nil, fmt.Errorf("read item %s unit conversions: %w", r.ID, err)
		}
		out[r.ID] = it
	}
	return out, nil
}

// pricingBreaksSQL reads the sales price breaks of items $2 in currency $3 that may price a
// line for customer $4 (of tier $5): the customer's, the tier's and the list price's.
var pricingBreaksSQL = `
SELECT b.id, b.item_id, b.quantity, b.type, b.price, b.margin, b.currency_code, b.customer_id, b.customer_tier_id,
       b.unit_of_measure_id, COALESCE(u.name, '') AS unit_name
FROM item_sales_price_breaks b LEFT JOIN units_of_measure u ON u.tenant_id = b.tenant_id AND u.id = b.unit_of_measure_id
WHERE b.tenant_id = $1 AND b.item_id = ANY($2) AND b.currency_code = $3
  AND ((b.customer_id IS NULL AND b.customer_tier_id IS NULL) OR b.customer_id = $4 OR b.customer_tier_id = $5)`

func (itemStore) pricingBreaks(ctx context.Context, q db.Q, tenantID string, itemIDs []string, currency, customerID, tierID string) ([]SalesPriceBreak, error) {
	var rows []salesPriceBreakRow
	if err := sqlx.SelectContext(ctx, q, &rows, pricingBreaksSQL, tenantID, pq.Array(itemIDs), currency, customerID, tierID); err != nil {
		return nil, fmt.Errorf("sales price breaks for pricing: %w", err)
	}
	return salesPriceBreaksOf(rows), nil
}
