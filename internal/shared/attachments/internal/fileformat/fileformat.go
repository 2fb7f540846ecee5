// Package fileformat classifies attachments into the formats of the attachment API
// (the Attachment read shape's `format`): undefined, cad, document, image, video.
//
// An uploaded file is classified by its bytes first and its name second: a Detector
// sees the bytes as they stream to storage (no second read, nothing held but the first
// kilobyte), and a signature that names a format wins over a misleading extension (a
// PNG named drawing.pdf is an image). Files whose first bytes say nothing decisive
// (text without a signature, or a container such as ZIP or OLE2 that holds office
// documents and CAD parts alike) are classified by extension, as remote attachments
// always are (ByName).
//
// The one rule that needs more than the first bytes: a PDF whose bytes carry a 3D
// annotation with a U3D or PRC stream is cad (a 3D PDF of a part); other PDFs are
// documents.
package fileformat

import (
	"path"
	"strings"
)

// Format is the format of an attachment, as the API names it.
type Format string

// The formats of the attachment API.
const (
	Undefined Format = "undefined"
	CAD       Format = "cad"
	Document  Format = "document"
	Image     Format = "image"
	Video     Format = "video"
)

// extension is one known file extension: its format and the media type to serve it with.
type extension struct {
	format      Format
	contentType string
}

// extensions maps a lower-case extension (without the dot) to what it is. The media
// types are fixed here rather than taken from mime.TypeByExtension, whose answers
// depend on the machine's mime.types files.
var extensions = map[string]extension{
	// CAD: neutral formats, meshes, native parts, assemblies and drawings.
	"step": {CAD, "model/step"}, "stp": {CAD, "model/step"}, "p21": {CAD, "model/step"},
	"iges": {CAD, "model/iges"}, "igs": {CAD, "model/iges"},
	"dwg": {CAD, "image/vnd.dwg"}, "dxf": {CAD, "image/vnd.dxf"},
	"stl": {CAD, "model/stl"}, "3mf": {CAD, "model/3mf"},
	"sldprt": {CAD, ""}, "sldasm": {CAD, ""}, "slddrw": {CAD, ""},
	"x_t": {CAD, ""}, "x_b": {CAD, ""}, "xmt_txt": {CAD, ""}, "xmt_bin": {CAD, ""},
	"catpart": {CAD, ""}, "catproduct": {CAD, ""}, "catdrawing": {CAD, ""},
	"ipt": {CAD, ""}, "iam": {CAD, ""}, "idw": {CAD, ""},
	"prt": {CAD, ""}, "par": {CAD, ""}, "psm": {CAD, ""}, "f3d": {CAD, ""},
	"sat": {CAD, ""}, "jt": {CAD, "model/jt"}, "3dm": {CAD, ""},

	// Documents. PDF by name is a document: only its bytes can tell a 3D PDF.
	"pdf":  {Document, "application/pdf"},
	"doc":  {Document, "application/msword"},
	"docx": {Document, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
	"xls":  {Document, "application/vnd.ms-excel"},
	"xlsx": {Document, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
	"xlsm": {Document, "application/vnd.ms-excel.sheet.macroEnabled.12"},
	"ppt":  {Document, "application/vnd.ms-powerpoint"},
	"pptx": {Document, "application/vnd.openxmlformats-officedocument.presentationml.presentation"},
	"odt":  {Document, "application/vnd.oasis.opendocument.text"},
	"ods":  {Document, "application/vnd.oasis.opendocument.spreadsheet"},
	"odp":  {Document, "application/vnd.oasis.opendocument.presentation"},
	"txt":  {Document, "text/plain; charset=utf-8"},
	"csv":  {Document, "text/csv; charset=utf-8"},
	"tsv":  {Document, "text/tab-separated-values; charset=utf-8"},
	"rtf":  {Document, "application/rtf"},
	"md":   {Document, "text/markdown; charset=utf-8"},

	// Images.
	"png": {Image, "image/png"}, "gif": {Image, "image/gif"},
	"jpg": {Image, "image/jpeg"}, "jpeg": {Image, "image/jpeg"}, "jpe": {Image, "image/jpeg"}, "jfif": {Image, "image/jpeg"},
	"bmp": {Image, "image/bmp"}, "dib": {Image, "image/bmp"},
	"tif": {Image, "image/tiff"}, "tiff": {Image, "image/tiff"},
	"webp": {Image, "image/webp"}, "svg": {Image, "image/svg+xml"},
	"heic": {Image, "image/heic"}, "heif": {Image, "image/heif"}, "avif": {Image, "image/avif"},
	"ico": {Image, "image/vnd.microsoft.icon"}, "jxl": {Image, "image/jxl"}, "psd": {Image, "image/vnd.adobe.photoshop"},

	// Video.
	"mp4": {Video, "video/mp4"}, "m4v": {Video, "video/mp4"},
	"mov": {Video, "video/quicktime"}, "qt": {Video, "video/quicktime"},
	"avi": {Video, "video/x-msvideo"}, "mkv": {Video, "video/x-matroska"}, "webm": {Video, "video/webm"},
	"wmv": {Video, "video/x-ms-wmv"}, "asf": {Video, "video/x-ms-asf"}, "flv": {Video, "video/x-flv"},
	"mpg": {Video, "video/mpeg"}, "mpeg": {Video, "video/mpeg"}, "m2v": {Video, "video/mpeg"},
	"ts": {Video, "video/mp2t"}, "mts": {Video, "video/mp2t"}, "m2ts": {Video, "video/mp2t"},
	"3gp": {Video, "video/3gpp"}, "3g2": {Video, "video/3gpp2"}, "ogv": {Video, "video/ogg"},
}

// octetStream is the media type of content nothing more is known about.
const octetStream = "application/octet-stream"

// ByName classifies a file known only by its name (remote attachments): by extension,
// case-insensitively. A name without a known extension is Undefined.
func ByName(fileName string) Format {
	if e, ok := extensions[ext(fileName)]; ok {
		return e.format
	}
	return Undefined
}

// ContentType is the media type to serve a file with, from its name
// (application/octet-stream when unknown). It never names an active web type such as
// text/html; SVG can still carry script, so a download must be sent with
// X-Content-Type-Options: nosniff and as an attachment, not inline.
func ContentType(fileName string) string {
	if e, ok := extensions[ext(fileName)]; ok && e.contentType != "" {
		return e.contentType
	}
	return octetStream
}

// ext is the lower-case extension of the last element of a name, without the dot.
// Both slashes count as separators: browsers on Windows may send a full path.
func ext(fileName string) string {
	if i := strings.LastIndexAny(fileName, `/\`); i >= 0 {
		fileName = fileName[i+1:]
	}
	return strings.ToLower(strings.TrimPrefix(path.Ext(fileName), "."))
}
