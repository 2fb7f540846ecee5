package lots

import (
	"context"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
)

// InventoryLotsHandler serves the lots of items.
type InventoryLotsHandler struct {
	svc *Service
}

// NewHandler returns the lots handler.
func NewHandler(svc *Service) *InventoryLotsHandler { return &InventoryLotsHandler{svc: svc} }

// Versioned declares lots for conditional requests (ETag, If-None-Match). A lot's answer
// shows its quantity on hand, which the inventory ledger moves, so its ETag follows it too.
func (h *InventoryLotsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "inventory_lots", Key: map[string]string{"id": "id"},
		Shows: func() string { return h.svc.store.showsSQL() }, Operations: []string{"getInventoryLot"}}}
}

func (h *InventoryLotsHandler) CreateInventoryLot(ctx context.Context, req gen.CreateInventoryLotRequestObject) (gen.CreateInventoryLotResponseObject, error) {
	b := req.Body
	n := NewLot{ItemID: b.ItemId, Name: b.Name}
	if b.ExpirationDate != nil {
		n.ExpirationDate = &b.ExpirationDate.Time
	}
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), n)
	if err != nil {
		return nil, err
	}
	return gen.CreateInventoryLot200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *InventoryLotsHandler) ListInventoryLots(ctx context.Context, req gen.ListInventoryLotsRequestObject) (gen.ListInventoryLotsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f.Name = b.Name
		f.System = b.System
		if b.ItemIds != nil {
			f.ItemIDs = *b.ItemIds
		}
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListInventoryLots200JSONResponse, len(list))
	for i, l := range list {
		out[i] = toAPI(l)
	}
	return out, nil
}

func (h *InventoryLotsHandler) GetInventoryLot(ctx context.Context, req gen.GetInventoryLotRequestObject) (gen.GetInventoryLotResponseObject, error) {
	l, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetInventoryLot200JSONResponse{Body: toAPI(l)}, nil
}

func toAPI(l Lot) gen.InventoryLot {
	out := gen.InventoryLot{Id: l.ID, ItemId: l.ItemID, Name: l.Name, Quantity: l.Quantity, System: l.System, Custom: l.Custom()}
	if l.ExpirationDate != nil {
		out.ExpirationDate = &openapi_types.Date{Time: *l.ExpirationDate}
	}
	return out
}
