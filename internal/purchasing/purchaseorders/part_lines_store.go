package purchaseorders

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/stock/items"
)

type partLinesStore struct{}

// partLineOwn are the part line's own columns a write sets, in the order of partLineOwnArgs.
var partLineOwn = []string{"item_id", "vendor_item_number", "description", "inventory_quantity"}

func partLineOwnArgs(l PartLine) []any {
	return []any{l.ItemID, l.VendorItemNumber, l.Description, l.InventoryQuantity}
}

var (
	insertPartLineSQL = insertSQL(partLineKind.table, partLineOwn)
	updatePartLineSQL = updateSQL(partLineKind.table, partLineOwn)
)

// partLineRow is a stored part line: the shared columns, its own and its item's.
type partLineRow struct {
	lineRow
	ItemID            string      `db:"item_id"`
	ItemNumber        string      `db:"item_number"`
	ItemRevision      *string     `db:"item_revision"`
	ItemDescription   *string     `db:"item_description"`
	VendorItemNumber  *string     `db:"vendor_item_number"`
	Description       *string     `db:"description"`
	InventoryQuantity dec.Decimal `db:"inventory_quantity"`
}

func (r partLineRow) partLine() (PartLine, error) {
	l, err := r.line()
	if err != nil {
		return PartLine{}, err
	}
	return PartLine{
		Line: l, ItemID: r.ItemID, VendorItemNumber: r.VendorItemNumber, Description: r.Description,
		Item:              ItemRef{ID: r.ItemID, Number: r.ItemNumber, Revision: r.ItemRevision, Description: r.ItemDescription},
		InventoryQuantity: r.InventoryQuantity,
	}, nil
}

// partLineSelect reads part lines aliased l with their order (o) and item (it).
var partLineSelect = `
SELECT ` + lineSelectColumns + `, l.item_id, it.number AS item_number, it.revision AS item_revision,
       it.description AS item_description, l.vendor_item_number, l.description, l.inventory_quantity
FROM purchase_order_part_lines l
JOIN purchase_orders o ON o.tenant_id = l.tenant_id AND o.id = l.purchase_order_id
` + items.JoinSQL("it", "l.tenant_id", "l.item_id")

var (
	getPartLineSQL       = partLineSelect + ` WHERE l.tenant_id = $1 AND l.purchase_order_id = $2 AND l.id = $3`
	getPartLineLockedSQL = getPartLineSQL + ` FOR UPDATE OF l`
)

// get reads one part line of the order, locking it when lock is set.
func (partLinesStore) get(ctx context.Context, q db.Q, tenantID, orderID, lineID string, lock bool) (PartLine, error) {
	query := getPartLineSQL
	if lock {
		query = getPartLineLockedSQL
	}
	return getLine(ctx, q, partLineKind, query, partLineRow.partLine, tenantID, orderID, lineID)
}

func (partLinesStore) list(ctx context.Context, q db.Q, tenantID, orderID string, f LineFilter, p listing.Page) ([]PartLine, error) {
	return listLines(ctx, q, partLineKind, partLineSelect, partLineRow.partLine, tenantID, orderID, f, p)
}

func (partLinesStore) insert(ctx context.Context, q db.Q, tenantID string, l PartLine) error {
	return linesStore{}.insert(ctx, q, insertPartLineSQL, tenantID, l.Line, partLineOwnArgs(l))
}

func (partLinesStore) update(ctx context.Context, q db.Q, tenantID string, l PartLine) error {
	return linesStore{}.update(ctx, q, updatePartLineSQL, tenantID, l.Line, partLineOwnArgs(l))
}
