package contract

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"mos/gen"
)

// ContractHandler serves the OpenAPI document the server was built from.
type ContractHandler struct {
	doc document
}

// NewHandler returns the handler publishing yamlDoc (openapi.V1) as it is and as JSON.
func NewHandler(yamlDoc []byte) (*ContractHandler, error) {
	doc, err := newDocument(yamlDoc)
	if err != nil {
		return nil, err
	}
	return &ContractHandler{doc: doc}, nil
}

func (h *ContractHandler) GetOpenApiYaml(_ context.Context, req gen.GetOpenApiYamlRequestObject) (gen.GetOpenApiYamlResponseObject, error) {
	r := h.doc.yaml
	if req.Params.IfNoneMatch != nil && r.notModified(*req.Params.IfNoneMatch) {
		return gen.GetOpenApiYaml304Response{Headers: gen.NotModifiedResponseHeaders{ETag: r.etag, CacheControl: cacheControl}}, nil
	}
	return gen.GetOpenApiYaml200ApplicationyamlResponse{
		Body:          bytes.NewReader(r.body),
		ContentLength: int64(len(r.body)),
		Headers:       gen.GetOpenApiYaml200ResponseHeaders{ETag: r.etag, CacheControl: cacheControl},
	}, nil
}

func (h *ContractHandler) GetOpenApiJson(_ context.Context, req gen.GetOpenApiJsonRequestObject) (gen.GetOpenApiJsonResponseObject, error) {
	r := h.doc.json
	if req.Params.IfNoneMatch != nil && r.notModified(*req.Params.IfNoneMatch) {
		return gen.GetOpenApiJson304Response{Headers: gen.NotModifiedResponseHeaders{ETag: r.etag, CacheControl: cacheControl}}, nil
	}
	return preEncodedJSON{body: r.body, headers: gen.GetOpenApiJson200ResponseHeaders{ETag: r.etag, CacheControl: cacheControl}}, nil
}

// preEncodedJSON is the 200 of getOpenApiJson with bytes converted once at start-up. The
// generated gen.GetOpenApiJson200JSONResponse would encode the document from a Go map,
// sorting its keys (and reordering the operations in /docs) on every request.
type preEncodedJSON struct {
	body    []byte
	headers gen.GetOpenApiJson200ResponseHeaders
}

func (r preEncodedJSON) VisitGetOpenApiJsonResponse(w http.ResponseWriter) error {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(r.body)))
	w.Header().Set("Cache-Control", r.headers.CacheControl)
	w.Header().Set("ETag", r.headers.ETag)
	w.WriteHeader(http.StatusOK)
	_, err := w.Write(r.body)
	return err
}

// RegisterDocs serves the interactive reference at /docs (and /docs/) and the files it
// loads at /docs/assets/<name>. They are pages, not API operations: outside the spec, so
// they need no token, like /healthz.
func RegisterDocs(e *echo.Echo) error {
	site, err := loadDocsSite()
	if err != nil {
		return err
	}
	page := func(c echo.Context) error {
		c.Response().Header().Set("Content-Security-Policy", contentSecurityPolicy)
		return serveDocsFile(c, site.page)
	}
	e.GET("/docs", page)
	e.GET("/docs/", page)
	e.GET("/docs/assets/:name", func(c echo.Context) error {
		f, ok := site.assets[c.Param("name")]
		if !ok {
			return echo.ErrNotFound
		}
		return serveDocsFile(c, f)
	})
	return nil
}

// serveDocsFile answers f with its validators, or 304 when the client's copy is current.
func serveDocsFile(c echo.Context, f docsFile) error {
	h := c.Response().Header()
	h.Set("ETag", f.etag)
	h.Set("Cache-Control", cacheControl)
	h.Set("X-Content-Type-Options", "nosniff")
	if f.notModified(strings.Join(c.Request().Header.Values("If-None-Match"), ",")) {
		return c.NoContent(http.StatusNotModified)
	}
	return c.Blob(http.StatusOK, f.contentType, f.body)
}
