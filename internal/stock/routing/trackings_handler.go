package routing

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/utctime"
)

func (h *RoutingHandler) CreateItemRoutingOperationTracking(ctx context.Context, req gen.CreateItemRoutingOperationTrackingRequestObject) (gen.CreateItemRoutingOperationTrackingResponseObject, error) {
	id, err := h.svc.CreateTracking(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.OperationId, string(req.Phase), TrackingWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateItemRoutingOperationTracking200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *RoutingHandler) GetItemRoutingOperationTracking(ctx context.Context, req gen.GetItemRoutingOperationTrackingRequestObject) (gen.GetItemRoutingOperationTrackingResponseObject, error) {
	tr, err := h.svc.Tracking(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.OperationId, string(req.Phase), req.IptId)
	if err != nil {
		return nil, err
	}
	return gen.GetItemRoutingOperationTracking200JSONResponse{Body: TrackingToAPI(tr)}, nil
}

func (h *RoutingHandler) DeleteItemRoutingOperationTracking(ctx context.Context, req gen.DeleteItemRoutingOperationTrackingRequestObject) (gen.DeleteItemRoutingOperationTrackingResponseObject, error) {
	deleted, err := h.svc.DeleteTracking(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.OperationId, string(req.Phase), req.IptId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteItemRoutingOperationTracking204Response{}, nil
	}
	return gen.DeleteItemRoutingOperationTracking200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *RoutingHandler) ListItemRoutingOperationTrackings(ctx context.Context, req gen.ListItemRoutingOperationTrackingsRequestObject) (gen.ListItemRoutingOperationTrackingsResponseObject, error) {
	p := req.Params
	list, err := h.svc.Trackings(ctx, auth.TenantID(ctx), itemOwner(req.ItemId), req.OperationId, string(req.Phase), TrackingFilterFromAPI(req.Body),
		ListRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := make(gen.ListItemRoutingOperationTrackings200JSONResponse, len(list))
	for i, tr := range list {
		out[i] = TrackingToAPI(tr)
	}
	return out, nil
}

// trackingWriteFromAPI reads a create body; an omitted isRequired stays nil.
func TrackingWriteFromAPI(b gen.RoutingTrackingWrite) TrackingWrite {
	return TrackingWrite{TrackingFieldID: b.TrackingFieldId, IsRequired: b.IsRequired, Frequency: b.Frequency, Instructions: b.Instructions}
}

func TrackingToAPI(tr Tracking) gen.RoutingTracking {
	return gen.RoutingTracking{
		Id: tr.ID, RoutingOperationId: tr.RoutingOperationID, Phase: gen.TrackingPhase(tr.Phase),
		TrackingFieldId: tr.TrackingFieldID, TrackingFieldName: tr.TrackingFieldName,
		DataType: gen.TrackingFieldDataType(tr.DataType), IsRequired: tr.IsRequired, Frequency: tr.Frequency,
		Instructions: tr.Instructions, CreatedUtc: utctime.From(tr.CreatedUtc), ModifiedUtc: utctime.From(tr.ModifiedUtc),
	}
}

// TrackingFilterFromAPI reads a tracking list's filter; an absent body or member applies no
// clause.
func TrackingFilterFromAPI(b *gen.RoutingTrackingFilter) TrackingFilter {
	var f TrackingFilter
	if b == nil {
		return f
	}
	if b.Ids != nil {
		f.IDs = *b.Ids
	}
	if b.TrackingFieldIds != nil {
		f.TrackingFieldIDs = *b.TrackingFieldIds
	}
	return f
}
