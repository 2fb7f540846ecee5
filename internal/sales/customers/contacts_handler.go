package customers

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
	"mos/internal/shared/parties"
)

// The operations of a customer's contacts, on CustomersHandler.

func (h *CustomersHandler) CreateCustomerContact(ctx context.Context, req gen.CreateCustomerContactRequestObject) (gen.CreateCustomerContactResponseObject, error) {
	id, err := h.svc.CreateContact(ctx, auth.TenantID(ctx), req.CustomerId, parties.ContactFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateCustomerContact200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *CustomersHandler) GetCustomerContact(ctx context.Context, req gen.GetCustomerContactRequestObject) (gen.GetCustomerContactResponseObject, error) {
	c, err := h.svc.Contact(ctx, auth.TenantID(ctx), req.CustomerId, req.ContactId)
	if err != nil {
		return nil, err
	}
	return gen.GetCustomerContact200JSONResponse{Body: parties.ContactToAPI(c)}, nil
}

func (h *CustomersHandler) UpdateCustomerContact(ctx context.Context, req gen.UpdateCustomerContactRequestObject) (gen.UpdateCustomerContactResponseObject, error) {
	c, err := h.svc.UpdateContact(ctx, auth.TenantID(ctx), req.CustomerId, req.ContactId, parties.ContactFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateCustomerContact200JSONResponse{Body: parties.ContactToAPI(c)}, nil
}

func (h *CustomersHandler) DeleteCustomerContact(ctx context.Context, req gen.DeleteCustomerContactRequestObject) (gen.DeleteCustomerContactResponseObject, error) {
	deleted, err := h.svc.DeleteContact(ctx, auth.TenantID(ctx), req.CustomerId, req.ContactId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteCustomerContact204Response{}, nil
	}
	return gen.DeleteCustomerContact200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *CustomersHandler) ListCustomerContacts(ctx context.Context, req gen.ListCustomerContactsRequestObject) (gen.ListCustomerContactsResponseObject, error) {
	p := req.Params
	list, err := h.svc.Contacts(ctx, auth.TenantID(ctx), req.CustomerId,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListCustomerContacts200JSONResponse, len(list))
	for i, c := range list {
		out[i] = parties.ContactToAPI(c)
	}
	return out, nil
}
