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

// InvoicedMove is a move of a part line's invoiced quantity by Delta (negative gives billed
// units back); LineField and QuantityField are the request members a refusal names.
type InvoicedMove struct {
	LineID                   string
	Delta                    dec
	LineField, QuantityField string
}

// MoveInvoiced moves the invoiced quantities of part lines of order orderID, in one statement
// that locks the lines (in id order, so concurrent moves never deadlock) and keeps each
// between 0 and its line's quantity: concurrent invoices of one line run one after another and
// the second finds what the first billed. Billing (Delta > 0) sets the line's last invoiced
// day to day. A line of another order (or none) is a 404 naming its LineField; a move taking
// the invoiced quantity above the line's quantity (or below 0) a 400 naming its
// QuantityField. The caller's transaction rolls back what moved before a refusal.
func (s *Service) MoveInvoiced(ctx context.Context, q db.Q, tenantID, orderID string, moves []InvoicedMove, day time.Time) error {
	var live []InvoicedMove
	for _, m := range moves {
		if !m.Delta.IsZero() {
			live = append(live, m)
		}
	}
	if len(live) == 0 {
		return nil
	}
	ids, deltas := make([]string, len(live)), make([]string, len(live))
	for i, m := range live {
		ids[i], deltas[i] = m.LineID, m.Delta.String()
	}
	moved, err := invoicingStore{}.move(ctx, q, tenantID, orderID, ids, deltas, day)
	if err != nil {
		return err
	}
	if len(moved) == len(live) {
		return nil
	}
	var refused []InvoicedMove
	for _, m := range live {
		if !moved[m.LineID] {
			refused = append(refused, m)
		}
	}
	stands, err := invoicingStore{}.invoiced(ctx, q, tenantID, orderID, refused)
	if err != nil {
		return err
	}
	fields := apperr.Fields{}
	notFound := false
	for _, m := range refused {
		st, ok := stands[m.LineID]
		if !ok {
			fields.Add(m.LineField, "sales order %s has no part line %s", orderID, m.LineID)
			notFound = true
			continue
		}
		fields.Add(m.QuantityField, "the sales order line's quantity is %s and %s of it is already invoiced: %s more cannot be billed",
			st.Quantity.String(), st.Invoiced.String(), m.Delta.String())
	}
	if notFound {
		return fields.NotFoundErr()
	}
	return fields.Err()
}
