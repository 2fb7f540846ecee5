package changeorders

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

type taskRow struct {
	ID                string     `db:"id"`
	ChangeOrderID     string     `db:"change_order_id"`
	ChangeOrderNumber int64      `db:"change_order_number"`
	Sequence          int32      `db:"sequence"`
	Name              string     `db:"name"`
	Description       *string    `db:"description"`
	DueDateUtc        *time.Time `db:"due_date_utc"`
	Completed         bool       `db:"completed"`
	CompletedUtc      *time.Time `db:"completed_utc"`
	CompletedByUserID *string    `db:"completed_by_user_id"`
	CreatedUtc        time.Time  `db:"created_utc"`
	TotalCount        int        `db:"total_count"`
}

func (r taskRow) Total() int { return r.TotalCount }

func (r taskRow) task() Task {
	return Task{ID: r.ID, ChangeOrderID: r.ChangeOrderID, ChangeOrderNumber: r.ChangeOrderNumber, Sequence: r.Sequence,
		Name: r.Name, Description: r.Description, DueDateUtc: utcPtr(r.DueDateUtc), Completed: r.Completed,
		CompletedUtc: utcPtr(r.CompletedUtc), CompletedByUserID: r.CompletedByUserID, CreatedUtc: r.CreatedUtc.UTC()}
}

const taskColumns = `t.id, t.change_order_id, c.number AS change_order_number, t.sequence, t.name, t.description,
       t.due_date_utc, t.completed, t.completed_utc, t.completed_by_user_id, t.created_utc`

const taskFrom = ` FROM change_order_tasks t JOIN change_orders c ON c.tenant_id = t.tenant_id AND c.id = t.change_order_id`

func (store) task(ctx context.Context, q db.Q, tenantID, id string) (Task, error) {
	var r taskRow
	err := sqlx.GetContext(ctx, q, &r, `SELECT `+taskColumns+taskFrom+` WHERE t.tenant_id = $1 AND t.id = $2`, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Task{}, apperr.NotFound("change order task %s not found", id)
	}
	if err != nil {
		return Task{}, fmt.Errorf("read change order task: %w", err)
	}
	return r.task(), nil
}

const taskCountSQL = `SELECT count(*) FROM change_order_tasks WHERE tenant_id = $1 AND change_order_id = $2`

func (store) taskCount(ctx context.Context, q db.Q, tenantID, changeOrderID string) (int32, error) {
	var n int32
	if err := sqlx.GetContext(ctx, q, &n, taskCountSQL, tenantID, changeOrderID); err != nil {
		return 0, fmt.Errorf("count change order tasks: %w", err)
	}
	return n, nil
}

// shiftTasksSQL moves the tasks at steps from to to by one step ($5: 1 or -1); the deferred
// sequence key is checked at commit.
const shiftTasksSQL = `
UPDATE change_order_tasks SET sequence = sequence + $5
WHERE tenant_id = $1 AND change_order_id = $2 AND sequence BETWEEN $3 AND $4`

func (store) shiftTasks(ctx context.Context, q db.Q, tenantID, changeOrderID string, from, to, by int32) error {
	if from > to {
		return nil
	}
	if _, err := q.ExecContext(ctx, shiftTasksSQL, tenantID, changeOrderID, from, to, by); err != nil {
		return fmt.Errorf("shift change order tasks: %w", err)
	}
	return nil
}

const insertTaskSQL = `
INSERT INTO change_order_tasks (tenant_id, change_order_id, id, sequence, name, description, due_date_utc, completed,
    completed_utc, completed_by_user_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`

func (store) insertTask(ctx context.Context, q db.Q, tenantID, changeOrderID string, t Task) error {
	if _, err := q.ExecContext(ctx, insertTaskSQL, tenantID, changeOrderID, t.ID, t.Sequence, t.Name, t.Description,
		t.DueDateUtc, t.Completed, t.CompletedUtc, t.CompletedByUserID); err != nil {
		return fmt.Errorf("insert change order task: %w", err)
	}
	return nil
}

const insertTemplateTasksSQL = `
INSERT INTO change_order_tasks (tenant_id, change_order_id, id, sequence, name, description, due_date_utc)
SELECT $1, $2, t.id, t.sequence, t.name, t.description, t.due_date_utc
FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::timestamptz[]) AS t (id, sequence, name, description, due_date_utc)`

// insertTemplateTasks stores a create's template tasks in one statement.
func (store) insertTemplateTasks(ctx context.Context, q db.Q, tenantID, changeOrderID string, tasks []Task) error {
	n := len(tasks)
	idList, names := make([]string, n), make([]string, n)
	seqs := make([]int64, n)
	descriptions := make([]sql.NullString, n)
	dues := make([]time.Time, n)
	for i, t := range tasks {
		idList[i], seqs[i], names[i], dues[i] = t.ID, int64(t.Sequence), t.Name, *t.DueDateUtc
		if t.Description != nil {
			descriptions[i] = sql.NullString{String: *t.Description, Valid: true}
		}
	}
	if _, err := q.ExecContext(ctx, insertTemplateTasksSQL, tenantID, changeOrderID, pq.StringArray(idList), pq.Int64Array(seqs),
		pq.StringArray(names), pq.Array(descriptions), pq.Array(dues)); err != nil {
		return fmt.Errorf("insert change order template tasks: %w", err)
	}
	return nil
}

const updateTaskSQL = `
UPDATE change_order_tasks SET sequence = $3, name = $4, description = $5, due_date_utc = $6, completed = $7,
    completed_utc = $8, completed_by_user_id = $9
WHERE tenant_id = $1 AND id = $2`

func (store) updateTask(ctx context.Context, q db.Q, tenantID string, t Task) error {
	if _, err := q.ExecContext(ctx, updateTaskSQL, tenantID, t.ID, t.Sequence, t.Name, t.Description, t.DueDateUtc,
		t.Completed, t.CompletedUtc, t.CompletedByUserID); err != nil {
		return fmt.Errorf("update change order task: %w", err)
	}
	return nil
}

const deleteTaskSQL = `DELETE FROM change_order_tasks WHERE tenant_id = $1 AND id = $2`

func (store) deleteTask(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, deleteTaskSQL, tenantID, id); err != nil {
		return fmt.Errorf("delete change order task: %w", err)
	}
	return nil
}

const taskListSelect = `SELECT ` + taskColumns + `, COUNT(*) OVER () AS total_count` + taskFrom

func (store) listTasks(ctx context.Context, q db.Q, tenantID string, changeOrderIDs []string, p listing.Page) ([]Task, int, error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	listing.AnyOf(lq, "t.change_order_id", changeOrderIDs)
	out, total, err := listing.SelectPage(ctx, q, lq, taskListSelect, p, taskRow.task)
	if err != nil {
		return nil, 0, fmt.Errorf("list change order tasks: %w", err)
	}
	return out, total, nil
}
