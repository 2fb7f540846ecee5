package items

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/listing"
)

func (h *ItemsHandler) ReplaceItemPurchasePriceBreaks(ctx context.Context, req gen.ReplaceItemPurchasePriceBreaksRequestObject) (gen.ReplaceItemPurchasePriceBreaksResponseObject, error) {
	breaks := make([]PurchasePriceBreakWrite, len(req.Body.PriceBreaks))
	for i, b := range req.Body.PriceBreaks {
		breaks[i] = PurchasePriceBreakWrite{
			VendorID: b.VendorId, Quantity: int(b.Quantity), Price: b.Price, CurrencyCode: b.CurrencyCode, UnitName: b.UnitOfMeasureName,
		}
	}
	list, err := h.svc.ReplacePurchasePriceBreaks(ctx, auth.TenantID(ctx), req.ItemId, breaks)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceItemPurchasePriceBreaks200JSONResponse(purchasePriceBreaksToAPI(list)), nil
}

func (h *ItemsHandler) ListItemPurchasePriceBreaks(ctx context.Context, req gen.ListItemPurchasePriceBreaksRequestObject) (gen.ListItemPurchasePriceBreaksResponseObject, error) {
	var vendorIDs []string
	if req.Body != nil && req.Body.VendorIds != nil {
		vendorIDs = *req.Body.VendorIds
	}
	p := req.Params
	list, err := h.svc.PurchasePriceBreaks(ctx, auth.TenantID(ctx), req.ItemId, vendorIDs,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListItemPurchasePriceBreaks200JSONResponse(purchasePriceBreaksToAPI(list)), nil
}

func purchasePriceBreaksToAPI(list []PurchasePriceBreak) []gen.PriceBreak {
	out := make([]gen.PriceBreak, len(list))
	for i, b := range list {
		out[i] = purchasePriceBreakToAPI(b.VendorID, b.UnitName, b.VendorPriceBreak)
	}
	return out
}

// purchasePriceBreakToAPI is a vendor detail's break in the shared PriceBreak shape: always
// type price, with the detail's vendor and unit; the sales members are null.
func purchasePriceBreakToAPI(vendorID, unitName string, b VendorPriceBreak) gen.PriceBreak {
	price := b.Price
	return gen.PriceBreak{
		Quantity: int32(b.Quantity), Price: &price, CurrencyCode: b.CurrencyCode,
		VendorId: &vendorID, UnitOfMeasureName: unitName, Type: gen.PriceBreakTypePrice,
	}
}
