package salesorders

import (
	"strings"
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
