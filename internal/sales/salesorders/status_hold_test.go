package salesorders

import "testing"

// TestStatusMovesReserveAndRelease: a move into the reserving statuses reserves, a move out
// releases, and a move within either group does neither, for every allowed move.
func TestStatusMovesReserveAndRelease(t *testing.T) {
	want := map[[2]Status]int{
		{StatusDraft, StatusApproved}: moveReserves, {StatusNeedsApproval, StatusApproved}: moveReserves,
		{StatusComplete, StatusInProgress}: moveReserves,
		{StatusApproved, StatusDraft}:      moveReleases, {StatusApproved, StatusNeedsApproval}: moveReleases,
		{StatusApproved, StatusComplete}: moveReleases, {StatusInProgress, StatusComplete}: moveReleases,
	}
	for from, nexts := range transitions {
		for _, next := range nexts {
			if got := stockMove(from, next); got != want[[2]Status{from, next}] {
				t.Errorf("%s → %s: %d, want %d", from, next, got, want[[2]Status{from, next}])
			}
		}
	}
}
