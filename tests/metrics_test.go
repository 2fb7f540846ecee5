package tests

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"mos/internal/dbtest"
	"mos/internal/httpapi"
	"mos/internal/platform/metrics"
	"mos/internal/platform/web"
	"mos/internal/shared/webhooks"
	"mos/internal/tenancy"
	"mos/openapi"
)

// metricsServer starts an API server with a registry of its own (so that its counts are
// this test's alone) and answers its base URL and the URL its /metrics is served at: the
// API's own address, or with elsewhere a second address serving the registry's
// AddressHandler (with or without profiles), as mos serve does with MOS_METRICS_ADDR.
func metricsServer(t *testing.T, elsewhere, withPprof bool) (api, metricsBase string) {
	t.Helper()
	cfg := srv.config
	cfg.Metrics = metrics.New()
	cfg.MetricsElsewhere = elsewhere
	e, err := httpapi.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(e)
	t.Cleanup(ts.Close)
	if !elsewhere {
		return ts.URL, ts.URL
	}
	side := httptest.NewServer(cfg.Metrics.AddressHandler(withPprof))
	t.Cleanup(side.Close)
	return ts.URL, side.URL
}

// scrape reads base's /metrics and parses the Prometheus text format.
func scrape(t *testing.T, base string) map[string]*dto.MetricFamily {
	t.Helper()
	res, body := sendRequest(t, http.MethodGet, base+"/metrics", nil, nil)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Fatalf("/metrics Content-Type %q, want the Prometheus text format", ct)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("/metrics is not the Prometheus text format: %v\n%s", err, truncate(body))
	}
	return families
}

// series finds the metric of family name whose labels are exactly labels.
func series(families map[string]*dto.MetricFamily, name string, labels map[string]string) *dto.Metric {
	f := families[name]
	if f == nil {
		return nil
	}
	for _, m := range f.GetMetric() {
		if len(m.GetLabel()) != len(labels) {
			continue
		}
		match := true
		for _, l := range m.GetLabel() {
			if v, ok := labels[l.GetName()]; !ok || v != l.GetValue() {
				match = false
			}
		}
		if match {
			return m
		}
	}
	return nil
}

// mustSample answers the value of the counter or gauge name with labels, failing t when the
// scrape has no such series.
func mustSample(t *testing.T, families map[string]*dto.MetricFamily, name string, labels map[string]string) float64 {
	t.Helper()
	m := series(families, name, labels)
	switch {
	case m == nil:
		t.Fatalf("/metrics has no %s%v; it has %v", name, labels, families[name].GetMetric())
	case m.GetCounter() != nil:
		return m.GetCounter().GetValue()
	case m.GetGauge() != nil:
		return m.GetGauge().GetValue()
	}
	t.Fatalf("%s%v is neither a counter nor a gauge", name, labels)
	return 0
}

// requestLabels are the labels of the request metrics' series.
func requestLabels(operation, method string, status int) map[string]string {
	return map[string]string{"operation": operation, "method": method, "status": strconv.Itoa(status)}
}

// Every answered request is counted and timed under its spec operationId, its method and
// the status the client got: successes and refusals (4xx from the validator, the handler
// and authentication) alike.
func TestMetricsCountAndTimeRequestsByOperationIdAndStatus(t *testing.T) {
	t.Parallel()
	api, _ := metricsServer(t, false, false)
	te := newTenant(t)
	auth := mergeHeaders(bearer(te.Token), http.Header{"Content-Type": {"application/json"}})

	res, body := sendRequest(t, http.MethodPost, api+"/api/accounting-codes", auth, strings.NewReader(`{"name":"4000 Sales","style":"primary"}`))
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var created struct{ ID string }
	if err := json.Unmarshal(body, &created); err != nil || created.ID == "" {
		t.Fatalf("created %s (%v)", body, err)
	}
	res, body = sendRequest(t, http.MethodPost, api+"/api/accounting-codes", auth, strings.NewReader(`{"name":"4100 Other","style":"bogus"}`))
	mustProblem(t, res, body, http.StatusBadRequest)
	for range 2 {
		res, body = sendRequest(t, http.MethodGet, api+"/api/accounting-codes/"+created.ID, bearer(te.Token), nil)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
	res, body = sendRequest(t, http.MethodGet, api+"/api/accounting-codes/000000000000000000000000", bearer(te.Token), nil)
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = sendRequest(t, http.MethodGet, api+"/api/accounting-codes/"+created.ID, nil, nil)
	mustProblem(t, res, body, http.StatusUnauthorized)

	families := scrape(t, api)
	for _, c := range []struct {
		operation, method string
		status            int
		want              float64
	}{
		{"createAccountingCode", http.MethodPost, http.StatusOK, 1},
		{"createAccountingCode", http.MethodPost, http.StatusBadRequest, 1},
		{"getAccountingCode", http.MethodGet, http.StatusOK, 2},
		{"getAccountingCode", http.MethodGet, http.StatusNotFound, 1},
		{"getAccountingCode", http.MethodGet, http.StatusUnauthorized, 1},
	} {
		labels := requestLabels(c.operation, c.method, c.status)
		if got := mustSample(t, families, "mos_http_requests_total", labels); got != c.want {
			t.Errorf("mos_http_requests_total%v = %v, want %v", labels, got, c.want)
		}
		h := series(families, "mos_http_request_duration_seconds", labels)
		if h == nil || h.GetHistogram() == nil {
			t.Fatalf("no histogram mos_http_request_duration_seconds%v", labels)
		}
		if got := h.GetHistogram().GetSampleCount(); float64(got) != c.want {
			t.Errorf("mos_http_request_duration_seconds%v counts %d, want %v", labels, got, c.want)
		}
		var bounds []float64
		for _, b := range h.GetHistogram().GetBucket() {
			bounds = append(bounds, b.GetUpperBound())
		}
		if want := append(slices.Clone(metrics.DurationBuckets), math.Inf(1)); !slices.Equal(bounds, want) {
			t.Errorf("histogram buckets %v, want %v", bounds, want)
		}
	}
	if got := len(families["mos_http_requests_total"].GetMetric()); got != 5 {
		t.Errorf("%d request series, want the 5 above: %v", got, families["mos_http_requests_total"].GetMetric())
	}
}

// A request that matched no spec operation (an unknown path, a method its path does not
// take, a route outside the spec) is labelled "unmatched", never with its raw path, and an
// unknown method as "other", so that clients cannot grow the number of series.
func TestMetricsLabelRequestsOutsideTheSpecUnmatched(t *testing.T) {
	t.Parallel()
	api, _ := metricsServer(t, false, false)
	te := newTenant(t)
	res, body := sendRequest(t, http.MethodGet, api+"/api/no-such-resource/7f3a9c", bearer(te.Token), nil)
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = sendRequest(t, "BREW", api+"/api/accounting-codes/list", bearer(te.Token), nil)
	mustProblem(t, res, body, http.StatusMethodNotAllowed)
	res, body = sendRequest(t, http.MethodGet, api+"/healthz", nil, nil)
	mustStatus(t, res.StatusCode, http.StatusOK, body)

	families := scrape(t, api)
	for _, c := range []struct {
		method string
		status int
	}{{http.MethodGet, http.StatusNotFound}, {"other", http.StatusMethodNotAllowed}, {http.MethodGet, http.StatusOK}} {
		labels := requestLabels(metrics.Unmatched, c.method, c.status)
		if got := mustSample(t, families, "mos_http_requests_total", labels); got != 1 {
			t.Errorf("mos_http_requests_total%v = %v, want 1", labels, got)
		}
	}
	for _, m := range families["mos_http_requests_total"].GetMetric() {
		for _, l := range m.GetLabel() {
			if strings.Contains(l.GetValue(), "no-such-resource") || strings.Contains(l.GetValue(), "/") || l.GetValue() == "BREW" {
				t.Errorf("label %s=%q comes from the request", l.GetName(), l.GetValue())
			}
		}
	}
}

// The database pool's numbers are read when scraped: open, in use and idle connections,
// the configured maximum, and the waits for a connection.
func TestMetricsShowTheDatabasePool(t *testing.T) {
	t.Parallel()
	api, _ := metricsServer(t, false, false)
	te := newTenant(t)
	res, body := sendRequest(t, http.MethodPost, api+"/api/accounting-codes/list", bearer(te.Token), nil)
	mustStatus(t, res.StatusCode, http.StatusOK, body)

	families := scrape(t, api)
	if got, want := mustSample(t, families, "mos_db_pool_max_open_connections", nil), float64(srv.Pool.Stats().MaxOpenConnections); got != want {
		t.Errorf("mos_db_pool_max_open_connections = %v, want the pool's %v", got, want)
	}
	open := mustSample(t, families, "mos_db_pool_open_connections", nil)
	inUse := mustSample(t, families, "mos_db_pool_in_use_connections", nil)
	idle := mustSample(t, families, "mos_db_pool_idle_connections", nil)
	if open < 1 || inUse < 0 || idle < 0 || inUse+idle != open {
		t.Errorf("pool open %v, in use %v, idle %v: want at least one open, in use + idle = open", open, inUse, idle)
	}
	for _, name := range []string{"mos_db_pool_wait_count_total", "mos_db_pool_wait_duration_seconds_total"} {
		if families[name].GetType() != dto.MetricType_COUNTER {
			t.Errorf("%s is %v, want a counter", name, families[name].GetType())
		}
		if v := mustSample(t, families, name, nil); v < 0 {
			t.Errorf("%s = %v", name, v)
		}
	}
}

// The outbox backlog shows exactly the events recorded and not yet handed on, and how long
// the oldest has waited; it falls to nothing once a delivery worker has taken them. The
// shared test server runs a delivery worker that takes every event within milliseconds, so
// on its database the backlog would be a race with that worker: this test's server has a
// database of its own and no worker, so its events wait until the test runs one.
func TestMetricsShowTheOutboxBacklog(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, _ := dbtest.New(t)
	cfg := srv.config
	cfg.Pool, cfg.Metrics, cfg.DeliverWebhooks = pool, metrics.New(), false
	e, err := httpapi.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(e)
	t.Cleanup(ts.Close)
	tenants := tenancy.NewService(pool, srv.Permissions)
	tenant, err := tenants.CreateTenant(ctx, tenancy.NewTenant{Name: "Outbox backlog"})
	if err != nil {
		t.Fatal(err)
	}
	token, err := tenants.IssueToken(ctx, tenancy.NewToken{TenantID: tenant})
	if err != nil {
		t.Fatal(err)
	}
	send := func(method, path, body string) []byte {
		t.Helper()
		h := mergeHeaders(bearer(token.Secret), http.Header{"Content-Type": {"application/json"}})
		res, b := sendRequest(t, method, ts.URL+path, h, strings.NewReader(body))
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		return b
	}
	var created struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(send(http.MethodPost, "/api/items", mustJSON(t, newItem("METRICS-BACKLOG"))), &created); err != nil {
		t.Fatal(err)
	}
	send(http.MethodPut, "/api/items/"+created.ID, `{"description":"backlog"}`)
	var recorded int
	if err := pool.QueryRowContext(ctx, `SELECT count(*) FROM event_outbox WHERE delivered_utc IS NULL`).Scan(&recorded); err != nil {
		t.Fatal(err)
	}
	if recorded < 2 {
		t.Fatalf("%d undelivered events recorded for a create and an update, want at least 2", recorded)
	}
	families := scrape(t, ts.URL)
	if got := mustSample(t, families, "mos_outbox_undelivered_events", nil); got != float64(recorded) {
		t.Errorf("mos_outbox_undelivered_events = %v, want the %d events recorded", got, recorded)
	}
	if got := mustSample(t, families, "mos_outbox_oldest_undelivered_age_seconds", nil); got <= 0 {
		t.Errorf("mos_outbox_oldest_undelivered_age_seconds = %v, want the time since the first event (above 0)", got)
	}
	// The Go runtime's and the process's collectors are there too (the load benchmark reads
	// go_memstats_mallocs_total).
	for _, name := range []string{"go_memstats_mallocs_total", "go_goroutines", "process_resident_memory_bytes"} {
		if families[name] == nil {
			t.Errorf("/metrics has no %s", name)
		}
	}

	// A worker's round hands every event on (to no subscription here): nothing waits.
	if _, err := webhooks.NewWorker(pool, testWebhooks()).RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	families = scrape(t, ts.URL)
	for _, name := range []string{"mos_outbox_undelivered_events", "mos_outbox_oldest_undelivered_age_seconds"} {
		if got := mustSample(t, families, name, nil); got != 0 {
			t.Errorf("after a worker's round %s = %v, want 0", name, got)
		}
	}
}

// With a metrics address of its own, /metrics is served there and not on the API's address;
// it still counts the API's requests.
func TestMetricsOnTheirOwnAddressAreNotOnTheAPIs(t *testing.T) {
	t.Parallel()
	api, side := metricsServer(t, true, false)
	res, body := sendRequest(t, http.MethodGet, api+"/metrics", nil, nil)
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = sendRequest(t, http.MethodGet, api+"/healthz", nil, nil)
	mustStatus(t, res.StatusCode, http.StatusOK, body)

	families := scrape(t, side)
	// The API's 404 for /metrics and its /healthz.
	for _, status := range []int{http.StatusNotFound, http.StatusOK} {
		labels := requestLabels(metrics.Unmatched, http.MethodGet, status)
		if got := mustSample(t, families, "mos_http_requests_total", labels); got != 1 {
			t.Errorf("mos_http_requests_total%v = %v, want 1", labels, got)
		}
	}
	// Profiles are off unless asked for.
	if got := plainStatus(t, side+"/debug/pprof/"); got != http.StatusNotFound {
		t.Errorf("/debug/pprof/ on the metrics address without profiles: %d, want 404", got)
	}
}

// plainStatus GETs url on the metrics address, which is not the API (its answers are not
// the spec's), and answers the status.
func plainStatus(t *testing.T, url string) int {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	_ = res.Body.Close()
	return res.StatusCode
}

// Profiles (net/http/pprof) are served on the metrics address when enabled, and never on the
// API's address, enabled or not.
func TestProfilesOnlyOnTheMetricsAddressWhenEnabled(t *testing.T) {
	t.Parallel()
	api, side := metricsServer(t, true, true)
	for _, path := range []string{"/debug/pprof/", "/debug/pprof/heap?debug=1", "/debug/pprof/goroutine?debug=1", "/debug/pprof/cmdline"} {
		if got := plainStatus(t, side+path); got != http.StatusOK {
			t.Errorf("%s on the metrics address with profiles: %d, want 200", path, got)
		}
		res, body := sendRequest(t, http.MethodGet, api+path, nil, nil)
		mustProblem(t, res, body, http.StatusNotFound)
	}
	// Nor on the API's address of a server serving /metrics there.
	shared, _ := metricsServer(t, false, false)
	res, body := sendRequest(t, http.MethodGet, shared+"/debug/pprof/", nil, nil)
	mustProblem(t, res, body, http.StatusNotFound)
}

// Requests are labelled with the operationIds of openapi/v1.yaml, as the contract spells
// them (the copy of the spec gen embeds capitalises them).
func TestMetricsLabelOperationsAsTheSpecSpellsThem(t *testing.T) {
	t.Parallel()
	contract, err := openapi3.NewLoader().LoadFromData(openapi.V1)
	if err != nil {
		t.Fatal(err)
	}
	ops, err := web.ReadOperations(srv.Spec)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for path, item := range contract.Paths.Map() {
		for method, op := range item.Operations() {
			n++
			if got := ops[method+" "+web.EchoPath(path)].ID; got != op.OperationID {
				t.Errorf("%s %s is labelled %q, want the spec's operationId %q", method, path, got, op.OperationID)
			}
		}
	}
	if n != len(ops) {
		t.Errorf("openapi/v1.yaml has %d operations, the served spec %d", n, len(ops))
	}
}

// mos serve reads MOS_METRICS_ADDR and MOS_PPROF: it refuses profiles without a metrics
// address of its own before touching anything; with one, it serves /metrics and the
// profiles there and neither on MOS_ADDR, and SIGTERM stops both servers.
func TestServeAnswersMetricsAndProfilesOnTheirOwnAddress(t *testing.T) {
	t.Parallel()
	mos := mosCLI{t: t, bin: buildMos(t)}
	mos.env = append(os.Environ(), "DATABASE_URL="+srv.DBURL, "MOS_LOG_LEVEL=info", "MOS_DATA_DIR="+t.TempDir())

	refused := append(slices.Clone(mos.env), "MOS_METRICS_ADDR=", "MOS_PPROF=true")
	(mosCLI{t: t, bin: mos.bin, env: refused}).mustFail("MOS_METRICS_ADDR", "serve")

	addr, metricsAddr := freeLocalAddr(t), freeLocalAddr(t)
	for metricsAddr == addr {
		metricsAddr = freeLocalAddr(t)
	}
	base, metricsBase := "http://"+addr, "http://"+metricsAddr
	serving := mos.serve(base, "MOS_ADDR="+addr, "MOS_METRICS_ADDR="+metricsAddr, "MOS_PPROF=true")

	res, body := sendRequest(t, http.MethodGet, base+"/metrics", nil, nil)
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = sendRequest(t, http.MethodGet, base+"/debug/pprof/", nil, nil)
	mustProblem(t, res, body, http.StatusNotFound)
	if got := plainStatus(t, metricsBase+"/debug/pprof/"); got != http.StatusOK {
		t.Errorf("/debug/pprof/ on MOS_METRICS_ADDR: %d, want 200", got)
	}
	families := scrape(t, metricsBase)
	// The API's /healthz (waited on above) and its 404s are counted.
	for _, status := range []int{http.StatusOK, http.StatusNotFound} {
		if got := mustSample(t, families, "mos_http_requests_total", requestLabels(metrics.Unmatched, http.MethodGet, status)); got < 1 {
			t.Errorf("mos_http_requests_total of GET %d outside the spec = %v, want at least 1", status, got)
		}
	}
	for _, name := range []string{"go_memstats_mallocs_total", "mos_db_pool_open_connections", "mos_outbox_undelivered_events"} {
		if families[name] == nil {
			t.Errorf("MOS_METRICS_ADDR's /metrics has no %s", name)
		}
	}

	serving.stop()
	if c, err := net.Dial("tcp", metricsAddr); err == nil {
		_ = c.Close()
		t.Fatal("MOS_METRICS_ADDR still accepts connections after mos serve stopped")
	}
}
