package salesorders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

type shippingChargeStore struct{}

const getShippingChargeSQL = `
SELECT id, shipping_method_id, shipping_charge, shipping_charge_is_taxable, currency_code
FROM sales_orders WHERE tenant_id = $1 AND id = $2`

func (shippingChargeStore) get(ctx context.Context, q db.Q, tenantID, orderID string) (ShippingChargeLine, error) {
	var r struct {
		ID               string  `db:"id"`
		ShippingMethodID *string `db:"shipping_method_id"`
		Amount           dec     `db:"shipping_charge"`
		IsTaxable        bool    `db:"shipping_charge_is_taxable"`
		Currency         string  `db:"currency_code"`
	}
	err := sqlx.GetContext(ctx, q, &r, getShippingChargeSQL, tenantID, orderID)
	if errors.Is(err, sql.ErrNoRows) {
		return ShippingChargeLine{}, apperr.NotFound("sales order %s not found", orderID)
	}
	if err != nil {
		return ShippingChargeLine{}, fmt.Errorf("get sales order shipping charge: %w", err)
	}
	return ShippingChargeLine{
		SalesOrderID: r.ID, ShippingMethodID: r.ShippingMethodID, Amount: r.Amount, IsTaxable: r.IsTaxable,
		SubTotal: roundedAmount(r.Amount, r.Currency),
	}, nil
}
