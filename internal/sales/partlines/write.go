package partlines

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/shared/customfields"
	"mos/internal/shared/doclines"
	"mos/internal/shared/settings"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// Draft is one line being written: its index in the request, what was sent, the line as it
// will be stored and, on update, the line as it was.
type Draft struct {
	Index   int
	W       Write
	Line    Line
	Current *Line
	// reprice: the line's price comes from its scheme (breaks or margin), not from unitPrice.
	reprice bool
}

// Batch is one write of lines: the request's naming, the drafts, the document and, when a
// line takes the default margin, the pricing settings.
type Batch struct {
	kind     *Kind
	tenantID string
	batch    bool
	Drafts   []*Draft
	parent   Parent
	minor    int
	pricing  *settings.Pricing
}

// Start checks the rules each line states on its own, before any read (naming
// partLineItems.N.member when batch).
func (k *Kind) Start(tenantID string, ws []Write, batch bool) (*Batch, error) {
	b := &Batch{kind: k, tenantID: tenantID, batch: batch, Drafts: make([]*Draft, len(ws))}
	for i, w := range ws {
		b.Drafts[i] = &Draft{Index: i, W: w}
	}
	if err := b.checkShapes(); err != nil {
		return nil, err
	}
	return b, nil
}

// begin takes the locked document and, when a line needs the default margin, reads the
// pricing settings in the write's transaction.
func (b *Batch) begin(ctx context.Context, q db.Q, parent Parent) error {
	b.parent, b.minor = parent, currency.MinorUnits(parent.Currency)
	for _, d := range b.Drafts {
		if d.W.PricingScheme != nil && *d.W.PricingScheme == PricingMargin && d.W.Margin == nil {
			p, err := b.kind.Deps.Pricing.PricingIn(ctx, q, b.tenantID)
			if err != nil {
				return err
			}
			b.pricing = &p
			return nil
		}
	}
	return nil
}

// Name is the member's name in errors: partLineItems.N.member in a batch, member alone.
func (b *Batch) Name(d *Draft, member string) string {
	if b.batch {
		return fmt.Sprintf("partLineItems.%d.%s", d.Index, member)
	}
	return member
}

// Create fills every draft as a new line of the locked document parent whose highest line
// number is last: new ids, line numbers (an omitted one is the highest so far + 1), the
// item's defaults, prices and a copy of the item's routing (one statement for the batch).
// The caller stores the drafts' lines.
func (b *Batch) Create(ctx context.Context, q db.Q, parent Parent, last int32) error {
	if err := b.begin(ctx, q, parent); err != nil {
		return err
	}
	for _, d := range b.Drafts {
		d.Line.ID, d.Line.RoutingID = ids.NewSub(), ids.NewSub()
		if d.W.LineNumber != nil {
			d.Line.LineNumber = *d.W.LineNumber
		} else {
			last++
			d.Line.LineNumber = last
		}
		last = max(last, d.Line.LineNumber)
	}
	if err := b.resolve(ctx, q); err != nil {
		return err
	}
	// Each line's routing is a copy of its item's, made before pricing: the margin scheme
	// estimates from the line's own routing.
	pairs := make([]routing.CopyPair, len(b.Drafts))
	for i, d := range b.Drafts {
		pairs[i] = routing.CopyPair{From: routing.Owner{Type: routing.OwnerItem, ID: d.Line.ItemID}, To: b.kind.Owner(d.Line.ID)}
	}
	if err := b.kind.Deps.Routings.CopyEach(ctx, q, b.tenantID, pairs); err != nil {
		return err
	}
	return b.price(ctx, q)
}

// Update fills the batch's one draft as the new state of cur, a line of the locked document
// parent, locked by the caller: an omitted lineNumber keeps cur's; the line keeps its id and
// routing. The caller stores the draft's line.
func (b *Batch) Update(ctx context.Context, q db.Q, parent Parent, cur Line) error {
	if err := b.begin(ctx, q, parent); err != nil {
		return err
	}
	d := b.Drafts[0]
	d.Current = &cur
	d.Line.ID, d.Line.RoutingID, d.Line.LineNumber = cur.ID, cur.RoutingID, cur.LineNumber
	if d.W.LineNumber != nil {
		d.Line.LineNumber = *d.W.LineNumber
	}
	if err := b.resolve(ctx, q); err != nil {
		return err
	}
	if b.kind.FixedUnitOnReprice && d.W.PricingScheme != nil && d.Line.UnitName != cur.UnitName {
		return apperr.Field(b.Name(d, "unitOfMeasureName"),
			"the unit cannot change (%q to %q) in the request that sends pricingScheme: change the unit first, then re-price", cur.UnitName, d.Line.UnitName)
	}
	return b.price(ctx, q)
}

// checkShapes applies the rules each line states on its own, before any read, naming every
// offending member.
func (b *Batch) checkShapes() error {
	fields := apperr.Fields{}
	for _, d := range b.Drafts {
		w := &d.W
		doclines.CheckQuantity(fields, b.Name(d, "quantity"), w.Quantity)
		if w.UnitPrice != nil {
			doclines.CheckPrice(fields, b.Name(d, "unitPrice"), *w.UnitPrice)
		}
		if w.LineNumber != nil && *w.LineNumber < 1 {
			fields.Add(b.Name(d, "lineNumber"), "must be 1 or more")
		}
		if w.Margin != nil {
			checkMargin(fields, b.Name(d, "margin"), *w.Margin)
		}
		if w.PricingScheme != nil && *w.PricingScheme != PricingPrice && *w.PricingScheme != PricingMargin {
			fields.Add(b.Name(d, "pricingScheme"), "%s", apperr.NotOneOf(string(*w.PricingScheme), []PricingScheme{PricingPrice, PricingMargin}))
		}
		if w.Discount != nil && (w.Discount.Value.IsNegative() || (w.Discount.Percentage && w.Discount.Value.GreaterThan(pdec.FromInt(100).Decimal))) {
			doclines.CheckDiscount(fields, b.Name(d, "discount"), w.Discount, pdec.Zero)
		}
		if w.LeadTimeDays != nil && *w.LeadTimeDays < 0 {
			fields.Add(b.Name(d, "leadTimeDays"), "must be 0 or more")
		}
		if w.Description != nil {
			if t := strings.TrimSpace(*w.Description); len([]rune(t)) > MaxLineText {
				fields.Add(b.Name(d, "description"), "must be at most %d characters", MaxLineText)
			}
		}
		w.Notes = fields.OptionalText(b.Name(d, "notes"), w.Notes, MaxLineText)
		if w.UnitName != nil && len([]rune(strings.TrimSpace(*w.UnitName))) > MaxUnitName {
			fields.Add(b.Name(d, "unitOfMeasureName"), "must be at most %d characters", MaxUnitName)
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

// resolve checks and fills what needs other areas' records, for every draft at once: the
// items (404 naming itemId; archived 400 unless an update keeps it), the unit (400 naming
// unitOfMeasureName), the defaults taken from the item, the tax rates (copied) and the custom
// fields.
func (b *Batch) resolve(ctx context.Context, q db.Q) error {
	deps := b.kind.Deps
	itemIDs := make([]string, 0, len(b.Drafts))
	var rateIDs []string
	for _, d := range b.Drafts {
		itemIDs = append(itemIDs, d.W.ItemID)
		if d.W.TaxRateID != nil {
			rateIDs = append(rateIDs, *d.W.TaxRateID)
		}
	}
	found, err := deps.Items.SaleItems(ctx, q, b.tenantID, itemIDs)
	if err != nil {
		return err
	}
	missing := apperr.Fields{}
	for _, d := range b.Drafts {
		if _, ok := found[d.W.ItemID]; !ok {
			missing.Add(b.Name(d, "itemId"), "item %s not found", d.W.ItemID)
		}
	}
	if err := missing.NotFoundErr(); err != nil {
		return err
	}
	rates, err := b.usableRates(ctx, q, rateIDs)
	if err != nil {
		return err
	}
	check, err := deps.CustomFields.Checker(ctx, q, b.tenantID, b.kind.Module)
	if err != nil {
		return err
	}
	fields := apperr.Fields{}
	for _, d := range b.Drafts {
		it := found[d.W.ItemID]
		l, w := &d.Line, &d.W
		if it.IsArchived && (d.Current == nil || d.Current.ItemID != it.ID) {
			fields.Add(b.Name(d, "itemId"), "item %s is archived", it.ID)
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
		if !slices.Contains(it.Units, l.UnitName) {
			fields.Add(b.Name(d, "unitOfMeasureName"), "%q is not a unit item %s sells in (units: %s)", l.UnitName, it.Number, strings.Join(it.Units, ", "))
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
			l.TaxRate = rates[*w.TaxRateID]
		}
		l.LeadTimeDays, l.Notes, l.Discount = w.LeadTimeDays, w.Notes, w.Discount
		var values map[string]any
		var err error
		switch {
		case w.CustomFields != nil:
			values, err = check(w.CustomFields, customfields.Full)
		case d.Current != nil:
			values = d.Current.CustomFields
		default:
			// A create without customFields still needs every required definition's value.
			values, err = check(map[string]any{}, customfields.Full)
		}
		if err := b.collect(fields, d, err); err != nil {
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
func (b *Batch) collect(fields apperr.Fields, d *Draft, err error) error {
	e, ok := apperr.As(err)
	if !ok || len(e.Fields) == 0 {
		return err
	}
	prefix := ""
	if b.batch {
		prefix = fmt.Sprintf("partLineItems.%d", d.Index)
	}
	fields.Merge(prefix, e.Fields)
	return nil
}

// usableRates reads the drafts' tax rates at once (their percentages by id); when one is
// unknown or archived it asks again line by line, so the error names the line's taxRateId.
func (b *Batch) usableRates(ctx context.Context, q db.Q, rateIDs []string) (map[string]dec, error) {
	deps := b.kind.Deps
	rates, err := deps.TaxRates.Usable(ctx, q, b.tenantID, "taxRateId", rateIDs)
	if err == nil || !b.batch {
		out := map[string]dec{}
		for id, r := range rates {
			out[id] = r.Rate
		}
		return out, err
	}
	if _, ok := apperr.As(err); !ok {
		return nil, err
	}
	for _, d := range b.Drafts {
		if d.W.TaxRateID == nil {
			continue
		}
		if _, err := deps.TaxRates.Usable(ctx, q, b.tenantID, b.Name(d, "taxRateId"), []string{*d.W.TaxRateID}); err != nil {
			return nil, err
		}
	}
	return nil, err
}

// price sets each draft's pricing scheme, unit price, margin and estimated unit cost (the
// pricing rule of the part line write schemas in the spec), then checks its discount against
// its amount. Every price break is read at once; each line priced from cost estimates from
// its own routing.
func (b *Batch) price(ctx context.Context, q db.Q) error {
	fields := apperr.Fields{}
	var asks []items.PriceAsk
	var asking []*Draft
	needDefaultMargin := false
	for _, d := range b.Drafts {
		l, w, cur := &d.Line, &d.W, d.Current
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
				fields.Add(b.Name(d, "unitPrice"), "a line priced by margin takes its unit price from its estimated cost; send 0, the current price or no unitPrice")
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
		if b.pricing != nil {
			p = *b.pricing
		}
		for _, d := range b.Drafts {
			if d.Line.PricingScheme != PricingMargin || !d.reprice || d.Line.Margin != nil {
				continue
			}
			if !p.UseDefaultMargin {
				fields.Add(b.Name(d, "margin"), "is required for the margin scheme: the pricing settings have no default margin")
				continue
			}
			m := p.DefaultMargin
			d.Line.Margin = &m
		}
		if err := fields.Err(); err != nil {
			return err
		}
	}
	prices, err := b.kind.Deps.Items.SalesUnitPrices(ctx, q, b.tenantID, b.parent.CustomerID, b.parent.Currency, asks)
	if err != nil {
		return err
	}
	for i, d := range asking {
		p, l := prices[i], &d.Line
		switch {
		case p.Found && p.Type == items.SalesBreakPrice && p.Price != nil:
			l.UnitPrice = *p.Price
		case p.Found && p.Type == items.SalesBreakMargin && p.Margin != nil:
			if err := b.priceFromCost(ctx, q, d, *p.Margin); err != nil {
				return err
			}
		case d.W.UnitPrice != nil:
			l.UnitPrice = *d.W.UnitPrice
		default:
			l.UnitPrice = pdec.Zero
		}
	}
	for _, d := range b.Drafts {
		if d.Line.PricingScheme == PricingMargin && d.reprice {
			if err := b.priceFromCost(ctx, q, d, *d.Line.Margin); err != nil {
				return err
			}
		}
	}
	for _, d := range b.Drafts {
		pre := doclines.ExtendedPrice(d.Line.Quantity, d.Line.UnitPrice, b.minor)
		doclines.CheckDiscount(fields, b.Name(d, "discount"), d.Line.Discount, pre)
	}
	return fields.Err()
}

// priceFromCost prices the draft at margin percent over its estimated unit cost: unit price =
// cost / (1 − margin / 100), rounded to the currency's minor unit, the cost being the
// estimate of the line's own routing for its quantity, per unit of the line. The routing
// costs in the item's inventory unit, so a line sold in another unit (a Dozen of an item
// stocked by the Each) is costed for its inventory quantity and its cost per inventory unit
// scaled to the line's unit; a unit without a fixed conversion cannot be costed (400).
func (b *Batch) priceFromCost(ctx context.Context, q db.Q, d *Draft, margin dec) error {
	inv := d.Line.InventoryQuantity
	if inv == nil {
		return apperr.Field(b.Name(d, "unitOfMeasureName"),
			"%q has no fixed conversion to the item's inventory unit, so the line cannot be priced by margin", d.Line.UnitName)
	}
	perInventoryUnit, err := b.kind.Deps.Routings.UnitCost(ctx, q, b.tenantID, b.kind.Owner(d.Line.ID), *inv)
	if e, ok := apperr.As(err); ok && e.Kind == apperr.KindInvalid {
		return apperr.Field(b.Name(d, "quantity"), "cannot be estimated: %s", e.Error())
	}
	if err != nil {
		return err
	}
	cost := perLineUnit(perInventoryUnit, *inv, d.Line.Quantity)
	d.Line.EstimatedUnitCost = &cost
	d.Line.UnitPrice = marginPrice(cost, margin, b.minor)
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
