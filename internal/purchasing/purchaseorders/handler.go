package purchaseorders

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
)

// PurchaseOrdersHandler serves /api/purchase-orders.
type PurchaseOrdersHandler struct {
	svc *Service
	// patchTarget is the full-update schema a patched order must satisfy; the read-only
	// members are not in it, so patch paths naming them answer 400.
	patchTarget *patch.Target
	// The full-update schemas a patched line must satisfy; their read-only members are not
	// paths of them.
	partLineTarget, opLineTarget, feeTarget, creditTarget *patch.Target
}

// NewHandler returns the purchase orders handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *PurchaseOrdersHandler {
	return &PurchaseOrdersHandler{
		svc: svc, patchTarget: patch.NewTarget(spec, "PurchaseOrderWrite"),
		partLineTarget: patch.NewTarget(spec, "PurchaseOrderPartLineItemWrite"),
		opLineTarget:   patch.NewTarget(spec, "PurchaseOrderOutsideProcessingLineItemWrite"),
		feeTarget:      patch.NewTarget(spec, "PurchaseOrderFeeLineItemWrite"),
		creditTarget:   patch.NewTarget(spec, "PurchaseOrderVendorCreditLineItemWrite"),
	}
}

// Versioned declares purchase orders for conditional requests (ETag, If-Match). An order's
// answer shows the names of its vendor and payment terms, so its ETag follows them too.
func (h *PurchaseOrdersHandler) Versioned() []conditional.Record {
	return append([]conditional.Record{
		{Table: "purchase_orders", Key: map[string]string{"id": "purchaseOrderId"}, Shows: orderShowsSQL, ReadWithAnswer: true,
			Operations: []string{"getPurchaseOrder", "updatePurchaseOrder", "patchPurchaseOrder", "deletePurchaseOrder"}},
		// The custom-fields paths name the order id "id".
		{Table: "purchase_orders", Key: map[string]string{"id": "id"}, Shows: orderShowsSQL, ReadWithAnswer: true,
			Operations: []string{"replacePurchaseOrderCustomFields", "replacePurchaseOrderCustomFieldsCamel"}},
	}, append(append(documentLineRecords(), vendorCreditLineRecords()...), partLineRecord, opLineRecord)...)
}

// tenantOf is the calling tenant with its timezone and the calling user.
func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, Timezone: p.TenantTimezone, UserID: p.UserID}
}

func (h *PurchaseOrdersHandler) CreatePurchaseOrder(ctx context.Context, req gen.CreatePurchaseOrderRequestObject) (gen.CreatePurchaseOrderResponseObject, error) {
	b := req.Body
	fields := apperr.Fields{}
	w := PurchaseOrderCreate{
		VendorID: b.VendorId, Title: b.Title, CurrencyCode: b.CurrencyCode, PaymentTermsID: b.PaymentTermsId,
		ShipTo: docaddress.FromAPI(b.ShipTo), Notes: b.Notes,
		OrderDate: calendardate.Field(fields, "orderDate", b.OrderDate),
		DueDate:   calendardate.Field(fields, "dueDate", b.DueDate),
	}
	if err := fields.Err(); err != nil {
		return nil, err
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
	return gen.CreatePurchaseOrder200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *PurchaseOrdersHandler) GetPurchaseOrder(ctx context.Context, req gen.GetPurchaseOrderRequestObject) (gen.GetPurchaseOrderResponseObject, error) {
	o, err := h.svc.Get(ctx, auth.TenantID(ctx), req.PurchaseOrderId)
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, o.Version)
	return gen.GetPurchaseOrder200JSONResponse{Body: orderToAPI(o)}, nil
}

func referenceToAPI(r *Reference) *gen.Reference {
	if r == nil {
		return nil
	}
	return &gen.Reference{Id: r.ID, Name: r.Name}
}

func orderToAPI(o PurchaseOrder) gen.PurchaseOrder {
	out := gen.PurchaseOrder{
		Id: o.ID, Number: o.Number, VendorId: o.VendorID, VendorName: o.VendorName,
		Status: gen.PurchaseOrderStatus(o.Status), Title: DefaultTitle(o.Status), TitleIsDefault: o.Title == nil,
		OrderDate: utctime.From(o.OrderDate), DueDate: utctime.Ptr(o.DueDate), CurrencyCode: o.CurrencyCode,
		PaymentTermsId: o.PaymentTermsID, PaymentTerms: referenceToAPI(o.PaymentTerms), ShipTo: docaddress.ToAPI(o.ShipTo),
		Notes: o.Notes, ExternalReferences: o.ExternalReferences, CustomFields: o.CustomFields, Deleted: o.Deleted,
		CreatedUtc: utctime.From(o.CreatedUtc), ModifiedUtc: utctime.From(o.ModifiedUtc),
		LineSubTotal: o.Totals.LineSubTotal, FeeTotal: o.Totals.FeeTotal, SubTotal: o.Totals.SubTotal,
		DiscountTotal: o.Totals.Discount, TaxTotal: o.Totals.Tax, VendorCreditTotal: o.Totals.VendorCredit,
		Total: o.Totals.Total,
	}
	if o.Title != nil {
		out.Title = *o.Title
	}
	if c := o.CreatedBy; c != nil {
		out.CreatedByUserId, out.CreatedByName = &c.ID, &c.Name
	}
	return out
}

// orderWriteFromAPI parses a full-update body (or a patched read shape).
func orderWriteFromAPI(b gen.PurchaseOrderWrite) (PurchaseOrderWrite, error) {
	fields := apperr.Fields{}
	w := PurchaseOrderWrite{
		VendorID: b.VendorId, Title: b.Title, CurrencyCode: b.CurrencyCode, PaymentTermsID: b.PaymentTermsId,
		ShipTo: docaddress.FromAPI(b.ShipTo), Notes: b.Notes,
		OrderDate: calendardate.Field(fields, "orderDate", b.OrderDate),
		DueDate:   calendardate.Field(fields, "dueDate", b.DueDate),
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	return w, fields.Err()
}

func (h *PurchaseOrdersHandler) UpdatePurchaseOrder(ctx context.Context, req gen.UpdatePurchaseOrderRequestObject) (gen.UpdatePurchaseOrderResponseObject, error) {
	w, err := orderWriteFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	o, err := h.svc.Update(ctx, tenantOf(ctx), req.PurchaseOrderId, w)
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, o.Version)
	return gen.UpdatePurchaseOrder200JSONResponse{Body: orderToAPI(o)}, nil
}

// PatchPurchaseOrder applies the patch to the order's read shape inside the service's
// transaction, then saves the result through the full-update rules. The read shape shows the
// default title of an order without one: unless an operation names /title, it stays without.
func (h *PurchaseOrdersHandler) PatchPurchaseOrder(ctx context.Context, req gen.PatchPurchaseOrderRequestObject) (gen.PatchPurchaseOrderResponseObject, error) {
	ops := patchOps(req.Body)
	o, err := h.svc.Patch(ctx, tenantOf(ctx), req.PurchaseOrderId, ops, func(current PurchaseOrder) (PurchaseOrderWrite, error) {
		var b gen.PurchaseOrderWrite
		if err := h.patchTarget.ApplyInto(orderToAPI(current), ops, &b); err != nil {
			return PurchaseOrderWrite{}, err
		}
		w, err := orderWriteFromAPI(b)
		if err != nil {
			return PurchaseOrderWrite{}, err
		}
		if current.Title == nil && !patch.Paths(ops, "title") {
			w.Title = nil
		}
		return w, nil
	})
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, o.Version)
	return gen.PatchPurchaseOrder200JSONResponse{Body: orderToAPI(o)}, nil
}

func (h *PurchaseOrdersHandler) DeletePurchaseOrder(ctx context.Context, req gen.DeletePurchaseOrderRequestObject) (gen.DeletePurchaseOrderResponseObject, error) {
	deleted, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.PurchaseOrderId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeletePurchaseOrder204Response{}, nil
	}
	return gen.DeletePurchaseOrder200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *PurchaseOrdersHandler) UpdatePurchaseOrderStatus(ctx context.Context, req gen.UpdatePurchaseOrderStatusRequestObject) (gen.UpdatePurchaseOrderStatusResponseObject, error) {
	next := Status(req.Body.Status)
	if !next.Valid() {
		return nil, apperr.Field("status", "must be one of %v", Statuses)
	}
	o, err := h.svc.SetStatus(ctx, auth.TenantID(ctx), req.PurchaseOrderId, next)
	if err != nil {
		return nil, err
	}
	return gen.UpdatePurchaseOrderStatus200JSONResponse(orderToAPI(o)), nil
}

func (h *PurchaseOrdersHandler) ReplacePurchaseOrderCustomFields(ctx context.Context, req gen.ReplacePurchaseOrderCustomFieldsRequestObject) (gen.ReplacePurchaseOrderCustomFieldsResponseObject, error) {
	o, err := h.replaceCustomFields(ctx, req.Id, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ReplacePurchaseOrderCustomFields200JSONResponse{Body: orderToAPI(o)}, nil
}

// ReplacePurchaseOrderCustomFieldsCamel is ReplacePurchaseOrderCustomFields at its other
// spelling.
func (h *PurchaseOrdersHandler) ReplacePurchaseOrderCustomFieldsCamel(ctx context.Context, req gen.ReplacePurchaseOrderCustomFieldsCamelRequestObject) (gen.ReplacePurchaseOrderCustomFieldsCamelResponseObject, error) {
	o, err := h.replaceCustomFields(ctx, req.Id, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ReplacePurchaseOrderCustomFieldsCamel200JSONResponse{Body: orderToAPI(o)}, nil
}

func (h *PurchaseOrdersHandler) replaceCustomFields(ctx context.Context, id string, body *gen.CustomFields) (PurchaseOrder, error) {
	var values map[string]any
	if body != nil {
		values = *body
	}
	o, err := h.svc.ReplaceCustomFields(ctx, auth.TenantID(ctx), id, values)
	if err != nil {
		return PurchaseOrder{}, err
	}
	conditional.Answered(ctx, o.Version)
	return o, nil
}

func (h *PurchaseOrdersHandler) ListPurchaseOrders(ctx context.Context, req gen.ListPurchaseOrdersRequestObject) (gen.ListPurchaseOrdersResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		fields := apperr.Fields{}
		f = Filter{IDs: listing.Values(b.Ids), Numbers: listing.Values(b.Numbers), VendorIDs: listing.Values(b.VendorIds)}
		for _, s := range listing.Values(b.Statuses) {
			f.Statuses = append(f.Statuses, Status(s))
		}
		f.OrderDateFrom = calendardate.Field(fields, "orderDateFrom", b.OrderDateFrom)
		f.OrderDateTo = calendardate.Field(fields, "orderDateTo", b.OrderDateTo)
		f.DueDateFrom = calendardate.Field(fields, "dueDateFrom", b.DueDateFrom)
		f.DueDateTo = calendardate.Field(fields, "dueDateTo", b.DueDateTo)
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
	return orderStream{Records: cur, ToAPI: orderToAPI}, nil
}

// orderStream answers a list of purchase orders as they are read.
type orderStream web.JSONArray[PurchaseOrder, gen.PurchaseOrder]

func (s orderStream) VisitListPurchaseOrdersResponse(w http.ResponseWriter) error {
	return web.JSONArray[PurchaseOrder, gen.PurchaseOrder](s).Write(w)
}
