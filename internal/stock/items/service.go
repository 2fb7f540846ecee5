package items

import (
	"context"
	"fmt"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/inuse"
	"mos/internal/platform/listing"
	"mos/internal/platform/outbox"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/purchasing/vendors"
	"mos/internal/sales/customers"
	"mos/internal/sales/tiers"
	"mos/internal/shared/customfields"
	"mos/internal/shared/tags"
	"mos/internal/stock/shapes"
	"mos/internal/stock/units"
)

const (
	maxNumber = 200  // number and revision
	maxText   = 2000 // description and internal notes
)

// EventItemUpdated is the outbox event every change to an item records.
const EventItemUpdated = "ItemUpdated"

// Service holds the rules of items.
type Service struct {
	pool         *db.Pool
	store        itemStore
	units        unitCatalogue
	customFields customFieldValidator
	tags         tagCatalogue
	shapes       shapeCatalogue
	vendors      vendorDirectory
	customers    customerDirectory
	tiers        tierDirectory
	// unitChangeBlockers are what keep an item's unit of measure from changing: items'
	// own priced records, and whatever the areas that use items register (see
	// RegisterUnitChangeBlocker).
	unitChangeBlockers inuse.Registry
	// stockFlagBlockers are what keep isNonInventory and isLotTracked from turning on: stock
	// of the item that picks would then refuse (see RegisterStockFlagBlocker).
	stockFlagBlockers inuse.Registry
	// purchases answers an item's purchase history (see RegisterPurchaseSource); nil: none.
	purchases PurchaseSource
}

// Deps are the services of other areas the item master reads through. Each is declared here
// as the little it needs and handed in by the one wiring place; items never builds them.
type Deps struct {
	Units        unitCatalogue
	CustomFields customFieldValidator
	Tags         tagCatalogue
	Shapes       shapeCatalogue
	Vendors      vendorDirectory
	Customers    customerDirectory
	Tiers        tierDirectory
}

// The other areas' lookups items use. Each reads through q, the caller's transaction when it
// has one: a second connection taken while holding one can starve the pool.
type (
	unitCatalogue interface {
		ByID(ctx context.Context, q db.Q, tenantID string) (map[string]units.Unit, error)
		Resolve(ctx context.Context, q db.Q, tenantID, unitTypeName, unitName string) (units.Unit, error)
	}
	customFieldValidator interface {
		ValidateModules(ctx context.Context, q db.Q, tenantID string, modules []customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
		ValidatePatchModules(ctx context.Context, q db.Q, tenantID string, modules []customfields.Module, ops []patch.Operation, patched map[string]any) (map[string]any, error)
	}
	tagCatalogue interface {
		RequireLive(ctx context.Context, q db.Q, tenantID string, list tags.List, ids []string, withDeleted bool) error
		StateSQL(tenantColumn, idColumn string) string
		ShownSQL(list tags.List, tenantColumn, idColumn string) string
	}
	shapeCatalogue interface {
		Activated(ctx context.Context, q db.Q, tenantID, id string) (shapes.Shape, error)
	}
	// vendorDirectory and customerDirectory answer deleted records too: a detail that names
	// one still shows its name, and a write refuses it.
	vendorDirectory interface {
		ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]vendors.Vendor, error)
	}
	customerDirectory interface {
		ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]customers.Customer, error)
	}
	tierDirectory interface {
		ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]tiers.Tier, error)
	}
)

// NewService returns the items service reading other areas through deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	s := &Service{
		pool: pool, units: deps.Units, customFields: deps.CustomFields, tags: deps.Tags,
		shapes: deps.Shapes, vendors: deps.Vendors, customers: deps.Customers, tiers: deps.Tiers,
	}
	// Items' own records that price the item in its current unit.
	s.RegisterUnitChangeBlocker("a vendor price or price break", hasPricedVendorDetail)
	s.RegisterUnitChangeBlocker("a sales price break carrying a price", hasPricedSalesPriceBreak)
	return s
}

// RegisterStockFlagBlocker adds a holding of an item's stock that keeps isNonInventory or
// isLotTracked from turning on (picks refuse a non-inventory item and need a lot for a
// lot-tracked one, so the stock would be stranded). The inventory area registers its stock on
// hand at wiring time. The check runs inside the update's transaction, with the item's row
// locked for update; stock movements share-lock it, so the answer cannot change before the
// commit.
func (s *Service) RegisterStockFlagBlocker(what string, check inuse.Check) {
	s.stockFlagBlockers.Register(what, check)
}

// RegisterUnitChangeBlocker adds a use of an item that keeps its unit of measure from
// changing: an area whose records count the item in its current unit (stock on hand, a
// document line, another item's routing) registers what it is and how to find it, at wiring
// time. The check runs inside the update's transaction, before the update.
func (s *Service) RegisterUnitChangeBlocker(what string, check inuse.Check) {
	s.unitChangeBlockers.Register(what, check)
}

// Create stores a new item and returns its id. Number plus revision must be free among
// active items (decided by the unique index, so concurrent creates cannot both win).
func (s *Service) Create(ctx context.Context, tenantID string, n NewItem) (string, error) {
	it, err := normalizeNewItem(n)
	if err != nil {
		return "", err
	}
	it.ID = ids.New()
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		unit, err := s.units.Resolve(ctx, q, tenantID, n.UnitTypeName, n.UnitName)
		if err != nil {
			return err
		}
		it.UnitID = &unit.ID
		if it.CustomFields, err = s.customFields.ValidateModules(ctx, q, tenantID, customFieldModules(it.Origin), it.CustomFields, customfields.Full); err != nil {
			return err
		}
		if err := s.requireLiveCodes(ctx, q, tenantID, Item{}, it); err != nil {
			return err
		}
		if it.SalesConversions, err = s.resolveSalesConversions(ctx, q, tenantID, unit, n.SalesConversions); err != nil {
			return err
		}
		if err := s.store.insert(ctx, q, tenantID, it.ID, it, "number"); err != nil {
			return err
		}
		if err := s.store.replaceSalesConversions(ctx, q, tenantID, it.ID, it.SalesConversions); err != nil {
			return err
		}
		return recordUpdated(ctx, q, tenantID, it, "created")
	})
	if err != nil {
		return "", err
	}
	return it.ID, nil
}

// Get returns one item, archived or not.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Item, error) {
	it, err := s.store.get(ctx, s.pool, tenantID, id)
	if err != nil {
		return Item{}, err
	}
	one := []Item{it}
	if err := s.complete(ctx, tenantID, one); err != nil {
		return Item{}, err
	}
	return one[0], nil
}

// List returns the items matching f.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Item, error) {
	page, err := listing.Resolve(r, itemListSpec)
	if err != nil {
		return nil, err
	}
	f, err = normalizeFilter(f)
	if err != nil {
		return nil, err
	}
	list, err := s.store.list(ctx, s.pool, tenantID, f, page)
	if err != nil {
		return nil, err
	}
	if err := s.complete(ctx, tenantID, list); err != nil {
		return nil, err
	}
	return list, nil
}

// readLoaders fill what an item read shows beyond its row, each in a fixed number of queries
// however many items (no N+1); an area of the item master adds its loader here.
var readLoaders = []func(s *Service, ctx context.Context, tenantID string, items []Item) error{
	(*Service).loadTags,
	(*Service).loadVendorDetails,
	(*Service).loadSalesConversions,
	(*Service).loadMaterialDetails,
	(*Service).loadCustomerPricing,
	(*Service).loadMaterialVendorDetails,
}

// complete fills the read-only members of items read for a Get or a List.
func (s *Service) complete(ctx context.Context, tenantID string, items []Item) error {
	for _, load := range readLoaders {
		if err := load(s, ctx, tenantID, items); err != nil {
			return err
		}
	}
	return nil
}

// Update replaces an item's writable members (see ItemUpdate).
func (s *Service) Update(ctx context.Context, tenantID, id string, u ItemUpdate) (Item, error) {
	return s.save(ctx, tenantID, id, saveKind{}, func(Item) (ItemUpdate, error) { return u, nil })
}

// Patch saves what change makes of the item's current state (a JSON Patch of ops applied by
// the caller) under the rules of a full update, except that externalReferences follow
// extref.PatchMode(extref.Item) and only the custom fields ops touch are validated. change runs inside the
// transaction on the locked row.
func (s *Service) Patch(ctx context.Context, tenantID, id string, ops []patch.Operation, change func(current Item) (ItemUpdate, error)) (Item, error) {
	return s.save(ctx, tenantID, id, saveKind{patch: true, ops: ops}, change)
}

// saveKind is where a full update and a patch differ.
type saveKind struct {
	patch bool
	ops   []patch.Operation
}

func (s *Service) save(ctx context.Context, tenantID, id string, kind saveKind, change func(Item) (ItemUpdate, error)) (Item, error) {
	refsMode := extref.Write
	if kind.patch {
		refsMode = extref.PatchMode(extref.Item)
	}
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.store.getForUpdate(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		if current, err = s.withUnit(ctx, q, tenantID, current); err != nil {
			return err
		}
		if err := requireUnit(current); err != nil {
			return err
		}
		// A patch works on the read shape, which carries the conversions (a unit change refuses any).
		one := []Item{current}
		if err := s.loadSalesConversionsIn(ctx, q, tenantID, one); err != nil {
			return err
		}
		current = one[0]
		u, err := change(current)
		if err != nil {
			return err
		}
		next, err := applyUpdate(current, u, refsMode)
		if err != nil {
			return err
		}
		if err := s.checkStockFlags(ctx, q, tenantID, current, next); err != nil {
			return err
		}
		if next.UnitID, err = s.nextUnit(ctx, q, tenantID, current, u.UnitName); err != nil {
			return err
		}
		if *next.UnitID != *current.UnitID && len(u.SalesConversions) > 0 {
			return apperr.Field("salesUnitOfMeasureConversions", "must be empty when the unit of measure changes; add the conversions for the new unit in a later request")
		}
		if next, err = s.withUnit(ctx, q, tenantID, next); err != nil {
			return err
		}
		if *next.UnitID != *current.UnitID {
			if err := s.restateVendorQuantities(ctx, q, tenantID, current.ID, *current.Unit, *next.Unit); err != nil {
				return err
			}
		}
		if next.SalesConversions, err = s.resolveSalesConversions(ctx, q, tenantID, *next.Unit, u.SalesConversions); err != nil {
			return err
		}
		if err := s.requireLiveCodes(ctx, q, tenantID, current, next); err != nil {
			return err
		}
		modules := customFieldModules(next.Origin)
		if kind.patch {
			next.CustomFields, err = s.customFields.ValidatePatchModules(ctx, q, tenantID, modules, kind.ops, next.CustomFields)
		} else {
			next.CustomFields, err = s.customFields.ValidateModules(ctx, q, tenantID, modules, next.CustomFields, customfields.Full)
		}
		if err != nil {
			return err
		}
		if err := s.store.update(ctx, q, tenantID, next); err != nil {
			return err
		}
		if err := s.store.replaceSalesConversions(ctx, q, tenantID, next.ID, next.SalesConversions); err != nil {
			return err
		}
		return recordUpdated(ctx, q, tenantID, next, "updated")
	})
	if err != nil {
		return Item{}, err
	}
	return s.Get(ctx, tenantID, id)
}

// AddRevision creates a new item with the source's number and the given revision, copying
// the source's members (custom fields revalidated in full), sales unit conversions, material
// shape link, tags, vendor details with their price breaks, material vendor details,
// customer details and sales price breaks, sub-records under new ids. It copies neither the
// external references (they link the source record to other systems) nor the attachments
// (the source record owns them). The new item becomes the latest revision; the source is
// archived when archiveSource is true.
func (s *Service) AddRevision(ctx context.Context, tenantID, sourceID, revision string, archiveSource bool) (string, error) {
	fields := apperr.Fields{}
	revision = fields.Text("revision", revision, maxNumber)
	if err := fields.Err(); err != nil {
		return "", err
	}
	newID := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		source, err := s.store.getForUpdate(ctx, q, tenantID, sourceID)
		if err != nil {
			return err
		}
		if err := requireUnit(source); err != nil {
			return err
		}
		one := []Item{source}
		if err := s.loadSalesConversionsIn(ctx, q, tenantID, one); err != nil {
			return err
		}
		next := one[0]
		next.ID, next.Revision, next.IsArchived = newID, &revision, false
		next.ExternalReferences = extref.References{}
		// The new revision is a new item: the copied values meet today's definitions, as a
		// create's would (a definition made required since the source was saved needs the
		// source updated first).
		if next.CustomFields, err = s.customFields.ValidateModules(ctx, q, tenantID, customFieldModules(next.Origin), next.CustomFields, customfields.Full); err != nil {
			return err
		}
		if err := s.store.insert(ctx, q, tenantID, newID, next, "revision"); err != nil {
			return err
		}
		if err := s.store.replaceSalesConversions(ctx, q, tenantID, newID, next.SalesConversions); err != nil {
			return err
		}
		// A revision of a piece cut from a material shape is cut from the same shape.
		links, err := s.store.shapeLinks(ctx, q, tenantID, []string{sourceID})
		if err != nil {
			return err
		}
		if l, ok := links[sourceID]; ok {
			if err := s.store.insertShapeLink(ctx, q, tenantID, newID, l.ShapeID, l.IsRemnant); err != nil {
				return err
			}
		}
		// A new revision of a part is still bought, sold and priced as the part was; references
		// to deleted tags, vendors or customers are kept as the source keeps them.
		if err := s.store.copyItemRecords(ctx, q, tenantID, sourceID, newID, ids.NewSub); err != nil {
			return err
		}
		if err := recordUpdated(ctx, q, tenantID, next, "revisionAdded"); err != nil {
			return err
		}
		if !archiveSource || source.IsArchived {
			return nil
		}
		source.IsArchived = true
		if err := s.store.update(ctx, q, tenantID, source); err != nil {
			return err
		}
		return recordUpdated(ctx, q, tenantID, source, "archived")
	})
	if err != nil {
		return "", err
	}
	return newID, nil
}

// ReplaceCustomFields makes fields the item's custom field values, validated in full
// against the modules of its origin, and returns the item as stored. Like a full update it
// is always a change: modifiedUtc advances and ItemUpdated is recorded.
func (s *Service) ReplaceCustomFields(ctx context.Context, tenantID, id string, fields map[string]any) (Item, error) {
	if fields == nil {
		fields = map[string]any{}
	}
	_, err := s.changeItemRecords(ctx, tenantID, id, "customFieldsReplaced", func(q db.Q, it Item) (bool, error) {
		valid, err := s.customFields.ValidateModules(ctx, q, tenantID, customFieldModules(it.Origin), fields, customfields.Full)
		if err != nil {
			return false, err
		}
		return true, s.store.setCustomFields(ctx, q, tenantID, id, valid)
	})
	if err != nil {
		return Item{}, err
	}
	return s.Get(ctx, tenantID, id)
}

// changeItemRecords runs change on the item's locked row after refusing an item without an
// inventory unit cannot be changed) for records the item owns: tags, vendor and customer
// details, price breaks, material vendor details. When change reports that it changed
// something, the item's modifiedUtc advances and ItemUpdated (change what) is recorded in
// the same transaction; locking the item row first also serialises every such change of one
// item, so change may read the item's records and rely on them.
func (s *Service) changeItemRecords(ctx context.Context, tenantID, itemID, what string, change func(q db.Q, it Item) (bool, error)) (changed bool, err error) {
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		it, err := s.store.getForUpdate(ctx, q, tenantID, itemID)
		if err != nil {
			return err
		}
		if err := requireUnit(it); err != nil {
			return err
		}
		if changed, err = change(q, it); err != nil || !changed {
			return err
		}
		if err := s.store.touch(ctx, q, tenantID, itemID); err != nil {
			return err
		}
		return recordUpdated(ctx, q, tenantID, it, what)
	})
	return changed, err
}

// requireUnit refuses to change an item without an inventory unit of measure (such
// items exist only from legacy data).
func requireUnit(it Item) error {
	if it.UnitID == nil {
		return apperr.Field("unitOfMeasureName", "item %s has no inventory unit of measure, so it cannot be changed", it.ID)
	}
	return nil
}

// nextUnit is the unit an update leaves the item with: nil or blank keeps the
// current unit; otherwise the trimmed name must be a unit of the item's type (matched
// case-sensitively). Naming the current unit is not a change; a change is refused while
// unitChangeBlockers names anything, read before the update in the same transaction.
func (s *Service) nextUnit(ctx context.Context, q db.Q, tenantID string, current Item, name *string) (*string, error) {
	if name == nil || strings.TrimSpace(*name) == "" {
		return current.UnitID, nil
	}
	unit, err := s.units.Resolve(ctx, q, tenantID, current.Unit.TypeName, *name)
	if err != nil {
		return nil, err
	}
	if unit.ID == *current.UnitID {
		return current.UnitID, nil
	}
	blockers, err := s.unitChangeBlockers.Users(ctx, q, tenantID, current.ID)
	if err != nil {
		return nil, err
	}
	if len(blockers) > 0 {
		return nil, apperr.Field("unitOfMeasureName", "the unit of measure cannot change while the item is used by: %s", strings.Join(blockers, ", "))
	}
	return &unit.ID, nil
}

// recordUpdated records the ItemUpdated event of a change to it in q's transaction. The
// payload is the spec's ItemUpdatedData: a subset of the item's read shape and what changed.
func recordUpdated(ctx context.Context, q db.Q, tenantID string, it Item, change string) error {
	return outbox.Record(ctx, q, tenantID, outbox.Event{
		Type: EventItemUpdated, AggregateType: "item", AggregateID: it.ID,
		Payload: updatedData{ItemID: it.ID, Number: it.Number, Revision: it.Revision, Description: it.Description,
			ItemOrigin: string(it.Origin), Change: change},
	})
}

// updatedData is the data of an ItemUpdated event (the spec's ItemUpdatedData).
type updatedData struct {
	ItemID      string  `json:"itemId"`
	Number      string  `json:"number"`
	Revision    *string `json:"revision"`
	Description *string `json:"description"`
	ItemOrigin  string  `json:"itemOrigin"`
	Change      string  `json:"change"`
}

// customFieldModules are the custom field modules whose definitions apply to an item of origin.
func customFieldModules(origin Origin) []customfields.Module {
	switch origin {
	case OriginMake, OriginMakeOrBuy:
		return []customfields.Module{customfields.ModuleItem, customfields.ModuleItemMake}
	case OriginBuy:
		return []customfields.Module{customfields.ModuleItem, customfields.ModuleItemBuy}
	}
	return []customfields.Module{customfields.ModuleItem}
}

// normalizeNewItem applies the create rules the schema cannot state, naming each offending
// field. Units and custom fields need the database, so Create checks them.
func normalizeNewItem(n NewItem) (Item, error) {
	fields := apperr.Fields{}
	it := Item{Flags: n.Flags, Measures: n.Measures, CustomFields: n.CustomFields}
	it.Number = fields.Text("number", n.Number, maxNumber)
	it.Revision = fields.OptionalText("revision", n.Revision, maxNumber)
	it.Description = fields.OptionalText("description", n.Description, maxText)
	it.InternalNotes = notes(fields, n.InternalNotes)
	it.Origin = n.Origin
	switch it.Origin {
	case "":
		it.Origin = OriginMake
	case OriginKit, OriginNone:
		fields.Add("itemOrigin", "%s is not supported for new items; use make, buy, makeOrBuy or customerSupplied", it.Origin)
	}
	if it.IsNonInventory && !nonInventoryAllowed(it.Origin, it.IsSellable) {
		fields.Add("isNonInventory", "only a buy item that is not sellable can be non-inventory")
	}
	checkMeasures(fields, it.Measures)
	it.Codes = n.Codes
	if n.AccountingDetails != nil {
		it.AccountingDetails = *n.AccountingDetails
	}
	if n.Shipping != nil {
		it.Shipping = normalizeShipping(fields, *n.Shipping)
	}
	it.QualityPlanStatus = n.QualityPlanStatus
	if it.QualityPlanStatus == "" {
		it.QualityPlanStatus = QualityPlanNotRequired
	}
	refs, refErrs := extref.Normalize(n.ExternalReferences, extref.Write)
	fields.Merge("", refErrs)
	it.ExternalReferences = refs
	if it.CustomFields == nil {
		it.CustomFields = map[string]any{}
	}
	return it, fields.Err()
}

// applyUpdate is current with u's members applied (the unit aside: see nextUnit), under the
// update rules: number trimmed (nil keeps it); unitTypeName, when given, names the item's
// type; isNonInventory turns on only for a buy item that is not sellable.
func applyUpdate(current Item, u ItemUpdate, refsMode extref.Mode) (Item, error) {
	fields := apperr.Fields{}
	next := current
	if u.Number != nil {
		next.Number = fields.Text("number", *u.Number, maxNumber)
	}
	if u.UnitTypeName != nil {
		if name := strings.TrimSpace(*u.UnitTypeName); name != "" && !strings.EqualFold(name, current.Unit.TypeName) {
			fields.Add("unitTypeName", "the unit type of an item cannot change (it is %s)", current.Unit.TypeName)
		}
	}
	next.Description = fields.OptionalText("description", u.Description, maxText)
	next.InternalNotes = notes(fields, u.InternalNotes)
	next.IsTaxable, next.IsLotTracked, next.IsNonInventory = u.IsTaxable, u.IsLotTracked, u.IsNonInventory
	if u.IsNonInventory && !current.IsNonInventory && !nonInventoryAllowed(current.Origin, current.IsSellable) {
		fields.Add("isNonInventory", "only a buy item that is not sellable can be made non-inventory")
	}
	next.Measures = u.Measures
	checkMeasures(fields, u.Measures)
	next.Codes = u.Codes
	if u.AccountingDetails != nil {
		next.AccountingDetails = *u.AccountingDetails
	}
	if u.Shipping != nil {
		next.Shipping = normalizeShipping(fields, *u.Shipping)
	}
	if u.QualityPlanStatus != nil {
		next.QualityPlanStatus = *u.QualityPlanStatus
	}
	refs, refErrs := extref.Normalize(u.ExternalReferences, refsMode)
	fields.Merge("", refErrs)
	next.ExternalReferences = refs
	next.CustomFields = u.CustomFields
	if next.CustomFields == nil {
		next.CustomFields = map[string]any{}
	}
	return next, fields.Err()
}

// checkStockFlags refuses to turn isNonInventory or isLotTracked on while a registered stock
// flag blocker holds the item's stock (see RegisterStockFlagBlocker).
func (s *Service) checkStockFlags(ctx context.Context, q db.Q, tenantID string, current, next Item) error {
	nonInventoryOn := next.IsNonInventory && !current.IsNonInventory
	lotTrackedOn := next.IsLotTracked && !current.IsLotTracked
	if !nonInventoryOn && !lotTrackedOn {
		return nil
	}
	holders, err := s.stockFlagBlockers.Users(ctx, q, tenantID, current.ID)
	if err != nil || len(holders) == 0 {
		return err
	}
	why := fmt.Sprintf("cannot be turned on while the item has %s; move the stock out first", strings.Join(holders, ", "))
	fields := apperr.Fields{}
	if nonInventoryOn {
		fields.Add("isNonInventory", "%s", why)
	}
	if lotTrackedOn {
		fields.Add("isLotTracked", "%s", why)
	}
	return fields.Err()
}

// notes is internalNotes as stored: nil stays none, anything sent must be 1 to 2000
// characters after trimming. Unlike description (0 to 2000, blank is none) notes have a
// lower bound of 1, so a blank value is refused like an empty one rather than dropped.
func notes(fields apperr.Fields, v *string) *string {
	if v == nil {
		return nil
	}
	s := fields.Text("internalNotes", *v, maxText)
	return &s
}

func nonInventoryAllowed(origin Origin, sellable bool) bool {
	return origin == OriginBuy && !sellable
}

// checkMeasures refuses negative dimensions and minimums (the schema states it too; this
// holds for patched documents and direct callers).
func checkMeasures(fields apperr.Fields, m Measures) {
	for name, v := range map[string]*dec.Decimal{
		"width": m.Width, "height": m.Height, "length": m.Length, "weight": m.Weight,
		"minimumStockOnHand": m.MinimumStockOnHand, "minimumProductionQuantity": m.MinimumProductionQuantity,
	} {
		if v != nil && v.IsNegative() {
			fields.Add(name, "must be 0 or more")
		}
	}
}

// normalizeFilter trims the exact-match members the way stored numbers and revisions are
// trimmed (so " BRK-100 " finds BRK-100; a blank number in numbers matches nothing, as no
// stored number is blank) and refuses a blank revision and modified bounds outside the
// years 2000 to 2099.
func normalizeFilter(f Filter) (Filter, error) {
	fields := apperr.Fields{}
	if f.Numbers != nil {
		trimmed := make([]string, len(f.Numbers))
		for i, n := range f.Numbers {
			trimmed[i] = strings.TrimSpace(n)
		}
		f.Numbers = trimmed
	}
	if f.Revision != nil {
		rev := fields.Text("revision", *f.Revision, maxNumber)
		f.Revision = &rev
	}
	return f, checkFilter(fields, f)
}

// checkFilter refuses modified bounds outside the date filter years, 2000 to 2099.
func checkFilter(fields apperr.Fields, f Filter) error {
	utctime.CheckFilterBound(fields, "modifiedAfterUtc", f.ModifiedAfterUtc)
	utctime.CheckFilterBound(fields, "modifiedBeforeUtc", f.ModifiedBeforeUtc)
	return fields.Err()
}

// withUnit is it with its Unit filled, read through q (inside a write, its transaction).
func (s *Service) withUnit(ctx context.Context, q db.Q, tenantID string, it Item) (Item, error) {
	one := []Item{it}
	if err := s.resolveUnitsIn(ctx, q, tenantID, one); err != nil {
		return Item{}, err
	}
	return one[0], nil
}

// resolveUnitsIn fills the Unit of items in full from the tenant's units catalogue, read
// through q: one query however many items (the catalogue is small).
func (s *Service) resolveUnitsIn(ctx context.Context, q db.Q, tenantID string, items []Item) error {
	if len(items) == 0 {
		return nil
	}
	byID, err := s.units.ByID(ctx, q, tenantID)
	if err != nil {
		return err
	}
	for i, it := range items {
		if it.UnitID != nil {
			if u, ok := byID[*it.UnitID]; ok {
				items[i].Unit = &u
			}
		}
	}
	return nil
}
