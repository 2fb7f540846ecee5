package vendors

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

type store struct{}

type vendorRow struct {
	ID           string `db:"id"`
	Name         string `db:"name"`
	CurrencyCode string `db:"currency_code"`
	Deleted      bool   `db:"deleted"`
}

func (r vendorRow) toVendor() Vendor { return Vendor(r) }

// nameTaken is the 400 for a name the live-name index refuses.
func nameTaken(name string) error {
	return apperr.Field("name", "a vendor named %q already exists", name)
}

const insertSQL = `
INSERT INTO vendors (tenant_id, id, name, currency_code) VALUES ($1, $2, $3, $4)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, w VendorWrite) error {
	_, err := q.ExecContext(ctx, insertSQL, tenantID, id, w.Name, w.CurrencyCode)
	if _, dup := db.UniqueViolation(err); dup {
		return nameTaken(w.Name)
	}
	if err != nil {
		return fmt.Errorf("insert vendor: %w", err)
	}
	return nil
}

const columns = `id, name, currency_code, deleted`

const updateSQL = `
UPDATE vendors SET name = $3, currency_code = $4, modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND NOT deleted
RETURNING ` + columns

func (store) update(ctx context.Context, q db.Q, tenantID, id string, w VendorWrite) (Vendor, error) {
	var r vendorRow
	err := sqlx.GetContext(ctx, q, &r, updateSQL, tenantID, id, w.Name, w.CurrencyCode)
	if _, dup := db.UniqueViolation(err); dup {
		return Vendor{}, nameTaken(w.Name)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return Vendor{}, apperr.NotFound("vendor %s not found", id)
	}
	if err != nil {
		return Vendor{}, fmt.Errorf("update vendor: %w", err)
	}
	return r.toVendor(), nil
}

const getSQL = `SELECT ` + columns + ` FROM vendors WHERE tenant_id = $1 AND id = $2`

func (store) get(ctx context.Context, q db.Q, tenantID, id string) (Vendor, error) {
	var r vendorRow
	err := sqlx.GetContext(ctx, q, &r, getSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Vendor{}, apperr.NotFound("vendor %s not found", id)
	}
	if err != nil {
		return Vendor{}, fmt.Errorf("get vendor: %w", err)
	}
	return r.toVendor(), nil
}

// sortFields are the Vendor properties a list can be sorted by.
var sortFields = map[string]string{
	"id":           "id",
	"name":         "lower(name)",
	"currencyCode": "currency_code",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "id"}

// VersionSQL is the SQL expression of the version of the vendor in the given tenant and id
// columns (NULL when there is none): a record of another area that shows the vendor or orders
// records by its name folds it into its ETag, so that the ETag changes when the vendor
// changes.
func VersionSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT v.version FROM vendors v WHERE v.tenant_id = %s AND v.id = %s)`, tenantColumn, idColumn)
}

// NameSQL is the SQL expression of the name of the vendor in the given tenant and id columns
// (NULL when there is none), deleted or not: a record of another area that shows the
// vendor's name reads it in the statement that reads the record.
func NameSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT v.name FROM vendors v WHERE v.tenant_id = %s AND v.id = %s)`, tenantColumn, idColumn)
}

// CurrencySQL is the SQL expression of the currency code of the vendor in the given tenant
// and id columns (NULL when there is none), read as NameSQL is.
func CurrencySQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT v.currency_code FROM vendors v WHERE v.tenant_id = %s AND v.id = %s)`, tenantColumn, idColumn)
}

// NameSortSQL is the SQL expression another area's list sorts by to order its records by
// the name of the vendor they refer to (as this list sorts names), given its tenant and
// vendor id columns; NULL when there is none.
func NameSortSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT lower(v.name) FROM vendors v WHERE v.tenant_id = %s AND v.id = %s)`, tenantColumn, idColumn)
}

// list reads the page p of the vendors matching f, one at a time.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, includeDeleted bool, p listing.Page) (*db.Cursor[Vendor], error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	if !includeDeleted {
		lq.Where("deleted = %s", false)
	}
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.IDs != nil {
		lq.Where("id = ANY(%s)", db.Array(f.IDs))
	}
	query, args := lq.SQL(`SELECT `+columns+` FROM vendors`, p)
	cur, err := db.Query(ctx, q, scanVendor, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list vendors: %w", err)
	}
	return cur, nil
}

func scanVendor(rows *sqlx.Rows) (Vendor, error) {
	var r vendorRow
	if err := rows.StructScan(&r); err != nil {
		return Vendor{}, fmt.Errorf("read vendor: %w", err)
	}
	return r.toVendor(), nil
}
