package shapes

import (
	"context"
	"regexp"
	"sort"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Service holds the rules of the material shape catalogue.
type Service struct {
	pool  *db.Pool
	store store
}

// NewService returns the material shapes service.
func NewService(pool *db.Pool) *Service { return &Service{pool: pool} }

// MaxDimensions bounds a linear shape's named measures: a cross-section needs a handful.
const MaxDimensions = 10

// dimensionName is a measure's name: a lowerCamelCase word (outerDiameter, wallThickness).
var dimensionName = regexp.MustCompile(`^[a-z][A-Za-z]{0,39}$`)

// normalize trims and checks w: the create rules, which a full update repeats. The form of
// the shape type decides which measures it takes; each misplaced or missing one is a 400
// naming it.
func normalize(w Write) (Write, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, 200)
	w.MaterialName = fields.Text("materialName", w.MaterialName, 200)
	if w.DimensionUnits != Inch && w.DimensionUnits != Millimeter {
		fields.Add("dimensionUnits", "%s", apperr.NotOneOf(string(w.DimensionUnits), []Units{Inch, Millimeter}))
	}
	positive("thickness", w.Thickness, fields)
	positive("linearDensity", w.LinearDensity, fields)
	positive("planarDensity", w.PlanarDensity, fields)
	names := make([]string, 0, len(w.Dimensions))
	for name := range w.Dimensions {
		names = append(names, name)
	}
	sort.Strings(names) // messages in a stable order
	if len(names) > MaxDimensions {
		fields.Add("dimensions", "at most %d measures", MaxDimensions)
	}
	for _, name := range names {
		if !dimensionName.MatchString(name) {
			fields.Add("dimensions", "%q is not a measure name (letters, starting lowercase, 1 to 40)", name)
		}
		v := w.Dimensions[name]
		positive("dimensions."+name, &v, fields)
	}

	switch forms[w.Type] {
	case Planar:
		required("thickness", w.Thickness != nil, w.Type, fields)
		required("planarDensity", w.PlanarDensity != nil, w.Type, fields)
		forbidden("linearDensity", w.LinearDensity != nil, w.Type, fields)
		forbidden("dimensions", len(w.Dimensions) > 0, w.Type, fields)
		w.Dimensions = map[string]dec.Decimal{}
	case Linear:
		required("dimensions", len(w.Dimensions) > 0, w.Type, fields)
		required("linearDensity", w.LinearDensity != nil, w.Type, fields)
		forbidden("thickness", w.Thickness != nil, w.Type, fields)
		forbidden("planarDensity", w.PlanarDensity != nil, w.Type, fields)
	default:
		fields.Add("shapeType", "%s", apperr.NotOneOf(string(w.Type), []Type{Sheet, Plate, TreadPlate, Bar, Tube, Pipe, Beam, Angle, Channel}))
	}
	return w, fields.Err()
}

func positive(field string, v *dec.Decimal, fields apperr.Fields) {
	if v != nil && !v.IsPositive() {
		fields.Add(field, "must be greater than 0")
	}
}

func required(field string, present bool, t Type, fields apperr.Fields) {
	if !present {
		fields.Add(field, "is required for %s shapes (%s)", forms[t], t)
	}
}

func forbidden(field string, present bool, t Type, fields apperr.Fields) {
	if present {
		fields.Add(field, "must be omitted for %s shapes (%s)", forms[t], t)
	}
}

// Create stores a new shape and returns its id. Names are unique among the tenant's live
// shapes case-insensitively; the unique index decides between concurrent creates.
func (s *Service) Create(ctx context.Context, tenantID string, w Write) (string, error) {
	w, err := normalize(w)
	if err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.store.insert(ctx, s.pool, tenantID, id, w); err != nil {
		return "", err
	}
	return id, nil
}

// Update replaces a live shape's members with w under the create rules (seeded shapes
// included) and returns it as stored; a deleted shape, another tenant's, or none is
// NotFound. Items already cut from a shape keep their own copy of its measures, so a change
// here does not reach them.
func (s *Service) Update(ctx context.Context, tenantID, id string, w Write) (Shape, error) {
	w, err := normalize(w)
	if err != nil {
		return Shape{}, err
	}
	return s.store.update(ctx, s.pool, tenantID, id, w)
}

// Get returns one tenant's shape, deleted or not; another tenant's, or none, is NotFound.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Shape, error) {
	return s.store.get(ctx, s.pool, tenantID, id, false)
}

// Activated returns the tenant's live, activated shape id inside q, for a write that cuts
// an item from it (item material-shape create). The row is share-locked until q ends, so
// a concurrent update cannot deactivate or reshape it under that write. A missing, deleted
// or another tenant's shape is NotFound (404); a deactivated one is a 400 naming
// materialShapeId.
func (s *Service) Activated(ctx context.Context, q db.Q, tenantID, id string) (Shape, error) {
	shape, err := s.store.get(ctx, q, tenantID, id, true)
	if err != nil {
		return Shape{}, err
	}
	if shape.Deleted {
		return Shape{}, notFound(id)
	}
	if !shape.IsActivated {
		return Shape{}, apperr.Field("materialShapeId", "material shape %q is not activated", shape.Name)
	}
	return shape, nil
}

// ByIDs returns the tenant's shapes among ids by id, deleted ones included (items cut from
// a shape keep showing it): one query however many ids, through q (the caller's
// transaction when it has one).
func (s *Service) ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]Shape, error) {
	out := make(map[string]Shape, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	list, err := s.store.byIDs(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, sh := range list {
		out[sh.ID] = sh
	}
	return out, nil
}

// List returns the live shapes matching f, by name then id unless r sorts otherwise.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Shape, error) {
	cur, err := s.Stream(ctx, tenantID, f, r)
	if err != nil {
		return nil, err
	}
	return db.Collect(cur)
}

// Stream is List one shape at a time, for an answer written as it is read; the caller must
// close the cursor.
func (s *Service) Stream(ctx context.Context, tenantID string, f Filter, r listing.Request) (*db.Cursor[Shape], error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// SetActivated activates or deactivates every shape of ids in one transaction and returns
// them in the order given (repeats count once). An id that is not a live shape of the
// tenant is NotFound and nothing changes.
func (s *Service) SetActivated(ctx context.Context, tenantID string, ids []string, activated bool) ([]Shape, error) {
	distinct := make([]string, 0, len(ids))
	seen := map[string]bool{}
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			distinct = append(distinct, id)
		}
	}
	var out []Shape
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		updated, err := s.store.setActivated(ctx, q, tenantID, distinct, activated)
		if err != nil {
			return err
		}
		byID := make(map[string]Shape, len(updated))
		for _, shape := range updated {
			byID[shape.ID] = shape
		}
		out = make([]Shape, 0, len(distinct))
		for _, id := range distinct {
			shape, ok := byID[id]
			if !ok {
				return notFound(id)
			}
			out = append(out, shape)
		}
		return nil
	})
	return out, err
}
