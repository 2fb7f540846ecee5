package shifts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/scheduling/resources"
)

type store struct{}

type shiftRow struct {
	ID                    string        `db:"id"`
	DepartmentID          string        `db:"department_id"`
	Name                  string        `db:"name"`
	StartTime             string        `db:"start_time"`
	EndTime               string        `db:"end_time"`
	Days                  pq.BoolArray  `db:"days"`
	SimultaneousEquipment pq.Int32Array `db:"simultaneous_equipment"`
	UnlimitedCapacity     bool          `db:"unlimited_capacity"`
	MaxDailyNewJobs       *int32        `db:"max_daily_new_jobs"`
	Deleted               bool          `db:"deleted"`
}

// shiftShowsSQL is what a shift's answer shows from other rows, over the shift aliased t: the
// names of its available equipment (their versions), which its ETag folds in.
func shiftShowsSQL() string {
	return `(SELECT string_agg(se.equipment_id || ':' || coalesce((` + resources.EquipmentVersionSQL("se.tenant_id", "se.equipment_id") + `)::text, ''), ',' ORDER BY se.equipment_id)
    FROM department_shift_equipment se WHERE se.tenant_id = t.tenant_id AND se.shift_id = t.id)`
}

func (r shiftRow) toShift() (Shift, error) {
	days, err := week(r.Days)
	if err != nil {
		return Shift{}, fmt.Errorf("shift %s days: %w", r.ID, err)
	}
	counts, err := week(r.SimultaneousEquipment)
	if err != nil {
		return Shift{}, fmt.Errorf("shift %s simultaneous equipment: %w", r.ID, err)
	}
	return Shift{
		ID: r.ID, DepartmentID: r.DepartmentID, Deleted: r.Deleted,
		ShiftWrite: ShiftWrite{
			Name: r.Name, StartTime: r.StartTime, EndTime: r.EndTime, Days: days, SimultaneousEquipment: counts,
			UnlimitedCapacity: r.UnlimitedCapacity, MaxDailyNewJobs: r.MaxDailyNewJobs,
			AvailableEquipment: []Availability{},
		},
	}, nil
}

// week reads a Monday-first array column; the table's CHECK keeps it at seven members.
func week[T any](a []T) (Week[T], error) {
	var w Week[T]
	if len(a) != len(w) {
		return w, fmt.Errorf("%d weekdays stored, want %d", len(a), len(w))
	}
	copy(w[:], a)
	return w, nil
}

type availabilityRow struct {
	ShiftID     string       `db:"shift_id"`
	EquipmentID string       `db:"equipment_id"`
	Days        pq.BoolArray `db:"days"`
}

const shiftColumns = `id, department_id, name, start_time, end_time, days, simultaneous_equipment,
       unlimited_capacity, max_daily_new_jobs, deleted`

const insertShiftSQL = `
INSERT INTO department_shifts (tenant_id, id, department_id, name, start_time, end_time, days,
       simultaneous_equipment, unlimited_capacity, max_daily_new_jobs)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`

func (s store) insert(ctx context.Context, q db.Q, tenantID string, sh Shift) error {
	w := sh.ShiftWrite
	_, err := q.ExecContext(ctx, insertShiftSQL, tenantID, sh.ID, sh.DepartmentID, w.Name, w.StartTime, w.EndTime,
		pq.BoolArray(w.Days[:]), pq.Int32Array(w.SimultaneousEquipment[:]), w.UnlimitedCapacity, w.MaxDailyNewJobs)
	if constraint, ok := db.ForeignKeyViolation(err); ok && constraint == "department_shifts_department_fkey" {
		return apperr.NotFound("departmentId: department %s not found", sh.DepartmentID)
	}
	if err != nil {
		return fmt.Errorf("insert shift: %w", err)
	}
	return s.insertAvailability(ctx, q, tenantID, sh.ID, w.AvailableEquipment)
}

const updateShiftSQL = `
UPDATE department_shifts SET name = $3, start_time = $4, end_time = $5, days = $6, simultaneous_equipment = $7,
       unlimited_capacity = $8, max_daily_new_jobs = $9, modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND NOT deleted`

const deleteAvailabilitySQL = `DELETE FROM department_shift_equipment WHERE tenant_id = $1 AND shift_id = $2`

// update replaces every member of a live shift but its department, available equipment included.
func (s store) update(ctx context.Context, q db.Q, tenantID string, sh Shift) error {
	w := sh.ShiftWrite
	res, err := q.ExecContext(ctx, updateShiftSQL, tenantID, sh.ID, w.Name, w.StartTime, w.EndTime,
		pq.BoolArray(w.Days[:]), pq.Int32Array(w.SimultaneousEquipment[:]), w.UnlimitedCapacity, w.MaxDailyNewJobs)
	if err != nil {
		return fmt.Errorf("update shift: %w", err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return notFound(sh.ID)
	}
	if _, err := q.ExecContext(ctx, deleteAvailabilitySQL, tenantID, sh.ID); err != nil {
		return fmt.Errorf("clear shift equipment: %w", err)
	}
	return s.insertAvailability(ctx, q, tenantID, sh.ID, w.AvailableEquipment)
}

// insertAvailabilitySQL inserts one row per element of the parallel arrays $3 (equipment
// ids) and $4 to $10 (Monday to Sunday): one statement however many equipment.
const insertAvailabilitySQL = `
INSERT INTO department_shift_equipment (tenant_id, shift_id, equipment_id, days)
SELECT $1, $2, e, ARRAY[mo, tu, we, th, fr, sa, su]
FROM unnest($3::text[], $4::boolean[], $5::boolean[], $6::boolean[], $7::boolean[], $8::boolean[],
            $9::boolean[], $10::boolean[]) AS t(e, mo, tu, we, th, fr, sa, su)`

func (store) insertAvailability(ctx context.Context, q db.Q, tenantID, shiftID string, available []Availability) error {
	if len(available) == 0 {
		return nil
	}
	equipmentIDs := make([]string, len(available))
	var byDay Week[[]bool]
	for i, a := range available {
		equipmentIDs[i] = a.EquipmentID
		for d, on := range a.Days {
			byDay[d] = append(byDay[d], on)
		}
	}
	args := []any{tenantID, shiftID, pq.StringArray(equipmentIDs)}
	for _, day := range byDay {
		args = append(args, pq.BoolArray(day))
	}
	_, err := q.ExecContext(ctx, insertAvailabilitySQL, args...)
	if constraint, ok := db.ForeignKeyViolation(err); ok && constraint == "department_shift_equipment_equipment_fkey" {
		return apperr.NotFound("availableEquipment: equipment not found")
	}
	if _, ok := db.UniqueViolation(err); ok {
		return apperr.Field("availableEquipment", "each equipment may be listed once")
	}
	if err != nil {
		return fmt.Errorf("insert shift equipment: %w", err)
	}
	return nil
}

const softDeleteSQL = `
UPDATE department_shifts SET deleted = true, modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND NOT deleted`

// softDelete marks a live shift deleted and reports whether there was one.
func (store) softDelete(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, softDeleteSQL, tenantID, id)
	if err != nil {
		return false, fmt.Errorf("delete shift: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete shift: %w", err)
	}
	return n > 0, nil
}

const getShiftSQL = `SELECT ` + shiftColumns + ` FROM department_shifts WHERE tenant_id = $1 AND id = $2`

// get reads a shift, deleted or not, with its available equipment.
func (s store) get(ctx context.Context, q db.Q, tenantID, id string) (Shift, error) {
	return s.getOne(ctx, q, getShiftSQL, tenantID, id)
}

// getActiveForUpdate reads a live shift and locks its row until the transaction ends; a
// deleted shift is NotFound.
func (s store) getActiveForUpdate(ctx context.Context, q db.Q, tenantID, id string) (Shift, error) {
	return s.getOne(ctx, q, getShiftSQL+` AND NOT deleted FOR UPDATE`, tenantID, id)
}

func (s store) getOne(ctx context.Context, q db.Q, query, tenantID, id string) (Shift, error) {
	var r shiftRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Shift{}, notFound(id)
	}
	if err != nil {
		return Shift{}, fmt.Errorf("get shift: %w", err)
	}
	sh, err := r.toShift()
	if err != nil {
		return Shift{}, err
	}
	one := []Shift{sh}
	if err := s.loadAvailability(ctx, q, tenantID, one); err != nil {
		return Shift{}, err
	}
	return one[0], nil
}

func notFound(id string) error { return apperr.NotFound("department shift %s not found", id) }

// listAvailabilitySQL reads the available equipment of several shifts, each shift's ordered
// by equipment id case-sensitively (byte order) whatever the database's collation.
const listAvailabilitySQL = `
SELECT shift_id, equipment_id, days FROM department_shift_equipment
WHERE tenant_id = $1 AND shift_id = ANY($2)
ORDER BY shift_id, equipment_id COLLATE "C"`

// loadAvailability fills the available equipment of shifts with one query.
func (store) loadAvailability(ctx context.Context, q db.Q, tenantID string, shifts []Shift) error {
	if len(shifts) == 0 {
		return nil
	}
	index := make(map[string]int, len(shifts))
	shiftIDs := make([]string, len(shifts))
	for i, sh := range shifts {
		index[sh.ID] = i
		shiftIDs[i] = sh.ID
	}
	var rows []availabilityRow
	if err := sqlx.SelectContext(ctx, q, &rows, listAvailabilitySQL, tenantID, pq.StringArray(shiftIDs)); err != nil {
		return fmt.Errorf("list shift equipment: %w", err)
	}
	for _, r := range rows {
		days, err := week(r.Days)
		if err != nil {
			return fmt.Errorf("shift %s equipment %s days: %w", r.ShiftID, r.EquipmentID, err)
		}
		i := index[r.ShiftID]
		shifts[i].AvailableEquipment = append(shifts[i].AvailableEquipment, Availability{EquipmentID: r.EquipmentID, Days: days})
	}
	return nil
}

// sortFields are the DepartmentShift properties a list can be sorted by.
var sortFields = map[string]string{
	"id":           "id",
	"name":         "lower(name)",
	"departmentId": "department_id",
	"startTime":    "start_time",
	"endTime":      "end_time",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "id"}

func (s store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Shift, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where("deleted = %s", false)
	listing.AnyOf(lq, "id", f.IDs)
	listing.AnyOf(lq, "department_id", f.DepartmentIDs)
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	query, args := lq.SQL(`SELECT `+shiftColumns+` FROM department_shifts`, p)
	var rows []shiftRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list shifts: %w", err)
	}
	out := make([]Shift, len(rows))
	for i, r := range rows {
		sh, err := r.toShift()
		if err != nil {
			return nil, err
		}
		out[i] = sh
	}
	if err := s.loadAvailability(ctx, q, tenantID, out); err != nil {
		return nil, err
	}
	return out, nil
}
