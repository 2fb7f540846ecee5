package inventory

import (
	"context"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
)

// InventoryEventsHandler serves the ledger: /api/inventory-events/* (events, their details,
// reverts) and /api/inventory-transactions/list.
type InventoryEventsHandler struct {
	svc *Service
	// eventTarget and detailsTarget are the schemas a patched event and patched details must
	// satisfy; an event's other members are not in them, so patch paths naming them answer
	// 400 (events are immutable but for their note and details).
	eventTarget   *patch.Target
	detailsTarget *patch.Target
}

// NewEventsHandler returns the ledger's handler; spec is the served API description.
func NewEventsHandler(svc *Service, spec *openapi3.T) *InventoryEventsHandler {
	return &InventoryEventsHandler{
		svc:           svc,
		eventTarget:   patch.NewTarget(spec, "InventoryEventWrite"),
		detailsTarget: patch.NewTarget(spec, "InventoryEventDetailsWrite"),
	}
}

// Versioned declares inventory events for conditional requests (ETag, If-Match): the event and
// its details are one row, so they share its version.
func (h *InventoryEventsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "inventory_events", Key: map[string]string{"id": "inventoryEventId"},
		Operations: []string{"getInventoryEvent", "patchInventoryEvent", "getInventoryEventDetails",
			"updateInventoryEventDetails", "patchInventoryEventDetails"}}}
}

func (h *InventoryEventsHandler) GetInventoryEvent(ctx context.Context, req gen.GetInventoryEventRequestObject) (gen.GetInventoryEventResponseObject, error) {
	ev, err := h.svc.GetEvent(ctx, auth.TenantID(ctx), req.InventoryEventId)
	if err != nil {
		return nil, err
	}
	return gen.GetInventoryEvent200JSONResponse{Body: eventToAPI(ev)}, nil
}

func (h *InventoryEventsHandler) ListInventoryEvents(ctx context.Context, req gen.ListInventoryEventsRequestObject) (gen.ListInventoryEventsResponseObject, error) {
	var f EventFilter
	if b := req.Body; b != nil {
		f = EventFilter{
			CreatedBefore: instant(b.CreatedBeforeUtc), CreatedAfter: instant(b.CreatedAfterUtc),
			Types: enumStrings(b.Types), SecondaryTypes: enumStrings(b.SecondaryTypes), SourceTypes: enumStrings(b.SourceTypes),
			ItemIDs: values(b.ItemIds), ItemToMakeIDs: values(b.ItemToMakeIds), ReservedForTypes: enumStrings(b.ReservedForTypes),
			ReservedForIDs: values(b.ReservedForIds), EventIDs: values(b.InventoryEventIds),
		}
		if b.ActionDateFrom != nil {
			f.ActionDayFrom = &b.ActionDateFrom.Time
		}
		if b.ActionDateTo != nil {
			f.ActionDayTo = &b.ActionDateTo.Time
		}
	}
	p := req.Params
	page, err := h.svc.ListEvents(ctx, auth.TenantID(ctx), auth.From(ctx).TenantTimezone, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.ListInventoryEvents200JSONResponse{
		Data: make([]gen.InventoryEvent, len(page.Rows)), Page: page.Page, PageSize: page.PageSize, TotalCount: page.TotalCount,
		TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, e := range page.Rows {
		out.Data[i] = eventToAPI(e)
	}
	return out, nil
}

// PatchInventoryEvent applies the patch to the event's read shape inside the service's
// transaction; only the note and the details can change.
func (h *InventoryEventsHandler) PatchInventoryEvent(ctx context.Context, req gen.PatchInventoryEventRequestObject) (gen.PatchInventoryEventResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	ev, err := h.svc.PatchEvent(ctx, auth.TenantID(ctx), req.InventoryEventId, func(current Event) (EventUpdate, error) {
		var w gen.InventoryEventWrite
		if err := h.eventTarget.ApplyInto(eventToAPI(current), ops, &w); err != nil {
			return EventUpdate{}, err
		}
		u := EventUpdate{Note: w.Note}
		if w.Details != nil && w.Details.ExternalReferences != nil {
			u.ExternalReferences = *w.Details.ExternalReferences
		}
		return u, nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchInventoryEvent200JSONResponse{Body: eventToAPI(ev)}, nil
}

func (h *InventoryEventsHandler) GetInventoryEventDetails(ctx context.Context, req gen.GetInventoryEventDetailsRequestObject) (gen.GetInventoryEventDetailsResponseObject, error) {
	ev, err := h.svc.GetEvent(ctx, auth.TenantID(ctx), req.InventoryEventId)
	if err != nil {
		return nil, err
	}
	return gen.GetInventoryEventDetails200JSONResponse{Body: detailsToAPI(ev)}, nil
}

func (h *InventoryEventsHandler) UpdateInventoryEventDetails(ctx context.Context, req gen.UpdateInventoryEventDetailsRequestObject) (gen.UpdateInventoryEventDetailsResponseObject, error) {
	var refs extref.References
	if req.Body.ExternalReferences != nil {
		refs = *req.Body.ExternalReferences
	}
	ev, err := h.svc.ReplaceEventDetails(ctx, auth.TenantID(ctx), req.InventoryEventId, refs)
	if err != nil {
		return nil, err
	}
	return gen.UpdateInventoryEventDetails200JSONResponse{Body: detailsToAPI(ev)}, nil
}

func (h *InventoryEventsHandler) PatchInventoryEventDetails(ctx context.Context, req gen.PatchInventoryEventDetailsRequestObject) (gen.PatchInventoryEventDetailsResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	ev, err := h.svc.PatchEventDetails(ctx, auth.TenantID(ctx), req.InventoryEventId, func(current Event) (extref.References, error) {
		var w gen.InventoryEventDetailsWrite
		if err := h.detailsTarget.ApplyInto(detailsToAPI(current), ops, &w); err != nil {
			return nil, err
		}
		if w.ExternalReferences == nil {
			return nil, nil
		}
		return *w.ExternalReferences, nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchInventoryEventDetails200JSONResponse{Body: detailsToAPI(ev)}, nil
}

func (h *InventoryEventsHandler) RevertInventoryEvent(ctx context.Context, req gen.RevertInventoryEventRequestObject) (gen.RevertInventoryEventResponseObject, error) {
	ev, err := h.svc.Revert(ctx, auth.TenantID(ctx), req.InventoryEventId)
	if err != nil {
		return nil, err
	}
	return gen.RevertInventoryEvent200JSONResponse(eventToAPI(ev)), nil
}

func (h *InventoryEventsHandler) ListInventoryTransactions(ctx context.Context, req gen.ListInventoryTransactionsRequestObject) (gen.ListInventoryTransactionsResponseObject, error) {
	var f TransactionFilter
	if b := req.Body; b != nil {
		f = TransactionFilter{
			ItemIDs: values(b.ItemIds), SourceType: (*string)(b.SourceType),
			RelatedEntityType: b.RelatedEntityType, RelatedEntityID: b.RelatedEntityId,
		}
		if r := b.DateRange; r != nil {
			f.DateFrom, f.DateTo = instant(r.Start), instant(r.End)
		}
	}
	p := req.Params
	page, err := h.svc.ListTransactions(ctx, auth.TenantID(ctx), f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.ListInventoryTransactions200JSONResponse{
		Data: make([]gen.InventoryTransaction, len(page.Rows)), Page: page.Page, PageSize: page.PageSize, TotalCount: page.TotalCount,
		TotalPages: page.TotalPages, HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, r := range page.Rows {
		out.Data[i] = transactionToAPI(r)
	}
	return out, nil
}

func transactionToAPI(r TransactionRow) gen.InventoryTransaction {
	t := gen.InventoryTransaction{
		Id: r.TransactionID, Date: utctime.From(r.Date), Type: gen.InventoryEventType(r.Type),
		SecondaryType: gen.InventorySecondaryType(r.SecondaryType),
		Item:          gen.Reference{Id: r.Place.ItemID, Name: r.ItemNumber},
		Quantity:      r.BalanceQuantity, QtyChange: r.QuantityChange, ValueChange: r.Values.Total(), Note: r.Note,
		Value: perUnit(r.BalanceValue, r.BalanceQuantity), TotalValue: r.BalanceValue,
	}
	if r.Place.LocationID != nil {
		t.Location = &gen.Reference{Id: *r.Place.LocationID, Name: deref(r.LocationName)}
	}
	if r.Place.LotID != nil {
		t.Lot = &gen.Reference{Id: *r.Place.LotID, Name: deref(r.LotName)}
	}
	// No source recorded (a manual event): null.
	if src := r.Source; src.Type != nil {
		t.Source = &gen.InventoryTransactionSource{
			Type: gen.InventorySourceType(*src.Type), Name: src.Name, JobId: src.JobID, ItemToMakeId: src.ItemToMakeID,
		}
	}
	return t
}

func detailsToAPI(e Event) gen.InventoryEventDetails {
	return gen.InventoryEventDetails{ExternalReferences: e.ExternalReferences}
}

// enumStrings turns an optional list of enum values into strings: nil when absent.
func enumStrings[T ~string](p *[]T) []string {
	if p == nil {
		return nil
	}
	out := make([]string, len(*p))
	for i, v := range *p {
		out[i] = string(v)
	}
	return out
}

// instant is an optional instant of a request.
func instant(t *utctime.Time) *time.Time {
	if t == nil {
		return nil
	}
	return &t.Time
}
