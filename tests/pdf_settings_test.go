package tests

import (
	"net/http"
	"os/exec"
	"strings"
	"testing"
)

// TestPdfSettingsReadTheDefaultsUntilSaved: a tenant that never saved PDF settings reads
// every member with its default, packing slips without prices among them.
func TestPdfSettingsReadTheDefaultsUntilSaved(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, b := rawRequest(t, http.MethodGet, pdfSettingsPath, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	want := `{"dateFormat":"yyyy-MM-dd","documentEmail":null,"footerText":null,"logoAttachmentId":null,"packingSlipShowsPrices":false,"pageSize":"letter","showLogo":true,"terms":{"invoice":null,"packingSlip":null,"purchaseOrder":null,"quote":null,"salesOrder":null}}`
	if got := strings.TrimSpace(string(b)); got != want {
		t.Fatalf("defaults:\n got %s\nwant %s", got, want)
	}
}

// TestPdfSettingsAreReplacedWhole: a PUT stores every member it names and resets the ones it
// omits to their defaults; blank texts are stored as none and texts are trimmed.
func TestPdfSettingsAreReplacedWhole(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	logo := attachToItem(t, te, createItem(t, te, newItem("LOGO-HOLDER")), "logo.png", pngImage(t))
	got := putPdfSettings(t, te, `{"showLogo":false,"logoAttachmentId":"`+logo+`","footerText":"  Acme Machining · VAT GB123  ",
		"dateFormat":"dd.MM.yyyy","pageSize":"a4","documentEmail":" orders@acme.example ","packingSlipShowsPrices":true,
		"terms":{"quote":"Valid 30 days","salesOrder":"Ships FOB origin","invoice":"Net 30","purchaseOrder":"Certs required","packingSlip":"Report damage within 3 days"}}`)
	if *got.ShowLogo || *got.LogoAttachmentId != logo || *got.FooterText != "Acme Machining · VAT GB123" || string(*got.DateFormat) != "dd.MM.yyyy" ||
		string(*got.PageSize) != "a4" || *got.DocumentEmail != "orders@acme.example" || !*got.PackingSlipShowsPrices ||
		*got.Terms.Quote != "Valid 30 days" || *got.Terms.SalesOrder != "Ships FOB origin" || *got.Terms.Invoice != "Net 30" ||
		*got.Terms.PurchaseOrder != "Certs required" || *got.Terms.PackingSlip != "Report damage within 3 days" {
		t.Fatalf("stored %+v", got)
	}
	res, b := rawRequest(t, http.MethodGet, pdfSettingsPath, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if read := mustDecode[struct{ FooterText string }](t, b); read.FooterText != "Acme Machining · VAT GB123" {
		t.Fatalf("read back %s", b)
	}

	got = putPdfSettings(t, te, `{"footerText":"   ","terms":{"invoice":""}}`)
	if !*got.ShowLogo || got.LogoAttachmentId != nil || got.FooterText != nil || string(*got.DateFormat) != "yyyy-MM-dd" ||
		string(*got.PageSize) != "letter" || got.DocumentEmail != nil || *got.PackingSlipShowsPrices || got.Terms.Invoice != nil || got.Terms.Quote != nil {
		t.Fatalf("a PUT naming almost nothing kept %+v", got)
	}
}

// TestPdfSettingsRefuseBadValuesNamingThem: each bad member answers 400 naming it, and
// nothing is stored.
func TestPdfSettingsRefuseBadValuesNamingThem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	putPdfSettings(t, te, `{"footerText":"kept"}`)
	cases := []struct{ body, field string }{
		{`{"dateFormat":"dd-MM-yy"}`, "dateFormat"},
		{`{"pageSize":"legal"}`, "pageSize"},
		{`{"documentEmail":"orders at acme"}`, "documentEmail"},
		{`{"documentEmail":"Orders <orders@acme.example>"}`, "documentEmail"},
		{`{"footerText":"` + strings.Repeat("x", 501) + `"}`, "footerText"},
		{`{"terms":{"invoice":"` + strings.Repeat("x", 4001) + `"}}`, "terms.invoice"},
		{`{"showLogo":"yes"}`, "showLogo"},
		{`{"logoAttachmentId":"short"}`, "logoAttachmentId"},
	}
	for _, c := range cases {
		res, b := rawRequest(t, http.MethodPut, pdfSettingsPath, te.Token, "application/json", c.body)
		mustProblemNaming(t, res, b, c.field)
	}
	res, b := rawRequest(t, http.MethodGet, pdfSettingsPath, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if !strings.Contains(string(b), `"footerText":"kept"`) {
		t.Fatalf("a refused PUT changed the settings: %s", b)
	}
}

// TestPdfSettingsLogoMustBeAStoredImageOfTheTenant: the logo names a stored PNG or JPEG
// attachment of the tenant: another tenant's or an unknown one is 404 naming it, any other
// file (a PDF named .png among them: the bytes decide) is 400 naming it.
func TestPdfSettingsLogoMustBeAStoredImageOfTheTenant(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	item := createItem(t, te, newItem("LOGO-ITEM"))
	notAnImage := attachToItem(t, te, item, "logo.png", pdfDocument(t, false))
	othersLogo := attachToItem(t, other, createItem(t, other, newItem("LOGO-ITEM")), "logo.png", pngImage(t))
	for id, status := range map[string]int{
		"6745f0a2c81e4b0012ab34cd": http.StatusNotFound,
		othersLogo:                 http.StatusNotFound,
		notAnImage:                 http.StatusBadRequest,
	} {
		res, b := rawRequest(t, http.MethodPut, pdfSettingsPath, te.Token, "application/json", `{"logoAttachmentId":"`+id+`"}`)
		mustNameField(t, mustProblem(t, res, b, status), "logoAttachmentId")
	}
	logo := attachToItem(t, te, item, "logo.png", pngImage(t))
	if got := putPdfSettings(t, te, `{"logoAttachmentId":"`+logo+`"}`); *got.LogoAttachmentId != logo {
		t.Fatalf("a PNG logo was stored as %v", got.LogoAttachmentId)
	}
}

// TestPdfSettingsNeedTheirPermissions: reading needs View Company, replacing Edit Settings.
func TestPdfSettingsNeedTheirPermissions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, c := range []struct {
		method, body, perm string
	}{{http.MethodGet, "", "View Company"}, {http.MethodPut, `{}`, "Edit Settings"}} {
		ct := ""
		if c.body != "" {
			ct = "application/json"
		}
		res, b := rawRequest(t, c.method, pdfSettingsPath, te.userToken(t, "View Quote"), ct, c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, pdfSettingsPath, te.userToken(t, c.perm), ct, c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
}

// pdfImageCount is how many images the PDF holds (pdfimages -list: two heading lines, then
// one line per image).
func pdfImageCount(t *testing.T, pdf []byte, name string) int {
	t.Helper()
	out, err := exec.Command("pdfimages", "-list", keepPDF(t, pdf, name)).Output()
	if err != nil {
		t.Fatalf("pdfimages: %v", err)
	}
	return len(strings.Split(strings.TrimSpace(string(out)), "\n")) - 2
}

// TestDocumentsPrintTheTenantsLogoAndHeader: the primary company heads every document, with
// the settings' document email instead of its own; the logo the settings name is printed
// while showLogo is true, and a logo deleted since prints none without failing the document.
func TestDocumentsPrintTheTenantsLogoAndHeader(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	setPrimaryCompany(t, te, "Präzision Werkzeugbau AG")
	quote := arrangePrintedQuote(t, te, "Logo customer", "", nil)
	path := quotePdfPath(quote.id)

	_, pdf := fetchPDF(t, te, path, quote.file())
	mustContainAll(t, pdfText(t, pdf, "logo-none"), "Präzision Werkzeugbau AG", "12 Foundry Lane", "Dayton, OH 45402", "+1 555 0100", "office@example.com")
	if n := pdfImageCount(t, pdf, "logo-none"); n != 0 {
		t.Fatalf("no logo set, yet the PDF holds %d images", n)
	}

	logo := attachToItem(t, te, createItem(t, te, newItem("LOGO-"+randomSuffix())), "logo.png", pngImage(t))
	putPdfSettings(t, te, `{"logoAttachmentId":"`+logo+`","documentEmail":"quotes@example.com"}`)
	withLogo, pdf := fetchPDF(t, te, path, quote.file())
	text := pdfText(t, pdf, "logo-shown")
	mustContainAll(t, text, "quotes@example.com")
	if strings.Contains(text, "office@example.com") {
		t.Errorf("the company's own email is printed beside the document email:\n%s", text)
	}
	if n := pdfImageCount(t, pdf, "logo-shown"); n != 1 {
		t.Fatalf("the logo set, the PDF holds %d images, want 1", n)
	}

	putPdfSettings(t, te, `{"showLogo":false,"logoAttachmentId":"`+logo+`"}`)
	hidden, pdf := fetchPDF(t, te, path, quote.file())
	if n := pdfImageCount(t, pdf, "logo-hidden"); n != 0 || hidden == withLogo {
		t.Fatalf("showLogo false: %d images, ETag %s (with the logo %s)", n, hidden, withLogo)
	}

	putPdfSettings(t, te, `{"logoAttachmentId":"`+logo+`"}`)
	res, b := rawRequest(t, http.MethodDelete, "/api/attachments/"+logo, te.Token, "", "")
	if res.StatusCode != http.StatusNoContent && res.StatusCode != http.StatusOK {
		t.Fatalf("delete the logo: %d %s", res.StatusCode, b)
	}
	_, pdf = fetchPDF(t, te, path, quote.file())
	if n := pdfImageCount(t, pdf, "logo-deleted"); n != 0 {
		t.Fatalf("a deleted logo is still printed (%d images)", n)
	}
}
