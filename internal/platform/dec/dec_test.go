package dec

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func TestDecimalTravelsAsAJSONNumberAndExactly(t *testing.T) {
	t.Parallel()
	var d Decimal
	if err := json.Unmarshal([]byte(`12.345`), &d); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(d)
	if string(b) != "12.345" {
		t.Fatalf("round trip gave %s", b)
	}
	if err := json.Unmarshal([]byte(`"12"`), &d); err == nil {
		t.Fatal("a quoted number was accepted")
	}
}

func TestDecimalBounds(t *testing.T) {
	t.Parallel()
	cases := map[string]bool{
		"0":                           true,
		"99999999999999999999":        true,  // 20 digits
		"100000000000000000000":       false, // 21 digits
		"-100000000000000000000":      false,
		"1e19":                        true,
		"1e20":                        false,
		"1e300":                       false,
		"0.00000000000000000001":      true, // 20 places
		"0.000000000000000000001":     false,
		"1.50000000000000000000000":   true, // trailing zeros do not count
		"1e-400":                      false,
		"12.345":                      true,
		"-" + strings.Repeat("9", 20): true,
	}
	for in, ok := range cases {
		var d Decimal
		err := json.Unmarshal([]byte(in), &d)
		if (err == nil) != ok {
			t.Errorf("%s: error %v, want ok=%v", in, err, ok)
		}
	}
}

func TestParseTakesTheJSONNumberGrammarOnly(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "-", "+1", ".5", "1.", "01", "1e", "1e+", "0x10", " 1", "1 ", "NaN", "Infinity", "1_000", "١"} {
		if _, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) accepted a number JSON does not write", in)
		}
	}
	for in, want := range map[string]string{
		"-0": "0", "0e99999999999": "0", "1.2500": "1.25", "125e-2": "1.25", "1E+2": "100", "-0.000": "0",
		"1." + strings.Repeat("0", 100000): "1",
	} {
		d, err := Parse(in)
		if err != nil || d.String() != want {
			t.Errorf("Parse(%.20q) = %s, %v; want %s", in, d, err, want)
		}
	}
}

// A number of a million digits is refused at once: the bounds are checked on the digits as
// written, before any arithmetic whose time grows faster than the input.
func TestParseRefusesHugeLiteralsWithoutArithmetic(t *testing.T) {
	t.Parallel()
	huge := strings.Repeat("9", 1_000_000)
	if _, err := ParseBounded(huge); err == nil || !strings.Contains(err.Error(), "before the point") {
		t.Fatalf("ParseBounded(a million nines) = %v", err)
	}
	if _, err := Parse(huge); err == nil {
		t.Fatal("Parse took a million significant digits")
	}
	if _, err := Parse("1e" + strings.Repeat("9", 1000)); err == nil {
		t.Fatal("Parse took an exponent of a thousand digits")
	}
}

// FuzzParseBounded: every input either parses to a decimal within the bounds, equal to what
// shopspring reads from the same text, or is refused; a JSON number shopspring reads is
// refused exactly when it is out of bounds; UnmarshalJSON agrees; the value round-trips.
func FuzzParseBounded(f *testing.F) {
	for _, s := range []string{"0", "-0", "12.345", "99999999999999999999", "100000000000000000000",
		"0.00000000000000000001", "0.000000000000000000001", "1e19", "1e20", "1e-20", "1e-21", "1.50000000000000000000000",
		"-99999999999999999999.99999999999999999999", "1e300", "01", "1.", ".5", "+1", "1e", "\"1\"", "1e99999999999999999999"} {
		f.Add(s)
	}
	limit := decimal.New(1, MaxIntegerDigits)
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseBounded(s)
		var u Decimal
		uErr := json.Unmarshal([]byte(s), &u)
		jsonNumber := s != "" && (s[0] == '-' || isDigit(s[0])) && !strings.ContainsAny(s, " \t\r\n") && json.Valid([]byte(s))
		if !jsonNumber {
			if err == nil {
				t.Fatalf("ParseBounded(%q) accepted what is not a JSON number", s)
			}
			return
		}
		if (err == nil) != (uErr == nil) || (err == nil && !u.Equal(d.Decimal)) {
			t.Fatalf("ParseBounded(%q) = %s, %v but UnmarshalJSON = %s, %v", s, d, err, u, uErr)
		}
		if err == nil {
			if d.Abs().GreaterThanOrEqual(limit) || !d.Equal(d.Truncate(MaxFractionDigits)) {
				t.Fatalf("ParseBounded(%q) = %s, out of bounds", s, d)
			}
			again, err := ParseBounded(d.String())
			if err != nil || !again.Equal(d.Decimal) {
				t.Fatalf("%q: %s does not round-trip: %s, %v", s, d, again, err)
			}
		}
		ref, refErr := decimal.NewFromString(s)
		if refErr != nil {
			return // beyond shopspring's exponent limit: only our own verdict exists
		}
		inBounds := ref.Abs().LessThan(limit) && ref.Equal(ref.Truncate(MaxFractionDigits))
		if inBounds != (err == nil) {
			t.Fatalf("ParseBounded(%q): error %v, but the value %s is in bounds: %v", s, err, ref, inBounds)
		}
		if err == nil && !ref.Equal(d.Decimal) {
			t.Fatalf("ParseBounded(%q) = %s, want %s", s, d, ref)
		}
	})
}
