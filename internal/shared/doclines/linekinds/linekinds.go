// Package linekinds stores the line kinds every business document carries beside its part
// lines: fee lines, tax lines, the one discount line and credit lines (money given back). A
// document (sales quotes, sales orders, purchase orders, later invoices) declares its tables
// and hooks once (Declare) and
// serves the kinds' reads and writes through the Lines it gets, keeping only its handlers
// (whose generated shapes differ per document) as glue. The line maths stay in doclines.
//
// Every write runs in one transaction: it locks the active parent through the document's
// Lock hook (missing or deleted: NotFound), writes the line, then calls the document's
// Recompute hook, which stores the header's totals. Reads first call the Exists hook (a
// deleted document's lines stay readable) and find a line by (tenant, parent, id), so a line
// of another document or tenant is NotFound. Only the document areas may import it.
//
// Files: this one (the declaration), columns_store.go (the members a document adds to its
// lines), fee_lines_*.go, tax_lines_*.go, discount_line_*.go, credit_lines_*.go.
package linekinds

import (
	"context"
	"errors"
	"strings"

	"mos/internal/platform/conditional"
	"mos/internal/platform/db"
	pdec "mos/internal/platform/dec"
)

// dec is the decimal of money and rates.
type dec = pdec.Decimal

// Tables names a document's tables: each line table has tenant_id, the parent column, id and
// the members of its kind (the quote line tables are the model); the parent table has
// tenant_id, id, currency_code (which rounds a fee's subtotal), taxable_base (what tax lines
// apply to) and discount_total (what the discount line takes).
type Tables struct {
	// Parent is the document's table ("quotes") and ParentColumn the line tables' column
	// naming it ("quote_id").
	Parent       string
	ParentColumn string
	Fee          string
	Tax          string
	Discount     string
	// TaxRateKey is the unique constraint of a tax line table over (tenant, parent, tax
	// rate): a rate applies to a document once.
	TaxRateKey string
	// Noun names the document in errors ("quote", "sales order").
	Noun string
	// Credit describes the document's credit lines (credit_lines_*.go); zero when it has
	// none.
	Credit Credits
	// Columns are the members the document's fee, tax and discount lines carry beyond their
	// kind's; zero when they carry none.
	Columns Columns
	// TaxRateMember names the tax rate in the document's fee and tax line writes and their
	// errors; "taxRateId" when empty.
	TaxRateMember string
}

// Columns declares the members a document's fee, tax and discount lines carry beyond their
// kind's: each names a column of the line tables, or (where said) is an SQL expression over
// the document p. A member left empty reads as its zero (null, {} or false) and no write
// touches it, so a document declaring none keeps its lines exactly as the kinds define them.
type Columns struct {
	// Number: the line's number among the document's lines of its kind, 1, 2, 3 … in
	// creation order, assigned when the line is added (the one discount line is 1).
	Number string
	// ExternalReferences (jsonb, {} until written; fee line writes replace it under the
	// external references rules) and AccountingDetails (jsonb, null: none set) of every kind.
	ExternalReferences, AccountingDetails string
	// Description of tax and discount lines (fee lines always have one): null until written.
	Description string
	// OverrideTaxRate of fee lines: false while the line's tax rate is the one it was added
	// with; a write naming another tax rate sets it for good.
	OverrideTaxRate string
	// FeeOrigin of fee lines: the line of another document a fee line was copied from.
	FeeOrigin string
	// TaxRateEditable (a condition over p): whether the document's tax lines may change now.
	TaxRateEditable string
	// TaxAddress (a jsonb expression over p): the address the document's tax is worked out
	// for; null when none.
	TaxAddress string
}

// taxRateMember is the write member naming the tax rate of t's fee and tax lines.
func (t Tables) taxRateMember() string {
	if t.TaxRateMember == "" {
		return "taxRateId"
	}
	return t.TaxRateMember
}

// TaxRate is what a line copies of a tax rate when written.
type TaxRate struct {
	Name string
	Rate dec
}

// TaxRateLookup answers the tenant's usable tax rate id, share-locked until q's transaction
// ends: unknown is NotFound naming field, archived a 400 naming it.
type TaxRateLookup func(ctx context.Context, q db.Q, tenantID, field, id string) (TaxRate, error)

// UsableRates is the TaxRateLookup of a tax rate service whose Usable answers records of
// type R, with nameRate reading a record's name and percentage.
func UsableRates[R any](rates interface {
	Usable(ctx context.Context, q db.Q, tenantID, field string, ids []string) (map[string]R, error)
}, nameRate func(R) (string, dec)) TaxRateLookup {
	return func(ctx context.Context, q db.Q, tenantID, field, id string) (TaxRate, error) {
		found, err := rates.Usable(ctx, q, tenantID, field, []string{id})
		if err != nil {
			return TaxRate{}, err
		}
		name, rate := nameRate(found[id])
		return TaxRate{Name: name, Rate: rate}, nil
	}
}

// Declaration is a document's use of the line kinds: its tables and its hooks. P is the
// document's locked parent (what its recompute needs: id, status, currency...).
type Declaration[P any] struct {
	Tables Tables
	// Lock locks the tenant's active document parentID until q's transaction ends; a missing
	// or deleted document is NotFound.
	Lock func(ctx context.Context, q db.Q, tenantID, parentID string) (P, error)
	// Exists answers NotFound unless the tenant has document parentID, deleted or not.
	Exists func(ctx context.Context, q db.Q, tenantID, parentID string) error
	// Recompute stores the locked document's totals from its lines as they now stand; the
	// last step of every line write.
	Recompute func(ctx context.Context, q db.Q, tenantID string, parent P) error
	// TaxRates finds the tax rates fee and tax lines name.
	TaxRates TaxRateLookup
	// CreditLock, when set, locks the document for a credit line write in place of Lock: a
	// document whose credits are written in other statuses than its other lines (credits
	// come after ordering) refuses here, with a 400 naming status.
	CreditLock func(ctx context.Context, q db.Q, tenantID, parentID string) (P, error)
	// CreditReasons checks and names the reasons of credit lines, when Tables.Credit has a
	// ReasonColumn.
	CreditReasons ReasonLookup
}

// Lines serves a document's fee, tax and discount lines.
type Lines[P any] struct {
	pool *db.Pool
	d    Declaration[P]
	sql  statements
}

// Declare returns the line kinds of the document d declares, on pool: a document calls it
// once, when its service is built.
func Declare[P any](pool *db.Pool, d Declaration[P]) *Lines[P] {
	return &Lines[P]{pool: pool, d: d, sql: statementsFor(d.Tables)}
}

// errNoLine is a delete's answer when the document has no such line (204, not 404).
var errNoLine = errors.New("no such line")

// write runs one line write: lock, change, recompute, then read (when read is set), in one
// transaction.
func (l *Lines[P]) write(ctx context.Context, tenantID, parentID string, change func(q db.Q) error, read func(q db.Q) error) error {
	return l.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := l.d.Lock(ctx, q, tenantID, parentID)
		if err != nil {
			return err
		}
		if err := change(q); err != nil {
			return err
		}
		if err := l.d.Recompute(ctx, q, tenantID, parent); err != nil {
			return err
		}
		if read == nil {
			return nil
		}
		return read(q)
	})
}

// remove runs a delete through write; false when there was no line to delete.
func (l *Lines[P]) remove(ctx context.Context, tenantID, parentID string, del func(q db.Q) error) (bool, error) {
	return noLineIsFalse(l.write(ctx, tenantID, parentID, del, nil))
}

// noLineIsFalse is a delete's answer from its write's error: false without error when there
// was no line to delete.
func noLineIsFalse(err error) (bool, error) {
	if errors.Is(err, errNoLine) {
		return false, nil
	}
	return err == nil, err
}

// expand puts a document's tables into a statement template: the placeholders of its
// Columns first (columns_store.go), then {lines} is replaced by the kind's table, {parent} by the
// parent table, {parent_id} by the parent column.
func expand(t Tables, lines, template string) string {
	template = t.Columns.replacer().Replace(template)
	return strings.NewReplacer("{lines}", lines, "{parent}", t.Parent, "{parent_id}", t.ParentColumn).Replace(template)
}

// Operations are the operation ids of a document's line paths, per kind, for conditional
// requests.
type Operations struct {
	Fee, Tax, Discount []string
}

// ConditionalRecords declares the fee, tax and discount lines for conditional requests, keyed
// by path parameters lineItemId and parentParam. Each answer shows amounts read from its
// document (the currency that rounds a fee's subtotal, the taxable base a tax line is
// computed on, the discount total; a tax line's declared editability and address too), so
// the ETag follows them too.
func (t Tables) ConditionalRecords(parentParam string, ops Operations) []conditional.Record {
	taxShows := `p.taxable_base::text || ' ' || p.currency_code`
	if c := t.Columns; c.TaxRateEditable != "" || c.TaxAddress != "" {
		taxShows += ` || ' ' || COALESCE((` + exprOr(c.TaxRateEditable, "true") + `)::text, '') || ' ' || COALESCE((` + exprOr(c.TaxAddress, "NULL") + `)::text, '')`
	}
	shows := func(columns string) func() string {
		return func() string {
			return `(SELECT ` + columns + ` FROM ` + t.Parent + ` p WHERE p.tenant_id = t.tenant_id AND p.id = t.` + t.ParentColumn + `)`
		}
	}
	return []conditional.Record{
		{Table: t.Fee, Key: map[string]string{"id": "lineItemId", t.ParentColumn: parentParam},
			Shows: shows(`p.currency_code`), Operations: ops.Fee},
		{Table: t.Tax, Key: map[string]string{"id": "lineItemId", t.ParentColumn: parentParam},
			Shows: shows(taxShows), Operations: ops.Tax},
		{Table: t.Discount, Key: map[string]string{t.ParentColumn: parentParam},
			Shows: shows(`p.discount_total::text`), Operations: ops.Discount},
	}
}
