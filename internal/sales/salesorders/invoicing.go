package salesorders

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

// An invoice bills a sales order: it reads the order and its lines through the methods below,
// in the invoice's transaction, with the order share-locked (it cannot be deleted while
// billed), and moves the part lines' invoiced quantities under a row lock so that the live
// invoices of a line never bill more than its quantity.

// InvoicingOrder is a sales order as an invoice bills it.
type InvoicingOrder struct {
	ID               string
	Number           int64
	CustomerID       string
	Status           Status
	CurrencyCode     string
	CustomerPoNumber *string
	PaymentTermsID   *string
	BillingAddress   *Address
	ShippingCharge   ShippingCharge
}

// InvoicingLine is a part line as an invoice bills it: Quantity, InvoicedQuantity and
// UnitPrice in the line's unit.
type InvoicingLine struct {
	ID                   string  `db:"id"`
	LineNumber           int     `db:"line_number"`
	ItemID               string  `db:"item_id"`
	Description          *string `db:"description"`
	Quantity             dec     `db:"quantity"`
	InvoicedQuantity     dec     `db:"invoiced_quantity"`
	UnitOfMeasureName    string  `db:"unit_of_measure_name"`
	UnitPrice            dec     `db:"unit_price"`
	DiscountIsPercentage *bool   `db:"discount_is_percentage"`
	DiscountValue        *dec    `db:"discount_value"`
	IsTaxable            bool    `db:"is_taxable"`
	TaxRateID            *string `db:"tax_rate_id"`
	TaxRate              dec     `db:"tax_rate"`
}

// InvoicingFee is a fee line of the order as an invoice copies it.
type InvoicingFee struct {
	ID          string  `db:"id"`
	Name        string  `db:"name"`
	Description *string `db:"description"`
	Amount      dec     `db:"amount"`
	IsTaxable   bool    `db:"is_taxable"`
	TaxRateID   *string `db:"tax_rate_id"`
	TaxRate     dec     `db:"tax_rate"`
}

// InvoicingTax is a tax line of the order (a rate) as an invoice copies it.
type InvoicingTax struct {
	TaxRateID string `db:"tax_rate_id"`
	Name      string `db:"name"`
	Rate      dec    `db:"rate"`
}

// InvoicingDiscount is the order's discount line as an invoice copies it.
type InvoicingDiscount struct {
	Name         *string `db:"name"`
	IsPercentage bool    `db:"is_percentage"`
	Value        dec     `db:"value"`
}

// InvoicingCharges are the order's fee, tax and discount lines.
type InvoicingCharges struct {
	Fees     []InvoicingFee
	Taxes    []InvoicingTax
	Discount *InvoicingDiscount
}

const lockInvoicingOrderSQL = `
SELECT id, number, customer_id, status, currency_code, customer_po_number, payment_terms_id, billing_address,
       shipping_charge, shipping_charge_is_taxable
FROM sales_orders WHERE tenant_id = $1 AND id = $2 AND NOT deleted FOR SHARE`

// LockForInvoicing reads the tenant's live sales order orderID, share-locked until q's
// transaction ends; a missing or deleted order is a 404 naming field.
func (s *Service) LockForInvoicing(ctx context.Context, q db.Q, tenantID, orderID, field string) (InvoicingOrder, error) {
	var o InvoicingOrder
	var billing []byte
	err := q.QueryRowxContext(ctx, lockInvoicingOrderSQL, tenantID, orderID).Scan(&o.ID, &o.Number, &o.CustomerID, &o.Status,
		&o.CurrencyCode, &o.CustomerPoNumber, &o.PaymentTermsID, &billing, &o.ShippingCharge.Amount, &o.ShippingCharge.IsTaxable)
	if errors.Is(err, sql.ErrNoRows) {
		return InvoicingOrder{}, apperr.NotFoundField(field, "sales order %s not found", orderID)
	}
	if err != nil {
		return InvoicingOrder{}, fmt.Errorf("lock sales order for invoicing: %w", err)
	}
	if len(billing) > 0 && string(billing) != "null" {
		var a Address
		if err := json.Unmarshal(billing, &a); err != nil {
			return InvoicingOrder{}, fmt.Errorf("read sales order billing address: %w", err)
		}
		o.BillingAddress = &a
	}
	return o, nil
}

// LinesForInvoicing answers the part lines of the tenant's order orderID in line-number
// order, one statement.
func (s *Service) LinesForInvoicing(ctx context.Context, q db.Q, tenantID, orderID string) ([]InvoicingLine, error) {
	return invoicingStore{}.lines(ctx, q, tenantID, orderID)
}

// ChargesForInvoicing answers the order's fee lines, tax lines and discount line: three
// statements.
func (s *Service) ChargesForInvoicing(ctx context.Context, q db.Q, tenantID, orderID string) (InvoicingCharges, error) {
	return invoicingStore{}.charges(ctx, q, tenantID, orderID)
}

// The invoiced quantity moves in one statement holding the line's row lock: the WHERE keeps it
// between 0 and the line's quantity, so concurrent invoices of one line run one after another
// and the second finds what the first billed. Billing (delta > 0) sets the last invoiced day.
const addInvoicedSQL = `
UPDATE sales_order_part_lines SET invoiced_quantity = invoiced_quantity + $4,
       last_invoiced_date = CASE WHEN $4 > 0 THEN $5::date ELSE last_invoiced_date END, modified_utc = now()
WHERE tenant_id = $1 AND sales_order_id = $2 AND id = $3
  AND invoiced_quantity + $4 >= 0 AND invoiced_quantity + $4 <= quantity
RETURNING id`

const invoicedOfSQL = `
SELECT quantity, invoiced_quantity FROM sales_order_part_lines WHERE tenant_id = $1 AND sales_order_id = $2 AND id = $3`

// AddInvoiced moves part line lineID of order orderID's invoiced quantity by delta (negative
// gives billed units back) and, when billing, sets its last invoiced day to day. A line of
// another order (or none) is a 404 naming lineField; a move taking the invoiced quantity above
// the line's quantity (or below 0) is a 400 naming quantityField.
func (s *Service) AddInvoiced(ctx context.Context, q db.Q, tenantID, orderID, lineID string, delta dec, day time.Time, lineField, quantityField string) error {
	if delta.IsZero() {
		return nil
	}
	var id string
	err := q.QueryRowxContext(ctx, addInvoicedSQL, tenantID, orderID, lineID, delta, day.Format(time.DateOnly)).Scan(&id)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("advance sales order line invoiced quantity: %w", err)
	}
	var quantity, invoiced dec
	err = q.QueryRowxContext(ctx, invoicedOfSQL, tenantID, orderID, lineID).Scan(&quantity, &invoiced)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.NotFoundField(lineField, "sales order %s has no part line %s", orderID, lineID)
	}
	if err != nil {
		return fmt.Errorf("read sales order line invoiced quantity: %w", err)
	}
	return apperr.Field(quantityField, "the sales order line's quantity is %s and %s of it is already invoiced: %s more cannot be billed",
		quantity.String(), invoiced.String(), delta.String())
}
