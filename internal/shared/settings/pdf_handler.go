package settings

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
)

// PDFSettingsHandler serves /api/settings/pdf.
type PDFSettingsHandler struct {
	svc *PDFService
}

// NewPDFHandler returns the PDF settings handler.
func NewPDFHandler(svc *PDFService) *PDFSettingsHandler { return &PDFSettingsHandler{svc: svc} }

func (h *PDFSettingsHandler) GetPdfSettings(ctx context.Context, _ gen.GetPdfSettingsRequestObject) (gen.GetPdfSettingsResponseObject, error) {
	p, err := h.svc.Get(ctx, auth.TenantID(ctx))
	if err != nil {
		return nil, err
	}
	return gen.GetPdfSettings200JSONResponse{Body: pdfToAPI(p)}, nil
}

func (h *PDFSettingsHandler) UpdatePdfSettings(ctx context.Context, req gen.UpdatePdfSettingsRequestObject) (gen.UpdatePdfSettingsResponseObject, error) {
	p, err := h.svc.Set(ctx, auth.TenantID(ctx), pdfFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdatePdfSettings200JSONResponse{Body: pdfToAPI(p)}, nil
}

// pdfFromAPI reads a full update: omitted members take DefaultPDF's values.
func pdfFromAPI(b gen.PdfSettings) PDF {
	p := DefaultPDF
	if b.ShowLogo != nil {
		p.ShowLogo = *b.ShowLogo
	}
	if b.DateFormat != nil {
		p.DateFormat = DateFormat(*b.DateFormat)
	}
	if b.PageSize != nil {
		p.PageSize = PageSize(*b.PageSize)
	}
	if b.PackingSlipShowsPrices != nil {
		p.PackingSlipShowsPrices = *b.PackingSlipShowsPrices
	}
	p.LogoAttachmentID, p.FooterText, p.DocumentEmail = b.LogoAttachmentId, b.FooterText, b.DocumentEmail
	if t := b.Terms; t != nil {
		p.Terms = PDFTerms{Quote: t.Quote, SalesOrder: t.SalesOrder, Invoice: t.Invoice, PurchaseOrder: t.PurchaseOrder, PackingSlip: t.PackingSlip}
	}
	return p
}

func pdfToAPI(p PDF) gen.PdfSettings {
	dateFormat, pageSize := gen.PdfSettingsDateFormat(p.DateFormat), gen.PdfSettingsPageSize(p.PageSize)
	t := p.Terms
	return gen.PdfSettings{
		ShowLogo:               &p.ShowLogo,
		LogoAttachmentId:       p.LogoAttachmentID,
		FooterText:             p.FooterText,
		DateFormat:             &dateFormat,
		PageSize:               &pageSize,
		DocumentEmail:          p.DocumentEmail,
		PackingSlipShowsPrices: &p.PackingSlipShowsPrices,
		Terms:                  &gen.PdfTerms{Quote: t.Quote, SalesOrder: t.SalesOrder, Invoice: t.Invoice, PurchaseOrder: t.PurchaseOrder, PackingSlip: t.PackingSlip},
	}
}
