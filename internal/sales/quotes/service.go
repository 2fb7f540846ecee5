// Package quotes serves quotes, the first sales document: a header for one customer, part
// lines (each owning a routing copied from its item's), fee lines, tax lines and at most one
// discount line. The line maths are doclines'; the totals are stored on the header and
// recomputed in the transaction of every write that changes a line (recomputeTotals), so a
// list or report reads them without the lines. Numbers come from docnumbers.
//
// Files: the header (service.go, store.go, handler.go), status.go (the transition table),
// totals_*.go, and one file set per line kind (part_lines_*, fee_lines_*, tax_lines_*,
// discount_line_*), plus the line routings (routing_handler.go).
package quotes

import (
	"mos/internal/platform/db"
)

// Service holds the rules of quotes and their lines.
type Service struct {
	pool *db.Pool
	deps Deps
}

// NewService returns the quotes service working through the other areas in deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	return &Service{pool: pool, deps: deps}
}
