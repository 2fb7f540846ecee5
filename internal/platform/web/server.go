// Package web assembles the HTTP layer every area shares: request ids, media types,
// authentication and permissions, spec validation, logging and problem+json errors.
package web

import (
	"context"
	"log/slog"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	"mos/internal/platform/auth"
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
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(cfg.Logger)

	e.Pre(withRequestID, normalizeContentType)
	e.Use(
		logRequests(cfg.Logger),
		recoverPanics,
		limitBody(ops, cfg.BodyLimitBytes, cfg.StreamBodyLimitBytes),
		authenticate(ops, cfg.Auth),
		requestValidator(cfg.Spec, ops),
	)
	return e, nil
}
