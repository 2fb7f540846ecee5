package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/labstack/echo/v4"

	"mos/internal/platform/apperr"
	"mos/internal/platform/schemacheck"
)

func init() {
	// kin-openapi's JSON decoder stops after the first value, so `{"a":1}}` would pass as
	// `{"a":1}`: every JSON body the validator sees (text/json and application/*+json are
	// normalised to these two first) must be exactly one value.
	openapi3filter.RegisterBodyDecoder("application/json", strictJSONBodyDecoder)
	openapi3filter.RegisterBodyDecoder("application/json-patch+json", strictJSONBodyDecoder)
}

// The decoder is also where the body meets its schema first: schemacheck.Bounds runs there,
// before kin-openapi validates the body, so that an array over its maxItems is refused
// before any of its elements is validated, and a decimal beyond the API's digits is named
// by its field (kin-openapi sees only a float64). When only decimals are at fault the
// schema's other errors are collected too, so that the answer names every field at once.
func strictJSONBodyDecoder(body io.Reader, _ http.Header, schema *openapi3.SchemaRef, _ openapi3filter.EncodingFn) (any, error) {
	dec := json.NewDecoder(body)
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, &openapi3filter.ParseError{Kind: openapi3filter.KindInvalidFormat, Cause: err}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, &openapi3filter.ParseError{Kind: openapi3filter.KindInvalidFormat, Cause: errors.New("unexpected data after the JSON value")}
	}
	if schema == nil || schema.Value == nil {
		return v, nil
	}
	if fields, oversized := schemacheck.Bounds(schema.Value, v); len(fields) > 0 {
		if !oversized {
			schemacheck.Collect(schema.Value.VisitJSON(v, openapi3.VisitAsRequest(), openapi3.MultiErrors()), fields)
		}
		return nil, fields.Err()
	}
	return v, nil
}

// requestValidator checks parameters and bodies against the spec before any handler runs.
// Authentication is done by our own middleware, so the validator's is a no-op. Operations
// that stream their body (StreamBody) get their parameters and media type checked here and
// their body by the handler, which reads it once, as it arrives.
func requestValidator(doc *openapi3.T, ops Operations) echo.MiddlewareFunc {
	// Validate paths without the servers' hosts: a shallow copy keeps the served spec intact.
	local := *doc
	local.Servers = nil
	// Without the global security requirement too: authenticate enforces it, and kin-openapi's
	// check of it (a no-op AuthenticationFunc here) first reads the whole body into memory,
	// which would hold every upload in memory and every JSON body twice.
	local.Security = nil
	whole := specValidator(&local, false)
	paramsOnly := specValidator(&local, true)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		validateWhole := whole(next)
		validateStreamed := paramsOnly(checkStreamedMediaType(ops, next))
		return func(c echo.Context) error {
			if _, known := ops.of(c); known {
				if err := checkParamText(c); err != nil {
					return err
				}
			}
			if op, ok := ops.of(c); ok && op.StreamBody {
				return validateStreamed(c)
			}
			return validateWhole(c)
		}
	}
}

// specValidator checks a request against its operation in doc. Echo has already matched
// the route, so the operation is looked up by Echo's route (method and path template) in a
// table built once here, instead of searching the spec's paths again with a router of its
// own for every request, as the oapi-codegen middleware does.
func specValidator(doc *openapi3.T, excludeBody bool) echo.MiddlewareFunc {
	routes := map[string]*routers.Route{}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			routes[method+" "+EchoPath(path)] = &routers.Route{Spec: doc, Path: path, PathItem: item, Method: method, Operation: op}
		}
	}
	options := &openapi3filter.Options{
		MultiError:         true,
		AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
		ExcludeRequestBody: excludeBody,
		// The strict handlers bind the value the validator checked. Echo's own binder
		// takes only application/json, so without this every JSON Patch body
		// (application/json-patch+json) would answer 415.
		KeepValidatedValue: true,
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			route, ok := routes[req.Method+" "+c.Path()]
			if !ok {
				return next(c)
			}
			// The values the handler will bind: Echo leaves them escaped when the path was sent
			// with escapes (RawPath), as checkParamText reads them too.
			escaped := req.URL.RawPath != ""
			names, values := c.ParamNames(), c.ParamValues()
			params := make(map[string]string, len(names))
			for i, name := range names {
				if i >= len(values) {
					break
				}
				v := values[i]
				if escaped {
					if u, err := url.PathUnescape(v); err == nil {
						v = u
					}
				}
				params[name] = v
			}
			input := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: options}
			if err := openapi3filter.ValidateRequest(req.Context(), input); err != nil {
				return validationProblem(requestInvalid(err))
			}
			return next(c)
		}
	}
}

// requestInvalid wraps kin-openapi's verdict as validationProblem reads it: a 400 whose
// Internal error is walked for the fields at fault.
func requestInvalid(err error) *echo.HTTPError {
	var me openapi3.MultiError
	var re *openapi3filter.RequestError
	switch {
	case errors.As(err, &me):
		return &echo.HTTPError{Code: http.StatusBadRequest, Message: "the request is not valid", Internal: me}
	case errors.As(err, &re):
		return &echo.HTTPError{Code: http.StatusBadRequest, Message: firstLine(re.Error()), Internal: err}
	default:
		return &echo.HTTPError{Code: http.StatusInternalServerError, Message: "validating the request failed", Internal: err}
	}
}

// paramTextProblem is why a parameter's text is refused.
const paramTextProblem = "must be UTF-8 text without the NUL character (U+0000)"

// checkParamText refuses path parameters (record ids, which reach SQL) whose text no store
// takes, invalid UTF-8 or a NUL character (PostgreSQL stores neither), naming each, before
// the validator or a handler sees them. Query parameters are left to their operations: none
// reaches a store as text (a download name with control characters is sanitised, not refused).
func checkParamText(c echo.Context) error {
	fields := apperr.Fields{}
	escaped := c.Request().URL.RawPath != ""
	values := c.ParamValues()
	for i, name := range c.ParamNames() {
		if i >= len(values) {
			break
		}
		v := values[i]
		if escaped {
			if u, err := url.PathUnescape(v); err == nil {
				v = u
			}
		}
		if !cleanText(v) {
			fields.Add(name, paramTextProblem)
		}
	}
	return fields.Err()
}

func cleanText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// checkStreamedMediaType does for a streamed body what the validator does for the others
// before its handler reads it: a media type the operation does not declare is 415, and a
// multipart body needs its boundary (the handler could not find its parts otherwise).
func checkStreamedMediaType(ops Operations, next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		op, _ := ops.of(c)
		raw := c.Request().Header.Get(echo.HeaderContentType)
		mt, params, err := mime.ParseMediaType(raw)
		if err != nil || !slices.Contains(op.MediaTypes, mt) {
			return echo.NewHTTPError(http.StatusUnsupportedMediaType,
				fmt.Sprintf("Content-Type %q is not supported: send %s", raw, strings.Join(op.MediaTypes, " or ")))
		}
		if strings.HasPrefix(mt, "multipart/") && params["boundary"] == "" {
			return apperr.Field("body", "the multipart body has no boundary parameter in its Content-Type")
		}
		return next(c)
	}
}

// validationProblem turns kin-openapi's errors into a 400 with messages per field.
func validationProblem(he *echo.HTTPError) error {
	if he.Internal == nil {
		return he
	}
	// A body cut off by the size limit is 413, not the client's invalid input.
	var tooLarge *http.MaxBytesError
	if errors.As(he.Internal, &tooLarge) {
		return errTooLarge
	}
	fields := apperr.Fields{}
	collectFieldErrors(he.Internal, fields)
	if len(fields) == 0 {
		return he
	}
	invalid, _ := apperr.As(fields.Err())
	invalid.Err = he.Internal
	return invalid
}

// collectFieldErrors walks kin-openapi's error tree. Type switches rather than errors.As:
// a RequestError unwraps to its MultiError, and the RequestError must be seen first to
// know which parameter or body it is about.
func collectFieldErrors(err error, fields apperr.Fields) {
	switch e := err.(type) { //nolint:errorlint // each level of the tree is inspected on purpose, see above
	case openapi3.MultiError:
		for _, inner := range e {
			collectFieldErrors(inner, fields)
		}
	case *openapi3filter.RequestError:
		switch {
		case e.Parameter != nil:
			fields.Add(e.Parameter.Name, "%s", parameterReason(e))
		case e.RequestBody != nil && e.Err != nil:
			collectBodyErrors(e.Err, fields)
		case e.RequestBody != nil:
			fields.Add("body", "%s", e.Reason)
		default:
			fields.Add("request", "%s", firstLine(e.Error()))
		}
	default:
		fields.Add("request", "%s", firstLine(err.Error()))
	}
}

func collectBodyErrors(err error, fields apperr.Fields) {
	switch e := err.(type) { //nolint:errorlint // as in collectFieldErrors
	case openapi3.MultiError:
		for _, inner := range e {
			collectBodyErrors(inner, fields)
		}
	case *openapi3.SchemaError:
		schemacheck.Collect(e, fields)
	case *apperr.Error:
		// The body decoder's own check (schemacheck.Bounds), already by field.
		fields.Merge("", e.Fields)
	case *openapi3filter.ParseError:
		fields.Add("body", "malformed JSON: %s", firstLine(e.Error()))
	default:
		fields.Add("body", "%s", firstLine(err.Error()))
	}
}

func parameterReason(re *openapi3filter.RequestError) string {
	var se *openapi3.SchemaError
	if errors.As(re.Err, &se) {
		return schemacheck.Reason(se)
	}
	if re.Reason != "" {
		return re.Reason
	}
	if re.Err != nil {
		return firstLine(re.Err.Error())
	}
	return "is not valid"
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
