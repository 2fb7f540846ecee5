package shippingmethods

import (
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/namedlookups"
)

// Service owns shipping methods: create, get, full update, list by name, and CheckUsable for
// the documents that name one (sales orders, shipments): a 404 naming the field for an id
// that is not the tenant's, a 400 for an archived one; the rows stay share-locked until the
// caller's transaction ends.
type Service struct {
	*namedlookups.Service[Write, ShippingMethod]
}

// NewService returns the shipping-method service.
func NewService(pool *db.Pool) *Service {
	return &Service{namedlookups.NewService(pool, lookup)}
}

// lookup declares shipping methods as a named lookup with a carrier.
var lookup = &namedlookups.Lookup[Write, ShippingMethod]{
	Table: "shipping_methods", Noun: "shipping method", Plural: "shipping methods",
	Members: func(w *Write) namedlookups.Members {
		return namedlookups.Members{Name: &w.Name, Description: &w.Description, IsArchived: &w.IsArchived}
	},
	Extra: []namedlookups.Column[Write]{
		{Name: "carrier", Field: func(w *Write) any { return &w.Carrier }},
	},
	Check: check,
	Sort:  map[string]string{"carrier": "lower(carrier)"},
	Record: func(id string, w Write, createdUtc, modifiedUtc time.Time) ShippingMethod {
		return ShippingMethod{ID: id, Write: w, CreatedUtc: createdUtc, ModifiedUtc: modifiedUtc}
	},
}

// check applies the carrier rule: trimmed, blank as none, at most 200.
func check(w Write, fields apperr.Fields) Write {
	w.Carrier = fields.OptionalText("carrier", w.Carrier, maxCarrier)
	return w
}
