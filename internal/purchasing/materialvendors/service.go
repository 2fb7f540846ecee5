package materialvendors

import (
	"context"
	"fmt"
	"slices"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/purchasing/vendors"
	"mos/internal/stock/shapes"
)

const (
	maxVendorText  = 200  // vendorItemNumber and vendorItemName
	maxNotes       = 2000 // notes
	maxLeadTime    = 3650 // leadTimeInDays
	maxCatalogue   = 500  // offers in one vendor's catalogue
	materialField  = "materialId"
	vendorField    = "vendorId"
	priceUnitField = "priceUnit"
)

// The other areas' lookups this one uses. Each reads through q, the caller's transaction
// when it has one, and answers deleted records too (a write refuses them).
type (
	shapeCatalogue interface {
		ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]shapes.Shape, error)
	}
	vendorDirectory interface {
		ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]vendors.Vendor, error)
	}
)

// Service holds the rules of material vendors.
type Service struct {
	pool    *db.Pool
	store   store
	shapes  shapeCatalogue
	vendors vendorDirectory
}

// NewService returns the material vendors service reading shapes and vendors through the
// given lookups.
func NewService(pool *db.Pool, shapeLookup shapeCatalogue, vendorLookup vendorDirectory) *Service {
	return &Service{pool: pool, shapes: shapeLookup, vendors: vendorLookup}
}

// Create adds vendorID's offer of the shape materialID and returns its id. The shape must be
// live and activated, the vendor live, and the vendor without an offer of the shape (the
// unique index decides between concurrent creates). A primary offer takes the mark from the
// shape's other offers in the same transaction.
func (s *Service) Create(ctx context.Context, tenantID, materialID, vendorID string, t Terms) (string, error) {
	fields := apperr.Fields{}
	t = normalize(fields, "", t)
	if err := fields.Err(); err != nil {
		return "", err
	}
	id := ids.NewSub()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		shape, err := s.liveShape(ctx, q, tenantID, materialID)
		if err != nil {
			return err
		}
		if !shape.IsActivated {
			return apperr.Field(materialField, "material shape %q is deactivated: it keeps its offers but gets no new one", shape.Name)
		}
		m, err := s.offer(ctx, q, tenantID, shape, vendorID, t)
		if err != nil {
			return err
		}
		m.ID = id
		if err := s.takePrimary(ctx, q, tenantID, vendorID, m); err != nil {
			return err
		}
		return s.store.insert(ctx, q, tenantID, m)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// Update replaces vendorID's offer of the shape materialID under the create rules (the shape
// may be deactivated: the offer exists) and returns it as stored; a shape the vendor has no
// offer of is NotFound.
func (s *Service) Update(ctx context.Context, tenantID, materialID, vendorID string, t Terms) (MaterialVendor, error) {
	fields := apperr.Fields{}
	t = normalize(fields, "", t)
	if err := fields.Err(); err != nil {
		return MaterialVendor{}, err
	}
	var out MaterialVendor
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		shape, err := s.liveShape(ctx, q, tenantID, materialID)
		if err != nil {
			return err
		}
		m, err := s.offer(ctx, q, tenantID, shape, vendorID, t)
		if err != nil {
			return err
		}
		if err := s.takePrimary(ctx, q, tenantID, vendorID, m); err != nil {
			return err
		}
		out, err = s.store.update(ctx, q, tenantID, m)
		return err
	})
	return out, err
}

// ListOfMaterial returns the page r asks for of the shape's offers: the primary first, then
// by vendor name, then id, unless r sorts by a property. An unknown shape is NotFound.
func (s *Service) ListOfMaterial(ctx context.Context, tenantID, materialID string, r listing.Request) ([]MaterialVendor, error) {
	page, err := listing.Resolve(r, materialListSpec)
	if err != nil {
		return nil, err
	}
	if _, err := s.liveShape(ctx, s.pool, tenantID, materialID); err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, Filter{MaterialIDs: []string{materialID}}, page)
}

// List returns the page r asks for of the tenant's offers matching f: by shape id, then the
// primary first, then vendor name, then id, unless r sorts by a property.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]MaterialVendor, error) {
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "modifiedAfterUtc", f.ModifiedAfterUtc)
	if err := fields.Err(); err != nil {
		return nil, err
	}
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// ReplaceCatalogue makes vendorID's offers exactly offers, in one transaction: offers of
// shapes the vendor already offers are replaced (keeping their ids), new shapes get new
// offers, and offers of shapes not listed are removed. Answers the vendor's offers as stored.
func (s *Service) ReplaceCatalogue(ctx context.Context, tenantID, vendorID string, offers []Offer) ([]MaterialVendor, error) {
	fields := apperr.Fields{}
	if len(offers) > maxCatalogue {
		fields.Add("offers", "at most %d offers", maxCatalogue)
	}
	seen := make(map[string]bool, len(offers))
	materialIDs := make([]string, 0, len(offers))
	for i := range offers {
		prefix := fmt.Sprintf("offers.%d.", i)
		offers[i].Terms = normalize(fields, prefix, offers[i].Terms)
		if seen[offers[i].MaterialID] {
			fields.Add(prefix+materialField, "material shape %s is listed more than once", offers[i].MaterialID)
		}
		seen[offers[i].MaterialID] = true
		materialIDs = append(materialIDs, offers[i].MaterialID)
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	var out []MaterialVendor
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		vendor, err := s.liveVendor(ctx, q, tenantID, vendorID)
		if err != nil {
			return err
		}
		// One catalogue write per vendor at a time: the offers it keeps are read after this.
		if err := s.store.lock(ctx, q, "vendor", tenantID, []string{vendorID}); err != nil {
			return err
		}
		found, err := s.shapes.ByIDs(ctx, q, tenantID, materialIDs)
		if err != nil {
			return err
		}
		held, err := s.store.materialsOf(ctx, q, tenantID, vendorID)
		if err != nil {
			return err
		}
		rows, primaries, err := catalogueRows(offers, found, held, vendor)
		if err != nil {
			return err
		}
		if err := s.demote(ctx, q, tenantID, vendorID, primaries); err != nil {
			return err
		}
		if err := s.store.removeOthers(ctx, q, tenantID, vendorID, materialIDs); err != nil {
			return err
		}
		if err := s.store.upsert(ctx, q, tenantID, vendorID, rows); err != nil {
			return err
		}
		out, err = s.store.list(ctx, q, tenantID, Filter{VendorIDs: []string{vendorID}},
			listing.Page{OrderBy: "m.material_id, m.id", Limit: maxCatalogue})
		return err
	})
	return out, err
}

// catalogueRows checks every offer against its shape (live; activated unless the vendor
// already offers it; priced in a unit that fits its form), naming offers.N members, and
// returns the rows to store and the shapes marked primary.
func catalogueRows(offers []Offer, found map[string]shapes.Shape, held map[string]bool, vendor vendors.Vendor) ([]MaterialVendor, []string, error) {
	missing, invalid := apperr.Fields{}, apperr.Fields{}
	rows := make([]MaterialVendor, 0, len(offers))
	var primaries []string
	for i, o := range offers {
		prefix := fmt.Sprintf("offers.%d.", i)
		shape, ok := found[o.MaterialID]
		if !ok || shape.Deleted {
			missing.Add(prefix+materialField, "material shape %s not found", o.MaterialID)
			continue
		}
		if !shape.IsActivated && !held[o.MaterialID] {
			invalid.Add(prefix+materialField, "material shape %q is deactivated: it keeps its offers but gets no new one", shape.Name)
		}
		checkUnit(invalid, prefix, shape, o.PriceUnit)
		m := withTerms(ids.NewSub(), o.MaterialID, vendor, o.Terms)
		if m.IsPrimary {
			primaries = append(primaries, m.MaterialID)
		}
		rows = append(rows, m)
	}
	if err := missing.NotFoundErr(); err != nil {
		return nil, nil, err
	}
	return rows, primaries, invalid.Err()
}

// offer checks the terms against the shape and the vendor and returns the offer to store.
func (s *Service) offer(ctx context.Context, q db.Q, tenantID string, shape shapes.Shape, vendorID string, t Terms) (MaterialVendor, error) {
	vendor, err := s.liveVendor(ctx, q, tenantID, vendorID)
	if err != nil {
		return MaterialVendor{}, err
	}
	fields := apperr.Fields{}
	checkUnit(fields, "", shape, t.PriceUnit)
	if err := fields.Err(); err != nil {
		return MaterialVendor{}, err
	}
	return withTerms("", shape.ID, vendor, t), nil
}

// takePrimary takes the primary mark from the shape's other offers when m carries it.
func (s *Service) takePrimary(ctx context.Context, q db.Q, tenantID, vendorID string, m MaterialVendor) error {
	if !m.IsPrimary {
		return nil
	}
	return s.demote(ctx, q, tenantID, vendorID, []string{m.MaterialID})
}

// demote takes the primary mark from other vendors' offers of the shapes materialIDs,
// holding each shape's lock until the transaction ends so that two writes marking offers of
// one shape primary run one after the other (the partial unique index is the last line).
func (s *Service) demote(ctx context.Context, q db.Q, tenantID, vendorID string, materialIDs []string) error {
	if len(materialIDs) == 0 {
		return nil
	}
	if err := s.store.lock(ctx, q, "material", tenantID, materialIDs); err != nil {
		return err
	}
	return s.store.demote(ctx, q, tenantID, vendorID, materialIDs)
}

// liveShape returns the tenant's live shape id; a missing, deleted or another tenant's
// shape is a 404 naming materialId.
func (s *Service) liveShape(ctx context.Context, q db.Q, tenantID, id string) (shapes.Shape, error) {
	found, err := s.shapes.ByIDs(ctx, q, tenantID, []string{id})
	return live(found, err, id, func(sh shapes.Shape) bool { return sh.Deleted }, materialField, "material shape")
}

// liveVendor returns the tenant's live vendor id; a missing, deleted or another tenant's
// vendor is a 404 naming vendorId.
func (s *Service) liveVendor(ctx context.Context, q db.Q, tenantID, id string) (vendors.Vendor, error) {
	found, err := s.vendors.ByIDs(ctx, q, tenantID, []string{id})
	return live(found, err, id, func(v vendors.Vendor) bool { return v.Deleted }, vendorField, "vendor")
}

// live picks id out of a ByIDs answer (found, err): absent or deleted is a 404 naming field.
func live[T any](found map[string]T, err error, id string, deleted func(T) bool, field, what string) (T, error) {
	var none T
	if err != nil {
		return none, err
	}
	rec, ok := found[id]
	if !ok || deleted(rec) {
		missing := apperr.Fields{}
		missing.Add(field, "%s %s not found", what, id)
		return none, missing.NotFoundErr()
	}
	return rec, nil
}

// checkUnit adds a field error when u does not fit the shape's form.
func checkUnit(fields apperr.Fields, prefix string, shape shapes.Shape, u PriceUnit) {
	if _, known := measures[u]; known && !u.Fits(shape.Form()) {
		fields.Add(prefix+priceUnitField, "a %s shape cannot be priced per %s: use a weight unit, piece, or %s",
			shape.Form(), u, map[shapes.Form]string{shapes.Planar: "an area unit", shapes.Linear: "a length unit"}[shape.Form()])
	}
}

// normalize trims the texts (blank is none) and checks the bounds the schema states too
// (they hold for direct callers), naming each member under prefix.
func normalize(fields apperr.Fields, prefix string, t Terms) Terms {
	t.VendorItemNumber = fields.OptionalText(prefix+"vendorItemNumber", t.VendorItemNumber, maxVendorText)
	t.VendorItemName = fields.OptionalText(prefix+"vendorItemName", t.VendorItemName, maxVendorText)
	t.Notes = fields.OptionalText(prefix+"notes", t.Notes, maxNotes)
	if t.Price.IsNegative() {
		fields.Add(prefix+"price", "must be 0 or more")
	}
	if _, known := measures[t.PriceUnit]; !known {
		fields.Add(prefix+priceUnitField, "%s", apperr.NotOneOf(string(t.PriceUnit), priceUnits))
	}
	if t.CurrencyCode != nil && !currency.Valid(*t.CurrencyCode) {
		fields.Add(prefix+"currencyCode", "must be an ISO 4217 code of three capital letters")
	}
	if t.LeadTimeInDays != nil && (*t.LeadTimeInDays < 0 || *t.LeadTimeInDays > maxLeadTime) {
		fields.Add(prefix+"leadTimeInDays", "must be 0 to %d", maxLeadTime)
	}
	if t.MinimumOrderQuantity != nil && t.MinimumOrderQuantity.Cmp(dec.Zero.Decimal) <= 0 {
		fields.Add(prefix+"minimumOrderQuantity", "must be greater than 0")
	}
	return t
}

// withTerms is the offer of the shape by vendor under t, its currency defaulting to the
// vendor's.
func withTerms(id, materialID string, vendor vendors.Vendor, t Terms) MaterialVendor {
	code := vendor.CurrencyCode
	if t.CurrencyCode != nil {
		code = *t.CurrencyCode
	}
	return MaterialVendor{
		ID: id, MaterialID: materialID, VendorID: vendor.ID, VendorName: vendor.Name,
		VendorItemNumber: t.VendorItemNumber, VendorItemName: t.VendorItemName,
		Price: t.Price, PriceUnit: t.PriceUnit, CurrencyCode: code, LeadTimeInDays: t.LeadTimeInDays,
		MinimumOrderQuantity: t.MinimumOrderQuantity, IsPrimary: t.IsPrimary, Notes: t.Notes,
	}
}

// sorted returns a sorted copy of list, the order locks are taken in.
func sorted(list []string) []string {
	out := slices.Clone(list)
	slices.Sort(out)
	return slices.Compact(out)
}
