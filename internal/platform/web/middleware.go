package web

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
)

const (
	headerRequestID = "X-Request-Id"
	ctxRequestID    = "request_id"
	ctxTenantID     = "tenant_id"
)

var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,128}$`)

// withRequestID echoes a well-formed X-Request-Id or generates one.
func withRequestID(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id := c.Request().Header.Get(headerRequestID)
		if !requestIDPattern.MatchString(id) {
			b := make([]byte, 12)
			_, _ = rand.Read(b)
			id = hex.EncodeToString(b)
		}
		c.Set(ctxRequestID, id)
		c.Response().Header().Set(headerRequestID, id)
		return next(c)
	}
}

func requestID(c echo.Context) string {
	id, _ := c.Get(ctxRequestID).(string)
	return id
}

// normalizeContentType accepts the JSON media types the API documents (application/json,
// application/json-patch+json, text/json, application/*+json) by rewriting them to the one
// the spec declares for the method: JSON Patch for PATCH, application/json otherwise.
// Anything else on a request with a body is 415.
func normalizeContentType(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		raw := req.Header.Get(echo.HeaderContentType)
		if raw == "" {
			return next(c)
		}
		mt, _, err := mime.ParseMediaType(raw)
		if err != nil {
			return echo.NewHTTPError(http.StatusUnsupportedMediaType, fmt.Sprintf("malformed Content-Type %q", raw))
		}
		switch {
		case isJSONMediaType(mt):
			canonical := "application/json"
			if req.Method == http.MethodPatch {
				canonical = "application/json-patch+json"
			}
			req.Header.Set(echo.HeaderContentType, canonical)
		case mt == "multipart/form-data", mt == "application/x-www-form-urlencoded" && req.ContentLength == 0:
		default:
			if req.ContentLength != 0 {
				return echo.NewHTTPError(http.StatusUnsupportedMediaType,
					fmt.Sprintf("Content-Type %q is not supported: send application/json", mt))
			}
		}
		return next(c)
	}
}

func isJSONMediaType(mt string) bool {
	return mt == "application/json" || mt == "text/json" ||
		(strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json"))
}

// errTooLarge answers a request body over the limit.
var errTooLarge = echo.NewHTTPError(http.StatusRequestEntityTooLarge, "the request body is larger than the server accepts")

// limitBody caps request bodies: streamLimit for operations that stream their body (uploads),
// limit for the others. A declared length over the limit is refused before reading; an
// undeclared one is cut off by http.MaxBytesReader, which also makes the server close the
// connection, so the unread rest of the body never reaches the next request on it.
func limitBody(ops Operations, limit, streamLimit int64) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			capBytes := limit
			if op, ok := ops.of(c); ok && op.StreamBody {
				capBytes = streamLimit
			}
			if req.ContentLength > capBytes {
				return errTooLarge
			}
			req.Body = http.MaxBytesReader(c.Response().Writer, req.Body, capBytes)
			return next(c)
		}
	}
}

// uploadAnswerMargin is how long after its body's deadline a streamed upload may still take
// to answer (the record's transaction, or the 408 of a body that did not arrive in time).
const uploadAnswerMargin = time.Minute

// streamDeadlines gives the operations that stream a body or a response their own
// deadlines, so that the server's short global ReadTimeout and WriteTimeout (which guard
// every other request against slow clients) do not cut off a large upload or download. A
// writer that cannot take deadlines (a test recorder) has no connection to time out.
func streamDeadlines(ops Operations, bodyTimeout, responseTimeout time.Duration) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			op, ok := ops.of(c)
			if !ok || (!op.StreamBody && !op.StreamResponse) {
				return next(c)
			}
			rc := http.NewResponseController(c.Response().Writer)
			now := time.Now()
			if op.StreamBody {
				_ = rc.SetReadDeadline(now.Add(bodyTimeout))
				_ = rc.SetWriteDeadline(now.Add(bodyTimeout + uploadAnswerMargin))
			}
			if op.StreamResponse {
				_ = rc.SetWriteDeadline(now.Add(responseTimeout))
			}
			return next(c)
		}
	}
}

// recoverPanics turns a panic into a 500 problem (logged by the error handler).
func recoverPanics(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		return next(c)
	}
}

// logRequests writes one structured line per request; never headers or bodies, so tokens
// and personal data stay out of the log.
func logRequests(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			attrs := []any{
				"request_id", requestID(c),
				"method", c.Request().Method,
				"route", c.Path(),
				"status", c.Response().Status,
				"duration_ms", float64(time.Since(start).Microseconds()) / 1000,
				"bytes_out", c.Response().Size,
			}
			if t, ok := c.Get(ctxTenantID).(string); ok {
				attrs = append(attrs, "tenant_id", t)
			}
			log.InfoContext(c.Request().Context(), "request", attrs...)
			return nil
		}
	}
}

// authenticate resolves the bearer token of every spec operation that is not public and
// puts its principal in the request's context; authorize then enforces the operation's
// permission (the rate limit sits between them, so that refused requests count too).
func authenticate(ops Operations, a Authenticator) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			op, known := ops.of(c)
			if !known || op.Public {
				return next(c)
			}
			token, ok := bearerToken(c.Request())
			if !ok {
				c.Response().Header().Set("WWW-Authenticate", `Bearer realm="mos"`)
				return apperr.Unauthorized("send Authorization: Bearer <token>")
			}
			p, err := a.Authenticate(c.Request().Context(), token)
			if err != nil {
				if apperr.IsKind(err, apperr.KindUnauthorized) {
					c.Response().Header().Set("WWW-Authenticate", `Bearer realm="mos", error="invalid_token"`)
				}
				return err
			}
			c.Set(ctxTenantID, p.TenantID)
			c.SetRequest(c.Request().WithContext(auth.With(c.Request().Context(), p)))
			return next(c)
		}
	}
}

// authorize enforces the permission of every spec operation that is not public, from the
// one operation table read off the spec, on the principal authenticate found.
func authorize(ops Operations) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			op, known := ops.of(c)
			if !known || op.Public {
				return next(c)
			}
			p := auth.From(c.Request().Context())
			for _, perm := range op.Permissions {
				if !p.Can(perm) {
					return apperr.Forbidden("this operation needs the %q permission", perm)
				}
			}
			return next(c)
		}
	}
}

func bearerToken(r *http.Request) (string, bool) {
	h := r.Header.Get(echo.HeaderAuthorization)
	scheme, token, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}
