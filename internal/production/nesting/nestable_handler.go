package nesting

import (
	"context"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/stock/shapes"
)

func (h *NestingHandler) ListNestableJobs(ctx context.Context, req gen.ListNestableJobsRequestObject) (gen.ListNestableJobsResponseObject, error) {
	f, err := nestableFilterFromAPI(req.Body)
	if err != nil {
		return nil, err
	}
	p := req.Params
	page, err := h.svc.ListNestableJobs(ctx, auth.TenantID(ctx), f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.NestableJobGroupList{
		Data: make([]gen.NestableJobGroup, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages,
		HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, g := range page.Rows {
		out.Data[i] = nestableGroupToAPI(g)
	}
	return gen.ListNestableJobs200JSONResponse(out), nil
}

// nestableFilterFromAPI parses the filter body (absent: no filter), naming each bad member.
func nestableFilterFromAPI(b *gen.NestableJobsFilter) (NestableFilter, error) {
	if b == nil {
		return NestableFilter{}, nil
	}
	fields := apperr.Fields{}
	f := NestableFilter{
		NeedNesting: b.NeedNesting, ExistingNests: b.ExistingNests,
		OperationIDs: listing.Values(b.OperationIds), MaterialShapeIDs: listing.Values(b.MaterialShapeIds),
		EarliestStartOnOrBefore: calendardate.Field(fields, "earliestStartOnOrBefore", b.EarliestStartOnOrBefore),
		Search:                  b.Search,
	}
	for _, form := range listing.Values(b.MaterialForms) {
		f.MaterialForms = append(f.MaterialForms, shapes.Form(form))
	}
	return f, fields.Err()
}

func nestableGroupToAPI(g NestableGroup) gen.NestableJobGroup {
	out := gen.NestableJobGroup{
		Operation: gen.NestableJobSystemOperation{Id: g.OperationID, Name: g.OperationName},
		MaterialShape: gen.NestableJobMaterialShape{Id: g.MaterialShapeID, Name: g.MaterialShapeName,
			ShapeType: gen.MaterialShapeType(g.ShapeType), Form: gen.MaterialForm(g.Form)},
		EarliestStartDate: utctime.Ptr(g.EarliestStartDate),
		QuantityRemaining: g.QuantityRemaining,
		NestedCount:       int32(g.NestedCount),
		JobOperations:     make([]gen.NestableJobOperation, len(g.JobOperations)),
	}
	for i, jo := range g.JobOperations {
		op := jo.Operation
		o := gen.NestableJobOperation{
			JobId: op.JobID, JobNumber: op.JobNumber, JobName: op.JobName,
			ItemToMakeId: op.ItemToMakeID, ItemId: op.ItemID, ItemNumber: jo.ItemNumber,
			JobOperationId: op.ID, OperationName: op.Operation.Name, QuantityRemaining: jo.QuantityRemaining,
			StartDate: utctime.Ptr(op.JobStartDate), DueDate: utctime.Ptr(op.ItemToMakeDueDate),
			InputMaterialId: jo.Material.ID, BlankLength: jo.Material.BlankLength, BlankWidth: jo.Material.BlankWidth,
			StockItemId: jo.Material.ItemID, Nested: jo.Nested,
		}
		if w := jo.WorkOrder; w != nil {
			o.WorkOrder = &gen.NestableJobWorkOrder{Id: w.WorkOrderID, Number: w.WorkOrderNumber, Name: w.WorkOrderName, WorkOrderOperationId: w.OperationID}
		}
		out.JobOperations[i] = o
	}
	return out
}
