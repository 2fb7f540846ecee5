package docnumbers

import (
	"context"
	"fmt"

	"mos/internal/platform/db"
)

// Next takes the next number of kind for the tenant on q, which must be the transaction that
// creates the document: the number is the document's once that transaction commits, and
// goes to the next creator if it rolls back. Until the transaction ends, other creators of
// the same tenant and kind wait for it (see the package documentation). One statement.
func Next(ctx context.Context, q db.Q, tenantID string, kind Kind) (int64, error) {
	if !kind.Valid() {
		return 0, fmt.Errorf("docnumbers: unknown document kind %q", kind)
	}
	return next(ctx, q, tenantID, kind)
}
