package web

import (
	"fmt"
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	"mos/internal/platform/idempotency"
)

// idempotencyDeclared reads whether op takes an Idempotency-Key: it declares the shared
// parameter (one definition of the header for every operation). A header of that name
// declared any other way, or on an operation without a tenant to keep the keys of (a
// public one), is a problem of the spec.
func idempotencyDeclared(op *openapi3.Operation, public bool, where string, problems []string) (bool, []string) {
	declared := false
	for _, p := range op.Parameters {
		if p == nil || p.Value == nil || p.Value.In != openapi3.ParameterInHeader ||
			http.CanonicalHeaderKey(p.Value.Name) != idempotency.Header {
			continue
		}
		if p.Ref != idempotency.SpecParameter {
			problems = append(problems, fmt.Sprintf("%s declares %s without $ref: '%s'", where, idempotency.Header, idempotency.SpecParameter))
			continue
		}
		declared = true
	}
	if declared && public {
		problems = append(problems, fmt.Sprintf("%s: a public operation cannot take %s (keys belong to a tenant)", where, idempotency.Header))
	}
	return declared, problems
}

// idempotent runs the operations that declare Idempotency-Key through g; nil g leaves the
// header unread.
func idempotent(ops Operations, g *idempotency.Guard) echo.MiddlewareFunc {
	if g == nil {
		return func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	}
	return g.Middleware(func(c echo.Context) (idempotency.Route, bool) {
		op, ok := ops.of(c)
		return idempotency.Route{StreamBody: op.StreamBody}, ok && op.Idempotent
	})
}
