package shifts

import (
	"strings"
	"testing"

	"mos/internal/platform/apperr"
)

func TestShiftLengthInMinutes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		start, end string
		want       int // -1: null
	}{
		{"0700", "1530", 510},
		{"0000", "2359", 1439},
		{"2200", "0600", 480}, // overnight
		{"2359", "0000", 1},
		{"1200", "1159", 1439},
		{"0700", "0700", 1440}, // equal times: round the clock
		{"0000", "0000", 1440},
		{"2575", "0600", -1}, // not a clock time
		{"0700", "2400", -1},
		{"0760", "0800", -1},
		{"0700", "9999", -1},
		{"700", "0800", -1}, // not four digits (refused on write; never stored)
	}
	for _, c := range cases {
		got := ShiftWrite{StartTime: c.start, EndTime: c.end}.LengthInMinutes()
		switch {
		case c.want < 0 && got != nil:
			t.Errorf("%s→%s: %d minutes, want null", c.start, c.end, *got)
		case c.want >= 0 && (got == nil || *got != c.want):
			t.Errorf("%s→%s: %v, want %d", c.start, c.end, got, c.want)
		}
	}
}

func validWrite() ShiftWrite {
	return ShiftWrite{Name: "Day", StartTime: "0700", EndTime: "1530"}
}

func TestNormalizeRefusesTimesThatAreNotFourDigits(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"7:00", "07:00", "700", "07000", "ABCD", "", " 700", "０７００", "-700"} {
		for _, field := range []string{"startTime", "endTime"} {
			w := validWrite()
			if field == "startTime" {
				w.StartTime = v
			} else {
				w.EndTime = v
			}
			_, err := normalize(w)
			if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindInvalid || len(e.Fields[field]) == 0 {
				t.Errorf("%s %q: %v, want a 400 naming %s", field, v, err, field)
			}
		}
	}
	// Four digits that are not a clock time are stored as sent.
	w := validWrite()
	w.StartTime, w.EndTime = "2575", "2400"
	if got, err := normalize(w); err != nil || got.StartTime != "2575" || got.EndTime != "2400" {
		t.Fatalf("non-clock four digits: %+v %v", got, err)
	}
}

func TestNormalizeTrimsNameAndBoundsIt(t *testing.T) {
	t.Parallel()
	w := validWrite()
	w.Name = "  Night  "
	got, err := normalize(w)
	if err != nil || got.Name != "Night" {
		t.Fatalf("got %q %v", got.Name, err)
	}
	for _, name := range []string{"", "   ", strings.Repeat("x", 201)} {
		w.Name = name
		if _, err := normalize(w); !hasField(err, "name") {
			t.Errorf("name %q: %v", name, err)
		}
	}
}

func TestNormalizeRefusesEquipmentListedTwice(t *testing.T) {
	t.Parallel()
	w := validWrite()
	w.AvailableEquipment = []Availability{{EquipmentID: "a"}, {EquipmentID: "b"}, {EquipmentID: "a"}}
	if _, err := normalize(w); !hasField(err, "availableEquipment.2.equipmentId") {
		t.Fatalf("duplicate equipment: %v", err)
	}
	// Ids differing only in case are different equipment.
	w.AvailableEquipment = []Availability{{EquipmentID: "a"}, {EquipmentID: "A"}}
	if _, err := normalize(w); err != nil {
		t.Fatalf("case-distinct ids: %v", err)
	}
}

func TestNormalizeRefusesNegativeCounts(t *testing.T) {
	t.Parallel()
	w := validWrite()
	w.SimultaneousEquipment[6] = -1
	if _, err := normalize(w); !hasField(err, "simultaneousEquipment") {
		t.Fatalf("negative count: %v", err)
	}
	w = validWrite()
	limit := int32(-1)
	w.MaxDailyNewJobs = &limit
	if _, err := normalize(w); !hasField(err, "maxDailyNewJobs") {
		t.Fatalf("negative daily limit: %v", err)
	}
}

func hasField(err error, field string) bool {
	e, ok := apperr.As(err)
	return ok && e.Kind == apperr.KindInvalid && len(e.Fields[field]) > 0
}
