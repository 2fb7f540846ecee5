package webhooks

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

func (h *WebhooksHandler) ListWebhookDeliveries(ctx context.Context, req gen.ListWebhookDeliveriesRequestObject) (gen.ListWebhookDeliveriesResponseObject, error) {
	var f DeliveryFilter
	if b := req.Body; b != nil {
		if b.Statuses != nil {
			for _, s := range *b.Statuses {
				f.Statuses = append(f.Statuses, string(s))
			}
		}
		if b.EventTypes != nil {
			for _, t := range *b.EventTypes {
				f.EventTypes = append(f.EventTypes, string(t))
			}
		}
		if b.EventIds != nil {
			f.EventIDs = *b.EventIds
		}
		if b.CreatedAfterUtc != nil {
			f.CreatedAfter = &b.CreatedAfterUtc.Time
		}
		if b.CreatedBeforeUtc != nil {
			f.CreatedBefore = &b.CreatedBeforeUtc.Time
		}
	}
	p := req.Params
	page, err := h.svc.ListDeliveries(ctx, auth.TenantID(ctx), req.WebhookId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.ListWebhookDeliveries200JSONResponse{
		Data: make([]gen.WebhookDelivery, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, d := range page.Rows {
		out.Data[i] = deliveryToAPI(d)
	}
	return out, nil
}

func (h *WebhooksHandler) GetWebhookDelivery(ctx context.Context, req gen.GetWebhookDeliveryRequestObject) (gen.GetWebhookDeliveryResponseObject, error) {
	d, err := h.svc.GetDelivery(ctx, auth.TenantID(ctx), req.WebhookId, req.WebhookDeliveryId)
	if err != nil {
		return nil, err
	}
	return gen.GetWebhookDelivery200JSONResponse{Body: deliveryToAPI(d)}, nil
}

func (h *WebhooksHandler) ReplayWebhookDelivery(ctx context.Context, req gen.ReplayWebhookDeliveryRequestObject) (gen.ReplayWebhookDeliveryResponseObject, error) {
	d, err := h.svc.Replay(ctx, auth.TenantID(ctx), req.WebhookId, req.WebhookDeliveryId)
	if err != nil {
		return nil, err
	}
	return gen.ReplayWebhookDelivery200JSONResponse(deliveryToAPI(d)), nil
}

func (h *WebhooksHandler) ReplayWebhookDeliveries(ctx context.Context, req gen.ReplayWebhookDeliveriesRequestObject) (gen.ReplayWebhookDeliveriesResponseObject, error) {
	n, err := h.svc.ReplayFailedSince(ctx, auth.TenantID(ctx), req.WebhookId, req.Body.SinceUtc.Time)
	if err != nil {
		return nil, err
	}
	return gen.ReplayWebhookDeliveries200JSONResponse{Count: int32(n)}, nil
}

func deliveryToAPI(d Delivery) gen.WebhookDelivery {
	out := gen.WebhookDelivery{
		Id: d.ID, WebhookId: d.SubscriptionID, EventId: d.EventID, EventType: gen.WebhookEventType(d.EventType),
		RecordType: d.RecordType, RecordId: d.RecordID, OccurredUtc: utctime.From(d.Occurred),
		Status: gen.WebhookDeliveryStatus(d.Status), AttemptCount: int32(d.AttemptCount),
		NextAttemptUtc: utctime.Ptr(d.NextAttempt), LastAttemptUtc: utctime.Ptr(d.LastAttempt),
		CompletedUtc: utctime.Ptr(d.Completed), CreatedUtc: utctime.From(d.Created), Payload: d.Body,
		Attempts: make([]gen.WebhookAttempt, len(d.Attempts)),
	}
	for i, a := range d.Attempts {
		out.Attempts[i] = gen.WebhookAttempt{
			Number: int32(a.Number), AttemptedUtc: utctime.From(a.At), Succeeded: a.Succeeded,
			DurationMs: int32(a.Duration.Milliseconds()), Response: a.Response, Error: a.Error,
		}
		if a.StatusCode != nil {
			code := int32(*a.StatusCode)
			out.Attempts[i].StatusCode = &code
		}
	}
	return out
}
