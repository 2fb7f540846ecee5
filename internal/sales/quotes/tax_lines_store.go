package quotes

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
)

type taxLineStore struct{}

type taxLineRow struct {
	ID          string    `db:"id"`
	QuoteID     string    `db:"quote_id"`
	TaxRateID   string    `db:"tax_rate_id"`
	Name        string    `db:"name"`
	Rate        dec       `db:"rate"`
	TaxableBase dec       `db:"taxable_base"`
	Currency    string    `db:"currency_code"`
	CreatedUtc  time.Time `db:"created_utc"`
	ModifiedUtc time.Time `db:"modified_utc"`
}

func (r taxLineRow) toTaxLine() TaxLine {
	return TaxLine{
		ID: r.ID, QuoteID: r.QuoteID, TaxRateID: r.TaxRateID, Name: r.Name, Rate: r.Rate,
		TaxableBase: r.TaxableBase, Amount: taxLineAmount(r.TaxableBase, r.Rate, r.Currency),
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

// taxLineColumns are a tax line's columns (l) with its quote's stored taxable base and
// currency (q), which give its amount.
const taxLineColumns = `l.id, l.quote_id, l.tax_rate_id, l.name, l.rate, q.taxable_base, q.currency_code,
       l.created_utc, l.modified_utc`

const taxLineFrom = ` FROM quote_tax_lines l JOIN quotes q ON q.tenant_id = l.tenant_id AND q.id = l.quote_id`

const insertTaxLineSQL = `
INSERT INTO quote_tax_lines (tenant_id, quote_id, id, tax_rate_id, name, rate)
VALUES ($1, $2, $3, $4, $5, $6)`

func (taxLineStore) insert(ctx context.Context, q db.Q, tenantID, quoteID, id, taxRateID, name string, rate dec) error {
	_, err := q.ExecContext(ctx, insertTaxLineSQL, tenantID, quoteID, id, taxRateID, name, rate)
	return taxLineWriteErr(err, taxRateID)
}

const updateTaxLineSQL = `
UPDATE quote_tax_lines SET tax_rate_id = $4, name = $5, rate = $6, modified_utc = now()
WHERE tenant_id = $1 AND quote_id = $2 AND id = $3`

// update replaces a tax line's tax rate; a line not of the quote is NotFound.
func (taxLineStore) update(ctx context.Context, q db.Q, tenantID, quoteID, id, taxRateID, name string, rate dec) error {
	res, err := q.ExecContext(ctx, updateTaxLineSQL, tenantID, quoteID, id, taxRateID, name, rate)
	if err != nil {
		return taxLineWriteErr(err, taxRateID)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("update quote tax line: %w", err)
	} else if n == 0 {
		return taxLineNotFound(quoteID, id)
	}
	return nil
}

// taxLineWriteErr turns the unique index of a quote's tax rates into the client's 400.
func taxLineWriteErr(err error, taxRateID string) error {
	if err == nil {
		return nil
	}
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "quote_tax_lines_rate_key" {
		return apperr.Field("taxRateId", "tax rate %s already applies to the quote", taxRateID)
	}
	return fmt.Errorf("save quote tax line: %w", err)
}

const deleteTaxLineSQL = `DELETE FROM quote_tax_lines WHERE tenant_id = $1 AND quote_id = $2 AND id = $3`

// delete answers errNoLine when the quote has no such tax line.
func (taxLineStore) delete(ctx context.Context, q db.Q, tenantID, quoteID, id string) error {
	return deleteLine(ctx, q, deleteTaxLineSQL, "quote tax line", tenantID, quoteID, id)
}

const getTaxLineSQL = `SELECT ` + taxLineColumns + taxLineFrom + `
WHERE l.tenant_id = $1 AND l.quote_id = $2 AND l.id = $3`

func (taxLineStore) get(ctx context.Context, q db.Q, tenantID, quoteID, id string) (TaxLine, error) {
	var r taxLineRow
	err := sqlx.GetContext(ctx, q, &r, getTaxLineSQL, tenantID, quoteID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return TaxLine{}, taxLineNotFound(quoteID, id)
	}
	if err != nil {
		return TaxLine{}, fmt.Errorf("get quote tax line: %w", err)
	}
	return r.toTaxLine(), nil
}

func taxLineNotFound(quoteID, id string) error {
	return apperr.NotFound("tax line %s of quote %s not found", id, quoteID)
}

// taxLineSortFields are the tax line properties a list can be sorted by.
var taxLineSortFields = map[string]string{
	"id":          "l.id",
	"name":        "lower(l.name)",
	"rate":        "l.rate",
	"createdUtc":  "l.created_utc",
	"modifiedUtc": "l.modified_utc",
}

var taxLineListSpec = listing.Spec{Fields: taxLineSortFields, Default: "createdUtc", IDColumn: "l.id"}

func (taxLineStore) list(ctx context.Context, q db.Q, tenantID, quoteID string, f LineFilter, p listing.Page) ([]TaxLine, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	lq.Where("l.quote_id = %s", quoteID)
	if f.IDs != nil {
		lq.Where("l.id = ANY(%s)", pq.StringArray(f.IDs))
	}
	query, args := lq.SQL(`SELECT `+taxLineColumns+taxLineFrom, p)
	var rows []taxLineRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list quote tax lines: %w", err)
	}
	out := make([]TaxLine, len(rows))
	for i, r := range rows {
		out[i] = r.toTaxLine()
	}
	return out, nil
}
