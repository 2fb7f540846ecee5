package inventory

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// InventoryHandler serves stock on hand and the actions that move it: /api/inventory/* and
// /api/items/{itemId}/inventory/*. The ledger's reads are InventoryEventsHandler's.
type InventoryHandler struct {
	svc *Service
}

// NewHandler returns the inventory handler.
func NewHandler(svc *Service) *InventoryHandler { return &InventoryHandler{svc: svc} }

func (h *InventoryHandler) PickInventory(ctx context.Context, req gen.PickInventoryRequestObject) (gen.PickInventoryResponseObject, error) {
	b := req.Body
	ev, err := h.svc.Pick(ctx, auth.TenantID(ctx), Pick{
		ItemID: b.ItemId, SecondaryType: string(b.SecondaryType), Quantity: b.Quantity, LotID: b.LotId, LocationID: b.LocationId, Note: b.Note,
		UserID: actingUser(ctx),
	})
	if err != nil {
		return nil, err
	}
	return gen.PickInventory200JSONResponse(eventToAPI(ev)), nil
}

func (h *InventoryHandler) PickItemInventory(ctx context.Context, req gen.PickItemInventoryRequestObject) (gen.PickItemInventoryResponseObject, error) {
	b := req.Body
	ev, err := h.svc.Pick(ctx, auth.TenantID(ctx), Pick{
		ItemID: req.ItemId, SecondaryType: string(b.SecondaryType), Quantity: b.Quantity, LotID: b.LotId, LocationID: b.LocationId, Note: b.Note,
		UserID: actingUser(ctx),
	})
	if err != nil {
		return nil, err
	}
	return gen.PickItemInventory200JSONResponse(eventToAPI(ev)), nil
}

func (h *InventoryHandler) ReceiveInventory(ctx context.Context, req gen.ReceiveInventoryRequestObject) (gen.ReceiveInventoryResponseObject, error) {
	b := req.Body
	ev, err := h.svc.Receive(ctx, auth.TenantID(ctx), Receive{
		ItemID: b.ItemId, SecondaryType: string(b.SecondaryType), Quantity: b.Quantity, LotID: b.LotId, LotNumber: b.LotNumber,
		LocationID: b.LocationId, Note: b.Note, PerUnit: perUnitFromAPI(b.LaborValue, b.MachineValue, b.OutsideProcessingValue, b.MaterialValue),
	})
	if err != nil {
		return nil, err
	}
	return gen.ReceiveInventory200JSONResponse(eventToAPI(ev)), nil
}

func (h *InventoryHandler) ReceiveItemInventory(ctx context.Context, req gen.ReceiveItemInventoryRequestObject) (gen.ReceiveItemInventoryResponseObject, error) {
	b := req.Body
	ev, err := h.svc.Receive(ctx, auth.TenantID(ctx), Receive{
		ItemID: req.ItemId, SecondaryType: string(b.SecondaryType), Quantity: b.Quantity, LotID: b.LotId, LotNumber: b.LotNumber,
		LocationID: b.LocationId, Note: b.Note, PerUnit: perUnitFromAPI(b.LaborValue, b.MachineValue, b.OutsideProcessingValue, b.MaterialValue),
	})
	if err != nil {
		return nil, err
	}
	return gen.ReceiveItemInventory200JSONResponse(eventToAPI(ev)), nil
}

func (h *InventoryHandler) OverrideInventory(ctx context.Context, req gen.OverrideInventoryRequestObject) (gen.OverrideInventoryResponseObject, error) {
	b := req.Body
	ev, err := h.svc.Override(ctx, auth.TenantID(ctx), Override{
		ItemID: b.ItemId, Quantity: b.Quantity, LotID: b.LotId, LocationID: b.LocationId, Note: b.Note,
	})
	if err != nil {
		return nil, err
	}
	return gen.OverrideInventory200JSONResponse(eventToAPI(ev)), nil
}

func (h *InventoryHandler) ListInventory(ctx context.Context, req gen.ListInventoryRequestObject) (gen.ListInventoryResponseObject, error) {
	var f StockFilter
	if b := req.Body; b != nil {
		f = StockFilter{ItemIDs: values(b.ItemIds), LotIDs: values(b.LotIds), LocationIDs: values(b.LocationIds)}
	}
	p := req.Params
	rows, err := h.svc.ListStock(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListInventory200JSONResponse, len(rows))
	for i, r := range rows {
		out[i] = gen.InventoryRow{
			Id: r.BalanceID, ItemId: r.Place.ItemID, LotId: r.Place.LotID, LocationId: r.Place.LocationID,
			Quantity: r.Available, OnHandQuantity: r.OnHand, ItemNumber: r.ItemNumber, ItemDescription: r.ItemDescription,
		}
	}
	return out, nil
}

func (h *InventoryHandler) GetInventoryByItem(ctx context.Context, req gen.GetInventoryByItemRequestObject) (gen.GetInventoryByItemResponseObject, error) {
	includeReserved := req.Params.IncludeReserved != nil && *req.Params.IncludeReserved
	byItem, err := h.svc.OnHandByItem(ctx, auth.TenantID(ctx), includeReserved)
	if err != nil {
		return nil, err
	}
	return gen.GetInventoryByItem200JSONResponse(byItem), nil
}

func (h *InventoryHandler) GetAvailableInventoryByItem(ctx context.Context, _ gen.GetAvailableInventoryByItemRequestObject) (gen.GetAvailableInventoryByItemResponseObject, error) {
	available, err := h.svc.AvailableByItem(ctx, auth.TenantID(ctx))
	if err != nil {
		return nil, err
	}
	return gen.GetAvailableInventoryByItem200JSONResponse(available), nil
}

// actingUser is the user whose token calls, nil for an integration token.
func actingUser(ctx context.Context) *string {
	if id := auth.From(ctx).UserID; id != "" {
		return &id
	}
	return nil
}

// perUnitFromAPI reads the per-unit values of a receipt; an omitted value is 0.
func perUnitFromAPI(labor, machine, outside, material *dec.Decimal) Values {
	or0 := func(d *dec.Decimal) dec.Decimal {
		if d == nil {
			return dec.Zero
		}
		return *d
	}
	return Values{Labor: or0(labor), Machine: or0(machine), OutsideProcessing: or0(outside), Material: or0(material)}
}

// values is an optional filter list: nil when absent.
func values(p *[]string) []string {
	if p == nil {
		return nil
	}
	return *p
}

// eventToAPI is the read shape of an event, with its effects and details.
func eventToAPI(e Event) gen.InventoryEvent {
	out := gen.InventoryEvent{
		Id: e.ID, ActionDate: utctime.From(e.ActionDate), Type: gen.InventoryEventType(e.Type),
		SecondaryType: gen.InventorySecondaryType(e.SecondaryType),
		SourceType:    (*gen.InventorySourceType)(e.Source.Type), SourceName: e.Source.Name, SourceEntityId: e.Source.EntityID,
		SourceRelatedType: e.Source.RelatedType, SourceRelatedEntityId: e.Source.RelatedEntityID,
		SourceItemToMakeId: e.Source.ItemToMakeID, ItemId: e.ItemID, ItemToMakeId: e.ItemToMakeID, Quantity: e.Quantity,
		ReservedForId: e.ReservedForID, ReservedForType: (*gen.InventoryReservedForType)(e.ReservedForType),
		LotId: e.LotID, LocationId: e.LocationID, RevertInventoryEventId: e.RevertedEventID, Note: e.Note,
		Details:       gen.InventoryEventDetails{ExternalReferences: e.ExternalReferences},
		CreatedUtc:    utctime.From(e.CreatedUtc),
		ResultEffects: make([]gen.InventoryEffect, len(e.Effects)),
	}
	out.LaborValue, out.MachineValue, out.OutsideProcessingValue, out.MaterialValue, out.TotalValue = valuesToAPI(e.Values, e.Quantity)
	for i, f := range e.Effects {
		eff := gen.InventoryEffect{
			TransactionId: f.TransactionID, Quantity: f.QuantityChange, QuantityChangeType: changeType(f.QuantityChange),
			ReservedChange: f.ReservedChange,
			NetValueChange: f.Values.Total(),
		}
		eff.LaborValue, eff.MachineValue, eff.OutsideProcessingValue, eff.MaterialValue, eff.TotalValue = valuesToAPI(f.Values, f.QuantityChange)
		out.ResultEffects[i] = eff
	}
	return out
}

// valuesToAPI answers the value objects of amounts for quantity units: labor, machine,
// outside processing, material and total.
func valuesToAPI(v Values, quantity dec.Decimal) (labor, machine, outside, material, total gen.InventoryValue) {
	value := func(total dec.Decimal) gen.InventoryValue {
		return gen.InventoryValue{Total: total, PerUnit: perUnit(total, quantity)}
	}
	return value(v.Labor), value(v.Machine), value(v.OutsideProcessing), value(v.Material), value(v.Total())
}

func changeType(quantity dec.Decimal) gen.InventoryEffectQuantityChangeType {
	switch {
	case quantity.IsPositive():
		return gen.InventoryEffectQuantityChangeTypeIncrease
	case quantity.IsNegative():
		return gen.InventoryEffectQuantityChangeTypeDecrease
	}
	return gen.InventoryEffectQuantityChangeTypeNone
}
