package partlines

import (
	"testing"

	pdec "mos/internal/platform/dec"
)

// TestMarginPriceMarksCostUpToTheGrossMargin: price = cost / (1 − margin / 100), rounded
// once to the currency's minor unit.
func TestMarginPriceMarksCostUpToTheGrossMargin(t *testing.T) {
	for _, c := range []struct {
		cost, margin string
		minor        int
		want         string
	}{
		{"10", "20", 2, "12.5"},
		{"10", "30", 2, "14.29"}, // 14.2857…
		{"10", "0", 2, "10"},
		{"0", "50", 2, "0"},
		{"7.333333", "25", 2, "9.78"}, // 9.777777…
		{"1000", "33", 0, "1493"},     // 1492.537…
		{"1.2345", "10", 3, "1.372"},  // 1.371666…
	} {
		got := marginPrice(pdec.MustParse(c.cost), pdec.MustParse(c.margin), c.minor)
		if !got.Equal(pdec.MustParse(c.want).Decimal) {
			t.Errorf("marginPrice(%s, %s%%, %d) = %s, want %s", c.cost, c.margin, c.minor, got, c.want)
		}
	}
}
