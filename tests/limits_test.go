package tests

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"mos/internal/httpapi"
	"mos/internal/platform/db"
	"mos/internal/platform/ratelimit"
)

// startServer starts a second API server on the test database, built like the shared one
// with change applied to its configuration (another rate limit, a pool with other limits),
// and answers its base URL. Like every server built from srv.config it runs no delivery
// worker (the shared server's delivers the webhooks).
func startServer(t *testing.T, change func(*httpapi.Config)) string {
	t.Helper()
	cfg := srv.config
	change(&cfg)
	e, err := httpapi.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(e)
	t.Cleanup(ts.Close)
	return ts.URL
}

// openPool opens a pool on the test database with lim, closed when t ends.
func openPool(t *testing.T, lim db.Limits) *db.Pool {
	t.Helper()
	pool, err := db.OpenWith(context.Background(), srv.DBURL, lim)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pool.Close() })
	return pool
}

// waitFor polls cond until it holds (the test's own deadline is the only bound): for states
// another process reaches in its own time, such as a backend's query in pg_stat_activity.
func waitFor(t *testing.T, what string, cond func() (bool, error)) {
	t.Helper()
	deadline, bounded := t.Deadline()
	for {
		ok, err := cond()
		if err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		if ok {
			return
		}
		if bounded && time.Until(deadline) < 5*time.Second {
			t.Fatalf("%s never happened", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// mustRateLimitHeaders fails t unless h carries the RateLimit-* headers as whole numbers
// with the given limit, and answers the remaining count and reset seconds.
func mustRateLimitHeaders(t *testing.T, what string, h http.Header, limit int) (remaining, reset int) {
	t.Helper()
	num := func(name string) int {
		t.Helper()
		n, err := strconv.Atoi(h.Get(name))
		if err != nil || n < 0 {
			t.Fatalf("%s: %s %q, want a whole number", what, name, h.Get(name))
		}
		return n
	}
	if got := num("RateLimit-Limit"); got != limit {
		t.Fatalf("%s: RateLimit-Limit %d, want %d", what, got, limit)
	}
	return num("RateLimit-Remaining"), num("RateLimit-Reset")
}

func TestRateLimitHeadersOnEveryAuthenticatedAnswer(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	noPermission := te.userToken(t)
	id := createTag(t, te, "Rate limited")
	answers := []struct {
		name, method, path, token, body string
		status                          int
	}{
		{"a read", http.MethodGet, "/api/tags/" + id, te.Token, "", http.StatusOK},
		{"an invalid request", http.MethodPost, "/api/tags", te.Token, `{"name":""}`, http.StatusBadRequest},
		{"a missing record", http.MethodGet, "/api/tags/" + strings.Repeat("0", 24), te.Token, "", http.StatusNotFound},
		{"a refused permission", http.MethodGet, "/api/tags/" + id, noPermission, "", http.StatusForbidden},
	}
	for _, a := range answers {
		contentType := ""
		if a.body != "" {
			contentType = "application/json"
		}
		res, body := rawRequest(t, a.method, a.path, a.token, contentType, a.body)
		mustStatus(t, res.StatusCode, a.status, body)
		mustRateLimitHeaders(t, a.name, res.Header, testRateLimit.Burst)
	}
	// A request without a valid token spends no token's budget, and public operations have
	// none.
	for name, token := range map[string]string{"no token": "", "an unknown token": "mos_unknown"} {
		res, body := rawRequest(t, http.MethodGet, "/api/tags/"+id, token, "", "")
		mustStatus(t, res.StatusCode, http.StatusUnauthorized, body)
		if v := res.Header.Get("RateLimit-Limit"); v != "" {
			t.Fatalf("%s: RateLimit-Limit %q on a 401", name, v)
		}
	}
	res, body := rawRequest(t, http.MethodGet, "/api/openapi.yaml", "", "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if v := res.Header.Get("RateLimit-Limit"); v != "" {
		t.Fatalf("public operation: RateLimit-Limit %q", v)
	}
}

// TestRateLimitRefusesRequestsBeyondTheTokensBudget runs a server whose budget is 3 requests
// at once refilled at 1 a minute (so no request of the test refills it): the budget counts
// down in RateLimit-Remaining, the request beyond it is a 429 problem with Retry-After and
// the headers, concurrent requests cannot overspend it, and each token has its own.
func TestRateLimitRefusesRequestsBeyondTheTokensBudget(t *testing.T) {
	t.Parallel()
	const burst = 3
	base := startServer(t, func(c *httpapi.Config) { c.RateLimit = ratelimit.Rule{PerMinute: 1, Burst: burst} })
	te := newTenant(t)
	validate := func(token string) (rawResponse, []byte) {
		return sendVia(t, specChecker{t: t}, http.MethodGet, base+"/api/auth/validate", bearer(token), nil)
	}

	for want := burst - 1; want >= 0; want-- {
		res, body := validate(te.Token)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		remaining, reset := mustRateLimitHeaders(t, "within the budget", res.Header, burst)
		if remaining != want || reset < 1 {
			t.Fatalf("RateLimit-Remaining %d, RateLimit-Reset %d; want %d and a wait for the refill", remaining, reset, want)
		}
	}
	res, body := validate(te.Token)
	mustProblem(t, res, body, http.StatusTooManyRequests)
	if remaining, _ := mustRateLimitHeaders(t, "the 429", res.Header, burst); remaining != 0 {
		t.Fatalf("429 with RateLimit-Remaining %d", remaining)
	}
	if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || s < 1 || s > 60 {
		t.Fatalf("Retry-After %q, want 1 to 60 seconds (one request refills in a minute)", res.Header.Get("Retry-After"))
	}

	// Another token, even of the same tenant, has its own budget; concurrent requests on it
	// spend it exactly.
	other := te.userToken(t)
	counts := atOnce(t, 10, func(int) (int, error) {
		req, err := http.NewRequest(http.MethodGet, base+"/api/auth/validate", nil)
		if err != nil {
			return 0, err
		}
		req.Header.Set("Authorization", "Bearer "+other)
		res, err := (&http.Client{Transport: specChecker{t: t}}).Do(req)
		if err != nil {
			return 0, err
		}
		_ = res.Body.Close()
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != burst || counts[http.StatusTooManyRequests] != 10-burst {
		t.Fatalf("10 concurrent requests on a fresh token answered %v, want %d × 200 and %d × 429", counts, burst, 10-burst)
	}
}

// lockTag holds a row lock on tag id in a transaction of its own until the returned
// function releases it, and answers that transaction's backend pid.
func lockTag(t *testing.T, id string) (pid int, release func()) {
	t.Helper()
	ctx := context.Background()
	tx, err := srv.Pool.BeginTxx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	released := false
	release = func() {
		if !released {
			released = true
			_ = tx.Rollback()
		}
	}
	t.Cleanup(release)
	if _, err := tx.ExecContext(ctx, `SELECT 1 FROM tags WHERE id = $1 FOR UPDATE`, id); err != nil {
		t.Fatal(err)
	}
	if err := tx.GetContext(ctx, &pid, `SELECT pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	return pid, release
}

// TestStatementTimeoutAnswers503WithRetryAfter runs a server whose statements may take a
// second (short, but long enough for every other statement on a busy machine): an update that waits longer for a row lock is cancelled by the database and
// answers 503 with Retry-After, the connection goes back to the pool, and the same update
// succeeds once the lock is gone.
func TestStatementTimeoutAnswers503WithRetryAfter(t *testing.T) {
	t.Parallel()
	pool := openPool(t, db.Limits{MaxOpenConns: 4, StatementTimeout: time.Second})
	base := startServer(t, func(c *httpapi.Config) { c.Pool = pool })
	te := newTenant(t)
	id := createTag(t, te, "Locked")
	update := func() (rawResponse, []byte) {
		h := bearer(te.Token)
		h.Set("Content-Type", "application/json")
		return sendVia(t, specChecker{t: t}, http.MethodPut, base+"/api/tags/"+id, h, strings.NewReader(`{"name":"Renamed","style":"primary"}`))
	}

	_, release := lockTag(t, id)
	res, body := update()
	p := mustProblem(t, res, body, http.StatusServiceUnavailable)
	if res.Header.Get("Retry-After") == "" || strings.Contains(p.Detail, "internal") {
		t.Fatalf("503 with Retry-After %q and detail %q, want a delay and the reason", res.Header.Get("Retry-After"), p.Detail)
	}
	if s := pool.Stats(); s.InUse != 0 {
		t.Fatalf("%d connections still in use after the answer", s.InUse)
	}
	release()
	res, body = update()
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if got := getTag(t, te, id); got.Name != "Renamed" {
		t.Fatalf("tag name %q after the update", got.Name)
	}
}

// TestDisconnectedClientsQueryIsCancelled proves a client that goes away stops its database
// work: an update waits on a row lock the test holds (on a server whose statement timeout
// is an hour, so only the disconnection can end it), the client disconnects, and the
// waiting statement leaves pg_stat_activity while the lock is still held.
func TestDisconnectedClientsQueryIsCancelled(t *testing.T) {
	t.Parallel()
	base := startServer(t, func(c *httpapi.Config) { c.Pool = openPool(t, db.Limits{StatementTimeout: time.Hour}) })
	te := newTenant(t)
	id := createTag(t, te, "Held")
	lockPID, release := lockTag(t, id)
	defer release()

	ctx, disconnect := context.WithCancel(context.Background())
	defer disconnect()
	done := make(chan error, 1)
	go func() {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, base+"/api/tags/"+id, strings.NewReader(`{"name":"Never","style":"primary"}`))
		if err != nil {
			done <- err
			return
		}
		req.Header.Set("Authorization", "Bearer "+te.Token)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			_ = res.Body.Close()
			err = fmt.Errorf("the request answered %d", res.StatusCode)
		}
		done <- err
	}()

	var waiting int
	waitFor(t, "the update to wait on the lock", func() (bool, error) {
		var pids []int
		err := srv.Pool.SelectContext(context.Background(), &pids,
			`SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`, lockPID)
		if len(pids) > 0 {
			waiting = pids[0]
		}
		return len(pids) > 0, err
	})
	disconnect()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("client: %v, want its own cancellation", err)
	}
	waitFor(t, "the disconnected client's statement to stop", func() (bool, error) {
		var active bool
		err := srv.Pool.GetContext(context.Background(), &active,
			`SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'active')`, waiting)
		return !active, err
	})
	// The lock is still held: the statement stopped because its client went away.
	var held bool
	if err := srv.Pool.GetContext(context.Background(), &held,
		`SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'idle in transaction')`, lockPID); err != nil || !held {
		t.Fatalf("the test's lock is no longer held (%v)", err)
	}
	release()
	if got := getTag(t, te, id); got.Name != "Held" {
		t.Fatalf("tag name %q: the disconnected client's update was made", got.Name)
	}
}

func TestSecurityHeadersOnEveryAnswer(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createTag(t, te, "Headers")
	answers := []struct {
		name, method, path, token, contentType, body string
		status                                       int
		noStore                                      bool // an answer to a request that needs a token, without an ETag
	}{
		// A record's GET serves an ETag, so it may be kept and revalidated, not no-store.
		{"a record", http.MethodGet, "/api/tags/" + id, te.Token, "", "", http.StatusOK, false},
		{"a list", http.MethodPost, "/api/tags/list", te.Token, "application/json", "{}", http.StatusOK, true},
		{"a validation problem", http.MethodPost, "/api/tags", te.Token, "application/json", `{"name":""}`, http.StatusBadRequest, true},
		{"a missing token", http.MethodGet, "/api/tags/" + id, "", "", "", http.StatusUnauthorized, true},
		{"an unsupported media type", http.MethodPost, "/api/tags", te.Token, "application/xml", "<tag/>", http.StatusUnsupportedMediaType, true},
		{"an unknown route", http.MethodGet, "/api/no-such-thing", "", "", "", http.StatusNotFound, false},
		{"the public spec", http.MethodGet, "/api/openapi.yaml", "", "", "", http.StatusOK, false},
		{"the health probe", http.MethodGet, "/healthz", "", "", "", http.StatusOK, false},
		{"the docs page", http.MethodGet, "/docs", "", "", "", http.StatusOK, false},
	}
	for _, a := range answers {
		res, body := rawRequest(t, a.method, a.path, a.token, a.contentType, a.body)
		mustStatus(t, res.StatusCode, a.status, body)
		if v := res.Header.Get("X-Content-Type-Options"); v != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q, want nosniff", a.name, v)
		}
		cc := res.Header.Get("Cache-Control")
		if a.noStore && cc != "no-store" {
			t.Errorf("%s: Cache-Control %q, want no-store", a.name, cc)
		}
		if !a.noStore && cc == "no-store" {
			t.Errorf("%s: Cache-Control no-store on an answer that needs no token or serves an ETag", a.name)
		}
		if a.name == "a record" && (res.Header.Get("ETag") == "" || cc != "private, no-cache") {
			t.Errorf("a record: ETag %q, Cache-Control %q; want an ETag and private, no-cache", res.Header.Get("ETag"), cc)
		}
	}
	// The spec keeps its revalidation headers, and the docs page its content policy.
	res, body := rawRequest(t, http.MethodGet, "/api/openapi.yaml", "", "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if res.Header.Get("ETag") == "" || res.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("spec: ETag %q, Cache-Control %q", res.Header.Get("ETag"), res.Header.Get("Cache-Control"))
	}
	res, body = rawRequest(t, http.MethodGet, "/docs", "", "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if csp := res.Header.Get("Content-Security-Policy"); !strings.HasPrefix(csp, "default-src 'self'") {
		t.Errorf("/docs: Content-Security-Policy %q", csp)
	}
}
