package idempotency

import (
	"bytes"
	"net/http"
)

// recorder keeps a copy of the answer while it is written to the client.
type recorder struct {
	http.ResponseWriter
	buf      bytes.Buffer
	overflow bool // the answer outgrew maxStoredBody: not kept
}

func (r *recorder) Write(p []byte) (int, error) {
	if !r.overflow {
		if r.buf.Len()+len(p) > maxStoredBody {
			r.overflow = true
			r.buf = bytes.Buffer{}
		} else {
			r.buf.Write(p)
		}
	}
	return r.ResponseWriter.Write(p)
}

// Flush passes on to the writer (a streamed answer).
func (r *recorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (deadlines).
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
