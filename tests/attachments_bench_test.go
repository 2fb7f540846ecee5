package tests

import (
	"context"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"mos/gen/client"
	"mos/internal/httpapi"
	"mos/internal/platform/blob"
	"mos/internal/shared/attachments"
	"mos/internal/tenancy"
)

// pattern is an endless stream of bytes that costs no memory to make.
type pattern struct{ n byte }

func (p *pattern) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = p.n
		p.n = (p.n + 1) % 251
	}
	return len(b), nil
}

// BenchmarkAttachmentUpload64MB uploads a 64 MB file through the whole stack: the
// multipart body streamed by the client, the body limit, format detection and hashing, the
// local blob store and the record's transaction. Its B/op (allocations of client and server
// together) shows that the file is streamed, never held: it stays a small fraction of the
// file's size. It runs its own server, whose upload limit takes a 64 MB file.
func BenchmarkAttachmentUpload64MB(b *testing.B) {
	const size = 64 << 20
	ctx := context.Background()
	blobs, err := blob.NewLocal(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	e, err := httpapi.New(httpapi.Config{Pool: srv.Pool, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil)),
		Attachments: attachments.Config{Blobs: blobs, UploadLimitBytes: 2 * size}})
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(e)
	defer ts.Close()

	tenantID, err := srv.Tenancy.CreateTenant(ctx, tenancy.NewTenant{Name: "Bench " + b.Name()})
	if err != nil {
		b.Fatal(err)
	}
	tok, err := srv.Tenancy.IssueToken(ctx, tenancy.NewToken{TenantID: tenantID})
	if err != nil {
		b.Fatal(err)
	}
	c, err := client.NewClientWithResponses(ts.URL, client.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
		req.Header.Set("Authorization", "Bearer "+tok.Secret)
		return nil
	}))
	if err != nil {
		b.Fatal(err)
	}
	item, err := c.CreateItemWithResponse(ctx, nil, newItem("BENCH"))
	if err != nil || item.StatusCode() != http.StatusOK {
		b.Fatalf("create item: %v %s", err, item.Body)
	}

	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		pr, pw := io.Pipe()
		form := multipart.NewWriter(pw)
		go func() {
			err := func() error {
				for _, p := range itemParts(item.JSON200.Id) {
					if err := form.WriteField(p.name, p.value); err != nil {
						return err
					}
				}
				fw, err := form.CreateFormFile("File", "large.bin")
				if err != nil {
					return err
				}
				if _, err := io.CopyN(fw, &pattern{}, size); err != nil {
					return err
				}
				return form.Close()
			}()
			pw.CloseWithError(err)
		}()
		res, err := c.UploadAttachmentWithBodyWithResponse(ctx, nil, form.FormDataContentType(), pr)
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("upload: %v %s", err, res.Body)
		}
	}
}
