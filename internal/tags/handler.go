package tags

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
)

// TagsHandler serves the tag catalogue, accounting codes and the chart of accounts.
type TagsHandler struct {
	svc *Service
}

// NewHandler returns the tags handler.
func NewHandler(svc *Service) *TagsHandler { return &TagsHandler{svc: svc} }

func (h *TagsHandler) CreateTag(ctx context.Context, req gen.CreateTagRequestObject) (gen.CreateTagResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), Tags, fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateTag200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *TagsHandler) GetTag(ctx context.Context, req gen.GetTagRequestObject) (gen.GetTagResponseObject, error) {
	t, err := h.svc.Get(ctx, auth.TenantID(ctx), Tags, req.TagId)
	if err != nil {
		return nil, err
	}
	return gen.GetTag200JSONResponse(ToAPI(t)), nil
}

func (h *TagsHandler) UpdateTag(ctx context.Context, req gen.UpdateTagRequestObject) (gen.UpdateTagResponseObject, error) {
	t, err := h.svc.Update(ctx, auth.TenantID(ctx), Tags, req.TagId, fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateTag200JSONResponse(ToAPI(t)), nil
}

func (h *TagsHandler) ListTags(ctx context.Context, req gen.ListTagsRequestObject) (gen.ListTagsResponseObject, error) {
	p := req.Params
	out, err := h.list(ctx, Tags, req.Body, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListTags200JSONResponse(out), nil
}

func (h *TagsHandler) CreateAccountingCode(ctx context.Context, req gen.CreateAccountingCodeRequestObject) (gen.CreateAccountingCodeResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), AccountingCodes, fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateAccountingCode200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *TagsHandler) GetAccountingCode(ctx context.Context, req gen.GetAccountingCodeRequestObject) (gen.GetAccountingCodeResponseObject, error) {
	t, err := h.svc.Get(ctx, auth.TenantID(ctx), AccountingCodes, req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetAccountingCode200JSONResponse(ToAPI(t)), nil
}

func (h *TagsHandler) ListAccountingCodes(ctx context.Context, req gen.ListAccountingCodesRequestObject) (gen.ListAccountingCodesResponseObject, error) {
	p := req.Params
	out, err := h.list(ctx, AccountingCodes, req.Body, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListAccountingCodes200JSONResponse(out), nil
}

func (h *TagsHandler) CreateChartOfAccount(ctx context.Context, req gen.CreateChartOfAccountRequestObject) (gen.CreateChartOfAccountResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), ChartOfAccounts, fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateChartOfAccount200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *TagsHandler) GetChartOfAccount(ctx context.Context, req gen.GetChartOfAccountRequestObject) (gen.GetChartOfAccountResponseObject, error) {
	t, err := h.svc.Get(ctx, auth.TenantID(ctx), ChartOfAccounts, req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetChartOfAccount200JSONResponse(ToAPI(t)), nil
}

func (h *TagsHandler) ListChartOfAccounts(ctx context.Context, req gen.ListChartOfAccountsRequestObject) (gen.ListChartOfAccountsResponseObject, error) {
	p := req.Params
	out, err := h.list(ctx, ChartOfAccounts, req.Body, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListChartOfAccounts200JSONResponse(out), nil
}

func (h *TagsHandler) list(ctx context.Context, list List, body *gen.TagFilter, r listing.Request) ([]gen.Tag, error) {
	var f Filter
	if body != nil {
		f.Name = body.Name
		if body.Ids != nil {
			f.IDs = *body.Ids
		}
	}
	tags, err := h.svc.List(ctx, auth.TenantID(ctx), list, f, r)
	if err != nil {
		return nil, err
	}
	out := make([]gen.Tag, len(tags))
	for i, t := range tags {
		out[i] = ToAPI(t)
	}
	return out, nil
}

func fromAPI(b gen.TagCreate) NewTag {
	return NewTag{Name: b.Name, Style: string(b.Style), Description: b.Description}
}

// ToAPI is the read shape of a tag; areas whose records carry tags answer them with it.
func ToAPI(t Tag) gen.Tag {
	return gen.Tag{Id: t.ID, Name: t.Name, Style: gen.TagStyle(t.Style), Description: t.Description, Types: t.Types, Deleted: t.Deleted}
}
