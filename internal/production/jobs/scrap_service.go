package jobs

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/stock/scrap"
)

// maxScrapReason is the longest scrapReason of a complete or add-quantity, in characters
// after trimming.
const maxScrapReason = 200

// recordScrap writes to the scrap register, in q (the operation's transaction), the quantity
// scrapped that operation id of item to make it just added: negative for a correction, none
// for 0. The item scrapped is the item the item to make makes.
func (s *Service) recordScrap(ctx context.Context, q db.Q, tenantID string, it ItemToMake, id string, added dec.Decimal, reason, userID *string) error {
	if added.IsZero() || s.deps.Scrap == nil {
		return nil
	}
	jobID, itemToMakeID, operationID := it.JobID, it.ID, id
	return s.deps.Scrap.Record(ctx, q, tenantID, scrap.Record{
		Source: scrap.SourceJobOperation, ItemID: it.ItemID, Quantity: added, Reason: reason,
		JobID: &jobID, ItemToMakeID: &itemToMakeID, JobOperationID: &operationID, UserID: userID,
	})
}

// JobOperationNames answers the job number and operation name of the job operations among
// ids that exist, keyed by id, for the scrap report (registered with the scrap register at
// wiring); two statements through q however many ids (see OperationRefs).
func (s *Service) JobOperationNames(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]scrap.JobOperationName, error) {
	refs, err := s.OperationRefs(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]scrap.JobOperationName, len(refs))
	for id, r := range refs {
		out[id] = scrap.JobOperationName{JobNumber: r.JobNumber, OperationName: r.Operation.Name}
	}
	return out, nil
}
