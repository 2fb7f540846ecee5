package attachments

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/shared/attachments/internal/fileformat"
)

type store struct{}

type attachmentRow struct {
	ID               string         `db:"id"`
	OwnerType        string         `db:"owner_type"`
	OwnerID          string         `db:"owner_id"`
	ParentType       sql.NullString `db:"parent_type"`
	ParentID         sql.NullString `db:"parent_id"`
	Name             string         `db:"name"`
	Description      sql.NullString `db:"description"`
	Format           string         `db:"format"`
	Size             int64          `db:"size"`
	BlobKey          sql.NullString `db:"blob_key"`
	IsNoteAttachment bool           `db:"is_note_attachment"`
	AccessURL        sql.NullString `db:"access_url"`
	LotID            sql.NullString `db:"lot_id"`
	Metadata         []byte         `db:"metadata"`
	CreatedUtc       time.Time      `db:"created_utc"`
}

func (r attachmentRow) toAttachment() (Attachment, error) {
	a := Attachment{
		ID: r.ID, Owner: Owner{Type: r.OwnerType, ID: r.OwnerID}, Name: r.Name,
		Format: fileformat.Format(r.Format), Size: r.Size, IsNoteAttachment: r.IsNoteAttachment,
		Description: nullable(r.Description), BlobKey: nullable(r.BlobKey), AccessURL: nullable(r.AccessURL),
		LotID: nullable(r.LotID), CreatedUtc: r.CreatedUtc.UTC(), Metadata: map[string]string{},
	}
	if r.ParentType.Valid && r.ParentID.Valid {
		a.Parent = &Owner{Type: r.ParentType.String, ID: r.ParentID.String}
	}
	if err := json.Unmarshal(r.Metadata, &a.Metadata); err != nil {
		return Attachment{}, fmt.Errorf("read attachment %s metadata: %w", r.ID, err)
	}
	return a, nil
}

func nullable(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}

const columns = `a.id, a.owner_type, a.owner_id, a.parent_type, a.parent_id, a.name, a.description, a.format,
       a.size, a.blob_key, a.is_note_attachment, a.access_url, a.lot_id, a.metadata, a.created_utc`

const insertSQL = `
INSERT INTO attachments (tenant_id, id, owner_type, owner_id, parent_type, parent_id, name, description, format,
                         size, blob_key, is_note_attachment, access_url, access_token, lot_id, is_certification, metadata)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb)`

// insert stores a; token is a remote attachment's access token (never read back).
func (store) insert(ctx context.Context, q db.Q, tenantID string, a Attachment, token *string, certification bool) error {
	meta, err := json.Marshal(a.Metadata)
	if err != nil {
		return fmt.Errorf("encode attachment metadata: %w", err)
	}
	var parentType, parentID *string
	if a.Parent != nil {
		parentType, parentID = &a.Parent.Type, &a.Parent.ID
	}
	_, err = q.ExecContext(ctx, insertSQL, tenantID, a.ID, a.Owner.Type, a.Owner.ID, parentType, parentID, a.Name,
		a.Description, string(a.Format), a.Size, a.BlobKey, a.IsNoteAttachment, a.AccessURL, token, a.LotID,
		certification, string(meta))
	if err != nil {
		return fmt.Errorf("insert attachment: %w", err)
	}
	return nil
}

const getSQL = `SELECT ` + columns + ` FROM attachments a WHERE a.tenant_id = $1 AND a.id = $2`

// get reads one attachment; an unknown one (or another tenant's) is NotFound.
func (s store) get(ctx context.Context, q db.Q, tenantID, id string) (Attachment, error) {
	return s.getOne(ctx, q, id, getSQL, tenantID, id)
}

// getForUpdate reads one attachment and locks it until the transaction ends.
func (s store) getForUpdate(ctx context.Context, q db.Q, tenantID, id string) (Attachment, error) {
	return s.getOne(ctx, q, id, getSQL+` FOR UPDATE`, tenantID, id)
}

func (store) getOne(ctx context.Context, q db.Q, id, query string, args ...any) (Attachment, error) {
	var r attachmentRow
	err := sqlx.GetContext(ctx, q, &r, query, args...)
	if errors.Is(err, sql.ErrNoRows) {
		return Attachment{}, notFound(id)
	}
	if err != nil {
		return Attachment{}, fmt.Errorf("get attachment: %w", err)
	}
	return r.toAttachment()
}

func notFound(id string) error { return apperr.NotFound("attachment %s not found", id) }

const deleteSQL = `DELETE FROM attachments WHERE tenant_id = $1 AND id = $2`

func (store) delete(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, deleteSQL, tenantID, id); err != nil {
		return fmt.Errorf("delete attachment: %w", err)
	}
	return nil
}

// selection narrows a list beyond the client's filter.
type selection struct {
	// ownerTypes are the owner types the caller may view; nil: every type.
	ownerTypes []string
	// storedOnly leaves out remote attachments (they have no bytes here).
	storedOnly bool
}

// sortFields are the Attachment properties a list sorts by (type is always standard and
// metadata is an object: neither orders anything).
var sortFields = map[string]string{
	"id":               "a.id",
	"name":             "lower(a.name)",
	"description":      "lower(a.description)",
	"format":           "a.format",
	"size":             "a.size",
	"fileId":           "a.blob_key",
	"isNoteAttachment": "a.is_note_attachment",
	"accessUrl":        "a.access_url",
	"lotId":            "a.lot_id",
	"createdUtc":       "a.created_utc",
	"owner.type":       "a.owner_type",
	"parent.type":      "a.parent_type",
}

// listSpec: by name (case-insensitive) then id; without paging at most MaxTake rows, so
// that a filter naming many owners cannot answer an unbounded list.
var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "a.id", DefaultTake: listing.MaxTake}

// everyMatch is the page of a read that needs every match, in the list's default order: a
// ZIP download, which counts the matches against its own cap.
func everyMatch() listing.Page {
	p, err := listing.Resolve(listing.Request{}, listSpec)
	if err != nil {
		panic(err) // the empty request resolves whatever the spec
	}
	p.Limit = math.MaxInt32
	return p
}

// list reads the page p of the tenant's attachments matching f and sel.
func (store) list(ctx context.Context, q db.Q, tenantID string, f Filter, sel selection, p listing.Page) ([]Attachment, error) {
	lq := listing.NewQuery("a.tenant_id", tenantID)
	if f.Owner != nil {
		lq.Where("a.owner_type = %s", f.Owner.Type)
		lq.Where("a.owner_id = %s", f.Owner.ID)
	}
	if f.Owners != nil {
		types, ids := make([]string, len(f.Owners)), make([]string, len(f.Owners))
		for i, o := range f.Owners {
			types[i], ids[i] = o.Type, o.ID
		}
		lq.Where("(a.owner_type, a.owner_id) IN (SELECT * FROM unnest(%s::text[], %s::text[]))", pq.StringArray(types), pq.StringArray(ids))
	}
	if f.AttachmentIDs != nil {
		lq.Where("a.id = ANY(%s)", pq.StringArray(f.AttachmentIDs))
	}
	if f.Formats != nil {
		formats := make([]string, len(f.Formats))
		for i, fm := range f.Formats {
			formats[i] = string(fm)
		}
		lq.Where("a.format = ANY(%s)", pq.StringArray(formats))
	}
	if sel.ownerTypes != nil {
		lq.Where("a.owner_type = ANY(%s)", pq.StringArray(sel.ownerTypes))
	}
	if sel.storedOnly {
		lq.Where("a.blob_key IS NOT NULL")
	}
	query, args := lq.SQL(`SELECT `+columns+` FROM attachments a`, p)
	var rows []attachmentRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list attachments: %w", err)
	}
	out := make([]Attachment, len(rows))
	for i, r := range rows {
		a, err := r.toAttachment()
		if err != nil {
			return nil, err
		}
		out[i] = a
	}
	return out, nil
}

// Content is shared between attachments, of any tenant, with the same bytes. Whether a
// blob may be removed is decided under a transaction-scoped advisory lock on its key:
// exclusive to look for references and remove it, shared to refer to it. So a removal
// never sees "no references" while a new reference is being committed, and a new
// reference first checks, under the lock, that the content is still there.

const lockBlobSQL = `SELECT pg_advisory_xact_lock(hashtextextended('attachments.blob:' || $1, 0))`

const lockBlobSharedSQL = `SELECT pg_advisory_xact_lock_shared(hashtextextended('attachments.blob:' || $1, 0))`

// lockBlob takes the blob's lock until q's transaction ends: exclusive to remove it, shared
// to refer to it.
func (store) lockBlob(ctx context.Context, q db.Q, key string, exclusive bool) error {
	query := lockBlobSharedSQL
	if exclusive {
		query = lockBlobSQL
	}
	if _, err := q.ExecContext(ctx, query, key); err != nil {
		return fmt.Errorf("lock blob: %w", err)
	}
	return nil
}

// referencedSQL: the keys among $1 some attachment of any tenant refers to.
const referencedSQL = `SELECT DISTINCT blob_key FROM attachments WHERE blob_key = ANY($1)`

// referenced returns the keys among keys that some attachment (of any tenant) refers to.
func (store) referenced(ctx context.Context, q db.Q, keys []string) (map[string]bool, error) {
	var found []string
	if err := sqlx.SelectContext(ctx, q, &found, referencedSQL, pq.StringArray(keys)); err != nil {
		return nil, fmt.Errorf("find referenced blobs: %w", err)
	}
	out := make(map[string]bool, len(found))
	for _, k := range found {
		out[k] = true
	}
	return out, nil
}

const shareSQL = `SELECT true FROM attachments WHERE tenant_id = $1 AND id = $2 FOR SHARE`

// share reports whether the tenant has attachment id, share-locking it until q's transaction
// ends.
func (store) share(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, "attachment", shareSQL, tenantID, id)
}
