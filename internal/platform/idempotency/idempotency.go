// Package idempotency makes retries safe. A request to an operation that declares the
// Idempotency-Key header (the shared IdempotencyKey parameter of openapi/v1.yaml) and sends
// one runs once per tenant and key: a retry with the same key and the same request (method,
// path, query and body) within 24 hours is answered the first answer again (status, body and
// the headers a client needs, such as Location) without running again; the same key with a
// different request answers 422; a retry while the first request still runs answers 409
// with Retry-After, holding no connection while it waits.
//
// What is stored: every answer below 500 except 408 (its body did not arrive, so the
// request is not known) and an upload answered before its body was read to the end; a 4xx
// is stored like a 2xx, so a retry hears the same refusal. A 5xx is not stored: its claim
// on the key is given back and a retry runs again. Requests refused before their handler
// (authentication, permissions, the request validator) never touch the key.
//
// Keys live in PostgreSQL (table idempotency_keys), claimed with one statement before the
// handler runs and completed with another after it, so no connection is held while it
// runs; DeleteExpired removes keys past the retention.
package idempotency

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/db"
)

const (
	// Header is the request header naming the key.
	Header = "Idempotency-Key"
	// ReplayedHeader marks an answer replayed from a stored one.
	ReplayedHeader = "Idempotent-Replayed"
	// SpecParameter is the shared parameter an operation declares to take the key.
	SpecParameter = "#/components/parameters/IdempotencyKey"
	// Retention is how long a key's answer is replayed; older keys are ignored (a request
	// with one runs) and swept.
	Retention = 24 * time.Hour
	// DefaultLease is how long a claim may stay running before a retry takes the request
	// for abandoned (its process died before answering) and runs it.
	DefaultLease = time.Hour
	// inFlightRetryAfter is the Retry-After, in seconds, of the 409 for a key in use.
	inFlightRetryAfter = 1
	// maxStoredBody bounds the answer kept for replay; the operations that take a key
	// answer a record or an id, far below it. A larger answer is not stored (and logged).
	maxStoredBody = 8 << 20
	// claimAttempts bounds the retries of a claim that lost a race with a key's release.
	claimAttempts = 3
	// storeTimeout bounds the statements that record an answer, which run even when the
	// client has gone away (its retry is what they are for).
	storeTimeout = 10 * time.Second
)

// replayedHeaders are the response headers stored with an answer: what a client acts on.
// Per-request headers (X-Request-Id, rate-limit budgets) are the retry's own.
var replayedHeaders = []string{"Location", "Content-Location", "ETag", "Last-Modified"}

// Route is what the middleware needs to know of the operation a request is for.
type Route struct {
	// StreamBody: the handler streams the request body (an upload), so the middleware
	// hashes it as it is read rather than holding it.
	StreamBody bool
}

// Options tune a Guard; zero values take the defaults.
type Options struct {
	// Lease: see DefaultLease. It must be longer than any request may run (an upload's
	// body timeout included), or a slow request's retry runs it a second time.
	Lease  time.Duration
	Logger *slog.Logger
}

// Guard is the idempotency middleware's state.
type Guard struct {
	pool  *db.Pool
	lease time.Duration
	log   *slog.Logger
}

// New returns a Guard keeping its keys in pool.
func New(pool *db.Pool, opts Options) *Guard {
	if opts.Lease <= 0 {
		opts.Lease = DefaultLease
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return &Guard{pool: pool, lease: opts.Lease, log: opts.Logger}
}

// answer is what a request answered, as stored and replayed.
type answer struct {
	Status      int
	ContentType string
	Headers     map[string]string
	Body        []byte
}

// record is a key's live row: a request running, or done with its answer.
type record struct {
	Done        bool
	Fingerprint []byte
	Answer      answer
}

// Middleware guards the requests whose route routeOf declares (ok true). It must run after
// authentication (keys belong to the caller's tenant) and after the request validator (a
// request it refuses never claims a key, and a JSON body is compared as the value it
// validated).
func (g *Guard) Middleware(routeOf func(echo.Context) (Route, bool)) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			route, declared := routeOf(c)
			if !declared {
				return next(c)
			}
			key, sent, err := keyOf(c.Request())
			if err != nil {
				return err
			}
			if !sent {
				return next(c)
			}
			return g.serve(c, next, route, auth.TenantID(c.Request().Context()), key)
		}
	}
}

// keyOf reads the key; sent is false when the request has none.
func keyOf(req *http.Request) (key string, sent bool, err error) {
	values, sent := req.Header[Header]
	if !sent {
		return "", false, nil
	}
	if len(values) != 1 {
		return "", true, apperr.Field(Header, "send one %s header, not %d", Header, len(values))
	}
	if !ValidKey(values[0]) {
		return "", true, apperr.Field(Header, "must be 1 to 255 printable ASCII characters")
	}
	return values[0], true, nil
}

// ValidKey reports whether key is 1 to 255 printable ASCII characters (space to tilde).
func ValidKey(key string) bool {
	if len(key) == 0 || len(key) > 255 {
		return false
	}
	for i := 0; i < len(key); i++ {
		if key[i] < ' ' || key[i] > '~' {
			return false
		}
	}
	return true
}

func (g *Guard) serve(c echo.Context, next echo.HandlerFunc, route Route, tenant, key string) error {
	req := c.Request()
	ctx := req.Context()
	// A non-streamed body is in memory already: its fingerprint is known before the claim.
	// A streamed one is hashed as the handler reads it (first request) or here (retry).
	var fp []byte
	if !route.StreamBody {
		sum, err := wholeBodySum(req)
		if err != nil {
			return err
		}
		fp = fingerprint(req, sum)
	}
	claimID := newClaimID()
	for range claimAttempts {
		claimed, err := claim(ctx, g.pool, tenant, key, claimID, Retention, g.lease)
		if err != nil {
			return err
		}
		if claimed {
			return g.run(c, next, route, tenant, key, claimID, fp)
		}
		p, live, err := prior(ctx, g.pool, tenant, key, Retention)
		if err != nil {
			return err
		}
		if !live {
			continue // released or expired since the claim: claim again
		}
		if !p.Done {
			c.Response().Header().Set("Retry-After", strconv.Itoa(inFlightRetryAfter))
			return apperr.Conflict("a request with this %s is still running: retry after it answers to get its answer", Header)
		}
		if fp == nil {
			sum, err := streamedBodySum(req)
			if err != nil {
				return err
			}
			fp = fingerprint(req, sum)
		}
		if !bytes.Equal(fp, p.Fingerprint) {
			return echo.NewHTTPError(http.StatusUnprocessableEntity, fmt.Sprintf(
				"this %s was used in the last %d hours for a different request (method, path, query or body): send a new key for a new request",
				Header, int(Retention.Hours())))
		}
		return replay(c, p.Answer)
	}
	c.Response().Header().Set("Retry-After", strconv.Itoa(inFlightRetryAfter))
	return apperr.Conflict("a request with this %s is changing hands: retry", Header)
}

// run executes the request holding the claim and stores its answer, or gives the claim
// back when there is none to store (a 5xx, a panic).
func (g *Guard) run(c echo.Context, next echo.HandlerFunc, route Route, tenant, key, claimID string, fp []byte) error {
	req := c.Request()
	// The answer is recorded even when the client has gone away: its retry is what it is for.
	storeCtx := context.WithoutCancel(req.Context())
	var body *teeBody
	if route.StreamBody {
		body = &teeBody{ReadCloser: req.Body, hash: newBodyHash(req.Header.Get("Content-Type"))}
		req.Body = body
	}
	rec := &recorder{ResponseWriter: c.Response().Writer}
	c.Response().Writer = rec
	stored := false
	defer func() {
		c.Response().Writer = rec.ResponseWriter
		if stored {
			return
		}
		ctx, cancel := context.WithTimeout(storeCtx, storeTimeout)
		defer cancel()
		if rErr := release(ctx, g.pool, tenant, key, claimID); rErr != nil {
			g.log.ErrorContext(ctx, "idempotency: give back a key", "err", rErr)
		}
	}()

	// The answer is written here, inside the claim, so that it can be recorded: an error
	// goes through the one error handler now rather than after the middleware returns.
	if hErr := next(c); hErr != nil {
		c.Error(hErr)
	}
	status := c.Response().Status
	if !storable(status) {
		return nil
	}
	if rec.overflow {
		g.log.ErrorContext(req.Context(), "idempotency: answer too large to store; a retry runs again",
			"route", c.Path(), "status", status)
		return nil
	}
	if body != nil {
		if !body.finish() {
			return nil
		}
		fp = fingerprint(req, body.hash.Sum())
	}
	a := answer{Status: status, ContentType: c.Response().Header().Get(echo.HeaderContentType), Headers: map[string]string{}, Body: rec.buf.Bytes()}
	for _, h := range replayedHeaders {
		if v := c.Response().Header().Get(h); v != "" {
			a.Headers[h] = v
		}
	}
	ctx, cancel := context.WithTimeout(storeCtx, storeTimeout)
	defer cancel()
	if err := complete(ctx, g.pool, tenant, key, claimID, fp, a); err != nil {
		// The work is done; giving the key back would let a retry do it again. The claim
		// stays running, and retries answer 409 until its lease runs out.
		g.log.ErrorContext(ctx, "idempotency: store an answer", "err", err)
	}
	stored = true
	return nil
}

// storable reports whether an answer of status is replayed to retries: not a 5xx (the
// retry runs again) and not a 408 (the body did not arrive; it is not known what was asked).
func storable(status int) bool {
	return status < 500 && status != http.StatusRequestTimeout
}

// replay writes a stored answer.
func replay(c echo.Context, a answer) error {
	h := c.Response().Header()
	for name, v := range a.Headers {
		h.Set(name, v)
	}
	h.Set(ReplayedHeader, "true")
	if a.ContentType == "" {
		return c.NoContent(a.Status)
	}
	return c.Blob(a.Status, a.ContentType, a.Body)
}

func newClaimID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b)
}
