// Package currency holds the one check of an ISO 4217 currency code every area applies:
// three upper-case letters (the schema states it too; this holds for patched documents and
// direct callers).
package currency

import "regexp"

var codePattern = regexp.MustCompile(`^[A-Z]{3}$`)

// Valid reports whether code has the shape of an ISO 4217 code.
func Valid(code string) bool { return codePattern.MatchString(code) }
