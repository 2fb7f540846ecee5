package purchaseorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines/linekinds"
)

// vendorCreditLineRecords declares the vendor-credit lines for conditional requests.
func vendorCreditLineRecords() []conditional.Record {
	return []conditional.Record{docLineTables.CreditRecord("purchaseOrderId", []string{"getPurchaseOrderVendorCreditLineItem",
		"updatePurchaseOrderVendorCreditLineItem", "patchPurchaseOrderVendorCreditLineItem", "deletePurchaseOrderVendorCreditLineItem"})}
}

// The operations of a purchase order's vendor-credit lines, on PurchaseOrdersHandler
// (linekinds serves them as its credit kind).

func (h *PurchaseOrdersHandler) CreatePurchaseOrderVendorCreditLineItem(ctx context.Context, req gen.CreatePurchaseOrderVendorCreditLineItemRequestObject) (gen.CreatePurchaseOrderVendorCreditLineItemResponseObject, error) {
	id, err := h.svc.lines.CreateCredit(ctx, auth.TenantID(ctx), req.PurchaseOrderId, creditLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreatePurchaseOrderVendorCreditLineItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *PurchaseOrdersHandler) GetPurchaseOrderVendorCreditLineItem(ctx context.Context, req gen.GetPurchaseOrderVendorCreditLineItemRequestObject) (gen.GetPurchaseOrderVendorCreditLineItemResponseObject, error) {
	l, err := h.svc.lines.Credit(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetPurchaseOrderVendorCreditLineItem200JSONResponse{Body: creditLineToAPI(l)}, nil
}

func (h *PurchaseOrdersHandler) UpdatePurchaseOrderVendorCreditLineItem(ctx context.Context, req gen.UpdatePurchaseOrderVendorCreditLineItemRequestObject) (gen.UpdatePurchaseOrderVendorCreditLineItemResponseObject, error) {
	l, err := h.svc.lines.UpdateCredit(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId, creditLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdatePurchaseOrderVendorCreditLineItem200JSONResponse{Body: creditLineToAPI(l)}, nil
}

// PatchPurchaseOrderVendorCreditLineItem applies the patch to the line's read shape inside the
// service's transaction, then saves the result through the full-update rules.
func (h *PurchaseOrdersHandler) PatchPurchaseOrderVendorCreditLineItem(ctx context.Context, req gen.PatchPurchaseOrderVendorCreditLineItemRequestObject) (gen.PatchPurchaseOrderVendorCreditLineItemResponseObject, error) {
	ops := patchOps(req.Body)
	l, err := h.svc.lines.PatchCredit(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId, func(current linekinds.CreditLine) (linekinds.CreditLineWrite, error) {
		var w gen.PurchaseOrderVendorCreditLineItemWrite
		if err := h.creditTarget.ApplyInto(creditLineToAPI(current), ops, &w); err != nil {
			return linekinds.CreditLineWrite{}, err
		}
		return creditLineFromAPI(w), nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchPurchaseOrderVendorCreditLineItem200JSONResponse{Body: creditLineToAPI(l)}, nil
}

func (h *PurchaseOrdersHandler) DeletePurchaseOrderVendorCreditLineItem(ctx context.Context, req gen.DeletePurchaseOrderVendorCreditLineItemRequestObject) (gen.DeletePurchaseOrderVendorCreditLineItemResponseObject, error) {
	deleted, err := h.svc.lines.DeleteCredit(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeletePurchaseOrderVendorCreditLineItem204Response{}, nil
	}
	return gen.DeletePurchaseOrderVendorCreditLineItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *PurchaseOrdersHandler) ListPurchaseOrderVendorCreditLineItems(ctx context.Context, req gen.ListPurchaseOrderVendorCreditLineItemsRequestObject) (gen.ListPurchaseOrderVendorCreditLineItemsResponseObject, error) {
	p := req.Params
	list, err := h.svc.lines.Credits(ctx, auth.TenantID(ctx), req.PurchaseOrderId, lineFilterFromAPI(req.Body),
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListPurchaseOrderVendorCreditLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = creditLineToAPI(l)
	}
	return out, nil
}

// creditLineFromAPI reads a create or full-update body; omitted optional members are none.
func creditLineFromAPI(b gen.PurchaseOrderVendorCreditLineItemWrite) linekinds.CreditLineWrite {
	return linekinds.CreditLineWrite{Amount: b.Amount, Description: b.Description, PartLineID: b.PartLineId}
}

func creditLineToAPI(l linekinds.CreditLine) gen.PurchaseOrderVendorCreditLineItem {
	return gen.PurchaseOrderVendorCreditLineItem{
		Id: l.ID, PurchaseOrderId: l.ParentID, PartLineId: l.PartLineID, Amount: l.Amount,
		SubTotal: l.SubTotal, Description: l.Description,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
