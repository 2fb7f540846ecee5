package fileformat_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"mos/internal/shared/attachments/internal/fileformat"
)

// --- files made here ---------------------------------------------------------------

func picture() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for x := range 8 {
		img.Set(x, x, color.RGBA{R: 200, A: 255})
	}
	return img
}

func encoded(t *testing.T, encode func(io.Writer, image.Image) error) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := encode(&buf, picture()); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func pngFile(t *testing.T) []byte { return encoded(t, png.Encode) }
func jpegFile(t *testing.T) []byte {
	return encoded(t, func(w io.Writer, m image.Image) error { return jpeg.Encode(w, m, nil) })
}
func gifFile(t *testing.T) []byte {
	return encoded(t, func(w io.Writer, m image.Image) error { return gif.Encode(w, m, nil) })
}

// bmpFile is a 1×1 24-bit BMP: file header, BITMAPINFOHEADER, one padded pixel row.
func bmpFile() []byte {
	var b bytes.Buffer
	le := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("BM")
	le(uint32(14 + 40 + 4)) // file size
	le(uint32(0))           // reserved
	le(uint32(14 + 40))     // pixel data offset
	le(uint32(40))          // DIB header size
	le(int32(1))            // width
	le(int32(1))            // height
	le(uint16(1))           // planes
	le(uint16(24))          // bits per pixel
	le([6]uint32{})         // compression, image size, resolution, palette
	b.Write([]byte{0, 0, 255, 0})
	return b.Bytes()
}

// pdfFile builds a small valid PDF from its object bodies (object n is objects[n-1]):
// header, objects, a cross-reference table with their real offsets, trailer.
func pdfFile(objects ...string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return b.Bytes()
}

func stream(dict, data string) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

const (
	catalog   = "<< /Type /Catalog /Pages 2 0 R >>"
	pages     = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"
	pageText  = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>"
	page3D    = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>"
	u3dData   = "U3D\x00\x18\x00\x00\x00 binary mesh data"
	prcData   = "PRC\x00 binary product representation"
	annot3D   = "<< /Type /Annot /Subtype /3D /Rect [72 72 540 540] /3DD 5 0 R /3DA << /A /PO >> >>"
	annot3DNS = "<</Type/Annot/Subtype/3D/Rect[72 72 540 540]/3DD 5 0 R>>"
)

func plainPDF() []byte {
	return pdfFile(catalog, pages, pageText, stream("", "BT /F1 12 Tf 72 720 Td (Work instruction) Tj ET"))
}

func u3dPDF() []byte {
	return pdfFile(catalog, pages, page3D, annot3D, stream("/Type /3D /Subtype /U3D", u3dData))
}

func prcPDF() []byte {
	return pdfFile(catalog, pages, page3D, annot3DNS, stream("/Type/3D/Subtype/PRC", prcData))
}

// randomBytes are the same every run (a fixed random source) and start with no signature.
func randomBytes(n int) []byte {
	r := rand.New(rand.NewChaCha8([32]byte{7}))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// igesFile is the start and global sections of an IGES file in fixed 80-column records.
func igesFile() []byte {
	rec := func(text string, section byte, seq int) string {
		return fmt.Sprintf("%-72s%c%7d\n", text, section, seq)
	}
	return []byte(rec("Bracket exported by a CAD system", 'S', 1) +
		rec("1H,,1H;,7Hbracket,11Hbracket.igs,", 'G', 1))
}

func ftyp(major string, compatible ...string) []byte {
	var b bytes.Buffer
	_ = binary.Write(&b, binary.BigEndian, uint32(16+4*len(compatible)))
	b.WriteString("ftyp" + major + "\x00\x00\x02\x00")
	for _, c := range compatible {
		b.WriteString(c)
	}
	b.Write([]byte("\x00\x00\x00\x08mdat"))
	return b.Bytes()
}

func riff(form string) []byte {
	return []byte("RIFF\x24\x00\x00\x00" + form + "LIST\x10\x00\x00\x00hdrlavih")
}

// --- tests -----------------------------------------------------------------------------

func detect(content []byte, name string) fileformat.Format {
	var d fileformat.Detector
	_, _ = d.Write(content)
	return d.Format(name)
}

func TestDetectorClassifiesBySignatureThenName(t *testing.T) {
	t.Parallel()
	png, jpg := pngFile(t), jpegFile(t)
	stl := "solid cube\n  facet normal 0 0 1\n    outer loop\n      vertex 0 0 1\n" +
		"      vertex 1 0 1\n      vertex 1 1 1\n    endloop\n  endfacet\nendsolid cube\n"
	binarySTL := append(make([]byte, 80), 1, 0, 0, 0) // 80-byte header, one triangle
	binarySTL = append(binarySTL, make([]byte, 50)...)
	zip := []byte("PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00")
	ole2 := []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00\x00\x00\x00\x00\x00\x00\x00")

	tests := []struct {
		name    string
		content []byte
		file    string
		want    fileformat.Format
	}{
		// PDFs: cad only with a 3D annotation and a U3D or PRC stream.
		{"plain PDF", plainPDF(), "instructions.pdf", fileformat.Document},
		{"PDF with 3D annotation and U3D stream", u3dPDF(), "bracket.pdf", fileformat.CAD},
		{"PDF with 3D annotation and PRC stream, no spaces", prcPDF(), "bracket.pdf", fileformat.CAD},
		{"PDF with U3D stream but no 3D annotation",
			pdfFile(catalog, pages, pageText, stream("/Type /3D /Subtype /U3D", u3dData)), "a.pdf", fileformat.Document},
		{"PDF with 3D annotation but no 3D stream",
			pdfFile(catalog, pages, page3D, annot3D, stream("/Subtype /Image /Width 1 /Height 1", "\x00")), "a.pdf", fileformat.Document},
		{"PDF with only look-alike names /3DD /3DView /U3Dx",
			pdfFile(catalog, pages, page3D, "<< /Type /Annot /Subtype /3DView /3DD 5 0 R >>", stream("/Subtype /U3Dx", u3dData)), "a.pdf", fileformat.Document},
		{"PDF with junk before its header", append([]byte("junk from a mail gateway\r\n"), plainPDF()...), "a.pdf", fileformat.Document},
		{"3D PDF named .txt", u3dPDF(), "notes.txt", fileformat.CAD},

		// Images.
		{"PNG", png, "photo.png", fileformat.Image},
		{"JPEG", jpg, "photo.jpg", fileformat.Image},
		{"GIF", gifFile(t), "anim.gif", fileformat.Image},
		{"BMP", bmpFile(), "scan.bmp", fileformat.Image},
		{"TIFF little-endian", []byte("II*\x00\x08\x00\x00\x00"), "scan", fileformat.Image},
		{"TIFF big-endian", []byte("MM\x00*\x00\x00\x00\x08"), "scan", fileformat.Image},
		{"WEBP", riff("WEBP"), "photo", fileformat.Image},
		{"HEIC ftyp", ftyp("heic", "mif1", "heic"), "IMG_0001", fileformat.Image},
		{"SVG by extension", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), "logo.svg", fileformat.Image},

		// Video.
		{"MP4 ftyp", ftyp("mp42", "mp42", "isom"), "clip.bin", fileformat.Video},
		{"QuickTime ftyp", ftyp("qt  ", "qt  "), "clip", fileformat.Video},
		{"AVI", riff("AVI "), "clip", fileformat.Video},
		{"Matroska EBML", []byte("\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01"), "clip", fileformat.Video},
		{"M4A audio ftyp goes by name", ftyp("M4A ", "M4A ", "mp42"), "song.m4a", fileformat.Undefined},

		// CAD.
		{"STEP", []byte("ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('bracket'),'2;1');\nENDSEC;\n"), "bracket.txt", fileformat.CAD},
		{"STEP after a byte order mark", []byte("\xef\xbb\xbfISO-10303-21;\nHEADER;\n"), "bracket", fileformat.CAD},
		{"DXF", []byte("  0\r\nSECTION\r\n  2\r\nHEADER\r\n  9\r\n$ACADVER\r\n  1\r\nAC1027\r\n"), "plan", fileformat.CAD},
		{"DXF after a comment", []byte("999\ndxflib\n0\nSECTION\n2\nENTITIES\n"), "plan", fileformat.CAD},
		{"DWG", append([]byte("AC1032\x00\x00\x00\x00\x00\x1f\x00"), make([]byte, 64)...), "drawing.bin", fileformat.CAD},
		{"IGES fixed columns", igesFile(), "bracket.dat", fileformat.CAD},
		{"ASCII STL without extension", []byte(stl), "cube", fileformat.CAD},
		{"ASCII STL", []byte(stl), "cube.stl", fileformat.CAD},
		{"binary STL by extension", binarySTL, "cube.STL", fileformat.CAD},
		{"SolidWorks part in OLE2 container", ole2, "bracket.sldprt", fileformat.CAD},
		{"3MF in ZIP container", zip, "print.3mf", fileformat.CAD},
		{"Parasolid by extension", []byte("**ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz*******\n"), "shaft.x_t", fileformat.CAD},

		// Documents by extension.
		{"DOCX in ZIP container", zip, "report.docx", fileformat.Document},
		{"XLS in OLE2 container", ole2, "costs.xls", fileformat.Document},
		{"CSV starting like a BMP", []byte("BMW,320i,2019\nAudi,A4,2020\n"), "cars.csv", fileformat.Document},
		{"text starting with solid", []byte("solid state relays: order 40\n"), "notes.txt", fileformat.Document},

		// A signature beats a misleading extension.
		{"PNG named .pdf", png, "drawing.pdf", fileformat.Image},
		{"JPEG named .step", jpg, "part.step", fileformat.Image},
		{"PDF named .png", plainPDF(), "photo.png", fileformat.Document},
		{"MP4 named .docx", ftyp("isom", "isom"), "report.docx", fileformat.Video},

		// Nothing decisive: the extension, else undefined.
		{"random bytes", randomBytes(4096), "data.bin", fileformat.Undefined},
		{"random bytes named .png", randomBytes(4096), "scan.png", fileformat.Image},
		{"random bytes named .pdf", randomBytes(4096), "broken.pdf", fileformat.Document},
		{"ZIP archive", zip, "archive.zip", fileformat.Undefined},
		{"empty file", nil, "empty", fileformat.Undefined},
		{"empty file named .stl", nil, "empty.stl", fileformat.CAD},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := detect(tt.content, tt.file); got != tt.want {
				t.Errorf("Format(%q) = %q, want %q", tt.file, got, tt.want)
			}
		})
	}
}

func TestDetectorFinds3DMarkersSplitAcrossWrites(t *testing.T) {
	t.Parallel()
	for name, content := range map[string][]byte{"U3D": u3dPDF(), "PRC": prcPDF()} {
		// Every cut point: the markers are cut in every possible place once.
		for i := range content {
			var d fileformat.Detector
			_, _ = d.Write(content[:i])
			_, _ = d.Write(content[i:])
			if got := d.Format("a.pdf"); got != fileformat.CAD {
				t.Fatalf("%s PDF written in two parts cut at %d (%q|%q) = %q, want cad",
					name, i, content[max(0, i-10):i], content[i:min(len(content), i+10)], got)
			}
		}
		// One byte at a time: every marker spans many writes.
		var d fileformat.Detector
		if _, err := io.Copy(&d, iotest.OneByteReader(bytes.NewReader(content))); err != nil {
			t.Fatal(err)
		}
		if got := d.Format("a.pdf"); got != fileformat.CAD {
			t.Errorf("%s PDF written a byte at a time = %q, want cad", name, got)
		}
	}
}

func TestDetectorFinds3DMarkersFarIntoTheFile(t *testing.T) {
	t.Parallel()
	// The 3D annotation sits past several MB of page content, cut by io.Copy's 32 kB
	// buffer, as in an upload streamed through io.TeeReader.
	const buffer = 32 * 1024
	filler := stream("", strings.Repeat("0 0 m 612 792 l S\n", 300_000))
	build := func(pad int) []byte {
		page := "<< /Type /Page /Parent 2 0 R /Annots [5 0 R] /Contents 4 0 R" + strings.Repeat(" ", pad) + " >>"
		return pdfFile(catalog, pages, page, filler, annot3D, stream("/Type /3D /Subtype /U3D", u3dData))
	}
	at := bytes.Index(build(0), []byte("/Subtype /3D"))
	content := build((buffer - at%buffer - 5 + buffer) % buffer) // "/Subtype" 5 bytes before a buffer end
	if at = bytes.Index(content, []byte("/Subtype /3D")); at%buffer != buffer-5 || at < 5_000_000 {
		t.Fatalf("test setup: marker at %d", at)
	}

	var d fileformat.Detector
	// A plain Writer, so io.Copy uses its own 32 kB buffer rather than io.Discard's.
	dst := struct{ io.Writer }{io.Discard}
	if _, err := io.Copy(dst, io.TeeReader(bytes.NewReader(content), &d)); err != nil {
		t.Fatal(err)
	}
	if got := d.Format("assembly.pdf"); got != fileformat.CAD {
		t.Errorf("Format = %q, want cad", got)
	}
}

func TestDetectorWriteDoesNotAllocate(t *testing.T) {
	chunk := bytes.Repeat([]byte("/Subtype /Image "), 2048) // 32 kB of PDF-ish bytes
	var d fileformat.Detector
	_, _ = d.Write(plainPDF())
	if allocs := testing.AllocsPerRun(100, func() { _, _ = d.Write(chunk) }); allocs != 0 {
		t.Errorf("Write allocated %v times per call, want 0", allocs)
	}
}

func TestByNameClassifiesByExtension(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]fileformat.Format{
		"bracket.step":            fileformat.CAD,
		"BRACKET.STP":             fileformat.CAD,
		"housing.iges":            fileformat.CAD,
		"housing.igs":             fileformat.CAD,
		"plan.dwg":                fileformat.CAD,
		"plan.dxf":                fileformat.CAD,
		"cube.stl":                fileformat.CAD,
		"print.3mf":               fileformat.CAD,
		"Part.SLDPRT":             fileformat.CAD,
		"assembly.sldasm":         fileformat.CAD,
		"drawing.slddrw":          fileformat.CAD,
		"shaft.x_t":               fileformat.CAD,
		"shaft.x_b":               fileformat.CAD,
		"rev.2.part.step":         fileformat.CAD,
		"model.pdf":               fileformat.Document, // only bytes tell a 3D PDF
		"spec.docx":               fileformat.Document,
		"costs.xlsx":              fileformat.Document,
		"deck.pptx":               fileformat.Document,
		"notes.txt":               fileformat.Document,
		"export.csv":              fileformat.Document,
		"memo.rtf":                fileformat.Document,
		"sheet.ods":               fileformat.Document,
		"letter.odt":              fileformat.Document,
		"old.doc":                 fileformat.Document,
		"old.xls":                 fileformat.Document,
		"old.ppt":                 fileformat.Document,
		`C:\Users\op\scan.JPG`:    fileformat.Image,
		"logo.svg":                fileformat.Image,
		"IMG_0001.HEIC":           fileformat.Image,
		"photo.webp":              fileformat.Image,
		"setup/clip.mov":          fileformat.Video,
		"clip.mp4":                fileformat.Video,
		"clip.mkv":                fileformat.Video,
		"clip.avi":                fileformat.Video,
		"archive.tar.gz":          fileformat.Undefined,
		"README":                  fileformat.Undefined,
		"trailing.dot.":           fileformat.Undefined,
		"":                        fileformat.Undefined,
		"dir.step/notes":          fileformat.Undefined,
		"program.exe":             fileformat.Undefined,
		"https://x.example/a.stl": fileformat.CAD,
	} {
		if got := fileformat.ByName(name); got != want {
			t.Errorf("ByName(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestContentTypeFromName(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"photo.png":      "image/png",
		"PHOTO.JPG":      "image/jpeg",
		"drawing.pdf":    "application/pdf",
		"clip.mp4":       "video/mp4",
		"bracket.step":   "model/step",
		"cube.stl":       "model/stl",
		"export.csv":     "text/csv; charset=utf-8",
		"spec.docx":      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
		"bracket.sldprt": "application/octet-stream", // CAD without a registered type
		"page.html":      "application/octet-stream", // never served as an active type
		"script.js":      "application/octet-stream",
		"README":         "application/octet-stream",
		"":               "application/octet-stream",
	} {
		if got := fileformat.ContentType(name); got != want {
			t.Errorf("ContentType(%q) = %q, want %q", name, got, want)
		}
	}
}
