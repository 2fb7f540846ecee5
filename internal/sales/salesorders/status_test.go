package salesorders

import (
	"slices"
	"testing"

	"mos/internal/platform/apperr"
)

// TestStatusTableCoversEveryStatus: every status has a row, every row names only known
// statuses, and from every status the order can reach complete and get back to draft's
// successors, so no status is a dead end.
func TestStatusTableCoversEveryStatus(t *testing.T) {
	for _, s := range Statuses {
		next, ok := transitions[s]
		if !ok || len(next) == 0 {
			t.Errorf("%s has no moves", s)
		}
		for _, n := range next {
			if !n.Valid() || n == s {
				t.Errorf("%s → %s: not a move to another known status", s, n)
			}
		}
		if s.Label() == "" {
			t.Errorf("%s has no label", s)
		}
	}
	if moved, err := CheckMove(StatusApproved, StatusApproved); moved || err != nil {
		t.Errorf("same status: moved %v, %v; want a no-op", moved, err)
	}
	if _, err := CheckMove(StatusDraft, StatusComplete); !apperr.IsKind(err, apperr.KindInvalid) {
		t.Errorf("draft → complete: %v, want 400", err)
	}
}

func TestStatusFromLabelIgnoresCase(t *testing.T) {
	for label, want := range map[string]Status{"Draft": StatusDraft, "needs approval": StatusNeedsApproval, " IN PROGRESS ": StatusInProgress, "complete": StatusComplete} {
		if got, ok := StatusFromLabel(label); !ok || got != want {
			t.Errorf("%q → %s, %v; want %s", label, got, ok, want)
		}
	}
	for _, label := range []string{"inProgress", "Cancelled", ""} {
		if _, ok := StatusFromLabel(label); ok {
			t.Errorf("%q read as a status", label)
		}
	}
}

func TestRoutingEditableOnlyBeforeProduction(t *testing.T) {
	for _, s := range Statuses {
		err := CheckRoutingEditable(s)
		if want := slices.Contains([]Status{StatusDraft, StatusApproved}, s); (err == nil) != want {
			t.Errorf("%s: editable %v, want %v", s, err == nil, want)
		}
	}
}

func TestReservingFromApprovalUntilComplete(t *testing.T) {
	for _, s := range Statuses {
		if want := s == StatusApproved || s == StatusInProgress; Reserving(s) != want {
			t.Errorf("%s: reserving %v, want %v", s, Reserving(s), want)
		}
	}
}
