package tests

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
)

// Webhook deliveries through HTTP: an item changed through the API arrives signed at a
// local receiver, files on an item send nothing, the delivery log records every attempt,
// replay sends the same event again, secrets rotate, and a subscription failing for too
// long is turned off.

// mustBeItemUpdated fails t unless req is a well-formed ItemUpdated delivery of tenant te:
// a JSON POST whose webhook-id is the body's id, whose webhook-timestamp is within 5
// minutes of its arrival, signed with secret, and whose body matches ItemUpdatedEvent.
func mustBeItemUpdated(t *testing.T, te *tenantEnv, req hookRequest, secret string) hookEvent {
	t.Helper()
	if req.Method != http.MethodPost {
		t.Fatalf("delivery sent with %s, want POST", req.Method)
	}
	if ct := req.Header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("delivery Content-Type %q, want application/json", ct)
	}
	var doc any
	if err := json.Unmarshal(req.Body, &doc); err != nil {
		t.Fatalf("delivery body is not JSON: %v: %s", err, req.Body)
	}
	if err := srv.Spec.Components.Schemas["ItemUpdatedEvent"].Value.VisitJSON(doc); err != nil {
		t.Fatalf("delivery body does not match ItemUpdatedEvent: %v: %s", err, req.Body)
	}
	e := req.event(t)
	if e.Type != "ItemUpdated" || e.TenantID != te.ID || e.RecordID != e.Data.ItemID || e.ID == "" {
		t.Fatalf("delivered event %+v, want an ItemUpdated of tenant %s about its item", e, te.ID)
	}
	if got := req.Header.Get("webhook-id"); got != e.ID {
		t.Fatalf("webhook-id %q, want the body's id %q", got, e.ID)
	}
	ts, err := strconv.ParseInt(req.Header.Get("webhook-timestamp"), 10, 64)
	if err != nil {
		t.Fatalf("webhook-timestamp %q is not Unix seconds", req.Header.Get("webhook-timestamp"))
	}
	if d := req.At.Sub(time.Unix(ts, 0)); d > 5*time.Minute || d < -5*time.Minute {
		t.Fatalf("webhook-timestamp %d is %s from the arrival", ts, d)
	}
	if sigs := strings.Fields(req.Header.Get("webhook-signature")); len(sigs) != 1 || !strings.HasPrefix(sigs[0], "v1,") {
		t.Fatalf("webhook-signature %q, want one v1 signature", req.Header.Get("webhook-signature"))
	}
	mustBeSignedBy(t, req, secret)
	return e
}

// The end-to-end rule: an item created and then changed through the API arrives at the
// subscribed URL as two signed ItemUpdated events, created then updated.
func TestWebhookItemChangesArriveSignedAndInOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{})
	sub := subscribeWebhook(t, te, rcv.URL+"/hooks/mos", client.WebhookEventTypeItemUpdated)

	item := createItem(t, te, newItem("HOOK-E2E"))
	itemSaved(t, te, http.MethodPatch, "/api/items/"+item, `[{"op":"replace","path":"/description","value":"Through the API"}]`)
	rcv.waitForEvent(t, "the item's update", hookChange(item, "updated"))

	reqs := rcv.requests()
	if len(reqs) != 2 {
		t.Fatalf("the receiver got %d requests, want 2 (created, updated)", len(reqs))
	}
	created, updated := mustBeItemUpdated(t, te, reqs[0], sub.Secret), mustBeItemUpdated(t, te, reqs[1], sub.Secret)
	if created.RecordID != item || created.Data.Change != "created" || created.Data.Number != "HOOK-E2E" || created.Data.Description != nil {
		t.Fatalf("first event %+v, want the item's creation", created)
	}
	if updated.RecordID != item || updated.Data.Change != "updated" || updated.Data.Description == nil || *updated.Data.Description != "Through the API" {
		t.Fatalf("second event %+v, want the item's update with its new description", updated)
	}
	if created.ID == updated.ID || updated.OccurredUtc.Before(created.OccurredUtc) {
		t.Fatalf("events %s at %s and %s at %s: want two events in the order they happened", created.ID, created.OccurredUtc, updated.ID, updated.OccurredUtc)
	}
	for _, r := range reqs {
		if r.Path != "/hooks/mos" {
			t.Fatalf("posted to %s, want the subscription's path /hooks/mos", r.Path)
		}
	}

	// The log shows both deliveries succeeded, each with the body the receiver got.
	for i, change := range []string{"created", "updated"} {
		d := hookDeliveryOf(t, te, sub.Id, item, change, func(d client.WebhookDelivery) bool { return d.Status == client.WebhookDeliveryStatusSucceeded })
		if !bytes.Equal(d.Payload, reqs[i].Body) || d.EventId != reqs[i].Header.Get("webhook-id") || d.EventType != client.WebhookEventTypeItemUpdated ||
			d.RecordType != "item" || d.WebhookId != sub.Id || d.AttemptCount != 1 || len(d.Attempts) != 1 || d.CompletedUtc == nil || d.NextAttemptUtc != nil {
			t.Fatalf("delivery of the %s event: %+v\nreceived: %s", change, d, reqs[i].Body)
		}
		if a := d.Attempts[0]; !a.Succeeded || a.StatusCode == nil || *a.StatusCode != http.StatusOK || a.Number != 1 || a.Error != nil || a.DurationMs < 0 {
			t.Fatalf("attempt of the %s event: %+v", change, a)
		}
	}
}

// Attaching a file or a link to an item, or removing it, sends no ItemUpdated, although the
// item's modifiedUtc advances. Events of one record arrive in order, so the next event the
// receiver gets for the item after those calls must be the change made after them.
func TestWebhookNotSentForFilesAttachedToOrRemovedFromAnItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{})
	sub := subscribeWebhook(t, te, rcv.URL)
	item := createItem(t, te, newItem("HOOK-FILES"))
	rcv.waitForEvent(t, "the item's creation", hookChange(item, "created"))
	before := getItem(t, te, item)

	file := attachToItem(t, te, item, "drawing.pdf", uniqueBytes(t, "hook-files", 2048))
	res, err := te.API.CreateRemoteAttachmentWithResponse(context.Background(), nil, client.AttachmentRemoteCreate{
		Owner: client.AttachmentOwner{Type: client.AttachmentOwnerTypeItem, Id: item}, FileName: "model.step", AccessUrl: "https://files.example.com/model.step"})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	for _, id := range []string{file, res.JSON200.Id} {
		del, err := te.API.DeleteAttachmentWithResponse(context.Background(), id, nil)
		if err != nil {
			t.Fatal(err)
		}
		mustStatus(t, del.StatusCode(), http.StatusOK, del.Body)
	}
	if after := getItem(t, te, item); !after.ModifiedUtc.After(before.ModifiedUtc) {
		t.Fatalf("modifiedUtc %s did not advance past %s with the files", after.ModifiedUtc, before.ModifiedUtc)
	}

	itemSaved(t, te, http.MethodPatch, "/api/items/"+item, `[{"op":"replace","path":"/description","value":"after the files"}]`)
	last := rcv.waitForEvent(t, "the change after the files", hookChange(item, "updated"))
	if got := rcv.changesOf(t, item); !slices.Equal(got, []string{"created", "updated"}) {
		t.Fatalf("the receiver got %v for the item, want [created updated]: the files sent events", got)
	}
	if e := mustBeItemUpdated(t, te, last, sub.Secret); e.Data.Description == nil || *e.Data.Description != "after the files" {
		t.Fatalf("the event after the files is %+v, want the description change", e)
	}
	if page := hookDeliveries(t, te, sub.Id, nil, client.WebhookDeliveryFilter{}); page.TotalCount != 2 {
		t.Fatalf("the log holds %d deliveries, want 2", page.TotalCount)
	}
}

// hookBody5K is an answer body of 5,000 bytes, more than the log keeps.
var hookBody5K = strings.Repeat("0123456789", 500)

// Every attempt is logged with its time, status, duration and the start of the answer
// (1024 bytes at most); a failed one leaves the delivery pending with its next attempt.
func TestWebhookDeliveryLogRecordsFailedAttempts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{Status: http.StatusInternalServerError, Body: hookBody5K})
	sub := subscribeWebhook(t, te, rcv.URL)
	start := time.Now()
	first := createItem(t, te, newItem("HOOK-LOG-1"))
	second := createItem(t, te, newItem("HOOK-LOG-2"))

	var d client.WebhookDelivery
	for _, item := range []string{first, second} {
		d = hookDeliveryOf(t, te, sub.Id, item, "created", func(d client.WebhookDelivery) bool { return len(d.Attempts) > 0 })
		a := d.Attempts[0]
		if a.StatusCode == nil || *a.StatusCode != http.StatusInternalServerError || a.Succeeded || a.DurationMs < 0 || a.Number != 1 {
			t.Fatalf("attempt %+v, want a failed one answered 500", a)
		}
		if a.Response == nil || len(*a.Response) != 1024 || !strings.HasPrefix(hookBody5K, *a.Response) {
			t.Fatalf("response kept %d bytes, want the first 1024 of the answer", len(optText(a.Response)))
		}
		if a.Error == nil || !strings.Contains(*a.Error, "500") {
			t.Fatalf("attempt error %v, want the status that failed it", a.Error)
		}
		if a.AttemptedUtc.Before(start.Add(-time.Second)) {
			t.Fatalf("attempted at %s, before the item was created (%s)", a.AttemptedUtc, start)
		}
		if d.LastAttemptUtc == nil || !d.LastAttemptUtc.Equal(a.AttemptedUtc) {
			t.Fatalf("lastAttemptUtc %v, want the attempt shown (%s): one snapshot", d.LastAttemptUtc, a.AttemptedUtc)
		}
		if d.Status != client.WebhookDeliveryStatusPending || d.NextAttemptUtc == nil || !d.NextAttemptUtc.After(a.AttemptedUtc) || d.CompletedUtc != nil {
			t.Fatalf("delivery after a failed attempt: status %s, next %v, completed %v; want pending with a next attempt", d.Status, d.NextAttemptUtc, d.CompletedUtc)
		}
	}
	one := hookDelivery(t, te, sub.Id, d.Id)
	if one.Id != d.Id || one.EventId != d.EventId || len(one.Attempts) == 0 {
		t.Fatalf("get delivery answered %+v", one)
	}

	count := func(f client.WebhookDeliveryFilter) int { return hookDeliveries(t, te, sub.Id, nil, f).TotalCount }
	for _, c := range []struct {
		name string
		f    client.WebhookDeliveryFilter
		want int
	}{
		{"none", client.WebhookDeliveryFilter{}, 2},
		{"pending", client.WebhookDeliveryFilter{Statuses: &[]client.WebhookDeliveryStatus{client.WebhookDeliveryStatusPending}}, 2},
		{"succeeded or failed", client.WebhookDeliveryFilter{Statuses: &[]client.WebhookDeliveryStatus{client.WebhookDeliveryStatusSucceeded, client.WebhookDeliveryStatusFailed}}, 0},
		{"event type", client.WebhookDeliveryFilter{EventTypes: &[]client.WebhookEventType{client.WebhookEventTypeItemUpdated}}, 2},
		{"event id", client.WebhookDeliveryFilter{EventIds: &[]string{d.EventId}}, 1},
		{"unknown event id", client.WebhookDeliveryFilter{EventIds: &[]string{"000000000000000000000000"}}, 0},
		{"created after", client.WebhookDeliveryFilter{CreatedAfterUtc: ptr(time.Now().Add(time.Hour))}, 0},
		{"created before", client.WebhookDeliveryFilter{CreatedBeforeUtc: ptr(time.Now().Add(time.Hour))}, 2},
	} {
		if got := count(c.f); got != c.want {
			t.Errorf("%s: %d deliveries, want %d", c.name, got, c.want)
		}
	}
	page := hookDeliveries(t, te, sub.Id, &client.ListWebhookDeliveriesParams{Take: ptr(int32(1))}, client.WebhookDeliveryFilter{})
	if len(page.Data) != 1 || page.Page != 1 || page.PageSize != 1 || page.TotalCount != 2 || page.TotalPages != 2 || !page.HasNextPage || page.HasPreviousPage {
		t.Fatalf("first page of one: %+v", page)
	}
	// Newest first: the second item's delivery.
	if page.Data[0].RecordId != second {
		t.Fatalf("first page holds %s's delivery, want the newest (%s)", page.Data[0].RecordId, second)
	}
	page = hookDeliveries(t, te, sub.Id, &client.ListWebhookDeliveriesParams{Take: ptr(int32(1)), Skip: ptr(int32(1))}, client.WebhookDeliveryFilter{})
	if len(page.Data) != 1 || page.Page != 2 || page.HasNextPage || !page.HasPreviousPage || page.Data[0].RecordId != first {
		t.Fatalf("second page of one: %+v", page)
	}
	for _, body := range []string{`{"statuses":["lost"]}`, `{"eventTypes":["ItemExploded"]}`, `{"createdAfterUtc":"1999-12-31T23:59:59Z"}`} {
		res, b := hookCall(t, te.Token, http.MethodPost, "/api/webhooks/"+sub.Id+"/deliveries/list", body)
		mustProblem(t, res, b, http.StatusBadRequest)
	}
}

// A receiver that does not answer within the timeout, or closes the connection, fails the
// attempt with no status and an error saying why.
func TestWebhookAttemptsWithoutAnAnswerLogWhy(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		ans   hookAnswer
		error string
	}{
		{"hang", hookAnswer{Hang: true}, "no answer within " + testWebhookTimeout.String()},
		{"drop", hookAnswer{Drop: true}, "closed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			te := newTenant(t)
			rcv := newHookReceiver(t, c.ans)
			sub := subscribeWebhook(t, te, rcv.URL)
			item := createItem(t, te, newItem("HOOK-"+strings.ToUpper(c.name)))
			d := hookDeliveryOf(t, te, sub.Id, item, "created", func(d client.WebhookDelivery) bool { return len(d.Attempts) > 0 })
			a := d.Attempts[0]
			if a.StatusCode != nil || a.Succeeded || a.Response != nil || a.Error == nil || !strings.Contains(*a.Error, c.error) || a.DurationMs < 0 {
				t.Fatalf("attempt %+v (error %q), want no status and an error containing %q", a, optText(a.Error), c.error)
			}
			if d.Status != client.WebhookDeliveryStatusPending || d.NextAttemptUtc == nil {
				t.Fatalf("delivery %s with next attempt %v, want pending", d.Status, d.NextAttemptUtc)
			}
			if len(rcv.requests()) == 0 {
				t.Fatal("the receiver got nothing: the attempt never reached it")
			}
		})
	}
}

// Replaying a delivery sends the same event (same webhook-id, same body bytes), newly
// signed, as one more attempt.
func TestWebhookReplaySendsTheSameEventAgain(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{Status: http.StatusServiceUnavailable})
	sub := subscribeWebhook(t, te, rcv.URL)
	item := createItem(t, te, newItem("HOOK-REPLAY"))
	failed := hookDeliveryOf(t, te, sub.Id, item, "created", func(d client.WebhookDelivery) bool { return len(d.Attempts) > 0 })
	firstSend := rcv.requests()[0]

	rcv.answer(hookAnswer{})
	res, err := te.API.ReplayWebhookDeliveryWithResponse(context.Background(), sub.Id, failed.Id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	replayed := *res.JSON200
	if replayed.Id != failed.Id || replayed.Status != client.WebhookDeliveryStatusPending || replayed.AttemptCount != 0 || replayed.NextAttemptUtc == nil || replayed.CompletedUtc != nil {
		t.Fatalf("replay answered %+v, want the delivery pending with a fresh round", replayed)
	}
	logged := len(replayed.Attempts)

	done := hookDeliveryOf(t, te, sub.Id, item, "created", func(d client.WebhookDelivery) bool { return d.Status == client.WebhookDeliveryStatusSucceeded })
	if len(done.Attempts) != logged+1 || done.AttemptCount != 1 || done.CompletedUtc == nil {
		t.Fatalf("after the replay: %d attempts (round %d), want %d and a round of 1", len(done.Attempts), done.AttemptCount, logged+1)
	}
	if a := done.Attempts[logged]; !a.Succeeded || a.StatusCode == nil || *a.StatusCode != http.StatusOK || a.Number != int32(logged+1) {
		t.Fatalf("the replay's attempt %+v, want number %d answered 200", a, logged+1)
	}
	for i, a := range done.Attempts[:logged] {
		if a.Succeeded || a.StatusCode == nil || *a.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("earlier attempt %d is %+v, want the logged 503", i+1, a)
		}
	}
	reqs := rcv.requests()
	last := reqs[len(reqs)-1]
	mustBeItemUpdated(t, te, last, sub.Secret)
	for _, r := range reqs {
		if r.Header.Get("webhook-id") != firstSend.Header.Get("webhook-id") || !bytes.Equal(r.Body, firstSend.Body) {
			t.Fatalf("a send carries webhook-id %q and body %s, want the first send's %q and %s",
				r.Header.Get("webhook-id"), r.Body, firstSend.Header.Get("webhook-id"), firstSend.Body)
		}
	}

	res, err = te.API.ReplayWebhookDeliveryWithResponse(context.Background(), sub.Id, "000000000000000000000000", nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
}

// Replaying the failed deliveries since a time sends each again and answers how many.
func TestWebhookReplayFailedSinceSendsEveryFailedDeliveryAgain(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{Status: http.StatusBadGateway})
	sub := subscribeWebhook(t, te, rcv.URL)
	since := time.Now().Add(-time.Minute)
	items := []string{createItem(t, te, newItem("HOOK-FAILED-1")), createItem(t, te, newItem("HOOK-FAILED-2"))}
	for _, item := range items {
		hookDeliveryOf(t, te, sub.Id, item, "created", func(d client.WebhookDelivery) bool { return len(d.Attempts) > 0 })
	}
	// Fail them for good, as ten attempts over three days would.
	rcv.answer(hookAnswer{})
	res, err := srv.Pool.ExecContext(context.Background(), `UPDATE webhook_deliveries
        SET status = 'failed', next_attempt_utc = NULL, completed_utc = now(), leased_until_utc = NULL
        WHERE tenant_id = $1 AND subscription_id = $2`, te.ID, sub.Id)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 2 {
		t.Fatalf("%d deliveries failed, want 2", n)
	}
	failed := hookDeliveries(t, te, sub.Id, nil, client.WebhookDeliveryFilter{Statuses: &[]client.WebhookDeliveryStatus{client.WebhookDeliveryStatusFailed}})
	if failed.TotalCount != 2 {
		t.Fatalf("%d failed deliveries listed, want 2", failed.TotalCount)
	}

	replay := func(body string) (rawResponse, []byte) {
		return hookCall(t, te.Token, http.MethodPost, "/api/webhooks/"+sub.Id+"/deliveries/replay", body)
	}
	var result client.WebhookReplayResult
	r, body := replay(fmt.Sprintf(`{"sinceUtc":%q}`, time.Now().Add(time.Hour).UTC().Format(time.RFC3339)))
	if hookDecode(t, r, body, &result); result.Count != 0 {
		t.Fatalf("replay since an hour ahead made %d pending, want 0", result.Count)
	}
	for _, bad := range []string{"1999-12-31T23:59:59Z", "2100-01-01T00:00:00Z"} {
		r, body = replay(fmt.Sprintf(`{"sinceUtc":%q}`, bad))
		mustProblemNaming(t, r, body, "sinceUtc")
	}
	r, body = replay(`{}`)
	mustProblemNaming(t, r, body, "sinceUtc")

	r, body = replay(fmt.Sprintf(`{"sinceUtc":%q}`, since.UTC().Format(time.RFC3339Nano)))
	if hookDecode(t, r, body, &result); result.Count != 2 {
		t.Fatalf("replay answered count %d, want 2", result.Count)
	}
	for _, item := range items {
		rcv.waitForEvent(t, "the replayed creation of "+item, func(e hookEvent) bool { return e.RecordID == item })
		hookDeliveryOf(t, te, sub.Id, item, "created", func(d client.WebhookDelivery) bool { return d.Status == client.WebhookDeliveryStatusSucceeded })
	}
	// Nothing failed is left to replay.
	r, body = replay(fmt.Sprintf(`{"sinceUtc":%q}`, since.UTC().Format(time.RFC3339Nano)))
	if hookDecode(t, r, body, &result); result.Count != 0 {
		t.Fatalf("a second replay made %d pending, want 0", result.Count)
	}
}

// A rotated secret signs at once; the one it replaces signs beside it for the grace period,
// and not at all with a grace of 0.
func TestWebhookSecretRotationSignsWithBothSecretsDuringTheGracePeriod(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{})
	sub := subscribeWebhook(t, te, rcv.URL)
	item := createItem(t, te, newItem("HOOK-ROTATE"))
	mustBeItemUpdated(t, te, rcv.waitForEvent(t, "the creation", hookChange(item, "created")), sub.Secret)

	rotated := hookRotate(t, te, sub.Id, 1)
	if rotated.Id != sub.Id || !strings.HasPrefix(rotated.Secret, "whsec_") || rotated.Secret == sub.Secret || rotated.PreviousSecretExpiresUtc == nil {
		t.Fatalf("rotation answered %+v, want a new secret and until when the old one signs", rotated)
	}
	if until := time.Until(*rotated.PreviousSecretExpiresUtc); until < 55*time.Minute || until > 65*time.Minute {
		t.Fatalf("the old secret signs until %s, want about an hour from now", rotated.PreviousSecretExpiresUtc)
	}
	if got := hookGet(t, te, sub.Id).PreviousSecretExpiresUtc; got == nil || !got.Equal(*rotated.PreviousSecretExpiresUtc) {
		t.Fatalf("get shows previousSecretExpiresUtc %v, want %s", got, rotated.PreviousSecretExpiresUtc)
	}

	itemSaved(t, te, http.MethodPatch, "/api/items/"+item, `[{"op":"replace","path":"/description","value":"during the grace"}]`)
	during := rcv.waitForEvent(t, "the change during the grace period", hookChange(item, "updated"))
	sigs := strings.Fields(during.Header.Get("webhook-signature"))
	if len(sigs) != 2 {
		t.Fatalf("webhook-signature %q, want two signatures", during.Header.Get("webhook-signature"))
	}
	mustBeSignedBy(t, during, rotated.Secret)
	mustBeSignedBy(t, during, sub.Secret)
	for i, sig := range sigs {
		h := during.Header.Clone()
		h.Set("webhook-signature", sig)
		one := hookRequest{Header: h, Body: during.Body, At: during.At}
		byNew, byOld := hookSpecSigned(rotated.Secret, h, one.Body, one.At), hookSpecSigned(sub.Secret, h, one.Body, one.At)
		if byNew == byOld {
			t.Fatalf("signature %d (%s) is valid for the new secret: %v, the old: %v; want exactly one", i, sig, byNew, byOld)
		}
	}

	final := hookRotate(t, te, sub.Id, 0)
	if final.PreviousSecretExpiresUtc != nil || final.Secret == rotated.Secret || final.Secret == sub.Secret {
		t.Fatalf("rotation with no grace answered %+v", final)
	}
	if got := hookGet(t, te, sub.Id).PreviousSecretExpiresUtc; got != nil {
		t.Fatalf("get shows previousSecretExpiresUtc %s after a rotation with no grace", got)
	}
	itemSaved(t, te, http.MethodPatch, "/api/items/"+item, `[{"op":"replace","path":"/description","value":"after the grace"}]`)
	after := rcv.waitForEvent(t, "the change after the grace period", func(e hookEvent) bool {
		return e.RecordID == item && e.Data.Description != nil && *e.Data.Description == "after the grace"
	})
	mustBeItemUpdated(t, te, after, final.Secret)
	mustNotBeSignedBy(t, after, rotated.Secret)
	mustNotBeSignedBy(t, after, sub.Secret)

	for _, body := range []string{`{"gracePeriodHours":-1}`, `{"gracePeriodHours":169}`} {
		res, b := hookCall(t, te.Token, http.MethodPost, "/api/webhooks/"+sub.Id+"/rotate-secret", body)
		mustProblemNaming(t, res, b, "gracePeriodHours")
	}
}

// A subscription whose attempts have all failed for longer than the server allows (5 days
// by default) is turned off at its next failed attempt and says why; turning it on again
// clears that.
func TestWebhookFailingContinuouslyTurnsTheSubscriptionOff(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	rcv := newHookReceiver(t, hookAnswer{Status: http.StatusInternalServerError})
	sub := subscribeWebhook(t, te, rcv.URL)
	if _, err := srv.Pool.ExecContext(context.Background(),
		`UPDATE webhook_subscriptions SET failing_since_utc = now() - interval '6 days' WHERE tenant_id = $1 AND id = $2`, te.ID, sub.Id); err != nil {
		t.Fatal(err)
	}
	if got := hookGet(t, te, sub.Id); got.FailingSinceUtc == nil || !got.IsActive {
		t.Fatalf("subscription %+v, want active and failing", got)
	}
	item := createItem(t, te, newItem("HOOK-DISABLE"))

	var off client.Webhook
	waitFor(t, "the subscription turned off", func() (bool, error) {
		off = hookGet(t, te, sub.Id)
		return !off.IsActive, nil
	})
	if off.DisabledUtc == nil || off.DisabledReason == nil || !strings.Contains(*off.DisabledReason, "500") || off.FailingSinceUtc == nil {
		t.Fatalf("turned off as %+v, want disabledUtc and a reason naming the last failure", off)
	}
	if got := hookIDs(hookList(t, te, client.WebhookFilter{IsActive: ptr(false)})); !slices.Equal(got, []string{sub.Id}) {
		t.Fatalf("inactive subscriptions %v, want the one turned off", got)
	}
	d := hookDeliveryOf(t, te, sub.Id, item, "created", anyDelivery)
	if len(d.Attempts) != 1 || d.Status != client.WebhookDeliveryStatusPending {
		t.Fatalf("delivery %+v, want pending after its one failed attempt", d)
	}

	on := hookPatch(t, te, sub.Id, `[{"op":"replace","path":"/isActive","value":true}]`)
	if !on.IsActive || on.DisabledUtc != nil || on.DisabledReason != nil || on.FailingSinceUtc != nil {
		t.Fatalf("turned on as %+v, want disabledUtc, disabledReason and failingSinceUtc cleared", on)
	}
	if got := hookGet(t, te, sub.Id); !got.IsActive || got.DisabledUtc != nil || got.DisabledReason != nil {
		t.Fatalf("get after turning on: %+v", got)
	}
}

// Events recorded while a subscription is inactive are never delivered to it, even after it
// is turned on again. A second, active subscription shows when the event was handed to the
// subscriptions; the inactive one's receiver then gets only the change made after turning
// it on.
func TestWebhookEventsWhileInactiveAreNotDelivered(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	watch, off := newHookReceiver(t, hookAnswer{}), newHookReceiver(t, hookAnswer{})
	subscribeWebhook(t, te, watch.URL)
	res, err := te.API.CreateWebhookWithResponse(context.Background(), nil, client.WebhookWrite{Url: off.URL, IsActive: ptr(false)})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	sub := *res.JSON200

	item := createItem(t, te, newItem("HOOK-INACTIVE"))
	watch.waitForEvent(t, "the creation at the active subscription", hookChange(item, "created"))
	hookPatch(t, te, sub.Id, `[{"op":"replace","path":"/isActive","value":true}]`)
	itemSaved(t, te, http.MethodPatch, "/api/items/"+item, `[{"op":"replace","path":"/description","value":"while active"}]`)
	mustBeItemUpdated(t, te, off.waitForEvent(t, "the change after turning on", hookChange(item, "updated")), sub.Secret)
	if got := off.changesOf(t, item); !slices.Equal(got, []string{"updated"}) {
		t.Fatalf("the subscription turned on got %v, want only [updated]: the creation happened while it was off", got)
	}
	if page := hookDeliveries(t, te, sub.Id, nil, client.WebhookDeliveryFilter{}); page.TotalCount != 1 {
		t.Fatalf("its log holds %d deliveries, want 1", page.TotalCount)
	}
}
