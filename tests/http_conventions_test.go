package tests

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/platform/ids"
	"mos/internal/tenancy"
)

func TestJSONBodiesAreAcceptedUnderEveryJSONMediaType(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, ct := range []string{
		"application/json",
		"application/json; charset=utf-8",
		"text/json",
		"application/vnd.acme+json",
		"application/json-patch+json",
	} {
		t.Run(ct, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, "/api/accounting-codes", te.Token, ct, `{"name":"Code as `+ct+`","style":"info"}`)
			mustStatus(t, res.StatusCode, http.StatusOK, body)
			var created struct{ ID string }
			if err := json.Unmarshal(body, &created); err != nil || created.ID == "" {
				t.Fatalf("create answered %s", body)
			}
			got, _ := te.API.GetAccountingCodeWithResponse(context.Background(), created.ID, nil)
			mustStatus(t, got.StatusCode(), http.StatusOK, got.Body)
			if got.JSON200.Name != "Code as "+ct {
				t.Fatalf("stored name %q", got.JSON200.Name)
			}
		})
	}
}

func TestNonJSONBodiesAreUnsupportedMediaType(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, c := range []struct{ contentType, body string }{
		{"text/plain", `{"name":"A","style":"info"}`},
		{"application/xml", `<tag><name>A</name><style>info</style></tag>`},
	} {
		t.Run(c.contentType, func(t *testing.T) {
			res, body := sendRequest(t, http.MethodPost, srv.URL+"/api/accounting-codes",
				mergeHeaders(bearer(te.Token), http.Header{"Content-Type": {c.contentType}}), strings.NewReader(c.body))
			mustProblem(t, res, body, http.StatusUnsupportedMediaType)
		})
	}
	list, _ := te.API.ListAccountingCodesWithResponse(context.Background(), nil, client.TagFilter{})
	mustStatus(t, list.StatusCode(), http.StatusOK, list.Body)
	if len(*list.JSON200) != 0 {
		t.Fatalf("a refused body created %d codes", len(*list.JSON200))
	}
}

func TestMalformedJSONIsBadRequestNamingBody(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, body := range []string{`{"name":`, `{"name":"A","style":"info"`, `not json`, `{"name":"A","style":"info"}}`} {
		t.Run(body, func(t *testing.T) {
			res, b := rawRequest(t, http.MethodPost, "/api/accounting-codes", te.Token, "application/json", body)
			mustNameField(t, mustProblem(t, res, b, http.StatusBadRequest), "body")
		})
	}
}

func TestEveryErrorIsProblemJSON(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	noPerms := te.userToken(t)
	cases := []struct {
		name, method, path, token, body string
		status                          int
		field                           string // a field the errors map must name, if any
	}{
		{"unknown api path", http.MethodGet, "/api/no-such-thing", te.Token, "", http.StatusNotFound, ""},
		{"unknown api path without token", http.MethodGet, "/api/no-such-thing", "", "", http.StatusNotFound, ""},
		{"wrong method", http.MethodDelete, "/api/accounting-codes/list", te.Token, "", http.StatusMethodNotAllowed, ""},
		{"no token", http.MethodPost, "/api/accounting-codes/list", "", "", http.StatusUnauthorized, ""},
		{"missing permission", http.MethodPost, "/api/accounting-codes/list", noPerms, "", http.StatusForbidden, ""},
		{"bad query parameter", http.MethodPost, "/api/accounting-codes/list?Take=5001", te.Token, "", http.StatusBadRequest, "Take"},
		{"unknown sort field", http.MethodPost, "/api/accounting-codes/list?Sort.Field=colour", te.Token, "", http.StatusBadRequest, "Sort.Field"},
		{"body validation", http.MethodPost, "/api/accounting-codes", te.Token, `{"style":"info"}`, http.StatusBadRequest, "name"},
		{"business rule", http.MethodPost, "/api/accounting-codes", te.Token, `{"name":"   ","style":"info"}`, http.StatusBadRequest, "name"},
		{"record not found", http.MethodGet, "/api/accounting-codes/000000000000000000000000", te.Token, "", http.StatusNotFound, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ct := ""
			if c.body != "" {
				ct = "application/json"
			}
			res, body := rawRequest(t, c.method, c.path, c.token, ct, c.body)
			p := mustProblem(t, res, body, c.status)
			if c.field != "" {
				mustNameField(t, p, c.field)
			}
		})
	}
}

func TestRequestIDIsEchoedOrGenerated(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	// What the service accepts as a request id, so a generated one can be sent back.
	wellFormed := regexp.MustCompile(`^[A-Za-z0-9._-]{1,128}$`)
	cases := []struct {
		name, sent string
		echoed     bool
	}{
		{"well-formed is echoed", "client-req.42_A", true},
		{"absent is generated", "", false},
		{"with spaces is replaced", "has spaces in it", false},
		{"over 128 characters is replaced", strings.Repeat("a", 129), false},
		{"other characters are replaced", "abc/def<script>", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := http.Header{}
			if c.sent != "" {
				h.Set("X-Request-Id", c.sent)
			}
			// One success and one problem: the id travels on both.
			ok, okBody := sendRequest(t, http.MethodGet, srv.URL+"/api/auth/validate", mergeHeaders(h, bearer(te.Token)), nil)
			mustStatus(t, ok.StatusCode, http.StatusOK, okBody)
			bad, badBody := sendRequest(t, http.MethodGet, srv.URL+"/api/auth/validate", h, nil)
			p := mustProblem(t, bad, badBody, http.StatusUnauthorized)
			for _, got := range []string{ok.Header.Get("X-Request-Id"), p.RequestID} {
				if c.echoed && got != c.sent {
					t.Fatalf("request id %q, want the sent %q", got, c.sent)
				}
				if !c.echoed && (got == c.sent || !wellFormed.MatchString(got)) {
					t.Fatalf("request id %q is not a generated id (sent %q)", got, c.sent)
				}
			}
			if !c.echoed && ok.Header.Get("X-Request-Id") == p.RequestID {
				t.Fatalf("two requests got the same generated id %q", p.RequestID)
			}
		})
	}
}

func TestPathIDMustBe24Characters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, id := range []string{strings.Repeat("a", 23), strings.Repeat("a", 25)} {
		res, body := rawRequest(t, http.MethodGet, "/api/accounting-codes/"+id, te.Token, "", "")
		mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), "id")
	}
	res, body := rawRequest(t, http.MethodGet, "/api/accounting-codes/"+strings.Repeat("a", 24), te.Token, "", "")
	mustProblem(t, res, body, http.StatusNotFound)
}

func TestCreateAnswersOnlyA24CharacterHexID(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, body := rawRequest(t, http.MethodPost, "/api/accounting-codes", te.Token, "application/json", `{"name":"5000 Cost of goods","style":"warning"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q", ct)
	}
	var got map[string]any
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	id, _ := got["id"].(string)
	if len(got) != 1 || !regexp.MustCompile(`^[0-9a-f]{24}$`).MatchString(id) {
		t.Fatalf("create answered %s, want exactly {\"id\": <24 lowercase hex>}", body)
	}
}

func TestTimestampsAreUTC(t *testing.T) {
	t.Parallel()
	// A tenant far from UTC, and a token with an expiry: both instants must still be UTC.
	id, err := srv.Tenancy.CreateTenant(context.Background(), tenancy.NewTenant{Name: "Auckland shop", Timezone: "Pacific/Auckland"})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := srv.Tenancy.IssueToken(context.Background(), tenancy.NewToken{TenantID: id, ExpiresIn: 90 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	res, body := sendRequest(t, http.MethodGet, srv.URL+"/api/auth/validate", bearer(tok.Secret), nil)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var got map[string]any
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{"createdUtc", "expirationUtc"} {
		s, _ := got[field].(string)
		ts, err := time.Parse(time.RFC3339Nano, s)
		if err != nil || !strings.HasSuffix(s, "Z") {
			t.Fatalf("%s = %q, want an RFC 3339 UTC instant ending in Z", field, s)
		}
		if ts.Location() != time.UTC {
			t.Fatalf("%s = %q is not UTC", field, s)
		}
	}
}

func TestHealthProbesNeedNoToken(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/healthz", "/readyz"} {
		res, body := sendRequest(t, http.MethodGet, srv.URL+path, nil, nil)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
}

func TestOversizedBodyIsTooLarge(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	// 20 MB of valid JSON (a long description), over the 10 MB body limit.
	huge := `{"name":"Big","style":"info","description":"` + strings.Repeat("x", 20<<20) + `"}`
	// A transport of its own, so the follow-up requests below are offered the connections
	// that carried the refused bodies (and other tests never are).
	own := &http.Transport{}
	defer own.CloseIdleConnections()
	send := func(t *testing.T, body io.Reader) (rawResponse, []byte) {
		return sendVia(t, specChecker{t: t, base: own}, http.MethodPost, srv.URL+"/api/accounting-codes",
			mergeHeaders(bearer(te.Token), http.Header{"Content-Type": {"application/json"}}), body)
	}
	t.Run("with Content-Length", func(t *testing.T) {
		res, body := send(t, strings.NewReader(huge))
		mustProblem(t, res, body, http.StatusRequestEntityTooLarge)
	})
	t.Run("chunked", func(t *testing.T) {
		// A reader of unknown length makes the client stream the body chunked, so the limit
		// must hold while reading, not only on the declared length.
		res, body := send(t, io.MultiReader(bytes.NewReader([]byte(huge))))
		mustProblem(t, res, body, http.StatusRequestEntityTooLarge)
	})
	// The refused bodies' bytes must not leak into the next request on the same client.
	for range 3 {
		res, body := send(t, strings.NewReader(`{"name":"Small `+ids.New()+`","style":"info"}`))
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
}

func TestDecimalsBeyondTwentyDigitsAreBadRequestNotServerErrors(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, limit := range []string{"1e300", "123456789012345678901", "0.000000000000000000001"} {
		res, body := rawRequest(t, http.MethodPost, "/api/customers", te.Token, "application/json", `{"name":"Huge `+limit+`","creditLimit":`+limit+`}`)
		mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
	}
	res, body := rawRequest(t, http.MethodPost, "/api/customers", te.Token, "application/json", `{"name":"Big but fine","creditLimit":99999999999999999999.5}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
}

// TestValidationReportsEveryFieldErrorOfARequestTogether: a request wrong in several members
// is told about all of them in one answer, whether the spec's shape (the request validator)
// or a service's parsing finds them, in the one phrasing of field problems.
func TestValidationReportsEveryFieldErrorOfARequestTogether(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, c := range []struct {
		name, path, body string
		fields           []string
	}{
		{"the spec's shape", "/api/customers", `{"name":"","creditLimit":-1,"url":5}`, []string{"name", "creditLimit", "url"}},
		{"a service's parsing", "/api/items", `{"number":"   ","unitTypeName":"Pieces","unitOfMeasureName":"Each","isNonInventory":true,"internalNotes":"  "}`,
			[]string{"number", "isNonInventory", "internalNotes"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, c.path, te.Token, "application/json", c.body)
			p := mustProblem(t, res, body, http.StatusBadRequest)
			for _, f := range c.fields {
				mustNameField(t, p, f)
			}
			if !strings.HasPrefix(p.Detail, "the request has invalid fields: ") {
				t.Fatalf("detail %q does not follow the phrasing of field problems", p.Detail)
			}
		})
	}
}
