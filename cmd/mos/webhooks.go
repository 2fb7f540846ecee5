package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"mos/internal/httpapi"
	"mos/internal/platform/db"
	"mos/internal/platform/metrics"
	"mos/internal/shared/webhooks"
)

// webhooksConfig is how webhooks are delivered (environment variables, see README).
type webhooksConfig struct {
	// worker: MOS_WEBHOOK_ALLOWED_HOSTS (hosts, addresses and CIDR ranges that may be plain
	// http or non-public), MOS_WEBHOOK_TIMEOUT (default 10s), MOS_WEBHOOK_DISABLE_AFTER
	// (default 120h), MOS_WEBHOOK_POLL_INTERVAL (default 1s) and MOS_WEBHOOK_RETENTION
	// (default 720h).
	worker webhooks.WorkerConfig
	// inServe: MOS_WEBHOOK_WORKER=off keeps mos serve from delivering (run mos worker then).
	inServe bool
}

func readWebhooksConfig() (webhooksConfig, error) {
	c := webhooksConfig{inServe: true}
	targets, err := webhooks.ParseAllowedHosts(os.Getenv("MOS_WEBHOOK_ALLOWED_HOSTS"))
	if err != nil {
		return c, fmt.Errorf("MOS_WEBHOOK_ALLOWED_HOSTS: %w", err)
	}
	c.worker.Targets = targets
	for _, v := range []struct {
		name     string
		dst      *time.Duration
		least    time.Duration
		greatest time.Duration
	}{
		{"MOS_WEBHOOK_TIMEOUT", &c.worker.Timeout, 100 * time.Millisecond, 5 * time.Minute},
		{"MOS_WEBHOOK_DISABLE_AFTER", &c.worker.DisableAfter, time.Minute, 365 * 24 * time.Hour},
		{"MOS_WEBHOOK_POLL_INTERVAL", &c.worker.PollInterval, 10 * time.Millisecond, time.Minute},
		{"MOS_WEBHOOK_RETENTION", &c.worker.Retention, time.Hour, 10 * 365 * 24 * time.Hour},
	} {
		raw := os.Getenv(v.name)
		if raw == "" {
			continue
		}
		d, err := time.ParseDuration(raw)
		if err != nil || d < v.least || d > v.greatest {
			return c, fmt.Errorf("%s must be a duration from %s to %s", v.name, v.least, v.greatest)
		}
		*v.dst = d
	}
	switch os.Getenv("MOS_WEBHOOK_WORKER") {
	case "", "on":
	case "off":
		c.inServe = false
	default:
		return c, fmt.Errorf("MOS_WEBHOOK_WORKER must be on or off")
	}
	return c, nil
}

// worker runs the webhook delivery worker alone until SIGTERM or SIGINT, with its metrics on
// MOS_METRICS_ADDR when set.
func worker(ctx context.Context, logOut io.Writer) error {
	log := newLogger(logOut)
	cfg, err := readWebhooksConfig()
	if err != nil {
		return err
	}
	metricsCfg, err := readMetricsConfig("")
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
	pool, err := db.OpenWith(ctx, url, limits.db)
	if err != nil {
		return err
	}
	defer func() { _ = pool.Close() }()
	stop, cancel := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer cancel()
	reg := metrics.New()
	if err := reg.WatchPool(pool.Stats); err != nil {
		return err
	}
	w, err := httpapi.NewWebhookWorker(pool, reg, cfg.worker, log)
	if err != nil {
		return err
	}
	if m := metricsCfg.server(reg); m != nil {
		go func() {
			if err := m.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
				log.Error("serve metrics", "err", err)
				cancel()
			}
		}()
		defer func() { _ = m.Close() }()
		log.Info("serving metrics", "addr", m.Addr)
	}
	log.Info("delivering webhooks")
	w.Run(stop)
	log.Info("stopped")
	return nil
}
