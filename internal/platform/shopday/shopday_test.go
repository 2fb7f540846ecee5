package shopday

import (
	"testing"
	"time"
)

func TestWholeShopDaysBecomeUTCInstants(t *testing.T) {
	t.Parallel()
	berlin, err := Location("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	chicago, _ := Location("America/Chicago")
	cases := []struct {
		name       string
		loc        *time.Location
		day        time.Time
		start, end string
	}{
		{"winter day in Berlin", berlin, time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC), "2026-01-14T23:00:00Z", "2026-01-15T23:00:00Z"},
		{"summer day in Berlin", berlin, time.Date(2026, 7, 15, 0, 0, 0, 0, time.UTC), "2026-07-14T22:00:00Z", "2026-07-15T22:00:00Z"},
		{"time of day is ignored", berlin, time.Date(2026, 7, 15, 23, 59, 0, 0, time.UTC), "2026-07-14T22:00:00Z", "2026-07-15T22:00:00Z"},
		{"DST spring-forward day is 23 hours", berlin, time.Date(2026, 3, 29, 0, 0, 0, 0, time.UTC), "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z"},
		{"Chicago", chicago, time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC), "2026-11-21T06:00:00Z", "2026-11-22T06:00:00Z"},
		{"UTC", time.UTC, time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), "2026-11-21T00:00:00Z", "2026-11-22T00:00:00Z"},
	}
	for _, c := range cases {
		s, e := Bounds(c.loc, &c.day, &c.day)
		if s.Format(time.RFC3339) != c.start || e.Format(time.RFC3339) != c.end {
			t.Errorf("%s: [%s, %s), want [%s, %s)", c.name, s.Format(time.RFC3339), e.Format(time.RFC3339), c.start, c.end)
		}
	}
	if s, e := Bounds(berlin, nil, nil); s != nil || e != nil {
		t.Fatal("absent days must give no bounds")
	}
	if _, err := Location("Mars/Base"); err == nil {
		t.Fatal("unknown timezone loaded")
	}
}
