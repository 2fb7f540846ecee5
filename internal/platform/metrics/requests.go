package metrics

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Unmatched is the operation label of a request that matched no operation of the spec (an
// unknown path, a method a path does not take, /healthz, /metrics, /docs): never the raw
// path, which a client chooses, so that the number of series stays bounded.
const Unmatched = "unmatched"

// otherMethod labels a request whose method is not one of HTTP's own: Go's server takes
// any token as a method, and the label must not take whatever a client sends.
const otherMethod = "other"

// DurationBuckets are the latency histogram's upper bounds in seconds: from half a
// millisecond (a request served from memory) to 10 seconds (beyond which the answer is as
// good as lost), about three to a decade.
var DurationBuckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// requests counts and times answered requests by spec operation, method and status.
type requests struct {
	count    *prometheus.CounterVec
	duration *prometheus.HistogramVec

	// series caches each label combination's counter and histogram, so that recording a
	// request costs two atomic updates and no allocation (the vectors' own look-up formats
	// the status and builds a slice of label values every time). The combinations are
	// bounded: operations and methods come from the spec or the fixed labels above, and
	// Go's server writes no status outside 100 to 999.
	mu     sync.RWMutex
	series map[seriesKey]series
}

type seriesKey struct {
	operation, method string
	status            int
}

type series struct {
	count    prometheus.Counter
	duration prometheus.Observer
}

func newRequests() *requests {
	labels := []string{"operation", "method", "status"}
	return &requests{
		count: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mos_http_requests_total",
			Help: "HTTP requests answered, by spec operationId (" + Unmatched + " for none), method and status.",
		}, labels),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "mos_http_request_duration_seconds",
			Help:    "Time from the request's routing to its answer written, by spec operationId, method and status.",
			Buckets: DurationBuckets,
		}, labels),
		series: map[seriesKey]series{},
	}
}

// ObserveRequest records one answered request: the operationId of the spec operation it
// matched ("" for none), its method, its final status and how long it took.
func (r *Registry) ObserveRequest(operation, method string, status int, elapsed time.Duration) {
	k := seriesKey{operation: operation, method: methodLabel(method), status: status}
	if k.operation == "" {
		k.operation = Unmatched
	}
	r.requests.mu.RLock()
	s, ok := r.requests.series[k]
	r.requests.mu.RUnlock()
	if !ok {
		s = r.requests.add(k)
	}
	s.count.Inc()
	s.duration.Observe(elapsed.Seconds())
}

// add creates the series of k (once, whoever asks first).
func (q *requests) add(k seriesKey) series {
	q.mu.Lock()
	defer q.mu.Unlock()
	if s, ok := q.series[k]; ok {
		return s
	}
	status := strconv.Itoa(k.status)
	s := series{
		count:    q.count.WithLabelValues(k.operation, k.method, status),
		duration: q.duration.WithLabelValues(k.operation, k.method, status),
	}
	q.series[k] = s
	return s
}

// methodLabel is method if it is one of HTTP's, else otherMethod.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return method
	}
	return otherMethod
}
