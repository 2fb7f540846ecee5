package vendors

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/shared/customfields"
)

type store struct{}

type vendorRow struct {
	ID                 string              `db:"id"`
	Name               string              `db:"name"`
	Code               *string             `db:"code"`
	CurrencyCode       string              `db:"currency_code"`
	PaymentTermsID     *string             `db:"payment_terms_id"`
	LeadTimeInDays     sql.NullInt64       `db:"lead_time_in_days"`
	Notes              *string             `db:"notes"`
	Website            *string             `db:"website"`
	Phone              *string             `db:"phone"`
	Email              *string             `db:"email"`
	ExternalReferences extref.References   `db:"external_references"`
	CustomFields       customfields.Column `db:"custom_fields"`
	Deleted            bool                `db:"deleted"`
	CreatedUtc         time.Time           `db:"created_utc"`
	ModifiedUtc        time.Time           `db:"modified_utc"`
}

func (r vendorRow) toVendor() Vendor {
	v := Vendor{ID: r.ID, Name: r.Name, Code: r.Code, CurrencyCode: r.CurrencyCode, PaymentTermsID: r.PaymentTermsID,
		Notes: r.Notes, Website: r.Website, Phone: r.Phone, Email: r.Email,
		ExternalReferences: r.ExternalReferences, CustomFields: r.CustomFields,
		Deleted: r.Deleted, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc}
	if r.LeadTimeInDays.Valid {
		days := int(r.LeadTimeInDays.Int64)
		v.LeadTimeInDays = &days
	}
	return v
}

// writeErr turns the constraints a write can break into the client's errors: a taken name
// or code is a 400 naming the field; payment terms the tenant does not have are a 404
// naming paymentTermsId.
func writeErr(err error, w VendorWrite) error {
	if constraint, dup := db.UniqueViolation(err); dup {
		switch constraint {
		case "vendors_name_key":
			return apperr.Field("name", "a vendor named %q already exists", w.Name)
		case "vendors_code_key":
			return apperr.Field("code", "a vendor with code %q already exists", orEmpty(w.Code))
		}
	}
	if constraint, ok := db.ForeignKeyViolation(err); ok && constraint == "vendors_payment_terms_fkey" {
		fields := apperr.Fields{}
		fields.Add("paymentTermsId", "payment terms %s not found", orEmpty(w.PaymentTermsID))
		return fields.NotFoundErr()
	}
	if err != nil && !apperr.IsKind(err, apperr.KindNotFound) {
		return fmt.Errorf("save vendor: %w", err)
	}
	return err
}

func orEmpty(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// writeArgs are the bind parameters $3 to $13 of insertSQL and updateSQL, in column order.
func writeArgs(w VendorWrite) []any {
	return []any{w.Name, w.Code, w.CurrencyCode, w.PaymentTermsID, w.LeadTimeInDays, w.Notes, w.Website,
		w.Phone, w.Email, w.ExternalReferences, customfields.Column(w.CustomFields)}
}

const insertSQL = `
INSERT INTO vendors (tenant_id, id, name, code, currency_code, payment_terms_id, lead_time_in_days, notes,
       website, phone, email, external_references, custom_fields)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, w VendorWrite) error {
	_, err := q.ExecContext(ctx, insertSQL, append([]any{tenantID, id}, writeArgs(w)...)...)
	return writeErr(err, w)
}

const columns = `id, name, code, currency_code, payment_terms_id, lead_time_in_days, notes, website, phone, email,
       external_references, custom_fields, deleted, created_utc, modified_utc`

const updateSQL = `
UPDATE vendors SET name = $3, code = $4, currency_code = $5, payment_terms_id = $6, lead_time_in_days = $7,
       notes = $8, website = $9, phone = $10, email = $11, external_references = $12, custom_fields = $13,
       modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND NOT deleted
RETURNING ` + columns

func (s store) update(ctx context.Context, q db.Q, tenantID, id string, w VendorWrite) (Vendor, error) {
	v, err := s.getOne(ctx, q, id, updateSQL, append([]any{tenantID, id}, writeArgs(w)...)...)
	if err != nil {
		return Vendor{}, writeErr(err, w)
	}
	return v, nil
}

const getSQL = `SELECT ` + columns + ` FROM vendors WHERE tenant_id = $1 AND id = $2`

func (s store) get(ctx context.Context, q db.Q, tenantID, id string) (Vendor, error) {
	return s.getOne(ctx, q, id, getSQL, tenantID, id)
}

const getLiveForUpdateSQL = `SELECT ` + columns + ` FROM vendors WHERE tenant_id = $1 AND id = $2 AND NOT deleted FOR UPDATE`

// getLiveForUpdate reads a live vendor and locks its row until the transaction ends; a
// deleted vendor is NotFound.
func (s store) getLiveForUpdate(ctx context.Context, q db.Q, tenantID, id string) (Vendor, error) {
	return s.getOne(ctx, q, id, getLiveForUpdateSQL, tenantID, id)
}

// getOne runs a query answering vendor id's row; no row is NotFound.
func (store) getOne(ctx context.Context, q db.Q, id, query string, args ...any) (Vendor, error) {
	var r vendorRow
	err := sqlx.GetContext(ctx, q, &r, query, args...)
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
	"id":             "id",
	"name":           "lower(name)",
	"code":           "lower(code)",
	"currencyCode":   "currency_code",
	"leadTimeInDays": "lead_time_in_days",
	"createdUtc":     "created_utc",
	"modifiedUtc":    "modified_utc",
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
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) (*db.Cursor[Vendor], error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	if !f.IncludeDeleted {
		lq.Where("deleted = %s", false)
	}
	if f.Name != nil {
		lq.Where("name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.IDs != nil {
		lq.Where("id = ANY(%s)", db.Array(f.IDs))
	}
	if f.Code != nil {
		lq.Where("lower(code) = %s", strings.ToLower(*f.Code))
	}
	listing.IfSet(lq, "modified_utc > %s", f.ModifiedAfterUtc)
	if err := extref.Narrow(lq, "external_references", f.ExternalReference); err != nil {
		return nil, err
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
