package quotes

import (
	"strings"
	"time"
	"unicode/utf8"

	"mos/internal/platform/apperr"
	"mos/internal/platform/shopday"
	"mos/internal/sales/customers"
)

// maxNotes is the longest notes text of a quote.
const maxNotes = 2000

// normalizeNotes trims nothing (notes are kept as written) but stores blank notes as none
// and refuses more than maxNotes characters.
func normalizeNotes(fields apperr.Fields, v *string) *string {
	if v == nil || strings.TrimSpace(*v) == "" {
		return nil
	}
	if utf8.RuneCountInString(*v) > maxNotes {
		fields.Add("notes", "must be at most %d characters", maxNotes)
	}
	return v
}

// normalizeAddress trims each member of a (nil: none), stores blanks as no value, and checks
// that email is one address; errors name prefix.member.
func normalizeAddress(fields apperr.Fields, prefix string, a *Address) *Address {
	return customers.NormalizeDocumentAddress(fields, prefix, a)
}

// defaultExpiration is the default expirationDate of a quote created or sent at now: the
// shop day plus the validity days.
func defaultExpiration(timezone string, now time.Time, validityDays int) (time.Time, error) {
	today, err := shopday.Today(timezone, now)
	if err != nil {
		return time.Time{}, err
	}
	return today.AddDate(0, 0, validityDays), nil
}
