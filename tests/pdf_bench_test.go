package tests

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"mos/gen/client"
)

// benchPDFPages counts the pages of a rendered PDF with pdfinfo (scripts/ensure-poppler.sh
// installs it).
func benchPDFPages(b *testing.B, pdf []byte) int {
	b.Helper()
	path := filepath.Join(b.TempDir(), "bench.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		b.Fatal(err)
	}
	out, err := exec.Command("pdfinfo", path).Output()
	if err != nil {
		b.Fatalf("pdfinfo %s: %v", path, err)
	}
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)$`).FindSubmatch(out)
	if m == nil {
		b.Fatalf("pdfinfo reads no page count:\n%s", out)
	}
	n, err := strconv.Atoi(string(m[1]))
	if err != nil || n == 0 {
		b.Fatalf("pdfinfo reads %q pages", m[1])
	}
	return n
}

// BenchmarkInvoicePdf renders an invoice of 100 part lines through HTTP (GET
// /api/invoices/{id}/pdf, no If-None-Match: every iteration reads the invoice, its lines and
// the frame and renders the file) and reports the pages rendered per second, the page count
// read from the PDF once.
func BenchmarkInvoicePdf(b *testing.B) {
	c := benchClient(b)
	ctx := context.Background()
	company, err := c.CreateCompanyWithBodyWithResponse(ctx, nil, "application/json", strings.NewReader(`{"name":"Bench Works","isPrimary":true,
		"shipToAddress":{"address1":"12 Foundry Lane","city":"Dayton","stateProvince":"OH","postalCode":"45402","country":"US"}}`))
	if err != nil || company.StatusCode() != http.StatusOK {
		b.Fatalf("create company: %v %s", err, company.Body)
	}
	order, lines := ivBenchOrder(b, c, 100)
	invoice := ivBenchCreate(b, c, order, lines)
	get := func() []byte {
		res, err := c.GetInvoicePdfWithResponse(ctx, invoice, &client.GetInvoicePdfParams{})
		if err != nil || res.StatusCode() != http.StatusOK || !strings.HasPrefix(string(res.Body), "%PDF-") {
			b.Fatalf("GET the invoice's PDF: %v %d", err, res.StatusCode())
		}
		return res.Body
	}
	pages := benchPDFPages(b, get())
	b.ReportAllocs()
	for b.Loop() {
		get()
	}
	b.ReportMetric(float64(pages*b.N)/b.Elapsed().Seconds(), "pages/s")
	b.ReportMetric(float64(pages), "pages/op")
}
