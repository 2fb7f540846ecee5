package vendors

import (
	"context"
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/platform/web"
)

// VendorsHandler serves /api/vendors and a vendor's addresses and contacts.
type VendorsHandler struct {
	svc *Service
	// patchTarget is the full-update schema a patched vendor must satisfy; the read-only
	// members are not in it, so patch paths naming them answer 400.
	patchTarget *patch.Target
}

// NewHandler returns the vendors handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *VendorsHandler {
	return &VendorsHandler{svc: svc, patchTarget: patch.NewTarget(spec, "VendorWrite")}
}

// Versioned declares vendors, their addresses and their contacts for conditional requests
// (ETag, If-Match).
func (h *VendorsHandler) Versioned() []conditional.Record {
	return []conditional.Record{
		{Table: "vendors", Key: map[string]string{"id": "id"},
			Operations: []string{"getVendor", "updateVendor", "patchVendor"}},
		{Table: "vendor_addresses", Key: map[string]string{"id": "vendorAddressId", "vendor_id": "vendorId"},
			Operations: []string{"getVendorAddress", "updateVendorAddress", "deleteVendorAddress"}},
		{Table: "vendor_contacts", Key: map[string]string{"id": "contactId", "vendor_id": "vendorId"},
			Operations: []string{"getVendorContact", "updateVendorContact", "deleteVendorContact"}},
	}
}

// tenantOf is the calling tenant with its primary currency, the default currencyCode.
func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, Currency: p.TenantCurrency}
}

func fromAPI(b gen.VendorWrite) VendorWrite {
	w := VendorWrite{Name: b.Name, Code: b.Code, CurrencyCode: b.CurrencyCode, PaymentTermsID: b.PaymentTermsId,
		Notes: b.Notes, Website: b.Website, Phone: b.Phone, Email: b.Email}
	if b.LeadTimeInDays != nil {
		days := int(*b.LeadTimeInDays)
		w.LeadTimeInDays = &days
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	return w
}

func toAPI(v Vendor) gen.Vendor {
	return gen.Vendor{
		Id: v.ID, Name: v.Name, Code: v.Code, CurrencyCode: v.CurrencyCode, PaymentTermsId: v.PaymentTermsID, LeadTimeInDays: v.LeadTimeInDays,
		Notes: v.Notes, Website: v.Website, Phone: v.Phone, Email: v.Email,
		ExternalReferences: v.ExternalReferences, CustomFields: v.CustomFields, Deleted: v.Deleted,
		CreatedUtc: utctime.From(v.CreatedUtc), ModifiedUtc: utctime.From(v.ModifiedUtc),
	}
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

// PatchVendor applies the patch to the vendor's read shape inside the service's
// transaction, then saves the result through the full-update rules.
func (h *VendorsHandler) PatchVendor(ctx context.Context, req gen.PatchVendorRequestObject) (gen.PatchVendorResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	v, err := h.svc.Patch(ctx, tenantOf(ctx), req.Id, ops, func(current Vendor) (VendorWrite, error) {
		var w gen.VendorWrite
		if err := h.patchTarget.ApplyInto(toAPI(current), ops, &w); err != nil {
			return VendorWrite{}, err
		}
		return fromAPI(w), nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchVendor200JSONResponse{Body: toAPI(v)}, nil
}

func (h *VendorsHandler) ListVendors(ctx context.Context, req gen.ListVendorsRequestObject) (gen.ListVendorsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f = Filter{Name: b.Name, Code: b.Code}
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
		if b.ModifiedAfterUtc != nil {
			f.ModifiedAfterUtc = &b.ModifiedAfterUtc.Time
		}
		if r := b.ExternalReference; r != nil {
			f.ExternalReference = &extrefFilter{Key: r.Key, Type: r.Type, ExternalID: r.ExternalId}
		}
		if b.IncludeDeleted != nil {
			f.IncludeDeleted = *b.IncludeDeleted
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
