package webhooks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"mos/internal/platform/db"
)

// Schedule is the wait before each retry of a failed attempt: ten attempts over about three
// days (68h36m5s before jitter), as the spec documents.
var Schedule = []time.Duration{
	5 * time.Second, time.Minute, 5 * time.Minute, 30 * time.Minute,
	2 * time.Hour, 6 * time.Hour, 12 * time.Hour, 24 * time.Hour, 24 * time.Hour,
}

// MaxAttempts is how many attempts a round makes before the delivery fails.
var MaxAttempts = len(Schedule) + 1

// Defaults of WorkerConfig.
const (
	DefaultTimeout      = 10 * time.Second
	DefaultDisableAfter = 5 * 24 * time.Hour
	DefaultPollInterval = time.Second
	DefaultRetention    = 30 * 24 * time.Hour
	// sweepEvery is how often a worker applies the retention.
	sweepEvery         = time.Hour
	defaultBatch       = 32
	defaultConcurrency = 8
	defaultFanOutBatch = 500
	// responseKept is how much of an answer's body the log keeps; responseRead how much is
	// read at most before the connection is dropped.
	responseKept = 1024
	responseRead = 64 << 10
)

// Observer hears of every attempt and every delivery that ends (the metrics).
type Observer interface {
	Attempted(eventType string, succeeded bool, took time.Duration)
	Completed(eventType, status string, sinceEvent time.Duration)
}

// WorkerConfig is how the delivery worker runs; zero values take the defaults.
type WorkerConfig struct {
	Targets      Targets
	Timeout      time.Duration // per attempt (MOS_WEBHOOK_TIMEOUT)
	DisableAfter time.Duration // failure streak that turns a subscription off (MOS_WEBHOOK_DISABLE_AFTER)
	// Retention is how long finished deliveries stay in the log, and fanned-out events in
	// the outbox (MOS_WEBHOOK_RETENTION).
	Retention    time.Duration
	PollInterval time.Duration // wait when there is nothing to do (MOS_WEBHOOK_POLL_INTERVAL)
	Batch        int           // deliveries claimed at once
	Concurrency  int           // attempts in flight at once
	Clock        Clock         // scheduling time; time.Now when nil
	// Jitter varies a retry delay; ±10% at random when nil.
	Jitter   func(time.Duration) time.Duration
	Observer Observer
	Logger   *slog.Logger
}

// Worker delivers webhook events: it fans outbox events out into deliveries and sends the
// due ones. Any number of workers (in one process or many) may share a database.
type Worker struct {
	pool   *db.Pool
	cfg    WorkerConfig
	client *http.Client
}

// NewWorker returns a worker over pool.
func NewWorker(pool *db.Pool, cfg WorkerConfig) *Worker {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.DisableAfter <= 0 {
		cfg.DisableAfter = DefaultDisableAfter
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = DefaultPollInterval
	}
	if cfg.Retention <= 0 {
		cfg.Retention = DefaultRetention
	}
	if cfg.Batch <= 0 {
		cfg.Batch = defaultBatch
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = defaultConcurrency
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.Jitter == nil {
		cfg.Jitter = func(d time.Duration) time.Duration {
			return time.Duration(float64(d) * (0.9 + 0.2*rand.Float64()))
		}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	cfg.Targets = cfg.Targets.orDefault()
	transport := &http.Transport{
		Proxy:                 nil, // never through a proxy of the environment
		DialContext:           cfg.Targets.dialContext(cfg.Timeout),
		TLSHandshakeTimeout:   cfg.Timeout,
		ResponseHeaderTimeout: cfg.Timeout,
		MaxIdleConnsPerHost:   cfg.Concurrency,
		IdleConnTimeout:       90 * time.Second,
		ForceAttemptHTTP2:     true,
	}
	return &Worker{pool: pool, cfg: cfg, client: &http.Client{
		Transport: transport,
		Timeout:   cfg.Timeout,
		// A redirect is an answer, not a success: following it could lead anywhere.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// Run works until ctx ends, resting PollInterval whenever a round found nothing to do, and
// applies the retention every hour.
func (w *Worker) Run(ctx context.Context) {
	var swept time.Time
	for ctx.Err() == nil {
		if now := w.cfg.Clock(); now.Sub(swept) >= sweepEvery {
			swept = now
			if err := w.Sweep(ctx); err != nil && ctx.Err() == nil {
				w.cfg.Logger.Error("webhooks: retention sweep", "err", err)
			}
		}
		busy, err := w.RunOnce(ctx)
		if err != nil && ctx.Err() == nil {
			w.cfg.Logger.Error("webhooks: delivery round", "err", err)
		}
		if busy && err == nil {
			continue
		}
		select {
		case <-ctx.Done():
		case <-time.After(w.cfg.PollInterval):
		}
	}
}

// Sweep removes the deliveries that ended, and the outbox events fanned out, more than
// Retention ago. Any number of workers may sweep at once: each row goes once.
func (w *Worker) Sweep(ctx context.Context) error {
	deliveries, events, err := sweep(ctx, w.pool, w.cfg.Clock().Add(-w.cfg.Retention))
	if deliveries+events > 0 {
		w.cfg.Logger.Info("webhooks: retention sweep", "deliveries", deliveries, "events", events)
	}
	return err
}

// RunOnce fans out waiting outbox events and sends one batch of due deliveries, waiting for
// their attempts to end; busy reports whether it found work.
func (w *Worker) RunOnce(ctx context.Context) (busy bool, err error) {
	now := w.cfg.Clock().UTC()
	taken, err := fanOut(ctx, w.pool, defaultFanOutBatch, now)
	if err != nil {
		return false, err
	}
	// The lease outlasts an attempt, so no other worker takes a delivery being sent.
	batch, err := claimDeliveries(ctx, w.pool, now, w.cfg.Batch, w.cfg.Timeout+time.Minute)
	if err != nil {
		return taken > 0, err
	}
	var wg sync.WaitGroup
	slots := make(chan struct{}, w.cfg.Concurrency)
	errs := make(chan error, len(batch))
	for _, c := range batch {
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			if err := w.deliver(ctx, c); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	return taken > 0 || len(batch) > 0, errors.Join(collect(errs)...)
}

func collect(errs <-chan error) []error {
	var out []error
	for err := range errs {
		out = append(out, err)
	}
	return out
}

// deliver makes one attempt of a claimed delivery and records it.
func (w *Worker) deliver(ctx context.Context, c claimed) error {
	at := w.cfg.Clock().UTC()
	o := w.attempt(ctx, c, at)
	o.At = at
	round := c.Attempts + 1
	switch {
	case o.Succeeded:
		o.Status = StatusSucceeded
	case round >= MaxAttempts:
		o.Status = StatusFailed
	default:
		o.Status = StatusPending
		next := at.Add(w.cfg.Jitter(Schedule[round-1]))
		o.NextAttempt = &next
	}
	if ctx.Err() != nil && !o.Succeeded {
		// Shutting down: the attempt was cut short by us, not the receiver. The lease runs
		// out and the next worker tries again, as after a crash.
		return nil
	}
	disabled, err := recordAttempt(context.WithoutCancel(ctx), w.pool, c, o, w.cfg.DisableAfter)
	if err != nil {
		return err
	}
	if obs := w.cfg.Observer; obs != nil {
		obs.Attempted(c.EventType, o.Succeeded, o.Duration)
		if o.Status != StatusPending {
			obs.Completed(c.EventType, o.Status, at.Sub(c.Occurred))
		}
	}
	if disabled {
		w.cfg.Logger.Warn("webhooks: subscription turned off after failing continuously",
			"tenant", c.TenantID, "subscription", c.SubscriptionID, "for", w.cfg.DisableAfter.String())
	}
	return nil
}

// attempt sends the delivery once, signed with every secret that signs at at.
func (w *Worker) attempt(ctx context.Context, c claimed, at time.Time) outcome {
	fail := func(msg string) outcome { return outcome{Error: &msg} }
	if err := w.cfg.Targets.checkBeforeSend(c.URL); err != nil {
		return fail("not sent: " + err.Error())
	}
	body := []byte(c.Body)
	secrets := []string{c.Secret}
	if c.PreviousSecret != nil && c.PreviousSecretExpires != nil && at.Before(*c.PreviousSecretExpires) {
		secrets = append(secrets, *c.PreviousSecret)
	}
	sigs := make([]string, len(secrets))
	for i, secret := range secrets {
		sig, err := Sign(secret, c.EventID, at, body)
		if err != nil {
			return fail("not sent: " + err.Error())
		}
		sigs[i] = sig
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL, bytes.NewReader(body))
	if err != nil {
		return fail("not sent: " + err.Error())
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "mos-webhooks/1")
	req.Header.Set("webhook-id", c.EventID)
	req.Header.Set("webhook-timestamp", strconv.FormatInt(at.Unix(), 10))
	req.Header.Set("webhook-signature", strings.Join(sigs, " "))
	start := time.Now()
	res, err := w.client.Do(req)
	if err != nil {
		o := fail(describe(err, w.cfg.Timeout))
		o.Duration = time.Since(start)
		return o
	}
	kept, readErr := io.ReadAll(io.LimitReader(res.Body, responseRead))
	_ = res.Body.Close()
	o := outcome{Duration: time.Since(start), StatusCode: &res.StatusCode}
	if len(kept) > responseKept {
		kept = kept[:responseKept]
	}
	if len(kept) > 0 {
		text := strings.ToValidUTF8(string(kept), "\uFFFD")
		o.Response = &text
	}
	o.Succeeded = res.StatusCode >= 200 && res.StatusCode < 300
	if !o.Succeeded {
		msg := fmt.Sprintf("answered HTTP %d", res.StatusCode)
		if res.StatusCode >= 300 && res.StatusCode < 400 {
			msg += " (redirects are not followed)"
		}
		o.Error = &msg
	} else if readErr != nil && !errors.Is(readErr, io.EOF) {
		// The status arrived: the receiver has the event, however its body ended.
		o.Succeeded = true
	}
	return o
}

// describe says why an attempt got no answer, without Go's wrapping.
func describe(err error, timeout time.Duration) string {
	var refused errTargetRefused
	var netErr net.Error
	switch {
	case errors.As(err, &refused):
		return "not sent: " + refused.reason
	case errors.As(err, &netErr) && netErr.Timeout():
		return fmt.Sprintf("no answer within %s", timeout)
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return "the connection closed before an answer"
	}
	var urlErr interface{ Unwrap() error }
	if errors.As(err, &urlErr) {
		if inner := urlErr.Unwrap(); inner != nil {
			return inner.Error()
		}
	}
	return err.Error()
}
