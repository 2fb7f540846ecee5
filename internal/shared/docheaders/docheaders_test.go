package docheaders

import (
	"testing"

	"mos/internal/platform/apperr"
)

type status string

// TestTransitionsCheck: a move in the table is allowed, the move to the current status is a
// no-op, and any other move is a 400 naming status.
func TestTransitionsCheck(t *testing.T) {
	table := Transitions[status]{"draft": {"ordered"}, "ordered": {"received", "draft"}}
	cases := []struct {
		from, to status
		moved    bool
		refused  bool
	}{
		{"draft", "ordered", true, false},
		{"ordered", "draft", true, false},
		{"draft", "draft", false, false},
		{"draft", "received", false, true},
		{"received", "draft", false, true},
	}
	for _, c := range cases {
		moved, err := table.Check("purchase order", c.from, c.to)
		if moved != c.moved {
			t.Errorf("%s → %s: moved %v, want %v", c.from, c.to, moved, c.moved)
		}
		if c.refused {
			e, ok := apperr.As(err)
			if !ok || e.Kind != apperr.KindInvalid || len(e.Fields["status"]) != 1 {
				t.Errorf("%s → %s: %v, want a 400 naming status", c.from, c.to, err)
			}
		} else if err != nil {
			t.Errorf("%s → %s: %v", c.from, c.to, err)
		}
	}
}
