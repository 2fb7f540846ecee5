package web

import (
	"fmt"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	"mos/internal/platform/auth"
)

// Operation is what the middleware needs to know about one spec operation.
type Operation struct {
	ID string // operationId as openapi/v1.yaml spells it
	// Permissions the caller must all hold: one catalogue name, several (x-permission may be
	// a list, e.g. an operation that shows margins and edits settings), or auth.PermissionNone.
	Permissions []string
	Public      bool // security: [] — no token needed
	// StreamBody (x-stream-body: true) marks an operation whose handler streams its request
	// body, as a file upload does: the validator checks its parameters and media type but
	// never reads the body (it would hold it whole in memory), and Config.StreamBodyLimitBytes
	// applies instead of the limit for JSON bodies. The handler validates what it reads.
	StreamBody bool
	// StreamResponse (x-stream-response: true) marks an operation whose response is a file
	// or archive of any size: Config.StreamResponseTimeout applies to writing it instead of
	// the server's global WriteTimeout.
	StreamResponse bool
	// MediaTypes are the media types the request body may have, for a StreamBody operation.
	MediaTypes []string
	// Idempotent marks an operation that declares the shared IdempotencyKey parameter: a
	// request sending Idempotency-Key runs once per tenant and key (see package idempotency).
	Idempotent bool
}

// Operations indexes the spec's operations by "METHOD echo-path" (e.g. "GET /api/x/:id").
type Operations map[string]Operation

// of returns the operation c's route serves, if it is one of the spec's.
func (ops Operations) of(c echo.Context) (Operation, bool) {
	op, ok := ops[c.Request().Method+" "+c.Path()]
	return op, ok
}

// ReadOperations builds the operation table from the spec and checks that every operation
// declares a permission from the catalogue (x-permission), so a forgotten declaration
// fails at start-up instead of opening an operation to every token.
func ReadOperations(doc *openapi3.T) (Operations, error) {
	catalogue := map[string]bool{}
	for _, p := range PermissionCatalogue(doc) {
		catalogue[p] = true
	}
	ops := Operations{}
	var problems []string
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			perms := permissionsOf(op.Extensions["x-permission"])
			public := op.Security != nil && len(*op.Security) == 0
			switch {
			case public:
			case len(perms) == 0:
				problems = append(problems, fmt.Sprintf("%s %s has no x-permission", method, path))
			default:
				for _, perm := range perms {
					if perm != auth.PermissionNone && !catalogue[perm] {
						problems = append(problems, fmt.Sprintf("%s %s: x-permission %q is not in the Permission catalogue", method, path, perm))
					}
				}
			}
			o := Operation{ID: specOperationID(op.OperationID), Permissions: perms, Public: public}
			o.StreamResponse, _ = op.Extensions["x-stream-response"].(bool)
			if stream, _ := op.Extensions["x-stream-body"].(bool); stream {
				o.StreamBody = true
				if op.RequestBody != nil && op.RequestBody.Value != nil {
					for mt := range op.RequestBody.Value.Content {
						o.MediaTypes = append(o.MediaTypes, mt)
					}
					sort.Strings(o.MediaTypes)
				}
				if len(o.MediaTypes) == 0 {
					problems = append(problems, fmt.Sprintf("%s %s: x-stream-body without a request body", method, path))
				}
			}
			o.Idempotent, problems = idempotencyDeclared(op, public, method+" "+path, problems)
			ops[method+" "+EchoPath(path)] = o
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return nil, fmt.Errorf("spec operations: %s", strings.Join(problems, "; "))
	}
	return ops, nil
}

// permissionsOf reads x-permission: a name or a list of names.
func permissionsOf(ext any) []string {
	switch v := ext.(type) {
	case string:
		if v == "" {
			return nil
		}
		return []string{v}
	case []any:
		out := make([]string, 0, len(v))
		for _, item := range v {
			if s, ok := item.(string); ok && s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// PermissionCatalogue lists the names of the spec's Permission enum.
func PermissionCatalogue(doc *openapi3.T) []string {
	ref, ok := doc.Components.Schemas["Permission"]
	if !ok || ref.Value == nil {
		return nil
	}
	out := make([]string, 0, len(ref.Value.Enum))
	for _, v := range ref.Value.Enum {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// EchoPath turns an OpenAPI path template into Echo's route syntax.
func EchoPath(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '{':
			b.WriteByte(':')
		case '}':
		default:
			b.WriteByte(p[i])
		}
	}
	return b.String()
}
