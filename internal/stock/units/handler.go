package units

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
)

// UnitsOfMeasureHandler serves /api/units-of-measure.
type UnitsOfMeasureHandler struct {
	svc *Service
}

// NewHandler returns the units of measure handler.
func NewHandler(svc *Service) *UnitsOfMeasureHandler { return &UnitsOfMeasureHandler{svc: svc} }

func (h *UnitsOfMeasureHandler) ListUnitsOfMeasure(ctx context.Context, req gen.ListUnitsOfMeasureRequestObject) (gen.ListUnitsOfMeasureResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f.TypeName, f.Name = b.UnitTypeName, b.Name
	}
	p := req.Params
	types, err := h.svc.List(ctx, auth.TenantID(ctx), f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListUnitsOfMeasure200JSONResponse, len(types))
	for i, t := range types {
		out[i] = toAPI(t)
	}
	return out, nil
}

func toAPI(t UnitType) gen.UnitType {
	out := gen.UnitType{Id: t.ID, Name: t.Name, BaseUnitName: t.BaseUnitName, Units: make([]gen.UnitOfMeasure, len(t.Units))}
	for i, u := range t.Units {
		out.Units[i] = gen.UnitOfMeasure{Id: u.ID, Name: u.Name, IsBase: u.IsBase}
		if u.Factor != nil {
			f := u.Factor.Decimal()
			out.Units[i].Factor = &f
		}
	}
	return out
}
