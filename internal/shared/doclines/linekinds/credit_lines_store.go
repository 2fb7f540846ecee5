package linekinds

import (
	"context"
	"fmt"
	"strings"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/conditional"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
)

// creditStore is a document's credit line table.
type creditStore struct {
	t   Tables
	sql *statements
}

func (l *Lines[P]) credits() creditStore { return creditStore{t: l.d.Tables, sql: &l.sql} }

type creditLineRow struct {
	ID                 string            `db:"id"`
	ParentID           string            `db:"parent_id"`
	ReasonID           string            `db:"reason_id"`
	PartLineID         *string           `db:"part_line_id"`
	Amount             dec               `db:"amount"`
	Description        *string           `db:"description"`
	Currency           string            `db:"currency_code"`
	CreatedUtc         time.Time         `db:"created_utc"`
	ModifiedUtc        time.Time         `db:"modified_utc"`
	Number             int               `db:"line_number"`
	Name               *string           `db:"name"`
	ExternalReferences extref.References `db:"external_references"`
	CopiedFrom         *string           `db:"copied_from"`
	AccountingDetails  AccountingDetails `db:"accounting_details"`
}

func (r creditLineRow) toCreditLine() CreditLine {
	return CreditLine{
		ID: r.ID, ParentID: r.ParentID,
		CreditLineWrite: CreditLineWrite{ReasonID: r.ReasonID, PartLineID: r.PartLineID, Amount: r.Amount, Description: r.Description,
			Name: r.Name, ExternalReferences: r.ExternalReferences},
		Number: r.Number, CopiedFrom: r.CopiedFrom, Accounting: r.AccountingDetails,
		SubTotal: FeeSubTotal(r.Amount, r.Currency), CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

// creditSelectSQL reads credit lines (l) with their document's currency (p), which rounds
// their subtotal; {reason} is the reason column, or ” without one; {number}, {name},
// {external_references} and {copied_from} are the optional members' columns (l.column) or
// their zero values; {accounting} is the part line's (pl, joined by {part_join}) accounting
// details, or a null jsonb. A read or list adds its WHERE.
const creditSelectSQL = `SELECT l.id, l.{parent_id} AS parent_id, {reason} AS reason_id, l.part_line_id, l.amount,
       l.description, p.currency_code, l.created_utc, l.modified_utc, {number} AS line_number, {name} AS name,
       {external_references} AS external_references, {copied_from} AS copied_from,
       {accounting} AS accounting_details
FROM {lines} l JOIN {parent} p ON p.tenant_id = l.tenant_id AND p.id = l.{parent_id}{part_join}`

// insertCreditSQL and updateCreditSQL take the written optional columns ({columns},
// {values}, {sets}: the reason, the name, the external references, each declared) as $7
// on; a numbered insert ({number_with}) takes the parent's next number.
const insertCreditSQL = `{number_with}
INSERT INTO {lines} (tenant_id, {parent_id}, id, part_line_id, amount, description{columns})
VALUES ($1, $2, $3, $4, $5, $6{values})`

const updateCreditSQL = `
UPDATE {lines} SET part_line_id = $4, amount = $5, description = $6{sets}, modified_utc = now()
WHERE tenant_id = $1 AND {parent_id} = $2 AND id = $3`

// creditNumberSQL advances the parent's last credit line number ({last_number}), the parent
// locked by the write: the insert takes it.
const creditNumberSQL = `WITH next_number AS (
    UPDATE {parent} SET {last_number} = {last_number} + 1 WHERE tenant_id = $1 AND id = $2 RETURNING {last_number} AS n)`

// creditPartLineSQL finds a part line of the document ({part_lines}: its part line table).
const creditPartLineSQL = `SELECT EXISTS (SELECT 1 FROM {part_lines} WHERE tenant_id = $1 AND {parent_id} = $2 AND id = $3)`

// creditTotalsSQL reads the document's stored credit total ({credit_total}) and total.
const creditTotalsSQL = `SELECT {credit_total} AS credit_total, total FROM {parent} WHERE tenant_id = $1 AND id = $2`

// creditTemplate puts the credit members of t into template, before expand.
func creditTemplate(t Tables, template string) string {
	c, f := t.Credit, t.Credit.Fields
	reason := `''`
	if c.ReasonColumn != "" {
		reason = "l." + c.ReasonColumn
	}
	var columns, values, sets strings.Builder
	for i, column := range c.writtenColumns() {
		fmt.Fprintf(&columns, ", %s", column)
		fmt.Fprintf(&values, ", $%d", 7+i)
		fmt.Fprintf(&sets, ", %s = $%d", column, 7+i)
	}
	numberWith := ""
	if f.NumberColumn != "" {
		numberWith = creditNumberSQL
		fmt.Fprintf(&columns, ", %s", f.NumberColumn)
		values.WriteString(", (SELECT n FROM next_number)")
	}
	accounting, partJoin := "NULL::jsonb", ""
	if f.PartLineAccountingColumn != "" {
		accounting = "pl." + f.PartLineAccountingColumn
		partJoin = "\nLEFT JOIN {part_lines} pl ON pl.tenant_id = l.tenant_id AND pl.id = l.part_line_id"
	}
	column := func(name, zero string) string {
		if name == "" {
			return zero
		}
		return "l." + name
	}
	return expand(t, c.Table, strings.NewReplacer("{reason}", reason, "{columns}", columns.String(), "{values}", values.String(),
		"{sets}", sets.String(), "{last_number}", f.LastNumberColumn,
		"{number}", column(f.NumberColumn, "0"), "{name}", column(f.NameColumn, "NULL::text"),
		"{external_references}", column(f.ExternalReferencesColumn, "jsonb_build_object()"),
		"{copied_from}", column(f.CopiedFromColumn, "NULL::text"), "{accounting}", accounting,
		"{part_lines}", c.PartLines, "{credit_total}", c.TotalColumn).Replace(
		strings.NewReplacer("{part_join}", partJoin, "{number_with}", numberWith).Replace(template)))
}

// writtenColumns are the optional columns a write sets, in the order of its arguments after
// the description: the reason, the name and the external references, each when declared.
func (c Credits) writtenColumns() []string {
	var out []string
	for _, column := range []string{c.ReasonColumn, c.Fields.NameColumn, c.Fields.ExternalReferencesColumn} {
		if column != "" {
			out = append(out, column)
		}
	}
	return out
}

// args are a write's arguments after tenant, parent and id: part line, amount, description,
// then the values of writtenColumns.
func (s creditStore) args(tenantID, parentID, id string, w CreditLineWrite) []any {
	args := []any{tenantID, parentID, id, w.PartLineID, w.Amount, w.Description}
	c := s.t.Credit
	if c.ReasonColumn != "" {
		args = append(args, w.ReasonID)
	}
	if c.Fields.NameColumn != "" {
		args = append(args, w.Name)
	}
	if c.Fields.ExternalReferencesColumn != "" {
		args = append(args, w.ExternalReferences)
	}
	return args
}

func (s creditStore) what() string { return s.t.Noun + " " + s.t.Credit.Noun + " line" }

func (s creditStore) insert(ctx context.Context, q db.Q, tenantID, parentID, id string, w CreditLineWrite) error {
	if _, err := q.ExecContext(ctx, s.sql.insertCredit, s.args(tenantID, parentID, id, w)...); err != nil {
		return fmt.Errorf("insert %s: %w", s.what(), err)
	}
	return nil
}

// update replaces a credit line's members; a line not of the document is NotFound.
func (s creditStore) update(ctx context.Context, q db.Q, tenantID, parentID, id string, w CreditLineWrite) error {
	res, err := q.ExecContext(ctx, s.sql.updateCredit, s.args(tenantID, parentID, id, w)...)
	if err != nil {
		return fmt.Errorf("update %s: %w", s.what(), err)
	}
	return updated(res, s.what(), s.notFound(parentID, id))
}

// delete answers errNoLine when the document has no such credit line.
func (s creditStore) delete(ctx context.Context, q db.Q, tenantID, parentID, id string) error {
	return deleteLine(ctx, q, s.sql.deleteCredit, s.what(), tenantID, parentID, id)
}

func (s creditStore) get(ctx context.Context, q db.Q, tenantID, parentID, id string) (CreditLine, error) {
	return readLine(ctx, q, creditLineRow.toCreditLine, s.notFound(parentID, id), s.what(), s.sql.creditGet, tenantID, parentID, id)
}

func (s creditStore) notFound(parentID, id string) error {
	return apperr.NotFound("%s line %s of %s %s not found", s.t.Credit.Noun, id, s.t.Noun, parentID)
}

// creditLineListSpec sorts credit lists: by these properties, oldest first by default, or
// by number (creation order, copies in their source's order) when the lines are numbered.
func creditLineListSpec(c Credits) listing.Spec {
	spec := listing.Spec{Fields: map[string]string{
		"id":          "l.id",
		"amount":      "l.amount",
		"createdUtc":  "l.created_utc",
		"modifiedUtc": "l.modified_utc",
	}, Default: "createdUtc", IDColumn: "l.id"}
	if c.Fields.NumberColumn != "" {
		spec.Fields["number"], spec.Default = "l."+c.Fields.NumberColumn, "number"
	}
	return spec
}

func (s creditStore) list(ctx context.Context, q db.Q, tenantID, parentID string, f LineFilter, p listing.Page) ([]CreditLine, error) {
	query, args := linesQuery(s.t, s.sql.creditSelect, tenantID, parentID, f, p)
	return readLines(ctx, q, creditLineRow.toCreditLine, s.what()+"s", query, args...)
}

// partLineOf reports whether id is a part line of the document.
func (s creditStore) partLineOf(ctx context.Context, q db.Q, tenantID, parentID, id string) (bool, error) {
	var ok bool
	if err := q.QueryRowxContext(ctx, s.sql.creditPartLine, tenantID, parentID, id).Scan(&ok); err != nil {
		return false, fmt.Errorf("find %s part line: %w", s.t.Noun, err)
	}
	return ok, nil
}

// creditTotals are a document's stored credit total and total (net of the credits).
type creditTotals struct {
	Credit dec `db:"credit_total"`
	Total  dec `db:"total"`
}

func (s creditStore) totals(ctx context.Context, q db.Q, tenantID, parentID string) (creditTotals, error) {
	return readLine(ctx, q, func(t creditTotals) creditTotals { return t }, apperr.NotFound("%s %s not found", s.t.Noun, parentID),
		s.t.Noun+" credit totals", s.sql.creditTotals, tenantID, parentID)
}

// CreditRecord declares the credit lines for conditional requests, keyed by path parameters
// lineItemId and parentParam. Each answer shows an amount rounded to its document's currency,
// so the ETag follows the currency too.
func (t Tables) CreditRecord(parentParam string, operations []string) conditional.Record {
	return conditional.Record{Table: t.Credit.Table, Key: map[string]string{"id": "lineItemId", t.ParentColumn: parentParam},
		Shows: func() string {
			return `(SELECT p.currency_code FROM ` + t.Parent + ` p WHERE p.tenant_id = t.tenant_id AND p.id = t.` + t.ParentColumn + `)`
		},
		Operations: operations}
}
