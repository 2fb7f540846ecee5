package jobs

import (
	"context"
	"fmt"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// Costs of items to make: picks add the value they took (material, and the kinds the
// stock carried to the cumulative_* columns); outside-processing operations add their outside
// cost as they complete.

const addPickedCostSQL = `
UPDATE job_items_to_make SET actual_material = actual_material + $3,
       cumulative_material = cumulative_material + $4, cumulative_labor = cumulative_labor + $5,
       cumulative_machine = cumulative_machine + $6, cumulative_outside_processing = cumulative_outside_processing + $7,
       modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

// addPickedCost adds a pick's value (the whole of it as material at this level, by kind in
// the cumulative columns) to item to make id.
func (store) addPickedCost(ctx context.Context, q db.Q, tenantID, id string, value dec.Decimal, kinds Cost) error {
	_, err := q.ExecContext(ctx, addPickedCostSQL, tenantID, id, value, kinds.Material, kinds.Labor, kinds.Machine, kinds.OutsideProcessing)
	if err != nil {
		return fmt.Errorf("add job picked cost: %w", err)
	}
	return nil
}

const addOutsideProcessingSQL = `
WITH op AS (
    UPDATE job_operations SET outside_processing_cost = outside_processing_cost + $4
    WHERE tenant_id = $1 AND id = $3
)
UPDATE job_items_to_make SET actual_outside_processing = actual_outside_processing + $4, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

// addOutsideProcessing adds amount to operation opID's and item to make itemToMakeID's
// outside-processing cost.
func (store) addOutsideProcessing(ctx context.Context, q db.Q, tenantID, itemToMakeID, opID string, amount dec.Decimal) error {
	if _, err := q.ExecContext(ctx, addOutsideProcessingSQL, tenantID, itemToMakeID, opID, amount); err != nil {
		return fmt.Errorf("add job outside processing cost: %w", err)
	}
	return nil
}
