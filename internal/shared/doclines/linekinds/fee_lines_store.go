package linekinds

import (
	"context"
	"fmt"
	"time"

	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

// feeStore is a document's fee line table.
type feeStore struct {
	t   Tables
	sql *statements
}

func (l *Lines[P]) fees() feeStore { return feeStore{t: l.d.Tables, sql: &l.sql} }

type feeLineRow struct {
	ID          string    `db:"id"`
	ParentID    string    `db:"parent_id"`
	Name        string    `db:"name"`
	Description *string   `db:"description"`
	Amount      dec       `db:"amount"`
	IsTaxable   bool      `db:"is_taxable"`
	TaxRateID   *string   `db:"tax_rate_id"`
	TaxRate     dec       `db:"tax_rate"`
	Currency    string    `db:"currency_code"`
	CreatedUtc  time.Time `db:"created_utc"`
	ModifiedUtc time.Time `db:"modified_utc"`
	detailsRow
	OverrideTaxRate bool    `db:"override_tax_rate"`
	OriginID        *string `db:"origin_id"`
}

func (r feeLineRow) toFeeLine() FeeLine {
	return FeeLine{
		ID: r.ID, ParentID: r.ParentID,
		FeeLineWrite: FeeLineWrite{Name: r.Name, Description: r.Description, Amount: r.Amount, IsTaxable: r.IsTaxable, TaxRateID: r.TaxRateID,
			ExternalReferences: r.ExternalReferences},
		TaxRate: r.TaxRate, SubTotal: FeeSubTotal(r.Amount, r.Currency),
		LineDetails: r.details(), OverrideTaxRate: r.OverrideTaxRate, OriginID: r.OriginID,
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

// feeSelectSQL reads fee lines (l) with their document's currency (p), which rounds their
// subtotal, and the members the document declares (Columns); a read or list adds its WHERE.
const feeSelectSQL = `SELECT l.id, l.{parent_id} AS parent_id, l.name, l.description, l.amount, l.is_taxable,
       l.tax_rate_id, l.tax_rate, p.currency_code, l.created_utc, l.modified_utc{fee_columns}
FROM {lines} l JOIN {parent} p ON p.tenant_id = l.tenant_id AND p.id = l.{parent_id}`

const insertFeeSQL = `
INSERT INTO {lines} (tenant_id, {parent_id}, id, name, description, amount, is_taxable, tax_rate_id, tax_rate{refs_column}{number_column})
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9{fee_refs_value}{number_next})`

func (s feeStore) insert(ctx context.Context, q db.Q, tenantID, parentID, id string, w FeeLineWrite, rate dec) error {
	_, err := q.ExecContext(ctx, s.sql.insertFee, s.args(tenantID, parentID, id, w, rate)...)
	if err != nil {
		return fmt.Errorf("insert %s fee line: %w", s.t.Noun, err)
	}
	return nil
}

const updateFeeSQL = `
UPDATE {lines}
SET name = $4, description = $5, amount = $6, is_taxable = $7, tax_rate_id = $8, tax_rate = $9{fee_set}, modified_utc = now()
WHERE tenant_id = $1 AND {parent_id} = $2 AND id = $3`

// args are the parameters of a fee insert or update: the external references tenth when the
// document stores them.
func (s feeStore) args(tenantID, parentID, id string, w FeeLineWrite, rate dec) []any {
	args := []any{tenantID, parentID, id, w.Name, w.Description, w.Amount, w.IsTaxable, w.TaxRateID, rate}
	if s.t.Columns.writesRefs() {
		args = append(args, w.ExternalReferences)
	}
	return args
}

// update replaces a fee line's members; a line not of the document is NotFound.
func (s feeStore) update(ctx context.Context, q db.Q, tenantID, parentID, id string, w FeeLineWrite, rate dec) error {
	res, err := q.ExecContext(ctx, s.sql.updateFee, s.args(tenantID, parentID, id, w, rate)...)
	if err != nil {
		return fmt.Errorf("update %s fee line: %w", s.t.Noun, err)
	}
	return updated(res, s.t.Noun+" fee line", s.notFound(parentID, id))
}

// delete answers errNoLine when the document has no such fee line.
func (s feeStore) delete(ctx context.Context, q db.Q, tenantID, parentID, id string) error {
	return deleteLine(ctx, q, s.sql.deleteFee, s.t.Noun+" fee line", tenantID, parentID, id)
}

func (s feeStore) get(ctx context.Context, q db.Q, tenantID, parentID, id string) (FeeLine, error) {
	return readLine(ctx, q, feeLineRow.toFeeLine, s.notFound(parentID, id), s.t.Noun+" fee line", s.sql.feeGet, tenantID, parentID, id)
}

func (s feeStore) notFound(parentID, id string) error {
	return apperr.NotFound("fee line %s of %s %s not found", id, s.t.Noun, parentID)
}

// feeLineListSpec sorts fee lists: by these properties, oldest first by default.
var feeLineListSpec = listing.Spec{Fields: map[string]string{
	"id":          "l.id",
	"name":        "lower(l.name)",
	"amount":      "l.amount",
	"createdUtc":  "l.created_utc",
	"modifiedUtc": "l.modified_utc",
}, Default: "createdUtc", IDColumn: "l.id"}

func (s feeStore) list(ctx context.Context, q db.Q, tenantID, parentID string, f LineFilter, p listing.Page) ([]FeeLine, error) {
	query, args := linesQuery(s.t, s.sql.feeSelect, tenantID, parentID, f, p)
	return readLines(ctx, q, feeLineRow.toFeeLine, s.t.Noun+" fee lines", query, args...)
}

// linesQuery is a fee or tax line list of one document: selectSQL filtered by f, paged by p.
func linesQuery(t Tables, selectSQL, tenantID, parentID string, f LineFilter, p listing.Page) (string, []any) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	lq.Where("l."+t.ParentColumn+" = %s", parentID)
	if f.IDs != nil {
		lq.Where("l.id = ANY(%s)", pq.StringArray(f.IDs))
	}
	return lq.SQL(selectSQL, p)
}
