package tests

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"testing"

	"mos/gen/client"
)

// Fixtures of attachments: multipart upload forms, uploads to items, reads and filters, and
// the file store.

// part is one field of an upload form, sent in order.
type part struct{ name, value string }

// filePart is the File part of an upload form; a nil filePart sends none.
type filePart struct {
	name    string // the part's filename
	content []byte
	// disposition replaces the part's whole Content-Disposition header, for names the
	// multipart writer would escape.
	disposition string
}

// uploadBody builds a multipart/form-data body: the file part first (so the server stores
// it before it sees the fields), then parts in order.
func uploadBody(t *testing.T, file *filePart, parts ...part) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	if file != nil {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", file.disposition)
		if file.disposition == "" {
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="File"; filename=%q`, file.name))
		}
		h.Set("Content-Type", "application/octet-stream")
		fw, err := w.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fw.Write(file.content); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range parts {
		if err := w.WriteField(p.name, p.value); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return w.FormDataContentType(), b.Bytes()
}

// itemParts are the fields of a plain upload to item itemID, then extra (an extra part
// named like a base part replaces it, except a second Detail.Owner.Id, sent twice).
func itemParts(itemID string, extra ...part) []part {
	out := []part{{"Detail.Owner.Type", "item"}, {"Detail.Owner.Id", itemID}}
	note := part{"Detail.IsNoteAttachment", "false"}
	for _, p := range extra {
		if p.name == note.name {
			note = p
			continue
		}
		out = append(out, p)
	}
	return append(out, note)
}

// upload sends an upload form through c.
func upload(t *testing.T, c *client.ClientWithResponses, file *filePart, parts ...part) *client.UploadAttachmentResponse {
	t.Helper()
	contentType, body := uploadBody(t, file, parts...)
	res, err := c.UploadAttachmentWithBodyWithResponse(context.Background(), nil, contentType, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// attachToItem uploads content named name to the item and returns the attachment id.
func attachToItem(t *testing.T, te *tenantEnv, itemID, name string, content []byte, extra ...part) string {
	t.Helper()
	res := upload(t, te.API, &filePart{name: name, content: content}, itemParts(itemID, extra...)...)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getAttachment(t *testing.T, te *tenantEnv, id string) client.Attachment {
	t.Helper()
	res, err := te.API.GetAttachmentWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listAttachments(t *testing.T, c *client.ClientWithResponses, f client.AttachmentFilter) []client.Attachment {
	t.Helper()
	res, err := c.ListAttachmentsWithResponse(context.Background(), nil, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// ofItem is the filter of an item's attachments.
func ofItem(itemID string) client.AttachmentFilter {
	return client.AttachmentFilter{Owner: &client.AttachmentAnyOwner{Type: client.AttachmentAnyOwnerTypeItem, Id: itemID}}
}

func attachmentIDs(list []client.Attachment) []string {
	out := make([]string, len(list))
	for i, a := range list {
		out[i] = a.Id
	}
	return out
}

// noRedirects is a client on token that answers redirects instead of following them.
func noRedirects(t *testing.T, token string) *client.ClientWithResponses {
	t.Helper()
	c, err := client.NewClientWithResponses(srv.URL,
		client.WithHTTPClient(&http.Client{
			Transport:     specChecker{t: t},
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}),
		client.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
			req.Header.Set("Authorization", "Bearer "+token)
			return nil
		}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// blobStored reports whether the server's file store holds content (by its SHA-256).
func blobStored(t *testing.T, content []byte) bool {
	t.Helper()
	sum := sha256.Sum256(content)
	key := hex.EncodeToString(sum[:])
	_, err := os.Stat(filepath.Join(srv.BlobDir, key[:2], key[2:]))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return err == nil
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// uniqueBytes is n random bytes prefixed by label: content no other test stores.
func uniqueBytes(t *testing.T, label string, n int) []byte {
	t.Helper()
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return append([]byte(label+"\n"), b...)
}

// anyFormat is the broadest filter there is: every format, so every attachment of the tenant.
func anyFormat() client.AttachmentFilter {
	return client.AttachmentFilter{Formats: &[]client.AttachmentFormat{client.AttachmentFormatUndefined,
		client.AttachmentFormatCad, client.AttachmentFormatDocument, client.AttachmentFormatImage, client.AttachmentFormatVideo}}
}

// tenantAttachments counts the tenant's attachment records in the database, whatever their
// owners.
func tenantAttachments(t *testing.T, te *tenantEnv) int {
	t.Helper()
	var n int
	if err := srv.Pool.QueryRowxContext(context.Background(), `SELECT count(*) FROM attachments WHERE tenant_id = $1`, te.ID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// pngImage is a small PNG whose pixels are random, so its bytes are unique.
func pngImage(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	noise := make([]byte, 16*3)
	_, _ = rand.Read(noise)
	for i := range 16 {
		img.Set(i%4, i/4, color.RGBA{noise[3*i], noise[3*i+1], noise[3*i+2], 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pdfDocument is a one-page PDF; with3D adds a 3D annotation showing a U3D stream, which
// makes it a 3D PDF (a CAD file). A random comment keeps its bytes unique.
func pdfDocument(t *testing.T, with3D bool) []byte {
	t.Helper()
	var b bytes.Buffer
	fmt.Fprintf(&b, "%%PDF-1.6\n%% %s\n", hex.EncodeToString(uniqueBytes(t, "", 8)))
	b.WriteString("1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
	b.WriteString("2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n")
	if !with3D {
		b.WriteString("3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n")
	} else {
		b.WriteString("3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>\nendobj\n")
		b.WriteString("4 0 obj\n<< /Type /Annot /Subtype /3D /Rect [0 0 612 792] /3DD 5 0 R >>\nendobj\n")
		b.WriteString("5 0 obj\n<< /Type /3D /Subtype /U3D /Length 4 >>\nstream\nU3D\x00\nendstream\nendobj\n")
	}
	b.WriteString("trailer\n<< /Root 1 0 R >>\n%%EOF\n")
	return b.Bytes()
}

// stepFile is a small STEP (ISO 10303-21) part file.
func stepFile(t *testing.T) []byte {
	t.Helper()
	return []byte("ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('bracket " + hex.EncodeToString(uniqueBytes(t, "", 8)) +
		"'),'2;1');\nFILE_NAME('bracket.step','2026-01-01T00:00:00',(''),(''),'','','');\nFILE_SCHEMA(('AUTOMOTIVE_DESIGN'));\nENDSEC;\nDATA;\n#1=CARTESIAN_POINT('',(0.,0.,0.));\nENDSEC;\nEND-ISO-10303-21;\n")
}
