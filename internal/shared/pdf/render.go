package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // logo formats accepted by Company.Logo
	_ "image/png"
	"strings"

	"github.com/signintech/gopdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Layout, in points (1/72 inch).
const (
	margin       = 40.0
	footerHeight = 34.0 // reserved at the bottom of every page: footer text and "Page N of M"
	bodySize     = 9.0
	smallSize    = 8.0
	headingSize  = 10.0
	companySize  = 14.0
	titleSize    = 18.0
	lineFactor   = 1.3 // line height as a multiple of the font size
	cellPad      = 3.0 // padding inside table cells
	logoMaxW     = 120.0
	logoMaxH     = 50.0
	sectionGap   = 14.0
)

// ErrLogo reports Company.Logo bytes that are neither PNG nor JPEG.
var ErrLogo = errors.New("pdf: company logo is not a PNG or JPEG image")

// Render lays out doc and returns the PDF bytes.
//
// The line table breaks across pages with its column headers repeated on each
// page; cell text wraps within its column. Every page shows "Page N of M".
// Characters the embedded Go fonts lack (CJK, some symbols) print as "?":
// Render never fails because of text. The output is deterministic: the same
// Document gives the same bytes (no creation date, no random ids), so a
// caller may derive an ETag from the record state it rendered.
func Render(doc Document) ([]byte, error) {
	out, _, err := render(doc)
	return out, err
}

// render returns the PDF and its page count.
func render(doc Document) ([]byte, int, error) {
	if err := loadCoverage(); err != nil {
		return nil, 0, fmt.Errorf("pdf: parse embedded font: %w", err)
	}
	size := *gopdf.PageSizeLetter
	if doc.PageSize == A4 {
		size = *gopdf.PageSizeA4
	}
	r := &renderer{doc: doc, pageW: size.W, pageH: size.H}
	r.gp.Start(gopdf.Config{PageSize: size, Unit: gopdf.UnitPT})
	r.gp.SetInfo(gopdf.PdfInfo{Title: printable(strings.TrimSpace(doc.Title + " " + doc.Number)), Producer: "mos"})
	for _, f := range []struct {
		name string
		ttf  []byte
	}{{fontRegular, goregular.TTF}, {fontBold, gobold.TTF}} {
		opt := gopdf.TtfOption{OnGlyphNotFoundSubstitute: func(rune) rune { return missingGlyph }}
		if err := r.gp.AddTTFFontDataWithOption(f.name, f.ttf, opt); err != nil {
			return nil, 0, fmt.Errorf("pdf: load font %s: %w", f.name, err)
		}
	}
	if err := r.layout(); err != nil {
		return nil, 0, err
	}
	var buf bytes.Buffer
	if _, err := r.gp.WriteTo(&buf); err != nil {
		return nil, 0, fmt.Errorf("pdf: write: %w", err)
	}
	return buf.Bytes(), r.pages, nil
}

type renderer struct {
	gp           gopdf.GoPdf
	doc          Document
	pageW, pageH float64
	y            float64 // the top of the next thing to draw
	pages        int
	err          error // the first drawing error; later calls do nothing
}

func (r *renderer) contentW() float64 { return r.pageW - 2*margin }
func (r *renderer) bottom() float64   { return r.pageH - margin - footerHeight }

func (r *renderer) layout() error {
	r.newPage()
	if err := r.header(); err != nil {
		return err
	}
	r.parties()
	r.table()
	r.totals()
	r.paragraph("Notes", r.doc.Notes)
	r.paragraph("Terms", r.doc.Terms)
	r.footers()
	return r.err
}

func (r *renderer) newPage() {
	r.gp.AddPage()
	// gopdf creates a page's content stream on its first drawing operation and
	// SetPage counts content streams: give every page one now, so the footers
	// find each page even if nothing else is drawn on it.
	r.gp.SetLineWidth(0.5)
	r.pages++
	r.y = margin
}

// ensure starts a new page when h points do not fit above the footer; it
// reports whether it did.
func (r *renderer) ensure(h float64) bool {
	if r.y+h <= r.bottom() || r.y == margin {
		return false
	}
	r.newPage()
	return true
}

func (r *renderer) font(name string, size float64) {
	if r.err == nil {
		r.err = r.gp.SetFont(name, "", size)
	}
}

func (r *renderer) width(s string) float64 {
	if r.err != nil || s == "" {
		return 0
	}
	w, err := r.gp.MeasureTextWidth(s)
	if err != nil {
		r.err = err
	}
	return w
}

// text draws one line of already printable text in a box of width w whose top
// is at y, aligned in it.
func (r *renderer) text(x, y, w float64, s string, align Align) {
	if r.err != nil || s == "" {
		return
	}
	switch align {
	case AlignRight:
		x += w - r.width(s)
	case AlignCenter:
		x += (w - r.width(s)) / 2
	}
	r.gp.SetXY(x, y)
	if err := r.gp.Text(s); err != nil && r.err == nil {
		r.err = err
	}
}

// textTop draws s with its cap height under y: gopdf's Text takes a baseline.
func (r *renderer) textTop(x, y, w, size float64, s string, align Align) {
	r.text(x, y+size*0.9, w, s, align)
}

// wrap breaks printable text into lines no wider than w in the current font:
// at newlines, then between words; a word wider than w is broken between
// characters.
func (r *renderer) wrap(s string, w float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			lines = append(lines, "")
			continue
		}
		line := ""
		for _, word := range words {
			cand := word
			if line != "" {
				cand = line + " " + word
			}
			if r.width(cand) <= w {
				line = cand
				continue
			}
			if line != "" {
				lines = append(lines, line)
			}
			for r.width(word) > w {
				cut := r.fit(word, w)
				lines = append(lines, word[:cut])
				word = word[cut:]
			}
			line = word
		}
		lines = append(lines, line)
	}
	return lines
}

// fit returns the byte length of the longest prefix of word (at least one
// character) that fits in w.
func (r *renderer) fit(word string, w float64) int {
	cut := 0
	for i, ch := range word {
		end := i + len(string(ch))
		if cut > 0 && r.width(word[:end]) > w {
			break
		}
		cut = end
		if r.err != nil {
			break
		}
	}
	return cut
}

func lineH(size float64) float64 { return size * lineFactor }

// header draws the company block on the left (logo above the name) and the
// title, number and dates on the right.
func (r *renderer) header() error {
	c := r.doc.Company
	leftW := r.contentW() * 0.55
	rightX := margin + leftW
	rightW := r.contentW() - leftW

	y := margin
	if len(c.Logo) > 0 {
		cfg, _, err := image.DecodeConfig(bytes.NewReader(c.Logo))
		if err != nil || cfg.Width == 0 || cfg.Height == 0 {
			return ErrLogo
		}
		w, h := logoMaxW, logoMaxW*float64(cfg.Height)/float64(cfg.Width)
		if h > logoMaxH {
			w, h = logoMaxH*float64(cfg.Width)/float64(cfg.Height), logoMaxH
		}
		holder, err := gopdf.ImageHolderByBytes(c.Logo)
		if err != nil {
			return ErrLogo
		}
		if err := r.gp.ImageByHolder(holder, margin, y, &gopdf.Rect{W: w, H: h}); err != nil {
			return fmt.Errorf("%w: %w", ErrLogo, err)
		}
		y += h + 6
	}
	if c.Name != "" {
		r.font(fontBold, companySize)
		for _, l := range r.wrap(printable(c.Name), leftW-10) {
			r.textTop(margin, y, leftW, companySize, l, AlignLeft)
			y += lineH(companySize)
		}
	}
	r.font(fontRegular, bodySize)
	info := append([]string{}, c.AddressLines...)
	if c.Phone != "" {
		info = append(info, c.Phone)
	}
	if c.Email != "" {
		info = append(info, c.Email)
	}
	for _, s := range info {
		for _, l := range r.wrap(printable(s), leftW-10) {
			r.textTop(margin, y, leftW, bodySize, l, AlignLeft)
			y += lineH(bodySize)
		}
	}

	ry := margin
	if r.doc.Title != "" {
		r.font(fontBold, titleSize)
		for _, l := range r.wrap(printable(r.doc.Title), rightW) {
			r.textTop(rightX, ry, rightW, titleSize, l, AlignRight)
			ry += lineH(titleSize)
		}
	}
	if r.doc.Number != "" {
		r.font(fontBold, headingSize)
		r.textTop(rightX, ry, rightW, headingSize, printable(r.doc.Number), AlignRight)
		ry += lineH(headingSize) + 2
	}
	for _, d := range r.doc.Dates {
		r.font(fontRegular, bodySize)
		value := printable(d.Value)
		vw := r.width(value)
		r.textTop(rightX, ry, rightW, bodySize, value, AlignRight)
		r.font(fontBold, bodySize)
		r.textTop(rightX, ry, rightW-vw-6, bodySize, printable(d.Label), AlignRight)
		ry += lineH(bodySize)
	}
	r.y = max(y, ry) + sectionGap
	return r.err
}

// parties draws the addressees side by side, up to three per row.
func (r *renderer) parties() {
	const perRow = 3
	ps := r.doc.Parties
	for start := 0; start < len(ps); start += perRow {
		row := ps[start:min(start+perRow, len(ps))]
		colW := r.contentW() / perRow
		type block struct{ label, name, lines []string }
		blocks := make([]block, len(row))
		h := 0.0
		for i, p := range row {
			r.font(fontBold, bodySize)
			blocks[i].label = r.wrap(printable(p.Label), colW-10)
			blocks[i].name = r.wrap(printable(p.Name), colW-10)
			r.font(fontRegular, bodySize)
			for _, l := range p.Lines {
				blocks[i].lines = append(blocks[i].lines, r.wrap(printable(l), colW-10)...)
			}
			n := len(blocks[i].label) + len(blocks[i].name) + len(blocks[i].lines)
			if p.Label == "" {
				n -= len(blocks[i].label)
			}
			h = max(h, float64(n)*lineH(bodySize))
		}
		r.ensure(h)
		for i, b := range blocks {
			x := margin + float64(i)*colW
			y := r.y
			if row[i].Label != "" {
				r.font(fontBold, smallSize)
				r.gp.SetTextColor(90, 90, 90)
				for _, l := range b.label {
					r.textTop(x, y, colW, smallSize, l, AlignLeft)
					y += lineH(bodySize)
				}
				r.gp.SetTextColor(0, 0, 0)
			}
			r.font(fontBold, bodySize)
			for _, l := range b.name {
				r.textTop(x, y, colW, bodySize, l, AlignLeft)
				y += lineH(bodySize)
			}
			r.font(fontRegular, bodySize)
			for _, l := range b.lines {
				r.textTop(x, y, colW, bodySize, l, AlignLeft)
				y += lineH(bodySize)
			}
		}
		r.y += h + sectionGap
	}
}

// columnWidths shares the content width among the columns by their ratios.
func (r *renderer) columnWidths() []float64 {
	total := 0.0
	for _, c := range r.doc.Columns {
		total += ratio(c.Width)
	}
	ws := make([]float64, len(r.doc.Columns))
	for i, c := range r.doc.Columns {
		ws[i] = r.contentW() * ratio(c.Width) / total
	}
	return ws
}

func ratio(w float64) float64 {
	if w <= 0 {
		return 1
	}
	return w
}

// wrapRow wraps every cell of a row in its column and returns the lines and the
// row's height.
func (r *renderer) wrapRow(cells []string, widths []float64) ([][]string, float64) {
	out := make([][]string, len(widths))
	n := 1
	for i := range widths {
		if i < len(cells) {
			out[i] = r.wrap(printable(cells[i]), widths[i]-2*cellPad)
		}
		n = max(n, len(out[i]))
	}
	return out, float64(n)*lineH(bodySize) + 2*cellPad
}

func (r *renderer) tableHeader(widths []float64, lines [][]string, h float64) {
	r.gp.SetFillColor(230, 230, 230)
	r.gp.RectFromUpperLeftWithStyle(margin, r.y, r.contentW(), h, "F")
	r.gp.SetFillColor(0, 0, 0) // gopdf fills text with the fill colour too
	r.gp.SetTextColor(0, 0, 0)
	r.font(fontBold, bodySize)
	r.drawRow(widths, lines)
	r.y += h
}

func (r *renderer) drawRow(widths []float64, lines [][]string) {
	x := margin
	for i, w := range widths {
		y := r.y + cellPad
		for _, l := range lines[i] {
			r.textTop(x+cellPad, y, w-2*cellPad, bodySize, l, r.doc.Columns[i].Align)
			y += lineH(bodySize)
		}
		x += w
	}
}

// table draws the line table, starting a new page (with the column headers
// again) when the next row does not fit.
func (r *renderer) table() {
	if len(r.doc.Columns) == 0 {
		return
	}
	widths := r.columnWidths()
	headers := make([]string, len(r.doc.Columns))
	for i, c := range r.doc.Columns {
		headers[i] = c.Header
	}
	r.font(fontBold, bodySize)
	hLines, hH := r.wrapRow(headers, widths)

	r.font(fontRegular, bodySize)
	_, firstH := r.wrapRow(nil, widths)
	if len(r.doc.Rows) > 0 {
		_, firstH = r.wrapRow(r.doc.Rows[0], widths)
	}
	r.ensure(hH + firstH)
	r.tableHeader(widths, hLines, hH)

	for _, row := range r.doc.Rows {
		r.font(fontRegular, bodySize)
		lines, h := r.wrapRow(row, widths)
		// A row that fits on a page never splits: it moves to the next page.
		// A row taller than a whole page continues on the next pages.
		if r.y+h > r.bottom() && h <= r.bottom()-margin-hH {
			r.newPage()
			r.tableHeader(widths, hLines, hH)
		}
		for {
			fit := int((r.bottom() - r.y - 2*cellPad) / lineH(bodySize))
			n := rowLines(lines)
			if fit >= n {
				r.rowPart(widths, lines, n)
				break
			}
			if fit >= 1 {
				r.rowPart(widths, lines, fit)
				for i := range lines {
					lines[i] = lines[i][min(fit, len(lines[i])):]
				}
			}
			r.newPage()
			r.tableHeader(widths, hLines, hH)
		}
	}
	r.y += sectionGap
}

func rowLines(lines [][]string) int {
	n := 1
	for _, l := range lines {
		n = max(n, len(l))
	}
	return n
}

// rowPart draws the first n text lines of each cell and the rule under them.
func (r *renderer) rowPart(widths []float64, lines [][]string, n int) {
	part := make([][]string, len(lines))
	for i, l := range lines {
		part[i] = l[:min(n, len(l))]
	}
	r.font(fontRegular, bodySize)
	r.drawRow(widths, part)
	r.y += float64(n)*lineH(bodySize) + 2*cellPad
	r.gp.SetStrokeColor(200, 200, 200)
	r.gp.SetLineWidth(0.5)
	r.gp.Line(margin, r.y, margin+r.contentW(), r.y)
}

// totals draws the label/value rows right-aligned under the table; the last
// row is bold with a rule above it.
func (r *renderer) totals() {
	if len(r.doc.Totals) == 0 {
		return
	}
	lh := lineH(headingSize) + 2
	r.ensure(float64(len(r.doc.Totals)) * lh)
	boxW := r.contentW() * 0.45
	x := margin + r.contentW() - boxW
	valueW := boxW * 0.45
	for i, t := range r.doc.Totals {
		r.ensure(lh)
		last := i == len(r.doc.Totals)-1
		name := fontRegular
		if last {
			name = fontBold
			r.gp.SetStrokeColor(0, 0, 0)
			r.gp.SetLineWidth(0.8)
			r.gp.Line(x, r.y, x+boxW, r.y)
			r.y += 2
		}
		r.font(name, headingSize)
		r.textTop(x, r.y, boxW-valueW-8, headingSize, printable(t.Label), AlignRight)
		r.textTop(x+boxW-valueW, r.y, valueW, headingSize, printable(t.Value), AlignRight)
		r.y += lh
	}
	r.y += sectionGap
}

// paragraph draws a heading and wrapped text, line by line across pages.
func (r *renderer) paragraph(heading, text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	r.font(fontRegular, bodySize)
	lines := r.wrap(printable(strings.TrimSpace(text)), r.contentW())
	r.ensure(lineH(headingSize) + lineH(bodySize))
	r.font(fontBold, headingSize)
	r.textTop(margin, r.y, r.contentW(), headingSize, heading, AlignLeft)
	r.y += lineH(headingSize)
	r.font(fontRegular, bodySize)
	for _, l := range lines {
		r.ensure(lineH(bodySize))
		r.textTop(margin, r.y, r.contentW(), bodySize, l, AlignLeft)
		r.y += lineH(bodySize)
	}
	r.y += sectionGap
}

// footers draws the footer text and "Page N of M" on every page once the page
// count is known (gopdf can return to an earlier page).
func (r *renderer) footers() {
	if r.err != nil {
		return
	}
	r.font(fontRegular, smallSize)
	footer := r.wrap(printable(r.doc.Footer), r.contentW())
	if len(footer) > 2 {
		footer = footer[:2] // the reserved footer area holds two lines
	}
	for p := 1; p <= r.pages; p++ {
		if err := r.gp.SetPage(p); err != nil {
			r.err = err
			return
		}
		r.font(fontRegular, smallSize)
		r.gp.SetTextColor(90, 90, 90)
		y := r.pageH - margin - lineH(smallSize)
		r.textTop(margin, y, r.contentW(), smallSize, fmt.Sprintf("Page %d of %d", p, r.pages), AlignRight)
		for i := len(footer) - 1; i >= 0; i-- {
			y -= lineH(smallSize)
			r.textTop(margin, y, r.contentW(), smallSize, footer[i], AlignCenter)
		}
		r.gp.SetTextColor(0, 0, 0)
	}
}
