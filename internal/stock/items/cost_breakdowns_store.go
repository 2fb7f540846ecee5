package items

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

type costBreakdownRow struct {
	ID                          string      `db:"id"`
	Type                        string      `db:"type"`
	Quantity                    dec.Decimal `db:"quantity"`
	QuantityScrapped            dec.Decimal `db:"quantity_scrapped"`
	CalculatedOn                time.Time   `db:"calculated_on"`
	LaborHours                  dec.Decimal `db:"labor_hours"`
	MachineHours                dec.Decimal `db:"machine_hours"`
	SetupHours                  dec.Decimal `db:"setup_hours"`
	CumulativeMaterial          dec.Decimal `db:"cumulative_material"`
	CumulativeLabor             dec.Decimal `db:"cumulative_labor"`
	CumulativeMachine           dec.Decimal `db:"cumulative_machine"`
	CumulativeOutsideProcessing dec.Decimal `db:"cumulative_outside_processing"`
	CumulativeOverhead          dec.Decimal `db:"cumulative_overhead"`
	ItemMaterial                dec.Decimal `db:"item_material"`
	ItemLabor                   dec.Decimal `db:"item_labor"`
	ItemMachine                 dec.Decimal `db:"item_machine"`
	ItemOutsideProcessing       dec.Decimal `db:"item_outside_processing"`
	ItemOverhead                dec.Decimal `db:"item_overhead"`
}

func (r costBreakdownRow) toCostBreakdown() CostBreakdown {
	return CostBreakdown{
		ID: r.ID, Type: CostBreakdownType(r.Type), Quantity: r.Quantity, QuantityScrapped: r.QuantityScrapped,
		CalculatedOn: r.CalculatedOn, LaborHours: r.LaborHours, MachineHours: r.MachineHours, SetupHours: r.SetupHours,
		Cumulative: CostKinds{
			Material: r.CumulativeMaterial, Labor: r.CumulativeLabor, Machine: r.CumulativeMachine,
			OutsideProcessing: r.CumulativeOutsideProcessing, Overhead: r.CumulativeOverhead,
		},
		ItemLevel: CostKinds{
			Material: r.ItemMaterial, Labor: r.ItemLabor, Machine: r.ItemMachine,
			OutsideProcessing: r.ItemOutsideProcessing, Overhead: r.ItemOverhead,
		},
	}
}

const costBreakdownSelect = `SELECT b.id, b.type, b.quantity, b.quantity_scrapped, b.calculated_on, b.labor_hours,
       b.machine_hours, b.setup_hours, b.cumulative_material, b.cumulative_labor, b.cumulative_machine,
       b.cumulative_outside_processing, b.cumulative_overhead, b.item_material, b.item_labor, b.item_machine,
       b.item_outside_processing, b.item_overhead
FROM item_cost_breakdowns b`

const costBreakdownCountSQL = `SELECT count(*) FROM item_cost_breakdowns b
WHERE b.tenant_id = $1 AND b.item_id = $2 AND ($3::text[] IS NULL OR b.type = ANY($3))`

// costBreakdowns answers the page p of the item's breakdowns of types (nil: all) and how
// many match in all.
func (itemStore) costBreakdowns(ctx context.Context, q db.Q, tenantID, itemID string, types []CostBreakdownType, p listing.Page) ([]CostBreakdown, int, error) {
	var typeArg pq.StringArray // nil binds NULL: no clause
	if types != nil {
		typeArg = make(pq.StringArray, len(types))
		for i, t := range types {
			typeArg[i] = string(t)
		}
	}
	var total int
	if err := sqlx.GetContext(ctx, q, &total, costBreakdownCountSQL, tenantID, itemID, typeArg); err != nil {
		return nil, 0, fmt.Errorf("count cost breakdowns: %w", err)
	}
	lq := listing.NewQuery("b.tenant_id", tenantID)
	lq.Where("b.item_id = %s", itemID)
	if types != nil {
		lq.Where("b.type = ANY(%s)", typeArg)
	}
	query, args := lq.SQL(costBreakdownSelect, p)
	var rows []costBreakdownRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, 0, fmt.Errorf("list cost breakdowns: %w", err)
	}
	out := make([]CostBreakdown, len(rows))
	for i, r := range rows {
		out[i] = r.toCostBreakdown()
	}
	return out, total, nil
}
