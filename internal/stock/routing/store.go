package routing

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

type store struct{}

type operationRow struct {
	ID                    string       `db:"id"`
	Sequence              int32        `db:"sequence"`
	OperationID           *string      `db:"operation_id"`
	Name                  string       `db:"name"`
	WorkCenterID          *string      `db:"work_center_id"`
	EquipmentID           *string      `db:"equipment_id"`
	SetupTimeMinutes      dec.Decimal  `db:"setup_time_minutes"`
	RunTimeMinutesPerUnit dec.Decimal  `db:"run_time_minutes_per_unit"`
	LaborRate             *dec.Decimal `db:"labor_rate"`
	MachineRate           *dec.Decimal `db:"machine_rate"`
	IsOutsideProcessing   bool         `db:"is_outside_processing"`
	OutsideVendorID       *string      `db:"outside_vendor_id"`
	OutsideCost           dec.Decimal  `db:"outside_cost"`
	OutsideLeadDays       int32        `db:"outside_lead_days"`
	Notes                 *string      `db:"notes"`
	CreatedUtc            time.Time    `db:"created_utc"`
	ModifiedUtc           time.Time    `db:"modified_utc"`
}

func (r operationRow) toOperation() Operation {
	return Operation{
		ID: r.ID,
		Values: Values{
			Sequence: r.Sequence, OperationID: r.OperationID, Name: r.Name, WorkCenterID: r.WorkCenterID,
			EquipmentID: r.EquipmentID, SetupTimeMinutes: r.SetupTimeMinutes, RunTimeMinutesPerUnit: r.RunTimeMinutesPerUnit,
			LaborRate: r.LaborRate, MachineRate: r.MachineRate, IsOutsideProcessing: r.IsOutsideProcessing,
			OutsideVendorID: r.OutsideVendorID, OutsideCost: r.OutsideCost, OutsideLeadDays: r.OutsideLeadDays, Notes: r.Notes,
		},
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

// valueColumns are the stored members of a routing operation, in the order of valueArgs.
const valueColumns = `sequence, operation_id, name, work_center_id, equipment_id, setup_time_minutes,
       run_time_minutes_per_unit, labor_rate, machine_rate, is_outside_processing, outside_vendor_id,
       outside_cost, outside_lead_days, notes`

const operationColumns = `id, ` + valueColumns + `, created_utc, modified_utc`

func valueArgs(v Values) []any {
	return []any{v.Sequence, v.OperationID, v.Name, v.WorkCenterID, v.EquipmentID, v.SetupTimeMinutes,
		v.RunTimeMinutesPerUnit, v.LaborRate, v.MachineRate, v.IsOutsideProcessing, v.OutsideVendorID,
		v.OutsideCost, v.OutsideLeadDays, v.Notes}
}

const listByOwnerSQL = `SELECT ` + operationColumns + ` FROM routing_operations
WHERE tenant_id = $1 AND owner_type = $2 AND owner_id = $3 ORDER BY sequence, id`

// listByOwner reads the owner's routing operations by sequence, then id, in one statement.
func (store) listByOwner(ctx context.Context, q db.Q, tenantID string, o Owner) ([]Operation, error) {
	var rows []operationRow
	if err := sqlx.SelectContext(ctx, q, &rows, listByOwnerSQL, tenantID, o.Type, o.ID); err != nil {
		return nil, fmt.Errorf("list routing operations: %w", err)
	}
	out := make([]Operation, len(rows))
	for i, r := range rows {
		out[i] = r.toOperation()
	}
	return out, nil
}
