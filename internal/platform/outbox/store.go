package outbox

import (
	"context"
	"fmt"
	"time"

	"mos/internal/platform/db"
)

// backlogSQL reads the undelivered events of every tenant: one scan of the partial index
// event_outbox_undelivered_idx, which holds exactly the undelivered rows (so its cost
// follows the backlog, not the table), ordered by created_utc. The age is the database's
// clock against its own stamps, so the server's clock never skews it.
const backlogSQL = `
SELECT count(*), COALESCE(EXTRACT(EPOCH FROM now() - min(created_utc)), 0)::float8
FROM event_outbox
WHERE delivered_utc IS NULL`

// Backlog answers how many events are recorded and not delivered yet, over all tenants
// (an operational signal, not a tenant's data), and how long the oldest has waited (0
// when none waits).
func Backlog(ctx context.Context, q db.Q) (undelivered int64, oldest time.Duration, err error) {
	var seconds float64
	if err := q.QueryRowxContext(ctx, backlogSQL).Scan(&undelivered, &seconds); err != nil {
		return 0, 0, fmt.Errorf("read the outbox backlog: %w", err)
	}
	return undelivered, time.Duration(max(seconds, 0) * float64(time.Second)), nil
}
