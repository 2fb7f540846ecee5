package purchaseorders

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// lineOps declares one kind of line to the shared write and read flows below: L is the
// kind's line, W its write.
type lineOps[L, W any] struct {
	// base answers the shared members of a line of the kind.
	base func(l *L) *Line
	// get reads one line of the order (NotFound when it has none of the kind), locked when
	// lock is set; list reads a page.
	get  func(ctx context.Context, q db.Q, tenantID, orderID, lineID string, lock bool) (L, error)
	list func(ctx context.Context, q db.Q, tenantID, orderID string, f LineFilter, p listing.Page) ([]L, error)
	// insert and update store a line.
	insert, update func(ctx context.Context, q db.Q, tenantID string, l L) error
	// check applies the write's rules that need no read.
	check func(w *W) error
	// fill sets l from w on the locked order parent; cur is the line as it stands on an
	// update, nil on create.
	fill func(ctx context.Context, q db.Q, tenantID string, parent lineParent, w W, cur *L, l *L) error
}

// createLine adds a line of the kind to the order, numbered next, and answers its id.
func createLine[L, W any](ctx context.Context, s *Service, ops lineOps[L, W], tenantID, orderID string, w W) (string, error) {
	if err := ops.check(&w); err != nil {
		return "", err
	}
	return s.writeLine(ctx, tenantID, orderID, func(q db.Q, parent lineParent) (string, error) {
		if err := checkLinesEditable(parent.Status); err != nil {
			return "", err
		}
		var l L
		b := ops.base(&l)
		b.ID, b.PurchaseOrderID = ids.NewSub(), orderID
		if err := ops.fill(ctx, q, tenantID, parent, w, nil, &l); err != nil {
			return "", err
		}
		n, err := linesStore{}.nextLineNumber(ctx, q, tenantID, orderID)
		if err != nil {
			return "", err
		}
		b.LineNumber = n
		return b.ID, ops.insert(ctx, q, tenantID, l)
	})
}

// readLine answers one line of the kind of the order (which may be deleted).
func readLine[L, W any](ctx context.Context, s *Service, ops lineOps[L, W], tenantID, orderID, lineID string) (L, error) {
	var l L
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.lineOrderExists(ctx, q, tenantID, orderID); err != nil {
			return err
		}
		var err error
		l, err = ops.get(ctx, q, tenantID, orderID, lineID, false)
		return err
	})
	return l, err
}

// readLines answers the page r asks for of the order's lines of the kind matching f, in two
// statements however many lines; the order may be deleted.
func readLines[L, W any](ctx context.Context, s *Service, ops lineOps[L, W], tenantID, orderID string, f LineFilter, r listing.Request) ([]L, error) {
	page, err := listing.Resolve(r, lineListSpec)
	if err != nil {
		return nil, err
	}
	var out []L
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.lineOrderExists(ctx, q, tenantID, orderID); err != nil {
			return err
		}
		out, err = ops.list(ctx, q, tenantID, orderID, f, page)
		return err
	})
	return out, err
}

// patchLine saves the write change makes of the line as it stands (locked), under the rules
// of the full update, and answers the line as stored.
func patchLine[L, W any](ctx context.Context, s *Service, ops lineOps[L, W], tenantID, orderID, lineID string, change func(L) (W, error)) (L, error) {
	_, err := s.writeLine(ctx, tenantID, orderID, func(q db.Q, parent lineParent) (string, error) {
		cur, err := ops.get(ctx, q, tenantID, orderID, lineID, true)
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
		if err := ops.check(&w); err != nil {
			return "", err
		}
		next := cur
		if err := ops.fill(ctx, q, tenantID, parent, w, &cur, &next); err != nil {
			return "", err
		}
		return lineID, ops.update(ctx, q, tenantID, next)
	})
	if err != nil {
		var none L
		return none, err
	}
	return readLine(ctx, s, ops, tenantID, orderID, lineID)
}
