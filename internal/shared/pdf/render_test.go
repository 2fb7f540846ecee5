package pdf

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// outDir keeps the rendered files for a human to look at.
const outDir = "../../../build/pdf"

func sampleDocument(lines int) Document {
	doc := Document{
		Company: Company{
			Name:         "Acme Fabrication Inc.",
			AddressLines: []string{"12 Foundry Road", "Springfield, OR 97477"},
			Phone:        "+1 541 555 0100",
			Email:        "billing@acme.example",
			Logo:         testLogo(),
		},
		Title:  "Invoice",
		Number: "INV-000042",
		Dates:  []Field{{"Date", "2026-11-25"}, {"Due date", "2026-12-25"}},
		Parties: []Party{
			{Label: "Bill to", Name: "Müller & Söhne GmbH", Lines: []string{"Königstraße 5", "70173 Stuttgart", "Germany"}},
			{Label: "Ship to", Name: "Åsa Ørsted", Lines: []string{"Nørregade 1", "1165 København"}},
			{Label: "Contact", Name: "山田太郎", Lines: []string{"東京都"}},
		},
		Columns: []Column{
			{Header: "Item", Width: 1.5},
			{Header: "Description", Width: 4},
			{Header: "Quantity", Width: 1, Align: AlignRight},
			{Header: "Unit price", Width: 1.2, Align: AlignRight},
			{Header: "Amount", Width: 1.3, Align: AlignRight},
		},
		Totals: []Field{{"Subtotal", "12,345.00"}, {"Tax", "987.60"}, {"Total", "USD 13,332.60"}},
		Notes:  "Thank you for your business.",
		Terms:  "Net 30. Late payments bear interest of 1% per month.",
		Footer: "Acme Fabrication Inc. · Registered in Oregon",
	}
	for i := 1; i <= lines; i++ {
		desc := fmt.Sprintf("Laser-cut bracket, 3 mm steel, batch %d", i)
		if i%5 == 0 {
			desc += " — with a long description that has to wrap within its column because it does not fit on one line"
		}
		doc.Rows = append(doc.Rows, []string{
			fmt.Sprintf("ITEM-%04d", i), desc, fmt.Sprintf("%d.5", i), "12.34", fmt.Sprintf("%d.77", 1000+i),
		})
	}
	return doc
}

// testLogo is a small two-colour PNG.
func testLogo() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	for x := range 40 {
		for y := range 20 {
			img.Set(x, y, color.RGBA{R: uint8(x * 6), G: 80, B: 160, A: 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func needTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Fatalf("%s not found: run scripts/ensure-poppler.sh (make test does)", name)
	}
}

func writeOut(t *testing.T, name string, data []byte) string {
	t.Helper()
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(outDir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// pageTexts reads the PDF back with pdftotext -layout, one string per page.
func pageTexts(t *testing.T, path string) []string {
	t.Helper()
	needTool(t, "pdftotext")
	out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	pages := strings.Split(string(out), "\f")
	if len(pages) > 0 && strings.TrimSpace(pages[len(pages)-1]) == "" {
		pages = pages[:len(pages)-1]
	}
	return pages
}

const threePageLines = 70

func TestRenderThreePagesReadsBack(t *testing.T) {
	doc := sampleDocument(threePageLines)
	out, pages, err := render(doc)
	if err != nil {
		t.Fatal(err)
	}
	if pages != 3 {
		t.Fatalf("pages = %d, want 3 (adjust threePageLines)", pages)
	}
	path := writeOut(t, "three-pages.pdf", out)
	texts := pageTexts(t, path)
	if len(texts) != 3 {
		t.Fatalf("pdftotext found %d pages, want 3", len(texts))
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{"INV-000042", "Invoice", "Subtotal", "12,345.00", "Tax", "987.60", "Total", "USD 13,332.60",
		"Müller & Söhne GmbH", "Åsa Ørsted", "Königstraße 5", "Thank you for your business.", "Net 30."} {
		if !strings.Contains(all, want) {
			t.Errorf("text lacks %q", want)
		}
	}
	for i, text := range texts {
		if want := fmt.Sprintf("Page %d of 3", i+1); !strings.Contains(text, want) {
			t.Errorf("page %d lacks %q", i+1, want)
		}
		header := regexp.MustCompile(`Item\s+Description\s+Quantity\s+Unit price\s+Amount`)
		if !header.MatchString(text) {
			t.Errorf("page %d lacks the column headers", i+1)
		}
		if !strings.Contains(text, "Registered in Oregon") {
			t.Errorf("page %d lacks the footer", i+1)
		}
	}
	// Each line's quantity and amount, on the same text line as its item.
	for i := 1; i <= threePageLines; i++ {
		re := regexp.MustCompile(fmt.Sprintf(`ITEM-%04d .*\s%d\.5\s+12\.34\s+%d\.77`, i, i, 1000+i))
		if !re.MatchString(all) {
			t.Errorf("line %d: quantity %d.5 and amount %d.77 not found on its row", i, i, 1000+i)
		}
	}
	// The long descriptions wrapped: their tail is on a following text line.
	if !strings.Contains(all, "fit on one line") {
		t.Error("wrapped description text lost")
	}
}

func TestRenderCJKFallsBackWithoutError(t *testing.T) {
	doc := sampleDocument(2)
	doc.Parties = []Party{{Label: "Bill to", Name: "山田太郎 Yamada", Lines: []string{"東京都千代田区"}}}
	doc.Rows[0][1] = "部品 part ☃ \t tab"
	out, err := Render(doc)
	if err != nil {
		t.Fatalf("CJK text failed: %v", err)
	}
	all := strings.Join(pageTexts(t, writeOut(t, "cjk.pdf", out)), "\n")
	if !strings.Contains(all, "???? Yamada") {
		t.Errorf("CJK name should print as question marks; text:\n%s", all)
	}
	if got := printable("山田 Åsa\tx\x01"); got != "?? Åsa x" {
		t.Errorf("printable = %q", got)
	}
}

func TestRenderPNGIsNotBlank(t *testing.T) {
	needTool(t, "pdftoppm")
	out, err := Render(sampleDocument(10))
	if err != nil {
		t.Fatal(err)
	}
	path := writeOut(t, "page.pdf", out)
	prefix := filepath.Join(outDir, "page")
	if msg, err := exec.Command("pdftoppm", "-r", "50", "-png", "-f", "1", "-l", "1", "-singlefile", path, prefix).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, msg)
	}
	f, err := os.Open(prefix + ".png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	dark := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r < 0xc000 || g < 0xc000 || bl < 0xc000 {
				dark++
			}
		}
	}
	if total := b.Dx() * b.Dy(); dark < total/200 {
		t.Fatalf("page looks blank: %d of %d pixels are not white", dark, total)
	}
}

func TestRenderIsDeterministic(t *testing.T) {
	doc := sampleDocument(30)
	a, err := Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("two renders of the same document differ")
	}
}

func TestRenderConcurrently(t *testing.T) {
	t.Parallel()
	doc := sampleDocument(20)
	want, err := Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			got, err := Render(doc)
			if err == nil && !bytes.Equal(got, want) {
				err = fmt.Errorf("concurrent render differs")
			}
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestRenderA4WithJPEGLogoAndEmptyDocument(t *testing.T) {
	doc := sampleDocument(5)
	doc.PageSize = A4
	var logo bytes.Buffer
	if err := jpeg.Encode(&logo, image.NewRGBA(image.Rect(0, 0, 30, 60)), nil); err != nil {
		t.Fatal(err)
	}
	doc.Company.Logo = logo.Bytes() // a JPEG, taller than wide
	out, err := Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	texts := pageTexts(t, writeOut(t, "a4.pdf", out))
	if len(texts) != 1 || !strings.Contains(texts[0], "Page 1 of 1") {
		t.Fatalf("A4: want one page with its number, got %d", len(texts))
	}
	if _, err := Render(Document{}); err != nil {
		t.Fatalf("empty document: %v", err)
	}
}

func TestRenderRejectsBadLogo(t *testing.T) {
	doc := sampleDocument(1)
	doc.Company.Logo = []byte("not an image")
	if _, err := Render(doc); err == nil {
		t.Fatal("want ErrLogo")
	}
}

func BenchmarkRender100Lines(b *testing.B) {
	doc := sampleDocument(100)
	pages := 0
	start := time.Now()
	for b.Loop() {
		_, n, err := render(doc)
		if err != nil {
			b.Fatal(err)
		}
		pages += n
	}
	b.ReportMetric(float64(pages)/time.Since(start).Seconds(), "pages/s")
}

func TestWrapBreaksLongWordsWithinWidth(t *testing.T) {
	if err := loadCoverage(); err != nil {
		t.Fatal(err)
	}
	doc := sampleDocument(1)
	long := strings.Repeat("X", 120)
	doc.Rows[0][1] = "short " + long + " tail"
	out, _, err := render(doc)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(pageTexts(t, writeOut(t, "long-word.pdf", out)), "\n")
	if got := strings.Count(all, "X"); got != 120 {
		t.Errorf("long word: %d of 120 characters read back", got)
	}
	if strings.Contains(all, long) {
		t.Error("a 120-character word should wrap within its column")
	}
}

func TestRenderRowTallerThanAPageContinues(t *testing.T) {
	doc := sampleDocument(3)
	words := make([]string, 1200)
	for i := range words {
		words[i] = fmt.Sprintf("w%d", i)
	}
	doc.Rows[1][1] = strings.Join(words, " ")
	out, pages, err := render(doc)
	if err != nil {
		t.Fatal(err)
	}
	if pages < 2 {
		t.Fatalf("pages = %d, want the tall row to continue on a second page", pages)
	}
	texts := pageTexts(t, writeOut(t, "tall-row.pdf", out))
	all := strings.Join(texts, "\n")
	for _, w := range []string{"w0", "w599", "w1199", "ITEM-0003", "Page 2 of"} {
		if !regexp.MustCompile(`\b` + w + `\b`).MatchString(all) {
			t.Errorf("text lacks %q", w)
		}
	}
	if !regexp.MustCompile(`Item\s+Description`).MatchString(texts[1]) {
		t.Error("page 2 lacks the column headers")
	}
}
