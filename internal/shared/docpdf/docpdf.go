// Package docpdf is what the five document PDFs (quote, sales order, invoice, purchase order,
// packing slip) share around the renderer: the frame every document is printed in (the
// tenant's primary company as the header, its logo, the footer and terms of the tenant's PDF
// settings, their date format and paper) and the printing itself (the ETag, 304, the file
// name). Each document area fills the rest of the pdf.Document from its own record and
// lines; nothing here reads a document's tables.
package docpdf

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/conditional"
	"mos/internal/platform/shopday"
	"mos/internal/shared/companies"
	"mos/internal/shared/docaddress"
	"mos/internal/shared/pdf"
	"mos/internal/shared/settings"
)

// Kind is a document printed as PDF; it picks the terms text of the settings.
type Kind int

// The documents printed as PDF.
const (
	Quote Kind = iota
	SalesOrder
	Invoice
	PurchaseOrder
	PackingSlip
)

// RendererVersion changes whenever the layout of the rendered files changes (the renderer,
// its fonts, or how a document fills its pdf.Document): it is part of every ETag, so clients
// holding a copy rendered by an older layout fetch the new one.
const RendererVersion = "1"

// The services a frame is read from.
type (
	primaryCompany interface {
		Primary(ctx context.Context, tenantID string) (companies.Company, bool, error)
	}
	pdfSettings interface {
		Get(ctx context.Context, tenantID string) (settings.PDF, error)
	}
	images interface {
		Image(ctx context.Context, tenantID, id string) ([]byte, error)
	}
)

// Printer reads frames and prints documents.
type Printer struct {
	companies primaryCompany
	settings  pdfSettings
	images    images
}

// NewPrinter returns the printer over the companies, PDF settings and attachments services.
func NewPrinter(c primaryCompany, s pdfSettings, i images) *Printer {
	return &Printer{companies: c, settings: s, images: i}
}

// Frame is what a document of one kind prints around its own content: Document has the
// header, paper, footer and terms filled in; the document area adds its title, number, dates,
// parties, lines and totals.
type Frame struct {
	Document pdf.Document
	// Settings are the tenant's PDF settings, for what a document decides itself (whether a
	// packing slip shows prices).
	Settings settings.PDF
	// RemitTo is where the primary company takes payment (its remit-to address), for the
	// documents that ask for it (an invoice); nil when the company has none.
	RemitTo    *pdf.Party
	dateLayout string
	location   *time.Location
}

// Frame reads the frame of a document of kind k, in the tenant's shop timezone (for the days
// of instants). It costs three statements: the settings, the primary company and, when the
// settings show one, the logo's attachment. A logo deleted since the settings named it, or a
// tenant without a primary company, prints without one.
func (p *Printer) Frame(ctx context.Context, tenantID, timezone string, k Kind) (Frame, error) {
	loc, err := shopday.Location(timezone)
	if err != nil {
		return Frame{}, err
	}
	st, err := p.settings.Get(ctx, tenantID)
	if err != nil {
		return Frame{}, err
	}
	f := Frame{Settings: st, dateLayout: st.DateFormat.GoLayout(), location: loc}
	if st.PageSize == settings.PageA4 {
		f.Document.PageSize = pdf.A4
	}
	f.Document.Footer = deref(st.FooterText)
	f.Document.Terms = deref(termsOf(st.Terms, k))
	c, found, err := p.companies.Primary(ctx, tenantID)
	if err != nil {
		return Frame{}, err
	}
	if found {
		f.Document.Company = header(c)
		f.RemitTo = remitTo(c)
	}
	if st.DocumentEmail != nil {
		f.Document.Company.Email = *st.DocumentEmail
	}
	if st.ShowLogo && st.LogoAttachmentID != nil {
		logo, err := p.images.Image(ctx, tenantID, *st.LogoAttachmentID)
		switch e, _ := apperr.As(err); {
		case err == nil:
			f.Document.Company.Logo = logo
		case e != nil && e.Kind == apperr.KindNotFound:
			// deleted since it was set: no logo
		default:
			return Frame{}, err
		}
	}
	return f, nil
}

func termsOf(t settings.PDFTerms, k Kind) *string {
	switch k {
	case Quote:
		return t.Quote
	case SalesOrder:
		return t.SalesOrder
	case Invoice:
		return t.Invoice
	case PurchaseOrder:
		return t.PurchaseOrder
	default:
		return t.PackingSlip
	}
}

// header is the primary company as the issuer: its name, ship-to address, phone and email.
func header(c companies.Company) pdf.Company {
	a := c.ShipTo
	return pdf.Company{
		Name:         c.Name,
		AddressLines: AddressLines(Address{Line1: a.Address1, Line2: a.Address2, Line3: a.Address3, City: a.City, StateProvince: a.StateProvince, PostalCode: a.PostalCode, Country: a.Country}),
		Phone:        deref(firstOf(c.PhoneNumber, a.Phone)),
		Email:        deref(firstOf(c.Email, a.Email)),
	}
}

// remitTo is the company's remit-to address as a party, nil when it holds no postal line.
func remitTo(c companies.Company) *pdf.Party {
	a := c.RemitTo
	lines := AddressLines(Address{Line1: a.Address1, Line2: a.Address2, Line3: a.Address3, City: a.City, StateProvince: a.StateProvince, PostalCode: a.PostalCode, Country: a.Country})
	if len(lines) == 0 {
		return nil
	}
	name := c.Name
	if n := deref(a.Name); n != "" && n != c.Name {
		lines = append([]string{n}, lines...)
	}
	return &pdf.Party{Label: "Remit to", Name: name, Lines: lines}
}

// Address is a postal address as documents hold it; nil members print nothing.
type Address struct {
	Line1, Line2, Line3                      *string
	City, StateProvince, PostalCode, Country *string
}

// AddressLines prints an address as lines: the street lines, then "City, State Postal" (or
// "City Postal"), then the country. Empty lines are left out.
func AddressLines(a Address) []string {
	var lines []string
	for _, l := range []*string{a.Line1, a.Line2, a.Line3} {
		if s := deref(l); s != "" {
			lines = append(lines, s)
		}
	}
	// "Dayton, OH 45402"; without a state or province, "Dayton 45402".
	cityLine := joinNonEmpty(" ", deref(a.City), deref(a.PostalCode))
	if st := deref(a.StateProvince); st != "" {
		cityLine = joinNonEmpty(", ", deref(a.City), joinNonEmpty(" ", st, deref(a.PostalCode)))
	}
	if cityLine != "" {
		lines = append(lines, cityLine)
	}
	if c := deref(a.Country); c != "" {
		lines = append(lines, c)
	}
	return lines
}

func joinNonEmpty(sep string, parts ...string) string {
	out := ""
	for _, p := range parts {
		if p == "" {
			continue
		}
		if out != "" {
			out += sep
		}
		out += p
	}
	return out
}

func firstOf(vs ...*string) *string {
	for _, v := range vs {
		if v != nil && *v != "" {
			return v
		}
	}
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// Printed is a document ready to answer: its ETag and file name, and the PDF unless the
// client's copy is current.
type Printed struct {
	ETag        string // quoted
	FileName    string
	NotModified bool
	Body        []byte
}

// unsafeFileName are the characters a file name in Content-Disposition leaves out: quotes,
// path separators, control characters and anything outside printable ASCII.
var unsafeFileName = regexp.MustCompile(`[^A-Za-z0-9._ -]`)

// Print renders doc as the file "<name>-<number>.pdf" (Quote-1042.pdf), or answers
// NotModified when ifNoneMatch names its ETag: a digest of the whole Document (the logo's
// bytes included) and RendererVersion, taken before rendering, so a current copy costs no
// rendering. The renderer is deterministic, so equal tags mean equal files.
func Print(doc pdf.Document, name string, ifNoneMatch *string) (Printed, error) {
	encoded, err := json.Marshal(doc)
	if err != nil {
		return Printed{}, fmt.Errorf("digest document: %w", err)
	}
	sum := sha256.Sum256(append([]byte(RendererVersion+"\n"), encoded...))
	tag := hex.EncodeToString(sum[:16])
	out := Printed{ETag: `"` + tag + `"`, FileName: unsafeFileName.ReplaceAllString(name+"-"+doc.Number, "_") + ".pdf"}
	if ifNoneMatch != nil {
		current, err := conditional.NoneMatch(*ifNoneMatch, tag)
		if err != nil {
			return Printed{}, err
		}
		if current {
			out.NotModified = true
			return out, nil
		}
	}
	body, err := pdf.Render(doc)
	if errors.Is(err, pdf.ErrLogo) {
		// The logo was checked when the settings named it; a file that no longer decodes
		// prints without it rather than failing the document.
		doc.Company.Logo = nil
		body, err = pdf.Render(doc)
	}
	if err != nil {
		return Printed{}, fmt.Errorf("render %s: %w", out.FileName, err)
	}
	out.Body = body
	return out, nil
}

// PostalLines prints a document's address as postal lines (AddressLines of its members).
func PostalLines(a docaddress.Address) []string {
	return AddressLines(Address{Line1: a.Address1, Line2: a.Address2, Line3: a.Address3,
		City: a.City, StateProvince: a.StateProvince, PostalCode: a.PostalCode, Country: a.Country})
}

// PartyLines prints a document's address under its party's name: the address's own name
// when it is not the party's (an attention line), the postal lines, then its phone and
// email. A nil address prints nothing.
func PartyLines(a *docaddress.Address, partyName string) []string {
	if a == nil {
		return nil
	}
	var lines []string
	if n := deref(a.Name); n != "" && n != partyName {
		lines = append(lines, n)
	}
	lines = append(lines, PostalLines(*a)...)
	for _, v := range []*string{a.Phone, a.Email} {
		if s := deref(v); s != "" {
			lines = append(lines, s)
		}
	}
	return lines
}
