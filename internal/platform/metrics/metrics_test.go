package metrics

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// scrape answers what r's handler serves.
func scrape(t *testing.T, r *Registry) string {
	t.Helper()
	rec := httptest.NewRecorder()
	r.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("scrape: %d %s", rec.Code, rec.Body)
	}
	return rec.Body.String()
}

// A failed read of the outbox is logged and leaves the backlog out of that scrape; the
// scrape still answers 200 with everything else.
func TestAFailedBacklogReadIsLoggedAndLeftOutOfTheScrape(t *testing.T) {
	t.Parallel()
	var log bytes.Buffer
	r := New()
	if err := r.WatchPool(func() sql.DBStats { return sql.DBStats{MaxOpenConnections: 7} }); err != nil {
		t.Fatal(err)
	}
	fail := true
	read := func(context.Context) (int64, time.Duration, error) {
		if fail {
			return 0, 0, errors.New("connection refused")
		}
		return 3, 90 * time.Second, nil
	}
	if err := r.WatchOutbox(read, slog.New(slog.NewJSONHandler(&log, nil))); err != nil {
		t.Fatal(err)
	}
	got := scrape(t, r)
	if strings.Contains(got, "mos_outbox_") {
		t.Errorf("the scrape shows a backlog it could not read:\n%s", got)
	}
	if !strings.Contains(got, "mos_db_pool_max_open_connections 7") || !strings.Contains(got, "go_goroutines") {
		t.Errorf("the scrape lost the other metrics:\n%s", got)
	}
	if !strings.Contains(log.String(), "outbox backlog") || !strings.Contains(log.String(), "connection refused") {
		t.Errorf("the failure was not logged: %q", log.String())
	}
	fail = false
	got = scrape(t, r)
	for _, want := range []string{"mos_outbox_undelivered_events 3", "mos_outbox_oldest_undelivered_age_seconds 90"} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("the scrape has no %q:\n%s", want, got)
		}
	}
}

// The outbox query of a scrape runs under BacklogTimeout, so a slow database cannot hold a
// scrape (or a connection) for long.
func TestTheBacklogReadIsBoundedByATimeout(t *testing.T) {
	t.Parallel()
	r := New()
	var deadline time.Time
	var bounded bool
	before := time.Now()
	err := r.WatchOutbox(func(ctx context.Context) (int64, time.Duration, error) {
		deadline, bounded = ctx.Deadline()
		return 0, 0, nil
	}, slog.New(slog.NewJSONHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	scrape(t, r)
	if !bounded || deadline.After(time.Now().Add(BacklogTimeout)) || deadline.Before(before) {
		t.Fatalf("backlog read deadline %v (set %v), want within %v of the scrape", deadline, bounded, BacklogTimeout)
	}
}

// Registries are per server: two in one process count apart, and each server's pool and
// outbox register once in its own.
func TestRegistriesCountApart(t *testing.T) {
	t.Parallel()
	a, b := New(), New()
	a.ObserveRequest("getThing", http.MethodGet, 200, time.Millisecond)
	if got := scrape(t, a); !strings.Contains(got, `mos_http_requests_total{method="GET",operation="getThing",status="200"} 1`) {
		t.Errorf("a's scrape:\n%s", got)
	}
	if got := scrape(t, b); strings.Contains(got, "getThing") {
		t.Errorf("b counts a's request:\n%s", got)
	}
	stats := func() sql.DBStats { return sql.DBStats{} }
	if err := a.WatchPool(stats); err != nil {
		t.Fatal(err)
	}
	if err := b.WatchPool(stats); err != nil {
		t.Fatalf("a second registry's pool: %v", err)
	}
	if err := a.WatchPool(stats); err == nil {
		t.Fatal("a registry took a second pool collector")
	}
}

// Unknown methods are labelled "other" and requests outside the spec "unmatched", however
// many different ones clients send.
func TestRequestLabelsAreBounded(t *testing.T) {
	t.Parallel()
	r := New()
	for _, m := range []string{"BREW", "PROPFIND", "get", "X-" + strings.Repeat("A", 100)} {
		r.ObserveRequest("", m, 405, time.Millisecond)
	}
	r.ObserveRequest("", http.MethodGet, 404, time.Millisecond)
	got := scrape(t, r)
	for _, want := range []string{
		`mos_http_requests_total{method="other",operation="unmatched",status="405"} 4`,
		`mos_http_requests_total{method="GET",operation="unmatched",status="404"} 1`,
	} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("the scrape has no %q:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "mos_http_requests_total{"); n != 2 {
		t.Errorf("%d request series, want 2:\n%s", n, got)
	}
}
