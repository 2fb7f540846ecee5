package tests

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"mos/internal/platform/dec"
)

// Values shared by every test file: JSON renderings, decimals, optional strings, id lists.

// mustJSON renders v as JSON, for request bodies and readable failures.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// optText reads an optional string; nil reads as "<nil>" so comparisons never panic.
func optText(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

// decString renders an optional decimal for comparison; "null" when absent.
func decString(d *dec.Decimal) string {
	if d == nil {
		return "null"
	}
	return d.String()
}

// decimalPtr is an optional decimal field's value.
func decimalPtr(s string) *dec.Decimal {
	d := dec.MustParse(s)
	return &d
}

// num parses a decimal written in a test.
func num(s string) dec.Decimal { return dec.MustParse(s) }

// mustDec fails t unless got equals want numerically.
func mustDec(t *testing.T, what string, got dec.Decimal, want string) {
	t.Helper()
	if !got.Equal(num(want).Decimal) {
		t.Fatalf("%s = %s, want %s", what, got, want)
	}
}

// sameIDs reports whether two lists hold the same strings in the same order.
func sameIDs(got, want []string) bool {
	return fmt.Sprint(got) == fmt.Sprint(want)
}

// reversed is a reversed copy of list.
func reversed[T any](list []T) []T {
	out := slices.Clone(list)
	slices.Reverse(out)
	return out
}
