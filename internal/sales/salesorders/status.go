package salesorders

import (
	"slices"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/shared/docheaders"
)

// Status is where a sales order stands. The wire names are camelCase; reports show Label.
type Status string

// The sales order statuses.
const (
	StatusDraft         Status = "draft"
	StatusNeedsApproval Status = "needsApproval"
	StatusApproved      Status = "approved"
	StatusInProgress    Status = "inProgress"
	StatusComplete      Status = "complete"
)

// Statuses lists every status in the order a sales order usually moves through them.
var Statuses = []Status{StatusDraft, StatusNeedsApproval, StatusApproved, StatusInProgress, StatusComplete}

// labels are the statuses as reports and PDFs show them.
var labels = map[Status]string{
	StatusDraft: "Draft", StatusNeedsApproval: "Needs Approval", StatusApproved: "Approved",
	StatusInProgress: "In Progress", StatusComplete: "Complete",
}

// Label is the status as reports show it ("In Progress").
func (s Status) Label() string { return labels[s] }

// Valid reports whether s is one of Statuses.
func (s Status) Valid() bool { return slices.Contains(Statuses, s) }

// StatusFromLabel reads a report label ("in progress", case-insensitive); false when label is
// none of the five.
func StatusFromLabel(label string) (Status, bool) {
	for _, s := range Statuses {
		if strings.EqualFold(labels[s], strings.TrimSpace(label)) {
			return s, true
		}
	}
	return "", false
}

// transitions is the status update's table: the statuses a sales order may move to from each
// status. The spec publishes the same table (updateSalesOrderStatus); a black-box test walks
// every pair. A move to the status the order already has is a no-op (200, nothing changes).
var transitions = docheaders.Transitions[Status]{
	// Entered: goes for approval or is approved straight away.
	StatusDraft:         {StatusNeedsApproval, StatusApproved},
	StatusNeedsApproval: {StatusDraft, StatusApproved},
	// Accepted: production starts, or it may go back to be reworked; an order filled from
	// stock may complete without production.
	StatusApproved: {StatusDraft, StatusNeedsApproval, StatusInProgress, StatusComplete},
	// Being made and shipped: it completes, or goes back to approved while nothing is made.
	StatusInProgress: {StatusApproved, StatusComplete},
	// Done: it may be reopened.
	StatusComplete: {StatusInProgress},
}

// CheckMove answers whether a sales order in status current may move to next: false for the
// no-op move to its own status, a 400 naming status when the table refuses it.
func CheckMove(current, next Status) (bool, error) {
	return transitions.Check("sales order", current, next)
}

// routingEditable are the statuses in which a part line's routing may be edited: before
// production starts.
var routingEditable = []Status{StatusDraft, StatusApproved}

// CheckRoutingEditable refuses, with a 400, a routing edit on a line of an order in status s.
func CheckRoutingEditable(s Status) error {
	if !slices.Contains(routingEditable, s) {
		return apperr.Invalid("the routing of a sales order line can be edited only while the order is draft or approved; it is %s", s)
	}
	return nil
}

// Reserving reports whether an order in status s holds its part lines' stock: from approval
// until it completes.
func Reserving(s Status) bool {
	return s == StatusApproved || s == StatusInProgress
}
