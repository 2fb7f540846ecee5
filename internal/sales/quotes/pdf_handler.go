package quotes

import (
	"context"

	"mos/gen"
	"mos/internal/shared/docpdf"
)

// GetQuotePdf answers the quote as a PDF (getQuotePdf), or 304 when If-None-Match names the
// copy the client holds.
func (h *QuotesHandler) GetQuotePdf(ctx context.Context, req gen.GetQuotePdfRequestObject) (gen.GetQuotePdfResponseObject, error) {
	t := tenantOf(ctx)
	printed, err := h.svc.PDF(ctx, t.ID, t.Timezone, req.QuoteId, req.Params.IfNoneMatch)
	if err != nil {
		return nil, err
	}
	ok, notModified := docpdf.Responses(printed)
	if printed.NotModified {
		return gen.GetQuotePdf304Response(notModified), nil
	}
	return gen.GetQuotePdf200ApplicationpdfResponse{DocumentPdfApplicationpdfResponse: ok}, nil
}
