package salesorders

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
	return docLineTables.ConditionalRecords("salesOrderId", linekinds.Operations{
		Fee:      []string{"getSalesOrderFeeLineItem", "updateSalesOrderFeeLineItem", "patchSalesOrderFeeLineItem", "deleteSalesOrderFeeLineItem"},
		Tax:      []string{"getSalesOrderTaxLineItem", "updateSalesOrderTaxLineItem", "deleteSalesOrderTaxLineItem"},
		Discount: []string{"getSalesOrderDiscountLineItem", "setSalesOrderDiscountLineItem", "deleteSalesOrderDiscountLineItem"},
	})
}

// The operations of a sales order's fee lines, on SalesOrdersHandler (linekinds serves them).

func (h *SalesOrdersHandler) CreateSalesOrderFeeLineItem(ctx context.Context, req gen.CreateSalesOrderFeeLineItemRequestObject) (gen.CreateSalesOrderFeeLineItemResponseObject, error) {
	id, err := h.svc.lines.CreateFee(ctx, auth.TenantID(ctx), req.SalesOrderId, feeLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateSalesOrderFeeLineItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *SalesOrdersHandler) GetSalesOrderFeeLineItem(ctx context.Context, req gen.GetSalesOrderFeeLineItemRequestObject) (gen.GetSalesOrderFeeLineItemResponseObject, error) {
	l, err := h.svc.lines.Fee(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetSalesOrderFeeLineItem200JSONResponse{Body: feeLineToAPI(l)}, nil
}

func (h *SalesOrdersHandler) UpdateSalesOrderFeeLineItem(ctx context.Context, req gen.UpdateSalesOrderFeeLineItemRequestObject) (gen.UpdateSalesOrderFeeLineItemResponseObject, error) {
	l, err := h.svc.lines.UpdateFee(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId, feeLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateSalesOrderFeeLineItem200JSONResponse{Body: feeLineToAPI(l)}, nil
}

// PatchSalesOrderFeeLineItem applies the patch to the fee line's read shape inside the
// service's transaction, then saves the result through the full-update rules.
func (h *SalesOrdersHandler) PatchSalesOrderFeeLineItem(ctx context.Context, req gen.PatchSalesOrderFeeLineItemRequestObject) (gen.PatchSalesOrderFeeLineItemResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	l, err := h.svc.lines.PatchFee(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId, func(current linekinds.FeeLine) (linekinds.FeeLineWrite, error) {
		var w gen.SalesOrderFeeLineItemWrite
		if err := h.feeTarget().ApplyInto(feeLineToAPI(current), ops, &w); err != nil {
			return linekinds.FeeLineWrite{}, err
		}
		return feeLineFromAPI(w), nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchSalesOrderFeeLineItem200JSONResponse{Body: feeLineToAPI(l)}, nil
}

func (h *SalesOrdersHandler) DeleteSalesOrderFeeLineItem(ctx context.Context, req gen.DeleteSalesOrderFeeLineItemRequestObject) (gen.DeleteSalesOrderFeeLineItemResponseObject, error) {
	deleted, err := h.svc.lines.DeleteFee(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteSalesOrderFeeLineItem204Response{}, nil
	}
	return gen.DeleteSalesOrderFeeLineItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *SalesOrdersHandler) ListSalesOrderFeeLineItems(ctx context.Context, req gen.ListSalesOrderFeeLineItemsRequestObject) (gen.ListSalesOrderFeeLineItemsResponseObject, error) {
	p := req.Params
	list, err := h.svc.lines.Fees(ctx, auth.TenantID(ctx), req.SalesOrderId, lineFilterFromAPI(req.Body),
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListSalesOrderFeeLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = feeLineToAPI(l)
	}
	return out, nil
}

// lineFilterFromAPI reads a fee, tax or refund line list's filter; an absent body filters
// nothing.
func lineFilterFromAPI(b *gen.SalesOrderLineItemFilter) linekinds.LineFilter {
	var f linekinds.LineFilter
	if b != nil && b.Ids != nil {
		f.IDs = *b.Ids
	}
	return f
}

// feeLineFromAPI reads a create or full-update body; omitted optional members take their
// zero values.
func feeLineFromAPI(b gen.SalesOrderFeeLineItemWrite) linekinds.FeeLineWrite {
	w := linekinds.FeeLineWrite{Name: b.Name, Description: b.Description, Amount: b.Amount, TaxRateID: b.TaxRateId}
	if b.IsTaxable != nil {
		w.IsTaxable = *b.IsTaxable
	}
	return w
}

func feeLineToAPI(l linekinds.FeeLine) gen.SalesOrderFeeLineItem {
	return gen.SalesOrderFeeLineItem{
		Id: l.ID, SalesOrderId: l.ParentID, Name: l.Name, Description: l.Description, Amount: l.Amount,
		IsTaxable: l.IsTaxable, TaxRateId: l.TaxRateID, TaxRate: l.TaxRate, SubTotal: l.SubTotal,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}

// feeTarget is the full-update schema a patched fee line must satisfy; its read-only members
// are not paths of it.
func (h *SalesOrdersHandler) feeTarget() *patch.Target {
	return patch.NewTarget(h.spec, "SalesOrderFeeLineItemWrite")
}
