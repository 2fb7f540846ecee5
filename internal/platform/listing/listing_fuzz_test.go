package listing

import (
	"strings"
	"testing"
	"unicode/utf8"

	"mos/internal/platform/apperr"
)

// FuzzResolve: whatever list query a client sends (Sort.Field, Sort.Dir, Skip, Take, each
// present or not), Resolve either answers a 400 naming the one parameter at fault, or a page
// whose ORDER BY is made only of the field table's SQL (no client text ever reaches SQL),
// whose limit is within 0..MaxTake and whose offset is what was asked; a Sort.Field it
// accepts names the table entry its segments' first letters (lowered) spell.
func FuzzResolve(f *testing.F) {
	f.Add("name", "ascending", int32(0), int32(10), uint8(0b1111))
	f.Add("PaymentTerms.Name", "descending", int32(5), int32(0), uint8(0b0111))
	f.Add("paymentTerms.id", "", int32(-1), int32(5001), uint8(0b1101))
	f.Add("name; DROP TABLE x", "sideways", int32(0), int32(0), uint8(0b0011))
	f.Add("..", "", int32(2147483647), int32(-2147483648), uint8(0b1110))
	f.Add("\xffame", "ascending", int32(0), int32(50), uint8(0b0001))
	f.Add("Ωname", "", int32(0), int32(0), uint8(0b0001))
	f.Fuzz(func(t *testing.T, field, dir string, skip, take int32, present uint8) {
		var r Request
		if present&1 != 0 {
			r.SortField = &field
		}
		if present&2 != 0 {
			r.SortDir = &dir
		}
		if present&4 != 0 {
			r.Skip = &skip
		}
		if present&8 != 0 {
			r.Take = &take
		}
		p, err := Resolve(r, spec)
		if err != nil {
			e, ok := apperr.As(err)
			if !ok || e.Kind != apperr.KindInvalid || len(e.Fields) != 1 {
				t.Fatalf("Resolve(%+v) failed with %v, want a 400 naming one parameter", r, err)
			}
			for name := range e.Fields {
				if name != "Sort.Field" && name != "Sort.Dir" && name != "Skip" && name != "Take" {
					t.Fatalf("the 400 names %q", name)
				}
			}
			return
		}
		if p.Limit < 0 || p.Limit > MaxTake || p.Offset < 0 || (r.Skip != nil && p.Offset != int(*r.Skip)) {
			t.Fatalf("Resolve(%+v) = limit %d offset %d", r, p.Limit, p.Offset)
		}
		exprs := map[string]bool{}
		for _, expr := range spec.Fields {
			exprs[expr] = true
		}
		for _, term := range strings.Split(p.OrderBy, ", ") {
			expr, ok := strings.CutSuffix(term, " ASC")
			if !ok {
				expr, ok = strings.CutSuffix(term, " DESC")
			}
			if !ok || !exprs[expr] {
				t.Fatalf("ORDER BY %q holds %q, which is not the field table's SQL", p.OrderBy, term)
			}
		}
		if r.SortField != nil {
			if _, ok := spec.Fields[lowerSegments(field)]; !ok {
				t.Fatalf("Sort.Field %q accepted, but %q is not in the table", field, lowerSegments(field))
			}
		}
	})
}

// lowerSegments lowers the first letter of each dot-separated segment.
func lowerSegments(s string) string {
	segs := strings.Split(s, ".")
	for i, seg := range segs {
		if r, size := utf8.DecodeRuneInString(seg); size > 0 {
			segs[i] = strings.ToLower(string(r)) + seg[size:]
		}
	}
	return strings.Join(segs, ".")
}

// FuzzContainsPattern: the pattern matches the text as a literal substring, whatever
// wildcards or escapes it holds: undoing the escapes gives the text back, and no % or _ is
// left unescaped between the pattern's own leading and trailing %.
func FuzzContainsPattern(f *testing.F) {
	for _, s := range []string{"", "abc", "50%", "a_b", `back\slash`, `\%_`, "\x00", "ü%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p := ContainsPattern(text)
		if !strings.HasPrefix(p, "%") || !strings.HasSuffix(p, "%") || len(p) < 2 {
			t.Fatalf("pattern %q is not %%…%%", p)
		}
		inner := p[1 : len(p)-1]
		var b strings.Builder
		for i := 0; i < len(inner); i++ {
			c := inner[i]
			switch c {
			case '\\':
				if i+1 == len(inner) {
					t.Fatalf("pattern %q ends in a lone escape", p)
				}
				i++
				b.WriteByte(inner[i])
			case '%', '_':
				t.Fatalf("pattern %q leaves a wildcard of %q unescaped", p, text)
			default:
				b.WriteByte(c)
			}
		}
		if b.String() != text {
			t.Fatalf("pattern %q matches %q, not %q", p, b.String(), text)
		}
	})
}
