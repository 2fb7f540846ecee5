package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"mos/gen"
	"mos/internal/dbtest"
	"mos/internal/httpapi"
	"mos/internal/platform/blob"
	"mos/internal/platform/web"
	"mos/internal/shared/attachments"
	"mos/internal/tenancy"
)

// benchEnv is a seeded database with the API and the thin server on it, both in this
// process (the benchmark runs them as processes of their own; what they answer is the same).
type benchEnv struct {
	fixture
	db        *sql.DB
	api, thin target
}

// testCustomers is the tests' table size: big enough for the filter to match, small enough
// that a Take=5000 page under the race detector stays short.
const testCustomers = 2 * filterEvery

// newBenchEnv fills a fresh database with customers and starts both servers on it.
func newBenchEnv(t *testing.T, customers int) benchEnv {
	t.Helper()
	ctx := t.Context()
	pool, dbURL := dbtest.New(t)
	spec, err := gen.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	ten := tenancy.NewService(pool, web.PermissionCatalogue(spec))
	tenantID, err := ten.CreateTenant(ctx, tenancy.NewTenant{Name: "Load benchmark"})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := ten.IssueToken(ctx, tenancy.NewToken{TenantID: tenantID})
	if err != nil {
		t.Fatal(err)
	}
	d, err := openThinDB(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	f := fixture{tenantID: tenantID, token: tok.Secret, customers: customers, items: 100}
	if err := seedItems(ctx, d, tenantID, f.items); err != nil {
		t.Fatal(err)
	}
	_, indexesBefore, err := secondaryIndexes(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	if err := seedCustomers(ctx, d, tenantID, 0, f.customers, nil); err != nil {
		t.Fatal(err)
	}
	// Seeding drops the secondary indexes and builds them again: the schema is as it was.
	if _, after, err := secondaryIndexes(ctx, d); err != nil || !slices.Equal(indexesBefore, after) || len(after) == 0 {
		t.Fatalf("secondary indexes before seeding:\n%s\nafter:\n%s\n%v", strings.Join(indexesBefore, "\n"), strings.Join(after, "\n"), err)
	}
	if err := vacuumAnalyze(ctx, d); err != nil {
		t.Fatal(err)
	}
	blobs, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e, err := httpapi.New(httpapi.Config{Pool: pool, Logger: slog.New(slog.DiscardHandler), Attachments: attachments.Config{Blobs: blobs}})
	if err != nil {
		t.Fatal(err)
	}
	api := httptest.NewServer(e)
	t.Cleanup(api.Close)
	thin := httptest.NewServer(newThinHandler(d, tenantID))
	t.Cleanup(thin.Close)
	return benchEnv{fixture: f, db: d,
		api:  target{name: "API", baseURL: api.URL},
		thin: target{name: "thin", baseURL: thin.URL, metricsURL: thin.URL + "/metrics"}}
}

// TestLoadBenchmarkWorksOnASeededDatabase fills a database as the benchmark does and starts
// the real API handler and the thin server on it (in this process; the benchmark runs them
// as processes of their own). It measures nothing.
func TestLoadBenchmarkWorksOnASeededDatabase(t *testing.T) {
	t.Parallel()
	env := newBenchEnv(t, testCustomers)
	t.Run("ThinServerAnswersWhatTheAPIAnswers", env.thinServerAnswersWhatTheAPIAnswers)
	t.Run("EveryScenarioAnswers2xxOnBothServers", env.everyScenarioAnswers2xxOnBothServers)
}

// thinServerAnswersWhatTheAPIAnswers: the thin server is a fair limit only if it reads and
// encodes what the API does. A customer, a page (plain and filtered) and a patched customer
// read through both are the same JSON.
func (env benchEnv) thinServerAnswersWhatTheAPIAnswers(t *testing.T) {
	read := func(tg target, method, path, contentType, body string) map[string]any {
		t.Helper()
		req, err := http.NewRequestWithContext(t.Context(), method, tg.baseURL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+env.token)
		req.Header.Set("Content-Type", contentType)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = res.Body.Close() }()
		b, err := io.ReadAll(res.Body)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("%s %s %s: %d %s %v", tg.name, method, path, res.StatusCode, b, err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%s %s %s: %v", tg.name, method, path, err)
		}
		return map[string]any{"answer": v}
	}
	// Customer 10 has an external reference, notes and a credit limit; 7 has the filter word.
	for _, c := range []struct{ method, path, contentType, body string }{
		{http.MethodGet, "/api/customers/" + customerID(10), jsonType, ""},
		{http.MethodGet, "/api/customers/" + customerID(7), jsonType, ""},
		{http.MethodPost, "/api/customers/list?Take=50", jsonType, "{}"},
		{http.MethodPost, "/api/customers/list?Take=50", jsonType, filterBody},
		{http.MethodPatch, "/api/customers/" + customerID(20), jsonPatchType, `[{"op":"replace","path":"/notes","value":"patched"}]`},
	} {
		api := read(env.api, c.method, c.path, c.contentType, c.body)
		thin := read(env.thin, c.method, c.path, c.contentType, c.body)
		if c.method == http.MethodPatch {
			// Each patch stamps its own time.
			for _, answer := range []map[string]any{api, thin} {
				if customer, ok := answer["answer"].(map[string]any); ok {
					delete(customer, "modifiedUtc")
				}
			}
		}
		if !reflect.DeepEqual(api, thin) {
			t.Errorf("%s %s %s: the servers differ\nAPI:  %v\nthin: %v", c.method, c.path, c.body, api, thin)
		}
	}
}

// everyScenarioAnswers2xxOnBothServers runs every scenario briefly: every request the
// benchmark sends answers 2xx on both servers, the creates are cleaned up, and the report
// has a line for each scenario.
func (env benchEnv) everyScenarioAnswers2xxOnBothServers(t *testing.T) {
	ctx := t.Context()
	opts := loadOptions{concurrency: 2, duration: 150 * time.Millisecond, token: env.token}
	afterCreate := func(ctx context.Context) error { return deleteCreated(ctx, env.db, env.tenantID) }
	s := sizeResult{customers: env.customers}
	if err := runSize(ctx, newLoader(), env.fixture, env.api, env.thin, opts, 4, afterCreate, &s, t.Logf); err != nil {
		t.Fatal(err)
	}
	for _, r := range s.rows {
		if r.api.ok == 0 || r.api.errors > 0 {
			t.Errorf("%s, API: %d answered 2xx, %d errors: %v", r.name, r.api.ok, r.api.errors, r.api.samples)
		}
		if r.apiOnly {
			continue
		}
		if r.thin.ok == 0 || r.thin.errors > 0 {
			t.Errorf("%s, thin: %d answered 2xx, %d errors: %v", r.name, r.thin.ok, r.thin.errors, r.thin.samples)
		}
		if math.IsNaN(r.thin.mallocsPerReq) {
			t.Errorf("%s, thin: allocations per request not read from its counters", r.name)
		}
	}
	if err := systematicFailures([]sizeResult{s}); err != nil {
		t.Error(err)
	}
	var customers, created int
	if err := env.db.QueryRowContext(ctx, `SELECT count(*), count(*) FILTER (WHERE name LIKE $2) FROM customers WHERE tenant_id = $1`,
		env.tenantID, createdNamePrefix+"%").Scan(&customers, &created); err != nil {
		t.Fatal(err)
	}
	if customers != env.customers || created != 0 {
		t.Errorf("after the run: %d customers of which %d created by it; want the %d seeded only", customers, created, env.customers)
	}
	var out bytes.Buffer
	render(&out, runInfo{opts: opts, rssConcurrency: 4, items: env.items}, []sizeResult{s})
	report := out.String()
	lines := []string{"| request | API req/s | thin req/s | ratio | API p50 | API p99 | thin p50 | thin p99 | allocs/req | errors |"}
	for _, r := range s.rows {
		lines = append(lines, "| "+rowName(r, opts.concurrency)+" |")
	}
	for _, want := range lines {
		if !strings.Contains(report, "\n"+want) {
			t.Errorf("the report has no line starting %q:\n%s", want, report)
		}
	}
}

// TestPercentileIsTheNearestRankOfTheSortedLatencies: p50 and p99 are the smallest
// latencies that at least half and 99% of the requests did not exceed.
func TestPercentileIsTheNearestRankOfTheSortedLatencies(t *testing.T) {
	t.Parallel()
	series := func(n int) []time.Duration {
		out := make([]time.Duration, n)
		for i := range out {
			out[i] = time.Duration(i+1) * time.Millisecond
		}
		return out
	}
	cases := []struct {
		name   string
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{"none", nil, 50, 0},
		{"one", series(1), 50, time.Millisecond},
		{"one p99", series(1), 99, time.Millisecond},
		{"two p50 is the first", series(2), 50, time.Millisecond},
		{"three p50 is the middle", series(3), 50, 2 * time.Millisecond},
		{"four p50 is the second", series(4), 50, 2 * time.Millisecond},
		{"100 p50", series(100), 50, 50 * time.Millisecond},
		{"100 p99", series(100), 99, 99 * time.Millisecond},
		{"100 p100 is the largest", series(100), 100, 100 * time.Millisecond},
		{"1000 p99", series(1000), 99, 990 * time.Millisecond},
		{"1001 p99 rounds up", series(1001), 99, 991 * time.Millisecond},
		{"99 p99 is the largest", series(99), 99, 99 * time.Millisecond},
		{"tiny p is the smallest", series(1000), 0.01, time.Millisecond},
		{"ties", []time.Duration{1, 1, 1, 5}, 50, 1},
	}
	for _, c := range cases {
		if got := percentile(c.sorted, c.p); got != c.want {
			t.Errorf("%s: percentile(p%v) = %v, want %v", c.name, c.p, got, c.want)
		}
	}
}
