package linekinds

import (
	"context"
	"fmt"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

// taxStore is a document's tax line table.
type taxStore struct {
	t   Tables
	sql *statements
}

func (l *Lines[P]) taxes() taxStore { return taxStore{t: l.d.Tables, sql: &l.sql} }

type taxLineRow struct {
	ID          string    `db:"id"`
	ParentID    string    `db:"parent_id"`
	TaxRateID   string    `db:"tax_rate_id"`
	Name        string    `db:"name"`
	Rate        dec       `db:"rate"`
	TaxableBase dec       `db:"taxable_base"`
	Currency    string    `db:"currency_code"`
	CreatedUtc  time.Time `db:"created_utc"`
	ModifiedUtc time.Time `db:"modified_utc"`
	detailsRow
	Description     *string    `db:"description"`
	TaxRateEditable bool       `db:"tax_rate_editable"`
	TaxAddress      taxAddress `db:"tax_address"`
}

func (r taxLineRow) toTaxLine() TaxLine {
	return TaxLine{
		ID: r.ID, ParentID: r.ParentID, TaxRateID: r.TaxRateID, Name: r.Name, Rate: r.Rate,
		TaxableBase: r.TaxableBase, Amount: TaxLineAmount(r.TaxableBase, r.Rate, r.Currency),
		LineDetails: r.details(), Description: r.Description, ExternalReferences: r.ExternalReferences,
		TaxRateEditable: r.TaxRateEditable, TaxAddress: r.TaxAddress.a,
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

// taxSelectSQL reads tax lines (l) with their document's stored taxable base and currency
// (p), which give their amount, and the members the document declares (Columns); a read or
// list adds its WHERE.
const taxSelectSQL = `SELECT l.id, l.{parent_id} AS parent_id, l.tax_rate_id, l.name, l.rate, p.taxable_base,
       p.currency_code, l.created_utc, l.modified_utc{tax_columns}
FROM {lines} l JOIN {parent} p ON p.tenant_id = l.tenant_id AND p.id = l.{parent_id}`

const insertTaxSQL = `
INSERT INTO {lines} (tenant_id, {parent_id}, id, tax_rate_id, name, rate{number_column})
VALUES ($1, $2, $3, $4, $5, $6{number_next})`

func (s taxStore) insert(ctx context.Context, q db.Q, tenantID, parentID, id, taxRateID string, r TaxRate) error {
	_, err := q.ExecContext(ctx, s.sql.insertTax, tenantID, parentID, id, taxRateID, r.Name, r.Rate)
	return s.writeErr(err, taxRateID)
}

const updateTaxSQL = `
UPDATE {lines} SET tax_rate_id = $4, name = $5, rate = $6, modified_utc = now()
WHERE tenant_id = $1 AND {parent_id} = $2 AND id = $3`

// update replaces a tax line's tax rate; a line not of the document is NotFound.
func (s taxStore) update(ctx context.Context, q db.Q, tenantID, parentID, id, taxRateID string, r TaxRate) error {
	res, err := q.ExecContext(ctx, s.sql.updateTax, tenantID, parentID, id, taxRateID, r.Name, r.Rate)
	if err != nil {
		return s.writeErr(err, taxRateID)
	}
	return updated(res, s.t.Noun+" tax line", s.notFound(parentID, id))
}

// writeErr turns the unique index of a document's tax rates into the client's 400.
func (s taxStore) writeErr(err error, taxRateID string) error {
	if err == nil {
		return nil
	}
	if constraint, ok := db.UniqueViolation(err); ok && constraint == s.t.TaxRateKey {
		return apperr.Field(s.t.taxRateMember(), "tax rate %s already applies to the %s", taxRateID, s.t.Noun)
	}
	return fmt.Errorf("save %s tax line: %w", s.t.Noun, err)
}

// delete answers errNoLine when the document has no such tax line.
func (s taxStore) delete(ctx context.Context, q db.Q, tenantID, parentID, id string) error {
	return deleteLine(ctx, q, s.sql.deleteTax, s.t.Noun+" tax line", tenantID, parentID, id)
}

func (s taxStore) get(ctx context.Context, q db.Q, tenantID, parentID, id string) (TaxLine, error) {
	return readLine(ctx, q, taxLineRow.toTaxLine, s.notFound(parentID, id), s.t.Noun+" tax line", s.sql.taxGet, tenantID, parentID, id)
}

func (s taxStore) notFound(parentID, id string) error {
	return apperr.NotFound("tax line %s of %s %s not found", id, s.t.Noun, parentID)
}

// taxLineListSpec sorts tax lists: by these properties, oldest first by default.
var taxLineListSpec = listing.Spec{Fields: map[string]string{
	"id":          "l.id",
	"name":        "lower(l.name)",
	"rate":        "l.rate",
	"createdUtc":  "l.created_utc",
	"modifiedUtc": "l.modified_utc",
}, Default: "createdUtc", IDColumn: "l.id"}

func (s taxStore) list(ctx context.Context, q db.Q, tenantID, parentID string, f LineFilter, p listing.Page) ([]TaxLine, error) {
	query, args := linesQuery(s.t, s.sql.taxSelect, tenantID, parentID, f, p)
	return readLines(ctx, q, taxLineRow.toTaxLine, s.t.Noun+" tax lines", query, args...)
}
