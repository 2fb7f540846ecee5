package invoices

import (
	"context"
	"slices"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/shared/doclines"
	"mos/internal/shared/tags"
)

// Manual lines are the lines an accountant writes on an invoice by hand rather than bills
// from the sales order: they bill no order line (their salesOrderLineItemId is always null)
// and move no invoiced quantity. Each has a type and the members of that type:
//
//	priced    price                                       a flat charge: 1 × price
//	amount    amount                                      counted as a fee, never taxed
//	quantity  quantity, price, unitOfMeasure, isTaxable,  quantity × price, taxed at its own
//	          taxCodeId (taxRate, overrideTaxRate)        rate when taxable
//	item      quantity, price, itemId, isTaxable          quantity × price of an item
//
// and every type a number (1, 2, 3 … per invoice, never reused: the invoice keeps the last
// one given), a name, a description, an accounting code, external references and accounting
// details (an item line's are its item's). They are written only while the invoice's lines
// may change, each write recomputing its totals (recomputeTotals) in its transaction.

// ManualLineType is the type of a hand-written line.
type ManualLineType string

// The types of hand-written lines.
const (
	ManualPriced   ManualLineType = "priced"
	ManualAmount   ManualLineType = "amount"
	ManualQuantity ManualLineType = "quantity"
	ManualItem     ManualLineType = "item"
)

// manualLineTypes are the types in the order they are described.
var manualLineTypes = []ManualLineType{ManualPriced, ManualAmount, ManualQuantity, ManualItem}

// Limits of a hand-written line's texts.
const (
	maxManualName = 200
	maxUnitName   = 50
	// defaultUnit is a quantity line's unit of measure when the write names none.
	defaultUnit = "notApplicable"
)

// ManualLineWrite is what a hand-written line's create or full update sets: Type and the
// members of that type; members of other types are nil.
type ManualLineWrite struct {
	Type                                    ManualLineType
	Name, Description                       *string
	Price, Amount, Quantity                 *dec
	UnitOfMeasure, ItemID, AccountingCodeID *string
	IsTaxable                               *bool
	TaxRateID                               *string
	ExternalReferences                      extref.References
}

// ManualLine is a stored hand-written line. TaxRate and OverrideTaxRate are a quantity
// line's (nil for the other types); IsTaxable is set for quantity and item lines.
type ManualLine struct {
	ManualLineWrite
	ID, InvoiceID           string
	Number                  int
	TaxRate                 *dec
	OverrideTaxRate         *bool
	AccountingDetails       AccountingDetails
	Currency                string
	CreatedUtc, ModifiedUtc time.Time
}

// SubTotal is what the line adds to the invoice, rounded to its currency as the totals count
// it: a priced line's price, an amount line's amount, quantity × price of the others.
func (l ManualLine) SubTotal() dec {
	minor := currency.MinorUnits(l.Currency)
	switch l.Type {
	case ManualPriced:
		return doclines.Round(*l.Price, minor)
	case ManualAmount:
		return doclines.Round(*l.Amount, minor)
	}
	return doclines.ExtendedPrice(*l.Quantity, *l.Price, minor)
}

// ManualLineFilter narrows a list of hand-written lines; empty members apply no clause.
type ManualLineFilter struct {
	IDs   []string
	Types []ManualLineType
}

// manualMember is a member that only some types have.
type manualMember struct {
	name  string
	types []ManualLineType
	// required: the types that must send it.
	required []ManualLineType
	sent     func(w ManualLineWrite) bool
}

var manualMembers = []manualMember{
	{"price", []ManualLineType{ManualPriced, ManualQuantity, ManualItem}, []ManualLineType{ManualPriced, ManualQuantity, ManualItem},
		func(w ManualLineWrite) bool { return w.Price != nil }},
	{"amount", []ManualLineType{ManualAmount}, []ManualLineType{ManualAmount}, func(w ManualLineWrite) bool { return w.Amount != nil }},
	{"quantity", []ManualLineType{ManualQuantity, ManualItem}, []ManualLineType{ManualQuantity, ManualItem},
		func(w ManualLineWrite) bool { return w.Quantity != nil }},
	{"unitOfMeasure", []ManualLineType{ManualQuantity}, nil, func(w ManualLineWrite) bool { return w.UnitOfMeasure != nil }},
	{"itemId", []ManualLineType{ManualItem}, []ManualLineType{ManualItem}, func(w ManualLineWrite) bool { return w.ItemID != nil }},
	{"isTaxable", []ManualLineType{ManualQuantity, ManualItem}, nil, func(w ManualLineWrite) bool { return w.IsTaxable != nil }},
	{"taxCodeId", []ManualLineType{ManualQuantity}, nil, func(w ManualLineWrite) bool { return w.TaxRateID != nil }},
}

// normalized applies the write rules, naming each offending member: the members of another
// type and the missing required ones of the type; texts trimmed; price and amount 0 or more,
// quantity more than 0; a quantity line's unit 1 to 50 characters, notApplicable when none;
// external references under mode.
func (w ManualLineWrite) normalized(mode extref.Mode) (ManualLineWrite, error) {
	f := apperr.Fields{}
	if !slices.Contains(manualLineTypes, w.Type) {
		return w, apperr.Field("type", "%s", apperr.NotOneOf(w.Type, manualLineTypes))
	}
	for _, m := range manualMembers {
		switch sent := m.sent(w); {
		case sent && !slices.Contains(m.types, w.Type):
			f.Add(m.name, "is not a member of a %s line", w.Type)
		case !sent && slices.Contains(m.required, w.Type):
			f.Add(m.name, "is required for a %s line", w.Type)
		}
	}
	w.Name = f.OptionalText("name", w.Name, maxManualName)
	w.Description = f.OptionalText("description", w.Description, maxLineText)
	if w.Price != nil {
		doclines.CheckAmount(f, "price", *w.Price)
	}
	if w.Amount != nil {
		doclines.CheckAmount(f, "amount", *w.Amount)
	}
	if w.Quantity != nil && !w.Quantity.IsPositive() {
		f.Add("quantity", "must be more than 0")
	}
	if w.Type == ManualQuantity {
		unit := defaultUnit
		if w.UnitOfMeasure != nil {
			unit = f.Text("unitOfMeasure", *w.UnitOfMeasure, maxUnitName)
		}
		w.UnitOfMeasure = &unit
	}
	if w.Type == ManualQuantity && w.IsTaxable == nil {
		no := false
		w.IsTaxable = &no
	}
	refs, refErrs := extref.Normalize(w.ExternalReferences, mode)
	f.Merge("", refErrs)
	w.ExternalReferences = refs
	return w, f.Err()
}

// CreateManualLine writes a line on the tenant's live invoice invoiceID by hand, numbered
// next, and recomputes its totals, in one transaction; it answers the new line's id.
func (s *Service) CreateManualLine(ctx context.Context, tenantID, invoiceID string, w ManualLineWrite) (string, error) {
	w, err := w.normalized(extref.Write)
	if err != nil {
		return "", err
	}
	id := ids.NewSub()
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockEditableLines(ctx, q, tenantID, invoiceID)
		if err != nil {
			return err
		}
		row, err := s.manualRowOf(ctx, q, tenantID, w, nil)
		if err != nil {
			return err
		}
		if err := (manualLinesStore{}).insert(ctx, q, tenantID, invoiceID, id, row); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// ManualLine reads one hand-written line of the invoice (deleted or not); a line of another
// invoice is NotFound. Two statements.
func (s *Service) ManualLine(ctx context.Context, tenantID, invoiceID, id string) (ManualLine, error) {
	if err := s.lineInvoiceExists(ctx, s.pool, tenantID, invoiceID); err != nil {
		return ManualLine{}, err
	}
	return manualLinesStore{}.get(ctx, s.pool, tenantID, invoiceID, id)
}

// ManualLines lists the invoice's hand-written lines matching f: two statements.
func (s *Service) ManualLines(ctx context.Context, tenantID, invoiceID string, f ManualLineFilter, r listing.Request) ([]ManualLine, error) {
	page, err := listing.Resolve(r, manualLineListSpec)
	if err != nil {
		return nil, err
	}
	if err := s.lineInvoiceExists(ctx, s.pool, tenantID, invoiceID); err != nil {
		return nil, err
	}
	return manualLinesStore{}.list(ctx, s.pool, tenantID, invoiceID, f, page)
}

// UpdateManualLine replaces every member of a hand-written line under the create rules; its
// type cannot change.
func (s *Service) UpdateManualLine(ctx context.Context, tenantID, invoiceID, id string, w ManualLineWrite) (ManualLine, error) {
	return s.saveManualLine(ctx, tenantID, invoiceID, id, extref.Write, func(ManualLine) (ManualLineWrite, error) { return w, nil })
}

// PatchManualLine replaces a hand-written line with what change makes of it as stored (a
// JSON Patch of its read shape, applied inside the transaction), under the update rules.
func (s *Service) PatchManualLine(ctx context.Context, tenantID, invoiceID, id string, change func(ManualLine) (ManualLineWrite, error)) (ManualLine, error) {
	return s.saveManualLine(ctx, tenantID, invoiceID, id, extref.PatchMode(extref.Invoice), change)
}

// saveManualLine runs an update in one transaction: the invoice locked (and editable), the
// line read, the change checked against it, stored, the totals recomputed, the line read back.
func (s *Service) saveManualLine(ctx context.Context, tenantID, invoiceID, id string, mode extref.Mode, change func(ManualLine) (ManualLineWrite, error)) (ManualLine, error) {
	var saved ManualLine
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockEditableLines(ctx, q, tenantID, invoiceID)
		if err != nil {
			return err
		}
		current, err := manualLinesStore{}.get(ctx, q, tenantID, invoiceID, id)
		if err != nil {
			return err
		}
		w, err := change(current)
		if err != nil {
			return err
		}
		if w.Type != current.Type {
			return apperr.Field("type", "a %s line cannot become a %s line", current.Type, w.Type)
		}
		if w, err = w.normalized(mode); err != nil {
			return err
		}
		row, err := s.manualRowOf(ctx, q, tenantID, w, &current)
		if err != nil {
			return err
		}
		if err := (manualLinesStore{}).update(ctx, q, tenantID, invoiceID, id, row); err != nil {
			return err
		}
		if err := s.recomputeTotals(ctx, q, tenantID, parent); err != nil {
			return err
		}
		saved, err = manualLinesStore{}.get(ctx, q, tenantID, invoiceID, id)
		return err
	})
	return saved, err
}

// DeleteManualLine deletes a hand-written line and recomputes the invoice's totals, while its
// lines may change; false when no line has that id. A line of another invoice is NotFound,
// like its read. Its number is not given again.
func (s *Service) DeleteManualLine(ctx context.Context, tenantID, invoiceID, id string) (bool, error) {
	var deleted bool
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockEditableLines(ctx, q, tenantID, invoiceID)
		if err != nil {
			return err
		}
		if deleted, err = (manualLinesStore{}).delete(ctx, q, tenantID, invoiceID, id); err != nil {
			return err
		}
		if !deleted {
			elsewhere, err := manualLinesStore{}.onAnotherInvoice(ctx, q, tenantID, invoiceID, id)
			if err != nil || !elsewhere {
				return err
			}
			return apperr.NotFound("manual line %s of invoice %s not found", id, invoiceID)
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	return deleted, err
}

// manualRow is a hand-written line as stored: the normalized write with what the line takes
// of its tax rate, item and accounting code.
type manualRow struct {
	ManualLineWrite
	TaxRate           *dec
	OverrideTaxRate   *bool
	AccountingDetails *AccountingDetails
}

// manualRowOf resolves what w names, in q's transaction, against current (nil on create): the
// accounting code (a live tag of the accounting-code list, 404 naming accountingCodeId), an
// item line's item (404 naming itemId when unknown, 400 when archived; it gives the line its
// number as name and its accounting code when none is named, its isTaxable when omitted and its
// accounting details)
// and a quantity line's tax rate (usable; its percentage copied; naming another tax rate than
// the stored one sets overrideTaxRate for good). A reference kept unchanged from current is
// not checked again, so a line naming a code, item or tax rate archived since still saves.
func (s *Service) manualRowOf(ctx context.Context, q db.Q, tenantID string, w ManualLineWrite, current *ManualLine) (manualRow, error) {
	r := manualRow{ManualLineWrite: w}
	var was ManualLine
	if current != nil {
		was = *current
	}
	if w.Type == ManualItem {
		found, err := s.deps.Items.SaleItems(ctx, q, tenantID, []string{*w.ItemID})
		if err != nil {
			return manualRow{}, err
		}
		it, ok := found[*w.ItemID]
		if !ok {
			return manualRow{}, apperr.NotFoundField("itemId", "item %s not found", *w.ItemID)
		}
		if it.IsArchived && !sameText(w.ItemID, was.ItemID) {
			return manualRow{}, apperr.Field("itemId", "item %s is archived", *w.ItemID)
		}
		if r.IsTaxable == nil {
			r.IsTaxable = &it.IsTaxable
		}
		if r.Name == nil {
			r.Name = &it.Number
		}
		if r.AccountingCodeID == nil {
			r.AccountingCodeID = it.AccountingCodeID
		}
		a := it.Accounting
		r.AccountingDetails = &AccountingDetails{ClassID: a.ClassID, IncomeAccountID: a.IncomeAccountID, AssetAccountID: a.AssetAccountID,
			ExpenseAccountID: a.ExpenseAccountID, CogsAccountID: a.CogsAccountID}
	}
	if code := w.AccountingCodeID; code != nil && !sameText(code, was.AccountingCodeID) {
		if err := s.deps.AccountingCodes.RequireLive(ctx, q, tenantID, tags.AccountingCodes, []string{*code}, false); err != nil {
			if apperr.IsKind(err, apperr.KindNotFound) {
				return manualRow{}, apperr.NotFoundField("accountingCodeId", "accounting code %s not found", *code)
			}
			return manualRow{}, err
		}
	}
	if w.Type == ManualQuantity {
		rate, override := dec{}, false
		if current != nil {
			override = current.OverrideTaxRate != nil && *current.OverrideTaxRate
			if current.TaxRate != nil {
				rate = *current.TaxRate
			}
		}
		if current == nil || !sameText(w.TaxRateID, current.TaxRateID) {
			override, rate = current != nil, dec{}
			if w.TaxRateID != nil {
				rates, err := s.deps.TaxRates.Usable(ctx, q, tenantID, "taxCodeId", []string{*w.TaxRateID})
				if err != nil {
					return manualRow{}, err
				}
				rate = rates[*w.TaxRateID].Rate
			}
		}
		r.TaxRate, r.OverrideTaxRate = &rate, &override
	}
	return r, nil
}

// accountingCodes checks the accounting codes lines name (tags.Service).
type accountingCodes interface {
	RequireLive(ctx context.Context, q db.Q, tenantID string, list tags.List, ids []string, withDeleted bool) error
}
