package salesorders

import (
	"context"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/utctime"
	"mos/internal/sales/customers"
)

// SalesOrdersHandler serves /api/sales-orders: the header here, its lines and routings in the
// other *_handler.go files of the package.
type SalesOrdersHandler struct {
	svc *Service
	// spec is the served API description (JSON Patch targets are built from its schemas).
	spec *openapi3.T
}

// NewHandler returns the sales orders handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *SalesOrdersHandler {
	return &SalesOrdersHandler{svc: svc, spec: spec}
}

// Versioned declares sales orders and their lines for conditional requests (ETag, If-Match).
// An order's answer shows the names of its customer, payment terms and shipping method, so
// its ETag follows them too. The fee, tax and discount lines are documentLineRecords, the
// refund lines refundLineRecords.
func (h *SalesOrdersHandler) Versioned() []conditional.Record {
	records := append([]conditional.Record{
		{Table: "sales_orders", Key: map[string]string{"id": "salesOrderId"}, Shows: orderShowsSQL, ReadWithAnswer: true,
			Operations: []string{"getSalesOrder"}},
		partLineRecord,
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
