package invoices

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines/linekinds"
)

// refundLineRecord declares the refund lines for conditional requests.
func refundLineRecord() conditional.Record {
	return docLineTables.CreditRecord("invoiceId",
		[]string{"getInvoiceRefundLineItem", "updateInvoiceRefundLineItem", "patchInvoiceRefundLineItem", "deleteInvoiceRefundLineItem"})
}

// The operations of an invoice's refund lines, on InvoicesHandler (linekinds serves them as
// its credit kind; refund_lines_service.go has the rules).

func (h *InvoicesHandler) CreateInvoiceRefundLineItem(ctx context.Context, req gen.CreateInvoiceRefundLineItemRequestObject) (gen.CreateInvoiceRefundLineItemResponseObject, error) {
	id, err := h.svc.lines.CreateCredit(ctx, auth.TenantID(ctx), req.InvoiceId, refundLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateInvoiceRefundLineItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *InvoicesHandler) ListInvoiceRefundLineItems(ctx context.Context, req gen.ListInvoiceRefundLineItemsRequestObject) (gen.ListInvoiceRefundLineItemsResponseObject, error) {
	p := req.Params
	list, err := h.svc.lines.Credits(ctx, auth.TenantID(ctx), req.InvoiceId, lineFilterFromAPI(req.Body),
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListInvoiceRefundLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = refundLineToAPI(l)
	}
	return out, nil
}

func (h *InvoicesHandler) GetInvoiceRefundLineItem(ctx context.Context, req gen.GetInvoiceRefundLineItemRequestObject) (gen.GetInvoiceRefundLineItemResponseObject, error) {
	l, err := h.svc.lines.Credit(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetInvoiceRefundLineItem200JSONResponse{Body: refundLineToAPI(l)}, nil
}

func (h *InvoicesHandler) UpdateInvoiceRefundLineItem(ctx context.Context, req gen.UpdateInvoiceRefundLineItemRequestObject) (gen.UpdateInvoiceRefundLineItemResponseObject, error) {
	l, err := h.svc.lines.UpdateCredit(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId, refundLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateInvoiceRefundLineItem200JSONResponse{Body: refundLineToAPI(l)}, nil
}

func (h *InvoicesHandler) DeleteInvoiceRefundLineItem(ctx context.Context, req gen.DeleteInvoiceRefundLineItemRequestObject) (gen.DeleteInvoiceRefundLineItemResponseObject, error) {
	deleted, err := h.svc.DeleteRefundLine(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteInvoiceRefundLineItem204Response{}, nil
	}
	return gen.DeleteInvoiceRefundLineItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

// PatchInvoiceRefundLineItem applies the patch to the refund line's read shape inside the
// service's transaction, then saves the result through the full-update rules.
func (h *InvoicesHandler) PatchInvoiceRefundLineItem(ctx context.Context, req gen.PatchInvoiceRefundLineItemRequestObject) (gen.PatchInvoiceRefundLineItemResponseObject, error) {
	ops := patchOps(req.Body)
	l, err := h.svc.lines.PatchCredit(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId, func(current linekinds.CreditLine) (linekinds.CreditLineWrite, error) {
		var w gen.InvoiceRefundLineItemWrite
		if err := h.refundTarget.ApplyInto(refundLineToAPI(current), ops, &w); err != nil {
			return linekinds.CreditLineWrite{}, err
		}
		return refundLineFromAPI(w), nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchInvoiceRefundLineItem200JSONResponse{Body: refundLineToAPI(l)}, nil
}

// refundLineFromAPI reads a create or full-update body; omitted optional members are none.
func refundLineFromAPI(b gen.InvoiceRefundLineItemWrite) linekinds.CreditLineWrite {
	w := linekinds.CreditLineWrite{ReasonID: b.RefundReasonCodeId, PartLineID: b.PartLineItemId, Amount: b.Amount,
		Description: b.Description, Name: b.Name}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	return w
}

func refundLineToAPI(l linekinds.CreditLine) gen.InvoiceRefundLineItem {
	a := l.Accounting
	return gen.InvoiceRefundLineItem{
		Id: l.ID, InvoiceId: l.ParentID, Number: l.Number, Name: l.Name, RefundReasonCodeId: l.ReasonID,
		RefundReasonCode: gen.Reference{Id: l.ReasonID, Name: l.ReasonName},
		PartLineItemId:   l.PartLineID, Amount: l.Amount, SubTotal: l.SubTotal, Description: l.Description,
		SalesOrderLineItemId: l.CopiedFrom,
		AccountingDetails: gen.ItemAccountingDetails{ClassId: a.ClassID, IncomeAccountId: a.IncomeAccountID, AssetAccountId: a.AssetAccountID,
			ExpenseAccountId: a.ExpenseAccountID, CogsAccountId: a.CogsAccountID},
		ExternalReferences: l.ExternalReferences,
		CreatedUtc:         utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
