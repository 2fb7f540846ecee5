// Package utctime is the wire type of every date-time in the API (timestamps are ISO 8601 in UTC; an offset is converted, none is read as UTC):
// instants leave as UTC ISO 8601 ("Z"); on input a value with an offset is converted to
// UTC and a value without an offset is read as UTC.
package utctime

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sync"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
)

// Time is an instant that always marshals in UTC.
type Time struct {
	time.Time
}

// From wraps t.
func From(t time.Time) Time { return Time{t.UTC()} }

// Ptr wraps an optional instant.
func Ptr(t *time.Time) *Time {
	if t == nil {
		return nil
	}
	v := From(*t)
	return &v
}

// withoutOffset is an ISO 8601 local date-time, read as UTC.
const withoutOffset = "2006-01-02T15:04:05.999999999"

// Parse reads an ISO 8601 date-time with or without offset and returns it in UTC.
func Parse(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), nil
	}
	t, err := time.ParseInLocation(withoutOffset, s, time.UTC)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is not an ISO 8601 date-time", s)
	}
	return t, nil
}

// MarshalJSON writes RFC 3339 in UTC, straight into the quotes: every answer carries
// several instants per record, and the text needs no escaping.
func (t Time) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, len(time.RFC3339Nano)+2)
	b = append(b, '"')
	b = t.UTC().AppendFormat(b, time.RFC3339Nano)
	return append(b, '"'), nil
}

// UnmarshalJSON reads an ISO 8601 date-time with or without offset.
func (t *Time) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("date-time must be a string")
	}
	v, err := Parse(s)
	if err != nil {
		return err
	}
	t.Time = v
	return nil
}

// UnmarshalText lets query and path parameters bind to Time.
func (t *Time) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	if err != nil {
		return err
	}
	t.Time = v
	return nil
}

// Bind is the oapi-codegen runtime's hook for parameters.
func (t *Time) Bind(s string) error { return t.UnmarshalText([]byte(s)) }

// dateTimePattern is RFC 3339 with the offset optional.
var dateTimePattern = regexp.MustCompile(`^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?(Z|z|[+-][0-9]{2}:[0-9]{2})?$`)

// AcceptMissingOffset makes the request validator's "date-time" format accept values
// without an offset, as the API documents. Call it at start-up, before validating; later
// calls do nothing, so servers built one after another (or side by side in tests) never
// write the validator's format table while another validates.
func AcceptMissingOffset() {
	acceptMissingOffset.Do(func() {
		openapi3.DefineStringFormatValidator("date-time", openapi3.NewRegexpFormatValidator(dateTimePattern.String()))
	})
}

var acceptMissingOffset sync.Once
