package companies

import (
	"context"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
)

// CompaniesHandler serves company records.
type CompaniesHandler struct {
	svc *Service
	// patchTarget is the full-update schema a patched company must satisfy.
	patchTarget *patch.Target
}

// NewHandler returns the companies handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *CompaniesHandler {
	return &CompaniesHandler{svc: svc, patchTarget: patch.NewTarget(spec, "CompanyInfoWrite")}
}

// Versioned declares the company records for conditional requests (ETag, If-Match).
func (h *CompaniesHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "companies", Key: map[string]string{"id": "companyId"},
		Operations: []string{"getCompany", "updateCompany", "patchCompany"}}}
}

func (h *CompaniesHandler) CreateCompany(ctx context.Context, req gen.CreateCompanyRequestObject) (gen.CreateCompanyResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateCompany200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *CompaniesHandler) GetCompany(ctx context.Context, req gen.GetCompanyRequestObject) (gen.GetCompanyResponseObject, error) {
	c, err := h.svc.Get(ctx, auth.TenantID(ctx), req.CompanyId)
	if err != nil {
		return nil, err
	}
	return gen.GetCompany200JSONResponse{Body: toAPI(c)}, nil
}

func (h *CompaniesHandler) UpdateCompany(ctx context.Context, req gen.UpdateCompanyRequestObject) (gen.UpdateCompanyResponseObject, error) {
	c, err := h.svc.Update(ctx, auth.TenantID(ctx), req.CompanyId, fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateCompany200JSONResponse{Body: toAPI(c)}, nil
}

// PatchCompany applies the patch to the company's read shape inside the service's
// transaction, then saves the result through the full-update rules.
func (h *CompaniesHandler) PatchCompany(ctx context.Context, req gen.PatchCompanyRequestObject) (gen.PatchCompanyResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	c, err := h.svc.Patch(ctx, auth.TenantID(ctx), req.CompanyId, func(current Company) (CompanyWrite, error) {
		var w gen.CompanyInfoWrite
		if err := h.patchTarget.ApplyInto(toAPI(current), ops, &w); err != nil {
			return CompanyWrite{}, err
		}
		return fromAPI(w), nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchCompany200JSONResponse{Body: toAPI(c)}, nil
}

func (h *CompaniesHandler) ListCompanies(ctx context.Context, req gen.ListCompaniesRequestObject) (gen.ListCompaniesResponseObject, error) {
	var f Filter
	if req.Body != nil {
		f.IsPrimary = req.Body.IsPrimary
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListCompanies200JSONResponse, len(list))
	for i, c := range list {
		out[i] = toAPI(c)
	}
	return out, nil
}

func fromAPI(b gen.CompanyInfoWrite) CompanyWrite {
	w := CompanyWrite{Name: b.Name, PhoneNumber: b.PhoneNumber, FaxNumber: b.FaxNumber, Email: b.Email}
	if b.IsPrimary != nil {
		w.IsPrimary = *b.IsPrimary
	}
	if b.ShipToAddress != nil {
		w.ShipTo = addressFromAPI(*b.ShipToAddress)
	}
	if b.RemitToAddress != nil {
		w.RemitTo = addressFromAPI(*b.RemitToAddress)
	}
	return w
}

func addressFromAPI(a gen.Address) Address {
	return Address{
		Name: a.Name, Address1: a.Address1, Address2: a.Address2, Address3: a.Address3, City: a.City,
		StateProvince: a.StateProvince, PostalCode: a.PostalCode, Country: a.Country, Phone: a.Phone, Email: a.Email,
	}
}

func toAPI(c Company) gen.CompanyInfo {
	return gen.CompanyInfo{
		Id: c.ID, IsPrimary: c.IsPrimary, Name: c.Name,
		ShipToAddress: addressToAPI(c.ShipTo), RemitToAddress: addressToAPI(c.RemitTo),
		PhoneNumber: c.PhoneNumber, FaxNumber: c.FaxNumber, Email: c.Email,
	}
}

func addressToAPI(a Address) gen.Address {
	return gen.Address{
		Name: a.Name, Address1: a.Address1, Address2: a.Address2, Address3: a.Address3, City: a.City,
		StateProvince: a.StateProvince, PostalCode: a.PostalCode, Country: a.Country, Phone: a.Phone, Email: a.Email,
	}
}
