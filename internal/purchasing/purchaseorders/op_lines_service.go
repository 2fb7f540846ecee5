package purchaseorders

import (
	"context"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// OutsideProcessingLine is a stored outside-processing line: a service the vendor performs,
// for a job operation once jobs exist, optionally on an item of the shop.
type OutsideProcessingLine struct {
	Line
	// JobOperationID is stored as given: jobs do not exist yet.
	JobOperationID *string
	ItemID         *string
	Description    string
}

// OutsideProcessingLineWrite is a create or full update of an outside-processing line
// (PurchaseOrderOutsideProcessingLineItemWrite in the spec).
type OutsideProcessingLineWrite struct {
	LineWrite
	JobOperationID *string
	ItemID         *string
	Description    string
}

// CreateOutsideProcessingLine adds an outside-processing line to the order and answers its id.
func (s *Service) CreateOutsideProcessingLine(ctx context.Context, tenantID, orderID string, w OutsideProcessingLineWrite) (string, error) {
	if err := checkOPLineShape(&w); err != nil {
		return "", err
	}
	return s.writeLine(ctx, tenantID, orderID, func(q db.Q, parent lineParent) (string, error) {
		if err := checkLinesEditable(parent.Status); err != nil {
			return "", err
		}
		l := OutsideProcessingLine{Line: Line{ID: ids.NewSub(), PurchaseOrderID: orderID}}
		if err := s.fillOPLine(ctx, q, tenantID, parent, w, nil, &l); err != nil {
			return "", err
		}
		n, err := linesStore{}.nextLineNumber(ctx, q, tenantID, orderID)
		if err != nil {
			return "", err
		}
		l.LineNumber = n
		return l.ID, opLinesStore{}.insert(ctx, q, tenantID, l)
	})
}

// OutsideProcessingLine answers one outside-processing line of the order (which may be
// deleted).
func (s *Service) OutsideProcessingLine(ctx context.Context, tenantID, orderID, lineID string) (OutsideProcessingLine, error) {
	var l OutsideProcessingLine
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.lineOrderExists(ctx, q, tenantID, orderID); err != nil {
			return err
		}
		var err error
		l, err = opLinesStore{}.get(ctx, q, tenantID, orderID, lineID, false)
		return err
	})
	return l, err
}

// OutsideProcessingLines answers the page r asks for of the order's outside-processing lines
// matching f, in two statements however many lines; the order may be deleted.
func (s *Service) OutsideProcessingLines(ctx context.Context, tenantID, orderID string, f LineFilter, r listing.Request) ([]OutsideProcessingLine, error) {
	page, err := listing.Resolve(r, lineListSpec)
	if err != nil {
		return nil, err
	}
	var out []OutsideProcessingLine
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.lineOrderExists(ctx, q, tenantID, orderID); err != nil {
			return err
		}
		out, err = opLinesStore{}.list(ctx, q, tenantID, orderID, f, page)
		return err
	})
	return out, err
}

// UpdateOutsideProcessingLine replaces the line's members and answers it as stored.
func (s *Service) UpdateOutsideProcessingLine(ctx context.Context, tenantID, orderID, lineID string, w OutsideProcessingLineWrite) (OutsideProcessingLine, error) {
	return s.PatchOutsideProcessingLine(ctx, tenantID, orderID, lineID, func(OutsideProcessingLine) (OutsideProcessingLineWrite, error) { return w, nil })
}

// PatchOutsideProcessingLine saves the write change makes of the line as it stands (locked),
// under the rules of the full update.
func (s *Service) PatchOutsideProcessingLine(ctx context.Context, tenantID, orderID, lineID string, change func(OutsideProcessingLine) (OutsideProcessingLineWrite, error)) (OutsideProcessingLine, error) {
	_, err := s.writeLine(ctx, tenantID, orderID, func(q db.Q, parent lineParent) (string, error) {
		cur, err := opLinesStore{}.get(ctx, q, tenantID, orderID, lineID, true)
		if err != nil {
			return "", err
		}
		if err := checkLinesEditable(parent.Status); err != nil {
			return "", err
		}
		w, err := change(cur)
		if err != nil {
			return "", err
		}
		if err := checkOPLineShape(&w); err != nil {
			return "", err
		}
		next := cur
		if err := s.fillOPLine(ctx, q, tenantID, parent, w, &cur, &next); err != nil {
			return "", err
		}
		return lineID, opLinesStore{}.update(ctx, q, tenantID, next)
	})
	if err != nil {
		return OutsideProcessingLine{}, err
	}
	return s.OutsideProcessingLine(ctx, tenantID, orderID, lineID)
}

// DeleteOutsideProcessingLine deletes the line; false when the order has no such line.
func (s *Service) DeleteOutsideProcessingLine(ctx context.Context, tenantID, orderID, lineID string) (bool, error) {
	return s.deleteLine(ctx, opLineKind, tenantID, orderID, lineID)
}

// OutsideProcessingLineTaxAllocations answers the taxes the line bears (see TaxAllocations).
func (s *Service) OutsideProcessingLineTaxAllocations(ctx context.Context, tenantID, orderID, lineID string) ([]TaxAllocation, error) {
	return s.lineTaxAllocations(ctx, opLineKind, tenantID, orderID, lineID)
}

// checkOPLineShape applies the rules of an outside-processing line write that need no read.
func checkOPLineShape(w *OutsideProcessingLineWrite) error {
	fields := apperr.Fields{}
	checkLineShape(fields, &w.LineWrite)
	w.Description = strings.TrimSpace(w.Description)
	if w.Description == "" || len([]rune(w.Description)) > maxLineText {
		fields.Add("description", "is required: 1 to %d characters", maxLineText)
	}
	if w.JobOperationID != nil {
		if n := len(*w.JobOperationID); n < 24 || n > 36 {
			fields.Add("jobOperationId", "must be 24 to 36 characters")
		}
	}
	return fields.Err()
}

// fillOPLine sets l from w on the locked order parent: the item when one is named (404 naming
// itemId when unknown; an archived item only when the update keeps it), the unit (the item's
// inventory unit by default, else required), then the shared members.
func (s *Service) fillOPLine(ctx context.Context, q db.Q, tenantID string, parent lineParent, w OutsideProcessingLineWrite, cur *OutsideProcessingLine, l *OutsideProcessingLine) error {
	l.JobOperationID, l.ItemID, l.Description = w.JobOperationID, nil, w.Description
	l.UnitName = ""
	if w.ItemID != nil {
		found, err := s.deps.Items.PurchaseItems(ctx, q, tenantID, parent.VendorID, []string{*w.ItemID})
		if err != nil {
			return err
		}
		it, ok := found[*w.ItemID]
		if !ok || (it.IsArchived && (cur == nil || cur.ItemID == nil || *cur.ItemID != it.ID)) {
			missing := apperr.Fields{}
			missing.Add("itemId", "item %s not found", *w.ItemID)
			return missing.NotFoundErr()
		}
		l.ItemID = &it.ID
		l.UnitName = it.InventoryUnit
	}
	if w.UnitName != nil {
		l.UnitName = *w.UnitName
	}
	if l.UnitName == "" {
		return apperr.Field("unitOfMeasureName", "is required when the line names no item")
	}
	if w.UnitPrice != nil {
		l.UnitPrice = *w.UnitPrice
	}
	var curLine *Line
	if cur != nil {
		curLine = &cur.Line
	}
	return s.fillLine(ctx, q, tenantID, opLineKind, parent, w.LineWrite, curLine, &l.Line)
}
