package attachments

import (
	"archive/zip"
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/blob"
	"mos/internal/shared/attachments/internal/fileformat"
)

// DefaultArchiveName names a ZIP download that asks for no name.
const DefaultArchiveName = "attachments.zip"

// Archive is a ZIP download being written: Body streams the archive as it is made.
type Archive struct {
	Name string
	Body io.ReadCloser
}

// Zip starts streaming a ZIP archive of the stored files of the attachments matching f that
// the caller may see, by name then id, with entry names made unique. name must end in .zip
// (400 naming fileName); no stored file matching is 404. The archive is written while Body
// is read; closing Body stops it.
func (s *Service) Zip(ctx context.Context, p auth.Principal, f Filter, name *string) (Archive, error) {
	archiveName := DefaultArchiveName
	if name != nil {
		archiveName = strings.TrimSpace(*name)
	}
	if !strings.EqualFold(path.Ext(archiveName), ".zip") {
		return Archive{}, apperr.Field("fileName", "the archive's name must end in .zip")
	}
	if err := f.require(); err != nil {
		return Archive{}, err
	}
	list, err := s.store.list(ctx, s.pool, p.TenantID, f, selection{ownerTypes: s.viewable(p), storedOnly: true}, everyMatch())
	if err != nil {
		return Archive{}, err
	}
	if len(list) == 0 {
		return Archive{}, apperr.NotFound("no stored attachment matches the filter")
	}
	if err := s.withinZipCaps(list); err != nil {
		return Archive{}, err
	}
	// The first file is opened before the response starts, so that files all deleted since
	// they were listed are the documented 404, not an empty archive.
	list, first, err := s.openFirst(ctx, list)
	if err != nil {
		return Archive{}, err
	}
	pr, pw := io.Pipe()
	go func() {
		pw.CloseWithError(s.writeZip(ctx, pw, list, first))
	}()
	return Archive{Name: archiveName, Body: pr}, nil
}

// openFirst opens the content of the first attachment of list that still has it, and
// returns list from that attachment on; none left is 404.
func (s *Service) openFirst(ctx context.Context, list []Attachment) ([]Attachment, io.ReadCloser, error) {
	for i, a := range list {
		rc, _, err := s.cfg.Blobs.Open(ctx, *a.BlobKey)
		if errors.Is(err, blob.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, nil, fmt.Errorf("open attachment %s: %w", a.ID, err)
		}
		return list[i:], rc, nil
	}
	return nil, nil, apperr.NotFound("no stored attachment matches the filter")
}

// withinZipCaps answers 400 naming filter when list has more files, or more bytes, than a
// ZIP download takes: checked before the first byte is sent, as a stream cannot turn into
// an error later.
func (s *Service) withinZipCaps(list []Attachment) error {
	if len(list) > s.cfg.ZipMaxEntries {
		return apperr.Field("filter", "matches %d stored files, more than the %d a ZIP download takes; narrow the filter",
			len(list), s.cfg.ZipMaxEntries)
	}
	var total int64
	for _, a := range list {
		// Compared before adding, so that no sum of sizes can overflow past the cap.
		if a.Size > s.cfg.ZipMaxBytes-total {
			return apperr.Field("filter", "matches more than the %d bytes of files a ZIP download takes; narrow the filter",
				s.cfg.ZipMaxBytes)
		}
		total += a.Size
	}
	return nil
}

// writeZip writes the archive of list to w, first being the opened content of list[0] (it
// closes it). An attachment deleted since it was listed (its content gone) is left out.
func (s *Service) writeZip(ctx context.Context, w io.Writer, list []Attachment, first io.ReadCloser) error {
	zw := zip.NewWriter(w)
	names := uniqueNames{}
	for i, a := range list {
		rc := first
		if i > 0 {
			var err error
			rc, _, err = s.cfg.Blobs.Open(ctx, *a.BlobKey)
			if errors.Is(err, blob.ErrNotFound) {
				continue
			}
			if err != nil {
				return fmt.Errorf("open attachment %s: %w", a.ID, err)
			}
		}
		err := writeEntry(zw, names.next(entryName(a.Name)), a, rc)
		_ = rc.Close()
		if err != nil {
			return err
		}
	}
	return zw.Close()
}

// entryName is an attachment's name as a ZIP entry: sanitised, and without ':' (Windows
// reads `a:b` as a drive or an alternate data stream, and refuses or hides the file).
func entryName(name string) string {
	return strings.ReplaceAll(SanitizeName(name), ":", "_")
}

func writeEntry(zw *zip.Writer, name string, a Attachment, content io.Reader) error {
	method := zip.Deflate
	if a.Format == fileformat.Image || a.Format == fileformat.Video {
		method = zip.Store // compressed already: deflating again costs time and gains nothing
	}
	entry, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: method, Modified: a.CreatedUtc})
	if err != nil {
		return fmt.Errorf("zip entry %s: %w", name, err)
	}
	if _, err := io.Copy(entry, content); err != nil {
		return fmt.Errorf("zip entry %s: %w", name, err)
	}
	return nil
}

// uniqueNames hands out entry names unique within an archive, case-insensitively (as most
// file systems compare them): drawing.pdf, drawing (2).pdf, drawing (3).pdf, ...
type uniqueNames map[string]bool

func (u uniqueNames) next(name string) string {
	ext := path.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	candidate := name
	for n := 2; u[strings.ToLower(candidate)]; n++ {
		candidate = fmt.Sprintf("%s (%d)%s", stem, n, ext)
	}
	u[strings.ToLower(candidate)] = true
	return candidate
}
