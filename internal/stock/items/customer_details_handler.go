package items

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
)

// The operations of an item's customer details, on ItemsHandler.

func (h *ItemsHandler) CreateItemCustomerDetail(ctx context.Context, req gen.CreateItemCustomerDetailRequestObject) (gen.CreateItemCustomerDetailResponseObject, error) {
	id, err := h.svc.CreateCustomerDetail(ctx, auth.TenantID(ctx), req.ItemId, customerDetailWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateItemCustomerDetail200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *ItemsHandler) ListItemCustomerDetails(ctx context.Context, req gen.ListItemCustomerDetailsRequestObject) (gen.ListItemCustomerDetailsResponseObject, error) {
	p := req.Params
	list, err := h.svc.ListCustomerDetails(ctx, auth.TenantID(ctx), req.ItemId,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListItemCustomerDetails200JSONResponse(customerDetailsToAPI(list)), nil
}

func (h *ItemsHandler) UpdateItemCustomerDetail(ctx context.Context, req gen.UpdateItemCustomerDetailRequestObject) (gen.UpdateItemCustomerDetailResponseObject, error) {
	d, err := h.svc.UpdateCustomerDetail(ctx, auth.TenantID(ctx), req.ItemId, req.ItemCustomerId, customerDetailWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateItemCustomerDetail200JSONResponse(customerDetailToAPI(d)), nil
}

func (h *ItemsHandler) DeleteItemCustomerDetail(ctx context.Context, req gen.DeleteItemCustomerDetailRequestObject) (gen.DeleteItemCustomerDetailResponseObject, error) {
	deleted, err := h.svc.DeleteCustomerDetail(ctx, auth.TenantID(ctx), req.ItemId, req.ItemCustomerId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteItemCustomerDetail204Response{}, nil
	}
	return gen.DeleteItemCustomerDetail200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func customerDetailWriteFromAPI(b gen.ItemCustomerDetailWrite) CustomerDetailWrite {
	return CustomerDetailWrite{
		CustomerID: b.CustomerId, CustomerItemNumber: b.CustomerItemNumber, CustomerItemName: b.CustomerItemName,
		UnitName: b.UnitOfMeasureName,
	}
}

func customerDetailsToAPI(list []CustomerDetail) []gen.ItemCustomerDetail {
	out := make([]gen.ItemCustomerDetail, len(list))
	for i, d := range list {
		out[i] = customerDetailToAPI(d)
	}
	return out
}

func customerDetailToAPI(d CustomerDetail) gen.ItemCustomerDetail {
	return gen.ItemCustomerDetail{
		Id: d.ID, CustomerId: d.CustomerID, CustomerItemNumber: d.CustomerItemNumber, CustomerItemName: d.CustomerItemName,
		UnitOfMeasureName: d.UnitName, PriceBreaks: salesPriceBreaksToAPI(d.PriceBreaks),
	}
}
