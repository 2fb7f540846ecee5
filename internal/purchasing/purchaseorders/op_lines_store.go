package purchaseorders

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type opLinesStore struct{}

// opLineOwn are the outside-processing line's own columns a write sets.
var opLineOwn = []string{"job_operation_id", "item_id", "description"}

func opLineOwnArgs(l OutsideProcessingLine) []any {
	return []any{l.JobOperationID, l.ItemID, l.Description}
}

var (
	insertOPLineSQL = insertSQL(opLineKind.table, opLineOwn)
	updateOPLineSQL = updateSQL(opLineKind.table, opLineOwn)
)

type opLineRow struct {
	lineRow
	JobOperationID *string `db:"job_operation_id"`
	ItemID         *string `db:"item_id"`
	Description    string  `db:"description"`
}

func (r opLineRow) opLine() (OutsideProcessingLine, error) {
	l, err := r.line()
	if err != nil {
		return OutsideProcessingLine{}, err
	}
	return OutsideProcessingLine{Line: l, JobOperationID: r.JobOperationID, ItemID: r.ItemID, Description: r.Description}, nil
}

var opLineSelect = `
SELECT ` + lineSelectColumns + `, l.job_operation_id, l.item_id, l.description
FROM purchase_order_outside_processing_lines l
JOIN purchase_orders o ON o.tenant_id = l.tenant_id AND o.id = l.purchase_order_id`

var (
	getOPLineSQL       = opLineSelect + ` WHERE l.tenant_id = $1 AND l.purchase_order_id = $2 AND l.id = $3`
	getOPLineLockedSQL = getOPLineSQL + ` FOR UPDATE OF l`
)

// get reads one outside-processing line of the order, locking it when lock is set.
func (opLinesStore) get(ctx context.Context, q db.Q, tenantID, orderID, lineID string, lock bool) (OutsideProcessingLine, error) {
	query := getOPLineSQL
	if lock {
		query = getOPLineLockedSQL
	}
	return getLine(ctx, q, opLineKind, query, opLineRow.opLine, tenantID, orderID, lineID)
}

func (opLinesStore) list(ctx context.Context, q db.Q, tenantID, orderID string, f LineFilter, p listing.Page) ([]OutsideProcessingLine, error) {
	return listLines(ctx, q, opLineKind, opLineSelect, opLineRow.opLine, tenantID, orderID, f, p)
}

func (opLinesStore) insert(ctx context.Context, q db.Q, tenantID string, l OutsideProcessingLine) error {
	return linesStore{}.insert(ctx, q, insertOPLineSQL, tenantID, l.Line, opLineOwnArgs(l))
}

func (opLinesStore) update(ctx context.Context, q db.Q, tenantID string, l OutsideProcessingLine) error {
	return linesStore{}.update(ctx, q, updateOPLineSQL, tenantID, l.Line, opLineOwnArgs(l))
}
