package items

import (
	"context"
	"sort"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// MaterialVendorDetail is a vendor that supplies an item as material, with what the vendor
// calls it. An item has at most one per vendor (a unique index decides it).
type MaterialVendorDetail struct {
	ID               string
	ItemID           string
	VendorID         string
	VendorName       string // filled on reads, for ordering
	VendorItemNumber *string
	VendorItemName   *string
	Notes            *string
}

// MaterialVendorDetailWrite is a create or full-update request of a material vendor detail.
type MaterialVendorDetailWrite struct {
	VendorID         string
	VendorItemNumber *string
	VendorItemName   *string
	Notes            *string
}

// CreateMaterialVendorDetail adds a material vendor detail to the item and returns its id.
func (s *Service) CreateMaterialVendorDetail(ctx context.Context, tenantID, itemID string, w MaterialVendorDetailWrite) (string, error) {
	d, err := normalizeMaterialVendor(w)
	if err != nil {
		return "", err
	}
	d.ID, d.ItemID = ids.NewSub(), itemID
	_, err = s.changeItemRecords(ctx, tenantID, itemID, "materialVendorDetailAdded", func(q db.Q, _ Item) (bool, error) {
		if _, err := s.liveVendor(ctx, q, tenantID, d.VendorID); err != nil {
			return false, err
		}
		return true, s.store.insertMaterialVendor(ctx, q, tenantID, d)
	})
	if err != nil {
		return "", err
	}
	return d.ID, nil
}

// UpdateMaterialVendorDetail replaces every member of the item's material vendor detail and
// returns it as saved.
func (s *Service) UpdateMaterialVendorDetail(ctx context.Context, tenantID, itemID, detailID string, w MaterialVendorDetailWrite) (MaterialVendorDetail, error) {
	d, err := normalizeMaterialVendor(w)
	if err != nil {
		return MaterialVendorDetail{}, err
	}
	d.ID, d.ItemID = detailID, itemID
	_, err = s.changeItemRecords(ctx, tenantID, itemID, "materialVendorDetailUpdated", func(q db.Q, _ Item) (bool, error) {
		if _, err := s.liveVendor(ctx, q, tenantID, d.VendorID); err != nil {
			return false, err
		}
		return true, s.store.updateMaterialVendor(ctx, q, tenantID, d)
	})
	if err != nil {
		return MaterialVendorDetail{}, err
	}
	return d, nil
}

// DeleteMaterialVendorDetail deletes the item's material vendor detail and reports whether
// the item had it; a detail of another item is not the item's, so nothing changes.
func (s *Service) DeleteMaterialVendorDetail(ctx context.Context, tenantID, itemID, detailID string) (deleted bool, err error) {
	return s.changeItemRecords(ctx, tenantID, itemID, "materialVendorDetailDeleted", func(q db.Q, _ Item) (bool, error) {
		return s.store.deleteMaterialVendor(ctx, q, tenantID, itemID, detailID)
	})
}

// ListMaterialVendorDetails returns the page r asks for of the item's material vendor
// details: in the order of Item.materialVendorDetails (see sortMaterialVendors) unless r
// sorts by a property; the page is chosen in SQL. An unknown item is NotFound.
func (s *Service) ListMaterialVendorDetails(ctx context.Context, tenantID, itemID string, r listing.Request) ([]MaterialVendorDetail, error) {
	page, err := listing.Resolve(r, materialVendorListSpec)
	if err != nil {
		return nil, err
	}
	if _, err := s.store.get(ctx, s.pool, tenantID, itemID); err != nil {
		return nil, err
	}
	return s.store.materialVendorPage(ctx, s.pool, tenantID, itemID, page)
}

// normalizeMaterialVendor trims the texts (blank is none) and bounds their lengths, naming
// each offending field; the schema states the bounds too, this holds them for direct callers.
func normalizeMaterialVendor(w MaterialVendorDetailWrite) (MaterialVendorDetail, error) {
	fields := apperr.Fields{}
	d := MaterialVendorDetail{
		VendorID:         w.VendorID,
		VendorItemNumber: fields.OptionalText("vendorItemNumber", w.VendorItemNumber, maxVendorText),
		VendorItemName:   fields.OptionalText("vendorItemName", w.VendorItemName, maxVendorText),
		Notes:            fields.OptionalText("notes", w.Notes, maxText),
	}
	return d, fields.Err()
}

// loadMaterialVendorDetails fills the MaterialVendorDetails of items in one query however
// many items: their details with the vendors' names.
func (s *Service) loadMaterialVendorDetails(ctx context.Context, tenantID string, items []Item) error {
	if len(items) == 0 {
		return nil
	}
	itemIDs := make([]string, len(items))
	at := make(map[string]int, len(items))
	for i, it := range items {
		itemIDs[i] = it.ID
		at[it.ID] = i
		items[i].MaterialVendorDetails = []MaterialVendorDetail{}
	}
	details, err := s.store.materialVendors(ctx, s.pool, tenantID, itemIDs)
	if err != nil {
		return err
	}
	for _, d := range details {
		i := at[d.ItemID]
		items[i].MaterialVendorDetails = append(items[i].MaterialVendorDetails, d)
	}
	for i := range items {
		sortMaterialVendors(items[i].MaterialVendorDetails)
	}
	return nil
}

// sortMaterialVendors orders details by vendor name (case-insensitive), then id: vendor names
// live in the vendors area, so the order is made here.
func sortMaterialVendors(list []MaterialVendorDetail) {
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if an, bn := strings.ToLower(a.VendorName), strings.ToLower(b.VendorName); an != bn {
			return an < bn
		}
		return a.ID < b.ID
	})
}

func materialVendorNotFound(id string) error {
	return apperr.NotFound("item material vendor detail %s not found", id)
}
