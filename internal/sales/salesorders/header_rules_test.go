package salesorders

import (
	"slices"
	"strings"
	"testing"
)

func TestPoCandidatesStripALeadingLabel(t *testing.T) {
	for in, want := range map[string][]string{
		"12345":              {"12345"},
		"PO# 12345":          {"po# 12345", "12345"},
		"po 12345":           {"po 12345", "12345"},
		"PO #12345":          {"po #12345", "12345"},
		"P.O. 12345":         {"p.o. 12345", "12345"},
		"P.O.#12345":         {"p.o.#12345", "12345"},
		"PO:12345":           {"po:12345", "12345"},
		"PO-12345":           {"po-12345", "12345"},
		"PO12345":            {"po12345", "12345"},
		"Purchase Order 77":  {"purchase order 77", "77"},
		"purchase order #77": {"purchase order #77", "77"},
		"POLAND":             {"poland"},
		"  po 9  ":           {"po 9", "9"},
	} {
		got, ok := poCandidates(in)
		if !ok || !slices.Equal(got, want) {
			t.Errorf("%q → %v %v, want %v", in, got, ok, want)
		}
	}
	if got, ok := poCandidates("   "); !ok || got != nil {
		t.Errorf("blank → %v %v, want no clause", got, ok)
	}
	if _, ok := poCandidates(strings.Repeat("7", 1001)); ok {
		t.Error("a value over 1000 characters matched")
	}
	if _, ok := poCandidates(" " + strings.Repeat("7", 1000) + " "); !ok {
		t.Error("1000 characters after trimming refused")
	}
}
