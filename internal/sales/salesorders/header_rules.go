package salesorders

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"mos/internal/platform/apperr"
)

// maxNotes is the longest notes text of a sales order.
const maxNotes = 2000

// maxPoNumber is the longest customer (or dropship customer) PO number a sales order keeps.
const maxPoNumber = 1000

// normalizeNotes keeps notes as written but stores blank notes as none and refuses more than
// maxNotes characters.
func normalizeNotes(fields apperr.Fields, v *string) *string {
	if v == nil || strings.TrimSpace(*v) == "" {
		return nil
	}
	if utf8.RuneCountInString(*v) > maxNotes {
		fields.Add("notes", "must be at most %d characters", maxNotes)
	}
	return v
}

// normalizePoNumber trims a PO number member, stores blank as none and refuses more than
// maxPoNumber characters, naming field.
func normalizePoNumber(fields apperr.Fields, field string, v *string) *string {
	return fields.OptionalText(field, v, maxPoNumber)
}

// checkShippingCharge refuses a negative shipping charge, naming shippingCharge.amount.
func checkShippingCharge(fields apperr.Fields, c ShippingCharge) {
	if c.Amount.IsNegative() {
		fields.Add("shippingCharge.amount", "must be 0 or more")
	}
}

// maxFoundPoNumber is the longest stored customer PO number the list filter finds (the
// partial index sales_orders_customer_po_idx holds no longer ones).
const maxFoundPoNumber = 100

// poLabel is a leading PO label: PO, P.O., P O or Purchase Order, then optional spaces and
// one of # : - (group 1 is the label, group 2 what follows it up to the number).
var poLabel = regexp.MustCompile(`(?i)^(purchase\s*order|p\.?\s*o\.?)(\s*[#:\-]?\s*)`)

// poCandidates are the lower-cased PO numbers a customerPoNumber filter value finds: the value
// as sent (trimmed) and, when it starts with a label followed by a separator, a space or a
// digit, the value without it. A value over maxPoNumber characters after trimming finds
// nothing (ok false); a blank one applies no clause (nil, true).
func poCandidates(v string) (candidates []string, ok bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, true
	}
	if utf8.RuneCountInString(v) > maxPoNumber {
		return nil, false
	}
	candidates = []string{strings.ToLower(v)}
	if m := poLabel.FindStringSubmatchIndex(v); m != nil {
		rest := v[m[1]:]
		separated := m[5] > m[4]
		if rest != "" && (separated || unicode.IsDigit(rune(rest[0]))) {
			candidates = append(candidates, strings.ToLower(rest))
		}
	}
	return candidates, true
}
