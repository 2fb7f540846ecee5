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

type departmentStore struct{}

// departmentRow is a department without its work centers, which the service loads for a
// whole page at once.
type departmentRow struct {
	ID          string  `db:"id"`
	Name        string  `db:"name"`
	Description *string `db:"description"`
	Deleted     bool    `db:"deleted"`
}

func (r departmentRow) toDepartment() Department {
	return Department{ID: r.ID, Name: r.Name, Description: r.Description, Deleted: r.Deleted, WorkCenters: []WorkCenter{}}
}

const departmentColumns = `id, name, description, deleted`

const insertDepartmentSQL = `INSERT INTO departments (tenant_id, id, name, description) VALUES ($1, $2, $3, $4)`

func (departmentStore) insert(ctx context.Context, q db.Q, tenantID, id string, d NewDepartment) error {
	_, err := q.ExecContext(ctx, insertDepartmentSQL, tenantID, id, d.Name, d.Description)
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "departments_name_key" {
		return apperr.Field("name", "a department named %q already exists", d.Name)
	}
	if err != nil {
		return fmt.Errorf("insert department: %w", err)
	}
	return nil
}

const updateDepartmentSQL = `
UPDATE departments SET description = $3
WHERE tenant_id = $1 AND id = $2 AND NOT deleted
RETURNING id`

// update replaces the description of a live department; none is NotFound.
func (departmentStore) update(ctx context.Context, q db.Q, tenantID, id string, description *string) error {
	var got string
	err := q.QueryRowxContext(ctx, updateDepartmentSQL, tenantID, id, description).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return departmentNotFound(id)
	}
	if err != nil {
		return fmt.Errorf("update department: %w", err)
	}
	return nil
}

// DepartmentVersionSQL is the SQL expression of the version of the department in the given
// tenant and id columns (NULL when there is none): a record of another area that shows the
// department's name folds it into its ETag, so that the ETag changes when the department does.
func DepartmentVersionSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT v.version FROM departments v WHERE v.tenant_id = %s AND v.id = %s)`, tenantColumn, idColumn)
}

// departmentShowsSQL is what a department's answer shows from other rows, over the department
// aliased t: its work centers (every one that names it) and their equipment, with versions.
const departmentShowsSQL = `(SELECT string_agg(wc.id || ':' || wc.version || '[' || coalesce(
        (SELECT string_agg(e.id || ':' || e.version, ',' ORDER BY e.id) FROM equipment e
          WHERE e.tenant_id = wc.tenant_id AND e.work_center_id = wc.id), '') || ']', ',' ORDER BY wc.id)
    FROM work_centers wc WHERE wc.tenant_id = t.tenant_id AND wc.department_id = t.id)`

const getDepartmentSQL = `SELECT ` + departmentColumns + ` FROM departments WHERE tenant_id = $1 AND id = $2`

// get reads a department, deleted or not, without its work centers.
func (departmentStore) get(ctx context.Context, q db.Q, tenantID, id string) (Department, error) {
	var r departmentRow
	err := sqlx.GetContext(ctx, q, &r, getDepartmentSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Department{}, departmentNotFound(id)
	}
	if err != nil {
		return Department{}, fmt.Errorf("get department: %w", err)
	}
	return r.toDepartment(), nil
}

// departmentSortFields are the Department properties a list can be sorted by.
var departmentSortFields = map[string]string{
	"id":          "id",
	"name":        "lower(name)",
	"description": "lower(description)",
}

var departmentListSpec = listing.Spec{Fields: departmentSortFields, Default: "name", IDColumn: "id"}

// list reads a page of live departments without their work centers.
func (departmentStore) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Department, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where("deleted = %s", false)
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.IDs != nil {
		lq.Where("id = ANY(%s)", db.Array(f.IDs))
	}
	query, args := lq.SQL(`SELECT `+departmentColumns+` FROM departments`, p)
	var rows []departmentRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list departments: %w", err)
	}
	out := make([]Department, len(rows))
	for i, r := range rows {
		out[i] = r.toDepartment()
	}
	return out, nil
}

const departmentRefsSQL = `
SELECT id, name FROM departments
WHERE tenant_id = $1 AND id = ANY($2) AND NOT deleted`

// refs reads the live departments among ids.
func (departmentStore) refs(ctx context.Context, q db.Q, tenantID string, ids []string) ([]DepartmentRef, error) {
	var rows []struct {
		ID   string `db:"id"`
		Name string `db:"name"`
	}
	if err := sqlx.SelectContext(ctx, q, &rows, departmentRefsSQL, tenantID, db.Array(ids)); err != nil {
		return nil, fmt.Errorf("find departments: %w", err)
	}
	out := make([]DepartmentRef, len(rows))
	for i, r := range rows {
		out[i] = DepartmentRef(r)
	}
	return out, nil
}

func departmentNotFound(id string) error {
	return apperr.NotFound("department %s not found", id)
}
