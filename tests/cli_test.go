package tests

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/lib/pq" // the postgres driver, for creating an empty database

	"mos/gen/client"
	"mos/internal/platform/db"
	"mos/internal/tenancy"
)

// mosCLI runs the built mos binary against one database.
type mosCLI struct {
	t   *testing.T
	bin string
	env []string
}

// run executes mos with args and returns its stdout and stderr.
func (m mosCLI) run(args ...string) (stdout, stderr string, err error) {
	m.t.Helper()
	cmd := exec.Command(m.bin, args...)
	cmd.Env = m.env
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.String(), errOut.String(), err
}

// mustRun runs mos and returns its stdout, failing t when it exits non-zero.
func (m mosCLI) mustRun(args ...string) string {
	m.t.Helper()
	out, errOut, err := m.run(args...)
	if err != nil {
		m.t.Fatalf("mos %s: %v\nstderr: %s", strings.Join(args, " "), err, errOut)
	}
	return out
}

// mustFail runs mos and fails t unless it exits non-zero with nothing on stdout and a
// message on stderr mentioning want.
func (m mosCLI) mustFail(want string, args ...string) {
	m.t.Helper()
	out, errOut, err := m.run(args...)
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() == 0 {
		m.t.Fatalf("mos %s: exit %v, want a non-zero exit\nstdout: %s", strings.Join(args, " "), err, out)
	}
	if out != "" {
		m.t.Fatalf("mos %s failed but printed %q on stdout", strings.Join(args, " "), out)
	}
	if !strings.Contains(errOut, want) {
		m.t.Fatalf("mos %s: stderr %q does not mention %q", strings.Join(args, " "), errOut, want)
	}
}

// buildMos compiles ./cmd/mos into a temporary directory.
func buildMos(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go tool is needed to build cmd/mos: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "mos")
	out, err := exec.Command(goTool, "build", "-o", bin, "mos/cmd/mos").CombinedOutput()
	if err != nil {
		t.Fatalf("go build mos/cmd/mos: %v\n%s", err, out)
	}
	return bin
}

// emptyDatabase creates a database with no schema at all (unlike dbtest's migrated
// clones), so `mos migrate up` has work to do; it is dropped when the test ends.
func emptyDatabase(t *testing.T) string {
	t.Helper()
	admin := os.Getenv("DATABASE_URL")
	d, err := sql.Open("postgres", admin)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = d.Close() }()
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	name := "cli_" + hex.EncodeToString(b)
	if _, err := d.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		if d, err := sql.Open("postgres", admin); err == nil {
			_, _ = d.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
			_ = d.Close()
		}
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

func freeLocalAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	return addr
}

// lockedBuffer collects a subprocess's output while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// cliValue fails t unless s is exactly one line without spaces, and returns it.
func cliValue(t *testing.T, what, s string) string {
	t.Helper()
	v := strings.TrimSuffix(s, "\n")
	if v == "" || strings.ContainsAny(v, " \t\r\n") {
		t.Fatalf("%s printed %q, want the value alone on one line", what, s)
	}
	return v
}

func TestCLIOperatorWorkflow(t *testing.T) {
	t.Parallel()
	mos := mosCLI{t: t, bin: buildMos(t)}
	mos.env = append(os.Environ(), "DATABASE_URL="+emptyDatabase(t), "MOS_LOG_LEVEL=info")

	// Migrations: up on an empty database, then the version is the latest embedded one.
	mos.mustRun("migrate", "up")
	latest, err := db.LatestMigration()
	if err != nil {
		t.Fatal(err)
	}
	if v := cliValue(t, "migrate version", mos.mustRun("migrate", "version")); v != fmt.Sprint(latest) {
		t.Fatalf("migrate version %q, want %d", v, latest)
	}

	tenantID := cliValue(t, "tenant create", mos.mustRun("tenant", "create", "--name", "Acme", "--timezone", "Europe/Berlin", "--currency", "EUR"))
	if !regexp.MustCompile(`^[0-9a-f]{24}$`).MatchString(tenantID) {
		t.Fatalf("tenant id %q is not 24 lowercase hex characters", tenantID)
	}
	integration := cliValue(t, "token create", mos.mustRun("token", "create", "--tenant", tenantID))
	alice := cliValue(t, "token create --user", mos.mustRun("token", "create", "--tenant", tenantID, "--user", "alice", "--permissions", "View Item,View Quote"))
	bob := cliValue(t, "token create --permissions ''", mos.mustRun("token", "create", "--tenant", tenantID, "--user", "bob", "--permissions", ""))
	secrets := []string{integration, alice, bob}
	if len(slices.Compact(slices.Sorted(slices.Values(secrets)))) != 3 {
		t.Fatalf("tokens are not distinct: %v", secrets)
	}

	// Operator mistakes exit non-zero, print nothing on stdout and say what is wrong.
	mos.mustFail("Fly Plane", "token", "create", "--tenant", tenantID, "--user", "carol", "--permissions", "View Item,Fly Plane")
	mos.mustFail("permissions", "token", "create", "--tenant", tenantID, "--permissions", "View Item")
	mos.mustFail("--tenant", "token", "create")
	mos.mustFail("not found", "token", "create", "--tenant", "000000000000000000000000")
	mos.mustFail("Mars/Base", "tenant", "create", "--name", "Mars", "--timezone", "Mars/Base")
	mos.mustFail("currency", "tenant", "create", "--name", "Acme", "--currency", "euro")
	mos.mustFail("name", "tenant", "create", "--timezone", "Europe/Berlin")
	mos.mustFail("unknown command", "frobnicate")

	// Serve, and wait until it answers.
	addr := freeLocalAddr(t)
	base := "http://" + addr
	// MOS_DATA_DIR: serve keeps attachments' files under it; not in the source tree.
	serving := mos.serve(base, "MOS_ADDR="+addr, "MOS_DATA_DIR="+t.TempDir())
	logs := serving.logs

	// Each token works against the served API and describes itself.
	details := func(token string) client.TokenDetails {
		t.Helper()
		res, body := sendRequest(t, http.MethodGet, base+"/api/auth/validate", bearer(token), nil)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		var d client.TokenDetails
		if err := json.Unmarshal(body, &d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	d := details(integration)
	if d.Kind != client.TokenDetailsKindIntegration || d.Tenant.Id != tenantID || d.Tenant.Name != "Acme" ||
		d.Tenant.Timezone != "Europe/Berlin" || d.Tenant.CurrencyCode != "EUR" || d.User != nil {
		t.Fatalf("integration token details %+v", d)
	}
	if a := details(alice); a.Kind != client.TokenDetailsKindUser || a.User == nil || a.User.Name != "alice" ||
		!slices.Equal(a.Permissions, []client.Permission{"View Item", "View Quote"}) {
		t.Fatalf("alice's token details %+v", a)
	}
	if b := details(bob); b.Kind != client.TokenDetailsKindUser || b.User == nil || b.User.Name != "bob" || len(b.Permissions) != 0 {
		t.Fatalf("bob's token details %+v", b)
	}
	res, body := sendRequest(t, http.MethodPost, base+"/api/accounting-codes/list", bearer(bob), nil)
	mustStatus(t, res.StatusCode, http.StatusForbidden, body)

	// Revoking by the id the token reports stops it: the server hears of it from the
	// database at once, and at the latest when its token cache's TTL passes.
	mos.mustRun("token", "revoke", d.TokenId)
	deadline := time.Now().Add(tenancy.DefaultTokenCacheTTL)
	for {
		res, body = sendRequest(t, http.MethodGet, base+"/api/auth/validate", bearer(integration), nil)
		if res.StatusCode != http.StatusOK || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	mustProblem(t, res, body, http.StatusUnauthorized)
	mos.mustFail("already revoked", "token", "revoke", d.TokenId)

	// SIGTERM shuts down gracefully: exit status 0.
	serving.stop()

	// Logs are JSON lines, one per request among them, and never carry a token.
	requests := 0
	sc := bufio.NewScanner(strings.NewReader(logs.String()))
	for sc.Scan() {
		var line map[string]any
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("log line is not JSON: %q", sc.Text())
		}
		if line["msg"] == "request" {
			requests++
		}
		for _, s := range secrets {
			if strings.Contains(sc.Text(), s) {
				t.Fatalf("log line carries a token: %s", sc.Text())
			}
		}
	}
	if requests < 5 {
		t.Fatalf("%d request log lines, want one per request (at least 5)\nlogs:\n%s", requests, logs.String())
	}
}

// servingMos is a `mos serve` process a test started; it is killed when the test ends.
type servingMos struct {
	t      *testing.T
	cmd    *exec.Cmd
	logs   *lockedBuffer
	exited chan struct{} // closed once the process has exited; err is then its exit status
	err    error
}

// serve starts `mos serve` with env added to the CLI's and waits until base answers /healthz.
func (m mosCLI) serve(base string, env ...string) *servingMos {
	m.t.Helper()
	s := &servingMos{t: m.t, cmd: exec.Command(m.bin, "serve"), logs: &lockedBuffer{}, exited: make(chan struct{})}
	s.cmd.Env = append(slices.Clone(m.env), env...)
	s.cmd.Stdout, s.cmd.Stderr = s.logs, s.logs
	if err := s.cmd.Start(); err != nil {
		m.t.Fatal(err)
	}
	go func() { s.err = s.cmd.Wait(); close(s.exited) }()
	m.t.Cleanup(func() {
		_ = s.cmd.Process.Kill()
		<-s.exited
	})
	waitHealthy(m.t, base, s.exited, s.logs)
	return s
}

// stop sends SIGTERM and fails the test unless the process exits with status 0 within 20s.
func (s *servingMos) stop() {
	s.t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		s.t.Fatal(err)
	}
	select {
	case <-s.exited:
		if s.err != nil {
			s.t.Fatalf("mos serve after SIGTERM: %v\nlogs:\n%s", s.err, s.logs.String())
		}
	case <-time.After(20 * time.Second):
		s.t.Fatalf("mos serve did not stop within 20s of SIGTERM\nlogs:\n%s", s.logs.String())
	}
}

// waitHealthy polls /healthz until it answers 200, the server exits, or 15s pass.
func waitHealthy(t *testing.T, base string, exited <-chan struct{}, logs *lockedBuffer) {
	t.Helper()
	hc := &http.Client{Timeout: time.Second}
	deadline := time.Now().Add(15 * time.Second)
	for {
		res, err := hc.Get(base + "/healthz")
		if err == nil {
			_ = res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		select {
		case <-exited:
			t.Fatalf("mos serve exited before it was healthy\nlogs:\n%s", logs.String())
		case <-time.After(25 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("mos serve not healthy after 15s\nlogs:\n%s", logs.String())
		}
	}
}
