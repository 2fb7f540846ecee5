package purchaseorders

import (
	"slices"

	"mos/internal/shared/docheaders"
)

// Status is where a purchase order stands. Receiving progress is not a status, so that
// ordered and paid stay what purchase history counts.
type Status string

// The purchase order statuses.
const (
	// StatusDraft is a request for quote.
	StatusDraft   Status = "draft"
	StatusOrdered Status = "ordered"
	StatusPaid    Status = "paid"
	// StatusClosed: nothing more is expected.
	StatusClosed    Status = "closed"
	StatusCancelled Status = "cancelled"
)

// Statuses lists every status in the order a purchase order usually moves through them.
var Statuses = []Status{StatusDraft, StatusOrdered, StatusPaid, StatusClosed, StatusCancelled}

// Valid reports whether s is one of Statuses.
func (s Status) Valid() bool { return slices.Contains(Statuses, s) }

// transitions is the status update's table: the statuses a purchase order may move to from
// each status. The spec publishes the same table (updatePurchaseOrderStatus); a black-box
// test walks every pair. A move to the status the order already has is a no-op.
var transitions = docheaders.Transitions[Status]{
	// A request for quote is sent as an order, or dropped.
	StatusDraft: {StatusOrdered, StatusCancelled},
	// Sent: back to a request, paid, closed or cancelled.
	StatusOrdered: {StatusDraft, StatusPaid, StatusClosed, StatusCancelled},
	// Paid: the payment may be reversed, or nothing more is expected.
	StatusPaid: {StatusOrdered, StatusClosed},
	// Closed: it may be reopened.
	StatusClosed: {StatusOrdered},
	// Cancelled: it may start over as a request.
	StatusCancelled: {StatusDraft},
}

// CheckMove answers whether a purchase order in status current may move to next: false for
// the no-op move to its own status, a 400 naming status when the table refuses it.
func CheckMove(current, next Status) (bool, error) {
	return transitions.Check("purchase order", current, next)
}

// DefaultTitle is the title a purchase order without one shows: "RFQ" while it is a request
// for quote, "Purchase Order" after.
func DefaultTitle(s Status) string {
	if s == StatusDraft {
		return "RFQ"
	}
	return "Purchase Order"
}
