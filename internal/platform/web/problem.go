package web

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"syscall"

	"github.com/labstack/echo/v4"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

// problem is the RFC 7807 body; its schema is Problem in openapi/v1.yaml.
type problem struct {
	Type      string              `json:"type"`
	Title     string              `json:"title"`
	Status    int                 `json:"status"`
	Detail    string              `json:"detail,omitempty"`
	Instance  string              `json:"instance,omitempty"`
	RequestID string              `json:"requestId,omitempty"`
	Errors    map[string][]string `json:"errors,omitempty"`
	// ErrorsOmitted counts the fields with errors that Errors leaves out (see bound).
	ErrorsOmitted int `json:"errorsOmitted,omitempty"`
}

const problemContentType = "application/problem+json"

var kindStatus = map[apperr.Kind]int{
	apperr.KindInvalid:         http.StatusBadRequest,
	apperr.KindUnauthorized:    http.StatusUnauthorized,
	apperr.KindForbidden:       http.StatusForbidden,
	apperr.KindNotFound:        http.StatusNotFound,
	apperr.KindConflict:        http.StatusConflict,
	apperr.KindGone:            http.StatusGone,
	apperr.KindUnavailable:     http.StatusServiceUnavailable,
	apperr.KindTooLarge:        http.StatusRequestEntityTooLarge,
	apperr.KindTooManyRequests: http.StatusTooManyRequests,
	apperr.KindPrecondition:    http.StatusPreconditionFailed,
}

// problemType names each status's kind of problem with a URI reference.
var problemType = map[int]string{
	http.StatusBadRequest:            "/problems/invalid-request",
	http.StatusUnauthorized:          "/problems/unauthorized",
	http.StatusForbidden:             "/problems/forbidden",
	http.StatusNotFound:              "/problems/not-found",
	http.StatusMethodNotAllowed:      "/problems/method-not-allowed",
	http.StatusRequestTimeout:        "/problems/timeout",
	http.StatusConflict:              "/problems/conflict",
	http.StatusGone:                  "/problems/gone",
	http.StatusPreconditionFailed:    "/problems/precondition-failed",
	http.StatusRequestEntityTooLarge: "/problems/too-large",
	http.StatusUnsupportedMediaType:  "/problems/unsupported-media-type",
	http.StatusUnprocessableEntity:   "/problems/unprocessable",
	http.StatusTooManyRequests:       "/problems/too-many-requests",
	http.StatusServiceUnavailable:    "/problems/unavailable",
	http.StatusInternalServerError:   "/problems/internal",
}

// collisionRetryAfterSeconds is the Retry-After of a 503 for a transaction that collided with
// another (a deadlock): the other has finished by the time the client retries.
const collisionRetryAfterSeconds = 1

// databaseRetryAfterSeconds is the Retry-After of a 503 answered while the database cannot
// be reached: the pool reconnects on the next request, so a short wait is enough.
const databaseRetryAfterSeconds = 2

// statementTimeoutRetryAfterSeconds is the Retry-After of a 503 answered when a statement
// ran past the statement timeout: the database is busy, so a longer wait.
const statementTimeoutRetryAfterSeconds = 5

// errorHandler is Echo's HTTPErrorHandler: every error of every layer (handlers, binding,
// validation, auth, routing, panics) leaves as one problem+json shape.
func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			// Too late for a problem (a ZIP or file download failing mid-stream), but not
			// too late for the operator to learn of it; a client that went away is no fault.
			if !clientGone(err) {
				log.ErrorContext(c.Request().Context(), "request failed after its response started", "err", err,
					"request_id", requestID(c), "path", c.Request().URL.Path)
			}
			return
		}
		switch {
		case db.Unavailable(err):
			// The database is down or going away: the client may retry shortly; the operator
			// hears of it once per request, as a warning rather than a failure of the code.
			log.WarnContext(c.Request().Context(), "database unavailable", "err", err, "request_id", requestID(c), "path", c.Request().URL.Path)
			err = apperr.Unavailable(databaseRetryAfterSeconds, "the database is unavailable; retry shortly")
		case db.Collided(err):
			// A deadlock or serialization failure with a concurrent request: the transaction
			// was rolled back whole, so a retry is safe; not a failure of the code.
			log.WarnContext(c.Request().Context(), "transaction collided with another", "err", err,
				"request_id", requestID(c), "path", c.Request().URL.Path)
			err = apperr.Unavailable(collisionRetryAfterSeconds, "the request collided with a concurrent one and changed nothing; retry it")
		case db.QueryCanceled(err):
			// A statement ran past the statement timeout: the database is slow or overloaded,
			// or the statement waited too long for a lock. Neither the client's fault (4xx)
			// nor a failure of the code (500): the client may retry after a while. (The same
			// code ends the statement of a client that went away; nobody reads that answer,
			// and the operator need not hear of it.)
			if c.Request().Context().Err() == nil {
				log.WarnContext(c.Request().Context(), "statement cancelled at the statement timeout", "err", err,
					"request_id", requestID(c), "path", c.Request().URL.Path)
			}
			err = apperr.Unavailable(statementTimeoutRetryAfterSeconds, "the database did not answer within the time the server allows; retry later")
		}
		p := toProblem(err)
		// An unexpected 5xx tells the client nothing (the log has it); an apperr is written
		// for the client, so its detail stays (e.g. the 503 of a tenant being provisioned).
		ae, isApp := apperr.As(err)
		if forClient := isApp && kindStatus[ae.Kind] != 0; p.Status >= 500 && !forClient && !requestGone(c, err) {
			log.ErrorContext(c.Request().Context(), "request failed", "err", err, "request_id", requestID(c), "path", c.Request().URL.Path)
			p.Detail = "internal error"
		}
		p.Instance = c.Request().URL.Path
		p.RequestID = requestID(c)
		if isApp && ae.RetryAfterSeconds > 0 {
			c.Response().Header().Set("Retry-After", strconv.Itoa(ae.RetryAfterSeconds))
		}
		p.bound()
		body, mErr := json.Marshal(p)
		if mErr != nil {
			body = []byte(`{"type":"/problems/internal","title":"Internal Server Error","status":500,"detail":"internal error"}`)
		}
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(p.Status)
			return
		}
		_ = c.Blob(p.Status, problemContentType, body)
	}
}

// requestGone reports whether err is only the request's own context ending because its
// client went away: not the server's failure, so not logged as one.
func requestGone(c echo.Context, err error) bool {
	return c.Request().Context().Err() != nil && clientGone(err)
}

// clientGone reports whether err is the client disconnecting (or cancelling) mid-response.
func clientGone(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET)
}

func toProblem(err error) problem {
	var p problem
	var he *echo.HTTPError
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		// A handler streaming its body (an upload) ran into the body limit.
		p.Status = http.StatusRequestEntityTooLarge
		p.Detail = "the request body is larger than the server accepts"
	} else if errors.Is(err, os.ErrDeadlineExceeded) {
		// A handler streaming its body (an upload) ran into its read deadline: the body did
		// not arrive in time, which is neither malformed input nor the server's failure.
		p.Status = http.StatusRequestTimeout
		p.Detail = "the request body did not arrive within the time the server allows"
	} else if ae, ok := apperr.As(err); ok {
		p.Status = kindStatus[ae.Kind]
		p.Detail = ae.Detail
		p.Errors = ae.Fields
	} else if errors.As(err, &he) {
		p.Status = he.Code
		switch m := he.Message.(type) {
		case string:
			p.Detail = m
		case error:
			p.Detail = m.Error()
		}
		if p.Status == http.StatusBadRequest && p.Detail == "" {
			p.Detail = "malformed request"
		}
	} else if db.DataException(err) {
		p.Status = http.StatusBadRequest
		p.Detail = "a value is outside what the record can hold"
	} else {
		p.Status = http.StatusInternalServerError
	}
	if p.Status == 0 {
		p.Status = http.StatusInternalServerError
	}
	p.Title = http.StatusText(p.Status)
	p.Type = problemType[p.Status]
	if p.Type == "" {
		p.Type = "about:blank"
	}
	return p
}
