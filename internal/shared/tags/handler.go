package tags

import (
	"context"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
)

// TagsHandler serves the Tag-shaped lists: the tag catalogue, accounting codes, the chart of
// accounts and the item code lists (item_codes_handler.go).
type TagsHandler struct {
	svc *Service
	// patchTarget is the write shape a patched tag must satisfy (TagCreate): read-only
	// members (id, types, deleted) are not in it, so patch paths naming them answer 400.
	patchTarget *patch.Target
}

// NewHandler returns the tags handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *TagsHandler {
	return &TagsHandler{svc: svc, patchTarget: patch.NewTarget(spec, "TagCreate")}
}

// Versioned declares the Tag-shaped records for conditional requests (ETag, If-Match). A
// tag's types follow the records that carry it, so its ETag follows them too.
func (h *TagsHandler) Versioned() []conditional.Record {
	types := func() string { return h.svc.store.typesOf("t.tenant_id", "t.id") }
	return []conditional.Record{
		{Table: "tags", Key: map[string]string{"id": "tagId"}, Shows: types,
			Operations: []string{"getTag", "updateTag", "patchTag"}},
		{Table: "tags", Key: map[string]string{"id": "id"}, Shows: types,
			Operations: []string{"getItemTag", "getAccountingCode", "getChartOfAccount", "getMaterialCode",
				"getItemCategory", "getGradeCode", "getShapeCode", "getGaugeCode", "getItemClass"}},
	}
}

func (h *TagsHandler) CreateTag(ctx context.Context, req gen.CreateTagRequestObject) (gen.CreateTagResponseObject, error) {
	created, err := h.create(ctx, Tags, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.CreateTag200JSONResponse{CreatedJSONResponse: created}, nil
}

func (h *TagsHandler) GetTag(ctx context.Context, req gen.GetTagRequestObject) (gen.GetTagResponseObject, error) {
	t, err := h.get(ctx, Tags, req.TagId)
	if err != nil {
		return nil, err
	}
	return gen.GetTag200JSONResponse{Body: t}, nil
}

func (h *TagsHandler) UpdateTag(ctx context.Context, req gen.UpdateTagRequestObject) (gen.UpdateTagResponseObject, error) {
	t, err := h.svc.Update(ctx, auth.TenantID(ctx), Tags, req.TagId, fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateTag200JSONResponse{Body: ToAPI(t)}, nil
}

// PatchTag applies the patch to the tag's read shape inside the service's transaction, then
// saves the result through the full-update rules.
func (h *TagsHandler) PatchTag(ctx context.Context, req gen.PatchTagRequestObject) (gen.PatchTagResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	t, err := h.svc.Patch(ctx, auth.TenantID(ctx), Tags, req.TagId, func(current Tag) (NewTag, error) {
		var w gen.TagCreate
		if err := h.patchTarget.ApplyInto(ToAPI(current), ops, &w); err != nil {
			return NewTag{}, err
		}
		return fromAPI(w), nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchTag200JSONResponse{Body: ToAPI(t)}, nil
}

// GetItemTag answers a tag an active item carries; see Service.GetItemTag.
func (h *TagsHandler) GetItemTag(ctx context.Context, req gen.GetItemTagRequestObject) (gen.GetItemTagResponseObject, error) {
	t, err := h.svc.GetItemTag(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetItemTag200JSONResponse{Body: ToAPI(t)}, nil
}

// ListItemTags lists the tags active items carry, with the tag catalogue's filter and sort.
func (h *TagsHandler) ListItemTags(ctx context.Context, req gen.ListItemTagsRequestObject) (gen.ListItemTagsResponseObject, error) {
	out, err := h.listFiltered(ctx, Tags, listParams(req.Params), req.Body, Filter{CarriedBy: CarrierItem})
	if err != nil {
		return nil, err
	}
	return gen.ListItemTags200JSONResponse(out), nil
}

func (h *TagsHandler) ListTags(ctx context.Context, req gen.ListTagsRequestObject) (gen.ListTagsResponseObject, error) {
	out, err := h.list(ctx, Tags, req.Params, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ListTags200JSONResponse(out), nil
}

func (h *TagsHandler) CreateAccountingCode(ctx context.Context, req gen.CreateAccountingCodeRequestObject) (gen.CreateAccountingCodeResponseObject, error) {
	created, err := h.create(ctx, AccountingCodes, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.CreateAccountingCode200JSONResponse{CreatedJSONResponse: created}, nil
}

func (h *TagsHandler) GetAccountingCode(ctx context.Context, req gen.GetAccountingCodeRequestObject) (gen.GetAccountingCodeResponseObject, error) {
	t, err := h.get(ctx, AccountingCodes, req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetAccountingCode200JSONResponse{Body: t}, nil
}

func (h *TagsHandler) ListAccountingCodes(ctx context.Context, req gen.ListAccountingCodesRequestObject) (gen.ListAccountingCodesResponseObject, error) {
	out, err := h.list(ctx, AccountingCodes, listParams(req.Params), req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ListAccountingCodes200JSONResponse(out), nil
}

func (h *TagsHandler) CreateChartOfAccount(ctx context.Context, req gen.CreateChartOfAccountRequestObject) (gen.CreateChartOfAccountResponseObject, error) {
	created, err := h.create(ctx, ChartOfAccounts, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.CreateChartOfAccount200JSONResponse{CreatedJSONResponse: created}, nil
}

func (h *TagsHandler) GetChartOfAccount(ctx context.Context, req gen.GetChartOfAccountRequestObject) (gen.GetChartOfAccountResponseObject, error) {
	t, err := h.get(ctx, ChartOfAccounts, req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetChartOfAccount200JSONResponse{Body: t}, nil
}

func (h *TagsHandler) ListChartOfAccounts(ctx context.Context, req gen.ListChartOfAccountsRequestObject) (gen.ListChartOfAccountsResponseObject, error) {
	out, err := h.list(ctx, ChartOfAccounts, listParams(req.Params), req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ListChartOfAccounts200JSONResponse(out), nil
}

// create, get and list serve the operations every Tag-shaped list answers; the strict methods
// above and in item_codes_handler.go only name their list and wrap the answer in their
// generated response type.

func (h *TagsHandler) create(ctx context.Context, list List, body *gen.TagCreate) (gen.CreatedJSONResponse, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), list, fromAPI(*body))
	if err != nil {
		return gen.CreatedJSONResponse{}, err
	}
	return gen.CreatedJSONResponse{Id: id}, nil
}

func (h *TagsHandler) get(ctx context.Context, list List, id string) (gen.Tag, error) {
	t, err := h.svc.Get(ctx, auth.TenantID(ctx), list, id)
	if err != nil {
		return gen.Tag{}, err
	}
	return ToAPI(t), nil
}

// listParams are the query parameters of every Tag-shaped list. Each list operation has its
// own generated Params type with exactly these fields, so it converts to this one; a list
// whose parameters drift apart stops compiling at its conversion rather than losing one.
type listParams = gen.ListTagsParams

func (h *TagsHandler) list(ctx context.Context, list List, p listParams, body *gen.TagFilter) ([]gen.Tag, error) {
	return h.listFiltered(ctx, list, p, body, Filter{})
}

// listFiltered lists with the body's filter added to f.
func (h *TagsHandler) listFiltered(ctx context.Context, list List, p listParams, body *gen.TagFilter, f Filter) ([]gen.Tag, error) {
	if body != nil {
		f.Name = body.Name
		if body.Ids != nil {
			f.IDs = *body.Ids
		}
	}
	r := listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take}
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
