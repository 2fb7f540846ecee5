// Package metrics keeps the service's operational signals in the Prometheus text format:
// requests by spec operation, method and status (counts and a latency histogram), the
// database pool, the outbox backlog, and the Go runtime and process.
//
// Each server has a Registry of its own, never Prometheus's global default, so that several
// servers in one process (the tests start many) count apart and never collide.
package metrics

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Registry holds one server's metrics.
type Registry struct {
	reg      *prometheus.Registry
	requests *requests
}

// New returns a registry with the Go runtime's and the process's collectors and the HTTP
// request metrics; WatchPool and WatchOutbox add the database's.
func New() *Registry {
	r := &Registry{reg: prometheus.NewRegistry()}
	r.requests = newRequests()
	r.reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		r.requests.count, r.requests.duration,
	)
	return r
}

// Handler answers a scrape: every metric of the registry in the Prometheus text format (or
// OpenMetrics, when the scraper asks for it). A collector that cannot read its source leaves
// its metrics out and the rest is still answered (ContinueOnError), so that one failing
// source never blinds the scrape to the others.
func (r *Registry) Handler() http.Handler {
	return promhttp.HandlerFor(r.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}
