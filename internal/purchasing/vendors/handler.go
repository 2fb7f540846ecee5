package vendors

import (
	"context"
	"net/http"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/web"
)

// VendorsHandler serves /api/vendors.
type VendorsHandler struct {
	svc *Service
}

// NewHandler returns the vendors handler.
func NewHandler(svc *Service) *VendorsHandler { return &VendorsHandler{svc: svc} }

// Versioned declares the vendors for conditional requests (ETag, If-Match).
func (h *VendorsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "vendors", Key: map[string]string{"id": "id"},
		Operations: []string{"getVendor", "updateVendor"}}}
}

// tenantOf is the calling tenant with its primary currency, the default currencyCode.
func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, Currency: p.TenantCurrency}
}

func fromAPI(b gen.VendorWrite) VendorWrite {
	return VendorWrite{Name: b.Name, CurrencyCode: b.CurrencyCode}
}

func (h *VendorsHandler) CreateVendor(ctx context.Context, req gen.CreateVendorRequestObject) (gen.CreateVendorResponseObject, error) {
	id, err := h.svc.Create(ctx, tenantOf(ctx), fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateVendor200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *VendorsHandler) GetVendor(ctx context.Context, req gen.GetVendorRequestObject) (gen.GetVendorResponseObject, error) {
	v, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetVendor200JSONResponse{Body: toAPI(v)}, nil
}

func (h *VendorsHandler) UpdateVendor(ctx context.Context, req gen.UpdateVendorRequestObject) (gen.UpdateVendorResponseObject, error) {
	v, err := h.svc.Update(ctx, tenantOf(ctx), req.Id, fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateVendor200JSONResponse{Body: toAPI(v)}, nil
}

func (h *VendorsHandler) ListVendors(ctx context.Context, req gen.ListVendorsRequestObject) (gen.ListVendorsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f.Name = b.Name
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
	}
	p := req.Params
	cur, err := h.svc.Stream(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return vendorStream{Records: cur, ToAPI: toAPI}, nil
}

// vendorStream answers a list of vendors as they are read (a page may hold thousands).
type vendorStream web.JSONArray[Vendor, gen.Vendor]

func (s vendorStream) VisitListVendorsResponse(w http.ResponseWriter) error {
	return web.JSONArray[Vendor, gen.Vendor](s).Write(w)
}

func toAPI(v Vendor) gen.Vendor {
	return gen.Vendor{Id: v.ID, Name: v.Name, CurrencyCode: v.CurrencyCode, Deleted: v.Deleted}
}
