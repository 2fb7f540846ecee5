// Package docheaders is the header lifecycle every business document (quote, sales order,
// purchase order, ...) takes the same way: read the header with its ETag, lock the live one for
// a write, replace its custom fields, store a status move published as a transition table,
// soft-delete it, lock it as the owner of records a lower area keeps for it (attachments) and
// advance its modifiedUtc when they change, and tell a full update from a JSON Patch (which
// external-reference mode and which custom-field validation apply).
//
// A document declares its table, its noun, the columns its answer selects and its custom field
// module once (Declare); it keeps its own members, write rules, SQL for what it writes, totals and
// handlers. The mechanism owns only the statements whose shape is the same for every document.
package docheaders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/patch"
	"mos/internal/shared/customfields"
)

// Row is a document's scanned header row: Record turns it into the document.
type Row[D any] interface {
	Record() (D, error)
}

// Declaration is what a document tells the mechanism about its header.
type Declaration struct {
	// Table is the header table ("sales_orders"): tenant_id, id, deleted, custom_fields,
	// status and modified_utc columns.
	Table string
	// Noun names the document in messages ("sales order").
	Noun string
	// Answer is what a read selects over the header row aliased t: the columns its Row scans,
	// the ETag included.
	Answer string
	// Module is the custom field module of the header's customFields.
	Module customfields.Module
	// References is the kind whose JSON Patch rule applies to externalReferences.
	References extref.Kind
	// LineParent is what a write of one of the document's lines works under, selected from
	// the header row aliased t by LockForLines: the columns its lines' rules and totals read
	// (for example "t.id, t.status, t.currency_code, t.customer_id").
	LineParent string
}

// CustomFields validates custom field values against a module's definitions
// (customfields.Service).
type CustomFields interface {
	Validate(ctx context.Context, q db.Q, tenantID string, module customfields.Module, values map[string]any, mode customfields.Mode) (map[string]any, error)
	ValidatePatch(ctx context.Context, q db.Q, tenantID string, module customfields.Module, ops []patch.Operation, patched map[string]any) (map[string]any, error)
}

// Header serves one document's header lifecycle; D is the document, R its scanned row.
type Header[D any, R Row[D]] struct {
	decl   Declaration
	pool   *db.Pool
	fields CustomFields

	getSQL, lockSQL, customFieldsSQL, statusSQL, deleteSQL string
	ownerLockSQL, touchSQL, lineLockSQL, existsSQL         string
	shareLiveSQL                                           string
}

// Declare returns the lifecycle of the header declared by d (a mechanism a document declares
// itself to, not a service: it holds no other area).
func Declare[D any, R Row[D]](pool *db.Pool, fields CustomFields, d Declaration) *Header[D, R] {
	live := `WHERE t.tenant_id = $1 AND t.id = $2 AND NOT t.deleted`
	return &Header[D, R]{
		decl: d, pool: pool, fields: fields,
		getSQL:          `SELECT ` + d.Answer + ` FROM ` + d.Table + ` t WHERE t.tenant_id = $1 AND t.id = $2`,
		lockSQL:         `SELECT ` + d.Answer + ` FROM ` + d.Table + ` t ` + live + ` FOR UPDATE OF t`,
		customFieldsSQL: `UPDATE ` + d.Table + ` t SET custom_fields = $3, modified_utc = now() ` + live + ` RETURNING ` + d.Answer,
		statusSQL:       `UPDATE ` + d.Table + ` t SET status = $3, modified_utc = now() ` + live + ` RETURNING ` + d.Answer,
		deleteSQL:       `UPDATE ` + d.Table + ` t SET deleted = true, modified_utc = now() ` + live,
		ownerLockSQL:    `SELECT true FROM ` + d.Table + ` t WHERE t.tenant_id = $1 AND t.id = $2 FOR UPDATE OF t`,
		touchSQL:        `UPDATE ` + d.Table + ` t SET modified_utc = now() WHERE t.tenant_id = $1 AND t.id = $2`,
		lineLockSQL:     `SELECT ` + d.LineParent + ` FROM ` + d.Table + ` t ` + live + ` FOR UPDATE OF t`,
		existsSQL:       `SELECT EXISTS (SELECT 1 FROM ` + d.Table + ` t WHERE t.tenant_id = $1 AND t.id = $2)`,
		shareLiveSQL:    `SELECT true FROM ` + d.Table + ` t ` + live + ` FOR SHARE OF t`,
	}
}

// NotFound is the 404 of the document id.
func (h *Header[D, R]) NotFound(id string) error {
	return apperr.NotFound("%s %s not found", h.decl.Noun, id)
}

// One runs query, a statement answering header id's row (a SELECT or an UPDATE … RETURNING
// of the declared answer); no row is NotFound.
func (h *Header[D, R]) One(ctx context.Context, q db.Q, id, query string, args ...any) (D, error) {
	var r R
	err := db.GetPrepared(ctx, q, &r, query, args...)
	if errors.Is(err, sql.ErrNoRows) {
		var none D
		return none, h.NotFound(id)
	}
	if err != nil {
		var none D
		return none, fmt.Errorf("read %s: %w", h.decl.Noun, err)
	}
	return r.Record()
}

// Get reads a header, deleted or not, with its ETag.
func (h *Header[D, R]) Get(ctx context.Context, q db.Q, tenantID, id string) (D, error) {
	return h.One(ctx, q, id, h.getSQL, tenantID, id)
}

// LockActive reads a live header and locks its row until the transaction ends; a deleted or
// missing one is NotFound.
func (h *Header[D, R]) LockActive(ctx context.Context, q db.Q, tenantID, id string) (D, error) {
	return h.One(ctx, q, id, h.lockSQL, tenantID, id)
}

// Change runs change on the live header id, locked, in one transaction, and answers what
// change answers (the header as stored).
func (h *Header[D, R]) Change(ctx context.Context, tenantID, id string, change func(q db.Q, current D) (D, error)) (D, error) {
	var saved D
	err := h.pool.WithTx(ctx, func(q db.Q) error {
		current, err := h.LockActive(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		saved, err = change(q, current)
		return err
	})
	if err != nil {
		var none D
		return none, err
	}
	return saved, nil
}

// ReplaceCustomFields replaces a live header's custom fields with values, validated in full
// against the declared module.
func (h *Header[D, R]) ReplaceCustomFields(ctx context.Context, tenantID, id string, values map[string]any) (D, error) {
	return h.Change(ctx, tenantID, id, func(q db.Q, _ D) (D, error) {
		valid, err := h.fields.Validate(ctx, q, tenantID, h.decl.Module, values, customfields.Full)
		if err != nil {
			var none D
			return none, err
		}
		return h.One(ctx, q, id, h.customFieldsSQL, tenantID, id, customfields.Column(valid))
	})
}

// StoreStatus stores a status move of a live header (the caller checked it against its
// Transitions) and answers the header as stored.
func (h *Header[D, R]) StoreStatus(ctx context.Context, q db.Q, tenantID, id string, status string) (D, error) {
	return h.One(ctx, q, id, h.statusSQL, tenantID, id, status)
}

// SoftDelete marks a live header deleted and reports whether there was one.
func (h *Header[D, R]) SoftDelete(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, h.deleteSQL, tenantID, id)
	if err != nil {
		return false, fmt.Errorf("delete %s: %w", h.decl.Noun, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete %s: %w", h.decl.Noun, err)
	}
	return n > 0, nil
}

// LockForLines locks the tenant's live header id until q's transaction ends and scans its
// declared LineParent columns into dest: the first step of every write of one of its lines,
// so that the line writes of one document and the recompute of its totals run one after
// another. A deleted or missing header is NotFound. One statement.
func (h *Header[D, R]) LockForLines(ctx context.Context, q db.Q, tenantID, id string, dest ...any) error {
	err := q.QueryRowxContext(ctx, h.lineLockSQL, tenantID, id).Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return h.NotFound(id)
	}
	if err != nil {
		return fmt.Errorf("lock %s: %w", h.decl.Noun, err)
	}
	return nil
}

// Exists answers NotFound unless the tenant has header id, deleted or not: the reads of a
// document's lines (a deleted document's lines stay readable). One statement.
func (h *Header[D, R]) Exists(ctx context.Context, q db.Q, tenantID, id string) error {
	var ok bool
	if err := q.QueryRowxContext(ctx, h.existsSQL, tenantID, id).Scan(&ok); err != nil {
		return fmt.Errorf("find %s: %w", h.decl.Noun, err)
	}
	if !ok {
		return h.NotFound(id)
	}
	return nil
}

// LockOwner reports whether the tenant has header id, deleted or not, and, when it has, locks
// its row until q's transaction ends: a document owning attachments (or another record kept
// by a lower area's registry) serialises that record's writes with its own.
func (h *Header[D, R]) LockOwner(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, h.decl.Noun, h.ownerLockSQL, tenantID, id)
}

// ShareLive reports whether the tenant has live (not deleted) header id and, when it has,
// share-locks its row until q's transaction ends: a record a lower area keeps on the document
// (a note) is written only while the document stands, its delete waits for that write, and
// such writes do not wait for one another. One statement.
func (h *Header[D, R]) ShareLive(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	return db.Found(ctx, q, h.decl.Noun, h.shareLiveSQL, tenantID, id)
}

// Touch advances header id's modifiedUtc after a record it owns changed (an attachment).
func (h *Header[D, R]) Touch(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, h.touchSQL, tenantID, id); err != nil {
		return fmt.Errorf("touch %s: %w", h.decl.Noun, err)
	}
	return nil
}

// Write is where a full update and a JSON Patch of a header differ.
type Write struct {
	Patch bool
	Ops   []patch.Operation // the patch's operations
}

// RefsMode is the external-reference rule of w: a patch keeps blank members as its record
// kind's rule says, a full update stores them as no value.
func (h *Header[D, R]) RefsMode(w Write) extref.Mode {
	if w.Patch {
		return extref.PatchMode(h.decl.References)
	}
	return extref.Write
}

// ValidateCustomFields checks the custom fields a write stores: in full for a full update,
// only the fields the patch's operations touch for a patch.
func (h *Header[D, R]) ValidateCustomFields(ctx context.Context, q db.Q, tenantID string, w Write, values map[string]any) (map[string]any, error) {
	if w.Patch {
		return h.fields.ValidatePatch(ctx, q, tenantID, h.decl.Module, w.Ops, values)
	}
	return h.fields.Validate(ctx, q, tenantID, h.decl.Module, values, customfields.Full)
}

// Transitions is a document's status table: the statuses a document may move to from each
// status. The spec publishes it in the status operation's description; a black-box test walks
// every pair.
type Transitions[S ~string] map[S][]S

// Check answers whether a noun in status current may move to next: false for the no-op move
// to its own status, a 400 naming status when the table refuses the move.
func (t Transitions[S]) Check(noun string, current, next S) (bool, error) {
	if current == next {
		return false, nil
	}
	if !slices.Contains(t[current], next) {
		return false, apperr.Field("status", "a %s %s cannot move to %s (allowed: %v)", current, noun, next, t[current])
	}
	return true, nil
}
