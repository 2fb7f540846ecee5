// Package web assembles the HTTP layer every area shares: request ids, media types,
// authentication, per-token rate limits and permissions, spec validation, security headers,
// logging and problem+json errors.
package web

import (
	"context"
	"log/slog"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	"mos/internal/platform/auth"
	"mos/internal/platform/idempotency"
	"mos/internal/platform/ratelimit"
	"mos/internal/platform/utctime"
)

// Authenticator resolves a bearer token to its principal.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (auth.Principal, error)
}

// Config wires the shared HTTP layer.
type Config struct {
	// Spec is the API description; New takes its own copy's servers out for validation.
	Spec   *openapi3.T
	Auth   Authenticator
	Logger *slog.Logger
	// BodyLimitBytes caps request bodies; 0 means 10 MB.
	BodyLimitBytes int64
	// StreamBodyLimitBytes caps the bodies of operations that stream them (x-stream-body:
	// file uploads) instead; 0 means 100 MB.
	StreamBodyLimitBytes int64
	// StreamBodyTimeout is how long the body of an operation that streams it (x-stream-body)
	// may take to arrive, in place of the server's global ReadTimeout; 0 means 30 minutes.
	StreamBodyTimeout time.Duration
	// StreamResponseTimeout is how long the response of an operation that streams it
	// (x-stream-response: file and ZIP downloads) may take to send, in place of the
	// server's global WriteTimeout; 0 means 1 hour.
	StreamResponseTimeout time.Duration
	// Idempotency replays the answers of retried requests to the operations declaring
	// Idempotency-Key; nil leaves the header unread.
	Idempotency *idempotency.Guard
	// RateLimit is each token's request budget in this process; a zero Rule limits nothing.
	RateLimit ratelimit.Rule
	Requests  RequestObserver // records every answered request (metrics); nil records nothing
}

// New returns an Echo instance with the shared middleware in place. Routes registered on
// it afterwards run behind authentication, permissions and spec validation.
func New(cfg Config) (*echo.Echo, error) {
	utctime.AcceptMissingOffset()
	ops, err := ReadOperations(cfg.Spec)
	if err != nil {
		return nil, err
	}
	if cfg.BodyLimitBytes == 0 {
		cfg.BodyLimitBytes = 10 << 20
	}
	if cfg.StreamBodyLimitBytes == 0 {
		cfg.StreamBodyLimitBytes = 100 << 20
	}
	if cfg.StreamBodyTimeout == 0 {
		cfg.StreamBodyTimeout = 30 * time.Minute
	}
	if cfg.StreamResponseTimeout == 0 {
		cfg.StreamResponseTimeout = time.Hour
	}
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(cfg.Logger)

	e.Pre(secureHeaders(ops))
	e.Pre(withRequestID, normalizeContentType)
	e.Use(
		observeRequests(ops, cfg.Requests), logRequests(cfg.Logger),
		recoverPanics,
		limitBody(ops, cfg.BodyLimitBytes, cfg.StreamBodyLimitBytes),
		streamDeadlines(ops, cfg.StreamBodyTimeout, cfg.StreamResponseTimeout),
		authenticate(ops, cfg.Auth),
		limitRate(ratelimit.New(cfg.RateLimit)), authorize(ops),
		requestValidator(cfg.Spec, ops),
		idempotent(ops, cfg.Idempotency),
	)
	// internal/httpapi adds conditional requests (internal/platform/conditional) last, once
	// the areas' handlers have declared their records.
	return e, nil
}
