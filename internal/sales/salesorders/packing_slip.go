package salesorders

import (
	"context"
	"slices"

	"mos/internal/platform/listing"
)

// A shipment's packing slip prints what the order says of the goods it ships: the order's
// number, customer and PO number, and of each part line shipped its item, description, unit
// and price. It reads them through the method below.

// ForPackingSlip answers the tenant's sales order orderID, deleted or not (a shipment keeps its
// order), and those of its part lines among lineIDs, keyed by id; a line that is not the
// order's is absent. Two statements, whatever the number of lines.
func (s *Service) ForPackingSlip(ctx context.Context, tenantID, orderID string, lineIDs []string) (SalesOrder, map[string]PartLine, error) {
	o, err := s.header.Get(ctx, s.pool, tenantID, orderID)
	if err != nil {
		return SalesOrder{}, nil, err
	}
	ids := slices.Compact(slices.Sorted(slices.Values(lineIDs)))
	page := listing.Page{OrderBy: "l.line_number, l.id", Limit: len(ids)}
	lines, err := partLinesStore{}.list(ctx, s.pool, tenantID, orderID, PartLineFilter{IDs: ids}, page)
	if err != nil {
		return SalesOrder{}, nil, err
	}
	out := make(map[string]PartLine, len(lines))
	for _, l := range lines {
		out[l.ID] = l
	}
	return o, out, nil
}
