package items

import (
	"context"
	"fmt"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

// maxPurchasePriceBreaks bounds one replace of an item's purchase price breaks (each vendor
// detail still holds at most maxVendorPriceBreak).
const maxPurchasePriceBreaks = 500

// PurchasePriceBreak is a price break of one of the item's vendor details, seen in the item's
// flat list of purchase price breaks: the price of one vendor unit (UnitName) from Quantity
// vendor units up when bought from VendorID.
type PurchasePriceBreak struct {
	VendorPriceBreak
	DetailID string
	VendorID string
	UnitID   string
	UnitName string // filled on reads
}

// PurchasePriceBreakWrite is one break of a replace. It goes to the item's vendor detail of
// VendorID counted in UnitName, or when UnitName is nil or blank to the vendor's only detail;
// CurrencyCode nil is the vendor's currency.
type PurchasePriceBreakWrite struct {
	VendorID     string
	Quantity     int
	Price        dec.Decimal
	CurrencyCode *string
	UnitName     *string
}

// PurchasePriceBreaks returns the page r asks for of the item's purchase price breaks (of
// the vendors among vendorIDs when it is not nil): by vendor name, vendor id, unit name,
// vendor detail and quantity unless r sorts by a property; the page is chosen in SQL. An
// unknown item is NotFound.
func (s *Service) PurchasePriceBreaks(ctx context.Context, tenantID, itemID string, vendorIDs []string, r listing.Request) ([]PurchasePriceBreak, error) {
	page, err := listing.Resolve(r, purchasePriceBreakListSpec)
	if err != nil {
		return nil, err
	}
	if _, err := s.store.get(ctx, s.pool, tenantID, itemID); err != nil {
		return nil, err
	}
	breaks, err := s.store.purchasePriceBreakPage(ctx, s.pool, tenantID, itemID, vendorIDs, page)
	if err != nil || len(breaks) == 0 {
		return breaks, err
	}
	unitsByID, err := s.units.ByID(ctx, s.pool, tenantID)
	if err != nil {
		return nil, err
	}
	for i := range breaks {
		breaks[i].UnitName = unitsByID[breaks[i].UnitID].Name
	}
	return breaks, nil
}

// ReplacePurchasePriceBreaks makes breaks every price break of the item's vendor details, in
// one transaction on the locked item row, and returns the item's purchase price breaks.
// Vendor details themselves are neither added nor removed.
func (s *Service) ReplacePurchasePriceBreaks(ctx context.Context, tenantID, itemID string, breaks []PurchasePriceBreakWrite) ([]PurchasePriceBreak, error) {
	if err := checkPurchasePriceBreaks(breaks); err != nil {
		return nil, err
	}
	_, err := s.changeItemRecords(ctx, tenantID, itemID, "purchasePriceBreaksReplaced", func(q db.Q, it Item) (bool, error) {
		one := []Item{it}
		if err := s.fillVendorDetails(ctx, q, tenantID, one); err != nil {
			return false, err
		}
		if err := s.requireKnownVendors(ctx, q, tenantID, one[0].VendorDetails, breaks); err != nil {
			return false, err
		}
		byDetail, err := assignPurchasePriceBreaks(one[0].VendorDetails, breaks)
		if err != nil {
			return false, err
		}
		return true, s.store.replacePurchasePriceBreaks(ctx, q, tenantID, itemID, byDetail)
	})
	if err != nil {
		return nil, err
	}
	// Every break of the item: the replace wrote at most maxPurchasePriceBreaks, within one page.
	return s.PurchasePriceBreaks(ctx, tenantID, itemID, nil, listing.Request{})
}

// requireKnownVendors answers 404, naming each break's vendorId, for a vendor that does not
// exist (or was deleted): a reference to a missing record. A vendor that exists but has no
// detail on the item is a rule of the breaks, judged by assignPurchasePriceBreaks (400).
func (s *Service) requireKnownVendors(ctx context.Context, q db.Q, tenantID string, details []VendorDetail, breaks []PurchasePriceBreakWrite) error {
	onItem := map[string]bool{}
	for _, d := range details {
		onItem[d.VendorID] = true
	}
	var others []string
	for _, b := range breaks {
		if !onItem[b.VendorID] {
			others = append(others, b.VendorID)
		}
	}
	if len(others) == 0 {
		return nil
	}
	found, err := s.vendors.ByIDs(ctx, q, tenantID, others)
	if err != nil {
		return err
	}
	missing := apperr.Fields{}
	for i, b := range breaks {
		if v, ok := found[b.VendorID]; !onItem[b.VendorID] && (!ok || v.Deleted) {
			missing.Add(breakMember(i, "vendorId"), "vendor %s not found", b.VendorID)
		}
	}
	return missing.NotFoundErr()
}

// checkPurchasePriceBreaks holds for direct callers what the schema states, naming each
// offending member (priceBreaks.<i>.<member>, as the request validator names them).
func checkPurchasePriceBreaks(breaks []PurchasePriceBreakWrite) error {
	fields := apperr.Fields{}
	if len(breaks) > maxPurchasePriceBreaks {
		fields.Add("priceBreaks", "at most %d price breaks", maxPurchasePriceBreaks)
	}
	for i, b := range breaks {
		if b.Quantity < 1 {
			fields.Add(breakMember(i, "quantity"), "must be 1 or more")
		}
		if b.Price.IsNegative() {
			fields.Add(breakMember(i, "price"), "must be 0 or more")
		}
		if b.CurrencyCode != nil && !currency.Valid(*b.CurrencyCode) {
			fields.Add(breakMember(i, "currencyCode"), "must be an ISO 4217 code of three capital letters")
		}
	}
	return fields.Err()
}

// assignPurchasePriceBreaks sends each break to its vendor detail among details (the item's),
// priced in the vendor's currency unless it names one, and answers the breaks by detail id.
// A vendor without a detail, a unit that selects no single detail, a quantity repeated
// within a detail and more than maxVendorPriceBreak breaks on a detail are refused.
func assignPurchasePriceBreaks(details []VendorDetail, breaks []PurchasePriceBreakWrite) (map[string][]VendorPriceBreak, error) {
	fields := apperr.Fields{}
	byVendor := map[string][]VendorDetail{}
	for _, d := range details {
		byVendor[d.VendorID] = append(byVendor[d.VendorID], d)
	}
	byDetail := map[string][]VendorPriceBreak{}
	quantities := map[string]map[int]bool{} // detail id → quantities taken
	for i, b := range breaks {
		candidates := byVendor[b.VendorID]
		if len(candidates) == 0 {
			fields.Add(breakMember(i, "vendorId"), "vendor %s has no vendor detail on the item", b.VendorID)
			continue
		}
		d, problem := pickVendorDetail(candidates, b.UnitName)
		if problem != "" {
			fields.Add(breakMember(i, "unitOfMeasureName"), "%s", problem)
			continue
		}
		if quantities[d.ID] == nil {
			quantities[d.ID] = map[int]bool{}
		}
		if quantities[d.ID][b.Quantity] {
			fields.Add(breakMember(i, "quantity"), "quantity %d is listed more than once for vendor %s in %s", b.Quantity, b.VendorID, d.UnitName)
		}
		quantities[d.ID][b.Quantity] = true
		currency := d.VendorCurrency
		if b.CurrencyCode != nil {
			currency = *b.CurrencyCode
		}
		byDetail[d.ID] = append(byDetail[d.ID], VendorPriceBreak{Quantity: b.Quantity, Price: b.Price, CurrencyCode: currency})
	}
	for _, d := range details {
		if n := len(byDetail[d.ID]); n > maxVendorPriceBreak {
			fields.Add("priceBreaks", "at most %d price breaks per vendor detail; vendor %s in %s has %d", maxVendorPriceBreak, d.VendorID, d.UnitName, n)
		}
	}
	return byDetail, fields.Err()
}

// pickVendorDetail is the one detail among a vendor's details counted in unitName (trimmed,
// case-sensitive, as units are matched), or when unitName is nil or blank the vendor's only
// detail; otherwise it says why none can be chosen.
func pickVendorDetail(candidates []VendorDetail, unitName *string) (VendorDetail, string) {
	name := ""
	if unitName != nil {
		name = strings.TrimSpace(*unitName)
	}
	if name == "" {
		if len(candidates) > 1 {
			return VendorDetail{}, fmt.Sprintf("vendor %s has %d vendor details on the item (in %s): name the unit of one", candidates[0].VendorID, len(candidates), detailUnits(candidates))
		}
		return candidates[0], ""
	}
	var matches []VendorDetail
	for _, d := range candidates {
		if d.UnitName == name {
			matches = append(matches, d)
		}
	}
	switch len(matches) {
	case 1:
		return matches[0], ""
	case 0:
		return VendorDetail{}, fmt.Sprintf("no vendor detail of vendor %s on the item is counted in %q (it has %s)", candidates[0].VendorID, name, detailUnits(candidates))
	}
	return VendorDetail{}, fmt.Sprintf("vendor %s has %d vendor details on the item counted in %q: delete or change one of them", candidates[0].VendorID, len(matches), name)
}

func detailUnits(details []VendorDetail) string {
	names := make([]string, len(details))
	for i, d := range details {
		names[i] = d.UnitName
	}
	return strings.Join(names, ", ")
}

func breakMember(i int, member string) string {
	return fmt.Sprintf("priceBreaks.%d.%s", i, member)
}
