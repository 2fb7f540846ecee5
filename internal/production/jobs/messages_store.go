package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

// messageInsert is a new job message with the users it mentions (each once).
type messageInsert struct {
	ID           string
	JobID        string
	ItemToMakeID *string
	OperationID  *string
	Body         string
	AuthorUserID *string
	Mentions     []string
}

const insertMessageSQL = `
INSERT INTO job_messages (tenant_id, id, job_id, item_to_make_id, operation_id, body, author_user_id)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

// The mentions in the order sent (position 1, 2, …), and their users as subscribers of the
// job's messages: a user already subscribed stays subscribed once, whatever other messages
// run at the same time.
const insertMentionsSQL = `
INSERT INTO job_message_mentions (tenant_id, message_id, position, user_id)
SELECT $1, $2, m.position, m.user_id FROM unnest($3::text[]) WITH ORDINALITY AS m (user_id, position)`

const insertSubscribersSQL = `
INSERT INTO job_message_subscribers (tenant_id, job_id, user_id)
SELECT $1, $2, u FROM unnest($3::text[]) AS u
ON CONFLICT (tenant_id, job_id, user_id) DO NOTHING`

// insertMessage stores m, its mentions and the subscriptions they make, in q's transaction.
func (store) insertMessage(ctx context.Context, q db.Q, tenantID string, m messageInsert) error {
	if _, err := q.ExecContext(ctx, insertMessageSQL, tenantID, m.ID, m.JobID, m.ItemToMakeID, m.OperationID, m.Body, m.AuthorUserID); err != nil {
		return fmt.Errorf("insert job message: %w", err)
	}
	if len(m.Mentions) == 0 {
		return nil
	}
	if _, err := q.ExecContext(ctx, insertMentionsSQL, tenantID, m.ID, pq.StringArray(m.Mentions)); err != nil {
		return fmt.Errorf("insert job message mentions: %w", err)
	}
	if _, err := q.ExecContext(ctx, insertSubscribersSQL, tenantID, m.JobID, pq.StringArray(m.Mentions)); err != nil {
		return fmt.Errorf("subscribe mentioned users: %w", err)
	}
	return nil
}

type messageRow struct {
	ID           string         `db:"id"`
	JobID        string         `db:"job_id"`
	ItemToMakeID sql.NullString `db:"item_to_make_id"`
	OperationID  sql.NullString `db:"operation_id"`
	Body         string         `db:"body"`
	AuthorUserID sql.NullString `db:"author_user_id"`
	CreatedUtc   time.Time      `db:"created_utc"`
	TotalCount   int            `db:"total_count"`
}

func (r messageRow) Total() int { return r.TotalCount }

func nullable(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}

const messageSelect = `SELECT m.id, m.job_id, m.item_to_make_id, m.operation_id, m.body, m.author_user_id, m.created_utc,
       COUNT(*) OVER () AS total_count
  FROM job_messages m`

const messageMentionsSQL = `SELECT message_id, user_id FROM job_message_mentions
 WHERE tenant_id = $1 AND message_id = ANY($2) ORDER BY message_id, position`

// listMessages answers page p of job jobID's messages matching f and how many match, with
// their mentions, in at most three statements.
func (store) listMessages(ctx context.Context, q db.Q, tenantID, jobID string, f MessageFilter, p listing.Page) ([]Message, int, error) {
	lq := listing.NewQuery("m.tenant_id", tenantID)
	lq.Where("m.job_id = %s", jobID)
	if f.ItemToMakeID != nil {
		lq.Where("m.item_to_make_id = %s AND m.operation_id = %s", *f.ItemToMakeID, *f.OperationID)
	}
	rows, total, err := listing.WindowPage(p, func(p listing.Page) ([]messageRow, error) {
		query, args := lq.SQL(messageSelect, p)
		var rows []messageRow
		if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
			return nil, fmt.Errorf("list job messages: %w", err)
		}
		return rows, nil
	})
	if err != nil {
		return nil, 0, err
	}
	out := make([]Message, len(rows))
	msgIDs := make([]string, len(rows))
	at := make(map[string]int, len(rows))
	for i, r := range rows {
		out[i] = Message{
			ID: r.ID, JobID: r.JobID, ItemToMakeID: nullable(r.ItemToMakeID), OperationID: nullable(r.OperationID),
			Body: r.Body, AuthorUserID: nullable(r.AuthorUserID), Mentions: []string{}, CreatedUtc: r.CreatedUtc,
		}
		msgIDs[i], at[r.ID] = r.ID, i
	}
	if len(rows) == 0 {
		return out, total, nil
	}
	var mentions []struct {
		MessageID string `db:"message_id"`
		UserID    string `db:"user_id"`
	}
	if err := sqlx.SelectContext(ctx, q, &mentions, messageMentionsSQL, tenantID, pq.StringArray(msgIDs)); err != nil {
		return nil, 0, fmt.Errorf("list job message mentions: %w", err)
	}
	for _, m := range mentions {
		i := at[m.MessageID]
		out[i].Mentions = append(out[i].Mentions, m.UserID)
	}
	return out, total, nil
}
