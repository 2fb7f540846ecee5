package settings

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

type store struct{}

type settingsRow struct {
	UseMarginBasedPricing     bool                  `db:"use_margin_based_pricing"`
	UseDefaultMargin          bool                  `db:"use_default_margin"`
	DefaultMargin             dec.Decimal           `db:"default_margin"`
	UseShopRatePricing        bool                  `db:"use_shop_rate_pricing"`
	DefaultMaterialMarkup     sql.Null[dec.Decimal] `db:"default_material_markup"`
	OverheadCalculationMethod string                `db:"overhead_calculation_method"`
}

type stored struct {
	Pricing Pricing
	Costing Costing
}

func (r settingsRow) toStored() stored {
	p := Pricing{
		UseMarginBasedPricing: r.UseMarginBasedPricing,
		UseDefaultMargin:      r.UseDefaultMargin,
		DefaultMargin:         r.DefaultMargin,
		UseShopRatePricing:    r.UseShopRatePricing,
	}
	if r.DefaultMaterialMarkup.Valid {
		p.DefaultMaterialMarkup = &r.DefaultMaterialMarkup.V
	}
	return stored{Pricing: p, Costing: Costing{OverheadCalculationMethod: OverheadMethod(r.OverheadCalculationMethod)}}
}

const columns = `use_margin_based_pricing, use_default_margin, default_margin, use_shop_rate_pricing,
default_material_markup, overhead_calculation_method`

const getSQL = `SELECT ` + columns + ` FROM settings WHERE tenant_id = $1`

// get returns the tenant's row; found is false when the tenant never saved settings.
func (store) get(ctx context.Context, q db.Q, tenantID string) (s stored, found bool, err error) {
	var r settingsRow
	err = sqlx.GetContext(ctx, q, &r, getSQL, tenantID)
	if errors.Is(err, sql.ErrNoRows) {
		return stored{}, false, nil
	}
	if err != nil {
		return stored{}, false, fmt.Errorf("get settings: %w", err)
	}
	return r.toStored(), true, nil
}

// Each save writes only its group: the first save of a tenant inserts the row (the other
// group takes the column defaults), later saves update it in place.
const savePricingSQL = `
INSERT INTO settings (tenant_id, use_margin_based_pricing, use_default_margin, default_margin,
    use_shop_rate_pricing, default_material_markup)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (tenant_id) DO UPDATE SET
    use_margin_based_pricing = EXCLUDED.use_margin_based_pricing,
    use_default_margin = EXCLUDED.use_default_margin,
    default_margin = EXCLUDED.default_margin,
    use_shop_rate_pricing = EXCLUDED.use_shop_rate_pricing,
    default_material_markup = EXCLUDED.default_material_markup,
    modified_utc = now()
RETURNING ` + columns

func (store) savePricing(ctx context.Context, q db.Q, tenantID string, p Pricing) (Pricing, error) {
	var r settingsRow
	err := sqlx.GetContext(ctx, q, &r, savePricingSQL, tenantID,
		p.UseMarginBasedPricing, p.UseDefaultMargin, p.DefaultMargin, p.UseShopRatePricing, p.DefaultMaterialMarkup)
	if err != nil {
		return Pricing{}, fmt.Errorf("save pricing settings: %w", err)
	}
	return r.toStored().Pricing, nil
}

const saveCostingSQL = `
INSERT INTO settings (tenant_id, overhead_calculation_method)
VALUES ($1, $2)
ON CONFLICT (tenant_id) DO UPDATE SET
    overhead_calculation_method = EXCLUDED.overhead_calculation_method,
    modified_utc = now()
RETURNING ` + columns

func (store) saveCosting(ctx context.Context, q db.Q, tenantID string, c Costing) (Costing, error) {
	var r settingsRow
	err := sqlx.GetContext(ctx, q, &r, saveCostingSQL, tenantID, string(c.OverheadCalculationMethod))
	if err != nil {
		return Costing{}, fmt.Errorf("save costing settings: %w", err)
	}
	return r.toStored().Costing, nil
}

const quoteValidityDaysSQL = `SELECT quote_validity_days FROM settings WHERE tenant_id = $1`

func (store) quoteValidityDays(ctx context.Context, q db.Q, tenantID string) (int, error) {
	var days int
	err := q.QueryRowxContext(ctx, quoteValidityDaysSQL, tenantID).Scan(&days)
	if errors.Is(err, sql.ErrNoRows) {
		return DefaultQuoteValidityDays, nil
	}
	if err != nil {
		return 0, fmt.Errorf("get quote validity days: %w", err)
	}
	return days, nil
}

const saveQuotesSQL = `
INSERT INTO settings (tenant_id, quote_validity_days)
VALUES ($1, $2)
ON CONFLICT (tenant_id) DO UPDATE SET
    quote_validity_days = EXCLUDED.quote_validity_days,
    modified_utc = now()
RETURNING quote_validity_days`

func (store) saveQuotes(ctx context.Context, q db.Q, tenantID string, qs Quotes) (Quotes, error) {
	var days int
	if err := q.QueryRowxContext(ctx, saveQuotesSQL, tenantID, qs.ValidityDays).Scan(&days); err != nil {
		return Quotes{}, fmt.Errorf("save quote settings: %w", err)
	}
	return Quotes{ValidityDays: days}, nil
}

const salesOrdersSQL = `SELECT sales_order_auto_add_tax_rates FROM settings WHERE tenant_id = $1`

func (store) salesOrders(ctx context.Context, q db.Q, tenantID string) (SalesOrders, error) {
	var so SalesOrders
	err := q.QueryRowxContext(ctx, salesOrdersSQL, tenantID).Scan(&so.AutoAddCustomerTaxRates)
	if errors.Is(err, sql.ErrNoRows) {
		return SalesOrders{}, nil
	}
	if err != nil {
		return SalesOrders{}, fmt.Errorf("get sales order settings: %w", err)
	}
	return so, nil
}

const saveSalesOrdersSQL = `
INSERT INTO settings (tenant_id, sales_order_auto_add_tax_rates)
VALUES ($1, $2)
ON CONFLICT (tenant_id) DO UPDATE SET
    sales_order_auto_add_tax_rates = EXCLUDED.sales_order_auto_add_tax_rates,
    modified_utc = now()
RETURNING sales_order_auto_add_tax_rates`

func (store) saveSalesOrders(ctx context.Context, q db.Q, tenantID string, so SalesOrders) (SalesOrders, error) {
	var out SalesOrders
	if err := q.QueryRowxContext(ctx, saveSalesOrdersSQL, tenantID, so.AutoAddCustomerTaxRates).Scan(&out.AutoAddCustomerTaxRates); err != nil {
		return SalesOrders{}, fmt.Errorf("save sales order settings: %w", err)
	}
	return out, nil
}
