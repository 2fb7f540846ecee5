package refundreasons

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
)

type store struct{}

type refundReasonRow struct {
	ID          string    `db:"id"`
	Name        string    `db:"name"`
	Code        *string   `db:"code"`
	Description *string   `db:"description"`
	IsArchived  bool      `db:"is_archived"`
	CreatedUtc  time.Time `db:"created_utc"`
	ModifiedUtc time.Time `db:"modified_utc"`
}

func (r refundReasonRow) toRefundReason() RefundReason {
	return RefundReason{
		ID:         r.ID,
		Write:      Write{Name: r.Name, Code: r.Code, Description: r.Description, IsArchived: r.IsArchived},
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
}

const refundReasonColumns = `id, name, code, description, is_archived, created_utc, modified_utc`

const insertRefundReasonSQL = `
INSERT INTO refund_reason_codes (tenant_id, id, name, code, description, is_archived)
VALUES ($1, $2, $3, $4, $5, $6)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, w Write) error {
	_, err := q.ExecContext(ctx, insertRefundReasonSQL, tenantID, id, w.Name, w.Code, w.Description, w.IsArchived)
	return writeErr(err, w)
}

const updateRefundReasonSQL = `
UPDATE refund_reason_codes SET name = $3, code = $4, description = $5, is_archived = $6, modified_utc = now()
WHERE tenant_id = $1 AND id = $2
RETURNING id`

// update replaces every member of a refund reason code; none is NotFound.
func (store) update(ctx context.Context, q db.Q, tenantID, id string, w Write) error {
	var got string
	err := q.QueryRowxContext(ctx, updateRefundReasonSQL, tenantID, id, w.Name, w.Code, w.Description, w.IsArchived).Scan(&got)
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
	if constraint, ok := db.UniqueViolation(err); ok {
		switch constraint {
		case "refund_reason_codes_name_key":
			return apperr.Field("name", "a refund reason code named %q already exists", w.Name)
		case "refund_reason_codes_code_key":
			code := ""
			if w.Code != nil {
				code = *w.Code
			}
			return apperr.Field("code", "a refund reason code with code %q already exists", code)
		}
	}
	return fmt.Errorf("save refund reason code: %w", err)
}

const getRefundReasonSQL = `SELECT ` + refundReasonColumns + ` FROM refund_reason_codes WHERE tenant_id = $1 AND id = $2`

// get reads a refund reason code, archived or not.
func (store) get(ctx context.Context, q db.Q, tenantID, id string) (RefundReason, error) {
	var r refundReasonRow
	err := sqlx.GetContext(ctx, q, &r, getRefundReasonSQL, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return RefundReason{}, notFound(id)
	}
	if err != nil {
		return RefundReason{}, fmt.Errorf("get refund reason code: %w", err)
	}
	return r.toRefundReason(), nil
}

func notFound(id string) error { return apperr.NotFound("refund reason code %s not found", id) }

// sortFields are the RefundReasonCode properties a list can be sorted by.
var sortFields = map[string]string{
	"id":          "id",
	"name":        "lower(name)",
	"code":        "lower(code)",
	"createdUtc":  "created_utc",
	"modifiedUtc": "modified_utc",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "id"}

// list reads a page of refund reason codes.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]RefundReason, error) {
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
	query, args := lq.SQL(`SELECT `+refundReasonColumns+` FROM refund_reason_codes`, p)
	var rows []refundReasonRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list refund reason codes: %w", err)
	}
	out := make([]RefundReason, len(rows))
	for i, r := range rows {
		out[i] = r.toRefundReason()
	}
	return out, nil
}
