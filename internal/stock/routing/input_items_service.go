package routing

import (
	"context"
	"strconv"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// InputItem is a stored input item of a routing: a component consumed to make what the
// owner makes, with the component's number and unit for answers.
type InputItem struct {
	ID string
	InputItemValues
	ItemNumber   string
	ItemRevision *string
	// UnitName is the component's inventory unit, in which QuantityPerUnit counts.
	UnitName    *string
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// InputItemValues are the members of an input item as stored.
type InputItemValues struct {
	ItemID             string
	QuantityPerUnit    dec.Decimal
	RoutingOperationID *string
	Notes              *string
}

// InputItemWrite is what a create or full update of an input item sends.
type InputItemWrite struct {
	ItemID             string
	QuantityPerUnit    dec.Decimal
	RoutingOperationID *string
	Notes              *string
}

// InputItemFilter narrows a routing's input item list; empty members apply no clause.
type InputItemFilter struct {
	IDs                 []string
	ItemIDs             []string
	RoutingOperationIDs []string
}

// CreateInputItem adds an input item to the owner's routing and returns its id, under the
// rules of checkInputItem and resolveInputItems and the cycle rule. The owner's Changed hook
// runs in the same transaction.
func (s *Service) CreateInputItem(ctx context.Context, tenantID string, o Owner, w InputItemWrite) (string, error) {
	created, err := s.createInputItems(ctx, tenantID, o, []InputItemWrite{w}, func(_ int, err error) error { return err })
	if err != nil {
		return "", err
	}
	return created[0], nil
}

// CreateInputItems adds ws to the owner's routing in one transaction, in order, and returns
// their ids in that order; or adds nothing and answers the first failing write's error with
// its fields named inputItems.N.field. The owner's Changed hook runs once.
func (s *Service) CreateInputItems(ctx context.Context, tenantID string, o Owner, ws []InputItemWrite) ([]string, error) {
	return s.createInputItems(ctx, tenantID, o, ws, indexedInputItem)
}

func (s *Service) createInputItems(ctx context.Context, tenantID string, o Owner, ws []InputItemWrite, name func(int, error) error) ([]string, error) {
	fields := apperr.Fields{}
	vs := make([]InputItemValues, len(ws))
	for i, w := range ws {
		var err error
		if vs[i], err = checkInputItem(w); err != nil {
			if e, ok := apperr.As(name(i, err)); ok {
				for f, msgs := range e.Fields {
					fields[f] = append(fields[f], msgs...)
				}
				continue
			}
			return nil, err
		}
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	out := make([]string, len(ws))
	err := s.editInputGraph(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		if err := s.resolveInputItems(ctx, q, tenantID, k, o, vs, name); err != nil {
			return false, err
		}
		for i, v := range vs {
			if err := operationsEditable(ctx, q, k, tenantID, o, "routingOperationId", v.RoutingOperationID); err != nil {
				return false, name(i, err)
			}
		}
		for i, v := range vs {
			out[i] = ids.NewSub()
			if err := s.store.insertInputItem(ctx, q, tenantID, o, out[i], v); err != nil {
				return false, name(i, err)
			}
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// InputItem returns one input item of the owner's routing; an unknown owner, or an input item
// not in its routing, is NotFound.
func (s *Service) InputItem(ctx context.Context, tenantID string, o Owner, id string) (InputItem, error) {
	var it InputItem
	err := s.view(ctx, tenantID, o, func(q db.Q) (err error) {
		if it, err = s.store.getInputItem(ctx, q, tenantID, o, id); err != nil {
			return err
		}
		list := []InputItem{it}
		err = s.nameInputItems(ctx, q, tenantID, list)
		it = list[0]
		return err
	})
	return it, err
}

// UpdateInputItem replaces every member of one input item of the owner's routing under the
// create rules, the cycle rule included.
func (s *Service) UpdateInputItem(ctx context.Context, tenantID string, o Owner, id string, w InputItemWrite) (InputItem, error) {
	v, err := checkInputItem(w)
	if err != nil {
		return InputItem{}, err
	}
	var saved InputItem
	err = s.editInputGraph(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		current, err := s.store.getInputItem(ctx, q, tenantID, o, id)
		if err != nil {
			return false, err
		}
		vs := []InputItemValues{v}
		if err := s.resolveInputItems(ctx, q, tenantID, k, o, vs, func(_ int, err error) error { return err }); err != nil {
			return false, err
		}
		if err := operationsEditable(ctx, q, k, tenantID, o, "routingOperationId", current.RoutingOperationID, v.RoutingOperationID); err != nil {
			return false, err
		}
		if saved, err = s.store.updateInputItem(ctx, q, tenantID, o, id, v); err != nil {
			return false, err
		}
		list := []InputItem{saved}
		if err := s.nameInputItems(ctx, q, tenantID, list); err != nil {
			return false, err
		}
		saved = list[0]
		return true, nil
	})
	return saved, err
}

// DeleteInputItem deletes one input item of the owner's routing and reports whether the
// routing had it; the owner's Changed hook runs only when it had. Removing an input never
// makes a cycle, so it takes no graph lock.
func (s *Service) DeleteInputItem(ctx context.Context, tenantID string, o Owner, id string) (deleted bool, err error) {
	return s.remove(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		if k.OperationLocked != nil {
			current, err := s.store.getInputItem(ctx, q, tenantID, o, id)
			if apperr.IsKind(err, apperr.KindNotFound) {
				return false, nil
			}
			if err != nil {
				return false, err
			}
			if err := operationsEditable(ctx, q, k, tenantID, o, "routingOperationId", current.RoutingOperationID); err != nil {
				return false, err
			}
		}
		return s.store.deleteInputItem(ctx, q, tenantID, o, id)
	})
}

// InputItems returns the owner's routing input items matching f, by createdUtc then id unless
// r sorts otherwise, in a fixed number of statements; an unknown owner is NotFound.
func (s *Service) InputItems(ctx context.Context, tenantID string, o Owner, f InputItemFilter, r listing.Request) ([]InputItem, error) {
	page, err := listing.Resolve(r, inputItemListSpec)
	if err != nil {
		return nil, err
	}
	var out []InputItem
	err = s.view(ctx, tenantID, o, func(q db.Q) (err error) {
		if out, err = s.store.listInputItems(ctx, q, tenantID, o, f, page); err != nil {
			return err
		}
		return s.nameInputItems(ctx, q, tenantID, out)
	})
	return out, err
}

// inputItemsByOwner reads every input item of the owner's routing by createdUtc then id, in
// one statement, for the whole routing's read and its copy. The components' numbers and
// units are left empty: nameInputItems (or the caller's own item lookup, with
// InputItemItemIDs) fills them.
func (s *Service) inputItemsByOwner(ctx context.Context, q db.Q, tenantID string, o Owner) ([]InputItem, error) {
	return s.store.inputItemsByOwner(ctx, q, tenantID, o)
}

// inputItemItemIDs are the distinct components of list, for one item lookup.
func inputItemItemIDs(list []InputItem) []string {
	seen := make(map[string]bool, len(list))
	var out []string
	for _, it := range list {
		if !seen[it.ItemID] {
			seen[it.ItemID] = true
			out = append(out, it.ItemID)
		}
	}
	return out
}

// nameInputItems fills the components' numbers, revisions and units of list in one lookup
// of the item master, however many inputs there are.
func (s *Service) nameInputItems(ctx context.Context, q db.Q, tenantID string, list []InputItem) error {
	if len(list) == 0 {
		return nil
	}
	refs, err := s.deps.Items.ItemsForRouting(ctx, q, tenantID, inputItemItemIDs(list))
	if err != nil {
		return err
	}
	for i := range list {
		if ref, ok := refs[list[i].ItemID]; ok {
			list[i].ItemNumber, list[i].ItemRevision, list[i].UnitName = ref.Number, ref.Revision, ref.UnitName
		}
	}
	return nil
}

// checkInputItem applies the rules that need no lookup, naming each offending field: a
// quantity per unit above 0; notes trimmed, of at most 2000 characters, blank as none.
func checkInputItem(w InputItemWrite) (InputItemValues, error) {
	fields := apperr.Fields{}
	v := InputItemValues{
		ItemID: w.ItemID, QuantityPerUnit: w.QuantityPerUnit, RoutingOperationID: w.RoutingOperationID,
		Notes: fields.OptionalText("notes", w.Notes, maxNotes),
	}
	if !w.QuantityPerUnit.IsPositive() {
		fields.Add("quantityPerUnit", "must be more than 0")
	}
	if w.ItemID == "" {
		fields.Add("itemId", "is required")
	}
	return v, fields.Err()
}

// resolveInputItems checks the references of vs in q's transaction: every component an item
// of the tenant (404 naming itemId) that is not archived (400 naming itemId), every operation
// named one of the owner's routing (404 naming routingOperationId), and no component the
// item the owner makes nor one using it at any depth (400 naming itemId). name turns the
// error of the i-th write into the caller's field names.
func (s *Service) resolveInputItems(ctx context.Context, q db.Q, tenantID string, k OwnerKind, o Owner, vs []InputItemValues, name func(int, error) error) error {
	itemIDs := make([]string, len(vs))
	var opIDs []string
	for i, v := range vs {
		itemIDs[i] = v.ItemID
		if v.RoutingOperationID != nil {
			opIDs = append(opIDs, *v.RoutingOperationID)
		}
	}
	refs, err := s.deps.Items.ItemsForRouting(ctx, q, tenantID, itemIDs)
	if err != nil {
		return err
	}
	for i, v := range vs {
		ref, ok := refs[v.ItemID]
		if !ok {
			return name(i, apperr.NotFound("itemId: item %s not found", v.ItemID))
		}
		if ref.IsArchived {
			return name(i, apperr.Field("itemId", "item %s is archived", ref.Number))
		}
	}
	if len(opIDs) > 0 {
		found, err := s.store.operationsOf(ctx, q, tenantID, o, opIDs)
		if err != nil {
			return err
		}
		for i, v := range vs {
			if v.RoutingOperationID != nil && !found[*v.RoutingOperationID] {
				return name(i, apperr.NotFound("routingOperationId: routing operation %s not found", *v.RoutingOperationID))
			}
		}
	}
	if k.MakesItem == nil {
		return nil
	}
	made, err := k.MakesItem(ctx, q, tenantID, o.ID)
	if err != nil || made == "" {
		return err
	}
	using, err := s.store.inputsReaching(ctx, q, tenantID, made, itemIDs)
	if err != nil {
		return err
	}
	for i, v := range vs {
		if using[v.ItemID] {
			return name(i, cycleErr(refs[v.ItemID].Number, v.ItemID == made))
		}
	}
	return nil
}

// cycleErr is the 400 of an input that would make an item an input of itself.
func cycleErr(number string, self bool) error {
	if self {
		return apperr.Field("itemId", "item %s cannot be an input of itself", number)
	}
	return apperr.Field("itemId", "item %s uses the item this routing makes (at some depth): no item may be an input of itself", number)
}

// CheckNoCycle answers 400 naming itemId unless every one of inputItemIDs may be an input of
// madeItemID: none is madeItemID and madeItemID is an input of none at any depth. One
// statement however many inputs, in q's transaction; the caller holds the input item graph
// lock (for example by calling it from a write that took it) when the graph may change
// concurrently. For copying a routing to an item.
func (s *Service) CheckNoCycle(ctx context.Context, q db.Q, tenantID, madeItemID string, inputItemIDs []string) error {
	if len(inputItemIDs) == 0 {
		return nil
	}
	using, err := s.store.inputsReaching(ctx, q, tenantID, madeItemID, inputItemIDs)
	if err != nil {
		return err
	}
	for _, id := range inputItemIDs {
		if using[id] {
			return cycleErr(id, id == madeItemID)
		}
	}
	return nil
}

// LockInputItemGraph takes the tenant's input item graph lock until q's transaction ends
// (see store.lockInputItemGraph). Take it before locking any owner.
func (s *Service) LockInputItemGraph(ctx context.Context, q db.Q, tenantID string) error {
	return s.store.lockInputItemGraph(ctx, q, tenantID)
}

// UsedInAnotherItemRouting reports whether the tenant's item itemID is used in the routing of
// another item: as an input item, an item consumed at an operation, or an input material's
// stock item. Such an item keeps its unit of measure, in which those routings count it. The
// item's own routing does not count. An inuse.Check.
func (s *Service) UsedInAnotherItemRouting(ctx context.Context, q db.Q, tenantID, itemID string) (bool, error) {
	return s.store.usedInAnotherItemRouting(ctx, q, tenantID, itemID)
}

// indexedInputItem names the i-th write of an input item batch in err: its fields become
// inputItems.i.field, and a 404's detail (which starts with the field) is prefixed the same
// way.
func indexedInputItem(i int, err error) error {
	prefix := "inputItems." + strconv.Itoa(i)
	e, ok := apperr.As(err)
	if !ok {
		return err
	}
	if len(e.Fields) > 0 {
		fields := apperr.Fields{}
		fields.Merge(prefix, e.Fields)
		if e.Kind == apperr.KindNotFound {
			return fields.NotFoundErr()
		}
		return fields.Err()
	}
	if e.Kind == apperr.KindNotFound {
		return apperr.NotFound("%s.%s", prefix, e.Detail)
	}
	return err
}
