package items

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
)

func (h *ItemsHandler) CreateItemMaterialVendorDetail(ctx context.Context, req gen.CreateItemMaterialVendorDetailRequestObject) (gen.CreateItemMaterialVendorDetailResponseObject, error) {
	id, err := h.svc.CreateMaterialVendorDetail(ctx, auth.TenantID(ctx), req.ItemId, materialVendorWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateItemMaterialVendorDetail200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *ItemsHandler) ListItemMaterialVendorDetails(ctx context.Context, req gen.ListItemMaterialVendorDetailsRequestObject) (gen.ListItemMaterialVendorDetailsResponseObject, error) {
	p := req.Params
	list, err := h.svc.ListMaterialVendorDetails(ctx, auth.TenantID(ctx), req.ItemId,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListItemMaterialVendorDetails200JSONResponse(materialVendorDetailsToAPI(list)), nil
}

func (h *ItemsHandler) UpdateItemMaterialVendorDetail(ctx context.Context, req gen.UpdateItemMaterialVendorDetailRequestObject) (gen.UpdateItemMaterialVendorDetailResponseObject, error) {
	d, err := h.svc.UpdateMaterialVendorDetail(ctx, auth.TenantID(ctx), req.ItemId, req.MaterialVendorId, materialVendorWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateItemMaterialVendorDetail200JSONResponse(materialVendorDetailToAPI(d)), nil
}

func (h *ItemsHandler) DeleteItemMaterialVendorDetail(ctx context.Context, req gen.DeleteItemMaterialVendorDetailRequestObject) (gen.DeleteItemMaterialVendorDetailResponseObject, error) {
	deleted, err := h.svc.DeleteMaterialVendorDetail(ctx, auth.TenantID(ctx), req.ItemId, req.MaterialVendorId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteItemMaterialVendorDetail204Response{}, nil
	}
	return gen.DeleteItemMaterialVendorDetail200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func materialVendorWriteFromAPI(b gen.ItemMaterialVendorDetailWrite) MaterialVendorDetailWrite {
	return MaterialVendorDetailWrite{VendorID: b.VendorId, VendorItemNumber: b.VendorItemNumber, VendorItemName: b.VendorItemName, Notes: b.Notes}
}

func materialVendorDetailsToAPI(list []MaterialVendorDetail) []gen.ItemMaterialVendorDetail {
	out := make([]gen.ItemMaterialVendorDetail, len(list))
	for i, d := range list {
		out[i] = materialVendorDetailToAPI(d)
	}
	return out
}

func materialVendorDetailToAPI(d MaterialVendorDetail) gen.ItemMaterialVendorDetail {
	return gen.ItemMaterialVendorDetail{
		Id: d.ID, VendorId: d.VendorID, VendorItemNumber: d.VendorItemNumber, VendorItemName: d.VendorItemName, Notes: d.Notes,
	}
}
