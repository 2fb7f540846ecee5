package purchaseorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/shared/docpdf"
)

// GetPurchaseOrderPdf answers the order as a PDF, or 304 when the client's copy is current.
func (h *PurchaseOrdersHandler) GetPurchaseOrderPdf(ctx context.Context, req gen.GetPurchaseOrderPdfRequestObject) (gen.GetPurchaseOrderPdfResponseObject, error) {
	p := auth.From(ctx)
	printed, err := h.svc.PDF(ctx, p.TenantID, p.TenantTimezone, req.PurchaseOrderId, req.Params.IfNoneMatch)
	if err != nil {
		return nil, err
	}
	ok, notModified := docpdf.Responses(printed)
	if printed.NotModified {
		return gen.GetPurchaseOrderPdf304Response(notModified), nil
	}
	return gen.GetPurchaseOrderPdf200ApplicationpdfResponse{DocumentPdfApplicationpdfResponse: ok}, nil
}
