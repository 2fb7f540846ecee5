package nesting

import (
	"mos/internal/platform/db"
)

// Service holds the rules of nesting and the work-package manifest.
type Service struct {
	pool  *db.Pool
	deps  Deps
	nests nestStore
}

// NewService returns the nesting service reading other areas through deps.
func NewService(pool *db.Pool, deps Deps) *Service {
	return &Service{pool: pool, deps: deps}
}
