package taxrates

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

type store struct{}

type taxRateRow struct {
	ID          string      `db:"id"`
	Name        string      `db:"name"`
	Rate        dec.Decimal `db:"rate"`
	Description *string     `db:"description"`
	IsArchived  bool        `db:"is_archived"`
	CreatedUtc  time.Time   `db:"created_utc"`
	ModifiedUtc time.Time   `db:"modified_utc"`
}

func (r taxRateRow) toTaxRate() TaxRate {
	return TaxRate{
		ID:         r.ID,
		Write:      Write{Name: r.Name, Rate: r.Rate, Description: r.Description, IsArchived: r.IsArchived},
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

const taxRateColumns = `id, name, rate, description, is_archived, created_utc, modified_utc`

const insertTaxRateSQL = `
INSERT INTO tax_rates (tenant_id, id, name, rate, description, is_archived)
VALUES ($1, $2, $3, $4, $5, $6)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, w Write) error {
	_, err := q.ExecContext(ctx, insertTaxRateSQL, tenantID, id, w.Name, w.Rate, w.Description, w.IsArchived)
	return writeErr(err, w)
}

const updateTaxRateSQL = `
UPDATE tax_rates SET name = $3, rate = $4, description = $5, is_archived = $6, modified_utc = now()
WHERE tenant_id = $1 AND id = $2
RETURNING id`

// update replaces every member of a tax rate; none is NotFound.
func (store) update(ctx context.Context, q db.Q, tenantID, id string, w Write) error {
	var got string
	err := q.QueryRowxContext(ctx, updateTaxRateSQL, tenantID, id, w.Name, w.Rate, w.Description, w.IsArchived).Scan(&got)
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
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "tax_rates_name_key" {
		return apperr.Field("name", "a tax rate named %q already exists", w.Name)
	}
	return fmt.Errorf("save tax rate: %w", err)
}

const getTaxRateSQL = `SELECT ` + taxRateColumns + ` FROM tax_rates WHERE tenant_id = $1 AND id = $2`

// get reads a tax rate, archived or not.
func (store) get(ctx context.Context, q db.Q, tenantID, id string) (TaxRate, error) {
	var r taxRateRow
	err := sqlx.GetContext(ctx, q, &r, getTaxRateSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return TaxRate{}, notFound(id)
	}
	if err != nil {
		return TaxRate{}, fmt.Errorf("get tax rate: %w", err)
	}
	return r.toTaxRate(), nil
}

func notFound(id string) error { return apperr.NotFound("tax rate %s not found", id) }

const byIDForShareSQL = `
SELECT ` + taxRateColumns + ` FROM tax_rates WHERE tenant_id = $1 AND id = ANY($2) FOR SHARE`

// byIDForShare answers the tenant's tax rates among ids, keyed by id, share-locking the rows
// until q's transaction ends.
func (store) byIDForShare(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]TaxRate, error) {
	var rows []taxRateRow
	if err := sqlx.SelectContext(ctx, q, &rows, byIDForShareSQL, tenantID, db.Array(ids)); err != nil {
		return nil, fmt.Errorf("look up tax rates: %w", err)
	}
	out := make(map[string]TaxRate, len(rows))
	for _, r := range rows {
		out[r.ID] = r.toTaxRate()
	}
	return out, nil
}

// sortFields are the TaxRate properties a list can be sorted by.
var sortFields = map[string]string{
	"id":          "id",
	"name":        "lower(name)",
	"rate":        "rate",
	"createdUtc":  "created_utc",
	"modifiedUtc": "modified_utc",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "id"}

// list reads a page of tax rates.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]TaxRate, error) {
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
	query, args := lq.SQL(`SELECT `+taxRateColumns+` FROM tax_rates`, p)
	var rows []taxRateRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list tax rates: %w", err)
	}
	out := make([]TaxRate, len(rows))
	for i, r := range rows {
		out[i] = r.toTaxRate()
	}
	return out, nil
}
