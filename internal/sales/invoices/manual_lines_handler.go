package invoices

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// manualLineRecord declares the hand-written lines for conditional requests: a line's answer
// shows its invoice's currency (which rounds its subtotal), so its ETag follows it.
var manualLineRecord = conditional.Record{
	Table: "invoice_manual_lines", Key: map[string]string{"id": "lineItemId", "invoice_id": "invoiceId"},
	Shows: func() string {
		return `(SELECT p.currency_code FROM invoices p WHERE p.tenant_id = t.tenant_id AND p.id = t.invoice_id)`
	},
	Operations: []string{"getInvoiceManualLineItem", "updateInvoiceManualLineItem", "patchInvoiceManualLineItem", "deleteInvoiceManualLineItem"},
}

// The operations of an invoice's hand-written lines, on InvoicesHandler
// (manual_lines_service.go has the rules).

func (h *InvoicesHandler) CreateInvoiceManualLineItem(ctx context.Context, req gen.CreateInvoiceManualLineItemRequestObject) (gen.CreateInvoiceManualLineItemResponseObject, error) {
	id, err := h.svc.CreateManualLine(ctx, auth.TenantID(ctx), req.InvoiceId, manualLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateInvoiceManualLineItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *InvoicesHandler) ListInvoiceManualLineItems(ctx context.Context, req gen.ListInvoiceManualLineItemsRequestObject) (gen.ListInvoiceManualLineItemsResponseObject, error) {
	var f ManualLineFilter
	if b := req.Body; b != nil {
		f.IDs = listing.Values(b.Ids)
		for _, t := range listing.Values(b.Types) {
			f.Types = append(f.Types, ManualLineType(t))
		}
	}
	p := req.Params
	list, err := h.svc.ManualLines(ctx, auth.TenantID(ctx), req.InvoiceId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListInvoiceManualLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = manualLineToAPI(l)
	}
	return out, nil
}

func (h *InvoicesHandler) GetInvoiceManualLineItem(ctx context.Context, req gen.GetInvoiceManualLineItemRequestObject) (gen.GetInvoiceManualLineItemResponseObject, error) {
	l, err := h.svc.ManualLine(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetInvoiceManualLineItem200JSONResponse{Body: manualLineToAPI(l)}, nil
}

func (h *InvoicesHandler) UpdateInvoiceManualLineItem(ctx context.Context, req gen.UpdateInvoiceManualLineItemRequestObject) (gen.UpdateInvoiceManualLineItemResponseObject, error) {
	l, err := h.svc.UpdateManualLine(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId, manualLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateInvoiceManualLineItem200JSONResponse{Body: manualLineToAPI(l)}, nil
}

// PatchInvoiceManualLineItem applies the patch to the line's read shape inside the service's
// transaction, then saves the result through the full-update rules.
func (h *InvoicesHandler) PatchInvoiceManualLineItem(ctx context.Context, req gen.PatchInvoiceManualLineItemRequestObject) (gen.PatchInvoiceManualLineItemResponseObject, error) {
	ops := patchOps(req.Body)
	l, err := h.svc.PatchManualLine(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId, func(current ManualLine) (ManualLineWrite, error) {
		var w gen.InvoiceManualLineItemWrite
		if err := h.manualTarget.ApplyInto(manualLineToAPI(current), ops, &w); err != nil {
			return ManualLineWrite{}, err
		}
		return manualLineFromAPI(w), nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchInvoiceManualLineItem200JSONResponse{Body: manualLineToAPI(l)}, nil
}

func (h *InvoicesHandler) DeleteInvoiceManualLineItem(ctx context.Context, req gen.DeleteInvoiceManualLineItemRequestObject) (gen.DeleteInvoiceManualLineItemResponseObject, error) {
	deleted, err := h.svc.DeleteManualLine(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteInvoiceManualLineItem204Response{}, nil
	}
	return gen.DeleteInvoiceManualLineItem200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

// manualLineFromAPI reads a create or full-update body; omitted and null members are not sent.
func manualLineFromAPI(b gen.InvoiceManualLineItemWrite) ManualLineWrite {
	w := ManualLineWrite{
		Type: ManualLineType(b.Type), Name: b.Name, Description: b.Description, Price: b.Price, Amount: b.Amount,
		Quantity: b.Quantity, UnitOfMeasure: b.UnitOfMeasure, ItemID: b.ItemId, AccountingCodeID: b.AccountingCodeId,
		IsTaxable: b.IsTaxable, TaxRateID: b.TaxCodeId,
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	return w
}

func manualLineToAPI(l ManualLine) gen.InvoiceManualLineItem {
	return gen.InvoiceManualLineItem{
		Id: l.ID, InvoiceId: l.InvoiceID, Type: gen.InvoiceManualLineType(l.Type), Number: l.Number, Name: l.Name,
		Description: l.Description, Price: l.Price, Amount: l.Amount, Quantity: l.Quantity, UnitOfMeasure: l.UnitOfMeasure,
		ItemId: l.ItemID, AccountingCodeId: l.AccountingCodeID, IsTaxable: l.IsTaxable, TaxCodeId: l.TaxRateID,
		TaxRate: l.TaxRate, OverrideTaxRate: l.OverrideTaxRate, SubTotal: l.SubTotal(),
		AccountingDetails: accountingDetailsToAPI(l.AccountingDetails), ExternalReferences: l.ExternalReferences,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
