package contract

import (
	"embed"
	"io/fs"
	"path"
)

// Files of the /docs page: our own page and start-up script (docs/) and the Swagger UI
// files vendored from the npm package pinned in scripts/node/package.json (swaggerui/,
// refreshed by `make docs-assets`, checked by scripts/check-docs-assets.sh).
//
//go:embed docs swaggerui
var docsFiles embed.FS

// contentSecurityPolicy keeps the page on this server: scripts, styles, fonts and the
// requests of "Try it out" may only go to its own origin, so a future bundle that wanted
// something from the network would fail visibly instead of leaking requests. Inline styles
// are allowed because Swagger UI's components set some.
const contentSecurityPolicy = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; " +
	"object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// docsFile is one file of the /docs page as served.
type docsFile struct {
	representation
	contentType string
}

// docsSite is the page and the assets it loads from /docs/assets/<name>.
type docsSite struct {
	page   docsFile
	assets map[string]docsFile
}

func loadDocsSite() (docsSite, error) {
	site := docsSite{assets: map[string]docsFile{}}
	page, err := readDocsFile("docs/index.html")
	if err != nil {
		return docsSite{}, err
	}
	site.page = page
	for _, dir := range []string{"docs", "swaggerui"} {
		entries, err := docsFiles.ReadDir(dir)
		if err != nil {
			return docsSite{}, err
		}
		for _, e := range entries {
			if e.IsDir() || e.Name() == "index.html" {
				continue
			}
			f, err := readDocsFile(path.Join(dir, e.Name()))
			if err != nil {
				return docsSite{}, err
			}
			site.assets[e.Name()] = f
		}
	}
	return site, nil
}

func readDocsFile(name string) (docsFile, error) {
	body, err := fs.ReadFile(docsFiles, name)
	if err != nil {
		return docsFile{}, err
	}
	return docsFile{representation: newRepresentation(body), contentType: contentTypeOf(name)}, nil
}

// contentTypeOf names the media type by extension from a fixed table rather than the
// mime package, whose answers depend on the host's /etc/mime.types.
func contentTypeOf(name string) string {
	switch path.Ext(name) {
	case ".html":
		return "text/html; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	default: // LICENSE, NOTICE, *.txt
		return "text/plain; charset=utf-8"
	}
}
