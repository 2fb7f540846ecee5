package jobs

import (
	"slices"

	"mos/internal/platform/apperr"
	"mos/internal/shared/docheaders"
)

// Status is where a job stands.
type Status string

// The job statuses.
const (
	StatusPlanned    Status = "planned"
	StatusReleased   Status = "released"
	StatusInProgress Status = "inProgress"
	StatusComplete   Status = "complete"
	StatusCancelled  Status = "cancelled"
)

// Statuses lists every status in the order a job usually moves through them.
var Statuses = []Status{StatusPlanned, StatusReleased, StatusInProgress, StatusComplete, StatusCancelled}

// Valid reports whether s is one of Statuses.
func (s Status) Valid() bool { return slices.Contains(Statuses, s) }

// transitions is the status update's table: the statuses a job may move to from each status.
// The spec publishes the same table (updateJobStatus); a black-box test walks every pair. A
// move to the status the job already has is a no-op (200, nothing changes). Cancelling is an
// operation of its own (cancelJob), so cancelled is in no row; complete and cancelled are
// final.
var transitions = docheaders.Transitions[Status]{
	// Being prepared: released to the floor.
	StatusPlanned: {StatusReleased},
	// On the floor: back to planning while nothing is recorded, work starts, or it completes
	// without recorded work.
	StatusReleased: {StatusPlanned, StatusInProgress, StatusComplete},
	// Work recorded: it completes.
	StatusInProgress: {StatusComplete},
}

// checkMove answers whether a job in status current may move to next: false for the no-op
// move to its own status, a 400 naming status when the table refuses it. cancelled is refused
// whatever the current status: cancelling is cancelJob.
func checkMove(current, next Status) (bool, error) {
	if next == StatusCancelled {
		return false, apperr.Field("status", "a job is cancelled through POST /api/jobs/{jobId}/cancel: use cancel")
	}
	return transitions.Check("job", current, next)
}

// Reserving reports whether a job in status s holds the stock its routings still need: from
// release until it completes or is cancelled.
func Reserving(s Status) bool {
	return s == StatusReleased || s == StatusInProgress
}

// final reports whether a job in status s is done: complete or cancelled.
func final(s Status) bool {
	return s == StatusComplete || s == StatusCancelled
}

// requireAcceptsWork refuses, with a 400, work recorded on a job that does not take it (a
// pick, a quantity completed, time): a planned job must be released first, and a complete or
// cancelled job takes no more work.
func requireAcceptsWork(j Job) error {
	switch j.Status {
	case StatusPlanned:
		return apperr.Invalid("job %d is planned: release the job first", j.Number)
	case StatusComplete:
		return apperr.Invalid("job %d is complete and accepts no more work", j.Number)
	case StatusCancelled:
		return apperr.Invalid("job %d is cancelled and accepts no more work", j.Number)
	}
	return nil
}

// cancellable are the statuses a job may be cancelled from.
var cancellable = []Status{StatusPlanned, StatusReleased, StatusInProgress}
