// Package apperr defines the kinds of failure every layer reports. The web layer maps
// kinds to HTTP statuses in one place; no code matches on error strings.
package apperr

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Kind classifies an error for the client.
type Kind int

const (
	KindInvalid         Kind = iota + 1 // 400: validation or business rule
	KindUnauthorized                    // 401
	KindForbidden                       // 403
	KindNotFound                        // 404
	KindConflict                        // 409
	KindGone                            // 410
	KindUnavailable                     // 503
	KindTooLarge                        // 413: a streamed body (an upload) over its limit
	KindTooManyRequests                 // 429: the caller's rate limit is spent
	KindPrecondition                    // 412: If-Match names a version the record no longer has
)

// Error is an error the client can act on.
type Error struct {
	Kind   Kind
	Detail string
	// Fields holds validation messages by field (JSON path or query parameter name).
	Fields map[string][]string
	// RetryAfterSeconds is sent as Retry-After (with KindUnavailable and KindTooManyRequests).
	RetryAfterSeconds int
	// Err is the underlying cause, for logs only.
	Err error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Detail)
	if len(e.Fields) > 0 {
		keys := make([]string, 0, len(e.Fields))
		for k := range e.Fields {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "; %s: %s", k, strings.Join(e.Fields[k], ", "))
		}
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// As returns the *Error in err's chain, if any.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// IsKind reports whether err carries kind k.
func IsKind(err error, k Kind) bool {
	e, ok := As(err)
	return ok && e.Kind == k
}

// Invalid is a 400 with a detail message.
func Invalid(format string, args ...any) *Error {
	return &Error{Kind: KindInvalid, Detail: fmt.Sprintf(format, args...)}
}

// Field is a 400 naming one field, phrased as every problem with invalid fields is (see
// Fields.Err).
func Field(field, format string, args ...any) *Error {
	f := Fields{}
	f.Add(field, format, args...)
	return f.invalid()
}

// NotFoundField is a 404 naming field, the member of the request that refers to a record
// that does not exist, phrased as every such problem is (see Fields.NotFoundErr).
func NotFoundField(field, format string, args ...any) error {
	f := Fields{}
	f.Add(field, format, args...)
	return f.NotFoundErr()
}

// NotFound is a 404.
func NotFound(format string, args ...any) *Error {
	return &Error{Kind: KindNotFound, Detail: fmt.Sprintf(format, args...)}
}

// Conflict is a 409.
func Conflict(format string, args ...any) *Error {
	return &Error{Kind: KindConflict, Detail: fmt.Sprintf(format, args...)}
}

// Forbidden is a 403.
func Forbidden(format string, args ...any) *Error {
	return &Error{Kind: KindForbidden, Detail: fmt.Sprintf(format, args...)}
}

// Unauthorized is a 401.
func Unauthorized(format string, args ...any) *Error {
	return &Error{Kind: KindUnauthorized, Detail: fmt.Sprintf(format, args...)}
}

// Gone is a 410.
func Gone(format string, args ...any) *Error {
	return &Error{Kind: KindGone, Detail: fmt.Sprintf(format, args...)}
}

// TooLarge is a 413: the request carries more than the operation accepts (an upload over
// its limit, found while streaming it).
func TooLarge(format string, args ...any) *Error {
	return &Error{Kind: KindTooLarge, Detail: fmt.Sprintf(format, args...)}
}

// PreconditionFailed is a 412: the request's If-Match names none of the record's current
// versions, so nothing was written.
func PreconditionFailed(format string, args ...any) *Error {
	return &Error{Kind: KindPrecondition, Detail: fmt.Sprintf(format, args...)}
}

// Unavailable is a 503 asking the client to retry after the given seconds.
func Unavailable(retryAfterSeconds int, format string, args ...any) *Error {
	return &Error{Kind: KindUnavailable, Detail: fmt.Sprintf(format, args...), RetryAfterSeconds: retryAfterSeconds}
}

// TooManyRequests is a 429 asking the client to retry after the given seconds.
func TooManyRequests(retryAfterSeconds int, format string, args ...any) *Error {
	return &Error{Kind: KindTooManyRequests, Detail: fmt.Sprintf(format, args...), RetryAfterSeconds: retryAfterSeconds}
}

// NotOneOf is the message refusing a value outside a closed set (an enum of the spec, or a
// set a service checks itself), listing what is allowed so that the answer alone lets a
// client correct the request; every such refusal reads alike:
// `"sideways" is not one of the allowed values: ascending, descending`. A string value is
// quoted; any other is shown as JSON.
func NotOneOf[T ~string](value any, allowed []T) string {
	shown := ""
	if s, ok := value.(string); ok {
		shown = strconv.Quote(s)
	} else if b, err := json.Marshal(value); err == nil {
		shown = string(b)
	} else {
		shown = fmt.Sprint(value)
	}
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = string(a)
	}
	return shown + " is not one of the allowed values: " + strings.Join(names, ", ")
}

// Fields collects field errors while parsing a request; Err returns nil when none were added.
type Fields map[string][]string

// Add records msg against field.
func (f Fields) Add(field, format string, args ...any) {
	f[field] = append(f[field], fmt.Sprintf(format, args...))
}

// Merge adds every message of other under prefix (prefix "" keeps the names).
func (f Fields) Merge(prefix string, other map[string][]string) {
	for k, msgs := range other {
		name := k
		if prefix != "" {
			name = prefix + "." + k
		}
		f[name] = append(f[name], msgs...)
	}
}

// Prefixed names the fields of a problem under prefix ("lineItems.3."): a rule another area
// checks for a document's line (a location, a lot, stock on hand) then names the line's
// member. Other errors, a problem naming no field and an empty prefix pass unchanged.
func Prefixed(err error, prefix string) error {
	e, ok := As(err)
	if !ok || prefix == "" || len(e.Fields) == 0 {
		return err
	}
	f := Fields{}
	f.Merge(strings.TrimSuffix(prefix, "."), e.Fields)
	if e.Kind == KindNotFound {
		return f.NotFoundErr()
	}
	return f.Err()
}

// The two phrasings of a problem about a request's fields, each followed by Summary: every
// 400 naming fields (from the request validator, a parser or a service rule) and every 404
// naming the fields that refer to missing records reads the same way.
const (
	invalidFieldsDetail = "the request has invalid fields: "
	missingRecordDetail = "the request refers to records that do not exist: "
)

// Err returns a 400 carrying the collected fields, or nil.
func (f Fields) Err() error {
	if len(f) == 0 {
		return nil
	}
	return f.invalid()
}

func (f Fields) invalid() *Error {
	return &Error{Kind: KindInvalid, Detail: invalidFieldsDetail + f.Summary(), Fields: map[string][]string(f)}
}

// NotFoundErr returns a 404 carrying the collected fields, or nil: for a request whose
// fields refer to records that do not exist (references to missing records answer 404,
// naming each field that holds one).
func (f Fields) NotFoundErr() error {
	if len(f) == 0 {
		return nil
	}
	return &Error{Kind: KindNotFound, Detail: missingRecordDetail + f.Summary(), Fields: map[string][]string(f)}
}

// A problem names at most MaxProblemFields fields (the first in Names order) and says how
// many more it left out; each field keeps at most MaxFieldMessages messages. A request of a
// hundred thousand wrong members then hears of the first fifty, in an answer whose size does
// not grow with the request. The web layer applies the same bounds to every problem.
const (
	MaxProblemFields = 50
	MaxFieldMessages = 5
)

// summaryBudget bounds the length of Summary in bytes (beyond it, the remaining fields are
// counted rather than listed).
const summaryBudget = 4096

// Summary lists the messages field by field, in Names order, for a problem's detail: at
// most MaxProblemFields fields and about summaryBudget bytes, then how many fields it left out.
func (f Fields) Summary() string {
	names := f.Names()
	var b strings.Builder
	listed := 0
	for _, n := range names {
		if listed == MaxProblemFields || (listed > 0 && b.Len() >= summaryBudget) {
			break
		}
		if listed > 0 {
			b.WriteString("; ")
		}
		msgs := f[n]
		if len(msgs) > MaxFieldMessages {
			msgs = msgs[:MaxFieldMessages]
		}
		b.WriteString(n + ": " + strings.Join(msgs, ", "))
		listed++
	}
	if rest := len(names) - listed; rest > 0 {
		fmt.Fprintf(&b, "; and %d more %s", rest, plural(rest, "field", "fields"))
	}
	return b.String()
}

// Names lists the fields in the order problems name them: by path segment, an array index
// by its number (items.2 before items.10), any other segment alphabetically.
func (f Fields) Names() []string {
	names := make([]string, 0, len(f))
	for k := range f {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return FieldLess(names[i], names[j]) })
	return names
}

// FieldLess orders field names as Names does.
func FieldLess(a, b string) bool {
	for a != "" && b != "" {
		as, arest, _ := strings.Cut(a, ".")
		bs, brest, _ := strings.Cut(b, ".")
		if as != bs {
			an, aNum := index(as)
			bn, bNum := index(bs)
			switch {
			case aNum && bNum:
				return an < bn
			case aNum != bNum:
				return aNum // indexes before names
			default:
				return as < bs
			}
		}
		a, b = arest, brest
	}
	return a == "" && b != ""
}

// index reads an array index segment: digits without a leading zero, short enough to
// compare as a number (longer runs of digits compare as text).
func index(s string) (int, bool) {
	if s == "" || len(s) > 9 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Text trims v, which must then be 1 to max characters, and returns the trimmed value.
func (f Fields) Text(field, v string, max int) string {
	v = strings.TrimSpace(v)
	if n := utf8.RuneCountInString(v); n < 1 || n > max {
		f.Add(field, "must be 1 to %d characters after trimming", max)
	}
	return v
}

// OptionalText trims v: blank is no value (nil); anything else must be at most max characters.
func (f Fields) OptionalText(field string, v *string, max int) *string {
	if v == nil {
		return nil
	}
	s := strings.TrimSpace(*v)
	if s == "" {
		return nil
	}
	if utf8.RuneCountInString(s) > max {
		f.Add(field, "must be 1 to %d characters after trimming", max)
	}
	return &s
}
