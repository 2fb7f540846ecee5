// Package dec is the exact decimal type for money, quantities, rates and percentages.
// It travels as a JSON number (never a string) and as NUMERIC in PostgreSQL.
package dec

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"

	"github.com/shopspring/decimal"
)

// Decimal wraps shopspring's decimal so the wire form is a JSON number whatever
// package-level settings other code changes.
type Decimal struct {
	decimal.Decimal
}

// Zero is 0.
var Zero = Decimal{}

// FromInt returns n as a Decimal.
func FromInt(n int64) Decimal { return Decimal{decimal.NewFromInt(n)} }

// MustParse parses s and panics on malformed input; for constants and tests.
func MustParse(s string) Decimal {
	d, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return d
}

// Parse parses a number written as JSON writes numbers (`-12.5`, `3e-2`), of any size up to
// MaxParseDigits significant digits and an exponent within ±MaxParseExponent. Parsing
// takes time linear in the length of s whatever it holds.
func Parse(s string) (Decimal, error) {
	l, err := scan(s)
	if err != nil {
		return Decimal{}, err
	}
	if len(l.digits) > MaxParseDigits || l.exp > MaxParseExponent || l.exp < -MaxParseExponent {
		return Decimal{}, errTooLong
	}
	return l.decimal(), nil
}

// ParseBounded parses s as Parse does and applies the bounds of every decimal the API
// accepts (MaxIntegerDigits, MaxFractionDigits): it is how a decimal of a request is read,
// from a JSON body or anywhere else. Its errors say which bound was crossed.
func ParseBounded(s string) (Decimal, error) {
	l, err := scan(s)
	if err != nil {
		return Decimal{}, err
	}
	if err := l.inBounds(); err != nil {
		return Decimal{}, err
	}
	return l.decimal(), nil
}

// CheckJSON reports whether the JSON number literal s is a decimal the API accepts: nil, or
// the error ParseBounded gives. For validators that hold the literal (a json.Number) but no
// Decimal to decode it into.
func CheckJSON(s string) error {
	_, err := ParseBounded(s)
	return err
}

// MarshalJSON writes the number without quotes.
func (d Decimal) MarshalJSON() ([]byte, error) {
	return []byte(d.String()), nil
}

// UnmarshalJSON reads a JSON number; quoted numbers are refused so the wire stays typed.
func (d *Decimal) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		return errQuoted
	}
	v, err := ParseBounded(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// MaxIntegerDigits and MaxFractionDigits bound every decimal the API accepts: far beyond
// any shop's money or quantities, and well inside what NUMERIC columns store, so an
// absurd number is a 400 here rather than a database error.
const (
	MaxIntegerDigits  = 20
	MaxFractionDigits = 20
)

// MaxParseDigits and MaxParseExponent bound what Parse takes: more significant digits than
// any real number needs would make the arithmetic on it slow (quadratic in the digits).
const (
	MaxParseDigits   = 1000
	MaxParseExponent = 10000
)

var (
	errQuoted    = errors.New("decimal must be a JSON number, not a string")
	errMalformed = errors.New("invalid decimal number")
	errTooLong   = fmt.Errorf("decimal has more than %d significant digits or an exponent beyond %d", MaxParseDigits, MaxParseExponent)
	errInteger   = fmt.Errorf("decimal has more than %d digits before the point", MaxIntegerDigits)
	errFraction  = fmt.Errorf("decimal has more than %d digits after the point", MaxFractionDigits)
)

// literal is a number as written, reduced to its sign, its significant digits (no leading
// or trailing zeros; empty for zero) and the power of ten they are scaled by.
type literal struct {
	neg    bool
	digits string
	exp    int64
}

// expSaturation caps the exponent while it is read, far beyond any bound checked later,
// so that a long run of exponent digits cannot overflow.
const expSaturation = 1 << 40

// scan reads s by the JSON number grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
// in one pass, without arithmetic on the digits.
func scan(s string) (literal, error) {
	var l literal
	i := 0
	if i < len(s) && s[i] == '-' {
		l.neg = true
		i++
	}
	intStart := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	intPart := s[intStart:i]
	if intPart == "" || (len(intPart) > 1 && intPart[0] == '0') {
		return literal{}, errMalformed
	}
	var fracPart string
	if i < len(s) && s[i] == '.' {
		i++
		fracStart := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		fracPart = s[fracStart:i]
		if fracPart == "" {
			return literal{}, errMalformed
		}
	}
	var exp int64
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		expNeg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			expNeg = s[i] == '-'
			i++
		}
		expStart := i
		for i < len(s) && isDigit(s[i]) {
			if exp < expSaturation {
				exp = exp*10 + int64(s[i]-'0')
			}
			i++
		}
		if i == expStart {
			return literal{}, errMalformed
		}
		if expNeg {
			exp = -exp
		}
	}
	if i != len(s) {
		return literal{}, errMalformed
	}

	// The significant digits: the integer and fraction parts joined, scaled by the exponent
	// less the fraction's length; then without leading and trailing zeros.
	digits := intPart + fracPart
	exp -= int64(len(fracPart))
	lead := 0
	for lead < len(digits) && digits[lead] == '0' {
		lead++
	}
	digits = digits[lead:]
	trail := len(digits)
	for trail > 0 && digits[trail-1] == '0' {
		trail--
	}
	exp += int64(len(digits) - trail)
	digits = digits[:trail]
	if digits == "" {
		return literal{}, nil // zero, whatever its sign and exponent
	}
	l.digits, l.exp = digits, exp
	return l, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// inBounds applies MaxIntegerDigits and MaxFractionDigits: the number has len(digits)+exp
// digits before the point and -exp after it (trailing zeros do not count).
func (l literal) inBounds() error {
	if l.digits == "" {
		return nil
	}
	if int64(len(l.digits))+l.exp > MaxIntegerDigits {
		return errInteger
	}
	if -l.exp > MaxFractionDigits {
		return errFraction
	}
	return nil
}

// decimal builds the value from the reduced form, whose size the caller has bounded.
func (l literal) decimal() Decimal {
	if l.digits == "" {
		return Zero
	}
	s := l.digits + "e" + strconv.FormatInt(l.exp, 10)
	if l.neg {
		s = "-" + s
	}
	return Decimal{decimal.RequireFromString(s)}
}
