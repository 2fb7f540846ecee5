// Package currency holds the one check of an ISO 4217 currency code every area applies:
// three upper-case letters (the schema states it too; this holds for patched documents and
// direct callers).
package currency

import "regexp"

var codePattern = regexp.MustCompile(`^[A-Z]{3}$`)

// Valid reports whether code has the shape of an ISO 4217 code.
func Valid(code string) bool { return codePattern.MatchString(code) }

// minorUnitExceptions are the ISO 4217 currencies whose minor unit is not two digits
// after the point (every other code has two).
var minorUnitExceptions = map[string]int{
	// none
	"BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
	"RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
	// three
	"BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
	// four
	"CLF": 4, "UYW": 4,
}

// MinorUnits is how many digits after the point amounts in code are rounded to: the
// currency's ISO 4217 minor unit (2 for USD and EUR, 0 for JPY, 3 for KWD).
func MinorUnits(code string) int {
	if n, ok := minorUnitExceptions[code]; ok {
		return n
	}
	return 2
}
