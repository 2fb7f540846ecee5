package customfields

import (
	"context"
	"fmt"

	"mos/internal/platform/db"
)

// Checker validates the values of many records of one module, as Validate does, against the
// module's definitions read once.
type Checker func(values map[string]any, mode Mode) (map[string]any, error)

// Checker reads module's definitions once (one query) and answers a Checker, for a batch
// write whose records share the module: its statements then do not grow with the batch.
func (s *Service) Checker(ctx context.Context, q db.Q, tenantID string, module Module) (Checker, error) {
	if !module.Valid() {
		return nil, fmt.Errorf("customfields: Checker called with module %q", module)
	}
	defs, err := s.store.byModule(ctx, q, tenantID, module)
	if err != nil {
		return nil, err
	}
	return func(values map[string]any, mode Mode) (map[string]any, error) {
		if mode != Full && mode != Keys {
			return nil, fmt.Errorf("customfields: Checker called with mode %d", mode)
		}
		return check(module, defs, values, mode)
	}, nil
}
