package materialvendors

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/purchasing/vendors"
)

// MaterialVendorsHandler serves the Material vendors operations.
type MaterialVendorsHandler struct{ svc *Service }

// NewHandler returns the material vendors handler.
func NewHandler(svc *Service) *MaterialVendorsHandler { return &MaterialVendorsHandler{svc: svc} }

// Versioned declares an offer for conditional requests, named by its shape and vendor; its
// ETag folds in the vendor's version, whose name the offer shows.
func (h *MaterialVendorsHandler) Versioned() []conditional.Record {
	return []conditional.Record{
		{Table: "material_vendors", Key: map[string]string{"material_id": "materialId", "vendor_id": "vendorId"},
			Shows:      func() string { return vendors.VersionSQL("t.tenant_id", "t.vendor_id") },
			Operations: []string{"updateMaterialShapeVendor"}},
	}
}

func (h *MaterialVendorsHandler) CreateMaterialShapeVendor(ctx context.Context, req gen.CreateMaterialShapeVendorRequestObject) (gen.CreateMaterialShapeVendorResponseObject, error) {
	b := req.Body
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), req.MaterialId, b.VendorId,
		termsFromAPI(b.VendorItemNumber, b.VendorItemName, b.Price, b.PriceUnit, b.CurrencyCode, b.LeadTimeInDays, b.MinimumOrderQuantity, b.IsPrimary, b.Notes))
	if err != nil {
		return nil, err
	}
	return gen.CreateMaterialShapeVendor200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *MaterialVendorsHandler) ListMaterialShapeVendors(ctx context.Context, req gen.ListMaterialShapeVendorsRequestObject) (gen.ListMaterialShapeVendorsResponseObject, error) {
	p := req.Params
	list, err := h.svc.ListOfMaterial(ctx, auth.TenantID(ctx), req.MaterialId,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListMaterialShapeVendors200JSONResponse(listToAPI(list)), nil
}

func (h *MaterialVendorsHandler) UpdateMaterialShapeVendor(ctx context.Context, req gen.UpdateMaterialShapeVendorRequestObject) (gen.UpdateMaterialShapeVendorResponseObject, error) {
	b := req.Body
	m, err := h.svc.Update(ctx, auth.TenantID(ctx), req.MaterialId, req.VendorId,
		termsFromAPI(b.VendorItemNumber, b.VendorItemName, b.Price, b.PriceUnit, b.CurrencyCode, b.LeadTimeInDays, b.MinimumOrderQuantity, b.IsPrimary, b.Notes))
	if err != nil {
		return nil, err
	}
	return gen.UpdateMaterialShapeVendor200JSONResponse{Body: toAPI(m)}, nil
}

func (h *MaterialVendorsHandler) CreateMaterialVendor(ctx context.Context, req gen.CreateMaterialVendorRequestObject) (gen.CreateMaterialVendorResponseObject, error) {
	b := req.Body
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), b.MaterialId, b.VendorId,
		termsFromAPI(b.VendorItemNumber, b.VendorItemName, b.Price, b.PriceUnit, b.CurrencyCode, b.LeadTimeInDays, b.MinimumOrderQuantity, b.IsPrimary, b.Notes))
	if err != nil {
		return nil, err
	}
	return gen.CreateMaterialVendor200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *MaterialVendorsHandler) ListMaterialVendors(ctx context.Context, req gen.ListMaterialVendorsRequestObject) (gen.ListMaterialVendorsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f = Filter{IsPrimary: b.IsPrimary}
		if b.MaterialIds != nil {
			f.MaterialIDs = *b.MaterialIds
		}
		if b.VendorIds != nil {
			f.VendorIDs = *b.VendorIds
		}
		if b.ModifiedAfterUtc != nil {
			f.ModifiedAfterUtc = &b.ModifiedAfterUtc.Time
		}
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListMaterialVendors200JSONResponse(listToAPI(list)), nil
}

func (h *MaterialVendorsHandler) ReplaceVendorMaterialCatalogue(ctx context.Context, req gen.ReplaceVendorMaterialCatalogueRequestObject) (gen.ReplaceVendorMaterialCatalogueResponseObject, error) {
	offers := make([]Offer, len(req.Body.Offers))
	for i, b := range req.Body.Offers {
		offers[i] = Offer{MaterialID: b.MaterialId,
			Terms: termsFromAPI(b.VendorItemNumber, b.VendorItemName, b.Price, b.PriceUnit, b.CurrencyCode, b.LeadTimeInDays, b.MinimumOrderQuantity, b.IsPrimary, b.Notes)}
	}
	list, err := h.svc.ReplaceCatalogue(ctx, auth.TenantID(ctx), req.VendorId, offers)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceVendorMaterialCatalogue200JSONResponse(listToAPI(list)), nil
}

// termsFromAPI parses an offer's members, which every write body carries under the same
// names (the bodies differ in the ids they name).
func termsFromAPI(number, name *string, price dec.Decimal, unit gen.MaterialPriceUnit, code *string,
	leadTime *int32, moq *dec.Decimal, primary *bool, notes *string) Terms {
	t := Terms{VendorItemNumber: number, VendorItemName: name, Price: price, PriceUnit: PriceUnit(unit),
		CurrencyCode: code, MinimumOrderQuantity: moq, IsPrimary: primary != nil && *primary, Notes: notes}
	if leadTime != nil {
		days := int(*leadTime)
		t.LeadTimeInDays = &days
	}
	return t
}

func listToAPI(list []MaterialVendor) []gen.MaterialVendor {
	out := make([]gen.MaterialVendor, len(list))
	for i, m := range list {
		out[i] = toAPI(m)
	}
	return out
}

func toAPI(m MaterialVendor) gen.MaterialVendor {
	out := gen.MaterialVendor{
		Id: m.ID, MaterialId: m.MaterialID, VendorId: m.VendorID, VendorName: m.VendorName,
		VendorItemNumber: m.VendorItemNumber, VendorItemName: m.VendorItemName,
		Price: m.Price, PriceUnit: gen.MaterialPriceUnit(m.PriceUnit), CurrencyCode: m.CurrencyCode,
		MinimumOrderQuantity: m.MinimumOrderQuantity, IsPrimary: m.IsPrimary, Notes: m.Notes,
		CreatedUtc: utctime.From(m.CreatedUtc), ModifiedUtc: utctime.From(m.ModifiedUtc),
	}
	if m.LeadTimeInDays != nil {
		days := int32(*m.LeadTimeInDays)
		out.LeadTimeInDays = &days
	}
	return out
}
