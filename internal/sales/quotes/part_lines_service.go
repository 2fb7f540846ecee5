package quotes

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/sales/partlines"
	"mos/internal/shared/customfields"
	"mos/internal/stock/routing"
)

// PricingScheme is how a part line's unit price is set (partlines).
type PricingScheme = partlines.PricingScheme

// The pricing schemes.
const (
	PricingPrice  = partlines.PricingPrice
	PricingMargin = partlines.PricingMargin
)

// ItemRef is the item a line sells, as its answer shows it.
type ItemRef = partlines.ItemRef

// PartLine is a stored quote part line with its computed amounts.
type PartLine struct {
	partlines.Line
	QuoteID string
}

// PartLineWrite is a create or full update of a part line; nil members were omitted (or
// null) and take their defaults (see QuotePartLineItemWrite in the spec).
type PartLineWrite = partlines.Write

// PartLineFilter narrows a part line list; empty members apply no clause.
type PartLineFilter = partlines.Filter

// lineOwner is the routing owner of part line id.
func lineOwner(id string) routing.Owner {
	return routing.Owner{Type: routing.OwnerQuotePartLine, ID: id}
}

// partLineKind declares the quote's part lines to the shared part line body.
func (s *Service) partLineKind() *partlines.Kind {
	return &partlines.Kind{
		Deps: partlines.Deps{Items: s.deps.Items, Routings: s.deps.Routings, TaxRates: s.deps.TaxRates,
			CustomFields: s.deps.CustomFields, Pricing: s.deps.Pricing},
		Module: customfields.ModuleQuotePartLineItem, OwnerType: routing.OwnerQuotePartLine,
	}
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
	if len(ws) == 0 || len(ws) > partlines.MaxBatch {
		return nil, apperr.Field("partLineItems", "must hold 1 to %d part lines", partlines.MaxBatch)
	}
	return s.createPartLines(ctx, tenantID, quoteID, ws, true)
}

func (s *Service) createPartLines(ctx context.Context, tenantID, quoteID string, ws []PartLineWrite, batch bool) ([]string, error) {
	b, err := s.partLineKind().Start(tenantID, ws, batch)
	if err != nil {
		return nil, err
	}
	created := make([]string, len(ws))
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		last, err := partLinesStore{}.maxLineNumber(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		if err := b.Create(ctx, q, partlines.Parent{CustomerID: parent.CustomerID, Currency: parent.Currency}, last); err != nil {
			return err
		}
		lines := make([]PartLine, len(b.Drafts))
		for i, d := range b.Drafts {
			lines[i] = PartLine{Line: d.Line, QuoteID: quoteID}
			created[i] = d.Line.ID
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
	b, err := s.partLineKind().Start(tenantID, []PartLineWrite{w}, false)
	if err != nil {
		return PartLine{}, err
	}
	var out PartLine
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, quoteID)
		if err != nil {
			return err
		}
		cur, err := partLinesStore{}.get(ctx, q, tenantID, quoteID, lineID, true)
		if err != nil {
			return err
		}
		if err := b.Update(ctx, q, partlines.Parent{CustomerID: parent.CustomerID, Currency: parent.Currency}, cur.Line); err != nil {
			return err
		}
		if err := (partLinesStore{}).update(ctx, q, tenantID, PartLine{Line: b.Drafts[0].Line, QuoteID: quoteID}); err != nil {
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
