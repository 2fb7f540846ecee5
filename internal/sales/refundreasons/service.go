package refundreasons

import (
	"fmt"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/namedlookups"
)

// Service owns refund reason codes: create, get, full update, list by name, and CheckUsable
// for the documents that name one (refund lines): a 404 naming the field for an id that is
// not the tenant's, a 400 for an archived one; the rows stay share-locked until the caller's
// transaction ends.
type Service struct {
	*namedlookups.Service[Write, RefundReason]
}

// NewService returns the refund-reason-code service.
func NewService(pool *db.Pool) *Service {
	return &Service{namedlookups.NewService(pool, lookup)}
}

// lookup declares refund reason codes as a named lookup with an optional code, unique
// case-insensitively among the non-archived ones when present.
var lookup = &namedlookups.Lookup[Write, RefundReason]{
	Table: "refund_reason_codes", Noun: "refund reason code", Plural: "refund reason codes",
	Members: func(w *Write) namedlookups.Members {
		return namedlookups.Members{Name: &w.Name, Description: &w.Description, IsArchived: &w.IsArchived}
	},
	Extra: []namedlookups.Column[Write]{
		{Name: "code", Field: func(w *Write) any { return &w.Code }},
	},
	Check: check,
	Unique: []namedlookups.Unique[Write]{{
		Constraint: "refund_reason_codes_code_key", Field: "code",
		Says: func(w *Write) string {
			code := ""
			if w.Code != nil {
				code = *w.Code
			}
			return fmt.Sprintf("with code %q", code)
		},
	}},
	Sort: map[string]string{"code": "lower(code)"},
	Record: func(id string, w Write, createdUtc, modifiedUtc time.Time) RefundReason {
		return RefundReason{ID: id, Write: w, CreatedUtc: createdUtc, ModifiedUtc: modifiedUtc}
	},
}

// check applies the code rule: trimmed, blank as none, at most 50.
func check(w Write, fields apperr.Fields) Write {
	w.Code = fields.OptionalText("code", w.Code, maxCode)
	return w
}
