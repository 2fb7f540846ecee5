package invoices

import (
	"slices"

	"mos/internal/platform/apperr"
	"mos/internal/shared/docheaders"
)

// Status is where an invoice stands.
type Status string

// The invoice statuses.
const (
	StatusNew           Status = "new"
	StatusNeedsApproval Status = "needsApproval"
	StatusApproved      Status = "approved"
	StatusIssued        Status = "issued"
	StatusPaid          Status = "paid"
)

// Statuses lists every status in the order an invoice usually moves through them.
var Statuses = []Status{StatusNew, StatusNeedsApproval, StatusApproved, StatusIssued, StatusPaid}

// Valid reports whether s is one of Statuses.
func (s Status) Valid() bool { return slices.Contains(Statuses, s) }

// transitions is the status update's table: an invoice may move from any status to any
// other (a correction of a status is a move like the others). The spec publishes the same
// table (updateInvoiceStatus); a black-box test walks every pair.
var transitions = func() docheaders.Transitions[Status] {
	t := docheaders.Transitions[Status]{}
	for _, from := range Statuses {
		for _, to := range Statuses {
			if from != to {
				t[from] = append(t[from], to)
			}
		}
	}
	return t
}()

// CheckMove answers whether an invoice in status current may move to next: false for the
// no-op move to its own status.
func CheckMove(current, next Status) (bool, error) {
	return transitions.Check("invoice", current, next)
}

// editable are the statuses in which an invoice's lines and amounts may change: before it is
// sent to the customer.
var editable = []Status{StatusNew, StatusNeedsApproval, StatusApproved}

// checkEditable refuses, with a 400 naming status, a money-changing write on an invoice in
// status s.
func checkEditable(s Status) error {
	if !slices.Contains(editable, s) {
		return apperr.Field("status", "the lines and amounts of an invoice change only while it is new, needs approval or approved; it is %s", s)
	}
	return nil
}

// deletable are the statuses in which an invoice may be deleted: before it is approved.
var deletable = []Status{StatusNew, StatusNeedsApproval}

// billable are the sales order statuses an invoice may bill.
var billable = []string{"approved", "inProgress", "complete"}
