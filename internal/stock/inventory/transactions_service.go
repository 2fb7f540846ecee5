package inventory

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// ListTransactions answers a page of the ledger's balance changes matching f, newest first
// unless sorted otherwise, each with its event's context and the names of its place.
func (s *Service) ListTransactions(ctx context.Context, tenantID string, f TransactionFilter, r listing.Request) (TransactionPage, error) {
	page, err := listing.Resolve(r, transactionListSpec)
	if err != nil {
		return TransactionPage{}, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "dateRange.start", f.DateFrom)
	utctime.CheckFilterBound(fields, "dateRange.end", f.DateTo)
	if err := fields.Err(); err != nil {
		return TransactionPage{}, err
	}
	rows, total, err := s.store.transactions(ctx, s.pool, tenantID, f, page)
	if err != nil {
		return TransactionPage{}, err
	}
	if err := s.nameTransactionPlaces(ctx, tenantID, rows); err != nil {
		return TransactionPage{}, err
	}
	return TransactionPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}

// nameTransactionPlaces fills the lot and location names of a page through their services,
// one query each however many rows.
func (s *Service) nameTransactionPlaces(ctx context.Context, tenantID string, rows []TransactionRow) error {
	var lotIDs, locationIDs []string
	for _, r := range rows {
		if r.Place.LotID != nil {
			lotIDs = append(lotIDs, *r.Place.LotID)
		}
		if r.Place.LocationID != nil {
			locationIDs = append(locationIDs, *r.Place.LocationID)
		}
	}
	if len(lotIDs) > 0 {
		lots, err := s.lots.ByIDs(ctx, tenantID, lotIDs)
		if err != nil {
			return err
		}
		for i, r := range rows {
			if r.Place.LotID != nil {
				// An unnamed lot reads with an empty name.
				name := deref(lots[*r.Place.LotID].Name)
				rows[i].LotName = &name
			}
		}
	}
	if len(locationIDs) > 0 {
		locations, err := s.locations.ByIDs(ctx, tenantID, locationIDs)
		if err != nil {
			return err
		}
		for i, r := range rows {
			if r.Place.LocationID != nil {
				name := locations[*r.Place.LocationID].Name
				rows[i].LocationName = &name
			}
		}
	}
	return nil
}
