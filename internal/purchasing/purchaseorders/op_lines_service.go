package purchaseorders

import (
	"context"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

// OutsideProcessingLine is a stored outside-processing line: a service the vendor performs,
// for a job operation, optionally on an item of the shop.
type OutsideProcessingLine struct {
	Line
	// JobOperationID is the job operation the vendor performs (checked against the jobs when
	// written: RegisterJobOperationCheck).
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

// opLineOps declares outside-processing lines to the shared line flows.
func (s *Service) opLineOps() lineOps[OutsideProcessingLine, OutsideProcessingLineWrite] {
	return lineOps[OutsideProcessingLine, OutsideProcessingLineWrite]{
		base: func(l *OutsideProcessingLine) *Line { return &l.Line },
		get:  opLinesStore{}.get, list: opLinesStore{}.list, insert: opLinesStore{}.insert, update: opLinesStore{}.update,
		check: checkOPLineShape, fill: s.fillOPLine,
	}
}

// CreateOutsideProcessingLine adds an outside-processing line to the order and answers its id.
func (s *Service) CreateOutsideProcessingLine(ctx context.Context, tenantID, orderID string, w OutsideProcessingLineWrite) (string, error) {
	return createLine(ctx, s, s.opLineOps(), tenantID, orderID, w)
}

// OutsideProcessingLine answers one outside-processing line of the order (which may be
// deleted).
func (s *Service) OutsideProcessingLine(ctx context.Context, tenantID, orderID, lineID string) (OutsideProcessingLine, error) {
	return readLine(ctx, s, s.opLineOps(), tenantID, orderID, lineID)
}

// OutsideProcessingLines answers the page r asks for of the order's outside-processing lines
// matching f.
func (s *Service) OutsideProcessingLines(ctx context.Context, tenantID, orderID string, f LineFilter, r listing.Request) ([]OutsideProcessingLine, error) {
	return readLines(ctx, s, s.opLineOps(), tenantID, orderID, f, r)
}

// UpdateOutsideProcessingLine replaces the line's members and answers it as stored.
func (s *Service) UpdateOutsideProcessingLine(ctx context.Context, tenantID, orderID, lineID string, w OutsideProcessingLineWrite) (OutsideProcessingLine, error) {
	return s.PatchOutsideProcessingLine(ctx, tenantID, orderID, lineID, func(OutsideProcessingLine) (OutsideProcessingLineWrite, error) { return w, nil })
}

// PatchOutsideProcessingLine saves the write change makes of the line as it stands (locked),
// under the rules of the full update.
func (s *Service) PatchOutsideProcessingLine(ctx context.Context, tenantID, orderID, lineID string, change func(OutsideProcessingLine) (OutsideProcessingLineWrite, error)) (OutsideProcessingLine, error) {
	return patchLine(ctx, s, s.opLineOps(), tenantID, orderID, lineID, change)
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
	if err := s.checkJobOperation(ctx, q, tenantID, w.JobOperationID, cur); err != nil {
		return err
	}
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

// RegisterJobOperationCheck gives the outside-processing lines production's check that the
// tenant has a job operation (purchasing does not know jobs). Register before serving.
func (s *Service) RegisterJobOperationCheck(exists func(ctx context.Context, q db.Q, tenantID, id string) (bool, error)) {
	s.jobOperationExists = exists
}

// checkJobOperation refuses, with a 400 naming jobOperationId, a job operation the tenant does
// not have; a line keeping the job operation it holds is not checked again.
func (s *Service) checkJobOperation(ctx context.Context, q db.Q, tenantID string, id *string, cur *OutsideProcessingLine) error {
	if id == nil || s.jobOperationExists == nil || (cur != nil && cur.JobOperationID != nil && *cur.JobOperationID == *id) {
		return nil
	}
	ok, err := s.jobOperationExists(ctx, q, tenantID, *id)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Field("jobOperationId", "job operation %s not found", *id)
	}
	return nil
}
