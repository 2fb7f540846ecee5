package idempotency

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/labstack/echo/v4"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/db"
)

func TestValidKey(t *testing.T) {
	for key, want := range map[string]bool{
		"":                       false,
		"k":                      true,
		" ~":                     true,
		strings.Repeat("a", 255): true,
		strings.Repeat("a", 256): false,
		"tab\tinside":            false,
		"new\nline":              false,
		"del\x7f":                false,
		"clé":                    false,
	} {
		if got := ValidKey(key); got != want {
			t.Errorf("ValidKey(%q) = %v, want %v", key, got, want)
		}
	}
}

// form is a multipart body of one file and one field, under a boundary of the writer's choice.
func form(t *testing.T, content string) (contentType string, body []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	fw, err := w.CreateFormFile("File", "a.txt")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write([]byte(content))
	_ = w.WriteField("Detail.Owner.Type", "item")
	_ = w.Close()
	return w.FormDataContentType(), b.Bytes()
}

func hashInChunks(contentType string, body []byte, chunk int) []byte {
	h := newBodyHash(contentType)
	for len(body) > 0 {
		n := min(chunk, len(body))
		_, _ = h.Write(body[:n])
		body = body[n:]
	}
	return h.Sum()
}

func TestBodyHashOfAFormIgnoresItsBoundaryAndHowItArrives(t *testing.T) {
	ct1, body1 := form(t, "the same file")
	ct2, body2 := form(t, "the same file")
	if bytes.Equal(body1, body2) {
		t.Fatal("the writer chose one boundary twice; the test needs two")
	}
	want := hashInChunks(ct1, body1, len(body1))
	for chunk := 1; chunk <= len(body1); chunk++ {
		if got := hashInChunks(ct1, body1, chunk); !bytes.Equal(got, want) {
			t.Fatalf("hash in chunks of %d differs from the hash in one", chunk)
		}
	}
	if got := hashInChunks(ct2, body2, 7); !bytes.Equal(got, want) {
		t.Fatal("the same form under another boundary hashes differently")
	}
	ct3, body3 := form(t, "another file")
	if got := hashInChunks(ct3, body3, 7); bytes.Equal(got, want) {
		t.Fatal("another form hashes like the first")
	}
}

// server is an Echo instance whose one route runs handler behind the middleware, as the
// tenant's caller; calls counts the handler's runs.
type server struct {
	e      *echo.Echo
	calls  atomic.Int64
	pool   *db.Pool
	tenant string
}

func newServer(t *testing.T, route Route) *server {
	t.Helper()
	pool, _, tenant := dbtest.NewWithTenant(t)
	s := &server{e: echo.New(), pool: pool, tenant: tenant}
	g := New(pool, Options{})
	// The service's error handler (package web) maps every apperr kind; this one the 409.
	s.e.HTTPErrorHandler = func(err error, c echo.Context) {
		if apperr.IsKind(err, apperr.KindConflict) {
			_ = c.NoContent(http.StatusConflict)
			return
		}
		s.e.DefaultHTTPErrorHandler(err, c)
	}
	s.e.Use(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			c.SetRequest(c.Request().WithContext(auth.With(c.Request().Context(), auth.Principal{TenantID: tenant})))
			return next(c)
		}
	}, g.Middleware(func(echo.Context) (Route, bool) { return route, true }))
	return s
}

func (s *server) handle(h func(c echo.Context, call int64) error) {
	s.e.POST("/things", func(c echo.Context) error { return h(c, s.calls.Add(1)) })
}

func (s *server) post(t *testing.T, key, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/things", strings.NewReader(body))
	req.Header.Set(Header, key)
	rec := httptest.NewRecorder()
	s.e.ServeHTTP(rec, req)
	return rec
}

// A 5xx answer (or a 408, whose body did not arrive) is not the key's: the retry runs again;
// the first answer below 500 is, and replays.
func TestIdempotencyAnswersOf5xxAnd408AreNotStored(t *testing.T) {
	for _, failure := range []int{http.StatusInternalServerError, http.StatusServiceUnavailable, http.StatusRequestTimeout} {
		t.Run(fmt.Sprint(failure), func(t *testing.T) {
			t.Parallel()
			s := newServer(t, Route{})
			s.handle(func(c echo.Context, call int64) error {
				if call == 1 {
					return echo.NewHTTPError(failure, "failed")
				}
				c.Response().Header().Set("Location", "/things/42")
				return c.JSON(http.StatusCreated, map[string]int64{"call": call})
			})
			if rec := s.post(t, "k1", `{"a":1}`); rec.Code != failure {
				t.Fatalf("first answer %d, want %d", rec.Code, failure)
			}
			second := s.post(t, "k1", `{"a":1}`)
			if second.Code != http.StatusCreated || s.calls.Load() != 2 {
				t.Fatalf("retry after a %d answered %d after %d runs, want 201 after 2", failure, second.Code, s.calls.Load())
			}
			third := s.post(t, "k1", `{"a":1}`)
			if third.Code != http.StatusCreated || third.Body.String() != second.Body.String() || s.calls.Load() != 2 ||
				third.Header().Get(ReplayedHeader) != "true" || third.Header().Get("Location") != "/things/42" {
				t.Fatalf("third answer %d %q (Location %q) after %d runs, want the second's replayed", third.Code, third.Body, third.Header().Get("Location"), s.calls.Load())
			}
		})
	}
}

func TestIdempotencyPanicGivesTheKeyBack(t *testing.T) {
	t.Parallel()
	s := newServer(t, Route{})
	s.handle(func(c echo.Context, call int64) error {
		if call == 1 {
			panic("boom")
		}
		return c.JSON(http.StatusOK, map[string]int64{"call": call})
	})
	func() {
		defer func() { _ = recover() }()
		s.post(t, "k", `{}`)
	}()
	if rec := s.post(t, "k", `{}`); rec.Code != http.StatusOK || s.calls.Load() != 2 {
		t.Fatalf("retry after a panic answered %d after %d runs, want 200 after 2", rec.Code, s.calls.Load())
	}
}

// An upload refused before its body was read has no known body: its answer is not stored.
func TestIdempotencyStreamedBodyAnsweredBeforeItWasReadIsNotStored(t *testing.T) {
	t.Parallel()
	s := newServer(t, Route{StreamBody: true})
	s.handle(func(c echo.Context, call int64) error {
		return c.JSON(http.StatusBadRequest, map[string]int64{"call": call})
	})
	big := strings.Repeat("x", 4*trailingBytes)
	s.post(t, "k", big)
	s.post(t, "k", big)
	if s.calls.Load() != 2 {
		t.Fatalf("%d runs, want 2: an answer to an unread body was replayed", s.calls.Load())
	}
	// A body read to its end is known, and its answer kept.
	s.post(t, "small", "tiny")
	if rec := s.post(t, "small", "tiny"); s.calls.Load() != 3 || rec.Header().Get(ReplayedHeader) != "true" {
		t.Fatalf("%d runs, want the small body's answer replayed", s.calls.Load())
	}
	if rec := s.post(t, "small", "tinier"); rec.Code != http.StatusUnprocessableEntity || s.calls.Load() != 3 {
		t.Fatalf("another body under the key answered %d after %d runs, want 422 after 3", rec.Code, s.calls.Load())
	}
}

// A claim still running past its lease belonged to a process that died before answering:
// a retry runs the request instead of answering 409 for the rest of the 24 hours.
func TestIdempotencyAbandonedClaimIsTakenOverAfterItsLease(t *testing.T) {
	t.Parallel()
	s := newServer(t, Route{})
	s.handle(func(c echo.Context, call int64) error { return c.JSON(http.StatusOK, map[string]int64{"call": call}) })
	ctx := context.Background()
	insert := `INSERT INTO idempotency_keys (tenant_id, key, claim_id, state, created_utc) VALUES ($1, $2, 'gone', 'running', now() - $3::interval)`
	if _, err := s.pool.ExecContext(ctx, insert, s.tenant, "recent", "1 minute"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.pool.ExecContext(ctx, insert, s.tenant, "abandoned", "61 minutes"); err != nil {
		t.Fatal(err)
	}
	if rec := s.post(t, "recent", `{}`); rec.Code != http.StatusConflict || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("a key running for a minute answered %d (Retry-After %q), want 409 with Retry-After", rec.Code, rec.Header().Get("Retry-After"))
	}
	if rec := s.post(t, "abandoned", `{}`); rec.Code != http.StatusOK || s.calls.Load() != 1 {
		t.Fatalf("a key abandoned past its lease answered %d after %d runs, want 200 after 1", rec.Code, s.calls.Load())
	}
}

func TestDeleteExpiredRemovesOnlyKeysPastTheRetention(t *testing.T) {
	t.Parallel()
	pool, _, tenant := dbtest.NewWithTenant(t)
	ctx := context.Background()
	insert := `INSERT INTO idempotency_keys (tenant_id, key, claim_id, state, created_utc) VALUES ($1, $2, 'c', 'running', now() - $3::interval)`
	for key, age := range map[string]string{"fresh": "23 hours 59 minutes", "old": "24 hours 1 minute", "older": "30 days"} {
		if _, err := pool.ExecContext(ctx, insert, tenant, key, age); err != nil {
			t.Fatal(err)
		}
	}
	n, err := DeleteExpired(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	if err := pool.SelectContext(ctx, &left, `SELECT key FROM idempotency_keys`); err != nil {
		t.Fatal(err)
	}
	if n != 2 || len(left) != 1 || left[0] != "fresh" {
		t.Fatalf("removed %d, left %v; want 2 removed and fresh left", n, left)
	}
}
