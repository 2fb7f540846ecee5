package conditional

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestReadWithAnswerTakesTheETagTheHandlerRead proves a record declared ReadWithAnswer costs
// its GET no statement of the middleware's own (the Guard has no pool here: a read of the
// ETag would panic), answers the ETag the handler handed over, and 304 when If-None-Match
// names it; a handler that forgets to hand it over is a server error, not an answer without
// an ETag.
func TestReadWithAnswerTakesTheETagTheHandlerRead(t *testing.T) {
	g, err := New(nil, loadThings(t), Record{Table: "things", Key: map[string]string{"id": "id"},
		Operations: []string{"getThing", "updateThing"}, ReadWithAnswer: true})
	if err != nil {
		t.Fatal(err)
	}
	serve := func(handler echo.HandlerFunc, ifNoneMatch string) *httptest.ResponseRecorder {
		e := echo.New()
		e.Use(g.Middleware)
		e.GET("/api/things/:id", handler)
		req := httptest.NewRequest(http.MethodGet, "/api/things/a1", nil)
		if ifNoneMatch != "" {
			req.Header.Set(headerIfNoneMatch, ifNoneMatch)
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		return rec
	}
	answering := func(c echo.Context) error {
		Answered(c.Request().Context(), "7")
		return c.JSON(http.StatusOK, map[string]string{"id": c.Param("id")})
	}

	rec := serve(answering, "")
	if rec.Code != http.StatusOK || rec.Header().Get(headerETag) != `"7"` || rec.Header().Get(headerCacheControl) != recordCacheControl {
		t.Fatalf("answer %d, ETag %q, Cache-Control %q", rec.Code, rec.Header().Get(headerETag), rec.Header().Get(headerCacheControl))
	}
	if rec = serve(answering, `"7"`); rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
		t.Fatalf("If-None-Match naming the ETag: %d %q, want 304 without a body", rec.Code, rec.Body.String())
	}
	if rec = serve(answering, `"6"`); rec.Code != http.StatusOK {
		t.Fatalf("If-None-Match naming another ETag: %d, want 200", rec.Code)
	}
	missing := func(c echo.Context) error { return c.NoContent(http.StatusNotFound) }
	if rec = serve(missing, ""); rec.Code != http.StatusNotFound || rec.Header().Get(headerETag) != "" {
		t.Fatalf("a record that is not there: %d with ETag %q", rec.Code, rec.Header().Get(headerETag))
	}
	forgetful := func(c echo.Context) error { return c.JSON(http.StatusOK, map[string]string{}) }
	if rec = serve(forgetful, ""); rec.Code != http.StatusInternalServerError {
		t.Fatalf("a handler that did not hand over its ETag: %d, want 500", rec.Code)
	}
}
