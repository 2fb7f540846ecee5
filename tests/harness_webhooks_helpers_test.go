package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"mos/gen/client"
)

// Fixtures of webhooks: a local receiver that records what the test server's delivery worker
// sends it, a tenant's subscription to a URL, and waits for the delivery log to reach a state.
// The worker runs beside the shared test server and sends as soon as it polls (every 20 ms),
// so tests wait by polling, never by sleeping a fixed time.

// webhookPatience bounds a wait for the worker: far beyond what a delivery takes (a few
// milliseconds), so only a delivery that never comes waits this long.
const webhookPatience = time.Minute

// webhookPollInterval is how often a wait looks again.
const webhookPollInterval = 10 * time.Millisecond

// hookAnswer is how a hookReceiver answers a delivery.
type hookAnswer struct {
	Status int    // 200 unless set
	Body   string // the answer's body
	// Hang holds the request until the sender gives up (its timeout) or the test ends.
	Hang bool
	// Drop closes the connection without answering.
	Drop bool
}

// hookRequest is one request a hookReceiver got.
type hookRequest struct {
	Method string
	Path   string
	Header http.Header
	Body   []byte
	At     time.Time
}

// hookEvent is a delivered body, decoded (the ItemUpdatedEvent schema).
type hookEvent struct {
	ID          string    `json:"id"`
	Type        string    `json:"type"`
	OccurredUtc time.Time `json:"occurredUtc"`
	TenantID    string    `json:"tenantId"`
	RecordID    string    `json:"recordId"`
	Data        struct {
		ItemID      string  `json:"itemId"`
		Number      string  `json:"number"`
		Description *string `json:"description"`
		Change      string  `json:"change"`
	} `json:"data"`
}

// event decodes the request's body.
func (r hookRequest) event(t *testing.T) hookEvent {
	t.Helper()
	var e hookEvent
	if err := json.Unmarshal(r.Body, &e); err != nil {
		t.Fatalf("delivered body is not an event: %v: %s", err, r.Body)
	}
	return e
}

// hookReceiver is a local webhook receiver recording every request it gets.
type hookReceiver struct {
	URL  string
	mu   sync.Mutex
	got  []hookRequest
	ans  hookAnswer
	stop chan struct{}
}

// newHookReceiver starts a receiver answering ans until the test ends.
func newHookReceiver(t *testing.T, ans hookAnswer) *hookReceiver {
	t.Helper()
	r := &hookReceiver{ans: ans, stop: make(chan struct{})}
	ts := httptest.NewServer(http.HandlerFunc(r.serve))
	// Hanging handlers return first, so that Close does not wait for them.
	t.Cleanup(ts.Close)
	t.Cleanup(func() { close(r.stop) })
	r.URL = ts.URL
	return r
}

func (r *hookReceiver) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	r.got = append(r.got, hookRequest{Method: req.Method, Path: req.URL.Path, Header: req.Header.Clone(), Body: body, At: time.Now()})
	ans := r.ans
	r.mu.Unlock()
	switch {
	case ans.Hang:
		select {
		case <-req.Context().Done():
		case <-r.stop:
		}
	case ans.Drop:
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			_ = conn.Close()
		}
	default:
		status := ans.Status
		if status == 0 {
			status = http.StatusOK
		}
		w.WriteHeader(status)
		_, _ = io.WriteString(w, ans.Body)
	}
}

// answer makes the receiver answer ans from now on.
func (r *hookReceiver) answer(ans hookAnswer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ans = ans
}

// requests answers what the receiver got so far, in the order it got it.
func (r *hookReceiver) requests() []hookRequest {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.got)
}

// newWebhookReceiver starts a receiver answering 200.
func newWebhookReceiver(t *testing.T) *hookReceiver { return newHookReceiver(t, hookAnswer{}) }

// awaitReceived waits until the receiver has received at least n requests and answers them
// all, failing t when they do not come within webhookPatience.
func (r *hookReceiver) awaitReceived(t *testing.T, n int) []hookRequest {
	t.Helper()
	deadline := time.Now().Add(webhookPatience)
	for {
		got := r.requests()
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("the receiver got %d requests in %s, want at least %d", len(got), webhookPatience, n)
		}
		time.Sleep(webhookPollInterval)
	}
}

// subscribeWebhook subscribes url to te's events of types (every type when none) and
// answers the new subscription's id and signing secret.
func subscribeWebhook(t *testing.T, te *tenantEnv, url string, types ...client.WebhookEventType) client.WebhookSecret {
	t.Helper()
	w := client.WebhookWrite{Url: url}
	if len(types) > 0 {
		w.EventTypes = &types
	}
	res, err := te.API.CreateWebhookWithResponse(context.Background(), nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// webhookPath is the path of a subscription, and webhookDeliveryPath that of one of its
// deliveries.
func webhookPath(webhookID string) string { return "/api/webhooks/" + webhookID }

func webhookDeliveryPath(webhookID, deliveryID string) string {
	return webhookPath(webhookID) + "/deliveries/" + deliveryID
}

// listWebhookDeliveries answers the subscription's whole delivery log (up to 5,000), newest
// first.
func listWebhookDeliveries(t *testing.T, te *tenantEnv, webhookID string) []client.WebhookDelivery {
	t.Helper()
	res, err := te.API.ListWebhookDeliveriesWithResponse(context.Background(), webhookID,
		&client.ListWebhookDeliveriesParams{Take: ptr(client.Take(5000))}, client.WebhookDeliveryFilter{})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Data
}

// awaitDeliveries waits until the subscription's delivery log holds at least n deliveries
// and every one of them has succeeded, and answers the log, newest first. Events that
// happen meanwhile may add more.
func awaitDeliveries(t *testing.T, te *tenantEnv, webhookID string, n int) []client.WebhookDelivery {
	t.Helper()
	return awaitDeliveryLog(t, te, webhookID, fmt.Sprintf("at least %d deliveries, all succeeded", n), func(log []client.WebhookDelivery) bool {
		if len(log) < n {
			return false
		}
		for _, d := range log {
			if d.Status != client.WebhookDeliveryStatusSucceeded {
				return false
			}
		}
		return true
	})
}

// awaitDeliveryLog polls the subscription's delivery log (through the API, each answer
// checked against the spec) until done holds for it, and answers it, newest first; it
// fails t, saying what it waited for, when that does not happen within webhookPatience.
func awaitDeliveryLog(t *testing.T, te *tenantEnv, webhookID, what string, done func([]client.WebhookDelivery) bool) []client.WebhookDelivery {
	t.Helper()
	deadline := time.Now().Add(webhookPatience)
	for {
		log := listWebhookDeliveries(t, te, webhookID)
		if done(log) {
			return log
		}
		if time.Now().After(deadline) {
			summary := make([]string, len(log))
			for i, d := range log {
				summary[i] = fmt.Sprintf("%s %s after %d attempts", d.Id, d.Status, len(d.Attempts))
			}
			t.Fatalf("the delivery log of webhook %s never held %s within %s; it holds %v", webhookID, what, webhookPatience, summary)
		}
		time.Sleep(webhookPollInterval)
	}
}
