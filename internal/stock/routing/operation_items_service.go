package routing

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// What an operation item's quantity counts against.
const (
	PerUnit  = "unit"
	PerSetup = "setup"
)

// OperationItem is an item consumed at one routing operation (tooling, inserts, consumables),
// with the consumed item's number, revision and unit for answers.
type OperationItem struct {
	ID                 string
	RoutingOperationID string
	OperationItemValues
	ItemNumber   string
	ItemRevision *string
	UnitName     *string
	CreatedUtc   time.Time
	ModifiedUtc  time.Time
}

// OperationItemValues are the members of an operation item as stored.
type OperationItemValues struct {
	ItemID   string
	Quantity dec.Decimal
	Per      string
	Notes    *string
}

// OperationItemWrite is what a create or full update sends; a nil Per is PerUnit.
type OperationItemWrite struct {
	ItemID   string
	Quantity dec.Decimal
	Per      *string
	Notes    *string
}

// OperationItemFilter narrows an operation's item list; empty members apply no clause.
type OperationItemFilter struct {
	IDs     []string
	ItemIDs []string
}

// checkOperationItem applies the rules that need no lookup, naming each offending field: a
// quantity above 0, per unit or setup, notes of at most 2000 characters after trimming.
func checkOperationItem(w OperationItemWrite) (OperationItemValues, error) {
	fields := apperr.Fields{}
	v := OperationItemValues{ItemID: w.ItemID, Quantity: w.Quantity, Per: PerUnit,
		Notes: fields.OptionalText("notes", w.Notes, maxNotes)}
	if !w.Quantity.IsPositive() {
		fields.Add("quantity", "must be more than 0")
	}
	if w.Per != nil {
		switch *w.Per {
		case PerUnit, PerSetup:
			v.Per = *w.Per
		default:
			fields.Add("per", "must be one of %s, %s", PerUnit, PerSetup)
		}
	}
	return v, fields.Err()
}

// checkConsumedItem answers 404 naming itemId unless the tenant has the item, and 400 naming
// it when the item is archived, unless it is kept, the item the record already names: an
// archived item may not be picked again, but its records stay editable.
func (s *Service) checkConsumedItem(ctx context.Context, q db.Q, tenantID, itemID, kept string) error {
	found, err := s.deps.Items.ItemsForRouting(ctx, q, tenantID, []string{itemID})
	if err != nil {
		return err
	}
	ref, ok := found[itemID]
	if !ok {
		return apperr.NotFound("itemId: item %s not found", itemID)
	}
	if ref.IsArchived && itemID != kept {
		return apperr.Field("itemId", "item %s is archived", itemID)
	}
	return nil
}

// CreateOperationItem adds an item consumed at one operation of the owner's routing and
// returns its id; an operation not in the owner's routing is NotFound. The owner's Changed
// hook runs in the same transaction.
func (s *Service) CreateOperationItem(ctx context.Context, tenantID string, o Owner, operationID string, w OperationItemWrite) (string, error) {
	v, err := checkOperationItem(w)
	if err != nil {
		return "", err
	}
	id := ids.NewSub()
	err = s.edit(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		if err := s.store.requireOperation(ctx, q, tenantID, o, operationID); err != nil {
			return false, err
		}
		if err := operationsEditable(ctx, q, k, tenantID, o, "operationId", &operationID); err != nil {
			return false, err
		}
		if err := s.checkConsumedItem(ctx, q, tenantID, v.ItemID, ""); err != nil {
			return false, err
		}
		return true, s.store.insertOperationItem(ctx, q, tenantID, operationID, id, v)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// OperationItem returns one item consumed at one operation of the owner's routing; an
// unknown owner, an operation not in its routing or an item not at the operation is NotFound.
func (s *Service) OperationItem(ctx context.Context, tenantID string, o Owner, operationID, id string) (OperationItem, error) {
	var it OperationItem
	err := s.view(ctx, tenantID, o, func(q db.Q) (err error) {
		if it, err = s.store.getOperationItem(ctx, q, tenantID, o, operationID, id); err != nil {
			return err
		}
		named, err := s.nameOperationItems(ctx, q, tenantID, []OperationItem{it})
		it = named[0]
		return err
	})
	return it, err
}

// UpdateOperationItem replaces every member of one item consumed at one operation of the
// owner's routing under the create rules.
func (s *Service) UpdateOperationItem(ctx context.Context, tenantID string, o Owner, operationID, id string, w OperationItemWrite) (OperationItem, error) {
	v, err := checkOperationItem(w)
	if err != nil {
		return OperationItem{}, err
	}
	var saved OperationItem
	err = s.edit(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		current, err := s.store.getOperationItem(ctx, q, tenantID, o, operationID, id)
		if err != nil {
			return false, err
		}
		if err := operationsEditable(ctx, q, k, tenantID, o, "operationId", &operationID); err != nil {
			return false, err
		}
		if err := s.checkConsumedItem(ctx, q, tenantID, v.ItemID, current.ItemID); err != nil {
			return false, err
		}
		if saved, err = s.store.updateOperationItem(ctx, q, tenantID, operationID, id, v); err != nil {
			return false, err
		}
		named, err := s.nameOperationItems(ctx, q, tenantID, []OperationItem{saved})
		if err != nil {
			return false, err
		}
		saved = named[0]
		return true, nil
	})
	return saved, err
}

// DeleteOperationItem deletes one item consumed at one operation of the owner's routing and
// reports whether the operation had it; an operation not in the owner's routing is NotFound.
// The owner's Changed hook runs only when the operation had it.
func (s *Service) DeleteOperationItem(ctx context.Context, tenantID string, o Owner, operationID, id string) (deleted bool, err error) {
	return s.remove(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		if err := s.store.requireOperation(ctx, q, tenantID, o, operationID); err != nil {
			return false, err
		}
		if err := operationsEditable(ctx, q, k, tenantID, o, "operationId", &operationID); err != nil {
			return false, err
		}
		return s.store.deleteOperationItem(ctx, q, tenantID, operationID, id)
	})
}

// OperationItems returns the items consumed at one operation of the owner's routing matching
// f, by createdUtc then id unless r sorts otherwise, in a fixed number of statements; an
// unknown owner or an operation not in its routing is NotFound.
func (s *Service) OperationItems(ctx context.Context, tenantID string, o Owner, operationID string, f OperationItemFilter, r listing.Request) ([]OperationItem, error) {
	page, err := listing.Resolve(r, operationItemListSpec)
	if err != nil {
		return nil, err
	}
	var out []OperationItem
	err = s.view(ctx, tenantID, o, func(q db.Q) (err error) {
		if err := s.store.requireOperation(ctx, q, tenantID, o, operationID); err != nil {
			return err
		}
		if out, err = s.store.listOperationItems(ctx, q, tenantID, operationID, f, page); err != nil {
			return err
		}
		out, err = s.nameOperationItems(ctx, q, tenantID, out)
		return err
	})
	return out, err
}

// nameOperationItems fills in the consumed items' numbers, revisions and units, in one lookup
// however many records.
func (s *Service) nameOperationItems(ctx context.Context, q db.Q, tenantID string, list []OperationItem) ([]OperationItem, error) {
	if len(list) == 0 {
		return list, nil
	}
	itemIDs := make([]string, 0, len(list))
	for _, it := range list {
		itemIDs = append(itemIDs, it.ItemID)
	}
	found, err := s.deps.Items.ItemsForRouting(ctx, q, tenantID, itemIDs)
	if err != nil {
		return nil, err
	}
	for i, it := range list {
		ref := found[it.ItemID]
		list[i].ItemNumber, list[i].ItemRevision, list[i].UnitName = ref.Number, ref.Revision, ref.UnitName
	}
	return list, nil
}
