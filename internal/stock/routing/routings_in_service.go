package routing

import (
	"context"

	"mos/internal/platform/db"
)

// RoutingsIn reads the routings of owners through q (the caller's transaction, its locks
// held), in four statements however many owners and records: for each owner its operations
// by sequence then id, the items consumed at them in the operations' order, its input items
// and input materials oldest first. Records answer their stored values only: item numbers,
// units, shape names, trackings and nestings are left out. It checks no owner and takes no
// lock: an owner without a routing answers an empty Routing. Owners other than items (job
// items to make, document lines) read their routings together with it.
func (s *Service) RoutingsIn(ctx context.Context, q db.Q, tenantID string, owners []Owner) (map[Owner]Routing, error) {
	out := make(map[Owner]Routing, len(owners))
	for _, o := range owners {
		out[o] = Routing{Owner: o, Operations: []Operation{}, OperationItems: []OperationItem{}, InputItems: []InputItem{}, InputMaterials: []InputMaterial{}}
	}
	if len(owners) == 0 {
		return out, nil
	}
	add := func(o Owner, f func(r *Routing)) {
		r, ok := out[o]
		if !ok {
			return
		}
		f(&r)
		out[o] = r
	}
	ops, err := s.store.operationsOfOwners(ctx, q, tenantID, owners)
	if err != nil {
		return nil, err
	}
	for _, r := range ops {
		add(Owner{Type: r.OwnerType, ID: r.OwnerID}, func(rt *Routing) { rt.Operations = append(rt.Operations, r.toOperation()) })
	}
	opItems, err := s.store.operationItemsOfOwners(ctx, q, tenantID, owners)
	if err != nil {
		return nil, err
	}
	for _, r := range opItems {
		add(Owner{Type: r.OwnerType, ID: r.OwnerID}, func(rt *Routing) {
			rt.OperationItems = append(rt.OperationItems, r.toOperationItem())
		})
	}
	inputs, err := s.store.inputItemsOfOwners(ctx, q, tenantID, owners)
	if err != nil {
		return nil, err
	}
	for _, r := range inputs {
		add(Owner{Type: r.OwnerType, ID: r.OwnerID}, func(rt *Routing) { rt.InputItems = append(rt.InputItems, r.toInputItem()) })
	}
	mats, err := s.store.materialsOfOwners(ctx, q, tenantID, owners)
	if err != nil {
		return nil, err
	}
	for _, r := range mats {
		add(Owner{Type: r.OwnerType, ID: r.OwnerID}, func(rt *Routing) {
			rt.InputMaterials = append(rt.InputMaterials, r.toMaterial())
		})
	}
	return out, nil
}
