package items

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
)

func (h *ItemsHandler) CreateItemVendorDetail(ctx context.Context, req gen.CreateItemVendorDetailRequestObject) (gen.CreateItemVendorDetailResponseObject, error) {
	id, err := h.svc.CreateVendorDetail(ctx, auth.TenantID(ctx), req.ItemId, vendorDetailWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateItemVendorDetail200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *ItemsHandler) ListItemVendorDetails(ctx context.Context, req gen.ListItemVendorDetailsRequestObject) (gen.ListItemVendorDetailsResponseObject, error) {
	p := req.Params
	list, err := h.svc.ListVendorDetails(ctx, auth.TenantID(ctx), req.ItemId,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListItemVendorDetails200JSONResponse(vendorDetailsToAPI(list)), nil
}

func (h *ItemsHandler) UpdateItemVendorDetail(ctx context.Context, req gen.UpdateItemVendorDetailRequestObject) (gen.UpdateItemVendorDetailResponseObject, error) {
	d, err := h.svc.UpdateVendorDetail(ctx, auth.TenantID(ctx), req.ItemId, req.ItemVendorId, vendorDetailWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateItemVendorDetail200JSONResponse(vendorDetailToAPI(d)), nil
}

func (h *ItemsHandler) DeleteItemVendorDetail(ctx context.Context, req gen.DeleteItemVendorDetailRequestObject) (gen.DeleteItemVendorDetailResponseObject, error) {
	deleted, err := h.svc.DeleteVendorDetail(ctx, auth.TenantID(ctx), req.ItemId, req.ItemVendorId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteItemVendorDetail204Response{}, nil
	}
	return gen.DeleteItemVendorDetail200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func vendorDetailWriteFromAPI(b gen.ItemVendorDetailWrite) VendorDetailWrite {
	w := VendorDetailWrite{
		VendorID: b.VendorId, VendorItemNumber: b.VendorItemNumber, VendorItemName: b.VendorItemName, Price: b.Price,
		IsPrimary: isTrue(b.IsPrimary), UnitName: b.UnitOfMeasureName, UnitQuantity: b.UnitQuantity,
		InventoryUnitQuantity: b.InventoryUnitQuantity, Notes: b.Notes,
	}
	if b.LeadTimeInDays != nil {
		days := int(*b.LeadTimeInDays)
		w.LeadTimeInDays = &days
	}
	if b.PriceBreaks != nil {
		for _, pb := range *b.PriceBreaks {
			w.PriceBreaks = append(w.PriceBreaks, VendorPriceBreakWrite{Quantity: int(pb.Quantity), Price: pb.Price, CurrencyCode: pb.CurrencyCode})
		}
	}
	return w
}

func vendorDetailsToAPI(list []VendorDetail) []gen.ItemVendorDetail {
	out := make([]gen.ItemVendorDetail, len(list))
	for i, d := range list {
		out[i] = vendorDetailToAPI(d)
	}
	return out
}

func vendorDetailToAPI(d VendorDetail) gen.ItemVendorDetail {
	out := gen.ItemVendorDetail{
		Id: d.ID, VendorId: d.VendorID, VendorItemNumber: d.VendorItemNumber, VendorItemName: d.VendorItemName,
		Price: d.Price, IsPrimary: d.IsPrimary, UnitOfMeasureName: d.UnitName, UnitQuantity: d.UnitQuantity,
		InventoryUnitQuantity: d.InventoryUnitQuantity, Notes: d.Notes,
		PriceBreaks: make([]gen.PriceBreak, len(d.PriceBreaks)),
	}
	if d.LeadTimeInDays != nil {
		days := int32(*d.LeadTimeInDays)
		out.LeadTimeInDays = &days
	}
	for i, b := range d.PriceBreaks {
		out.PriceBreaks[i] = purchasePriceBreakToAPI(d.VendorID, d.UnitName, b)
	}
	return out
}
