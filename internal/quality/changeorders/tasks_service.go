package changeorders

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// taskListSpec: by change order then sequence.
var taskListSpec = listing.Spec{
	Fields: map[string]string{
		"sequence": "t.sequence", "dueDateUtc": "t.due_date_utc", "createdUtc": "t.created_utc",
	},
	DefaultOrder: "(t.change_order_id, t.sequence)",
	Default:      "sequence",
	IDColumn:     "t.id",
}

// checkTask normalises a task's members and collects what is wrong with them.
func checkTask(w *TaskWrite) error {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxName)
	if w.Description != nil && len([]rune(*w.Description)) > maxDetail {
		fields.Add("description", "must be at most %d characters", maxDetail)
	}
	if w.Sequence != nil && *w.Sequence < 1 {
		fields.Add("sequence", "must be 1 or more")
	}
	return fields.Err()
}

// completion stamps a task being completed: when (sent, kept, or now) and by whom (the
// token's user, nil for an integration token); an open task has neither.
func completion(w TaskWrite, cur *Task, t Tenant, now time.Time) (*time.Time, *string) {
	if !w.Completed {
		return nil, nil
	}
	if cur != nil && cur.Completed {
		when := cur.CompletedUtc
		if w.CompletedUtc != nil {
			when = w.CompletedUtc
		}
		return when, cur.CompletedByUserID
	}
	when := &now
	if w.CompletedUtc != nil {
		when = w.CompletedUtc
	}
	return when, userOf(t)
}

// place answers the step a task asked for lands on among count tasks (1 to count): omitted
// or past the end, the last.
func place(asked *int32, count int32) int32 {
	if asked == nil || *asked > count {
		return count
	}
	return *asked
}

// CreateTask adds a task to change order w.ChangeOrderID at its sequence (the others at and
// after it shift one step on) and answers its id, with the change order locked.
func (s *Service) CreateTask(ctx context.Context, t Tenant, w TaskWrite) (string, error) {
	if err := checkTask(&w); err != nil {
		return "", err
	}
	now := s.now().UTC()
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.enabled(ctx, q, t.ID); err != nil {
			return err
		}
		if w.ChangeOrderID == "" {
			return missingRelatedRecord()
		}
		if _, err := s.store.get(ctx, q, t.ID, w.ChangeOrderID, true); err != nil {
			if apperr.IsKind(err, apperr.KindNotFound) {
				return apperr.NotFoundField("relatedRecord.id", "change order %s not found", w.ChangeOrderID)
			}
			return err
		}
		count, err := s.store.taskCount(ctx, q, t.ID, w.ChangeOrderID)
		if err != nil {
			return err
		}
		seq := place(w.Sequence, count+1)
		if err := s.store.shiftTasks(ctx, q, t.ID, w.ChangeOrderID, seq, count, 1); err != nil {
			return err
		}
		when, by := completion(w, nil, t, now)
		return s.store.insertTask(ctx, q, t.ID, w.ChangeOrderID, Task{ID: id, Sequence: seq, Name: w.Name,
			Description: w.Description, DueDateUtc: w.DueDateUtc, Completed: w.Completed, CompletedUtc: when, CompletedByUserID: by})
	})
	return id, err
}

// GetTask answers task id.
func (s *Service) GetTask(ctx context.Context, tenantID, id string) (Task, error) {
	var out Task
	err := s.pool.WithTx(ctx, func(q db.Q) (err error) {
		if _, err := s.enabled(ctx, q, tenantID); err != nil {
			return err
		}
		out, err = s.store.task(ctx, q, tenantID, id)
		return err
	})
	return out, err
}

// UpdateTask replaces task id (its change order stays) and answers it, with its change order
// locked; a sequence sent moves it to that step, shifting the tasks between.
func (s *Service) UpdateTask(ctx context.Context, t Tenant, id string, w TaskWrite) (Task, error) {
	if err := checkTask(&w); err != nil {
		return Task{}, err
	}
	now := s.now().UTC()
	var out Task
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.enabled(ctx, q, t.ID); err != nil {
			return err
		}
		cur, err := s.lockTask(ctx, q, t.ID, id)
		if err != nil {
			return err
		}
		count, err := s.store.taskCount(ctx, q, t.ID, cur.ChangeOrderID)
		if err != nil {
			return err
		}
		seq := cur.Sequence
		if w.Sequence != nil {
			seq = place(w.Sequence, count)
		}
		switch {
		case seq < cur.Sequence:
			err = s.store.shiftTasks(ctx, q, t.ID, cur.ChangeOrderID, seq, cur.Sequence-1, 1)
		case seq > cur.Sequence:
			err = s.store.shiftTasks(ctx, q, t.ID, cur.ChangeOrderID, cur.Sequence+1, seq, -1)
		}
		if err != nil {
			return err
		}
		when, by := completion(w, &cur, t, now)
		if err := s.store.updateTask(ctx, q, t.ID, Task{ID: id, Sequence: seq, Name: w.Name, Description: w.Description,
			DueDateUtc: w.DueDateUtc, Completed: w.Completed, CompletedUtc: when, CompletedByUserID: by}); err != nil {
			return err
		}
		out, err = s.store.task(ctx, q, t.ID, id)
		return err
	})
	return out, err
}

// lockTask reads task id after locking its change order (the lock every task write of a
// change order takes, so that sequences shift one write at a time).
func (s *Service) lockTask(ctx context.Context, q db.Q, tenantID, id string) (Task, error) {
	cur, err := s.store.task(ctx, q, tenantID, id)
	if err != nil {
		return Task{}, err
	}
	if _, err := s.store.get(ctx, q, tenantID, cur.ChangeOrderID, true); err != nil {
		return Task{}, err
	}
	// Read again under the lock: a concurrent write may have moved it.
	return s.store.task(ctx, q, tenantID, id)
}

// DeleteTask removes task id (the tasks after it move one step back) and reports whether it
// did (false: none).
func (s *Service) DeleteTask(ctx context.Context, tenantID, id string) (bool, error) {
	deleted := false
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.enabled(ctx, q, tenantID); err != nil {
			return err
		}
		cur, err := s.lockTask(ctx, q, tenantID, id)
		if apperr.IsKind(err, apperr.KindNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		count, err := s.store.taskCount(ctx, q, tenantID, cur.ChangeOrderID)
		if err != nil {
			return err
		}
		if err := s.store.deleteTask(ctx, q, tenantID, id); err != nil {
			return err
		}
		if err := s.store.shiftTasks(ctx, q, tenantID, cur.ChangeOrderID, cur.Sequence+1, count, -1); err != nil {
			return err
		}
		deleted = true
		return nil
	})
	return deleted, err
}

// TaskPage is one page of tasks.
type TaskPage struct {
	Rows []Task
	listing.Envelope
}

// ListTasks answers a page of the tenant's tasks (of the change orders among
// changeOrderIDs when set).
func (s *Service) ListTasks(ctx context.Context, tenantID string, changeOrderIDs []string, r listing.Request) (TaskPage, error) {
	page, err := listing.Resolve(r, taskListSpec)
	if err != nil {
		return TaskPage{}, err
	}
	var out TaskPage
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.enabled(ctx, q, tenantID); err != nil {
			return err
		}
		rows, total, err := s.store.listTasks(ctx, q, tenantID, changeOrderIDs, page)
		if err != nil {
			return err
		}
		out = TaskPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}
		return nil
	})
	return out, err
}

// missingRelatedRecord is a create without relatedRecord: a task belongs to a change order.
func missingRelatedRecord() error {
	return apperr.Field("relatedRecord.id", "is required: a task belongs to the change order it names")
}
