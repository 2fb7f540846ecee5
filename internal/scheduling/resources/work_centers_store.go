package resources

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

type workCenterStore struct{}

// workCenterRow is a work center without its equipment, which the service loads for a
// whole page at once.
type workCenterRow struct {
	ID           string      `db:"id"`
	Name         string      `db:"name"`
	DepartmentID *string     `db:"department_id"`
	SetupRate    dec.Decimal `db:"setup_rate"`
	RunRate      dec.Decimal `db:"run_rate"`
	LaborRate    dec.Decimal `db:"labor_rate"`
	OverheadRate dec.Decimal `db:"overhead_rate"`
	MachineRate  dec.Decimal `db:"machine_rate"`
	Deleted      bool        `db:"deleted"`
}

func (r workCenterRow) toWorkCenter() WorkCenter {
	return WorkCenter{
		ID: r.ID,
		WorkCenterWrite: WorkCenterWrite{Name: r.Name, DepartmentID: r.DepartmentID, Rates: Rates{
			Setup: r.SetupRate, Run: r.RunRate, Labor: r.LaborRate, Overhead: r.OverheadRate, Machine: r.MachineRate,
		}},
		Deleted:   r.Deleted,
		Equipment: []Equipment{},
	}
}

func toWorkCenters(rows []workCenterRow) []WorkCenter {
	out := make([]WorkCenter, len(rows))
	for i, r := range rows {
		out[i] = r.toWorkCenter()
	}
	return out
}

const workCenterColumns = `id, name, department_id, setup_rate, run_rate, labor_rate, overhead_rate, machine_rate, deleted`

// workCenterWriteArgs are the bind parameters $3 to $9 of insert and update, in column order.
func workCenterWriteArgs(w WorkCenterWrite) []any {
	return []any{w.Name, w.DepartmentID, w.Setup, w.Run, w.Labor, w.Overhead, w.Machine}
}

const insertWorkCenterSQL = `
INSERT INTO work_centers (tenant_id, id, name, department_id, setup_rate, run_rate, labor_rate, overhead_rate, machine_rate)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`

func (workCenterStore) insert(ctx context.Context, q db.Q, tenantID, id string, w WorkCenterWrite) error {
	_, err := q.ExecContext(ctx, insertWorkCenterSQL, append([]any{tenantID, id}, workCenterWriteArgs(w)...)...)
	return workCenterWriteErr(err, w)
}

const updateWorkCenterSQL = `
UPDATE work_centers SET name = $3, department_id = $4, setup_rate = $5, run_rate = $6, labor_rate = $7,
       overhead_rate = $8, machine_rate = $9
WHERE tenant_id = $1 AND id = $2 AND NOT deleted
RETURNING id`

// update replaces every member of a live work center; none is NotFound.
func (workCenterStore) update(ctx context.Context, q db.Q, tenantID, id string, w WorkCenterWrite) error {
	var got string
	err := q.QueryRowxContext(ctx, updateWorkCenterSQL, append([]any{tenantID, id}, workCenterWriteArgs(w)...)...).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return workCenterNotFound(id)
	}
	return workCenterWriteErr(err, w)
}

// workCenterWriteErr turns the constraints a write can break into the client's errors.
func workCenterWriteErr(err error, w WorkCenterWrite) error {
	if err == nil {
		return nil
	}
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "work_centers_name_key" {
		return apperr.Field("name", "a work center named %q already exists", w.Name)
	}
	if constraint, ok := db.ForeignKeyViolation(err); ok && constraint == "work_centers_department_fkey" {
		return apperr.NotFound("departmentId: department %s not found", *w.DepartmentID)
	}
	return fmt.Errorf("save work center: %w", err)
}

const deleteWorkCenterSQL = `
UPDATE work_centers SET deleted = true
WHERE tenant_id = $1 AND id = $2 AND NOT deleted`

// softDelete marks a live work center deleted and reports whether there was one. The row
// stays locked until the transaction ends.
func (workCenterStore) softDelete(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteWorkCenterSQL, tenantID, id)
	if err != nil {
		return false, fmt.Errorf("delete work center: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete work center: %w", err)
	}
	return n > 0, nil
}

const shareLiveWorkCenterSQL = `
SELECT id FROM work_centers WHERE tenant_id = $1 AND id = $2 AND NOT deleted FOR SHARE`

// shareLive answers NotFound unless the work center is live, and keeps it from being
// deleted (or changed) until the transaction ends: equipment placed in it cannot end up in
// a deleted work center.
func (workCenterStore) shareLive(ctx context.Context, q db.Q, tenantID, id string) error {
	var got string
	err := q.QueryRowxContext(ctx, shareLiveWorkCenterSQL, tenantID, id).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.NotFound("workCenterId: work center %s not found", id)
	}
	if err != nil {
		return fmt.Errorf("find work center: %w", err)
	}
	return nil
}

// lockLiveSQL locks in id order, so two transactions locking overlapping sets cannot
// deadlock.
const lockLiveWorkCentersSQL = `
SELECT ` + workCenterColumns + ` FROM work_centers
WHERE tenant_id = $1 AND id = ANY($2) AND NOT deleted
ORDER BY id
FOR UPDATE`

// lockLive reads and locks the live work centers among ids, keyed by id.
func (workCenterStore) lockLive(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]WorkCenter, error) {
	var rows []workCenterRow
	if err := sqlx.SelectContext(ctx, q, &rows, lockLiveWorkCentersSQL, tenantID, db.Array(ids)); err != nil {
		return nil, fmt.Errorf("lock work centers: %w", err)
	}
	out := make(map[string]WorkCenter, len(rows))
	for _, r := range rows {
		out[r.ID] = r.toWorkCenter()
	}
	return out, nil
}

const releaseWorkCentersSQL = `
UPDATE work_centers SET department_id = NULL
WHERE tenant_id = $1 AND department_id = $2 AND NOT deleted AND id <> ALL($3)`

const claimWorkCentersSQL = `
UPDATE work_centers SET department_id = $2
WHERE tenant_id = $1 AND id = ANY($3) AND NOT deleted`

// setDepartment makes ids the department's whole set of live work centers: the others
// leave it and the listed ones join it.
func (workCenterStore) setDepartment(ctx context.Context, q db.Q, tenantID, departmentID string, ids []string) error {
	if _, err := q.ExecContext(ctx, releaseWorkCentersSQL, tenantID, departmentID, db.Array(ids)); err != nil {
		return fmt.Errorf("release work centers: %w", err)
	}
	if _, err := q.ExecContext(ctx, claimWorkCentersSQL, tenantID, departmentID, db.Array(ids)); err != nil {
		return fmt.Errorf("assign work centers: %w", err)
	}
	return nil
}

const getWorkCenterSQL = `SELECT ` + workCenterColumns + ` FROM work_centers WHERE tenant_id = $1 AND id = $2`

// get reads a work center, deleted or not, without its equipment.
func (workCenterStore) get(ctx context.Context, q db.Q, tenantID, id string) (WorkCenter, error) {
	var r workCenterRow
	err := sqlx.GetContext(ctx, q, &r, getWorkCenterSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return WorkCenter{}, workCenterNotFound(id)
	}
	if err != nil {
		return WorkCenter{}, fmt.Errorf("get work center: %w", err)
	}
	return r.toWorkCenter(), nil
}

// workCenterShowsSQL is what a work center's answer shows from other rows, over the work
// center aliased t: its equipment (every one that names it, with its version) and the
// department the equipment reads through it.
const workCenterShowsSQL = `concat(
    (SELECT string_agg(e.id || ':' || e.version, ',' ORDER BY e.id) FROM equipment e
      WHERE e.tenant_id = t.tenant_id AND e.work_center_id = t.id), '|',
    (SELECT d.version FROM departments d WHERE d.tenant_id = t.tenant_id AND d.id = t.department_id))`

const workCentersOfDepartmentsSQL = `
SELECT ` + workCenterColumns + ` FROM work_centers
WHERE tenant_id = $1 AND department_id = ANY($2) AND NOT deleted
ORDER BY lower(name), id`

// ofDepartments reads the live work centers of the departments, by name then id, without
// their equipment: one query for a whole page of departments.
func (workCenterStore) ofDepartments(ctx context.Context, q db.Q, tenantID string, departmentIDs []string) ([]WorkCenter, error) {
	var rows []workCenterRow
	if err := sqlx.SelectContext(ctx, q, &rows, workCentersOfDepartmentsSQL, tenantID, db.Array(departmentIDs)); err != nil {
		return nil, fmt.Errorf("list work centers of departments: %w", err)
	}
	return toWorkCenters(rows), nil
}

// workCenterSortFields are the WorkCenter properties a list can be sorted by.
var workCenterSortFields = map[string]string{
	"id":           "id",
	"name":         "lower(name)",
	"setupRate":    "setup_rate",
	"runRate":      "run_rate",
	"laborRate":    "labor_rate",
	"overheadRate": "overhead_rate",
	"machineRate":  "machine_rate",
}

var workCenterListSpec = listing.Spec{Fields: workCenterSortFields, Default: "name", IDColumn: "id"}

// list reads a page of live work centers without their equipment.
func (workCenterStore) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]WorkCenter, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where("deleted = %s", false)
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.IDs != nil {
		lq.Where("id = ANY(%s)", db.Array(f.IDs))
	}
	query, args := lq.SQL(`SELECT `+workCenterColumns+` FROM work_centers`, p)
	var rows []workCenterRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list work centers: %w", err)
	}
	return toWorkCenters(rows), nil
}

const workCenterRefsSQL = `
SELECT id, name FROM work_centers
WHERE tenant_id = $1 AND id = ANY($2) AND NOT deleted
FOR SHARE`

// refs reads the live work centers among ids. The rows stay share-locked for the caller's
// transaction, so a work center cannot be deleted between a check that names it and the
// commit.
func (workCenterStore) refs(ctx context.Context, q db.Q, tenantID string, ids []string) ([]WorkCenterRef, error) {
	var rows []struct {
		ID   string `db:"id"`
		Name string `db:"name"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, workCenterRefsSQL, tenantID, db.Array(ids)); err != nil {
		return nil, fmt.Errorf("find work centers: %w", err)
	}
	out := make([]WorkCenterRef, len(rows))
	for i, r := range rows {
		out[i] = WorkCenterRef(r)
	}
	return out, nil
}

// WorkCenterVersionSQL is the SQL expression of the version of the work center in the given
// tenant and id columns (NULL when there is none): a record of another area that shows the
// work center's name folds it into its ETag, so that the ETag changes when the work center
// does.
func WorkCenterVersionSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT v.version FROM work_centers v WHERE v.tenant_id = %s AND v.id = %s)`, tenantColumn, idColumn)
}

func workCenterNotFound(id string) error {
	return apperr.NotFound("work center %s not found", id)
}

const workCenterRatesSQL = `
SELECT id, labor_rate, machine_rate, overhead_rate, setup_rate FROM work_centers WHERE tenant_id = $1 AND id = ANY($2)`

// rates reads the rates of the work centers among ids, deleted or not.
func (workCenterStore) rates(ctx context.Context, q db.Q, tenantID string, ids []string) ([]WorkCenterRates, error) {
	var rows []struct {
		ID           string      `db:"id"`
		LaborRate    dec.Decimal `db:"labor_rate"`
		MachineRate  dec.Decimal `db:"machine_rate"`
		OverheadRate dec.Decimal `db:"overhead_rate"`
		SetupRate    dec.Decimal `db:"setup_rate"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, workCenterRatesSQL, tenantID, db.Array(ids)); err != nil {
		return nil, fmt.Errorf("work center rates: %w", err)
	}
	out := make([]WorkCenterRates, len(rows))
	for i, r := range rows {
		out[i] = WorkCenterRates(r)
	}
	return out, nil
}
