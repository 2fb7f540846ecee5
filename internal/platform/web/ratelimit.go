package web

import (
	"math"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/ratelimit"
)

// The rate-limit header fields (the IETF httpapi draft's RateLimit-Limit, -Remaining and
// -Reset): the bucket's capacity, the requests it still holds, and the seconds until it is
// full again.
const (
	headerRateLimitLimit     = "RateLimit-Limit"
	headerRateLimitRemaining = "RateLimit-Remaining"
	headerRateLimitReset     = "RateLimit-Reset"
)

// limitRate spends one request of the calling token's budget (keyed by the token's id,
// never its secret) on every authenticated request, and answers 429 with Retry-After when
// the budget is spent. Every answer to an authenticated request carries the RateLimit-*
// headers, the 429 too, whatever the handler answers after. A nil limiter (limiting off)
// passes every request without headers. The budget lives in this process's memory.
func limitRate(l *ratelimit.Limiter) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		if l == nil {
			return next
		}
		return func(c echo.Context) error {
			p, ok := auth.Lookup(c.Request().Context())
			if !ok {
				return next(c)
			}
			d := l.Take(p.TokenID)
			h := c.Response().Header()
			h.Set(headerRateLimitLimit, strconv.Itoa(d.Limit))
			h.Set(headerRateLimitRemaining, strconv.Itoa(d.Remaining))
			h.Set(headerRateLimitReset, strconv.Itoa(ceilSeconds(d.Reset)))
			if !d.Allowed {
				return apperr.TooManyRequests(max(ceilSeconds(d.RetryAfter), 1),
					"this token has used its request budget (%d at once, refilled over time); retry after the seconds in Retry-After", d.Limit)
			}
			return next(c)
		}
	}
}

// ceilSeconds rounds d up to whole seconds, as the headers count them.
func ceilSeconds(d time.Duration) int {
	return int(math.Ceil(d.Seconds()))
}
