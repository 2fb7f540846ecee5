package nesting

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/production/jobs"
	"mos/internal/stock/routing"
	"mos/internal/stock/shapes"
)

// nestableSortFields are the sortable members of NestableJobGroup; the values name the
// comparisons of compareGroups. operationName and materialShapeName are shorthands of the
// dotted paths.
var nestableSortFields = map[string]string{
	"earliestStartDate":  "earliestStartDate",
	"operation.name":     "operationName",
	"operationName":      "operationName",
	"materialShape.name": "materialShapeName",
	"materialShapeName":  "materialShapeName",
	"quantityRemaining":  "quantityRemaining",
	"nestedCount":        "nestedCount",
}

// nestableListSpec orders by earliest start (undated last), operation name, shape name, then
// the group key.
var nestableListSpec = listing.Spec{
	Fields:       nestableSortFields,
	Default:      "earliestStartDate",
	DefaultOrder: "(earliestStartDate, operationName, materialShapeName)",
	IDColumn:     "(operationId, materialShapeId)",
}

// ListNestableJobs answers a page of the groups of open job operations that can share sheets
// or bars (see the spec's listNestableJobs), in one transaction of a fixed number of
// statements however many jobs: the operations of the open jobs, the input materials of their
// items to make, the items' numbers, the library operations' names, the work orders holding
// the job operations and the nest parts naming them. The groups are built, filtered and
// paged in memory: every open job operation of the tenant may belong to a group.
func (s *Service) ListNestableJobs(ctx context.Context, tenantID string, f NestableFilter, r listing.Request) (NestablePage, error) {
	page, err := listing.Resolve(r, nestableListSpec)
	if err != nil {
		return NestablePage{}, err
	}
	var groups []NestableGroup
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		groups, err = s.nestableGroups(ctx, q, tenantID)
		return err
	})
	if err != nil {
		return NestablePage{}, err
	}
	groups = filterGroups(groups, f)
	sortGroups(groups, page)
	total := len(groups)
	rows := []NestableGroup{}
	if page.Offset < total {
		rows = groups[page.Offset:min(total, page.Offset+page.Limit)]
	}
	return NestablePage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}

// nestableGroups reads every group of the tenant, each job operation's entries in the order
// of OpenJobOperations (job number, item to make, routing sequence) then of its materials.
func (s *Service) nestableGroups(ctx context.Context, q db.Q, tenantID string) ([]NestableGroup, error) {
	ops, err := s.deps.Jobs.OpenJobOperations(ctx, q, tenantID)
	if err != nil {
		return nil, err
	}
	var candidates []jobs.OpenJobOperation
	var owners []routing.Owner
	seenOwner := map[string]bool{}
	for _, op := range ops {
		if !op.AcceptsWork() || op.Operation.OperationID == nil {
			continue
		}
		candidates = append(candidates, op)
		if !seenOwner[op.ItemToMakeID] {
			seenOwner[op.ItemToMakeID] = true
			owners = append(owners, itemToMakeOwner(op.ItemToMakeID))
		}
	}
	materials, err := s.deps.Routings.MaterialsIn(ctx, q, tenantID, owners)
	if err != nil {
		return nil, err
	}
	type entry struct {
		op       jobs.OpenJobOperation
		material routing.InputMaterial
	}
	var entries []entry
	jobOpIDs, itemIDs, operationIDs := []string{}, []string{}, []string{}
	seenOp, seenItem, seenLibrary := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, op := range candidates {
		for _, m := range materials[itemToMakeOwner(op.ItemToMakeID)] {
			if !consumedBy(m, op) {
				continue
			}
			entries = append(entries, entry{op: op, material: m})
			if !seenOp[op.ID] {
				seenOp[op.ID] = true
				jobOpIDs = append(jobOpIDs, op.ID)
			}
			if !seenItem[op.ItemID] {
				seenItem[op.ItemID] = true
				itemIDs = append(itemIDs, op.ItemID)
			}
			if id := *op.Operation.OperationID; !seenLibrary[id] {
				seenLibrary[id] = true
				operationIDs = append(operationIDs, id)
			}
		}
	}
	items, err := s.deps.Items.ItemNames(ctx, q, tenantID, itemIDs)
	if err != nil {
		return nil, err
	}
	names, err := s.deps.Operations.Names(ctx, q, tenantID, operationIDs)
	if err != nil {
		return nil, err
	}
	holders, err := s.deps.WorkOrders.Holders(ctx, q, tenantID, jobOpIDs)
	if err != nil {
		return nil, err
	}
	parts, err := nestableStore{}.nestPartsOf(ctx, q, tenantID, jobOpIDs)
	if err != nil {
		return nil, err
	}
	type key struct{ operation, shape string }
	index := map[key]int{}
	groups := []NestableGroup{}
	for _, e := range entries {
		k := key{operation: *e.op.Operation.OperationID, shape: e.material.MaterialShapeID}
		i, ok := index[k]
		if !ok {
			i = len(groups)
			index[k] = i
			groups = append(groups, NestableGroup{
				OperationID: k.operation, OperationName: names[k.operation],
				MaterialShapeID: k.shape, MaterialShapeName: e.material.MaterialShapeName, ShapeType: e.material.ShapeType,
				Form: shapes.Shape{Type: shapes.Type(e.material.ShapeType)}.Form(),
			})
		}
		jo := NestableJobOperation{
			Operation: e.op, ItemNumber: items[e.op.ItemID].Number, QuantityRemaining: operationRemaining(e.op),
			Material: e.material,
		}
		if h, ok := holders[e.op.ID]; ok {
			jo.WorkOrder = &h
			// Nested only by the nest of the work-order operation holding it now: a part left
			// in the nest of an operation of a deleted work order nests nothing.
			jo.Nested = slices.Contains(parts[e.op.ID], h.OperationID)
		}
		groups[i].JobOperations = append(groups[i].JobOperations, jo)
	}
	for i := range groups {
		// Earliest job start first (undated last); otherwise the order read.
		slices.SortStableFunc(groups[i].JobOperations, func(a, b NestableJobOperation) int {
			return compareDates(a.Operation.JobStartDate, b.Operation.JobStartDate)
		})
	}
	return groups, nil
}

// consumedBy reports whether input material m is consumed at job operation op: tied to it,
// or tied to no operation and op is its item to make's first operation by sequence (where
// untied stock is taken, so that it is nested once, not at every operation).
func consumedBy(m routing.InputMaterial, op jobs.OpenJobOperation) bool {
	if m.RoutingOperationID == nil {
		return op.FirstOfItemToMake
	}
	return *m.RoutingOperationID == op.ID
}

// operationRemaining is what op still has to do: its item to make's quantity less the
// operation's quantity completed, never below 0.
func operationRemaining(op jobs.OpenJobOperation) dec.Decimal {
	r := op.ItemToMakeQuantity.Sub(op.QuantityCompleted.Decimal)
	if r.IsNegative() {
		return dec.Zero
	}
	return dec.Decimal{Decimal: r}
}

// filterGroups applies f: first the group filters (operations, shapes, forms, existing
// nests, judged on every job operation of the group), then the job operation filters
// (needNesting, search), then it drops the groups left empty, sums each group over the job
// operations it keeps, and applies earliestStartOnOrBefore to those sums.
func filterGroups(groups []NestableGroup, f NestableFilter) []NestableGroup {
	out := []NestableGroup{}
	var search string
	if f.Search != nil {
		search = strings.ToLower(*f.Search)
	}
	for _, g := range groups {
		if len(f.OperationIDs) > 0 && !slices.Contains(f.OperationIDs, g.OperationID) ||
			len(f.MaterialShapeIDs) > 0 && !slices.Contains(f.MaterialShapeIDs, g.MaterialShapeID) ||
			len(f.MaterialForms) > 0 && !slices.Contains(f.MaterialForms, g.Form) {
			continue
		}
		if f.ExistingNests != nil && *f.ExistingNests != slices.ContainsFunc(g.JobOperations, func(jo NestableJobOperation) bool { return jo.Nested }) {
			continue
		}
		kept := []NestableJobOperation{}
		for _, jo := range g.JobOperations {
			if f.NeedNesting != nil && *f.NeedNesting == jo.Nested {
				continue
			}
			if f.Search != nil && !matchesSearch(g, jo, search) {
				continue
			}
			kept = append(kept, jo)
		}
		if len(kept) == 0 {
			continue
		}
		g.JobOperations = kept
		sumGroup(&g)
		if f.EarliestStartOnOrBefore != nil && (g.EarliestStartDate == nil || g.EarliestStartDate.After(*f.EarliestStartOnOrBefore)) {
			continue
		}
		out = append(out, g)
	}
	return out
}

// matchesSearch reports whether lowered text is in jo's job number, job name, item number or
// operation name, or in g's material shape name, case-insensitively.
func matchesSearch(g NestableGroup, jo NestableJobOperation, lowered string) bool {
	texts := []string{strconv.FormatInt(jo.Operation.JobNumber, 10), jo.ItemNumber, jo.Operation.Operation.Name, g.MaterialShapeName}
	if jo.Operation.JobName != nil {
		texts = append(texts, *jo.Operation.JobName)
	}
	for _, t := range texts {
		if strings.Contains(strings.ToLower(t), lowered) {
			return true
		}
	}
	return false
}

// sumGroup computes g's earliest start date, quantity remaining and nested count over its
// job operations, each job operation once (one listed per material counts once).
func sumGroup(g *NestableGroup) {
	g.EarliestStartDate, g.QuantityRemaining, g.NestedCount = nil, dec.Zero, 0
	counted := map[string]bool{}
	for _, jo := range g.JobOperations {
		if d := jo.Operation.JobStartDate; d != nil && (g.EarliestStartDate == nil || d.Before(*g.EarliestStartDate)) {
			g.EarliestStartDate = d
		}
		if counted[jo.Operation.ID] {
			continue
		}
		counted[jo.Operation.ID] = true
		g.QuantityRemaining = dec.Decimal{Decimal: g.QuantityRemaining.Add(jo.QuantityRemaining.Decimal)}
		if jo.Nested {
			g.NestedCount++
		}
	}
}

// compareDates orders days ascending with nil (undated) last, as SQL orders NULLs.
func compareDates(a, b *time.Time) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	return a.Compare(*b)
}

// compareGroups orders two groups by the comparison field (a value of nestableSortFields or
// a member of the tie-break).
func compareGroups(field string, a, b NestableGroup) int {
	switch field {
	case "earliestStartDate":
		return compareDates(a.EarliestStartDate, b.EarliestStartDate)
	case "operationName":
		return strings.Compare(a.OperationName, b.OperationName)
	case "materialShapeName":
		return strings.Compare(a.MaterialShapeName, b.MaterialShapeName)
	case "quantityRemaining":
		return a.QuantityRemaining.Cmp(b.QuantityRemaining.Decimal)
	case "nestedCount":
		return a.NestedCount - b.NestedCount
	case "operationId":
		return strings.Compare(a.OperationID, b.OperationID)
	}
	return strings.Compare(a.MaterialShapeID, b.MaterialShapeID)
}

// sortGroups orders groups as page says: its resolved "field DIR, …" terms, each reversed
// when descending (so undated groups come first descending, as NULLs do in SQL).
func sortGroups(groups []NestableGroup, page listing.Page) {
	terms := strings.Split(page.OrderBy, ", ")
	slices.SortStableFunc(groups, func(a, b NestableGroup) int {
		for _, term := range terms {
			field, dir, _ := strings.Cut(term, " ")
			c := compareGroups(field, a, b)
			if dir == "DESC" {
				c = -c
			}
			if c != 0 {
				return c
			}
		}
		return 0
	})
}
