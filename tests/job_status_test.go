package tests

import (
	"net/http"
	"testing"

	"mos/gen/client"
)

// Job statuses: the transition table of the status operation, cancelling, the stock a
// released job holds and the cost breakdowns the moves record.

// jobInStatus creates a job making one unit of itemID and brings it to status through the
// API.
func jobInStatus(t *testing.T, te *tenantEnv, itemID, status string) string {
	t.Helper()
	id := createJobMaking(t, te, itemID, "1")
	switch status {
	case "planned":
	case "released":
		mustMoveJob(t, te, id, "released")
	case "inProgress", "complete":
		mustMoveJob(t, te, id, "released")
		mustMoveJob(t, te, id, status)
	case "cancelled":
		res, body := cancelJob(t, te, id)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	default:
		t.Fatalf("no way to %s", status)
	}
	return id
}

// Every pair of the table published with updateJobStatus: allowed moves answer the job in
// its new status, a move to its own status is a no-op that changes nothing, refused moves
// (and cancelled, which only cancelJob does) answer 400 naming status and change nothing.
func TestJobStatusMovesFollowTheTransitionTable(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("TABLE"))
	statuses := []string{"planned", "released", "inProgress", "complete", "cancelled"}
	allowed := map[string][]string{
		"planned":    {"released"},
		"released":   {"planned", "inProgress", "complete"},
		"inProgress": {"complete"},
	}
	for _, from := range statuses {
		for _, to := range statuses {
			t.Run(from+"_to_"+to, func(t *testing.T) {
				id := jobInStatus(t, te, item, from)
				before := getJob(t, te, id)
				res, body := moveJob(t, te, id, to)
				switch {
				case from == to && to != "cancelled":
					mustStatus(t, res.StatusCode, http.StatusOK, body)
					if after := getJob(t, te, id); !after.ModifiedUtc.Equal(before.ModifiedUtc) || string(after.Status) != from {
						t.Fatalf("a no-op move changed the job: %v %s", after.ModifiedUtc, after.Status)
					}
				case contains(allowed[from], to):
					mustStatus(t, res.StatusCode, http.StatusOK, body)
					if got := getJob(t, te, id).Status; string(got) != to {
						t.Fatalf("moved to %s, the job is %s", to, got)
					}
				default:
					mustProblemNaming(t, res, body, "status")
					if got := getJob(t, te, id).Status; string(got) != from {
						t.Fatalf("a refused move left the job %s, want %s", got, from)
					}
				}
			})
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Moving to in progress stamps startedUtc, completing stamps completedUtc; cancelling stamps
// cancelledUtc, and only planned, released and in-progress jobs can be cancelled.
func TestJobMovesStampTheirInstantsAndCancelIsRefusedWhenDone(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("STAMPS"))
	done := jobInStatus(t, te, item, "inProgress")
	mustMoveJob(t, te, done, "complete")
	j := getJob(t, te, done)
	if j.StartedUtc == nil || j.CompletedUtc == nil || j.CancelledUtc != nil {
		t.Fatalf("complete job stamps started %v completed %v cancelled %v", j.StartedUtc, j.CompletedUtc, j.CancelledUtc)
	}
	res, body := cancelJob(t, te, done)
	mustProblemNaming(t, res, body, "status")
	for _, from := range []string{"planned", "released", "inProgress"} {
		id := jobInStatus(t, te, item, from)
		res, body := cancelJob(t, te, id)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		if c := getJob(t, te, id); c.Status != client.JobStatusCancelled || c.CancelledUtc == nil || c.CompletedUtc != nil {
			t.Fatalf("cancelled from %s: %s, cancelled %v, completed %v", from, c.Status, c.CancelledUtc, c.CompletedUtc)
		}
		res, body = cancelJob(t, te, id)
		mustProblemNaming(t, res, body, "status")
	}
}

// A released job holds what its routing needs (2 components per unit made) of the stock on
// hand: back to planned releases it, releasing again holds it again, cancelling releases it
// and the cancelled job refuses every further move. On hand never changes, and the ledger's
// reservation events name the job.
func TestJobReleaseReservesInputItemsUntilCancelled(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "100")
	id := createJobMaking(t, te, f.Item, "4")
	soResAvailable(t, te, f.Component, "100", "100")
	mustMoveJob(t, te, id, "released")
	soResAvailable(t, te, f.Component, "92", "100")
	mustMoveJob(t, te, id, "planned")
	soResAvailable(t, te, f.Component, "100", "100")
	mustMoveJob(t, te, id, "released")
	mustMoveJob(t, te, id, "inProgress")
	soResAvailable(t, te, f.Component, "92", "100")
	page := listEvents(t, te, nil, client.InventoryEventFilter{ItemIds: &[]string{f.Component}})
	var reserved int
	for _, ev := range page.Data {
		if ev.ReservedForType != nil && string(*ev.ReservedForType) == "job" && ev.ReservedForId != nil && *ev.ReservedForId == id {
			reserved++
		}
	}
	if reserved < 3 {
		t.Fatalf("%d reservation events name the job, want at least 3 (reserve, release, reserve)", reserved)
	}
	res, body := cancelJob(t, te, id)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	soResAvailable(t, te, f.Component, "100", "100")
	for _, to := range []string{"planned", "released", "inProgress", "complete"} {
		res, body := moveJob(t, te, id, to)
		mustProblemNaming(t, res, body, "status")
	}
	soResAvailable(t, te, f.Component, "100", "100")
}

// A job created released holds its stock at once, as far as stock allows (never failing for
// lack of it); completing releases it.
func TestJobCreatedReleasedReservesAtOnceAndCompletionReleases(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := newJobFixture(t, te, "10")
	id := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(f.Item, "3")}})
	soResAvailable(t, te, f.Component, "4", "10")
	short := createJob(t, te, map[string]any{"status": "released", "itemsToMake": []any{jobMake(f.Item, "3")}})
	soResAvailable(t, te, f.Component, "0", "10")
	mustMoveJob(t, te, id, "complete")
	soResAvailable(t, te, f.Component, "6", "10")
	res, body := cancelJob(t, te, short)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	soResAvailable(t, te, f.Component, "10", "10")
}

// In progress records an inProgressJob cost breakdown for each item to make; completing
// turns it into the completedJob breakdown (the same one), and a cancelled job leaves a
// cancelledJob breakdown, for the quantity to make.
func TestJobCompletionAndCancellationRecordCostBreakdowns(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	made, cancelled := createItem(t, te, newItem("COSTED")), createItem(t, te, newItem("DROPPED"))
	id := createJobMaking(t, te, made, "4")
	mustMoveJob(t, te, id, "released")
	if got := itemCostBreakdowns(t, te, made); len(got) != 0 {
		t.Fatalf("a released job recorded breakdowns %+v", got)
	}
	mustMoveJob(t, te, id, "inProgress")
	got := itemCostBreakdowns(t, te, made)
	if len(got) != 1 || got[0].Type != client.ItemCostBreakdownTypeInProgressJob || !got[0].Quantity.Equal(num("4").Decimal) {
		t.Fatalf("in progress breakdowns %+v", got)
	}
	first := got[0].Id
	mustMoveJob(t, te, id, "complete")
	got = itemCostBreakdowns(t, te, made)
	if len(got) != 1 || got[0].Id != first || got[0].Type != client.ItemCostBreakdownTypeCompletedJob || !got[0].Quantity.Equal(num("4").Decimal) {
		t.Fatalf("completed breakdowns %+v, want breakdown %s as completedJob", got, first)
	}
	drop := createJob(t, te, map[string]any{"itemsToMake": []any{jobMake(cancelled, "2.5")}})
	res, body := cancelJob(t, te, drop)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	got = itemCostBreakdowns(t, te, cancelled)
	if len(got) != 1 || got[0].Type != client.ItemCostBreakdownTypeCancelledJob || !got[0].Quantity.Equal(num("2.5").Decimal) ||
		!got[0].CumulativeCost.Total.Total.IsZero() {
		t.Fatalf("cancelled breakdowns %+v", got)
	}
}
