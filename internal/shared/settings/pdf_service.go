package settings

import (
	"context"
	"errors"
	"slices"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/shared/attachments"
	"mos/internal/shared/parties"
)

// images reads an attachment as a printable image (the attachments service).
type images interface {
	Image(ctx context.Context, tenantID, id string) ([]byte, error)
}

// PDFService reads and replaces the tenant's PDF and email settings, which every document's
// PDF reads when it renders.
type PDFService struct {
	pool   *db.Pool
	images images
	store  store
}

// NewPDFService returns the PDF settings service; images checks a logo when it is set.
func NewPDFService(pool *db.Pool, images images) *PDFService {
	return &PDFService{pool: pool, images: images}
}

// Get returns the tenant's PDF settings, DefaultPDF when never saved.
func (s *PDFService) Get(ctx context.Context, tenantID string) (PDF, error) {
	return s.store.pdf(ctx, s.pool, tenantID)
}

// Set replaces the tenant's PDF settings and returns them as stored. Blank texts are stored
// as none; a logo must be a stored PNG or JPEG attachment of the tenant (404 naming it when
// unknown, 400 when it is another file).
func (s *PDFService) Set(ctx context.Context, tenantID string, p PDF) (PDF, error) {
	fields := apperr.Fields{}
	p.FooterText = fields.OptionalText("footerText", p.FooterText, maxFooterText)
	p.DocumentEmail = parties.NormalizeEmail(fields, "documentEmail", p.DocumentEmail)
	p.Terms = PDFTerms{
		Quote:         fields.OptionalText("terms.quote", p.Terms.Quote, maxTermsText),
		SalesOrder:    fields.OptionalText("terms.salesOrder", p.Terms.SalesOrder, maxTermsText),
		Invoice:       fields.OptionalText("terms.invoice", p.Terms.Invoice, maxTermsText),
		PurchaseOrder: fields.OptionalText("terms.purchaseOrder", p.Terms.PurchaseOrder, maxTermsText),
		PackingSlip:   fields.OptionalText("terms.packingSlip", p.Terms.PackingSlip, maxTermsText),
	}
	if !slices.Contains(DateFormats, p.DateFormat) {
		fields.Add("dateFormat", "%s", apperr.NotOneOf(string(p.DateFormat), DateFormats))
	}
	if p.PageSize != PageLetter && p.PageSize != PageA4 {
		fields.Add("pageSize", "%s", apperr.NotOneOf(string(p.PageSize), []PageSize{PageLetter, PageA4}))
	}
	if err := fields.Err(); err != nil {
		return PDF{}, err
	}
	if id := p.LogoAttachmentID; id != nil {
		_, err := s.images.Image(ctx, tenantID, *id)
		if errors.Is(err, attachments.ErrNotImage) {
			return PDF{}, apperr.Field("logoAttachmentId", "attachment %s is not a PNG or JPEG image of at most 1 MiB", *id)
		}
		if e, ok := apperr.As(err); ok && e.Kind == apperr.KindNotFound {
			return PDF{}, apperr.NotFoundField("logoAttachmentId", "attachment %s not found (or not a stored file)", *id)
		}
		if err != nil {
			return PDF{}, err
		}
	}
	return s.store.savePDF(ctx, s.pool, tenantID, p)
}
