package purchaseorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines/linekinds"
)

// documentLineRecords declares the fee, tax and discount lines for conditional requests.
func documentLineRecords() []conditional.Record {
	return docLineTables.ConditionalRecords("purchaseOrderId", linekinds.Operations{
		Fee:      []string{"getPurchaseOrderFeeLineItem", "updatePurchaseOrderFeeLineItem", "patchPurchaseOrderFeeLineItem", "deletePurchaseOrderFeeLineItem"},
		Tax:      []string{"getPurchaseOrderTaxLineItem", "updatePurchaseOrderTaxLineItem", "deletePurchaseOrderTaxLineItem"},
		Discount: []string{"getPurchaseOrderDiscountLineItem", "setPurchaseOrderDiscountLineItem", "deletePurchaseOrderDiscountLineItem"},
	})
}

// The operations of a purchase order's fee lines, on PurchaseOrdersHandler (linekinds serves
// them).

func (h *PurchaseOrdersHandler) CreatePurchaseOrderFeeLineItem(ctx context.Context, req gen.CreatePurchaseOrderFeeLineItemRequestObject) (gen.CreatePurchaseOrderFeeLineItemResponseObject, error) {
	id, err := h.svc.lines.CreateFee(ctx, auth.TenantID(ctx), req.PurchaseOrderId, feeLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreatePurchaseOrderFeeLineItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *PurchaseOrdersHandler) GetPurchaseOrderFeeLineItem(ctx context.Context, req gen.GetPurchaseOrderFeeLineItemRequestObject) (gen.GetPurchaseOrderFeeLineItemResponseObject, error) {
	l, err := h.svc.lines.Fee(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetPurchaseOrderFeeLineItem200JSONResponse{Body: feeLineToAPI(l)}, nil
}

func (h *PurchaseOrdersHandler) UpdatePurchaseOrderFeeLineItem(ctx context.Context, req gen.UpdatePurchaseOrderFeeLineItemRequestObject) (gen.UpdatePurchaseOrderFeeLineItemResponseObject, error) {
	l, err := h.svc.lines.UpdateFee(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId, feeLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdatePurchaseOrderFeeLineItem200JSONResponse{Body: feeLineToAPI(l)}, nil
}

// PatchPurchaseOrderFeeLineItem applies the patch to the fee line's read shape inside the
// service's transaction, then saves the result through the full-update rules.
func (h *PurchaseOrdersHandler) PatchPurchaseOrderFeeLineItem(ctx context.Context, req gen.PatchPurchaseOrderFeeLineItemRequestObject) (gen.PatchPurchaseOrderFeeLineItemResponseObject, error) {
	ops := patchOps(req.Body)
	l, err := h.svc.lines.PatchFee(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId, func(current linekinds.FeeLine) (linekinds.FeeLineWrite, error) {
		var w gen.PurchaseOrderFeeLineItemWrite
		if err := h.feeTarget.ApplyInto(feeLineToAPI(current), ops, &w); err != nil {
			return linekinds.FeeLineWrite{}, err
		}
		return feeLineFromAPI(w), nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchPurchaseOrderFeeLineItem200JSONResponse{Body: feeLineToAPI(l)}, nil
}

func (h *PurchaseOrdersHandler) DeletePurchaseOrderFeeLineItem(ctx context.Context, req gen.DeletePurchaseOrderFeeLineItemRequestObject) (gen.DeletePurchaseOrderFeeLineItemResponseObject, error) {
	deleted, err := h.svc.lines.DeleteFee(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeletePurchaseOrderFeeLineItem204Response{}, nil
	}
	return gen.DeletePurchaseOrderFeeLineItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *PurchaseOrdersHandler) ListPurchaseOrderFeeLineItems(ctx context.Context, req gen.ListPurchaseOrderFeeLineItemsRequestObject) (gen.ListPurchaseOrderFeeLineItemsResponseObject, error) {
	p := req.Params
	list, err := h.svc.lines.Fees(ctx, auth.TenantID(ctx), req.PurchaseOrderId, lineFilterFromAPI(req.Body),
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListPurchaseOrderFeeLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = feeLineToAPI(l)
	}
	return out, nil
}

func (h *PurchaseOrdersHandler) GetPurchaseOrderFeeLineItemTaxAllocations(ctx context.Context, req gen.GetPurchaseOrderFeeLineItemTaxAllocationsRequestObject) (gen.GetPurchaseOrderFeeLineItemTaxAllocationsResponseObject, error) {
	list, err := h.svc.FeeTaxAllocations(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetPurchaseOrderFeeLineItemTaxAllocations200JSONResponse(taxAllocationsToAPI(list)), nil
}

// patchOps reads a JSON Patch body; an absent body is no operation.
func patchOps(body *gen.JsonPatch) []patch.Operation {
	return patch.FromAPI(body)
}

// lineFilterFromAPI reads a fee, tax or vendor-credit line list's filter; an absent body
// filters nothing.
func lineFilterFromAPI(b *gen.PurchaseOrderLineItemFilter) linekinds.LineFilter {
	var f linekinds.LineFilter
	if b != nil && b.Ids != nil {
		f.IDs = *b.Ids
	}
	return f
}

// feeLineFromAPI reads a create or full-update body; omitted optional members take their
// zero values.
func feeLineFromAPI(b gen.PurchaseOrderFeeLineItemWrite) linekinds.FeeLineWrite {
	w := linekinds.FeeLineWrite{Name: b.Name, Description: b.Description, Amount: b.Amount, TaxRateID: b.TaxRateId}
	if b.IsTaxable != nil {
		w.IsTaxable = *b.IsTaxable
	}
	return w
}

func feeLineToAPI(l linekinds.FeeLine) gen.PurchaseOrderFeeLineItem {
	return gen.PurchaseOrderFeeLineItem{
		Id: l.ID, PurchaseOrderId: l.ParentID, Name: l.Name, Description: l.Description, Amount: l.Amount,
		IsTaxable: l.IsTaxable, TaxRateId: l.TaxRateID, TaxRate: l.TaxRate, SubTotal: l.SubTotal,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
