package routing

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/utctime"
)

func (h *RoutingHandler) CreateItemRoutingInputItem(ctx context.Context, req gen.CreateItemRoutingInputItemRequestObject) (gen.CreateItemRoutingInputItemResponseObject, error) {
	id, err := h.svc.CreateInputItem(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), InputItemFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateItemRoutingInputItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *RoutingHandler) CreateItemRoutingInputItems(ctx context.Context, req gen.CreateItemRoutingInputItemsRequestObject) (gen.CreateItemRoutingInputItemsResponseObject, error) {
	ws := make([]InputItemWrite, len(req.Body.InputItems))
	for i, b := range req.Body.InputItems {
		ws[i] = InputItemFromAPI(b)
	}
	created, err := h.svc.CreateInputItems(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), ws)
	if err != nil {
		return nil, err
	}
	return gen.CreateItemRoutingInputItems200JSONResponse{Ids: created}, nil
}

func (h *RoutingHandler) GetItemRoutingInputItem(ctx context.Context, req gen.GetItemRoutingInputItemRequestObject) (gen.GetItemRoutingInputItemResponseObject, error) {
	it, err := h.svc.InputItem(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.InputItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetItemRoutingInputItem200JSONResponse{Body: InputItemToAPI(it)}, nil
}

func (h *RoutingHandler) UpdateItemRoutingInputItem(ctx context.Context, req gen.UpdateItemRoutingInputItemRequestObject) (gen.UpdateItemRoutingInputItemResponseObject, error) {
	it, err := h.svc.UpdateInputItem(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.InputItemId, InputItemFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateItemRoutingInputItem200JSONResponse{Body: InputItemToAPI(it)}, nil
}

func (h *RoutingHandler) DeleteItemRoutingInputItem(ctx context.Context, req gen.DeleteItemRoutingInputItemRequestObject) (gen.DeleteItemRoutingInputItemResponseObject, error) {
	deleted, err := h.svc.DeleteInputItem(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.InputItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteItemRoutingInputItem204Response{}, nil
	}
	return gen.DeleteItemRoutingInputItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *RoutingHandler) ListItemRoutingInputItems(ctx context.Context, req gen.ListItemRoutingInputItemsRequestObject) (gen.ListItemRoutingInputItemsResponseObject, error) {
	p := req.Params
	list, err := h.svc.InputItems(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), InputItemFilterFromAPI(req.Body),
		ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := make(gen.ListItemRoutingInputItems200JSONResponse, len(list))
	for i, it := range list {
		out[i] = InputItemToAPI(it)
	}
	return out, nil
}

// inputItemFromAPI reads a create or full-update body of an input item; omitted and null
// members stay nil.
func InputItemFromAPI(b gen.RoutingInputItemWrite) InputItemWrite {
	return InputItemWrite{ItemID: b.ItemId, QuantityPerUnit: b.QuantityPerUnit, RoutingOperationID: b.RoutingOperationId, Notes: b.Notes}
}

// inputItemToAPI answers an input item in the read shape, for its own operations and the
// whole routing's read.
func InputItemToAPI(it InputItem) gen.RoutingInputItem {
	return gen.RoutingInputItem{
		Id: it.ID, ItemId: it.ItemID, ItemNumber: it.ItemNumber, ItemRevision: it.ItemRevision, UnitName: it.UnitName,
		QuantityPerUnit: it.QuantityPerUnit, RoutingOperationId: it.RoutingOperationID, Notes: it.Notes,
		CreatedUtc: utctime.From(it.CreatedUtc), ModifiedUtc: utctime.From(it.ModifiedUtc),
	}
}

// InputItemFilterFromAPI reads an input item list's filter; an absent body or member applies
// no clause.
func InputItemFilterFromAPI(b *gen.RoutingInputItemFilter) InputItemFilter {
	var f InputItemFilter
	if b == nil {
		return f
	}
	if b.Ids != nil {
		f.IDs = *b.Ids
	}
	if b.ItemIds != nil {
		f.ItemIDs = *b.ItemIds
	}
	if b.RoutingOperationIds != nil {
		f.RoutingOperationIDs = *b.RoutingOperationIds
	}
	return f
}
