package downtime

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/scheduling/resources"
)

type store struct{}

type downtimeRow struct {
	ID      string    `db:"id"`
	Start   time.Time `db:"start_utc"`
	End     time.Time `db:"end_utc"`
	Deleted bool      `db:"deleted"`
}

// downtimeShowsSQL is what a downtime's answer shows from other rows, over the downtime
// aliased t: the names of its departments and equipment (their versions), which its ETag
// folds in.
func downtimeShowsSQL() string {
	return `concat(
    (SELECT string_agg(dd.department_id || ':' || coalesce((` + resources.DepartmentVersionSQL("dd.tenant_id", "dd.department_id") + `)::text, ''), ',' ORDER BY dd.department_id)
       FROM equipment_downtime_departments dd WHERE dd.tenant_id = t.tenant_id AND dd.downtime_id = t.id), '|',
    (SELECT string_agg(de.equipment_id || ':' || coalesce((` + resources.EquipmentVersionSQL("de.tenant_id", "de.equipment_id") + `)::text, ''), ',' ORDER BY de.equipment_id)
       FROM equipment_downtime_equipment de WHERE de.tenant_id = t.tenant_id AND de.downtime_id = t.id))`
}

func (r downtimeRow) toDowntime() Downtime {
	return Downtime{ID: r.ID, Deleted: r.Deleted, DowntimeWrite: DowntimeWrite{
		Start: r.Start.UTC(), End: r.End.UTC(), Departments: []DepartmentDown{},
	}}
}

type departmentRow struct {
	DowntimeID   string `db:"downtime_id"`
	DepartmentID string `db:"department_id"`
}

type equipmentRow struct {
	DowntimeID   string `db:"downtime_id"`
	DepartmentID string `db:"department_id"`
	EquipmentID  string `db:"equipment_id"`
}

const downtimeColumns = `id, start_utc, end_utc, deleted`

const insertDowntimeSQL = `INSERT INTO equipment_downtimes (tenant_id, id, start_utc, end_utc) VALUES ($1, $2, $3, $4)`

func (s store) insert(ctx context.Context, q db.Q, tenantID, id string, w DowntimeWrite) error {
	if _, err := q.ExecContext(ctx, insertDowntimeSQL, tenantID, id, w.Start, w.End); err != nil {
		return writeErr(err)
	}
	return s.insertDepartments(ctx, q, tenantID, id, w.Departments)
}

const lockActiveSQL = `SELECT id FROM equipment_downtimes WHERE tenant_id = $1 AND id = $2 AND NOT deleted FOR UPDATE`

// lockActive locks a live downtime's row until the transaction ends; a missing or deleted
// downtime is NotFound.
func (store) lockActive(ctx context.Context, q db.Q, tenantID, id string) error {
	var got string
	err := q.QueryRowxContext(ctx, lockActiveSQL, tenantID, id).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound(id)
	}
	if err != nil {
		return fmt.Errorf("lock downtime: %w", err)
	}
	return nil
}

const updateDowntimeSQL = `
UPDATE equipment_downtimes SET start_utc = $3, end_utc = $4, modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND NOT deleted`

// deleteDepartmentsSQL removes a downtime's departments and, by cascade, their equipment.
const deleteDepartmentsSQL = `DELETE FROM equipment_downtime_departments WHERE tenant_id = $1 AND downtime_id = $2`

// update replaces the times and the departments of a live downtime.
func (s store) update(ctx context.Context, q db.Q, tenantID, id string, w DowntimeWrite) error {
	res, err := q.ExecContext(ctx, updateDowntimeSQL, tenantID, id, w.Start, w.End)
	if err != nil {
		return writeErr(err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return notFound(id)
	}
	if _, err := q.ExecContext(ctx, deleteDepartmentsSQL, tenantID, id); err != nil {
		return fmt.Errorf("clear downtime departments: %w", err)
	}
	return s.insertDepartments(ctx, q, tenantID, id, w.Departments)
}

// insertDepartmentsSQL inserts the departments $3 with their request order as position.
const insertDepartmentsSQL = `
INSERT INTO equipment_downtime_departments (tenant_id, downtime_id, department_id, position)
SELECT $1, $2, d, n - 1 FROM unnest($3::text[]) WITH ORDINALITY AS t(d, n)`

// insertEquipmentSQL inserts one row per element of the parallel arrays $3 (department ids),
// $4 (equipment ids) and $5 (positions within the department).
const insertEquipmentSQL = `
INSERT INTO equipment_downtime_equipment (tenant_id, downtime_id, department_id, equipment_id, position)
SELECT $1, $2, d, e, p FROM unnest($3::text[], $4::text[], $5::integer[]) AS t(d, e, p)`

// insertDepartments stores departments in order with their equipment: two statements
// however many there are.
func (store) insertDepartments(ctx context.Context, q db.Q, tenantID, id string, departments []DepartmentDown) error {
	if len(departments) == 0 {
		return nil
	}
	var departmentIDs, eqDepartmentIDs, equipmentIDs []string
	var positions []int64
	for _, d := range departments {
		departmentIDs = append(departmentIDs, d.DepartmentID)
		for k, e := range d.EquipmentIDs {
			eqDepartmentIDs = append(eqDepartmentIDs, d.DepartmentID)
			equipmentIDs = append(equipmentIDs, e)
			positions = append(positions, int64(k))
		}
	}
	if _, err := q.ExecContext(ctx, insertDepartmentsSQL, tenantID, id, pq.StringArray(departmentIDs)); err != nil {
		return writeErr(err)
	}
	if len(equipmentIDs) == 0 {
		return nil
	}
	_, err := q.ExecContext(ctx, insertEquipmentSQL, tenantID, id,
		pq.StringArray(eqDepartmentIDs), pq.StringArray(equipmentIDs), pq.Int64Array(positions))
	return writeErr(err)
}

// writeErr maps the constraints behind the service's checks, should a concurrent write slip
// past them: references to records that are gone are 404s, repeats 400s.
func writeErr(err error) error {
	if constraint, ok := db.ForeignKeyViolation(err); ok {
		switch constraint {
		case "equipment_downtime_departments_department_fkey":
			return apperr.NotFound("departments: department not found")
		case "equipment_downtime_equipment_equipment_fkey":
			return apperr.NotFound("departments: equipment not found")
		}
	}
	if _, ok := db.UniqueViolation(err); ok {
		return apperr.Field("departments", "each department and each equipment may be listed once")
	}
	if _, ok := db.CheckViolation(err); ok {
		return apperr.Field("endDateTime", "must not be earlier than startDateTime")
	}
	if err != nil {
		return fmt.Errorf("save downtime: %w", err)
	}
	return nil
}

const softDeleteSQL = `
UPDATE equipment_downtimes SET deleted = true, modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND NOT deleted`

// softDelete marks a live downtime deleted and reports whether there was one.
func (store) softDelete(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, softDeleteSQL, tenantID, id)
	if err != nil {
		return false, fmt.Errorf("delete downtime: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete downtime: %w", err)
	}
	return n > 0, nil
}

const getDowntimeSQL = `SELECT ` + downtimeColumns + ` FROM equipment_downtimes WHERE tenant_id = $1 AND id = $2`

// get reads a downtime, deleted or not, with its departments and equipment.
func (s store) get(ctx context.Context, q db.Q, tenantID, id string) (Downtime, error) {
	var r downtimeRow
	err := sqlx.GetContext(ctx, q, &r, getDowntimeSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Downtime{}, notFound(id)
	}
	if err != nil {
		return Downtime{}, fmt.Errorf("get downtime: %w", err)
	}
	one := []Downtime{r.toDowntime()}
	if err := s.loadDepartments(ctx, q, tenantID, one); err != nil {
		return Downtime{}, err
	}
	return one[0], nil
}

func notFound(id string) error { return apperr.NotFound("equipment downtime %s not found", id) }

const listDepartmentsSQL = `
SELECT downtime_id, department_id FROM equipment_downtime_departments
WHERE tenant_id = $1 AND downtime_id = ANY($2)
ORDER BY downtime_id, position`

const listEquipmentSQL = `
SELECT downtime_id, department_id, equipment_id FROM equipment_downtime_equipment
WHERE tenant_id = $1 AND downtime_id = ANY($2)
ORDER BY downtime_id, department_id, position`

// loadDepartments fills the departments of downtimes, in request order with their equipment,
// with two queries however many downtimes.
func (store) loadDepartments(ctx context.Context, q db.Q, tenantID string, downtimes []Downtime) error {
	if len(downtimes) == 0 {
		return nil
	}
	index := make(map[string]int, len(downtimes))
	downtimeIDs := make([]string, len(downtimes))
	for i, d := range downtimes {
		index[d.ID] = i
		downtimeIDs[i] = d.ID
	}
	var deps []departmentRow
	if err := sqlx.SelectContext(ctx, q, &deps, listDepartmentsSQL, tenantID, pq.StringArray(downtimeIDs)); err != nil {
		return fmt.Errorf("list downtime departments: %w", err)
	}
	var eqs []equipmentRow
	if err := sqlx.SelectContext(ctx, q, &eqs, listEquipmentSQL, tenantID, pq.StringArray(downtimeIDs)); err != nil {
		return fmt.Errorf("list downtime equipment: %w", err)
	}
	type key struct{ downtime, department string }
	equipment := map[key][]string{}
	for _, e := range eqs {
		k := key{e.DowntimeID, e.DepartmentID}
		equipment[k] = append(equipment[k], e.EquipmentID)
	}
	for _, d := range deps {
		i := index[d.DowntimeID]
		downtimes[i].Departments = append(downtimes[i].Departments, DepartmentDown{
			DepartmentID: d.DepartmentID,
			EquipmentIDs: equipment[key{d.DowntimeID, d.DepartmentID}],
		})
	}
	return nil
}

// sortFields are the EquipmentDowntime properties a list can be sorted by.
var sortFields = map[string]string{
	"id":            "id",
	"startDateTime": "start_utc",
	"endDateTime":   "end_utc",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "startDateTime", IDColumn: "id"}

// affectsDepartmentSQL matches downtimes listing one of the departments %s.
const affectsDepartmentSQL = `EXISTS (SELECT 1 FROM equipment_downtime_departments d
        WHERE d.tenant_id = equipment_downtimes.tenant_id AND d.downtime_id = equipment_downtimes.id
          AND d.department_id = ANY(%s))`

func (s store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Downtime, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where("deleted = %s", false)
	listing.AnyOf(lq, "id", f.IDs)
	if len(f.DepartmentIDs) > 0 {
		lq.Where(affectsDepartmentSQL, pq.StringArray(f.DepartmentIDs))
	}
	if f.StartsBefore != nil {
		lq.Where("start_utc < %s", *f.StartsBefore)
	}
	if f.EndsAfter != nil {
		lq.Where("end_utc > %s", *f.EndsAfter)
	}
	query, args := lq.SQL(`SELECT `+downtimeColumns+` FROM equipment_downtimes`, p)
	var rows []downtimeRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list downtimes: %w", err)
	}
	out := make([]Downtime, len(rows))
	for i, r := range rows {
		out[i] = r.toDowntime()
	}
	if err := s.loadDepartments(ctx, q, tenantID, out); err != nil {
		return nil, err
	}
	return out, nil
}
