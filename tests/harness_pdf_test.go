package tests

import (
	"encoding/json"
	"image/png"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/dec"
)

// pdfOutDir keeps the rendered documents (and a PNG of their first page) for a person to look
// at after `make test`.
const pdfOutDir = "../build/pdf"

const pdfSettingsPath = "/api/settings/pdf"

// putPdfSettings replaces the tenant's PDF settings with body and returns them as stored.
func putPdfSettings(t *testing.T, te *tenantEnv, body string) client.PdfSettings {
	t.Helper()
	res, b := rawRequest(t, http.MethodPut, pdfSettingsPath, te.Token, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return mustDecode[client.PdfSettings](t, b)
}

// setPrimaryCompany creates the tenant's primary company, the header of its documents.
func setPrimaryCompany(t *testing.T, te *tenantEnv, name string) {
	t.Helper()
	arrangeCreate(t, te, "/api/companies", `{"name":`+jsonString(name)+`,"isPrimary":true,"phoneNumber":"+1 555 0100",
		"email":"office@example.com",
		"shipToAddress":{"name":"Works","address1":"12 Foundry Lane","city":"Dayton","stateProvince":"OH","postalCode":"45402","country":"US"},
		"remitToAddress":{"name":"Office","address1":"PO Box 9","city":"Dayton","postalCode":"45401","country":"US"}}`)
}

// fetchPDF GETs a document's PDF with te's token and checks it is one: 200, application/pdf,
// an inline Content-Disposition naming wantFile, a strong ETag, and bytes starting %PDF-.
func fetchPDF(t *testing.T, te *tenantEnv, path, wantFile string) (etag string, pdf []byte) {
	t.Helper()
	res, b := rawRequest(t, http.MethodGet, path, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if ct := res.Header.Get("Content-Type"); ct != "application/pdf" {
		t.Fatalf("GET %s: Content-Type %q, want application/pdf", path, ct)
	}
	if cd, want := res.Header.Get("Content-Disposition"), `inline; filename="`+wantFile+`"`; cd != want {
		t.Fatalf("GET %s: Content-Disposition %q, want %q", path, cd, want)
	}
	etag = res.Header.Get("ETag")
	if !regexp.MustCompile(`^"[0-9a-f]{32}"$`).MatchString(etag) {
		t.Fatalf("GET %s: ETag %q is not a strong digest", path, etag)
	}
	if !strings.HasPrefix(string(b), "%PDF-") {
		t.Fatalf("GET %s: the body is not a PDF: %q", path, truncate(b[:min(len(b), 40)]))
	}
	return etag, b
}

// pdfPages reads a PDF back with pdftotext -layout, one string per page, and keeps the file
// under build/pdf as name.pdf.
func pdfPages(t *testing.T, pdf []byte, name string) []string {
	t.Helper()
	path := keepPDF(t, pdf, name)
	out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v (scripts/ensure-poppler.sh installs it; make test runs it)", path, err)
	}
	pages := strings.Split(string(out), "\f")
	if len(pages) > 0 && strings.TrimSpace(pages[len(pages)-1]) == "" {
		pages = pages[:len(pages)-1]
	}
	return pages
}

// pdfText is the whole document's text with runs of spaces folded to one, so a test can look
// for "Total 1,234.50" whatever the layout's column gaps.
func pdfText(t *testing.T, pdf []byte, name string) string {
	t.Helper()
	return foldSpaces(strings.Join(pdfPages(t, pdf, name), "\n"))
}

var spaces = regexp.MustCompile(`[ \t]+`)

func foldSpaces(s string) string { return spaces.ReplaceAllString(s, " ") }

func keepPDF(t *testing.T, pdf []byte, name string) string {
	t.Helper()
	if err := os.MkdirAll(pdfOutDir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(pdfOutDir, name+".pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// renderFirstPagePNG renders the PDF's first page to build/pdf/name.png with pdftoppm and
// fails when the page is blank (fewer than 0.5% of its pixels are not white).
func renderFirstPagePNG(t *testing.T, pdf []byte, name string) {
	t.Helper()
	path := keepPDF(t, pdf, name)
	prefix := filepath.Join(pdfOutDir, name)
	if msg, err := exec.Command("pdftoppm", "-r", "72", "-png", "-f", "1", "-l", "1", "-singlefile", path, prefix).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm %s: %v: %s", path, err, msg)
	}
	f, err := os.Open(prefix + ".png")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	dark, b := 0, img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r < 0xc000 || g < 0xc000 || bl < 0xc000 {
				dark++
			}
		}
	}
	if total := b.Dx() * b.Dy(); dark < total/200 {
		t.Fatalf("%s: the first page looks blank: %d of %d pixels are not white", name, dark, total)
	}
}

// mustContainAll fails naming each of wants that text lacks.
func mustContainAll(t *testing.T, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("the PDF's text lacks %q", w)
		}
	}
	if t.Failed() {
		t.Logf("the PDF's text:\n%s", text)
	}
}

// jsonString is s as a JSON string literal, for names with quotes or non-ASCII letters.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// pdfMoney prints an amount as the documents do: places decimals (the currency's minor
// units), thousands separated by commas.
func pdfMoney(d dec.Decimal, places int32) string {
	s := d.StringFixed(places)
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if hasFrac {
		b.WriteString("." + frac)
	}
	return sign + b.String()
}
