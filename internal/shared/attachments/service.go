package attachments

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/url"
	"regexp"
	"slices"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/blob"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/shared/attachments/internal/fileformat"
)

// Config is how the service stores and hands out files.
type Config struct {
	// Blobs keeps the files' content.
	Blobs blob.Store
	// UploadLimitBytes caps one uploaded file; 0 means 100 MB.
	UploadLimitBytes int64
	// RedirectAboveBytes: a download of a file larger than this is a redirect to a signed
	// URL; 0 means 20 MB.
	RedirectAboveBytes int64
	// SigningKey keys the HMAC of signed download URLs (at least 32 bytes). Every server
	// behind one address needs the same key, or a URL signed by one fails on another.
	SigningKey []byte
	// SignedURLTTL is how long a signed URL works; 0 means 15 minutes.
	SignedURLTTL time.Duration
	// ZipMaxEntries and ZipMaxBytes cap a ZIP download (files, and their stored bytes
	// together), so that one request cannot make the server stream a whole tenant; 0 means
	// 1000 files and 1 GiB.
	ZipMaxEntries int
	ZipMaxBytes   int64
	// UploadTimeout is how long one upload's body may take to arrive (the server's global
	// read timeout is far shorter: a 100 MB file needs minutes on a slow line); 0 means 30
	// minutes. Beyond it the upload answers 408.
	UploadTimeout time.Duration
	// DownloadTimeout is how long sending one file or ZIP download may take; 0 means 1 hour.
	DownloadTimeout time.Duration
}

// Defaults of Config.
const (
	DefaultUploadLimitBytes   = 100 << 20
	DefaultRedirectAboveBytes = 20 << 20
	DefaultSignedURLTTL       = 15 * time.Minute
	DefaultZipMaxEntries      = 1000
	DefaultZipMaxBytes        = 1 << 30
	DefaultUploadTimeout      = 30 * time.Minute
	DefaultDownloadTimeout    = time.Hour
	minSigningKey             = 32
)

// WithDefaults returns c with every zero (or negative) limit replaced by its default: the
// one place the defaults are applied, for the service and for the HTTP layer that enforces
// the same limits (body size, deadlines).
func (c Config) WithDefaults() Config {
	orDefault(&c.UploadLimitBytes, DefaultUploadLimitBytes)
	orDefault(&c.RedirectAboveBytes, DefaultRedirectAboveBytes)
	orDefault(&c.SignedURLTTL, DefaultSignedURLTTL)
	orDefault(&c.ZipMaxEntries, DefaultZipMaxEntries)
	orDefault(&c.ZipMaxBytes, DefaultZipMaxBytes)
	orDefault(&c.UploadTimeout, DefaultUploadTimeout)
	orDefault(&c.DownloadTimeout, DefaultDownloadTimeout)
	return c
}

// orDefault sets *v to def when it is zero or negative (unset).
func orDefault[T ~int | ~int64](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// Service holds the rules of attachments.
type Service struct {
	pool   *db.Pool
	store  store
	owners Owners
	lotOf  CertifiedLot
	cfg    Config
	// ownerTypes are the owner types in name order (what an attachment may be owned by);
	// uploadOwnerTypes those an upload, remote attachment or parent may name (all but the
	// certification-only types).
	ownerTypes, uploadOwnerTypes []string
}

// CertifiedLot checks, in q, that lotID is a lot of itemID: the stock area's lots answer it
// (NotFound for an unknown lot, a 400 for another item's), handed in at wiring time so that
// supporting data imports no business area.
type CertifiedLot func(ctx context.Context, q db.Q, tenantID, lotID, itemID string) error

// NewService returns the attachments service. owners are the kinds of record files attach
// to (StandardOwners with the landed areas registered); lotOf checks certified lots.
func NewService(pool *db.Pool, owners Owners, lotOf CertifiedLot, cfg Config) (*Service, error) {
	if cfg.Blobs == nil {
		return nil, errors.New("attachments: no blob store")
	}
	if len(cfg.SigningKey) < minSigningKey {
		return nil, fmt.Errorf("attachments: the signing key must be at least %d bytes", minSigningKey)
	}
	cfg = cfg.WithDefaults()
	types := make([]string, 0, len(owners))
	for t := range owners {
		types = append(types, t)
	}
	slices.Sort(types)
	uploadTypes := slices.DeleteFunc(slices.Clone(types), func(t string) bool { return slices.Contains(certificationOnly, t) })
	return &Service{pool: pool, owners: owners, lotOf: lotOf, cfg: cfg, ownerTypes: types, uploadOwnerTypes: uploadTypes}, nil
}

// storedFile is an uploaded file in the blob store, not yet referred to by a record.
type storedFile struct {
	name   string
	blob   blob.Blob
	format fileformat.Format
}

// Upload reads an upload form (a certification's when certification), streaming its file
// into the blob store while classifying it, and attaches the file to its owner in one
// transaction. Whatever fails after the file was stored, the file is released again, so a
// failed upload leaves neither a record nor a file.
//
// Nobody may make the server write a file it will refuse anyway: a token that may attach
// files to no owner type is refused before the body is read, and when the owner parts come
// before File (as the spec asks clients to send them) the owner's type, the permission and
// the owner's existence are checked before the file is read.
func (s *Service) Upload(ctx context.Context, p auth.Principal, mr *multipart.Reader, certification bool) (string, error) {
	types, known := s.uploadOwnerTypes, uploadParts
	if certification {
		types, known = certificationOwnerTypes, certificationParts
	}
	if err := s.mayEditSome(p, types); err != nil {
		return "", err
	}
	f, err := readForm(mr, known,
		func(fields map[string]string) error { return s.admit(ctx, p, fields, types) },
		func(name string, r io.Reader) (storedFile, error) { return s.storeFile(ctx, name, r) })
	var id string
	if err == nil {
		var u Upload
		if u, err = f.upload(certification, s.uploadOwnerTypes); err == nil {
			id, err = s.attach(ctx, p, u, *f.file)
		}
	}
	if err != nil && f.file != nil {
		// A failed release leaves an unreferenced file, which the sweeper removes.
		_ = s.release(ctx, f.file.blob.Key)
	}
	return id, err
}

// mayEditSome answers 403 unless p may attach files to at least one of types.
func (s *Service) mayEditSome(p auth.Principal, types []string) error {
	for _, t := range types {
		if kind, ok := s.owners[t]; ok && p.Can(kind.Edit) {
			return nil
		}
	}
	return apperr.Forbidden("the token may attach files to no owner type")
}

// admit runs when the File part arrives, with the parts read before it: when they name the
// owner, the owner type (400), the permission (403) and the owner's existence (404) are
// checked before the file is read. attach checks them again, authoritatively, in its
// transaction; an owner named only after File is checked only there.
func (s *Service) admit(ctx context.Context, p auth.Principal, fields map[string]string, types []string) error {
	_, hasType := fields[partOwnerType]
	_, hasID := fields[partOwnerID]
	if !hasType || !hasID {
		return nil
	}
	problems := apperr.Fields{}
	o := form{fields: fields}.owner(problems, partOwnerType, partOwnerID, types)
	if err := problems.Err(); err != nil {
		return err
	}
	kind, err := s.kindFor(p, o, true)
	if err != nil {
		return err
	}
	return s.pool.WithTx(ctx, func(q db.Q) error { return s.requireOwner(ctx, q, p.TenantID, kind, o) })
}

// storeFile streams r into the blob store (at most the upload limit) while detecting its
// format.
func (s *Service) storeFile(ctx context.Context, name string, r io.Reader) (storedFile, error) {
	var detector fileformat.Detector
	src := &readRecorder{r: r}
	b, err := s.cfg.Blobs.Put(ctx, io.TeeReader(src, &detector), s.cfg.UploadLimitBytes)
	switch {
	case errors.Is(err, blob.ErrTooLarge):
		return storedFile{}, apperr.TooLarge("the file is larger than the upload limit of %d bytes", s.cfg.UploadLimitBytes)
	case err != nil && src.err != nil:
		return storedFile{}, readErr(src.err) // the client's body, not the store, failed
	case err != nil:
		return storedFile{}, fmt.Errorf("store uploaded file: %w", err)
	}
	return storedFile{name: name, blob: b, format: detector.Format(name)}, nil
}

// readRecorder remembers the error reading its reader failed with (other than EOF).
type readRecorder struct {
	r   io.Reader
	err error
}

func (rr *readRecorder) Read(p []byte) (int, error) {
	n, err := rr.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		rr.err = err
	}
	return n, err
}

// attach records the stored file as an attachment of u.Owner.
func (s *Service) attach(ctx context.Context, p auth.Principal, u Upload, file storedFile) (string, error) {
	kind, err := s.kindFor(p, u.Owner, true)
	if err != nil {
		return "", err
	}
	a := Attachment{
		ID: ids.New(), Owner: u.Owner, Parent: u.Parent, Name: file.name, Description: u.Description,
		Format: file.format, Size: file.blob.Size, BlobKey: &file.blob.Key, IsNoteAttachment: u.IsNoteAttachment,
		LotID: u.LotID, Metadata: u.Metadata,
	}
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.requireOwner(ctx, q, p.TenantID, kind, u.Owner); err != nil {
			return err
		}
		if err := s.requireParent(ctx, q, p, u.Parent); err != nil {
			return err
		}
		if u.Certification && u.LotID != nil {
			if err := s.requireCertifiedLot(ctx, q, p.TenantID, kind, u.Owner, *u.LotID); err != nil {
				return err
			}
		}
		if err := s.referBlob(ctx, q, file.blob.Key); err != nil {
			return err
		}
		if err := s.store.insert(ctx, q, p.TenantID, a, nil, u.Certification); err != nil {
			return err
		}
		return kind.touch(ctx, q, p.TenantID, u.Owner.ID)
	})
	if err != nil {
		return "", err
	}
	return a.ID, nil
}

// CreateRemote records a link to a file kept elsewhere as an attachment of its owner.
func (s *Service) CreateRemote(ctx context.Context, p auth.Principal, r NewRemote) (string, error) {
	fields := apperr.Fields{}
	r.FileName = fields.Text("fileName", baseName(r.FileName), maxName)
	if r.FileName == "." || r.FileName == ".." {
		fields.Add("fileName", "must name a file (without its path)")
	}
	if u, err := url.Parse(r.AccessURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		fields.Add("accessUrl", "must be an absolute http or https URL")
	}
	if err := fields.Err(); err != nil {
		return "", err
	}
	kind, err := s.kindFor(p, r.Owner, true)
	if err != nil {
		return "", err
	}
	a := Attachment{
		ID: ids.New(), Owner: r.Owner, Parent: r.Parent, Name: r.FileName, Format: fileformat.ByName(r.FileName),
		AccessURL: &r.AccessURL, Metadata: map[string]string{},
	}
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.requireOwner(ctx, q, p.TenantID, kind, r.Owner); err != nil {
			return err
		}
		if err := s.requireParent(ctx, q, p, r.Parent); err != nil {
			return err
		}
		if err := s.store.insert(ctx, q, p.TenantID, a, r.Token, false); err != nil {
			return err
		}
		return kind.touch(ctx, q, p.TenantID, r.Owner.ID)
	})
	if err != nil {
		return "", err
	}
	return a.ID, nil
}

// kindFor returns the kind of owner o after checking that p may see (or, with edit, change)
// its files: 403 otherwise.
func (s *Service) kindFor(p auth.Principal, o Owner, edit bool) (OwnerKind, error) {
	kind, ok := s.owners[o.Type]
	if !ok {
		return OwnerKind{}, apperr.Invalid("unknown owner type %q", o.Type)
	}
	perm, verb := kind.View, "see"
	if edit {
		perm, verb = kind.Edit, "attach or remove"
	}
	if !p.Can(perm) {
		return OwnerKind{}, apperr.Forbidden("the %q permission is needed to %s files of a %s", perm, verb, o.Type)
	}
	return kind, nil
}

// requireOwner answers 404 unless the tenant has the owner record (locked by kind.Exists
// where it locks).
func (s *Service) requireOwner(ctx context.Context, q db.Q, tenantID string, kind OwnerKind, o Owner) error {
	found, err := kind.exists(ctx, q, tenantID, o.ID)
	if err != nil {
		return err
	}
	if !found {
		return apperr.NotFound("%s %s not found", o.Type, o.ID)
	}
	return nil
}

// requireParent checks an attachment's parent (when it names one) as the owner is checked,
// in q's transaction: p may view files of its type (403), and the tenant has the record
// (404 naming the parent), so that no attachment points at a record that does not exist or
// is another tenant's.
func (s *Service) requireParent(ctx context.Context, q db.Q, p auth.Principal, parent *Owner) error {
	if parent == nil {
		return nil
	}
	kind, err := s.kindFor(p, *parent, false)
	if err != nil {
		return err
	}
	found, err := kind.exists(ctx, q, p.TenantID, parent.ID)
	if err != nil {
		return err
	}
	if !found {
		return apperr.NotFound("parent %s %s not found", parent.Type, parent.ID)
	}
	return nil
}

// requireCertifiedLot checks the lot a certification names: an unknown lot (or another
// tenant's) is a reference to a missing record, 404 naming Detail.LotId; a lot of another
// item than the one the owner certifies is a 400 naming it.
func (s *Service) requireCertifiedLot(ctx context.Context, q db.Q, tenantID string, kind OwnerKind, o Owner, lotID string) error {
	if kind.CertifiedItem == nil {
		return apperr.Field(partOwnerType, "a %s takes no certifications", o.Type)
	}
	itemID, err := kind.CertifiedItem(ctx, q, tenantID, o.ID)
	if err != nil {
		return err
	}
	err = s.lotOf(ctx, q, tenantID, lotID, itemID)
	switch {
	case apperr.IsKind(err, apperr.KindNotFound):
		missing := apperr.Fields{}
		missing.Add(partLotID, "lot %s not found", lotID)
		return missing.NotFoundErr()
	case apperr.IsKind(err, apperr.KindInvalid):
		return apperr.Field(partLotID, "lot %s is not a lot of item %s", lotID, itemID)
	}
	return err
}

// referBlob takes the shared lock of key for q's transaction, which will commit a reference
// to it, and checks that the content is still there: a release of the last other reference
// may have removed it after the Put (see lockBlob). Then the client may simply send it again.
func (s *Service) referBlob(ctx context.Context, q db.Q, key string) error {
	if err := s.store.lockBlob(ctx, q, key, false); err != nil {
		return err
	}
	rc, _, err := s.cfg.Blobs.Open(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		return apperr.Unavailable(1, "the file was removed while it was stored; send it again")
	}
	if err != nil {
		return fmt.Errorf("check stored file: %w", err)
	}
	return rc.Close()
}

// release removes the content of key unless an attachment (of any tenant) still refers to
// it, deciding under the key's exclusive lock. It runs even when ctx is cancelled (a client
// that went away must not leave its file behind).
func (s *Service) release(ctx context.Context, key string) error {
	ctx = context.WithoutCancel(ctx)
	_, err := removeUnreferenced(ctx, s.pool, key, func() (bool, error) {
		return true, s.cfg.Blobs.Delete(ctx, key)
	})
	return err
}

// removeUnreferenced runs remove (reporting whether it removed key's content) unless an
// attachment (of any tenant) refers to key, deciding under the key's exclusive lock in one
// transaction: an upload committing a reference holds the shared lock, so it either
// commits first (and the reference is seen) or finds the content gone (see referBlob).
func removeUnreferenced(ctx context.Context, pool *db.Pool, key string, remove func() (bool, error)) (bool, error) {
	removed := false
	err := pool.WithTx(ctx, func(q db.Q) error {
		if err := (store{}).lockBlob(ctx, q, key, true); err != nil {
			return err
		}
		refs, err := store{}.referenced(ctx, q, []string{key})
		if err != nil || refs[key] {
			return err
		}
		removed, err = remove()
		return err
	})
	return removed, err
}

// Get returns an attachment the caller may see.
func (s *Service) Get(ctx context.Context, p auth.Principal, id string) (Attachment, error) {
	a, err := s.store.get(ctx, s.pool, p.TenantID, id)
	if err != nil {
		return Attachment{}, err
	}
	if _, err := s.kindFor(p, a.Owner, false); err != nil {
		return Attachment{}, err
	}
	return a, nil
}

// List returns the page r asks for of the attachments matching f whose owners the caller
// may view (the others are left out, never a 403: a user sees only what the owners' view
// permissions show).
func (s *Service) List(ctx context.Context, p auth.Principal, f Filter, r listing.Request) ([]Attachment, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	if err := f.require(); err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, p.TenantID, f, selection{ownerTypes: s.viewable(p)}, page)
}

// viewable lists the owner types whose files p may view; nil when p may view them all.
func (s *Service) viewable(p auth.Principal) []string {
	out := []string{}
	for _, t := range s.ownerTypes {
		if !p.Can(s.owners[t].View) {
			continue
		}
		out = append(out, t)
	}
	if len(out) == len(s.ownerTypes) {
		return nil
	}
	return out
}

// validID matches the ids attachments are created with: 24 lower-case hex characters.
var validID = regexp.MustCompile(`^[0-9a-f]{24}$`)

// Delete removes an attachment and answers whether there was one. Its content goes when no
// other attachment refers to it, and the owner's modification stamp advances. A record whose
// stored id is not a valid attachment id (imported from an earlier system) is removed too,
// then answered with a Gone error telling the caller it was invalid.
func (s *Service) Delete(ctx context.Context, p auth.Principal, id string) (bool, error) {
	var a Attachment
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		var err error
		if a, err = s.store.getForUpdate(ctx, q, p.TenantID, id); err != nil {
			return err
		}
		kind, err := s.kindFor(p, a.Owner, true)
		if err != nil {
			return err
		}
		if err := s.store.delete(ctx, q, p.TenantID, id); err != nil {
			return err
		}
		return kind.touch(ctx, q, p.TenantID, a.Owner.ID)
	})
	if apperr.IsKind(err, apperr.KindNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if a.BlobKey != nil {
		// After the commit (of the request's transaction when the delete runs in one), so the
		// content is never gone while the record still refers to it; a failed release leaves
		// an unreferenced file, which the sweeper removes.
		key := *a.BlobKey
		s.pool.AfterCommit(ctx, func(ctx context.Context) { _ = s.release(ctx, key) })
	}
	if !validID.MatchString(a.ID) {
		return true, apperr.Gone("attachment %q had an invalid id (not 24 lower-case hex characters); it was removed", a.ID)
	}
	return true, nil
}

// SweepOrphans removes the content in blobs that no attachment (of any tenant) refers to
// and that was last written more than grace ago (an upload not yet committed is younger),
// and answers how many files it removed. The service releases content itself when its last
// attachment goes; this catches what a crash or a failed release left behind. mos serve
// runs it periodically.
//
// Each orphan is removed as release removes content: under the key's exclusive lock, after
// looking for references again, in one transaction. An upload committing a reference to the
// same content holds the shared lock, so the sweeper either waits for it (and then sees the
// reference) or removes the content first (and the upload, checking under its lock, asks
// the client to send the file again), whatever the store.
func SweepOrphans(ctx context.Context, pool *db.Pool, blobs blob.Store, grace time.Duration) (int, error) {
	return blob.SweepWith(ctx, blobs, grace,
		func(ctx context.Context, keys []string) (map[string]bool, error) {
			return store{}.referenced(ctx, pool, keys)
		},
		func(ctx context.Context, key string, seen time.Time) (bool, error) {
			return removeUnreferenced(ctx, pool, key, func() (bool, error) { return blob.RemoveStale(ctx, blobs, key, seen) })
		})
}

// ExistsForReference reports whether the tenant has attachment id, share-locking it until q's
// transaction ends, for the areas whose records name an attachment (a tool calibration's
// certificate): a delete of the attachment waits for q.
func (s *Service) ExistsForReference(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return s.store.share(ctx, q, tenantID, id)
}
