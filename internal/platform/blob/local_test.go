package blob

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"
)

func newLocal(t testing.TB) (*Local, string) {
	t.Helper()
	root := filepath.Join(t.TempDir(), "blobs")
	s, err := NewLocal(root)
	if err != nil {
		t.Fatal(err)
	}
	return s, root
}

func keyOf(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// files lists every regular file under root, relative and sorted.
func files(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(root, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

func put(t *testing.T, s Store, content string) Blob {
	t.Helper()
	b, err := s.Put(context.Background(), strings.NewReader(content), 1<<20)
	if err != nil {
		t.Fatalf("Put(%q): %v", content, err)
	}
	return b
}

func readAll(t *testing.T, s Store, key string) string {
	t.Helper()
	rc, _, err := s.Open(context.Background(), key)
	if err != nil {
		t.Fatalf("Open(%s): %v", key, err)
	}
	defer func() { _ = rc.Close() }()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestLocalPutOpenDeleteRoundTrip(t *testing.T) {
	t.Parallel()
	s, root := newLocal(t)
	ctx := context.Background()
	content := "drawing rev B"

	b := put(t, s, content)
	if want := (Blob{Key: keyOf([]byte(content)), Size: int64(len(content))}); b != want {
		t.Fatalf("Put = %+v, want %+v", b, want)
	}
	if got, want := files(t, root), []string{b.Key[:2] + "/" + b.Key[2:]}; !slices.Equal(got, want) {
		t.Fatalf("files = %v, want %v", got, want)
	}

	rc, ob, err := s.Open(ctx, b.Key)
	if err != nil {
		t.Fatal(err)
	}
	if ob != b {
		t.Errorf("Open blob = %+v, want %+v", ob, b)
	}
	// Seekable, as http.ServeContent needs for ranges.
	if _, err := rc.Seek(8, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	rest, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	if string(rest) != "rev B" {
		t.Errorf("after Seek(8) read %q, want %q", rest, "rev B")
	}
	if err := rc.Close(); err != nil {
		t.Fatal(err)
	}

	if err := s.Delete(ctx, b.Key); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Open(ctx, b.Key); !errors.Is(err, ErrNotFound) {
		t.Errorf("Open after Delete: err = %v, want ErrNotFound", err)
	}
	if err := s.Delete(ctx, b.Key); err != nil {
		t.Errorf("Delete of a missing key: %v, want nil", err)
	}
	if got := files(t, root); len(got) != 0 {
		t.Errorf("files left: %v", got)
	}
}

func TestLocalPutEmptyContentAndExactLimit(t *testing.T) {
	t.Parallel()
	s, _ := newLocal(t)
	ctx := context.Background()
	for _, content := range []string{"", "x", "exactly twenty bytes"} {
		b, err := s.Put(ctx, strings.NewReader(content), int64(len(content)))
		if err != nil {
			t.Fatalf("Put(%q) at its own length as limit: %v", content, err)
		}
		if b.Key != keyOf([]byte(content)) || b.Size != int64(len(content)) {
			t.Errorf("Put(%q) = %+v", content, b)
		}
		if got := readAll(t, s, b.Key); got != content {
			t.Errorf("read %q, want %q", got, content)
		}
	}
}

func TestLocalIdenticalContentStoredOnce(t *testing.T) {
	t.Parallel()
	s, root := newLocal(t)
	a := put(t, s, "same bytes")
	b := put(t, s, "same bytes")
	if a != b {
		t.Fatalf("two Puts of the same content: %+v and %+v", a, b)
	}
	if got := files(t, root); len(got) != 1 {
		t.Fatalf("files = %v, want one", got)
	}
	if got := readAll(t, s, a.Key); got != "same bytes" {
		t.Errorf("read %q", got)
	}
}

func TestLocalPutOverLimitIsErrTooLargeAndLeavesNothing(t *testing.T) {
	t.Parallel()
	s, root := newLocal(t)
	content := bytes.Repeat([]byte("0123456789"), 10_000) // 100 kB: several copy buffers
	for _, limit := range []int64{0, 1, int64(len(content)) - 1} {
		_, err := s.Put(context.Background(), bytes.NewReader(content), limit)
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("limit %d: err = %v, want ErrTooLarge", limit, err)
		}
	}
	if got := files(t, root); len(got) != 0 {
		t.Errorf("files left (temp files included): %v", got)
	}
}

func TestLocalPutReaderFailingMidwayLeavesNothing(t *testing.T) {
	t.Parallel()
	s, root := newLocal(t)
	boom := errors.New("connection reset")
	r := io.MultiReader(bytes.NewReader(bytes.Repeat([]byte("a"), 100_000)), iotest.ErrReader(boom))
	if _, err := s.Put(context.Background(), r, 1<<20); !errors.Is(err, boom) {
		t.Fatalf("err = %v, want it to wrap the reader's error", err)
	}
	if got := files(t, root); len(got) != 0 {
		t.Errorf("files left: %v", got)
	}
}

func TestLocalPutStopsOnCanceledContext(t *testing.T) {
	t.Parallel()
	s, root := newLocal(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Put(ctx, strings.NewReader("never stored"), 1<<20); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if got := files(t, root); len(got) != 0 {
		t.Errorf("files left: %v", got)
	}
}

func TestLocalConcurrentPutsOfSameContent(t *testing.T) {
	t.Parallel()
	s, root := newLocal(t)
	content := bytes.Repeat([]byte("concurrent "), 50_000)
	want := Blob{Key: keyOf(content), Size: int64(len(content))}

	const n = 16
	var wg sync.WaitGroup
	errs := make([]error, n)
	got := make([]Blob, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = s.Put(context.Background(), bytes.NewReader(content), 1<<20)
		}()
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil || got[i] != want {
			t.Errorf("Put %d = %+v, %v; want %+v", i, got[i], errs[i], want)
		}
	}
	if fs := files(t, root); len(fs) != 1 {
		t.Fatalf("files = %v, want the one blob and no temp file", fs)
	}
	if readAll(t, s, want.Key) != string(content) {
		t.Error("stored content differs")
	}
}

func TestLocalRefusesInvalidKeys(t *testing.T) {
	t.Parallel()
	s, root := newLocal(t)
	ctx := context.Background()
	valid := put(t, s, "keep me").Key
	// A file beside the root that a traversal would reach.
	outside := filepath.Join(filepath.Dir(root), "secret")
	if err := os.WriteFile(outside, []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}

	for name, key := range map[string]string{
		"empty":          "",
		"short":          valid[:63],
		"long":           valid + "0",
		"upper-case":     strings.ToUpper(valid),
		"non-hex":        strings.Repeat("g", 64),
		"parent dir":     "../secret",
		"traversal 64":   "../" + valid[3:],
		"slash inside":   valid[:2] + "/" + valid[3:],
		"absolute":       "/" + valid[1:],
		"tmp directory":  "tmp" + valid[3:],
		"nul byte":       valid[:63] + "\x00",
		"backslash path": `..\` + valid[3:],
	} {
		if _, _, err := s.Open(ctx, key); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("%s: Open err = %v, want ErrInvalidKey", name, err)
		}
		if err := s.Delete(ctx, key); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("%s: Delete err = %v, want ErrInvalidKey", name, err)
		}
		if _, err := s.DeleteStale(ctx, key, time.Now()); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("%s: DeleteStale err = %v, want ErrInvalidKey", name, err)
		}
	}
	if _, err := os.Stat(outside); err != nil {
		t.Errorf("file outside the root: %v", err)
	}
	if readAll(t, s, valid) != "keep me" {
		t.Error("valid blob changed")
	}
}

func TestLocalOpenMissingKeyIsErrNotFound(t *testing.T) {
	t.Parallel()
	s, _ := newLocal(t)
	if _, _, err := s.Open(context.Background(), keyOf([]byte("never stored"))); !errors.Is(err, ErrNotFound) {
		t.Errorf("err = %v, want ErrNotFound", err)
	}
}

func TestLocalWalkReportsEveryKeyAndNothingElse(t *testing.T) {
	t.Parallel()
	s, root := newLocal(t)
	ctx := context.Background()
	before := time.Now().Add(-time.Second)
	var want []string
	for _, c := range []string{"one", "two", "three"} {
		want = append(want, put(t, s, c).Key)
	}
	slices.Sort(want)
	// Not keys: a partial upload, a stray file, a file with a bad name in a key
	// directory.
	for _, p := range []string{"tmp/put-123", "README", want[0][:2] + "/notakey"} {
		if err := os.WriteFile(filepath.Join(root, p), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}

	var got []string
	err := s.Walk(ctx, func(key string, written time.Time) error {
		got = append(got, key)
		if written.Before(before) || written.After(time.Now()) {
			t.Errorf("%s written at %v, outside the test", key, written)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("Walk keys = %v, want %v", got, want)
	}

	stop := errors.New("stop")
	calls := 0
	err = s.Walk(ctx, func(string, time.Time) error { calls++; return stop })
	if !errors.Is(err, stop) || calls != 1 {
		t.Errorf("Walk with failing fn: err = %v after %d calls, want stop after 1", err, calls)
	}
}

// age sets the written time of key (and its content) back by d.
func age(t *testing.T, root, key string, d time.Duration) {
	t.Helper()
	old := time.Now().Add(-d)
	if err := os.Chtimes(filepath.Join(root, key[:2], key[2:]), old, old); err != nil {
		t.Fatal(err)
	}
}

func TestSweepRemovesOnlyUnreferencedBlobsOlderThanGrace(t *testing.T) {
	t.Parallel()
	s, root := newLocal(t)
	ctx := context.Background()
	oldReferenced := put(t, s, "old, referenced").Key
	oldOrphan := put(t, s, "old, orphan").Key
	newOrphan := put(t, s, "new, orphan (record not committed yet)").Key
	newReferenced := put(t, s, "new, referenced").Key
	age(t, root, oldReferenced, 2*time.Hour)
	age(t, root, oldOrphan, 2*time.Hour)
	// Partial uploads: one left by a crash long ago, one in progress.
	oldTemp, newTemp := filepath.Join(root, "tmp", "put-old"), filepath.Join(root, "tmp", "put-new")
	for _, p := range []string{oldTemp, newTemp} {
		if err := os.WriteFile(p, []byte("partial"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	longAgo := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(oldTemp, longAgo, longAgo); err != nil {
		t.Fatal(err)
	}

	var asked []string
	referenced := func(_ context.Context, keys []string) (map[string]bool, error) {
		asked = append(asked, keys...)
		return map[string]bool{oldReferenced: true, newReferenced: true}, nil
	}
	removed, err := SweepWith(ctx, s, time.Hour, referenced, nil)
	if err != nil {
		t.Fatal(err)
	}
	if removed != 1 {
		t.Errorf("removed = %d, want 1", removed)
	}
	slices.Sort(asked)
	if want := []string{oldReferenced, oldOrphan}; !slices.Equal(asked, slices.Sorted(slices.Values(want))) {
		t.Errorf("asked about %v, want only the blobs older than grace %v", asked, want)
	}
	for key, wantKept := range map[string]bool{oldReferenced: true, oldOrphan: false, newOrphan: true, newReferenced: true} {
		_, _, err := s.Open(ctx, key)
		if kept := err == nil; kept != wantKept {
			t.Errorf("%s kept = %v, want %v (err %v)", key, kept, wantKept, err)
		}
	}
	if _, err := os.Stat(oldTemp); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("old temp file: %v, want removed", err)
	}
	if _, err := os.Stat(newTemp); err != nil {
		t.Errorf("temp file of an upload in progress: %v, want kept", err)
	}
}

func TestSweepKeepsBlobUploadedAgainDuringTheSweep(t *testing.T) {
	t.Parallel()
	s, root := newLocal(t)
	ctx := context.Background()
	key := put(t, s, "deleted once, uploaded again").Key
	age(t, root, key, 2*time.Hour)

	// The same content arrives for a new record while the sweep is deciding: the
	// record is not committed, so referenced still says no.
	referenced := func(_ context.Context, keys []string) (map[string]bool, error) {
		put(t, s, "deleted once, uploaded again")
		return nil, nil
	}
	removed, err := SweepWith(ctx, s, time.Hour, referenced, nil)
	if err != nil {
		t.Fatal(err)
	}
	if removed != 0 {
		t.Errorf("removed = %d, want 0", removed)
	}
	if got := readAll(t, s, key); got != "deleted once, uploaded again" {
		t.Errorf("read %q", got)
	}
}

func TestSweepReturnsReferencedErrorAndRemovesNothing(t *testing.T) {
	t.Parallel()
	s, root := newLocal(t)
	key := put(t, s, "orphan").Key
	age(t, root, key, 2*time.Hour)
	dbDown := errors.New("database down")
	removed, err := SweepWith(context.Background(), s, time.Hour, func(context.Context, []string) (map[string]bool, error) {
		return nil, dbDown
	}, nil)
	if !errors.Is(err, dbDown) || removed != 0 {
		t.Errorf("SweepWith = %d, %v; want 0, database down", removed, err)
	}
	if readAll(t, s, key) != "orphan" {
		t.Error("blob removed although referenced failed")
	}
}

// walkOnly is a Store with many keys and neither StaleDeleter nor TempCleaner: it
// checks batching and the plain Delete path without writing thousands of files.
type walkOnly struct {
	keys    []string
	written time.Time
	deleted []string
}

func (w *walkOnly) Put(context.Context, io.Reader, int64) (Blob, error) { panic("unused") }
func (w *walkOnly) Open(context.Context, string) (io.ReadSeekCloser, Blob, error) {
	panic("unused")
}
func (w *walkOnly) Delete(_ context.Context, key string) error {
	w.deleted = append(w.deleted, key)
	return nil
}
func (w *walkOnly) Walk(_ context.Context, fn func(string, time.Time) error) error {
	for _, k := range w.keys {
		if err := fn(k, w.written); err != nil {
			return err
		}
	}
	return nil
}

func TestSweepAsksInBatchesOfAtMost500(t *testing.T) {
	t.Parallel()
	s := &walkOnly{written: time.Now().Add(-2 * time.Hour)}
	for i := range 1201 {
		s.keys = append(s.keys, keyOf([]byte{byte(i), byte(i >> 8)}))
	}
	var sizes []int
	var asked []string
	removed, err := SweepWith(context.Background(), s, time.Hour, func(_ context.Context, keys []string) (map[string]bool, error) {
		sizes = append(sizes, len(keys))
		asked = append(asked, keys...)
		refs := map[string]bool{}
		for i, k := range keys {
			refs[k] = i%2 == 0 // every other one referenced
		}
		return refs, nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sizes, []int{500, 500, 201}) {
		t.Errorf("batch sizes = %v, want [500 500 201]", sizes)
	}
	if !slices.Equal(asked, s.keys) {
		t.Error("not every key asked about exactly once")
	}
	if want := 250 + 250 + 100; removed != want || len(s.deleted) != want {
		t.Errorf("removed = %d, deleted %d; want %d", removed, len(s.deleted), want)
	}
}

// patternReader generates n bytes without holding them.
type patternReader struct {
	left int64
}

var pattern = func() []byte {
	b := make([]byte, 4096)
	for i := range b {
		b[i] = byte(i*31 + i>>8)
	}
	return b
}()

func (r *patternReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n := 0
	for n < len(p) {
		n += copy(p[n:], pattern)
	}
	r.left -= int64(n)
	return n, nil
}

// Not parallel: it reads the process's allocation counter, and parallel tests run
// only after the sequential ones.
func TestLocalPutStreamsWithBoundedMemory(t *testing.T) {
	s, _ := newLocal(t)
	const size = 32 << 20
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b, err := s.Put(context.Background(), &patternReader{left: size}, size)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if b.Size != size {
		t.Fatalf("size = %d", b.Size)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("Put of %d MB allocated %d bytes, want under 1 MB", size>>20, alloc)
	}
}

// BenchmarkLocalPutLarge shows that a Put's memory does not grow with the content:
// B/op stays a few tens of kB (the copy buffer) for 64 MB.
func BenchmarkLocalPutLarge(b *testing.B) {
	s, _ := newLocal(b)
	const size = 64 << 20
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Put(context.Background(), &patternReader{left: size}, size); err != nil {
			b.Fatal(err)
		}
	}
}
