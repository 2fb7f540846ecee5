package contract

import (
	"testing"

	"mos/openapi"
)

func TestYAMLToJSONKeepsKeyOrderAndScalarTypes(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, yaml, json string }{
		{"key order", "b: 1\na: 2\nc: 3\n", `{"b":1,"a":2,"c":3}`},
		{"core scalar types", "i: 42\nf: 1.5\nt: true\nn: null\ntilde: ~\ns: text\n", `{"i":42,"f":1.5,"t":true,"n":null,"tilde":null,"s":"text"}`},
		{"quoted scalars stay strings", "a: '42'\nb: \"true\"\n", `{"a":"42","b":"true"}`},
		{"numeric keys become strings", "responses:\n  200: ok\n  '404': missing\n", `{"responses":{"200":"ok","404":"missing"}}`},
		{"dates stay as written", "d: 2024-01-31\n", `{"d":"2024-01-31"}`},
		{"flow style and sequences", "enum: [a, b]\nschema: {type: string, minLength: 1}\n", `{"enum":["a","b"],"schema":{"type":"string","minLength":1}}`},
		{"aliases are resolved", "x: &v {k: 1}\ny: *v\n", `{"x":{"k":1},"y":{"k":1}}`},
		{"no HTML escaping", "d: 'Bearer <token> & more'\n", `{"d":"Bearer <token> & more"}`},
		{"block text", "d: |\n  line one\n  line two\n", `{"d":"line one\nline two\n"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := yamlToJSON([]byte(c.yaml))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.json+"\n" {
				t.Fatalf("got %s, want %s", got, c.json)
			}
		})
	}
}

func TestYAMLToJSONRefusesWhatJSONCannotHold(t *testing.T) {
	t.Parallel()
	for name, src := range map[string]string{
		"merge key":       "a: &v {k: 1}\nb:\n  <<: *v\n",
		"complex key":     "? [a, b]\n: c\n",
		"infinite number": "x: .inf\n",
		"not YAML":        "a: [\n",
	} {
		if _, err := yamlToJSON([]byte(src)); err == nil {
			t.Errorf("%s: converted without error", name)
		}
	}
}

func TestNotModifiedComparesEntityTagsWeakly(t *testing.T) {
	t.Parallel()
	r := newRepresentation([]byte("body"))
	cases := []struct {
		header string
		want   bool
	}{
		{r.etag, true},
		{"W/" + r.etag, true},
		{`"a", ` + r.etag + `, "b"`, true},
		{"*", true},
		{"", false},
		{`"a"`, false},
		{r.etag[1 : len(r.etag)-1], false}, // unquoted
	}
	for _, c := range cases {
		if got := r.notModified(c.header); got != c.want {
			t.Errorf("notModified(%q) = %v, want %v", c.header, got, c.want)
		}
	}
}

func TestThePublishedContractConverts(t *testing.T) {
	t.Parallel()
	// The server refuses to start on a contract it cannot convert: catch it here first.
	if _, err := NewHandler(openapi.V1); err != nil {
		t.Fatal(err)
	}
}

func TestDocsSiteHasThePageAndItsAssets(t *testing.T) {
	t.Parallel()
	site, err := loadDocsSite()
	if err != nil {
		t.Fatal(err)
	}
	if site.page.contentType != "text/html; charset=utf-8" || len(site.page.body) == 0 {
		t.Fatalf("page: %q, %d bytes", site.page.contentType, len(site.page.body))
	}
	for name, ct := range map[string]string{
		"swagger-ui-bundle.js": "text/javascript; charset=utf-8",
		"swagger-ui.css":       "text/css; charset=utf-8",
		"docs.js":              "text/javascript; charset=utf-8",
		"LICENSE":              "text/plain; charset=utf-8",
	} {
		if f, ok := site.assets[name]; !ok || f.contentType != ct {
			t.Errorf("asset %s: present %v, Content-Type %q, want %q", name, ok, f.contentType, ct)
		}
	}
	if _, ok := site.assets["index.html"]; ok {
		t.Error("the page is also served as an asset")
	}
}
