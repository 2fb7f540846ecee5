package utctime

import (
	"encoding/json"
	"testing"
	"time"
)

func TestParseConvertsOffsetsAndReadsBareValuesAsUTC(t *testing.T) {
	t.Parallel()
	want := time.Date(2026, 3, 1, 12, 30, 0, 0, time.UTC)
	for _, in := range []string{"2026-03-01T12:30:00Z", "2026-03-01T14:30:00+02:00", "2026-03-01T07:30:00-05:00", "2026-03-01T12:30:00", "2026-03-01T12:30:00.000"} {
		got, err := Parse(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if !got.Equal(want) || got.Location() != time.UTC {
			t.Fatalf("%s: got %v, want %v in UTC", in, got, want)
		}
	}
	for _, bad := range []string{"2026-03-01", "yesterday", "2026-13-01T00:00:00Z", ""} {
		if _, err := Parse(bad); err == nil {
			t.Fatalf("%q parsed", bad)
		}
	}
}

func TestMarshalIsUTC(t *testing.T) {
	t.Parallel()
	berlin, _ := time.LoadLocation("Europe/Berlin")
	b, err := json.Marshal(From(time.Date(2026, 7, 1, 10, 0, 0, 0, berlin)))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `"2026-07-01T08:00:00Z"` {
		t.Fatalf("got %s", b)
	}
	var back Time
	if err := json.Unmarshal([]byte(`"2026-07-01T10:00:00+02:00"`), &back); err != nil || back.Format(time.RFC3339) != "2026-07-01T08:00:00Z" {
		t.Fatalf("round trip: %v %v", back, err)
	}
}

func TestPatternAcceptsWhatParseAccepts(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"2026-03-01T12:30:00Z", "2026-03-01T12:30:00+02:00", "2026-03-01T12:30:00", "2026-03-01T12:30:00.5"} {
		if !dateTimePattern.MatchString(in) {
			t.Fatalf("pattern refuses %s", in)
		}
	}
	if dateTimePattern.MatchString("2026-03-01") {
		t.Fatal("pattern accepts a bare date")
	}
}
