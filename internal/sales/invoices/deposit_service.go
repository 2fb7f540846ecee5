package invoices

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/sales/salesorders"
	"mos/internal/shared/customfields"
	"mos/internal/shared/doclines"
	"mos/internal/shared/docnumbers"
)

// Deposits. A deposit invoice (isDeposit) bills money upfront against a sales order, before
// goods, with one deposit line: an amount, or a percentage of the order's total. The deposits
// of an order's live deposit invoices never exceed the order's total.
//
// A regular invoice created for the order carries a deposit-adjustment line taking off the
// deposit balance: the deposits of the order's live deposit invoices that are issued or paid
// (a deposit still new, needing approval or approved has not been asked of the customer and
// is not netted), less the adjustments of its live invoices; at most the invoice's total
// before the adjustment, so no total goes below 0 by it. The adjustment is taken when the
// invoice is created and only ever shrinks after (recomputeTotals, when a line change leaves
// less to take it from); deleting the invoice gives its adjustment back to the balance. The
// creates of one order's invoices run one after another under the order's invoicing lock, so
// two invoices created at once never both adjust the same deposit.

// DepositCreate is what a deposit invoice's create sets: exactly one of Amount and Percentage.
type DepositCreate struct {
	SalesOrderID string
	Amount       *dec
	Percentage   *dec
	Description  *string
	IssueDate    *time.Time
	DueDate      *time.Time
	ExchangeRate *dec
}

// DepositLine is the deposit line of a deposit invoice.
type DepositLine struct {
	ID           string    `db:"id"`
	InvoiceID    string    `db:"invoice_id"`
	SalesOrderID string    `db:"sales_order_id"`
	Amount       dec       `db:"amount"`
	Percentage   *dec      `db:"percentage"`
	Description  *string   `db:"description"`
	CreatedUtc   time.Time `db:"created_utc"`
	ModifiedUtc  time.Time `db:"modified_utc"`
}

// DepositAdjustmentLine is the deposit taken off a regular invoice of the order.
type DepositAdjustmentLine struct {
	ID           string    `db:"id"`
	InvoiceID    string    `db:"invoice_id"`
	SalesOrderID string    `db:"sales_order_id"`
	Amount       dec       `db:"amount"`
	CreatedUtc   time.Time `db:"created_utc"`
	ModifiedUtc  time.Time `db:"modified_utc"`
}

// checkDeposit applies the body rules, naming each offending member.
func checkDeposit(w DepositCreate) (DepositCreate, error) {
	fields := apperr.Fields{}
	switch {
	case (w.Amount == nil) == (w.Percentage == nil):
		fields.Add("amount", "give exactly one of amount and percentage")
		fields.Add("percentage", "give exactly one of amount and percentage")
	case w.Amount != nil && !w.Amount.IsPositive():
		fields.Add("amount", "must be more than 0")
	case w.Percentage != nil && (!w.Percentage.IsPositive() || w.Percentage.GreaterThan(hundred.Decimal)):
		fields.Add("percentage", "must be more than 0 and at most 100")
	}
	w.Description = fields.OptionalText("description", w.Description, maxNotes)
	checkRate(fields, w.ExchangeRate)
	return w, fields.Err()
}

var hundred = dec{Decimal: decimalHundred}

// CreateDeposit stores a new deposit invoice of sales order w.SalesOrderID (approved, in
// progress or complete) with its one deposit line, in one transaction under the order's
// invoicing lock, and answers its id. The amount is rounded to the order's currency (a
// percentage is of the order's total); the order's deposits, this one included, may not exceed
// its total (400 naming amount).
func (s *Service) CreateDeposit(ctx context.Context, t Tenant, w DepositCreate) (string, error) {
	w, err := checkDeposit(w)
	if err != nil {
		return "", err
	}
	id := ids.New()
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		order, err := s.lockOrderForBilling(ctx, q, t.ID, w.SalesOrderID)
		if err != nil {
			return err
		}
		orderTotal, err := s.deps.OrderCredits.TotalForInvoicing(ctx, q, t.ID, order.ID)
		if err != nil {
			return err
		}
		minor := currency.MinorUnits(order.CurrencyCode)
		line := DepositLine{ID: ids.NewSub(), InvoiceID: id, SalesOrderID: order.ID, Percentage: w.Percentage, Description: w.Description}
		field := "amount"
		if w.Amount != nil {
			line.Amount = doclines.Round(*w.Amount, minor)
		} else {
			field = "percentage"
			line.Amount = doclines.Round(dec{Decimal: orderTotal.Mul(w.Percentage.Decimal).Div(decimalHundred)}, minor)
		}
		if !line.Amount.IsPositive() {
			return apperr.Field(field, "the deposit comes to %s in %s: nothing to bill", line.Amount, order.CurrencyCode)
		}
		deposited, err := depositStore{}.deposited(ctx, q, t.ID, order.ID)
		if err != nil {
			return err
		}
		if after := deposited.Add(line.Amount.Decimal); after.GreaterThan(orderTotal.Decimal) {
			return apperr.Field("amount", "the deposits of sales order %d would come to %s, more than its total of %s", order.Number, after, orderTotal)
		}
		parent, err := s.insertBare(ctx, q, t, id, order, InvoiceCreate{SalesOrderID: order.ID, IssueDate: w.IssueDate, DueDate: w.DueDate, ExchangeRate: w.ExchangeRate})
		if err != nil {
			return err
		}
		if err := (depositStore{}).insertDeposit(ctx, q, t.ID, line); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, t.ID, parent)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// insertBare stores a new invoice of order without lines (a deposit or a progress billing):
// the header of w (headerOf), the module's custom field defaults, then the number, last, so a
// refused create uses none. It answers the invoice as its line writes lock it.
func (s *Service) insertBare(ctx context.Context, q db.Q, t Tenant, id string, order salesorders.InvoicingOrder, w InvoiceCreate) (lineParent, error) {
	row, err := s.headerOf(ctx, q, t, id, order, w)
	if err != nil {
		return lineParent{}, err
	}
	if row.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModuleInvoice, map[string]any{}, customfields.Full); err != nil {
		return lineParent{}, err
	}
	if row.Number, err = docnumbers.Next(ctx, q, t.ID, docnumbers.KindInvoice); err != nil {
		return lineParent{}, err
	}
	if err := s.store.insert(ctx, q, t.ID, row); err != nil {
		return lineParent{}, err
	}
	return lineParent{ID: id, Status: StatusNew, SalesOrderID: order.ID, Currency: row.CurrencyCode,
		Primary: row.PrimaryCurrencyCode, ExchangeRate: row.ExchangeRate}, nil
}

// adjustPrepayments gives the new regular invoice parent (its totals just computed) its
// deposit adjustment, then its progress-billing adjustment, each the order's balance of that
// kind at most what is left of the invoice's total, recomputing its totals after each; the last
// step of Create, under the order's invoicing lock.
func (s *Service) adjustPrepayments(ctx context.Context, q db.Q, tenantID string, parent lineParent) error {
	deposits := func(amount dec) error {
		return depositStore{}.insertAdjustment(ctx, q, tenantID, DepositAdjustmentLine{ID: ids.NewSub(), InvoiceID: parent.ID,
			SalesOrderID: parent.SalesOrderID, Amount: amount})
	}
	if err := s.takeOff(ctx, q, tenantID, parent, depositStore{}.balance, deposits); err != nil {
		return err
	}
	progress := func(amount dec) error {
		return progressStore{}.insert(ctx, q, tenantID, progressLine{ID: ids.NewSub(), InvoiceID: parent.ID,
			SalesOrderID: parent.SalesOrderID, Kind: progressAdjustment, Amount: amount})
	}
	return s.takeOff(ctx, q, tenantID, parent, progressStore{}.balance, progress)
}

// takeOff adds the adjustment insert stores of the order's balance (what balance reads, with the
// invoice's total), at most the total, and recomputes the invoice's totals; nothing when there
// is no balance or no total.
func (s *Service) takeOff(ctx context.Context, q db.Q, tenantID string, parent lineParent,
	balance func(ctx context.Context, q db.Q, tenantID, orderID, invoiceID string) (dec, dec, error), insert func(amount dec) error) error {
	amount, total, err := balance(ctx, q, tenantID, parent.SalesOrderID, parent.ID)
	if err != nil {
		return err
	}
	if total.LessThan(amount.Decimal) {
		amount = total
	}
	if !amount.IsPositive() {
		return nil
	}
	if err := insert(amount); err != nil {
		return err
	}
	return s.recomputeTotals(ctx, q, tenantID, parent)
}

// DepositLines lists the invoice's deposit lines (one on a deposit invoice, none otherwise),
// among ids when given; a missing invoice is NotFound.
func (s *Service) DepositLines(ctx context.Context, tenantID, invoiceID string, ids []string) ([]DepositLine, error) {
	if err := s.lineInvoiceExists(ctx, s.pool, tenantID, invoiceID); err != nil {
		return nil, err
	}
	return depositStore{}.deposits(ctx, s.pool, tenantID, invoiceID, ids)
}

// DepositLine reads one deposit line of the invoice; a line of another invoice is NotFound.
func (s *Service) DepositLine(ctx context.Context, tenantID, invoiceID, id string) (DepositLine, error) {
	if err := s.lineInvoiceExists(ctx, s.pool, tenantID, invoiceID); err != nil {
		return DepositLine{}, err
	}
	list, err := depositStore{}.deposits(ctx, s.pool, tenantID, invoiceID, []string{id})
	if err != nil {
		return DepositLine{}, err
	}
	if len(list) == 0 {
		return DepositLine{}, apperr.NotFound("deposit line %s of invoice %s not found", id, invoiceID)
	}
	return list[0], nil
}

// DepositAdjustmentLines lists the invoice's deposit-adjustment lines (at most one), among ids
// when given; a missing invoice is NotFound.
func (s *Service) DepositAdjustmentLines(ctx context.Context, tenantID, invoiceID string, ids []string) ([]DepositAdjustmentLine, error) {
	if err := s.lineInvoiceExists(ctx, s.pool, tenantID, invoiceID); err != nil {
		return nil, err
	}
	return depositStore{}.adjustments(ctx, s.pool, tenantID, invoiceID, ids)
}

// DepositAdjustmentLine reads one deposit-adjustment line of the invoice; a line of another
// invoice is NotFound.
func (s *Service) DepositAdjustmentLine(ctx context.Context, tenantID, invoiceID, id string) (DepositAdjustmentLine, error) {
	if err := s.lineInvoiceExists(ctx, s.pool, tenantID, invoiceID); err != nil {
		return DepositAdjustmentLine{}, err
	}
	list, err := depositStore{}.adjustments(ctx, s.pool, tenantID, invoiceID, []string{id})
	if err != nil {
		return DepositAdjustmentLine{}, err
	}
	if len(list) == 0 {
		return DepositAdjustmentLine{}, apperr.NotFound("deposit adjustment line %s of invoice %s not found", id, invoiceID)
	}
	return list[0], nil
}
