package items

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
)

// The operations of an item's sales price breaks, on ItemsHandler.

func (h *ItemsHandler) ReplaceItemSalesPriceBreaks(ctx context.Context, req gen.ReplaceItemSalesPriceBreaksRequestObject) (gen.ReplaceItemSalesPriceBreaksResponseObject, error) {
	ws := make([]SalesPriceBreakWrite, len(req.Body.PriceBreaks))
	for i, b := range req.Body.PriceBreaks {
		ws[i] = SalesPriceBreakWrite{
			Quantity: int(b.Quantity), Price: b.Price, Margin: b.Margin, CurrencyCode: b.CurrencyCode,
			CustomerID: b.CustomerId, CustomerTierID: b.CustomerTierId, UnitName: b.UnitOfMeasureName,
		}
		if b.Type != nil {
			ws[i].Type = SalesBreakType(*b.Type)
		}
	}
	p := auth.From(ctx)
	list, err := h.svc.ReplaceSalesPriceBreaks(ctx, p.TenantID, p.TenantCurrency, req.ItemId, ws)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceItemSalesPriceBreaks200JSONResponse(salesPriceBreaksToAPI(list)), nil
}

func (h *ItemsHandler) ListItemSalesPriceBreaks(ctx context.Context, req gen.ListItemSalesPriceBreaksRequestObject) (gen.ListItemSalesPriceBreaksResponseObject, error) {
	var f SalesPriceBreakFilter
	if b := req.Body; b != nil {
		if b.CustomerIds != nil {
			f.CustomerIDs = *b.CustomerIds
		}
		if b.CustomerTierIds != nil {
			f.CustomerTierIDs = *b.CustomerTierIds
		}
		f.ListPriceOnly = isTrue(b.ListPriceOnly)
	}
	p := req.Params
	list, err := h.svc.SalesPriceBreaks(ctx, auth.TenantID(ctx), req.ItemId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListItemSalesPriceBreaks200JSONResponse(salesPriceBreaksToAPI(list)), nil
}

func customerTiersToAPI(list []CustomerTierPrices) []gen.ItemCustomerTierPrices {
	out := make([]gen.ItemCustomerTierPrices, len(list))
	for i, t := range list {
		out[i] = gen.ItemCustomerTierPrices{
			CustomerTier: gen.CustomerTier{Id: t.Tier.ID, Name: t.Tier.Name, Description: t.Tier.Description},
			PriceBreaks:  salesPriceBreaksToAPI(t.PriceBreaks),
		}
	}
	return out
}

func salesPriceBreaksToAPI(list []SalesPriceBreak) []gen.PriceBreak {
	out := make([]gen.PriceBreak, len(list))
	for i, b := range list {
		out[i] = gen.PriceBreak{
			Quantity: int32(b.Quantity), Type: gen.PriceBreakType(b.Type), Price: b.Price, Margin: b.Margin,
			CurrencyCode: b.CurrencyCode, CustomerId: b.CustomerID, CustomerTierId: b.CustomerTierID,
			UnitOfMeasureName: b.UnitName,
		}
	}
	return out
}
