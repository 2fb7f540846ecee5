package settings

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
)

// SettingsHandler serves /api/settings/*.
type SettingsHandler struct {
	svc *Service
}

// NewHandler returns the settings handler.
func NewHandler(svc *Service) *SettingsHandler { return &SettingsHandler{svc: svc} }

func (h *SettingsHandler) GetPricingSettings(ctx context.Context, _ gen.GetPricingSettingsRequestObject) (gen.GetPricingSettingsResponseObject, error) {
	p, err := h.svc.Pricing(ctx, auth.TenantID(ctx))
	if err != nil {
		return nil, err
	}
	return gen.GetPricingSettings200JSONResponse{Body: pricingToAPI(p)}, nil
}

func (h *SettingsHandler) UpdatePricingSettings(ctx context.Context, req gen.UpdatePricingSettingsRequestObject) (gen.UpdatePricingSettingsResponseObject, error) {
	b := req.Body
	p, err := h.svc.SetPricing(ctx, auth.TenantID(ctx), Pricing{
		UseMarginBasedPricing: b.UseMarginBasedPricing,
		UseDefaultMargin:      b.UseDefaultMargin,
		DefaultMargin:         b.DefaultMargin,
		UseShopRatePricing:    b.UseShopRatePricing,
		DefaultMaterialMarkup: b.DefaultMaterialMarkup,
	})
	if err != nil {
		return nil, err
	}
	return gen.UpdatePricingSettings200JSONResponse{Body: pricingToAPI(p)}, nil
}

func (h *SettingsHandler) GetCostingSettings(ctx context.Context, _ gen.GetCostingSettingsRequestObject) (gen.GetCostingSettingsResponseObject, error) {
	c, err := h.svc.Costing(ctx, auth.TenantID(ctx))
	if err != nil {
		return nil, err
	}
	return gen.GetCostingSettings200JSONResponse{Body: costingToAPI(c)}, nil
}

func (h *SettingsHandler) UpdateCostingSettings(ctx context.Context, req gen.UpdateCostingSettingsRequestObject) (gen.UpdateCostingSettingsResponseObject, error) {
	c, err := h.svc.SetCosting(ctx, auth.TenantID(ctx), Costing{OverheadCalculationMethod: OverheadMethod(req.Body.OverheadCalculationMethod)})
	if err != nil {
		return nil, err
	}
	return gen.UpdateCostingSettings200JSONResponse{Body: costingToAPI(c)}, nil
}

func pricingToAPI(p Pricing) gen.PricingSettings {
	return gen.PricingSettings{
		UseMarginBasedPricing: p.UseMarginBasedPricing,
		UseDefaultMargin:      p.UseDefaultMargin,
		DefaultMargin:         p.DefaultMargin,
		UseShopRatePricing:    p.UseShopRatePricing,
		DefaultMaterialMarkup: p.DefaultMaterialMarkup,
	}
}

func costingToAPI(c Costing) gen.CostingSettings {
	return gen.CostingSettings{OverheadCalculationMethod: gen.CostingSettingsOverheadCalculationMethod(c.OverheadCalculationMethod)}
}
