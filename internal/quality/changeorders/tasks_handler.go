package changeorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

func taskFromAPI(b *gen.ChangeOrderTaskWrite) TaskWrite {
	w := TaskWrite{Sequence: b.Sequence, Name: b.Name, Description: b.Description, DueDateUtc: timeOf(b.DueDateUtc),
		Completed: b.Completed != nil && *b.Completed, CompletedUtc: timeOf(b.CompletedUtc)}
	if b.RelatedRecord != nil {
		w.ChangeOrderID = b.RelatedRecord.Id
	}
	return w
}

func taskToAPI(t Task) gen.ChangeOrderTask {
	return gen.ChangeOrderTask{
		Id: t.ID, RelatedRecord: gen.ChangeOrderTaskRelatedRecord{Id: t.ChangeOrderID, Number: t.ChangeOrderNumber},
		Sequence: t.Sequence, Name: t.Name, Description: t.Description, DueDateUtc: utctime.Ptr(t.DueDateUtc),
		Completed: t.Completed, CompletedUtc: utctime.Ptr(t.CompletedUtc), CompletedBy: userRef(t.CompletedByUserID),
		CreatedUtc: utctime.From(t.CreatedUtc),
	}
}

func (h *ChangeOrdersHandler) CreateChangeOrderTask(ctx context.Context, req gen.CreateChangeOrderTaskRequestObject) (gen.CreateChangeOrderTaskResponseObject, error) {
	id, err := h.svc.CreateTask(ctx, tenantOf(ctx), taskFromAPI(req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateChangeOrderTask200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *ChangeOrdersHandler) GetChangeOrderTask(ctx context.Context, req gen.GetChangeOrderTaskRequestObject) (gen.GetChangeOrderTaskResponseObject, error) {
	t, err := h.svc.GetTask(ctx, auth.TenantID(ctx), req.TaskId)
	if err != nil {
		return nil, err
	}
	return gen.GetChangeOrderTask200JSONResponse{Body: taskToAPI(t)}, nil
}

func (h *ChangeOrdersHandler) UpdateChangeOrderTask(ctx context.Context, req gen.UpdateChangeOrderTaskRequestObject) (gen.UpdateChangeOrderTaskResponseObject, error) {
	// relatedRecord is ignored on update: a task stays with its change order.
	t, err := h.svc.UpdateTask(ctx, tenantOf(ctx), req.TaskId, taskFromAPI(req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateChangeOrderTask200JSONResponse{Body: taskToAPI(t)}, nil
}

func (h *ChangeOrdersHandler) DeleteChangeOrderTask(ctx context.Context, req gen.DeleteChangeOrderTaskRequestObject) (gen.DeleteChangeOrderTaskResponseObject, error) {
	deleted, err := h.svc.DeleteTask(ctx, auth.TenantID(ctx), req.TaskId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteChangeOrderTask204Response{}, nil
	}
	return gen.DeleteChangeOrderTask200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *ChangeOrdersHandler) ListChangeOrderTasks(ctx context.Context, req gen.ListChangeOrderTasksRequestObject) (gen.ListChangeOrderTasksResponseObject, error) {
	var ids []string
	if req.Body != nil {
		ids = listing.Values(req.Body.RelatedRecordIds)
	}
	p := req.Params
	page, err := h.svc.ListTasks(ctx, auth.TenantID(ctx), ids,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.ChangeOrderTaskPage{
		Data: make([]gen.ChangeOrderTask, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages,
		HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, t := range page.Rows {
		out.Data[i] = taskToAPI(t)
	}
	return gen.ListChangeOrderTasks200JSONResponse(out), nil
}
