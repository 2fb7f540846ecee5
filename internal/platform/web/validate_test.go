package web

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
)

// enumSpec has one list whose query parameter and body members are enums: a member, a
// member wrapped in allOf, an array of them, and a query parameter.
const enumSpec = `
openapi: 3.0.3
info: {title: t, version: '1'}
security: [{bearer: []}]
paths:
  /api/things/list:
    post:
      operationId: listThings
      x-permission: none
      parameters:
        - {name: Sort.Dir, in: query, schema: {$ref: '#/components/schemas/Dir'}}
        - {name: level, in: query, schema: {type: integer, enum: [1, 2, 3]}}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                colour: {$ref: '#/components/schemas/Colour'}
                wrapped: {allOf: [{$ref: '#/components/schemas/Colour'}], description: wrapped}
                colours: {type: array, items: {$ref: '#/components/schemas/Colour'}}
                inline: {type: string, enum: [small, large]}
      responses:
        '200': {description: ok}
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
  schemas:
    Permission: {type: string, enum: [View Thing]}
    Dir: {type: string, enum: [ascending, descending]}
    Colour: {type: string, enum: [red, green, blue]}
`

func enumServer(t *testing.T) *httptest.Server {
	t.Helper()
	spec, err := openapi3.NewLoader().LoadFromData([]byte(enumSpec))
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(Config{Spec: spec, Auth: anyToken{}, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	e.POST("/api/things/list", func(c echo.Context) error { return c.NoContent(http.StatusOK) })
	ts := httptest.NewServer(e)
	t.Cleanup(ts.Close)
	return ts
}

func TestEnumRefusalsListTheAllowedValues(t *testing.T) {
	t.Parallel()
	ts := enumServer(t)
	cases := []struct {
		name, query, body, field, want string
	}{
		{"query parameter", "Sort.Dir=sideways", "", "Sort.Dir", `"sideways" is not one of the allowed values: ascending, descending`},
		{"empty query parameter", "Sort.Dir=", "", "Sort.Dir", `"" is not one of the allowed values: ascending, descending`},
		{"numeric query parameter", "level=4", "", "level", `4 is not one of the allowed values: 1, 2, 3`},
		{"body member", "", `{"colour":"mauve"}`, "colour", `"mauve" is not one of the allowed values: red, green, blue`},
		{"body member in allOf", "", `{"wrapped":"mauve"}`, "wrapped", `"mauve" is not one of the allowed values: red, green, blue`},
		{"inline enum", "", `{"inline":"medium"}`, "inline", `"medium" is not one of the allowed values: small, large`},
		{"array element", "", `{"colours":["red","mauve"]}`, "colours.1", `"mauve" is not one of the allowed values: red, green, blue`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			req, err := http.NewRequest(http.MethodPost, ts.URL+"/api/things/list?"+c.query, strings.NewReader(c.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Authorization", "Bearer x")
			if c.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var p struct {
				Errors map[string][]string `json:"errors"`
				Detail string              `json:"detail"`
			}
			if err := json.NewDecoder(res.Body).Decode(&p); err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != http.StatusBadRequest || len(p.Errors[c.field]) != 1 || p.Errors[c.field][0] != c.want {
				t.Fatalf("%d %v (detail %q), want 400 with %s: %q", res.StatusCode, p.Errors, p.Detail, c.field, c.want)
			}
		})
	}
}
