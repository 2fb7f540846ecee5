package invoices

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/sales/salesorders"
	"mos/internal/shared/customfields"
	"mos/internal/shared/doclines"
	"mos/internal/shared/doclines/linekinds"
	"mos/internal/stock/items"
)

// The longest texts of a part line.
const (
	maxLineText = 2000
	maxPartText = 200
)

// PartLineWrite is what a part line write sets. IsTaxable nil keeps the line's; TaxRateID nil
// is none.
type PartLineWrite struct {
	Quantity                dec
	Name                    *string
	Description             *string
	CustomerPartNumber      *string
	CustomerPartDescription *string
	IsTaxable               *bool
	TaxRateID               *string
	ExternalReferences      extref.References
	CustomFields            map[string]any
}

// AccountingDetails are how a line is booked: an item class and accounts, as on the
// invoice's fee, tax and discount lines.
type AccountingDetails = linekinds.AccountingDetails

// PartLine is a stored part line of an invoice.
type PartLine struct {
	PartLineWrite
	// ShipmentIDs are the shipments the line bills (shipments_billing.go).
	ShipmentIDs                                           []string
	ID, InvoiceID, SalesOrderID, SalesOrderLineID, ItemID string
	Number                                                int
	UnitOfMeasureName                                     string
	Price                                                 dec
	IsPercentageDiscount                                  *bool
	DiscountValue                                         *dec
	TaxRate                                               dec
	OverrideTaxRate                                       bool
	AccountingCodeID                                      *string
	AccountingDetails                                     AccountingDetails
	Currency                                              string
	CreatedUtc, ModifiedUtc                               time.Time
}

// Amounts are a part line's computed amounts (doclines' line formulas).
func (l PartLine) Amounts() doclines.LineAmounts {
	minor := currency.MinorUnits(l.Currency)
	var d *doclines.Discount
	if l.IsPercentageDiscount != nil && l.DiscountValue != nil {
		d = &doclines.Discount{Percentage: *l.IsPercentageDiscount, Value: *l.DiscountValue}
	}
	pre := doclines.ExtendedPrice(l.Quantity, l.Price, minor)
	off := doclines.DiscountAmount(d, pre, minor)
	sub := dec{Decimal: pre.Sub(off.Decimal)}
	return doclines.LineAmounts{
		PreDiscountSubTotal: pre, DiscountAmount: off, SubTotal: sub,
		DiscountedPrice: doclines.Round(dec{Decimal: sub.Div(l.Quantity.Decimal)}, minor),
	}
}

// PartLineFilter narrows a part line list; empty members apply no clause.
type PartLineFilter struct {
	IDs          []string
	OrderLineIDs []string
}

// PartLine reads one part line of the invoice (deleted or not); a line of another invoice is
// NotFound.
func (s *Service) PartLine(ctx context.Context, tenantID, invoiceID, id string) (PartLine, error) {
	if err := s.lineInvoiceExists(ctx, s.pool, tenantID, invoiceID); err != nil {
		return PartLine{}, err
	}
	return oneWithShipments(ctx, s.pool, tenantID, invoiceID)(partLinesStore{}.get(ctx, s.pool, tenantID, invoiceID, id))
}

// PartLines lists the invoice's part lines matching f: two statements.
func (s *Service) PartLines(ctx context.Context, tenantID, invoiceID string, f PartLineFilter, r listing.Request) ([]PartLine, error) {
	page, err := listing.Resolve(r, partLineListSpec)
	if err != nil {
		return nil, err
	}
	if err := s.lineInvoiceExists(ctx, s.pool, tenantID, invoiceID); err != nil {
		return nil, err
	}
	return withShipments(ctx, s.pool, tenantID, invoiceID)(partLinesStore{}.list(ctx, s.pool, tenantID, invoiceID, f, page))
}

// UpdatePartLine replaces a part line's writable members (see updateInvoicePartLine).
func (s *Service) UpdatePartLine(ctx context.Context, t Tenant, invoiceID, id string, w PartLineWrite) (PartLine, error) {
	return s.savePartLine(ctx, t, invoiceID, id, nil, func(PartLine) (PartLineWrite, error) { return w, nil })
}

// PatchPartLine replaces a part line with what change makes of it (a JSON Patch of ops).
func (s *Service) PatchPartLine(ctx context.Context, t Tenant, invoiceID, id string, ops []patch.Operation, change func(PartLine) (PartLineWrite, error)) (PartLine, error) {
	if ops == nil {
		ops = []patch.Operation{}
	}
	return s.savePartLine(ctx, t, invoiceID, id, ops, change)
}

// savePartLine runs a part line write in one transaction: the invoice is locked (and must be
// editable), the line read, the order line's invoiced quantity moved by the quantity's change
// under its row lock, the line stored and the invoice's totals recomputed. ops nil is a full
// update (custom fields validated in full), else a patch.
func (s *Service) savePartLine(ctx context.Context, t Tenant, invoiceID, id string, ops []patch.Operation, change func(PartLine) (PartLineWrite, error)) (PartLine, error) {
	var saved PartLine
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockEditableLines(ctx, q, t.ID, invoiceID)
		if err != nil {
			return err
		}
		current, err := partLinesStore{}.get(ctx, q, t.ID, invoiceID, id)
		if err != nil {
			return err
		}
		w, err := change(current)
		if err != nil {
			return err
		}
		u, err := s.partLineUpdateOf(ctx, q, t, current, w, ops)
		if err != nil {
			return err
		}
		if delta := u.Quantity.Sub(current.Quantity.Decimal); !delta.IsZero() {
			day, err := s.billingDay(t, nil)
			if err != nil {
				return err
			}
			move := salesorders.InvoicedMove{LineID: current.SalesOrderLineID, Delta: dec{Decimal: delta},
				LineField: "salesOrderLineItemId", QuantityField: "quantity"}
			if err := s.deps.SalesOrders.MoveInvoiced(ctx, q, t.ID, parent.SalesOrderID, []salesorders.InvoicedMove{move}, day); err != nil {
				return err
			}
		}
		if err := (partLinesStore{}).update(ctx, q, t.ID, invoiceID, id, u); err != nil {
			return err
		}
		if err := s.recomputeTotals(ctx, q, t.ID, parent); err != nil {
			return err
		}
		saved, err = oneWithShipments(ctx, q, t.ID, invoiceID)(partLinesStore{}.get(ctx, q, t.ID, invoiceID, id))
		return err
	})
	return saved, err
}

// partLineUpdateOf checks w against the line as it stands and returns the row to store.
func (s *Service) partLineUpdateOf(ctx context.Context, q db.Q, t Tenant, current PartLine, w PartLineWrite, ops []patch.Operation) (partLineUpdate, error) {
	fields := apperr.Fields{}
	u := partLineUpdate{PartLineWrite: w, IsTaxable: *current.IsTaxable, TaxRate: current.TaxRate, OverrideTaxRate: current.OverrideTaxRate}
	if !w.Quantity.IsPositive() {
		fields.Add("quantity", "must be more than 0")
	}
	u.Name = fields.OptionalText("name", w.Name, maxPartText)
	u.Description = fields.OptionalText("description", w.Description, maxLineText)
	u.CustomerPartNumber = fields.OptionalText("customerPartNumber", w.CustomerPartNumber, maxPartText)
	u.CustomerPartDescription = fields.OptionalText("customerPartDescription", w.CustomerPartDescription, maxLineText)
	mode := extref.Write
	if ops != nil {
		mode = extref.PatchMode(extref.Invoice)
	}
	refs, refErrs := extref.Normalize(w.ExternalReferences, mode)
	fields.Merge("", refErrs)
	u.ExternalReferences = refs
	if err := fields.Err(); err != nil {
		return partLineUpdate{}, err
	}
	if w.IsTaxable != nil {
		u.IsTaxable = *w.IsTaxable
	}
	if !sameText(w.TaxRateID, current.TaxRateID) {
		u.OverrideTaxRate, u.TaxRate = true, dec{}
		if w.TaxRateID != nil {
			rates, err := s.deps.TaxRates.Usable(ctx, q, t.ID, "taxCodeId", []string{*w.TaxRateID})
			if err != nil {
				return partLineUpdate{}, err
			}
			u.TaxRate = rates[*w.TaxRateID].Rate
		}
	}
	var err error
	if ops != nil {
		u.CustomFields, err = s.deps.CustomFields.ValidatePatch(ctx, q, t.ID, customfields.ModuleInvoicePartLineItem, ops, w.CustomFields)
	} else {
		if w.CustomFields == nil {
			w.CustomFields = map[string]any{}
		}
		u.CustomFields, err = s.deps.CustomFields.Validate(ctx, q, t.ID, customfields.ModuleInvoicePartLineItem, w.CustomFields, customfields.Full)
	}
	return u, err
}

// itemBooking reads the items billed lines sell (items.Service).
type itemBooking interface {
	SaleItems(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.SaleItem, error)
}

// lineBooking is how a billed line is named and booked.
type lineBooking struct {
	Name             *string
	AccountingCodeID *string
	Accounting       AccountingDetails
}

// bookAsItems names each billed line by its item's number and books it as the item is booked
// now: its accounting code, class and accounts are copied, so a later change of the item
// leaves the invoice as it was sent. One statement for all the lines.
func (s *Service) bookAsItems(ctx context.Context, q db.Q, tenantID string, billed []billedLine) error {
	ids := make([]string, 0, len(billed))
	for _, b := range billed {
		ids = append(ids, b.Line.ItemID)
	}
	found, err := s.deps.Items.SaleItems(ctx, q, tenantID, ids)
	if err != nil {
		return err
	}
	for i, b := range billed {
		it, ok := found[b.Line.ItemID]
		if !ok {
			continue
		}
		a := it.Accounting
		billed[i].Booking = lineBooking{Name: &it.Number, AccountingCodeID: it.AccountingCodeID,
			Accounting: AccountingDetails{ClassID: a.ClassID, IncomeAccountID: a.IncomeAccountID, AssetAccountID: a.AssetAccountID,
				ExpenseAccountID: a.ExpenseAccountID, CogsAccountID: a.CogsAccountID}}
	}
	return nil
}
