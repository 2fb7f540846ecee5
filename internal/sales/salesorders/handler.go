package salesorders

import (
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/platform/web"
	"mos/internal/sales/customers"
	"mos/internal/stock/routing"
)

// SalesOrdersHandler serves /api/sales-orders: the header here, its lines and routings in the
// other *_handler.go files of the package.
type SalesOrdersHandler struct {
	svc *Service
	// spec is the served API description (JSON Patch targets are built from its schemas).
	spec *openapi3.T
	// patchTarget is the full-update schema a patched order must satisfy; the read-only
	// members are not in it, so patch paths naming them answer 400.
	patchTarget *patch.Target
	// paths serves the part line routing paths (the routing service's operations).
	paths *routing.OwnerPaths
}

// NewHandler returns the sales orders handler; spec is the served API description, paths
// the routing operations a part line's routing serves.
func NewHandler(svc *Service, spec *openapi3.T, paths *routing.OwnerPaths) *SalesOrdersHandler {
	return &SalesOrdersHandler{svc: svc, spec: spec, patchTarget: patch.NewTarget(spec, "SalesOrderWrite"), paths: paths}
}

// Versioned declares sales orders and their lines for conditional requests (ETag, If-Match).
// An order's answer shows the names of its customer, payment terms and shipping method, so
// its ETag follows them too. The fee, tax and discount lines are documentLineRecords, the
// refund lines refundLineRecords.
func (h *SalesOrdersHandler) Versioned() []conditional.Record {
	records := append([]conditional.Record{
		{Table: "sales_orders", Key: map[string]string{"id": "salesOrderId"}, Shows: orderShowsSQL, ReadWithAnswer: true,
			Operations: []string{"getSalesOrder", "updateSalesOrder", "patchSalesOrder", "deleteSalesOrder"}},
		// The custom-fields paths name the order id "id".
		{Table: "sales_orders", Key: map[string]string{"id": "id"}, Shows: orderShowsSQL, ReadWithAnswer: true,
			Operations: []string{"replaceSalesOrderCustomFields", "replaceSalesOrderCustomFieldsCamel"}},
		partLineRecord,
		blanketLineRecord,
	}, routingVersioned()...)
	return append(append(records, documentLineRecords()...), refundLineRecords()...)
}

// tenantOf is the calling tenant with its defaults and the calling user.
func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, Currency: p.TenantCurrency, Timezone: p.TenantTimezone, UserID: p.UserID}
}

func (h *SalesOrdersHandler) CreateSalesOrder(ctx context.Context, req gen.CreateSalesOrderRequestObject) (gen.CreateSalesOrderResponseObject, error) {
	w, err := orderCreateFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	id, err := h.svc.Create(ctx, tenantOf(ctx), w)
	if err != nil {
		return nil, err
	}
	return gen.CreateSalesOrder200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *SalesOrdersHandler) GetSalesOrder(ctx context.Context, req gen.GetSalesOrderRequestObject) (gen.GetSalesOrderResponseObject, error) {
	o, err := h.svc.Get(ctx, auth.TenantID(ctx), req.SalesOrderId)
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, o.Version)
	return gen.GetSalesOrder200JSONResponse{Body: orderToAPI(o)}, nil
}

// orderCreateFromAPI parses a create body: the address members tell omitted (take the
// customer's) from null (none); the calendar dates keep the date as written.
func orderCreateFromAPI(b gen.SalesOrderCreate) (SalesOrderCreate, error) {
	fields := apperr.Fields{}
	w := SalesOrderCreate{
		CustomerID: b.CustomerId, CustomerPoNumber: b.CustomerPoNumber, ContactID: b.ContactId,
		ShippingMethodID: b.ShippingMethodId, SalesPersonID: b.SalesPersonId, CurrencyCode: b.CurrencyCode,
		PaymentTermsID: b.PaymentTermsId, DropshipCustomerPoNumber: b.DropshipCustomerPoNumber, Notes: b.Notes,
		OrderedDate:       calendardate.Field(fields, "orderedDate", b.OrderedDate),
		DueDate:           calendardate.Field(fields, "dueDate", b.DueDate),
		ProductionDueDate: calendardate.Field(fields, "productionDueDate", b.ProductionDueDate),
		DeliveryDueDate:   calendardate.Field(fields, "deliveryDueDate", b.DeliveryDueDate),
		ShippingCharge:    shippingChargeFromAPI(b.ShippingCharge),
	}
	w.BillingAddress.Given, w.BillingAddress.Address = customers.DocumentAddressMember(fields, "billingAddress", b.BillingAddress)
	w.ShippingAddress.Given, w.ShippingAddress.Address = customers.DocumentAddressMember(fields, "shippingAddress", b.ShippingAddress)
	if b.Dropship != nil {
		w.Dropship = *b.Dropship
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	return w, fields.Err()
}

// shippingChargeFromAPI is the shipping charge a write sends; nil is none (0, not taxable).
func shippingChargeFromAPI(c *gen.SalesOrderShippingChargeWrite) ShippingCharge {
	if c == nil {
		return ShippingCharge{}
	}
	out := ShippingCharge{Amount: c.Amount}
	if c.IsTaxable != nil {
		out.IsTaxable = *c.IsTaxable
	}
	return out
}

func referenceToAPI(r *Reference) *gen.Reference {
	if r == nil {
		return nil
	}
	return &gen.Reference{Id: r.ID, Name: r.Name}
}

func orderToAPI(o SalesOrder) gen.SalesOrder {
	out := gen.SalesOrder{
		Id: o.ID, Number: o.Number, CustomerId: o.CustomerID, Customer: gen.Reference{Id: o.CustomerID, Name: o.CustomerName},
		CustomerPoNumber: o.CustomerPoNumber,
		BillingAddress:   customers.DocumentAddressToAPI(o.BillingAddress), ShippingAddress: customers.DocumentAddressToAPI(o.ShippingAddress),
		ShippingMethodId: o.ShippingMethodID, ShippingMethod: referenceToAPI(o.ShippingMethod),
		SalesPersonId: o.SalesPersonID, CurrencyCode: o.CurrencyCode, PaymentTermsId: o.PaymentTermsID,
		PaymentTerms: referenceToAPI(o.PaymentTerms), Status: gen.SalesOrderStatus(o.Status),
		OrderedDate: utctime.From(o.OrderedDate), DueDate: utctime.Ptr(o.DueDate),
		ProductionDueDate: utctime.Ptr(o.ProductionDueDate), DeliveryDueDate: utctime.Ptr(o.DeliveryDueDate),
		Dropship: o.Dropship, DropshipCustomerPoNumber: o.DropshipCustomerPoNumber, QuoteId: o.QuoteID,
		ShippingCharge: gen.SalesOrderShippingCharge{Amount: o.ShippingCharge.Amount, IsTaxable: o.ShippingCharge.IsTaxable},
		Notes:          o.Notes, ExternalReferences: o.ExternalReferences, CustomFields: o.CustomFields, Deleted: o.Deleted,
		CreatedBy: referenceToAPI(o.CreatedBy), CreatedUtc: utctime.From(o.CreatedUtc), ModifiedUtc: utctime.From(o.ModifiedUtc),
		LineSubTotal: o.Totals.LineSubTotal, FeeTotal: o.Totals.FeeTotal, SubTotal: o.Totals.SubTotal,
		DiscountTotal: o.Totals.Discount, TaxableBase: o.Totals.TaxableBase, NonTaxableBase: o.Totals.NonTaxableBase,
		TaxTotal: o.Totals.Tax, RefundTotal: o.Totals.Refund, Total: o.Totals.Total,
	}
	if c := o.Contact; c != nil {
		out.ContactId = &c.ID
		out.Contact = customers.ContactCopyToAPI(*c)
	}
	return out
}

func (h *SalesOrdersHandler) UpdateSalesOrder(ctx context.Context, req gen.UpdateSalesOrderRequestObject) (gen.UpdateSalesOrderResponseObject, error) {
	w, err := orderWriteFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	w.DropshipWritten = req.Body.Dropship != nil
	o, err := h.svc.Update(ctx, tenantOf(ctx), req.SalesOrderId, w)
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, o.Version)
	return gen.UpdateSalesOrder200JSONResponse{Body: orderToAPI(o)}, nil
}

// PatchSalesOrder applies the patch to the order's read shape inside the service's
// transaction, then saves the result through the full-update rules. Only operations naming
// /dropship write both dropship members; operations naming only /dropshipCustomerPoNumber
// change the PO number of a dropship order.
func (h *SalesOrdersHandler) PatchSalesOrder(ctx context.Context, req gen.PatchSalesOrderRequestObject) (gen.PatchSalesOrderResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	o, err := h.svc.Patch(ctx, tenantOf(ctx), req.SalesOrderId, ops, func(current SalesOrder) (SalesOrderWrite, error) {
		var b gen.SalesOrderWrite
		if err := h.patchTarget.ApplyInto(orderToAPI(current), ops, &b); err != nil {
			return SalesOrderWrite{}, err
		}
		w, err := orderWriteFromAPI(b)
		if err != nil {
			return SalesOrderWrite{}, err
		}
		w.DropshipWritten = patch.Paths(ops, "dropship")
		namesPo := patch.Paths(ops, "dropshipCustomerPoNumber")
		if w.DropshipWritten && !namesPo {
			// A patch naming dropship without the PO number clears it, as a full update does.
			w.DropshipCustomerPoNumber = nil
		}
		w.DropshipPoOnly = !w.DropshipWritten && namesPo
		return w, nil
	})
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, o.Version)
	return gen.PatchSalesOrder200JSONResponse{Body: orderToAPI(o)}, nil
}

func (h *SalesOrdersHandler) DeleteSalesOrder(ctx context.Context, req gen.DeleteSalesOrderRequestObject) (gen.DeleteSalesOrderResponseObject, error) {
	deleted, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.SalesOrderId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteSalesOrder204Response{}, nil
	}
	return gen.DeleteSalesOrder200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *SalesOrdersHandler) UpdateSalesOrderStatus(ctx context.Context, req gen.UpdateSalesOrderStatusRequestObject) (gen.UpdateSalesOrderStatusResponseObject, error) {
	next := Status(req.Body.Status)
	if !next.Valid() {
		return nil, apperr.Field("status", "must be one of %v", Statuses)
	}
	o, err := h.svc.SetStatus(ctx, auth.TenantID(ctx), req.SalesOrderId, next)
	if err != nil {
		return nil, err
	}
	return gen.UpdateSalesOrderStatus200JSONResponse(orderToAPI(o)), nil
}

func (h *SalesOrdersHandler) ReplaceSalesOrderCustomFields(ctx context.Context, req gen.ReplaceSalesOrderCustomFieldsRequestObject) (gen.ReplaceSalesOrderCustomFieldsResponseObject, error) {
	o, err := h.replaceCustomFields(ctx, req.Id, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceSalesOrderCustomFields200JSONResponse{Body: orderToAPI(o)}, nil
}

// ReplaceSalesOrderCustomFieldsCamel is ReplaceSalesOrderCustomFields at its other spelling.
func (h *SalesOrdersHandler) ReplaceSalesOrderCustomFieldsCamel(ctx context.Context, req gen.ReplaceSalesOrderCustomFieldsCamelRequestObject) (gen.ReplaceSalesOrderCustomFieldsCamelResponseObject, error) {
	o, err := h.replaceCustomFields(ctx, req.Id, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceSalesOrderCustomFieldsCamel200JSONResponse{Body: orderToAPI(o)}, nil
}

func (h *SalesOrdersHandler) replaceCustomFields(ctx context.Context, id string, body *gen.CustomFields) (SalesOrder, error) {
	var values map[string]any
	if body != nil {
		values = *body
	}
	o, err := h.svc.ReplaceCustomFields(ctx, auth.TenantID(ctx), id, values)
	if err != nil {
		return SalesOrder{}, err
	}
	conditional.Answered(ctx, o.Version)
	return o, nil
}

func (h *SalesOrdersHandler) ListSalesOrders(ctx context.Context, req gen.ListSalesOrdersRequestObject) (gen.ListSalesOrdersResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		fields := apperr.Fields{}
		f = Filter{IDs: listing.Values(b.Ids), Numbers: listing.Values(b.Numbers), CustomerIDs: listing.Values(b.CustomerIds), CustomerPoNumber: b.CustomerPoNumber}
		if b.CustomerId != nil {
			f.CustomerIDs = append(f.CustomerIDs, *b.CustomerId)
			if b.CustomerIds != nil {
				// Both members narrow: only the one customer, when the list names it.
				f.CustomerIDs = intersect(*b.CustomerIds, *b.CustomerId)
			}
		}
		for _, s := range listing.Values(b.Statuses) {
			f.Statuses = append(f.Statuses, Status(s))
		}
		f.OrderedFrom = calendardate.Field(fields, "orderedFrom", b.OrderedFrom)
		f.OrderedTo = calendardate.Field(fields, "orderedTo", b.OrderedTo)
		if err := fields.Err(); err != nil {
			return nil, err
		}
		f.CreatedFrom, f.CreatedTo = dayOf(b.CreatedFrom), dayOf(b.CreatedTo)
		if b.ModifiedAfterUtc != nil {
			f.ModifiedAfterUtc = &b.ModifiedAfterUtc.Time
		}
		if r := b.ExternalReference; r != nil {
			f.ExternalReference = &ExternalReferenceFilter{Key: r.Key, Type: r.Type, ExternalID: r.ExternalId}
		}
		if b.IncludeDeleted != nil {
			f.IncludeDeleted = *b.IncludeDeleted
		}
	}
	p := req.Params
	cur, err := h.svc.Stream(ctx, tenantOf(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return orderStream{Records: cur, ToAPI: orderToAPI}, nil
}

// intersect is ids narrowed to id: [id] when ids holds it, else a list no order matches.
func intersect(ids []string, id string) []string {
	if slices.Contains(ids, id) {
		return []string{id}
	}
	return []string{""}
}

// orderStream answers a list of sales orders as they are read.
type orderStream web.JSONArray[SalesOrder, gen.SalesOrder]

func (s orderStream) VisitListSalesOrdersResponse(w http.ResponseWriter) error {
	return web.JSONArray[SalesOrder, gen.SalesOrder](s).Write(w)
}

func dayOf(d *openapi_types.Date) *time.Time {
	if d == nil {
		return nil
	}
	return &d.Time
}

// orderWriteFromAPI parses a full-update body (or a patched read shape); the caller decides
// whether the dropship members are written.
func orderWriteFromAPI(b gen.SalesOrderWrite) (SalesOrderWrite, error) {
	fields := apperr.Fields{}
	w := SalesOrderWrite{
		CustomerID: b.CustomerId, CustomerPoNumber: b.CustomerPoNumber, ContactID: b.ContactId,
		BillingAddress:   customers.DocumentAddressFromAPI(b.BillingAddress),
		ShippingAddress:  customers.DocumentAddressFromAPI(b.ShippingAddress),
		ShippingMethodID: b.ShippingMethodId, SalesPersonID: b.SalesPersonId, CurrencyCode: b.CurrencyCode,
		PaymentTermsID: b.PaymentTermsId, DropshipCustomerPoNumber: b.DropshipCustomerPoNumber, Notes: b.Notes,
		OrderedDate:       calendardate.Field(fields, "orderedDate", b.OrderedDate),
		DueDate:           calendardate.Field(fields, "dueDate", b.DueDate),
		ProductionDueDate: calendardate.Field(fields, "productionDueDate", b.ProductionDueDate),
		DeliveryDueDate:   calendardate.Field(fields, "deliveryDueDate", b.DeliveryDueDate),
	}
	if b.Dropship != nil {
		w.Dropship = *b.Dropship
	}
	if b.ShippingCharge != nil {
		c := shippingChargeFromAPI(b.ShippingCharge)
		w.ShippingCharge = &c
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	return w, fields.Err()
}
