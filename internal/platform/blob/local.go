package blob

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Local stores blobs as files under a root directory: key ab12… lives at root/ab/12…
// (the first two hex characters as a directory, so no directory grows past 1/256 of
// the files). A Put writes root/tmp/put-*, fsyncs it and renames it into place, which
// is atomic on one filesystem: a key's file is either absent or complete, never half
// written, whatever crashes. root/tmp must therefore be on the same filesystem as the
// keys, which is why it lives inside root.
//
// Local implements Store, StaleDeleter and TempCleaner; not Presigner.
type Local struct {
	root string
	tmp  string
	// mu orders Put's rename against DeleteStale's look-then-remove, so a blob that a
	// Put has just renewed is never removed by a sweep that saw it before the Put.
	// It covers one process; two servers sharing a root keep a window of a few
	// system calls.
	mu sync.Mutex
}

var (
	_ Store        = (*Local)(nil)
	_ StaleDeleter = (*Local)(nil)
	_ TempCleaner  = (*Local)(nil)
)

// tmpDir is the directory of partial uploads under the root; its name is not two hex
// characters, so Walk never takes it for a key directory.
const tmpDir = "tmp"

// NewLocal returns a store under root, creating root and its temp directory.
func NewLocal(root string) (*Local, error) {
	if root == "" {
		return nil, errors.New("blob: local store needs a root directory")
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("blob: %w", err)
	}
	tmp := filepath.Join(abs, tmpDir)
	if err := os.MkdirAll(tmp, 0o750); err != nil {
		return nil, fmt.Errorf("blob: %w", err)
	}
	return &Local{root: abs, tmp: tmp}, nil
}

// Put implements Store.Put. The content streams through a SHA-256 hasher into a temp
// file with io.Copy's fixed buffer: memory stays the same whatever the size. Content
// already stored is replaced by the identical new file, which renews its written time.
func (l *Local) Put(ctx context.Context, r io.Reader, limit int64) (Blob, error) {
	if limit < 0 {
		return Blob{}, fmt.Errorf("blob: negative size limit %d", limit)
	}
	f, err := os.CreateTemp(l.tmp, "put-*")
	if err != nil {
		return Blob{}, fmt.Errorf("blob: %w", err)
	}
	tmpName, closed, renamed := f.Name(), false, false
	defer func() {
		if !closed {
			_ = f.Close()
		}
		if !renamed {
			_ = os.Remove(tmpName)
		}
	}()

	// Read one byte past the limit to tell "exactly limit" from "more".
	readMax := limit
	if readMax < math.MaxInt64 {
		readMax++
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), io.LimitReader(ctxReader{ctx, r}, readMax))
	if err != nil {
		return Blob{}, fmt.Errorf("blob: put: %w", err)
	}
	if n > limit {
		return Blob{}, ErrTooLarge
	}
	if err := f.Sync(); err != nil {
		return Blob{}, fmt.Errorf("blob: %w", err)
	}
	closed = true
	if err := f.Close(); err != nil {
		return Blob{}, fmt.Errorf("blob: %w", err)
	}

	key := hex.EncodeToString(h.Sum(nil))
	dst := l.path(key)
	dir := filepath.Dir(dst)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return Blob{}, fmt.Errorf("blob: %w", err)
	}
	l.mu.Lock()
	err = os.Rename(tmpName, dst)
	l.mu.Unlock()
	if err != nil {
		return Blob{}, fmt.Errorf("blob: %w", err)
	}
	renamed = true
	// The rename must be on disk before the caller commits a record pointing at it.
	if err := syncDir(dir); err != nil {
		return Blob{}, fmt.Errorf("blob: %w", err)
	}
	return Blob{Key: key, Size: n}, nil
}

// Open implements Store.Open; the reader is the *os.File.
func (l *Local) Open(_ context.Context, key string) (io.ReadSeekCloser, Blob, error) {
	if !ValidKey(key) {
		return nil, Blob{}, fmt.Errorf("%w: %q", ErrInvalidKey, key)
	}
	f, err := os.Open(l.path(key))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, Blob{}, fmt.Errorf("%w: %s", ErrNotFound, key)
	}
	if err != nil {
		return nil, Blob{}, fmt.Errorf("blob: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, Blob{}, fmt.Errorf("blob: %w", err)
	}
	return f, Blob{Key: key, Size: st.Size()}, nil
}

// Delete implements Store.Delete. Key directories stay: removing one could race a
// Put that has just created it.
func (l *Local) Delete(_ context.Context, key string) error {
	if !ValidKey(key) {
		return fmt.Errorf("%w: %q", ErrInvalidKey, key)
	}
	if err := os.Remove(l.path(key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("blob: %w", err)
	}
	return nil
}

// DeleteStale implements StaleDeleter.
func (l *Local) DeleteStale(_ context.Context, key string, seen time.Time) (bool, error) {
	if !ValidKey(key) {
		return false, fmt.Errorf("%w: %q", ErrInvalidKey, key)
	}
	p := l.path(key)
	l.mu.Lock()
	defer l.mu.Unlock()
	st, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("blob: %w", err)
	}
	if st.ModTime().After(seen) {
		return false, nil // written again since: a record may be about to refer to it
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, fmt.Errorf("blob: %w", err)
	}
	return true, nil
}

// Walk implements Store.Walk, in key order. Files that are not keys (anything a person
// left under the root) are passed over, and so is a key deleted while walking.
func (l *Local) Walk(ctx context.Context, fn func(key string, written time.Time) error) error {
	dirs, err := os.ReadDir(l.root)
	if err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	for _, d := range dirs {
		if !d.IsDir() || len(d.Name()) != 2 {
			continue
		}
		files, err := os.ReadDir(filepath.Join(l.root, d.Name()))
		if err != nil {
			return fmt.Errorf("blob: %w", err)
		}
		for _, f := range files {
			if err := ctx.Err(); err != nil {
				return err
			}
			key := d.Name() + f.Name()
			if !f.Type().IsRegular() || !ValidKey(key) {
				continue
			}
			info, err := f.Info()
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return fmt.Errorf("blob: %w", err)
			}
			if err := fn(key, info.ModTime()); err != nil {
				return err
			}
		}
	}
	return nil
}

// CleanTemp implements TempCleaner: it removes partial uploads last written before
// before (left by a crash; a Put in progress writes its file continuously).
func (l *Local) CleanTemp(ctx context.Context, before time.Time) (int, error) {
	files, err := os.ReadDir(l.tmp)
	if err != nil {
		return 0, fmt.Errorf("blob: %w", err)
	}
	removed := 0
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return removed, err
		}
		info, err := f.Info()
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return removed, fmt.Errorf("blob: %w", err)
		}
		if !info.Mode().IsRegular() || !info.ModTime().Before(before) {
			continue
		}
		if err := os.Remove(filepath.Join(l.tmp, f.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, fmt.Errorf("blob: %w", err)
		}
		removed++
	}
	return removed, nil
}

// path is where key lives; key must be valid.
func (l *Local) path(key string) string {
	return filepath.Join(l.root, key[:2], key[2:])
}

// syncDir makes a rename into dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// ctxReader stops a long upload once its context is done (a server shutting down).
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
