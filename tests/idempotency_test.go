package tests

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
)

// Idempotent retries: a POST that creates a record or performs an action takes an
// Idempotency-Key; the same key and request from the same tenant within 24 hours replays
// the first answer without running again.

const (
	headerIdempotencyKey = "Idempotency-Key"
	headerReplayed       = "Idempotent-Replayed"
)

// keyedRequest sends body to path with the tenant's token and, unless key is empty, the
// Idempotency-Key; the answer is spec-checked. It may run in any goroutine: failures are
// returned, not fatal.
func keyedRequest(t *testing.T, te *tenantEnv, method, path, key, contentType string, body []byte) (rawResponse, []byte, error) {
	req, err := http.NewRequest(method, srv.URL+path, bytes.NewReader(body))
	if err != nil {
		return rawResponse{}, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+te.Token)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if key != "" {
		req.Header.Set(headerIdempotencyKey, key)
	}
	res, err := (&http.Client{Transport: specChecker{t: t}}).Do(req)
	if err != nil {
		return rawResponse{}, nil, err
	}
	defer func() { _ = res.Body.Close() }()
	b, err := io.ReadAll(res.Body)
	return rawResponse{StatusCode: res.StatusCode, Header: res.Header}, b, err
}

// keyedJSON posts a JSON body with an Idempotency-Key (none when key is empty).
func keyedJSON(t *testing.T, te *tenantEnv, path, key, body string) (rawResponse, []byte) {
	t.Helper()
	res, b, err := keyedRequest(t, te, http.MethodPost, path, key, "application/json", []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}

// newKey is an idempotency key unique to the test.
func newKey(t *testing.T, label string) string {
	return fmt.Sprintf("%s-%s-%d", t.Name(), label, time.Now().UnixNano())
}

func idOf(t *testing.T, body []byte) string {
	t.Helper()
	var v struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(body, &v); err != nil || v.ID == "" {
		t.Fatalf("answer without an id: %s", body)
	}
	return v.ID
}

// mustReplay fails t unless res replays first: same status and body, marked replayed.
func mustReplay(t *testing.T, first []byte, firstStatus int, res rawResponse, body []byte) {
	t.Helper()
	if res.StatusCode != firstStatus || !bytes.Equal(body, first) {
		t.Fatalf("retry answered %d %s, want the first answer %d %s", res.StatusCode, body, firstStatus, first)
	}
	if res.Header.Get(headerReplayed) != "true" {
		t.Fatalf("replayed answer lacks %s: true (headers %v)", headerReplayed, res.Header)
	}
}

func mustRun(t *testing.T, res rawResponse, body []byte) {
	t.Helper()
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if res.Header.Get(headerReplayed) != "" {
		t.Fatalf("an answer that ran is marked %s", headerReplayed)
	}
}

func tenantCount(t *testing.T, te *tenantEnv, table string) int {
	t.Helper()
	var n int
	if err := srv.Pool.QueryRowxContext(context.Background(), `SELECT count(*) FROM `+table+` WHERE tenant_id = $1`, te.ID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestIdempotencyRetriedCreateReplaysTheFirstAnswerAndCreatesOneRecord(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	key := newKey(t, "create")
	first, firstBody := keyedJSON(t, te, "/api/locations", key, `{"name": "Bay 7"}`)
	mustRun(t, first, firstBody)
	id := idOf(t, firstBody)

	// The same request again, and the same JSON value written differently: both replay.
	for _, body := range []string{`{"name": "Bay 7"}`, "{\n  \"name\":\"Bay 7\"\n}"} {
		res, b := keyedJSON(t, te, "/api/locations", key, body)
		mustReplay(t, firstBody, first.StatusCode, res, b)
		if idOf(t, b) != id {
			t.Fatalf("replayed id %s, want %s", idOf(t, b), id)
		}
	}
	if n := tenantCount(t, te, "locations"); n != 1 {
		t.Fatalf("%d locations after a create and its retries, want 1", n)
	}
}

func TestIdempotencyRetriedPickTakesStockOnce(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("IDEM-PICK"))
	loc := createLocation(t, te, "Rack 1")
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10"), LocationId: &loc})

	pick := fmt.Sprintf(`{"itemId": %q, "secondaryType": "pick", "quantity": 4, "locationId": %q}`, item, loc)
	key := newKey(t, "pick")
	first, firstBody := keyedJSON(t, te, "/api/inventory/pick", key, pick)
	mustRun(t, first, firstBody)
	for range 2 {
		res, b := keyedJSON(t, te, "/api/inventory/pick", key, pick)
		mustReplay(t, firstBody, first.StatusCode, res, b)
	}
	mustDec(t, "on hand after a pick of 4 sent three times with one key", onHandAt(t, te, item, nil, &loc), "6")
	if n := eventTotal(t, te); n != 2 {
		t.Fatalf("%d inventory events, want the receipt and one pick", n)
	}
}

func TestIdempotencyRetriedUploadStoresOneAttachment(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("IDEM-UPLOAD"))
	content := uniqueBytes(t, "idempotent upload", 200<<10)
	key := newKey(t, "upload")
	send := func(file []byte) (rawResponse, []byte) {
		// Every form gets a new random boundary, as a client rebuilding it for a retry does.
		contentType, body := uploadBody(t, &filePart{name: "drawing.pdf", content: file}, itemParts(item)...)
		res, b, err := keyedRequest(t, te, http.MethodPost, "/api/attachments", key, contentType, body)
		if err != nil {
			t.Fatal(err)
		}
		return res, b
	}
	first, firstBody := send(content)
	mustRun(t, first, firstBody)
	res, b := send(content)
	mustReplay(t, firstBody, first.StatusCode, res, b)

	// Another file under the same key is another request.
	other := append(bytes.Clone(content[:len(content)-1]), content[len(content)-1]^0xff)
	res, b = send(other)
	p := mustProblem(t, res, b, http.StatusUnprocessableEntity)
	if !strings.Contains(p.Detail, headerIdempotencyKey) {
		t.Fatalf("422 detail %q does not name %s", p.Detail, headerIdempotencyKey)
	}
	if n := tenantAttachments(t, te); n != 1 {
		t.Fatalf("%d attachments after an upload and its retries, want 1", n)
	}
}

func TestIdempotencyKeyReusedForAnotherRequestIs422AndRunsNothing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	key := newKey(t, "reused")
	first, firstBody := keyedJSON(t, te, "/api/locations", key, `{"name": "Dock A"}`)
	mustRun(t, first, firstBody)

	// Another body, and the same body to another operation.
	for _, path := range []string{"/api/locations", "/api/departments"} {
		body := `{"name": "Dock B"}`
		if path == "/api/departments" {
			body = `{"name": "Dock A"}`
		}
		res, b := keyedJSON(t, te, path, key, body)
		p := mustProblem(t, res, b, http.StatusUnprocessableEntity)
		if !strings.Contains(p.Detail, headerIdempotencyKey) {
			t.Fatalf("422 detail %q does not name %s", p.Detail, headerIdempotencyKey)
		}
	}
	if n := tenantCount(t, te, "locations"); n != 1 {
		t.Fatalf("%d locations, want the first request's only", n)
	}
	if n := tenantCount(t, te, "departments"); n != 0 {
		t.Fatalf("%d departments, want none", n)
	}
	// The first answer is still the key's.
	res, b := keyedJSON(t, te, "/api/locations", key, `{"name": "Dock A"}`)
	mustReplay(t, firstBody, first.StatusCode, res, b)
}

func TestIdempotencyKeysBelongToTheirTenant(t *testing.T) {
	t.Parallel()
	a, b := newTenant(t), newTenant(t)
	key := newKey(t, "shared")
	resA, bodyA := keyedJSON(t, a, "/api/locations", key, `{"name": "Shared name"}`)
	mustRun(t, resA, bodyA)
	resB, bodyB := keyedJSON(t, b, "/api/locations", key, `{"name": "Shared name"}`)
	mustRun(t, resB, bodyB)
	if idOf(t, bodyA) == idOf(t, bodyB) {
		t.Fatal("two tenants' requests with one key answered one record")
	}
	for _, te := range []*tenantEnv{a, b} {
		if n := tenantCount(t, te, "locations"); n != 1 {
			t.Fatalf("tenant has %d locations, want 1", n)
		}
	}
}

func TestIdempotencyConcurrentRequestsWithOneKeyRunOnce(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	key := newKey(t, "concurrent")
	const n = 8
	ids := make([]string, n)
	statuses := atOnce(t, n, func(i int) (int, error) {
		res, b, err := keyedRequest(t, te, http.MethodPost, "/api/locations", key, "application/json", []byte(`{"name": "Race"}`))
		if err != nil {
			return 0, err
		}
		switch res.StatusCode {
		case http.StatusOK:
			var v struct {
				ID string `json:"id"`
			}
			if err := json.Unmarshal(b, &v); err != nil {
				return 0, err
			}
			ids[i] = v.ID
		case http.StatusConflict:
			if res.Header.Get("Retry-After") == "" {
				return 0, fmt.Errorf("409 without Retry-After: %s", b)
			}
		}
		return res.StatusCode, nil
	})
	if statuses[http.StatusOK] == 0 || statuses[http.StatusOK]+statuses[http.StatusConflict] != n {
		t.Fatalf("statuses %v, want 200 (the first, and replays) or 409 (while the first ran)", statuses)
	}
	if c := tenantCount(t, te, "locations"); c != 1 {
		t.Fatalf("%d locations from %d concurrent requests with one key, want 1", c, n)
	}
	var want string
	for _, id := range ids {
		if id != "" && want == "" {
			want = id
		}
		if id != "" && id != want {
			t.Fatalf("answers name locations %v, want one", ids)
		}
	}
}

// While the first request with a key runs, another with it answers 409 at once (it does not
// wait); once the first has answered, a retry gets its answer.
func TestIdempotencyKeyInUseAnswers409UntilTheFirstRequestAnswers(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("IDEM-HELD"))
	loc := createLocation(t, te, "Rack 2")
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("5"), LocationId: &loc})
	pick := fmt.Sprintf(`{"itemId": %q, "secondaryType": "pick", "quantity": 2, "locationId": %q}`, item, loc)
	key := newKey(t, "held")

	// Hold the balance the pick locks, so the first request stays running.
	ctx := context.Background()
	tx, err := srv.Pool.BeginTxx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(ctx, `SELECT 1 FROM inventory_balances WHERE tenant_id = $1 AND item_id = $2 FOR UPDATE`, te.ID, item); err != nil {
		t.Fatal(err)
	}
	type answer struct {
		res  rawResponse
		body []byte
		err  error
	}
	firstDone := make(chan answer, 1)
	go func() {
		res, b, err := keyedRequest(t, te, http.MethodPost, "/api/inventory/pick", key, "application/json", []byte(pick))
		firstDone <- answer{res, b, err}
	}()
	waitForRunningKey(t, te, key)

	res, b := keyedJSON(t, te, "/api/inventory/pick", key, pick)
	mustProblem(t, res, b, http.StatusConflict)
	if res.Header.Get("Retry-After") == "" {
		t.Fatal("409 for a key in use without Retry-After")
	}

	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	first := <-firstDone
	if first.err != nil {
		t.Fatal(first.err)
	}
	mustRun(t, first.res, first.body)
	res, b = keyedJSON(t, te, "/api/inventory/pick", key, pick)
	mustReplay(t, first.body, first.res.StatusCode, res, b)
	mustDec(t, "on hand", onHandAt(t, te, item, nil, &loc), "3")
}

// waitForRunningKey polls until the tenant's key is claimed by a running request.
func waitForRunningKey(t *testing.T, te *tenantEnv, key string) {
	t.Helper()
	for range 2000 {
		var n int
		if err := srv.Pool.QueryRowxContext(context.Background(),
			`SELECT count(*) FROM idempotency_keys WHERE tenant_id = $1 AND key = $2 AND state = 'running'`, te.ID, key).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 1 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the first request never claimed its key")
}

func TestIdempotencyKeyOlderThan24HoursRunsAgain(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	key := newKey(t, "expired")
	first, firstBody := keyedJSON(t, te, "/api/departments", key, `{"name": "Paint"}`)
	mustRun(t, first, firstBody)
	if _, err := srv.Pool.ExecContext(context.Background(),
		`UPDATE idempotency_keys SET created_utc = created_utc - interval '24 hours 1 second' WHERE tenant_id = $1 AND key = $2`, te.ID, key); err != nil {
		t.Fatal(err)
	}
	again, againBody := keyedJSON(t, te, "/api/departments", key, `{"name": "Paint 2"}`)
	mustRun(t, again, againBody)
	if idOf(t, againBody) == idOf(t, firstBody) {
		t.Fatal("an expired key replayed its answer")
	}
	if n := tenantCount(t, te, "departments"); n != 2 {
		t.Fatalf("%d departments, want 2", n)
	}
	// The key now holds the second request's answer.
	res, b := keyedJSON(t, te, "/api/departments", key, `{"name": "Paint 2"}`)
	mustReplay(t, againBody, again.StatusCode, res, b)
}

func TestIdempotencyRequestsWithoutAKeyRunEveryTime(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("NO-KEY"))
	loc := createLocation(t, te, "Rack 3")
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10"), LocationId: &loc})
	pick := fmt.Sprintf(`{"itemId": %q, "secondaryType": "pick", "quantity": 3, "locationId": %q}`, item, loc)
	for range 2 {
		res, b := keyedJSON(t, te, "/api/inventory/pick", "", pick)
		mustRun(t, res, b)
	}
	mustDec(t, "on hand", onHandAt(t, te, item, nil, &loc), "4")
}

// A 4xx the operation answered is the key's answer like a 2xx: the retry hears the same
// refusal even once the request would succeed; a corrected request takes a new key.
func TestIdempotencyReplaysA4xxAnswer(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("IDEM-400"))
	loc := createLocation(t, te, "Rack 4")
	pick := fmt.Sprintf(`{"itemId": %q, "secondaryType": "pick", "quantity": 1, "locationId": %q}`, item, loc)
	key := newKey(t, "refused")
	first, firstBody := keyedJSON(t, te, "/api/inventory/pick", key, pick)
	mustProblemNaming(t, first, firstBody, "quantity")

	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("1"), LocationId: &loc})
	res, b := keyedJSON(t, te, "/api/inventory/pick", key, pick)
	mustReplay(t, firstBody, first.StatusCode, res, b)
	mustDec(t, "on hand", onHandAt(t, te, item, nil, &loc), "1")

	res, b = keyedJSON(t, te, "/api/inventory/pick", newKey(t, "corrected"), pick)
	mustRun(t, res, b)
}

func TestIdempotencyKeyMustBe1To255PrintableASCIICharacters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, key := range []string{"", strings.Repeat("k", 256), "tab\there", "clé"} {
		h := mergeHeaders(bearer(te.Token), http.Header{"Content-Type": {"application/json"}, headerIdempotencyKey: {key}})
		res, b := sendRequest(t, http.MethodPost, srv.URL+"/api/locations", h, strings.NewReader(`{"name": "Bad key"}`))
		mustProblemNaming(t, res, b, headerIdempotencyKey)
	}
	h := mergeHeaders(bearer(te.Token), http.Header{"Content-Type": {"application/json"}, headerIdempotencyKey: {"one", "two"}})
	res, b := sendRequest(t, http.MethodPost, srv.URL+"/api/locations", h, strings.NewReader(`{"name": "Bad key"}`))
	mustProblemNaming(t, res, b, headerIdempotencyKey)
	if n := tenantCount(t, te, "locations"); n != 0 {
		t.Fatalf("%d locations created with invalid keys", n)
	}
	// The bounds themselves are keys.
	for i, key := range []string{"k", strings.Repeat("~", 255), "spaced key: ! ~"} {
		res, b := keyedJSON(t, te, "/api/departments", key, fmt.Sprintf(`{"name": "Dept %d"}`, i))
		mustRun(t, res, b)
	}
}

// readOnlyPosts are the POSTs that only read (besides the …/list operations), by operation
// id in lower case: they take no key.
var readOnlyPosts = map[string]bool{"downloadattachments": true, "listuserstatuses": true, "getworkpackagemanifest": true}

var listPath = regexp.MustCompile(`/list(/v\d+)?$`)

// Every POST that creates a record or performs an action declares the shared
// Idempotency-Key parameter and its 409 and 422 answers, so a new one is covered by the
// spec alone.
func TestIdempotencyKeyIsDeclaredByEveryPostThatWrites(t *testing.T) {
	t.Parallel()
	for path, item := range srv.Spec.Paths.Map() {
		op := item.Post
		if op == nil || listPath.MatchString(path) || readOnlyPosts[strings.ToLower(op.OperationID)] {
			continue
		}
		declared := false
		for _, p := range op.Parameters {
			if p.Ref == "#/components/parameters/IdempotencyKey" {
				declared = true
			}
		}
		if !declared {
			t.Errorf("POST %s (%s) does not declare $ref: '#/components/parameters/IdempotencyKey'", path, op.OperationID)
		}
		for _, code := range []int{http.StatusConflict, http.StatusUnprocessableEntity} {
			if op.Responses.Status(code) == nil {
				t.Errorf("POST %s (%s) does not declare its %d answer", path, op.OperationID, code)
			}
		}
	}
}
