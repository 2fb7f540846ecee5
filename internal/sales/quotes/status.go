package quotes

import (
	"slices"

	"mos/internal/platform/apperr"
	"mos/internal/shared/docheaders"
)

// Status is where a quote stands. The wire names are camelCase; reports show Label.
type Status string

// The quote statuses.
const (
	StatusDraft         Status = "draft"
	StatusNeedsApproval Status = "needsApproval"
	StatusApproved      Status = "approved"
	StatusSent          Status = "sent"
	StatusWon           Status = "won"
	StatusLost          Status = "lost"
	StatusExpired       Status = "expired"
)

// Statuses lists every status in the order a quote usually moves through them.
var Statuses = []Status{StatusDraft, StatusNeedsApproval, StatusApproved, StatusSent, StatusWon, StatusLost, StatusExpired}

// labels are the statuses as reports and PDFs show them.
var labels = map[Status]string{
	StatusDraft: "Draft", StatusNeedsApproval: "Needs Approval", StatusApproved: "Approved",
	StatusSent: "Sent", StatusWon: "Won", StatusLost: "Lost", StatusExpired: "Expired",
}

// Label is the status as reports show it ("Needs Approval").
func (s Status) Label() string { return labels[s] }

// Valid reports whether s is one of Statuses.
func (s Status) Valid() bool { return slices.Contains(Statuses, s) }

// transitions is the status update's table: the statuses a quote may move to from each
// status. The spec publishes the same table (updateQuoteStatus); TestQuoteStatusTransitions
// walks every pair. Two rules sit beside it:
//   - a move to the status the quote already has is a no-op (200, nothing changes);
//   - a move to sent from sent, won or lost is such a no-op too: quotedDate and
//     expirationDate stay as they are. From every other status it stamps quotedDate with
//     the send time and recomputes expirationDate while it is still its create-time default.
var transitions = docheaders.Transitions[Status]{
	// Prepared internally: may go for approval, be approved, or be sent straight away.
	StatusDraft:         {StatusNeedsApproval, StatusApproved, StatusSent},
	StatusNeedsApproval: {StatusDraft, StatusApproved, StatusSent},
	StatusApproved:      {StatusDraft, StatusSent},
	// With the customer: it is won, lost or runs out.
	StatusSent: {StatusWon, StatusLost, StatusExpired},
	// Decided: a won quote may still be lost (the customer withdrew) and a lost one won.
	StatusWon:  {StatusLost},
	StatusLost: {StatusWon},
	// Ran out: the customer may still accept or decline it, or it is sent again.
	StatusExpired: {StatusSent, StatusWon, StatusLost},
}

// Move is what a status update does.
type Move int

const (
	// MoveRefused: the table does not allow it (400 naming status).
	MoveRefused Move = iota
	// MoveNone: a no-op (same status, or sent again after it was sent).
	MoveNone
	// MoveSend: to sent, stamping quotedDate.
	MoveSend
	// MoveOther: any other allowed move.
	MoveOther
)

// sentAlready are the statuses from which a move to sent is a no-op: the quote went out.
var sentAlready = []Status{StatusSent, StatusWon, StatusLost}

// MoveFrom classifies the move from the quote's current status to next.
func MoveFrom(current, next Status) Move {
	switch {
	case current == next:
		return MoveNone
	case next == StatusSent && slices.Contains(sentAlready, current):
		return MoveNone
	case !slices.Contains(transitions[current], next):
		return MoveRefused
	case next == StatusSent:
		return MoveSend
	default:
		return MoveOther
	}
}

// CheckMove is MoveFrom answering a refused move as a 400 naming status.
func CheckMove(current, next Status) (Move, error) {
	m := MoveFrom(current, next)
	if m == MoveRefused {
		return m, apperr.Field("status", "a %s quote cannot move to %s (allowed: %v)", current, next, transitions[current])
	}
	return m, nil
}

// SentAlready reports whether a quote in status s has gone out to the customer: its dueDate
// can no longer be written.
func SentAlready(s Status) bool { return slices.Contains(sentAlready, s) }
