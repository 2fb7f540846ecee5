package salesorders

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/lib/pq"

	"mos/internal/platform/db"
)

type shippingStore struct{}

// setLastShippedSQL sets each line's last shipped day in one statement; a line whose day does
// not change keeps its modifiedUtc.
const setLastShippedSQL = `
UPDATE sales_order_part_lines l SET last_shipped_date = d.day, modified_utc = now()
FROM unnest($2::text[], $3::date[]) AS d(id, day)
WHERE l.tenant_id = $1 AND l.id = d.id AND l.last_shipped_date IS DISTINCT FROM d.day`

func (shippingStore) setLastShipped(ctx context.Context, q db.Q, tenantID string, days map[string]*time.Time) error {
	if len(days) == 0 {
		return nil
	}
	lineIDs, dates := make([]string, 0, len(days)), make([]sql.NullString, 0, len(days))
	for id, day := range days {
		lineIDs = append(lineIDs, id)
		d := sql.NullString{}
		if day != nil {
			d = sql.NullString{String: day.Format(time.DateOnly), Valid: true}
		}
		dates = append(dates, d)
	}
	if _, err := q.ExecContext(ctx, setLastShippedSQL, tenantID, pq.StringArray(lineIDs), pq.Array(dates)); err != nil {
		return fmt.Errorf("set last shipped dates: %w", err)
	}
	return nil
}
