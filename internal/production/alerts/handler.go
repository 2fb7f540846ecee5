package alerts

import (
	"context"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// AlertsHandler serves the Alerts operations of the spec.
type AlertsHandler struct {
	svc *Service
}

// NewHandler returns the alerts handler.
func NewHandler(svc *Service) *AlertsHandler { return &AlertsHandler{svc: svc} }

// tenantOf is the calling tenant, user and shop timezone.
func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, UserID: p.UserID, Timezone: p.TenantTimezone}
}

func (h *AlertsHandler) RaiseAlert(ctx context.Context, req gen.RaiseAlertRequestObject) (gen.RaiseAlertResponseObject, error) {
	b := req.Body
	id, err := h.svc.Raise(ctx, tenantOf(ctx), Raise{JobID: b.JobId, JobOperationID: b.JobOperationId, AlertName: b.AlertName, Note: b.Note})
	if err != nil {
		return nil, err
	}
	return gen.RaiseAlert200JSONResponse{Id: id}, nil
}

func (h *AlertsHandler) ListAlerts(ctx context.Context, req gen.ListAlertsRequestObject) (gen.ListAlertsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		fields := apperr.Fields{}
		f = Filter{
			JobIDs: listing.Values(b.JobIds), WorkOrderIDs: listing.Values(b.WorkOrderIds), WorkCenterIDs: listing.Values(b.WorkCenterIds),
			EquipmentIDs: listing.Values(b.EquipmentIds), AlertNames: listing.Values(b.AlertNames),
			RaisedAfter:  utctime.ParseFilterInstant(fields, "raisedAfterUtc", b.RaisedAfterUtc),
			RaisedBefore: utctime.ParseFilterInstant(fields, "raisedBeforeUtc", b.RaisedBeforeUtc),
		}
		if err := fields.Err(); err != nil {
			return nil, err
		}
	}
	p := req.Params
	rows, err := h.svc.List(ctx, tenantOf(ctx), f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListAlerts200JSONResponse, len(rows))
	for i, a := range rows {
		out[i] = toAPI(a)
	}
	return out, nil
}

func (h *AlertsHandler) GetAlert(ctx context.Context, req gen.GetAlertRequestObject) (gen.GetAlertResponseObject, error) {
	a, err := h.svc.Get(ctx, tenantOf(ctx), req.AlertId)
	if err != nil {
		return nil, err
	}
	return gen.GetAlert200JSONResponse(toAPI(a)), nil
}

func (h *AlertsHandler) ClearAlert(ctx context.Context, req gen.ClearAlertRequestObject) (gen.ClearAlertResponseObject, error) {
	a, err := h.svc.Clear(ctx, tenantOf(ctx), req.AlertId)
	if err != nil {
		return nil, err
	}
	return gen.ClearAlert200JSONResponse(toAPI(a)), nil
}

func toAPI(a Alert) gen.Alert {
	n := a.Names
	out := gen.Alert{
		Id: a.ID, AlertName: a.Name, Active: a.Active, RaisedAtUtc: utctime.From(a.RaisedAt), Source: gen.AlertSource(a.Source()),
		Job:        gen.AlertJobRef{Id: a.JobID, Number: n.JobNumber, Name: n.JobName},
		ItemToMake: gen.AlertItemToMakeRef{Id: a.ItemToMakeID, ItemId: n.ItemID, ItemName: n.ItemName, ItemNumber: n.ItemNumber},
		Operation:  gen.AlertOperationRef{Id: a.JobOperationID, Name: n.OperationName},
		Rule:       a.Rule, Note: a.Note, RaisedByUserId: a.RaisedByUserID, ClearedByUserId: a.ClearedByUserID,
	}
	if a.WorkOrderID != nil {
		out.WorkOrder = &gen.AlertWorkOrderRef{Id: *a.WorkOrderID, Number: n.WorkOrderNumber, Name: n.WorkOrderName}
	}
	if a.WorkCenterID != nil {
		out.Operation.WorkCenter = &gen.AlertResourceRef{Id: *a.WorkCenterID, Name: n.WorkCenterName}
	}
	if a.EquipmentID != nil {
		out.Operation.Equipment = &gen.AlertResourceRef{Id: *a.EquipmentID, Name: n.EquipmentName}
	}
	if a.ClearedUtc != nil {
		c := utctime.From(*a.ClearedUtc)
		out.ClearedUtc = &c
	}
	return out
}
