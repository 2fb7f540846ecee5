package receipts

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
)

func (h *ReceiptsHandler) CreateReceiptLine(ctx context.Context, req gen.CreateReceiptLineRequestObject) (gen.CreateReceiptLineResponseObject, error) {
	id, err := h.svc.CreateLine(ctx, auth.TenantID(ctx), req.ReceiptId, lineCreateFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateReceiptLine200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func lineToAPI(l Line) gen.ReceiptLineItem {
	return gen.ReceiptLineItem{
		Id: l.ID, ReceiptId: l.ReceiptID, LineItemType: gen.ReceiptLineItemType(l.Type),
		PurchaseOrderLineItemId: l.PurchaseOrderLineID, SalesOrderLineItemId: l.SalesOrderLineID, ItemId: l.ItemID,
		Name: l.Name, Quantity: l.Quantity, UnitPrice: l.UnitPrice, UnitCost: l.UnitCost, UnitTax: l.UnitTax,
		LandedCost: l.LandedCost, LocationId: l.LocationID, LotId: l.LotID, HoldForInspection: l.HoldForInspection,
		InventoryEventId: l.InventoryEventID, Notes: l.Notes,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}

func lineWriteFromAPI(b gen.ReceiptLineItemWrite) (LineWrite, error) {
	w := LineWrite{
		Name: b.Name, Quantity: b.Quantity, LocationID: b.LocationId, LotID: b.LotId,
		UnitCost: b.UnitCost, UnitTax: b.UnitTax, Notes: b.Notes,
	}
	if b.HoldForInspection != nil {
		w.HoldForInspection = *b.HoldForInspection
	}
	return w, nil
}

func (h *ReceiptsHandler) ListReceiptLines(ctx context.Context, req gen.ListReceiptLinesRequestObject) (gen.ListReceiptLinesResponseObject, error) {
	var f LineFilter
	if b := req.Body; b != nil {
		f = LineFilter{IDs: listing.Values(b.Ids), ItemIDs: listing.Values(b.ItemIds), UnitPrice: b.UnitPrice, UnitCost: b.UnitCost, UnitTax: b.UnitTax, LandedCost: b.LandedCost}
		for _, t := range listing.Values(b.LineItemTypes) {
			f.Types = append(f.Types, LineType(t))
		}
	}
	p := req.Params
	list, err := h.svc.ListLines(ctx, auth.TenantID(ctx), req.ReceiptId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListReceiptLines200JSONResponse, len(list))
	for i, l := range list {
		out[i] = lineToAPI(l)
	}
	return out, nil
}

func (h *ReceiptsHandler) GetReceiptLine(ctx context.Context, req gen.GetReceiptLineRequestObject) (gen.GetReceiptLineResponseObject, error) {
	l, err := h.svc.GetLine(ctx, auth.TenantID(ctx), req.ReceiptId, req.LineId)
	if err != nil {
		return nil, err
	}
	return gen.GetReceiptLine200JSONResponse{Body: lineToAPI(l)}, nil
}

func (h *ReceiptsHandler) UpdateReceiptLine(ctx context.Context, req gen.UpdateReceiptLineRequestObject) (gen.UpdateReceiptLineResponseObject, error) {
	w, err := lineWriteFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	l, err := h.svc.UpdateLine(ctx, auth.TenantID(ctx), req.ReceiptId, req.LineId, func(Line) (LineWrite, error) { return w, nil })
	if err != nil {
		return nil, err
	}
	return gen.UpdateReceiptLine200JSONResponse{Body: lineToAPI(l)}, nil
}

// PatchReceiptLine applies the patch to the line's read shape inside the service's
// transaction, then saves the result through the full-update rules.
func (h *ReceiptsHandler) PatchReceiptLine(ctx context.Context, req gen.PatchReceiptLineRequestObject) (gen.PatchReceiptLineResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	l, err := h.svc.UpdateLine(ctx, auth.TenantID(ctx), req.ReceiptId, req.LineId, patch.Change(h.lineTarget, ops, lineToAPI, lineWriteFromAPI))
	if err != nil {
		return nil, err
	}
	return gen.PatchReceiptLine200JSONResponse{Body: lineToAPI(l)}, nil
}

func (h *ReceiptsHandler) DeleteReceiptLine(ctx context.Context, req gen.DeleteReceiptLineRequestObject) (gen.DeleteReceiptLineResponseObject, error) {
	deleted, err := h.svc.DeleteLine(ctx, auth.TenantID(ctx), req.ReceiptId, req.LineId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteReceiptLine204Response{}, nil
	}
	return gen.DeleteReceiptLine200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}
