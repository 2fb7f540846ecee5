package jobs

import (
	"context"
	"fmt"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// A message's text is 1 to maxMessageBody characters after trimming; it mentions at most
// maxMentions users.
const (
	maxMessageBody = 4000
	maxMentions    = 50
)

// MessageCreate is a chat message posted on a job (createJobMessage).
type MessageCreate struct {
	Body string
	// ItemToMakeID and OperationID pin the message to an operation of an item the job makes:
	// both or neither.
	ItemToMakeID *string
	OperationID  *string
	// Mentions are user ids of the tenant; each becomes a subscriber of the job's messages.
	Mentions []string
}

// Message is a chat message on a job as stored.
type Message struct {
	ID           string
	JobID        string
	ItemToMakeID *string
	OperationID  *string
	Body         string
	// AuthorUserID is nil when an integration token posted the message.
	AuthorUserID *string
	// Mentions are the users it mentions, in the order first sent.
	Mentions   []string
	CreatedUtc time.Time
}

// MessageFilter narrows a job's messages to those pinned to one operation (both or neither).
type MessageFilter struct {
	ItemToMakeID *string
	OperationID  *string
}

// MessagePage is one page of a job's messages.
type MessagePage struct {
	Rows []Message
	listing.Envelope
}

// messageListSpec fixes the order: newest first, then highest id. Any sort is refused.
var messageListSpec = listing.Spec{
	Fields:            map[string]string{"createdUtc": "m.created_utc"},
	Default:           "createdUtc",
	DefaultDescending: true,
	IDColumn:          "m.id",
	Unsortable:        true,
}

// checkPinned adds a field error when only one of an item to make and an operation is named:
// a message is pinned to an operation of an item to make, so the two go together.
func checkPinned(fields apperr.Fields, itemToMakeID, operationID *string) {
	switch {
	case itemToMakeID != nil && operationID == nil:
		fields.Add("operationId", "is required with itemToMakeId (the two are sent together or not at all)")
	case itemToMakeID == nil && operationID != nil:
		fields.Add("itemToMakeId", "is required with operationId (the two are sent together or not at all)")
	}
}

// checkMessage normalises a message's own members (trimmed body, mentions once each in the
// order first sent) and collects what is wrong with them.
func checkMessage(w *MessageCreate) error {
	fields := apperr.Fields{}
	w.Body = fields.Text("body", w.Body, maxMessageBody)
	checkPinned(fields, w.ItemToMakeID, w.OperationID)
	if len(w.Mentions) > maxMentions {
		fields.Add("mentions", "a message mentions 0 to %d users", maxMentions)
	}
	return fields.Err()
}

// uniqueMentions answers mentions once each, in the order first sent.
func uniqueMentions(mentions []string) []string {
	seen := make(map[string]bool, len(mentions))
	out := make([]string, 0, len(mentions))
	for _, m := range mentions {
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	return out
}

// CreateMessage stores a new message on job jobID by the calling user (none for an
// integration token), subscribes every mentioned user to the job's messages and answers the
// message id, in one transaction. An unknown job is NotFound; an item to make not the job's,
// or an operation not in its routing, is NotFound naming the member; a mention that is not a
// user of the tenant is a 400 naming mentions.N.
func (s *Service) CreateMessage(ctx context.Context, t Tenant, jobID string, w MessageCreate) (string, error) {
	if err := checkMessage(&w); err != nil {
		return "", err
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.getJob(ctx, q, t.ID, jobID); err != nil {
			return err
		}
		if w.ItemToMakeID != nil {
			if err := s.checkMessageOperation(ctx, q, t.ID, jobID, *w.ItemToMakeID, *w.OperationID); err != nil {
				return err
			}
		}
		mentions := uniqueMentions(w.Mentions)
		known, err := s.deps.Users.Known(ctx, q, t.ID, mentions)
		if err != nil {
			return err
		}
		fields := apperr.Fields{}
		for i, m := range w.Mentions {
			if !known[m] {
				fields.Add(fmt.Sprintf("mentions.%d", i), "user %s is not a user of the tenant", m)
			}
		}
		if err := fields.Err(); err != nil {
			return err
		}
		var author *string
		if t.UserID != "" {
			author = &t.UserID
		}
		return s.store.insertMessage(ctx, q, t.ID, messageInsert{
			ID: id, JobID: jobID, ItemToMakeID: w.ItemToMakeID, OperationID: w.OperationID,
			Body: w.Body, AuthorUserID: author, Mentions: mentions,
		})
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// checkMessageOperation answers NotFound naming itemToMakeId when the job does not make that
// item to make, and naming operationId when the operation is not in its routing.
func (s *Service) checkMessageOperation(ctx context.Context, q db.Q, tenantID, jobID, itemToMakeID, operationID string) error {
	it, err := s.store.getItemToMake(ctx, q, tenantID, jobID, itemToMakeID)
	if apperr.IsKind(err, apperr.KindNotFound) {
		return apperr.NotFoundField("itemToMakeId", "job %s has no item to make %s", jobID, itemToMakeID)
	}
	if err != nil {
		return err
	}
	ops, err := s.operationsOf(ctx, q, tenantID, jobID, []ItemToMake{it}, it.ID)
	if err != nil {
		return err
	}
	for _, op := range ops {
		if op.ID == operationID {
			return nil
		}
	}
	return apperr.NotFoundField("operationId", "the item to make has no operation %s", operationID)
}

// ListMessages answers a page of job jobID's messages matching f, newest first then highest
// id, in a fixed number of statements however many messages and mentions the page holds. The
// order is fixed: a Sort.Field or Sort.Dir is a 400 naming it. An unknown job is NotFound.
func (s *Service) ListMessages(ctx context.Context, tenantID, jobID string, f MessageFilter, r listing.Request) (MessagePage, error) {
	if r.SortDir != nil && r.SortField == nil {
		return MessagePage{}, apperr.Field("Sort.Dir", "this list has a fixed order (newest first) and cannot be sorted")
	}
	page, err := listing.Resolve(r, messageListSpec)
	if err != nil {
		return MessagePage{}, err
	}
	fields := apperr.Fields{}
	checkPinned(fields, f.ItemToMakeID, f.OperationID)
	if err := fields.Err(); err != nil {
		return MessagePage{}, err
	}
	var out MessagePage
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.getJob(ctx, q, tenantID, jobID); err != nil {
			return err
		}
		rows, total, err := s.store.listMessages(ctx, q, tenantID, jobID, f, page)
		if err != nil {
			return err
		}
		out = MessagePage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}
		return nil
	})
	return out, err
}
