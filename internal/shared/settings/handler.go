package settings

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
)

// SettingsHandler serves /api/settings/*.
type SettingsHandler struct {
	svc *Service
}

// NewHandler returns the settings handler.
func NewHandler(svc *Service) *SettingsHandler { return &SettingsHandler{svc: svc} }

// Versioned declares the tenant's settings for conditional requests (ETag, If-Match): pricing
// and costing are one record, so a change of either moves the ETag of both. A tenant that
// never saved settings reads as version 0.
func (h *SettingsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "settings",
		Operations: []string{"getPricingSettings", "updatePricingSettings", "getCostingSettings", "updateCostingSettings",
			"getQuoteSettings", "updateQuoteSettings", "getSalesOrderSettings", "updateSalesOrderSettings"}}}
}

// Versioned declares the PDF settings, a record of their own: documents render with them, so
// their ETag moves only when they change.
func (h *PDFSettingsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "pdf_settings", Operations: []string{"getPdfSettings", "updatePdfSettings"}}}
}

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

func (h *SettingsHandler) GetQuoteSettings(ctx context.Context, _ gen.GetQuoteSettingsRequestObject) (gen.GetQuoteSettingsResponseObject, error) {
	qs, err := h.svc.QuoteSettings(ctx, auth.TenantID(ctx))
	if err != nil {
		return nil, err
	}
	return gen.GetQuoteSettings200JSONResponse{Body: gen.QuoteSettings{ValidityDays: qs.ValidityDays}}, nil
}

func (h *SettingsHandler) UpdateQuoteSettings(ctx context.Context, req gen.UpdateQuoteSettingsRequestObject) (gen.UpdateQuoteSettingsResponseObject, error) {
	qs, err := h.svc.SetQuoteSettings(ctx, auth.TenantID(ctx), Quotes{ValidityDays: req.Body.ValidityDays})
	if err != nil {
		return nil, err
	}
	return gen.UpdateQuoteSettings200JSONResponse{Body: gen.QuoteSettings{ValidityDays: qs.ValidityDays}}, nil
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

func (h *SettingsHandler) GetSalesOrderSettings(ctx context.Context, _ gen.GetSalesOrderSettingsRequestObject) (gen.GetSalesOrderSettingsResponseObject, error) {
	so, err := h.svc.SalesOrderSettings(ctx, nil, auth.TenantID(ctx))
	if err != nil {
		return nil, err
	}
	return gen.GetSalesOrderSettings200JSONResponse{Body: salesOrdersToAPI(so)}, nil
}

func (h *SettingsHandler) UpdateSalesOrderSettings(ctx context.Context, req gen.UpdateSalesOrderSettingsRequestObject) (gen.UpdateSalesOrderSettingsResponseObject, error) {
	var so SalesOrders
	if v := req.Body.AutoAddCustomerTaxRates; v != nil {
		so.AutoAddCustomerTaxRates = *v
	}
	so, err := h.svc.SetSalesOrderSettings(ctx, auth.TenantID(ctx), so)
	if err != nil {
		return nil, err
	}
	return gen.UpdateSalesOrderSettings200JSONResponse{Body: salesOrdersToAPI(so)}, nil
}

func salesOrdersToAPI(so SalesOrders) gen.SalesOrderSettings {
	return gen.SalesOrderSettings{AutoAddCustomerTaxRates: &so.AutoAddCustomerTaxRates}
}
