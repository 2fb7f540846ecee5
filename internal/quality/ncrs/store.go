package ncrs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/shared/customfields"
)

// store is the SQL of NCRs; every method takes the tenant and the caller's q.
type store struct{}

type ncrRow struct {
	ID              string              `db:"id"`
	Number          int64               `db:"number"`
	Type            string              `db:"type"`
	Title           *string             `db:"title"`
	Detail          string              `db:"detail"`
	Cause           *string             `db:"cause"`
	Reason          *string             `db:"reason"`
	Disposition     *string             `db:"disposition"`
	Status          string              `db:"status"`
	CustomFields    customfields.Column `db:"custom_fields"`
	CreatedByUserID *string             `db:"created_by_user_id"`
	CreatedUtc      time.Time           `db:"created_utc"`
	ModifiedUtc     time.Time           `db:"modified_utc"`
	TotalCount      int                 `db:"total_count"`
}

func (r ncrRow) Total() int { return r.TotalCount }

func (r ncrRow) ncr() NCR {
	n := NCR{
		ID: r.ID, Number: r.Number, Type: r.Type, Title: r.Title, Detail: r.Detail, Cause: r.Cause, Reason: r.Reason,
		Disposition: r.Disposition, Status: r.Status, CustomFields: r.CustomFields, CreatedByUserID: r.CreatedByUserID,
		CreatedUtc: r.CreatedUtc.UTC(), ModifiedUtc: r.ModifiedUtc.UTC(), Impacts: []Impact{},
	}
	if n.CustomFields == nil {
		n.CustomFields = map[string]any{}
	}
	return n
}

const ncrColumns = `n.id, n.number, n.type, n.title, n.detail, n.cause, n.reason, n.disposition, n.status, n.custom_fields,
       n.created_by_user_id, n.created_utc, n.modified_utc`

const insertNcrSQL = `
INSERT INTO ncrs (tenant_id, id, number, type, title, detail, cause, reason, disposition, status, custom_fields, created_by_user_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, number int64, c Create, userID *string) error {
	if _, err := q.ExecContext(ctx, insertNcrSQL, tenantID, id, number, c.Type, c.Title, c.Detail, c.Cause, c.Reason,
		c.Disposition, StatusNew, customfields.Column(c.CustomFields), userID); err != nil {
		return fmt.Errorf("insert ncr: %w", err)
	}
	return nil
}

const insertImpactSQL = `
INSERT INTO ncr_impacts (tenant_id, id, ncr_id, job_id, item_id, quantity_impacted, quantity_impacted_disposition)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

func (store) insertImpact(ctx context.Context, q db.Q, tenantID string, i Impact) error {
	if _, err := q.ExecContext(ctx, insertImpactSQL, tenantID, i.ID, i.NcrID, i.JobID, i.ItemID, i.QuantityImpacted, i.Disposition); err != nil {
		return fmt.Errorf("insert ncr impact: %w", err)
	}
	return nil
}

// get reads NCR id, locked when lock is set; missing is NotFound.
func (store) get(ctx context.Context, q db.Q, tenantID, id string, lock bool) (NCR, error) {
	query := `SELECT ` + ncrColumns + ` FROM ncrs n WHERE n.tenant_id = $1 AND n.id = $2`
	if lock {
		query += ` FOR UPDATE`
	}
	var r ncrRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return NCR{}, apperr.NotFound("ncr %s not found", id)
	}
	if err != nil {
		return NCR{}, fmt.Errorf("read ncr: %w", err)
	}
	return r.ncr(), nil
}

// exists reports whether the tenant has NCR id, share-locking it until q's transaction ends.
func (store) exists(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, "ncr", `SELECT true FROM ncrs WHERE tenant_id = $1 AND id = $2 FOR SHARE`, tenantID, id)
}

type impactRow struct {
	ID               string       `db:"id"`
	NcrID            string       `db:"ncr_id"`
	JobID            *string      `db:"job_id"`
	ItemID           *string      `db:"item_id"`
	QuantityImpacted *dec.Decimal `db:"quantity_impacted"`
	Disposition      Disposition  `db:"quantity_impacted_disposition"`
}

const impactsSQL = `
SELECT id, ncr_id, job_id, item_id, quantity_impacted, quantity_impacted_disposition FROM ncr_impacts
WHERE tenant_id = $1 AND ncr_id = ANY($2) ORDER BY ncr_id, id`

// impacts reads the impacts of the NCRs among ids, in one statement (also for no ids).
func (store) impacts(ctx context.Context, q db.Q, tenantID string, ids []string) ([]Impact, error) {
	var rows []impactRow
	if err := sqlx.SelectContext(ctx, q, &rows, impactsSQL, tenantID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("read ncr impacts: %w", err)
	}
	out := make([]Impact, len(rows))
	for i, r := range rows {
		out[i] = Impact(r)
	}
	return out, nil
}

const listSelect = `SELECT ` + ncrColumns + `, COUNT(*) OVER () AS total_count FROM ncrs n`

// list answers page p of the NCRs matching f (created in [createdFrom, createdTo) when set)
// and how many match, in one statement (two past the end).
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, createdFrom, createdTo *time.Time, p listing.Page) ([]NCR, int, error) {
	lq := listing.NewQuery("n.tenant_id", tenantID)
	listing.AnyOf(lq, "n.type", f.Types)
	listing.AnyOf(lq, "n.status", f.Statuses)
	if len(f.JobIDs) > 0 {
		lq.Where(`n.id IN (SELECT i.ncr_id FROM ncr_impacts i WHERE i.tenant_id = n.tenant_id AND i.job_id = ANY(%s))`, pq.StringArray(f.JobIDs))
	}
	if len(f.ItemIDs) > 0 {
		lq.Where(`n.id IN (SELECT i.ncr_id FROM ncr_impacts i WHERE i.tenant_id = n.tenant_id AND i.item_id = ANY(%s))`, pq.StringArray(f.ItemIDs))
	}
	if f.Search != nil {
		// The text is the number, or the title or detail contains it.
		pattern := listing.ContainsPattern(*f.Search)
		if n, err := strconv.ParseInt(*f.Search, 10, 64); err == nil {
			lq.Where("(n.title ILIKE %s OR n.detail ILIKE %s OR n.number = %s)", pattern, pattern, n)
		} else {
			lq.Where("(n.title ILIKE %s OR n.detail ILIKE %s)", pattern, pattern)
		}
	}
	listing.IfSet(lq, "n.created_utc >= %s", createdFrom)
	listing.IfSet(lq, "n.created_utc < %s", createdTo)
	out, total, err := listing.SelectPage(ctx, q, lq, listSelect, p, ncrRow.ncr)
	if err != nil {
		return nil, 0, fmt.Errorf("list ncrs: %w", err)
	}
	return out, total, nil
}

const updateCustomFieldsSQL = `UPDATE ncrs SET custom_fields = $3, modified_utc = now() WHERE tenant_id = $1 AND id = $2`

func (store) updateCustomFields(ctx context.Context, q db.Q, tenantID, id string, values map[string]any) error {
	if _, err := q.ExecContext(ctx, updateCustomFieldsSQL, tenantID, id, customfields.Column(values)); err != nil {
		return fmt.Errorf("update ncr custom fields: %w", err)
	}
	return nil
}
