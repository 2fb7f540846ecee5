package items

import (
	"context"
	"fmt"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/shared/customfields"
	"mos/internal/stock/shapes"
)

// A piece cut from a material shape is stocked by count: its size is in its number and its
// width and length.
const (
	cutPieceUnitType = "Pieces"
	cutPieceUnit     = "Each"
)

// ShapeCut asks for the item of a piece cut from a material shape.
type ShapeCut struct {
	MaterialShapeID string
	Length          dec.Decimal
	Width           *dec.Decimal // required for planar shapes, nil for linear ones
	// IsRemnant and CustomFields apply only when a new item is created: a cut resolving to
	// an existing item leaves it unchanged, so neither is validated then.
	IsRemnant    bool
	CustomFields map[string]any
}

// CreateFromMaterialShape resolves a piece cut from an activated material shape to an item
// and returns its id: the active item numbered as the cut (see cutNumber) with no revision
// when one exists, unchanged; otherwise a new buy item counted in Pieces/Each, recorded
// with its shape and isRemnant, and an ItemUpdated event, in one transaction. Concurrent
// identical requests resolve to one item: the insert yields to the unique index on number
// and revision, and the loser reads the winner's item.
func (s *Service) CreateFromMaterialShape(ctx context.Context, tenantID string, c ShapeCut) (string, error) {
	var id string
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		shape, err := s.shapes.Activated(ctx, q, tenantID, c.MaterialShapeID)
		if err != nil {
			return err
		}
		number, err := cutNumber(shape, c)
		if err != nil {
			return err
		}
		if existing, found, err := s.store.activeUnrevisedID(ctx, q, tenantID, number); err != nil || found {
			id = existing
			return err
		}
		it, err := s.newCutItem(ctx, q, tenantID, shape, number, c)
		if err != nil {
			return err
		}
		inserted, err := s.store.insertUnlessNumberTaken(ctx, q, tenantID, it)
		if err != nil {
			return err
		}
		if !inserted {
			// A concurrent request created the item first; its insert has committed.
			existing, found, err := s.store.activeUnrevisedID(ctx, q, tenantID, number)
			if err == nil && !found {
				err = apperr.Conflict("item %q changed while being created; try again", number)
			}
			id = existing
			return err
		}
		if err := s.store.insertShapeLink(ctx, q, tenantID, it.ID, shape.ID, c.IsRemnant); err != nil {
			return err
		}
		id = it.ID
		return recordUpdated(ctx, q, tenantID, it, "created")
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// cutNumber checks the cut against the shape's form and derives the item number from the
// shape name and the dimensions (trailing zeros dropped, so 48 and 48.00 are one number):
// "<name> <width> x <length>" for planar shapes, "<name> x <length>" for linear ones.
func cutNumber(shape shapes.Shape, c ShapeCut) (string, error) {
	fields := apperr.Fields{}
	if !c.Length.IsPositive() {
		fields.Add("length", "must be greater than 0")
	}
	switch {
	case shape.IsPlanar() && c.Width == nil:
		fields.Add("width", "is required for planar shapes (%s)", shape.Type)
	case shape.IsPlanar() && !c.Width.IsPositive():
		fields.Add("width", "must be greater than 0")
	case shape.IsLinear() && c.Width != nil:
		fields.Add("width", "must be omitted for linear shapes (%s)", shape.Type)
	}
	if err := fields.Err(); err != nil {
		return "", err
	}
	number := fmt.Sprintf("%s x %s", shape.Name, c.Length.String())
	if c.Width != nil {
		number = fmt.Sprintf("%s %s x %s", shape.Name, c.Width.String(), c.Length.String())
	}
	if len([]rune(number)) > maxNumber {
		return "", apperr.Field("materialShapeId", "the item number derived from shape %q and the dimensions exceeds %d characters", shape.Name, maxNumber)
	}
	return number, nil
}

// newCutItem is the buy item a cut creates: Pieces/Each, the cut's width and length, and a
// description of material and shape type.
func (s *Service) newCutItem(ctx context.Context, q db.Q, tenantID string, shape shapes.Shape, number string, c ShapeCut) (Item, error) {
	length := c.Length
	description := fmt.Sprintf("%s %s", shape.MaterialName, shape.Type)
	it, err := normalizeNewItem(NewItem{
		Number: number, Description: &description, Origin: OriginBuy,
		Measures: Measures{Width: c.Width, Length: &length}, CustomFields: c.CustomFields,
	})
	if err != nil {
		return Item{}, err
	}
	it.ID = ids.New()
	unit, err := s.units.Resolve(ctx, q, tenantID, cutPieceUnitType, cutPieceUnit)
	if err != nil {
		return Item{}, err
	}
	it.UnitID = &unit.ID
	// Definitions marked required apply to items made this way too; the request carries
	// their values (customFields), or a tenant with a required field could make no cut.
	if it.CustomFields, err = s.customFields.ValidateModules(ctx, q, tenantID, customFieldModules(it.Origin), it.CustomFields, customfields.Full); err != nil {
		return Item{}, err
	}
	return it, nil
}
