package routing

import (
	"context"

	"mos/internal/platform/db"
)

// MaterialsIn answers the input materials of owners' routings, each owner's oldest first,
// with what their answers show (shape and material names, shape type, stock item number,
// nestings), in four statements through q however many owners and materials; an owner
// without materials is absent. Cut lists (the work-package manifest) read them for many job
// items to make at once.
func (s *Service) MaterialsIn(ctx context.Context, q db.Q, tenantID string, owners []Owner) (map[Owner][]InputMaterial, error) {
	out := make(map[Owner][]InputMaterial, len(owners))
	if len(owners) == 0 {
		return out, nil
	}
	rows, err := s.store.materialsOfOwners(ctx, q, tenantID, owners)
	if err != nil {
		return nil, err
	}
	list := make([]InputMaterial, len(rows))
	for i, r := range rows {
		list[i] = r.toMaterial()
	}
	if err := s.completeMaterials(ctx, q, tenantID, list); err != nil {
		return nil, err
	}
	for i, r := range rows {
		o := Owner{Type: r.OwnerType, ID: r.OwnerID}
		out[o] = append(out[o], list[i])
	}
	return out, nil
}
