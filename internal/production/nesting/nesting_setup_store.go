package nesting

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// nestStore is the SQL of nests; every method takes the tenant and the caller's q.
type nestStore struct{}

const insertNestsSQL = `
INSERT INTO nests (tenant_id, work_order_operation_id, work_order_id)
SELECT $1, o.id, $2 FROM unnest($3::text[]) AS o (id)
ON CONFLICT DO NOTHING`

// insertNests gives work order workOrderID's operations their empty nests, in one statement.
func (nestStore) insertNests(ctx context.Context, q db.Q, tenantID, workOrderID string, operationIDs []string) error {
	if _, err := q.ExecContext(ctx, insertNestsSQL, tenantID, workOrderID, pq.StringArray(operationIDs)); err != nil {
		return fmt.Errorf("insert nests: %w", err)
	}
	return nil
}

type nestRow struct {
	DimensionUnit string    `db:"dimension_unit"`
	NestingFile   *string   `db:"nesting_file"`
	ModifiedUtc   time.Time `db:"modified_utc"`
}

const nestSQL = `
SELECT dimension_unit, nesting_file, modified_utc FROM nests
WHERE tenant_id = $1 AND work_order_operation_id = $2`

type partRow struct {
	ID               string       `db:"id" json:"id"`
	Position         int          `db:"position" json:"position"`
	PartNumber       string       `db:"part_number" json:"part_number"`
	JobOperationID   *string      `db:"job_operation_id" json:"job_operation_id"`
	Description      *string      `db:"description" json:"description"`
	Width            dec.Decimal  `db:"width" json:"width"`
	Length           dec.Decimal  `db:"length" json:"length"`
	Area             *dec.Decimal `db:"area" json:"area"`
	QuantityScrapped dec.Decimal  `db:"quantity_scrapped" json:"-"`
}

const partsSQL = `
SELECT id, position, part_number, job_operation_id, description, width, length, area, quantity_scrapped
FROM nest_parts WHERE tenant_id = $1 AND work_order_operation_id = $2 ORDER BY position`

type plateRow struct {
	ID                   string       `db:"id" json:"id"`
	Position             int          `db:"position" json:"position"`
	MaterialItemID       *string      `db:"material_item_id" json:"material_item_id"`
	Material             *string      `db:"material" json:"material"`
	Thickness            *dec.Decimal `db:"thickness" json:"thickness"`
	Width                dec.Decimal  `db:"width" json:"width"`
	Length               dec.Decimal  `db:"length" json:"length"`
	Count                int32        `db:"count" json:"count"`
	MachineTimeSeconds   int64        `db:"machine_time_seconds" json:"machine_time_seconds"`
	CompletedRepetitions int32        `db:"completed_repetitions" json:"-"`
}

const platesSQL = `
SELECT id, position, material_item_id, material, thickness, width, length, count, machine_time_seconds, completed_repetitions
FROM nest_plates WHERE tenant_id = $1 AND work_order_operation_id = $2 ORDER BY position`

type placementRow struct {
	PlateID    string       `db:"plate_id" json:"plate_id"`
	Position   int          `db:"position" json:"position"`
	PartNumber string       `db:"part_number" json:"part_number"`
	Quantity   int32        `db:"quantity" json:"quantity"`
	X          *dec.Decimal `db:"x" json:"x"`
	Y          *dec.Decimal `db:"y" json:"y"`
	Rotation   dec.Decimal  `db:"rotation" json:"rotation"`
}

const placementsSQL = `
SELECT plate_id, position, part_number, quantity, x, y, rotation
FROM nest_placements WHERE tenant_id = $1 AND work_order_operation_id = $2 ORDER BY plate_id, position`

type unplacedRow struct {
	Position   int    `db:"position" json:"position"`
	PartNumber string `db:"part_number" json:"part_number"`
	Quantity   int32  `db:"quantity" json:"quantity"`
}

const unplacedSQL = `
SELECT position, part_number, quantity
FROM nest_unplaced_parts WHERE tenant_id = $1 AND work_order_operation_id = $2 ORDER BY position`

type runRow struct {
	ID               string      `db:"id"`
	PlateID          string      `db:"plate_id"`
	Repetitions      int32       `db:"repetitions"`
	InventoryEventID *string     `db:"inventory_event_id"`
	QuantityScrapped dec.Decimal `db:"quantity_scrapped"`
	UserID           *string     `db:"user_id"`
	RecordedUtc      time.Time   `db:"recorded_utc"`
}

const runsSQL = `
SELECT id, plate_id, repetitions, inventory_event_id, quantity_scrapped, user_id, recorded_utc
FROM nest_sheet_runs WHERE tenant_id = $1 AND work_order_operation_id = $2 ORDER BY recorded_utc, id`

// nest reads the nest of work-order operation id with everything it holds, in six
// statements however much it holds; a work-order operation without a nest row reads as an
// empty nest.
func (nestStore) nest(ctx context.Context, q db.Q, tenantID, id string) (Nest, error) {
	n := Nest{WorkOrderOperationID: id, DimensionUnit: "inch", Parts: []Part{}, Plates: []Plate{}, Unplaced: []Unplaced{}, Runs: []SheetRun{}}
	var h nestRow
	err := sqlx.GetContext(ctx, q, &h, nestSQL, tenantID, id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return Nest{}, fmt.Errorf("read nest: %w", err)
	default:
		n.DimensionUnit, n.NestingFile, n.ModifiedUtc = h.DimensionUnit, h.NestingFile, h.ModifiedUtc.UTC()
	}
	var parts []partRow
	if err := sqlx.SelectContext(ctx, q, &parts, partsSQL, tenantID, id); err != nil {
		return Nest{}, fmt.Errorf("read nest parts: %w", err)
	}
	for _, r := range parts {
		n.Parts = append(n.Parts, Part{ID: r.ID, PartNumber: r.PartNumber, JobOperationID: r.JobOperationID, Description: r.Description,
			Width: r.Width, Length: r.Length, Area: r.Area, QuantityScrapped: r.QuantityScrapped})
	}
	var plates []plateRow
	if err := sqlx.SelectContext(ctx, q, &plates, platesSQL, tenantID, id); err != nil {
		return Nest{}, fmt.Errorf("read nest plates: %w", err)
	}
	at := make(map[string]int, len(plates))
	for i, r := range plates {
		at[r.ID] = i
		n.Plates = append(n.Plates, Plate{ID: r.ID, MaterialItemID: r.MaterialItemID, Material: r.Material, Thickness: r.Thickness,
			Width: r.Width, Length: r.Length, Count: r.Count, MachineTimeSeconds: r.MachineTimeSeconds,
			CompletedRepetitions: r.CompletedRepetitions, Placements: []Placement{}})
	}
	var placements []placementRow
	if err := sqlx.SelectContext(ctx, q, &placements, placementsSQL, tenantID, id); err != nil {
		return Nest{}, fmt.Errorf("read nest placements: %w", err)
	}
	for _, r := range placements {
		if i, ok := at[r.PlateID]; ok {
			n.Plates[i].Placements = append(n.Plates[i].Placements, Placement{PartNumber: r.PartNumber, Quantity: r.Quantity, X: r.X, Y: r.Y, Rotation: r.Rotation})
		}
	}
	var unplaced []unplacedRow
	if err := sqlx.SelectContext(ctx, q, &unplaced, unplacedSQL, tenantID, id); err != nil {
		return Nest{}, fmt.Errorf("read nest unplaced parts: %w", err)
	}
	for _, r := range unplaced {
		n.Unplaced = append(n.Unplaced, Unplaced{PartNumber: r.PartNumber, Quantity: r.Quantity})
	}
	var runs []runRow
	if err := sqlx.SelectContext(ctx, q, &runs, runsSQL, tenantID, id); err != nil {
		return Nest{}, fmt.Errorf("read nest sheet runs: %w", err)
	}
	for _, r := range runs {
		n.Runs = append(n.Runs, SheetRun{ID: r.ID, PlateID: r.PlateID, Repetitions: r.Repetitions, InventoryEventID: r.InventoryEventID,
			QuantityScrapped: r.QuantityScrapped, UserID: r.UserID, RecordedUtc: r.RecordedUtc.UTC()})
	}
	return n, nil
}

// The statements of a replace: what the nest held goes (placements and unplaced parts first,
// which name its parts), what was sent comes in, one statement per table.
const (
	deletePlacementsSQL = `DELETE FROM nest_placements WHERE tenant_id = $1 AND work_order_operation_id = $2`
	deleteUnplacedSQL   = `DELETE FROM nest_unplaced_parts WHERE tenant_id = $1 AND work_order_operation_id = $2`
	deletePlatesSQL     = `DELETE FROM nest_plates WHERE tenant_id = $1 AND work_order_operation_id = $2`
	deletePartsSQL      = `DELETE FROM nest_parts WHERE tenant_id = $1 AND work_order_operation_id = $2`

	insertPartsSQL = `
INSERT INTO nest_parts (tenant_id, work_order_operation_id, id, position, part_number, job_operation_id, description, width, length, area)
SELECT $1, $2, r.id, r.position, r.part_number, r.job_operation_id, r.description, r.width, r.length, r.area
FROM jsonb_to_recordset($3::jsonb) AS r (id text, position int, part_number text, job_operation_id text, description text,
     width numeric, length numeric, area numeric)`
	insertPlatesSQL = `
INSERT INTO nest_plates (tenant_id, work_order_operation_id, id, position, material_item_id, material, thickness, width, length, count, machine_time_seconds)
SELECT $1, $2, r.id, r.position, r.material_item_id, r.material, r.thickness, r.width, r.length, r.count, r.machine_time_seconds
FROM jsonb_to_recordset($3::jsonb) AS r (id text, position int, material_item_id text, material text, thickness numeric,
     width numeric, length numeric, count int, machine_time_seconds bigint)`
	insertPlacementsSQL = `
INSERT INTO nest_placements (tenant_id, work_order_operation_id, plate_id, position, part_number, quantity, x, y, rotation)
SELECT $1, $2, r.plate_id, r.position, r.part_number, r.quantity, r.x, r.y, r.rotation
FROM jsonb_to_recordset($3::jsonb) AS r (plate_id text, position int, part_number text, quantity int, x numeric, y numeric, rotation numeric)`
	insertUnplacedSQL = `
INSERT INTO nest_unplaced_parts (tenant_id, work_order_operation_id, position, part_number, quantity)
SELECT $1, $2, r.position, r.part_number, r.quantity
FROM jsonb_to_recordset($3::jsonb) AS r (position int, part_number text, quantity int)`
	upsertNestSQL = `
INSERT INTO nests (tenant_id, work_order_operation_id, work_order_id, dimension_unit, nesting_file)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (tenant_id, work_order_operation_id) DO UPDATE
SET dimension_unit = EXCLUDED.dimension_unit, nesting_file = COALESCE(EXCLUDED.nesting_file, nests.nesting_file),
    modified_utc = now()`
)

// replace stores a nest's new content in place of what it held.
func (nestStore) replace(ctx context.Context, q db.Q, tenantID, workOrderID, id string, w NestWrite, parts []partRow, plates []plateRow,
	placements []placementRow, unplaced []unplacedRow) error {
	if _, err := q.ExecContext(ctx, upsertNestSQL, tenantID, id, workOrderID, w.DimensionUnit, w.NestingFile); err != nil {
		return fmt.Errorf("write nest: %w", err)
	}
	for _, del := range []string{deletePlacementsSQL, deleteUnplacedSQL, deletePlatesSQL, deletePartsSQL} {
		if _, err := q.ExecContext(ctx, del, tenantID, id); err != nil {
			return fmt.Errorf("clear nest: %w", err)
		}
	}
	inserts := []struct {
		sql  string
		rows any
		n    int
	}{
		{insertPartsSQL, parts, len(parts)}, {insertPlatesSQL, plates, len(plates)},
		{insertPlacementsSQL, placements, len(placements)}, {insertUnplacedSQL, unplaced, len(unplaced)},
	}
	for _, ins := range inserts {
		if ins.n == 0 {
			continue
		}
		b, err := json.Marshal(ins.rows)
		if err != nil {
			return fmt.Errorf("encode nest rows: %w", err)
		}
		if _, err := q.ExecContext(ctx, ins.sql, tenantID, id, string(b)); err != nil {
			return fmt.Errorf("insert nest rows: %w", err)
		}
	}
	return nil
}

const runsExistSQL = `
SELECT coalesce(sum(repetitions), 0) AS repetitions,
       count(inventory_event_id) AS picks,
       coalesce(sum(quantity_scrapped), 0) AS scrapped
FROM nest_sheet_runs WHERE tenant_id = $1 AND work_order_operation_id = $2`

// worked is what the shop floor recorded against a nest, summed over its sheet runs.
type worked struct {
	Repetitions int64       `db:"repetitions"`
	Picks       int64       `db:"picks"`
	Scrapped    dec.Decimal `db:"scrapped"`
}

// worked sums the sheet runs of the nest of work-order operation id, in one statement.
func (nestStore) worked(ctx context.Context, q db.Q, tenantID, id string) (worked, error) {
	var w worked
	if err := sqlx.GetContext(ctx, q, &w, runsExistSQL, tenantID, id); err != nil {
		return worked{}, fmt.Errorf("read nest sheet runs: %w", err)
	}
	return w, nil
}

const (
	insertRunSQL = `
INSERT INTO nest_sheet_runs (tenant_id, id, work_order_operation_id, plate_id, repetitions, inventory_event_id, quantity_scrapped, user_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`
	completeRepetitionsSQL = `
UPDATE nest_plates SET completed_repetitions = completed_repetitions + $3 WHERE tenant_id = $1 AND id = $2`
	scrapPartsSQL = `
UPDATE nest_parts p SET quantity_scrapped = p.quantity_scrapped + s.quantity
FROM unnest($3::text[], $4::numeric[]) AS s (id, quantity)
WHERE p.tenant_id = $1 AND p.work_order_operation_id = $2 AND p.id = s.id`
	touchNestSQL = `UPDATE nests SET modified_utc = now() WHERE tenant_id = $1 AND work_order_operation_id = $2`
)

// recordRun stores a sheet run: the run, the plate's completed repetitions, the parts'
// scrap (partIDs with quantities) and the nest's new version.
func (nestStore) recordRun(ctx context.Context, q db.Q, tenantID, nestID string, r SheetRun, partIDs []string, scrapped []string) error {
	if _, err := q.ExecContext(ctx, insertRunSQL, tenantID, r.ID, nestID, r.PlateID, r.Repetitions, r.InventoryEventID,
		r.QuantityScrapped, r.UserID); err != nil {
		return fmt.Errorf("insert nest sheet run: %w", err)
	}
	if r.Repetitions > 0 {
		if _, err := q.ExecContext(ctx, completeRepetitionsSQL, tenantID, r.PlateID, r.Repetitions); err != nil {
			return fmt.Errorf("complete nest plate repetitions: %w", err)
		}
	}
	if len(partIDs) > 0 {
		if _, err := q.ExecContext(ctx, scrapPartsSQL, tenantID, nestID, pq.StringArray(partIDs), pq.StringArray(scrapped)); err != nil {
			return fmt.Errorf("record nest part scrap: %w", err)
		}
	}
	if _, err := q.ExecContext(ctx, touchNestSQL, tenantID, nestID); err != nil {
		return fmt.Errorf("touch nest: %w", err)
	}
	return nil
}

const lockNestSQL = `
SELECT 1 FROM nests WHERE tenant_id = $1 AND work_order_operation_id = $2 AND work_order_id = $3 FOR UPDATE`

// lockNest locks the nest row of work-order operation id of work order workOrderID (when it
// has one) until q's transaction ends. Writers of a nest take it before the work order's
// lock, in the order the conditional-request guard takes them (the record's row first), so
// that a replace with If-Match and a sheet run never wait on each other in a cycle.
func (nestStore) lockNest(ctx context.Context, q db.Q, tenantID, workOrderID, id string) error {
	var one int
	err := sqlx.GetContext(ctx, q, &one, lockNestSQL, tenantID, id, workOrderID)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("lock nest: %w", err)
	}
	return nil
}
