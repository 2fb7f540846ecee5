package ncrs

import (
	"context"
	"time"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// NcrsHandler serves the NCRs operations of the spec.
type NcrsHandler struct {
	svc *Service
}

// NewHandler returns the NCRs handler.
func NewHandler(svc *Service) *NcrsHandler { return &NcrsHandler{svc: svc} }

// Versioned declares NCRs for conditional requests (ETag, If-Match); an NCR's impact never
// changes after create, so its row's version covers its whole answer.
func (h *NcrsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "ncrs", Key: map[string]string{"id": "ncrId"},
		Operations: []string{"getNcr", "replaceNcrCustomFields"}}}
}

func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, UserID: p.UserID, Timezone: p.TenantTimezone}
}

func (h *NcrsHandler) CreateNcr(ctx context.Context, req gen.CreateNcrRequestObject) (gen.CreateNcrResponseObject, error) {
	b := req.Body
	// The body is open to unknown members (ignored as elsewhere) so that this misspelling,
	// which reference clients send meaning quantityImpactedDisposition, is refused by name.
	if _, ok := b.AdditionalProperties[MisspeltDisposition]; ok {
		return nil, apperr.Field(MisspeltDisposition, "is not a member of an NCR create: the disposition of the quantity is quantityImpactedDisposition (All, Partial or Unknown)")
	}
	c := Create{
		Type: b.Type, Detail: b.Detail, Title: b.Title, Cause: b.Cause, Reason: b.Reason, Disposition: b.Disposition,
		JobID: b.JobId, ItemID: b.ItemId, QuantityImpacted: b.QuantityImpacted,
	}
	if b.QuantityImpactedDisposition != nil {
		c.QuantityImpactedDisposition = Disposition(*b.QuantityImpactedDisposition)
	}
	if b.CustomFields != nil {
		c.CustomFields = *b.CustomFields
	}
	id, err := h.svc.Create(ctx, tenantOf(ctx), c)
	if err != nil {
		return nil, err
	}
	return gen.CreateNcr200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *NcrsHandler) GetNcr(ctx context.Context, req gen.GetNcrRequestObject) (gen.GetNcrResponseObject, error) {
	n, err := h.svc.Get(ctx, auth.TenantID(ctx), req.NcrId)
	if err != nil {
		return nil, err
	}
	return gen.GetNcr200JSONResponse{Body: toAPI(n)}, nil
}

func (h *NcrsHandler) ListNcrs(ctx context.Context, req gen.ListNcrsRequestObject) (gen.ListNcrsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		fields := apperr.Fields{}
		f = Filter{
			Types: listing.Values(b.Types), Statuses: listing.Values(b.Statuses), JobIDs: listing.Values(b.JobIds),
			ItemIDs: listing.Values(b.ItemIds), Search: b.Search,
			CreatedFrom: ShopDay(fields, "createdFrom", b.CreatedFrom), CreatedTo: ShopDay(fields, "createdTo", b.CreatedTo),
		}
		if err := fields.Err(); err != nil {
			return nil, err
		}
	}
	p := req.Params
	page, err := h.svc.List(ctx, tenantOf(ctx), f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.NcrPage{
		Data: make([]gen.Ncr, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages,
		HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, n := range page.Rows {
		out.Data[i] = toAPI(n)
	}
	return gen.ListNcrs200JSONResponse(out), nil
}

func (h *NcrsHandler) ReplaceNcrCustomFields(ctx context.Context, req gen.ReplaceNcrCustomFieldsRequestObject) (gen.ReplaceNcrCustomFieldsResponseObject, error) {
	var values map[string]any
	if req.Body != nil {
		values = *req.Body
	}
	n, err := h.svc.ReplaceCustomFields(ctx, auth.TenantID(ctx), req.NcrId, values)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceNcrCustomFields200JSONResponse{Body: toAPI(n)}, nil
}

func toAPI(n NCR) gen.Ncr {
	out := gen.Ncr{
		Id: n.ID, Number: n.Number, Type: n.Type, Title: n.Title, Detail: n.Detail, Cause: n.Cause, Reason: n.Reason,
		Disposition: n.Disposition, Status: n.Status, CreatedByUserId: n.CreatedByUserID,
		CreatedUtc: utctime.From(n.CreatedUtc), ModifiedUtc: utctime.From(n.ModifiedUtc),
		CustomFields: n.CustomFields, Impacts: make([]gen.NcrImpact, len(n.Impacts)),
	}
	for i, im := range n.Impacts {
		out.Impacts[i] = gen.NcrImpact{Id: im.ID, JobId: im.JobID, ItemId: im.ItemID, QuantityImpacted: im.QuantityImpacted,
			QuantityImpactedDisposition: gen.NcrQuantityDisposition(im.Disposition)}
	}
	return out
}

// ShopDay reads a whole-day filter member: a date (YYYY-MM-DD) or a date-time whose time of
// day is ignored (the calendar date as written names the shop day); otherwise it adds a field
// error naming field. CAPAs' list reads its day filters the same way.
func ShopDay(fields apperr.Fields, field string, v *string) *time.Time {
	if v == nil {
		return nil
	}
	s := *v
	if len(s) > len(time.DateOnly) {
		if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
			fields.Add(field, "must be a date (YYYY-MM-DD) or a date-time (RFC 3339, with an offset)")
			return nil
		}
		s = s[:len(time.DateOnly)]
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		fields.Add(field, "must be a date (YYYY-MM-DD) or a date-time (RFC 3339, with an offset)")
		return nil
	}
	return &d
}
