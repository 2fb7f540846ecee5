package purchaseorders

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

// PartLine is a stored purchase order part line: an item bought from the order's vendor.
type PartLine struct {
	Line
	ItemID           string
	Item             ItemRef
	VendorItemNumber *string
	Description      *string
	// InventoryQuantity is Quantity in the item's inventory unit.
	InventoryQuantity dec.Decimal
}

// ItemRef is the item a line buys, as its answer shows it.
type ItemRef struct {
	ID          string
	Number      string
	Revision    *string
	Description *string
}

// PartLineWrite is a create or full update of a part line (PurchaseOrderPartLineItemWrite in
// the spec); nil members take their defaults.
type PartLineWrite struct {
	LineWrite
	ItemID            string
	VendorItemNumber  *string
	Description       *string
	InventoryQuantity *dec.Decimal
}

// partLineOps declares part lines to the shared line flows.
func (s *Service) partLineOps() lineOps[PartLine, PartLineWrite] {
	return lineOps[PartLine, PartLineWrite]{
		base: func(l *PartLine) *Line { return &l.Line },
		get:  partLinesStore{}.get, list: partLinesStore{}.list, insert: partLinesStore{}.insert, update: partLinesStore{}.update,
		check: checkPartLineShape, fill: s.fillPartLine,
	}
}

// CreatePartLine adds a part line to the order and answers its id.
func (s *Service) CreatePartLine(ctx context.Context, tenantID, orderID string, w PartLineWrite) (string, error) {
	return createLine(ctx, s, s.partLineOps(), tenantID, orderID, w)
}

// PartLine answers one part line of the order (which may be deleted).
func (s *Service) PartLine(ctx context.Context, tenantID, orderID, lineID string) (PartLine, error) {
	return readLine(ctx, s, s.partLineOps(), tenantID, orderID, lineID)
}

// PartLines answers the page r asks for of the order's part lines matching f.
func (s *Service) PartLines(ctx context.Context, tenantID, orderID string, f LineFilter, r listing.Request) ([]PartLine, error) {
	return readLines(ctx, s, s.partLineOps(), tenantID, orderID, f, r)
}

// UpdatePartLine replaces the line's members and answers it as stored.
func (s *Service) UpdatePartLine(ctx context.Context, tenantID, orderID, lineID string, w PartLineWrite) (PartLine, error) {
	return s.PatchPartLine(ctx, tenantID, orderID, lineID, func(PartLine) (PartLineWrite, error) { return w, nil })
}

// PatchPartLine saves the write change makes of the line as it stands (locked), under the
// rules of the full update.
func (s *Service) PatchPartLine(ctx context.Context, tenantID, orderID, lineID string, change func(PartLine) (PartLineWrite, error)) (PartLine, error) {
	return patchLine(ctx, s, s.partLineOps(), tenantID, orderID, lineID, change)
}

// DeletePartLine deletes the part line; false when the order has no such part line.
func (s *Service) DeletePartLine(ctx context.Context, tenantID, orderID, lineID string) (bool, error) {
	return s.deleteLine(ctx, partLineKind, tenantID, orderID, lineID)
}

// PartLineTaxAllocations answers the taxes the part line bears (see TaxAllocations).
func (s *Service) PartLineTaxAllocations(ctx context.Context, tenantID, orderID, lineID string) ([]TaxAllocation, error) {
	return s.lineTaxAllocations(ctx, partLineKind, tenantID, orderID, lineID)
}

// checkPartLineShape applies the rules of a part line write that need no read.
func checkPartLineShape(w *PartLineWrite) error {
	fields := apperr.Fields{}
	checkLineShape(fields, &w.LineWrite)
	w.Description = optionalLineText(fields, "description", w.Description, maxLineText)
	w.VendorItemNumber = optionalLineText(fields, "vendorItemNumber", w.VendorItemNumber, 200)
	if w.InventoryQuantity != nil && !w.InventoryQuantity.IsPositive() {
		fields.Add("inventoryUnitQuantity", "must be more than 0")
	}
	return fields.Err()
}

// fillPartLine sets l from w on the locked order parent: the item (404 naming itemId when
// unknown; an archived item only when the update keeps it), the defaults from the item and
// its vendor detail for the order's vendor (unit, inventory quantity, price, vendor item
// number, description), then the shared members.
func (s *Service) fillPartLine(ctx context.Context, q db.Q, tenantID string, parent lineParent, w PartLineWrite, cur *PartLine, l *PartLine) error {
	found, err := s.deps.Items.PurchaseItems(ctx, q, tenantID, parent.VendorID, []string{w.ItemID})
	if err != nil {
		return err
	}
	it, ok := found[w.ItemID]
	if !ok || (it.IsArchived && (cur == nil || cur.ItemID != it.ID)) {
		missing := apperr.Fields{}
		missing.Add("itemId", "item %s not found", w.ItemID)
		return missing.NotFoundErr()
	}
	l.ItemID = it.ID
	l.Item = ItemRef{ID: it.ID, Number: it.Number, Revision: it.Revision, Description: it.Description}
	var vendorNumber *string
	if it.Vendor != nil {
		vendorNumber = it.Vendor.VendorItemNumber
	}
	l.VendorItemNumber = textOr(w.VendorItemNumber, vendorNumber)
	l.Description = textOr(w.Description, it.Description)
	l.UnitName = it.DefaultPurchaseUnit()
	if w.UnitName != nil {
		l.UnitName = *w.UnitName
	}
	fields := apperr.Fields{}
	if l.UnitName == "" {
		fields.Add("unitOfMeasureName", "is required: item %s has no inventory unit and no vendor detail for the order's vendor", it.Number)
	}
	switch inv, derived := it.PurchaseInventoryQuantity(w.Quantity, l.UnitName); {
	case w.InventoryQuantity != nil:
		l.InventoryQuantity = *w.InventoryQuantity
	case derived && inv.IsPositive():
		l.InventoryQuantity = inv
	default:
		fields.Add("inventoryUnitQuantity", "is required: %q has no known conversion to item %s's inventory unit", l.UnitName, it.Number)
	}
	switch price, priced := it.PurchaseUnitPrice(w.Quantity, l.UnitName, parent.Currency); {
	case w.UnitPrice != nil:
		l.UnitPrice = *w.UnitPrice
	case priced:
		l.UnitPrice = price
	default:
		l.UnitPrice = dec.Zero
	}
	if err := fields.Err(); err != nil {
		return err
	}
	var curLine *Line
	if cur != nil {
		curLine = &cur.Line
	}
	return s.fillLine(ctx, q, tenantID, partLineKind, parent, w.LineWrite, curLine, &l.Line)
}
