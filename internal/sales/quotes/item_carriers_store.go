package quotes

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

// PartLineRef names a part line of a quote.
type PartLineRef struct {
	QuoteID string `db:"quote_id"`
	LineID  string `db:"id"`
}

// openPartLinesCarryingSQL: part lines of quotes that are not deleted and still open (not
// won, lost or expired) that carry the item, by quote number then line.
const openPartLinesCarryingSQL = `
SELECT l.quote_id, l.id
FROM quote_part_lines l
JOIN quotes q ON q.tenant_id = l.tenant_id AND q.id = l.quote_id
WHERE l.tenant_id = $1 AND l.item_id = $2 AND NOT q.deleted AND q.status NOT IN ('won', 'lost', 'expired')
ORDER BY q.number, l.id`

// OpenPartLinesCarrying answers the part lines of open quotes carrying item itemID, through
// q, in one statement (change orders fill their impacted records from it).
func (s *Service) OpenPartLinesCarrying(ctx context.Context, q db.Q, tenantID, itemID string) ([]PartLineRef, error) {
	var out []PartLineRef
	if err := sqlx.SelectContext(ctx, q, &out, openPartLinesCarryingSQL, tenantID, itemID); err != nil {
		return nil, fmt.Errorf("read quote part lines carrying an item: %w", err)
	}
	return out, nil
}
