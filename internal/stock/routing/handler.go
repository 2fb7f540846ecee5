package routing

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/utctime"
	"mos/internal/stock/shapes"
)

// RoutingHandler serves routings at their owners' paths (/api/items/{itemId}/routing...).
type RoutingHandler struct {
	svc *Service
}

// NewHandler returns the routing handler.
func NewHandler(svc *Service) *RoutingHandler { return &RoutingHandler{svc: svc} }

// Versioned declares routing operations, input items, input materials, operation items and
// tracking for conditional requests (ETag, If-Match). A material's nestings are parts of it:
// adding or deleting one advances the material's version, and a nesting's delete takes the
// material's ETag in If-Match. The material's answer shows its shape's name, material and
// type, which its ETag follows.
func (h *RoutingHandler) Versioned() []conditional.Record {
	return []conditional.Record{
		{Table: "routing_operations", Key: map[string]string{"id": "operationId"},
			Operations: []string{"getItemRoutingOperation", "updateItemRoutingOperation", "deleteItemRoutingOperation"}},
		{Table: "routing_input_items", Key: map[string]string{"id": "inputItemId"},
			Operations: []string{"getItemRoutingInputItem", "updateItemRoutingInputItem", "deleteItemRoutingInputItem"}},
		{Table: "routing_input_materials", Key: map[string]string{"id": "inputMaterialId"},
			Shows:      func() string { return shapes.VersionSQL("t.tenant_id", "t.material_shape_id") },
			Operations: []string{"getItemRoutingInputMaterial", "updateItemRoutingInputMaterial", "deleteItemRoutingInputMaterial"},
			Parts:      []string{"deleteItemRoutingMaterialNesting"}},
		{Table: "routing_operation_items", Key: map[string]string{"id": "operationItemId", "routing_operation_id": "operationId"},
			Operations: []string{"getItemRoutingOperationItem", "updateItemRoutingOperationItem", "deleteItemRoutingOperationItem"}},
		{Table: "routing_operation_ipts", Key: map[string]string{"id": "iptId", "routing_operation_id": "operationId", "phase": "phase"},
			Operations: []string{"getItemRoutingOperationTracking", "deleteItemRoutingOperationTracking"}},
	}
}

func itemOwner(itemID string) Owner { return Owner{Type: OwnerItem, ID: itemID} }

func (h *RoutingHandler) GetItemRouting(ctx context.Context, req gen.GetItemRoutingRequestObject) (gen.GetItemRoutingResponseObject, error) {
	r, err := h.svc.Routing(ctx, auth.TenantID(ctx), itemOwner(req.ItemId))
	if err != nil {
		return nil, err
	}
	return gen.GetItemRouting200JSONResponse{Body: RoutingToAPI(r)}, nil
}

func RoutingToAPI(r Routing) gen.Routing {
	return gen.Routing{
		OwnerType: r.Owner.Type, OwnerId: r.Owner.ID,
		Operations:     mapTo(r.Operations, OperationToAPI),
		OperationItems: mapTo(r.OperationItems, OperationItemToAPI),
		Trackings:      mapTo(r.Trackings, TrackingToAPI),
		InputItems:     mapTo(r.InputItems, InputItemToAPI),
		InputMaterials: mapTo(r.InputMaterials, InputMaterialToAPI),
	}
}

// mapTo converts every element of list, answering [] (never null) for none.
func mapTo[T, U any](list []T, convert func(T) U) []U {
	out := make([]U, len(list))
	for i, v := range list {
		out[i] = convert(v)
	}
	return out
}
func OperationToAPI(op Operation) gen.RoutingOperation {
	return gen.RoutingOperation{
		Id: op.ID, Sequence: op.Sequence, OperationId: op.OperationID, Name: op.Name,
		WorkCenterId: op.WorkCenterID, EquipmentId: op.EquipmentID,
		SetupTimeMinutes: op.SetupTimeMinutes, RunTimeMinutesPerUnit: op.RunTimeMinutesPerUnit,
		LaborRate: op.LaborRate, MachineRate: op.MachineRate, IsOutsideProcessing: op.IsOutsideProcessing,
		OutsideVendorId: op.OutsideVendorID, OutsideCost: op.OutsideCost, OutsideLeadDays: op.OutsideLeadDays,
		Notes: op.Notes, CreatedUtc: utctime.From(op.CreatedUtc), ModifiedUtc: utctime.From(op.ModifiedUtc),
	}
}

func (h *RoutingHandler) CopyItemRouting(ctx context.Context, req gen.CopyItemRoutingRequestObject) (gen.CopyItemRoutingResponseObject, error) {
	r, err := h.svc.ReplaceWithCopy(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), itemOwner(req.Body.SourceItemId), "sourceItemId")
	if err != nil {
		return nil, err
	}
	return gen.CopyItemRouting200JSONResponse(RoutingToAPI(r)), nil
}
