// Package blob stores file content by its SHA-256 (content addressing): the same bytes
// are stored once whatever their names and however many records point at them.
//
// A record refers to its content by Blob.Key and commits that reference in its own
// database transaction after Put has returned. The owner of the records removes content
// when its last reference goes (other records may share it, so only then); SweepWith, run
// periodically, removes what such a removal missed (a crash, a failed delete): blobs no
// record refers to any more. Its grace period keeps a blob whose record is still being
// committed.
//
// Store is small so that an S3-compatible store can implement it next to Local (the
// local filesystem, the default). Presigner, StaleDeleter and TempCleaner are optional
// abilities a store may add.
package blob

import (
	"context"
	"errors"
	"io"
	"time"
)

// Blob is stored content: Key is the lower-case hex SHA-256 of the bytes.
type Blob struct {
	Key  string
	Size int64
}

var (
	// ErrTooLarge is Put reading more than its limit; nothing is stored.
	ErrTooLarge = errors.New("blob: content exceeds the size limit")
	// ErrNotFound is a well-formed key with no content stored under it.
	ErrNotFound = errors.New("blob: not found")
	// ErrInvalidKey is a key that is not 64 lower-case hex characters: it cannot name
	// content (and must never reach a file path).
	ErrInvalidKey = errors.New("blob: invalid key")
)

// Store keeps content by key.
type Store interface {
	// Put streams r to the store (at most limit bytes; more is ErrTooLarge and leaves
	// nothing behind) and returns its blob. Identical content is stored once: Put of
	// content already stored succeeds and only renews its written time (see Walk), so
	// that Sweep gives the record about to refer to it the full grace period.
	Put(ctx context.Context, r io.Reader, limit int64) (Blob, error)
	// Open returns the content of key for reading (seekable, for http.ServeContent)
	// and its blob. A missing key is ErrNotFound.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, Blob, error)
	// Delete removes key; deleting a missing key is not an error.
	Delete(ctx context.Context, key string) error
	// Walk calls fn for every stored key with the time it was last written (for the
	// sweeper). An error from fn stops the walk and is returned.
	Walk(ctx context.Context, fn func(key string, written time.Time) error) error
}

// Presigner is implemented by stores that can hand out their own expiring download
// URLs (an S3-compatible store); the local store does not, and the service signs URLs
// to itself instead.
type Presigner interface {
	PresignGet(ctx context.Context, key, downloadName string, expires time.Time) (string, error)
}

// StaleDeleter is implemented by stores that can delete a key only if it has not been
// written again since a given time. Sweep uses it when present: between Walk seeing an
// old unreferenced blob and its removal, a Put of the same content may renew it for a
// record about to commit, and that blob must survive.
type StaleDeleter interface {
	// DeleteStale removes key unless it was written after seen (the time Walk
	// reported). It reports whether it removed the key; a missing key is not an error.
	DeleteStale(ctx context.Context, key string, seen time.Time) (bool, error)
}

// TempCleaner is implemented by stores that keep partial uploads of their own (the
// temp files of Local): a crash in the middle of a Put leaves one behind. Sweep removes
// those older than its grace period.
type TempCleaner interface {
	CleanTemp(ctx context.Context, before time.Time) (int, error)
}

// ValidKey reports whether key can name content: 64 lower-case hex characters.
func ValidKey(key string) bool {
	if len(key) != keyLen {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// keyLen is the length of a hex SHA-256.
const keyLen = 64
