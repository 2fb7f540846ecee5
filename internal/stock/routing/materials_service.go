package routing

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/stock/shapes"
)

// InputMaterial is a stored input material of a routing with what its answer shows of its
// material shape and stock item, and its nestings oldest first.
type InputMaterial struct {
	ID string
	MaterialValues
	MaterialShapeName string
	MaterialName      string
	ShapeType         string
	// ItemNumber is the number of ItemID; nil when ItemID is.
	ItemNumber  *string
	Nestings    []Nesting
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// MaterialValues are the members of an input material as stored: stock of a catalogue shape
// cut into blanks of BlankLength (by BlankWidth for planar shapes), each blank making
// PiecesPerBlank units of the owner. ItemID, when set, is the stock item one unit of which is
// one blank: it prices the material and counts its stock.
type MaterialValues struct {
	MaterialShapeID    string
	ItemID             *string
	BlankLength        dec.Decimal
	BlankWidth         *dec.Decimal
	PiecesPerBlank     int32
	RoutingOperationID *string
	Notes              *string
}

// MaterialWrite is what a create or full update of an input material sends; nil members
// were omitted (or null) and take their defaults (one piece per blank, none).
type MaterialWrite struct {
	MaterialShapeID    string
	BlankLength        dec.Decimal
	BlankWidth         *dec.Decimal
	PiecesPerBlank     *int32
	ItemID             *string
	RoutingOperationID *string
	Notes              *string
}

// Nesting is how an input material's blanks lay out on one piece of stock (a sheet of
// StockLength by StockWidth, or a bar of StockLength), giving BlanksPerStock blanks.
type Nesting struct {
	ID             string
	Name           string
	StockLength    dec.Decimal
	StockWidth     *dec.Decimal
	BlanksPerStock int32
	Notes          *string
	CreatedUtc     time.Time
}

// NestingWrite is what a nesting create sends.
type NestingWrite struct {
	Name           string
	StockLength    dec.Decimal
	StockWidth     *dec.Decimal
	BlanksPerStock int32
	Notes          *string
}

// MaterialFilter narrows a routing's input material list; empty members apply no clause.
type MaterialFilter struct {
	IDs                 []string
	MaterialShapeIDs    []string
	ItemIDs             []string
	RoutingOperationIDs []string
}

// shapeDirectory finds the material shapes input materials are cut from (the shapes
// catalogue), through q.
type shapeDirectory interface {
	// Activated answers the tenant's live, activated shape and share-locks it until q ends;
	// unknown or deleted is NotFound, deactivated a 400 naming materialShapeId.
	Activated(ctx context.Context, q db.Q, tenantID, id string) (shapes.Shape, error)
	// ByIDs answers the tenant's shapes among ids (deleted ones too) in one query.
	ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]shapes.Shape, error)
}

// CreateInputMaterial adds an input material to the owner's routing and returns its id,
// under the rules of checkMaterialWrite and resolveMaterial; the owner's Changed hook runs in
// the same transaction.
func (s *Service) CreateInputMaterial(ctx context.Context, tenantID string, o Owner, w MaterialWrite) (string, error) {
	if err := checkMaterialWrite(w); err != nil {
		return "", err
	}
	id := ids.NewSub()
	err := s.edit(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		v, err := s.resolveMaterial(ctx, q, tenantID, k, o, w)
		if err != nil {
			return false, err
		}
		if err := operationsEditable(ctx, q, k, tenantID, o, "routingOperationId", v.RoutingOperationID); err != nil {
			return false, err
		}
		return true, s.store.insertMaterial(ctx, q, tenantID, o, id, v)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// InputMaterial returns one input material of the owner's routing with its nestings; an
// unknown owner, or a material not in its routing, is NotFound.
func (s *Service) InputMaterial(ctx context.Context, tenantID string, o Owner, id string) (InputMaterial, error) {
	var m InputMaterial
	err := s.view(ctx, tenantID, o, func(q db.Q) (err error) {
		m, err = s.inputMaterial(ctx, q, tenantID, o, id)
		return err
	})
	return m, err
}

// inputMaterial reads one material of the owner's routing with what its answer shows.
func (s *Service) inputMaterial(ctx context.Context, q db.Q, tenantID string, o Owner, id string) (InputMaterial, error) {
	m, err := s.store.getMaterial(ctx, q, tenantID, o, id)
	if err != nil {
		return InputMaterial{}, err
	}
	list := []InputMaterial{m}
	if err := s.completeMaterials(ctx, q, tenantID, list); err != nil {
		return InputMaterial{}, err
	}
	return list[0], nil
}

// UpdateInputMaterial replaces every member of one input material of the owner's routing
// under the create rules and answers it as stored; its nestings stay.
func (s *Service) UpdateInputMaterial(ctx context.Context, tenantID string, o Owner, id string, w MaterialWrite) (InputMaterial, error) {
	if err := checkMaterialWrite(w); err != nil {
		return InputMaterial{}, err
	}
	var saved InputMaterial
	err := s.edit(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		current, err := s.store.getMaterial(ctx, q, tenantID, o, id)
		if err != nil {
			return false, err
		}
		v, err := s.resolveMaterial(ctx, q, tenantID, k, o, w)
		if err != nil {
			return false, err
		}
		if err := operationsEditable(ctx, q, k, tenantID, o, "routingOperationId", current.RoutingOperationID, v.RoutingOperationID); err != nil {
			return false, err
		}
		if err := s.store.updateMaterial(ctx, q, tenantID, o, id, v); err != nil {
			return false, err
		}
		if saved, err = s.inputMaterial(ctx, q, tenantID, o, id); err != nil {
			return false, err
		}
		return true, nil
	})
	return saved, err
}

// DeleteInputMaterial deletes one input material of the owner's routing, with its nestings,
// and reports whether the routing had it; the owner's Changed hook runs only when it had.
func (s *Service) DeleteInputMaterial(ctx context.Context, tenantID string, o Owner, id string) (deleted bool, err error) {
	return s.remove(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		if k.OperationLocked != nil {
			current, err := s.store.getMaterial(ctx, q, tenantID, o, id)
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
		return s.store.deleteMaterial(ctx, q, tenantID, o, id)
	})
}

// InputMaterials returns the owner's input materials matching f, by createdUtc then id
// unless r sorts otherwise, with their nestings, in a fixed number of statements; an unknown
// owner is NotFound.
func (s *Service) InputMaterials(ctx context.Context, tenantID string, o Owner, f MaterialFilter, r listing.Request) ([]InputMaterial, error) {
	return s.listMaterials(ctx, tenantID, o, nil, f, r)
}

// OperationMaterials returns the owner's input materials consumed at one operation of its
// routing, as InputMaterials does; an operation not in the routing is NotFound.
func (s *Service) OperationMaterials(ctx context.Context, tenantID string, o Owner, operationID string, f MaterialFilter, r listing.Request) ([]InputMaterial, error) {
	return s.listMaterials(ctx, tenantID, o, &operationID, f, r)
}

func (s *Service) listMaterials(ctx context.Context, tenantID string, o Owner, operationID *string, f MaterialFilter, r listing.Request) ([]InputMaterial, error) {
	page, err := listing.Resolve(r, materialListSpec)
	if err != nil {
		return nil, err
	}
	var out []InputMaterial
	err = s.view(ctx, tenantID, o, func(q db.Q) (err error) {
		if operationID != nil {
			if _, err := s.store.get(ctx, q, tenantID, o, *operationID); err != nil {
				return err
			}
		}
		if out, err = s.store.listMaterials(ctx, q, tenantID, o, operationID, f, page); err != nil {
			return err
		}
		return s.completeMaterials(ctx, q, tenantID, out)
	})
	return out, err
}

// inputMaterialsByOwner reads every input material of the owner's routing, by createdUtc
// then id, with their nestings, in a fixed number of statements (for the whole routing's
// read; the caller has checked the owner).
func (s *Service) inputMaterialsByOwner(ctx context.Context, q db.Q, tenantID string, o Owner) ([]InputMaterial, error) {
	list, err := s.store.materialsByOwner(ctx, q, tenantID, o)
	if err != nil {
		return nil, err
	}
	return list, s.completeMaterials(ctx, q, tenantID, list)
}

// completeMaterials fills in what the answers of list show from other records: the shapes'
// names, material and type, the stock items' numbers, and the nestings; three statements
// however many materials.
func (s *Service) completeMaterials(ctx context.Context, q db.Q, tenantID string, list []InputMaterial) error {
	if len(list) == 0 {
		return nil
	}
	materialIDs := make([]string, len(list))
	var shapeIDs, itemIDs []string
	for i, m := range list {
		materialIDs[i] = m.ID
		shapeIDs = append(shapeIDs, m.MaterialShapeID)
		if m.ItemID != nil {
			itemIDs = append(itemIDs, *m.ItemID)
		}
	}
	found, err := s.deps.Shapes.ByIDs(ctx, q, tenantID, shapeIDs)
	if err != nil {
		return err
	}
	items, err := s.deps.Items.ItemsForRouting(ctx, q, tenantID, itemIDs)
	if err != nil {
		return err
	}
	nestings, err := s.store.nestingsOf(ctx, q, tenantID, materialIDs)
	if err != nil {
		return err
	}
	for i := range list {
		m := &list[i]
		sh := found[m.MaterialShapeID]
		m.MaterialShapeName, m.MaterialName, m.ShapeType = sh.Name, sh.MaterialName, string(sh.Type)
		if m.ItemID != nil {
			if it, ok := items[*m.ItemID]; ok {
				m.ItemNumber = &it.Number
			}
		}
		m.Nestings = nestings[m.ID]
		if m.Nestings == nil {
			m.Nestings = []Nesting{}
		}
	}
	return nil
}

// checkMaterialWrite applies the rules that need no lookup, naming each offending field: a
// blank length and width (when sent) greater than 0, pieces per blank 1 or more, notes of at
// most 2000 characters.
func checkMaterialWrite(w MaterialWrite) error {
	fields := apperr.Fields{}
	positiveDecimal(fields, "blankLength", &w.BlankLength)
	positiveDecimal(fields, "blankWidth", w.BlankWidth)
	if w.PiecesPerBlank != nil && *w.PiecesPerBlank < 1 {
		fields.Add("piecesPerBlank", "must be 1 or more")
	}
	fields.OptionalText("notes", w.Notes, maxNotes)
	return fields.Err()
}

func positiveDecimal(fields apperr.Fields, field string, v *dec.Decimal) {
	if v != nil && !v.IsPositive() {
		fields.Add(field, "must be greater than 0")
	}
}

// resolveMaterial turns a checked write into the values to store. The shape must be a live,
// activated shape of the tenant's catalogue (404 naming materialShapeId; deactivated: 400),
// share-locked until the transaction ends; a planar shape needs a blank width and a linear
// one refuses it (400 naming blankWidth). The stock item must be an item of the tenant (404
// naming itemId) that is not archived nor what the routing makes (400), and the routing operation one of this owner's
// routing (404 naming routingOperationId).
func (s *Service) resolveMaterial(ctx context.Context, q db.Q, tenantID string, k OwnerKind, o Owner, w MaterialWrite) (MaterialValues, error) {
	fields := apperr.Fields{}
	v := MaterialValues{
		MaterialShapeID: w.MaterialShapeID, ItemID: w.ItemID, BlankLength: w.BlankLength, BlankWidth: w.BlankWidth,
		PiecesPerBlank: 1, RoutingOperationID: w.RoutingOperationID, Notes: fields.OptionalText("notes", w.Notes, maxNotes),
	}
	if w.PiecesPerBlank != nil {
		v.PiecesPerBlank = *w.PiecesPerBlank
	}
	shape, err := s.deps.Shapes.Activated(ctx, q, tenantID, w.MaterialShapeID)
	if apperr.IsKind(err, apperr.KindNotFound) {
		return MaterialValues{}, apperr.NotFound("materialShapeId: material shape %s not found", w.MaterialShapeID)
	}
	if err != nil {
		return MaterialValues{}, err
	}
	widthFollowsForm(fields, "blankWidth", shape, w.BlankWidth)
	if err := fields.Err(); err != nil {
		return MaterialValues{}, err
	}
	if w.ItemID != nil {
		found, err := s.deps.Items.ItemsForRouting(ctx, q, tenantID, []string{*w.ItemID})
		if err != nil {
			return MaterialValues{}, err
		}
		it, ok := found[*w.ItemID]
		if !ok {
			return MaterialValues{}, apperr.NotFound("itemId: item %s not found", *w.ItemID)
		}
		if it.IsArchived {
			return MaterialValues{}, apperr.Field("itemId", "item %s is archived", it.Number)
		}
		// What a routing makes cannot also be the stock it is cut from.
		made, err := k.MakesItem(ctx, q, tenantID, o.ID)
		if err != nil {
			return MaterialValues{}, err
		}
		if made == it.ID {
			return MaterialValues{}, apperr.Field("itemId", "item %s is what this routing makes, so it cannot be its stock", it.Number)
		}
	}
	if w.RoutingOperationID != nil {
		_, err := s.store.get(ctx, q, tenantID, o, *w.RoutingOperationID)
		if apperr.IsKind(err, apperr.KindNotFound) {
			return MaterialValues{}, apperr.NotFound("routingOperationId: routing operation %s is not in this routing", *w.RoutingOperationID)
		}
		if err != nil {
			return MaterialValues{}, err
		}
	}
	return v, nil
}

// widthFollowsForm requires a width for planar shapes (cut from sheets and plates, whose
// pieces have two dimensions) and refuses one for linear shapes (cut from bars, whose pieces
// have a length only).
func widthFollowsForm(fields apperr.Fields, field string, shape shapes.Shape, width *dec.Decimal) {
	switch {
	case shape.IsPlanar() && width == nil:
		fields.Add(field, "is required for the planar shape %q (%s)", shape.Name, shape.Type)
	case !shape.IsPlanar() && width != nil:
		fields.Add(field, "must not be sent for the linear shape %q (%s)", shape.Name, shape.Type)
	}
}

// CreateNesting adds a nesting to one input material of the owner's routing and returns its
// id: a name of 1..200 characters after trimming, a stock length greater than 0, a stock
// width greater than 0 required for planar shapes and refused for linear ones, blanks per
// stock 1 or more. It advances the material's modifiedUtc (its ETag covers its nestings)
// and runs the owner's Changed hook, in the same transaction.
func (s *Service) CreateNesting(ctx context.Context, tenantID string, o Owner, materialID string, w NestingWrite) (string, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxName)
	positiveDecimal(fields, "stockLength", &w.StockLength)
	positiveDecimal(fields, "stockWidth", w.StockWidth)
	if w.BlanksPerStock < 1 {
		fields.Add("blanksPerStock", "must be 1 or more")
	}
	w.Notes = fields.OptionalText("notes", w.Notes, maxNotes)
	if err := fields.Err(); err != nil {
		return "", err
	}
	id := ids.NewSub()
	err := s.edit(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		m, err := s.store.getMaterial(ctx, q, tenantID, o, materialID)
		if err != nil {
			return false, err
		}
		if err := operationsEditable(ctx, q, k, tenantID, o, "routingOperationId", m.RoutingOperationID); err != nil {
			return false, err
		}
		found, err := s.deps.Shapes.ByIDs(ctx, q, tenantID, []string{m.MaterialShapeID})
		if err != nil {
			return false, err
		}
		// The material's shape may since have been deactivated or deleted; its form still
		// decides, as the material's blanks were cut to it.
		widthFollowsForm(fields, "stockWidth", found[m.MaterialShapeID], w.StockWidth)
		if err := fields.Err(); err != nil {
			return false, err
		}
		if err := s.store.insertNesting(ctx, q, tenantID, materialID, id, w); err != nil {
			return false, err
		}
		return true, s.store.touchMaterial(ctx, q, tenantID, materialID)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// DeleteNesting deletes one nesting of one input material of the owner's routing and reports
// whether the material had it; a material not in the routing is NotFound. A deletion
// advances the material's modifiedUtc and runs the owner's Changed hook.
func (s *Service) DeleteNesting(ctx context.Context, tenantID string, o Owner, materialID, id string) (deleted bool, err error) {
	return s.remove(ctx, tenantID, o, func(q db.Q, k OwnerKind) (bool, error) {
		m, err := s.store.getMaterial(ctx, q, tenantID, o, materialID)
		if err != nil {
			return false, err
		}
		if err := operationsEditable(ctx, q, k, tenantID, o, "routingOperationId", m.RoutingOperationID); err != nil {
			return false, err
		}
		if deleted, err := s.store.deleteNesting(ctx, q, tenantID, materialID, id); err != nil || !deleted {
			return false, err
		}
		return true, s.store.touchMaterial(ctx, q, tenantID, materialID)
	})
}
