package shapes

import (
	"context"
	"net/http"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/platform/web"
)

// MaterialShapesHandler serves /api/materials.
type MaterialShapesHandler struct {
	svc *Service
}

// NewHandler returns the material shapes handler.
func NewHandler(svc *Service) *MaterialShapesHandler { return &MaterialShapesHandler{svc: svc} }

// Versioned declares the material shapes for conditional requests (ETag, If-Match).
func (h *MaterialShapesHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "material_shapes", Key: map[string]string{"id": "id"},
		Operations: []string{"getMaterialShape", "updateMaterialShape"}}}
}

func fromAPI(b gen.MaterialShapeWrite) Write {
	w := Write{
		Name: b.Name, MaterialName: b.MaterialName, Type: Type(b.ShapeType),
		Thickness: b.Thickness, DimensionUnits: Units(b.DimensionUnits),
		LinearDensity: b.LinearDensity, PlanarDensity: b.PlanarDensity,
		IsActivated: b.IsActivated == nil || *b.IsActivated, // omitted or null: activated
	}
	if b.Dimensions != nil {
		w.Dimensions = *b.Dimensions
	}
	return w
}

func (h *MaterialShapesHandler) CreateMaterialShape(ctx context.Context, req gen.CreateMaterialShapeRequestObject) (gen.CreateMaterialShapeResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateMaterialShape200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *MaterialShapesHandler) GetMaterialShape(ctx context.Context, req gen.GetMaterialShapeRequestObject) (gen.GetMaterialShapeResponseObject, error) {
	s, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetMaterialShape200JSONResponse{Body: toAPI(s)}, nil
}

func (h *MaterialShapesHandler) UpdateMaterialShape(ctx context.Context, req gen.UpdateMaterialShapeRequestObject) (gen.UpdateMaterialShapeResponseObject, error) {
	s, err := h.svc.Update(ctx, auth.TenantID(ctx), req.Id, fromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateMaterialShape200JSONResponse{Body: toAPI(s)}, nil
}

func (h *MaterialShapesHandler) ListMaterialShapes(ctx context.Context, req gen.ListMaterialShapesRequestObject) (gen.ListMaterialShapesResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f.Name, f.IsActivated = b.Name, b.IsActivated
		if b.ShapeTypes != nil {
			f.Types = make([]Type, len(*b.ShapeTypes))
			for i, t := range *b.ShapeTypes {
				f.Types[i] = Type(t)
			}
		}
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
	}
	p := req.Params
	cur, err := h.svc.Stream(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return shapeStream{Records: cur, ToAPI: toAPI}, nil
}

// shapeStream answers a list of material shapes as they are read.
type shapeStream web.JSONArray[Shape, gen.MaterialShape]

func (s shapeStream) VisitListMaterialShapesResponse(w http.ResponseWriter) error {
	return web.JSONArray[Shape, gen.MaterialShape](s).Write(w)
}

func (h *MaterialShapesHandler) ActivateMaterialShapes(ctx context.Context, req gen.ActivateMaterialShapesRequestObject) (gen.ActivateMaterialShapesResponseObject, error) {
	activated := true // the spec's default, filled in by the validator
	if req.Body.IsActivated != nil {
		activated = *req.Body.IsActivated
	}
	shapes, err := h.svc.SetActivated(ctx, auth.TenantID(ctx), req.Body.Ids, activated)
	if err != nil {
		return nil, err
	}
	out := make(gen.ActivateMaterialShapes200JSONResponse, len(shapes))
	for i, s := range shapes {
		out[i] = toAPI(s)
	}
	return out, nil
}

func toAPI(s Shape) gen.MaterialShape {
	dims := gen.MaterialShapeDimensions(s.Dimensions)
	if dims == nil {
		dims = map[string]dec.Decimal{}
	}
	return gen.MaterialShape{
		Id: s.ID, Name: s.Name, MaterialName: s.MaterialName,
		ShapeType: gen.MaterialShapeType(s.Type), Form: gen.MaterialForm(s.Form()),
		Thickness: s.Thickness, Dimensions: dims, DimensionUnits: gen.DimensionUnits(s.DimensionUnits),
		LinearDensity: s.LinearDensity, PlanarDensity: s.PlanarDensity,
		DensityUnits: gen.DensityUnits(s.DensityUnits()),
		IsActivated:  s.IsActivated, Deleted: s.Deleted,
	}
}
