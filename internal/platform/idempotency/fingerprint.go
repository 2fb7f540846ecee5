package idempotency

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"mime"
	"net/http"
	"strings"
)

// A request's fingerprint is the SHA-256 of its method, path, query (parameters in name
// order) and a hash of its body, each part length-prefixed so that no two requests share
// one by moving bytes between parts.
func fingerprint(req *http.Request, bodySum []byte) []byte {
	h := sha256.New()
	for _, part := range []string{req.Method, req.URL.Path, req.URL.Query().Encode()} {
		writePart(h, []byte(part))
	}
	writePart(h, bodySum)
	return h.Sum(nil)
}

func writePart(h hash.Hash, b []byte) {
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(b)))
	h.Write(n[:])
	h.Write(b)
}

// The kinds of body hash, so that a JSON value and raw bytes never compare equal.
const (
	bodyKindJSON byte = 'j'
	bodyKindRaw  byte = 'r'
)

// wholeBodySum hashes a body the request validator has read already (it holds every
// non-streamed body in memory). A JSON body it validated is hashed as the JSON value it
// decoded (members in name order, no insignificant whitespace), so a retry that encodes the
// same value differently still matches; any other body as its bytes, which are put back for
// the handler.
func wholeBodySum(req *http.Request) ([]byte, error) {
	if vb, ok := req.Body.(interface{ ValidatedValue() any }); ok {
		b, err := json.Marshal(vb.ValidatedValue())
		if err != nil {
			return nil, fmt.Errorf("idempotency: encode body: %w", err)
		}
		return sumOf(bodyKindJSON, b), nil
	}
	if req.Body == nil || req.Body == http.NoBody {
		return sumOf(bodyKindRaw, nil), nil
	}
	b, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, err
	}
	_ = req.Body.Close()
	req.Body = io.NopCloser(bytes.NewReader(b))
	return sumOf(bodyKindRaw, b), nil
}

func sumOf(kind byte, b []byte) []byte {
	h := sha256.New()
	h.Write([]byte{kind})
	h.Write(b)
	return h.Sum(nil)
}

// bodyHash hashes a streamed body as it is read, never holding it. A multipart body is
// hashed with its boundary replaced by a fixed marker: clients choose a new boundary for
// every request they build, a retry of the same form included, and the boundary is no part
// of what the form says.
type bodyHash struct {
	h       hash.Hash
	delim   []byte // "--" + boundary; nil when the body is not multipart
	pending []byte // the tail that may be the start of a delimiter
}

// boundaryMarker stands for every occurrence of the boundary delimiter.
var boundaryMarker = []byte("\x00multipart-boundary\x00")

func newBodyHash(contentType string) *bodyHash {
	b := &bodyHash{h: sha256.New()}
	b.h.Write([]byte{bodyKindRaw})
	if mt, params, err := mime.ParseMediaType(contentType); err == nil && strings.HasPrefix(mt, "multipart/") && params["boundary"] != "" {
		b.delim = []byte("--" + params["boundary"])
	}
	return b
}

func (b *bodyHash) Write(p []byte) (int, error) {
	if b.delim == nil {
		return b.h.Write(p)
	}
	b.pending = append(b.pending, p...)
	for {
		i := bytes.Index(b.pending, b.delim)
		if i < 0 {
			break
		}
		b.h.Write(b.pending[:i])
		b.h.Write(boundaryMarker)
		b.pending = b.pending[i+len(b.delim):]
	}
	// Keep only what may be the start of a delimiter split across writes.
	if keep := len(b.delim) - 1; len(b.pending) > keep {
		b.h.Write(b.pending[:len(b.pending)-keep])
		b.pending = append(b.pending[:0:0], b.pending[len(b.pending)-keep:]...)
	}
	return len(p), nil
}

// Sum is the hash of everything written.
func (b *bodyHash) Sum() []byte {
	b.h.Write(b.pending)
	b.pending = nil
	return b.h.Sum(nil)
}

// teeBody hashes a streamed body while the handler reads it.
type teeBody struct {
	io.ReadCloser
	hash *bodyHash
	eof  bool
}

func (t *teeBody) Read(p []byte) (int, error) {
	n, err := t.ReadCloser.Read(p)
	_, _ = t.hash.Write(p[:n])
	if errors.Is(err, io.EOF) {
		t.eof = true
	}
	return n, err
}

// trailingBytes is how much of a streamed body the middleware reads after its handler to
// reach the end: what a multipart reader leaves after the closing boundary. A handler that
// answered before reading its body (a refusal of the first part) leaves more; its answer is
// not stored then, as the body it answered is not known.
const trailingBytes = 64 << 10

// finish reads what the handler left of the body, up to trailingBytes, and reports whether
// the whole body went through the hash.
func (t *teeBody) finish() bool {
	buf := make([]byte, 4096)
	read := 0
	for !t.eof && read <= trailingBytes {
		n, err := t.Read(buf)
		read += n
		if err != nil && !t.eof {
			return false
		}
	}
	return t.eof
}

// streamedBodySum hashes a streamed body from end to end, as a retry of an upload must be
// compared with the first request without running it again.
func streamedBodySum(req *http.Request) ([]byte, error) {
	h := newBodyHash(req.Header.Get("Content-Type"))
	if req.Body != nil {
		if _, err := io.Copy(h, req.Body); err != nil {
			return nil, err
		}
	}
	return h.Sum(), nil
}
