package listing

import "testing"

func TestContainsPatternMatchesWildcardsLiterally(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"gold":     "%gold%",
		"50%":      `%50\%%`,
		"a_b":      `%a\_b%`,
		`back\sl`:  `%back\\sl%`,
		"":         "%%",
		`%_\`:      `%\%\_\\%`,
		"Tier (A)": "%Tier (A)%",
	}
	for in, want := range cases {
		if got := ContainsPattern(in); got != want {
			t.Errorf("ContainsPattern(%q) = %q, want %q", in, got, want)
		}
	}
}
