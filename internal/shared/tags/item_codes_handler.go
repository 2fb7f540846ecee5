package tags

import (
	"context"

	"mos/gen"
)

// The item code lists: create, get and list for each, served by the shared Tag-shaped list
// helpers in handler.go.

func (h *TagsHandler) CreateMaterialCode(ctx context.Context, req gen.CreateMaterialCodeRequestObject) (gen.CreateMaterialCodeResponseObject, error) {
	created, err := h.create(ctx, MaterialCodes, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.CreateMaterialCode200JSONResponse{CreatedJSONResponse: created}, nil
}

func (h *TagsHandler) GetMaterialCode(ctx context.Context, req gen.GetMaterialCodeRequestObject) (gen.GetMaterialCodeResponseObject, error) {
	t, err := h.get(ctx, MaterialCodes, req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetMaterialCode200JSONResponse{Body: t}, nil
}

func (h *TagsHandler) ListMaterialCodes(ctx context.Context, req gen.ListMaterialCodesRequestObject) (gen.ListMaterialCodesResponseObject, error) {
	out, err := h.list(ctx, MaterialCodes, listParams(req.Params), req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ListMaterialCodes200JSONResponse(out), nil
}

func (h *TagsHandler) CreateItemCategory(ctx context.Context, req gen.CreateItemCategoryRequestObject) (gen.CreateItemCategoryResponseObject, error) {
	created, err := h.create(ctx, ItemCategories, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.CreateItemCategory200JSONResponse{CreatedJSONResponse: created}, nil
}

func (h *TagsHandler) GetItemCategory(ctx context.Context, req gen.GetItemCategoryRequestObject) (gen.GetItemCategoryResponseObject, error) {
	t, err := h.get(ctx, ItemCategories, req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetItemCategory200JSONResponse{Body: t}, nil
}

func (h *TagsHandler) ListItemCategories(ctx context.Context, req gen.ListItemCategoriesRequestObject) (gen.ListItemCategoriesResponseObject, error) {
	out, err := h.list(ctx, ItemCategories, listParams(req.Params), req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ListItemCategories200JSONResponse(out), nil
}

func (h *TagsHandler) CreateGradeCode(ctx context.Context, req gen.CreateGradeCodeRequestObject) (gen.CreateGradeCodeResponseObject, error) {
	created, err := h.create(ctx, GradeCodes, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.CreateGradeCode200JSONResponse{CreatedJSONResponse: created}, nil
}

func (h *TagsHandler) GetGradeCode(ctx context.Context, req gen.GetGradeCodeRequestObject) (gen.GetGradeCodeResponseObject, error) {
	t, err := h.get(ctx, GradeCodes, req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetGradeCode200JSONResponse{Body: t}, nil
}

func (h *TagsHandler) ListGradeCodes(ctx context.Context, req gen.ListGradeCodesRequestObject) (gen.ListGradeCodesResponseObject, error) {
	out, err := h.list(ctx, GradeCodes, listParams(req.Params), req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ListGradeCodes200JSONResponse(out), nil
}

func (h *TagsHandler) CreateShapeCode(ctx context.Context, req gen.CreateShapeCodeRequestObject) (gen.CreateShapeCodeResponseObject, error) {
	created, err := h.create(ctx, ShapeCodes, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.CreateShapeCode200JSONResponse{CreatedJSONResponse: created}, nil
}

func (h *TagsHandler) GetShapeCode(ctx context.Context, req gen.GetShapeCodeRequestObject) (gen.GetShapeCodeResponseObject, error) {
	t, err := h.get(ctx, ShapeCodes, req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetShapeCode200JSONResponse{Body: t}, nil
}

func (h *TagsHandler) ListShapeCodes(ctx context.Context, req gen.ListShapeCodesRequestObject) (gen.ListShapeCodesResponseObject, error) {
	out, err := h.list(ctx, ShapeCodes, listParams(req.Params), req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ListShapeCodes200JSONResponse(out), nil
}

func (h *TagsHandler) CreateGaugeCode(ctx context.Context, req gen.CreateGaugeCodeRequestObject) (gen.CreateGaugeCodeResponseObject, error) {
	created, err := h.create(ctx, GaugeCodes, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.CreateGaugeCode200JSONResponse{CreatedJSONResponse: created}, nil
}

func (h *TagsHandler) GetGaugeCode(ctx context.Context, req gen.GetGaugeCodeRequestObject) (gen.GetGaugeCodeResponseObject, error) {
	t, err := h.get(ctx, GaugeCodes, req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetGaugeCode200JSONResponse{Body: t}, nil
}

func (h *TagsHandler) ListGaugeCodes(ctx context.Context, req gen.ListGaugeCodesRequestObject) (gen.ListGaugeCodesResponseObject, error) {
	out, err := h.list(ctx, GaugeCodes, listParams(req.Params), req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ListGaugeCodes200JSONResponse(out), nil
}

func (h *TagsHandler) CreateItemClass(ctx context.Context, req gen.CreateItemClassRequestObject) (gen.CreateItemClassResponseObject, error) {
	created, err := h.create(ctx, ItemClasses, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.CreateItemClass200JSONResponse{CreatedJSONResponse: created}, nil
}

func (h *TagsHandler) GetItemClass(ctx context.Context, req gen.GetItemClassRequestObject) (gen.GetItemClassResponseObject, error) {
	t, err := h.get(ctx, ItemClasses, req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetItemClass200JSONResponse{Body: t}, nil
}

func (h *TagsHandler) ListItemClasses(ctx context.Context, req gen.ListItemClassesRequestObject) (gen.ListItemClassesResponseObject, error) {
	out, err := h.list(ctx, ItemClasses, listParams(req.Params), req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ListItemClasses200JSONResponse(out), nil
}
