package customers

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
)

// The operations of a customer's addresses, on CustomersHandler.

func (h *CustomersHandler) CreateCustomerAddress(ctx context.Context, req gen.CreateCustomerAddressRequestObject) (gen.CreateCustomerAddressResponseObject, error) {
	id, err := h.svc.CreateAddress(ctx, auth.TenantID(ctx), req.CustomerId, addressFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateCustomerAddress200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *CustomersHandler) GetCustomerAddress(ctx context.Context, req gen.GetCustomerAddressRequestObject) (gen.GetCustomerAddressResponseObject, error) {
	a, err := h.svc.Address(ctx, auth.TenantID(ctx), req.CustomerId, req.CustomerAddressId)
	if err != nil {
		return nil, err
	}
	return gen.GetCustomerAddress200JSONResponse{Body: addressToAPI(a)}, nil
}

func (h *CustomersHandler) UpdateCustomerAddress(ctx context.Context, req gen.UpdateCustomerAddressRequestObject) (gen.UpdateCustomerAddressResponseObject, error) {
	a, err := h.svc.UpdateAddress(ctx, auth.TenantID(ctx), req.CustomerId, req.CustomerAddressId, addressFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateCustomerAddress200JSONResponse{Body: addressToAPI(a)}, nil
}

func (h *CustomersHandler) DeleteCustomerAddress(ctx context.Context, req gen.DeleteCustomerAddressRequestObject) (gen.DeleteCustomerAddressResponseObject, error) {
	deleted, err := h.svc.DeleteAddress(ctx, auth.TenantID(ctx), req.CustomerId, req.CustomerAddressId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteCustomerAddress204Response{}, nil
	}
	return gen.DeleteCustomerAddress200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *CustomersHandler) ListCustomerAddresses(ctx context.Context, req gen.ListCustomerAddressesRequestObject) (gen.ListCustomerAddressesResponseObject, error) {
	p := req.Params
	list, err := h.svc.Addresses(ctx, auth.TenantID(ctx), req.CustomerId,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListCustomerAddresses200JSONResponse, len(list))
	for i, a := range list {
		out[i] = addressToAPI(a)
	}
	return out, nil
}

func addressFromAPI(b gen.CustomerAddressWrite) AddressWrite {
	w := AddressWrite{
		Name: b.Name, Address1: b.Address1, Address2: b.Address2, Address3: b.Address3, City: b.City,
		StateProvince: b.StateProvince, PostalCode: b.PostalCode, Country: b.Country,
		Email: b.Email, Phone: b.Phone, Fax: b.Fax, Notes: b.Notes,
	}
	if b.ShippingLeadTime != nil {
		days := int(*b.ShippingLeadTime)
		w.ShippingLeadTime = &days
	}
	if b.PrimaryBilling != nil {
		w.PrimaryBilling = *b.PrimaryBilling
	}
	if b.PrimaryShipping != nil {
		w.PrimaryShipping = *b.PrimaryShipping
	}
	return w
}

func addressToAPI(a Address) gen.CustomerAddress {
	return gen.CustomerAddress{
		Id: a.ID, Name: a.Name, Address1: a.Address1, Address2: a.Address2, Address3: a.Address3, City: a.City,
		StateProvince: a.StateProvince, PostalCode: a.PostalCode, Country: a.Country,
		ShippingLeadTime: a.ShippingLeadTime, PrimaryBilling: a.PrimaryBilling, PrimaryShipping: a.PrimaryShipping,
		Email: a.Email, Phone: a.Phone, Fax: a.Fax, Notes: a.Notes,
	}
}
