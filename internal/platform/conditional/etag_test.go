package conditional

import (
	"testing"

	"mos/internal/platform/apperr"
)

// If-Match and If-None-Match take "*" or a list of entity tags; anything else is a 400 naming
// the header.
func TestConditionHeadersParseAsRFC9110Says(t *testing.T) {
	for _, c := range []struct {
		values       []string
		strong, weak bool // matches the current tag "7" with If-Match's and If-None-Match's comparison
	}{
		{[]string{`"7"`}, true, true},
		{[]string{`"6"`}, false, false},
		{[]string{`*`}, true, true},
		{[]string{`"6", "7"`}, true, true},
		{[]string{`"6",  W/"7"`}, false, true},
		{[]string{`W/"7"`}, false, true},
		{[]string{`"6"`, `"7"`}, true, true}, // the header sent twice
		{[]string{` "7" `}, true, true},
		{[]string{`"7-ab12"`}, false, false},
		{[]string{`""`}, false, false},
		{[]string{`"7",`}, true, true}, // an empty list element is ignored
	} {
		cond, err := parseCondition("If-Match", c.values)
		if err != nil {
			t.Errorf("%q: %v", c.values, err)
			continue
		}
		if got := cond.matchesStrong("7"); got != c.strong {
			t.Errorf("%q: strong match %v, want %v", c.values, got, c.strong)
		}
		if got := cond.matchesWeak("7"); got != c.weak {
			t.Errorf("%q: weak match %v, want %v", c.values, got, c.weak)
		}
	}
	for _, bad := range [][]string{{`7`}, {``}, {`"7`}, {`"7" "8"`}, {`W/7`}, {`**`}, {`"7";`}} {
		_, err := parseCondition("If-None-Match", bad)
		ae, ok := apperr.As(err)
		if !ok || ae.Kind != apperr.KindInvalid || len(ae.Fields["If-None-Match"]) == 0 {
			t.Errorf("%q: %v, want a 400 naming If-None-Match", bad, err)
		}
	}
}
