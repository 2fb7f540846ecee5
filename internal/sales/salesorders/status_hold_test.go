package salesorders

import (
	"context"
	"testing"

	"mos/internal/platform/db"
)

// recordingHolder stands in for the stock reservations, recording the calls.
type recordingHolder struct{ calls []string }

func (h *recordingHolder) Reserve(_ context.Context, _ db.Q, _, orderID string) error {
	h.calls = append(h.calls, "reserve "+orderID)
	return nil
}

func (h *recordingHolder) Release(_ context.Context, _ db.Q, _, orderID string) error {
	h.calls = append(h.calls, "release "+orderID)
	return nil
}

// TestStatusMovesReserveAndRelease: a move into the reserving statuses reserves, a move out
// releases, and a move within either group does neither, for every allowed move.
func TestStatusMovesReserveAndRelease(t *testing.T) {
	for from, nexts := range transitions {
		for _, next := range nexts {
			h := &recordingHolder{}
			s := &Service{deps: Deps{Stock: h}}
			if err := s.holdStockForMove(context.Background(), nil, "t", SalesOrder{ID: "o", Status: from}, next); err != nil {
				t.Fatal(err)
			}
			var want []string
			switch {
			case !Reserving(from) && Reserving(next):
				want = []string{"reserve o"}
			case Reserving(from) && !Reserving(next):
				want = []string{"release o"}
			}
			if len(h.calls) != len(want) || (len(want) == 1 && h.calls[0] != want[0]) {
				t.Errorf("%s → %s: %v, want %v", from, next, h.calls, want)
			}
		}
	}
	// Without a holder nothing is reserved.
	if err := (&Service{}).holdStockForMove(context.Background(), nil, "t", SalesOrder{ID: "o", Status: StatusDraft}, StatusApproved); err != nil {
		t.Fatal(err)
	}
}
