package routing

import (
	"context"

	"mos/internal/platform/db"
)

// OwnedOperation is a routing operation with the owner whose routing holds it.
type OwnedOperation struct {
	Owner Owner
	Operation
}

// OperationsByID answers the routing operations ids names that exist, by id, whoever owns
// them, in one statement through q: the shop-floor areas (timers, alerts) start from an
// operation id, not from its owner.
func (s *Service) OperationsByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]OwnedOperation, error) {
	out := make(map[string]OwnedOperation, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.store.operationsByID(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = OwnedOperation{Owner: Owner{Type: r.OwnerType, ID: r.OwnerID}, Operation: r.toOperation()}
	}
	return out, nil
}
