package webhooks

import (
	"context"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
)

// WebhooksHandler serves /api/webhooks…, the delivery log and /api/webhook-event-types.
type WebhooksHandler struct {
	svc *Service
	// patchTarget is the write shape a patched subscription must satisfy (WebhookWrite).
	patchTarget *patch.Target
}

// NewHandler returns the webhooks handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *WebhooksHandler {
	return &WebhooksHandler{svc: svc, patchTarget: patch.NewTarget(spec, "WebhookWrite")}
}

// Versioned declares subscriptions and deliveries for conditional requests (ETag, If-Match).
// A delivery's answer shows its attempts, which are only added with an update of the
// delivery, so its version follows them.
func (h *WebhooksHandler) Versioned() []conditional.Record {
	return []conditional.Record{
		{Table: "webhook_subscriptions", Key: map[string]string{"id": "webhookId"},
			Operations: []string{"getWebhook", "patchWebhook", "deleteWebhook"}},
		{Table: "webhook_deliveries", Key: map[string]string{"id": "webhookDeliveryId", "subscription_id": "webhookId"},
			Operations: []string{"getWebhookDelivery"}},
	}
}

func (h *WebhooksHandler) CreateWebhook(ctx context.Context, req gen.CreateWebhookRequestObject) (gen.CreateWebhookResponseObject, error) {
	secret, err := h.svc.Create(ctx, auth.TenantID(ctx), writeFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateWebhook200JSONResponse(secretToAPI(secret)), nil
}

func (h *WebhooksHandler) GetWebhook(ctx context.Context, req gen.GetWebhookRequestObject) (gen.GetWebhookResponseObject, error) {
	sub, err := h.svc.Get(ctx, auth.TenantID(ctx), req.WebhookId)
	if err != nil {
		return nil, err
	}
	return gen.GetWebhook200JSONResponse{Body: toAPI(sub)}, nil
}

// PatchWebhook applies the patch to the subscription's read shape inside the service's
// transaction, then saves the result under the create rules.
func (h *WebhooksHandler) PatchWebhook(ctx context.Context, req gen.PatchWebhookRequestObject) (gen.PatchWebhookResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	sub, err := h.svc.Patch(ctx, auth.TenantID(ctx), req.WebhookId, func(current Subscription) (Write, error) {
		var w gen.WebhookWrite
		if err := h.patchTarget.ApplyInto(toAPI(current), ops, &w); err != nil {
			return Write{}, err
		}
		return writeFromAPI(w), nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchWebhook200JSONResponse{Body: toAPI(sub)}, nil
}

func (h *WebhooksHandler) DeleteWebhook(ctx context.Context, req gen.DeleteWebhookRequestObject) (gen.DeleteWebhookResponseObject, error) {
	deleted, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.WebhookId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteWebhook204Response{}, nil
	}
	return gen.DeleteWebhook200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *WebhooksHandler) ListWebhooks(ctx context.Context, req gen.ListWebhooksRequestObject) (gen.ListWebhooksResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
		f.IsActive = b.IsActive
		if b.EventType != nil {
			t := string(*b.EventType)
			f.EventType = &t
		}
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListWebhooks200JSONResponse, len(list))
	for i, sub := range list {
		out[i] = toAPI(sub)
	}
	return out, nil
}

func (h *WebhooksHandler) RotateWebhookSecret(ctx context.Context, req gen.RotateWebhookSecretRequestObject) (gen.RotateWebhookSecretResponseObject, error) {
	grace := DefaultGracePeriod
	if req.Body != nil && req.Body.GracePeriodHours != nil {
		grace = time.Duration(*req.Body.GracePeriodHours) * time.Hour
	}
	secret, err := h.svc.RotateSecret(ctx, auth.TenantID(ctx), req.WebhookId, grace)
	if err != nil {
		return nil, err
	}
	return gen.RotateWebhookSecret200JSONResponse(secretToAPI(secret)), nil
}

func (h *WebhooksHandler) ListWebhookEventTypes(ctx context.Context, _ gen.ListWebhookEventTypesRequestObject) (gen.ListWebhookEventTypesResponseObject, error) {
	types := h.svc.EventTypes()
	out := make(gen.ListWebhookEventTypes200JSONResponse, len(types))
	for i, t := range types {
		out[i] = gen.WebhookEventTypeInfo{Type: gen.WebhookEventType(t.Name), Description: t.Description, PayloadSchema: t.PayloadSchema}
	}
	return out, nil
}

// writeFromAPI reads a create body or a patched read shape; isActive defaults to true.
func writeFromAPI(b gen.WebhookWrite) Write {
	w := Write{URL: b.Url, IsActive: true, Description: b.Description}
	if b.IsActive != nil {
		w.IsActive = *b.IsActive
	}
	if b.EventTypes != nil {
		for _, t := range *b.EventTypes {
			w.EventTypes = append(w.EventTypes, string(t))
		}
	}
	return w
}

func toAPI(s Subscription) gen.Webhook {
	types := make([]gen.WebhookEventType, len(s.EventTypes))
	for i, t := range s.EventTypes {
		types[i] = gen.WebhookEventType(t)
	}
	return gen.Webhook{
		Id: s.ID, Url: s.URL, EventTypes: types, IsActive: s.IsActive, Description: s.Description,
		PreviousSecretExpiresUtc: utctime.Ptr(s.PreviousSecretExpires), FailingSinceUtc: utctime.Ptr(s.FailingSince),
		DisabledUtc: utctime.Ptr(s.Disabled), DisabledReason: s.DisabledReason,
		CreatedUtc: utctime.From(s.Created), ModifiedUtc: utctime.From(s.Modified),
	}
}

func secretToAPI(s Secret) gen.WebhookSecret {
	return gen.WebhookSecret{Id: s.SubscriptionID, Secret: s.Secret, PreviousSecretExpiresUtc: utctime.Ptr(s.PreviousSecretExpires)}
}
