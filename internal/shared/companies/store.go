package companies

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type store struct{}

type companyRow struct {
	ID          string     `db:"id"`
	IsPrimary   bool       `db:"is_primary"`
	Name        string     `db:"name"`
	ShipTo      addressDoc `db:"ship_to"`
	RemitTo     addressDoc `db:"remit_to"`
	PhoneNumber *string    `db:"phone_number"`
	FaxNumber   *string    `db:"fax_number"`
	Email       *string    `db:"email"`
}

func (r companyRow) toCompany() Company {
	return Company{ID: r.ID, CompanyWrite: CompanyWrite{
		Name: r.Name, IsPrimary: r.IsPrimary, ShipTo: Address(r.ShipTo), RemitTo: Address(r.RemitTo),
		PhoneNumber: r.PhoneNumber, FaxNumber: r.FaxNumber, Email: r.Email,
	}}
}

// addressDoc is an Address as stored in a jsonb column, keyed by the API's member names
// (which the sort expressions below rely on); members without a value are left out.
type addressDoc struct {
	Name          *string `json:"name,omitempty"`
	Address1      *string `json:"address1,omitempty"`
	Address2      *string `json:"address2,omitempty"`
	Address3      *string `json:"address3,omitempty"`
	City          *string `json:"city,omitempty"`
	StateProvince *string `json:"stateProvince,omitempty"`
	PostalCode    *string `json:"postalCode,omitempty"`
	Country       *string `json:"country,omitempty"`
	Phone         *string `json:"phone,omitempty"`
	Email         *string `json:"email,omitempty"`
}

// addressMembers are the keys of addressDoc.
var addressMembers = []string{"name", "address1", "address2", "address3", "city", "stateProvince", "postalCode", "country", "phone", "email"}

func (d addressDoc) Value() (driver.Value, error) {
	b, err := json.Marshal(d)
	return string(b), err
}

func (d *addressDoc) Scan(src any) error {
	var b []byte
	switch v := src.(type) {
	case []byte:
		b = v
	case string:
		b = []byte(v)
	default:
		return fmt.Errorf("scan address: unexpected %T", src)
	}
	*d = addressDoc{}
	return json.Unmarshal(b, d)
}

const columns = `id, is_primary, name, ship_to, remit_to, phone_number, fax_number, email`

// lockWritesSQL serializes the company writes of one tenant for the rest of the transaction.
// A row lock cannot do it: making a company primary must see the primary another
// transaction is about to commit, and the unique index alone would make the loser fail
// instead of demoting the winner.
const lockWritesSQL = `SELECT pg_advisory_xact_lock(hashtextextended('companies:' || $1, 0))`

func (store) lockWrites(ctx context.Context, q db.Q, tenantID string) error {
	if _, err := q.ExecContext(ctx, lockWritesSQL, tenantID); err != nil {
		return fmt.Errorf("lock company writes: %w", err)
	}
	return nil
}

const demotePrimarySQL = `
UPDATE companies SET is_primary = false, modified_utc = now()
WHERE tenant_id = $1 AND is_primary AND id <> $2`

// demotePrimary makes every company of the tenant other than keepID not primary.
func (store) demotePrimary(ctx context.Context, q db.Q, tenantID, keepID string) error {
	if _, err := q.ExecContext(ctx, demotePrimarySQL, tenantID, keepID); err != nil {
		return fmt.Errorf("demote primary company: %w", err)
	}
	return nil
}

const insertSQL = `
INSERT INTO companies (tenant_id, id, is_primary, name, ship_to, remit_to, phone_number, fax_number, email)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`

func (store) insert(ctx context.Context, q db.Q, tenantID string, c Company) error {
	_, err := q.ExecContext(ctx, insertSQL, tenantID, c.ID, c.IsPrimary, c.Name,
		addressDoc(c.ShipTo), addressDoc(c.RemitTo), c.PhoneNumber, c.FaxNumber, c.Email)
	return writeErr(err)
}

const updateSQL = `
UPDATE companies SET is_primary = $3, name = $4, ship_to = $5, remit_to = $6,
       phone_number = $7, fax_number = $8, email = $9, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (store) update(ctx context.Context, q db.Q, tenantID string, c Company) error {
	res, err := q.ExecContext(ctx, updateSQL, tenantID, c.ID, c.IsPrimary, c.Name,
		addressDoc(c.ShipTo), addressDoc(c.RemitTo), c.PhoneNumber, c.FaxNumber, c.Email)
	if err != nil {
		return writeErr(err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return notFound(c.ID)
	}
	return nil
}

// writeErr maps the one-primary index. The service serializes writes so this should not
// happen; if it does, the client may retry.
func writeErr(err error) error {
	if _, dup := db.UniqueViolation(err); dup {
		return apperr.Field("isPrimary", "another company became primary at the same time; retry")
	}
	if err != nil {
		return fmt.Errorf("save company: %w", err)
	}
	return nil
}

const getSQL = `SELECT ` + columns + ` FROM companies WHERE tenant_id = $1 AND id = $2`

func (s store) get(ctx context.Context, q db.Q, tenantID, id string) (Company, error) {
	return s.getOne(ctx, q, getSQL, tenantID, id)
}

// getForUpdate reads a company and locks its row until the transaction ends.
func (s store) getForUpdate(ctx context.Context, q db.Q, tenantID, id string) (Company, error) {
	return s.getOne(ctx, q, getSQL+` FOR UPDATE`, tenantID, id)
}

func (store) getOne(ctx context.Context, q db.Q, query, tenantID, id string) (Company, error) {
	var r companyRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Company{}, notFound(id)
	}
	if err != nil {
		return Company{}, fmt.Errorf("get company: %w", err)
	}
	return r.toCompany(), nil
}

func notFound(id string) error { return apperr.NotFound("company %s not found", id) }

// sortFields are the CompanyInfo properties a list can be sorted by, including every
// address member (e.g. "shipToAddress.city").
var sortFields = func() map[string]string {
	f := map[string]string{
		"id":          "id",
		"name":        "lower(name)",
		"isPrimary":   "is_primary",
		"phoneNumber": "phone_number",
		"faxNumber":   "fax_number",
		"email":       "lower(email)",
	}
	for _, m := range addressMembers {
		f["shipToAddress."+m] = fmt.Sprintf("lower(ship_to->>'%s')", m)
		f["remitToAddress."+m] = fmt.Sprintf("lower(remit_to->>'%s')", m)
	}
	return f
}()

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "id"}

func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Company, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	if f.IsPrimary != nil {
		lq.Where("is_primary = %s", *f.IsPrimary)
	}
	query, args := lq.SQL(`SELECT `+columns+` FROM companies`, p)
	var rows []companyRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list companies: %w", err)
	}
	out := make([]Company, len(rows))
	for i, r := range rows {
		out[i] = r.toCompany()
	}
	return out, nil
}

const primarySQL = `SELECT ` + columns + ` FROM companies WHERE tenant_id = $1 AND is_primary`

// primary returns the tenant's primary company; found is false when none is primary.
func (store) primary(ctx context.Context, q db.Q, tenantID string) (c Company, found bool, err error) {
	var r companyRow
	err = sqlx.GetContext(ctx, q, &r, primarySQL, tenantID)
	if errors.Is(err, sql.ErrNoRows) {
		return Company{}, false, nil
	}
	if err != nil {
		return Company{}, false, fmt.Errorf("get primary company: %w", err)
	}
	return r.toCompany(), true, nil
}
