package trackingfields

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
)

// valueRulesStore reads what values of tracking fields must suit.
type valueRulesStore struct{}

const valueRulesSQL = `SELECT id, name, data_type, drop_down_options FROM in_process_tracking_fields
WHERE tenant_id = $1 AND id = ANY($2)`

type valueRuleRow struct {
	ID              string         `db:"id"`
	Name            string         `db:"name"`
	DataType        string         `db:"data_type"`
	DropDownOptions pq.StringArray `db:"drop_down_options"`
}

// valueRules reads the tenant's fields among ids with their options.
func (valueRulesStore) valueRules(ctx context.Context, q db.Q, tenantID string, ids []string) ([]ValueRule, error) {
	var rows []valueRuleRow
	if err := sqlx.SelectContext(ctx, q, &rows, valueRulesSQL, tenantID, pq.Array(ids)); err != nil {
		return nil, fmt.Errorf("read tracking field value rules: %w", err)
	}
	out := make([]ValueRule, len(rows))
	for i, r := range rows {
		out[i] = ValueRule{ID: r.ID, Name: r.Name, DataType: DataType(r.DataType), DropDownOptions: []string(r.DropDownOptions)}
	}
	return out, nil
}
