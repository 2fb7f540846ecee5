package invoices

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
)

type manualLinesStore struct{}

// manualLineRow is a stored hand-written line with its invoice's currency (which rounds its
// subtotal).
type manualLineRow struct {
	ID                 string            `db:"id"`
	InvoiceID          string            `db:"invoice_id"`
	Kind               string            `db:"kind"`
	LineNumber         int               `db:"line_number"`
	Name               *string           `db:"name"`
	Description        *string           `db:"description"`
	Quantity           *dec              `db:"quantity"`
	Price              *dec              `db:"price"`
	Amount             *dec              `db:"amount"`
	UnitOfMeasure      *string           `db:"unit_of_measure"`
	ItemID             *string           `db:"item_id"`
	IsTaxable          *bool             `db:"is_taxable"`
	TaxRateID          *string           `db:"tax_rate_id"`
	TaxRate            *dec              `db:"tax_rate"`
	OverrideTaxRate    *bool             `db:"override_tax_rate"`
	AccountingCodeID   *string           `db:"accounting_code_id"`
	ExternalReferences extref.References `db:"external_references"`
	AccountingDetails  AccountingDetails `db:"accounting_details"`
	CreatedUtc         time.Time         `db:"created_utc"`
	ModifiedUtc        time.Time         `db:"modified_utc"`
	Currency           string            `db:"currency_code"`
}

func (r manualLineRow) record() (ManualLine, error) {
	return ManualLine{
		ManualLineWrite: ManualLineWrite{
			Type: ManualLineType(r.Kind), Name: r.Name, Description: r.Description, Price: r.Price, Amount: r.Amount,
			Quantity: r.Quantity, UnitOfMeasure: r.UnitOfMeasure, ItemID: r.ItemID, AccountingCodeID: r.AccountingCodeID,
			IsTaxable: r.IsTaxable, TaxRateID: r.TaxRateID, ExternalReferences: r.ExternalReferences,
		},
		ID: r.ID, InvoiceID: r.InvoiceID, Number: r.LineNumber, TaxRate: r.TaxRate, OverrideTaxRate: r.OverrideTaxRate,
		AccountingDetails: r.AccountingDetails, Currency: r.Currency, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}, nil
}

// manualLineSelectSQL reads hand-written lines (l) with their invoice (p); a read or list adds
// its WHERE.
const manualLineSelectSQL = `SELECT l.id, l.invoice_id, l.kind, l.line_number, l.name, l.description, l.quantity, l.price,
       l.amount, l.unit_of_measure, l.item_id, l.is_taxable, l.tax_rate_id, l.tax_rate, l.override_tax_rate,
       l.accounting_code_id, l.external_references, l.accounting_details, l.created_utc, l.modified_utc, p.currency_code
FROM invoice_manual_lines l JOIN invoices p ON p.tenant_id = l.tenant_id AND p.id = l.invoice_id`

// manualLineListSpec: by number (the invoice_manual_lines_number_key order).
var manualLineListSpec = listing.Spec{Fields: map[string]string{
	"id": "l.id", "number": "l.line_number", "type": "l.kind", "createdUtc": "l.created_utc", "modifiedUtc": "l.modified_utc",
}, Default: "number", IDColumn: "l.id"}

// insertManualLineSQL stores a line numbered next on its invoice: the invoice's counter of
// hand-written line numbers advances in the same statement, so a number is never given twice.
const insertManualLineSQL = `
WITH n AS (
    UPDATE invoices SET last_manual_line_number = last_manual_line_number + 1
    WHERE tenant_id = $1 AND id = $2 RETURNING last_manual_line_number
)
INSERT INTO invoice_manual_lines (tenant_id, invoice_id, id, kind, line_number, name, description, quantity, price, amount,
       unit_of_measure, item_id, is_taxable, tax_rate_id, tax_rate, override_tax_rate, accounting_code_id,
       external_references, accounting_details)
SELECT $1, $2, $3, $4, n.last_manual_line_number, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18 FROM n`

func (manualLinesStore) insert(ctx context.Context, q db.Q, tenantID, invoiceID, id string, r manualRow) error {
	args, err := manualArgs(r)
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, insertManualLineSQL, append([]any{tenantID, invoiceID, id, string(r.Type)}, args...)...); err != nil {
		return fmt.Errorf("insert invoice manual line: %w", err)
	}
	return nil
}

const updateManualLineSQL = `
UPDATE invoice_manual_lines SET name = $4, description = $5, quantity = $6, price = $7, amount = $8, unit_of_measure = $9,
       item_id = $10, is_taxable = $11, tax_rate_id = $12, tax_rate = $13, override_tax_rate = $14, accounting_code_id = $15,
       external_references = $16, accounting_details = $17, modified_utc = now()
WHERE tenant_id = $1 AND invoice_id = $2 AND id = $3`

func (manualLinesStore) update(ctx context.Context, q db.Q, tenantID, invoiceID, id string, r manualRow) error {
	args, err := manualArgs(r)
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, updateManualLineSQL, append([]any{tenantID, invoiceID, id}, args...)...); err != nil {
		return fmt.Errorf("update invoice manual line: %w", err)
	}
	return nil
}

// manualArgs are the stored members of r in the order of the insert and update.
func manualArgs(r manualRow) ([]any, error) {
	var details any
	if r.AccountingDetails != nil {
		doc, err := json.Marshal(r.AccountingDetails)
		if err != nil {
			return nil, fmt.Errorf("encode invoice manual line accounting details: %w", err)
		}
		details = string(doc)
	}
	return []any{r.Name, r.Description, r.Quantity, r.Price, r.Amount, r.UnitOfMeasure, r.ItemID, r.IsTaxable, r.TaxRateID,
		r.TaxRate, r.OverrideTaxRate, r.AccountingCodeID, r.ExternalReferences, details}, nil
}

const deleteManualLineSQL = `DELETE FROM invoice_manual_lines WHERE tenant_id = $1 AND invoice_id = $2 AND id = $3`

// delete answers false when the invoice has no such line.
func (manualLinesStore) delete(ctx context.Context, q db.Q, tenantID, invoiceID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteManualLineSQL, tenantID, invoiceID, id)
	if err != nil {
		return false, fmt.Errorf("delete invoice manual line: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete invoice manual line: %w", err)
	}
	return n > 0, nil
}

const manualLineElsewhereSQL = `
SELECT EXISTS (SELECT 1 FROM invoice_manual_lines WHERE tenant_id = $1 AND id = $3 AND invoice_id <> $2)`

// onAnotherInvoice reports whether the tenant has hand-written line id on an invoice other
// than invoiceID.
func (manualLinesStore) onAnotherInvoice(ctx context.Context, q db.Q, tenantID, invoiceID, id string) (bool, error) {
	var found bool
	if err := q.QueryRowxContext(ctx, manualLineElsewhereSQL, tenantID, invoiceID, id).Scan(&found); err != nil {
		return false, fmt.Errorf("find invoice manual line: %w", err)
	}
	return found, nil
}

// get reads hand-written line id of invoice invoiceID; none is NotFound.
func (manualLinesStore) get(ctx context.Context, q db.Q, tenantID, invoiceID, id string) (ManualLine, error) {
	return getRecord(ctx, q, manualLineRow.record, apperr.NotFound("manual line %s of invoice %s not found", id, invoiceID),
		"invoice manual line", manualLineSelectSQL+` WHERE l.tenant_id = $1 AND l.invoice_id = $2 AND l.id = $3`, tenantID, invoiceID, id)
}

// list reads a page of invoice invoiceID's hand-written lines matching f, one statement.
func (manualLinesStore) list(ctx context.Context, q db.Q, tenantID, invoiceID string, f ManualLineFilter, p listing.Page) ([]ManualLine, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	lq.Where("l.invoice_id = %s", invoiceID)
	listing.AnyOf(lq, "l.id", f.IDs)
	listing.AnyOf(lq, "l.kind", f.Types)
	query, args := lq.SQL(manualLineSelectSQL, p)
	return selectRecords(ctx, q, manualLineRow.record, "invoice manual lines", query, args...)
}
