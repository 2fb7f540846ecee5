package settings

import (
	"context"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/dec"
)

// TestSetPricingChecksRangesExactly: the service holds the ranges itself, compared as
// decimals (the spec's check on the wire compares float64s, so it cannot tell
// 99.99999999999999999999 from 100).
func TestSetPricingChecksRangesExactly(t *testing.T) {
	t.Parallel()
	pool, _, tenantID := dbtest.NewWithTenant(t)
	ctx := context.Background()
	svc := NewService(pool)
	markup := func(s string) *dec.Decimal { d := dec.MustParse(s); return &d }
	cases := []struct {
		name  string
		p     Pricing
		field string // "" when accepted
	}{
		{"margin 0", Pricing{DefaultMargin: dec.Zero}, ""},
		{"margin just below 100", Pricing{DefaultMargin: dec.MustParse("99.99999999999999999999")}, ""},
		{"margin 100", Pricing{DefaultMargin: dec.MustParse("100.000")}, "defaultMargin"},
		{"negative margin", Pricing{DefaultMargin: dec.MustParse("-0.00000000000000000001")}, "defaultMargin"},
		{"markup 0", Pricing{DefaultMaterialMarkup: markup("0")}, ""},
		{"markup nil", Pricing{}, ""},
		{"negative markup", Pricing{DefaultMaterialMarkup: markup("-0.00000000000000000001")}, "defaultMaterialMarkup"},
	}
	for _, c := range cases {
		got, err := svc.SetPricing(ctx, tenantID, c.p)
		if c.field != "" {
			e, ok := apperr.As(err)
			if !ok || e.Kind != apperr.KindInvalid || len(e.Fields[c.field]) == 0 {
				t.Errorf("%s: want a 400 naming %s, got %v", c.name, c.field, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !got.DefaultMargin.Equal(c.p.DefaultMargin.Decimal) || (got.DefaultMaterialMarkup == nil) != (c.p.DefaultMaterialMarkup == nil) {
			t.Errorf("%s: stored %+v", c.name, got)
		}
	}
}

func TestSetCostingRefusesUnknownMethod(t *testing.T) {
	t.Parallel()
	_, err := NewService(nil).SetCosting(context.Background(), "t", Costing{OverheadCalculationMethod: "materialBurdened"})
	if e, ok := apperr.As(err); !ok || len(e.Fields["overheadCalculationMethod"]) == 0 {
		t.Fatalf("want a 400 naming overheadCalculationMethod, got %v", err)
	}
}
