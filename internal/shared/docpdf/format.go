package docpdf

import (
	"strings"
	"time"

	"mos/internal/platform/calendardate"
	"mos/internal/platform/currency"
	"mos/internal/platform/dec"
)

// Money prints an amount in currency code's minor units (rounded half away from zero, the
// documents' one rounding), with thousands separators: 1,234.50 (USD), 1,235 (JPY).
func Money(d dec.Decimal, code string) string {
	return group(d.StringFixed(int32(currency.MinorUnits(code)))) // StringFixed rounds half away from zero
}

// MoneyWithCode is Money followed by the currency code, for totals: 1,234.50 EUR.
func MoneyWithCode(d dec.Decimal, code string) string { return Money(d, code) + " " + code }

// Quantity prints a quantity as stored, without trailing zeros, with thousands separators:
// 1,250, 2.5.
func Quantity(d dec.Decimal) string { return group(d.String()) }

// Percent prints a percentage without trailing zeros: 7.25%.
func Percent(d dec.Decimal) string { return d.String() + "%" }

// group puts a comma between each three digits of a number's integer part.
func group(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if hasFrac {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return sign + b.String()
}

// Date prints a calendar date (a day stored at midnight UTC) in the frame's date format.
func (f Frame) Date(d time.Time) string { return calendardate.Stored(d).Format(f.dateLayout) }

// DateOf prints a calendar date that may be absent: "" when nil.
func (f Frame) DateOf(d *time.Time) string {
	if d == nil {
		return ""
	}
	return f.Date(*d)
}

// Day prints the day of an instant in the shop's timezone, in the frame's date format.
func (f Frame) Day(t time.Time) string { return t.In(f.location).Format(f.dateLayout) }
