package invoices

import (
	"context"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/utctime"
)

// depositLineRecords declares the deposit and deposit-adjustment lines for conditional
// requests (their reads answer ETags).
func depositLineRecords() []conditional.Record {
	return []conditional.Record{
		{Table: "invoice_deposit_lines", Key: map[string]string{"id": "lineItemId", "invoice_id": "invoiceId"},
			Operations: []string{"getInvoiceDepositLineItem"}},
		{Table: "invoice_deposit_adjustment_lines", Key: map[string]string{"id": "lineItemId", "invoice_id": "invoiceId"},
			Operations: []string{"getInvoiceDepositAdjustmentLineItem"}},
	}
}

// creditRecords are the refund, deposit and deposit-adjustment lines' conditional records.
func creditRecords() []conditional.Record {
	return append([]conditional.Record{refundLineRecord()}, depositLineRecords()...)
}

// The operations of deposits, on InvoicesHandler (deposit_service.go has the rules).

func (h *InvoicesHandler) CreateSalesOrderDepositInvoice(ctx context.Context, req gen.CreateSalesOrderDepositInvoiceRequestObject) (gen.CreateSalesOrderDepositInvoiceResponseObject, error) {
	b := req.Body
	fields := apperr.Fields{}
	w := DepositCreate{
		SalesOrderID: req.SalesOrderId, Amount: b.Amount, Percentage: b.Percentage, Description: b.Description, ExchangeRate: b.ExchangeRate,
		IssueDate: calendardate.Field(fields, "issueDate", b.IssueDate),
		DueDate:   calendardate.Field(fields, "dueDate", b.DueDate),
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	id, err := h.svc.CreateDeposit(ctx, tenantOf(ctx), w)
	if err != nil {
		return nil, err
	}
	return gen.CreateSalesOrderDepositInvoice200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *InvoicesHandler) ListInvoiceDepositLineItems(ctx context.Context, req gen.ListInvoiceDepositLineItemsRequestObject) (gen.ListInvoiceDepositLineItemsResponseObject, error) {
	list, err := h.svc.DepositLines(ctx, auth.TenantID(ctx), req.InvoiceId, lineFilterFromAPI(req.Body).IDs)
	if err != nil {
		return nil, err
	}
	out := make(gen.ListInvoiceDepositLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = depositLineToAPI(l)
	}
	return out, nil
}

func (h *InvoicesHandler) GetInvoiceDepositLineItem(ctx context.Context, req gen.GetInvoiceDepositLineItemRequestObject) (gen.GetInvoiceDepositLineItemResponseObject, error) {
	l, err := h.svc.DepositLine(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetInvoiceDepositLineItem200JSONResponse{Body: depositLineToAPI(l)}, nil
}

func (h *InvoicesHandler) ListInvoiceDepositAdjustmentLineItems(ctx context.Context, req gen.ListInvoiceDepositAdjustmentLineItemsRequestObject) (gen.ListInvoiceDepositAdjustmentLineItemsResponseObject, error) {
	list, err := h.svc.DepositAdjustmentLines(ctx, auth.TenantID(ctx), req.InvoiceId, lineFilterFromAPI(req.Body).IDs)
	if err != nil {
		return nil, err
	}
	out := make(gen.ListInvoiceDepositAdjustmentLineItems200JSONResponse, len(list))
	for i, l := range list {
		out[i] = depositAdjustmentToAPI(l)
	}
	return out, nil
}

func (h *InvoicesHandler) GetInvoiceDepositAdjustmentLineItem(ctx context.Context, req gen.GetInvoiceDepositAdjustmentLineItemRequestObject) (gen.GetInvoiceDepositAdjustmentLineItemResponseObject, error) {
	l, err := h.svc.DepositAdjustmentLine(ctx, auth.TenantID(ctx), req.InvoiceId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetInvoiceDepositAdjustmentLineItem200JSONResponse{Body: depositAdjustmentToAPI(l)}, nil
}

func depositLineToAPI(l DepositLine) gen.InvoiceDepositLineItem {
	return gen.InvoiceDepositLineItem{
		Id: l.ID, InvoiceId: l.InvoiceID, SalesOrderId: l.SalesOrderID, Amount: l.Amount, Percentage: l.Percentage,
		Description: l.Description, CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}

func depositAdjustmentToAPI(l DepositAdjustmentLine) gen.InvoiceDepositAdjustmentLineItem {
	return gen.InvoiceDepositAdjustmentLineItem{
		Id: l.ID, InvoiceId: l.InvoiceID, SalesOrderId: l.SalesOrderID, Amount: l.Amount,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}

func (h *InvoicesHandler) InvoiceSalesOrderProgressBillingMilestone(ctx context.Context, req gen.InvoiceSalesOrderProgressBillingMilestoneRequestObject) (gen.InvoiceSalesOrderProgressBillingMilestoneResponseObject, error) {
	id, err := h.svc.BillMilestone(ctx, tenantOf(ctx), req.SalesOrderId, req.MilestoneId)
	if err != nil {
		return nil, err
	}
	return gen.InvoiceSalesOrderProgressBillingMilestone200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}
