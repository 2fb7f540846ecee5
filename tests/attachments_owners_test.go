package tests

import (
	"bytes"
	"context"
	"net/http"
	"testing"

	"mos/gen/client"
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
	ofShipment := client.AttachmentFilter{Owner: &client.AttachmentOwner{Type: client.AttachmentOwnerTypeShipment, Id: shipmentID}}

	shipments := noRedirects(t, te.userToken(t, "View Shipments"))
	if got := attachmentIDs(listAttachments(t, shipments, ofShipment)); len(got) != 1 || got[0] != id {
		t.Fatalf("View Shipments list: %v, want [%s]", got, id)
	}
	if res, _ := shipments.GetAttachmentWithResponse(ctx, id); res.StatusCode() != http.StatusOK || res.JSON200.Owner.Type != client.AttachmentOwnerTypeShipment {
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
	if res, _ := items.GetAttachmentWithResponse(ctx, id); res.StatusCode() != http.StatusForbidden {
		t.Fatalf("View Item get: %d, want 403", res.StatusCode())
	}
	if res, _ := items.DownloadAttachmentWithResponse(ctx, id, nil); res.StatusCode() != http.StatusForbidden {
		t.Fatalf("View Item download: %d, want 403", res.StatusCode())
	}
	if res, _ := items.DownloadAttachmentsWithResponse(ctx, nil, ofShipment); res.StatusCode() != http.StatusNotFound {
		t.Fatalf("View Item zip: %d, want 404 (nothing it may see matches)", res.StatusCode())
	}
	if res, _ := items.DeleteAttachmentWithResponse(ctx, id); res.StatusCode() != http.StatusForbidden {
		t.Fatalf("View Item delete: %d, want 403", res.StatusCode())
	}
}
