package utctime

import (
	"time"

	"mos/internal/platform/apperr"
)

// The years a date filter bound may fall in (date filters take the years 2000 to 2099), read in UTC
// after any offset was converted: a bound outside them is a typo or a sentinel such as
// 0001-01-01, answered 400 rather than silently matching everything or nothing.
const (
	FilterMinYear = 2000
	FilterMaxYear = 2099
)

// CheckFilterBound adds a field error under name when bound (a list filter's instant or day;
// nil: absent) is outside the years FilterMinYear to FilterMaxYear in UTC. Every list with
// date filters checks its bounds through it, so they agree on the limit and the message.
func CheckFilterBound(fields apperr.Fields, name string, bound *time.Time) {
	if bound == nil {
		return
	}
	if y := bound.UTC().Year(); y < FilterMinYear || y > FilterMaxYear {
		fields.Add(name, "must be in the years %d to %d (UTC)", FilterMinYear, FilterMaxYear)
	}
}

// ParseFilterInstant reads a list filter's instant sent as text: an RFC 3339 date-time, or a
// date alone (YYYY-MM-DD), which is midnight UTC of that day, in the years CheckFilterBound
// allows. It adds a field error naming field otherwise; nil is nil. Lists whose filters take
// either form read them through it, so they agree on both forms and the messages.
func ParseFilterInstant(fields apperr.Fields, field string, v *string) *time.Time {
	if v == nil {
		return nil
	}
	layout := time.RFC3339Nano
	if len(*v) == len(time.DateOnly) {
		layout = time.DateOnly
	}
	t, err := time.Parse(layout, *v)
	if err != nil {
		fields.Add(field, "must be a date-time (RFC 3339, with an offset) or a date (YYYY-MM-DD)")
		return nil
	}
	t = t.UTC()
	if y := t.Year(); y < FilterMinYear || y > FilterMaxYear {
		CheckFilterBound(fields, field, &t)
		return nil
	}
	return &t
}
