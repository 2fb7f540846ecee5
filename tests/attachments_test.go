package tests

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
)

func TestAttachmentUploadGetListDownloadDeleteRoundTrip(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	itemID := createItem(t, te, newItem("ATT-1"))
	parentID := createItem(t, te, newItem("ATT-1-PARENT"))
	content := pngImage(t)
	id := attachToItem(t, te, itemID, "photo.png", content,
		part{"Detail.Description", "  Front view  "}, part{"Detail.IsNoteAttachment", "true"},
		part{"Detail.Parent.Type", "item"}, part{"Detail.Parent.Id", parentID},
		part{"Detail.Metadata[station]", "cell 4"}, part{"Detail.Metadata[camera]", ""})
	if len(id) != 24 {
		t.Fatalf("id %q", id)
	}

	a := getAttachment(t, te, id)
	if a.Id != id || a.Owner.Type != client.AttachmentAnyOwnerTypeItem || a.Owner.Id != itemID || a.Name != "photo.png" ||
		a.Description == nil || *a.Description != "Front view" || a.Type != client.AttachmentTypeStandard ||
		a.Format != client.AttachmentFormatImage || a.Size != int64(len(content)) || a.FileId == nil || *a.FileId != sha256Hex(content) ||
		!a.IsNoteAttachment || a.AccessUrl != nil || a.LotId != nil ||
		a.Parent == nil || a.Parent.Type != client.AttachmentOwnerTypeItem || a.Parent.Id != parentID ||
		len(a.Metadata) != 2 || a.Metadata["station"] != "cell 4" || a.Metadata["camera"] != "" {
		t.Fatalf("stored attachment %+v", a)
	}
	if age := time.Since(a.CreatedUtc); age < 0 || age > time.Minute {
		t.Fatalf("createdUtc %v", a.CreatedUtc)
	}
	if list := listAttachments(t, te.API, ofItem(itemID)); len(list) != 1 || list[0].Id != id || list[0].Name != "photo.png" {
		t.Fatalf("list %+v", list)
	}

	dl, err := te.API.DownloadAttachmentWithResponse(ctx, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, dl.StatusCode(), http.StatusOK, nil)
	h := dl.HTTPResponse.Header
	if !bytes.Equal(dl.Body, content) || h.Get("Content-Type") != "image/png" ||
		h.Get("Content-Disposition") != `attachment; filename="photo.png"` || h.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("download: %d bytes, headers %v", len(dl.Body), h)
	}
	// fileName renames the download.
	dl, _ = te.API.DownloadAttachmentWithResponse(ctx, id, &client.DownloadAttachmentParams{FileName: ptr("front.png")})
	if dl.StatusCode() != http.StatusOK || dl.HTTPResponse.Header.Get("Content-Disposition") != `attachment; filename="front.png"` {
		t.Fatalf("renamed download: %d %v", dl.StatusCode(), dl.HTTPResponse.Header)
	}

	del, err := te.API.DeleteAttachmentWithResponse(ctx, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, del.StatusCode(), http.StatusOK, del.Body)
	if del.JSON200 == nil || !del.JSON200.Success {
		t.Fatalf("delete answered %s", del.Body)
	}
	if got, _ := te.API.GetAttachmentWithResponse(ctx, id, nil); got.StatusCode() != http.StatusNotFound {
		t.Fatalf("get after delete: %d", got.StatusCode())
	}
	if dl, _ := te.API.DownloadAttachmentWithResponse(ctx, id, nil); dl.StatusCode() != http.StatusNotFound {
		t.Fatalf("download after delete: %d", dl.StatusCode())
	}
	if list := listAttachments(t, te.API, ofItem(itemID)); len(list) != 0 {
		t.Fatalf("list after delete %+v", list)
	}
	if blobStored(t, content) {
		t.Fatal("the file stayed in storage after its only attachment was deleted")
	}
}

func TestAttachmentFormatFromBytesThenName(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("FMT"))
	cases := []struct {
		name    string
		content []byte
		want    client.AttachmentFormat
	}{
		{"photo.png", pngImage(t), client.AttachmentFormatImage},
		{"drawing.pdf", pngImage(t), client.AttachmentFormatImage}, // the signature wins over the extension
		{"spec.pdf", pdfDocument(t, false), client.AttachmentFormatDocument},
		{"part-3d.pdf", pdfDocument(t, true), client.AttachmentFormatCad},
		{"bracket.step", stepFile(t), client.AttachmentFormatCad},
		{"notes.TXT", uniqueBytes(t, "plain text", 10), client.AttachmentFormatDocument},
		{"clip.mov", uniqueBytes(t, "not a real movie", 10), client.AttachmentFormatVideo},
		{"data.bin", uniqueBytes(t, "no idea", 10), client.AttachmentFormatUndefined},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id := attachToItem(t, te, itemID, c.name, c.content)
			if a := getAttachment(t, te, id); a.Format != c.want {
				t.Fatalf("format %q, want %q", a.Format, c.want)
			}
		})
	}
	f := ofItem(itemID)
	f.Formats = &[]client.AttachmentFormat{client.AttachmentFormatCad}
	list := listAttachments(t, te.API, f)
	if len(list) != 2 || list[0].Name != "bracket.step" || list[1].Name != "part-3d.pdf" {
		t.Fatalf("cad attachments %+v", list)
	}
}

func TestAttachmentUploadValidationNamesThePartAndLeavesNothing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("VAL"))
	file := func(t *testing.T) *filePart { return &filePart{name: "a.txt", content: uniqueBytes(t, t.Name(), 64)} }
	without := func(name string) []part {
		var out []part
		for _, p := range itemParts(itemID) {
			if p.name != name {
				out = append(out, p)
			}
		}
		return out
	}
	cases := []struct {
		name  string
		file  *filePart
		parts []part
		field string
	}{
		{"no file", nil, itemParts(itemID), "File"},
		{"file without a file name", &filePart{content: uniqueBytes(t, "unnamed", 8), disposition: `form-data; name="File"`}, itemParts(itemID), "File"},
		{"blank file name", &filePart{name: "   ", content: uniqueBytes(t, "blank", 8)}, itemParts(itemID), "File"},
		{"file name of 201 characters", &filePart{name: strings.Repeat("n", 197) + ".txt", content: uniqueBytes(t, "long", 8)}, itemParts(itemID), "File"},
		{"two files", nil, nil, "File"}, // built below
		{"no owner type", file(t), without("Detail.Owner.Type"), "Detail.Owner.Type"},
		{"unknown owner type", file(t), append(without("Detail.Owner.Type"), part{"Detail.Owner.Type", "widget"}), "Detail.Owner.Type"},
		{"no owner id", file(t), without("Detail.Owner.Id"), "Detail.Owner.Id"},
		{"owner id of 23 characters", file(t), append(without("Detail.Owner.Id"), part{"Detail.Owner.Id", itemID[:23]}), "Detail.Owner.Id"},
		{"owner id of 37 characters", file(t), append(without("Detail.Owner.Id"), part{"Detail.Owner.Id", strings.Repeat("a", 37)}), "Detail.Owner.Id"},
		{"no IsNoteAttachment", file(t), without("Detail.IsNoteAttachment"), "Detail.IsNoteAttachment"},
		{"IsNoteAttachment not a boolean", file(t), append(without("Detail.IsNoteAttachment"), part{"Detail.IsNoteAttachment", "yes"}), "Detail.IsNoteAttachment"},
		{"blank description", file(t), itemParts(itemID, part{"Detail.Description", "  "}), "Detail.Description"},
		{"description of 201 characters", file(t), itemParts(itemID, part{"Detail.Description", strings.Repeat("d", 201)}), "Detail.Description"},
		{"parent type without id", file(t), itemParts(itemID, part{"Detail.Parent.Type", "job"}), "Detail.Parent.Id"},
		{"parent id without type", file(t), itemParts(itemID, part{"Detail.Parent.Id", itemID}), "Detail.Parent.Type"},
		{"a field sent twice", file(t), itemParts(itemID, part{"Detail.Owner.Id", itemID}), "Detail.Owner.Id"},
		{"empty metadata key", file(t), itemParts(itemID, part{"Detail.Metadata[]", "x"}), "Detail.Metadata[]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			contentType, b := uploadBody(t, c.file, c.parts...)
			var contents [][]byte
			if c.file != nil {
				contents = append(contents, c.file.content)
			}
			if c.name == "two files" {
				contents = [][]byte{uniqueBytes(t, "first", 8), uniqueBytes(t, "second", 8)}
				contentType, b = twoFiles(t, contents, itemParts(itemID))
			}
			res, body := sendRequest(t, http.MethodPost, srv.URL+"/api/attachments",
				mergeHeaders(bearer(te.Token), http.Header{"Content-Type": {contentType}}), bytes.NewReader(b))
			mustProblemNaming(t, res, body, c.field)
			for _, content := range contents {
				if blobStored(t, content) {
					t.Fatal("a refused upload left its file in storage")
				}
			}
		})
	}
	if list := listAttachments(t, te.API, ofItem(itemID)); len(list) != 0 {
		t.Fatalf("refused uploads left records: %+v", list)
	}
}

// twoFiles is an upload form with a File part for each of contents.
func twoFiles(t *testing.T, contents [][]byte, parts []part) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for i, content := range contents {
		fw, err := w.CreateFormFile("File", fmt.Sprintf("%d.txt", i))
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(content)
	}
	for _, p := range parts {
		_ = w.WriteField(p.name, p.value)
	}
	_ = w.Close()
	return w.FormDataContentType(), b.Bytes()
}

func TestAttachmentUploadToAnUnknownOwnerIs404AndLeavesNoRecordOrFile(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	theirItem := createItem(t, other, newItem("THEIRS"))
	cases := []struct {
		name      string
		ownerType string
		ownerID   string
	}{
		{"unknown item", "item", "6745f0a2c81e4b0012ab34cd"},
		{"another tenant's item", "item", theirItem},
		{"an unknown work-order operation", "workOrderOperation", "6745f0a2c81e4b0012ab34cd"},
		{"a 36-character owner id", "salesOrderPartLineItem", "0193a0c4-6b1e-7cc1-9d2e-3f4a5b6c7d8e"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			content := uniqueBytes(t, t.Name(), 256)
			res := upload(t, te.API, &filePart{name: "orphan.txt", content: content},
				part{"Detail.Owner.Type", c.ownerType}, part{"Detail.Owner.Id", c.ownerID}, part{"Detail.IsNoteAttachment", "false"})
			mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
			if blobStored(t, content) {
				t.Fatal("the refused upload left its file in storage")
			}
		})
	}
	if n := tenantAttachments(t, te); n != 0 {
		t.Fatalf("refused uploads left %d records", n)
	}
	if list := listAttachments(t, other.API, ofItem(theirItem)); len(list) != 0 {
		t.Fatalf("the other tenant's item got attachments: %+v", list)
	}
}

func TestAttachmentContentIsSharedAndGoesWithItsLastAttachment(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	itemA, itemB := createItem(t, te, newItem("A")), createItem(t, te, newItem("B"))
	theirs := createItem(t, other, newItem("C"))
	content := uniqueBytes(t, t.Name(), 4096)
	first := attachToItem(t, te, itemA, "same.bin", content)
	second := attachToItem(t, te, itemB, "copy.bin", content)
	third := attachToItem(t, other, theirs, "theirs.bin", content)
	if a, b := getAttachment(t, te, first), getAttachment(t, te, second); a.FileId == nil || b.FileId == nil || *a.FileId != *b.FileId {
		t.Fatalf("the same bytes have different file ids: %v %v", a.FileId, b.FileId)
	}
	// A failed upload of content others refer to leaves it where it is.
	res := upload(t, te.API, &filePart{name: "x.bin", content: content}, itemParts("6745f0a2c81e4b0012ab34cd")...)
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
	if !blobStored(t, content) {
		t.Fatal("a failed upload removed content other attachments refer to")
	}
	for i, del := range []struct {
		te *tenantEnv
		id string
	}{{te, first}, {other, third}, {te, second}} {
		res, err := del.te.API.DeleteAttachmentWithResponse(context.Background(), del.id, nil)
		if err != nil {
			t.Fatal(err)
		}
		mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
		if last := i == 2; blobStored(t, content) == last {
			t.Fatalf("after %d deletes of 3 the content is stored: %v", i+1, !last)
		}
		if i < 2 {
			dl, _ := te.API.DownloadAttachmentWithResponse(context.Background(), second, nil)
			if dl.StatusCode() != http.StatusOK || !bytes.Equal(dl.Body, content) {
				t.Fatalf("the remaining attachment's download: %d", dl.StatusCode())
			}
		}
	}
}

func TestAttachmentConcurrentUploadsOfTheSameContentAllKeepIt(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("CONC"))
	content := uniqueBytes(t, t.Name(), 32<<10)
	contentType, body := uploadBody(t, &filePart{name: "same.bin", content: content}, itemParts(itemID)...)
	counts := concurrently(t, 8, func() (int, error) {
		res, err := te.API.UploadAttachmentWithBodyWithResponse(context.Background(), nil, contentType, bytes.NewReader(body))
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 8 {
		t.Fatalf("statuses %v, want eight 200", counts)
	}
	list := listAttachments(t, te.API, ofItem(itemID))
	if len(list) != 8 {
		t.Fatalf("%d attachments, want 8", len(list))
	}
	// Deleting half of them concurrently keeps the content for the other half.
	deleted := make(chan string, 4)
	for _, a := range list[:4] {
		deleted <- a.Id
	}
	close(deleted)
	counts = concurrently(t, 4, func() (int, error) {
		res, err := te.API.DeleteAttachmentWithResponse(context.Background(), <-deleted, nil)
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 4 {
		t.Fatalf("delete statuses %v", counts)
	}
	for _, a := range list[4:] {
		dl, _ := te.API.DownloadAttachmentWithResponse(context.Background(), a.Id, nil)
		if dl.StatusCode() != http.StatusOK || !bytes.Equal(dl.Body, content) {
			t.Fatalf("download of a remaining attachment: %d", dl.StatusCode())
		}
	}
}

func TestAttachmentUploadOverTheLimitIs413(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("BIG"))
	atLimit := uniqueBytes(t, t.Name(), testUploadLimitBytes)
	atLimit = atLimit[:testUploadLimitBytes]
	overLimit := append(uniqueBytes(t, t.Name(), testUploadLimitBytes-5), 'x')
	overLimit = overLimit[:testUploadLimitBytes+1]

	res := upload(t, te.API, &filePart{name: "over.bin", content: overLimit}, itemParts(itemID)...)
	mustStatus(t, res.StatusCode(), http.StatusRequestEntityTooLarge, res.Body)
	if res.ApplicationproblemJSON413 == nil {
		t.Fatalf("413 without a problem: %s", res.Body)
	}
	if blobStored(t, overLimit) {
		t.Fatal("the refused file was stored")
	}
	// Exactly the limit is fine.
	id := attachToItem(t, te, itemID, "at.bin", atLimit)
	if a := getAttachment(t, te, id); a.Size != testUploadLimitBytes {
		t.Fatalf("size %d", a.Size)
	}
	if list := listAttachments(t, te.API, ofItem(itemID)); len(list) != 1 {
		t.Fatalf("attachments %+v", list)
	}
}

func TestAttachmentUploadNeedsAMultipartBody(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, body := rawRequest(t, http.MethodPost, "/api/attachments", te.Token, "application/json", `{"File":"x"}`)
	mustProblem(t, res, body, http.StatusUnsupportedMediaType)
	res, body = rawRequest(t, http.MethodPost, "/api/attachments/certification", te.Token, "multipart/form-data", "x")
	mustProblem(t, res, body, http.StatusBadRequest)
	res, body = rawRequest(t, http.MethodPost, "/api/attachments", te.Token, "multipart/form-data; boundary=zz", "garbage without parts")
	mustProblem(t, res, body, http.StatusBadRequest)
}

func TestAttachmentDownloadNameIsSanitised(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SAN"))
	content := uniqueBytes(t, t.Name(), 64)
	// Path components of an uploaded file name are dropped, whichever the slash.
	id := attachToItem(t, te, itemID, `C:\Users\me\..\drawing.txt`, content)
	if a := getAttachment(t, te, id); a.Name != "drawing.txt" {
		t.Fatalf("name %q", a.Name)
	}
	quoted := upload(t, te.API, &filePart{content: content, disposition: `form-data; name="File"; filename="q\"uo\"te	tab.txt"`}, itemParts(itemID)...)
	mustStatus(t, quoted.StatusCode(), http.StatusOK, quoted.Body)

	cases := []struct {
		id, fileName string
		want         string
	}{
		{id, "", `attachment; filename="drawing.txt"`},
		{quoted.JSON200.Id, "", `attachment; filename="quotetab.txt"`},
		{id, "x.txt\r\nSet-Cookie: session=stolen", `attachment; filename="x.txtSet-Cookie: session=stolen"`},
		{id, `../../etc/passwd`, `attachment; filename="....etcpasswd"`},
		{id, `a"; filename="evil.exe`, `attachment; filename="a; filename=evil.exe"`},
		{id, "Zeichnung-Ä ö.txt", `attachment; filename="Zeichnung-_ _.txt"; filename*=UTF-8''Zeichnung-%C3%84%20%C3%B6.txt`},
		{id, "\x00\x1f\u2028", `attachment; filename="file"`},
	}
	for _, c := range cases {
		var params *client.DownloadAttachmentParams
		if c.fileName != "" {
			params = &client.DownloadAttachmentParams{FileName: &c.fileName}
		}
		res, err := te.API.DownloadAttachmentWithResponse(context.Background(), c.id, params)
		if err != nil {
			t.Fatal(err)
		}
		mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
		h := res.HTTPResponse.Header
		if got := h.Values("Content-Disposition"); len(got) != 1 || got[0] != c.want {
			t.Errorf("fileName %q: Content-Disposition %q, want %q", c.fileName, got, c.want)
		}
		if h.Get("Set-Cookie") != "" {
			t.Errorf("fileName %q injected a header: %v", c.fileName, h)
		}
		if !bytes.Equal(res.Body, content) {
			t.Errorf("fileName %q: body differs", c.fileName)
		}
	}
}

func TestAttachmentLargeFilesRedirectToASignedURL(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	ctx := context.Background()
	itemID := createItem(t, te, newItem("LARGE"))
	content := uniqueBytes(t, t.Name(), testRedirectAboveBytes+1)
	id := attachToItem(t, te, itemID, "scan.pdf", content)
	small := attachToItem(t, te, itemID, "small.txt", []byte("just a little"))

	c := noRedirects(t, te.Token)
	if res, _ := c.DownloadAttachmentWithResponse(ctx, small, nil); res.StatusCode() != http.StatusOK {
		t.Fatalf("a file under the threshold: %d", res.StatusCode())
	}
	res, err := c.DownloadAttachmentWithResponse(ctx, id, &client.DownloadAttachmentParams{FileName: ptr("big scan.pdf")})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusFound, res.Body)
	location := res.HTTPResponse.Header.Get("Location")
	if !strings.HasPrefix(location, "/api/attachments/"+id+"/content?") {
		t.Fatalf("Location %q", location)
	}

	// The signed URL needs no token.
	fetch := func(t *testing.T, url string) (rawResponse, []byte) {
		t.Helper()
		return sendRequest(t, http.MethodGet, srv.URL+url, nil, nil)
	}
	got, body := fetch(t, location)
	mustStatus(t, got.StatusCode, http.StatusOK, body)
	if !bytes.Equal(body, content) || got.Header.Get("Content-Type") != "application/pdf" ||
		got.Header.Get("Content-Disposition") != `attachment; filename="big scan.pdf"` {
		t.Fatalf("signed download: %d bytes, headers %v", len(body), got.Header)
	}
	// The generated client follows the redirect itself.
	if followed, _ := te.API.DownloadAttachmentWithResponse(ctx, id, nil); followed.StatusCode() != http.StatusOK || !bytes.Equal(followed.Body, content) {
		t.Fatalf("followed redirect: %d", followed.StatusCode())
	}

	// Any change to the URL breaks its signature.
	u, err := url.Parse(location)
	if err != nil {
		t.Fatal(err)
	}
	tamper := func(key, value string) string {
		q := u.Query()
		q.Set(key, value)
		return u.Path + "?" + q.Encode()
	}
	sig := u.Query().Get("signature")
	flipped := "0"
	if sig[0] == '0' {
		flipped = "1"
	}
	for name, bad := range map[string]string{
		"signature":        tamper("signature", flipped+sig[1:]),
		"name":             tamper("name", "other.pdf"),
		"later expiry":     tamper("expires", "4102444800"),
		"other tenant":     tamper("tenant", other.ID),
		"other attachment": strings.Replace(location, id, small, 1),
	} {
		res, body := fetch(t, bad)
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("tampered %s: status %d, want 403: %s", name, res.StatusCode, body)
		}
	}
	// The other tenant can neither obtain a URL for it nor reach it through its own.
	if res, _ := noRedirects(t, other.Token).DownloadAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusNotFound {
		t.Fatalf("other tenant's download: %d", res.StatusCode())
	}
	// An attachment deleted since is 404.
	if res, _ := te.API.DeleteAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusOK {
		t.Fatalf("delete: %d", res.StatusCode())
	}
	if res, body := fetch(t, location); res.StatusCode != http.StatusNotFound {
		t.Fatalf("signed URL of a deleted attachment: %d %s", res.StatusCode, body)
	}
}

func TestAttachmentRemoteLinksAFileKeptElsewhere(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	itemID := createItem(t, te, newItem("REMOTE"))
	res, err := te.API.CreateRemoteAttachmentWithResponse(ctx, nil, client.AttachmentRemoteCreate{
		Owner: client.AttachmentOwner{Type: client.AttachmentOwnerTypeItem, Id: itemID}, FileName: "  bracket.step ",
		AccessUrl: "https://files.example.com/cad/bracket.step", Token: ptr("secret-access-token"),
	})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	id := res.JSON200.Id
	got, _ := te.API.GetAttachmentWithResponse(ctx, id, nil)
	mustStatus(t, got.StatusCode(), http.StatusOK, got.Body)
	a := got.JSON200
	if a.Name != "bracket.step" || a.Format != client.AttachmentFormatCad || a.Size != 0 || a.FileId != nil ||
		a.AccessUrl == nil || *a.AccessUrl != "https://files.example.com/cad/bracket.step" || a.IsNoteAttachment || len(a.Metadata) != 0 {
		t.Fatalf("remote attachment %+v", a)
	}
	if bytes.Contains(got.Body, []byte("secret-access-token")) {
		t.Fatal("the access token was read back")
	}
	dl, err := noRedirects(t, te.Token).DownloadAttachmentWithResponse(ctx, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	if dl.StatusCode() != http.StatusFound || dl.HTTPResponse.Header.Get("Location") != "https://files.example.com/cad/bracket.step" {
		t.Fatalf("remote download: %d %v", dl.StatusCode(), dl.HTTPResponse.Header)
	}

	for _, c := range []struct {
		name, body, field string
	}{
		{"blank file name", `{"owner":{"type":"item","id":"` + itemID + `"},"fileName":"   ","accessUrl":"https://x.example/a"}`, "fileName"},
		{"ftp URL", `{"owner":{"type":"item","id":"` + itemID + `"},"fileName":"a.txt","accessUrl":"ftp://x.example/a"}`, "accessUrl"},
		{"relative URL", `{"owner":{"type":"item","id":"` + itemID + `"},"fileName":"a.txt","accessUrl":"files/a.txt"}`, "accessUrl"},
		{"no owner", `{"fileName":"a.txt","accessUrl":"https://x.example/a"}`, "owner"},
	} {
		res, body := rawRequest(t, http.MethodPost, "/api/attachments/remote", te.Token, "application/json", c.body)
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: status %d: %s", c.name, res.StatusCode, body)
			continue
		}
		mustProblemNaming(t, res, body, c.field)
	}
	unknown, _ := te.API.CreateRemoteAttachmentWithResponse(ctx, nil, client.AttachmentRemoteCreate{
		Owner: client.AttachmentOwner{Type: client.AttachmentOwnerTypeItem, Id: "6745f0a2c81e4b0012ab34cd"}, FileName: "a.txt", AccessUrl: "https://x.example/a",
	})
	mustStatus(t, unknown.StatusCode(), http.StatusNotFound, unknown.Body)
	if list := listAttachments(t, te.API, ofItem(itemID)); len(list) != 1 {
		t.Fatalf("attachments %+v", list)
	}
}

// certify uploads a certification form.
func certify(t *testing.T, te *tenantEnv, content []byte, parts ...part) *client.UploadCertificationResponse {
	t.Helper()
	contentType, body := uploadBody(t, &filePart{name: "cert.pdf", content: content}, parts...)
	res, err := te.API.UploadCertificationWithBodyWithResponse(context.Background(), nil, contentType, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestAttachmentCertificationCertifiesALotOfTheItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, otherItem := createItem(t, te, newItem("CERT")), createItem(t, te, newItem("OTHER"))
	lotID := createLot(t, te, client.InventoryLotCreate{ItemId: itemID, Name: ptr("HEAT-42")})
	otherLot := createLot(t, te, client.InventoryLotCreate{ItemId: otherItem})
	certParts := func(ownerType, ownerID, lot string) []part {
		return []part{{"Detail.Owner.Type", ownerType}, {"Detail.Owner.Id", ownerID}, {"Detail.LotId", lot},
			{"Detail.Description", "Mill cert"}, {"Detail.Metadata[heat]", "42"}}
	}
	content := pdfDocument(t, false)
	res := certify(t, te, content, certParts("item", itemID, lotID)...)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	a := getAttachment(t, te, res.JSON200.Id)
	if a.LotId == nil || *a.LotId != lotID || a.Owner.Id != itemID || a.Format != client.AttachmentFormatDocument ||
		a.Description == nil || *a.Description != "Mill cert" || a.Metadata["heat"] != "42" || a.IsNoteAttachment {
		t.Fatalf("certification %+v", a)
	}

	cases := []struct {
		name   string
		parts  []part
		status int
		field  string
	}{
		{"another item's lot", certParts("item", itemID, otherLot), 400, "Detail.LotId"},
		{"unknown lot", certParts("item", itemID, "6745f0a2c81e4b0012ab34cd"), 404, "Detail.LotId"},
		{"lot id of 23 characters", certParts("item", itemID, lotID[:23]), 400, "Detail.LotId"},
		{"an owner type that takes no certifications", certParts("job", itemID, lotID), 400, "Detail.Owner.Type"},
		{"unknown item", certParts("item", "6745f0a2c81e4b0012ab34cd", lotID), 404, ""},
		{"an unknown receiving line item", certParts("purchaseOrderReceivingLineItem", itemID, lotID), 404, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			content := uniqueBytes(t, t.Name(), 128)
			res := certify(t, te, content, c.parts...)
			mustStatus(t, res.StatusCode(), c.status, res.Body)
			var p problemBody
			if err := json.Unmarshal(res.Body, &p); err != nil {
				t.Fatal(err)
			}
			if c.field != "" && len(p.Errors[c.field]) == 0 {
				t.Fatalf("the problem does not name %s: %s", c.field, res.Body)
			}
			if blobStored(t, content) {
				t.Fatal("the refused certification left its file in storage")
			}
		})
	}
	if list := listAttachments(t, te.API, ofItem(itemID)); len(list) != 1 {
		t.Fatalf("attachments %+v", list)
	}

	// A certification needs only its file and owner: the lot is optional.
	res = certify(t, te, uniqueBytes(t, "no lot", 128), certParts("item", itemID, lotID)[:2]...)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if a := getAttachment(t, te, res.JSON200.Id); a.LotId != nil || a.Owner.Id != itemID {
		t.Fatalf("certification without a lot: %+v", a)
	}
}

// zipEntries reads an archive's entries by name.
func zipEntries(t *testing.T, b []byte) (names []string, contents map[string][]byte) {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("not a ZIP archive: %v", err)
	}
	contents = map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		_ = rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, f.Name)
		contents[f.Name] = data
	}
	return names, contents
}

func TestAttachmentZipDownloadMakesEntryNamesUnique(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	itemID, bare := createItem(t, te, newItem("ZIP")), createItem(t, te, newItem("BARE"))
	first, second, third := pdfDocument(t, false), pdfDocument(t, false), pngImage(t)
	notes := uniqueBytes(t, "notes", 100)
	attachToItem(t, te, itemID, "drawing.pdf", first)
	attachToItem(t, te, itemID, "Drawing.pdf", second)
	attachToItem(t, te, itemID, "drawing.pdf", third)
	attachToItem(t, te, itemID, "notes.txt", notes)
	remote := func(owner string) {
		res, _ := te.API.CreateRemoteAttachmentWithResponse(ctx, nil, client.AttachmentRemoteCreate{
			Owner: client.AttachmentOwner{Type: client.AttachmentOwnerTypeItem, Id: owner}, FileName: "elsewhere.pdf", AccessUrl: "https://x.example/e.pdf"})
		mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	}
	remote(itemID)
	remote(bare)

	res, err := te.API.DownloadAttachmentsWithResponse(ctx, &client.DownloadAttachmentsParams{FileName: ptr("bundle.ZIP")}, ofItem(itemID))
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if h := res.HTTPResponse.Header; h.Get("Content-Type") != "application/zip" || h.Get("Content-Disposition") != `attachment; filename="bundle.ZIP"` {
		t.Fatalf("headers %v", h)
	}
	names, contents := zipEntries(t, res.Body)
	// By name (case-insensitive) then id: the three drawings in upload order (ids grow).
	want := []string{"drawing.pdf", "Drawing (2).pdf", "drawing (3).pdf", "notes.txt"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Fatalf("entries %q, want %q", names, want)
	}
	for name, content := range map[string][]byte{"drawing.pdf": first, "Drawing (2).pdf": second, "drawing (3).pdf": third, "notes.txt": notes} {
		if !bytes.Equal(contents[name], content) {
			t.Errorf("entry %s differs", name)
		}
	}

	res, _ = te.API.DownloadAttachmentsWithResponse(ctx, nil, ofItem(itemID))
	if res.StatusCode() != http.StatusOK || res.HTTPResponse.Header.Get("Content-Disposition") != `attachment; filename="attachments.zip"` {
		t.Fatalf("default name: %d %v", res.StatusCode(), res.HTTPResponse.Header)
	}
	res, _ = te.API.DownloadAttachmentsWithResponse(ctx, &client.DownloadAttachmentsParams{FileName: ptr("bundle.txt")}, ofItem(itemID))
	mustStatus(t, res.StatusCode(), http.StatusBadRequest, res.Body)
	if res.ApplicationproblemJSON400 == nil || len((*res.ApplicationproblemJSON400.Errors)["fileName"]) == 0 {
		t.Fatalf("the problem does not name fileName: %s", res.Body)
	}
	// Only remote attachments, or none at all: nothing to archive.
	for _, f := range []client.AttachmentFilter{ofItem(bare), ofItem("6745f0a2c81e4b0012ab34cd")} {
		res, _ = te.API.DownloadAttachmentsWithResponse(ctx, nil, f)
		mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
	}
}

func TestAttachmentListFiltersAndOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	one, two := createItem(t, te, newItem("ONE")), createItem(t, te, newItem("TWO"))
	b := attachToItem(t, te, one, "b.txt", uniqueBytes(t, "b", 8))
	a := attachToItem(t, te, one, "A.png", pngImage(t))
	c := attachToItem(t, te, one, "c.txt", uniqueBytes(t, "c", 8))
	d := attachToItem(t, te, two, "a.png", pngImage(t))
	owner := func(id string) client.AttachmentAnyOwner {
		return client.AttachmentAnyOwner{Type: client.AttachmentAnyOwnerTypeItem, Id: id}
	}
	cases := []struct {
		name string
		f    client.AttachmentFilter
		want []string
	}{
		{"every format: the whole tenant, by name then id", anyFormat(), []string{a, d, b, c}},
		{"owner", ofItem(one), []string{a, b, c}},
		{"owners", client.AttachmentFilter{Owners: &[]client.AttachmentAnyOwner{owner(two), owner(one)}}, []string{a, d, b, c}},
		{"owner and owners narrow each other", client.AttachmentFilter{Owner: ptr(owner(one)), Owners: &[]client.AttachmentAnyOwner{owner(two)}}, []string{}},
		{"attachment ids", client.AttachmentFilter{AttachmentIds: &[]string{c, d, "6745f0a2c81e4b0012ab34cd"}}, []string{d, c}},
		{"formats", client.AttachmentFilter{Formats: &[]client.AttachmentFormat{client.AttachmentFormatImage}}, []string{a, d}},
		{"owner and formats", client.AttachmentFilter{Owner: ptr(owner(one)), Formats: &[]client.AttachmentFormat{client.AttachmentFormatDocument}}, []string{b, c}},
		{"an owner type with no records", client.AttachmentFilter{Owner: &client.AttachmentAnyOwner{Type: client.AttachmentAnyOwnerTypeWorkOrderOperation, Id: one}}, []string{}},
		// Certifications may belong to receiving line items, so filters take their types too.
		{"a certification-only owner type", client.AttachmentFilter{Owners: &[]client.AttachmentAnyOwner{
			{Type: client.AttachmentAnyOwnerTypePurchaseOrderReceivingLineItem, Id: one}, owner(two)}}, []string{d}},
	}
	for _, cs := range cases {
		got := attachmentIDs(listAttachments(t, te.API, cs.f))
		if strings.Join(got, ",") != strings.Join(cs.want, ",") {
			t.Errorf("%s: %v, want %v", cs.name, got, cs.want)
		}
	}
	for _, body := range []string{`{"owners":[]}`, `{"attachmentIds":[]}`, `{"formats":["pdf"]}`, `{"owner":{"type":"item","id":"short"}}`} {
		res, b := rawRequest(t, http.MethodPost, "/api/attachments/list", te.Token, "application/json", body)
		mustProblem(t, res, b, http.StatusBadRequest)
	}
	// Each filter array takes at most 500 members, for list and ZIP.
	repeat := func(member string) string { return strings.TrimSuffix(strings.Repeat(member+",", 501), ",") }
	for name, body := range map[string]string{
		"owners":        `{"owners":[` + repeat(`{"type":"item","id":"`+one+`"}`) + `]}`,
		"attachmentIds": `{"attachmentIds":[` + repeat(`"`+a+`"`) + `]}`,
		"formats":       `{"formats":[` + repeat(`"image"`) + `]}`,
	} {
		for _, path := range []string{"/api/attachments/list", "/api/attachments/download"} {
			res, b := rawRequest(t, http.MethodPost, path, te.Token, "application/json", body)
			if p := mustProblem(t, res, b, http.StatusBadRequest); !strings.Contains(p.Detail, name) {
				t.Errorf("501 %s on %s: the problem does not name %s: %s", name, path, name, b)
			}
		}
	}
	// A filter names something: an empty one would be the whole tenant, for list and ZIP.
	// Members the filter does not know pass the schema's minProperties but name nothing.
	for _, path := range []string{"/api/attachments/list", "/api/attachments/download"} {
		for _, body := range []string{`{}`, `{"foo":1}`} {
			res, b := rawRequest(t, http.MethodPost, path, te.Token, "application/json", body)
			mustProblemNaming(t, res, b, "body")
		}
	}
}

func TestAttachmentUserTokensNeedTheOwnersPermissions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	itemID := createItem(t, te, newItem("PERM"))
	id := attachToItem(t, te, itemID, "plan.txt", uniqueBytes(t, "plan", 8))

	nothing := te.userToken(t)
	viewer := te.userToken(t, "View Item")
	editor := te.userToken(t, "View Item", "Edit Item")
	shipments := te.userToken(t, "View Shipments", "Edit Item")

	for name, token := range map[string]string{"no permissions": nothing, "View Shipments only": shipments} {
		c := noRedirects(t, token)
		// Lists leave out what the user may not see: 200 with nothing, never 403.
		if list := listAttachments(t, c, ofItem(itemID)); len(list) != 0 {
			t.Errorf("%s: list %+v", name, list)
		}
		if list := listAttachments(t, c, anyFormat()); len(list) != 0 {
			t.Errorf("%s: list of every format %+v", name, list)
		}
		if res, _ := c.GetAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusForbidden {
			t.Errorf("%s: get %d", name, res.StatusCode())
		}
		if res, _ := c.DownloadAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusForbidden {
			t.Errorf("%s: download %d", name, res.StatusCode())
		}
		if res, _ := c.DownloadAttachmentsWithResponse(ctx, nil, ofItem(itemID)); res.StatusCode() != http.StatusNotFound {
			t.Errorf("%s: zip %d", name, res.StatusCode())
		}
	}

	view := noRedirects(t, viewer)
	if list := listAttachments(t, view, ofItem(itemID)); len(list) != 1 {
		t.Fatalf("viewer list %+v", list)
	}
	if res, _ := view.GetAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusOK {
		t.Fatalf("viewer get %d", res.StatusCode())
	}
	if res, _ := view.DownloadAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusOK {
		t.Fatalf("viewer download %d", res.StatusCode())
	}
	if res, _ := view.DownloadAttachmentsWithResponse(ctx, nil, ofItem(itemID)); res.StatusCode() != http.StatusOK {
		t.Fatalf("viewer zip %d", res.StatusCode())
	}
	// Attaching and removing need Edit Item.
	content := uniqueBytes(t, "forbidden", 64)
	res := upload(t, view, &filePart{name: "no.txt", content: content}, itemParts(itemID)...)
	mustStatus(t, res.StatusCode(), http.StatusForbidden, res.Body)
	if blobStored(t, content) {
		t.Fatal("a forbidden upload left its file in storage")
	}
	remote, _ := view.CreateRemoteAttachmentWithResponse(ctx, nil, client.AttachmentRemoteCreate{
		Owner: client.AttachmentOwner{Type: client.AttachmentOwnerTypeItem, Id: itemID}, FileName: "r.txt", AccessUrl: "https://x.example/r"})
	mustStatus(t, remote.StatusCode(), http.StatusForbidden, remote.Body)
	if del, _ := view.DeleteAttachmentWithResponse(ctx, id, nil); del.StatusCode() != http.StatusForbidden {
		t.Fatalf("viewer delete %d", del.StatusCode())
	}

	edit := noRedirects(t, editor)
	created := upload(t, edit, &filePart{name: "yes.txt", content: uniqueBytes(t, "allowed", 64)}, itemParts(itemID)...)
	mustStatus(t, created.StatusCode(), http.StatusOK, created.Body)
	if del, _ := edit.DeleteAttachmentWithResponse(ctx, created.JSON200.Id, nil); del.StatusCode() != http.StatusOK {
		t.Fatalf("editor delete %d", del.StatusCode())
	}
	if list := listAttachments(t, te.API, ofItem(itemID)); len(list) != 1 || list[0].Id != id {
		t.Fatalf("attachments %+v", list)
	}
}

func TestAttachmentDeleteAnswers200Or204Or410(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	ctx := context.Background()
	itemID := createItem(t, te, newItem("DEL"))
	id := attachToItem(t, te, itemID, "d.txt", uniqueBytes(t, "d", 8))
	remote, _ := te.API.CreateRemoteAttachmentWithResponse(ctx, nil, client.AttachmentRemoteCreate{
		Owner: client.AttachmentOwner{Type: client.AttachmentOwnerTypeItem, Id: itemID}, FileName: "r.txt", AccessUrl: "https://x.example/r"})
	mustStatus(t, remote.StatusCode(), http.StatusOK, remote.Body)
	// Records imported from earlier systems may carry ids that are not valid attachment ids.
	for _, legacy := range []string{"LEGACY-0001", "6745F0A2C81E4B0012AB34CD"} {
		_, err := srv.Pool.ExecContext(ctx, `INSERT INTO attachments (tenant_id, id, owner_type, owner_id, name, format, access_url)
			VALUES ($1, $2, 'item', $3, 'old.txt', 'document', 'https://legacy.example/old.txt')`, te.ID, legacy, itemID)
		if err != nil {
			t.Fatal(err)
		}
	}

	status := func(tenant *tenantEnv, id string) int {
		t.Helper()
		res, err := tenant.API.DeleteAttachmentWithResponse(ctx, id, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode() == http.StatusGone && res.ApplicationproblemJSON410 == nil {
			t.Fatalf("410 without a problem: %s", res.Body)
		}
		return res.StatusCode()
	}
	if got := status(other, id); got != http.StatusNoContent {
		t.Fatalf("another tenant's delete: %d", got)
	}
	for _, c := range []struct {
		id   string
		want int
	}{
		{id, http.StatusOK}, {id, http.StatusNoContent},
		{remote.JSON200.Id, http.StatusOK},
		{"6745f0a2c81e4b0012ab34cd", http.StatusNoContent},
		{"LEGACY-0001", http.StatusGone}, {"LEGACY-0001", http.StatusNoContent},
		{"6745F0A2C81E4B0012AB34CD", http.StatusGone},
	} {
		if got := status(te, c.id); got != c.want {
			t.Errorf("delete %s: %d, want %d", c.id, got, c.want)
		}
	}
	if list := listAttachments(t, te.API, ofItem(itemID)); len(list) != 0 {
		t.Fatalf("left after deletes: %+v", list)
	}
}

func TestAttachmentChangesAdvanceTheItemsModifiedUtcWithoutItemUpdated(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	itemID := createItem(t, te, newItem("TOUCH"))
	events := itemEvents(t, te, itemID)
	last := getItem(t, te, itemID).ModifiedUtc
	advanced := func(what string) {
		t.Helper()
		now := getItem(t, te, itemID).ModifiedUtc
		if !now.After(last) {
			t.Fatalf("%s: modifiedUtc %v did not advance past %v", what, now, last)
		}
		last = now
	}
	id := attachToItem(t, te, itemID, "a.txt", uniqueBytes(t, "a", 8))
	advanced("upload")
	remote, _ := te.API.CreateRemoteAttachmentWithResponse(ctx, nil, client.AttachmentRemoteCreate{
		Owner: client.AttachmentOwner{Type: client.AttachmentOwnerTypeItem, Id: itemID}, FileName: "r.txt", AccessUrl: "https://x.example/r"})
	mustStatus(t, remote.StatusCode(), http.StatusOK, remote.Body)
	advanced("remote attachment")
	lot := createLot(t, te, client.InventoryLotCreate{ItemId: itemID})
	cert := certify(t, te, uniqueBytes(t, "cert", 8), part{"Detail.Owner.Type", "item"}, part{"Detail.Owner.Id", itemID}, part{"Detail.LotId", lot})
	mustStatus(t, cert.StatusCode(), http.StatusOK, cert.Body)
	advanced("certification")
	if res, _ := te.API.DeleteAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusOK {
		t.Fatalf("delete: %d", res.StatusCode())
	}
	advanced("delete")
	// A refused upload changes nothing.
	res := upload(t, te.API, &filePart{name: "x.txt", content: []byte("x")}, itemParts(itemID, part{"Detail.IsNoteAttachment", "maybe"})...)
	mustStatus(t, res.StatusCode(), http.StatusBadRequest, res.Body)
	if now := getItem(t, te, itemID).ModifiedUtc; !now.Equal(last) {
		t.Fatalf("a refused upload moved modifiedUtc to %v", now)
	}
	if got := itemEvents(t, te, itemID); got != events {
		t.Fatalf("ItemUpdated events %d, want %d: files are not item changes", got, events)
	}
}

// A parent is checked as the owner is, in the attaching transaction: it must be a record of
// the tenant (404 naming the parent) whose type the token may view (403); a refused upload
// leaves neither record nor file, for uploads and remote attachments alike.
func TestAttachmentParentMustBeARecordTheTokenMayView(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	ctx := context.Background()
	itemID := createItem(t, te, newItem("ATT-PARENT"))
	theirItem := createItem(t, other, newItem("THEIR-PARENT"))
	itemEditor := te.userClient(t, "View Item", "Edit Item")
	cases := []struct {
		name       string
		c          *client.ClientWithResponses
		parentType string
		parentID   string
		status     int
	}{
		{"unknown item", te.API, "item", "6745f0a2c81e4b0012ab34cd", http.StatusNotFound},
		{"another tenant's item", te.API, "item", theirItem, http.StatusNotFound},
		{"a type with no records yet", te.API, "workOrderOperation", "6745f0a2c81e4b0012ab34cd", http.StatusNotFound},
		{"a type the user may not view", itemEditor, "job", "6745f0a2c81e4b0012ab34cd", http.StatusForbidden},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			content := uniqueBytes(t, t.Name(), 256)
			res := upload(t, c.c, &filePart{name: "child.txt", content: content},
				itemParts(itemID, part{"Detail.Parent.Type", c.parentType}, part{"Detail.Parent.Id", c.parentID})...)
			mustStatus(t, res.StatusCode(), c.status, res.Body)
			if c.status == http.StatusNotFound && !strings.Contains(string(res.Body), "parent "+c.parentType+" "+c.parentID) {
				t.Fatalf("the 404 does not name the parent: %s", res.Body)
			}
			if blobStored(t, content) {
				t.Fatal("the refused upload left its file in storage")
			}
			r, err := c.c.CreateRemoteAttachmentWithResponse(ctx, nil, client.AttachmentRemoteCreate{
				Owner:    client.AttachmentOwner{Type: client.AttachmentOwnerTypeItem, Id: itemID},
				Parent:   &client.AttachmentOwner{Type: client.AttachmentOwnerType(c.parentType), Id: c.parentID},
				FileName: "child.step", AccessUrl: "https://files.example.com/child.step",
			})
			if err != nil {
				t.Fatal(err)
			}
			mustStatus(t, r.StatusCode(), c.status, r.Body)
		})
	}
	if n := tenantAttachments(t, te); n != 0 {
		t.Fatalf("refused attachments left %d records", n)
	}
	// The item editor may name an item as the parent.
	res := upload(t, itemEditor, &filePart{name: "child.txt", content: uniqueBytes(t, t.Name(), 64)},
		itemParts(itemID, part{"Detail.Parent.Type", "item"}, part{"Detail.Parent.Id", itemID})...)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
}

// Invisible format characters never reach a download's name: `invoice\u202Efdp.exe` would
// show as "invoiceexe.pdf". ZIP entries lose ':' too (a drive or stream name on Windows).
func TestAttachmentDownloadNamesDropFormatCharactersAndZipColons(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	itemID := createItem(t, te, newItem("ATT-RTLO"))
	content := uniqueBytes(t, t.Name(), 128)
	// A raw disposition: the multipart writer would escape the characters under test.
	up := upload(t, te.API, &filePart{content: content, disposition: "form-data; name=\"File\"; filename=\"C:invoice\u202Efdp\u200B.exe\""},
		itemParts(itemID)...)
	mustStatus(t, up.StatusCode(), http.StatusOK, up.Body)
	id := up.JSON200.Id

	dl, err := te.API.DownloadAttachmentWithResponse(ctx, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, dl.StatusCode(), http.StatusOK, dl.Body)
	if got := dl.HTTPResponse.Header.Get("Content-Disposition"); got != `attachment; filename="C:invoicefdp.exe"` {
		t.Fatalf("Content-Disposition %q", got)
	}
	res, err := te.API.DownloadAttachmentsWithResponse(ctx, nil, ofItem(itemID))
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, nil)
	zr, err := zip.NewReader(bytes.NewReader(res.Body), int64(len(res.Body)))
	if err != nil || len(zr.File) != 1 || zr.File[0].Name != "C_invoicefdp.exe" {
		t.Fatalf("ZIP entries %v (%v), want C_invoicefdp.exe", zr, err)
	}
}
