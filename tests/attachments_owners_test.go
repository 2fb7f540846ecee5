package tests

import (
	"bytes"
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/shared/attachments"
)

func TestAttachmentShipmentOwnedFilesNeedViewShipments(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	// Shipments have not landed, so no shipment record exists to upload to: the attachment
	// row is inserted directly (as data imported from an earlier system would be), sharing
	// the content of a file uploaded to an item so that it can be downloaded.
	itemID := createItem(t, te, newItem("SHIPDOC"))
	content := uniqueBytes(t, t.Name(), 64)
	attachToItem(t, te, itemID, "packing.txt", content)
	shipmentID, id := "6745f0a2c81e4b0012ab5678", "6745f0a2c81e4b0012ab9abc"
	_, err := srv.Pool.ExecContext(ctx, `INSERT INTO attachments (tenant_id, id, owner_type, owner_id, name, format, size, blob_key)
		VALUES ($1, $2, 'shipment', $3, 'packing-list.txt', 'document', $4, $5)`, te.ID, id, shipmentID, len(content), sha256Hex(content))
	if err != nil {
		t.Fatal(err)
	}
	ofShipment := client.AttachmentFilter{Owner: &client.AttachmentAnyOwner{Type: client.AttachmentAnyOwnerTypeShipment, Id: shipmentID}}

	shipments := noRedirects(t, te.userToken(t, "View Shipments"))
	if got := attachmentIDs(listAttachments(t, shipments, ofShipment)); len(got) != 1 || got[0] != id {
		t.Fatalf("View Shipments list: %v, want [%s]", got, id)
	}
	if res, _ := shipments.GetAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusOK || res.JSON200.Owner.Type != client.AttachmentAnyOwnerTypeShipment {
		t.Fatalf("View Shipments get: %d %s", res.StatusCode(), res.Body)
	}
	if res, _ := shipments.DownloadAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusOK || !bytes.Equal(res.Body, content) {
		t.Fatalf("View Shipments download: %d", res.StatusCode())
	}
	if res, _ := shipments.DownloadAttachmentsWithResponse(ctx, nil, ofShipment); res.StatusCode() != http.StatusOK {
		t.Fatalf("View Shipments zip: %d", res.StatusCode())
	}
	// The item's own file stays hidden from a token that may view only shipments.
	if list := listAttachments(t, shipments, ofItem(itemID)); len(list) != 0 {
		t.Fatalf("View Shipments sees the item's files: %+v", list)
	}

	items := noRedirects(t, te.userToken(t, "View Item", "Edit Item"))
	if list := listAttachments(t, items, ofShipment); len(list) != 0 {
		t.Fatalf("View Item list of the shipment's files: %+v", list)
	}
	if res, _ := items.GetAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusForbidden {
		t.Fatalf("View Item get: %d, want 403", res.StatusCode())
	}
	if res, _ := items.DownloadAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusForbidden {
		t.Fatalf("View Item download: %d, want 403", res.StatusCode())
	}
	if res, _ := items.DownloadAttachmentsWithResponse(ctx, nil, ofShipment); res.StatusCode() != http.StatusNotFound {
		t.Fatalf("View Item zip: %d, want 404 (nothing it may see matches)", res.StatusCode())
	}
	if res, _ := items.DeleteAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusForbidden {
		t.Fatalf("View Item delete: %d, want 403", res.StatusCode())
	}
	// Removing it takes the shipments' edit permission; viewing them is not enough.
	if res, _ := shipments.DeleteAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusForbidden {
		t.Fatalf("View Shipments delete: %d, want 403", res.StatusCode())
	}
	editor := noRedirects(t, te.userToken(t, "View Shipments", "Edit Shipments"))
	if res, _ := editor.DeleteAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusOK {
		t.Fatalf("Edit Shipments delete: %d, want 200", res.StatusCode())
	}
}

func TestAttachmentEditNeedsTheOwnerAreasEditPermission(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	jobID := "6745f0a2c81e4b0012ab1234"
	jobParts := []part{{"Detail.Owner.Type", "job"}, {"Detail.Owner.Id", jobID}, {"Detail.IsNoteAttachment", "false"}}
	remote := client.AttachmentRemoteCreate{Owner: client.AttachmentOwner{Type: client.AttachmentOwnerTypeJob, Id: jobID},
		FileName: "r.txt", AccessUrl: "https://x.example/r"}
	// Viewing jobs does not let a token attach files to one.
	viewer := noRedirects(t, te.userToken(t, "View Job"))
	res := upload(t, viewer, &filePart{name: "j.txt", content: uniqueBytes(t, t.Name(), 8)}, jobParts...)
	mustStatus(t, res.StatusCode(), http.StatusForbidden, res.Body)
	r, _ := viewer.CreateRemoteAttachmentWithResponse(ctx, nil, remote)
	mustStatus(t, r.StatusCode(), http.StatusForbidden, r.Body)
	// Edit Job passes the permission; the tenant has no job of that id: 404.
	editor := noRedirects(t, te.userToken(t, "View Job", "Edit Job"))
	res = upload(t, editor, &filePart{name: "j.txt", content: uniqueBytes(t, t.Name(), 8)}, jobParts...)
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
	r, _ = editor.CreateRemoteAttachmentWithResponse(ctx, nil, remote)
	mustStatus(t, r.StatusCode(), http.StatusNotFound, r.Body)
}

func TestAttachmentZipDownloadIsCapped(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	many, big := createItem(t, te, newItem("MANYFILES")), createItem(t, te, newItem("BIGFILES"))
	for i := range testZipMaxEntries {
		attachToItem(t, te, many, "f.txt", uniqueBytes(t, t.Name()+string(rune('a'+i)), 8))
	}
	// Two files, each within the cap, together over it.
	var bigIDs []string
	for _, label := range []string{"one", "two"} {
		content := uniqueBytes(t, label, testZipMaxBytes/2)[:testZipMaxBytes/2+1]
		bigIDs = append(bigIDs, attachToItem(t, te, big, label+".bin", content))
	}
	zip := func(f client.AttachmentFilter) *client.DownloadAttachmentsResponse {
		t.Helper()
		res, err := te.API.DownloadAttachmentsWithResponse(ctx, nil, f)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	// At the caps is fine.
	if res := zip(ofItem(many)); res.StatusCode() != http.StatusOK {
		t.Fatalf("%d files: %d %s", testZipMaxEntries, res.StatusCode(), res.Body)
	}
	if res := zip(client.AttachmentFilter{AttachmentIds: &[]string{bigIDs[0]}}); res.StatusCode() != http.StatusOK {
		t.Fatalf("the big files: %d %s", res.StatusCode(), res.Body)
	}
	// One more file than the cap, or more bytes: 400 naming filter, saying why.
	extra := attachToItem(t, te, many, "g.txt", uniqueBytes(t, t.Name()+"extra", 8))
	for name, c := range map[string]struct {
		f      client.AttachmentFilter
		reason string
	}{
		"too many files": {ofItem(many), "stored files"},
		"too many bytes": {client.AttachmentFilter{AttachmentIds: &bigIDs}, "bytes"},
	} {
		res := zip(c.f)
		mustStatus(t, res.StatusCode(), http.StatusBadRequest, res.Body)
		p := res.ApplicationproblemJSON400
		if p == nil || p.Errors == nil || len((*p.Errors)["filter"]) == 0 || !strings.Contains((*p.Errors)["filter"][0], c.reason) {
			t.Fatalf("%s: the problem does not name filter with the reason %q: %s", name, c.reason, res.Body)
		}
	}
	if list := listAttachments(t, te.API, ofItem(many)); len(list) != testZipMaxEntries+1 || !slices.Contains(attachmentIDs(list), extra) {
		t.Fatalf("the list is not capped: %d", len(list))
	}
}

func TestAttachmentExpiredSignedURLIs403(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("EXPIRED"))
	content := uniqueBytes(t, t.Name(), testRedirectAboveBytes+1)
	id := attachToItem(t, te, itemID, "scan.pdf", content)
	fetch := func(expires time.Time) (rawResponse, []byte) {
		t.Helper()
		return sendRequest(t, http.MethodGet, srv.URL+attachments.SignedContentURL(testSigningKey, te.ID, id, "scan.pdf", expires), nil, nil)
	}
	// Signed as the server signs, valid until later: the file.
	res, body := fetch(time.Now().Add(time.Hour))
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if !bytes.Equal(body, content) {
		t.Fatalf("signed download: %d bytes, want %d", len(body), len(content))
	}
	// The same URL once its expiry has passed: 403, though its signature is right.
	res, body = fetch(time.Now().Add(-time.Minute))
	if p := mustProblem(t, res, body, http.StatusForbidden); !strings.Contains(p.Detail, "expired") {
		t.Fatalf("the problem does not say the URL expired: %s", body)
	}
}

func TestAttachmentRemoteFileNameLosesItsPath(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	itemID := createItem(t, te, newItem("REMOTEPATH"))
	create := func(fileName string) *client.CreateRemoteAttachmentResponse {
		t.Helper()
		res, err := te.API.CreateRemoteAttachmentWithResponse(ctx, nil, client.AttachmentRemoteCreate{
			Owner:    client.AttachmentOwner{Type: client.AttachmentOwnerTypeItem, Id: itemID},
			FileName: fileName, AccessUrl: "https://files.example/x"})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	for fileName, want := range map[string]string{
		"../../etc/passwd.step":    "passwd.step",
		`C:\drawings\bracket.step`: "bracket.step",
		"cad/parts/ housing.iges ": "housing.iges",
		"plain.pdf":                "plain.pdf",
	} {
		res := create(fileName)
		mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
		if a := getAttachment(t, te, res.JSON200.Id); a.Name != want {
			t.Errorf("fileName %q stored as %q, want %q", fileName, a.Name, want)
		}
	}
	// Nothing left once the path is gone: 400 naming fileName.
	for _, fileName := range []string{"dir/", `dir\..`, "a/."} {
		res := create(fileName)
		mustStatus(t, res.StatusCode(), http.StatusBadRequest, res.Body)
		if p := res.ApplicationproblemJSON400; p == nil || p.Errors == nil || len((*p.Errors)["fileName"]) == 0 {
			t.Fatalf("fileName %q: the problem does not name fileName: %s", fileName, res.Body)
		}
	}
}
