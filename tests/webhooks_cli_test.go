package tests

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"mos/internal/shared/webhooks"
)

// `mos worker` delivers webhooks on its own: with MOS_WEBHOOK_WORKER=off, `mos serve` records
// events and leaves them, and a worker process started beside it delivers them signed,
// counts them on its metrics address and stops cleanly on SIGTERM.
func TestMosWorkerDeliversWebhooksAlone(t *testing.T) {
	t.Parallel()
	mos := mosCLI{t: t, bin: buildMos(t)}
	mos.env = append(os.Environ(), "DATABASE_URL="+emptyDatabase(t), "MOS_LOG_LEVEL=info",
		"MOS_WEBHOOK_ALLOWED_HOSTS=127.0.0.1", "MOS_WEBHOOK_POLL_INTERVAL=50ms")
	(mosCLI{t: t, bin: mos.bin, env: append(mos.env, "MOS_WEBHOOK_TIMEOUT=soon")}).mustFail("MOS_WEBHOOK_TIMEOUT", "worker")
	(mosCLI{t: t, bin: mos.bin, env: append(mos.env, "MOS_WEBHOOK_ALLOWED_HOSTS=10.0.0.0/33")}).mustFail("CIDR", "worker")
	(mosCLI{t: t, bin: mos.bin, env: append(mos.env, "MOS_WEBHOOK_WORKER=maybe")}).mustFail("MOS_WEBHOOK_WORKER", "serve")

	mos.mustRun("migrate", "up")
	tenantID := cliValue(t, "tenant create", mos.mustRun("tenant", "create", "--name", "Hooks"))
	token := cliValue(t, "token create", mos.mustRun("token", "create", "--tenant", tenantID))
	addr := freeLocalAddr(t)
	base := "http://" + addr
	mos.serve(base, "MOS_ADDR="+addr, "MOS_WEBHOOK_WORKER=off")

	var mu sync.Mutex
	var got []*http.Request
	var bodies [][]byte
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		got, bodies = append(got, r), append(bodies, b)
		mu.Unlock()
	}))
	defer receiver.Close()
	call := func(method, path, body string) []byte {
		t.Helper()
		req, err := http.NewRequest(method, base+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = res.Body.Close() }()
		b, _ := io.ReadAll(res.Body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		return b
	}
	var hook struct{ ID, Secret string }
	if err := json.Unmarshal(call(http.MethodPost, "/api/webhooks", `{"url":"`+receiver.URL+`/hook"}`), &hook); err != nil {
		t.Fatal(err)
	}
	call(http.MethodPost, "/api/items", `{"number":"W-1","unitTypeName":"Pieces","unitOfMeasureName":"Each"}`)

	metricsAddr := freeLocalAddr(t)
	worker := exec.Command(mos.bin, "worker")
	worker.Env = append(mos.env, "MOS_METRICS_ADDR="+metricsAddr)
	logs := &lockedBuffer{}
	worker.Stdout, worker.Stderr = logs, logs
	if err := worker.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- worker.Wait() }()
	t.Cleanup(func() { _ = worker.Process.Kill() })

	deadline := time.Now().Add(20 * time.Second)
	for {
		mu.Lock()
		n := len(got)
		mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("mos worker delivered nothing in 20s\nlogs:\n%s", logs.String())
		}
		time.Sleep(25 * time.Millisecond)
	}
	mu.Lock()
	r, body := got[0], bodies[0]
	mu.Unlock()
	if err := webhooks.Verify(hook.Secret, r.Header, body, time.Now()); err != nil {
		t.Fatalf("the worker's delivery does not verify: %v", err)
	}
	if !strings.Contains(string(body), `"type":"ItemUpdated"`) || !strings.Contains(string(body), `"change":"created"`) {
		t.Fatalf("delivered %s, want the item's ItemUpdated", body)
	}
	// The receiver has the request before the worker records the attempt: wait for the count.
	for {
		res, err := http.Get("http://" + metricsAddr + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		scrape, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		if strings.Contains(string(scrape), `mos_webhook_attempts_total{event_type="ItemUpdated",outcome="succeeded"} 1`) &&
			strings.Contains(string(scrape), "mos_webhook_deliveries_pending 0") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the worker's metrics do not count its delivery:\n%s", scrape)
		}
		time.Sleep(25 * time.Millisecond)
	}
	if err := worker.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("mos worker after SIGTERM: %v\nlogs:\n%s", err, logs.String())
		}
	case <-ctx.Done():
		t.Fatalf("mos worker did not stop within 20s of SIGTERM\nlogs:\n%s", logs.String())
	}
}
