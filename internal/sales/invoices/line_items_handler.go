package invoices

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// The lines view of an invoice: every line type in one shape, on InvoicesHandler.

func (h *InvoicesHandler) ListInvoiceLineItems(ctx context.Context, req gen.ListInvoiceLineItemsRequestObject) (gen.ListInvoiceLineItemsResponseObject, error) {
	var f LineItemFilter
	if b := req.Body; b != nil {
		for _, k := range listing.Values(b.Types) {
			f.Types = append(f.Types, LineType(k))
		}
		f.IDs = listing.Values(b.Ids)
	}
	p := req.Params
	list, err := h.svc.LineItems(ctx, auth.TenantID(ctx), req.InvoiceId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListInvoiceLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = lineItemToAPI(l)
	}
	return out, nil
}

func (h *InvoicesHandler) GetInvoiceLineItem(ctx context.Context, req gen.GetInvoiceLineItemRequestObject) (gen.GetInvoiceLineItemResponseObject, error) {
	l, err := h.svc.LineItem(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetInvoiceLineItem200JSONResponse(lineItemToAPI(l)), nil
}

func lineItemToAPI(l LineItem) gen.InvoiceLineItem {
	return gen.InvoiceLineItem{
		Id: l.ID, Type: gen.InvoiceLineType(l.Type), Number: l.Number, Name: l.Name, Description: l.Description,
		SalesOrderLineItemId: l.SalesOrderLineID, ItemId: l.ItemID, Quantity: l.Quantity, Price: l.Price,
		DiscountedPrice: l.DiscountedPrice, IsTaxable: l.IsTaxable, SubTotal: l.SubTotal, Tax: l.Tax,
		ExternalReferences: l.ExternalReferences, CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
