package quotes

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"mos/internal/platform/apperr"
	"mos/internal/platform/shopday"
)

// maxNotes is the longest notes text of a quote.
const maxNotes = 2000

// maxAddressText is the longest member of an address.
const maxAddressText = 200

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
	if a == nil {
		return nil
	}
	out := *a
	for _, m := range []struct {
		name  string
		value **string
	}{
		{"name", &out.Name}, {"address1", &out.Address1}, {"address2", &out.Address2}, {"address3", &out.Address3},
		{"city", &out.City}, {"stateProvince", &out.StateProvince}, {"postalCode", &out.PostalCode},
		{"country", &out.Country}, {"phone", &out.Phone}, {"email", &out.Email},
	} {
		*m.value = fields.OptionalText(prefix+"."+m.name, *m.value, maxAddressText)
	}
	if e := out.Email; e != nil {
		local, domain, _ := strings.Cut(*e, "@")
		if strings.Count(*e, "@") != 1 || local == "" || domain == "" || strings.IndexFunc(*e, unicode.IsSpace) >= 0 {
			fields.Add(prefix+".email", "must be one email address (one @ with text on both sides, no spaces)")
		}
	}
	return &out
}

// shopToday is the calendar day it is now in the shop's timezone, at midnight UTC (how
// quotes store days).
func shopToday(timezone string, now time.Time) (time.Time, error) {
	loc, err := shopday.Location(timezone)
	if err != nil {
		return time.Time{}, err
	}
	y, m, d := now.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC), nil
}

// defaultExpiration is the default expirationDate of a quote created or sent at now: the
// shop day plus the validity days.
func defaultExpiration(timezone string, now time.Time, validityDays int) (time.Time, error) {
	today, err := shopToday(timezone, now)
	if err != nil {
		return time.Time{}, err
	}
	return today.AddDate(0, 0, validityDays), nil
}
