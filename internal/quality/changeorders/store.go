package changeorders

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

// store is the SQL of change orders; every method takes the tenant and the caller's q.
type store struct{}

type settingsRow struct {
	Enabled              bool   `db:"enabled"`
	UpdatesEnabled       bool   `db:"updates_enabled"`
	NotificationsEnabled bool   `db:"notifications_enabled"`
	TaskTemplate         []byte `db:"task_template"`
}

func (r settingsRow) settings() (Settings, error) {
	st := Settings{Enabled: r.Enabled, UpdatesEnabled: r.UpdatesEnabled, NotificationsEnabled: r.NotificationsEnabled,
		TaskTemplate: []TemplateTask{}}
	if err := json.Unmarshal(r.TaskTemplate, &st.TaskTemplate); err != nil {
		return Settings{}, fmt.Errorf("read change order task template: %w", err)
	}
	return st, nil
}

// settingsSQL reads the tenant's row, or the column defaults when it has none, in one statement.
const settingsSQL = `
SELECT coalesce(s.enabled, false) AS enabled, coalesce(s.updates_enabled, false) AS updates_enabled,
       coalesce(s.notifications_enabled, false) AS notifications_enabled, coalesce(s.task_template, '[]') AS task_template
FROM (SELECT 1) AS one LEFT JOIN change_order_settings s ON s.tenant_id = $1`

func (store) settings(ctx context.Context, q db.Q, tenantID string) (Settings, error) {
	var r settingsRow
	if err := sqlx.GetContext(ctx, q, &r, settingsSQL, tenantID); err != nil {
		return Settings{}, fmt.Errorf("read change order settings: %w", err)
	}
	return r.settings()
}

const saveSettingsSQL = `
INSERT INTO change_order_settings AS s (tenant_id, enabled, updates_enabled, notifications_enabled, task_template)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (tenant_id) DO UPDATE SET enabled = $2, updates_enabled = $3, notifications_enabled = $4,
    task_template = $5, modified_utc = now()
RETURNING s.enabled, s.updates_enabled, s.notifications_enabled, s.task_template`

func (store) saveSettings(ctx context.Context, q db.Q, tenantID string, st Settings) (Settings, error) {
	template, err := json.Marshal(st.TaskTemplate)
	if err != nil {
		return Settings{}, err
	}
	var r settingsRow
	if err := sqlx.GetContext(ctx, q, &r, saveSettingsSQL, tenantID, st.Enabled, st.UpdatesEnabled, st.NotificationsEnabled,
		string(template)); err != nil {
		return Settings{}, fmt.Errorf("save change order settings: %w", err)
	}
	return r.settings()
}

const dispositionNameKey = "change_order_dispositions_name_key"

const insertDispositionSQL = `INSERT INTO change_order_dispositions (tenant_id, id, name) VALUES ($1, $2, $3)`

func (store) insertDisposition(ctx context.Context, q db.Q, tenantID, id, name string) error {
	_, err := q.ExecContext(ctx, insertDispositionSQL, tenantID, id, name)
	if c, ok := db.UniqueViolation(err); ok && c == dispositionNameKey {
		return apperr.Field("name", "a change order disposition named %q exists", name)
	}
	if err != nil {
		return fmt.Errorf("insert change order disposition: %w", err)
	}
	return nil
}

type dispositionRow struct {
	ID         string    `db:"id"`
	Name       string    `db:"name"`
	CreatedUtc time.Time `db:"created_utc"`
	TotalCount int       `db:"total_count"`
}

func (r dispositionRow) Total() int { return r.TotalCount }

func (r dispositionRow) disposition() Disposition {
	return Disposition{ID: r.ID, Name: r.Name, CreatedUtc: r.CreatedUtc.UTC()}
}

const dispositionsSelect = `SELECT d.id, d.name, d.created_utc, COUNT(*) OVER () AS total_count FROM change_order_dispositions d`

func (store) listDispositions(ctx context.Context, q db.Q, tenantID string, idList []string, p listing.Page) ([]Disposition, error) {
	lq := listing.NewQuery("d.tenant_id", tenantID)
	listing.AnyOf(lq, "d.id", idList)
	out, _, err := listing.SelectPage(ctx, q, lq, dispositionsSelect, p, dispositionRow.disposition)
	if err != nil {
		return nil, fmt.Errorf("list change order dispositions: %w", err)
	}
	return out, nil
}

const dispositionsSQL = `SELECT id, name, created_utc FROM change_order_dispositions WHERE tenant_id = $1 AND id = ANY($2)`

// dispositions reads the dispositions among idList, in one statement (also for none).
func (store) dispositions(ctx context.Context, q db.Q, tenantID string, idList []string) (map[string]Disposition, error) {
	var rows []dispositionRow
	if err := sqlx.SelectContext(ctx, q, &rows, dispositionsSQL, tenantID, pq.StringArray(idList)); err != nil {
		return nil, fmt.Errorf("read change order dispositions: %w", err)
	}
	out := make(map[string]Disposition, len(rows))
	for _, r := range rows {
		out[r.ID] = r.disposition()
	}
	return out, nil
}

const nextNumberSQL = `
INSERT INTO change_order_numbers AS counters (tenant_id, last) VALUES ($1, 1)
ON CONFLICT (tenant_id) DO UPDATE SET last = counters.last + 1
RETURNING last`

// nextNumber takes the tenant's next change order number; its row stays locked until the
// caller's transaction ends, so numbers are gap-free under concurrency.
func (store) nextNumber(ctx context.Context, q db.Q, tenantID string) (int64, error) {
	var n int64
	if err := sqlx.GetContext(ctx, q, &n, nextNumberSQL, tenantID); err != nil {
		return 0, fmt.Errorf("take change order number: %w", err)
	}
	return n, nil
}

type changeOrderRow struct {
	ID                   string     `db:"id"`
	Number               int64      `db:"number"`
	CustomerID           *string    `db:"customer_id"`
	CustomerName         *string    `db:"customer_name"`
	OriginalItemID       string     `db:"original_item_id"`
	OriginalItemNumber   string     `db:"original_item_number"`
	OriginalItemName     *string    `db:"original_item_name"`
	OriginalItemRevision *string    `db:"original_item_revision"`
	NewItemID            *string    `db:"new_item_id"`
	NewItemNumber        *string    `db:"new_item_number"`
	NewItemName          *string    `db:"new_item_name"`
	NewItemRevision      *string    `db:"new_item_revision"`
	RequestedUtc         time.Time  `db:"requested_utc"`
	DueDateUtc           *time.Time `db:"due_date_utc"`
	ApprovedUtc          *time.Time `db:"approved_utc"`
	CompletedUtc         *time.Time `db:"completed_utc"`
	Status               Status     `db:"status"`
	Detail               *string    `db:"detail"`
	DispositionID        *string    `db:"disposition_id"`
	DispositionName      *string    `db:"disposition_name"`
	NotificationsEnabled bool       `db:"notifications_enabled"`
	CreatedByUserID      *string    `db:"created_by_user_id"`
	ModifiedByUserID     *string    `db:"modified_by_user_id"`
	CreatedUtc           time.Time  `db:"created_utc"`
	ModifiedUtc          time.Time  `db:"modified_utc"`
	TotalCount           int        `db:"total_count"`
}

func (r changeOrderRow) Total() int { return r.TotalCount }

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func (r changeOrderRow) changeOrder() ChangeOrder {
	c := ChangeOrder{
		ID: r.ID, Number: r.Number,
		OriginalItem: ItemRef{ID: r.OriginalItemID, Number: r.OriginalItemNumber, Name: r.OriginalItemName, Revision: r.OriginalItemRevision},
		RequestedUtc: r.RequestedUtc.UTC(), DueDateUtc: utcPtr(r.DueDateUtc), ApprovedUtc: utcPtr(r.ApprovedUtc),
		CompletedUtc: utcPtr(r.CompletedUtc), Status: r.Status, Detail: r.Detail, NotificationsEnabled: r.NotificationsEnabled,
		CreatedByUserID: r.CreatedByUserID, ModifiedByUserID: r.ModifiedByUserID,
		CreatedUtc: r.CreatedUtc.UTC(), ModifiedUtc: r.ModifiedUtc.UTC(),
	}
	if r.CustomerID != nil {
		c.Customer = &NamedRef{ID: *r.CustomerID, Name: deref(r.CustomerName)}
	}
	if r.NewItemID != nil {
		c.NewItem = &ItemRef{ID: *r.NewItemID, Number: deref(r.NewItemNumber), Name: r.NewItemName, Revision: r.NewItemRevision}
	}
	if r.DispositionID != nil {
		c.Disposition = &NamedRef{ID: *r.DispositionID, Name: deref(r.DispositionName)}
	}
	return c
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

const changeOrderColumns = `c.id, c.number, c.customer_id, c.customer_name, c.original_item_id, c.original_item_number,
       c.original_item_name, c.original_item_revision, c.new_item_id, c.new_item_number, c.new_item_name, c.new_item_revision,
       c.requested_utc, c.due_date_utc, c.approved_utc, c.completed_utc, c.status, c.detail, c.disposition_id,
       (SELECT d.name FROM change_order_dispositions d WHERE d.tenant_id = c.tenant_id AND d.id = c.disposition_id) AS disposition_name,
       c.notifications_enabled, c.created_by_user_id, c.modified_by_user_id, c.created_utc, c.modified_utc`

// headerArgs are the header columns $3 to $18 of insert and update, in order.
func headerArgs(w Write, r resolved) []any {
	var customerID, customerName, newID, newNumber, newName, newRevision *string
	if r.Customer != nil {
		customerID, customerName = &r.Customer.ID, &r.Customer.Name
	}
	if r.New != nil {
		newID, newNumber, newName, newRevision = &r.New.ID, &r.New.Number, r.New.Name, r.New.Revision
	}
	return []any{customerID, customerName, r.Original.ID, r.Original.Number, r.Original.Name, r.Original.Revision,
		newID, newNumber, newName, newRevision, w.RequestedUtc, w.DueDateUtc, w.ApprovedUtc, w.CompletedUtc, w.Status, w.Detail,
		w.DispositionID, *w.NotificationsEnabled}
}

const insertSQL = `
INSERT INTO change_orders (tenant_id, id, customer_id, customer_name, original_item_id, original_item_number,
    original_item_name, original_item_revision, new_item_id, new_item_number, new_item_name, new_item_revision,
    requested_utc, due_date_utc, approved_utc, completed_utc, status, detail, disposition_id, notifications_enabled,
    number, created_by_user_id, modified_by_user_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $22)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, number int64, w Write, r resolved, userID *string) error {
	args := append([]any{tenantID, id}, headerArgs(w, r)...)
	args = append(args, number, userID)
	if _, err := q.ExecContext(ctx, insertSQL, args...); err != nil {
		return fmt.Errorf("insert change order: %w", err)
	}
	return nil
}

const updateSQL = `
UPDATE change_orders SET customer_id = $3, customer_name = $4, original_item_id = $5, original_item_number = $6,
    original_item_name = $7, original_item_revision = $8, new_item_id = $9, new_item_number = $10, new_item_name = $11,
    new_item_revision = $12, requested_utc = $13, due_date_utc = $14, approved_utc = $15, completed_utc = $16, status = $17,
    detail = $18, disposition_id = $19, notifications_enabled = $20, modified_by_user_id = $21, modified_utc = now()
WHERE tenant_id = $1 AND id = $2`

func (store) update(ctx context.Context, q db.Q, tenantID, id string, w Write, r resolved, userID *string) error {
	args := append([]any{tenantID, id}, headerArgs(w, r)...)
	args = append(args, userID)
	if _, err := q.ExecContext(ctx, updateSQL, args...); err != nil {
		return fmt.Errorf("update change order: %w", err)
	}
	return nil
}

// get reads change order id, locked when lock is set; missing is NotFound.
func (store) get(ctx context.Context, q db.Q, tenantID, id string, lock bool) (ChangeOrder, error) {
	query := `SELECT ` + changeOrderColumns + ` FROM change_orders c WHERE c.tenant_id = $1 AND c.id = $2`
	if lock {
		query += ` FOR UPDATE OF c`
	}
	var r changeOrderRow
	err := sqlx.GetContext(ctx, q, &r, query, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return ChangeOrder{}, apperr.NotFound("change order %s not found", id)
	}
	if err != nil {
		return ChangeOrder{}, fmt.Errorf("read change order: %w", err)
	}
	return r.changeOrder(), nil
}

const insertImpactedSQL = `
INSERT INTO change_order_impacted_records (tenant_id, change_order_id, id, position, document_type, document_id,
    original_rev_document_line_id, disposition)
SELECT $1, $2, r.id, r.position, r.document_type, r.document_id, r.line_id, r.disposition
FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[])
    AS r (id, position, document_type, document_id, line_id, disposition)`

// insertImpacted stores the impacted records a create found in one statement.
func (store) insertImpacted(ctx context.Context, q db.Q, tenantID, id string, records []ImpactedRecord) error {
	n := len(records)
	idList, types, docs := make([]string, n), make([]string, n), make([]string, n)
	positions := make([]int64, n)
	lines, dispositions := make([]sql.NullString, n), make([]sql.NullString, n)
	for i, r := range records {
		idList[i], positions[i], types[i], docs[i] = r.ID, int64(i+1), string(r.DocumentType), r.DocumentID
		if r.OriginalRevDocumentLineID != nil {
			lines[i] = sql.NullString{String: *r.OriginalRevDocumentLineID, Valid: true}
		}
		if r.Disposition != nil {
			dispositions[i] = sql.NullString{String: *r.Disposition, Valid: true}
		}
	}
	if _, err := q.ExecContext(ctx, insertImpactedSQL, tenantID, id, pq.StringArray(idList), pq.Int64Array(positions),
		pq.StringArray(types), pq.StringArray(docs), pq.Array(lines), pq.Array(dispositions)); err != nil {
		return fmt.Errorf("insert change order impacted records: %w", err)
	}
	return nil
}

type impactedRow struct {
	ID                        string       `db:"id"`
	DocumentType              DocumentType `db:"document_type"`
	DocumentID                string       `db:"document_id"`
	OriginalRevDocumentLineID *string      `db:"original_rev_document_line_id"`
	NewRevDocumentLineID      *string      `db:"new_rev_document_line_id"`
	Disposition               *string      `db:"disposition"`
	RolledRev                 bool         `db:"rolled_rev"`
}

const impactedSQL = `
SELECT id, document_type, document_id, original_rev_document_line_id, new_rev_document_line_id, disposition, rolled_rev
FROM change_order_impacted_records WHERE tenant_id = $1 AND change_order_id = $2 ORDER BY position`

func (store) impacted(ctx context.Context, q db.Q, tenantID, id string) ([]ImpactedRecord, error) {
	var rows []impactedRow
	if err := sqlx.SelectContext(ctx, q, &rows, impactedSQL, tenantID, id); err != nil {
		return nil, fmt.Errorf("read change order impacted records: %w", err)
	}
	out := make([]ImpactedRecord, len(rows))
	for i, r := range rows {
		out[i] = ImpactedRecord(r)
	}
	return out, nil
}

const anyRolledSQL = `SELECT EXISTS (SELECT 1 FROM change_order_impacted_records
WHERE tenant_id = $1 AND change_order_id = $2 AND rolled_rev)`

func (store) anyRolled(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	var rolled bool
	if err := sqlx.GetContext(ctx, q, &rolled, anyRolledSQL, tenantID, id); err != nil {
		return false, fmt.Errorf("read change order rolled records: %w", err)
	}
	return rolled, nil
}

// deleteSQL removes the change order; its impacted records and tasks go by the cascade.
const deleteSQL = `DELETE FROM change_orders WHERE tenant_id = $1 AND id = $2`

func (store) delete(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, deleteSQL, tenantID, id); err != nil {
		return fmt.Errorf("delete change order: %w", err)
	}
	return nil
}

// searchExpr is the text the list's search reads (the trigram index's expression).
const searchExpr = `(coalesce(c.customer_name, '') || ' ' || c.original_item_number || ' ' || coalesce(c.original_item_name, '') || ' ' ||
     coalesce(c.new_item_number, '') || ' ' || coalesce(c.new_item_name, '') || ' ' || coalesce(c.detail, ''))`

const listSelect = `SELECT ` + changeOrderColumns + `, COUNT(*) OVER () AS total_count FROM change_orders c`

// list answers page p of the change orders matching f and how many match.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, now time.Time, p listing.Page) ([]ChangeOrder, int, error) {
	lq := listing.NewQuery("c.tenant_id", tenantID)
	if f.Search != nil {
		lq.Where(searchExpr+" ILIKE %s", listing.ContainsPattern(*f.Search))
	}
	listing.AnyOf(lq, "c.status", f.Statuses)
	listing.AnyOf(lq, "c.customer_id", f.CustomerIDs)
	listing.AnyOf(lq, "c.disposition_id", f.DispositionIDs)
	listing.IfSet(lq, "c.requested_utc >= %s", f.RequestedFrom)
	listing.IfSet(lq, "c.requested_utc <= %s", f.RequestedTo)
	listing.IfSet(lq, "c.due_date_utc >= %s", f.DueFrom)
	listing.IfSet(lq, "c.due_date_utc <= %s", f.DueTo)
	listing.IfSet(lq, "c.created_utc >= %s", f.CreatedFrom)
	listing.IfSet(lq, "c.created_utc <= %s", f.CreatedTo)
	listing.IfSet(lq, "c.completed_utc >= %s", f.CompletedFrom)
	listing.IfSet(lq, "c.completed_utc <= %s", f.CompletedTo)
	if f.Overdue {
		lq.Where("c.due_date_utc < %s AND c.status <> 'completed'", now)
	}
	if f.ImpactedDocumentID != nil {
		lq.Where(`c.id IN (SELECT r.change_order_id FROM change_order_impacted_records r
			WHERE r.tenant_id = c.tenant_id AND r.document_id = %s)`, *f.ImpactedDocumentID)
	}
	if f.RevisionItemID != nil {
		lq.Where("(c.original_item_id = %s OR c.new_item_id = %s)", *f.RevisionItemID, *f.RevisionItemID)
	}
	listing.IfSet(lq, "c.modified_utc > %s", f.ModifiedAfter)
	listing.IfSet(lq, "c.modified_utc <= %s", f.ModifiedBefore)
	out, total, err := listing.SelectPage(ctx, q, lq, listSelect, p, changeOrderRow.changeOrder)
	if err != nil {
		return nil, 0, fmt.Errorf("list change orders: %w", err)
	}
	return out, total, nil
}
