package metrics_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/metrics"
	"mos/internal/platform/web"
)

// anyToken lets every bearer token in as an integration token, without a database.
type anyToken struct{}

func (anyToken) Authenticate(context.Context, string) (auth.Principal, error) {
	return auth.Principal{TokenID: "tok", Kind: auth.KindIntegration, TenantID: "t1"}, nil
}

// benchChain is the web layer's whole middleware chain on the service's spec (request id,
// authentication, rate limit, permission, validation, logging), with a handler answering
// getCustomer from memory, so that only the chain's cost is measured.
func benchChain(b *testing.B, requests web.RequestObserver) *echo.Echo {
	b.Helper()
	spec, err := gen.GetSpec()
	if err != nil {
		b.Fatal(err)
	}
	e, err := web.New(web.Config{Spec: spec, Auth: anyToken{}, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), Requests: requests})
	if err != nil {
		b.Fatal(err)
	}
	e.GET("/api/customers/:id", func(c echo.Context) error {
		return c.JSONBlob(http.StatusOK, []byte(`{"id":"0123456789abcdef01234567"}`))
	})
	return e
}

func serveGets(b *testing.B, e *echo.Echo) {
	b.Helper()
	req := httptest.NewRequest(http.MethodGet, "/api/customers/0123456789abcdef01234567", nil)
	req.Header.Set("Authorization", "Bearer tok")
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
	}
}

// BenchmarkMiddlewareChain compares one request through the chain without metrics and with
// them: the difference is what recording a request costs (run with -benchmem -count 10 and
// compare with benchstat).
func BenchmarkMiddlewareChain(b *testing.B) {
	b.Run("without-metrics", func(b *testing.B) { serveGets(b, benchChain(b, nil)) })
	b.Run("with-metrics", func(b *testing.B) { serveGets(b, benchChain(b, metrics.New())) })
}

// BenchmarkObserveRequest is the recording alone, per request, from one goroutine and from
// all of them at once.
func BenchmarkObserveRequest(b *testing.B) {
	r := metrics.New()
	b.Run("serial", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r.ObserveRequest("getCustomer", http.MethodGet, http.StatusOK, 3*time.Millisecond)
		}
	})
	b.Run("parallel", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				r.ObserveRequest("getCustomer", http.MethodGet, http.StatusOK, 3*time.Millisecond)
			}
		})
	})
}
