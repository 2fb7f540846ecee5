package jobs

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

func (h *JobsHandler) CreateJobMessage(ctx context.Context, req gen.CreateJobMessageRequestObject) (gen.CreateJobMessageResponseObject, error) {
	b := req.Body
	w := MessageCreate{Body: b.Body, ItemToMakeID: b.ItemToMakeId, OperationID: b.OperationId, Mentions: listing.Values(b.Mentions)}
	id, err := h.svc.CreateMessage(ctx, tenantOf(ctx), req.JobId, w)
	if err != nil {
		return nil, err
	}
	return gen.CreateJobMessage200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *JobsHandler) ListJobMessages(ctx context.Context, req gen.ListJobMessagesRequestObject) (gen.ListJobMessagesResponseObject, error) {
	var f MessageFilter
	if req.Body != nil {
		f = MessageFilter{ItemToMakeID: req.Body.ItemToMakeId, OperationID: req.Body.OperationId}
	}
	p := req.Params
	page, err := h.svc.ListMessages(ctx, auth.TenantID(ctx), req.JobId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.JobMessagePage{
		Data: make([]gen.JobMessage, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages,
		HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, m := range page.Rows {
		out.Data[i] = gen.JobMessage{
			Id: m.ID, JobId: m.JobID, ItemToMakeId: m.ItemToMakeID, OperationId: m.OperationID, Body: m.Body,
			AuthorUserId: m.AuthorUserID, Mentions: m.Mentions, CreatedUtc: utctime.From(m.CreatedUtc),
		}
	}
	return gen.ListJobMessages200JSONResponse(out), nil
}
