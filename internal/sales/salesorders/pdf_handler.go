package salesorders

import (
	"context"

	"mos/gen"
	"mos/internal/shared/docpdf"
)

// GetSalesOrderPdf answers the order acknowledgement as PDF, or 304 when If-None-Match names
// its current ETag.
func (h *SalesOrdersHandler) GetSalesOrderPdf(ctx context.Context, req gen.GetSalesOrderPdfRequestObject) (gen.GetSalesOrderPdfResponseObject, error) {
	t := tenantOf(ctx)
	printed, err := h.svc.PDF(ctx, t.ID, t.Timezone, req.SalesOrderId, req.Params.IfNoneMatch)
	if err != nil {
		return nil, err
	}
	ok, notModified := docpdf.Responses(printed)
	if printed.NotModified {
		return gen.GetSalesOrderPdf304Response(notModified), nil
	}
	return gen.GetSalesOrderPdf200ApplicationpdfResponse{DocumentPdfApplicationpdfResponse: ok}, nil
}
