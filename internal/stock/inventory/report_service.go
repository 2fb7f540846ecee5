package inventory

import (
	"context"
	"time"

	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

// ReportFilter narrows the inventory report; nil members add no clause.
type ReportFilter struct {
	ItemIDs     []string
	LocationIDs []string // only the balances at these locations count
	LotIDs      []string // only the balances in these lots count
	// ItemNumber keeps the items whose number contains it, case-insensitively.
	ItemNumber *string
	// IncludeZero keeps items with nothing on hand (in the balances counted) too.
	IncludeZero bool
	// BelowMinimum true keeps the items with a minimum stock on hand and less than it on hand
	// (nothing on hand included, whatever IncludeZero says); false keeps the others.
	BelowMinimum *bool
}

// ReportRow is one item of the inventory report, summed over the balances counted.
type ReportRow struct {
	ItemID          string
	ItemNumber      string
	ItemDescription *string
	UnitName        *string
	OnHand          dec.Decimal
	Reserved        dec.Decimal
	Available       dec.Decimal
	Value           dec.Decimal
	// AverageUnitCost is Value / OnHand (6 decimal places); nil with nothing on hand.
	AverageUnitCost *dec.Decimal
	MinimumStock    *dec.Decimal
	BelowMinimum    bool
	// LastMovement is when the on-hand quantity counted last changed; nil when it never did.
	LastMovement *time.Time
}

// ReportPage is one page of the inventory report.
type ReportPage struct {
	Rows []ReportRow
	listing.Envelope
}

// Report answers a page of the inventory report: one row per item that has or had stock (a
// balance at some lot or location, in those f counts), by item number then id unless r
// sorts by number, onHand or value. One row per item, not per place, is what the report is
// for (what each item holds and is worth); the inventory list answers per place. Three
// statements however many rows: the page with its sums (computed in SQL), the items' units
// (through the items area) and the last movements, the last two only for a page with rows.
func (s *Service) Report(ctx context.Context, tenantID string, f ReportFilter, r listing.Request) (ReportPage, error) {
	page, err := listing.Resolve(r, reportListSpec)
	if err != nil {
		return ReportPage{}, err
	}
	rows, total, err := s.store.report(ctx, s.pool, tenantID, f, page)
	if err != nil {
		return ReportPage{}, err
	}
	if len(rows) > 0 {
		ids := make([]string, len(rows))
		for i, row := range rows {
			ids[i] = row.ItemID
		}
		refs, err := s.items.ItemsForRouting(ctx, s.pool, tenantID, ids)
		if err != nil {
			return ReportPage{}, err
		}
		moved, err := s.store.lastMovements(ctx, s.pool, tenantID, ids, f)
		if err != nil {
			return ReportPage{}, err
		}
		for i := range rows {
			rows[i].UnitName = refs[rows[i].ItemID].UnitName
			if at, ok := moved[rows[i].ItemID]; ok {
				rows[i].LastMovement = &at
			}
			if rows[i].OnHand.IsPositive() {
				avg := perUnit(rows[i].Value, rows[i].OnHand)
				rows[i].AverageUnitCost = &avg
			}
		}
	}
	return ReportPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}
