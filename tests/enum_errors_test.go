package tests

import (
	"net/http"
	"strings"
	"testing"
)

// TestEnumRefusalsListTheAllowedValues: a value outside a closed set is refused naming the
// field, the value and every allowed value, in the same words wherever it is checked: by
// the request validator in a body member, a query parameter or a filter array element,
// and by a service checking a multipart form the validator does not read.
func TestEnumRefusalsListTheAllowedValues(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	cases := []struct {
		name, path, body, field, want string
	}{
		{"body member", "/api/accounting-codes", `{"name":"Code","style":"mauve"}`, "style",
			`"mauve" is not one of the allowed values: primary, secondary, success, danger, warning, info, light, dark, connected`},
		{"query parameter", "/api/accounting-codes/list?Sort.Dir=sideways", "", "Sort.Dir",
			`"sideways" is not one of the allowed values: ascending, descending`},
		{"filter array element", "/api/attachments/list", `{"formats":["cad","movie"]}`, "formats.1",
			`"movie" is not one of the allowed values: undefined, cad, document, image, video`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			contentType := ""
			if c.body != "" {
				contentType = "application/json"
			}
			res, body := rawRequest(t, http.MethodPost, c.path, te.Token, contentType, c.body)
			p := mustProblem(t, res, body, http.StatusBadRequest)
			if got := p.Errors[c.field]; len(got) != 1 || got[0] != c.want {
				t.Fatalf("errors %v, want %s: %q", p.Errors, c.field, c.want)
			}
		})
	}
	t.Run("multipart form part", func(t *testing.T) {
		itemID := createItem(t, te, newItem("ENUMFORM"))
		res, body := postForm(t, te, "/api/attachments", &filePart{name: "a.txt", content: []byte("a")},
			part{"Detail.Owner.Type", "widget"}, part{"Detail.Owner.Id", itemID}, part{"Detail.IsNoteAttachment", "false"})
		p := mustProblem(t, res, body, http.StatusBadRequest)
		got := p.Errors["Detail.Owner.Type"]
		const prefix = `"widget" is not one of the allowed values: `
		if len(got) != 1 || !strings.HasPrefix(got[0], prefix) ||
			!strings.Contains(got[0], "item") || !strings.Contains(got[0], "shipment") {
			t.Fatalf("errors %v, want Detail.Owner.Type: %s<the owner types>", p.Errors, prefix)
		}
	})
}
