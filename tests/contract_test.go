package tests

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"go.yaml.in/yaml/v3"

	"mos/gen/client"
)

// committedSpec is openapi/v1.yaml as it is on disk, the file the server under test embeds.
func committedSpec(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../openapi/v1.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// contractRequest GETs one of the contract documents without a token, sending
// If-None-Match when given.
func contractRequest(t *testing.T, path, ifNoneMatch string) (rawResponse, []byte) {
	t.Helper()
	h := http.Header{}
	if ifNoneMatch != "" {
		h.Set("If-None-Match", ifNoneMatch)
	}
	return sendRequest(t, http.MethodGet, srv.URL+path, h, nil)
}

func TestContractYAMLIsTheCommittedFileByteForByte(t *testing.T) {
	t.Parallel()
	res, err := newClient(t, "").GetOpenApiYamlWithResponse(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if ct := res.HTTPResponse.Header.Get("Content-Type"); ct != "application/yaml" {
		t.Fatalf("Content-Type %q, want application/yaml", ct)
	}
	if !bytes.Equal(res.Body, committedSpec(t)) {
		t.Fatalf("GET /api/openapi.yaml (%d bytes) differs from openapi/v1.yaml (%d bytes)", len(res.Body), len(committedSpec(t)))
	}
}

func TestContractJSONIsTheSameDocumentInTheSameOrder(t *testing.T) {
	t.Parallel()
	res, err := newClient(t, "").GetOpenApiJsonWithResponse(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if ct := res.HTTPResponse.Header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("Content-Type %q, want application/json", ct)
	}

	// Same content: both decoded to generic values (YAML through JSON, so numbers compare
	// as JSON numbers).
	var fromYAML any
	if err := yaml.Unmarshal(committedSpec(t), &fromYAML); err != nil {
		t.Fatal(err)
	}
	yamlAsJSON, err := json.Marshal(fromYAML)
	if err != nil {
		t.Fatal(err)
	}
	var want, got any
	if err := json.Unmarshal(yamlAsJSON, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(res.Body, &got); err != nil {
		t.Fatalf("body is not JSON: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatal("GET /api/openapi.json is not the document of openapi/v1.yaml")
	}

	// A valid OpenAPI document by itself.
	doc, err := openapi3.NewLoader().LoadFromData(res.Body)
	if err != nil {
		t.Fatalf("kin-openapi cannot load the JSON document: %v", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("the JSON document is not valid OpenAPI: %v", err)
	}

	// Same order of paths, which is the order /docs lists operations in.
	if y, j := yamlPathOrder(t, committedSpec(t)), jsonPathOrder(t, res.Body); !slices.Equal(y, j) {
		t.Fatalf("paths in JSON order %v, want the YAML order %v", j, y)
	}
}

// yamlPathOrder lists the keys of the document's paths in file order.
func yamlPathOrder(t *testing.T, doc []byte) []string {
	t.Helper()
	var root yaml.Node
	if err := yaml.Unmarshal(doc, &root); err != nil {
		t.Fatal(err)
	}
	top := root.Content[0].Content
	for i := 0; i+1 < len(top); i += 2 {
		if top[i].Value == "paths" {
			var keys []string
			for j := 0; j < len(top[i+1].Content); j += 2 {
				keys = append(keys, top[i+1].Content[j].Value)
			}
			return keys
		}
	}
	t.Fatal("no paths in the YAML document")
	return nil
}

// jsonPathOrder lists the keys of the document's paths in body order.
func jsonPathOrder(t *testing.T, doc []byte) []string {
	t.Helper()
	var top struct{ Paths json.RawMessage }
	if err := json.Unmarshal(doc, &top); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(top.Paths))
	var keys []string
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			break // end of the paths object
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		default:
			// At depth 1 tokens alternate key, then a value that is always an object.
			if s, ok := tok.(string); ok && depth == 1 {
				keys = append(keys, s)
			}
		}
	}
	return keys
}

func TestContractNeedsNoToken(t *testing.T) {
	t.Parallel()
	// A browser opening /docs may still hold a revoked or stale token: the contract answers
	// regardless of what Authorization carries.
	for _, authorization := range []string{"", "Bearer mos_0123456789abcdef01234567_not-a-real-token"} {
		for _, path := range []string{"/api/openapi.yaml", "/api/openapi.json"} {
			h := http.Header{}
			if authorization != "" {
				h.Set("Authorization", authorization)
			}
			res, body := sendRequest(t, http.MethodGet, srv.URL+path, h, nil)
			mustStatus(t, res.StatusCode, http.StatusOK, body)
		}
	}
}

func TestContractRevalidatesWithStrongETag(t *testing.T) {
	t.Parallel()
	etags := map[string]bool{}
	for _, path := range []string{"/api/openapi.yaml", "/api/openapi.json"} {
		t.Run(path, func(t *testing.T) {
			res, body := contractRequest(t, path, "")
			mustStatus(t, res.StatusCode, http.StatusOK, body)
			etag := res.Header.Get("ETag")
			sum := sha256.Sum256(body)
			if want := `"` + hex.EncodeToString(sum[:]) + `"`; etag != want {
				t.Fatalf("ETag %q, want the quoted SHA-256 of the body %q", etag, want)
			}
			if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
				t.Fatalf("Cache-Control %q, want no-cache", cc)
			}
			etags[etag] = true

			cases := []struct {
				name, ifNoneMatch string
				status            int
			}{
				{"same tag", etag, http.StatusNotModified},
				{"weak form of the tag", "W/" + etag, http.StatusNotModified},
				{"tag in a list", `"older", ` + etag, http.StatusNotModified},
				{"any", "*", http.StatusNotModified},
				{"other tag", `"older"`, http.StatusOK},
				{"unquoted tag", strings.Trim(etag, `"`), http.StatusOK},
			}
			for _, c := range cases {
				res, body := contractRequest(t, path, c.ifNoneMatch)
				if res.StatusCode != c.status {
					t.Fatalf("%s: If-None-Match %s answered %d, want %d", c.name, c.ifNoneMatch, res.StatusCode, c.status)
				}
				if res.Header.Get("ETag") != etag || res.Header.Get("Cache-Control") != "no-cache" {
					t.Fatalf("%s: ETag %q, Cache-Control %q, want %q and no-cache", c.name, res.Header.Get("ETag"), res.Header.Get("Cache-Control"), etag)
				}
				if c.status == http.StatusNotModified && len(body) != 0 {
					t.Fatalf("%s: 304 carries a body of %d bytes", c.name, len(body))
				}
			}
		})
	}
	if len(etags) != 2 {
		t.Fatalf("the YAML and JSON representations share an ETag: %v", etags)
	}
}

func TestContractClientReadsBothDocuments(t *testing.T) {
	t.Parallel()
	// The generated client (as a consumer would generate it) decodes both forms and their
	// declared headers, including the 304.
	c := newClient(t, "")
	ctx := context.Background()
	y, err := c.GetOpenApiYamlWithResponse(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	j, err := c.GetOpenApiJsonWithResponse(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if y.YAML200 == nil || j.JSON200 == nil || (*y.YAML200)["openapi"] != (*j.JSON200)["openapi"] {
		t.Fatalf("documents not decoded alike: yaml %v, json %v", y.YAML200 != nil, j.JSON200 != nil)
	}
	again, err := c.GetOpenApiJsonWithResponse(ctx, &client.GetOpenApiJsonParams{IfNoneMatch: &j.Headers200.ETag})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, again.StatusCode(), http.StatusNotModified, again.Body)
	if again.Headers304 == nil || again.Headers304.ETag != j.Headers200.ETag {
		t.Fatalf("304 headers %+v, want ETag %s", again.Headers304, j.Headers200.ETag)
	}
}

// docsAssetRef matches the URLs an HTML page loads or links (src= and href=).
var docsAssetRef = regexp.MustCompile(`(?:src|href)="([^"]*)"`)

func TestDocsPageLoadsOnlySameOriginAssets(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/docs", "/docs/"} {
		res, page := sendRequest(t, http.MethodGet, srv.URL+path, nil, nil)
		mustStatus(t, res.StatusCode, http.StatusOK, page)
		if ct := res.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Fatalf("%s: Content-Type %q, want text/html", path, ct)
		}
		if csp := res.Header.Get("Content-Security-Policy"); !strings.HasPrefix(csp, "default-src 'self';") {
			t.Fatalf("%s: Content-Security-Policy %q does not keep the page on its own origin", path, csp)
		}
		if bytes.Contains(page, []byte("http://")) || bytes.Contains(page, []byte("https://")) || bytes.Contains(page, []byte("//cdn")) {
			t.Fatalf("%s names an absolute URL:\n%s", path, page)
		}
		if !bytes.Contains(page, []byte("<title>Manufacturing Operations Service API</title>")) {
			t.Fatalf("%s: title missing:\n%s", path, page)
		}
	}

	_, page := sendRequest(t, http.MethodGet, srv.URL+"/docs", nil, nil)
	wantTypes := map[string]string{
		"/docs/assets/swagger-ui-bundle.js": "text/javascript; charset=utf-8",
		"/docs/assets/swagger-ui.css":       "text/css; charset=utf-8",
		"/docs/assets/docs.js":              "text/javascript; charset=utf-8",
	}
	loaded := map[string][]byte{}
	for _, m := range docsAssetRef.FindAllSubmatch(page, -1) {
		ref := string(m[1])
		if strings.HasPrefix(ref, "data:") {
			continue
		}
		want, known := wantTypes[ref]
		if !known {
			t.Fatalf("the page loads %q, not one of the embedded assets %v", ref, wantTypes)
		}
		res, body := sendRequest(t, http.MethodGet, srv.URL+ref, nil, nil)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		if ct := res.Header.Get("Content-Type"); ct != want {
			t.Fatalf("%s: Content-Type %q, want %q", ref, ct, want)
		}
		loaded[ref] = body
	}
	if len(loaded) != len(wantTypes) {
		t.Fatalf("the page loads %d assets, want %v", len(loaded), wantTypes)
	}

	// The stylesheet pulls in nothing (fonts, images) from elsewhere; the bundle's own
	// string literals name URLs it never loads by itself, so it is covered by the CSP
	// above rather than by a text search.
	css := loaded["/docs/assets/swagger-ui.css"]
	for _, external := range []string{"url(http", "url('http", `url("http`, "@import"} {
		if bytes.Contains(css, []byte(external)) {
			t.Fatalf("swagger-ui.css contains %q", external)
		}
	}
	// Our start-up script: the spec from this server, "Try it out" against this server,
	// no call to the public validator.
	script := string(loaded["/docs/assets/docs.js"])
	for _, want := range []string{`"/api/openapi.json"`, "window.location.origin", "validatorUrl: null"} {
		if !strings.Contains(script, want) {
			t.Fatalf("docs.js lacks %q", want)
		}
	}
	if strings.Contains(script, "http://") || strings.Contains(script, "https://") {
		t.Fatalf("docs.js names an absolute URL")
	}
}

func TestDocsAssetsRevalidateWithETag(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/docs", "/docs/assets/swagger-ui-bundle.js", "/docs/assets/swagger-ui.css", "/docs/assets/docs.js"} {
		res, body := sendRequest(t, http.MethodGet, srv.URL+path, nil, nil)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		etag := res.Header.Get("ETag")
		if !strings.HasPrefix(etag, `"`) || res.Header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("%s: ETag %q, Cache-Control %q, want a strong tag and no-cache", path, etag, res.Header.Get("Cache-Control"))
		}
		res, body = sendRequest(t, http.MethodGet, srv.URL+path, http.Header{"If-None-Match": {etag}}, nil)
		mustStatus(t, res.StatusCode, http.StatusNotModified, body)
		if len(body) != 0 {
			t.Fatalf("%s: 304 carries a body", path)
		}
		res, body = sendRequest(t, http.MethodGet, srv.URL+path, http.Header{"If-None-Match": {`"older"`}}, nil)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
	res, body := sendRequest(t, http.MethodGet, srv.URL+"/docs/assets/no-such-file.js", nil, nil)
	mustProblem(t, res, body, http.StatusNotFound)
}
