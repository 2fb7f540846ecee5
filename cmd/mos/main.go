// Command mos is the Manufacturing Operations Service: the API server and its operator CLI.
//
//	mos serve
//	mos worker
//	mos migrate up|down|version
//	mos tenant create --name NAME [--timezone IANA] [--currency ISO4217]
//	mos tenant delete ID
//	mos user create --tenant ID --name NAME
//	mos token create --tenant ID [--user NAME --permissions "View Item,View Quote"] [--expires-in DURATION]
//	mos token revoke TOKEN_ID
//
// Every command reads DATABASE_URL; when it is unset it uses the project-local cluster
// started by `make run` (its URL is in $MOS_DATA_DIR/pg/DATABASE_URL, default .data).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"mos/gen"
	"mos/internal/httpapi"
	"mos/internal/platform/apperr"
	"mos/internal/platform/blob"
	"mos/internal/platform/db"
	"mos/internal/platform/idempotency"
	"mos/internal/platform/metrics"
	"mos/internal/platform/web"
	"mos/internal/shared/attachments"
	"mos/internal/tenancy"
)

const usage = `usage:
  mos serve
  mos worker
  mos migrate up|down|version
  mos tenant create --name NAME [--timezone IANA] [--currency ISO4217]
  mos tenant delete TENANT_ID
  mos user create --tenant TENANT_ID --name NAME
  mos token create --tenant ID [--user NAME --permissions "A,B"] [--expires-in DURATION]
  mos token revoke TOKEN_ID
`

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "mos:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no command")
	}
	switch args[0] {
	case "serve":
		return serve(ctx, stderr)
	case "worker":
		return worker(ctx, stderr)
	case "migrate":
		return migrateCmd(args[1:], stdout)
	case "tenant":
		return tenantCmd(ctx, args[1:], stdout)
	case "user":
		return userCmd(ctx, args[1:], stdout)
	case "token":
		return tokenCmd(ctx, args[1:], stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", args[0])
	}
}

// dataDir is MOS_DATA_DIR: the local state (development cluster, attachments' files).
func dataDir() string {
	if dir := os.Getenv("MOS_DATA_DIR"); dir != "" {
		return dir
	}
	return ".data"
}

// databaseURL is DATABASE_URL, or the project-local cluster's URL written by make run.
func databaseURL() (string, error) {
	if u := os.Getenv("DATABASE_URL"); u != "" {
		return u, nil
	}
	b, err := os.ReadFile(filepath.Join(dataDir(), "pg", "DATABASE_URL"))
	if err != nil {
		return "", errors.New("DATABASE_URL is not set and no local cluster was found: run `make run` or set DATABASE_URL")
	}
	return strings.TrimSpace(string(b)), nil
}

func newLogger(w io.Writer) *slog.Logger {
	level := slog.LevelInfo
	if err := level.UnmarshalText([]byte(os.Getenv("MOS_LOG_LEVEL"))); err != nil {
		level = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: level}))
}

func serve(ctx context.Context, logOut io.Writer) error {
	log := newLogger(logOut)
	addr := os.Getenv("MOS_ADDR")
	if addr == "" {
		addr = "127.0.0.1:8080"
	}
	metricsCfg, err := readMetricsConfig(addr)
	if err != nil {
		return err
	}
	url, err := databaseURL()
	if err != nil {
		return err
	}
	if err := db.MigrateUp(url); err != nil {
		return err
	}
	limits, err := readLimitsConfig()
	if err != nil {
		return err
	}
	hooks, err := readWebhooksConfig()
	if err != nil {
		return err
	}
	pool, err := db.OpenWith(ctx, url, limits.db)
	if err != nil {
		return err
	}
	defer func() { _ = pool.Close() }()

	files, err := readFilesConfig()
	if err != nil {
		return err
	}
	blobs, err := blob.NewLocal(filepath.Join(dataDir(), "blobs"))
	if err != nil {
		return err
	}
	if files.attachments.SigningKey == nil {
		log.Warn("MOS_SIGNING_KEY is not set: signed download URLs work only on this process until it restarts")
	}
	files.attachments.Blobs = blobs
	stop, cancel := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer cancel()
	reg := metrics.New()
	e, err := httpapi.New(httpapi.Config{Pool: pool, Logger: log, Attachments: files.attachments, RateLimit: limits.rate,
		TokenCacheTTL: limits.tokenCacheTTL, Background: stop, Metrics: reg, MetricsElsewhere: metricsCfg.addr != "",
		Webhooks: hooks.worker, DeliverWebhooks: hooks.inServe})
	if err != nil {
		return err
	}
	// Short global timeouts guard every request against slow clients; the uploads and
	// downloads of files (x-stream-body, x-stream-response) get their own deadlines per
	// request in the web layer (MOS_UPLOAD_TIMEOUT, MOS_DOWNLOAD_TIMEOUT).
	srv := &http.Server{
		Addr:              addr,
		Handler:           e,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		WriteTimeout:      5 * time.Minute,
		IdleTimeout:       2 * time.Minute,
	}

	if files.sweepEvery > 0 {
		go sweepOrphans(stop, log, pool, blobs, files.sweepEvery, files.sweepGrace)
	}
	go sweepIdempotencyKeys(stop, log, pool)
	// The metrics address (MOS_METRICS_ADDR) has a server of its own, started and stopped
	// with the API's: when either cannot serve, both stop.
	servers := []*http.Server{srv}
	log.Info("serving", "addr", addr)
	if m := metricsCfg.server(reg); m != nil {
		servers = append(servers, m)
		log.Info("serving metrics", "addr", m.Addr, "pprof", metricsCfg.pprof)
	}
	errc := make(chan error, len(servers))
	for _, s := range servers {
		go func() { errc <- s.ListenAndServe() }()
	}
	var failed error
	select {
	case failed = <-errc:
	case <-stop.Done():
	}
	// Finish in-flight requests before closing the pool.
	log.Info("shutting down")
	shutdownCtx, done := context.WithTimeout(context.Background(), 30*time.Second)
	defer done()
	for _, s := range servers {
		if err := s.Shutdown(shutdownCtx); err != nil && failed == nil {
			failed = fmt.Errorf("shutdown: %w", err)
		}
	}
	if failed != nil {
		return failed
	}
	log.Info("stopped")
	return nil
}

// filesConfig is how mos serve keeps attachments' files (environment variables, see README).
type filesConfig struct {
	// attachments: MOS_SIGNING_KEY (nil: a random key per process), MOS_UPLOAD_LIMIT_BYTES,
	// MOS_DOWNLOAD_REDIRECT_ABOVE_BYTES, MOS_DOWNLOAD_URL_TTL, MOS_ZIP_MAX_ENTRIES,
	// MOS_ZIP_MAX_BYTES, MOS_UPLOAD_TIMEOUT and MOS_DOWNLOAD_TIMEOUT; zero values leave the
	// service's defaults. Blobs is set by serve.
	attachments attachments.Config
	sweepEvery  time.Duration // MOS_BLOB_SWEEP_EVERY (default 1h; 0 turns the sweeper off)
	sweepGrace  time.Duration // MOS_BLOB_SWEEP_GRACE (default 1h)
}

func readFilesConfig() (filesConfig, error) {
	c := filesConfig{sweepEvery: time.Hour, sweepGrace: time.Hour}
	a := &c.attachments
	if k := os.Getenv("MOS_SIGNING_KEY"); k != "" {
		if len(k) < 32 {
			return c, errors.New("MOS_SIGNING_KEY must be at least 32 characters")
		}
		a.SigningKey = []byte(k)
	}
	var zipMaxEntries int64
	for name, dst := range map[string]*int64{"MOS_UPLOAD_LIMIT_BYTES": &a.UploadLimitBytes, "MOS_DOWNLOAD_REDIRECT_ABOVE_BYTES": &a.RedirectAboveBytes,
		"MOS_ZIP_MAX_ENTRIES": &zipMaxEntries, "MOS_ZIP_MAX_BYTES": &a.ZipMaxBytes} {
		if v := os.Getenv(name); v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n <= 0 || (name == "MOS_ZIP_MAX_ENTRIES" && n > math.MaxInt32) {
				return c, fmt.Errorf("%s must be a positive number", name)
			}
			// The body limit adds the form's overhead to the upload limit: a limit near
			// MaxInt64 would overflow it and make every upload 413.
			if name == "MOS_UPLOAD_LIMIT_BYTES" && n > maxUploadLimitBytes {
				return c, fmt.Errorf("%s must be at most %d (1 TiB)", name, int64(maxUploadLimitBytes))
			}
			*dst = n
		}
	}
	a.ZipMaxEntries = int(zipMaxEntries)
	for name, dst := range map[string]*time.Duration{"MOS_BLOB_SWEEP_EVERY": &c.sweepEvery, "MOS_BLOB_SWEEP_GRACE": &c.sweepGrace,
		"MOS_DOWNLOAD_URL_TTL": &a.SignedURLTTL, "MOS_UPLOAD_TIMEOUT": &a.UploadTimeout, "MOS_DOWNLOAD_TIMEOUT": &a.DownloadTimeout} {
		if v := os.Getenv(name); v != "" {
			d, err := time.ParseDuration(v)
			// A signed URL that is expired when handed out is useless: its lifetime is positive.
			if err != nil || d < 0 || (name == "MOS_DOWNLOAD_URL_TTL" && d == 0) {
				return c, fmt.Errorf("%s must be a duration such as 1h", name)
			}
			*dst = d
		}
	}
	// The sweeper removes temp files older than its grace: an upload still arriving must
	// never be that old, or its file is deleted under it (a 500).
	if upload := a.WithDefaults().UploadTimeout; c.sweepGrace < minSweepGrace || c.sweepGrace <= upload {
		return c, fmt.Errorf("MOS_BLOB_SWEEP_GRACE must be at least %s and longer than MOS_UPLOAD_TIMEOUT (%s)", minSweepGrace, upload)
	}
	return c, nil
}

// Bounds of the files settings.
const (
	maxUploadLimitBytes = 1 << 40
	minSweepGrace       = 5 * time.Minute
)

// sweepOrphans removes unreferenced attachment files every period until ctx ends.
func sweepOrphans(ctx context.Context, log *slog.Logger, pool *db.Pool, blobs blob.Store, every, grace time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		n, err := attachments.SweepOrphans(ctx, pool, blobs, grace)
		if err != nil && ctx.Err() == nil {
			log.Error("sweep attachment files", "err", err)
			continue
		}
		if n > 0 {
			log.Info("swept attachment files", "removed", n)
		}
	}
}

// idempotencySweepEvery is how often mos serve removes expired idempotency keys. Requests
// ignore a key past its 24 hours whether or not it is swept yet: the sweep only keeps the
// table small.
const idempotencySweepEvery = time.Hour

// sweepIdempotencyKeys removes expired idempotency keys every idempotencySweepEvery until
// ctx ends.
func sweepIdempotencyKeys(ctx context.Context, log *slog.Logger, pool *db.Pool) {
	tick := time.NewTicker(idempotencySweepEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		n, err := idempotency.DeleteExpired(ctx, pool)
		if err != nil && ctx.Err() == nil {
			log.Error("sweep idempotency keys", "err", err)
			continue
		}
		if n > 0 {
			log.Info("swept idempotency keys", "removed", n)
		}
	}
}

func migrateCmd(args []string, stdout io.Writer) error {
	url, err := databaseURL()
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return errors.New("usage: mos migrate up|down|version")
	}
	switch args[0] {
	case "up":
		return db.MigrateUp(url)
	case "down":
		return db.MigrateDown(url)
	case "version":
		v, dirty, err := db.MigrationVersion(url)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%d", v)
		if dirty {
			fmt.Fprint(stdout, " (dirty)")
		}
		fmt.Fprintln(stdout)
		return nil
	default:
		return fmt.Errorf("unknown migrate command %q", args[0])
	}
}

// withTenancy opens the database and hands fn the tenancy service.
func withTenancy(ctx context.Context, fn func(*tenancy.Service) error) error {
	url, err := databaseURL()
	if err != nil {
		return err
	}
	pool, err := db.Open(ctx, url)
	if err != nil {
		return err
	}
	defer func() { _ = pool.Close() }()
	spec, err := gen.GetSpec()
	if err != nil {
		return err
	}
	return explain(fn(tenancy.NewService(pool, web.PermissionCatalogue(spec))))
}

func tenantCmd(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: mos tenant create|delete")
	}
	switch args[0] {
	case "create":
		fs := flag.NewFlagSet("tenant create", flag.ContinueOnError)
		name := fs.String("name", "", "tenant name (required)")
		tz := fs.String("timezone", "UTC", "IANA shop timezone for whole-day filters")
		currency := fs.String("currency", "USD", "primary currency (ISO 4217)")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		return withTenancy(ctx, func(s *tenancy.Service) error {
			id, err := s.CreateTenant(ctx, tenancy.NewTenant{Name: *name, Timezone: *tz, CurrencyCode: *currency})
			if err != nil {
				return err
			}
			fmt.Fprintln(stdout, id)
			return nil
		})
	case "delete":
		if len(args) != 2 {
			return errors.New("usage: mos tenant delete TENANT_ID")
		}
		return withTenancy(ctx, func(s *tenancy.Service) error { return s.DeleteTenant(ctx, args[1]) })
	default:
		return fmt.Errorf("unknown tenant command %q", args[0])
	}
}

// userCmd creates the tenant's users (the people user-bound tokens act for; the API reads
// them at /api/users). It prints the new user's id.
func userCmd(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		return errors.New("usage: mos user create --tenant ID --name NAME")
	}
	fs := flag.NewFlagSet("user create", flag.ContinueOnError)
	tenant := fs.String("tenant", "", "tenant id (required)")
	name := fs.String("name", "", "the user's name, unique in the tenant (required)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *tenant == "" {
		return errors.New("--tenant is required")
	}
	return withTenancy(ctx, func(s *tenancy.Service) error {
		id, err := s.CreateUser(ctx, *tenant, *name)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, id)
		return nil
	})
}

func tokenCmd(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: mos token create|revoke")
	}
	switch args[0] {
	case "create":
		fs := flag.NewFlagSet("token create", flag.ContinueOnError)
		tenant := fs.String("tenant", "", "tenant id (required)")
		user := fs.String("user", "", "user name: makes a user-bound token")
		perms := fs.String("permissions", "", `comma-separated permissions of a user token, e.g. "View Item,View Quote"`)
		expires := fs.Duration("expires-in", 0, "lifetime, e.g. 720h (default: never expires)")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *tenant == "" {
			return errors.New("--tenant is required")
		}
		return withTenancy(ctx, func(s *tenancy.Service) error {
			t, err := s.IssueToken(ctx, tenancy.NewToken{TenantID: *tenant, UserName: *user, Permissions: splitList(*perms), ExpiresIn: *expires})
			if err != nil {
				return err
			}
			fmt.Fprintln(stdout, t.Secret)
			return nil
		})
	case "revoke":
		if len(args) != 2 {
			return errors.New("usage: mos token revoke TOKEN_ID")
		}
		return withTenancy(ctx, func(s *tenancy.Service) error { return s.RevokeToken(ctx, args[1]) })
	default:
		return fmt.Errorf("unknown token command %q", args[0])
	}
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// explain keeps operator errors readable (field messages rather than a Go error chain).
func explain(err error) error {
	if e, ok := apperr.As(err); ok {
		return errors.New(e.Error())
	}
	return err
}
