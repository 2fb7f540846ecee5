package metrics

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/singleflight"
)

// Webhooks records the delivery worker's attempts and finished deliveries (it is the
// worker's Observer).
type Webhooks struct {
	attempts  *prometheus.CounterVec
	duration  *prometheus.HistogramVec
	completed *prometheus.CounterVec
	lag       *prometheus.HistogramVec
}

// LagBuckets bound the time from an event to its delivery ending, in seconds: from 50 ms
// (delivered at once) to the three days of retries.
var LagBuckets = []float64{0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 21600, 86400, 259200}

// PendingReader answers how many deliveries wait to be sent.
type PendingReader func(ctx context.Context) (int64, error)

// WatchWebhooks adds the webhook delivery metrics: attempts by event type and outcome with
// their duration, deliveries ended by status with the time since their event, and the
// pending deliveries read at every scrape.
func (r *Registry) WatchWebhooks(pending PendingReader, log *slog.Logger) (*Webhooks, error) {
	if log == nil {
		log = slog.Default()
	}
	w := &Webhooks{
		attempts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mos_webhook_attempts_total",
			Help: "Webhook delivery attempts, by event type and outcome (succeeded or failed).",
		}, []string{"event_type", "outcome"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "mos_webhook_attempt_duration_seconds",
			Help:    "Time from sending a webhook request to its answer or failure, by outcome.",
			Buckets: DurationBuckets,
		}, []string{"outcome"}),
		completed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mos_webhook_deliveries_completed_total",
			Help: "Webhook deliveries that ended, by event type and status (succeeded, or failed after every retry).",
		}, []string{"event_type", "status"}),
		lag: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "mos_webhook_delivery_latency_seconds",
			Help:    "Time from an event to its delivery ending, by status.",
			Buckets: LagBuckets,
		}, []string{"status"}),
	}
	pendingDesc := prometheus.NewDesc("mos_webhook_deliveries_pending", "Webhook deliveries waiting to be sent or retried, over every tenant.", nil, nil)
	for _, c := range []prometheus.Collector{w.attempts, w.duration, w.completed, w.lag, &pendingCollector{read: pending, log: log, desc: pendingDesc}} {
		if err := r.reg.Register(c); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// Attempted records one attempt.
func (w *Webhooks) Attempted(eventType string, succeeded bool, took time.Duration) {
	outcome := "failed"
	if succeeded {
		outcome = "succeeded"
	}
	w.attempts.WithLabelValues(eventType, outcome).Inc()
	w.duration.WithLabelValues(outcome).Observe(took.Seconds())
}

// Completed records a delivery that ended, sinceEvent after its event.
func (w *Webhooks) Completed(eventType, status string, sinceEvent time.Duration) {
	w.completed.WithLabelValues(eventType, status).Inc()
	w.lag.WithLabelValues(status).Observe(max(sinceEvent, 0).Seconds())
}

type pendingCollector struct {
	read   PendingReader
	log    *slog.Logger
	desc   *prometheus.Desc
	flight singleflight.Group
}

func (p *pendingCollector) Describe(ch chan<- *prometheus.Desc) { ch <- p.desc }

func (p *pendingCollector) Collect(ch chan<- prometheus.Metric) {
	v, err, _ := p.flight.Do("pending", func() (any, error) {
		ctx, cancel := context.WithTimeout(context.Background(), BacklogTimeout)
		defer cancel()
		return p.read(ctx)
	})
	if err != nil {
		p.log.Error("metrics: count pending webhook deliveries", "err", err)
		return
	}
	ch <- prometheus.MustNewConstMetric(p.desc, prometheus.GaugeValue, float64(v.(int64)))
}
