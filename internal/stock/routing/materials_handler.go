package routing

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/utctime"
)

func (h *RoutingHandler) CreateItemRoutingInputMaterial(ctx context.Context, req gen.CreateItemRoutingInputMaterialRequestObject) (gen.CreateItemRoutingInputMaterialResponseObject, error) {
	id, err := h.svc.CreateInputMaterial(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), materialWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateItemRoutingInputMaterial200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *RoutingHandler) GetItemRoutingInputMaterial(ctx context.Context, req gen.GetItemRoutingInputMaterialRequestObject) (gen.GetItemRoutingInputMaterialResponseObject, error) {
	m, err := h.svc.InputMaterial(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.InputMaterialId)
	if err != nil {
		return nil, err
	}
	return gen.GetItemRoutingInputMaterial200JSONResponse{Body: InputMaterialToAPI(m)}, nil
}

func (h *RoutingHandler) UpdateItemRoutingInputMaterial(ctx context.Context, req gen.UpdateItemRoutingInputMaterialRequestObject) (gen.UpdateItemRoutingInputMaterialResponseObject, error) {
	m, err := h.svc.UpdateInputMaterial(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.InputMaterialId, materialWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateItemRoutingInputMaterial200JSONResponse{Body: InputMaterialToAPI(m)}, nil
}

func (h *RoutingHandler) DeleteItemRoutingInputMaterial(ctx context.Context, req gen.DeleteItemRoutingInputMaterialRequestObject) (gen.DeleteItemRoutingInputMaterialResponseObject, error) {
	deleted, err := h.svc.DeleteInputMaterial(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.InputMaterialId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteItemRoutingInputMaterial204Response{}, nil
	}
	return gen.DeleteItemRoutingInputMaterial200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *RoutingHandler) ListItemRoutingInputMaterials(ctx context.Context, req gen.ListItemRoutingInputMaterialsRequestObject) (gen.ListItemRoutingInputMaterialsResponseObject, error) {
	p := req.Params
	list, err := h.svc.InputMaterials(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), MaterialFilterFromAPI(req.Body),
		ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := make(gen.ListItemRoutingInputMaterials200JSONResponse, len(list))
	for i, m := range list {
		out[i] = InputMaterialToAPI(m)
	}
	return out, nil
}

func (h *RoutingHandler) ListItemRoutingOperationMaterials(ctx context.Context, req gen.ListItemRoutingOperationMaterialsRequestObject) (gen.ListItemRoutingOperationMaterialsResponseObject, error) {
	p := req.Params
	list, err := h.svc.OperationMaterials(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.OperationId, MaterialFilterFromAPI(req.Body),
		ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := make(gen.ListItemRoutingOperationMaterials200JSONResponse, len(list))
	for i, m := range list {
		out[i] = InputMaterialToAPI(m)
	}
	return out, nil
}

func (h *RoutingHandler) CreateItemRoutingMaterialNesting(ctx context.Context, req gen.CreateItemRoutingMaterialNestingRequestObject) (gen.CreateItemRoutingMaterialNestingResponseObject, error) {
	b := req.Body
	id, err := h.svc.CreateNesting(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.InputMaterialId, NestingWrite{
		Name: b.Name, StockLength: b.StockLength, StockWidth: b.StockWidth, BlanksPerStock: b.BlanksPerStock, Notes: b.Notes,
	})
	if err != nil {
		return nil, err
	}
	return gen.CreateItemRoutingMaterialNesting200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *RoutingHandler) DeleteItemRoutingMaterialNesting(ctx context.Context, req gen.DeleteItemRoutingMaterialNestingRequestObject) (gen.DeleteItemRoutingMaterialNestingResponseObject, error) {
	deleted, err := h.svc.DeleteNesting(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.InputMaterialId, req.NestingId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteItemRoutingMaterialNesting204Response{}, nil
	}
	return gen.DeleteItemRoutingMaterialNesting200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

// materialWriteFromAPI reads a create or full-update body; omitted and null members stay nil.
func materialWriteFromAPI(b gen.RoutingInputMaterialWrite) MaterialWrite {
	return MaterialWrite{
		MaterialShapeID: b.MaterialShapeId, BlankLength: b.BlankLength, BlankWidth: b.BlankWidth,
		PiecesPerBlank: b.PiecesPerBlank, ItemID: b.ItemId, RoutingOperationID: b.RoutingOperationId, Notes: b.Notes,
	}
}

func MaterialFilterFromAPI(b *gen.RoutingInputMaterialFilter) MaterialFilter {
	var f MaterialFilter
	if b == nil {
		return f
	}
	for _, c := range []struct {
		from *[]string
		into *[]string
	}{{b.Ids, &f.IDs}, {b.MaterialShapeIds, &f.MaterialShapeIDs}, {b.ItemIds, &f.ItemIDs}, {b.RoutingOperationIds, &f.RoutingOperationIDs}} {
		if c.from != nil {
			*c.into = *c.from
		}
	}
	return f
}

func InputMaterialToAPI(m InputMaterial) gen.RoutingInputMaterial {
	out := gen.RoutingInputMaterial{
		Id: m.ID, MaterialShapeId: m.MaterialShapeID, MaterialShapeName: m.MaterialShapeName, MaterialName: m.MaterialName,
		ShapeType: gen.MaterialShapeType(m.ShapeType), ItemId: m.ItemID, ItemNumber: m.ItemNumber,
		BlankLength: m.BlankLength, BlankWidth: m.BlankWidth, PiecesPerBlank: m.PiecesPerBlank,
		RoutingOperationId: m.RoutingOperationID, Notes: m.Notes, Nestings: make([]gen.RoutingMaterialNesting, len(m.Nestings)),
		CreatedUtc: utctime.From(m.CreatedUtc), ModifiedUtc: utctime.From(m.ModifiedUtc),
	}
	for i, n := range m.Nestings {
		out.Nestings[i] = gen.RoutingMaterialNesting{
			Id: n.ID, Name: n.Name, StockLength: n.StockLength, StockWidth: n.StockWidth,
			BlanksPerStock: n.BlanksPerStock, Notes: n.Notes, CreatedUtc: utctime.From(n.CreatedUtc),
		}
	}
	return out
}
