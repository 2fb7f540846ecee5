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

const boughtItemsSQL = `SELECT id FROM items WHERE tenant_id = $1 AND id = ANY($2) AND item_origin = 'buy'`

// boughtItems answers the tenant's items among ids whose origin is buy, in one statement.
func (itemStore) boughtItems(ctx context.Context, q db.Q, tenantID string, ids []string) ([]string, error) {
	var out []string
	if err := sqlx.SelectContext(ctx, q, &out, boughtItemsSQL, tenantID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("bought items: %w", err)
	}
	return out, nil
}

const insertCostBreakdownSQL = `
INSERT INTO item_cost_breakdowns AS b (tenant_id, id, item_id, type, quantity, quantity_scrapped, calculated_on,
       labor_hours, machine_hours, setup_hours, cumulative_material, cumulative_labor, cumulative_machine,
       cumulative_outside_processing, cumulative_overhead, item_material, item_labor, item_machine,
       item_outside_processing, item_overhead)
VALUES ($1, $2, $3, $4, $5, $6, now(), $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
RETURNING b.id, b.type, b.quantity, b.quantity_scrapped, b.calculated_on, b.labor_hours,
       b.machine_hours, b.setup_hours, b.cumulative_material, b.cumulative_labor, b.cumulative_machine,
       b.cumulative_outside_processing, b.cumulative_overhead, b.item_material, b.item_labor, b.item_machine,
       b.item_outside_processing, b.item_overhead`

// insertCostBreakdown stores b as breakdown id of the item, calculated now, and answers it as
// stored.
func (itemStore) insertCostBreakdown(ctx context.Context, q db.Q, tenantID, itemID, id string, b CostBreakdown) (CostBreakdown, error) {
	var r costBreakdownRow
	err := sqlx.GetContext(ctx, q, &r, insertCostBreakdownSQL, tenantID, id, itemID, string(b.Type), b.Quantity,
		b.QuantityScrapped, b.LaborHours, b.MachineHours, b.SetupHours,
		b.Cumulative.Material, b.Cumulative.Labor, b.Cumulative.Machine, b.Cumulative.OutsideProcessing, b.Cumulative.Overhead,
		b.ItemLevel.Material, b.ItemLevel.Labor, b.ItemLevel.Machine, b.ItemLevel.OutsideProcessing, b.ItemLevel.Overhead)
	if err != nil {
		return CostBreakdown{}, fmt.Errorf("insert cost breakdown: %w", err)
	}
	return r.toCostBreakdown(), nil
}

// saveCostBreakdownSQL inserts breakdown $2 or, when the tenant has it already for the same
// item, replaces every member of it (calculated now).
const saveCostBreakdownSQL = `
INSERT INTO item_cost_breakdowns AS b (tenant_id, id, item_id, type, quantity, quantity_scrapped, calculated_on,
       labor_hours, machine_hours, setup_hours, cumulative_material, cumulative_labor, cumulative_machine,
       cumulative_outside_processing, cumulative_overhead, item_material, item_labor, item_machine,
       item_outside_processing, item_overhead)
VALUES ($1, $2, $3, $4, $5, $6, now(), $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
ON CONFLICT (tenant_id, id) DO UPDATE SET
       type = EXCLUDED.type, quantity = EXCLUDED.quantity, quantity_scrapped = EXCLUDED.quantity_scrapped,
       calculated_on = EXCLUDED.calculated_on, labor_hours = EXCLUDED.labor_hours, machine_hours = EXCLUDED.machine_hours,
       setup_hours = EXCLUDED.setup_hours, cumulative_material = EXCLUDED.cumulative_material,
       cumulative_labor = EXCLUDED.cumulative_labor, cumulative_machine = EXCLUDED.cumulative_machine,
       cumulative_outside_processing = EXCLUDED.cumulative_outside_processing,
       cumulative_overhead = EXCLUDED.cumulative_overhead, item_material = EXCLUDED.item_material,
       item_labor = EXCLUDED.item_labor, item_machine = EXCLUDED.item_machine,
       item_outside_processing = EXCLUDED.item_outside_processing, item_overhead = EXCLUDED.item_overhead
WHERE b.item_id = EXCLUDED.item_id
RETURNING b.id, b.type, b.quantity, b.quantity_scrapped, b.calculated_on, b.labor_hours,
       b.machine_hours, b.setup_hours, b.cumulative_material, b.cumulative_labor, b.cumulative_machine,
       b.cumulative_outside_processing, b.cumulative_overhead, b.item_material, b.item_labor, b.item_machine,
       b.item_outside_processing, b.item_overhead`

// saveCostBreakdown inserts or replaces breakdown id of the item (see saveCostBreakdownSQL);
// an id the tenant uses for another item's breakdown is an error.
func (itemStore) saveCostBreakdown(ctx context.Context, q db.Q, tenantID, itemID, id string, b CostBreakdown) (CostBreakdown, error) {
	var r costBreakdownRow
	err := sqlx.GetContext(ctx, q, &r, saveCostBreakdownSQL, tenantID, id, itemID, string(b.Type), b.Quantity,
		b.QuantityScrapped, b.LaborHours, b.MachineHours, b.SetupHours,
		b.Cumulative.Material, b.Cumulative.Labor, b.Cumulative.Machine, b.Cumulative.OutsideProcessing, b.Cumulative.Overhead,
		b.ItemLevel.Material, b.ItemLevel.Labor, b.ItemLevel.Machine, b.ItemLevel.OutsideProcessing, b.ItemLevel.Overhead)
	if err != nil {
		return CostBreakdown{}, fmt.Errorf("save cost breakdown: %w", err)
	}
	return r.toCostBreakdown(), nil
}
