// Package salesorders serves sales orders: what a customer ordered. A header for one customer
// carries part lines (each owning a routing copied from its item's or its quote line's),
// blanket lines (a quantity promised over a period, released into part lines), fee lines, tax
// lines, at most one discount line, refund lines and a shipping charge. The line maths are
// doclines'; the totals are stored on the header and recomputed in the transaction of every
// write that changes a line (recomputeTotals), so a list or report reads them without the
// lines. Numbers come from docnumbers.
//
// Files: the header (service.go, store.go, handler.go), status.go (the transition table),
// totals_*.go, and one file set per line kind (part_lines_*, blanket_lines_*, fee_lines_*,
// tax_lines_*, discount_line_*, refund_lines_*), plus the line routings (routing_*.go).
package salesorders

import (
	"time"

	"mos/internal/platform/db"
)

// Service holds the rules of sales orders and their lines.
type Service struct {
	pool *db.Pool
	deps Deps
	// now is the clock (time.Now); tests may stand in for it.
	now func() time.Time
}

// NewService returns the sales orders service working through the other areas in deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	return &Service{pool: pool, deps: deps, now: time.Now}
}
