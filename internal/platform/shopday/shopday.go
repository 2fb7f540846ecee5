// Package shopday turns whole-day filters into instants. Filters such as createdFrom /
// createdTo name calendar days in the tenant's shop timezone (time of day ignored); the
// records hold UTC instants, so a day becomes [local midnight, next local midnight) in UTC.
package shopday

import (
	"fmt"
	"time"
)

// Location loads the tenant's IANA timezone.
func Location(tz string) (*time.Location, error) {
	loc, err := time.LoadLocation(tz)
	if err != nil {
		return nil, fmt.Errorf("shop timezone %q: %w", tz, err)
	}
	return loc, nil
}

// Start is the UTC instant the shop day of d begins (d's calendar date as written; its time
// of day and offset are ignored).
func Start(loc *time.Location, d time.Time) time.Time {
	y, m, day := d.Date()
	return time.Date(y, m, day, 0, 0, 0, 0, loc).UTC()
}

// End is the UTC instant just after the shop day of d ends: filter with `< End`.
func End(loc *time.Location, d time.Time) time.Time {
	y, m, day := d.Date()
	return time.Date(y, m, day+1, 0, 0, 0, 0, loc).UTC()
}

// Bounds converts an optional inclusive day pair to a half-open instant range [from, to).
func Bounds(loc *time.Location, from, to *time.Time) (start, end *time.Time) {
	if from != nil {
		s := Start(loc, *from)
		start = &s
	}
	if to != nil {
		e := End(loc, *to)
		end = &e
	}
	return start, end
}

// Today is the calendar day it is at now in the shop timezone tz, at midnight UTC (how
// documents store calendar days).
func Today(tz string, now time.Time) (time.Time, error) {
	loc, err := Location(tz)
	if err != nil {
		return time.Time{}, err
	}
	y, m, d := now.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC), nil
}
