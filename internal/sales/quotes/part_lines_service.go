package quotes

import (
	"context"
	"fmt"
	"strings"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/shared/customfields"
	"mos/internal/shared/doclines"
	"mos/internal/shared/settings"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// Limits of a part line's members.
const (
	maxLineText      = 2000
	maxUnitName      = 100
	maxPartLineBatch = 500
)

// PricingScheme is how a part line's unit price is set.
type PricingScheme string

// The pricing schemes.
const (
	// PricingPrice prices from the item's sales price breaks.
	PricingPrice PricingScheme = "price"
	// PricingMargin prices from the line's estimated unit cost and a gross margin.
	PricingMargin PricingScheme = "margin"
)

// ItemRef is the item a line sells, as its answer shows it.
type ItemRef struct {
	ID          string
	Number      string
	Revision    *string
	Description *string
}

// PartLine is a stored quote part line with its computed amounts.
type PartLine struct {
	ID          string
	QuoteID     string
	RoutingID   string
	LineNumber  int32
	ItemID      string
	Item        ItemRef
	Description *string
	Quantity    dec
	// InventoryQuantity is Quantity in the item's inventory unit, which the line's routing
	// costs and counts in; nil when UnitName has no fixed conversion to it.
	InventoryQuantity *dec
	UnitName          string
	UnitPrice         dec
	PricingScheme     PricingScheme
	Margin            *dec
	EstimatedUnitCost *dec
	Discount          *doclines.Discount
	IsTaxable         bool
	TaxRateID         *string
	TaxRate           dec
	LeadTimeDays      *int32
	Notes             *string
	CustomFields      map[string]any
	// Amounts are the line's own amounts (doclines; its share of the document discount and
	// its tax are not filled).
	Amounts     doclines.LineAmounts
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// PartLineWrite is a create or full update of a part line; nil members were omitted (or
// null) and take their defaults (see QuotePartLineItemWrite in the spec).
type PartLineWrite struct {
	ItemID        string
	LineNumber    *int32
	Description   *string
	Quantity      dec
	UnitName      *string
	UnitPrice     *dec
	PricingScheme *PricingScheme
	Margin        *dec
	Discount      *doclines.Discount
	IsTaxable     *bool
	TaxRateID     *string
	LeadTimeDays  *int32
	Notes         *string
	// CustomFields nil: omitted.
	CustomFields map[string]any
}

// PartLineFilter narrows a part line list; empty members apply no clause.
type PartLineFilter struct {
	IDs     []string
	ItemIDs []string
}

// lineOwner is the routing owner of part line id.
func lineOwner(id string) routing.Owner {
	return routing.Owner{Type: routing.OwnerQuotePartLine, ID: id}
}

// CreatePartLine adds one part line to the quote and answers its id.
func (s *Service) CreatePartLine(ctx context.Context, tenantID, quoteID string, w PartLineWrite) (string, error) {
	created, err := s.createPartLines(ctx, tenantID, quoteID, []PartLineWrite{w}, false)
	if err != nil {
		return "", err
	}
	return created[0], nil
}

// CreatePartLines adds 1 to 500 part lines to the quote in one transaction, all or nothing,
// and answers their ids in the order sent; errors name partLineItems.N.member. The items,
// their prices, tax rates and custom field definitions are read once for the batch and the
// totals recomputed once; the routings are copied in one statement; only a line priced from
// cost (its estimate) costs statements of its own.
func (s *Service) CreatePartLines(ctx context.Context, tenantID, quoteID string, ws []PartLineWrite) ([]string, error) {
	if len(ws) == 0 || len(ws) > maxPartLineBatch {
		return nil, apperr.Field("partLineItems", "must hold 1 to %d part lines", maxPartLineBatch)
	}
	return s.createPartLines(ctx, tenantID, quoteID, ws, true)
}

// draft is one line being written: its index in the request, what was sent, the line as it
// will be stored and, on update, the line as it was.
type draft struct {
	index   int
	w       PartLineWrite
	line    PartLine
	current *PartLine
	// reprice: the line's price comes from its scheme (breaks or margin), not from unitPrice.
	reprice bool
}

// lineWrite is what a write of lines works with: the request's naming, the quote and, when
// a line takes the default margin, the pricing settings.
type lineWrite struct {
	tenantID string
	parent   lineParent
	batch    bool
	minor    int
	pricing  *settings.Pricing
}

// readPricing reads the pricing settings when a draft is to be priced by margin without a
// margin of its own (it takes the default margin), before the write's transaction: they are
// read on a connection of their own.
func (s *Service) readPricing(ctx context.Context, lw *lineWrite, drafts []*draft) error {
	for _, d := range drafts {
		if d.w.PricingScheme != nil && *d.w.PricingScheme == PricingMargin && d.w.Margin == nil {
			p, err := s.deps.Pricing.Pricing(ctx, lw.tenantID)
			if err != nil {
				return err
			}
			lw.pricing = &p
			return nil
		}
	}
	return nil
}

// name is the member's name in errors: partLineItems.N.member in a batch, member alone.
func (lw lineWrite) name(d *draft, member string) string {
	if lw.batch {
		return fmt.Sprintf("partLineItems.%d.%s", d.index, member)
	}
	return member
}

func (s *Service) createPartLines(ctx context.Context, tenantID, quoteID string, ws []PartLineWrite, batch bool) ([]string, error) {
	drafts := make([]*draft, len(ws))
	for i, w := range ws {
		drafts[i] = &draft{index: i, w: w}
	}
	lw := lineWrite{tenantID: tenantID, batch: batch}
	if err := lw.checkShapes(drafts); err != nil {
		return nil, err
	}
	if err := s.readPricing(ctx, &lw, drafts); err != nil {
		return nil, err
	}
	created := make([]string, len(ws))
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		lw.parent, lw.minor = parent, currency.MinorUnits(parent.Currency)
		next, err := partLinesStore{}.maxLineNumber(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		for _, d := range drafts {
			d.line.ID, d.line.RoutingID, d.line.QuoteID = ids.NewSub(), ids.NewSub(), quoteID
			if d.w.LineNumber != nil {
				d.line.LineNumber = *d.w.LineNumber
			} else {
				next++
				d.line.LineNumber = next
			}
			if d.line.LineNumber > next {
				next = d.line.LineNumber
			}
		}
		if err := s.resolveLines(ctx, q, lw, drafts); err != nil {
			return err
		}
		// Each line's routing is a copy of its item's, made before pricing: the margin
		// scheme estimates from the line's own routing.
		pairs := make([]routing.CopyPair, len(drafts))
		for i, d := range drafts {
			pairs[i] = routing.CopyPair{From: routing.Owner{Type: routing.OwnerItem, ID: d.line.ItemID}, To: lineOwner(d.line.ID)}
		}
		if err := s.deps.Routings.CopyEach(ctx, q, tenantID, pairs); err != nil {
			return err
		}
		if err := s.priceLines(ctx, q, lw, drafts); err != nil {
			return err
		}
		lines := make([]PartLine, len(drafts))
		for i, d := range drafts {
			lines[i] = d.line
			created[i] = d.line.ID
		}
		if err := (partLinesStore{}).insert(ctx, q, tenantID, lines); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	if err != nil {
		return nil, err
	}
	return created, nil
}

// checkShapes applies the rules each line states on its own, before any read, naming every
// offending member.
func (lw lineWrite) checkShapes(drafts []*draft) error {
	fields := apperr.Fields{}
	for _, d := range drafts {
		w := &d.w
		doclines.CheckQuantity(fields, lw.name(d, "quantity"), w.Quantity)
		if w.UnitPrice != nil {
			doclines.CheckPrice(fields, lw.name(d, "unitPrice"), *w.UnitPrice)
		}
		if w.LineNumber != nil && *w.LineNumber < 1 {
			fields.Add(lw.name(d, "lineNumber"), "must be 1 or more")
		}
		if w.Margin != nil {
			checkMargin(fields, lw.name(d, "margin"), *w.Margin)
		}
		if w.PricingScheme != nil && *w.PricingScheme != PricingPrice && *w.PricingScheme != PricingMargin {
			fields.Add(lw.name(d, "pricingScheme"), "%s", apperr.NotOneOf(string(*w.PricingScheme), []PricingScheme{PricingPrice, PricingMargin}))
		}
		if w.Discount != nil && (w.Discount.Value.IsNegative() || (w.Discount.Percentage && w.Discount.Value.GreaterThan(pdec.FromInt(100).Decimal))) {
			doclines.CheckDiscount(fields, lw.name(d, "discount"), w.Discount, pdec.Zero)
		}
		if w.LeadTimeDays != nil && *w.LeadTimeDays < 0 {
			fields.Add(lw.name(d, "leadTimeDays"), "must be 0 or more")
		}
		if w.Description != nil {
			if t := strings.TrimSpace(*w.Description); len([]rune(t)) > maxLineText {
				fields.Add(lw.name(d, "description"), "must be at most %d characters", maxLineText)
			}
		}
		w.Notes = fields.OptionalText(lw.name(d, "notes"), w.Notes, maxLineText)
		if w.UnitName != nil && len([]rune(strings.TrimSpace(*w.UnitName))) > maxUnitName {
			fields.Add(lw.name(d, "unitOfMeasureName"), "must be at most %d characters", maxUnitName)
		}
	}
	return fields.Err()
}

// checkMargin: a gross margin is a percentage 0 or more and less than 100.
func checkMargin(fields apperr.Fields, field string, m dec) {
	if m.IsNegative() || m.GreaterThanOrEqual(pdec.FromInt(100).Decimal) {
		fields.Add(field, "must be 0 or more and less than 100")
	}
}

// resolveLines checks and fills what needs other areas' records, for every draft at once:
// the items (404 naming itemId; archived 400 unless an update keeps it), the unit (400
// naming unitOfMeasureName), the defaults taken from the item, the tax rates (copied) and
// the custom fields.
func (s *Service) resolveLines(ctx context.Context, q db.Q, lw lineWrite, drafts []*draft) error {
	itemIDs := make([]string, 0, len(drafts))
	var rateIDs []string
	for _, d := range drafts {
		itemIDs = append(itemIDs, d.w.ItemID)
		if d.w.TaxRateID != nil {
			rateIDs = append(rateIDs, *d.w.TaxRateID)
		}
	}
	found, err := s.deps.Items.SaleItems(ctx, q, lw.tenantID, itemIDs)
	if err != nil {
		return err
	}
	missing := apperr.Fields{}
	for _, d := range drafts {
		if _, ok := found[d.w.ItemID]; !ok {
			missing.Add(lw.name(d, "itemId"), "item %s not found", d.w.ItemID)
		}
	}
	if err := missing.NotFoundErr(); err != nil {
		return err
	}
	rates, err := s.usableRates(ctx, q, lw, drafts, rateIDs)
	if err != nil {
		return err
	}
	check, err := s.deps.CustomFields.Checker(ctx, q, lw.tenantID, customfields.ModuleQuotePartLineItem)
	if err != nil {
		return err
	}
	fields := apperr.Fields{}
	for _, d := range drafts {
		it := found[d.w.ItemID]
		l, w := &d.line, &d.w
		if it.IsArchived && (d.current == nil || d.current.ItemID != it.ID) {
			fields.Add(lw.name(d, "itemId"), "item %s is archived", it.ID)
		}
		l.ItemID = it.ID
		l.Item = ItemRef{ID: it.ID, Number: it.Number, Revision: it.Revision, Description: it.Description}
		l.Quantity = w.Quantity
		switch {
		case w.Description == nil:
			l.Description = it.Description
		case strings.TrimSpace(*w.Description) == "":
			l.Description = nil
		default:
			t := strings.TrimSpace(*w.Description)
			l.Description = &t
		}
		l.UnitName = it.DefaultUnit()
		if w.UnitName != nil && strings.TrimSpace(*w.UnitName) != "" {
			l.UnitName = strings.TrimSpace(*w.UnitName)
		}
		if !contains(it.Units, l.UnitName) {
			fields.Add(lw.name(d, "unitOfMeasureName"), "%q is not a unit item %s sells in (units: %s)", l.UnitName, it.Number, strings.Join(it.Units, ", "))
		}
		l.InventoryQuantity = nil
		if inv, ok := it.InventoryQuantity(l.Quantity, l.UnitName); ok {
			l.InventoryQuantity = &inv
		}
		l.IsTaxable = it.IsTaxable
		if w.IsTaxable != nil {
			l.IsTaxable = *w.IsTaxable
		}
		l.TaxRateID, l.TaxRate = nil, pdec.Zero
		if w.TaxRateID != nil {
			l.TaxRateID = w.TaxRateID
			l.TaxRate = rates[*w.TaxRateID].Rate
		}
		l.LeadTimeDays, l.Notes, l.Discount = w.LeadTimeDays, w.Notes, w.Discount
		var values map[string]any
		var err error
		switch {
		case w.CustomFields != nil:
			values, err = check(w.CustomFields, customfields.Full)
		case d.current != nil:
			values = d.current.CustomFields
		default:
			// A create without customFields still needs every required definition's value.
			values, err = check(map[string]any{}, customfields.Full)
		}
		if err := lw.collect(fields, d, err); err != nil {
			return err
		}
		l.CustomFields = values
		if l.CustomFields == nil {
			l.CustomFields = map[string]any{}
		}
	}
	return fields.Err()
}

// collect adds err's field errors to fields under the draft's name (partLineItems.N in a
// batch) and answers any other error.
func (lw lineWrite) collect(fields apperr.Fields, d *draft, err error) error {
	e, ok := apperr.As(err)
	if !ok || len(e.Fields) == 0 {
		return err
	}
	prefix := ""
	if lw.batch {
		prefix = fmt.Sprintf("partLineItems.%d", d.index)
	}
	fields.Merge(prefix, e.Fields)
	return nil
}

// usableRates reads the drafts' tax rates at once; when one is unknown or archived it asks
// again line by line, so the error names the line's taxRateId.
func (s *Service) usableRates(ctx context.Context, q db.Q, lw lineWrite, drafts []*draft, rateIDs []string) (map[string]taxRate, error) {
	rates, err := s.deps.TaxRates.Usable(ctx, q, lw.tenantID, "taxRateId", rateIDs)
	if err == nil || !lw.batch {
		out := map[string]taxRate{}
		for id, r := range rates {
			out[id] = taxRate{Rate: r.Rate}
		}
		return out, err
	}
	if _, ok := apperr.As(err); !ok {
		return nil, err
	}
	for _, d := range drafts {
		if d.w.TaxRateID == nil {
			continue
		}
		if _, err := s.deps.TaxRates.Usable(ctx, q, lw.tenantID, lw.name(d, "taxRateId"), []string{*d.w.TaxRateID}); err != nil {
			return nil, err
		}
	}
	return nil, err
}

// taxRate is what a line copies of its tax rate.
type taxRate struct{ Rate dec }

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// priceLines sets each draft's pricing scheme, unit price, margin and estimated unit cost
// (the rule of QuotePartLineItemWrite in the spec), then checks its discount against its
// amount. Every price break is read at once; each line priced from cost estimates from its
// own routing.
func (s *Service) priceLines(ctx context.Context, q db.Q, lw lineWrite, drafts []*draft) error {
	fields := apperr.Fields{}
	var asks []items.PriceAsk
	var asking []*draft
	needDefaultMargin := false
	for _, d := range drafts {
		l, w, cur := &d.line, &d.w, d.current
		l.Margin = w.Margin
		if cur != nil {
			l.EstimatedUnitCost = cur.EstimatedUnitCost
		}
		switch {
		case w.PricingScheme != nil:
			l.PricingScheme, d.reprice = *w.PricingScheme, true
		case cur != nil:
			l.PricingScheme = cur.PricingScheme
		default:
			l.PricingScheme, d.reprice = PricingPrice, w.UnitPrice == nil
		}
		// An update keeps the line's margin when none is sent, unless it re-prices by margin
		// (which takes the default margin then).
		if l.Margin == nil && cur != nil && (!d.reprice || l.PricingScheme != PricingMargin) {
			l.Margin = cur.Margin
		}
		switch {
		case l.PricingScheme == PricingMargin:
			// Under the margin scheme the price is the scheme's: a price sent must be 0 or the
			// line's current price.
			if w.UnitPrice != nil && !w.UnitPrice.IsZero() && (cur == nil || !w.UnitPrice.Equal(cur.UnitPrice.Decimal)) {
				fields.Add(lw.name(d, "unitPrice"), "a line priced by margin takes its unit price from its estimated cost; send 0, the current price or no unitPrice")
			}
			if cur != nil {
				l.UnitPrice = cur.UnitPrice
			}
			if d.reprice && l.Margin == nil {
				needDefaultMargin = true
			}
		case d.reprice:
			asks = append(asks, items.PriceAsk{ItemID: l.ItemID, Quantity: l.Quantity, UnitName: l.UnitName})
			asking = append(asking, d)
		case w.UnitPrice != nil:
			l.UnitPrice = *w.UnitPrice
		case cur != nil:
			l.UnitPrice = cur.UnitPrice
		}
	}
	if err := fields.Err(); err != nil {
		return err
	}
	if needDefaultMargin {
		p := settings.Pricing{}
		if lw.pricing != nil {
			p = *lw.pricing
		}
		for _, d := range drafts {
			if d.line.PricingScheme != PricingMargin || !d.reprice || d.line.Margin != nil {
				continue
			}
			if !p.UseDefaultMargin {
				fields.Add(lw.name(d, "margin"), "is required for the margin scheme: the pricing settings have no default margin")
				continue
			}
			m := p.DefaultMargin
			d.line.Margin = &m
		}
		if err := fields.Err(); err != nil {
			return err
		}
	}
	prices, err := s.deps.Items.SalesUnitPrices(ctx, q, lw.tenantID, lw.parent.CustomerID, lw.parent.Currency, asks)
	if err != nil {
		return err
	}
	for i, d := range asking {
		p, l := prices[i], &d.line
		switch {
		case p.Found && p.Type == items.SalesBreakPrice && p.Price != nil:
			l.UnitPrice = *p.Price
		case p.Found && p.Type == items.SalesBreakMargin && p.Margin != nil:
			if err := s.priceFromCost(ctx, q, lw, d, *p.Margin); err != nil {
				return err
			}
		case d.w.UnitPrice != nil:
			l.UnitPrice = *d.w.UnitPrice
		default:
			l.UnitPrice = pdec.Zero
		}
	}
	for _, d := range drafts {
		if d.line.PricingScheme == PricingMargin && d.reprice {
			if err := s.priceFromCost(ctx, q, lw, d, *d.line.Margin); err != nil {
				return err
			}
		}
	}
	for _, d := range drafts {
		pre := doclines.ExtendedPrice(d.line.Quantity, d.line.UnitPrice, lw.minor)
		doclines.CheckDiscount(fields, lw.name(d, "discount"), d.line.Discount, pre)
	}
	return fields.Err()
}

// priceFromCost prices the draft at margin percent over its estimated unit cost: unit price =
// cost / (1 − margin / 100), rounded to the currency's minor unit, the cost being the
// estimate of the line's own routing for its quantity, per unit of the line. The routing
// costs in the item's inventory unit, so a line sold in another unit (a Dozen of an item
// stocked by the Each) is costed for its inventory quantity and its cost per inventory unit
// scaled to the line's unit; a unit without a fixed conversion cannot be costed (400).
func (s *Service) priceFromCost(ctx context.Context, q db.Q, lw lineWrite, d *draft, margin dec) error {
	inv := d.line.InventoryQuantity
	if inv == nil {
		return apperr.Field(lw.name(d, "unitOfMeasureName"),
			"%q has no fixed conversion to the item's inventory unit, so the line cannot be priced by margin", d.line.UnitName)
	}
	perInventoryUnit, err := s.deps.Routings.UnitCost(ctx, q, lw.tenantID, lineOwner(d.line.ID), *inv)
	if e, ok := apperr.As(err); ok && e.Kind == apperr.KindInvalid {
		return apperr.Field(lw.name(d, "quantity"), "cannot be estimated: %s", e.Error())
	}
	if err != nil {
		return err
	}
	cost := perLineUnit(perInventoryUnit, *inv, d.line.Quantity)
	d.line.EstimatedUnitCost = &cost
	d.line.UnitPrice = marginPrice(cost, margin, lw.minor)
	return nil
}

// perLineUnit turns a cost per inventory unit into the cost per line unit: the cost of the
// line's inventory quantity spread over its quantity (exact to costPlaces).
func perLineUnit(perInventoryUnit, inventoryQuantity, quantity dec) dec {
	total := perInventoryUnit.Mul(inventoryQuantity.Decimal)
	return pdec.Decimal{Decimal: total.DivRound(quantity.Decimal, costPlaces)}
}

// costPlaces are the decimal places of an estimated unit cost.
const costPlaces = 6

// marginPrice is cost / (1 − margin / 100) rounded to minor digits: margin is below 100.
func marginPrice(cost, margin dec, minor int) dec {
	one := pdec.FromInt(1).Decimal
	keep := one.Sub(margin.Shift(-2))
	return doclines.Round(pdec.Decimal{Decimal: cost.Div(keep)}, minor)
}

// PartLine returns one part line of the quote with its amounts; the quote may be deleted. A
// line of another quote is NotFound.
func (s *Service) PartLine(ctx context.Context, tenantID, quoteID, lineID string) (PartLine, error) {
	var l PartLine
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.lineQuoteExists(ctx, q, tenantID, quoteID); err != nil {
			return err
		}
		var err error
		l, err = partLinesStore{}.get(ctx, q, tenantID, quoteID, lineID, false)
		return err
	})
	return l, err
}

// PartLines returns the page r asks for of the quote's part lines matching f, in two
// statements however many lines; the quote may be deleted.
func (s *Service) PartLines(ctx context.Context, tenantID, quoteID string, f PartLineFilter, r listing.Request) ([]PartLine, error) {
	page, err := listing.Resolve(r, partLineListSpec)
	if err != nil {
		return nil, err
	}
	var out []PartLine
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.lineQuoteExists(ctx, q, tenantID, quoteID); err != nil {
			return err
		}
		out, err = partLinesStore{}.list(ctx, q, tenantID, quoteID, f, page)
		return err
	})
	return out, err
}

// UpdatePartLine replaces the line's members (see PartLineWrite and updateQuotePartLine in
// the spec) and answers the line as stored.
func (s *Service) UpdatePartLine(ctx context.Context, tenantID, quoteID, lineID string, w PartLineWrite) (PartLine, error) {
	d := &draft{w: w}
	lw := lineWrite{tenantID: tenantID}
	if err := lw.checkShapes([]*draft{d}); err != nil {
		return PartLine{}, err
	}
	if err := s.readPricing(ctx, &lw, []*draft{d}); err != nil {
		return PartLine{}, err
	}
	var out PartLine
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		lw.parent, lw.minor = parent, currency.MinorUnits(parent.Currency)
		cur, err := partLinesStore{}.get(ctx, q, tenantID, quoteID, lineID, true)
		if err != nil {
			return err
		}
		d.current = &cur
		d.line.ID, d.line.RoutingID, d.line.QuoteID, d.line.LineNumber = cur.ID, cur.RoutingID, quoteID, cur.LineNumber
		if w.LineNumber != nil {
			d.line.LineNumber = *w.LineNumber
		}
		if err := s.resolveLines(ctx, q, lw, []*draft{d}); err != nil {
			return err
		}
		if err := s.priceLines(ctx, q, lw, []*draft{d}); err != nil {
			return err
		}
		if err := (partLinesStore{}).update(ctx, q, tenantID, d.line); err != nil {
			return err
		}
		if err := s.recomputeTotals(ctx, q, tenantID, parent); err != nil {
			return err
		}
		out, err = partLinesStore{}.get(ctx, q, tenantID, quoteID, lineID, false)
		return err
	})
	return out, err
}

// DeletePartLine deletes the line and its routing; false when the quote has no such line.
func (s *Service) DeletePartLine(ctx context.Context, tenantID, quoteID, lineID string) (bool, error) {
	var deleted bool
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		deleted, err = partLinesStore{}.delete(ctx, q, tenantID, quoteID, lineID)
		if err != nil || !deleted {
			return err
		}
		if err := s.deps.Routings.Remove(ctx, q, tenantID, lineOwner(lineID)); err != nil {
			return err
		}
		return s.recomputeTotals(ctx, q, tenantID, parent)
	})
	return deleted, err
}

// ReplacePartLineCustomFields replaces the line's custom fields, validated in full against
// module quote_Part_LineItem, and answers the line.
func (s *Service) ReplacePartLineCustomFields(ctx context.Context, tenantID, quoteID, lineID string, values map[string]any) (PartLine, error) {
	var out PartLine
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		if _, err := (partLinesStore{}).get(ctx, q, tenantID, quoteID, lineID, true); err != nil {
			return err
		}
		check, err := s.deps.CustomFields.Checker(ctx, q, tenantID, customfields.ModuleQuotePartLineItem)
		if err != nil {
			return err
		}
		if values == nil {
			values = map[string]any{}
		}
		stored, err := check(values, customfields.Full)
		if err != nil {
			return err
		}
		if err := (partLinesStore{}).setCustomFields(ctx, q, tenantID, quoteID, lineID, stored); err != nil {
			return err
		}
		// The line changed: the quote's modifiedUtc advances with it (its totals do not move).
		if err := s.recomputeTotals(ctx, q, tenantID, parent); err != nil {
			return err
		}
		out, err = partLinesStore{}.get(ctx, q, tenantID, quoteID, lineID, false)
		return err
	})
	return out, err
}

// UsesItem reports whether a part line of a quote that is not deleted sells the item: the
// item's unit of measure then cannot change (registered with the item master).
func (s *Service) UsesItem(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	return partLinesStore{}.usesItem(ctx, q, tenantID, itemID)
}
