package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
)

// anyToken lets every bearer token in as an integration token.
type anyToken struct{}

func (anyToken) Authenticate(context.Context, string) (auth.Principal, error) {
	return auth.Principal{Kind: auth.KindIntegration, TenantID: "t1"}, nil
}

// uploadSpec has one streamed upload (multipart, with a required query parameter) and one
// JSON create, both open to any token.
func uploadSpec(t *testing.T) *openapi3.T {
	t.Helper()
	const doc = `
openapi: 3.0.3
info: {title: t, version: '1'}
security: [{bearer: []}]
paths:
  /api/files:
    post:
      operationId: uploadFile
      x-permission: none
      x-stream-body: true
      parameters:
        - {name: folder, in: query, required: true, schema: {type: string, maxLength: 5}}
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [File, Name]
              properties:
                File: {type: string, format: binary}
                Name: {type: string, maxLength: 3}
      responses:
        '200': {description: ok}
  /api/things:
    post:
      operationId: createThing
      x-permission: none
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, required: [name], properties: {name: {type: string}}}
      responses:
        '200': {description: ok}
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
  schemas:
    Permission: {type: string, enum: [View Thing]}
`
	spec, err := openapi3.NewLoader().LoadFromData([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// streamServer serves uploadSpec with a JSON body limit of 100 bytes and a streamed one of
// 1000; its upload handler reads the file part whole and answers its length.
func streamServer(t *testing.T) *httptest.Server {
	t.Helper()
	e, err := New(Config{Spec: uploadSpec(t), Auth: anyToken{}, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil)),
		BodyLimitBytes: 100, StreamBodyLimitBytes: 1000})
	if err != nil {
		t.Fatal(err)
	}
	e.POST("/api/files", func(c echo.Context) error {
		mr, err := c.Request().MultipartReader()
		if err != nil {
			return err
		}
		var n int64
		for {
			part, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return err
			}
			if part.FormName() == "File" {
				if n, err = io.Copy(io.Discard, part); err != nil {
					return err
				}
			}
		}
		return c.String(http.StatusOK, fmt.Sprint(n))
	})
	e.POST("/api/things", func(c echo.Context) error { return c.NoContent(http.StatusOK) })
	ts := httptest.NewServer(e)
	t.Cleanup(ts.Close)
	return ts
}

// multipartBody is a form with a File part of size bytes and a Name part.
func multipartBody(t *testing.T, size int, name string) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	fw, err := w.CreateFormFile("File", "f.bin")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(bytes.Repeat([]byte{'x'}, size))
	_ = w.WriteField("Name", name)
	_ = w.Close()
	return w.FormDataContentType(), b.Bytes()
}

func TestStreamedBodiesHaveTheirOwnLimitAndSkipBodyValidation(t *testing.T) {
	t.Parallel()
	ts := streamServer(t)
	multipartType, fits := multipartBody(t, 600, "a name longer than the schema allows")
	_, tooBig := multipartBody(t, 1200, "n")
	cases := []struct {
		name        string
		path        string
		contentType string
		body        io.Reader
		status      int
		answer      string // the handler's answer on 200
	}{
		// Over the JSON limit but within the streamed one; the Name part breaks the schema,
		// which only the handler would check: the validator never reads the body.
		{"streamed body within its limit", "/api/files?folder=a", multipartType, bytes.NewReader(fits), 200, "600"},
		{"declared length over the streamed limit", "/api/files?folder=a", multipartType, bytes.NewReader(tooBig), 413, ""},
		// io.MultiReader hides the length, so the body goes chunked and the limit trips while
		// the handler reads it: the handler's error is still a 413.
		{"chunked body over the streamed limit", "/api/files?folder=a", multipartType, io.MultiReader(bytes.NewReader(tooBig)), 413, ""},
		{"parameters are still validated", "/api/files?folder=toolong", multipartType, bytes.NewReader(fits), 400, ""},
		{"undeclared media type", "/api/files?folder=a", "application/json", strings.NewReader(`{"File":"x"}`), 415, ""},
		{"no media type", "/api/files?folder=a", "", strings.NewReader("x"), 415, ""},
		{"multipart without boundary", "/api/files?folder=a", "multipart/form-data", bytes.NewReader(fits), 400, ""},
		{"JSON bodies keep their limit", "/api/things", "application/json", strings.NewReader(`{"name":"` + strings.Repeat("x", 200) + `"}`), 413, ""},
		{"JSON bodies are still validated", "/api/things", "application/json", strings.NewReader(`{}`), 400, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodPost, ts.URL+c.path, c.body)
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Authorization", "Bearer x")
			if c.contentType != "" {
				req.Header.Set("Content-Type", c.contentType)
			}
			// A transport per case: a refused body may leave its connection unusable.
			tr := &http.Transport{}
			defer tr.CloseIdleConnections()
			res, err := (&http.Client{Transport: tr}).Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = res.Body.Close() }()
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != c.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, c.status, body)
			}
			if c.status == 200 {
				if string(body) != c.answer {
					t.Fatalf("handler answered %q, want %q", body, c.answer)
				}
				return
			}
			var p problem
			if res.Header.Get("Content-Type") != problemContentType || json.Unmarshal(body, &p) != nil || p.Status != c.status {
				t.Fatalf("not a %d problem: %s %s", c.status, res.Header.Get("Content-Type"), body)
			}
		})
	}
}

func TestReadOperationsReadsStreamedBodies(t *testing.T) {
	t.Parallel()
	ops, err := ReadOperations(uploadSpec(t))
	if err != nil {
		t.Fatal(err)
	}
	if op := ops["POST /api/files"]; !op.StreamBody || len(op.MediaTypes) != 1 || op.MediaTypes[0] != "multipart/form-data" {
		t.Errorf("uploadFile: %+v", op)
	}
	if op := ops["POST /api/things"]; op.StreamBody || op.MediaTypes != nil {
		t.Errorf("createThing: %+v", op)
	}
	// x-stream-body on an operation without a body is a spec mistake caught at start-up.
	bodiless := opWith("getThing", "View Thing")
	bodiless.Extensions["x-stream-body"] = true
	if _, err := ReadOperations(thingsSpec(openapi3.WithPath("/api/things/{id}", &openapi3.PathItem{Get: bodiless}))); err == nil ||
		!strings.Contains(err.Error(), "x-stream-body without a request body") {
		t.Fatalf("err %v", err)
	}
}

func TestTooLargeErrorsAre413(t *testing.T) {
	t.Parallel()
	for name, err := range map[string]error{
		"apperr.TooLarge":          apperr.TooLarge("the file is larger than %d bytes", 10),
		"body limit while reading": fmt.Errorf("read part: %w", &http.MaxBytesError{Limit: 10}),
	} {
		if p := toProblem(err); p.Status != http.StatusRequestEntityTooLarge || p.Type != "/problems/too-large" {
			t.Errorf("%s: %+v", name, p)
		}
	}
}

// watchedBody reports whether anything read it.
type watchedBody struct {
	io.Reader
	read bool
}

func (w *watchedBody) Read(p []byte) (int, error) { w.read = true; return w.Reader.Read(p) }
func (w *watchedBody) Close() error               { return nil }

func TestStreamedBodiesReachTheHandlerUnread(t *testing.T) {
	t.Parallel()
	// Nothing before the handler may read a streamed body: kin-openapi's security check, for
	// one, reads whole bodies into memory, which would hold every upload there.
	e, err := New(Config{Spec: uploadSpec(t), Auth: anyToken{}, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	multipartType, form := multipartBody(t, 10, "n")
	body := &watchedBody{Reader: bytes.NewReader(form)}
	var readBefore bool
	e.POST("/api/files", func(c echo.Context) error {
		readBefore = body.read
		_, _ = io.Copy(io.Discard, c.Request().Body)
		return c.NoContent(http.StatusOK)
	})
	req := httptest.NewRequest(http.MethodPost, "/api/files?folder=a", body)
	req.Header.Set("Authorization", "Bearer x")
	req.Header.Set("Content-Type", multipartType)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || readBefore || !body.read {
		t.Fatalf("status %d, read before the handler: %v, read at all: %v", rec.Code, readBefore, body.read)
	}
}
