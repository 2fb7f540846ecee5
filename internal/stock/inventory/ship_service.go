package inventory

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// availableAt answers what a document's pick may take at balance bal (locked): what is on
// hand less what records reserve there. A reservation locks every balance of its item, so
// what is reserved cannot change while bal is locked.
func (s *Service) availableAt(ctx context.Context, q db.Q, tenantID string, bal Balance) (dec.Decimal, error) {
	reserved, err := s.store.reservedAt(ctx, q, tenantID, bal.ID)
	if err != nil {
		return dec.Decimal{}, err
	}
	return dec.Decimal{Decimal: bal.Quantity.Sub(reserved.Decimal)}, nil
}
