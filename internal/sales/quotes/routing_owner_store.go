package quotes

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

// routingOwnerStore reads and locks part lines as the owners of their routings.
type routingOwnerStore struct{}

const partLineExistsSQL = `SELECT EXISTS (SELECT 1 FROM quote_part_lines WHERE tenant_id = $1 AND id = $2)`

// lineExists reports whether the tenant has part line lineID, its quote deleted or not.
func (routingOwnerStore) lineExists(ctx context.Context, q db.Q, tenantID, lineID string) (bool, error) {
	var ok bool
	if err := q.QueryRowxContext(ctx, partLineExistsSQL, tenantID, lineID).Scan(&ok); err != nil {
		return false, fmt.Errorf("find quote part line: %w", err)
	}
	return ok, nil
}

// The quote is locked before its line, the order every line write of a quote takes
// (lockForLineWrite, then the line's UPDATE), so a routing edit never deadlocks with one.
const (
	lockLineQuoteSQL = `
SELECT q.id FROM quotes q
JOIN quote_part_lines l ON l.tenant_id = q.tenant_id AND l.quote_id = q.id
WHERE l.tenant_id = $1 AND l.id = $2 AND NOT q.deleted
FOR UPDATE OF q`
	lockLineSQL = `SELECT id FROM quote_part_lines WHERE tenant_id = $1 AND id = $2 FOR UPDATE`
)

// lockLine locks part line lineID and its quote until q's transaction ends, and reports
// whether the tenant has the line on an active (not deleted) quote.
func (routingOwnerStore) lockLine(ctx context.Context, q db.Q, tenantID, lineID string) (bool, error) {
	for _, stmt := range []string{lockLineQuoteSQL, lockLineSQL} {
		var id string
		err := q.QueryRowxContext(ctx, stmt, tenantID, lineID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("lock quote part line: %w", err)
		}
	}
	return true, nil
}

const partLineItemSQL = `SELECT item_id FROM quote_part_lines WHERE tenant_id = $1 AND id = $2`

// lineItem answers the item part line lineID quotes ("" when the tenant has no such line).
func (routingOwnerStore) lineItem(ctx context.Context, q db.Q, tenantID, lineID string) (string, error) {
	var id string
	err := q.QueryRowxContext(ctx, partLineItemSQL, tenantID, lineID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read quote part line item: %w", err)
	}
	return id, nil
}

// touchLineSQL advances the line's and its quote's modifiedUtc (and so both versions) in one
// statement.
const touchLineSQL = `
WITH line AS (
    UPDATE quote_part_lines SET modified_utc = now() WHERE tenant_id = $1 AND id = $2 RETURNING quote_id
)
UPDATE quotes SET modified_utc = now() WHERE tenant_id = $1 AND id = (SELECT quote_id FROM line)`

func (routingOwnerStore) touchLine(ctx context.Context, q db.Q, tenantID, lineID string) error {
	if _, err := q.ExecContext(ctx, touchLineSQL, tenantID, lineID); err != nil {
		return fmt.Errorf("touch quote part line: %w", err)
	}
	return nil
}

// lineRoutingRow is what a line's routing, cost and summary paths read of the line.
type lineRoutingRow struct {
	RoutingID string `db:"routing_id"`
	ItemID    string `db:"item_id"`
	Quantity  dec    `db:"quantity"`
	// InventoryQuantity is the quantity in the item's inventory unit, which the routing
	// counts in; nil when the line's unit has no fixed conversion to it.
	InventoryQuantity *dec   `db:"inventory_quantity"`
	UnitName          string `db:"unit_of_measure_name"`
}

const lineOfQuoteSQL = `
SELECT routing_id, item_id, quantity, inventory_quantity, unit_of_measure_name FROM quote_part_lines
WHERE tenant_id = $1 AND quote_id = $2 AND id = $3`

// lineOfQuote reads part line lineID of quote quoteID (deleted or not); found is false when
// the tenant has no such line on that quote.
func (routingOwnerStore) lineOfQuote(ctx context.Context, q db.Q, tenantID, quoteID, lineID string) (row lineRoutingRow, found bool, err error) {
	err = sqlx.GetContext(ctx, q, &row, lineOfQuoteSQL, tenantID, quoteID, lineID)
	if errors.Is(err, sql.ErrNoRows) {
		return lineRoutingRow{}, false, nil
	}
	if err != nil {
		return lineRoutingRow{}, false, fmt.Errorf("read quote part line: %w", err)
	}
	return row, true, nil
}
