package apperr

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestTextTrimsAndBoundsLength(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"  Acme  ", "Acme", true},
		{"", "", false},
		{"   ", "", false},
		{strings.Repeat("é", 200), strings.Repeat("é", 200), true},
		{" " + strings.Repeat("x", 200) + " ", strings.Repeat("x", 200), true},
		{strings.Repeat("x", 201), strings.Repeat("x", 201), false},
	}
	for _, c := range cases {
		f := Fields{}
		got := f.Text("name", c.in, 200)
		if got != c.want || (len(f["name"]) == 0) != c.ok {
			t.Errorf("Text(%q) = %q, errors %v", c.in, got, f)
		}
	}
}

func TestOptionalTextTreatsBlankAsNoValue(t *testing.T) {
	t.Parallel()
	f := Fields{}
	if got := f.OptionalText("notes", nil, 10); got != nil {
		t.Fatalf("nil gave %q", *got)
	}
	blank := "  "
	if got := f.OptionalText("notes", &blank, 10); got != nil {
		t.Fatalf("blank gave %q", *got)
	}
	v := " hi "
	if got := f.OptionalText("notes", &v, 10); got == nil || *got != "hi" {
		t.Fatalf("trim gave %v", got)
	}
	long := "12345678901"
	f.OptionalText("notes", &long, 10)
	if len(f) != 1 || len(f["notes"]) != 1 {
		t.Fatalf("errors %v", f)
	}
	if err := f.Err(); !IsKind(err, KindInvalid) {
		t.Fatalf("Err() = %v", err)
	}
	if err := (Fields{}).Err(); err != nil {
		t.Fatalf("empty Fields gave %v", err)
	}
}

func TestEveryFieldProblemReadsTheSameWay(t *testing.T) {
	one := Field("name", "must be 1 to %d characters", 200)
	many := Fields{}
	many.Add("name", "must be 1 to %d characters", 200)
	collected, _ := As(many.Err())
	if one.Detail != collected.Detail || one.Detail != "the request has invalid fields: name: must be 1 to 200 characters" {
		t.Fatalf("Field says %q, Fields.Err %q", one.Detail, collected.Detail)
	}
	missing := Fields{}
	missing.Add("priceBreaks.0.vendorId", "vendor %s not found", "v1")
	nf, _ := As(missing.NotFoundErr())
	if nf.Kind != KindNotFound || nf.Detail != "the request refers to records that do not exist: priceBreaks.0.vendorId: vendor v1 not found" ||
		len(nf.Fields["priceBreaks.0.vendorId"]) != 1 {
		t.Fatalf("NotFoundErr: %+v", nf)
	}
	if (Fields{}).Err() != nil || (Fields{}).NotFoundErr() != nil {
		t.Fatal("empty fields make a problem")
	}
}

func TestNotOneOfListsTheAllowedValues(t *testing.T) {
	t.Parallel()
	cases := []struct {
		value any
		want  string
	}{
		{"sideways", `"sideways" is not one of the allowed values: ascending, descending`},
		{`say "hi"`, `"say \"hi\"" is not one of the allowed values: ascending, descending`},
		{json.Number("3"), `3 is not one of the allowed values: ascending, descending`},
		{nil, `null is not one of the allowed values: ascending, descending`},
		{true, `true is not one of the allowed values: ascending, descending`},
	}
	for _, c := range cases {
		if got := NotOneOf(c.value, []string{"ascending", "descending"}); got != c.want {
			t.Errorf("NotOneOf(%#v) = %q, want %q", c.value, got, c.want)
		}
	}
}
