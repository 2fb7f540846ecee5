package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// target is one server under load: the API (mos serve) or the thin server.
type target struct {
	name    string // "API" or "thin"
	baseURL string // http://127.0.0.1:port
	// pid is the server's process, whose /proc status gives its RSS; 0 when it runs inside
	// this process (the test), which has no RSS of its own.
	pid int
	// metricsURL answers the Prometheus text format with go_memstats_mallocs_total and
	// go_memstats_alloc_bytes_total; "" (or a URL that does not answer) reports n/a.
	metricsURL string
}

// request is one HTTP request a worker sends.
type request struct {
	method, path string
	contentType  string
	body         []byte
}

// requestFunc builds a worker's next request from the worker's random source; seq is unique
// in the run, so that each create can carry a name of its own.
type requestFunc func(rng *rand.Rand, seq uint64) request

// scenario is one row of the table: the same requests to both servers, or to the API only.
type scenario struct {
	name    string
	apiOnly bool
	next    requestFunc
	// after runs once both servers have had the scenario (the creates' clean-up).
	after func(ctx context.Context) error
}

// loadOptions is how hard and how long each scenario drives a server.
type loadOptions struct {
	concurrency int
	duration    time.Duration // measured
	warmup      time.Duration // run before and not counted
	token       string        // the API's bearer token (the thin server ignores it)
}

// phase is what one measured run of a scenario against one server gave.
type phase struct {
	ok        int             // 2xx answers
	errors    int             // non-2xx answers and failed requests
	samples   []string        // the first few distinct errors
	elapsed   time.Duration   // from the first request sent to the last answer read
	latencies []time.Duration // of the 2xx answers, sorted
	// Per request served (ok + errors), from the server's own counters; NaN when the server
	// has none.
	mallocsPerReq, bytesPerReq float64
}

// reqPerSec is the 2xx answers a second.
func (p phase) reqPerSec() float64 {
	if p.elapsed <= 0 {
		return 0
	}
	return float64(p.ok) / p.elapsed.Seconds()
}

// systematic reports a run in which the server mostly failed: nothing answered 2xx, or
// more requests failed than succeeded. Occasional errors are flagged in the table only.
func (p phase) systematic() bool {
	return p.ok == 0 || p.errors > p.ok
}

// percentile is the nearest-rank p-th percentile (0 < p <= 100) of sorted: the smallest
// latency that at least p% of the latencies do not exceed. 0 when there are none.
func percentile(sorted []time.Duration, p float64) time.Duration {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	// p*n first: 99*100/100 is exactly 99, where 0.99*100 is not.
	rank := int(math.Ceil(p * float64(n) / 100))
	rank = min(max(rank, 1), n)
	return sorted[rank-1]
}

// maxErrorSamples bounds the distinct errors a run keeps to print.
const maxErrorSamples = 3

// loader sends scenarios' requests; one transport per concurrency level, shared by its
// workers, keeps a connection per worker alive.
type loader struct {
	mu         sync.Mutex
	transports map[int]*http.Transport
	// seq numbers every request of the run, so that no two creates share a name.
	seq atomic.Uint64
}

func newLoader() *loader { return &loader{transports: map[int]*http.Transport{}} }

func (l *loader) client(concurrency int) *http.Client {
	l.mu.Lock()
	defer l.mu.Unlock()
	tr, ok := l.transports[concurrency]
	if !ok {
		tr = &http.Transport{
			MaxIdleConns:        concurrency * 2,
			MaxIdleConnsPerHost: concurrency,
			IdleConnTimeout:     90 * time.Second,
			DisableCompression:  true,
		}
		l.transports[concurrency] = tr
	}
	// A Take=5000 page of a million customers may be slow on a busy machine; a request
	// that hangs is an error, not a stuck benchmark.
	return &http.Client{Transport: tr, Timeout: 2 * time.Minute}
}

func (l *loader) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, tr := range l.transports {
		tr.CloseIdleConnections()
	}
}

// run warms the server up with the scenario's requests, then measures it for
// opts.duration, reading the server's allocation counters just before and after.
func (l *loader) run(ctx context.Context, t target, next requestFunc, opts loadOptions) phase {
	c := l.client(opts.concurrency)
	if opts.warmup > 0 {
		l.drive(ctx, c, t, next, opts, opts.warmup)
	}
	before, beforeOK := scrapeMemstats(ctx, c, t.metricsURL)
	p := l.drive(ctx, c, t, next, opts, opts.duration)
	after, afterOK := scrapeMemstats(ctx, c, t.metricsURL)
	p.mallocsPerReq, p.bytesPerReq = math.NaN(), math.NaN()
	if served := p.ok + p.errors; beforeOK && afterOK && served > 0 {
		p.mallocsPerReq = (after.mallocs - before.mallocs) / float64(served)
		p.bytesPerReq = (after.allocBytes - before.allocBytes) / float64(served)
	}
	return p
}

// drive runs opts.concurrency workers, each sending one request after the other until d
// has passed (a request started before then is waited for), and collects their results.
func (l *loader) drive(ctx context.Context, c *http.Client, t target, next requestFunc, opts loadOptions, d time.Duration) phase {
	type workerResult struct {
		latencies []time.Duration
		errors    int
		samples   []string
	}
	results := make([]workerResult, opts.concurrency)
	streamKey := rand.Uint64()
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for w := range opts.concurrency {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(streamKey, uint64(w)))
			res := &results[w]
			for time.Now().Before(deadline) && ctx.Err() == nil {
				r := next(rng, l.seq.Add(1))
				began := time.Now()
				status, detail, err := send(ctx, c, t, r, opts.token)
				took := time.Since(began)
				switch {
				case err == nil && status >= 200 && status < 300:
					res.latencies = append(res.latencies, took)
				default:
					res.errors++
					if len(res.samples) < maxErrorSamples {
						msg := fmt.Sprintf("%s %s: %d %s", r.method, r.path, status, detail)
						if err != nil {
							msg = fmt.Sprintf("%s %s: %v", r.method, r.path, err)
						}
						res.samples = append(res.samples, msg)
					}
				}
			}
		})
	}
	wg.Wait()
	p := phase{elapsed: time.Since(start)}
	for _, r := range results {
		p.latencies = append(p.latencies, r.latencies...)
		p.errors += r.errors
		for _, s := range r.samples {
			if len(p.samples) < maxErrorSamples && !slices.Contains(p.samples, s) {
				p.samples = append(p.samples, s)
			}
		}
	}
	p.ok = len(p.latencies)
	slices.Sort(p.latencies)
	return p
}

// send makes one request and reads the whole answer (so the connection is reused); a
// non-2xx answer's detail is the start of its body.
func send(ctx context.Context, c *http.Client, t target, r request, token string) (int, string, error) {
	var body io.Reader
	if r.body != nil {
		body = bytes.NewReader(r.body)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, t.baseURL+r.path, body)
	if err != nil {
		return 0, "", err
	}
	if r.contentType != "" {
		req.Header.Set("Content-Type", r.contentType)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer func() { _ = res.Body.Close() }()
	if res.StatusCode >= 200 && res.StatusCode < 300 {
		_, err = io.Copy(io.Discard, res.Body)
		return res.StatusCode, "", err
	}
	head, _ := io.ReadAll(io.LimitReader(res.Body, 300))
	_, _ = io.Copy(io.Discard, res.Body)
	return res.StatusCode, strings.TrimSpace(string(head)), nil
}

// memstats are a Go server's allocation counters since it started.
type memstats struct {
	mallocs, allocBytes float64
}

// scrapeMemstats reads go_memstats_mallocs_total and go_memstats_alloc_bytes_total from a
// Prometheus text answer; false when there is no URL, it does not answer, or lacks either.
func scrapeMemstats(ctx context.Context, c *http.Client, url string) (memstats, bool) {
	if url == "" {
		return memstats{}, false
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return memstats{}, false
	}
	res, err := c.Do(req)
	if err != nil {
		return memstats{}, false
	}
	defer func() { _ = res.Body.Close() }()
	if res.StatusCode != http.StatusOK {
		return memstats{}, false
	}
	var m memstats
	var found int
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		var dst *float64
		switch name {
		case "go_memstats_mallocs_total":
			dst = &m.mallocs
		case "go_memstats_alloc_bytes_total":
			dst = &m.allocBytes
		default:
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil {
			return memstats{}, false
		}
		*dst = v
		found++
	}
	return m, sc.Err() == nil && found == 2
}

// rss is a server process's resident memory, from /proc/<pid>/status.
type rss struct {
	hwmKB, rssKB int64 // VmHWM (peak) and VmRSS (now), in kB
}

// readRSS reads VmHWM and VmRSS of process pid; false when it cannot (pid 0: the server
// runs inside this process).
func readRSS(pid int) (rss, bool) {
	if pid == 0 {
		return rss{}, false
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return rss{}, false
	}
	var r rss
	var found int
	for line := range strings.SplitSeq(string(b), "\n") {
		name, value, ok := strings.Cut(line, ":")
		if !ok || (name != "VmHWM" && name != "VmRSS") {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "kB")), 10, 64)
		if err != nil {
			return rss{}, false
		}
		if name == "VmHWM" {
			r.hwmKB = kb
		} else {
			r.rssKB = kb
		}
		found++
	}
	return r, found == 2
}

// Content types of the requests.
const (
	jsonType      = "application/json"
	jsonPatchType = "application/json-patch+json"
)

// The rows the report compares across table sizes.
const (
	firstPageRow = "POST /api/customers/list?Take=50"
	bigPageRow   = "POST /api/customers/list?Take=5000"
)

// filterBody is the filtered list's body: a name filter matching one customer in filterEvery.
var filterBody = fmt.Sprintf(`{"name":%q}`, strings.ToLower(filterWord))

// scenarios are the table's rows for a database seeded as f describes, in the order they
// run. afterCreate runs once both servers have had the creates.
func scenarios(f fixture, afterCreate func(ctx context.Context) error) []scenario {
	randomCustomer := func(rng *rand.Rand) string { return customerID(1 + rng.IntN(f.customers)) }
	get := func(path string) requestFunc {
		return func(*rand.Rand, uint64) request { return request{method: http.MethodGet, path: path} }
	}
	list := func(path, body string) requestFunc {
		return func(*rand.Rand, uint64) request {
			return request{method: http.MethodPost, path: path, contentType: jsonType, body: []byte(body)}
		}
	}
	return []scenario{
		{name: "GET /api/customers/{id}", next: func(rng *rand.Rand, _ uint64) request {
			return request{method: http.MethodGet, path: "/api/customers/" + randomCustomer(rng)}
		}},
		{name: firstPageRow, next: list("/api/customers/list?Take=50", `{}`)},
		{name: bigPageRow, next: list("/api/customers/list?Take=5000", `{}`)},
		{name: "POST /api/customers/list?Take=50 " + filterBody, next: list("/api/customers/list?Take=50", filterBody)},
		{name: "POST /api/customers", after: afterCreate, next: func(_ *rand.Rand, seq uint64) request {
			body := fmt.Sprintf(`{"name":"%s%d","notes":"created by the load benchmark"}`, createdNamePrefix, seq)
			return request{method: http.MethodPost, path: "/api/customers", contentType: jsonType, body: []byte(body)}
		}},
		{name: "PATCH /api/customers/{id}", next: func(rng *rand.Rand, seq uint64) request {
			body := fmt.Sprintf(`[{"op":"replace","path":"/notes","value":"patched %d"}]`, seq)
			return request{method: http.MethodPatch, path: "/api/customers/" + randomCustomer(rng), contentType: jsonPatchType, body: []byte(body)}
		}},
		{name: "GET /api/items/{id}", apiOnly: true, next: func(rng *rand.Rand, _ uint64) request {
			return request{method: http.MethodGet, path: "/api/items/" + itemID(1+rng.IntN(f.items))}
		}},
		{name: "POST /api/items/list/v2?Take=50", apiOnly: true, next: list("/api/items/list/v2?Take=50", `{}`)},
		{name: "GET /api/auth/validate", apiOnly: true, next: get("/api/auth/validate")},
		{name: "GET /healthz", apiOnly: true, next: get("/healthz")},
	}
}

// rssScenario drives both servers harder before their memory is read.
func rssScenario(f fixture) scenario {
	return scenario{name: "GET /api/customers/{id}", next: func(rng *rand.Rand, _ uint64) request {
		return request{method: http.MethodGet, path: "/api/customers/" + customerID(1+rng.IntN(f.customers))}
	}}
}
