package customers

import (
	"context"
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/platform/web"
)

// CustomersHandler serves /api/customers and a customer's tier assignment.
type CustomersHandler struct {
	svc *Service
	// patchTarget is the full-update schema a patched customer must satisfy; the read-only
	// members are not in it, so patch paths naming them answer 400.
	patchTarget *patch.Target
}

// NewHandler returns the customers handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *CustomersHandler {
	return &CustomersHandler{svc: svc, patchTarget: patch.NewTarget(spec, "CustomerWrite")}
}

// Versioned declares customers, their addresses and their contacts for conditional requests
// (ETag, If-Match). A customer's answer shows the names of its payment terms and tier, so its
// ETag follows them too.
func (h *CustomersHandler) Versioned() []conditional.Record {
	return []conditional.Record{
		{Table: "customers", Key: map[string]string{"id": "customerId"}, Shows: customerShowsSQL, ReadWithAnswer: true,
			Operations: []string{"getCustomer", "updateCustomer", "patchCustomer", "deleteCustomer", "setCustomerTier"}},
		{Table: "customer_addresses", Key: map[string]string{"id": "customerAddressId", "customer_id": "customerId"},
			Operations: []string{"getCustomerAddress", "updateCustomerAddress", "deleteCustomerAddress"}},
		{Table: "customer_contacts", Key: map[string]string{"id": "contactId", "customer_id": "customerId"},
			Operations: []string{"getCustomerContact", "updateCustomerContact", "deleteCustomerContact"}},
	}
}

// tenantOf is the calling tenant with its primary currency, the default currencyCode.
func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, Currency: p.TenantCurrency}
}

func (h *CustomersHandler) CreateCustomer(ctx context.Context, req gen.CreateCustomerRequestObject) (gen.CreateCustomerResponseObject, error) {
	id, err := h.svc.Create(ctx, tenantOf(ctx), customerFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateCustomer200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *CustomersHandler) GetCustomer(ctx context.Context, req gen.GetCustomerRequestObject) (gen.GetCustomerResponseObject, error) {
	c, err := h.svc.Get(ctx, auth.TenantID(ctx), req.CustomerId)
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, c.Version)
	return gen.GetCustomer200JSONResponse{Body: customerToAPI(c)}, nil
}

func (h *CustomersHandler) UpdateCustomer(ctx context.Context, req gen.UpdateCustomerRequestObject) (gen.UpdateCustomerResponseObject, error) {
	c, err := h.svc.Update(ctx, tenantOf(ctx), req.CustomerId, customerFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, c.Version)
	return gen.UpdateCustomer200JSONResponse{Body: customerToAPI(c)}, nil
}

// PatchCustomer applies the patch to the customer's read shape inside the service's
// transaction, then saves the result through the full-update rules.
func (h *CustomersHandler) PatchCustomer(ctx context.Context, req gen.PatchCustomerRequestObject) (gen.PatchCustomerResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	c, err := h.svc.Patch(ctx, tenantOf(ctx), req.CustomerId, ops, func(current Customer) (CustomerWrite, error) {
		var w gen.CustomerWrite
		if err := h.patchTarget.ApplyInto(customerToAPI(current), ops, &w); err != nil {
			return CustomerWrite{}, err
		}
		return customerFromAPI(w), nil
	})
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, c.Version)
	return gen.PatchCustomer200JSONResponse{Body: customerToAPI(c)}, nil
}

func (h *CustomersHandler) DeleteCustomer(ctx context.Context, req gen.DeleteCustomerRequestObject) (gen.DeleteCustomerResponseObject, error) {
	deleted, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.CustomerId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteCustomer204Response{}, nil
	}
	return gen.DeleteCustomer200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *CustomersHandler) SetCustomerTier(ctx context.Context, req gen.SetCustomerTierRequestObject) (gen.SetCustomerTierResponseObject, error) {
	c, err := h.svc.SetTier(ctx, auth.TenantID(ctx), req.CustomerId, req.Body.CustomerTierId)
	if err != nil {
		return nil, err
	}
	conditional.Answered(ctx, c.Version)
	return gen.SetCustomerTier200JSONResponse{Body: customerToAPI(c)}, nil
}

func (h *CustomersHandler) ListCustomers(ctx context.Context, req gen.ListCustomersRequestObject) (gen.ListCustomersResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f = Filter{Name: b.Name, CustomerCode: b.CustomerCode, Email: b.Email}
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
	cur, err := h.svc.Stream(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return customerStream{Records: cur, ToAPI: customerToAPI}, nil
}

// customerStream answers a list of customers as they are read (a page may hold thousands).
type customerStream web.JSONArray[Customer, gen.Customer]

func (s customerStream) VisitListCustomersResponse(w http.ResponseWriter) error {
	return web.JSONArray[Customer, gen.Customer](s).Write(w)
}

func customerFromAPI(b gen.CustomerWrite) CustomerWrite {
	w := CustomerWrite{
		Name: b.Name, CustomerCode: b.CustomerCode, CurrencyCode: b.CurrencyCode, CreditLimit: b.CreditLimit,
		PaymentTermsID: b.PaymentTermsId, SalesPersonID: b.SalesPersonId, URL: b.Url, IsTaxable: b.IsTaxable,
		Notes: b.Notes, HasCustomerPortal: b.HasCustomerPortal,
	}
	if b.TaxRateIds != nil {
		w.TaxRateIDs = *b.TaxRateIds
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	return w
}

func customerToAPI(c Customer) gen.Customer {
	out := gen.Customer{
		Id: c.ID, Name: c.Name, CustomerCode: c.CustomerCode, CreditLimit: c.CreditLimit,
		PaymentTermsId: c.PaymentTermsID, SalesPersonId: c.SalesPersonID, Url: c.URL, IsTaxable: c.IsTaxable,
		TaxRateIds: c.TaxRateIDs, ExternalReferences: c.ExternalReferences, CustomFields: c.CustomFields,
		Notes: c.Notes, HasCustomerPortal: c.HasCustomerPortal,
		CustomerTierId: c.CustomerTierID, CustomerTierName: c.CustomerTierName,
		Deleted: c.Deleted, CreatedUtc: utctime.From(c.CreatedUtc), ModifiedUtc: utctime.From(c.ModifiedUtc),
	}
	if c.CurrencyCode != nil {
		out.CurrencyCode = *c.CurrencyCode
	}
	if c.PaymentTerms != nil {
		out.PaymentTerms = &gen.Reference{Id: c.PaymentTerms.ID, Name: c.PaymentTerms.Name}
	}
	return out
}
