// Package tests holds the black-box API tests: they start the real server on a real
// PostgreSQL database, call it over HTTP through the client generated from
// openapi/v1.yaml, and check every response against that same spec.
package tests

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"mos/gen"
	"mos/gen/client"
	"mos/internal/dbtest"
	"mos/internal/httpapi"
	"mos/internal/platform/blob"
	"mos/internal/platform/db"
	"mos/internal/platform/ratelimit"
	"mos/internal/platform/web"
	"mos/internal/shared/attachments"
	"mos/internal/tenancy"
)

// srv is the one server every test in this package talks to; tests isolate themselves
// by creating their own tenants.
var srv struct {
	URL     string
	Pool    *db.Pool
	Tenancy *tenancy.Service
	// BlobDir is the root of the attachments' file store.
	BlobDir string
	// Spec is the served spec, parsed once (read-only: tests must not change it), and
	// Permissions its permission catalogue.
	Spec        *openapi3.T
	Permissions []string
	router      routers.Router
	// DBURL is the URL of the server's database, and config what the server was built
	// from, for tests that build a second server with other limits.
	DBURL  string
	config httpapi.Config
}

// serverLog holds everything the test server logged during the run.
var serverLog syncBuffer

// testRateLimit is the test server's budget per token: enabled, so that every answer
// carries the RateLimit-* headers and is checked against the spec with them, but far above
// what any test sends with one token.
var testRateLimit = ratelimit.Rule{PerMinute: 60_000_000, Burst: 1_000_000}

// syncBuffer is a bytes.Buffer safe for the server's concurrent writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String returns what was written so far.
func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// The test server's attachment limits, low so that tests can cross them with small files.
const (
	testUploadLimitBytes   = 3 << 20
	testRedirectAboveBytes = 64 << 10
	testZipMaxEntries      = 5
	testZipMaxBytes        = 256 << 10
)

// testSigningKey keys the test server's signed download URLs, so that tests can sign URLs
// the server would (an expired one, say).
var testSigningKey = []byte("mos-tests-signing-key-0123456789abcdef")

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	pool, dbURL, drop, err := dbtest.Create()
	if err != nil {
		fmt.Fprintln(os.Stderr, "tests:", err)
		return 1
	}
	defer drop()
	background, stopBackground := context.WithCancel(context.Background())
	defer stopBackground()
	// The server logs at debug level into serverLog (and to stderr with MOS_TEST_LOG set),
	// so that tests can read what it logged.
	var logOut io.Writer = &serverLog
	if os.Getenv("MOS_TEST_LOG") != "" {
		logOut = io.MultiWriter(&serverLog, os.Stderr)
	}
	logger := slog.New(slog.NewJSONHandler(logOut, &slog.HandlerOptions{Level: slog.LevelDebug}))
	blobDir, err := os.MkdirTemp("", "mos-tests-blobs-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "tests:", err)
		return 1
	}
	defer func() { _ = os.RemoveAll(blobDir) }()
	blobs, err := blob.NewLocal(blobDir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tests:", err)
		return 1
	}
	cfg := httpapi.Config{Pool: pool, Logger: logger, Attachments: attachments.Config{Blobs: blobs,
		UploadLimitBytes: testUploadLimitBytes, RedirectAboveBytes: testRedirectAboveBytes,
		ZipMaxEntries: testZipMaxEntries, ZipMaxBytes: testZipMaxBytes, SigningKey: testSigningKey},
		RateLimit: testRateLimit, Background: background,
		Webhooks: testWebhooks(), DeliverWebhooks: true}
	e, err := httpapi.New(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tests: build server:", err)
		return 1
	}
	ts := httptest.NewServer(e)
	defer ts.Close()

	spec, err := gen.GetSpec()
	if err != nil {
		fmt.Fprintln(os.Stderr, "tests: spec:", err)
		return 1
	}
	if err := spec.Validate(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "tests: openapi/v1.yaml is not a valid OpenAPI document:", err)
		return 1
	}
	spec.Servers = nil
	router, err := gorillamux.NewRouter(spec)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tests: router:", err)
		return 1
	}
	srv.URL, srv.Pool, srv.router, srv.BlobDir = ts.URL, pool, router, blobDir
	srv.DBURL, srv.config = dbURL, cfg
	// Servers a test builds from this config run no delivery worker: the shared server's
	// delivers every webhook, and a second worker would run its rounds on the test's pool
	// (counted, recorded or limited there) and outlive the test.
	srv.config.DeliverWebhooks = false
	srv.Spec, srv.Permissions = spec, web.PermissionCatalogue(spec)
	srv.Tenancy = tenancy.NewService(pool, srv.Permissions)
	code := m.Run()
	// Secrets are never logged: the log of the whole run holds no token and no key.
	if err := checkRunLog(); err != nil {
		fmt.Fprintln(os.Stderr, "tests:", err)
		return 1
	}
	return code
}

// tenantEnv is a fresh tenant with an integration token and a client using it.
type tenantEnv struct {
	ID    string
	Token string
	API   *client.ClientWithResponses
}

// newTenant creates a tenant (shop timezone UTC unless given) and its integration client.
func newTenant(t *testing.T, timezone ...string) *tenantEnv {
	t.Helper()
	nt := tenancy.NewTenant{}
	if len(timezone) > 0 {
		nt.Timezone = timezone[0]
	}
	return newTenantWith(t, nt)
}

// newTenantWith creates a tenant as nt describes (name from the test and tenancy's defaults
// for what nt leaves empty, e.g. CurrencyCode) and its integration client.
func newTenantWith(t *testing.T, nt tenancy.NewTenant) *tenantEnv {
	t.Helper()
	if nt.Name == "" {
		nt.Name = "Tenant " + t.Name()
	}
	id, err := srv.Tenancy.CreateTenant(context.Background(), nt)
	if err != nil {
		t.Fatalf("create tenant: %v", err)
	}
	tok, err := srv.Tenancy.IssueToken(context.Background(), tenancy.NewToken{TenantID: id})
	if err != nil {
		t.Fatalf("issue token: %v", err)
	}
	return &tenantEnv{ID: id, Token: tok.Secret, API: newClient(t, tok.Secret)}
}

// userToken issues a user-bound token holding exactly perms.
func (te *tenantEnv) userToken(t *testing.T, perms ...string) string {
	t.Helper()
	if perms == nil {
		perms = []string{}
	}
	tok, err := srv.Tenancy.IssueToken(context.Background(), tenancy.NewToken{TenantID: te.ID, UserName: "user-" + t.Name(), Permissions: perms})
	if err != nil {
		t.Fatalf("issue user token: %v", err)
	}
	return tok.Secret
}

// userClient is a client on a user-bound token holding exactly perms.
func (te *tenantEnv) userClient(t *testing.T, perms ...string) *client.ClientWithResponses {
	t.Helper()
	return newClient(t, te.userToken(t, perms...))
}

// newClient returns a generated client that sends token (none when empty) and fails t
// on any response that does not match the spec.
func newClient(t *testing.T, token string) *client.ClientWithResponses {
	t.Helper()
	c, err := client.NewClientWithResponses(srv.URL,
		client.WithHTTPClient(&http.Client{Transport: specChecker{t: t}}),
		client.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			return nil
		}))
	if err != nil {
		t.Fatalf("client: %v", err)
	}
	return c
}

// specChecker validates every response against openapi/v1.yaml: declared status,
// headers and body schema. Responses to paths the spec does not describe must still be
// problem+json when they are errors.
type specChecker struct {
	t    *testing.T
	base http.RoundTripper // nil: http.DefaultTransport
}

func (sc specChecker) RoundTrip(req *http.Request) (*http.Response, error) {
	var reqBody []byte
	if req.Body != nil {
		reqBody, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(reqBody))
	}
	base := sc.base
	if base == nil {
		base = http.DefaultTransport
	}
	res, err := base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if err != nil {
		return nil, err
	}
	res.Body = io.NopCloser(bytes.NewReader(body))
	checkResponse(sc.t, req, reqBody, res, body)
	return res, nil
}

func checkResponse(t *testing.T, req *http.Request, reqBody []byte, res *http.Response, body []byte) {
	t.Helper()
	if res.StatusCode >= 400 && !strings.HasPrefix(res.Header.Get("Content-Type"), "application/problem+json") {
		t.Errorf("%s %s answered %d with Content-Type %q, want application/problem+json", req.Method, req.URL.Path, res.StatusCode, res.Header.Get("Content-Type"))
	}
	// Route lookup on a copy without host, as the spec has no servers here.
	lookup := req.Clone(req.Context())
	lookup.Body = io.NopCloser(bytes.NewReader(reqBody))
	route, params, err := srv.router.FindRoute(lookup)
	if err != nil {
		return // not a spec path (router 404/405): only the problem+json check above applies
	}
	input := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: lookup, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc},
		},
		Status: res.StatusCode,
		Header: res.Header,
		Body:   io.NopCloser(bytes.NewReader(body)),
		Options: &openapi3filter.Options{
			IncludeResponseStatus: true,
			MultiError:            true,
		},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), input); err != nil {
		t.Errorf("%s %s: response %d does not match openapi/v1.yaml: %v\nbody: %s", req.Method, req.URL.Path, res.StatusCode, err, truncate(body))
	}
}

func truncate(b []byte) string {
	if len(b) > 2000 {
		return string(b[:2000]) + "…"
	}
	return string(b)
}

// rawResponse is what a hand-made request answered. The body is read and closed
// already and handed back beside it.
type rawResponse struct {
	StatusCode int
	Header     http.Header
}

// rawRequest sends a hand-made request (for media types and malformed input the typed
// client cannot produce); its response is spec-checked like every other.
func rawRequest(t *testing.T, method, path, token, contentType, body string) (rawResponse, []byte) {
	t.Helper()
	h := http.Header{}
	if contentType != "" {
		h.Set("Content-Type", contentType)
	}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	return sendVia(t, specChecker{t: t}, method, srv.URL+path, h, r)
}

// sendVia sends a request through rt and returns the response with its body read.
func sendVia(t *testing.T, rt http.RoundTripper, method, url string, header http.Header, body io.Reader) (rawResponse, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	res, err := (&http.Client{Transport: rt}).Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer func() { _ = res.Body.Close() }()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: read body: %v", method, url, err)
	}
	return rawResponse{StatusCode: res.StatusCode, Header: res.Header}, b
}

// concurrently sends n copies of a request at the same time and counts the statuses they
// answered, for rules that must hold under concurrency (unique names, balances).
func concurrently(t *testing.T, n int, request func() (status int, err error)) map[int]int {
	t.Helper()
	return atOnce(t, n, func(int) (int, error) { return request() })
}

// atOnce runs request n times in goroutines that all wait at a start barrier, so the
// requests really overlap, and counts the statuses they answered; request gets its index.
func atOnce(t *testing.T, n int, request func(i int) (status int, err error)) map[int]int {
	t.Helper()
	start := make(chan struct{})
	var wg sync.WaitGroup
	statuses := make(chan int, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			status, err := request(i)
			if err != nil {
				t.Error(err)
				return
			}
			statuses <- status
		}()
	}
	close(start)
	wg.Wait()
	close(statuses)
	counts := map[int]int{}
	for s := range statuses {
		counts[s]++
	}
	return counts
}

// statusCoder is any generated client response.
type statusCoder interface{ StatusCode() int }

// statusInto adapts a client call for together: it stores the call's status in dst.
func statusInto(dst *int, call func() (statusCoder, error)) func() error {
	return func() error {
		res, err := call()
		if err != nil {
			return err
		}
		*dst = res.StatusCode()
		return nil
	}
}

// together runs the functions at once behind a start barrier and fails t on their errors.
func together(t *testing.T, fns ...func() error) {
	t.Helper()
	atOnce(t, len(fns), func(i int) (int, error) { return 0, fns[i]() })
}

// ptr returns a pointer to v, for optional request fields.
func ptr[T any](v T) *T { return &v }

// mustStatus fails the test unless got is want, showing the body.
func mustStatus(t *testing.T, got, want int, body []byte) {
	t.Helper()
	if got != want {
		t.Fatalf("status %d, want %d; body: %s", got, want, truncate(body))
	}
}
