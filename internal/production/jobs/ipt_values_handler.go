package jobs

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

func (h *JobsHandler) CreateJobRoutingOperationTrackingValue(ctx context.Context, req gen.CreateJobRoutingOperationTrackingValueRequestObject) (gen.CreateJobRoutingOperationTrackingValueResponseObject, error) {
	b := req.Body
	w := TrackingValueCreate{TrackingID: b.TrackingId, Value: b.Value, UnitNumber: b.UnitNumber, Notes: b.Notes}
	id, err := h.svc.CreateTrackingValue(ctx, tenantOf(ctx), req.JobId, req.RoutingId, req.OperationId, string(req.Phase), w)
	if err != nil {
		return nil, err
	}
	return gen.CreateJobRoutingOperationTrackingValue200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *JobsHandler) ListJobRoutingOperationTrackingValues(ctx context.Context, req gen.ListJobRoutingOperationTrackingValuesRequestObject) (gen.ListJobRoutingOperationTrackingValuesResponseObject, error) {
	var f TrackingValueFilter
	if b := req.Body; b != nil {
		f = TrackingValueFilter{IDs: listing.Values(b.Ids), TrackingIDs: listing.Values(b.TrackingIds), TrackingFieldIDs: listing.Values(b.TrackingFieldIds)}
		if b.RecordedAfterUtc != nil {
			f.RecordedAfterUtc = &b.RecordedAfterUtc.Time
		}
		if b.RecordedBeforeUtc != nil {
			f.RecordedBeforeUtc = &b.RecordedBeforeUtc.Time
		}
	}
	p := req.Params
	page, err := h.svc.ListTrackingValues(ctx, auth.TenantID(ctx), req.JobId, req.RoutingId, req.OperationId, string(req.Phase), f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.JobTrackingValuePage{
		Data: make([]gen.JobTrackingValue, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages,
		HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, v := range page.Rows {
		out.Data[i] = trackingValueToAPI(v)
	}
	return gen.ListJobRoutingOperationTrackingValues200JSONResponse(out), nil
}

func (h *JobsHandler) GetJobRoutingOperationTrackingValue(ctx context.Context, req gen.GetJobRoutingOperationTrackingValueRequestObject) (gen.GetJobRoutingOperationTrackingValueResponseObject, error) {
	v, err := h.svc.TrackingValue(ctx, auth.TenantID(ctx), req.JobId, req.RoutingId, req.OperationId, string(req.Phase), req.IptId)
	if err != nil {
		return nil, err
	}
	return gen.GetJobRoutingOperationTrackingValue200JSONResponse(trackingValueToAPI(v)), nil
}

func (h *JobsHandler) DeleteJobRoutingOperationTrackingValue(ctx context.Context, req gen.DeleteJobRoutingOperationTrackingValueRequestObject) (gen.DeleteJobRoutingOperationTrackingValueResponseObject, error) {
	if deleted, err := h.svc.DeleteTrackingValue(ctx, auth.TenantID(ctx), req.JobId, req.RoutingId, req.OperationId, string(req.Phase), req.IptId); err != nil || !deleted {
		return gen.DeleteJobRoutingOperationTrackingValue204Response{}, err
	}
	return gen.DeleteJobRoutingOperationTrackingValue200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

// trackingValueToAPI answers a value's read shape; the value goes out as stored (JSON).
func trackingValueToAPI(v TrackingValue) gen.JobTrackingValue {
	return gen.JobTrackingValue{
		Id: v.ID, JobId: v.JobID, ItemToMakeId: v.ItemToMakeID, OperationId: v.OperationID, Phase: gen.TrackingPhase(v.Phase),
		TrackingId: v.TrackingID, TrackingFieldId: v.TrackingFieldID, TrackingFieldName: v.TrackingFieldName,
		DataType: v.DataType, UnitNumber: v.UnitNumber, Value: v.Value, Notes: v.Notes,
		RecordedByUserId: v.RecordedByUserID, RecordedUtc: utctime.From(v.RecordedUtc),
	}
}
