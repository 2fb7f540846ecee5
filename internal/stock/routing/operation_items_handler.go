package routing

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/utctime"
)

func (h *RoutingHandler) CreateItemRoutingOperationItem(ctx context.Context, req gen.CreateItemRoutingOperationItemRequestObject) (gen.CreateItemRoutingOperationItemResponseObject, error) {
	id, err := h.svc.CreateOperationItem(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.OperationId, operationItemWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateItemRoutingOperationItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *RoutingHandler) GetItemRoutingOperationItem(ctx context.Context, req gen.GetItemRoutingOperationItemRequestObject) (gen.GetItemRoutingOperationItemResponseObject, error) {
	it, err := h.svc.OperationItem(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.OperationId, req.OperationItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetItemRoutingOperationItem200JSONResponse{Body: OperationItemToAPI(it)}, nil
}

func (h *RoutingHandler) UpdateItemRoutingOperationItem(ctx context.Context, req gen.UpdateItemRoutingOperationItemRequestObject) (gen.UpdateItemRoutingOperationItemResponseObject, error) {
	it, err := h.svc.UpdateOperationItem(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.OperationId, req.OperationItemId, operationItemWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateItemRoutingOperationItem200JSONResponse{Body: OperationItemToAPI(it)}, nil
}

func (h *RoutingHandler) DeleteItemRoutingOperationItem(ctx context.Context, req gen.DeleteItemRoutingOperationItemRequestObject) (gen.DeleteItemRoutingOperationItemResponseObject, error) {
	deleted, err := h.svc.DeleteOperationItem(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.OperationId, req.OperationItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteItemRoutingOperationItem204Response{}, nil
	}
	return gen.DeleteItemRoutingOperationItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *RoutingHandler) ListItemRoutingOperationItems(ctx context.Context, req gen.ListItemRoutingOperationItemsRequestObject) (gen.ListItemRoutingOperationItemsResponseObject, error) {
	p := req.Params
	list, err := h.svc.OperationItems(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.OperationId, OperationItemFilterFromAPI(req.Body),
		ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := make(gen.ListItemRoutingOperationItems200JSONResponse, len(list))
	for i, it := range list {
		out[i] = OperationItemToAPI(it)
	}
	return out, nil
}

// operationItemWriteFromAPI reads a create or full-update body; an omitted per stays nil.
func operationItemWriteFromAPI(b gen.RoutingOperationItemWrite) OperationItemWrite {
	return OperationItemWrite{ItemID: b.ItemId, Quantity: b.Quantity, Per: (*string)(b.Per), Notes: b.Notes}
}

func OperationItemToAPI(it OperationItem) gen.RoutingOperationItem {
	return gen.RoutingOperationItem{
		Id: it.ID, RoutingOperationId: it.RoutingOperationID, ItemId: it.ItemID, ItemNumber: it.ItemNumber,
		ItemRevision: it.ItemRevision, UnitName: it.UnitName, Quantity: it.Quantity,
		Per: gen.RoutingOperationItemPer(it.Per), Notes: it.Notes,
		CreatedUtc: utctime.From(it.CreatedUtc), ModifiedUtc: utctime.From(it.ModifiedUtc),
	}
}

// OperationItemFilterFromAPI reads an operation item list's filter; an absent body or member
// applies no clause.
func OperationItemFilterFromAPI(b *gen.RoutingOperationItemFilter) OperationItemFilter {
	var f OperationItemFilter
	if b == nil {
		return f
	}
	if b.Ids != nil {
		f.IDs = *b.Ids
	}
	if b.ItemIds != nil {
		f.ItemIDs = *b.ItemIds
	}
	return f
}
