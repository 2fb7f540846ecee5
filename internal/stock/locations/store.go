package locations

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
)

type store struct{}

type locationRow struct {
	ID      string `db:"id"`
	Name    string `db:"name"`
	Deleted bool   `db:"deleted"`
}

func (r locationRow) toLocation() Location { return Location(r) }

const locationColumns = `l.id, l.name, l.deleted`

const insertSQL = `INSERT INTO locations (tenant_id, id, name) VALUES ($1, $2, $3)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, n NewLocation) error {
	_, err := q.ExecContext(ctx, insertSQL, tenantID, id, n.Name)
	if _, dup := db.UniqueViolation(err); dup {
		// The unique index on live names (case-insensitive) decides, so concurrent creates
		// of one name cannot both win.
		return apperr.Field("name", "the name %q is taken by another location", n.Name)
	}
	if err != nil {
		return fmt.Errorf("insert location: %w", err)
	}
	return nil
}

func notFound(id string) error { return apperr.NotFound("location %s not found", id) }

const getSQL = `SELECT ` + locationColumns + ` FROM locations l WHERE l.tenant_id = $1 AND l.id = $2`

// get reads a location, deleted or not.
func (store) get(ctx context.Context, q db.Q, tenantID, id string) (Location, error) {
	return getOne(ctx, q, getSQL, tenantID, id)
}

// liveSQL reads a live location; the lock clause is appended by the callers below.
const liveSQL = `SELECT ` + locationColumns + ` FROM locations l WHERE l.tenant_id = $1 AND l.id = $2 AND NOT l.deleted`

// shareLive reads a live location and share-locks its row until q's transaction ends:
// writers of stock at the location hold it, so a delete (lockLive) waits for them and then
// sees their stock. A location deleted meanwhile is re-checked after the wait and not found.
func (store) shareLive(ctx context.Context, q db.Q, tenantID, id string) (Location, error) {
	return getOne(ctx, q, liveSQL+` FOR SHARE`, tenantID, id)
}

// lockLive reads a live location and locks its row for update until q's transaction ends.
func (store) lockLive(ctx context.Context, q db.Q, tenantID, id string) (Location, error) {
	return getOne(ctx, q, liveSQL+` FOR UPDATE`, tenantID, id)
}

func getOne(ctx context.Context, q db.Q, query, tenantID, id string) (Location, error) {
	var r locationRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Location{}, notFound(id)
	}
	if err != nil {
		return Location{}, fmt.Errorf("get location: %w", err)
	}
	return r.toLocation(), nil
}

const markDeletedSQL = `UPDATE locations SET deleted = true, modified_utc = now() WHERE tenant_id = $1 AND id = $2`

func (store) markDeleted(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, markDeletedSQL, tenantID, id); err != nil {
		return fmt.Errorf("delete location: %w", err)
	}
	return nil
}

// sortFields are the Location properties a list can be sorted by.
var sortFields = map[string]string{
	"id":   "l.id",
	"name": "lower(l.name)",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "l.id"}

func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Location, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	if f.Name != nil {
		lq.Where("l.name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.IDs != nil {
		lq.Where("l.id = ANY(%s)", pq.StringArray(f.IDs))
	}
	if !f.IncludeDeleted {
		lq.Where("l.deleted = %s", false)
	}
	query, args := lq.SQL(`SELECT `+locationColumns+` FROM locations l`, p)
	return selectLocations(ctx, q, query, args...)
}

const byIDsSQL = `SELECT ` + locationColumns + ` FROM locations l WHERE l.tenant_id = $1 AND l.id = ANY($2)`

// byIDs reads the locations among ids, deleted ones included.
func (store) byIDs(ctx context.Context, q db.Q, tenantID string, ids []string) ([]Location, error) {
	return selectLocations(ctx, q, byIDsSQL, tenantID, pq.StringArray(ids))
}

func selectLocations(ctx context.Context, q db.Q, query string, args ...any) ([]Location, error) {
	var rows []locationRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list locations: %w", err)
	}
	out := make([]Location, len(rows))
	for i, r := range rows {
		out[i] = r.toLocation()
	}
	return out, nil
}

// NameSQL is the SQL expression another area's list reads to sort its rows by their
// location's name, given its tenant and location id columns (NULL without a location). A page
// has to be sorted in SQL, so this is the one way other areas reach the locations table, and
// only through this package.
func NameSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT loc.name FROM locations loc WHERE loc.tenant_id = %s AND loc.id = %s)`, tenantColumn, idColumn)
}
