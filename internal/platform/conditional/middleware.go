package conditional

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
)

const (
	headerETag         = "ETag"
	headerIfMatch      = "If-Match"
	headerIfNoneMatch  = "If-None-Match"
	headerCacheControl = "Cache-Control"
	// recordCacheControl lets only the client keep a record's answer, and use it only after
	// revalidating it (If-None-Match): the record may change at any time.
	recordCacheControl = "private, no-cache"
)

// Middleware serves the declared operations; it runs after authentication and validation,
// just before the handler.
//
// A GET reads the record's ETag first, then runs the handler (or, for a record declared
// ReadWithAnswer, takes the ETag the handler read in the statement that read the record), so
// the ETag is never newer than the answer: a client sending it back in If-Match can at worst be refused for a change
// it has already seen, never let through over one it has not. A 200 carries the ETag, or
// becomes 304 without a body when If-None-Match names it; both carry Cache-Control
// "private, no-cache". (The generated code writes the headers the spec declares, empty; the
// values are set here, over them.)
//
// A PUT, PATCH or DELETE (or a POST updating the record) runs in a request transaction (see db.Pool.BeginRequest) in which,
// when If-Match is sent, the record's row is locked and its ETag compared before the handler
// runs: a mismatch (or no such record) is 412, and nothing runs. The handler's own
// transactions join the request's as savepoints, so its writes and the comparison commit
// together, and the answer is sent only after the commit. A PUT or PATCH answering the record
// carries its new ETag, read in the same transaction as the answer.
func (g *Guard) Middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		o, ok := g.ops[c.Request().Method+" "+c.Path()]
		if !ok {
			return next(c)
		}
		// A list header may come in several lines (RFC 9110); the generated code binding the
		// operation's parameters takes one, so they are joined as the RFC allows.
		for _, name := range []string{headerIfMatch, headerIfNoneMatch} {
			if values := c.Request().Header.Values(name); len(values) > 1 {
				c.Request().Header.Set(name, strings.Join(values, ", "))
			}
		}
		if o.method == http.MethodGet {
			return g.read(c, o, next)
		}
		return g.write(c, o, next)
	}
}

// args are the bind parameters naming the record of c's request.
func (r *record) args(c echo.Context) []any {
	args := []any{auth.From(c.Request().Context()).TenantID}
	for _, p := range r.params {
		args = append(args, c.Param(p))
	}
	return args
}

func (g *Guard) read(c echo.Context, o *operation, next echo.HandlerFunc) error {
	var cond *condition
	if values := c.Request().Header.Values(headerIfNoneMatch); len(values) > 0 {
		parsed, err := parseCondition(headerIfNoneMatch, values)
		if err != nil {
			return err
		}
		cond = &parsed
	}
	if o.rec.readWithAnswer {
		return readWithAnswer(c, o, cond, next)
	}
	ctx := c.Request().Context()
	tag, found, err := o.rec.current(ctx, g.pool, o.rec.args(c), false)
	if err != nil {
		return err
	}
	if !found {
		return next(c) // the handler answers what it answers for a record that is not there
	}
	answer, err := capture(c, next)
	if err != nil {
		return err
	}
	return answerRead(c, answer, tag, cond)
}

// readWithAnswer serves the GET of a record whose handler reads the ETag in the statement
// that reads the record and hands it over with Answered: one statement, and the ETag is
// exactly as old as the answer.
func readWithAnswer(c echo.Context, o *operation, cond *condition, next echo.HandlerFunc) error {
	req := c.Request()
	a := &answeredTag{}
	c.SetRequest(req.WithContext(context.WithValue(req.Context(), answeredKey{}, a)))
	defer c.SetRequest(req)
	answer, err := capture(c, next)
	if err != nil {
		return err
	}
	if answer.status == http.StatusOK && !a.set {
		return fmt.Errorf("%s answered its record without the ETag it declares it reads with it", o.id)
	}
	return answerRead(c, answer, a.tag, cond)
}

// answerRead sends a GET's answer with the record's ETag, or 304 when If-None-Match names it.
func answerRead(c echo.Context, answer *captured, tag string, cond *condition) error {
	if answer.status == http.StatusOK {
		if cond != nil && cond.matchesWeak(tag) {
			h := c.Response().Header()
			h.Set(headerETag, quoted(tag))
			h.Set(headerCacheControl, recordCacheControl)
			return c.NoContent(http.StatusNotModified)
		}
		answer.header.Set(headerETag, quoted(tag))
		answer.header.Set(headerCacheControl, recordCacheControl)
	}
	return answer.send(c)
}

type answeredKey struct{}

type answeredTag struct {
	tag string
	set bool
}

// Answered hands the middleware the ETag (TagSQL's value) that a handler read in the
// statement that read the record it answers: the GET of a record declared ReadWithAnswer must
// (the middleware then reads none before it); a PUT or PATCH answering its record may, from
// its UPDATE's RETURNING (the middleware then reads none after it). Anywhere else it does
// nothing.
func Answered(ctx context.Context, tag string) {
	if a, ok := ctx.Value(answeredKey{}).(*answeredTag); ok {
		a.tag, a.set = tag, true
	}
}

func (g *Guard) write(c echo.Context, o *operation, next echo.HandlerFunc) error {
	var cond *condition
	if values := c.Request().Header.Values(headerIfMatch); len(values) > 0 {
		parsed, err := parseCondition(headerIfMatch, values)
		if err != nil {
			return err
		}
		cond = &parsed
	}
	if cond == nil && !o.rec.singleton && o.rec.readWithAnswer {
		return writeWithAnswer(c, o, next)
	}
	req := c.Request()
	ctx, tx, err := g.pool.BeginRequest(req.Context())
	if err != nil {
		return err
	}
	defer tx.Rollback() // a no-op once committed; undoes everything when a check fails or a handler panics
	a := &answeredTag{}
	ctx = context.WithValue(ctx, answeredKey{}, a)
	c.SetRequest(req.WithContext(ctx))
	defer c.SetRequest(req)
	args := o.rec.args(c)
	if cond != nil || o.rec.singleton {
		tag, found, err := o.rec.current(ctx, tx.Q(), args, true)
		if err != nil {
			return err
		}
		switch {
		case cond == nil:
		case !found:
			return apperr.PreconditionFailed("If-Match names a version of a record that does not exist (it may have been deleted); nothing was changed")
		case !cond.matchesStrong(tag):
			return apperr.PreconditionFailed("If-Match names a version the record no longer has (it is now at %s); nothing was changed: read it again and apply the change to what it holds now", quoted(tag))
		}
	}
	answer, err := capture(c, next)
	if err != nil {
		// An error answer keeps what the handler's completed transactions wrote, as it would
		// without the request transaction: each ran as a savepoint, rolled back if it failed.
		_ = tx.Commit()
		return err
	}
	if o.answersRecord && answer.status == http.StatusOK && a.set {
		// The handler read the ETag in the statement that wrote or read the record it answers.
		answer.header.Set(headerETag, quoted(a.tag))
	} else if o.answersRecord && answer.status == http.StatusOK {
		tag, found, err := o.rec.current(ctx, tx.Q(), args, false)
		if err != nil {
			return err
		}
		if found {
			answer.header.Set(headerETag, quoted(tag))
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return answer.send(c)
}

// writeWithAnswer serves a write without If-Match of a record whose handlers hand over the
// ETag they read with the record (ReadWithAnswer): with nothing to compare, and no ETag to
// read after the handler, no request transaction is needed; the handler's own transactions
// are the request's.
func writeWithAnswer(c echo.Context, o *operation, next echo.HandlerFunc) error {
	if !o.answersRecord {
		return next(c)
	}
	req := c.Request()
	a := &answeredTag{}
	c.SetRequest(req.WithContext(context.WithValue(req.Context(), answeredKey{}, a)))
	defer c.SetRequest(req)
	answer, err := capture(c, next)
	if err != nil {
		return err
	}
	if answer.status == http.StatusOK {
		if !a.set {
			return fmt.Errorf("%s answered its record without the ETag it declares it reads with it", o.id)
		}
		answer.header.Set(headerETag, quoted(a.tag))
	}
	return answer.send(c)
}

// captured is a handler's answer held back: its status, headers and body.
type captured struct {
	status int
	header http.Header
	body   bytes.Buffer
}

func (w *captured) Header() http.Header { return w.header }

func (w *captured) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *captured) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(b)
}

// capture runs next with its answer held back instead of sent, so that the ETag can be set
// (and the request transaction committed) before anything reaches the client, and before the
// response hooks of the middleware around this one see the headers.
func capture(c echo.Context, next echo.HandlerFunc) (*captured, error) {
	w := &captured{header: http.Header{}}
	sent := c.Response()
	c.SetResponse(echo.NewResponse(w, c.Echo()))
	defer c.SetResponse(sent)
	if err := next(c); err != nil {
		return nil, err
	}
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w, nil
}

// send writes the held-back answer to the client.
func (w *captured) send(c echo.Context) error {
	res := c.Response()
	for k, v := range w.header {
		res.Header()[k] = v
	}
	res.WriteHeader(w.status)
	if w.body.Len() == 0 {
		return nil
	}
	_, err := res.Write(w.body.Bytes())
	return err
}
