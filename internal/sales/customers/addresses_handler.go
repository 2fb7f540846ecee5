package customers

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/shared/parties"
)

// The operations of a customer's addresses, on CustomersHandler.

func (h *CustomersHandler) CreateCustomerAddress(ctx context.Context, req gen.CreateCustomerAddressRequestObject) (gen.CreateCustomerAddressResponseObject, error) {
	id, err := h.svc.CreateAddress(ctx, auth.TenantID(ctx), req.CustomerId, parties.AddressFromAPI(*req.Body))
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
	return gen.GetCustomerAddress200JSONResponse{Body: parties.AddressToAPI(a)}, nil
}

func (h *CustomersHandler) UpdateCustomerAddress(ctx context.Context, req gen.UpdateCustomerAddressRequestObject) (gen.UpdateCustomerAddressResponseObject, error) {
	a, err := h.svc.UpdateAddress(ctx, auth.TenantID(ctx), req.CustomerId, req.CustomerAddressId, parties.AddressFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateCustomerAddress200JSONResponse{Body: parties.AddressToAPI(a)}, nil
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
		out[i] = parties.AddressToAPI(a)
	}
	return out, nil
}
