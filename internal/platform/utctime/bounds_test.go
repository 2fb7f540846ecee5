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

func TestParseFilterInstantTakesADateTimeOrADateInTheFilterYears(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		want string // RFC 3339 in UTC; "" for a field error
	}{
		{"2026-11-25", "2026-11-25T00:00:00Z"},
		{"2026-11-25T10:30:00+02:00", "2026-11-25T08:30:00Z"},
		{"2026-11-25T10:30:00.5Z", "2026-11-25T10:30:00.5Z"},
		{"2026-11-25T10:30:00", ""}, // no offset
		{"25/11/2026", ""},
		{"1999-12-31", ""},
		{"2100-01-01", ""},
		{"2000-01-01T01:00:00+02:00", ""}, // 1999 in UTC
	} {
		fields := apperr.Fields{}
		in := c.in
		got := ParseFilterInstant(fields, "at", &in)
		switch {
		case c.want == "" && (got != nil || len(fields["at"]) == 0):
			t.Errorf("%q: got %v, errors %v; want a field error", c.in, got, fields)
		case c.want != "" && (got == nil || got.Format(time.RFC3339Nano) != c.want):
			t.Errorf("%q: got %v, errors %v; want %s", c.in, got, fields, c.want)
		}
	}
	if got := ParseFilterInstant(apperr.Fields{}, "at", nil); got != nil {
		t.Errorf("nil: got %v", got)
	}
}
