package invoices

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/shared/docaddress"
	"mos/internal/shared/doclines/linekinds"
)

// documentLineRecords declares the fee, tax and discount lines for conditional requests.
func documentLineRecords() []conditional.Record {
	return docLineTables.ConditionalRecords("invoiceId", linekinds.Operations{
		Fee:      []string{"getInvoiceFeeLineItem", "updateInvoiceFeeLineItem", "patchInvoiceFeeLineItem"},
		Tax:      []string{"getInvoiceTaxLineItem"},
		Discount: []string{"getInvoiceDiscountLineItem"},
	})
}

// The operations of an invoice's fee, tax and discount lines and its shipping charge, on
// InvoicesHandler (linekinds serves the lines).

func (h *InvoicesHandler) ListInvoiceFeeLineItems(ctx context.Context, req gen.ListInvoiceFeeLineItemsRequestObject) (gen.ListInvoiceFeeLineItemsResponseObject, error) {
	p := req.Params
	list, err := h.svc.lines.Fees(ctx, auth.TenantID(ctx), req.InvoiceId, lineFilterFromAPI(req.Body),
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListInvoiceFeeLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = feeLineToAPI(l)
	}
	return out, nil
}

func (h *InvoicesHandler) GetInvoiceFeeLineItem(ctx context.Context, req gen.GetInvoiceFeeLineItemRequestObject) (gen.GetInvoiceFeeLineItemResponseObject, error) {
	l, err := h.svc.lines.Fee(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetInvoiceFeeLineItem200JSONResponse{Body: feeLineToAPI(l)}, nil
}

func (h *InvoicesHandler) UpdateInvoiceFeeLineItem(ctx context.Context, req gen.UpdateInvoiceFeeLineItemRequestObject) (gen.UpdateInvoiceFeeLineItemResponseObject, error) {
	l, err := h.svc.lines.UpdateFee(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId, feeLineFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateInvoiceFeeLineItem200JSONResponse{Body: feeLineToAPI(l)}, nil
}

// PatchInvoiceFeeLineItem applies the patch to the fee line's read shape inside the service's
// transaction, then saves the result through the full-update rules.
func (h *InvoicesHandler) PatchInvoiceFeeLineItem(ctx context.Context, req gen.PatchInvoiceFeeLineItemRequestObject) (gen.PatchInvoiceFeeLineItemResponseObject, error) {
	ops := patchOps(req.Body)
	l, err := h.svc.lines.PatchFee(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId, func(current linekinds.FeeLine) (linekinds.FeeLineWrite, error) {
		var w gen.InvoiceFeeLineItemWrite
		if err := h.feeTarget.ApplyInto(feeLineToAPI(current), ops, &w); err != nil {
			return linekinds.FeeLineWrite{}, err
		}
		return feeLineFromAPI(w), nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchInvoiceFeeLineItem200JSONResponse{Body: feeLineToAPI(l)}, nil
}

func (h *InvoicesHandler) ListInvoiceTaxLineItems(ctx context.Context, req gen.ListInvoiceTaxLineItemsRequestObject) (gen.ListInvoiceTaxLineItemsResponseObject, error) {
	p := req.Params
	list, err := h.svc.lines.Taxes(ctx, auth.TenantID(ctx), req.InvoiceId, lineFilterFromAPI(req.Body),
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListInvoiceTaxLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = taxLineToAPI(l)
	}
	return out, nil
}

func (h *InvoicesHandler) GetInvoiceTaxLineItem(ctx context.Context, req gen.GetInvoiceTaxLineItemRequestObject) (gen.GetInvoiceTaxLineItemResponseObject, error) {
	l, err := h.svc.lines.Tax(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetInvoiceTaxLineItem200JSONResponse{Body: taxLineToAPI(l)}, nil
}

func (h *InvoicesHandler) GetInvoiceDiscountLineItem(ctx context.Context, req gen.GetInvoiceDiscountLineItemRequestObject) (gen.GetInvoiceDiscountLineItemResponseObject, error) {
	l, err := h.svc.lines.Discount(ctx, auth.TenantID(ctx), req.InvoiceId)
	if err != nil {
		return nil, err
	}
	return gen.GetInvoiceDiscountLineItem200JSONResponse{Body: gen.InvoiceDiscountLineItem{
		Id: l.ID, InvoiceId: l.ParentID, Number: lineNumber(l.Number), Name: l.Name, Description: l.Description,
		IsPercentage: l.IsPercentage, Amount: l.Value, Price: l.Amount,
		AccountingDetails: accountingDetailsToAPI(l.AccountingDetails), ExternalReferences: l.ExternalReferences,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}}, nil
}

func (h *InvoicesHandler) GetInvoiceShippingChargeLineItem(ctx context.Context, req gen.GetInvoiceShippingChargeLineItemRequestObject) (gen.GetInvoiceShippingChargeLineItemResponseObject, error) {
	l, err := h.svc.ShippingChargeLine(ctx, auth.TenantID(ctx), req.InvoiceId)
	if err != nil {
		return nil, err
	}
	return gen.GetInvoiceShippingChargeLineItem200JSONResponse{InvoiceId: l.InvoiceID, Amount: l.Amount, IsTaxable: l.IsTaxable, SubTotal: l.SubTotal}, nil
}

// lineFilterFromAPI reads a fee or tax line list's filter; an absent body filters nothing.
func lineFilterFromAPI(b *gen.InvoiceLineItemFilter) linekinds.LineFilter {
	var f linekinds.LineFilter
	if b != nil && b.Ids != nil {
		f.IDs = *b.Ids
	}
	return f
}

func feeLineFromAPI(b gen.InvoiceFeeLineItemWrite) linekinds.FeeLineWrite {
	w := linekinds.FeeLineWrite{Name: b.Name, Description: b.Description, Amount: b.Amount, TaxRateID: b.TaxCodeId}
	if b.IsTaxable != nil {
		w.IsTaxable = *b.IsTaxable
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	return w
}

func feeLineToAPI(l linekinds.FeeLine) gen.InvoiceFeeLineItem {
	return gen.InvoiceFeeLineItem{
		Id: l.ID, InvoiceId: l.ParentID, Number: lineNumber(l.Number), Name: l.Name, Description: l.Description,
		SalesOrderLineItemId: l.OriginID, Amount: l.Amount, IsTaxable: l.IsTaxable, TaxCodeId: l.TaxRateID,
		TaxRate: l.TaxRate, OverrideTaxRate: l.OverrideTaxRate, SubTotal: l.SubTotal,
		AccountingDetails: accountingDetailsToAPI(l.AccountingDetails), ExternalReferences: l.ExternalReferences,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}

func taxLineToAPI(l linekinds.TaxLine) gen.InvoiceTaxLineItem {
	return gen.InvoiceTaxLineItem{
		Id: l.ID, InvoiceId: l.ParentID, Number: lineNumber(l.Number), Name: l.Name, Description: l.Description,
		TaxCodeId: l.TaxRateID, TaxRate: l.Rate, TaxableBase: l.TaxableBase, Price: l.Amount,
		TaxCodeEditable: l.TaxRateEditable, TaxServiceOptions: gen.InvoiceTaxLineItemServiceOptions{Address: docaddress.ToAPI(l.TaxAddress)},
		AccountingDetails: accountingDetailsToAPI(l.AccountingDetails), ExternalReferences: l.ExternalReferences,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}

// lineNumber is a line's number; every invoice fee, tax and discount line has one.
func lineNumber(n *int) int {
	if n == nil {
		return 0
	}
	return *n
}

func accountingDetailsToAPI(d linekinds.AccountingDetails) gen.ItemAccountingDetails {
	return gen.ItemAccountingDetails{ClassId: d.ClassID, IncomeAccountId: d.IncomeAccountID, AssetAccountId: d.AssetAccountID,
		ExpenseAccountId: d.ExpenseAccountID, CogsAccountId: d.CogsAccountID}
}
