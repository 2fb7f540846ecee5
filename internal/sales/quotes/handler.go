package quotes

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/platform/web"
	"mos/internal/sales/customers"
	"mos/internal/stock/routing"
)

// QuotesHandler serves /api/quotes: the quote header here, its lines and routings in the
// other *_handler.go files of the package.
type QuotesHandler struct {
	svc *Service
	// patchTarget is the full-update schema a patched quote must satisfy; the read-only
	// members are not in it, so patch paths naming them answer 400.
	patchTarget *patch.Target
	// paths serves the part line routing paths (the routing service's operations).
	paths *routing.OwnerPaths
}

// NewHandler returns the quotes handler; spec is the served API description, paths the
// routing operations a part line's routing serves.
func NewHandler(svc *Service, spec *openapi3.T, paths *routing.OwnerPaths) *QuotesHandler {
	return &QuotesHandler{svc: svc, patchTarget: patch.NewTarget(spec, "QuoteWrite"), paths: paths}
}

// Versioned declares quotes and their part lines for conditional requests (ETag, If-Match).
// A quote's answer shows the names of its customer and payment terms, so its ETag follows
// them too. The fee, tax and discount lines are documentLineRecords.
func (h *QuotesHandler) Versioned() []conditional.Record {
	return append([]conditional.Record{
		{Table: "quotes", Key: map[string]string{"id": "quoteId"}, Shows: quoteShowsSQL, ReadWithAnswer: true,
			Operations: []string{"getQuote", "updateQuote", "patchQuote", "deleteQuote", "deleteQuoteDeprecated"}},
		// The custom-fields paths name the quote id "id".
		{Table: "quotes", Key: map[string]string{"id": "id"}, Shows: quoteShowsSQL, ReadWithAnswer: true,
			Operations: []string{"replaceQuoteCustomFields", "replaceQuoteCustomFieldsDeprecated"}},
		partLineRecord,
	}, append(documentLineRecords(), routingVersioned()...)...)
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

func (h *QuotesHandler) UpdateQuote(ctx context.Context, req gen.UpdateQuoteRequestObject) (gen.UpdateQuoteResponseObject, error) {
	w, err := quoteWriteFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	w.ExpirationWritten = w.ExpirationDate != nil
	qt, err := h.svc.Update(ctx, tenantOf(ctx), req.QuoteId, w)
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, qt.Version)
	return gen.UpdateQuote200JSONResponse{Body: quoteToAPI(qt)}, nil
}

// PatchQuote applies the patch to the quote's read shape inside the service's transaction,
// then saves the result through the full-update rules. Only operations naming dueDate can
// clear it, and only those naming expirationDate write it.
func (h *QuotesHandler) PatchQuote(ctx context.Context, req gen.PatchQuoteRequestObject) (gen.PatchQuoteResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	qt, err := h.svc.Patch(ctx, tenantOf(ctx), req.QuoteId, ops, func(current Quote) (QuoteWrite, error) {
		var b gen.QuoteWrite
		if err := h.patchTarget.ApplyInto(quoteToAPI(current), ops, &b); err != nil {
			return QuoteWrite{}, err
		}
		w, err := quoteWriteFromAPI(b)
		if err != nil {
			return QuoteWrite{}, err
		}
		w.ExpirationWritten = touches(ops, "/expirationDate")
		w.ClearDueDate = touches(ops, "/dueDate") && b.DueDate == nil
		return w, nil
	})
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, qt.Version)
	return gen.PatchQuote200JSONResponse{Body: quoteToAPI(qt)}, nil
}

// touches reports whether an operation's path or from names member (or lies under it).
func touches(ops []patch.Operation, member string) bool {
	under := func(p string) bool { return p == member || strings.HasPrefix(p, member+"/") }
	for _, op := range ops {
		if under(op.Path) || (op.From != nil && under(*op.From)) {
			return true
		}
	}
	return false
}

func (h *QuotesHandler) DeleteQuote(ctx context.Context, req gen.DeleteQuoteRequestObject) (gen.DeleteQuoteResponseObject, error) {
	deleted, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.QuoteId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteQuote204Response{}, nil
	}
	return gen.DeleteQuote200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

// DeleteQuoteDeprecated is DeleteQuote at its older path.
func (h *QuotesHandler) DeleteQuoteDeprecated(ctx context.Context, req gen.DeleteQuoteDeprecatedRequestObject) (gen.DeleteQuoteDeprecatedResponseObject, error) {
	deleted, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.QuoteId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteQuoteDeprecated204Response{}, nil
	}
	return gen.DeleteQuoteDeprecated200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *QuotesHandler) UpdateQuoteStatus(ctx context.Context, req gen.UpdateQuoteStatusRequestObject) (gen.UpdateQuoteStatusResponseObject, error) {
	next := Status(req.Body.Status)
	if !next.Valid() {
		return nil, apperr.Field("status", "must be one of %v", Statuses)
	}
	qt, err := h.svc.SetStatus(ctx, tenantOf(ctx), req.QuoteId, next)
	if err != nil {
		return nil, err
	}
	return gen.UpdateQuoteStatus200JSONResponse(quoteToAPI(qt)), nil
}

func (h *QuotesHandler) ReplaceQuoteCustomFields(ctx context.Context, req gen.ReplaceQuoteCustomFieldsRequestObject) (gen.ReplaceQuoteCustomFieldsResponseObject, error) {
	qt, err := h.replaceCustomFields(ctx, req.Id, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceQuoteCustomFields200JSONResponse{Body: quoteToAPI(qt)}, nil
}

// ReplaceQuoteCustomFieldsDeprecated is ReplaceQuoteCustomFields at its older path.
func (h *QuotesHandler) ReplaceQuoteCustomFieldsDeprecated(ctx context.Context, req gen.ReplaceQuoteCustomFieldsDeprecatedRequestObject) (gen.ReplaceQuoteCustomFieldsDeprecatedResponseObject, error) {
	qt, err := h.replaceCustomFields(ctx, req.Id, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceQuoteCustomFieldsDeprecated200JSONResponse{Body: quoteToAPI(qt)}, nil
}

func (h *QuotesHandler) replaceCustomFields(ctx context.Context, id string, body *gen.CustomFields) (Quote, error) {
	var values map[string]any
	if body != nil {
		values = *body
	}
	qt, err := h.svc.ReplaceCustomFields(ctx, auth.TenantID(ctx), id, values)
	if err != nil {
		return Quote{}, err
	}
	conditional.Answered(ctx, qt.Version)
	return qt, nil
}

func (h *QuotesHandler) ListQuotes(ctx context.Context, req gen.ListQuotesRequestObject) (gen.ListQuotesResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f = Filter{IDs: listing.Values(b.Ids), Numbers: listing.Values(b.Numbers), CustomerIDs: listing.Values(b.CustomerIds)}
		for _, s := range listing.Values(b.Statuses) {
			f.Statuses = append(f.Statuses, Status(s))
		}
		f.CreatedFrom, f.CreatedTo = dayOf(b.CreatedFrom), dayOf(b.CreatedTo)
		f.QuotedFrom, f.QuotedTo = dayOf(b.QuotedFrom), dayOf(b.QuotedTo)
		if b.ModifiedAfterUtc != nil {
			f.ModifiedAfterUtc = &b.ModifiedAfterUtc.Time
		}
		if r := b.ExternalReference; r != nil {
			f.ExternalReference = &ExternalReferenceFilter{Key: r.Key, Type: r.Type, ExternalID: r.ExternalId}
		}
		if b.IncludeDeleted != nil {
			f.IncludeDeleted = *b.IncludeDeleted
		}
	}
	p := req.Params
	cur, err := h.svc.Stream(ctx, tenantOf(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return quoteStream{Records: cur, ToAPI: quoteToAPI}, nil
}

// quoteStream answers a list of quotes as they are read.
type quoteStream web.JSONArray[Quote, gen.Quote]

func (s quoteStream) VisitListQuotesResponse(w http.ResponseWriter) error {
	return web.JSONArray[Quote, gen.Quote](s).Write(w)
}

func dayOf(d *openapi_types.Date) *time.Time {
	if d == nil {
		return nil
	}
	return &d.Time
}

// quoteWriteFromAPI parses a full-update body (or a patched read shape).
func quoteWriteFromAPI(b gen.QuoteWrite) (QuoteWrite, error) {
	fields := apperr.Fields{}
	w := QuoteWrite{
		CustomerID: b.CustomerId, ContactID: b.ContactId, SalesPersonID: b.SalesPersonId, CurrencyCode: b.CurrencyCode,
		PaymentTermsID: b.PaymentTermsId, Notes: b.Notes,
		BillingAddress: addressFromAPI(b.BillingAddress), ShippingAddress: addressFromAPI(b.ShippingAddress),
		ExpirationDate: calendardate.Field(fields, "expirationDate", b.ExpirationDate),
		DueDate:        calendardate.Field(fields, "dueDate", b.DueDate),
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	return w, fields.Err()
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
	given, a := customers.DocumentAddressMember(fields, field, raw)
	return AddressChoice{Given: given, Address: a}
}

func addressFromAPI(a *gen.Address) *Address { return customers.DocumentAddressFromAPI(a) }

func addressToAPI(a *Address) *gen.Address { return customers.DocumentAddressToAPI(a) }

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
		out.Contact = customers.ContactCopyToAPI(*c)
	}
	return out
}
