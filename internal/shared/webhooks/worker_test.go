package webhooks

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/outbox"
)

// fakeClock is the worker's time, moved by hand: retries are proven without sleeping.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// received is one request a receiver got.
type received struct {
	header http.Header
	body   []byte
	event  envelope
}

// receiver is a local webhook endpoint that records every request and answers with
// respond (200 when nil).
type receiver struct {
	*httptest.Server
	mu      sync.Mutex
	got     []received
	respond func(w http.ResponseWriter, r *http.Request, n int) // n: requests before this one
}

func newReceiver(t testing.TB, respond func(w http.ResponseWriter, r *http.Request, n int)) *receiver {
	t.Helper()
	rc := &receiver{respond: respond}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var ev envelope
		_ = json.Unmarshal(body, &ev)
		rc.mu.Lock()
		n := len(rc.got)
		rc.got = append(rc.got, received{header: r.Header.Clone(), body: body, event: ev})
		rc.mu.Unlock()
		if rc.respond != nil {
			rc.respond(w, r, n)
		}
	}))
	t.Cleanup(rc.Close)
	return rc
}

func (rc *receiver) requests() []received {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]received(nil), rc.got...)
}

func answer(status int) func(http.ResponseWriter, *http.Request, int) {
	return func(w http.ResponseWriter, _ *http.Request, _ int) { w.WriteHeader(status) }
}

// loopback allows the receivers' plain http on 127.0.0.1.
func loopback(t *testing.T) Targets {
	t.Helper()
	targets, err := ParseAllowedHosts("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	return targets
}

// setup is a database with a tenant, a subscription of it to every event at url, and a
// worker on the fake clock (no jitter unless the test sets one).
type setup struct {
	pool         *db.Pool
	tenant       string
	subscription string
	secret       string
	clock        *fakeClock
	worker       *Worker
}

func newSetup(t *testing.T, url string, cfg WorkerConfig) *setup {
	t.Helper()
	pool, _, tenant := dbtest.NewWithTenant(t)
	s := &setup{pool: pool, tenant: tenant, clock: newFakeClock()}
	s.subscription, s.secret = subscribe(t, pool, tenant, url)
	if cfg.Targets.names == nil {
		cfg.Targets = loopback(t)
	}
	cfg.Clock = s.clock.Now
	if cfg.Jitter == nil {
		cfg.Jitter = func(d time.Duration) time.Duration { return d }
	}
	s.worker = NewWorker(pool, cfg)
	return s
}

// subscribe stores an active subscription to every event, as Create would after its checks.
func subscribe(t testing.TB, pool *db.Pool, tenant, url string) (id, secret string) {
	t.Helper()
	id, secret = ids.New(), newSecret()
	if err := (store{}).insert(t.Context(), pool, tenant, id, Write{URL: url, IsActive: true}, secret); err != nil {
		t.Fatal(err)
	}
	return id, secret
}

// record records an ItemUpdated event of item in the outbox, numbered n in its data.
func (s *setup) record(t testing.TB, item string, n int) {
	t.Helper()
	err := outbox.Record(t.Context(), s.pool, s.tenant, outbox.Event{Type: "ItemUpdated", AggregateType: "item", AggregateID: item,
		Payload: map[string]any{"itemId": item, "n": n}})
	if err != nil {
		t.Fatal(err)
	}
}

func (s *setup) runOnce(t *testing.T) {
	t.Helper()
	if _, err := s.worker.RunOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// deliveryState is a delivery's row as the worker left it.
type deliveryState struct {
	Status      string     `db:"status"`
	Attempts    int        `db:"attempts"`
	NextAttempt *time.Time `db:"next_attempt_utc"`
	Completed   *time.Time `db:"completed_utc"`
}

func (s *setup) only(t *testing.T) deliveryState {
	t.Helper()
	var d deliveryState
	if err := s.pool.GetContext(t.Context(), &d, `SELECT status, attempts, next_attempt_utc, completed_utc FROM webhook_deliveries
		WHERE tenant_id = $1 AND subscription_id = $2`, s.tenant, s.subscription); err != nil {
		t.Fatal(err)
	}
	return d
}

// A failed attempt is retried after 5s, 1m, 5m, 30m, 2h, 6h, 12h, 24h and 24h (no sooner),
// and the tenth failure fails the delivery for good.
func TestFailedAttemptsRetryOnTheScheduleThenFail(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t, answer(http.StatusInternalServerError))
	s := newSetup(t, rc.URL, WorkerConfig{})
	s.record(t, "item-1", 1)
	var total time.Duration
	for i := range MaxAttempts {
		s.runOnce(t)
		if n := len(rc.requests()); n != i+1 {
			t.Fatalf("after %d rounds the receiver got %d requests, want %d", i+1, n, i+1)
		}
		d := s.only(t)
		if i == MaxAttempts-1 {
			if d.Status != StatusFailed || d.NextAttempt != nil || d.Completed == nil || d.Attempts != MaxAttempts {
				t.Fatalf("after the last attempt: %+v, want failed with %d attempts", d, MaxAttempts)
			}
			break
		}
		wait := Schedule[i]
		if d.Status != StatusPending || d.NextAttempt == nil || !d.NextAttempt.Equal(s.clock.Now().Add(wait)) {
			t.Fatalf("after attempt %d: %+v, want pending until %s later", i+1, d, wait)
		}
		// Not due a moment before its time.
		s.clock.Advance(wait - time.Millisecond)
		s.runOnce(t)
		if n := len(rc.requests()); n != i+1 {
			t.Fatalf("attempt %d went out %s early", i+2, time.Millisecond)
		}
		s.clock.Advance(time.Millisecond)
		total += wait
	}
	// About three days, exactly as the spec's Webhooks tag states it.
	if want := 68*time.Hour + 36*time.Minute + 5*time.Second; total != want {
		t.Fatalf("the retries span %s, want %s", total, want)
	}
	// Failed for good: nothing more is sent, however long one waits.
	s.clock.Advance(30 * 24 * time.Hour)
	s.runOnce(t)
	if n := len(rc.requests()); n != MaxAttempts {
		t.Fatalf("a failed delivery was sent again: %d requests", n)
	}
}

// The default jitter varies each wait by at most 10% either way, and does vary it.
func TestRetryJitterStaysWithinTenPercent(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t, answer(http.StatusServiceUnavailable))
	s := newSetup(t, rc.URL, WorkerConfig{Jitter: nil})
	s.worker.cfg.Jitter = NewWorker(nil, WorkerConfig{}).cfg.Jitter // the default
	for i := range 20 {
		s.record(t, fmt.Sprintf("item-%d", i), i)
	}
	s.runOnce(t)
	var waits []time.Duration
	if err := s.pool.SelectContext(t.Context(), &waits, `SELECT (EXTRACT(EPOCH FROM next_attempt_utc - last_attempt_utc) * 1e9)::bigint
		FROM webhook_deliveries WHERE tenant_id = $1`, s.tenant); err != nil {
		t.Fatal(err)
	}
	distinct := map[time.Duration]bool{}
	for _, w := range waits {
		if w < 4500*time.Millisecond || w > 5500*time.Millisecond {
			t.Fatalf("first retry after %s, want 5s ± 10%%", w)
		}
		distinct[w] = true
	}
	if len(waits) != 20 || len(distinct) < 2 {
		t.Fatalf("%d waits, %d distinct: the jitter does not vary them", len(waits), len(distinct))
	}
}

// A receiver that does not answer within the timeout fails the attempt, which is logged
// without a status and retried.
func TestAttemptPastTheTimeoutFailsAndRetries(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	rc := newReceiver(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	t.Cleanup(func() { close(release) })
	s := newSetup(t, rc.URL, WorkerConfig{Timeout: 200 * time.Millisecond})
	s.record(t, "item-1", 1)
	s.runOnce(t)
	a := attempts(t, s)
	if len(a) != 1 || a[0].StatusCode != nil || a[0].Succeeded || a[0].Error == nil || !strings.Contains(*a[0].Error, "no answer within 200ms") {
		t.Fatalf("attempts %s, want one without a status, failed for the timeout", show(a))
	}
	if d := s.only(t); d.Status != StatusPending || d.NextAttempt == nil {
		t.Fatalf("delivery %+v, want pending for a retry", d)
	}
}

// A receiver that drops the connection without answering fails the attempt.
func TestDroppedConnectionFailsTheAttempt(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			_ = conn.Close()
		}
	})
	s := newSetup(t, rc.URL, WorkerConfig{})
	s.record(t, "item-1", 1)
	s.runOnce(t)
	a := attempts(t, s)
	if len(a) != 1 || a[0].StatusCode != nil || a[0].Succeeded || a[0].Error == nil {
		t.Fatalf("attempts %s, want one failed without a status", show(a))
	}
	if !strings.Contains(*a[0].Error, "connection closed before an answer") {
		t.Fatalf("error %q does not say the connection closed", *a[0].Error)
	}
}

func attempts(t *testing.T, s *setup) []Attempt {
	t.Helper()
	var id string
	if err := s.pool.GetContext(t.Context(), &id, `SELECT id FROM webhook_deliveries WHERE tenant_id = $1`, s.tenant); err != nil {
		t.Fatal(err)
	}
	d, err := (store{}).delivery(t.Context(), s.pool, s.tenant, s.subscription, id)
	if err != nil {
		t.Fatal(err)
	}
	return d.Attempts
}

func show(a []Attempt) string {
	b, _ := json.Marshal(a)
	return string(b)
}

// Every request carries the Standard Webhooks headers, and its signature verifies with the
// subscription's secret over exactly the body, by Verify and by hand.
func TestDeliveriesAreSignedAsDocumented(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t, nil)
	s := newSetup(t, rc.URL, WorkerConfig{})
	s.record(t, "item-1", 1)
	s.runOnce(t)
	got := rc.requests()
	if len(got) != 1 {
		t.Fatalf("%d requests, want 1", len(got))
	}
	r := got[0]
	if err := Verify(s.secret, r.header, r.body, s.clock.Now()); err != nil {
		t.Fatalf("signature does not verify: %v", err)
	}
	id, ts := r.header.Get("webhook-id"), r.header.Get("webhook-timestamp")
	if id != r.event.ID || ts != strconv.FormatInt(s.clock.Now().Unix(), 10) || r.header.Get("Content-Type") != "application/json" {
		t.Fatalf("headers %v, want webhook-id %s and the attempt's timestamp", r.header, r.event.ID)
	}
	key, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(s.secret, "whsec_"))
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + ts + "." + string(r.body)))
	if want := "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)); r.header.Get("webhook-signature") != want {
		t.Fatalf("webhook-signature %q, want %q", r.header.Get("webhook-signature"), want)
	}
	// A changed body or an old timestamp does not verify.
	if Verify(s.secret, r.header, append(r.body, ' '), s.clock.Now()) == nil {
		t.Fatal("a changed body verified")
	}
	if Verify(s.secret, r.header, r.body, s.clock.Now().Add(ReplayWindow+time.Second)) == nil {
		t.Fatal("a request older than the replay window verified")
	}
	if r.event.Type != "ItemUpdated" || r.event.TenantID != s.tenant || r.event.RecordID != "item-1" || r.event.OccurredUtc == "" {
		t.Fatalf("envelope %+v", r.event)
	}
}

// After a rotation both secrets sign until the grace period ends; then only the new one.
func TestRotationSignsWithBothSecretsDuringTheGracePeriod(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t, nil)
	s := newSetup(t, rc.URL, WorkerConfig{})
	svc := NewService(s.pool, testCatalogue(), loopback(t))
	svc.UseClock(s.clock.Now)
	rotated, err := svc.RotateSecret(t.Context(), s.tenant, s.subscription, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if rotated.Secret == s.secret || rotated.PreviousSecretExpires == nil || !rotated.PreviousSecretExpires.Equal(s.clock.Now().Add(time.Hour)) {
		t.Fatalf("rotation answered %+v", rotated)
	}
	s.record(t, "item-1", 1)
	s.runOnce(t)
	s.clock.Advance(time.Hour)
	s.record(t, "item-1", 2)
	s.runOnce(t)
	got := rc.requests()
	if len(got) != 2 {
		t.Fatalf("%d requests, want 2", len(got))
	}
	during, after := got[0], got[1]
	if sigs := strings.Fields(during.header.Get("webhook-signature")); len(sigs) != 2 {
		t.Fatalf("during the grace period: signatures %q, want two", sigs)
	}
	at := s.clock.Now().Add(-time.Hour)
	for _, secret := range []string{s.secret, rotated.Secret} {
		if err := Verify(secret, during.header, during.body, at); err != nil {
			t.Fatalf("during the grace period a secret does not verify: %v", err)
		}
	}
	if sigs := strings.Fields(after.header.Get("webhook-signature")); len(sigs) != 1 {
		t.Fatalf("after the grace period: signatures %q, want one", sigs)
	}
	if Verify(s.secret, after.header, after.body, s.clock.Now()) == nil || Verify(rotated.Secret, after.header, after.body, s.clock.Now()) != nil {
		t.Fatal("after the grace period the old secret still signs, or the new one does not")
	}
}

// While an earlier event of a record is not delivered, the later ones wait: a record's
// events reach a subscription in the order they happened, across retries, while other
// records' events go on.
func TestEventsOfARecordArriveInOrder(t *testing.T) {
	t.Parallel()
	// The first request for a1 fails; every other succeeds.
	var mu sync.Mutex
	failed := false
	var rc *receiver
	rc = newReceiver(t, func(w http.ResponseWriter, _ *http.Request, n int) {
		mu.Lock()
		defer mu.Unlock()
		if !failed && order(rc.requests()[n:n+1]) == "a1" {
			failed = true
			w.WriteHeader(http.StatusBadGateway)
		}
	})
	s := newSetup(t, rc.URL, WorkerConfig{})
	s.record(t, "a", 1)
	s.record(t, "a", 2)
	s.record(t, "b", 1)
	s.record(t, "a", 3)
	s.runOnce(t) // a1 fails, b1 arrives; a2 and a3 wait behind a1
	if got := order(rc.requests()); got != "a1 b1" && got != "b1 a1" {
		t.Fatalf("first round sent %q, want a1 and b1 only", got)
	}
	for range 5 {
		s.runOnce(t) // a1 is not due yet: nothing of a moves
	}
	if n := len(rc.requests()); n != 2 {
		t.Fatalf("a later event of a went out while a1 waits for its retry: %q", order(rc.requests()))
	}
	s.clock.Advance(Schedule[0])
	for range 4 {
		s.runOnce(t)
	}
	got := order(rc.requests())
	if !strings.HasSuffix(got, "a1 a2 a3") || strings.Count(got, " ")+1 != 5 {
		t.Fatalf("sent %q, want a1 retried, then a2, then a3", got)
	}
}

// order names requests by record and number: "a1 b1 a1".
func order(rs []received) string {
	var parts []string
	for _, r := range rs {
		var data struct {
			N int `json:"n"`
		}
		_ = json.Unmarshal(r.event.Data, &data)
		parts = append(parts, fmt.Sprintf("%s%d", r.event.RecordID, data.N))
	}
	return strings.Join(parts, " ")
}

// An event taken by one worker and not fanned out yet holds back the record's later
// events that another worker has fanned out already.
func TestALaterEventWaitsForAnEarlierOneStillBeingFannedOut(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t, nil)
	s := newSetup(t, rc.URL, WorkerConfig{})
	s.record(t, "a", 1)
	// Another worker holds a1, as while it inserts its deliveries.
	tx, err := s.pool.BeginTxx(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(t.Context(), `SELECT 1 FROM event_outbox WHERE tenant_id = $1 FOR UPDATE`, s.tenant); err != nil {
		t.Fatal(err)
	}
	s.record(t, "a", 2)
	s.record(t, "b", 1)
	s.runOnce(t) // fans out a2 and b1; sends b1; a2 waits for a1
	if got := order(rc.requests()); got != "b1" {
		t.Fatalf("sent %q while a1 was held, want b1 only", got)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		s.runOnce(t)
	}
	if got := order(rc.requests()); got != "b1 a1 a2" {
		t.Fatalf("sent %q, want b1 a1 a2", got)
	}
}

// Two workers racing over the same outbox and deliveries send every event once, and each
// record's events in order.
func TestTwoWorkersNeverSendAnEventTwice(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t, nil)
	s := newSetup(t, rc.URL, WorkerConfig{Batch: 7, Concurrency: 4})
	const records, perRecord = 12, 15
	for n := 1; n <= perRecord; n++ {
		for r := range records {
			s.record(t, fmt.Sprintf("r%02d-", r), n)
		}
	}
	other := NewWorker(s.pool, s.worker.cfg)
	start := make(chan struct{})
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	for _, w := range []*Worker{s.worker, other} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for len(rc.requests()) < records*perRecord {
				if _, err := w.RunOnce(context.Background()); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	// Let either worker finish what it claimed, then count.
	s.runOnce(t)
	seen := map[string]int{}
	last := map[string]int{}
	for _, r := range rc.requests() {
		seen[r.event.ID]++
		var data struct {
			N int `json:"n"`
		}
		_ = json.Unmarshal(r.event.Data, &data)
		if data.N != last[r.event.RecordID]+1 {
			t.Fatalf("record %s: event %d arrived after %d", r.event.RecordID, data.N, last[r.event.RecordID])
		}
		last[r.event.RecordID] = data.N
	}
	if len(seen) != records*perRecord {
		t.Fatalf("%d distinct events arrived, want %d", len(seen), records*perRecord)
	}
	for id, n := range seen {
		if n != 1 {
			t.Fatalf("event %s arrived %d times", id, n)
		}
	}
}

// A subscription whose every attempt has failed for DisableAfter is turned off, says why,
// and gets nothing more; a success in between starts the streak again.
func TestContinuousFailureTurnsTheSubscriptionOff(t *testing.T) {
	t.Parallel()
	failing := true
	var mu sync.Mutex
	rc := newReceiver(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		mu.Lock()
		defer mu.Unlock()
		if failing {
			w.WriteHeader(http.StatusInternalServerError)
		}
	})
	s := newSetup(t, rc.URL, WorkerConfig{DisableAfter: time.Hour})
	setFailing := func(v bool) { mu.Lock(); failing = v; mu.Unlock() }
	event := 0
	attemptNew := func() {
		event++
		s.record(t, fmt.Sprintf("item-%d", event), event) // a record of its own: nothing waits
		s.runOnce(t)
	}
	attemptNew() // the streak starts
	s.clock.Advance(30 * time.Minute)
	setFailing(false)
	attemptNew() // a success ends it
	setFailing(true)
	s.clock.Advance(time.Minute)
	attemptNew() // a new streak starts here
	s.clock.Advance(59 * time.Minute)
	attemptNew()
	sub, err := (store{}).get(t.Context(), s.pool, s.tenant, s.subscription)
	if err != nil {
		t.Fatal(err)
	}
	if !sub.IsActive || sub.FailingSince == nil {
		t.Fatalf("after 59 minutes of failures: %+v, want active and failing", sub)
	}
	s.clock.Advance(time.Minute)
	attemptNew()
	if sub, err = (store{}).get(t.Context(), s.pool, s.tenant, s.subscription); err != nil {
		t.Fatal(err)
	}
	if sub.IsActive || sub.Disabled == nil || !sub.Disabled.Equal(s.clock.Now()) || sub.DisabledReason == nil ||
		!strings.Contains(*sub.DisabledReason, "every delivery attempt failed") || !strings.Contains(*sub.DisabledReason, "HTTP 500") {
		t.Fatalf("after an hour of failures: %+v, want turned off with the reason", sub)
	}
	sent := len(rc.requests())
	s.clock.Advance(24 * time.Hour)
	attemptNew()
	if n := len(rc.requests()); n != sent {
		t.Fatalf("a turned-off subscription got %d more requests", n-sent)
	}
}

// A target the operator does not allow is refused when the attempt is made, whatever was
// checked at subscription: plain http to an unlisted host, and a name resolving to a
// loopback address.
func TestDeliveryRechecksTheTargetWhenSending(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t, nil)
	port := rc.URL[strings.LastIndex(rc.URL, ":")+1:]
	none, err := ParseAllowedHosts("")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ url, want string }{
		{rc.URL, "plain http"},
		{"https://localhost:" + port + "/hook", "non-public address"},
		{"https://127.0.0.1:" + port + "/hook", "non-public address"},
	} {
		s := newSetup(t, tc.url, WorkerConfig{Targets: none})
		s.record(t, "item-1", 1)
		s.runOnce(t)
		a := attempts(t, s)
		if len(a) != 1 || a[0].Error == nil || !strings.Contains(*a[0].Error, tc.want) || !strings.HasPrefix(*a[0].Error, "not sent") {
			t.Fatalf("%s: attempts %s, want one refused (%s)", tc.url, show(a), tc.want)
		}
	}
	if n := len(rc.requests()); n != 0 {
		t.Fatalf("the receiver got %d requests from refused targets", n)
	}
}

// Only active subscriptions that want an event's type get a delivery of it.
func TestFanOutFollowsActiveAndEventTypes(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t, nil)
	s := newSetup(t, rc.URL, WorkerConfig{})
	other := ids.New()
	if err := (store{}).insert(t.Context(), s.pool, s.tenant, other, Write{URL: rc.URL, IsActive: true, EventTypes: []string{"QuoteUpdated"}}, newSecret()); err != nil {
		t.Fatal(err)
	}
	off := ids.New()
	if err := (store{}).insert(t.Context(), s.pool, s.tenant, off, Write{URL: rc.URL, IsActive: false}, newSecret()); err != nil {
		t.Fatal(err)
	}
	s.record(t, "item-1", 1)
	s.runOnce(t)
	var subs []string
	if err := s.pool.SelectContext(t.Context(), &subs, `SELECT subscription_id FROM webhook_deliveries WHERE tenant_id = $1`, s.tenant); err != nil {
		t.Fatal(err)
	}
	if len(subs) != 1 || subs[0] != s.subscription {
		t.Fatalf("deliveries went to %v, want only %s", subs, s.subscription)
	}
	var left int
	if err := s.pool.GetContext(t.Context(), &left, `SELECT count(*) FROM event_outbox WHERE delivered_utc IS NULL`); err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Fatalf("%d events left in the outbox after fan-out", left)
	}
}

func testCatalogue() *Catalogue {
	c := &Catalogue{types: []EventType{{Name: "ItemUpdated", Description: "an item changed", PayloadSchema: "ItemUpdatedEvent"}}, emitted: map[string]bool{}}
	c.Emits("ItemUpdated")
	return c
}

// Finished deliveries leave the log, with their attempts, once older than the retention,
// and so do outbox events fanned out before it; pending deliveries and events waiting to be
// fanned out stay, however old.
func TestRetentionRemovesFinishedDeliveriesAndOldEvents(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t, func(w http.ResponseWriter, _ *http.Request, n int) {
		if n == 1 {
			w.WriteHeader(http.StatusInternalServerError) // b stays pending
		}
	})
	s := newSetup(t, rc.URL, WorkerConfig{Retention: 24 * time.Hour, Concurrency: 1, Batch: 1})
	s.record(t, "a", 1)
	s.runOnce(t) // a succeeds
	s.record(t, "b", 1)
	s.runOnce(t) // b fails, pending
	// Everything so far finished or was fanned out two days ago, by the database's clock.
	ctx := t.Context()
	if _, err := s.pool.ExecContext(ctx, `UPDATE webhook_deliveries SET completed_utc = completed_utc - interval '2 days' WHERE tenant_id = $1`, s.tenant); err != nil {
		t.Fatal(err)
	}
	if _, err := s.pool.ExecContext(ctx, `UPDATE event_outbox SET delivered_utc = delivered_utc - interval '2 days' WHERE tenant_id = $1`, s.tenant); err != nil {
		t.Fatal(err)
	}
	s.record(t, "c", 1) // not fanned out yet
	s.worker.cfg.Clock = time.Now
	if err := s.worker.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	var left []string
	if err := s.pool.SelectContext(ctx, &left, `SELECT aggregate_id || ':' || status FROM webhook_deliveries WHERE tenant_id = $1 ORDER BY 1`, s.tenant); err != nil {
		t.Fatal(err)
	}
	if strings.Join(left, " ") != "b:pending" {
		t.Fatalf("deliveries left %v, want only b pending", left)
	}
	var attemptsLeft, eventsLeft int
	if err := s.pool.GetContext(ctx, &attemptsLeft, `SELECT count(*) FROM webhook_attempts WHERE tenant_id = $1`, s.tenant); err != nil {
		t.Fatal(err)
	}
	if err := s.pool.GetContext(ctx, &eventsLeft, `SELECT count(*) FROM event_outbox WHERE tenant_id = $1`, s.tenant); err != nil {
		t.Fatal(err)
	}
	if attemptsLeft != 1 || eventsLeft != 1 {
		t.Fatalf("%d attempts and %d outbox events left, want b's one attempt and c's event", attemptsLeft, eventsLeft)
	}
}
