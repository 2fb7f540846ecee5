package quotes

import "testing"

// TestStatusTable pins the transition table: every allowed move listed here, every other
// pair refused, and the no-ops.
func TestStatusTable(t *testing.T) {
	allowed := map[[2]Status]Move{
		{StatusDraft, StatusNeedsApproval}: MoveOther, {StatusDraft, StatusApproved}: MoveOther, {StatusDraft, StatusSent}: MoveSend,
		{StatusNeedsApproval, StatusDraft}: MoveOther, {StatusNeedsApproval, StatusApproved}: MoveOther, {StatusNeedsApproval, StatusSent}: MoveSend,
		{StatusApproved, StatusDraft}: MoveOther, {StatusApproved, StatusSent}: MoveSend,
		{StatusSent, StatusWon}: MoveOther, {StatusSent, StatusLost}: MoveOther, {StatusSent, StatusExpired}: MoveOther,
		{StatusWon, StatusLost}: MoveOther, {StatusLost, StatusWon}: MoveOther,
		{StatusExpired, StatusSent}: MoveSend, {StatusExpired, StatusWon}: MoveOther, {StatusExpired, StatusLost}: MoveOther,
		// Sent again after it went out: nothing happens.
		{StatusWon, StatusSent}: MoveNone, {StatusLost, StatusSent}: MoveNone,
	}
	for _, from := range Statuses {
		for _, to := range Statuses {
			want, ok := allowed[[2]Status{from, to}]
			switch {
			case from == to:
				want = MoveNone
			case !ok:
				want = MoveRefused
			}
			if got := MoveFrom(from, to); got != want {
				t.Errorf("MoveFrom(%s, %s) = %d, want %d", from, to, got, want)
			}
			if _, err := CheckMove(from, to); (err != nil) != (want == MoveRefused) {
				t.Errorf("CheckMove(%s, %s) error = %v", from, to, err)
			}
		}
	}
}

func TestEveryStatusHasALabel(t *testing.T) {
	for _, s := range Statuses {
		if s.Label() == "" || !s.Valid() {
			t.Errorf("status %s: label %q valid %v", s, s.Label(), s.Valid())
		}
	}
	if Status("open").Valid() {
		t.Error("unknown status reported valid")
	}
}
