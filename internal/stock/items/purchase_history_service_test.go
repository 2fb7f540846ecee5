package items

import (
	"testing"
	"time"

	"mos/internal/platform/dec"
)

func TestPurchaseWindowDefaultsTo12AndClampsTo1Through60(t *testing.T) {
	cases := []struct {
		months *int32
		want   int
	}{{nil, 12}, {ptr32(-5), 1}, {ptr32(0), 1}, {ptr32(1), 1}, {ptr32(24), 24}, {ptr32(60), 60}, {ptr32(61), 60}, {ptr32(1 << 30), 60}}
	for _, c := range cases {
		if got := purchaseWindow(c.months); got != c.want {
			t.Errorf("purchaseWindow(%v) = %d, want %d", c.months, got, c.want)
		}
	}
}

func ptr32(v int32) *int32 { return &v }

func TestSummarizePurchasesUsesEffectivePricesNewestFirst(t *testing.T) {
	if s := summarizePurchases(nil); s.Min != nil || s.Avg != nil || s.LatestOrderDateUtc != nil || s.VendorCount != 0 {
		t.Fatalf("empty summary %+v", s)
	}
	billed := dec.MustParse("9")
	newest := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	s := summarizePurchases([]Purchase{
		{VendorID: "a", UnitPrice: dec.MustParse("10"), ActualBilledUnitPrice: &billed, OrderDateUtc: newest},
		{VendorID: "b", UnitPrice: dec.MustParse("12")},
		{VendorID: "a", UnitPrice: dec.MustParse("8")},
	})
	got := []string{s.Min.String(), s.Max.String(), s.Avg.String(), s.Latest.String()}
	want := []string{"8", "12", "9.666667", "9"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("min/max/avg/latest %v, want %v", got, want)
		}
	}
	if !s.LatestOrderDateUtc.Equal(newest) || s.VendorCount != 2 {
		t.Fatalf("latest %v vendors %d", s.LatestOrderDateUtc, s.VendorCount)
	}
}
