package attachments

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"math"
	"mime/multipart"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/blob"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/shared/attachments/internal/fileformat"
	"mos/internal/stock/lots"
)

var testKey = bytes.Repeat([]byte("k"), 32)

// newTestService is a service on a fresh database and blob store whose items all exist.
func newTestService(t *testing.T) (*Service, *blob.Local, string) {
	t.Helper()
	return newTestServiceTouching(t, nil)
}

// newTestServiceTouching is newTestService whose items advance their stamp with touch.
func newTestServiceTouching(t *testing.T, touch func(context.Context, db.Q, string, string) error) (*Service, *blob.Local, string) {
	t.Helper()
	pool, _ := dbtest.New(t)
	blobs, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	owners := StandardOwners()
	owners.Register(OwnerItem, func(context.Context, db.Q, string, string) (bool, error) { return true, nil }, touch)
	svc, err := NewService(pool, owners, lots.NewService(pool).IsLotOf, Config{Blobs: blobs, SigningKey: testKey})
	if err != nil {
		t.Fatal(err)
	}
	return svc, blobs, dbtest.Tenant(t, pool)
}

func TestContentDispositionSanitisesAndEncodes(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"drawing.pdf":               `attachment; filename="drawing.pdf"`,
		"a\r\nSet-Cookie: x=1":      `attachment; filename="aSet-Cookie: x=1"`,
		`sub/dir\file "1".txt`:      `attachment; filename="subdirfile 1.txt"`,
		"tab\there\x7f.txt":         `attachment; filename="tabhere.txt"`,
		"  ..  ":                    `attachment; filename="file"`,
		"/":                         `attachment; filename="file"`,
		"résumé 2024.pdf":           `attachment; filename="r_sum_ 2024.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%202024.pdf`,
		"図面.dxf":                    `attachment; filename="__.dxf"; filename*=UTF-8''%E5%9B%B3%E9%9D%A2.dxf`,
		"line\u2028sep":             `attachment; filename="linesep"`,
		"bad\xffutf8.txt":           `attachment; filename="badutf8.txt"`,
		"semi;colon, comma's.txt":   `attachment; filename="semi;colon, comma's.txt"`,
		"invoice\u202Efdp.exe":      `attachment; filename="invoicefdp.exe"`,
		"zero\u200Bwidth\uFEFF.pdf": `attachment; filename="zerowidth.pdf"`,
		"\u2066\u202D\u200E":        `attachment; filename="file"`,
	} {
		if got := ContentDisposition(name); got != want {
			t.Errorf("ContentDisposition(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestZipEntryNamesAreSanitisedWithoutColons(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"drawing.pdf":          "drawing.pdf",
		"C:report.pdf":         "C_report.pdf",
		"notes.txt:hidden":     "notes.txt_hidden",
		"invoice\u202Efdp.exe": "invoicefdp.exe",
		"../../etc/passwd":     "....etcpasswd",
		"a\u200Db:c\u2028.txt": "ab_c.txt",
	} {
		if got := entryName(name); got != want {
			t.Errorf("entryName(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestUniqueNamesNumberRepeatsCaseInsensitively(t *testing.T) {
	t.Parallel()
	u := uniqueNames{}
	var got []string
	for _, n := range []string{"drawing.pdf", "Drawing.PDF", "drawing (2).pdf", "drawing.pdf", "README", "readme", "a.tar.gz", "a.tar.gz"} {
		got = append(got, u.next(n))
	}
	want := []string{"drawing.pdf", "Drawing (2).PDF", "drawing (2) (2).pdf", "drawing (3).pdf", "README", "readme (2)", "a.tar.gz", "a.tar (2).gz"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("names %q, want %q", got, want)
		}
	}
}

func TestSignedContentRefusesExpiredAndTamperedURLs(t *testing.T) {
	t.Parallel()
	blobs, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// No database: both checks come before any read.
	svc, err := NewService(nil, StandardOwners(), nil, Config{Blobs: blobs, SigningKey: testKey})
	if err != nil {
		t.Fatal(err)
	}
	past := time.Now().Add(-time.Second).Unix()
	expired := hex.EncodeToString(svc.sign("t1", "a1", "f.pdf", past))
	if _, err := svc.SignedContent(context.Background(), "t1", "a1", "f.pdf", past, expired); !apperr.IsKind(err, apperr.KindForbidden) {
		t.Fatalf("expired URL: %v, want 403", err)
	}
	future := time.Now().Add(time.Hour).Unix()
	good := hex.EncodeToString(svc.sign("t1", "a1", "f.pdf", future))
	for name, call := range map[string][]any{
		"tenant":          {"t2", "a1", "f.pdf", future, good},
		"attachment":      {"t1", "a2", "f.pdf", future, good},
		"name":            {"t1", "a1", "g.pdf", future, good},
		"expiry":          {"t1", "a1", "f.pdf", future + 1, good},
		"not hex":         {"t1", "a1", "f.pdf", future, "zz" + good[2:]},
		"members shifted": {"t1a", "1", "f.pdf", future, good},
	} {
		_, err := svc.SignedContent(context.Background(), call[0].(string), call[1].(string), call[2].(string), call[3].(int64), call[4].(string))
		if !apperr.IsKind(err, apperr.KindForbidden) {
			t.Errorf("tampered %s: %v, want 403", name, err)
		}
	}
	if _, err := NewService(nil, StandardOwners(), nil, Config{Blobs: blobs, SigningKey: []byte("short")}); err == nil {
		t.Fatal("a short signing key was accepted")
	}
}

func TestSweepOrphansRemovesOnlyUnreferencedContent(t *testing.T) {
	t.Parallel()
	svc, blobs, tenantID := newTestService(t)
	ctx := context.Background()
	kept, err := blobs.Put(ctx, bytes.NewReader([]byte("referenced")), 100)
	if err != nil {
		t.Fatal(err)
	}
	orphan, err := blobs.Put(ctx, bytes.NewReader([]byte("orphan")), 100)
	if err != nil {
		t.Fatal(err)
	}
	a := Attachment{ID: ids.New(), Owner: Owner{Type: OwnerItem, ID: ids.New()}, Name: "r.txt", Format: "document",
		Size: kept.Size, BlobKey: &kept.Key, Metadata: map[string]string{}}
	if err := svc.store.insert(ctx, svc.pool, tenantID, a, nil, false); err != nil {
		t.Fatal(err)
	}
	// A grace period longer than their age keeps both.
	if n, err := SweepOrphans(ctx, svc.pool, blobs, time.Hour); err != nil || n != 0 {
		t.Fatalf("sweep within grace: %d, %v", n, err)
	}
	if n, err := SweepOrphans(ctx, svc.pool, blobs, 0); err != nil || n != 1 {
		t.Fatalf("sweep: %d, %v; want 1 removed", n, err)
	}
	if _, _, err := blobs.Open(ctx, orphan.Key); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("orphan: %v", err)
	}
	rc, _, err := blobs.Open(ctx, kept.Key)
	if err != nil {
		t.Fatalf("referenced content: %v", err)
	}
	_ = rc.Close()
}

func TestAttachRefusesContentReleasedSinceItWasStored(t *testing.T) {
	t.Parallel()
	svc, blobs, tenantID := newTestService(t)
	ctx := context.Background()
	p := auth.Principal{Kind: auth.KindIntegration, TenantID: tenantID}
	stored, err := svc.storeFile(ctx, "a.txt", bytes.NewReader([]byte("shared content")))
	if err != nil {
		t.Fatal(err)
	}
	// Another upload of the same content failed and released it before this upload's
	// transaction took the content's lock: this upload must not commit a reference to
	// content that is gone.
	if err := svc.release(ctx, stored.blob.Key); err != nil {
		t.Fatal(err)
	}
	_, err = svc.attach(ctx, p, Upload{Owner: Owner{Type: OwnerItem, ID: ids.New()}, Metadata: map[string]string{}}, stored)
	if !apperr.IsKind(err, apperr.KindUnavailable) {
		t.Fatalf("attach: %v, want 503", err)
	}
	// With the content stored, the same attach succeeds and release keeps the content.
	if stored, err = svc.storeFile(ctx, "a.txt", bytes.NewReader([]byte("shared content"))); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.attach(ctx, p, Upload{Owner: Owner{Type: OwnerItem, ID: ids.New()}, Metadata: map[string]string{}}, stored); err != nil {
		t.Fatal(err)
	}
	if err := svc.release(ctx, stored.blob.Key); err != nil {
		t.Fatal(err)
	}
	rc, _, err := blobs.Open(ctx, stored.blob.Key)
	if err != nil {
		t.Fatalf("referenced content was released: %v", err)
	}
	_ = rc.Close()
}

func TestListAndZipRequireAFilter(t *testing.T) {
	t.Parallel()
	svc, _, tenantID := newTestService(t)
	p := auth.Principal{Kind: auth.KindIntegration, TenantID: tenantID}
	// Named body, as the spec (and the validator, for `{}`) names it.
	_, err := svc.List(context.Background(), p, Filter{}, listing.Request{})
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindInvalid || len(e.Fields["body"]) == 0 {
		t.Fatalf("list of an empty filter: %v, want 400 naming body", err)
	}
	_, err = svc.Zip(context.Background(), p, Filter{}, nil)
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindInvalid || len(e.Fields["body"]) == 0 {
		t.Fatalf("zip of an empty filter: %v, want 400 naming body", err)
	}
	if _, err := svc.List(context.Background(), p, Filter{Formats: []fileformat.Format{fileformat.Image}}, listing.Request{}); err != nil {
		t.Fatalf("list of a filter: %v", err)
	}
}

func TestStandardOwnersEditWithTheAreasEditPermission(t *testing.T) {
	t.Parallel()
	want := map[string][2]string{
		"item":       {"View Item", "Edit Item"},
		"shipment":   {"View Shipments", "Edit Shipments"},
		"salesOrder": {"View Sales Order", "Edit Sales Order"}, "salesOrderReceiving": {"View Sales Order", "Edit Sales Order"},
		"salesOrderPartLineItem": {"View Sales Order", "Edit Sales Order"}, "salesOrderReceivingLineItem": {"View Sales Order", "Edit Sales Order"},
		"quote": {"View Quote", "Edit Quote"}, "quotePartLineItem": {"View Quote", "Edit Quote"},
		"purchaseOrder": {"View Purchase Order", "Edit Purchase Order"}, "purchaseOrderReceiving": {"View Purchase Order", "Edit Purchase Order"},
		"purchaseOrderPartLineItem":      {"View Purchase Order", "Edit Purchase Order"},
		"purchaseOrderReceivingLineItem": {"View Purchase Order", "Edit Purchase Order"},
		"invoice":                        {"View Invoices", "Edit Invoices"},
		"job":                            {"View Job", "Edit Job"}, "operation": {"View Job", "Edit Job"}, "workOrderOperation": {"View Job", "Edit Job"},
	}
	owners := StandardOwners()
	if len(owners) != len(want) {
		t.Fatalf("%d owner types, want %d", len(owners), len(want))
	}
	for ownerType, perms := range want {
		k, ok := owners[ownerType]
		if !ok || k.View != perms[0] || k.Edit != perms[1] {
			t.Errorf("%s: view %q, edit %q; want %q, %q", ownerType, k.View, k.Edit, perms[0], perms[1])
		}
	}
}

func TestUploadFailingAfterTheRecordInsertLeavesNoRecordAndNoFile(t *testing.T) {
	t.Parallel()
	// The owner's Touch runs in the upload's transaction after the record is inserted.
	touchFailed := errors.New("touch failed")
	svc, blobs, tenantID := newTestServiceTouching(t, func(context.Context, db.Q, string, string) error { return touchFailed })
	ctx := context.Background()
	content := []byte("content of an upload whose transaction fails late")
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for _, f := range [][2]string{{partOwnerType, OwnerItem}, {partOwnerID, ids.New()}, {partIsNote, "false"}} {
		if err := w.WriteField(f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	}
	fw, err := w.CreateFormFile(partFile, "late.txt")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(content)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	p := auth.Principal{Kind: auth.KindIntegration, TenantID: tenantID}
	if _, err := svc.Upload(ctx, p, multipart.NewReader(&body, w.Boundary()), false); !errors.Is(err, touchFailed) {
		t.Fatalf("upload: %v, want the touch's error", err)
	}
	var records int
	if err := svc.pool.QueryRowxContext(ctx, `SELECT count(*) FROM attachments WHERE tenant_id = $1`, tenantID).Scan(&records); err != nil {
		t.Fatal(err)
	}
	if records != 0 {
		t.Fatalf("%d records left by a rolled-back upload", records)
	}
	sum := sha256.Sum256(content)
	if _, _, err := blobs.Open(ctx, hex.EncodeToString(sum[:])); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("the file of a rolled-back upload: %v, want not found", err)
	}
}

func TestSweepOrphansWaitsForAnUploadCommittingAReference(t *testing.T) {
	t.Parallel()
	svc, blobs, tenantID := newTestService(t)
	ctx := context.Background()
	content, err := blobs.Put(ctx, bytes.NewReader([]byte("content an upload is committing")), 100)
	if err != nil {
		t.Fatal(err)
	}
	// An upload's transaction: it has taken the content's shared lock and inserted its
	// record, but not committed, so the sweeper's first look finds no reference.
	tx, err := svc.pool.BeginTxx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if err := svc.referBlob(ctx, tx, content.Key); err != nil {
		t.Fatal(err)
	}
	a := Attachment{ID: ids.New(), Owner: Owner{Type: OwnerItem, ID: ids.New()}, Name: "c.txt", Format: "document",
		Size: content.Size, BlobKey: &content.Key, Metadata: map[string]string{}}
	if err := svc.store.insert(ctx, tx, tenantID, a, nil, false); err != nil {
		t.Fatal(err)
	}
	type result struct {
		removed int
		err     error
	}
	swept := make(chan result, 1)
	go func() {
		n, err := SweepOrphans(ctx, svc.pool, blobs, 0)
		swept <- result{n, err}
	}()
	// The sweeper must queue behind the upload's lock rather than remove the content.
	for waiting := false; !waiting; {
		select {
		case r := <-swept:
			t.Fatalf("the sweep finished (removed %d, %v) while an upload held the content's lock", r.removed, r.err)
		default:
		}
		const waitingSQL = `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
			AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))`
		if err := svc.pool.QueryRowxContext(ctx, waitingSQL).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if r := <-swept; r.err != nil || r.removed != 0 {
		t.Fatalf("sweep: removed %d, %v; want 0 (the content is referenced)", r.removed, r.err)
	}
	rc, _, err := blobs.Open(ctx, content.Key)
	if err != nil {
		t.Fatalf("the committed upload's content was swept: %v", err)
	}
	_ = rc.Close()
}

// The ZIP byte cap holds whatever the sizes: two sizes whose sum overflows int64 must not
// wrap round to a small total that passes.
func TestZipCapsRefuseSizesWhoseSumOverflows(t *testing.T) {
	t.Parallel()
	s := &Service{cfg: Config{ZipMaxEntries: 10, ZipMaxBytes: 1 << 30}}
	for name, sizes := range map[string][]int64{
		"overflowing sum": {math.MaxInt64, math.MaxInt64, 2},
		"one over":        {1 << 29, 1<<29 + 1},
		"one huge":        {1, math.MaxInt64},
	} {
		list := make([]Attachment, len(sizes))
		for i, n := range sizes {
			list[i].Size = n
		}
		err := s.withinZipCaps(list)
		if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindInvalid || len(e.Fields["filter"]) == 0 {
			t.Errorf("%s: %v, want 400 naming filter", name, err)
		}
	}
	if err := s.withinZipCaps([]Attachment{{Size: 1 << 29}, {Size: 1 << 29}}); err != nil {
		t.Errorf("exactly the cap: %v", err)
	}
}

// Files all deleted between the listing and the archive are the documented 404, decided
// before the response starts, not an empty 200 archive.
func TestZipOfFilesAllGoneSinceListedIs404(t *testing.T) {
	t.Parallel()
	svc, blobs, tenantID := newTestService(t)
	ctx := context.Background()
	p := auth.Principal{Kind: auth.KindIntegration, TenantID: tenantID}
	owner := Owner{Type: OwnerItem, ID: ids.New()}
	var keys []string
	for _, content := range []string{"first file", "second file"} {
		stored, err := svc.storeFile(ctx, "f.txt", bytes.NewReader([]byte(content)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.attach(ctx, p, Upload{Owner: owner, Metadata: map[string]string{}}, stored); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, stored.blob.Key)
	}
	// One file gone: the archive holds the other.
	if err := blobs.Delete(ctx, keys[0]); err != nil {
		t.Fatal(err)
	}
	archive, err := svc.Zip(ctx, p, Filter{Owner: &owner}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(archive.Body)
	if err != nil {
		t.Fatal(err)
	}
	if zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b))); err != nil || len(zr.File) != 1 {
		t.Fatalf("archive with one file gone: %v", err)
	}
	// Both gone: 404 before any byte.
	if err := blobs.Delete(ctx, keys[1]); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Zip(ctx, p, Filter{Owner: &owner}, nil); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Fatalf("zip of files all gone: %v, want 404", err)
	}
}
