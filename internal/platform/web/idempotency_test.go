package web

import (
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/idempotency"
)

// keyParameter is the shared IdempotencyKey parameter, referenced as the spec does, or (ref
// empty) declared in place.
func keyParameter(ref string) *openapi3.ParameterRef {
	return &openapi3.ParameterRef{Ref: ref, Value: openapi3.NewHeaderParameter(idempotency.Header).WithSchema(openapi3.NewStringSchema())}
}

func TestReadOperationsMarksTheOperationsDeclaringIdempotencyKey(t *testing.T) {
	t.Parallel()
	create := opWith("createThing", "Edit Thing")
	create.Parameters = openapi3.Parameters{keyParameter(idempotency.SpecParameter)}
	doc := thingsSpec(openapi3.WithPath("/api/things", &openapi3.PathItem{Post: create, Get: opWith("listThings", "View Thing")}))
	ops, err := ReadOperations(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !ops["POST /api/things"].Idempotent || ops["GET /api/things"].Idempotent {
		t.Fatalf("operations %+v: want only createThing idempotent", ops)
	}
}

func TestReadOperationsRefusesAnIdempotencyKeyNotDeclaredThroughTheSharedParameter(t *testing.T) {
	t.Parallel()
	inline := opWith("createThing", "Edit Thing")
	inline.Parameters = openapi3.Parameters{keyParameter("")}
	public := opWith("ping", "")
	public.Security = openapi3.NewSecurityRequirements()
	public.Parameters = openapi3.Parameters{keyParameter(idempotency.SpecParameter)}
	_, err := ReadOperations(thingsSpec(
		openapi3.WithPath("/api/things", &openapi3.PathItem{Post: inline}),
		openapi3.WithPath("/api/ping", &openapi3.PathItem{Post: public}),
	))
	if err == nil {
		t.Fatal("ReadOperations accepted the spec")
	}
	for _, want := range []string{"POST /api/things declares Idempotency-Key without $ref", "POST /api/ping: a public operation cannot take Idempotency-Key"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

func TestServedSpecMarksThePostsThatTakeIdempotencyKey(t *testing.T) {
	t.Parallel()
	doc, err := gen.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	ops, err := ReadOperations(doc)
	if err != nil {
		t.Fatal(err)
	}
	for route, want := range map[string]bool{
		"POST /api/inventory/pick":        true,
		"POST /api/attachments":           true,
		"POST /api/accounting-codes":      true,
		"POST /api/accounting-codes/list": false,
		"POST /api/attachments/download":  false,
		"GET /api/accounting-codes/:id":   false,
	} {
		if op, ok := ops[route]; !ok || op.Idempotent != want {
			t.Errorf("%s: Idempotent %v, want %v", route, op.Idempotent, want)
		}
	}
}
