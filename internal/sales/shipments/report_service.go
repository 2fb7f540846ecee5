package shipments

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// Report answers a page of the shipping report: one row per shipment line, by effective
// shipped day then line id unless sorted otherwise.
func (s *Service) Report(ctx context.Context, tenantID string, f ReportFilter, r listing.Request) ([]ReportRow, listing.Envelope, error) {
	page, err := listing.Resolve(r, reportListSpec)
	if err != nil {
		return nil, listing.Envelope{}, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "shippedFrom", f.ShippedFrom)
	utctime.CheckFilterBound(fields, "shippedTo", f.ShippedTo)
	if err := fields.Err(); err != nil {
		return nil, listing.Envelope{}, err
	}
	rows, total, err := s.store.report(ctx, s.pool, tenantID, f, page)
	if err != nil {
		return nil, listing.Envelope{}, err
	}
	return rows, listing.NewEnvelope(page, total, len(rows)), nil
}
