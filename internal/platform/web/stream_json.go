package web

import (
	"bufio"
	"encoding/json"
	"net/http"
)

// Records is a stream of records, such as db.Cursor: read with Next and Value, stopped
// early by an error in Err, released by Close.
type Records[T any] interface {
	Next() bool
	Value() T
	Err() error
	Close() error
}

// JSONArray is a 200 answer written as a JSON array of records as they are read, each turned
// into its API shape by toAPI: a page of thousands is never held whole, not as rows, records
// or JSON. A list operation's handler answers with it through a one-line adapter naming the
// operation's Visit method.
type JSONArray[T, A any] struct {
	Records Records[T]
	ToAPI   func(T) A
}

// streamBufferBytes is how much of the answer is gathered before it is sent.
const streamBufferBytes = 32 << 10

// Write sends the array. An error after the first bytes are sent cannot become a problem: the
// body then ends early, as invalid JSON, and the error is returned for the log.
func (a JSONArray[T, A]) Write(w http.ResponseWriter) error {
	defer func() { _ = a.Records.Close() }()
	if !a.Records.Next() {
		// Nothing read yet, nothing sent: an error is still an ordinary problem answer.
		if err := a.Records.Err(); err != nil {
			return err
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, err := w.Write([]byte("[]\n"))
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	buf := bufio.NewWriterSize(w, streamBufferBytes)
	enc := json.NewEncoder(buf)
	sep := byte('[')
	for {
		if err := buf.WriteByte(sep); err != nil {
			return err
		}
		if err := enc.Encode(a.ToAPI(a.Records.Value())); err != nil {
			return err
		}
		sep = ','
		if !a.Records.Next() {
			break
		}
	}
	if err := a.Records.Err(); err != nil {
		return err
	}
	if _, err := buf.WriteString("]\n"); err != nil {
		return err
	}
	return buf.Flush()
}
