// Package dec is the exact decimal type for money, quantities, rates and percentages.
// It travels as a JSON number (never a string) and as NUMERIC in PostgreSQL.
package dec

import (
	"bytes"
	"fmt"

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
func MustParse(s string) Decimal { return Decimal{decimal.RequireFromString(s)} }

// Parse parses a decimal string.
func Parse(s string) (Decimal, error) {
	d, err := decimal.NewFromString(s)
	if err != nil {
		return Decimal{}, err
	}
	return Decimal{d}, nil
}

// MarshalJSON writes the number without quotes.
func (d Decimal) MarshalJSON() ([]byte, error) {
	return []byte(d.String()), nil
}

// UnmarshalJSON reads a JSON number; quoted numbers are refused so the wire stays typed.
func (d *Decimal) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		return fmt.Errorf("decimal must be a JSON number, not a string")
	}
	v, err := decimal.NewFromString(string(b))
	if err != nil {
		return fmt.Errorf("invalid decimal number")
	}
	if err := inBounds(v); err != nil {
		return err
	}
	d.Decimal = v
	return nil
}

// MaxIntegerDigits and MaxFractionDigits bound every decimal the API accepts: far beyond
// any shop's money or quantities, and well inside what NUMERIC columns store, so an
// absurd number is a 400 here rather than a database error.
const (
	MaxIntegerDigits  = 20
	MaxFractionDigits = 20
)

func inBounds(v decimal.Decimal) error {
	if v.IsZero() {
		return nil
	}
	if -v.Exponent() > MaxFractionDigits && !v.Equal(v.Truncate(MaxFractionDigits)) {
		return fmt.Errorf("decimal has more than %d digits after the point", MaxFractionDigits)
	}
	if v.Abs().GreaterThanOrEqual(decimal.New(1, MaxIntegerDigits)) {
		return fmt.Errorf("decimal has more than %d digits before the point", MaxIntegerDigits)
	}
	return nil
}
