package nesting

import (
	"context"
	"sort"

	"github.com/shopspring/decimal"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/production/jobs"
	"mos/internal/stock/routing"
)

// WorkPackageManifest answers the cut list of the job operations entries name (see the
// spec's getWorkPackageManifest), in one transaction of a fixed number of statements: the
// operations of every job named, the input materials of their items to make, and the items'
// numbers. 0 or more than 500 entries is a 400 naming jobOperations.
func (s *Service) WorkPackageManifest(ctx context.Context, tenantID string, entries []ManifestEntry) (Manifest, error) {
	if len(entries) < manifestMinEntries || len(entries) > manifestMaxEntries {
		return Manifest{}, apperr.Field("jobOperations", "send %d to %d job operations, not %d", manifestMinEntries, manifestMaxEntries, len(entries))
	}
	var out Manifest
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		ops, err := s.deps.Jobs.OperationsOfJobs(ctx, q, tenantID, manifestJobIDs(entries))
		if err != nil {
			return err
		}
		byJob := make(map[string][]jobs.OperationOfJob)
		for _, op := range ops {
			// A cancelled job has nothing left to cut: its entries are notFound.
			if op.JobStatus != jobs.StatusCancelled {
				byJob[op.JobID] = append(byJob[op.JobID], op)
			}
		}
		resolved, skipped := resolveManifestEntries(entries, byJob)
		out.Skipped = skipped
		owners, itemIDs := manifestOwners(resolved)
		materials, err := s.deps.Routings.MaterialsIn(ctx, q, tenantID, owners)
		if err != nil {
			return err
		}
		names, err := s.deps.Items.ItemNames(ctx, q, tenantID, itemIDs)
		if err != nil {
			return err
		}
		out.Items = make([]ManifestItem, len(resolved))
		for i, r := range resolved {
			out.Items[i] = manifestItem(r, names[r.op.ItemID].Number, materials[itemToMakeOwner(r.op.ItemToMakeID)])
		}
		out.Totals = manifestTotals(out.Items)
		return nil
	})
	if err != nil {
		return Manifest{}, err
	}
	return out, nil
}

// resolvedOperation is a job operation an entry (the first one naming it) resolved to.
type resolvedOperation struct {
	index int
	op    jobs.OperationOfJob
}

// manifestJobIDs are the distinct jobs entries name.
func manifestJobIDs(entries []ManifestEntry) []string {
	seen := make(map[string]bool, len(entries))
	var out []string
	for _, e := range entries {
		if !seen[e.JobID] {
			seen[e.JobID] = true
			out = append(out, e.JobID)
		}
	}
	return out
}

// resolveManifestEntries resolves each entry among the operations of its job (byJob, by
// item to make position then sequence) and answers the job operations in the order of the
// first entry resolving to each (a job operation named twice appears once), and the
// skipped entries in request order.
func resolveManifestEntries(entries []ManifestEntry, byJob map[string][]jobs.OperationOfJob) ([]resolvedOperation, []ManifestSkipped) {
	resolved := []resolvedOperation{}
	skipped := []ManifestSkipped{}
	seen := map[string]bool{}
	for i, e := range entries {
		ops, reason := resolveManifestEntry(e, byJob[e.JobID])
		if reason != "" {
			skipped = append(skipped, ManifestSkipped{Index: i, Entry: e, Reason: reason})
			continue
		}
		for _, op := range ops {
			if !seen[op.ID] {
				seen[op.ID] = true
				resolved = append(resolved, resolvedOperation{index: i, op: op})
			}
		}
	}
	return resolved, skipped
}

// resolveManifestEntry matches e among its job's operations: first as a job operation id
// (which never is ambiguous: ids are unique), else as a system operation id, ambiguous when
// operations of more than one item to make link it; ItemToMakeID narrows both.
func resolveManifestEntry(e ManifestEntry, ops []jobs.OperationOfJob) ([]jobs.OperationOfJob, ManifestSkipReason) {
	var candidates []jobs.OperationOfJob
	for _, op := range ops {
		if e.ItemToMakeID == nil || *e.ItemToMakeID == op.ItemToMakeID {
			candidates = append(candidates, op)
		}
	}
	for _, op := range candidates {
		if op.ID == e.JobOperationID {
			if op.Operation.OperationID == nil {
				return nil, ManifestSkipNoSystemOperation
			}
			return []jobs.OperationOfJob{op}, ""
		}
	}
	var matched []jobs.OperationOfJob
	itemsToMake := map[string]bool{}
	for _, op := range candidates {
		if id := op.Operation.OperationID; id != nil && *id == e.JobOperationID {
			matched = append(matched, op)
			itemsToMake[op.ItemToMakeID] = true
		}
	}
	switch {
	case len(matched) == 0:
		return nil, ManifestSkipNotFound
	case len(itemsToMake) > 1:
		return nil, ManifestSkipAmbiguous
	}
	return matched, ""
}

func itemToMakeOwner(id string) routing.Owner {
	return routing.Owner{Type: routing.OwnerJobItemToMake, ID: id}
}

// manifestOwners are the distinct routings (items to make) and items of resolved.
func manifestOwners(resolved []resolvedOperation) ([]routing.Owner, []string) {
	seenOwner, seenItem := map[string]bool{}, map[string]bool{}
	owners, itemIDs := []routing.Owner{}, []string{}
	for _, r := range resolved {
		if !seenOwner[r.op.ItemToMakeID] {
			seenOwner[r.op.ItemToMakeID] = true
			owners = append(owners, itemToMakeOwner(r.op.ItemToMakeID))
		}
		if !seenItem[r.op.ItemID] {
			seenItem[r.op.ItemID] = true
			itemIDs = append(itemIDs, r.op.ItemID)
		}
	}
	return owners, itemIDs
}

// manifestItem computes one resolved operation's cut list from its item to make's input
// materials (all of them, oldest first).
func manifestItem(r resolvedOperation, itemNumber string, materials []routing.InputMaterial) ManifestItem {
	remaining := dec.Decimal{Decimal: r.op.ItemToMakeQuantity.Sub(r.op.ItemToMakeQuantityMade.Decimal)}
	if remaining.IsNegative() {
		remaining = dec.Zero
	}
	item := ManifestItem{Index: r.index, Operation: r.op, ItemNumber: itemNumber, Remaining: remaining, Materials: []ManifestMaterial{}}
	for _, m := range consumedAt(r.op.ID, materials) {
		item.Materials = append(item.Materials, manifestMaterial(m, remaining))
	}
	return item
}

// consumedAt answers the materials tied to operation opID; when none is, the materials
// tied to no operation, so stock the routing does not place is still cut for an operation
// that consumes none of its own.
func consumedAt(opID string, materials []routing.InputMaterial) []routing.InputMaterial {
	var tied, untied []routing.InputMaterial
	for _, m := range materials {
		switch {
		case m.RoutingOperationID == nil:
			untied = append(untied, m)
		case *m.RoutingOperationID == opID:
			tied = append(tied, m)
		}
	}
	if len(tied) > 0 {
		return tied
	}
	return untied
}

// manifestMaterial counts the blanks and stock pieces m needs to make remaining units.
func manifestMaterial(m routing.InputMaterial, remaining dec.Decimal) ManifestMaterial {
	blanks := ceilDiv(remaining.Decimal, decimal.NewFromInt32(max(m.PiecesPerBlank, 1)))
	out := ManifestMaterial{
		InputMaterial: m,
		BlanksNeeded:  dec.Decimal{Decimal: blanks},
		TotalLength:   dec.Decimal{Decimal: blanks.Mul(m.BlankLength.Decimal)},
		Nestings:      make([]ManifestNesting, len(m.Nestings)),
	}
	if m.BlankWidth != nil {
		out.TotalArea = &dec.Decimal{Decimal: out.TotalLength.Mul(m.BlankWidth.Decimal)}
	}
	for i, n := range m.Nestings {
		out.Nestings[i] = ManifestNesting{Nesting: n, StockPiecesNeeded: dec.Decimal{Decimal: ceilDiv(blanks, decimal.NewFromInt32(max(n.BlanksPerStock, 1)))}}
	}
	return out
}

// ceilDiv is the smallest whole number not below a / b (b > 0), computed exactly.
func ceilDiv(a, b decimal.Decimal) decimal.Decimal {
	q, r := a.QuoRem(b, 0)
	if r.IsPositive() {
		q = q.Add(decimal.NewFromInt(1))
	}
	return q
}

// manifestTotals sums the items' materials per material shape and stock item, each input
// material once even when several operations list it, ordered by shape name, shape id, then
// stock item number (none first).
func manifestTotals(list []ManifestItem) []ManifestTotal {
	type key struct{ shape, item string }
	index := map[key]int{}
	counted := map[string]bool{}
	out := []ManifestTotal{}
	for _, it := range list {
		for _, m := range it.Materials {
			if counted[m.ID] {
				continue
			}
			counted[m.ID] = true
			k := key{shape: m.MaterialShapeID}
			if m.ItemID != nil {
				k.item = *m.ItemID
			}
			i, ok := index[k]
			if !ok {
				i = len(out)
				index[k] = i
				out = append(out, ManifestTotal{
					MaterialShapeID: m.MaterialShapeID, MaterialShapeName: m.MaterialShapeName, MaterialName: m.MaterialName,
					ShapeType: m.ShapeType, StockItemID: m.ItemID, StockItemNumber: m.ItemNumber,
				})
			}
			t := &out[i]
			t.BlanksNeeded = dec.Decimal{Decimal: t.BlanksNeeded.Add(m.BlanksNeeded.Decimal)}
			t.TotalLength = dec.Decimal{Decimal: t.TotalLength.Add(m.TotalLength.Decimal)}
			if m.TotalArea != nil {
				sum := m.TotalArea.Decimal
				if t.TotalArea != nil {
					sum = sum.Add(t.TotalArea.Decimal)
				}
				t.TotalArea = &dec.Decimal{Decimal: sum}
			}
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.MaterialShapeName != y.MaterialShapeName {
			return x.MaterialShapeName < y.MaterialShapeName
		}
		if x.MaterialShapeID != y.MaterialShapeID {
			return x.MaterialShapeID < y.MaterialShapeID
		}
		return numberOrEmpty(x.StockItemNumber) < numberOrEmpty(y.StockItemNumber)
	})
	return out
}

func numberOrEmpty(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
