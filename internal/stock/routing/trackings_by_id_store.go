package routing

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
)

// trackingsByIDStore reads in-process tracking assignments by id.
type trackingsByIDStore struct{}

const trackingsByIDSQL = `SELECT ` + trackingColumns + `
FROM routing_operation_ipts ip WHERE ip.tenant_id = $1 AND ip.id = ANY($2)`

// trackingsByID reads the tenant's assignments among ids.
func (trackingsByIDStore) trackingsByID(ctx context.Context, q db.Q, tenantID string, ids []string) ([]Tracking, error) {
	var rows []trackingRow
	if err := sqlx.SelectContext(ctx, q, &rows, trackingsByIDSQL, tenantID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("read routing operation trackings by id: %w", err)
	}
	return toTrackings(rows), nil
}
