package ratelimit

import (
	"fmt"
	"testing"
	"time"
)

// clock is a fake time source the tests move by hand.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }
func newClock() *clock                   { return &clock{t: time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)} }

func TestOffRulesLimitNothing(t *testing.T) {
	for _, r := range []Rule{{}, {PerMinute: 0, Burst: 10}, {PerMinute: 60, Burst: 0}, {PerMinute: -1, Burst: 5}} {
		if !r.Off() || New(r) != nil {
			t.Fatalf("%+v: want off and no limiter", r)
		}
	}
	if Default.Off() || Default.PerMinute != 6000 || Default.Burst != 200 {
		t.Fatalf("default %+v", Default)
	}
}

// TestBucketSpendsBurstThenRefusesUntilRefilled walks one bucket of 3 refilled at one a
// second: three requests pass counting down, the fourth is refused with the wait for one
// request, and time refills the bucket.
func TestBucketSpendsBurstThenRefusesUntilRefilled(t *testing.T) {
	c := newClock()
	l := newAt(Rule{PerMinute: 60, Burst: 3}, c.now)
	for i, want := range []Decision{
		{Allowed: true, Limit: 3, Remaining: 2, Reset: time.Second},
		{Allowed: true, Limit: 3, Remaining: 1, Reset: 2 * time.Second},
		{Allowed: true, Limit: 3, Remaining: 0, Reset: 3 * time.Second},
		{Allowed: false, Limit: 3, Remaining: 0, Reset: 3 * time.Second, RetryAfter: time.Second},
	} {
		if got := l.Take("token-a"); got != want {
			t.Fatalf("request %d: got %+v, want %+v", i+1, got, want)
		}
	}
	// Another key has its own bucket.
	if got := l.Take("token-b"); !got.Allowed || got.Remaining != 2 {
		t.Fatalf("other key: %+v", got)
	}
	c.advance(1500 * time.Millisecond)
	got := l.Take("token-a")
	if !got.Allowed || got.Remaining != 0 || got.Reset != 2500*time.Millisecond {
		t.Fatalf("after 1.5s: %+v, want allowed with 0 left, full in 2.5s", got)
	}
	got = l.Take("token-a")
	if got.Allowed || got.RetryAfter != 500*time.Millisecond {
		t.Fatalf("right after: %+v, want refused for 0.5s", got)
	}
}

// TestIdleBucketsAreEvicted proves memory stays bounded: buckets of keys not seen for a
// refill period are dropped, and a dropped key starts again with a full bucket.
func TestIdleBucketsAreEvicted(t *testing.T) {
	c := newClock()
	l := newAt(Rule{PerMinute: 600, Burst: 20}, c.now) // refills in 2s
	for i := range 1000 {
		l.Take(fmt.Sprintf("token-%d", i))
	}
	if n := l.Buckets(); n != 1000 {
		t.Fatalf("%d buckets, want 1000", n)
	}
	c.advance(1500 * time.Millisecond)
	for range 20 {
		l.Take("busy")
	}
	c.advance(500 * time.Millisecond) // every idle bucket is full again, the busy one not yet
	l.Take("busy")
	if n := l.Buckets(); n != 1 {
		t.Fatalf("%d buckets after a refill period, want only the busy key's", n)
	}
	if got := l.Take("token-7"); !got.Allowed || got.Remaining != 19 {
		t.Fatalf("evicted key came back with %+v, want a full bucket less one", got)
	}
}
