package vendors

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/shared/parties"
)

// The operations of a vendor's contacts, on VendorsHandler. The vendor contact schemas have
// the customer contact schemas' members, so the parties conversions serve both.

func (h *VendorsHandler) CreateVendorContact(ctx context.Context, req gen.CreateVendorContactRequestObject) (gen.CreateVendorContactResponseObject, error) {
	id, err := h.svc.CreateContact(ctx, auth.TenantID(ctx), req.VendorId, parties.ContactFromAPI(gen.CustomerContactWrite(*req.Body)))
	if err != nil {
		return nil, err
	}
	return gen.CreateVendorContact200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *VendorsHandler) GetVendorContact(ctx context.Context, req gen.GetVendorContactRequestObject) (gen.GetVendorContactResponseObject, error) {
	c, err := h.svc.Contact(ctx, auth.TenantID(ctx), req.VendorId, req.ContactId)
	if err != nil {
		return nil, err
	}
	return gen.GetVendorContact200JSONResponse{Body: gen.VendorContact(parties.ContactToAPI(c))}, nil
}

func (h *VendorsHandler) UpdateVendorContact(ctx context.Context, req gen.UpdateVendorContactRequestObject) (gen.UpdateVendorContactResponseObject, error) {
	c, err := h.svc.UpdateContact(ctx, auth.TenantID(ctx), req.VendorId, req.ContactId, parties.ContactFromAPI(gen.CustomerContactWrite(*req.Body)))
	if err != nil {
		return nil, err
	}
	return gen.UpdateVendorContact200JSONResponse{Body: gen.VendorContact(parties.ContactToAPI(c))}, nil
}

func (h *VendorsHandler) DeleteVendorContact(ctx context.Context, req gen.DeleteVendorContactRequestObject) (gen.DeleteVendorContactResponseObject, error) {
	deleted, err := h.svc.DeleteContact(ctx, auth.TenantID(ctx), req.VendorId, req.ContactId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteVendorContact204Response{}, nil
	}
	return gen.DeleteVendorContact200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *VendorsHandler) ListVendorContacts(ctx context.Context, req gen.ListVendorContactsRequestObject) (gen.ListVendorContactsResponseObject, error) {
	p := req.Params
	list, err := h.svc.Contacts(ctx, auth.TenantID(ctx), req.VendorId,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListVendorContacts200JSONResponse, len(list))
	for i, c := range list {
		out[i] = gen.VendorContact(parties.ContactToAPI(c))
	}
	return out, nil
}
