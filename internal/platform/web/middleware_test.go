package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
)

func TestBearerTokenNeedsTheBearerSchemeAndAToken(t *testing.T) {
	t.Parallel()
	cases := []struct {
		header, token string
		ok            bool
	}{
		{"Bearer abc", "abc", true},
		{"bearer abc", "abc", true},
		{"BEARER abc", "abc", true},
		{"Bearer   abc  ", "abc", true},
		{"", "", false},
		{"Bearer", "", false},
		{"Bearer ", "", false},
		{"Bearer    ", "", false},
		{"Basic dXNlcjpwYXNz", "", false},
		{"abc", "", false},
		{"Bearerabc", "", false},
	}
	for _, c := range cases {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		if c.header != "" {
			r.Header.Set("Authorization", c.header)
		}
		token, ok := bearerToken(r)
		if token != c.token || ok != c.ok {
			t.Errorf("%q: (%q, %v), want (%q, %v)", c.header, token, ok, c.token, c.ok)
		}
	}
}

func TestNormalizeContentTypeAcceptsEveryJSONMediaType(t *testing.T) {
	t.Parallel()
	cases := []struct {
		method, contentType, body string
		status                    int
		seen                      string // Content-Type the handler sees
	}{
		{http.MethodPost, "application/json", "{}", 200, "application/json"},
		{http.MethodPost, "application/json; charset=utf-8", "{}", 200, "application/json"},
		{http.MethodPost, "Application/JSON", "{}", 200, "application/json"},
		{http.MethodPost, "text/json", "{}", 200, "application/json"},
		{http.MethodPost, "application/vnd.acme+json", "{}", 200, "application/json"},
		{http.MethodPost, "application/json-patch+json", "{}", 200, "application/json"},
		{http.MethodPatch, "application/json", "[]", 200, "application/json-patch+json"},
		{http.MethodPatch, "application/json-patch+json", "[]", 200, "application/json-patch+json"},
		{http.MethodPatch, "text/json", "[]", 200, "application/json-patch+json"},
		{http.MethodPost, "multipart/form-data; boundary=x", "--x--", 200, "multipart/form-data; boundary=x"},
		{http.MethodPost, "", "", 200, ""},
		{http.MethodPost, "text/plain", "", 200, "text/plain"}, // no body: nothing to refuse
		{http.MethodPost, "text/plain", "{}", 415, ""},
		{http.MethodPost, "application/xml", "<a/>", 415, ""},
		{http.MethodPost, "application/x-www-form-urlencoded", "a=b", 415, ""},
		{http.MethodPost, "application/jsonp", "{}", 415, ""},
		{http.MethodPost, "not a media type;;", "{}", 415, ""},
	}
	for _, c := range cases {
		t.Run(c.method+" "+c.contentType, func(t *testing.T) {
			e := echo.New()
			var seen string
			handler := normalizeContentType(func(c echo.Context) error {
				seen = c.Request().Header.Get(echo.HeaderContentType)
				return c.NoContent(http.StatusOK)
			})
			req := httptest.NewRequest(c.method, "/", strings.NewReader(c.body))
			if c.contentType != "" {
				req.Header.Set(echo.HeaderContentType, c.contentType)
			}
			rec := httptest.NewRecorder()
			err := handler(e.NewContext(req, rec))
			status := rec.Code
			var he *echo.HTTPError
			if errors.As(err, &he) {
				status = he.Code
			} else if err != nil {
				t.Fatal(err)
			}
			if status != c.status || (c.status == 200 && seen != c.seen) {
				t.Fatalf("status %d, handler saw %q; want %d and %q", status, seen, c.status, c.seen)
			}
		})
	}
}

func TestErrorHandlerWritesOneProblemShape(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		err        error
		status     int
		detail     string
		fields     []string
		retryAfter string
	}{
		{"field error", apperr.Field("name", "is required"), 400, "the request has invalid fields: name: is required", []string{"name"}, ""},
		{"collected fields", func() error { f := apperr.Fields{}; f.Add("a", "x"); f.Add("b", "y"); return f.Err() }(), 400, "", []string{"a", "b"}, ""},
		{"unauthorized", apperr.Unauthorized("no"), 401, "no", nil, ""},
		{"forbidden", apperr.Forbidden("needs %q", "View Thing"), 403, `needs "View Thing"`, nil, ""},
		{"not found", apperr.NotFound("gone away"), 404, "gone away", nil, ""},
		{"conflict", apperr.Conflict("busy"), 409, "busy", nil, ""},
		{"gone", apperr.Gone("invalid id"), 410, "invalid id", nil, ""},
		{"unavailable", apperr.Unavailable(30, "not ready"), 503, "not ready", nil, "30"},
		{"wrapped app error", errors.Join(errors.New("context"), apperr.NotFound("deep")), 404, "deep", nil, ""},
		{"router 404", echo.ErrNotFound, 404, "Not Found", nil, ""},
		{"router 405", echo.ErrMethodNotAllowed, 405, "Method Not Allowed", nil, ""},
		{"bind 400 without message", &echo.HTTPError{Code: 400}, 400, "malformed request", nil, ""},
		{"body limit", echo.ErrStatusRequestEntityTooLarge, 413, "Request Entity Too Large", nil, ""},
		{"streamed body past its deadline", fmt.Errorf("multipart: NextPart: %w", &net.OpError{Op: "read", Err: os.ErrDeadlineExceeded}), 408,
			"the request body did not arrive within the time the server allows", nil, ""},
		{"value the database refuses", fmt.Errorf("insert: %w", &pq.Error{Code: "22003", Message: "numeric field overflow"}), 400, "a value is outside what the record can hold", nil, ""},
		{"deadlock", fmt.Errorf("update: %w", &pq.Error{Code: "40P01"}), 503, "the request collided with a concurrent one and changed nothing; retry it", nil, "1"},
		{"serialization failure", fmt.Errorf("update: %w", &pq.Error{Code: "40001"}), 503, "the request collided with a concurrent one and changed nothing; retry it", nil, "1"},
		// A 5xx never tells the client more than "internal error".
		{"plain error", errors.New("pq: password authentication failed for user admin"), 500, "internal error", nil, ""},
		{"echo 500", echo.NewHTTPError(500, "dial tcp 10.0.0.1:5432: refused"), 500, "internal error", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var logs strings.Builder
			e := echo.New()
			e.HTTPErrorHandler = errorHandler(slog.New(slog.NewJSONHandler(&logs, nil)))
			req := httptest.NewRequest(http.MethodGet, "/api/things", nil)
			rec := httptest.NewRecorder()
			ctx := e.NewContext(req, rec)
			ctx.Set(ctxRequestID, "req-1")
			e.HTTPErrorHandler(c.err, ctx)

			if rec.Code != c.status || rec.Header().Get("Content-Type") != "application/problem+json" {
				t.Fatalf("status %d %q, want %d application/problem+json", rec.Code, rec.Header().Get("Content-Type"), c.status)
			}
			var p problem
			if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
				t.Fatal(err)
			}
			if p.Status != c.status || p.Title != http.StatusText(c.status) || p.Type == "" || p.Instance != "/api/things" || p.RequestID != "req-1" {
				t.Fatalf("problem %+v", p)
			}
			if c.detail != "" && p.Detail != c.detail {
				t.Fatalf("detail %q, want %q", p.Detail, c.detail)
			}
			for _, f := range c.fields {
				if len(p.Errors[f]) == 0 {
					t.Fatalf("errors %v do not name %q", p.Errors, f)
				}
			}
			if got := rec.Header().Get("Retry-After"); got != c.retryAfter {
				t.Fatalf("Retry-After %q, want %q", got, c.retryAfter)
			}
			if _, isApp := apperr.As(c.err); c.status >= 500 && !isApp && !strings.Contains(logs.String(), c.err.Error()) {
				t.Fatalf("a 5xx must be logged with its cause; log: %s", logs.String())
			}
		})
	}
}

func TestValidationReadFailureKeepsItsStatus(t *testing.T) {
	t.Parallel()
	// The validator reading a body over the limit gets the body limit's 413 back; that is
	// not the client's invalid input.
	he := &echo.HTTPError{Code: 400, Message: "the request is not valid", Internal: errors.Join(io.ErrUnexpectedEOF, &http.MaxBytesError{Limit: 10})}
	var got *echo.HTTPError
	if err := validationProblem(he); !errors.As(err, &got) || got.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("validationProblem = %v, want the 413", err)
	}
}

func TestStrictJSONBodyDecoderRefusesTrailingData(t *testing.T) {
	t.Parallel()
	for body, ok := range map[string]bool{
		`{"a":1}`:        true,
		" {\"a\":1} \n":  true,
		`[1,2]`:          true,
		`null`:           true,
		`{"a":1}}`:       false,
		`{"a":1}{"b":2}`: false,
		`{"a":1} x`:      false,
		`{"a":`:          false,
		``:               false,
	} {
		_, err := strictJSONBodyDecoder(strings.NewReader(body), nil, nil, nil)
		if (err == nil) != ok {
			t.Errorf("%q: err %v, want ok=%v", body, err, ok)
		}
	}
}

func TestAllOfFailuresNameTheFieldsOfTheirParts(t *testing.T) {
	t.Parallel()
	base := openapi3.NewObjectSchema().WithProperty("name", openapi3.NewStringSchema().WithMinLength(1))
	wrapper := &openapi3.Schema{AllOf: openapi3.SchemaRefs{base.NewRef()}}
	doc := openapi3.NewObjectSchema().WithPropertyRef("item", wrapper.NewRef())
	err := doc.VisitJSON(map[string]any{"item": map[string]any{"name": ""}}, openapi3.MultiErrors())
	if err == nil {
		t.Fatal("the empty name validated")
	}
	fields := apperr.Fields{}
	collectBodyErrors(err, fields)
	if len(fields["item.name"]) == 0 {
		t.Fatalf("fields %v, want an error on item.name", fields)
	}
}

func TestErrorHandlerLogsFailuresAfterTheResponseStarted(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		err    error
		logged bool
	}{
		{"ZIP write failure", errors.New("zip entry drawing.pdf: read blob: input/output error"), true},
		{"write deadline", fmt.Errorf("copy: %w", os.ErrDeadlineExceeded), true},
		{"client cancelled", fmt.Errorf("copy: %w", context.Canceled), false},
		{"broken pipe", &net.OpError{Op: "write", Err: os.NewSyscallError("write", syscall.EPIPE)}, false},
		{"connection reset", &net.OpError{Op: "write", Err: os.NewSyscallError("write", syscall.ECONNRESET)}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var logs strings.Builder
			e := echo.New()
			e.HTTPErrorHandler = errorHandler(slog.New(slog.NewJSONHandler(&logs, nil)))
			rec := httptest.NewRecorder()
			ctx := e.NewContext(httptest.NewRequest(http.MethodPost, "/api/things/download", nil), rec)
			ctx.Set(ctxRequestID, "req-7")
			if err := ctx.Blob(http.StatusOK, "application/zip", []byte("PK")); err != nil {
				t.Fatal(err)
			}
			e.HTTPErrorHandler(c.err, ctx)
			if rec.Code != http.StatusOK || rec.Body.String() != "PK" {
				t.Fatalf("the committed response changed: %d %q", rec.Code, rec.Body.String())
			}
			logged := strings.Contains(logs.String(), `"level":"ERROR"`) && strings.Contains(logs.String(), c.err.Error()) &&
				strings.Contains(logs.String(), `"request_id":"req-7"`)
			if logged != c.logged {
				t.Fatalf("logged %v, want %v; log: %s", logged, c.logged, logs.String())
			}
		})
	}
}
