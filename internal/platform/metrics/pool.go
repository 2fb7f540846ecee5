package metrics

import (
	"database/sql"

	"github.com/prometheus/client_golang/prometheus"
)

// WatchPool adds the database pool's numbers, read from stats (the pool's Stats method)
// at every scrape.
func (r *Registry) WatchPool(stats func() sql.DBStats) error {
	return r.reg.Register(newPoolCollector(stats))
}

// poolCollector reports sql.DBStats as it is when scraped: nothing to keep up to date in
// between, and nothing on the request path.
type poolCollector struct {
	stats                                              func() sql.DBStats
	open, inUse, idle, maxOpen, waitCount, waitSeconds *prometheus.Desc
}

func newPoolCollector(stats func() sql.DBStats) *poolCollector {
	desc := func(name, help string) *prometheus.Desc {
		return prometheus.NewDesc("mos_db_pool_"+name, help, nil, nil)
	}
	return &poolCollector{
		stats:       stats,
		open:        desc("open_connections", "Connections to PostgreSQL open now, in use or idle."),
		inUse:       desc("in_use_connections", "Connections running a statement or holding a transaction now."),
		idle:        desc("idle_connections", "Open connections waiting for work now."),
		maxOpen:     desc("max_open_connections", "Most connections the pool opens (MOS_DB_MAX_OPEN_CONNS); beyond it requests wait."),
		waitCount:   desc("wait_count_total", "Times a request waited for a connection because all of them were in use."),
		waitSeconds: desc("wait_duration_seconds_total", "Time requests spent waiting for a connection, in seconds."),
	}
}

func (p *poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{p.open, p.inUse, p.idle, p.maxOpen, p.waitCount, p.waitSeconds} {
		ch <- d
	}
}

func (p *poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := p.stats()
	ch <- prometheus.MustNewConstMetric(p.open, prometheus.GaugeValue, float64(s.OpenConnections))
	ch <- prometheus.MustNewConstMetric(p.inUse, prometheus.GaugeValue, float64(s.InUse))
	ch <- prometheus.MustNewConstMetric(p.idle, prometheus.GaugeValue, float64(s.Idle))
	ch <- prometheus.MustNewConstMetric(p.maxOpen, prometheus.GaugeValue, float64(s.MaxOpenConnections))
	ch <- prometheus.MustNewConstMetric(p.waitCount, prometheus.CounterValue, float64(s.WaitCount))
	ch <- prometheus.MustNewConstMetric(p.waitSeconds, prometheus.CounterValue, s.WaitDuration.Seconds())
}
