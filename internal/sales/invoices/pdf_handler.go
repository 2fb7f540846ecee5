package invoices

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/shared/docpdf"
)

// GetInvoicePdf answers the invoice as a PDF, or 304 when the client's copy is current.
func (h *InvoicesHandler) GetInvoicePdf(ctx context.Context, req gen.GetInvoicePdfRequestObject) (gen.GetInvoicePdfResponseObject, error) {
	p := auth.From(ctx)
	printed, err := h.svc.PDF(ctx, p.TenantID, p.TenantTimezone, req.InvoiceId, req.Params.IfNoneMatch)
	if err != nil {
		return nil, err
	}
	ok, notModified := docpdf.Responses(printed)
	if printed.NotModified {
		return gen.GetInvoicePdf304Response(notModified), nil
	}
	return gen.GetInvoicePdf200ApplicationpdfResponse{DocumentPdfApplicationpdfResponse: ok}, nil
}
