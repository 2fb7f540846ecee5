package tests

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/tenancy"
)

// Requests and problems shared by every test file: raw requests with any headers, the
// problem+json checks, tokens and permissions, and the benchmarks' client.

// sendRequest is rawRequest with any headers (Authorization included, as given) and a
// body reader; use it for what rawRequest cannot express. The response is spec-checked.
func sendRequest(t *testing.T, method, url string, header http.Header, body io.Reader) (rawResponse, []byte) {
	t.Helper()
	return sendVia(t, specChecker{t: t}, method, url, header, body)
}

// bearer is the header set carrying token.
func bearer(token string) http.Header {
	return http.Header{"Authorization": {"Bearer " + token}}
}

func mergeHeaders(hs ...http.Header) http.Header {
	out := http.Header{}
	for _, h := range hs {
		for k, vs := range h {
			out[k] = append(out[k], vs...)
		}
	}
	return out
}

// problemBody is the RFC 7807 shape every error answers with.
type problemBody struct {
	Type      string              `json:"type"`
	Title     string              `json:"title"`
	Status    int                 `json:"status"`
	Detail    string              `json:"detail"`
	RequestID string              `json:"requestId"`
	Errors    map[string][]string `json:"errors"`
	// ErrorsOmitted counts the fields at fault that Errors leaves out (it names at most 50).
	ErrorsOmitted int `json:"errorsOmitted"`
}

// mustProblem fails t unless res is an application/problem+json answer with the given
// status whose body carries type, title, a matching status, a detail and the request id.
func mustProblem(t *testing.T, res rawResponse, body []byte, status int) problemBody {
	t.Helper()
	mustStatus(t, res.StatusCode, status, body)
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
		t.Fatalf("Content-Type %q, want application/problem+json; body: %s", ct, body)
	}
	var p problemBody
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("problem body is not JSON: %v: %s", err, body)
	}
	if p.Type == "" || p.Title == "" || p.Status != status || p.Detail == "" {
		t.Fatalf("problem lacks type/title/status/detail: %s", body)
	}
	if p.RequestID == "" || p.RequestID != res.Header.Get("X-Request-Id") {
		t.Fatalf("problem requestId %q differs from X-Request-Id %q", p.RequestID, res.Header.Get("X-Request-Id"))
	}
	return p
}

// mustNameField fails t unless the problem's errors map has a message for field.
func mustNameField(t *testing.T, p problemBody, field string) {
	t.Helper()
	if len(p.Errors[field]) == 0 {
		t.Fatalf("problem errors %v do not name %q (detail %q)", p.Errors, field, p.Detail)
	}
}

// mustProblemNaming checks a 400 problem naming field.
func mustProblemNaming(t *testing.T, res rawResponse, body []byte, field string) {
	t.Helper()
	mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), field)
}

// mustUnauthorized fails t unless the answer is a 401 problem that tells the client how to
// authenticate (WWW-Authenticate: Bearer ...).
func mustUnauthorized(t *testing.T, res rawResponse, body []byte) problemBody {
	t.Helper()
	p := mustProblem(t, res, body, http.StatusUnauthorized)
	if h := res.Header.Get("WWW-Authenticate"); !strings.HasPrefix(h, "Bearer") {
		t.Fatalf("WWW-Authenticate %q, want a Bearer challenge", h)
	}
	return p
}

// failOnTransportError fails t on a transport error.
func failOnTransportError(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// permissionCatalogue is the spec's Permission enum.
func permissionCatalogue(t *testing.T) []string {
	t.Helper()
	return srv.Permissions
}

// benchClient is a tenant's client without the per-response spec check, so benchmarks
// measure the server, not the test harness.
func benchClient(b *testing.B) *client.ClientWithResponses {
	b.Helper()
	c, _ := benchTenantClient(b)
	return c
}

// benchTenantClient is benchClient that also answers the new tenant's id (for what only the
// operator CLI creates, such as users).
func benchTenantClient(b *testing.B) (*client.ClientWithResponses, string) {
	b.Helper()
	ctx := context.Background()
	id, err := srv.Tenancy.CreateTenant(ctx, tenancy.NewTenant{Name: "Bench " + b.Name()})
	if err != nil {
		b.Fatal(err)
	}
	tok, err := srv.Tenancy.IssueToken(ctx, tenancy.NewToken{TenantID: id})
	if err != nil {
		b.Fatal(err)
	}
	c, err := client.NewClientWithResponses(srv.URL, client.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
		req.Header.Set("Authorization", "Bearer "+tok.Secret)
		return nil
	}))
	if err != nil {
		b.Fatal(err)
	}
	return c, id
}

// sentAnswer is one raw answer of writeBoth.
type sentAnswer struct {
	res  rawResponse
	body []byte
}

// writeBoth sends body as a create (POST createPath) and as a full update (updateMethod
// updatePath), for the rules a create and an update share.
func writeBoth(t *testing.T, token, createPath, updateMethod, updatePath, body string) [2]sentAnswer {
	t.Helper()
	var out [2]sentAnswer
	out[0].res, out[0].body = rawRequest(t, http.MethodPost, createPath, token, "application/json", body)
	out[1].res, out[1].body = rawRequest(t, updateMethod, updatePath, token, "application/json", body)
	return out
}

// editedBody is w as JSON with the members of edit replaced (nil removes one), for requests
// the typed client cannot make.
func editedBody(t *testing.T, w any, edit map[string]any) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(mustJSON(t, w)), &m); err != nil {
		t.Fatal(err)
	}
	for k, v := range edit {
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
	}
	return mustJSON(t, m)
}
