package tests

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"mos/internal/httpapi"
	"mos/internal/platform/blob"
	"mos/internal/shared/attachments"
)

// serverWithTimeouts starts a second API server on the tests' database, its own file store,
// the attachments settings cfg (Blobs and SigningKey filled in) and the global timeouts of
// http.Server: read and write (0: none).
func serverWithTimeouts(t *testing.T, cfg attachments.Config, read, write time.Duration) *httptest.Server {
	t.Helper()
	blobs, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cfg.Blobs, cfg.SigningKey = blobs, testSigningKey
	e, err := httpapi.New(httpapi.Config{Pool: srv.Pool, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), Attachments: cfg})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(e)
	ts.Config.ReadHeaderTimeout = 10 * time.Second
	ts.Config.ReadTimeout, ts.Config.WriteTimeout = read, write
	ts.Config.IdleTimeout = time.Minute
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

// With global read and write timeouts that have run out before any handler runs (1ns), only
// operations with deadlines of their own can read a body or write a response: uploads, file
// downloads and ZIP downloads must, and every other operation still fails.
func TestAttachmentStreamingOutlivesTheServersGlobalTimeouts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("ATT-TIMEOUT"))
	ts := serverWithTimeouts(t, attachments.Config{RedirectAboveBytes: 8 << 20}, time.Nanosecond, time.Nanosecond)
	auth := http.Header{"Authorization": {"Bearer " + te.Token}}

	content := uniqueBytes(t, t.Name(), 2<<20)[:2<<20] // far beyond what one read of the connection's buffer holds
	contentType, body := uploadBody(t, &filePart{name: "big.bin", content: content}, itemParts(itemID)...)
	h := auth.Clone()
	h.Set("Content-Type", contentType)
	res, resBody := sendVia(t, specChecker{t: t}, http.MethodPost, ts.URL+"/api/attachments", h, bytes.NewReader(body))
	mustStatus(t, res.StatusCode, http.StatusOK, resBody)
	var created struct{ ID string }
	if err := json.Unmarshal(resBody, &created); err != nil || len(created.ID) != 24 {
		t.Fatalf("upload answered %s (%v)", resBody, err)
	}

	res, resBody = sendVia(t, specChecker{t: t}, http.MethodGet, ts.URL+"/api/attachments/"+created.ID+"/download", auth, nil)
	mustStatus(t, res.StatusCode, http.StatusOK, resBody[:min(len(resBody), 200)])
	if !bytes.Equal(resBody, content) {
		t.Fatalf("download returned %d bytes, want the %d uploaded", len(resBody), len(content))
	}

	h = auth.Clone()
	h.Set("Content-Type", "application/json")
	filter := fmt.Sprintf(`{"owner":{"type":"item","id":%q}}`, itemID)
	res, resBody = sendVia(t, specChecker{t: t}, http.MethodPost, ts.URL+"/api/attachments/download", h, strings.NewReader(filter))
	mustStatus(t, res.StatusCode, http.StatusOK, resBody[:min(len(resBody), 200)])
	zr, err := zip.NewReader(bytes.NewReader(resBody), int64(len(resBody)))
	if err != nil || len(zr.File) != 1 {
		t.Fatalf("ZIP: %v", err)
	}
	rc, err := zr.File[0].Open()
	if err != nil {
		t.Fatal(err)
	}
	inZip, err := io.ReadAll(rc)
	if err != nil || !bytes.Equal(inZip, content) {
		t.Fatalf("ZIP entry %q: %d bytes (%v), want the %d uploaded", zr.File[0].Name, len(inZip), err, len(content))
	}

	// Everything else keeps the global timeouts: the answer to a plain read cannot be written.
	req, err := http.NewRequest(http.MethodGet, ts.URL+"/api/attachments/"+created.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header = auth.Clone()
	if res, err := http.DefaultClient.Do(req); err == nil {
		_ = res.Body.Close()
		t.Fatalf("getAttachment answered %d past the global write timeout", res.StatusCode)
	}
}

// An upload whose body stops arriving is cut off at the upload deadline and answered 408
// (the client's transfer was too slow), not 400 (a malformed body), and leaves nothing.
func TestAttachmentUploadStalledPastItsDeadlineIs408(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("ATT-STALL"))
	ts := serverWithTimeouts(t, attachments.Config{UploadTimeout: 200 * time.Millisecond}, time.Minute, time.Minute)

	contentType, body := uploadBody(t, &filePart{name: "slow.bin", content: uniqueBytes(t, t.Name(), 64<<10)}, itemParts(itemID)...)
	conn, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	// The whole length is announced, half the body sent, and then nothing until the answer.
	head := fmt.Sprintf("POST /api/attachments HTTP/1.1\r\nHost: mos\r\nAuthorization: Bearer %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n",
		te.Token, contentType, len(body))
	if _, err := conn.Write(append([]byte(head), body[:len(body)/2]...)); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	resBody, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Status int
		Type   string
	}
	if res.StatusCode != http.StatusRequestTimeout || res.Header.Get("Content-Type") != "application/problem+json" ||
		json.Unmarshal(resBody, &p) != nil || p.Status != http.StatusRequestTimeout {
		t.Fatalf("stalled upload answered %d %q: %s", res.StatusCode, res.Header.Get("Content-Type"), resBody)
	}
	if n := tenantAttachments(t, te); n != 0 {
		t.Fatalf("%d attachments recorded", n)
	}
}
