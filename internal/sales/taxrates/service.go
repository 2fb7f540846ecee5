package taxrates

import (
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/namedlookups"
)

// Service owns tax rates: create, get, full update, list by name, and CheckUsable and
// Usable for the documents that name them (a 404 naming the field for an id that is not the
// tenant's, a 400 for an archived one; the rows stay share-locked until the caller's
// transaction ends). Usable answers the rates, for a document line that copies a rate's name
// and percentage when it is written.
type Service struct {
	*namedlookups.Service[Write, TaxRate]
}

// NewService returns the tax-rate service.
func NewService(pool *db.Pool) *Service {
	return &Service{namedlookups.NewService(pool, lookup)}
}

// lookup declares tax rates as a named lookup with a rate.
var lookup = &namedlookups.Lookup[Write, TaxRate]{
	Table: "tax_rates", Noun: "tax rate", Plural: "tax rates",
	Members: func(w *Write) namedlookups.Members {
		return namedlookups.Members{Name: &w.Name, Description: &w.Description, IsArchived: &w.IsArchived}
	},
	Extra: []namedlookups.Column[Write]{
		{Name: "rate", Field: func(w *Write) any { return &w.Rate }},
	},
	Check: check,
	Sort:  map[string]string{"rate": "rate"},
	Record: func(id string, w Write, createdUtc, modifiedUtc time.Time) TaxRate {
		return TaxRate{ID: id, Write: w, CreatedUtc: createdUtc, ModifiedUtc: modifiedUtc}
	},
}

// check applies the rate rule: a percentage from 0 to 100 inclusive.
func check(w Write, fields apperr.Fields) Write {
	if w.Rate.IsNegative() || w.Rate.GreaterThan(maxRate.Decimal) {
		fields.Add("rate", "must be a percentage from 0 to 100")
	}
	return w
}
