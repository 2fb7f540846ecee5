package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"mos/internal/platform/apperr"
)

// Whatever an error carries (a hundred thousand fields, messages quoting megabytes of
// control characters, a detail and a path of a megabyte), its problem stays under
// MaxProblemBytes, names the first fifty fields in order and counts the rest.
func TestEveryProblemStaysBoundedWhateverTheErrorCarries(t *testing.T) {
	t.Parallel()
	fields := apperr.Fields{}
	nasty := strings.Repeat("\x00<\xff\"", 1<<18) // a megabyte, every byte escaped
	for i := range 100_000 {
		fields.Add(fmt.Sprintf("items.%d", i), "bad %s", nasty[:i%1000])
	}
	for range 20 {
		fields.Add("items.3", "again")
	}
	fields.Add(strings.Repeat("k", 1<<20), "a long name")
	err := fields.Err()
	p := toProblem(err)
	p.Instance = "/api/" + nasty
	p.Detail += nasty
	p.bound()
	body, mErr := json.Marshal(p)
	if mErr != nil {
		t.Fatal(mErr)
	}
	if len(body) >= MaxProblemBytes {
		t.Fatalf("problem of %d bytes, want under %d", len(body), MaxProblemBytes)
	}
	if len(p.Errors) > apperr.MaxProblemFields || p.ErrorsOmitted != 100_001-len(p.Errors) {
		t.Fatalf("%d fields, %d omitted", len(p.Errors), p.ErrorsOmitted)
	}
	for i := range len(p.Errors) {
		if _, ok := p.Errors[fmt.Sprintf("items.%d", i)]; !ok {
			t.Fatalf("the first fields are not named in order: items.%d missing", i)
		}
	}
	if got := p.Errors["items.3"]; len(got) != apperr.MaxFieldMessages+1 || got[apperr.MaxFieldMessages] != "and 16 more" {
		t.Fatalf("items.3 messages: %q", got)
	}
	if !strings.HasSuffix(p.Detail, ellipsis) || !strings.HasSuffix(p.Instance, ellipsis) {
		t.Fatal("a clipped text is not marked")
	}
}

// The detail of a field problem lists at most fifty fields and says how many it left out;
// an answer with few fields is untouched.
func TestFieldProblemDetailCountsWhatItLeavesOut(t *testing.T) {
	t.Parallel()
	fields := apperr.Fields{}
	for i := range 120 {
		fields.Add(fmt.Sprintf("secondaryTypes.%d", i), "is wrong")
	}
	ae, _ := apperr.As(fields.Err())
	if !strings.HasSuffix(ae.Detail, "secondaryTypes.49: is wrong; and 70 more fields") {
		t.Fatalf("detail %q", ae.Detail)
	}
	small := apperr.Fields{}
	small.Add("name", "is required")
	p := toProblem(small.Err())
	p.bound()
	if p.ErrorsOmitted != 0 || len(p.Errors["name"]) != 1 || p.Detail != "the request has invalid fields: name: is required" {
		t.Fatalf("a small problem changed: %+v", p)
	}
}

func TestClipJSONCutsAtARuneAndMarksTheCut(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in     string
		budget int
		want   string
	}{
		{"short", 10, "short"},
		{"ééééé", 7, "éé…"},
		{"<<<<", 15, "<<…"}, // each < takes 6 bytes escaped, the ellipsis 3
		{"abcdef", 6, "abcdef"},
		{"abcdefg", 6, "abc…"},
	} {
		if got := clipJSON(c.in, c.budget); got != c.want {
			t.Errorf("clipJSON(%q, %d) = %q, want %q", c.in, c.budget, got, c.want)
		}
	}
}
