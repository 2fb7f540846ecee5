package dec

import (
	"encoding/json"
	"strings"
	"testing"
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
