package invoices

import (
	"context"
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/platform/web"
	"mos/internal/shared/docaddress"
	"mos/internal/shared/docheaders"
)

// InvoicesHandler serves /api/invoices.
type InvoicesHandler struct {
	svc *Service
	// The full-update schemas a patched invoice, part line or fee line must satisfy.
	patchTarget, partLineTarget, feeTarget *patch.Target
	// refundTarget is the refund lines' (refund_lines_handler.go), manualTarget the
	// hand-written lines' (manual_lines_handler.go).
	refundTarget, manualTarget *patch.Target
}

// NewHandler returns the invoices handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *InvoicesHandler {
	return &InvoicesHandler{
		svc: svc, patchTarget: patch.NewTarget(spec, "InvoiceWrite"),
		partLineTarget: patch.NewTarget(spec, "InvoicePartLineItemWrite"), feeTarget: patch.NewTarget(spec, "InvoiceFeeLineItemWrite"),
		refundTarget: patch.NewTarget(spec, "InvoiceRefundLineItemWrite"), manualTarget: patch.NewTarget(spec, "InvoiceManualLineItemWrite"),
	}
}

// Versioned declares invoices for conditional requests (ETag, If-Match). An invoice's answer
// shows the name of its payment terms, so its ETag follows them too.
func (h *InvoicesHandler) Versioned() []conditional.Record {
	return append([]conditional.Record{
		{Table: "invoices", Key: map[string]string{"id": "invoiceId"}, Shows: invoiceShowsSQL, ReadWithAnswer: true,
			Operations: []string{"getInvoice", "updateInvoice", "patchInvoice", "deleteInvoice", "replaceInvoiceCustomFields"}},
		partLineRecord, manualLineRecord,
	}, append(documentLineRecords(), creditRecords()...)...)
}

// tenantOf is the calling tenant with its primary currency and timezone.
func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, Currency: p.TenantCurrency, Timezone: p.TenantTimezone}
}

func (h *InvoicesHandler) CreateInvoice(ctx context.Context, req gen.CreateInvoiceRequestObject) (gen.CreateInvoiceResponseObject, error) {
	b := req.Body
	fields := apperr.Fields{}
	w := InvoiceCreate{
		SalesOrderID: b.SalesOrderId, CustomerPoNumber: b.CustomerPONumber, NotesToCustomer: b.NotesToCustomer,
		PaymentTermsID: b.PaymentTermsId, CompanyInfoID: b.CompanyInfoId, ExchangeRate: b.ExchangeRate,
		IssueDate: calendardate.Field(fields, "issueDate", b.IssueDate),
		DueDate:   calendardate.Field(fields, "dueDate", b.DueDate),
	}
	w.BillingAddress.Given, w.BillingAddress.Address = docaddress.Member(fields, "billingAddress", b.BillingAddress)
	if err := fields.Err(); err != nil {
		return nil, err
	}
	if b.ShipmentIds != nil {
		if b.PartLines != nil {
			both := apperr.Fields{}
			both.Add("partLines", "give partLines or shipmentIds, not both")
			both.Add("shipmentIds", "give partLines or shipmentIds, not both")
			return nil, both.Err()
		}
		w.ShipmentIDs = *b.ShipmentIds
	}
	if b.PartLines != nil {
		w.PartLines = make([]PartLineChoice, len(*b.PartLines))
		for i, l := range *b.PartLines {
			w.PartLines[i] = PartLineChoice{SalesOrderLineID: l.SalesOrderLineItemId, Quantity: l.Quantity}
		}
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	id, err := h.svc.Create(ctx, tenantOf(ctx), w)
	if err != nil {
		return nil, err
	}
	return gen.CreateInvoice200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *InvoicesHandler) GetInvoice(ctx context.Context, req gen.GetInvoiceRequestObject) (gen.GetInvoiceResponseObject, error) {
	o, err := h.svc.Get(ctx, auth.TenantID(ctx), req.InvoiceId)
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, o.Version)
	return gen.GetInvoice200JSONResponse{Body: invoiceToAPI(o)}, nil
}

func invoiceToAPI(o Invoice) gen.Invoice {
	out := gen.Invoice{
		Id: o.ID, Number: o.Number, Status: gen.InvoiceStatus(o.Status), CustomerId: o.CustomerID, SalesOrderId: o.SalesOrderID,
		CurrencyInfo: gen.InvoiceCurrencyInfo{DocumentCurrencyCode: o.CurrencyCode, PrimaryCurrencyCode: o.PrimaryCurrencyCode},
		ExchangeRate: o.ExchangeRate, IssueDate: utctime.Ptr(o.IssueDate), DueDate: utctime.Ptr(o.DueDate),
		PaidDate: utctime.Ptr(o.PaidDate), ExternalReferences: o.ExternalReferences, PaymentTermsId: o.PaymentTermsID,
		CompanyInfoId: o.CompanyInfoID, CustomerPONumber: o.CustomerPoNumber, NotesToCustomer: o.NotesToCustomer,
		BillingAddress: docaddress.ToAPI(o.BillingAddress), CustomFields: o.CustomFields, IsDeposit: o.IsDeposit,
		Deleted: o.Deleted, CreatedUtc: utctime.From(o.CreatedUtc), ModifiedUtc: utctime.From(o.ModifiedUtc),
		Total: o.Totals.Total, Subtotal: o.Totals.SubTotal, LineItemsTotal: o.Totals.LineItemsTotal,
		DiscountTotal: o.Totals.Discount, TaxTotal: o.Totals.Tax, DepositAdjustmentTotal: o.Totals.DepositAdjustment,
		ProgressBillingAdjustmentTotal: o.Totals.ProgressBillingAdjustment, RefundTotal: o.Totals.Refunds,
	}
	if p := o.PaymentTerms; p != nil {
		out.PaymentTerms = &gen.Reference{Id: p.ID, Name: p.Name}
	}
	return out
}

// invoiceWriteFromAPI parses a full-update body (or a patched read shape) against the
// invoice as it stands: an issueDate naming the stored instant keeps it.
func invoiceWriteFromAPI(b gen.InvoiceWrite, current Invoice) (InvoiceWrite, error) {
	fields := apperr.Fields{}
	w := InvoiceWrite{
		CustomerPoNumber: b.CustomerPONumber, NotesToCustomer: b.NotesToCustomer, PaymentTermsID: b.PaymentTermsId,
		BillingAddress: docaddress.FromAPI(b.BillingAddress), CompanyInfoID: b.CompanyInfoId, ExchangeRate: b.ExchangeRate,
		DueDate: calendardate.Field(fields, "dueDate", b.DueDate),
	}
	if b.IssueDate != nil && current.IssueDate != nil {
		if at, err := utctime.Parse(*b.IssueDate); err == nil && at.Equal(*current.IssueDate) {
			w.IssueDateKept = true
		}
	}
	if !w.IssueDateKept {
		w.IssueDate = calendardate.Field(fields, "issueDate", b.IssueDate)
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	return w, fields.Err()
}

func (h *InvoicesHandler) UpdateInvoice(ctx context.Context, req gen.UpdateInvoiceRequestObject) (gen.UpdateInvoiceResponseObject, error) {
	o, err := h.svc.Save(ctx, tenantOf(ctx), req.InvoiceId, docheaders.Write{}, func(current Invoice) (InvoiceWrite, error) {
		return invoiceWriteFromAPI(*req.Body, current)
	})
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, o.Version)
	return gen.UpdateInvoice200JSONResponse{Body: invoiceToAPI(o)}, nil
}

// PatchInvoice applies the patch to the invoice's read shape inside the service's
// transaction, then saves the result through the full-update rules.
func (h *InvoicesHandler) PatchInvoice(ctx context.Context, req gen.PatchInvoiceRequestObject) (gen.PatchInvoiceResponseObject, error) {
	ops := patchOps(req.Body)
	o, err := h.svc.Patch(ctx, tenantOf(ctx), req.InvoiceId, ops, func(current Invoice) (InvoiceWrite, error) {
		var b gen.InvoiceWrite
		if err := h.patchTarget.ApplyInto(invoiceToAPI(current), ops, &b); err != nil {
			return InvoiceWrite{}, err
		}
		return invoiceWriteFromAPI(b, current)
	})
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, o.Version)
	return gen.PatchInvoice200JSONResponse{Body: invoiceToAPI(o)}, nil
}

func (h *InvoicesHandler) DeleteInvoice(ctx context.Context, req gen.DeleteInvoiceRequestObject) (gen.DeleteInvoiceResponseObject, error) {
	deleted, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.InvoiceId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteInvoice204Response{}, nil
	}
	return gen.DeleteInvoice200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *InvoicesHandler) UpdateInvoiceStatus(ctx context.Context, req gen.UpdateInvoiceStatusRequestObject) (gen.UpdateInvoiceStatusResponseObject, error) {
	next := Status(req.Body.Status)
	if !next.Valid() {
		return nil, apperr.Field("status", "must be one of %v", Statuses)
	}
	fields := apperr.Fields{}
	paid := calendardate.Field(fields, "paidDate", req.Body.PaidDate)
	if err := fields.Err(); err != nil {
		return nil, err
	}
	o, err := h.svc.SetStatus(ctx, tenantOf(ctx), req.InvoiceId, next, paid)
	if err != nil {
		return nil, err
	}
	return gen.UpdateInvoiceStatus200JSONResponse(invoiceToAPI(o)), nil
}

func (h *InvoicesHandler) ReplaceInvoiceCustomFields(ctx context.Context, req gen.ReplaceInvoiceCustomFieldsRequestObject) (gen.ReplaceInvoiceCustomFieldsResponseObject, error) {
	var values map[string]any
	if req.Body != nil {
		values = *req.Body
	}
	o, err := h.svc.ReplaceCustomFields(ctx, auth.TenantID(ctx), req.InvoiceId, values)
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, o.Version)
	return gen.ReplaceInvoiceCustomFields200JSONResponse{Body: invoiceToAPI(o)}, nil
}

func (h *InvoicesHandler) ListInvoices(ctx context.Context, req gen.ListInvoicesRequestObject) (gen.ListInvoicesResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		fields := apperr.Fields{}
		f = Filter{Numbers: listing.Values(b.Numbers), CustomerIDs: listing.Values(b.CustomerIds), OrderIDs: listing.Values(b.SalesOrderIds)}
		if b.Status != nil {
			s := Status(*b.Status)
			f.Status = &s
		}
		f.IssueFrom = calendardate.Field(fields, "issueDateFrom", b.IssueDateFrom)
		f.IssueTo = calendardate.Field(fields, "issueDateTo", b.IssueDateTo)
		if err := fields.Err(); err != nil {
			return nil, err
		}
		if b.ModifiedAfterUtc != nil {
			f.ModifiedAfterUtc = &b.ModifiedAfterUtc.Time
		}
		if r := b.ExternalReference; r != nil {
			f.ExternalReference = &extref.Filter{Key: r.Key, Type: r.Type, ExternalID: r.ExternalId}
		}
		if b.IncludeDeleted != nil {
			f.IncludeDeleted = *b.IncludeDeleted
		}
	}
	p := req.Params
	cur, err := h.svc.Stream(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return invoiceStream{Records: cur, ToAPI: invoiceToAPI}, nil
}

// invoiceStream answers a list of invoices as they are read.
type invoiceStream web.JSONArray[Invoice, gen.Invoice]

func (s invoiceStream) VisitListInvoicesResponse(w http.ResponseWriter) error {
	return web.JSONArray[Invoice, gen.Invoice](s).Write(w)
}

// patchOps reads a JSON Patch body; an absent body is no operation.
func patchOps(body *gen.JsonPatch) []patch.Operation {
	return patch.FromAPI(body)
}
