package trackingfields

import (
	"context"

	"mos/internal/platform/db"
)

// ValueRule is what a value recorded against a tracking field must suit: the field's data
// type and, for a dropDown field, its options. Job operations check the values operators
// record with it.
type ValueRule struct {
	ID              string
	Name            string
	DataType        DataType
	DropDownOptions []string
}

// ValueRules returns the tenant's tracking fields among ids with their data types and
// options, keyed by id; unknown and other tenants' ids are absent. One statement through q
// however many ids.
func (s *Service) ValueRules(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]ValueRule, error) {
	out := make(map[string]ValueRule, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rules, err := valueRulesStore{}.valueRules(ctx, q, tenantID, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rules {
		out[r.ID] = r
	}
	return out, nil
}
