package docpdf

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/dec"
	"mos/internal/shared/companies"
	"mos/internal/shared/pdf"
	"mos/internal/shared/settings"
)

func TestMoneyUsesTheCurrencysMinorUnitsAndGroupsThousands(t *testing.T) {
	cases := []struct{ amount, code, want string }{
		{"1234.5", "USD", "1,234.50"},
		{"1234567.125", "EUR", "1,234,567.13"}, // half away from zero
		{"-1234.125", "USD", "-1,234.13"},
		{"1234.5", "JPY", "1,235"},
		{"0.0005", "KWD", "0.001"},
		{"999", "USD", "999.00"},
		{"0", "GBP", "0.00"},
	}
	for _, c := range cases {
		if got := Money(dec.MustParse(c.amount), c.code); got != c.want {
			t.Errorf("Money(%s, %s) = %q, want %q", c.amount, c.code, got, c.want)
		}
	}
	if got := MoneyWithCode(dec.MustParse("10"), "EUR"); got != "10.00 EUR" {
		t.Errorf("MoneyWithCode = %q", got)
	}
}

func TestQuantityDropsTrailingZerosAndGroupsThousands(t *testing.T) {
	cases := map[string]string{"1250.000": "1,250", "2.50": "2.5", "0.125": "0.125", "12": "12", "-1000": "-1,000"}
	for in, want := range cases {
		if got := Quantity(dec.MustParse(in)); got != want {
			t.Errorf("Quantity(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestAddressLinesLeaveOutEmptyParts(t *testing.T) {
	s := func(v string) *string { return &v }
	got := AddressLines(Address{Line1: s("12 Foundry Lane"), Line2: s(""), City: s("Dayton"), StateProvince: s("OH"), PostalCode: s("45402"), Country: s("US")})
	want := []string{"12 Foundry Lane", "Dayton, OH 45402", "US"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("AddressLines = %q, want %q", got, want)
	}
	if got := AddressLines(Address{PostalCode: s("45402")}); strings.Join(got, "|") != "45402" {
		t.Errorf("a postal code alone = %q", got)
	}
	if got := AddressLines(Address{}); len(got) != 0 {
		t.Errorf("an empty address = %q", got)
	}
}

func TestFrameDatesFollowTheChosenFormat(t *testing.T) {
	day := time.Date(2026, 3, 7, 0, 0, 0, 0, time.UTC)
	want := map[settings.DateFormat]string{
		settings.DateISO: "2026-03-07", settings.DateUS: "03/07/2026", settings.DateEuropean: "07/03/2026",
		settings.DateDotted: "07.03.2026", settings.DateMonthDay: "Mar 7, 2026", settings.DateDayMonth: "7 Mar 2026",
	}
	for _, f := range settings.DateFormats {
		fr := Frame{dateLayout: f.GoLayout(), location: time.UTC}
		if got := fr.Date(day); got != want[f] {
			t.Errorf("%s: Date = %q, want %q", f, got, want[f])
		}
	}
	// The day of an instant is the shop's: 03:00 UTC on the 8th is still the 7th in Chicago.
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Fatal(err)
	}
	fr := Frame{dateLayout: settings.DateISO.GoLayout(), location: chicago}
	if got := fr.Day(time.Date(2026, 3, 8, 3, 0, 0, 0, time.UTC)); got != "2026-03-07" {
		t.Errorf("Day = %q, want the shop's day 2026-03-07", got)
	}
	if got := fr.DateOf(nil); got != "" {
		t.Errorf("DateOf(nil) = %q", got)
	}
}

func TestPrintAnswersAStableETagAnd304WithoutRendering(t *testing.T) {
	doc := pdf.Document{Title: "Quote", Number: "1042", Rows: [][]string{{"1"}}, Columns: []pdf.Column{{Header: "Qty"}}}
	first, err := Print(doc, "Quote", nil)
	if err != nil {
		t.Fatal(err)
	}
	if first.FileName != "Quote-1042.pdf" || !strings.HasPrefix(string(first.Body), "%PDF-") || first.NotModified {
		t.Fatalf("first print: %q, notModified %v, body %q…", first.FileName, first.NotModified, first.Body[:8])
	}
	again, err := Print(doc, "Quote", nil)
	if err != nil || again.ETag != first.ETag {
		t.Fatalf("the same document answered ETag %s then %s (%v)", first.ETag, again.ETag, err)
	}
	for _, header := range []string{first.ETag, "W/" + first.ETag, `"other", ` + first.ETag, "*"} {
		nm, err := Print(doc, "Quote", &header)
		if err != nil || !nm.NotModified || nm.Body != nil || nm.ETag != first.ETag {
			t.Errorf("If-None-Match %s: notModified %v, body %d bytes, err %v", header, nm.NotModified, len(nm.Body), err)
		}
	}
	other := `"other"`
	if p, err := Print(doc, "Quote", &other); err != nil || p.NotModified {
		t.Errorf("a tag of another state answered notModified %v (%v)", p.NotModified, err)
	}
	changed := doc
	changed.Footer = "Thank you"
	if p, err := Print(changed, "Quote", &first.ETag); err != nil || p.NotModified || p.ETag == first.ETag {
		t.Errorf("a changed footer kept the ETag %s (notModified %v, %v)", p.ETag, p.NotModified, err)
	}
	malformed := "not-a-tag"
	_, err = Print(doc, "Quote", &malformed)
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindInvalid || len(e.Fields["If-None-Match"]) == 0 {
		t.Errorf("a malformed If-None-Match answered %v, want a 400 naming it", err)
	}
}

func TestPrintFileNameKeepsOnlySafeCharacters(t *testing.T) {
	p, err := Print(pdf.Document{Number: `12"/\` + "\r\nä"}, "Invoice", nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.FileName != "Invoice-12______.pdf" {
		t.Errorf("FileName = %q", p.FileName)
	}
}

// fakes of the services a frame reads.
type (
	fakeCompanies struct {
		c     companies.Company
		found bool
	}
	fakeSettings struct{ s settings.PDF }
	fakeImages   struct {
		content []byte
		err     error
		asked   int
	}
)

func (f fakeCompanies) Primary(context.Context, string) (companies.Company, bool, error) {
	return f.c, f.found, nil
}
func (f fakeSettings) Get(context.Context, string) (settings.PDF, error) { return f.s, nil }
func (f *fakeImages) Image(context.Context, string, string) ([]byte, error) {
	f.asked++
	return f.content, f.err
}

func TestFrameFillsTheHeaderFromThePrimaryCompanyAndTheSettings(t *testing.T) {
	s := func(v string) *string { return &v }
	company := companies.Company{CompanyWrite: companies.CompanyWrite{Name: "Acme Machining", PhoneNumber: s("+1 555 0100"), Email: s("office@acme.example"),
		ShipTo: companies.Address{Address1: s("12 Foundry Lane"), City: s("Dayton"), StateProvince: s("OH"), PostalCode: s("45402")}}}
	st := settings.DefaultPDF
	st.LogoAttachmentID = s("6745f0a2c81e4b0012ab34cd")
	st.FooterText = s("VAT GB123")
	st.PageSize = settings.PageA4
	st.DocumentEmail = s("orders@acme.example")
	st.Terms = settings.PDFTerms{Quote: s("Valid 30 days"), Invoice: s("Net 30")}
	logo := &fakeImages{content: []byte("png bytes")}
	p := NewPrinter(fakeCompanies{c: company, found: true}, fakeSettings{s: st}, logo)
	f, err := p.Frame(context.Background(), "t", "UTC", Invoice)
	if err != nil {
		t.Fatal(err)
	}
	d := f.Document
	if d.Company.Name != "Acme Machining" || d.Company.Phone != "+1 555 0100" || d.Company.Email != "orders@acme.example" ||
		strings.Join(d.Company.AddressLines, "|") != "12 Foundry Lane|Dayton, OH 45402" || string(d.Company.Logo) != "png bytes" {
		t.Errorf("header = %+v", d.Company)
	}
	if f.RemitTo != nil {
		t.Errorf("a company without a remit-to address printed one: %+v", f.RemitTo)
	}
	if d.Footer != "VAT GB123" || d.Terms != "Net 30" || d.PageSize != pdf.A4 {
		t.Errorf("footer %q, terms %q (want the invoice's), page size %v", d.Footer, d.Terms, d.PageSize)
	}

	company.RemitTo = companies.Address{Name: s("Accounts receivable"), Address1: s("PO Box 9"), City: s("Dayton"), PostalCode: s("45401")}
	st.ShowLogo = false
	logo.asked = 0
	f, err = NewPrinter(fakeCompanies{c: company, found: true}, fakeSettings{s: st}, logo).Frame(context.Background(), "t", "UTC", Quote)
	if err != nil || f.Document.Company.Logo != nil || logo.asked != 0 || f.Document.Terms != "Valid 30 days" {
		t.Errorf("showLogo false: logo %q read %d times, terms %q (%v)", f.Document.Company.Logo, logo.asked, f.Document.Terms, err)
	}
	if r := f.RemitTo; r == nil || r.Label != "Remit to" || r.Name != "Acme Machining" ||
		strings.Join(r.Lines, "|") != "Accounts receivable|PO Box 9|Dayton 45401" {
		t.Errorf("remit to = %+v", r)
	}
}

func TestFramePrintsWithoutALogoDeletedSinceItWasSet(t *testing.T) {
	s := func(v string) *string { return &v }
	st := settings.DefaultPDF
	st.LogoAttachmentID = s("6745f0a2c81e4b0012ab34cd")
	gone := &fakeImages{err: apperr.NotFound("attachment gone")}
	f, err := NewPrinter(fakeCompanies{}, fakeSettings{s: st}, gone).Frame(context.Background(), "t", "UTC", PackingSlip)
	if err != nil || f.Document.Company.Logo != nil {
		t.Fatalf("a deleted logo: %v, logo %q", err, f.Document.Company.Logo)
	}
	broken := &fakeImages{err: errors.New("disk on fire")}
	if _, err := NewPrinter(fakeCompanies{}, fakeSettings{s: st}, broken).Frame(context.Background(), "t", "UTC", Quote); err == nil {
		t.Fatal("a failing blob store was swallowed")
	}
	if _, err := NewPrinter(fakeCompanies{}, fakeSettings{s: st}, gone).Frame(context.Background(), "t", "Not/AZone", Quote); err == nil {
		t.Fatal("an unknown shop timezone was accepted")
	}
}
