// Package calendardate reads the CalendarDate wire form of the API: a calendar date written
// `YYYY-MM-DD`, or a date-time whose date part as written is the date (its time of day and
// offset are ignored, so a client in any timezone means the day it wrote). Documents store
// such days at midnight UTC.
package calendardate

import (
	"time"

	"mos/internal/platform/apperr"
)

// The years a calendar date of a document may fall in, like every date filter.
const (
	MinYear = 2000
	MaxYear = 2099
)

// Parse reads s as a CalendarDate and returns the day at midnight UTC. It reports false
// when s is not a date (not `YYYY-MM-DD` at its start, a day that does not exist, or a time
// part that is not a time).
func Parse(s string) (time.Time, bool) {
	if len(s) < 10 {
		return time.Time{}, false
	}
	day, err := time.Parse(time.DateOnly, s[:10])
	if err != nil {
		return time.Time{}, false
	}
	if rest := s[10:]; rest != "" {
		// The whole value must still be a date-time; only its date part is used.
		if rest[0] != 'T' && rest[0] != 't' && rest[0] != ' ' {
			return time.Time{}, false
		}
		if !isDateTime(s[:10] + "T" + rest[1:]) {
			return time.Time{}, false
		}
	}
	return day, true
}

// isDateTime reports whether s is an ISO 8601 date-time with or without offset.
func isDateTime(s string) bool {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02T15:04"} {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}

// Field parses the optional value v of the member named field, adding a field error to
// fields when it is not a calendar date or falls outside the years MinYear to MaxYear.
// nil is nil.
func Field(fields apperr.Fields, field string, v *string) *time.Time {
	if v == nil {
		return nil
	}
	day, ok := Parse(*v)
	if !ok {
		fields.Add(field, "must be a calendar date YYYY-MM-DD (or a date-time, whose date part is used)")
		return nil
	}
	if y := day.Year(); y < MinYear || y > MaxYear {
		fields.Add(field, "must fall in the years %d to %d", MinYear, MaxYear)
		return nil
	}
	return &day
}

// Stored is a date column's day at midnight UTC (the driver may hand it in another zone).
func Stored(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// StoredPtr is Stored of an optional date column (nil: none).
func StoredPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	d := Stored(*t)
	return &d
}

// Column is an optional day as a date column's value (nil: NULL).
func Column(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.Format(time.DateOnly)
}
