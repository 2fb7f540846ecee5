package web

import (
	"strings"
	"time"

	"github.com/labstack/echo/v4"
)

// RequestObserver records every answered request (package metrics implements it).
type RequestObserver interface {
	// ObserveRequest is called once per request with the operationId of the spec operation
	// it matched ("" for none), its method, its final status and how long it took.
	ObserveRequest(operation, method string, status int, elapsed time.Duration)
}

// observeRequests hands every request's outcome to o. It sits just outside logRequests,
// which has turned a handler's error into the answer by the time it returns, so the status
// seen here is the one the client gets. A nil o records nothing.
func observeRequests(ops Operations, o RequestObserver) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		if o == nil {
			return next
		}
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			op, _ := ops.of(c)
			o.ObserveRequest(op.ID, c.Request().Method, c.Response().Status, time.Since(start))
			return err
		}
	}
}

// specOperationID is an operation id as openapi/v1.yaml spells it (getVendor): the copy of
// the spec gen embeds has each id with a capital first letter (GetVendor), and requests are
// labelled with the contract's names.
func specOperationID(id string) string {
	if id == "" {
		return id
	}
	return strings.ToLower(id[:1]) + id[1:]
}
