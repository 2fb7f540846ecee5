package jobs

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

// JobMaking is a job making an item, and whether the job is complete.
type JobMaking struct {
	JobID    string `db:"id"`
	Complete bool   `db:"complete"`
}

// jobsMakingSQL: jobs that are not cancelled with an item to make of the item, once each, by
// number.
const jobsMakingSQL = `
SELECT j.id, j.status = 'complete' AS complete
FROM jobs j
WHERE j.tenant_id = $1 AND j.status <> 'cancelled'
  AND EXISTS (SELECT 1 FROM job_items_to_make m WHERE m.tenant_id = j.tenant_id AND m.job_id = j.id AND m.item_id = $2)
ORDER BY j.number`

// JobsMaking answers the jobs (not cancelled) making item itemID, through q, in one statement
// (change orders fill their impacted records from it).
func (s *Service) JobsMaking(ctx context.Context, q db.Q, tenantID, itemID string) ([]JobMaking, error) {
	var out []JobMaking
	if err := sqlx.SelectContext(ctx, q, &out, jobsMakingSQL, tenantID, itemID); err != nil {
		return nil, fmt.Errorf("read jobs making an item: %w", err)
	}
	return out, nil
}
