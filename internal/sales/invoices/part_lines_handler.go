package invoices

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// partLineRecord declares the part lines for conditional requests: a line's answer shows its
// invoice's currency (which rounds its amounts), so its ETag follows it.
var partLineRecord = conditional.Record{
	Table: "invoice_part_lines", Key: map[string]string{"id": "lineItemId", "invoice_id": "invoiceId"},
	Shows: func() string {
		return `(SELECT p.currency_code FROM invoices p WHERE p.tenant_id = t.tenant_id AND p.id = t.invoice_id)`
	},
	Operations: []string{"getInvoicePartLine", "updateInvoicePartLine", "patchInvoicePartLine"},
}

func (h *InvoicesHandler) ListInvoicePartLines(ctx context.Context, req gen.ListInvoicePartLinesRequestObject) (gen.ListInvoicePartLinesResponseObject, error) {
	var f PartLineFilter
	if b := req.Body; b != nil {
		f = PartLineFilter{IDs: listing.Values(b.Ids), OrderLineIDs: listing.Values(b.SalesOrderLineItemIds)}
	}
	p := req.Params
	list, err := h.svc.PartLines(ctx, auth.TenantID(ctx), req.InvoiceId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListInvoicePartLines200JSONResponse, len(list))
	for i, l := range list {
		out[i] = partLineToAPI(l)
	}
	return out, nil
}

func (h *InvoicesHandler) GetInvoicePartLine(ctx context.Context, req gen.GetInvoicePartLineRequestObject) (gen.GetInvoicePartLineResponseObject, error) {
	l, err := h.svc.PartLine(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetInvoicePartLine200JSONResponse{Body: partLineToAPI(l)}, nil
}

func (h *InvoicesHandler) UpdateInvoicePartLine(ctx context.Context, req gen.UpdateInvoicePartLineRequestObject) (gen.UpdateInvoicePartLineResponseObject, error) {
	l, err := h.svc.UpdatePartLine(ctx, tenantOf(ctx), req.InvoiceId, req.LineItemId, partLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateInvoicePartLine200JSONResponse{Body: partLineToAPI(l)}, nil
}

// PatchInvoicePartLine applies the patch to the line's read shape inside the service's
// transaction, then saves the result through the full-update rules.
func (h *InvoicesHandler) PatchInvoicePartLine(ctx context.Context, req gen.PatchInvoicePartLineRequestObject) (gen.PatchInvoicePartLineResponseObject, error) {
	ops := patchOps(req.Body)
	l, err := h.svc.PatchPartLine(ctx, tenantOf(ctx), req.InvoiceId, req.LineItemId, ops, func(current PartLine) (PartLineWrite, error) {
		var b gen.InvoicePartLineItemWrite
		if err := h.partLineTarget.ApplyInto(partLineToAPI(current), ops, &b); err != nil {
			return PartLineWrite{}, err
		}
		return partLineFromAPI(b), nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchInvoicePartLine200JSONResponse{Body: partLineToAPI(l)}, nil
}

func partLineFromAPI(b gen.InvoicePartLineItemWrite) PartLineWrite {
	w := PartLineWrite{
		Quantity: b.Quantity, Name: b.Name, Description: b.Description, CustomerPartNumber: b.CustomerPartNumber,
		CustomerPartDescription: b.CustomerPartDescription, IsTaxable: b.IsTaxable, TaxRateID: b.TaxCodeId,
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	return w
}

func partLineToAPI(l PartLine) gen.InvoicePartLineItem {
	a := l.Amounts()
	return gen.InvoicePartLineItem{
		Id: l.ID, InvoiceId: l.InvoiceID, Number: l.Number, Name: l.Name, Description: l.Description,
		SalesOrderLineItemId: l.SalesOrderLineID, ItemId: l.ItemID, Quantity: l.Quantity, UnitOfMeasureName: l.UnitOfMeasureName,
		Price: l.Price, DiscountedPrice: a.DiscountedPrice, IsPercentageDiscount: l.IsPercentageDiscount,
		DiscountAmount: a.DiscountAmount, PreDiscountSubTotal: a.PreDiscountSubTotal, SubTotal: a.SubTotal,
		IsTaxable: *l.IsTaxable, TaxCodeId: l.TaxRateID, TaxRate: l.TaxRate, OverrideTaxRate: l.OverrideTaxRate,
		AccountingCodeId: l.AccountingCodeID, CustomerPartNumber: l.CustomerPartNumber, CustomerPartDescription: l.CustomerPartDescription,
		AccountingDetails: accountingDetailsToAPI(l.AccountingDetails), ShipmentIds: l.ShipmentIDs,
		ExternalReferences: l.ExternalReferences, CustomFields: l.CustomFields,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
