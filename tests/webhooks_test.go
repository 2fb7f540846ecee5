package tests

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/httpapi"
	"mos/internal/shared/webhooks"
)

// Webhook subscriptions through HTTP: their rules (targets, event types, patch, delete),
// permissions, tenant isolation and the event catalogue; and the receivers and helpers the
// delivery tests (webhooks_delivery_test.go) share. The shared test server delivers to
// 127.0.0.1 over plain http, so an httptest server is a receiver.

// waitForEvent waits until the receiver got an event matching match and answers the
// request that carried it.
func (r *hookReceiver) waitForEvent(t *testing.T, what string, match func(hookEvent) bool) hookRequest {
	t.Helper()
	var found hookRequest
	waitFor(t, what+" at the receiver", func() (bool, error) {
		for _, req := range r.requests() {
			if match(req.event(t)) {
				found = req
				return true, nil
			}
		}
		return false, nil
	})
	return found
}

// changesOf answers the data.change of every event of record the receiver got, in order.
func (r *hookReceiver) changesOf(t *testing.T, record string) []string {
	t.Helper()
	var out []string
	for _, req := range r.requests() {
		if e := req.event(t); e.RecordID == record {
			out = append(out, e.Data.Change)
		}
	}
	return out
}

// hookChange matches the event of change on record.
func hookChange(record, change string) func(hookEvent) bool {
	return func(e hookEvent) bool { return e.RecordID == record && e.Data.Change == change }
}

// hookSpecSigned verifies a request exactly as the Webhooks tag of the spec shows a
// receiver doing it, independently of webhooks.Verify: the timestamp within 5 minutes of
// now, and an entry of webhook-signature equal to "v1," + base64 HMAC-SHA256 over
// id.timestamp.body keyed with the secret's decoded key.
func hookSpecSigned(secret string, h http.Header, body []byte, now time.Time) bool {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return false
	}
	ts, err := strconv.ParseInt(h.Get("webhook-timestamp"), 10, 64)
	if err != nil || math.Abs(float64(now.Unix()-ts)) > 300 {
		return false
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(h.Get("webhook-id") + "." + h.Get("webhook-timestamp") + "." + string(body)))
	want := "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
	for _, sig := range strings.Fields(h.Get("webhook-signature")) {
		if hmac.Equal([]byte(sig), []byte(want)) {
			return true
		}
	}
	return false
}

// mustBeSignedBy fails t unless req carries a signature made with secret, by both
// webhooks.Verify and the spec's own recipe.
func mustBeSignedBy(t *testing.T, req hookRequest, secret string) {
	t.Helper()
	if err := webhooks.Verify(secret, req.Header, req.Body, req.At); err != nil {
		t.Fatalf("webhooks.Verify refuses the delivery: %v (signature %q)", err, req.Header.Get("webhook-signature"))
	}
	if !hookSpecSigned(secret, req.Header, req.Body, req.At) {
		t.Fatalf("the spec's verification refuses the delivery (signature %q)", req.Header.Get("webhook-signature"))
	}
}

// mustNotBeSignedBy fails t if req carries a signature made with secret.
func mustNotBeSignedBy(t *testing.T, req hookRequest, secret string) {
	t.Helper()
	if webhooks.Verify(secret, req.Header, req.Body, req.At) == nil || hookSpecSigned(secret, req.Header, req.Body, req.At) {
		t.Fatalf("the delivery is signed with a secret that no longer signs (signature %q)", req.Header.Get("webhook-signature"))
	}
}

// hookCall sends a request to a webhooks path with token: JSON, or JSON Patch for PATCH.
func hookCall(t *testing.T, token, method, path, body string) (rawResponse, []byte) {
	t.Helper()
	contentType := ""
	switch {
	case method == http.MethodPatch:
		contentType = "application/json-patch+json"
	case body != "":
		contentType = "application/json"
	}
	return rawRequest(t, method, path, token, contentType, body)
}

// hookDecode decodes a 200 answer into v.
func hookDecode(t *testing.T, res rawResponse, body []byte, v any) {
	t.Helper()
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
}

func hookGet(t *testing.T, te *tenantEnv, id string) client.Webhook {
	t.Helper()
	res, err := te.API.GetWebhookWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// hookPatch applies a JSON Patch that must answer 200 with the subscription.
func hookPatch(t *testing.T, te *tenantEnv, id, patch string) client.Webhook {
	t.Helper()
	var out client.Webhook
	res, body := hookCall(t, te.Token, http.MethodPatch, "/api/webhooks/"+id, patch)
	hookDecode(t, res, body, &out)
	return out
}

func hookList(t *testing.T, te *tenantEnv, f client.WebhookFilter) []client.Webhook {
	t.Helper()
	res, err := te.API.ListWebhooksWithResponse(context.Background(), nil, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func hookIDs(list []client.Webhook) []string {
	out := make([]string, len(list))
	for i, w := range list {
		out[i] = w.Id
	}
	return out
}

func hookRotate(t *testing.T, te *tenantEnv, id string, graceHours int32) client.WebhookSecret {
	t.Helper()
	res, err := te.API.RotateWebhookSecretWithResponse(context.Background(), id, nil, client.WebhookSecretRotation{GracePeriodHours: &graceHours})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// hookDeliveries answers a page of the subscription's delivery log.
func hookDeliveries(t *testing.T, te *tenantEnv, id string, params *client.ListWebhookDeliveriesParams, f client.WebhookDeliveryFilter) client.WebhookDeliveryPage {
	t.Helper()
	res, err := te.API.ListWebhookDeliveriesWithResponse(context.Background(), id, params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func hookDelivery(t *testing.T, te *tenantEnv, id, deliveryID string) client.WebhookDelivery {
	t.Helper()
	res, err := te.API.GetWebhookDeliveryWithResponse(context.Background(), id, deliveryID, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// hookDeliveryOf waits until the log holds the delivery of record's event of change to the
// subscription and cond holds for it, and answers it.
func hookDeliveryOf(t *testing.T, te *tenantEnv, id, record, change string, cond func(client.WebhookDelivery) bool) client.WebhookDelivery {
	t.Helper()
	var found client.WebhookDelivery
	waitFor(t, fmt.Sprintf("the delivery of %s's %s event", record, change), func() (bool, error) {
		page := hookDeliveries(t, te, id, &client.ListWebhookDeliveriesParams{Take: ptr(int32(100))}, client.WebhookDeliveryFilter{})
		for _, d := range page.Data {
			var e hookEvent
			if err := json.Unmarshal(d.Payload, &e); err != nil {
				return false, err
			}
			if d.RecordId == record && e.Data.Change == change && cond(d) {
				found = d
				return true, nil
			}
		}
		return false, nil
	})
	return found
}

// anyDelivery is the condition every delivery meets.
func anyDelivery(client.WebhookDelivery) bool { return true }

// The subscription rules.

func TestWebhookCreateAnswersIDAndSecretOnceAndGetNeverShowsIt(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{})
	created := subscribeWebhook(t, te, rcv.URL+"/hooks", client.WebhookEventTypeItemUpdated)
	if len(created.Id) != 24 || !strings.HasPrefix(created.Secret, "whsec_") || created.PreviousSecretExpiresUtc != nil {
		t.Fatalf("create answered %+v, want a 24-character id, a whsec_ secret and no previous secret", created)
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(created.Secret, "whsec_"))
	if err != nil || len(key) != 32 {
		t.Fatalf("secret %q is not whsec_ and the base64 of 32 bytes (%d bytes, %v)", created.Secret, len(key), err)
	}
	other := subscribeWebhook(t, te, rcv.URL+"/hooks")
	if other.Secret == created.Secret {
		t.Fatal("two subscriptions got the same secret")
	}

	res, body := hookCall(t, te.Token, http.MethodGet, "/api/webhooks/"+created.Id, "")
	var got map[string]any
	hookDecode(t, res, body, &got)
	if _, ok := got["secret"]; ok || bytes.Contains(body, []byte(created.Secret)) || bytes.Contains(body, []byte(strings.TrimPrefix(created.Secret, "whsec_"))) {
		t.Fatalf("get shows the secret: %s", body)
	}
	res, body = hookCall(t, te.Token, http.MethodPost, "/api/webhooks/list", "{}")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if bytes.Contains(body, []byte("whsec_")) || bytes.Contains(body, []byte(`"secret"`)) {
		t.Fatalf("list shows a secret: %s", body)
	}
	sub := hookGet(t, te, created.Id)
	if sub.Url != rcv.URL+"/hooks" || !sub.IsActive || !slices.Equal(sub.EventTypes, []client.WebhookEventType{client.WebhookEventTypeItemUpdated}) ||
		sub.Description != nil || sub.DisabledUtc != nil || sub.FailingSinceUtc != nil {
		t.Fatalf("get answered %+v", sub)
	}
}

func TestWebhookEventTypesAreKeptOnceAndUnknownOnesAre400(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{})
	twice := subscribeWebhook(t, te, rcv.URL, client.WebhookEventTypeItemUpdated, client.WebhookEventTypeItemUpdated)
	if got := hookGet(t, te, twice.Id).EventTypes; !slices.Equal(got, []client.WebhookEventType{client.WebhookEventTypeItemUpdated}) {
		t.Fatalf("eventTypes %v, want [ItemUpdated] once", got)
	}
	all := subscribeWebhook(t, te, rcv.URL)
	if got := hookGet(t, te, all.Id).EventTypes; len(got) != 0 {
		t.Fatalf("eventTypes %v, want [] (every type)", got)
	}

	before := len(hookList(t, te, client.WebhookFilter{}))
	res, body := hookCall(t, te.Token, http.MethodPost, "/api/webhooks", fmt.Sprintf(`{"url":%q,"eventTypes":["ItemUpdated","ItemExploded"]}`, rcv.URL))
	p := mustProblem(t, res, body, http.StatusBadRequest)
	if msgs := p.Errors["eventTypes.1"]; len(msgs) == 0 || !strings.Contains(msgs[0], "ItemExploded") {
		t.Fatalf("problem does not name eventTypes.1 and the unknown type: %s", body)
	}
	res, body = hookCall(t, te.Token, http.MethodPatch, "/api/webhooks/"+all.Id, `[{"op":"replace","path":"/eventTypes","value":["Nope"]}]`)
	p = mustProblem(t, res, body, http.StatusBadRequest)
	if msgs := p.Errors["eventTypes.0"]; len(msgs) == 0 || !strings.Contains(msgs[0], "Nope") {
		t.Fatalf("patch problem does not name eventTypes.0 and the unknown type: %s", body)
	}
	if n := len(hookList(t, te, client.WebhookFilter{})); n != before {
		t.Fatalf("%d subscriptions after refused writes, want %d", n, before)
	}
	if got := hookGet(t, te, all.Id).EventTypes; len(got) != 0 {
		t.Fatalf("a refused patch changed eventTypes to %v", got)
	}
}

func TestWebhookListFiltersByIdsIsActiveAndEventType(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{})
	typed := subscribeWebhook(t, te, rcv.URL+"/typed", client.WebhookEventTypeItemUpdated).Id
	every := subscribeWebhook(t, te, rcv.URL+"/every").Id
	res, err := te.API.CreateWebhookWithResponse(context.Background(), nil, client.WebhookWrite{Url: rcv.URL + "/off", IsActive: ptr(false)})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	off := res.JSON200.Id

	for _, c := range []struct {
		name string
		f    client.WebhookFilter
		want []string
	}{
		{"none", client.WebhookFilter{}, []string{typed, every, off}},
		{"ids", client.WebhookFilter{Ids: &[]string{off, typed}}, []string{typed, off}},
		{"active", client.WebhookFilter{IsActive: ptr(true)}, []string{typed, every}},
		{"inactive", client.WebhookFilter{IsActive: ptr(false)}, []string{off}},
		// Every type includes ItemUpdated: both the typed and the every-type subscription get it.
		{"eventType", client.WebhookFilter{EventType: ptr(client.WebhookEventTypeItemUpdated)}, []string{typed, every, off}},
		{"eventType and active", client.WebhookFilter{EventType: ptr(client.WebhookEventTypeItemUpdated), IsActive: ptr(true), Ids: &[]string{every, off}}, []string{every}},
		{"unknown id", client.WebhookFilter{Ids: &[]string{"000000000000000000000000"}}, []string{}},
	} {
		if got := hookIDs(hookList(t, te, c.f)); !slices.Equal(got, c.want) {
			t.Errorf("%s: list answered %v, want %v", c.name, got, c.want)
		}
	}
	res2, body := hookCall(t, te.Token, http.MethodPost, "/api/webhooks/list", `{"eventType":"ItemExploded"}`)
	mustProblemNaming(t, res2, body, "eventType")
}

func TestWebhookPatchChangesWriteMembersAndRefusesReadOnlyPaths(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{})
	id := subscribeWebhook(t, te, rcv.URL+"/first").Id
	before := hookGet(t, te, id)

	got := hookPatch(t, te, id, fmt.Sprintf(`[
		{"op":"replace","path":"/url","value":%q},
		{"op":"replace","path":"/eventTypes","value":["ItemUpdated"]},
		{"op":"replace","path":"/isActive","value":false},
		{"op":"replace","path":"/description","value":"  ERP sync  "}]`, rcv.URL+"/second"))
	if got.Url != rcv.URL+"/second" || !slices.Equal(got.EventTypes, []client.WebhookEventType{client.WebhookEventTypeItemUpdated}) || got.IsActive ||
		got.Description == nil || *got.Description != "ERP sync" || got.Id != id || !got.CreatedUtc.Equal(before.CreatedUtc) ||
		got.ModifiedUtc.Before(before.ModifiedUtc) {
		t.Fatalf("patch answered %+v", got)
	}
	if again := hookGet(t, te, id); again.Url != got.Url || again.IsActive || again.Description == nil || *again.Description != "ERP sync" {
		t.Fatalf("get after patch answered %+v", again)
	}
	got = hookPatch(t, te, id, `[{"op":"replace","path":"/isActive","value":true},{"op":"remove","path":"/description"},{"op":"replace","path":"/eventTypes","value":[]}]`)
	if !got.IsActive || got.Description != nil || len(got.EventTypes) != 0 {
		t.Fatalf("second patch answered %+v", got)
	}

	for _, path := range []string{"/id", "/createdUtc", "/modifiedUtc", "/disabledUtc", "/disabledReason", "/failingSinceUtc", "/previousSecretExpiresUtc", "/secret"} {
		res, body := hookCall(t, te.Token, http.MethodPatch, "/api/webhooks/"+id, fmt.Sprintf(`[{"op":"replace","path":%q,"value":"2030-01-01T00:00:00Z"}]`, path))
		p := mustProblem(t, res, body, http.StatusBadRequest)
		if msgs := p.Errors["[0].path"]; len(msgs) == 0 || !strings.Contains(msgs[0], fmt.Sprintf("%q", path)) {
			t.Errorf("patch of %s: the problem does not name the operation's path: %s", path, body)
		}
	}
	res, body := hookCall(t, te.Token, http.MethodPatch, "/api/webhooks/"+id, `[{"op":"remove","path":"/url"}]`)
	mustProblemNaming(t, res, body, "url")
	if after := hookGet(t, te, id); after.Url != rcv.URL+"/second" || !after.IsActive {
		t.Fatalf("refused patches changed the subscription: %+v", after)
	}
	res, body = hookCall(t, te.Token, http.MethodPatch, "/api/webhooks/000000000000000000000000", `[{"op":"replace","path":"/isActive","value":false}]`)
	mustProblem(t, res, body, http.StatusNotFound)
}

func TestWebhookDeleteAnswers200Then204AndRemovesTheLog(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{})
	id := subscribeWebhook(t, te, rcv.URL).Id
	item := createItem(t, te, newItem("HOOK-DEL"))
	rcv.waitForEvent(t, "the item's created event", hookChange(item, "created"))

	res, err := te.API.DeleteWebhookWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if res.JSON200 == nil || !res.JSON200.Success {
		t.Fatalf("delete answered %s", res.Body)
	}
	res, err = te.API.DeleteWebhookWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusNoContent, res.Body)
	r, body := hookCall(t, te.Token, http.MethodGet, "/api/webhooks/"+id, "")
	mustProblem(t, r, body, http.StatusNotFound)
	r, body = hookCall(t, te.Token, http.MethodPost, "/api/webhooks/"+id+"/deliveries/list", "{}")
	mustProblem(t, r, body, http.StatusNotFound)
	if ids := hookIDs(hookList(t, te, client.WebhookFilter{})); slices.Contains(ids, id) {
		t.Fatalf("the deleted subscription is still listed: %v", ids)
	}
	var left int
	if err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM webhook_deliveries WHERE tenant_id = $1 AND subscription_id = $2`, te.ID, id).Scan(&left); err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Fatalf("%d deliveries of the deleted subscription are left", left)
	}
}

// A target is https to a public address; anything else is refused with a 400 naming url
// and quoting it, on create and on patch, unless the server lists the host (127.0.0.1 on
// the test server).
func TestWebhookTargetMustBePublicHTTPSUnlessTheHostIsListed(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{})
	refused := []string{
		"https://10.0.0.1/x",
		"https://192.168.1.5/",
		"https://172.16.0.9/hook",
		"https://169.254.169.254/latest",
		"https://[::1]/",
		"https://[fe80::1]/hook",
		"https://[::ffff:10.0.0.1]/hook",
		"https://0.0.0.0/",
		"https://100.64.0.1/", // carrier-grade NAT
		"http://example.com/",
		"ftp://example.com/hook",
		"https://user:pass@example.com/hook",
		"https://example.com/hook#part",
		"/relative/hook",
		"example.com/hook",
	}
	before := len(hookList(t, te, client.WebhookFilter{}))
	for _, url := range refused {
		res, body := hookCall(t, te.Token, http.MethodPost, "/api/webhooks", fmt.Sprintf(`{"url":%q}`, url))
		mustHookURLRefused(t, "create", url, res, body)
	}
	if n := len(hookList(t, te, client.WebhookFilter{})); n != before {
		t.Fatalf("%d subscriptions after refused creates, want %d", n, before)
	}

	for _, url := range []string{"https://93.184.215.14/hook", rcv.URL + "/hook", "https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hook"} {
		res, body := hookCall(t, te.Token, http.MethodPost, "/api/webhooks", fmt.Sprintf(`{"url":%q}`, url))
		var created client.WebhookSecret
		hookDecode(t, res, body, &created)
		if got := hookGet(t, te, created.Id).Url; got != url {
			t.Errorf("url %q stored as %q", url, got)
		}
	}

	id := subscribeWebhook(t, te, rcv.URL+"/kept").Id
	for _, url := range []string{"https://10.0.0.1/x", "https://169.254.169.254/latest", "http://example.com/"} {
		res, body := hookCall(t, te.Token, http.MethodPatch, "/api/webhooks/"+id, fmt.Sprintf(`[{"op":"replace","path":"/url","value":%q}]`, url))
		mustHookURLRefused(t, "patch", url, res, body)
	}
	if got := hookGet(t, te, id).Url; got != rcv.URL+"/kept" {
		t.Fatalf("refused patches changed the url to %q", got)
	}
}

// A host name that resolves to a non-public address is refused like the address itself:
// on a server listing no hosts (the default), https://localhost/ is 400.
func TestWebhookTargetResolvingToLoopbackIsRefused(t *testing.T) {
	t.Parallel()
	base := startServer(t, func(c *httpapi.Config) {
		c.Webhooks = webhooks.WorkerConfig{}
	})
	te := newTenant(t)
	for _, url := range []string{"https://localhost/", "https://localhost:8443/hook", "http://127.0.0.1:9/hook", "https://127.0.0.1/hook"} {
		res, body := sendRequest(t, http.MethodPost, base+"/api/webhooks", mergeHeaders(bearer(te.Token), http.Header{"Content-Type": {"application/json"}}),
			strings.NewReader(fmt.Sprintf(`{"url":%q}`, url)))
		mustHookURLRefused(t, "create on a server listing no hosts", url, res, body)
	}
	res, body := sendRequest(t, http.MethodPost, base+"/api/webhooks", mergeHeaders(bearer(te.Token), http.Header{"Content-Type": {"application/json"}}),
		strings.NewReader(`{"url":"https://93.184.215.14/hook"}`))
	mustStatus(t, res.StatusCode, http.StatusOK, body)
}

// mustHookURLRefused fails t unless the answer is a 400 naming url whose message quotes it.
func mustHookURLRefused(t *testing.T, what, url string, res rawResponse, body []byte) {
	t.Helper()
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("%s with url %q answered %d, want 400: %s", what, url, res.StatusCode, body)
		return
	}
	p := mustProblem(t, res, body, http.StatusBadRequest)
	msgs := p.Errors["url"]
	if len(msgs) == 0 {
		t.Errorf("%s with url %q: the problem does not name url: %s", what, url, body)
		return
	}
	if !strings.Contains(strings.Join(msgs, " "), url) {
		t.Errorf("%s with url %q: the message %q does not contain the URL", what, url, msgs)
	}
}

// A user token needs View Webhooks to read subscriptions, their deliveries and the event
// catalogue, and Edit Webhooks to change them; an integration token does everything.
func TestWebhookPermissionsViewAndEdit(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{})
	id := subscribeWebhook(t, te, rcv.URL).Id
	createBody := fmt.Sprintf(`{"url":%q}`, rcv.URL+"/user")
	reads := []struct{ method, path, body string }{
		{http.MethodGet, "/api/webhooks/" + id, ""},
		{http.MethodPost, "/api/webhooks/list", "{}"},
		{http.MethodGet, "/api/webhook-event-types", ""},
		{http.MethodPost, "/api/webhooks/" + id + "/deliveries/list", "{}"},
	}
	writes := []struct{ method, path, body string }{
		{http.MethodPost, "/api/webhooks", createBody},
		{http.MethodPatch, "/api/webhooks/" + id, `[{"op":"replace","path":"/description","value":"user"}]`},
		{http.MethodPost, "/api/webhooks/" + id + "/rotate-secret", `{"gracePeriodHours":0}`},
		{http.MethodPost, "/api/webhooks/" + id + "/deliveries/replay", `{"sinceUtc":"2026-01-01T00:00:00Z"}`},
		{http.MethodDelete, "/api/webhooks/" + id, ""},
	}

	viewer := te.userToken(t, "View Webhooks")
	for _, r := range reads {
		res, body := hookCall(t, viewer, r.method, r.path, r.body)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
	for _, w := range writes {
		res, body := hookCall(t, viewer, w.method, w.path, w.body)
		mustProblem(t, res, body, http.StatusForbidden)
	}
	nobody := te.userToken(t)
	for _, r := range reads {
		res, body := hookCall(t, nobody, r.method, r.path, r.body)
		mustProblem(t, res, body, http.StatusForbidden)
	}
	if sub := hookGet(t, te, id); sub.Description != nil {
		t.Fatalf("a refused patch changed the subscription: %+v", sub)
	}

	editor := te.userToken(t, "Edit Webhooks")
	res, body := hookCall(t, editor, http.MethodPost, "/api/webhooks", createBody)
	var created client.WebhookSecret
	hookDecode(t, res, body, &created)
	if !strings.HasPrefix(created.Secret, "whsec_") {
		t.Fatalf("create by an editor answered %s", body)
	}

	// The integration token: every operation.
	for _, r := range reads {
		res, body := hookCall(t, te.Token, r.method, r.path, r.body)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
	for _, w := range writes {
		res, body := hookCall(t, te.Token, w.method, w.path, w.body)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
}

// Tenant B never meets tenant A's subscriptions, deliveries or events.
func TestWebhookTenantIsolation(t *testing.T) {
	t.Parallel()
	a, b := newTenant(t), newTenant(t)
	rcvA, rcvB := newHookReceiver(t, hookAnswer{}), newHookReceiver(t, hookAnswer{})
	subA := subscribeWebhook(t, a, rcvA.URL)
	subB := subscribeWebhook(t, b, rcvB.URL)

	itemA := createItem(t, a, newItem("HOOK-ISO-A"))
	itemSaved(t, a, http.MethodPatch, "/api/items/"+itemA, `[{"op":"replace","path":"/description","value":"A's change"}]`)
	rcvA.waitForEvent(t, "A's update", hookChange(itemA, "updated"))
	deliveryA := hookDeliveryOf(t, a, subA.Id, itemA, "updated", anyDelivery)
	before := hookGet(t, a, subA.Id)

	for _, c := range []struct {
		method, path, body string
		status             int
	}{
		{http.MethodGet, "/api/webhooks/" + subA.Id, "", http.StatusNotFound},
		{http.MethodPatch, "/api/webhooks/" + subA.Id, fmt.Sprintf(`[{"op":"replace","path":"/url","value":%q}]`, rcvB.URL), http.StatusNotFound},
		{http.MethodPost, "/api/webhooks/" + subA.Id + "/rotate-secret", `{"gracePeriodHours":0}`, http.StatusNotFound},
		{http.MethodPost, "/api/webhooks/" + subA.Id + "/deliveries/list", "{}", http.StatusNotFound},
		{http.MethodGet, "/api/webhooks/" + subA.Id + "/deliveries/" + deliveryA.Id, "", http.StatusNotFound},
		{http.MethodGet, "/api/webhooks/" + subB.Id + "/deliveries/" + deliveryA.Id, "", http.StatusNotFound},
		{http.MethodPost, "/api/webhooks/" + subA.Id + "/deliveries/" + deliveryA.Id + "/replay", "", http.StatusNotFound},
		{http.MethodPost, "/api/webhooks/" + subA.Id + "/deliveries/replay", `{"sinceUtc":"2026-01-01T00:00:00Z"}`, http.StatusNotFound},
	} {
		res, body := hookCall(t, b.Token, c.method, c.path, c.body)
		mustProblem(t, res, body, c.status)
	}
	// A delete of a subscription the tenant does not have answers 204 and deletes nothing.
	res, body := hookCall(t, b.Token, http.MethodDelete, "/api/webhooks/"+subA.Id, "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, body)
	if got := hookIDs(hookList(t, b, client.WebhookFilter{})); !slices.Equal(got, []string{subB.Id}) {
		t.Fatalf("B lists %v, want only its own %s", got, subB.Id)
	}
	if got := hookIDs(hookList(t, b, client.WebhookFilter{Ids: &[]string{subA.Id}})); len(got) != 0 {
		t.Fatalf("B lists A's subscription by id: %v", got)
	}
	after := hookGet(t, a, subA.Id)
	if after.Url != before.Url || !after.ModifiedUtc.Equal(before.ModifiedUtc) {
		t.Fatalf("B's calls changed A's subscription: %+v", after)
	}

	// B's own change reaches B's receiver, and nothing of A's ever did.
	itemB := createItem(t, b, newItem("HOOK-ISO-B"))
	rcvB.waitForEvent(t, "B's created event", hookChange(itemB, "created"))
	for _, req := range rcvB.requests() {
		if e := req.event(t); e.TenantID != b.ID || e.RecordID != itemB {
			t.Fatalf("B's receiver got an event of tenant %s record %s", e.TenantID, e.RecordID)
		}
	}
	if page := hookDeliveries(t, b, subB.Id, nil, client.WebhookDeliveryFilter{}); page.TotalCount != 1 || page.Data[0].RecordId != itemB {
		t.Fatalf("B's delivery log holds %d deliveries, want only B's item's: %+v", page.TotalCount, page.Data)
	}
	for _, req := range rcvA.requests() {
		if e := req.event(t); e.TenantID != a.ID {
			t.Fatalf("A's receiver got an event of tenant %s", e.TenantID)
		}
	}
}

func TestWebhookEventTypesListTheCatalogue(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, err := te.API.ListWebhookEventTypesWithResponse(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	types := *res.JSON200
	if len(types) != 1 || types[0].Type != client.WebhookEventTypeItemUpdated || types[0].PayloadSchema != "ItemUpdatedEvent" ||
		!strings.Contains(types[0].Description, "never when a file is attached") {
		t.Fatalf("event types %+v, want ItemUpdated with payload ItemUpdatedEvent and when it fires", types)
	}
	enum := srv.Spec.Components.Schemas["WebhookEventType"].Value.Enum
	if len(enum) != len(types) {
		t.Fatalf("the catalogue answers %d types, the spec publishes %d", len(types), len(enum))
	}
	for i, ty := range types {
		if enum[i] != string(ty.Type) || srv.Spec.Components.Schemas[ty.PayloadSchema] == nil {
			t.Fatalf("type %d: %s (payload %s) is not the spec's %v with a payload schema", i, ty.Type, ty.PayloadSchema, enum[i])
		}
	}
}
