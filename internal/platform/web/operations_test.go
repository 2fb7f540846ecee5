package web

import (
	"reflect"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/auth"
)

func TestEchoPathTurnsTemplatesIntoEchoParams(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"/api/things":                           "/api/things",
		"/api/things/{id}":                      "/api/things/:id",
		"/api/things/{thingId}/parts/{partId}":  "/api/things/:thingId/parts/:partId",
		"/api/things/{id}/list":                 "/api/things/:id/list",
		"/api/auth/validate":                    "/api/auth/validate",
		"/api/customers/{customerId}/addresses": "/api/customers/:customerId/addresses",
	} {
		if got := EchoPath(in); got != want {
			t.Errorf("EchoPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// opWith returns an operation declaring permission (none when empty).
func opWith(id, permission string) *openapi3.Operation {
	op := openapi3.NewOperation()
	op.OperationID = id
	if permission != "" {
		op.Extensions = map[string]any{"x-permission": permission}
	}
	return op
}

// thingsSpec is a small spec whose Permission catalogue holds View Thing and Edit Thing.
func thingsSpec(paths ...openapi3.NewPathsOption) *openapi3.T {
	perm := openapi3.NewStringSchema()
	perm.Enum = []any{"View Thing", "Edit Thing"}
	return &openapi3.T{
		OpenAPI:    "3.0.3",
		Paths:      openapi3.NewPaths(paths...),
		Components: &openapi3.Components{Schemas: openapi3.Schemas{"Permission": perm.NewRef()}},
	}
}

func TestReadOperationsIndexesEveryOperation(t *testing.T) {
	t.Parallel()
	public := opWith("health", "")
	public.Security = openapi3.NewSecurityRequirements() // security: []
	both := opWith("setSecret", "")
	both.Extensions = map[string]any{"x-permission": []any{"View Thing", "Edit Thing"}} // all required
	doc := thingsSpec(
		openapi3.WithPath("/api/things", &openapi3.PathItem{Post: opWith("createThing", "Edit Thing")}),
		openapi3.WithPath("/api/things/{id}", &openapi3.PathItem{Get: opWith("getThing", "View Thing"), Patch: opWith("patchThing", "Edit Thing")}),
		openapi3.WithPath("/api/me", &openapi3.PathItem{Get: opWith("me", auth.PermissionNone)}),
		openapi3.WithPath("/api/health", &openapi3.PathItem{Get: public}),
		openapi3.WithPath("/api/things/{id}/secret", &openapi3.PathItem{Put: both}),
	)
	ops, err := ReadOperations(doc)
	if err != nil {
		t.Fatal(err)
	}
	want := Operations{
		"POST /api/things":           {ID: "createThing", Permissions: []string{"Edit Thing"}},
		"GET /api/things/:id":        {ID: "getThing", Permissions: []string{"View Thing"}},
		"PATCH /api/things/:id":      {ID: "patchThing", Permissions: []string{"Edit Thing"}},
		"GET /api/me":                {ID: "me", Permissions: []string{auth.PermissionNone}},
		"GET /api/health":            {ID: "health", Public: true},
		"PUT /api/things/:id/secret": {ID: "setSecret", Permissions: []string{"View Thing", "Edit Thing"}},
	}
	if len(ops) != len(want) {
		t.Fatalf("operations %v, want %v", ops, want)
	}
	for k, w := range want {
		if !reflect.DeepEqual(ops[k], w) {
			t.Errorf("%s: %+v, want %+v", k, ops[k], w)
		}
	}
}

func TestReadOperationsRefusesUndeclaredOrUnknownPermissions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		doc  *openapi3.T
		want []string // substrings of the error
	}{
		{"missing x-permission", thingsSpec(
			openapi3.WithPath("/api/things", &openapi3.PathItem{Get: opWith("listThings", "")}),
		), []string{"GET /api/things has no x-permission"}},
		{"permission not in the catalogue", thingsSpec(
			openapi3.WithPath("/api/things", &openapi3.PathItem{Get: opWith("listThings", "View Everything")}),
		), []string{`"View Everything" is not in the Permission catalogue`}},
		{"catalogue names are exact", thingsSpec(
			openapi3.WithPath("/api/things", &openapi3.PathItem{Get: opWith("listThings", "view thing")}),
		), []string{`"view thing"`}},
		{"every problem is reported", thingsSpec(
			openapi3.WithPath("/api/things", &openapi3.PathItem{Get: opWith("listThings", ""), Post: opWith("createThing", "Make Thing")}),
			openapi3.WithPath("/api/things/{id}", &openapi3.PathItem{Get: opWith("getThing", "View Thing")}),
		), []string{"GET /api/things has no x-permission", `POST /api/things: x-permission "Make Thing"`}},
		{"no catalogue at all", &openapi3.T{
			OpenAPI:    "3.0.3",
			Paths:      openapi3.NewPaths(openapi3.WithPath("/api/things", &openapi3.PathItem{Get: opWith("listThings", "View Thing")})),
			Components: &openapi3.Components{},
		}, []string{`"View Thing" is not in the Permission catalogue`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ops, err := ReadOperations(c.doc)
			if err == nil {
				t.Fatalf("ReadOperations accepted the spec: %v", ops)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestServedSpecDeclaresAPermissionOnEveryOperation(t *testing.T) {
	t.Parallel()
	doc, err := gen.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	ops, err := ReadOperations(doc)
	if err != nil {
		t.Fatal(err)
	}
	if op := ops["GET /api/auth/validate"]; !reflect.DeepEqual(op.Permissions, []string{auth.PermissionNone}) || op.Public {
		t.Errorf("validateToken: %+v, want any valid token", op)
	}
	if op := ops["POST /api/accounting-codes/list"]; !reflect.DeepEqual(op.Permissions, []string{"View Accounting"}) {
		t.Errorf("listAccountingCodes: %+v, want View Accounting", op)
	}
	catalogue := PermissionCatalogue(doc)
	if len(catalogue) == 0 {
		t.Fatal("the spec has no Permission catalogue")
	}
	for _, p := range catalogue {
		if strings.TrimSpace(p) != p || p == "" || p == auth.PermissionNone {
			t.Errorf("catalogue entry %q", p)
		}
	}
}
