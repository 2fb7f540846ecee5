package quotes

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
)

// QuotesHandler serves /api/quotes: the quote header here, its lines and routings in the
// other *_handler.go files of the package.
type QuotesHandler struct {
	svc *Service
	// patchTarget is the full-update schema a patched quote must satisfy; the read-only
	// members are not in it, so patch paths naming them answer 400.
	patchTarget *patch.Target
}

// NewHandler returns the quotes handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *QuotesHandler {
	h := &QuotesHandler{svc: svc}
	if _, ok := spec.Components.Schemas["QuoteWrite"]; ok {
		h.patchTarget = patch.NewTarget(spec, "QuoteWrite")
	}
	return h
}

// Versioned declares quotes and their part lines for conditional requests (ETag, If-Match).
// A quote's answer
// shows the names of its customer and payment terms, so its ETag follows them too.
func (h *QuotesHandler) Versioned() []conditional.Record {
	return []conditional.Record{
		{Table: "quotes", Key: map[string]string{"id": "quoteId"}, Shows: quoteShowsSQL, ReadWithAnswer: true,
			Operations: []string{"getQuote"}},
		partLineRecord,
	}
}

// tenantOf is the calling tenant with its defaults and the calling user.
func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, Currency: p.TenantCurrency, Timezone: p.TenantTimezone, UserID: p.UserID}
}

func (h *QuotesHandler) CreateQuote(ctx context.Context, req gen.CreateQuoteRequestObject) (gen.CreateQuoteResponseObject, error) {
	id, err := h.create(ctx, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.CreateQuote200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

// CreateQuoteDeprecated is CreateQuote at its older path.
func (h *QuotesHandler) CreateQuoteDeprecated(ctx context.Context, req gen.CreateQuoteDeprecatedRequestObject) (gen.CreateQuoteDeprecatedResponseObject, error) {
	id, err := h.create(ctx, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.CreateQuoteDeprecated200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *QuotesHandler) create(ctx context.Context, body *gen.QuoteCreate) (string, error) {
	w, err := quoteCreateFromAPI(*body)
	if err != nil {
		return "", err
	}
	return h.svc.Create(ctx, tenantOf(ctx), w)
}

func (h *QuotesHandler) GetQuote(ctx context.Context, req gen.GetQuoteRequestObject) (gen.GetQuoteResponseObject, error) {
	qt, err := h.svc.Get(ctx, auth.TenantID(ctx), req.QuoteId)
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, qt.Version)
	return gen.GetQuote200JSONResponse{Body: quoteToAPI(qt)}, nil
}

// quoteCreateFromAPI parses a create body: the address members tell omitted (take the
// customer's) from null (none); dueDate is ignored.
func quoteCreateFromAPI(b gen.QuoteCreate) (QuoteCreate, error) {
	fields := apperr.Fields{}
	w := QuoteCreate{
		CustomerID: b.CustomerId, ContactID: b.ContactId, SalesPersonID: b.SalesPersonId, CurrencyCode: b.CurrencyCode,
		PaymentTermsID: b.PaymentTermsId, Notes: b.Notes,
		BillingAddress:  addressChoice(fields, "billingAddress", b.BillingAddress),
		ShippingAddress: addressChoice(fields, "shippingAddress", b.ShippingAddress),
		ExpirationDate:  calendardate.Field(fields, "expirationDate", b.ExpirationDate),
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	return w, fields.Err()
}

// addressChoice reads an address member that may be omitted (empty raw), null or an Address.
func addressChoice(fields apperr.Fields, field string, raw json.RawMessage) AddressChoice {
	if len(raw) == 0 {
		return AddressChoice{}
	}
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return AddressChoice{Given: true}
	}
	var a gen.Address
	if err := json.Unmarshal(raw, &a); err != nil {
		fields.Add(field, "must be an address object or null")
		return AddressChoice{}
	}
	return AddressChoice{Given: true, Address: addressFromAPI(&a)}
}

func addressFromAPI(a *gen.Address) *Address {
	if a == nil {
		return nil
	}
	return &Address{
		Name: a.Name, Address1: a.Address1, Address2: a.Address2, Address3: a.Address3, City: a.City,
		StateProvince: a.StateProvince, PostalCode: a.PostalCode, Country: a.Country, Phone: a.Phone, Email: a.Email,
	}
}

func addressToAPI(a *Address) *gen.Address {
	if a == nil {
		return nil
	}
	return &gen.Address{
		Name: a.Name, Address1: a.Address1, Address2: a.Address2, Address3: a.Address3, City: a.City,
		StateProvince: a.StateProvince, PostalCode: a.PostalCode, Country: a.Country, Phone: a.Phone, Email: a.Email,
	}
}

func referenceToAPI(r *Reference) *gen.Reference {
	if r == nil {
		return nil
	}
	return &gen.Reference{Id: r.ID, Name: r.Name}
}

func quoteToAPI(q Quote) gen.Quote {
	out := gen.Quote{
		Id: q.ID, Number: q.Number, CustomerId: q.CustomerID, Customer: gen.Reference{Id: q.CustomerID, Name: q.CustomerName},
		BillingAddress: addressToAPI(q.BillingAddress), ShippingAddress: addressToAPI(q.ShippingAddress),
		SalesPersonId: q.SalesPersonID, CurrencyCode: q.CurrencyCode, PaymentTermsId: q.PaymentTermsID,
		PaymentTerms: referenceToAPI(q.PaymentTerms), Status: gen.QuoteStatus(q.Status), QuotedDate: utctime.Ptr(q.QuotedUtc),
		ExpirationDate: utctime.From(q.ExpirationDate), DueDate: utctime.Ptr(q.DueDate), Notes: q.Notes,
		ExternalReferences: q.ExternalReferences, CustomFields: q.CustomFields, Deleted: q.Deleted,
		CreatedBy: referenceToAPI(q.CreatedBy), CreatedUtc: utctime.From(q.CreatedUtc), ModifiedUtc: utctime.From(q.ModifiedUtc),
		LineSubTotal: q.Totals.LineSubTotal, FeeTotal: q.Totals.FeeTotal, SubTotal: q.Totals.SubTotal,
		DiscountTotal: q.Totals.Discount, TaxableBase: q.Totals.TaxableBase, NonTaxableBase: q.Totals.NonTaxableBase,
		TaxTotal: q.Totals.Tax, Total: q.Totals.Total,
	}
	if c := q.Contact; c != nil {
		out.ContactId = &c.ID
		out.Contact = &gen.QuoteContact{Id: c.ID, FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Phone: c.Phone}
	}
	return out
}
