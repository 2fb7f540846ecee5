package webhooks

import (
	"fmt"
	"testing"
	"time"

	"mos/internal/dbtest"
)

// BenchmarkDeliverEvents measures the worker end to end: events recorded in the outbox, fanned
// out to two subscriptions, signed and posted to a local receiver answering 200. One op is
// one delivery; the events/s metric counts outbox events.
func BenchmarkDeliverEvents(b *testing.B) {
	pool, _, tenant := dbtest.NewWithTenant(b)
	rc := newReceiver(b, nil)
	targets, err := ParseAllowedHosts("127.0.0.1")
	if err != nil {
		b.Fatal(err)
	}
	for range 2 {
		subscribe(b, pool, tenant, rc.URL)
	}
	s := &setup{pool: pool, tenant: tenant}
	worker := NewWorker(pool, WorkerConfig{Targets: targets, Batch: 64, Concurrency: 8})
	events := (b.N + 1) / 2
	for i := range events {
		s.record(b, fmt.Sprintf("item-%d", i%100), i)
	}
	b.ResetTimer()
	start := time.Now()
	for len(rc.requests()) < 2*events {
		if _, err := worker.RunOnce(b.Context()); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(events)/time.Since(start).Seconds(), "events/s")
}
