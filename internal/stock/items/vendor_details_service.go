package items

import (
	"context"
	"sort"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/purchasing/vendors"
	"mos/internal/stock/units"
)

const (
	maxVendorText       = 200 // vendorItemNumber and vendorItemName
	maxVendorPriceBreak = 50  // price breaks per vendor detail
)

// VendorDetail is how one vendor sells an item. UnitQuantity vendor units (Unit, a unit of the
// item's type) hold InventoryUnitQuantity units of the item's inventory unit; Price and the
// price breaks are per vendor unit.
type VendorDetail struct {
	ID                    string
	ItemID                string
	VendorID              string
	VendorName            string // filled on reads, for ordering and the input unit cost
	VendorCurrency        string // filled on reads: the currency of Price
	VendorItemNumber      *string
	VendorItemName        *string
	Price                 *dec.Decimal
	IsPrimary             bool
	LeadTimeInDays        *int
	UnitID                string
	UnitName              string // filled on reads
	UnitQuantity          dec.Decimal
	InventoryUnitQuantity dec.Decimal
	PriceBreaks           []VendorPriceBreak // by quantity
	Notes                 *string
}

// VendorPriceBreak is the price of one vendor unit from Quantity vendor units up.
type VendorPriceBreak struct {
	Quantity     int
	Price        dec.Decimal
	CurrencyCode string
}

// VendorDetailWrite is a create or full-update request of a vendor detail.
type VendorDetailWrite struct {
	VendorID              string
	VendorItemNumber      *string
	VendorItemName        *string
	Price                 *dec.Decimal
	IsPrimary             bool
	LeadTimeInDays        *int
	UnitName              *string      // nil or blank: the item's inventory unit
	UnitQuantity          *dec.Decimal // nil: 1
	InventoryUnitQuantity *dec.Decimal // nil: 1
	PriceBreaks           []VendorPriceBreakWrite
	Notes                 *string
}

// VendorPriceBreakWrite is one price break of a write; CurrencyCode nil is the vendor's.
type VendorPriceBreakWrite struct {
	Quantity     int
	Price        dec.Decimal
	CurrencyCode *string
}

// CreateVendorDetail adds a vendor detail to the item and returns its id.
func (s *Service) CreateVendorDetail(ctx context.Context, tenantID, itemID string, w VendorDetailWrite) (string, error) {
	id := ids.NewSub()
	if err := s.saveVendorDetail(ctx, tenantID, itemID, id, true, w); err != nil {
		return "", err
	}
	return id, nil
}

// UpdateVendorDetail replaces every member of the item's vendor detail and returns it.
func (s *Service) UpdateVendorDetail(ctx context.Context, tenantID, itemID, detailID string, w VendorDetailWrite) (VendorDetail, error) {
	if err := s.saveVendorDetail(ctx, tenantID, itemID, detailID, false, w); err != nil {
		return VendorDetail{}, err
	}
	list, err := s.VendorDetails(ctx, tenantID, itemID)
	if err != nil {
		return VendorDetail{}, err
	}
	for _, d := range list {
		if d.ID == detailID {
			return d, nil
		}
	}
	return VendorDetail{}, vendorDetailNotFound(detailID)
}

// ListVendorDetails returns the page r asks for of the item's vendor details: in the order
// of Item.vendorDetails (see sortVendorDetails) unless r sorts by a property; the page is
// chosen in SQL. An unknown item is NotFound.
func (s *Service) ListVendorDetails(ctx context.Context, tenantID, itemID string, r listing.Request) ([]VendorDetail, error) {
	page, err := listing.Resolve(r, vendorDetailListSpec)
	if err != nil {
		return nil, err
	}
	if _, err := s.store.get(ctx, s.pool, tenantID, itemID); err != nil {
		return nil, err
	}
	return s.store.vendorDetailPage(ctx, s.pool, tenantID, itemID, page)
}

// VendorDetails returns the item's vendor details in read order (see sortVendorDetails).
func (s *Service) VendorDetails(ctx context.Context, tenantID, itemID string) ([]VendorDetail, error) {
	it, err := s.store.get(ctx, s.pool, tenantID, itemID)
	if err != nil {
		return nil, err
	}
	one := []Item{it}
	if err := s.loadVendorDetails(ctx, tenantID, one); err != nil {
		return nil, err
	}
	return one[0].VendorDetails, nil
}

// DeleteVendorDetail deletes the item's vendor detail with its price breaks and reports
// whether the item had it; a detail of another item is not the item's, so nothing changes.
func (s *Service) DeleteVendorDetail(ctx context.Context, tenantID, itemID, detailID string) (deleted bool, err error) {
	return s.changeItemRecords(ctx, tenantID, itemID, "vendorDetailDeleted", func(q db.Q, _ Item) (bool, error) {
		return s.store.deleteVendorDetail(ctx, q, tenantID, itemID, detailID)
	})
}

// saveVendorDetail stores w as detail id of the item (a new one when create) on the locked
// item row: a primary detail demotes the other primary first and the price breaks are
// replaced (see changeItemRecords for the rest of the transaction).
func (s *Service) saveVendorDetail(ctx context.Context, tenantID, itemID, id string, create bool, w VendorDetailWrite) error {
	d, breaks, err := normalizeVendorDetail(w)
	if err != nil {
		return err
	}
	d.ID, d.ItemID = id, itemID
	change := "vendorDetailUpdated"
	if create {
		change = "vendorDetailAdded"
	}
	_, err = s.changeItemRecords(ctx, tenantID, itemID, change, func(q db.Q, it Item) (bool, error) {
		it, err := s.withUnit(ctx, q, tenantID, it)
		if err != nil {
			return false, err
		}
		if !create {
			if err := s.store.lockVendorDetail(ctx, q, tenantID, itemID, id); err != nil {
				return false, err
			}
		}
		vendor, err := s.liveVendor(ctx, q, tenantID, d.VendorID)
		if err != nil {
			return false, err
		}
		d.UnitID = *it.UnitID
		if w.UnitName != nil && strings.TrimSpace(*w.UnitName) != "" {
			unit, err := s.units.Resolve(ctx, q, tenantID, it.Unit.TypeName, *w.UnitName)
			if err != nil {
				return false, err
			}
			d.UnitID = unit.ID
		}
		d.PriceBreaks = make([]VendorPriceBreak, len(breaks))
		for i, b := range breaks {
			d.PriceBreaks[i] = VendorPriceBreak{Quantity: b.Quantity, Price: b.Price, CurrencyCode: vendor.CurrencyCode}
			if b.CurrencyCode != nil {
				d.PriceBreaks[i].CurrencyCode = *b.CurrencyCode
			}
		}
		if d.IsPrimary {
			if err := s.store.demotePrimaryVendorDetail(ctx, q, tenantID, itemID); err != nil {
				return false, err
			}
		}
		return true, s.store.saveVendorDetail(ctx, q, tenantID, d, create)
	})
	return err
}

// liveVendor is the tenant's vendor id when it is not deleted (404 otherwise), read in q.
func (s *Service) liveVendor(ctx context.Context, q db.Q, tenantID, id string) (vendors.Vendor, error) {
	found, err := s.vendors.ByIDs(ctx, q, tenantID, []string{id})
	if err != nil {
		return vendors.Vendor{}, err
	}
	v, ok := found[id]
	if !ok || v.Deleted {
		return vendors.Vendor{}, apperr.NotFound("vendor %s not found", id)
	}
	return v, nil
}

// normalizeVendorDetail applies the write rules the schema states too (they hold for direct
// callers) plus distinct break quantities, naming each offending field.
func normalizeVendorDetail(w VendorDetailWrite) (VendorDetail, []VendorPriceBreakWrite, error) {
	fields := apperr.Fields{}
	one := dec.FromInt(1)
	d := VendorDetail{
		VendorID: w.VendorID, Price: w.Price, IsPrimary: w.IsPrimary, LeadTimeInDays: w.LeadTimeInDays,
		VendorItemNumber:      fields.OptionalText("vendorItemNumber", w.VendorItemNumber, maxVendorText),
		VendorItemName:        fields.OptionalText("vendorItemName", w.VendorItemName, maxVendorText),
		Notes:                 fields.OptionalText("notes", w.Notes, maxText),
		UnitQuantity:          one,
		InventoryUnitQuantity: one,
	}
	if d.Price != nil && d.Price.IsNegative() {
		fields.Add("price", "must be 0 or more")
	}
	if d.LeadTimeInDays != nil && *d.LeadTimeInDays < 0 {
		fields.Add("leadTimeInDays", "must be 0 or more")
	}
	for name, v := range map[string]*dec.Decimal{"unitQuantity": w.UnitQuantity, "inventoryUnitQuantity": w.InventoryUnitQuantity} {
		if v != nil && !v.IsPositive() {
			fields.Add(name, "must be more than 0")
		}
	}
	if w.UnitQuantity != nil {
		d.UnitQuantity = *w.UnitQuantity
	}
	if w.InventoryUnitQuantity != nil {
		d.InventoryUnitQuantity = *w.InventoryUnitQuantity
	}
	if len(w.PriceBreaks) > maxVendorPriceBreak {
		fields.Add("priceBreaks", "at most %d price breaks", maxVendorPriceBreak)
	}
	seen := map[int]bool{}
	for _, b := range w.PriceBreaks {
		if b.Quantity < 1 {
			fields.Add("priceBreaks", "quantity must be 1 or more")
		}
		if b.Price.IsNegative() {
			fields.Add("priceBreaks", "price must be 0 or more")
		}
		if seen[b.Quantity] {
			fields.Add("priceBreaks", "quantity %d is listed more than once", b.Quantity)
		}
		seen[b.Quantity] = true
	}
	return d, w.PriceBreaks, fields.Err()
}

// loadVendorDetails fills the VendorDetails of items in one query however many items: their
// details with the vendors' and units' names and the price breaks.
func (s *Service) loadVendorDetails(ctx context.Context, tenantID string, items []Item) error {
	return s.fillVendorDetails(ctx, s.pool, tenantID, items)
}

// fillVendorDetails is loadVendorDetails reading the details through q (a transaction that
// holds the item rows sees them as they are under its locks).
func (s *Service) fillVendorDetails(ctx context.Context, q db.Q, tenantID string, items []Item) error {
	if len(items) == 0 {
		return nil
	}
	itemIDs := make([]string, len(items))
	at := make(map[string]int, len(items))
	for i, it := range items {
		itemIDs[i] = it.ID
		at[it.ID] = i
		items[i].VendorDetails = []VendorDetail{}
	}
	details, err := s.store.vendorDetails(ctx, q, tenantID, itemIDs)
	if err != nil {
		return err
	}
	for _, d := range details {
		i := at[d.ItemID]
		items[i].VendorDetails = append(items[i].VendorDetails, d)
	}
	for i := range items {
		sortVendorDetails(items[i].VendorDetails)
	}
	return nil
}

// sortVendorDetails orders details the primary first, then by vendor name (case-insensitive),
// then id: vendor names live in the vendors area, so the order is made here.
func sortVendorDetails(list []VendorDetail) {
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.IsPrimary != b.IsPrimary {
			return a.IsPrimary
		}
		if an, bn := strings.ToLower(a.VendorName), strings.ToLower(b.VendorName); an != bn {
			return an < bn
		}
		return a.ID < b.ID
	})
}

func vendorDetailNotFound(id string) error {
	return apperr.NotFound("item vendor detail %s not found", id)
}

// restateVendorQuantities keeps the item's vendor details meaning the same amounts when the
// item's inventory unit changes from one unit to another. A detail's inventoryUnitQuantity
// counts inventory units, so it is converted to the new unit (priced details block the
// change, but unpriced ones still say how much of the item a vendor unit holds). A
// unit without a fixed conversion (Box) cannot restate them: 400 while the item has any;
// nor can a change that would round a quantity to 0 (400 before anything is written).
func (s *Service) restateVendorQuantities(ctx context.Context, q db.Q, tenantID, itemID string, from, to units.Unit) error {
	if from.Factor == nil || to.Factor == nil {
		has, err := s.store.hasVendorDetails(ctx, q, tenantID, itemID)
		if err != nil || !has {
			return err
		}
		return apperr.Field("unitOfMeasureName", "%s has no fixed conversion to %s, so the inventoryUnitQuantity of the item's vendor details cannot be restated; update or delete them first", from.Name, to.Name)
	}
	// One old unit is from/to new units: from.Num × to.Den ÷ (from.Den × to.Num).
	num := dec.Decimal{Decimal: from.Factor.Num.Mul(to.Factor.Den.Decimal)}
	den := dec.Decimal{Decimal: from.Factor.Den.Mul(to.Factor.Num.Decimal)}
	vanishes, err := s.store.vendorQuantityVanishes(ctx, q, tenantID, itemID, num, den)
	if err != nil {
		return err
	}
	if vanishes {
		return apperr.Field("unitOfMeasureName", "an inventoryUnitQuantity of the item's vendor details is too small to state in %s (it would round to 0 at 20 decimal places); update it first", to.Name)
	}
	return s.store.scaleVendorInventoryQuantities(ctx, q, tenantID, itemID, num, den)
}
