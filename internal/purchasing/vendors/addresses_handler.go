package vendors

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/shared/parties"
)

// The operations of a vendor's addresses, on VendorsHandler. The vendor address schemas
// have the customer address schemas' members, so the parties conversions serve both.

func (h *VendorsHandler) CreateVendorAddress(ctx context.Context, req gen.CreateVendorAddressRequestObject) (gen.CreateVendorAddressResponseObject, error) {
	id, err := h.svc.CreateAddress(ctx, auth.TenantID(ctx), req.VendorId, parties.AddressFromAPI(gen.CustomerAddressWrite(*req.Body)))
	if err != nil {
		return nil, err
	}
	return gen.CreateVendorAddress200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *VendorsHandler) GetVendorAddress(ctx context.Context, req gen.GetVendorAddressRequestObject) (gen.GetVendorAddressResponseObject, error) {
	a, err := h.svc.Address(ctx, auth.TenantID(ctx), req.VendorId, req.VendorAddressId)
	if err != nil {
		return nil, err
	}
	return gen.GetVendorAddress200JSONResponse{Body: gen.VendorAddress(parties.AddressToAPI(a))}, nil
}

func (h *VendorsHandler) UpdateVendorAddress(ctx context.Context, req gen.UpdateVendorAddressRequestObject) (gen.UpdateVendorAddressResponseObject, error) {
	a, err := h.svc.UpdateAddress(ctx, auth.TenantID(ctx), req.VendorId, req.VendorAddressId, parties.AddressFromAPI(gen.CustomerAddressWrite(*req.Body)))
	if err != nil {
		return nil, err
	}
	return gen.UpdateVendorAddress200JSONResponse{Body: gen.VendorAddress(parties.AddressToAPI(a))}, nil
}

func (h *VendorsHandler) DeleteVendorAddress(ctx context.Context, req gen.DeleteVendorAddressRequestObject) (gen.DeleteVendorAddressResponseObject, error) {
	deleted, err := h.svc.DeleteAddress(ctx, auth.TenantID(ctx), req.VendorId, req.VendorAddressId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteVendorAddress204Response{}, nil
	}
	return gen.DeleteVendorAddress200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *VendorsHandler) ListVendorAddresses(ctx context.Context, req gen.ListVendorAddressesRequestObject) (gen.ListVendorAddressesResponseObject, error) {
	p := req.Params
	list, err := h.svc.Addresses(ctx, auth.TenantID(ctx), req.VendorId,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListVendorAddresses200JSONResponse, len(list))
	for i, a := range list {
		out[i] = gen.VendorAddress(parties.AddressToAPI(a))
	}
	return out, nil
}
