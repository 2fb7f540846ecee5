package routing

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/scheduling/resources"
	"mos/internal/scheduling/trackingfields"
	"mos/internal/stock/items"
	"mos/internal/stock/operations"
)

// library finds the operation of the library a routing operation picks, in q's transaction.
type library interface {
	ForRouting(ctx context.Context, q db.Q, tenantID, id string) (operations.Operation, error)
}

// resourceDirectory finds the work centers and equipment a routing operation names (the
// scheduling resources service), through q.
type resourceDirectory interface {
	WorkCentersByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]resources.WorkCenterRef, error)
	EquipmentByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]resources.EquipmentRef, error)
}

// itemDirectory finds the items a routing names (inputs, operation items, material stock),
// archived or not, through q (the item master).
type itemDirectory interface {
	ItemsForRouting(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]items.RoutingItemRef, error)
}

// trackingFieldDirectory finds the in-process tracking fields an operation's tracking names,
// through q.
type trackingFieldDirectory interface {
	FieldsByID(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]trackingfields.FieldRef, error)
}

// Deps are the other areas' services routings read, built once at wiring.
type Deps struct {
	Library        library
	Resources      resourceDirectory
	Items          itemDirectory
	Shapes         shapeDirectory
	TrackingFields trackingFieldDirectory
	Settings       costingSettings
	Rates          workCenterRates
	Costs          itemCosts
	Stock          stockLevels
}

// Service holds the rules of routings.
type Service struct {
	pool   *db.Pool
	store  store
	owners map[string]OwnerKind
	deps   Deps
}

// NewService returns the routing service with no owner kinds; owning areas Register theirs.
func NewService(pool *db.Pool, deps Deps) *Service {
	return &Service{pool: pool, owners: map[string]OwnerKind{}, deps: deps}
}

// Register gives ownerType the owning area's lookups.
func (s *Service) Register(ownerType string, k OwnerKind) { s.owners[ownerType] = k }

// requireOwner answers 404 unless the owner's kind is registered and the tenant has the
// owner; it locks the owner's row until q's transaction ends, for edits.
func (s *Service) requireOwner(ctx context.Context, q db.Q, tenantID string, o Owner) (OwnerKind, error) {
	return s.findOwner(ctx, q, tenantID, o, true)
}

// readOwner answers 404 unless the owner's kind is registered and the tenant has the owner;
// it takes no lock, for reads.
func (s *Service) readOwner(ctx context.Context, q db.Q, tenantID string, o Owner) (OwnerKind, error) {
	return s.findOwner(ctx, q, tenantID, o, false)
}

func (s *Service) findOwner(ctx context.Context, q db.Q, tenantID string, o Owner, lock bool) (OwnerKind, error) {
	k, ok := s.owners[o.Type]
	if !ok || k.Exists == nil || k.Lock == nil {
		return OwnerKind{}, apperr.NotFound("%s %s not found", o.Type, o.ID)
	}
	find := k.Exists
	if lock {
		find = k.Lock
	}
	found, err := find(ctx, q, tenantID, o.ID)
	if err != nil {
		return OwnerKind{}, err
	}
	if !found {
		return OwnerKind{}, apperr.NotFound("%s %s not found", o.Type, o.ID)
	}
	return k, nil
}

// changed runs the owner's "record changed" hook in q's transaction.
func changed(ctx context.Context, q db.Q, k OwnerKind, tenantID string, o Owner) error {
	if k.Changed == nil {
		return nil
	}
	return k.Changed(ctx, q, tenantID, o.ID)
}

// operationsEditable asks the owner's kind whether the routing operations opIDs (nil members
// skipped) and what is attached to them may still change; a kind without OperationLocked
// allows every change. A refusal without fields is a 400 naming field, the member of the
// request that names the operation. Callers run it under the owner's lock, before the change.
func operationsEditable(ctx context.Context, q db.Q, k OwnerKind, tenantID string, o Owner, field string, opIDs ...*string) error {
	if k.OperationLocked == nil {
		return nil
	}
	for _, id := range opIDs {
		if id == nil {
			continue
		}
		err := k.OperationLocked(ctx, q, tenantID, o.ID, *id)
		if e, ok := apperr.As(err); ok && e.Kind == apperr.KindInvalid && len(e.Fields) == 0 {
			return apperr.Field(field, "%s", e.Detail)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// edit runs change in one transaction after locking the owner (404 when unknown), then the
// owner's "record changed" hook in the same transaction, unless change reports it changed
// nothing (a delete of what the routing does not have). Every write of a routing goes
// through it, so changes of one owner run one at a time and none skips the hook.
func (s *Service) edit(ctx context.Context, tenantID string, o Owner, change func(q db.Q, k OwnerKind) (changed bool, err error)) error {
	return s.pool.WithTx(ctx, func(q db.Q) error {
		return s.editIn(ctx, q, tenantID, o, change)
	})
}

// editInputGraph is edit for changes that add or change input items: it first takes the
// tenant's input item graph lock, so the cycle check sees every other such change, and takes
// it before the owner's row lock, so these writes always lock in the same order (see
// store.lockInputItemGraph).
func (s *Service) editInputGraph(ctx context.Context, tenantID string, o Owner, change func(q db.Q, k OwnerKind) (changed bool, err error)) error {
	return s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.LockInputItemGraph(ctx, q, tenantID); err != nil {
			return err
		}
		return s.editIn(ctx, q, tenantID, o, change)
	})
}

// editIn is edit in q's transaction, for a caller that must take a lock before the owner's or
// do more after the owner's Changed hook in the same transaction.
func (s *Service) editIn(ctx context.Context, q db.Q, tenantID string, o Owner, change func(q db.Q, k OwnerKind) (bool, error)) error {
	k, err := s.requireOwner(ctx, q, tenantID, o)
	if err != nil {
		return err
	}
	did, err := change(q, k)
	if err != nil || !did {
		return err
	}
	return changed(ctx, q, k, tenantID, o)
}

// remove is edit for a delete: del reports whether the routing had what it deletes, and
// remove answers that, the owner's Changed hook having run only when it had.
func (s *Service) remove(ctx context.Context, tenantID string, o Owner, del func(q db.Q, k OwnerKind) (deleted bool, err error)) (bool, error) {
	var deleted bool
	err := s.edit(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		var err error
		deleted, err = del(q, k)
		return deleted, err
	})
	return deleted, err
}

// view runs read in one transaction after finding the owner without a lock (404 when
// unknown); every read of a routing goes through it.
func (s *Service) view(ctx context.Context, tenantID string, o Owner, read func(q db.Q) error) error {
	return s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.readOwner(ctx, q, tenantID, o); err != nil {
			return err
		}
		return read(q)
	})
}

// Routing returns the owner's routing, its operations by sequence then id, in a fixed number
// of statements however many operations; an unknown owner is NotFound.
func (s *Service) Routing(ctx context.Context, tenantID string, o Owner) (Routing, error) {
	var r Routing
	err := s.view(ctx, tenantID, o, func(q db.Q) (err error) {
		r, err = s.read(ctx, q, tenantID, o)
		return err
	})
	return r, err
}

// read loads the owner's whole routing through q in a fixed number of statements however
// large it is: one per kind of record, one lookup of the items each kind names, and one of
// the shapes and tracking fields.
func (s *Service) read(ctx context.Context, q db.Q, tenantID string, o Owner) (Routing, error) {
	r := Routing{Owner: o}
	var err error
	if r.Operations, err = s.store.listByOwner(ctx, q, tenantID, o); err != nil {
		return Routing{}, err
	}
	if r.OperationItems, err = s.store.operationItemsByOwner(ctx, q, tenantID, o); err != nil {
		return Routing{}, err
	}
	if r.OperationItems, err = s.nameOperationItems(ctx, q, tenantID, r.OperationItems); err != nil {
		return Routing{}, err
	}
	if r.Trackings, err = s.store.trackingsByOwner(ctx, q, tenantID, o); err != nil {
		return Routing{}, err
	}
	if r.Trackings, err = s.nameTrackings(ctx, q, tenantID, r.Trackings); err != nil {
		return Routing{}, err
	}
	if r.InputItems, err = s.inputItemsByOwner(ctx, q, tenantID, o); err != nil {
		return Routing{}, err
	}
	if err = s.nameInputItems(ctx, q, tenantID, r.InputItems); err != nil {
		return Routing{}, err
	}
	if r.InputMaterials, err = s.inputMaterialsByOwner(ctx, q, tenantID, o); err != nil {
		return Routing{}, err
	}
	return r, nil
}

// Copy copies from's whole routing to to by value, with new ids, in q's transaction and in one
// statement however large it is: its operations with their operation items and tracking, its
// input items and input materials (still pointing at the copies of their operations) and the
// materials' nestings. The caller checks both owners; to's routing must be empty (a sequence
// it has already answers 400).
func (s *Service) Copy(ctx context.Context, q db.Q, tenantID string, from, to Owner) error {
	return s.store.copy(ctx, q, tenantID, from, to)
}
