package salesorders

import (
	"context"
	"fmt"
	"slices"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/shopday"
	"mos/internal/sales/quotes"
	"mos/internal/shared/docnumbers"
	"mos/internal/stock/routing"
)

// QuoteConversion is what a conversion of a quote into a sales order sends
// (convertQuoteToSalesOrder); nil members were omitted.
type QuoteConversion struct {
	// PartLineIDs are the quote's part lines the order takes; nil: all of them.
	PartLineIDs      []string
	CustomerPONumber *string
	// OrderedDate and DueDate are days at midnight UTC.
	OrderedDate *time.Time
	DueDate     *time.Time
}

// Converter is who converts: the tenant (its shop timezone gives the default ordered day)
// and the calling user (empty for an integration token).
type Converter struct{ TenantID, Timezone, UserID string }

// convertibleQuote are the quote statuses a sales order may be made from: the quote was
// offered (approved or sent), ran out (the customer may still accept it) or is already won
// (marked so by hand before its order was entered). A draft or a quote awaiting approval is
// not yet offered; a lost one was declined.
var convertibleQuote = []quotes.Status{quotes.StatusApproved, quotes.StatusSent, quotes.StatusExpired, quotes.StatusWon}

// ConvertQuote makes a new draft sales order of quote quoteID under the rules of
// convertQuoteToSalesOrder and answers its id, in one transaction: the quote is locked first
// (so conversions of one quote run one at a time, and its lines cannot change meanwhile), the
// order's header, part lines (with copies of the quote lines' routings), fee, tax and discount
// lines are written, the totals computed, and the quote marked won. The unique index on the
// order's quote_id is the last word when the lock is bypassed.
func (s *Service) ConvertQuote(ctx context.Context, c Converter, quoteID string, w QuoteConversion) (string, error) {
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		src, err := s.deps.Quotes.ForConversion(ctx, q, c.TenantID, quoteID)
		if err != nil {
			return err
		}
		if !slices.Contains(convertibleQuote, src.Status) {
			return apperr.Field("status", "a %s quote cannot be converted into a sales order (allowed: %v)", src.Status, convertibleQuote)
		}
		st := conversionStore{}
		if number, found, err := st.orderOfQuote(ctx, q, c.TenantID, quoteID); err != nil {
			return err
		} else if found {
			return apperr.Field("quoteId", "quote %d is already converted to sales order %d", src.Number, number)
		}
		cust, err := s.deps.Customers.DocumentDefaults(ctx, q, c.TenantID, src.CustomerID)
		if err != nil {
			return err
		}
		if cust.Deleted {
			return apperr.Field("quoteId", "the quote's customer %s is deleted", cust.Name)
		}
		lines, err := chosenLines(src.PartLines, w.PartLineIDs)
		if err != nil {
			return err
		}
		row := orderInsert{
			ID: id, CustomerID: src.CustomerID, CustomerPoNumber: w.CustomerPONumber, Contact: src.Contact,
			BillingAddress: src.BillingAddress, ShippingAddress: src.ShippingAddress, SalesPersonID: src.SalesPersonID,
			CurrencyCode: src.CurrencyCode, PaymentTermsID: src.PaymentTermsID, DueDate: src.DueDate, Notes: src.Notes,
			CustomFields: map[string]any{}, QuoteID: &quoteID,
		}
		if w.DueDate != nil {
			row.DueDate = w.DueDate
		}
		if w.OrderedDate != nil {
			row.OrderedDate = *w.OrderedDate
		} else if row.OrderedDate, err = shopday.Today(c.Timezone, s.now()); err != nil {
			return err
		}
		if c.UserID != "" {
			row.CreatedByUserID = &c.UserID
		}
		// The number last: the numbering row stays locked for the shortest time.
		if row.Number, err = docnumbers.Next(ctx, q, c.TenantID, docnumbers.KindSalesOrder); err != nil {
			return err
		}
		if err := s.store.insert(ctx, q, c.TenantID, row); err != nil {
			if constraint, ok := db.UniqueViolation(err); ok && constraint == "sales_orders_quote_key" {
				return apperr.Field("quoteId", "quote %d is already converted to a sales order", src.Number)
			}
			return err
		}
		orderLines, pairs := convertedLines(id, lines)
		if err := (partLinesStore{}).insert(ctx, q, c.TenantID, orderLines); err != nil {
			return err
		}
		if err := s.deps.Routings.CopyEach(ctx, q, c.TenantID, pairs); err != nil {
			return err
		}
		if err := st.insertDocumentLines(ctx, q, c.TenantID, id, src); err != nil {
			return err
		}
		parent := lineParent{ID: id, Status: StatusDraft, Currency: src.CurrencyCode, CustomerID: src.CustomerID}
		if err := s.recomputeTotals(ctx, q, c.TenantID, parent); err != nil {
			return err
		}
		return s.deps.Quotes.MarkWon(ctx, q, c.TenantID, quoteID)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// chosenLines answers the quote's part lines the order takes, in the quote's line order: all
// of them when ids is nil. An id that is not a line of the quote is a 404 naming
// partLineItemIds.N, an id listed twice a 400 naming it.
func chosenLines(all []quotes.PartLine, ids []string) ([]quotes.PartLine, error) {
	if ids == nil {
		return all, nil
	}
	byID := make(map[string]bool, len(all))
	for _, l := range all {
		byID[l.ID] = true
	}
	chosen := make(map[string]bool, len(ids))
	missing, invalid := apperr.Fields{}, apperr.Fields{}
	for i, id := range ids {
		field := fmt.Sprintf("partLineItemIds.%d", i)
		switch {
		case !byID[id]:
			missing.Add(field, "%s is not a part line of this quote", id)
		case chosen[id]:
			invalid.Add(field, "part line %s is listed twice", id)
		}
		chosen[id] = true
	}
	if len(missing) > 0 {
		return nil, missing.NotFoundErr()
	}
	if err := invalid.Err(); err != nil {
		return nil, err
	}
	out := make([]quotes.PartLine, 0, len(ids))
	for _, l := range all {
		if chosen[l.ID] {
			out = append(out, l)
		}
	}
	return out, nil
}

// convertedLines are the order's part lines made of the chosen quote lines, numbered 1, 2,
// 3 … and remembering their quote lines, with the routing copies they take: each quote
// line's routing to its order line. Prices, costs and amounts are the quote's, unchanged.
func convertedLines(orderID string, chosen []quotes.PartLine) ([]PartLine, []routing.CopyPair) {
	lines, pairs := make([]PartLine, len(chosen)), make([]routing.CopyPair, len(chosen))
	for i, ql := range chosen {
		l, quoteLineID := ql.Line, ql.ID
		l.ID, l.RoutingID, l.LineNumber = ids.NewSub(), ids.NewSub(), int32(i+1)
		lines[i] = PartLine{Line: l, SalesOrderID: orderID, QuotePartLineID: &quoteLineID}
		pairs[i] = routing.CopyPair{
			From: routing.Owner{Type: routing.OwnerQuotePartLine, ID: quoteLineID},
			To:   partLineOwner(l.ID),
		}
	}
	return lines, pairs
}
