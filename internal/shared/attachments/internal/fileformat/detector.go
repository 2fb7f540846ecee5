package fileformat

import (
	"bytes"
	"encoding/binary"
	"strings"
)

// headSize is how much of the start of a file the signatures look at: PDF readers
// accept the %PDF- header anywhere in the first kilobyte, and every other signature
// here sits in the first few hundred bytes.
const headSize = 1024

// tailSize is how many bytes of one Write the Detector keeps for the next, so that a
// PDF marker split between two writes is still found: longer than a marker
// ("/Subtype" + spacing + "/U3D" + a delimiter).
const tailSize = 64

// Detector watches a file's bytes as they stream past and classifies the file. Use it
// as the io.Writer of an io.TeeReader on the upload, then call Format once the stream
// is read:
//
//	var d fileformat.Detector
//	blob, err := store.Put(ctx, io.TeeReader(file, &d), limit)
//	format := d.Format(fileName)
//
// It keeps the first kilobyte for the signature and, for PDFs, looks through all the
// bytes for a 3D annotation and a 3D stream. The zero value is ready to use; a
// Detector is for one file and one goroutine.
type Detector struct {
	head    [headSize]byte
	headLen int
	tail    [tailSize]byte
	tailLen int
	// notPDF is set once the whole head is seen without a PDF header: no more scanning.
	notPDF bool
	// annot3D: "/Subtype /3D" (a 3D annotation); stream3D: "/Subtype /U3D" or
	// "/Subtype /PRC" (the 3D data it shows).
	annot3D, stream3D bool
}

// Write records p; it never fails.
func (d *Detector) Write(p []byte) (int, error) {
	if d.headLen < headSize {
		d.headLen += copy(d.head[d.headLen:], p)
		if d.headLen == headSize && !bytes.Contains(d.head[:], pdfHeader) {
			d.notPDF = true
		}
	}
	if d.notPDF || (d.annot3D && d.stream3D) {
		return len(p), nil
	}

	// The seam between the previous write and this one, then this write. A marker is
	// counted only when complete inside what is scanned, so one cut at the end of p
	// is found in the next seam, which starts with the tail kept below.
	var buf [2 * tailSize]byte
	seam := append(buf[:0], d.tail[:d.tailLen]...)
	seam = append(seam, p[:min(len(p), tailSize)]...)
	d.scan(seam)
	d.scan(p)

	if len(p) >= tailSize {
		d.tailLen = copy(d.tail[:], p[len(p)-tailSize:])
	} else {
		keep := seam[max(0, len(seam)-tailSize):]
		d.tailLen = copy(d.tail[:], keep)
	}
	return len(p), nil
}

// Format classifies the file seen so far, named fileName: its signature when that is
// decisive, else its extension (ByName).
func (d *Detector) Format(fileName string) Format {
	head := d.head[:d.headLen]
	if bytes.HasPrefix(head, pdfHeader) {
		return d.pdfFormat()
	}
	if f, ok := sniff(head); ok {
		return f
	}
	if bytes.Contains(head, pdfHeader) { // a PDF with leading junk, as readers allow
		return d.pdfFormat()
	}
	return ByName(fileName)
}

func (d *Detector) pdfFormat() Format {
	if d.annot3D && d.stream3D {
		return CAD
	}
	return Document
}

var (
	pdfHeader  = []byte("%PDF-")
	pdfSubtype = []byte("/Subtype")
)

// scan looks for "/Subtype /3D", "/Subtype /U3D" and "/Subtype /PRC" in b, with any
// PDF white space (or none) before the name. Names are compared whole: /3DD (the
// annotation's stream reference key) or /3DView are not /3D.
//
// Object streams (PDF 1.5) may compress the annotation's dictionary; such a file is a
// document here. The 3D stream's own dictionary is never compressed.
func (d *Detector) scan(b []byte) {
	for {
		i := bytes.Index(b, pdfSubtype)
		if i < 0 {
			return
		}
		b = b[i+len(pdfSubtype):]
		name, ok := pdfName(b)
		if !ok {
			continue
		}
		switch string(name) {
		case "3D":
			d.annot3D = true
		case "U3D", "PRC":
			d.stream3D = true
		}
	}
}

// pdfName reads a name object (/Name) after optional white space at the start of b
// and returns it without the slash. ok is false when b holds no name or ends before
// the name does (its end is only known at the next delimiter).
func pdfName(b []byte) (name []byte, ok bool) {
	i := 0
	for i < len(b) && isPDFSpace(b[i]) {
		i++
	}
	if i == len(b) || b[i] != '/' {
		return nil, false
	}
	start := i + 1
	for i = start; i < len(b); i++ {
		if isPDFSpace(b[i]) || isPDFDelimiter(b[i]) {
			return b[start:i], true
		}
	}
	return nil, false
}

func isPDFSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isPDFDelimiter(c byte) bool {
	return strings.IndexByte("()<>[]{}/%", c) >= 0
}

// sniff classifies by a decisive signature in the first bytes. ok is false when they
// say nothing, or only name a container (ZIP, OLE2) whose content the extension tells.
func sniff(head []byte) (Format, bool) {
	has := func(off int, sig string) bool {
		return len(head) >= off+len(sig) && string(head[off:off+len(sig)]) == sig
	}
	switch {
	// Images.
	case has(0, "\x89PNG\r\n\x1a\n"),
		has(0, "\xff\xd8\xff"),
		has(0, "GIF87a"), has(0, "GIF89a"),
		has(0, "II*\x00"), has(0, "MM\x00*"),
		has(0, "RIFF") && has(8, "WEBP"),
		isBMP(head):
		return Image, true

	// Video. MP4, QuickTime, 3GP and HEIF images share the ISO base media file
	// format: its ftyp box's brand tells them apart.
	case has(4, "ftyp"):
		return ftypFormat(head)
	case has(0, "RIFF") && has(8, "AVI "),
		has(0, "\x1a\x45\xdf\xa3"), // EBML: Matroska, WebM
		has(0, "FLV\x01"),
		has(0, "\x30\x26\xb2\x75\x8e\x66\xcf\x11"),             // ASF: WMV
		has(0, "\x00\x00\x01\xba"),                             // MPEG program stream
		has(0, "\x00\x00\x01\xb3"),                             // MPEG video sequence
		has(0, "\x47") && has(188, "\x47") && has(376, "\x47"): // MPEG transport stream packets
		return Video, true
	}

	// CAD.
	text := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	switch {
	case bytes.HasPrefix(text, []byte("ISO-10303-21;")), // STEP
		isDWG(head),
		bytes.HasPrefix(head, []byte("AutoCAD Binary DXF\r\n\x1a\x00")),
		isDXF(text),
		isIGES(head),
		bytes.HasPrefix(text, []byte("solid")) && bytes.Contains(text, []byte("facet normal")): // ASCII STL
		return CAD, true
	}
	return Undefined, false
}

// ftypFormat classifies an ISO base media file by the major brand of its ftyp box.
func ftypFormat(head []byte) (Format, bool) {
	if len(head) < 12 {
		return Undefined, false
	}
	switch string(head[8:12]) {
	case "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis":
		return Image, true
	case "M4A ", "M4B ", "M4P ", "F4A ", "F4B ": // audio: the API has no format for it
		return Undefined, false
	}
	return Video, true
}

// isBMP checks more than "BM", which plenty of text starts with: the reserved words
// are zero and the DIB header has one of its defined sizes.
func isBMP(head []byte) bool {
	if len(head) < 18 || string(head[:2]) != "BM" || binary.LittleEndian.Uint32(head[6:10]) != 0 {
		return false
	}
	switch binary.LittleEndian.Uint32(head[14:18]) {
	case 12, 40, 52, 56, 64, 108, 124:
		return true
	}
	return false
}

// isDWG: AutoCAD drawings start with their version, AC1012 to AC1032 and on.
func isDWG(head []byte) bool {
	return len(head) >= 6 && string(head[:4]) == "AC10" && isDigit(head[4]) && isDigit(head[5])
}

// isDXF: an ASCII DXF is pairs of lines (group code, value) and starts with
// "0 / SECTION", possibly after "999 / comment" pairs.
func isDXF(text []byte) bool {
	for range 8 {
		var code, value []byte
		code, text = line(text)
		value, text = line(text)
		switch c := string(bytes.TrimSpace(code)); c {
		case "999":
			continue
		case "0":
			return string(bytes.TrimSpace(value)) == "SECTION"
		default:
			return false
		}
	}
	return false
}

// isIGES: an IGES file is 80-column records; the first is the start section, with 'S'
// in column 73 and sequence number 1 right-aligned in columns 74-80.
func isIGES(head []byte) bool {
	first, _ := line(head)
	first = bytes.TrimSuffix(first, []byte("\r"))
	return len(first) == 80 && first[72] == 'S' && strings.TrimLeft(string(first[73:]), " 0") == "1"
}

// line splits b after its first line (without the newline).
func line(b []byte) (first, rest []byte) {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i], b[i+1:]
	}
	return b, nil
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
