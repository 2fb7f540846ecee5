package web

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
)

// TestNoStoreUnlessAnETagIsServed proves the Cache-Control rule is decided when the answer
// is written: an authenticated answer is no-store unless its handler served an ETag (then
// the handler's own Cache-Control stays), whatever the handler set before; public answers
// keep theirs; every answer is nosniff.
func TestNoStoreUnlessAnETagIsServed(t *testing.T) {
	const doc = `
openapi: 3.0.3
info: {title: t, version: '1'}
security: [{bearer: []}]
paths:
  /api/tagged:
    get: {operationId: getTagged, x-permission: none, responses: {'200': {description: ok}}}
  /api/plain:
    get: {operationId: getPlain, x-permission: none, responses: {'200': {description: ok}}}
  /api/public:
    get: {operationId: getPublic, security: [], x-permission: none, responses: {'200': {description: ok}}}
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
  schemas:
    Permission: {type: string, enum: [View Thing]}
`
	spec, err := openapi3.NewLoader().LoadFromData([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(Config{Spec: spec, Auth: anyToken{}, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	e.GET("/api/tagged", func(c echo.Context) error {
		c.Response().Header().Set("ETag", `"7"`)
		c.Response().Header().Set("Cache-Control", "no-cache")
		return c.String(http.StatusOK, "v7")
	})
	e.GET("/api/plain", func(c echo.Context) error {
		c.Response().Header().Set("Cache-Control", "max-age=3600")
		return c.String(http.StatusOK, "data")
	})
	e.GET("/api/public", func(c echo.Context) error {
		c.Response().Header().Set("Cache-Control", "max-age=60")
		return c.String(http.StatusOK, "public")
	})
	for path, want := range map[string]string{
		"/api/tagged": "no-cache",   // an ETag: revalidatable, the handler's choice stays
		"/api/plain":  "no-store",   // authenticated without an ETag: overrides the handler
		"/api/public": "max-age=60", // needs no token: left alone
	} {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Authorization", "Bearer any")
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d: %s", path, rec.Code, rec.Body)
		}
		if got := rec.Header().Get("Cache-Control"); got != want {
			t.Errorf("%s: Cache-Control %q, want %q", path, got, want)
		}
		if got := rec.Header().Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q, want nosniff", path, got)
		}
	}
}
