package nesting

import (
	"testing"

	"github.com/shopspring/decimal"
)

func TestCeilDivRoundsUpToTheNextWholeNumberExactly(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ a, b, want string }{
		{"0", "3", "0"}, {"9", "3", "3"}, {"10", "3", "4"}, {"2.5", "1", "3"}, {"0.0001", "500", "1"}, {"4", "12", "1"},
	} {
		got := ceilDiv(decimal.RequireFromString(c.a), decimal.RequireFromString(c.b))
		if !got.Equal(decimal.RequireFromString(c.want)) {
			t.Errorf("ceil(%s / %s) = %s, want %s", c.a, c.b, got, c.want)
		}
	}
}
