package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"
)

// fakeRecords yields n numbers, then fails with err (if any); it remembers being closed.
type fakeRecords struct {
	n, at  int
	err    error
	closed bool
}

func (f *fakeRecords) Next() bool {
	if f.at >= f.n {
		return false
	}
	f.at++
	return true
}
func (f *fakeRecords) Value() int { return f.at }
func (f *fakeRecords) Err() error { return f.err }
func (f *fakeRecords) Close() error {
	f.closed = true
	return nil
}

type shape struct {
	N    int    `json:"n"`
	Text string `json:"text"`
}

func toShape(n int) shape { return shape{N: n, Text: fmt.Sprintf("<%d>", n)} }

// TestJSONArrayWritesWhatTheWholeEncodingWould proves a streamed list is the same JSON as
// the slice encoded at once, for no, one and many records (over the buffer's size), and
// that the records are closed.
func TestJSONArrayWritesWhatTheWholeEncodingWould(t *testing.T) {
	for _, n := range []int{0, 1, 3, 5000} {
		recs := &fakeRecords{n: n}
		w := httptest.NewRecorder()
		if err := (JSONArray[int, shape]{Records: recs, ToAPI: toShape}).Write(w); err != nil {
			t.Fatal(err)
		}
		want := make([]shape, n)
		for i := range want {
			want[i] = toShape(i + 1)
		}
		var got []shape
		if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
			t.Fatalf("%d records: %v in %q", n, err, w.Body.String())
		}
		if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/json" || got == nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%d records: %d %q, got %d records", n, w.Code, w.Header().Get("Content-Type"), len(got))
		}
		if !recs.closed {
			t.Fatalf("%d records: the records were not closed", n)
		}
	}
}

// TestJSONArrayFailures proves a failure before the first record leaves the answer unsent
// (so it becomes an ordinary problem), and one after it ends the body as invalid JSON, so
// that no client takes a cut list for a whole one.
func TestJSONArrayFailures(t *testing.T) {
	broken := errors.New("connection lost")

	before := &fakeRecords{n: 0, err: broken}
	w := httptest.NewRecorder()
	if err := (JSONArray[int, shape]{Records: before, ToAPI: toShape}).Write(w); !errors.Is(err, broken) || w.Body.Len() != 0 || w.Header().Get("Content-Type") != "" {
		t.Fatalf("failure before the first record: %v, body %q", err, w.Body.String())
	}

	midway := &fakeRecords{n: 3, err: broken}
	w = httptest.NewRecorder()
	if err := (JSONArray[int, shape]{Records: midway, ToAPI: toShape}).Write(w); !errors.Is(err, broken) {
		t.Fatalf("failure midway: %v", err)
	}
	var got []shape
	if json.Valid(w.Body.Bytes()) || json.Unmarshal(w.Body.Bytes(), &got) == nil {
		t.Fatalf("a list cut short reads as valid JSON: %q", w.Body.String())
	}
	if !before.closed || !midway.closed {
		t.Fatal("the records were not closed")
	}
}
