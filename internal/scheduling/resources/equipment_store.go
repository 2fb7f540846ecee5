package resources

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type equipmentStore struct{}

type equipmentRow struct {
	ID                string  `db:"id"`
	Name              string  `db:"name"`
	Description       string  `db:"description"`
	WorkCenterID      *string `db:"work_center_id"`
	DepartmentID      *string `db:"department_id"`
	Manufacturer      *string `db:"manufacturer"`
	ModelNumber       *string `db:"model_number"`
	SerialNumber      *string `db:"serial_number"`
	CanRunUnattended  bool    `db:"can_run_unattended"`
	UnlimitedCapacity bool    `db:"unlimited_capacity"`
	Status            string  `db:"status"`
	Notes             *string `db:"notes"`
	Deleted           bool    `db:"deleted"`
}

func (r equipmentRow) toEquipment() Equipment {
	return Equipment{
		ID: r.ID,
		EquipmentWrite: EquipmentWrite{
			Name: r.Name, Description: r.Description, WorkCenterID: r.WorkCenterID,
			Manufacturer: r.Manufacturer, ModelNumber: r.ModelNumber, SerialNumber: r.SerialNumber,
			CanRunUnattended: r.CanRunUnattended, UnlimitedCapacity: r.UnlimitedCapacity,
			Status: EquipmentStatus(r.Status), Notes: r.Notes,
		},
		DepartmentID: r.DepartmentID,
		Deleted:      r.Deleted,
	}
}

func toEquipmentList(rows []equipmentRow) []Equipment {
	out := make([]Equipment, len(rows))
	for i, r := range rows {
		out[i] = r.toEquipment()
	}
	return out
}

// equipmentFrom joins each equipment to its department through its work center, which is
// where an equipment's department comes from. A work center holding live equipment cannot
// be deleted; the NOT deleted conditions keep a deleted one from lending its department.
const equipmentFrom = `
FROM equipment e
LEFT JOIN work_centers wc ON wc.tenant_id = e.tenant_id AND wc.id = e.work_center_id AND NOT wc.deleted
LEFT JOIN departments d ON d.tenant_id = wc.tenant_id AND d.id = wc.department_id AND NOT d.deleted`

// EquipmentVersionSQL is the SQL expression of the version of the equipment in the given
// tenant and id columns (NULL when there is none): a record of another area that shows the
// equipment's name folds it into its ETag, so that the ETag changes when the equipment does.
func EquipmentVersionSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT v.version FROM equipment v WHERE v.tenant_id = %s AND v.id = %s)`, tenantColumn, idColumn)
}

// equipmentShowsSQL is what an equipment's answer shows from other rows, over the equipment
// aliased t: its department, which comes through its work center (both versions).
const equipmentShowsSQL = `(SELECT concat(wc.version, ':', d.version) FROM work_centers wc
    LEFT JOIN departments d ON d.tenant_id = wc.tenant_id AND d.id = wc.department_id
    WHERE wc.tenant_id = t.tenant_id AND wc.id = t.work_center_id)`

const equipmentSelect = `
SELECT e.id, e.name, e.description, e.work_center_id, d.id AS department_id, e.manufacturer, e.model_number,
       e.serial_number, e.can_run_unattended, e.unlimited_capacity, e.status, e.notes, e.deleted` + equipmentFrom

// equipmentWriteArgs are the bind parameters $3 to $12 of insert and update, in column order.
func equipmentWriteArgs(w EquipmentWrite) []any {
	return []any{w.Name, w.Description, w.WorkCenterID, w.Manufacturer, w.ModelNumber, w.SerialNumber,
		w.CanRunUnattended, w.UnlimitedCapacity, string(w.Status), w.Notes}
}

const insertEquipmentSQL = `
INSERT INTO equipment (tenant_id, id, name, description, work_center_id, manufacturer, model_number, serial_number,
       can_run_unattended, unlimited_capacity, status, notes)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`

func (equipmentStore) insert(ctx context.Context, q db.Q, tenantID, id string, w EquipmentWrite) error {
	_, err := q.ExecContext(ctx, insertEquipmentSQL, append([]any{tenantID, id}, equipmentWriteArgs(w)...)...)
	return equipmentWriteErr(err, w)
}

const updateEquipmentSQL = `
UPDATE equipment SET name = $3, description = $4, work_center_id = $5, manufacturer = $6, model_number = $7,
       serial_number = $8, can_run_unattended = $9, unlimited_capacity = $10, status = $11, notes = $12
WHERE tenant_id = $1 AND id = $2 AND NOT deleted
RETURNING id`

// update replaces every member of a live equipment; none is NotFound.
func (equipmentStore) update(ctx context.Context, q db.Q, tenantID, id string, w EquipmentWrite) error {
	var got string
	err := q.QueryRowxContext(ctx, updateEquipmentSQL, append([]any{tenantID, id}, equipmentWriteArgs(w)...)...).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return equipmentNotFound(id)
	}
	return equipmentWriteErr(err, w)
}

// equipmentWriteErr turns the constraints a write can break into the client's errors.
func equipmentWriteErr(err error, w EquipmentWrite) error {
	if err == nil {
		return nil
	}
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "equipment_name_key" {
		return apperr.Field("name", "an equipment named %q already exists", w.Name)
	}
	if constraint, ok := db.ForeignKeyViolation(err); ok && constraint == "equipment_work_center_fkey" {
		return apperr.NotFound("workCenterId: work center %s not found", *w.WorkCenterID)
	}
	return fmt.Errorf("save equipment: %w", err)
}

// get reads an equipment, deleted or not.
func (equipmentStore) get(ctx context.Context, q db.Q, tenantID, id string) (Equipment, error) {
	var r equipmentRow
	err := sqlx.GetContext(ctx, q, &r, equipmentSelect+` WHERE e.tenant_id = $1 AND e.id = $2`, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Equipment{}, equipmentNotFound(id)
	}
	if err != nil {
		return Equipment{}, fmt.Errorf("get equipment: %w", err)
	}
	return r.toEquipment(), nil
}

const equipmentOfWorkCentersSQL = equipmentSelect + `
WHERE e.tenant_id = $1 AND e.work_center_id = ANY($2) AND NOT e.deleted
ORDER BY lower(e.name), e.id`

// ofWorkCenters reads the live equipment of the work centers, by name then id: one query for
// a whole page of work centers or departments.
func (equipmentStore) ofWorkCenters(ctx context.Context, q db.Q, tenantID string, workCenterIDs []string) ([]Equipment, error) {
	var rows []equipmentRow
	if err := sqlx.SelectContext(ctx, q, &rows, equipmentOfWorkCentersSQL, tenantID, db.Array(workCenterIDs)); err != nil {
		return nil, fmt.Errorf("list equipment of work centers: %w", err)
	}
	return toEquipmentList(rows), nil
}

const countLiveInWorkCenterSQL = `
SELECT count(*) FROM equipment WHERE tenant_id = $1 AND work_center_id = $2 AND NOT deleted`

// countLiveIn counts the live equipment of a work center.
func (equipmentStore) countLiveIn(ctx context.Context, q db.Q, tenantID, workCenterID string) (int, error) {
	var n int
	if err := q.QueryRowxContext(ctx, countLiveInWorkCenterSQL, tenantID, workCenterID).Scan(&n); err != nil {
		return 0, fmt.Errorf("count equipment of work center: %w", err)
	}
	return n, nil
}

// equipmentSortFields are the Equipment properties a list can be sorted by.
var equipmentSortFields = map[string]string{
	"id":           "e.id",
	"name":         "lower(e.name)",
	"description":  "lower(e.description)",
	"manufacturer": "lower(e.manufacturer)",
	"modelNumber":  "lower(e.model_number)",
	"serialNumber": "lower(e.serial_number)",
	"status":       "e.status",
}

var equipmentListSpec = listing.Spec{Fields: equipmentSortFields, Default: "name", IDColumn: "e.id"}

// list reads a page of live equipment.
func (equipmentStore) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Equipment, error) {
	lq := listing.NewQuery("e.tenant_id", tenantID)
	lq.Where("e.deleted = %s", false)
	if f.Name != nil {
		lq.Where("e.name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.IDs != nil {
		lq.Where("e.id = ANY(%s)", db.Array(f.IDs))
	}
	query, args := lq.SQL(equipmentSelect, p)
	var rows []equipmentRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list equipment: %w", err)
	}
	return toEquipmentList(rows), nil
}

const equipmentRefsSQL = `
SELECT e.id, e.name, coalesce(e.work_center_id, '') AS work_center_id, coalesce(d.id, '') AS department_id` + equipmentFrom + `
WHERE e.tenant_id = $1 AND e.id = ANY($2) AND NOT e.deleted
FOR SHARE OF e`

// refs reads the live equipment among ids with their work centers and departments. The rows
// stay share-locked for the caller's transaction, so the equipment cannot move to another
// work center between a shift's, downtime's or operation's "belongs to" check and its commit.
func (equipmentStore) refs(ctx context.Context, q db.Q, tenantID string, ids []string) ([]EquipmentRef, error) {
	var rows []struct {
		ID           string `db:"id"`
		Name         string `db:"name"`
		WorkCenterID string `db:"work_center_id"`
		DepartmentID string `db:"department_id"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, equipmentRefsSQL, tenantID, db.Array(ids)); err != nil {
		return nil, fmt.Errorf("find equipment: %w", err)
	}
	out := make([]EquipmentRef, len(rows))
	for i, r := range rows {
		out[i] = EquipmentRef(r)
	}
	return out, nil
}

func equipmentNotFound(id string) error {
	return apperr.NotFound("equipment %s not found", id)
}
