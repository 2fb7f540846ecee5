// Package db opens the PostgreSQL pool, runs transactions and migrations, and
// classifies PostgreSQL errors so stores can turn them into their area's errors.
package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Q is what store methods run SQL on: the pool for reads, a transaction for writes.
type Q = sqlx.ExtContext

// Pool is the service's connection pool.
type Pool struct {
	*sqlx.DB
	// url is what the pool connects with, for the connections of its own that Listen opens;
	// empty on a pool built around a handle (Listen then reports that it cannot listen).
	url string
	// statements are the prepared statements of GetPrepared, by their text.
	statements sync.Map
}

// Limits bound what the pool holds and how long one statement may run. Zero values take
// the defaults below.
type Limits struct {
	// MaxOpenConns caps the connections the pool opens; a request waits for one beyond it.
	MaxOpenConns int
	// MaxIdleConns is how many connections the pool keeps open while idle (at most
	// MaxOpenConns; zero: MaxOpenConns). Fewer than MaxOpenConns makes a busy server close
	// connections as requests release them and open new ones (a new PostgreSQL backend each)
	// for the next requests; ConnMaxIdleTime closes what a quiet server does not use.
	MaxIdleConns int
	// ConnMaxLifetime closes a connection after it has been open this long (when it is next
	// idle), so the server's memory per backend and any change of DNS are picked up.
	ConnMaxLifetime time.Duration
	// StatementTimeout is PostgreSQL's statement_timeout on every connection of the pool:
	// the server cancels a statement (also one waiting for a lock) that runs longer, so a
	// slow query cannot hold a pooled connection past it. The connection stays usable and
	// goes back to the pool; the statement fails with QueryCanceled.
	StatementTimeout time.Duration
}

// Defaults of Limits.
const (
	DefaultMaxOpenConns     = 20
	DefaultConnMaxLifetime  = time.Hour
	DefaultStatementTimeout = 30 * time.Second
)

// WithDefaults fills the zero values of l.
func (l Limits) WithDefaults() Limits {
	if l.MaxOpenConns <= 0 {
		l.MaxOpenConns = DefaultMaxOpenConns
	}
	if l.MaxIdleConns <= 0 {
		l.MaxIdleConns = l.MaxOpenConns
	}
	l.MaxIdleConns = min(l.MaxIdleConns, l.MaxOpenConns)
	if l.ConnMaxLifetime <= 0 {
		l.ConnMaxLifetime = DefaultConnMaxLifetime
	}
	if l.StatementTimeout <= 0 {
		l.StatementTimeout = DefaultStatementTimeout
	}
	return l
}

// Open connects to url with the default Limits (see OpenWith).
func Open(ctx context.Context, rawURL string) (*Pool, error) {
	return OpenWith(ctx, rawURL, Limits{})
}

// OpenWith connects to url with the session time zone forced to UTC, so timestamptz values
// come back as UTC instants, and every connection under lim's statement timeout. Queries
// run with a request's context stop when it ends (a client that goes away): lib/pq then
// asks the server to cancel the statement and drops the connection.
func OpenWith(ctx context.Context, rawURL string, lim Limits) (*Pool, error) {
	lim = lim.WithDefaults()
	u, err := withSessionSettings(rawURL, lim.StatementTimeout)
	if err != nil {
		return nil, hideURL(err, rawURL)
	}
	d, err := sqlx.Open("postgres", u)
	if err != nil {
		return nil, hideURL(fmt.Errorf("open database: %w", err), rawURL, u)
	}
	d.SetMaxOpenConns(lim.MaxOpenConns)
	d.SetMaxIdleConns(lim.MaxIdleConns)
	d.SetConnMaxLifetime(lim.ConnMaxLifetime)
	d.SetConnMaxIdleTime(5 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := d.PingContext(pingCtx); err != nil {
		_ = d.Close()
		return nil, hideURL(fmt.Errorf("connect to database: %w", err), rawURL, u)
	}
	return &Pool{DB: d, url: u}, nil
}

// hideURL keeps the database URLs, which may carry a password, out of err's message (the
// errors of url.Parse quote the whole URL), so that no log or terminal shows them.
func hideURL(err error, urls ...string) error {
	msg := err.Error()
	hidden := msg
	for _, u := range urls {
		if u != "" {
			hidden = strings.ReplaceAll(hidden, u, "<DATABASE_URL>")
		}
	}
	if hidden == msg {
		return err
	}
	return errors.New(hidden)
}

// SessionURL is rawURL with the session settings every connection of a pool opened with
// lim starts with (see withSessionSettings), for a pool built around a connector of its own
// (the statement-counting pools of the tests) that must behave as the service's.
func SessionURL(rawURL string, lim Limits) (string, error) {
	u, err := withSessionSettings(rawURL, lim.WithDefaults().StatementTimeout)
	if err != nil {
		return "", hideURL(err, rawURL)
	}
	return u, nil
}

// withSessionSettings adds the run-time parameters every connection starts with (lib/pq
// sends unknown URL parameters to the server as such): timezone UTC unless the URL names
// one, the statement timeout in milliseconds, and JIT off unless the URL names it.
func withSessionSettings(rawURL string, statementTimeout time.Duration) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	q := u.Query()
	if q.Get("timezone") == "" {
		q.Set("timezone", "UTC")
	}
	q.Set("statement_timeout", strconv.FormatInt(max(statementTimeout.Milliseconds(), 1), 10))
	// No JIT compilation: it pays off for long analytical queries, while this service's
	// statements are short, and a page of a few thousand rows would pay tens of
	// milliseconds of compiling for nothing.
	if q.Get("jit") == "" {
		q.Set("jit", "off")
	}
	// Send each statement with its parameters in one round trip (Parse, Bind and Execute
	// together) instead of lib/pq's default of a round trip to prepare it first. Parameters
	// given as []byte then go in binary form, which only bytea columns take: stores pass
	// JSON and text as strings.
	q.Set("binary_parameters", "yes")
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// WithTx runs fn in one transaction, committing when fn returns nil and rolling back
// otherwise (also on panic). Inside a request transaction that ctx carries it runs as a
// savepoint of it instead (see BeginRequest).
func (p *Pool) WithTx(ctx context.Context, fn func(q Q) error) (err error) {
	if rt := p.joined(ctx); rt != nil {
		return rt.savepoint(ctx, fn)
	}
	tx, err := p.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	defer func() {
		if r := recover(); r != nil {
			_ = tx.Rollback()
			panic(r)
		}
	}()
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// PostgreSQL error codes the stores act on.
const (
	codeUniqueViolation     = "23505"
	codeForeignKeyViolation = "23503"
	codeCheckViolation      = "23514"
	codeQueryCanceled       = "57014"
)

func pgError(err error, code string) (string, bool) {
	var pe *pq.Error
	if errors.As(err, &pe) && string(pe.Code) == code {
		return pe.Constraint, true
	}
	return "", false
}

// UniqueViolation reports whether err is a unique violation, and of which constraint or index.
func UniqueViolation(err error) (constraint string, ok bool) {
	return pgError(err, codeUniqueViolation)
}

// ForeignKeyViolation reports whether err is a foreign-key violation, and of which constraint.
func ForeignKeyViolation(err error) (constraint string, ok bool) {
	return pgError(err, codeForeignKeyViolation)
}

// CheckViolation reports whether err is a check-constraint violation, and of which constraint.
func CheckViolation(err error) (constraint string, ok bool) {
	return pgError(err, codeCheckViolation)
}

// StringArray adapts a []string to a PostgreSQL text[] parameter or scan target.
func StringArray(s *[]string) interface {
	Scan(any) error
} {
	return (*pq.StringArray)(s)
}

// Array wraps a slice as a PostgreSQL array parameter.
func Array(v any) any { return pq.Array(v) }

// DataException reports whether PostgreSQL refused a value itself (SQLSTATE class 22: out
// of range, too long, invalid text representation). Services validate first; this is the
// safety net that keeps such input a 400 rather than a 500.
func DataException(err error) bool {
	var pe *pq.Error
	return errors.As(err, &pe) && pe.Code.Class() == "22"
}

// Unavailable reports whether err means the database cannot be reached or is going away
// (refused or dropped connections, a server shutting down or starting up, too many
// connections): no fault of the request, which may succeed when retried shortly. The web
// layer answers these 503 with Retry-After rather than 500.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	var pe *pq.Error
	if errors.As(err, &pe) {
		switch pe.Code.Class() {
		case "08": // connection exception
			return true
		case "57": // operator intervention: admin or crash shutdown, cannot connect now
			return pe.Code != "57014" // query_canceled is a statement timeout or a cancel, not an outage
		case "53": // insufficient resources: too many connections, out of memory or disk
			return pe.Code == "53300"
		}
		return false
	}
	// Only failures of reaching the database count: refused or failed dials, and connections
	// the server dropped (reset). An error of the request's own connection can look alike —
	// a body that ends early, a read timeout — and is the client's; a reset of the client's
	// connection leaves nobody to read the answer, so counting it too costs nothing.
	var opErr *net.OpError
	return errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) ||
		(errors.As(err, &opErr) && opErr.Op == "dial")
}

// QueryCanceled reports whether PostgreSQL cancelled a statement (SQLSTATE 57014): it ran
// past the statement timeout (the database is slow or overloaded, or the statement waited
// too long for a lock), or its request's client went away.
func QueryCanceled(err error) bool {
	_, ok := pgError(err, codeQueryCanceled)
	return ok
}

// Collided reports whether PostgreSQL broke off a transaction because it collided with another
// (SQLSTATE 40001 serialization failure, 40P01 deadlock): nothing of it was written, and the
// same request sent again will most likely succeed.
func Collided(err error) bool {
	var pe *pq.Error
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// Found runs query, a SELECT of at most one row (usually locking it), and answers whether it
// found one; what names the row in errors. The owner checks of registries (attachments, notes)
// are this one call.
func Found(ctx context.Context, q Q, what, query string, args ...any) (bool, error) {
	var found bool
	err := q.QueryRowxContext(ctx, query, args...).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("find %s: %w", what, err)
	}
	return true, nil
}
