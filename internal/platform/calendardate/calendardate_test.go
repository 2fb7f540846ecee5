package calendardate

import (
	"testing"
	"time"

	"mos/internal/platform/apperr"
)

func TestParseUsesTheDateAsWritten(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want string // "" when refused
	}{
		{"2026-12-31", "2026-12-31"},
		{"2026-12-31T23:00:00-05:00", "2026-12-31"},
		{"2026-12-31T01:00:00+09:00", "2026-12-31"},
		{"2026-12-31T00:00:00Z", "2026-12-31"},
		{"2026-12-31T10:30:00", "2026-12-31"},
		{"2026-12-31T10:30:00.123Z", "2026-12-31"},
		{"2024-02-29", "2024-02-29"},
		{"2026-02-29", ""},
		{"2026-13-01", ""},
		{"2026-12-31X", ""},
		{"2026-12-31Tnoon", ""},
		{"26-12-31", ""},
		{"", ""},
	}
	for _, c := range cases {
		got, ok := Parse(c.in)
		if c.want == "" {
			if ok {
				t.Errorf("Parse(%q) = %v, want refused", c.in, got)
			}
			continue
		}
		if !ok || got.Format(time.DateOnly) != c.want || got.Location() != time.UTC || got.Hour() != 0 {
			t.Errorf("Parse(%q) = %v, %v; want %s at midnight UTC", c.in, got, ok, c.want)
		}
	}
}

func TestFieldNamesTheMemberOutsideTheYears(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"1999-12-31", "2100-01-01", "not a date"} {
		fields := apperr.Fields{}
		if got := Field(fields, "dueDate", &in); got != nil || fields.Err() == nil {
			t.Errorf("Field(%q) = %v, %v; want an error naming dueDate", in, got, fields.Err())
		}
	}
	for _, in := range []string{"2000-01-01", "2099-12-31"} {
		fields := apperr.Fields{}
		if got := Field(fields, "dueDate", &in); got == nil || fields.Err() != nil {
			t.Errorf("Field(%q) = %v, %v; want accepted", in, got, fields.Err())
		}
	}
	if Field(apperr.Fields{}, "dueDate", nil) != nil {
		t.Error("nil must stay nil")
	}
}
