package jobs

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// QuantityMade answers how many units job jobID has made: the sum of quantityMade over its
// items to make, or over those making itemID only when itemID is set and the job makes it.
// found is false for an unknown job (or another tenant's). The job is share-locked until q's
// transaction ends, so the answer holds while the caller records it (an NCR's impact).
func (s *Service) QuantityMade(ctx context.Context, q db.Q, tenantID, jobID string, itemID *string) (made dec.Decimal, found bool, err error) {
	rows, found, err := quantityMadeStore{}.madeByItem(ctx, q, tenantID, jobID)
	if err != nil || !found {
		return dec.Zero, found, err
	}
	makesItem := false
	for _, r := range rows {
		if itemID != nil && r.ItemID != nil && *r.ItemID == *itemID {
			makesItem = true
		}
	}
	made = dec.Zero
	for _, r := range rows {
		if r.ItemID == nil || (makesItem && *r.ItemID != *itemID) {
			continue
		}
		made = dec.Decimal{Decimal: made.Add(r.Made.Decimal)}
	}
	return made, true, nil
}
