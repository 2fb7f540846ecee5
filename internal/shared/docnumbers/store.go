package docnumbers

import (
	"context"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

// nextSQL increments the tenant's counter of the kind, creating it at 1, and answers the
// number taken. The row it writes stays locked until the caller's transaction ends.
const nextSQL = `
INSERT INTO document_numbers AS counters (tenant_id, kind, last) VALUES ($1, $2, 1)
ON CONFLICT (tenant_id, kind) DO UPDATE SET last = counters.last + 1
RETURNING last`

func next(ctx context.Context, q db.Q, tenantID string, kind Kind) (int64, error) {
	var n int64
	err := sqlx.GetContext(ctx, q, &n, nextSQL, tenantID, string(kind))
	return n, err
}
