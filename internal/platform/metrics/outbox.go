package metrics

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/singleflight"
)

// BacklogReader answers how many events the outbox holds undelivered and how long the
// oldest of them has waited (0 when there is none).
type BacklogReader func(ctx context.Context) (undelivered int64, oldest time.Duration, err error)

// BacklogTimeout bounds the outbox query of one scrape: a scrape is answered quickly, with
// the backlog left out when the database is slow, rather than held up by it.
const BacklogTimeout = 2 * time.Second

// WatchOutbox adds the outbox backlog, read at every scrape. A failed read is logged and
// leaves the backlog out of that scrape; the other metrics are answered all the same.
func (r *Registry) WatchOutbox(read BacklogReader, log *slog.Logger) error {
	if log == nil {
		log = slog.Default()
	}
	return r.reg.Register(&outboxCollector{
		read: read,
		log:  log,
		undelivered: prometheus.NewDesc("mos_outbox_undelivered_events",
			"Events recorded in the outbox and not delivered yet.", nil, nil),
		oldestAge: prometheus.NewDesc("mos_outbox_oldest_undelivered_age_seconds",
			"How long the oldest undelivered event of the outbox has waited, in seconds (0 when none waits).", nil, nil),
	})
}

type outboxCollector struct {
	read                   BacklogReader
	log                    *slog.Logger
	undelivered, oldestAge *prometheus.Desc
	// flight makes scrapes that arrive together share one query: /metrics needs no token,
	// so many scrapes at once must not take as many connections from the pool.
	flight singleflight.Group
}

type backlog struct {
	undelivered int64
	oldest      time.Duration
}

func (o *outboxCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- o.undelivered
	ch <- o.oldestAge
}

func (o *outboxCollector) Collect(ch chan<- prometheus.Metric) {
	v, err, _ := o.flight.Do("backlog", func() (any, error) {
		ctx, cancel := context.WithTimeout(context.Background(), BacklogTimeout)
		defer cancel()
		n, oldest, err := o.read(ctx)
		return backlog{undelivered: n, oldest: oldest}, err
	})
	if err != nil {
		o.log.Error("metrics: read the outbox backlog", "err", err)
		return
	}
	b := v.(backlog)
	ch <- prometheus.MustNewConstMetric(o.undelivered, prometheus.GaugeValue, float64(b.undelivered))
	ch <- prometheus.MustNewConstMetric(o.oldestAge, prometheus.GaugeValue, b.oldest.Seconds())
}
