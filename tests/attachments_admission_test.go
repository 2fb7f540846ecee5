package tests

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

// uploadWithHeldFile posts an upload form to path whose parts come first and whose File part
// (fileSize bytes, declared in Content-Length) is mostly held back: only its first sentBytes
// are sent until the server has answered. A server that reads the whole file before
// answering would never answer; one that answers has decided without the file. (Go's server
// reads up to 256 KB of a body its handler left unread before it answers, so some of the
// file has to be sent.)
func uploadWithHeldFile(t *testing.T, path, token string, fileSize int64, parts ...part) (rawResponse, []byte) {
	t.Helper()
	var prefix bytes.Buffer
	w := multipart.NewWriter(&prefix)
	for _, p := range parts {
		if err := w.WriteField(p.name, p.value); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.CreateFormFile("File", "held.bin"); err != nil {
		t.Fatal(err)
	}
	closing := fmt.Sprintf("\r\n--%s--\r\n", w.Boundary())
	held, release := io.Pipe()
	const sentBytes = 1 << 20
	sent := bytes.Repeat([]byte{'x'}, sentBytes)
	req, err := http.NewRequest(http.MethodPost, srv.URL+path, io.MultiReader(bytes.NewReader(prefix.Bytes()), bytes.NewReader(sent), held))
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = int64(prefix.Len()) + fileSize + int64(len(closing))
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	transport := &http.Transport{}
	defer transport.CloseIdleConnections()
	res, err := (&http.Client{Transport: transport}).Do(req)
	// The answer is in (or the request failed): stop the body, whose rest was never sent.
	release.CloseWithError(errors.New("the test never sends the file"))
	if err != nil {
		t.Fatalf("upload: %v", err)
	}
	defer func() { _ = res.Body.Close() }()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return rawResponse{StatusCode: res.StatusCode, Header: res.Header}, body
}

func TestAttachmentUploadChecksTheOwnerBeforeReadingTheFile(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	itemID := createItem(t, te, newItem("EARLY"))
	theirItem := createItem(t, other, newItem("EARLYTHEIRS"))
	owner := func(ownerType, id string) []part {
		return []part{{"Detail.Owner.Type", ownerType}, {"Detail.Owner.Id", id}, {"Detail.IsNoteAttachment", "false"}}
	}
	// Larger than the upload limit: had the server read it, it would answer 413.
	const tooLarge = testUploadLimitBytes + 1
	cases := []struct {
		name   string
		token  string
		path   string
		parts  []part
		status int
		field  string
	}{
		{"unknown item", te.Token, "/api/attachments", owner("item", "6745f0a2c81e4b0012ab34cd"), http.StatusNotFound, ""},
		{"another tenant's item", te.Token, "/api/attachments", owner("item", theirItem), http.StatusNotFound, ""},
		{"an unknown work-order operation", te.Token, "/api/attachments", owner("workOrderOperation", itemID), http.StatusNotFound, ""},
		{"an unknown owner type", te.Token, "/api/attachments", owner("widget", itemID), http.StatusBadRequest, "Detail.Owner.Type"},
		{"a short owner id", te.Token, "/api/attachments", owner("item", "short"), http.StatusBadRequest, "Detail.Owner.Id"},
		{"no edit permission for the owner", te.userToken(t, "View Item", "Edit Job"), "/api/attachments", owner("item", itemID), http.StatusForbidden, ""},
		{"no edit permission at all", te.userToken(t, "View Item"), "/api/attachments", owner("item", itemID), http.StatusForbidden, ""},
		{"no edit permission at all, owner parts after the file", te.userToken(t, "View Item"), "/api/attachments", nil, http.StatusForbidden, ""},
		{"certification of an unknown item", te.Token, "/api/attachments/certification",
			[]part{{"Detail.Owner.Type", "item"}, {"Detail.Owner.Id", "6745f0a2c81e4b0012ab34cd"}, {"Detail.LotId", "6745f0a2c81e4b0012ab34cd"}}, http.StatusNotFound, ""},
		{"certification without any edit permission", te.userToken(t, "View Item", "Edit Job"), "/api/attachments/certification", nil, http.StatusForbidden, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := uploadWithHeldFile(t, c.path, c.token, tooLarge, c.parts...)
			if c.field != "" {
				mustProblemNaming(t, res, body, c.field)
				return
			}
			mustProblem(t, res, body, c.status)
		})
	}
	if list := listAttachments(t, te.API, ofItem(itemID)); len(list) != 0 {
		t.Fatalf("refused uploads left records: %+v", list)
	}
}

// postForm posts an upload form to path with the integration token of te.
func postForm(t *testing.T, te *tenantEnv, path string, file *filePart, parts ...part) (rawResponse, []byte) {
	t.Helper()
	contentType, b := uploadBody(t, file, parts...)
	return sendRequest(t, http.MethodPost, srv.URL+path,
		mergeHeaders(bearer(te.Token), http.Header{"Content-Type": {contentType}}), bytes.NewReader(b))
}

func TestAttachmentUploadFormRefusesUnknownParts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("PARTS"))
	lot := createLot(t, te, client.InventoryLotCreate{ItemId: itemID})
	certParts := []part{{"Detail.Owner.Type", "item"}, {"Detail.Owner.Id", itemID}, {"Detail.LotId", lot}}
	cases := []struct {
		name  string
		path  string
		parts []part
		field string
	}{
		{"a misspelt part", "/api/attachments", itemParts(itemID, part{"Detail.Desc", "typo"}), "Detail.Desc"},
		{"a part of another form", "/api/attachments", itemParts(itemID, part{"Detail.LotId", lot}), "Detail.LotId"},
		{"a part without the Detail prefix", "/api/attachments", itemParts(itemID, part{"Description", "d"}), "Description"},
		{"a note flag on a certification", "/api/attachments/certification", append(certParts, part{"Detail.IsNoteAttachment", "false"}), "Detail.IsNoteAttachment"},
		{"a parent on a certification", "/api/attachments/certification", append(certParts, part{"Detail.Parent.Type", "item"}), "Detail.Parent.Type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			content := uniqueBytes(t, t.Name(), 64)
			res, body := postForm(t, te, c.path, &filePart{name: "a.txt", content: content}, c.parts...)
			mustProblemNaming(t, res, body, c.field)
			if blobStored(t, content) {
				t.Fatal("a refused upload left its file in storage")
			}
		})
	}
	if list := listAttachments(t, te.API, ofItem(itemID)); len(list) != 0 {
		t.Fatalf("refused uploads left records: %+v", list)
	}
	// Metadata keys are open-ended: any Detail.Metadata[<key>] is taken.
	id := attachToItem(t, te, itemID, "m.txt", uniqueBytes(t, "meta", 8), part{"Detail.Metadata[revision]", "B"})
	if a := getAttachment(t, te, id); a.Metadata["revision"] != "B" {
		t.Fatalf("metadata %v", a.Metadata)
	}
}

func TestAttachmentUploadFormPartNamesCountAgainstTheFieldBudget(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("NAMES"))
	// 6,000 metadata parts with valid 190-character keys and empty values: over 1 MB of
	// names, though no value holds a byte.
	var meta []part
	for i := range 6000 {
		meta = append(meta, part{fmt.Sprintf("Detail.Metadata[%0190d]", i), ""})
	}
	content := uniqueBytes(t, t.Name(), 64)
	res, body := postForm(t, te, "/api/attachments", &filePart{name: "a.txt", content: content}, itemParts(itemID, meta...)...)
	p := mustProblem(t, res, body, http.StatusBadRequest)
	if !strings.Contains(p.Detail, "1048576 bytes") {
		t.Fatalf("the problem does not name the field budget: %s", body)
	}
	if blobStored(t, content) {
		t.Fatal("a refused upload left its file in storage")
	}
	// Just under the budget is taken.
	under := meta[:4000]
	id := attachToItem(t, te, itemID, "b.txt", uniqueBytes(t, "under", 8), under...)
	if a := getAttachment(t, te, id); len(a.Metadata) != len(under) {
		t.Fatalf("metadata has %d keys, want %d", len(a.Metadata), len(under))
	}
}

func TestAttachmentCertificationOnlyOwnerTypesAreRefusedElsewhere(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("CERTONLY"))
	lineID := "6745f0a2c81e4b0012ab4321"
	for _, ownerType := range []string{"purchaseOrderReceivingLineItem", "salesOrderReceivingLineItem"} {
		t.Run(ownerType, func(t *testing.T) {
			for name, c := range map[string]struct {
				parts []part
				field string
			}{
				"owner":  {[]part{{"Detail.Owner.Type", ownerType}, {"Detail.Owner.Id", lineID}, {"Detail.IsNoteAttachment", "false"}}, "Detail.Owner.Type"},
				"parent": {itemParts(itemID, part{"Detail.Parent.Type", ownerType}, part{"Detail.Parent.Id", lineID}), "Detail.Parent.Type"},
			} {
				content := uniqueBytes(t, t.Name()+name, 64)
				res, body := postForm(t, te, "/api/attachments", &filePart{name: "a.txt", content: content}, c.parts...)
				mustProblemNaming(t, res, body, c.field)
				if blobStored(t, content) {
					t.Fatalf("%s: a refused upload left its file in storage", name)
				}
			}
			owner := `{"type":"` + ownerType + `","id":"` + lineID + `"}`
			res, b := rawRequest(t, http.MethodPost, "/api/attachments/remote", te.Token, "application/json",
				`{"owner":`+owner+`,"fileName":"r.pdf","accessUrl":"https://x.example/r.pdf"}`)
			mustProblemNaming(t, res, b, "owner.type")
			// Filters find certifications by their owner, so they take the type: nothing matches.
			res, b = rawRequest(t, http.MethodPost, "/api/attachments/list", te.Token, "application/json", `{"owner":`+owner+`}`)
			if res.StatusCode != http.StatusOK || strings.TrimSpace(string(b)) != "[]" {
				t.Fatalf("list by a certification owner type: %d %s", res.StatusCode, b)
			}
			res, b = rawRequest(t, http.MethodPost, "/api/attachments/download", te.Token, "application/json", `{"owners":[`+owner+`]}`)
			mustProblem(t, res, b, http.StatusNotFound)
			// A certification takes it: the type passes, and the unknown line item is 404.
			res, body := postForm(t, te, "/api/attachments/certification", &filePart{name: "c.pdf", content: uniqueBytes(t, t.Name(), 8)},
				part{"Detail.Owner.Type", ownerType}, part{"Detail.Owner.Id", lineID}, part{"Detail.LotId", "6745f0a2c81e4b0012ab34cd"})
			mustProblem(t, res, body, http.StatusNotFound)
		})
	}
	// And a certification takes no other type.
	res, body := postForm(t, te, "/api/attachments/certification", &filePart{name: "c.pdf", content: uniqueBytes(t, t.Name(), 8)},
		part{"Detail.Owner.Type", "job"}, part{"Detail.Owner.Id", lineID}, part{"Detail.LotId", "6745f0a2c81e4b0012ab34cd"})
	mustProblemNaming(t, res, body, "Detail.Owner.Type")
	if n := tenantAttachments(t, te); n != 0 {
		t.Fatalf("refused uploads left %d records", n)
	}
}
