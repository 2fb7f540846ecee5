package salesorders

import "context"

// ShippingChargeLine is the order's shipping charge shown as a line. The charge is written
// through the header's shippingCharge member and counts in the totals as the order's last fee
// (totals_store.go). It has no id of its own: an order has exactly one, stored on its row.
type ShippingChargeLine struct {
	SalesOrderID     string
	ShippingMethodID *string
	// ShippingMethodName is the shipping method's current name; empty without one.
	ShippingMethodName string
	Amount             dec
	IsTaxable          bool
	// SubTotal is Amount rounded to the minor unit of the order's currency.
	SubTotal dec
}

// ShippingChargeLine reads the shipping-charge line of the tenant's sales order orderID,
// deleted or not; NotFound only when there is no such order.
func (s *Service) ShippingChargeLine(ctx context.Context, tenantID, orderID string) (ShippingChargeLine, error) {
	l, err := shippingChargeStore{}.get(ctx, s.pool, tenantID, orderID)
	if err != nil || l.ShippingMethodID == nil {
		return l, err
	}
	m, err := s.deps.ShippingMethods.Get(ctx, tenantID, *l.ShippingMethodID)
	if err != nil {
		return ShippingChargeLine{}, err
	}
	l.ShippingMethodName = m.Name
	return l, nil
}
