package docpdf

import (
	"bytes"

	"mos/gen"
)

// cacheControl: a client may keep a copy but must revalidate it (If-None-Match) before use.
const cacheControl = "no-cache"

// Responses are the two answers of a document's PDF operation for p: the file, or 304 when
// p.NotModified. Each document's handler converts the one it returns to its operation's type.
func Responses(p Printed) (gen.DocumentPdfApplicationpdfResponse, gen.DocumentPdfNotModifiedResponse) {
	return gen.DocumentPdfApplicationpdfResponse{
			Body:          bytes.NewReader(p.Body),
			ContentLength: int64(len(p.Body)),
			Headers: gen.DocumentPdfResponseHeaders{
				CacheControl:       cacheControl,
				ContentDisposition: `inline; filename="` + p.FileName + `"`,
				ETag:               p.ETag,
			},
		}, gen.DocumentPdfNotModifiedResponse{
			Headers: gen.DocumentPdfNotModifiedResponseHeaders{CacheControl: cacheControl, ETag: p.ETag},
		}
}
