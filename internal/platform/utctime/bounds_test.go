package utctime

import (
	"testing"
	"time"

	"mos/internal/platform/apperr"
)

func TestCheckFilterBoundAcceptsYears2000To2099InUTC(t *testing.T) {
	t.Parallel()
	plus2 := time.FixedZone("+02", 2*3600)
	minus5 := time.FixedZone("-05", -5*3600)
	for _, c := range []struct {
		name string
		t    time.Time
		ok   bool
	}{
		{"first instant", time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), true},
		{"last instant", time.Date(2099, 12, 31, 23, 59, 59, 999999999, time.UTC), true},
		{"just before", time.Date(1999, 12, 31, 23, 59, 59, 0, time.UTC), false},
		{"just after", time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC), false},
		{"2000 locally, 1999 in UTC", time.Date(2000, 1, 1, 1, 0, 0, 0, plus2), false},
		{"2099 locally, 2100 in UTC", time.Date(2099, 12, 31, 20, 0, 0, 0, minus5), false},
		{"1999 locally, 2000 in UTC", time.Date(1999, 12, 31, 20, 0, 0, 0, minus5), true},
		{"year 1", time.Time{}, false},
	} {
		fields := apperr.Fields{}
		CheckFilterBound(fields, "from", &c.t)
		if got := len(fields["from"]) == 0; got != c.ok {
			t.Errorf("%s: accepted %v, want %v (%v)", c.name, got, c.ok, fields)
		}
	}
	fields := apperr.Fields{}
	CheckFilterBound(fields, "from", nil)
	if len(fields) != 0 {
		t.Fatal("an absent bound is no error")
	}
}
