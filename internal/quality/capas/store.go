package capas

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/shared/customfields"
)

// store is the SQL of CAPAs; every method takes the tenant and the caller's q.
type store struct{}

type capaRow struct {
	ID                string              `db:"id"`
	Number            int64               `db:"number"`
	Type              Type                `db:"capa_type"`
	ProblemStatement  string              `db:"problem_statement"`
	Status            Status              `db:"status"`
	RootCauseAnalysis *string             `db:"root_cause_analysis"`
	CorrectiveAction  *string             `db:"corrective_action"`
	NcrID             *string             `db:"ncr_id"`
	DueDate           time.Time           `db:"due_date"`
	ClosedUtc         *time.Time          `db:"closed_utc"`
	CustomFields      customfields.Column `db:"custom_fields"`
	CreatedUtc        time.Time           `db:"created_utc"`
	ModifiedUtc       time.Time           `db:"modified_utc"`
	TotalCount        int                 `db:"total_count"`
}

func (r capaRow) Total() int { return r.TotalCount }

func (r capaRow) capa() CAPA {
	c := CAPA{
		ID: r.ID, Number: r.Number, Type: r.Type, ProblemStatement: r.ProblemStatement, Status: r.Status,
		RootCauseAnalysis: r.RootCauseAnalysis, CorrectiveAction: r.CorrectiveAction, NcrID: r.NcrID,
		CreatedUtc: r.CreatedUtc.UTC(), DueDate: r.DueDate.UTC(), ModifiedUtc: r.ModifiedUtc.UTC(), CustomFields: r.CustomFields,
	}
	if r.ClosedUtc != nil {
		t := r.ClosedUtc.UTC()
		c.ClosedUtc = &t
	}
	if c.CustomFields == nil {
		c.CustomFields = map[string]any{}
	}
	return c
}

const capaColumns = `c.id, c.number, c.capa_type, c.problem_statement, c.status, c.root_cause_analysis, c.corrective_action,
       c.ncr_id, c.due_date, c.closed_utc, c.custom_fields, c.created_utc, c.modified_utc`

const insertCapaSQL = `
INSERT INTO capas (tenant_id, id, number, capa_type, problem_statement, root_cause_analysis, ncr_id, due_date, custom_fields,
                   created_by_user_id, created_utc, modified_utc)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, number int64, w Write, userID *string, now time.Time) error {
	if _, err := q.ExecContext(ctx, insertCapaSQL, tenantID, id, number, w.Type, w.ProblemStatement, w.RootCauseAnalysis, w.NcrID,
		*w.DueDate, customfields.Column(w.CustomFields), userID, now); err != nil {
		return fmt.Errorf("insert capa: %w", err)
	}
	return nil
}

// get reads CAPA id, locked when lock is set; missing is NotFound.
func (store) get(ctx context.Context, q db.Q, tenantID, id string, lock bool) (CAPA, error) {
	query := `SELECT ` + capaColumns + ` FROM capas c WHERE c.tenant_id = $1 AND c.id = $2`
	if lock {
		query += ` FOR UPDATE`
	}
	var r capaRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return CAPA{}, apperr.NotFound("capa %s not found", id)
	}
	if err != nil {
		return CAPA{}, fmt.Errorf("read capa: %w", err)
	}
	return r.capa(), nil
}

const updateSQL = `
UPDATE capas SET capa_type = $3, problem_statement = $4, root_cause_analysis = $5, corrective_action = $6, due_date = $7,
       custom_fields = $8, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (store) update(ctx context.Context, q db.Q, tenantID, id string, w Write) error {
	if _, err := q.ExecContext(ctx, updateSQL, tenantID, id, w.Type, w.ProblemStatement, w.RootCauseAnalysis, w.CorrectiveAction,
		*w.DueDate, customfields.Column(w.CustomFields)); err != nil {
		return fmt.Errorf("update capa: %w", err)
	}
	return nil
}

// setStatusSQL stamps closed_utc on a move to Closed and clears it on any other.
const setStatusSQL = `
UPDATE capas SET status = $3, closed_utc = CASE WHEN $3 = 'Closed' THEN now() END, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (store) setStatus(ctx context.Context, q db.Q, tenantID, id string, next Status) error {
	if _, err := q.ExecContext(ctx, setStatusSQL, tenantID, id, next); err != nil {
		return fmt.Errorf("update capa status: %w", err)
	}
	return nil
}

const updateCustomFieldsSQL = `UPDATE capas SET custom_fields = $3, modified_utc = now() WHERE tenant_id = $1 AND id = $2`

func (store) updateCustomFields(ctx context.Context, q db.Q, tenantID, id string, values map[string]any) error {
	if _, err := q.ExecContext(ctx, updateCustomFieldsSQL, tenantID, id, customfields.Column(values)); err != nil {
		return fmt.Errorf("update capa custom fields: %w", err)
	}
	return nil
}

const listSelect = `SELECT ` + capaColumns + `, COUNT(*) OVER () AS total_count FROM capas c`

// list answers page p of the CAPAs matching f (created in [createdFrom, createdTo) when set)
// and how many match, in one statement (two past the end).
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, createdFrom, createdTo *time.Time, p listing.Page) ([]CAPA, int, error) {
	lq := listing.NewQuery("c.tenant_id", tenantID)
	listing.IfSet(lq, "c.status = %s", f.Status)
	listing.IfSet(lq, "c.capa_type = %s", f.Type)
	listing.IfSet(lq, "c.ncr_id = %s", f.NcrID)
	listing.IfSet(lq, "c.created_utc >= %s", f.CreatedSince)
	listing.IfSet(lq, "c.created_utc >= %s", createdFrom)
	listing.IfSet(lq, "c.created_utc < %s", createdTo)
	out, total, err := listing.SelectPage(ctx, q, lq, listSelect, p, capaRow.capa)
	if err != nil {
		return nil, 0, fmt.Errorf("list capas: %w", err)
	}
	return out, total, nil
}
