package shippingmethods

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type store struct{}

type shippingMethodRow struct {
	ID          string    `db:"id"`
	Name        string    `db:"name"`
	Carrier     *string   `db:"carrier"`
	Description *string   `db:"description"`
	IsArchived  bool      `db:"is_archived"`
	CreatedUtc  time.Time `db:"created_utc"`
	ModifiedUtc time.Time `db:"modified_utc"`
}

func (r shippingMethodRow) toShippingMethod() ShippingMethod {
	return ShippingMethod{
		ID:         r.ID,
		Write:      Write{Name: r.Name, Carrier: r.Carrier, Description: r.Description, IsArchived: r.IsArchived},
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

const shippingMethodColumns = `id, name, carrier, description, is_archived, created_utc, modified_utc`

const insertShippingMethodSQL = `
INSERT INTO shipping_methods (tenant_id, id, name, carrier, description, is_archived)
VALUES ($1, $2, $3, $4, $5, $6)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, w Write) error {
	_, err := q.ExecContext(ctx, insertShippingMethodSQL, tenantID, id, w.Name, w.Carrier, w.Description, w.IsArchived)
	return writeErr(err, w)
}

const updateShippingMethodSQL = `
UPDATE shipping_methods SET name = $3, carrier = $4, description = $5, is_archived = $6, modified_utc = now()
WHERE tenant_id = $1 AND id = $2
RETURNING id`

// update replaces every member of a shipping method; none is NotFound.
func (store) update(ctx context.Context, q db.Q, tenantID, id string, w Write) error {
	var got string
	err := q.QueryRowxContext(ctx, updateShippingMethodSQL, tenantID, id, w.Name, w.Carrier, w.Description, w.IsArchived).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound(id)
	}
	return writeErr(err, w)
}

// writeErr turns the constraints a write can break into the client's errors.
func writeErr(err error, w Write) error {
	if err == nil {
		return nil
	}
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "shipping_methods_name_key" {
		return apperr.Field("name", "a shipping method named %q already exists", w.Name)
	}
	return fmt.Errorf("save shipping method: %w", err)
}

const getShippingMethodSQL = `SELECT ` + shippingMethodColumns + ` FROM shipping_methods WHERE tenant_id = $1 AND id = $2`

// get reads a shipping method, archived or not.
func (store) get(ctx context.Context, q db.Q, tenantID, id string) (ShippingMethod, error) {
	var r shippingMethodRow
	err := sqlx.GetContext(ctx, q, &r, getShippingMethodSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return ShippingMethod{}, notFound(id)
	}
	if err != nil {
		return ShippingMethod{}, fmt.Errorf("get shipping method: %w", err)
	}
	return r.toShippingMethod(), nil
}

func notFound(id string) error { return apperr.NotFound("shipping method %s not found", id) }

const byIDForShareSQL = `
SELECT ` + shippingMethodColumns + ` FROM shipping_methods WHERE tenant_id = $1 AND id = ANY($2) FOR SHARE`

// byIDForShare answers the tenant's shipping methods among ids, keyed by id, share-locking the
// rows until q's transaction ends.
func (store) byIDForShare(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]ShippingMethod, error) {
	var rows []shippingMethodRow
	if err := sqlx.SelectContext(ctx, q, &rows, byIDForShareSQL, tenantID, db.Array(ids)); err != nil {
		return nil, fmt.Errorf("look up shipping methods: %w", err)
	}
	out := make(map[string]ShippingMethod, len(rows))
	for _, r := range rows {
		out[r.ID] = r.toShippingMethod()
	}
	return out, nil
}

// sortFields are the ShippingMethod properties a list can be sorted by.
var sortFields = map[string]string{
	"id":          "id",
	"name":        "lower(name)",
	"carrier":     "lower(carrier)",
	"createdUtc":  "created_utc",
	"modifiedUtc": "modified_utc",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "id"}

// list reads a page of shipping methods.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]ShippingMethod, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	if f.IsArchived != nil {
		lq.Where("is_archived = %s", *f.IsArchived)
	}
	if len(f.IDs) > 0 {
		lq.Where("id = ANY(%s)", db.Array(f.IDs))
	}
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	query, args := lq.SQL(`SELECT `+shippingMethodColumns+` FROM shipping_methods`, p)
	var rows []shippingMethodRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list shipping methods: %w", err)
	}
	out := make([]ShippingMethod, len(rows))
	for i, r := range rows {
		out[i] = r.toShippingMethod()
	}
	return out, nil
}

// NameSQL is the SQL expression of the name of the shipping method in the given tenant and
// id columns (NULL when none): a record of another area that shows the method's name reads
// it in the statement that reads the record.
func NameSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT sm.name FROM shipping_methods sm WHERE sm.tenant_id = %s AND sm.id = %s)`, tenantColumn, idColumn)
}

// VersionSQL is the SQL expression of the version of the shipping method in the given tenant
// and id columns (NULL when none), which the ETag of a record showing its name folds in.
func VersionSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT sm.version FROM shipping_methods sm WHERE sm.tenant_id = %s AND sm.id = %s)`, tenantColumn, idColumn)
}
