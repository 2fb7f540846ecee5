package tests

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
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

// receivedWebhook is one request a receiver got: its method, path, headers and raw body
// exactly as they arrived.
type receivedWebhook struct {
	Method, Path string
	Header       http.Header
	Body         []byte
}

// webhookReceiver is a local HTTP server on 127.0.0.1 (plain http, which the shared test
// server allows as a target) that records every request and answers the status last set
// by answer: 200 until then. It is safe for concurrent use; it closes when the test ends.
type webhookReceiver struct {
	// URL is where a subscription sends to it.
	URL string

	mu       sync.Mutex
	status   int
	requests []receivedWebhook
}

// newWebhookReceiver starts a receiver answering 200.
func newWebhookReceiver(t *testing.T) *webhookReceiver {
	t.Helper()
	r := &webhookReceiver{status: http.StatusOK}
	ts := httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(ts.Close)
	r.URL = ts.URL + "/hooks"
	return r
}

func (r *webhookReceiver) serve(w http.ResponseWriter, req *http.Request) {
	body, err := io.ReadAll(req.Body)
	if err != nil {
		// The sender went away mid-body: nothing arrived.
		return
	}
	r.mu.Lock()
	r.requests = append(r.requests, receivedWebhook{Method: req.Method, Path: req.URL.Path, Header: req.Header.Clone(), Body: body})
	status := r.status
	r.mu.Unlock()
	w.WriteHeader(status)
}

// answer makes the receiver answer status from now on.
func (r *webhookReceiver) answer(status int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.status = status
}

// received answers a copy of the requests received so far, in the order they arrived.
func (r *webhookReceiver) received() []receivedWebhook {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]receivedWebhook, len(r.requests))
	copy(out, r.requests)
	return out
}

// awaitReceived waits until the receiver has received at least n requests and answers them
// all, failing t when they do not come within webhookPatience.
func (r *webhookReceiver) awaitReceived(t *testing.T, n int) []receivedWebhook {
	t.Helper()
	deadline := time.Now().Add(webhookPatience)
	for {
		got := r.received()
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
