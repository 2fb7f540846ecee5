package settings

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
)

type pdfRow struct {
	ShowLogo               bool           `db:"show_logo"`
	LogoAttachmentID       sql.NullString `db:"logo_attachment_id"`
	FooterText             sql.NullString `db:"footer_text"`
	DateFormat             string         `db:"date_format"`
	PageSize               string         `db:"page_size"`
	DocumentEmail          sql.NullString `db:"document_email"`
	PackingSlipShowsPrices bool           `db:"packing_slip_shows_prices"`
	QuoteTerms             sql.NullString `db:"quote_terms"`
	SalesOrderTerms        sql.NullString `db:"sales_order_terms"`
	InvoiceTerms           sql.NullString `db:"invoice_terms"`
	PurchaseOrderTerms     sql.NullString `db:"purchase_order_terms"`
	PackingSlipTerms       sql.NullString `db:"packing_slip_terms"`
}

func text(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}

func (r pdfRow) toPDF() PDF {
	return PDF{
		ShowLogo:               r.ShowLogo,
		LogoAttachmentID:       text(r.LogoAttachmentID),
		FooterText:             text(r.FooterText),
		DateFormat:             DateFormat(r.DateFormat),
		PageSize:               PageSize(r.PageSize),
		DocumentEmail:          text(r.DocumentEmail),
		PackingSlipShowsPrices: r.PackingSlipShowsPrices,
		Terms: PDFTerms{
			Quote: text(r.QuoteTerms), SalesOrder: text(r.SalesOrderTerms), Invoice: text(r.InvoiceTerms),
			PurchaseOrder: text(r.PurchaseOrderTerms), PackingSlip: text(r.PackingSlipTerms),
		},
	}
}

const pdfColumns = `show_logo, logo_attachment_id, footer_text, date_format, page_size, document_email,
packing_slip_shows_prices, quote_terms, sales_order_terms, invoice_terms, purchase_order_terms,
packing_slip_terms`

const getPDFSQL = `SELECT ` + pdfColumns + ` FROM pdf_settings WHERE tenant_id = $1`

// pdf returns the tenant's PDF settings, DefaultPDF when never saved.
func (store) pdf(ctx context.Context, q db.Q, tenantID string) (PDF, error) {
	var r pdfRow
	err := sqlx.GetContext(ctx, q, &r, getPDFSQL, tenantID)
	if errors.Is(err, sql.ErrNoRows) {
		return DefaultPDF, nil
	}
	if err != nil {
		return PDF{}, fmt.Errorf("get pdf settings: %w", err)
	}
	return r.toPDF(), nil
}

const savePDFSQL = `
INSERT INTO pdf_settings (tenant_id, show_logo, logo_attachment_id, footer_text, date_format, page_size,
    document_email, packing_slip_shows_prices, quote_terms, sales_order_terms, invoice_terms,
    purchase_order_terms, packing_slip_terms)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
ON CONFLICT (tenant_id) DO UPDATE SET
    show_logo = EXCLUDED.show_logo,
    logo_attachment_id = EXCLUDED.logo_attachment_id,
    footer_text = EXCLUDED.footer_text,
    date_format = EXCLUDED.date_format,
    page_size = EXCLUDED.page_size,
    document_email = EXCLUDED.document_email,
    packing_slip_shows_prices = EXCLUDED.packing_slip_shows_prices,
    quote_terms = EXCLUDED.quote_terms,
    sales_order_terms = EXCLUDED.sales_order_terms,
    invoice_terms = EXCLUDED.invoice_terms,
    purchase_order_terms = EXCLUDED.purchase_order_terms,
    packing_slip_terms = EXCLUDED.packing_slip_terms,
    modified_utc = now()
RETURNING ` + pdfColumns

func (store) savePDF(ctx context.Context, q db.Q, tenantID string, p PDF) (PDF, error) {
	var r pdfRow
	t := p.Terms
	err := sqlx.GetContext(ctx, q, &r, savePDFSQL, tenantID, p.ShowLogo, p.LogoAttachmentID, p.FooterText,
		string(p.DateFormat), string(p.PageSize), p.DocumentEmail, p.PackingSlipShowsPrices,
		t.Quote, t.SalesOrder, t.Invoice, t.PurchaseOrder, t.PackingSlip)
	if err != nil {
		return PDF{}, fmt.Errorf("save pdf settings: %w", err)
	}
	return r.toPDF(), nil
}
