package attachments

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"

	// The formats a document's logo may take: registered for image.DecodeConfig.
	_ "image/jpeg"
	_ "image/png"

	"mos/internal/platform/blob"
	"mos/internal/platform/db"
)

// MaxImageBytes caps an image another area prints (a document's logo): it is read whole into
// memory at every render.
const MaxImageBytes = 1 << 20

// ErrNotImage: the attachment's file is not a PNG or JPEG image of at most MaxImageBytes.
var ErrNotImage = errors.New("not a PNG or JPEG image of at most 1 MiB")

// Images reads stored attachments as images for other areas to print. It needs only the
// database and the blob store, not the owner kinds, so the wiring can build it before the
// areas that print (whose owner kinds the Service needs) exist.
type Images struct {
	pool  *db.Pool
	blobs blob.Store
	store store
}

// NewImages returns the image reader over the attachments' blob store.
func NewImages(pool *db.Pool, blobs blob.Store) *Images { return &Images{pool: pool, blobs: blobs} }

// Image returns the content of a stored attachment of the tenant whose file is a PNG or JPEG
// image of at most MaxImageBytes, for printing it (a document's logo). An unknown, another
// tenant's or remote attachment, or one whose content was released, is a NotFound error; any
// other file is ErrNotImage. The format is read from the bytes, not the name.
func (s *Images) Image(ctx context.Context, tenantID, id string) ([]byte, error) {
	a, err := s.store.get(ctx, s.pool, tenantID, id)
	if err != nil {
		return nil, err
	}
	if a.Remote() {
		return nil, notFound(id)
	}
	if a.Size > MaxImageBytes {
		return nil, ErrNotImage
	}
	rc, _, err := s.blobs.Open(ctx, *a.BlobKey)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, notFound(id)
	}
	if err != nil {
		return nil, fmt.Errorf("open attachment %s: %w", id, err)
	}
	defer rc.Close()
	content, err := io.ReadAll(io.LimitReader(rc, MaxImageBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read attachment %s: %w", id, err)
	}
	if len(content) > MaxImageBytes {
		return nil, ErrNotImage
	}
	if _, format, err := image.DecodeConfig(bytes.NewReader(content)); err != nil || (format != "png" && format != "jpeg") {
		return nil, ErrNotImage
	}
	return content, nil
}
