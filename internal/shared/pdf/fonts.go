package pdf

import (
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// The fonts are the Go fonts, embedded in the binary: no system font is needed
// and every machine renders the same glyphs. They cover Latin (with accents),
// Greek and Cyrillic, but not CJK and some symbols.
const (
	fontRegular = "regular"
	fontBold    = "bold"
)

// missingGlyph replaces a character the fonts cannot draw. A document with a
// Chinese or Japanese name still renders (never an error); the name shows as
// question marks, which reads as "could not print" rather than vanishing.
const missingGlyph = '?'

var (
	coverageOnce sync.Once
	coverageErr  error
	coverFonts   []*sfnt.Font
)

func loadCoverage() error {
	coverageOnce.Do(func() {
		for _, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
			f, err := sfnt.Parse(ttf)
			if err != nil {
				coverageErr = err
				return
			}
			coverFonts = append(coverFonts, f)
		}
	})
	return coverageErr
}

// printable returns s with every character that both fonts cannot draw
// replaced by missingGlyph, tabs by a space and other control characters
// (except newlines) dropped. Checking coverage here, instead of relying on
// gopdf's substitution (a blank), keeps widths measured and drawn text equal.
func printable(s string) string {
	if s == "" {
		return s
	}
	var buf sfnt.Buffer
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteRune(r)
			continue
		case r == '\t':
			b.WriteRune(' ')
			continue
		case r == '\r' || unicode.IsControl(r):
			continue
		case r < 0x7f:
			b.WriteRune(r) // the Go fonts cover printable ASCII
			continue
		}
		ok := true
		for _, f := range coverFonts {
			if idx, err := f.GlyphIndex(&buf, r); err != nil || idx == 0 {
				ok = false
				break
			}
		}
		if ok {
			b.WriteRune(r)
		} else {
			b.WriteRune(missingGlyph)
		}
	}
	return b.String()
}
