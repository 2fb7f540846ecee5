package web

import (
	"github.com/labstack/echo/v4"
)

// secureHeaders sets the headers every answer carries, errors and routes outside the spec
// included: X-Content-Type-Options: nosniff, so that no browser reads a body as another
// type than the one sent; and, on every answer of an operation that needs a token,
// Cache-Control: no-store, so that no shared or browser cache keeps a tenant's data (also
// on a request outside the spec's routes that carries credentials), unless
// the answer carries an ETag (a representation meant to be revalidated: it keeps the
// Cache-Control its handler chose). Whether an ETag is served is only known when the answer
// is written, so the decision is taken then. Answers Go's HTTP server gives before any
// handler runs (a malformed request line) carry neither.
func secureHeaders(ops Operations) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			res := c.Response()
			res.Header().Set(echo.HeaderXContentTypeOptions, "nosniff")
			res.Before(func() {
				authenticated := c.Request().Header.Get(echo.HeaderAuthorization) != ""
				if op, known := ops.of(c); known {
					authenticated = !op.Public
				}
				if authenticated && res.Header().Get("ETag") == "" {
					res.Header().Set(echo.HeaderCacheControl, "no-store")
				}
			})
			return next(c)
		}
	}
}
