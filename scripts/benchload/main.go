// Command benchload is the service's load benchmark (make bench-load). On the database
// DATABASE_URL names (a throwaway one: it writes a million customers), it
//
//  1. migrates and creates a tenant and an integration token with bin/mos, then fills the
//     tables with SQL: items with vendor details and price breaks, and customers with an
//     address and a contact each, at each table size in turn (-sizes, default 10,000 then grown
//     to 1,000,000), and VACUUM ANALYZEs them;
//  2. starts the real server (bin/mos serve) and the thin server (this binary with -thin:
//     net/http and database/sql through lib/pq, one statement per request, no auth, no
//     validation) as processes of their own on free loopback ports;
//  3. drives both with the same requests at a fixed concurrency, each scenario for a fixed
//     duration after a warm-up, API first, then thin;
//  4. prints a Markdown table per size: req/s, the API's share of the thin server's req/s,
//     p50 and p99 latencies, allocations per request (from the servers' Go counters) and
//     errors; the servers' RSS; and how the first page and the Take=5000 page change with
//     the table's size.
//
// It never judges a number: it fails only when something does not work (a server does not
// start, or a scenario mostly answers non-2xx).
//
//	benchload [-sizes 10000,1000000] [-quick] [-c 16] [-d 10s] [-warmup 2s] [-rss-c 64]
//	          [-items 3000] [-mos bin/mos] [-out FILE]
package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	_ "github.com/lib/pq" // the service's driver
)

// config is the command line.
type config struct {
	sizes          []int
	load           loadOptions
	rssConcurrency int
	items          int
	mos            string
	out            string
}

func main() {
	// Hidden: the thin server is this binary started again by the benchmark.
	if len(os.Args) > 1 && os.Args[1] == "-thin" {
		if err := runThin(os.Args[2:]); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(os.Stderr, "benchload -thin:", err)
			os.Exit(1)
		}
		return
	}
	cfg, err := parseFlags(os.Args[1:], os.Stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintln(os.Stderr, "benchload:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, cfg, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "benchload:", err)
		stop()
		os.Exit(1)
	}
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("benchload", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sizes := fs.String("sizes", "10000,1000000", "customer table sizes, ascending: the table grows from one to the next")
	quick := fs.Bool("quick", false, "10,000 customers only, 1s per scenario after a 0.5s warm-up (unless -d, -warmup or -sizes say otherwise)")
	c := fs.Int("c", 16, "concurrent requests (workers) per scenario")
	d := fs.Duration("d", 10*time.Second, "measured duration of each scenario on each server")
	warmup := fs.Duration("warmup", 2*time.Second, "warm-up before each measured run, not counted")
	rssC := fs.Int("rss-c", 64, "concurrency of the GET by id run after which the servers' RSS is read")
	items := fs.Int("items", 3000, "items to insert (each with two vendor details and price breaks)")
	mos := fs.String("mos", "bin/mos", "the mos binary (go build -o bin/mos ./cmd/mos)")
	out := fs.String("out", "", "also write the report to this file")
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *quick {
		if !set["sizes"] {
			*sizes = "10000"
		}
		if !set["d"] {
			*d = time.Second
		}
		if !set["warmup"] {
			*warmup = 500 * time.Millisecond
		}
	}
	cfg := config{load: loadOptions{concurrency: *c, duration: *d, warmup: *warmup}, rssConcurrency: *rssC,
		items: *items, mos: *mos, out: *out}
	for s := range strings.SplitSeq(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 || (len(cfg.sizes) > 0 && n <= cfg.sizes[len(cfg.sizes)-1]) {
			return config{}, fmt.Errorf("-sizes must be ascending positive numbers, such as 10000,1000000")
		}
		cfg.sizes = append(cfg.sizes, n)
	}
	switch {
	case *c < 1 || *rssC < 1:
		return config{}, errors.New("-c and -rss-c must be at least 1")
	case *d <= 0 || *warmup < 0:
		return config{}, errors.New("-d must be positive and -warmup not negative")
	case *items < 1:
		return config{}, errors.New("-items must be at least 1")
	}
	return cfg, nil
}

func run(ctx context.Context, cfg config, stdout, stderr io.Writer) error {
	logf := func(format string, args ...any) { _, _ = fmt.Fprintf(stderr, "benchload: "+format+"\n", args...) }
	dbURL := os.Getenv("DATABASE_URL")
	if dbURL == "" {
		return errors.New("DATABASE_URL is not set: run it on a throwaway database (make bench-load, or scripts/with-throwaway-pg.sh)")
	}
	mos, err := filepath.Abs(cfg.mos)
	if err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	info := runInfo{started: time.Now(), opts: cfg.load, rssConcurrency: cfg.rssConcurrency, items: cfg.items,
		cpus: runtime.NumCPU(), goVersion: runtime.Version()}

	var tenantID, token string
	info.setup, err = timed(func() (err error) {
		tenantID, token, err = setupTenant(ctx, mos, dbURL)
		return err
	})
	if err != nil {
		return err
	}
	cfg.load.token = token
	seedDB, err := sql.Open("postgres", dbURL)
	if err != nil {
		return err
	}
	defer func() { _ = seedDB.Close() }()
	var version string
	if err := seedDB.QueryRowContext(ctx, "SHOW server_version").Scan(&version); err != nil {
		return fmt.Errorf("database: %w", err)
	}
	info.postgres = "PostgreSQL " + strings.Fields(version)[0]
	logf("seeding %d items", cfg.items)
	if info.items0, err = timed(func() error { return seedItems(ctx, seedDB, tenantID, cfg.items) }); err != nil {
		return err
	}

	tmp, err := os.MkdirTemp("", "benchload-")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(tmp) }()
	l := newLoader()
	defer l.close()
	f := fixture{tenantID: tenantID, token: token, items: cfg.items}
	afterCreate := func(ctx context.Context) error { return deleteCreated(ctx, seedDB, tenantID) }
	var results []sizeResult
	for _, size := range cfg.sizes {
		s := sizeResult{customers: size}
		logf("seeding customers %d to %d", f.customers+1, size)
		s.seeded, err = timed(func() error {
			return seedCustomers(ctx, seedDB, tenantID, f.customers, size, func(done int) { logf("  %d customers", done) })
		})
		if err != nil {
			return err
		}
		f.customers = size
		if s.analyzed, err = timed(func() error { return vacuumAnalyze(ctx, seedDB) }); err != nil {
			return err
		}
		logf("%d customers seeded in %s (VACUUM ANALYZE %s)", size, round(s.seeded), round(s.analyzed))

		api, thin, stop, err := startServers(ctx, cfg, mos, self, dbURL, tmp, tenantID, logf)
		if err != nil {
			return err
		}
		if metricsAnswer(ctx, l, api.metricsURL) {
			info.metrics = true
		} else {
			logf("the API's /metrics (MOS_METRICS_ADDR) does not answer: its allocations are n/a")
			api.metricsURL = ""
		}
		err = runSize(ctx, l, f, api, thin, cfg.load, cfg.rssConcurrency, afterCreate, &s, logf)
		stop()
		if err != nil {
			return err
		}
		results = append(results, s)
	}

	render(stdout, info, results)
	if cfg.out != "" {
		if err := os.MkdirAll(filepath.Dir(cfg.out), 0o755); err != nil {
			return err
		}
		fh, err := os.Create(cfg.out)
		if err != nil {
			return err
		}
		render(fh, info, results)
		if err := fh.Close(); err != nil {
			return err
		}
		logf("report written to %s", cfg.out)
	}
	return systematicFailures(results)
}

// metricsAnswer reports whether url serves the allocation counters, giving a server that
// has just become ready two seconds to open its metrics listener.
func metricsAnswer(ctx context.Context, l *loader, url string) bool {
	for deadline := time.Now().Add(2 * time.Second); ; {
		if _, ok := scrapeMemstats(ctx, l.client(1), url); ok {
			return true
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// runSize drives every scenario against both servers, then GET by id at the RSS
// concurrency, after which it reads each server's memory; the rows go into s.
func runSize(ctx context.Context, l *loader, f fixture, api, thin target, opts loadOptions, rssConcurrency int,
	afterCreate func(context.Context) error, s *sizeResult, logf func(string, ...any)) error {
	for _, sc := range scenarios(f, afterCreate) {
		r := row{name: sc.name, concurrency: opts.concurrency, apiOnly: sc.apiOnly}
		r.api = l.run(ctx, api, sc.next, opts)
		if !sc.apiOnly {
			r.thin = l.run(ctx, thin, sc.next, opts)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if sc.after != nil {
			if err := sc.after(ctx); err != nil {
				return err
			}
		}
		logRow(logf, f.customers, r)
		s.rows = append(s.rows, r)
	}
	rssOpts := opts
	rssOpts.concurrency = rssConcurrency
	sc := rssScenario(f)
	r := row{name: sc.name, concurrency: rssConcurrency}
	r.api = l.run(ctx, api, sc.next, rssOpts)
	s.apiRSS, s.apiRSSOK = readRSS(api.pid)
	r.thin = l.run(ctx, thin, sc.next, rssOpts)
	s.thinRSS, s.thinRSSOK = readRSS(thin.pid)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	logRow(logf, f.customers, r)
	s.rows = append(s.rows, r)
	return nil
}

func logRow(logf func(string, ...any), customers int, r row) {
	line := fmt.Sprintf("%s customers, %s (c=%d): API %.0f req/s p50 %s, %d errors", thousands(customers), r.name,
		r.concurrency, r.api.reqPerSec(), ms(percentile(r.api.latencies, 50)), r.api.errors)
	if !r.apiOnly {
		line += fmt.Sprintf("; thin %.0f req/s p50 %s, %d errors", r.thin.reqPerSec(), ms(percentile(r.thin.latencies, 50)), r.thin.errors)
	}
	logf("%s", line)
}

// systematicFailures is the error of a run in which some scenario mostly failed on a server.
func systematicFailures(results []sizeResult) error {
	var failed []string
	for _, s := range results {
		for _, r := range s.rows {
			if r.api.systematic() {
				failed = append(failed, fmt.Sprintf("%d customers, API, %s: %d of %d failed", s.customers, r.name, r.api.errors, r.api.ok+r.api.errors))
			}
			if !r.apiOnly && r.thin.systematic() {
				failed = append(failed, fmt.Sprintf("%d customers, thin, %s: %d of %d failed", s.customers, r.name, r.thin.errors, r.thin.ok+r.thin.errors))
			}
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("requests fail systematically:\n  %s", strings.Join(failed, "\n  "))
	}
	return nil
}

// maxRateLimit is the largest budget mos serve accepts: far more than the run sends, so
// the limiter runs (its cost is part of the pipeline) but never refuses.
const maxRateLimit = "1073741824"

// startServers starts mos serve and the thin server on free loopback ports and waits until
// both answer; stop ends them.
func startServers(ctx context.Context, cfg config, mos, self, dbURL, tmp, tenantID string, logf func(string, ...any)) (api, thin target, stop func(), err error) {
	apiAddr, err := freeAddr()
	if err != nil {
		return target{}, target{}, nil, err
	}
	metricsAddr, err := freeAddr()
	if err != nil {
		return target{}, target{}, nil, err
	}
	thinAddr, err := freeAddr()
	if err != nil {
		return target{}, target{}, nil, err
	}
	apiProc, err := startProcess(ctx, "mos serve", mos, []string{"serve"}, []string{
		"DATABASE_URL=" + dbURL,
		"MOS_ADDR=" + apiAddr,
		"MOS_METRICS_ADDR=" + metricsAddr,
		"MOS_LOG_LEVEL=error",
		"MOS_RATE_LIMIT_PER_MINUTE=" + maxRateLimit,
		"MOS_RATE_LIMIT_BURST=" + maxRateLimit,
		"MOS_DATA_DIR=" + filepath.Join(tmp, "data"),
		"MOS_BLOB_SWEEP_EVERY=0",
	}, "http://"+apiAddr+"/readyz")
	if err != nil {
		return target{}, target{}, nil, err
	}
	thinProc, err := startProcess(ctx, "thin server", self, []string{"-thin", "-addr", thinAddr, "-tenant", tenantID},
		[]string{"DATABASE_URL=" + dbURL}, "http://"+thinAddr+"/healthz")
	if err != nil {
		apiProc.stop()
		return target{}, target{}, nil, err
	}
	logf("mos serve (pid %d) on %s, thin server (pid %d) on %s", apiProc.cmd.Process.Pid, apiAddr, thinProc.cmd.Process.Pid, thinAddr)
	api = target{name: "API", baseURL: "http://" + apiAddr, pid: apiProc.cmd.Process.Pid, metricsURL: "http://" + metricsAddr + "/metrics"}
	thin = target{name: "thin", baseURL: "http://" + thinAddr, pid: thinProc.cmd.Process.Pid, metricsURL: "http://" + thinAddr + "/metrics"}
	return api, thin, func() { apiProc.stop(); thinProc.stop() }, nil
}

// freeAddr is a loopback address with a port nothing listens on right now.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	return addr, ln.Close()
}

// process is a server the benchmark started.
type process struct {
	name   string
	cmd    *exec.Cmd
	log    *tailBuffer
	exited chan struct{}
	err    error // set before exited closes
}

// startProcess starts path with args and extra environment and waits until readyURL
// answers 200 (at most a minute); a process that exits first is an error showing its log.
func startProcess(ctx context.Context, name, path string, args, env []string, readyURL string) (*process, error) {
	cmd := exec.Command(path, args...)
	cmd.Env = append(os.Environ(), env...)
	log := &tailBuffer{}
	cmd.Stdout, cmd.Stderr = log, log
	// The servers die with the benchmark, however it ends.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &process{name: name, cmd: cmd, log: log, exited: make(chan struct{})}
	go func() { p.err = cmd.Wait(); close(p.exited) }()
	client := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(time.Minute)
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, readyURL, nil)
		if err != nil {
			p.stop()
			return nil, err
		}
		if res, err := client.Do(req); err == nil {
			_ = res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return p, nil
			}
		}
		select {
		case <-p.exited:
			exit := p.err
			if exit == nil {
				exit = errors.New("exit status 0")
			}
			return nil, fmt.Errorf("%s exited before it was ready (%w):\n%s", name, exit, log.String())
		case <-ctx.Done():
			p.stop()
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			p.stop()
			return nil, fmt.Errorf("%s did not answer %s within a minute:\n%s", name, readyURL, log.String())
		}
	}
}

// stop asks the process to shut down (SIGTERM) and kills it after 15 seconds.
func (p *process) stop() {
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
	case <-time.After(15 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.exited
	}
}

// tailBuffer keeps the last 16 KiB written to it: a server's log, shown when it fails.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

const tailBytes = 16 << 10

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - tailBytes; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}
