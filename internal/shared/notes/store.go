package notes

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
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
)

type store struct{}

type noteRow struct {
	ID                 string            `db:"id"`
	Text               string            `db:"text"`
	SalesOrderID       *string           `db:"sales_order_id"`
	PurchaseOrderID    *string           `db:"purchase_order_id"`
	QuoteID            *string           `db:"quote_id"`
	InvoiceID          *string           `db:"invoice_id"`
	CreatedByUserID    *string           `db:"created_by_user_id"`
	CreatedByName      *string           `db:"created_by_name"`
	ExternalReferences extref.References `db:"external_references"`
	CreatedUtc         time.Time         `db:"created_utc"`
}

func (r noteRow) toNote() Note {
	n := Note{
		ID: r.ID, Text: r.Text, CreatedUtc: r.CreatedUtc, ExternalReferences: r.ExternalReferences,
		Documents: Documents{SalesOrderID: r.SalesOrderID, PurchaseOrderID: r.PurchaseOrderID, QuoteID: r.QuoteID, InvoiceID: r.InvoiceID},
	}
	if r.CreatedByUserID != nil && r.CreatedByName != nil {
		n.CreatedBy = &Reference{ID: *r.CreatedByUserID, Name: *r.CreatedByName}
	}
	if n.ExternalReferences == nil {
		n.ExternalReferences = extref.References{}
	}
	return n
}

// noteColumns are a note's columns (n) with its writer's name.
const noteColumns = `n.id, n.text, n.sales_order_id, n.purchase_order_id, n.quote_id, n.invoice_id, n.created_by_user_id,
       (SELECT u.name FROM users u WHERE u.tenant_id = n.tenant_id AND u.id = n.created_by_user_id) AS created_by_name,
       n.external_references, n.created_utc`

const insertNoteSQL = `
INSERT INTO notes (tenant_id, id, text, sales_order_id, purchase_order_id, quote_id, invoice_id, created_by_user_id, external_references)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`

func (store) insert(ctx context.Context, q db.Q, tenantID string, n Note, createdBy *string) error {
	_, err := q.ExecContext(ctx, insertNoteSQL, tenantID, n.ID, n.Text, n.SalesOrderID, n.PurchaseOrderID, n.QuoteID, n.InvoiceID,
		createdBy, n.ExternalReferences)
	if err != nil {
		return fmt.Errorf("insert note: %w", err)
	}
	return nil
}

const getNoteSQL = `SELECT ` + noteColumns + ` FROM notes n WHERE n.tenant_id = $1 AND n.id = $2`

func (store) get(ctx context.Context, q db.Q, tenantID, id string) (Note, error) {
	var r noteRow
	err := sqlx.GetContext(ctx, q, &r, getNoteSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Note{}, apperr.NotFound("note %s not found", id)
	}
	if err != nil {
		return Note{}, fmt.Errorf("get note: %w", err)
	}
	return r.toNote(), nil
}

// noteListSpec sorts the note list: newest first by default.
var noteListSpec = listing.Spec{Fields: map[string]string{
	"createdUtc": "n.created_utc",
	"id":         "n.id",
}, Default: "createdUtc", DefaultDescending: true, IDColumn: "n.id"}

type countedNoteRow struct {
	noteRow
	TotalCount int `db:"total_count"`
}

func (r countedNoteRow) Total() int { return r.TotalCount }

// list answers a page of the notes matching f and how many match.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Note, int, error) {
	lq := listing.NewQuery("n.tenant_id", tenantID)
	for _, k := range Kinds {
		if ids := f.byKind(k); ids != nil {
			lq.Where("n."+k.column()+" = ANY(%s)", pq.StringArray(ids))
		}
	}
	if f.CreatedAfter != nil {
		lq.Where("n.created_utc > %s", *f.CreatedAfter)
	}
	if f.CreatedBefore != nil {
		lq.Where("n.created_utc < %s", *f.CreatedBefore)
	}
	out, total, err := listing.SelectPage(ctx, q, lq, `SELECT `+noteColumns+`, count(*) OVER () AS total_count FROM notes n`, p,
		countedNoteRow.toNote)
	if err != nil {
		return nil, 0, fmt.Errorf("list notes: %w", err)
	}
	return out, total, nil
}
