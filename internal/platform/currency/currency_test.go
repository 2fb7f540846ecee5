package currency

import "testing"

func TestMinorUnitsFollowISO4217(t *testing.T) {
	for code, want := range map[string]int{"USD": 2, "EUR": 2, "JPY": 0, "KRW": 0, "KWD": 3, "BHD": 3, "CLF": 4, "GBP": 2} {
		if got := MinorUnits(code); got != want {
			t.Errorf("MinorUnits(%s) = %d, want %d", code, got, want)
		}
	}
}

func TestValidAcceptsThreeCapitalLetters(t *testing.T) {
	for code, want := range map[string]bool{"USD": true, "usd": false, "US": false, "USDX": false, "U1D": false} {
		if Valid(code) != want {
			t.Errorf("Valid(%q) = %v, want %v", code, !want, want)
		}
	}
}
