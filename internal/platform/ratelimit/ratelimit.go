// Package ratelimit keeps a token-bucket budget per key (the web layer keys it by API
// token id) in this process's memory, on golang.org/x/time/rate. Buckets that have refilled
// are dropped, so memory holds only the keys seen within one refill period.
package ratelimit

import (
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Rule is a budget: a bucket of Burst requests, refilled at PerMinute requests a minute.
// Either at 0 (or below) turns limiting off.
type Rule struct {
	PerMinute int
	Burst     int
}

// Default is the budget of a server whose configuration names none.
var Default = Rule{PerMinute: 6000, Burst: 200}

// Off reports whether r limits nothing.
func (r Rule) Off() bool { return r.PerMinute <= 0 || r.Burst <= 0 }

// Decision is the answer to one request: whether it may run, and the state of its bucket
// for the RateLimit-* headers.
type Decision struct {
	Allowed bool
	// Limit is the bucket's capacity (Rule.Burst).
	Limit int
	// Remaining is how many more requests the bucket holds now.
	Remaining int
	// Reset is how long until the bucket is full again.
	Reset time.Duration
	// RetryAfter is, for a request refused, how long until the bucket holds one request.
	RetryAfter time.Duration
}

// Limiter holds one bucket per key. Its zero value is not usable: call New.
type Limiter struct {
	rule    Rule
	perSec  float64
	refill  time.Duration // how long an empty bucket takes to fill
	now     func() time.Time
	mu      sync.Mutex
	buckets map[string]*rate.Limiter
	swept   time.Time
}

// New returns a limiter for r, or nil when r is off.
func New(r Rule) *Limiter {
	return newAt(r, time.Now)
}

func newAt(r Rule, now func() time.Time) *Limiter {
	if r.Off() {
		return nil
	}
	perSec := float64(r.PerMinute) / 60
	return &Limiter{
		rule:    r,
		perSec:  perSec,
		refill:  time.Duration(float64(r.Burst) / perSec * float64(time.Second)),
		now:     now,
		buckets: map[string]*rate.Limiter{},
		swept:   now(),
	}
}

// Take spends one request of key's bucket, when it holds one.
func (l *Limiter) Take(key string) Decision {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.sweep(now)
	b, ok := l.buckets[key]
	if !ok {
		b = rate.NewLimiter(rate.Limit(l.perSec), l.rule.Burst)
		l.buckets[key] = b
	}
	allowed := b.AllowN(now, 1)
	tokens := max(b.TokensAt(now), 0)
	d := Decision{
		Allowed:   allowed,
		Limit:     l.rule.Burst,
		Remaining: int(math.Floor(tokens)),
		Reset:     l.after(float64(l.rule.Burst) - tokens),
	}
	if !allowed {
		d.RetryAfter = l.after(1 - tokens)
	}
	return d
}

// after is how long the bucket takes to gain n requests.
func (l *Limiter) after(n float64) time.Duration {
	if n <= 0 {
		return 0
	}
	return time.Duration(n / l.perSec * float64(time.Second))
}

// sweep drops the buckets that are full again, once per refill period (once a minute
// when refilling takes longer): a full bucket is the same as one never used, so forgetting it
// changes no answer, and the map holds only the keys seen in the last period or two.
func (l *Limiter) sweep(now time.Time) {
	if now.Sub(l.swept) < min(l.refill, time.Minute) {
		return
	}
	l.swept = now
	full := float64(l.rule.Burst)
	for key, b := range l.buckets {
		if b.TokensAt(now) >= full {
			delete(l.buckets, key)
		}
	}
}

// Buckets is how many keys the limiter holds a bucket for.
func (l *Limiter) Buckets() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}
