package linekinds

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// The longest description and name of a credit line.
const (
	maxCreditDescription = 2000
	maxCreditName        = 200
)

// Credits describes a document's credit lines: money given back, off its total after tax,
// optionally against one of its part lines (sales order refunds, purchase order vendor
// credits). The line table has tenant_id, the parent column, id, part_line_id, amount,
// description, created_utc, modified_utc and, when the lines carry a reason, its column.
type Credits struct {
	// Table is the credit line table; Noun names its lines in errors ("refund").
	Table string
	Noun  string
	// PartLines is the document's part line table (tenant_id, parent column, id) a line may
	// name; PartLineField is the member naming it ("partLineId").
	PartLines     string
	PartLineField string
	// ReasonColumn is the column of the reason every line carries ("refund_reason_code_id"),
	// checked and named through Declaration.CreditReasons; empty when the lines carry none.
	// ReasonField is the member naming it ("refundReasonCodeId").
	ReasonColumn string
	ReasonField  string
	// TotalColumn, when set, is the parent's column of its credits' total ("refund_total"):
	// the credits together may then not exceed the document's total before them (its
	// column total is net of them), unless a write lowers them. Only credit writes check it,
	// so a later change of other lines that lowers the total below the credits is accepted
	// and leaves the total negative (what is owed back).
	TotalColumn string
	// Fields are the members the document's credit lines carry beyond the common ones; zero
	// when they carry none.
	Fields CreditFields
}

// CreditFields names the columns of the optional members of a document's credit lines; an
// empty name is a member the lines do not carry (it reads as its zero value and is not
// written).
type CreditFields struct {
	// NumberColumn numbers the lines 1, 2, 3 … per document in creation order, never giving a
	// number twice: LastNumberColumn is the parent's column of the last number given, advanced
	// by each create (the document is locked) and never lowered. Lists then sort by number by
	// default.
	NumberColumn     string
	LastNumberColumn string
	// NameColumn holds the line's name: trimmed, at most 200 characters, blank as none.
	NameColumn string
	// ExternalReferencesColumn (jsonb) holds the line's external references under the extref
	// rules; ExternalReferencesKind is the record kind whose JSON Patch rule applies.
	ExternalReferencesColumn string
	ExternalReferencesKind   extref.Kind
	// CopiedFromColumn names the other document's line the line was copied from (read only,
	// written by the document's own copy).
	CopiedFromColumn string
	// PartLineAccountingColumn is the part line table's jsonb column of accounting details
	// (classId, incomeAccountId, assetAccountId, expenseAccountId, cogsAccountId) a line shows
	// when it is against a part line.
	PartLineAccountingColumn string
}

// ReasonLookup checks and names the reasons credit lines carry.
type ReasonLookup struct {
	// CheckUsable answers 404 naming field when a reason is unknown and 400 when archived,
	// share-locking those it finds until q's transaction ends.
	CheckUsable func(ctx context.Context, q db.Q, tenantID, field string, ids []string) error
	// Names answers the names of the reasons ids, archived ones too, in one statement.
	Names func(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]string, error)
}

// Reasons is the ReasonLookup of a reason code service whose ByIDs answers records of type
// R, with name reading a record's name.
func Reasons[R any](codes interface {
	CheckUsable(ctx context.Context, q db.Q, tenantID, field string, ids []string) error
	ByIDs(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]R, error)
}, name func(R) string) ReasonLookup {
	return ReasonLookup{
		// The service is called, not its method taken, when a line is written: a document
		// declares its lines before every dependency is at hand (its tests).
		CheckUsable: func(ctx context.Context, q db.Q, tenantID, field string, ids []string) error {
			return codes.CheckUsable(ctx, q, tenantID, field, ids)
		},
		Names: func(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]string, error) {
			found, err := codes.ByIDs(ctx, q, tenantID, ids)
			if err != nil {
				return nil, err
			}
			out := make(map[string]string, len(found))
			for id, r := range found {
				out[id] = name(r)
			}
			return out, nil
		},
	}
}

// CreditLineWrite is what a credit line's create or full update sets; omitted optional
// members are at their zero value (no part line, no description).
type CreditLineWrite struct {
	// ReasonID is the line's reason, when the document's credit lines carry one.
	ReasonID string
	// PartLineID is a part line of the same document, or nil for the document as a whole.
	PartLineID *string
	// Amount is more than 0, stored exactly as sent.
	Amount      dec
	Description *string
	// Name and ExternalReferences are written when the document's lines carry them
	// (CreditFields).
	Name               *string
	ExternalReferences extref.References
}

// CreditLine is a stored credit line.
type CreditLine struct {
	ID       string
	ParentID string
	CreditLineWrite
	// Number, CopiedFrom and Accounting are read when the document's lines carry them
	// (CreditFields): 0, nil and all nil otherwise.
	Number     int
	CopiedFrom *string
	Accounting AccountingDetails
	// ReasonName is the reason's current name, when the lines carry one.
	ReasonName string
	// SubTotal is Amount rounded to the minor unit of the document's currency: what the line
	// counts in the document's credit total.
	SubTotal    dec
	CreatedUtc  time.Time
	ModifiedUtc time.Time
}

// normalized applies the write rules, naming each offending field: amount more than 0;
// description trimmed, blank as none, at most 2000; and, when the lines carry them, name
// trimmed, blank as none, at most 200, and external references under extref's rule of mode
// (the members the lines do not carry are dropped).
func (c Credits) normalized(w CreditLineWrite, mode extref.Mode) (CreditLineWrite, error) {
	f := apperr.Fields{}
	if !w.Amount.IsPositive() {
		f.Add("amount", "must be more than 0")
	}
	w.Description = f.OptionalText("description", w.Description, maxCreditDescription)
	name := w.Name
	w.Name = nil
	if c.Fields.NameColumn != "" {
		w.Name = f.OptionalText("name", name, maxCreditName)
	}
	refs := w.ExternalReferences
	w.ExternalReferences = nil
	if c.Fields.ExternalReferencesColumn != "" {
		var refErrs apperr.Fields
		w.ExternalReferences, refErrs = extref.Normalize(refs, mode)
		f.Merge("", refErrs)
	}
	return w, f.Err()
}

// writeNormalized applies the create and full update rules (normalized).
func (c Credits) writeNormalized(w CreditLineWrite) (CreditLineWrite, error) {
	return c.normalized(w, extref.Write)
}

// patchNormalized applies the JSON Patch rules: extref's patch mode of the lines' kind.
func (c Credits) patchNormalized(w CreditLineWrite) (CreditLineWrite, error) {
	mode := extref.Write
	if c.Fields.ExternalReferencesKind != "" {
		mode = extref.PatchMode(c.Fields.ExternalReferencesKind)
	}
	return c.normalized(w, mode)
}

// CreateCredit adds a credit line to the tenant's active document parentID and recomputes its
// totals, in one transaction; it answers the new line's id. See writeCredit for the rules.
func (l *Lines[P]) CreateCredit(ctx context.Context, tenantID, parentID string, w CreditLineWrite) (string, error) {
	w, err := l.d.Tables.Credit.writeNormalized(w)
	if err != nil {
		return "", err
	}
	id := ids.NewSub()
	err = l.writeCredit(ctx, tenantID, parentID, func(q db.Q) error {
		if err := l.checkCredit(ctx, q, tenantID, parentID, w); err != nil {
			return err
		}
		return l.credits().insert(ctx, q, tenantID, parentID, id, w)
	}, nil)
	if err != nil {
		return "", err
	}
	return id, nil
}

// UpdateCredit replaces every member of a credit line under the create rules and recomputes
// the document's totals; it answers the line as stored. A line of another document is
// NotFound.
func (l *Lines[P]) UpdateCredit(ctx context.Context, tenantID, parentID, id string, w CreditLineWrite) (CreditLine, error) {
	w, err := l.d.Tables.Credit.writeNormalized(w)
	if err != nil {
		return CreditLine{}, err
	}
	return l.saveCredit(ctx, tenantID, parentID, id, func(db.Q) (CreditLineWrite, error) { return w, nil })
}

// PatchCredit replaces a credit line with what change makes of it as stored (a JSON Patch of
// its read shape applied by the caller, inside the transaction, the document locked), under
// the rules of a full update, and recomputes the document's totals; it answers the line as
// stored. A line not of the document is NotFound.
func (l *Lines[P]) PatchCredit(ctx context.Context, tenantID, parentID, id string, change func(current CreditLine) (CreditLineWrite, error)) (CreditLine, error) {
	return l.saveCredit(ctx, tenantID, parentID, id, patched(func(q db.Q) (CreditLine, error) {
		return l.credits().get(ctx, q, tenantID, parentID, id)
	}, change, l.d.Tables.Credit.patchNormalized))
}

// saveCredit stores the write next answers (in the transaction, the document locked) over
// credit line id, and answers the line as stored, its reason named.
func (l *Lines[P]) saveCredit(ctx context.Context, tenantID, parentID, id string, next func(q db.Q) (CreditLineWrite, error)) (CreditLine, error) {
	var saved CreditLine
	err := l.writeCredit(ctx, tenantID, parentID, func(q db.Q) error {
		w, err := next(q)
		if err != nil {
			return err
		}
		if err := l.checkCredit(ctx, q, tenantID, parentID, w); err != nil {
			return err
		}
		return l.credits().update(ctx, q, tenantID, parentID, id, w)
	}, func(q db.Q) (err error) {
		saved, err = l.credits().get(ctx, q, tenantID, parentID, id)
		return err
	})
	if err != nil {
		return CreditLine{}, err
	}
	named, err := l.nameReasons(ctx, tenantID, []CreditLine{saved})
	if err != nil {
		return CreditLine{}, err
	}
	return named[0], nil
}

// DeleteCredit deletes a credit line and recomputes the document's totals; false when the
// document has no such line (nothing changes).
func (l *Lines[P]) DeleteCredit(ctx context.Context, tenantID, parentID, id string) (bool, error) {
	err := l.writeCredit(ctx, tenantID, parentID, func(q db.Q) error {
		return l.credits().delete(ctx, q, tenantID, parentID, id)
	}, nil)
	return noLineIsFalse(err)
}

// writeCredit runs a credit write in one transaction: the document locked through
// CreditLock (Lock when unset: missing, deleted or in a status refusing credits answers its
// error), the change, the totals recomputed, the credits held under the document's total
// when Credits.TotalColumn is set (400 naming amount), then read (when read is set).
func (l *Lines[P]) writeCredit(ctx context.Context, tenantID, parentID string, change, read func(q db.Q) error) error {
	lock := l.d.CreditLock
	if lock == nil {
		lock = l.d.Lock
	}
	return l.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := lock(ctx, q, tenantID, parentID)
		if err != nil {
			return err
		}
		var before creditTotals
		if l.d.Tables.Credit.TotalColumn != "" {
			if before, err = l.credits().totals(ctx, q, tenantID, parentID); err != nil {
				return err
			}
		}
		if err := change(q); err != nil {
			return err
		}
		if err := l.d.Recompute(ctx, q, tenantID, parent); err != nil {
			return err
		}
		if l.d.Tables.Credit.TotalColumn != "" {
			after, err := l.credits().totals(ctx, q, tenantID, parentID)
			if err != nil {
				return err
			}
			if after.Total.IsNegative() && after.Credit.GreaterThan(before.Credit.Decimal) {
				return apperr.Field("amount", "the %s's %ss would come to %s, more than its total of %s before %ss",
					l.d.Tables.Noun, l.d.Tables.Credit.Noun, after.Credit, dec{Decimal: after.Total.Add(after.Credit.Decimal)}, l.d.Tables.Credit.Noun)
			}
		}
		if read == nil {
			return nil
		}
		return read(q)
	})
}

// checkCredit checks w's reason, when the lines carry one (usable: 404 naming the reason's
// field when unknown, 400 when archived), then that its part line, if any, is one of this
// document (404 naming Credits.PartLineField).
func (l *Lines[P]) checkCredit(ctx context.Context, q db.Q, tenantID, parentID string, w CreditLineWrite) error {
	c := l.d.Tables.Credit
	if c.ReasonColumn != "" {
		if err := l.d.CreditReasons.CheckUsable(ctx, q, tenantID, c.ReasonField, []string{w.ReasonID}); err != nil {
			return err
		}
	}
	if w.PartLineID == nil {
		return nil
	}
	ok, err := l.credits().partLineOf(ctx, q, tenantID, parentID, *w.PartLineID)
	if err != nil || ok {
		return err
	}
	fields := apperr.Fields{}
	fields.Add(c.PartLineField, "part line %s of %s %s not found", *w.PartLineID, l.d.Tables.Noun, parentID)
	return fields.NotFoundErr()
}

// Credit reads one credit line of the tenant's document parentID, deleted or not, its reason
// named; a line of another document is NotFound.
func (l *Lines[P]) Credit(ctx context.Context, tenantID, parentID, id string) (CreditLine, error) {
	if err := l.d.Exists(ctx, l.pool, tenantID, parentID); err != nil {
		return CreditLine{}, err
	}
	c, err := l.credits().get(ctx, l.pool, tenantID, parentID, id)
	if err != nil {
		return CreditLine{}, err
	}
	named, err := l.nameReasons(ctx, tenantID, []CreditLine{c})
	if err != nil {
		return CreditLine{}, err
	}
	return named[0], nil
}

// Credits lists the document's credit lines matching f, oldest first then id unless r sorts
// otherwise, their reasons named: two statements, three when the lines carry a reason.
func (l *Lines[P]) Credits(ctx context.Context, tenantID, parentID string, f LineFilter, r listing.Request) ([]CreditLine, error) {
	page, err := listing.Resolve(r, l.sql.creditList)
	if err != nil {
		return nil, err
	}
	if err := l.d.Exists(ctx, l.pool, tenantID, parentID); err != nil {
		return nil, err
	}
	list, err := l.credits().list(ctx, l.pool, tenantID, parentID, f, page)
	if err != nil {
		return nil, err
	}
	return l.nameReasons(ctx, tenantID, list)
}

// nameReasons fills the lines' reason names, in one lookup; nothing when the lines carry no
// reason or there are none.
func (l *Lines[P]) nameReasons(ctx context.Context, tenantID string, lines []CreditLine) ([]CreditLine, error) {
	if l.d.Tables.Credit.ReasonColumn == "" || len(lines) == 0 {
		return lines, nil
	}
	reasonIDs := make([]string, len(lines))
	for i, c := range lines {
		reasonIDs[i] = c.ReasonID
	}
	names, err := l.d.CreditReasons.Names(ctx, l.pool, tenantID, reasonIDs)
	if err != nil {
		return nil, err
	}
	for i := range lines {
		lines[i].ReasonName = names[lines[i].ReasonID]
	}
	return lines, nil
}
