package nesting

import (
	"context"
	"fmt"
	"slices"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/production/workorders"
	"mos/internal/stock/inventory"
)

// NestingSetup answers the nest of operation operationID of work order workOrderID; a
// missing, deleted or other tenant's work order, or an operation not its own, is NotFound.
func (s *Service) NestingSetup(ctx context.Context, tenantID, workOrderID, operationID string) (Nest, error) {
	var out Nest
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		_, op, err := s.deps.WorkOrders.OperationOf(ctx, q, tenantID, workOrderID, operationID, false)
		if err != nil {
			return err
		}
		out, err = s.readNest(ctx, q, tenantID, workOrderID, op)
		return err
	})
	return out, err
}

// readNest reads the nest of work-order operation op and names its parts' job operations.
func (s *Service) readNest(ctx context.Context, q db.Q, tenantID, workOrderID string, op workorders.Operation) (Nest, error) {
	n, err := s.nests.nest(ctx, q, tenantID, op.ID)
	if err != nil {
		return Nest{}, err
	}
	n.WorkOrderID = workOrderID
	grouped := groupedByID(op)
	for i, p := range n.Parts {
		if p.JobOperationID == nil {
			continue
		}
		// A part names a job operation the work-order operation groups (checked on replace);
		// its job, item to make and item never change.
		if j, ok := grouped[*p.JobOperationID]; ok {
			n.Parts[i].JobID, n.Parts[i].ItemToMakeID, n.Parts[i].ItemID = &j.JobID, &j.ItemToMakeID, &j.ItemID
		}
	}
	return n, nil
}

func groupedByID(op workorders.Operation) map[string]workorders.JobOperation {
	out := make(map[string]workorders.JobOperation, len(op.JobOperations))
	for _, j := range op.JobOperations {
		out[j.JobOperationID] = j
	}
	return out
}

// CreateNests is the work orders' grouping hook: every operation of a new work order gets
// its empty nest in the create's transaction, so that its nesting setup has a version from
// the start.
func (s *Service) CreateNests(ctx context.Context, q db.Q, tenantID, workOrderID string, _ []string) error {
	opIDs, err := s.deps.WorkOrders.OperationIDs(ctx, q, tenantID, workOrderID)
	if err != nil {
		return err
	}
	return s.nests.insertNests(ctx, q, tenantID, workOrderID, opIDs)
}

// ReplaceNestingSetup replaces the nest of operation operationID of work order workOrderID
// with w, in one transaction with the work order locked, and answers the nest as stored with
// its validation issues. A nest with sheet runs (completed repetitions, posted inventory or
// recorded scrap) is a conflict.
func (s *Service) ReplaceNestingSetup(ctx context.Context, tenantID, workOrderID, operationID string, w NestWrite) (Nest, []ValidationIssue, error) {
	fields := apperr.Fields{}
	w.NestingFile = fields.OptionalText("nestingFile", w.NestingFile, maxNestingFile)
	checkLinks(fields, w)
	if err := fields.Err(); err != nil {
		return Nest{}, nil, err
	}
	var out Nest
	var issues []ValidationIssue
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.nests.lockNest(ctx, q, tenantID, workOrderID, operationID); err != nil {
			return err
		}
		_, op, err := s.deps.WorkOrders.OperationOf(ctx, q, tenantID, workOrderID, operationID, true)
		if err != nil {
			return err
		}
		grouped := groupedByID(op)
		for i, p := range w.Parts {
			if p.JobOperationID != nil {
				if _, ok := grouped[*p.JobOperationID]; !ok {
					fields.Add(fmt.Sprintf("parts.%d.jobOperationId", i), "is not a job operation of work-order operation %s", operationID)
				}
			}
		}
		if err := s.checkMaterials(ctx, q, tenantID, fields, w.Plates); err != nil {
			return err
		}
		if err := fields.Err(); err != nil {
			return err
		}
		done, err := s.nests.worked(ctx, q, tenantID, operationID)
		if err != nil {
			return err
		}
		if err := refuseWorked(done); err != nil {
			return err
		}
		parts, plates, placements, unplaced := nestRows(w)
		if err := s.nests.replace(ctx, q, tenantID, workOrderID, operationID, w, parts, plates, placements, unplaced); err != nil {
			return err
		}
		if out, err = s.readNest(ctx, q, tenantID, workOrderID, op); err != nil {
			return err
		}
		issues = validationIssues(out, grouped)
		return nil
	})
	return out, issues, err
}

// checkLinks checks what a replace's members say of each other: part numbers unique,
// placements and unplaced parts naming parts, areas within their parts' bounds.
func checkLinks(fields apperr.Fields, w NestWrite) {
	numbers := make(map[string]bool, len(w.Parts))
	for i, p := range w.Parts {
		if numbers[p.PartNumber] {
			fields.Add(fmt.Sprintf("parts.%d.partNumber", i), "%q is the partNumber of an earlier part: part numbers link placements to parts, so each names one part", p.PartNumber)
		}
		numbers[p.PartNumber] = true
		if p.Area != nil && p.Area.GreaterThan(p.Width.Mul(p.Length.Decimal)) {
			fields.Add(fmt.Sprintf("parts.%d.area", i), "is more than width × length (%s)", p.Width.Mul(p.Length.Decimal))
		}
	}
	for i, pl := range w.Plates {
		for j, at := range pl.Placements {
			if !numbers[at.PartNumber] {
				fields.Add(fmt.Sprintf("plates.%d.placements.%d.partNumber", i, j), "names no part of the nest (%q)", at.PartNumber)
			}
		}
	}
	for i, u := range w.Unplaced {
		if !numbers[u.PartNumber] {
			fields.Add(fmt.Sprintf("unplacedParts.%d.partNumber", i), "names no part of the nest (%q)", u.PartNumber)
		}
	}
}

// checkMaterials checks that the plates' stock items are the tenant's items.
func (s *Service) checkMaterials(ctx context.Context, q db.Q, tenantID string, fields apperr.Fields, plates []PlateWrite) error {
	var itemIDs []string
	for _, p := range plates {
		if p.MaterialItemID != nil {
			itemIDs = append(itemIDs, *p.MaterialItemID)
		}
	}
	slices.Sort(itemIDs)
	known, err := s.deps.Items.ItemNames(ctx, q, tenantID, slices.Compact(itemIDs))
	if err != nil {
		return err
	}
	for i, p := range plates {
		if p.MaterialItemID != nil {
			if _, ok := known[*p.MaterialItemID]; !ok {
				fields.Add(fmt.Sprintf("plates.%d.materialItemId", i), "names no item of the tenant (%s)", *p.MaterialItemID)
			}
		}
	}
	return nil
}

// refuseWorked refuses to replace a nest the shop floor has worked on: its runs belong to
// the plates and parts they were recorded against.
func refuseWorked(w worked) error {
	switch {
	case w.Repetitions > 0:
		return apperr.Conflict("the nest has %d completed sheet repetitions: it can no longer be replaced", w.Repetitions)
	case w.Picks > 0:
		return apperr.Conflict("the nest has posted inventory (%d material picks): it can no longer be replaced", w.Picks)
	case w.Scrapped.IsPositive():
		return apperr.Conflict("the nest has recorded scrap (%s parts): it can no longer be replaced", w.Scrapped)
	}
	return nil
}

// nestRows turns a replace into the rows it stores, with new ids and positions as sent.
func nestRows(w NestWrite) ([]partRow, []plateRow, []placementRow, []unplacedRow) {
	parts := make([]partRow, len(w.Parts))
	for i, p := range w.Parts {
		parts[i] = partRow{ID: ids.NewSub(), Position: i + 1, PartNumber: p.PartNumber, JobOperationID: p.JobOperationID,
			Description: p.Description, Width: p.Width, Length: p.Length, Area: p.Area}
	}
	plates := make([]plateRow, len(w.Plates))
	var placements []placementRow
	for i, p := range w.Plates {
		plates[i] = plateRow{ID: ids.NewSub(), Position: i + 1, MaterialItemID: p.MaterialItemID, Material: p.Material,
			Thickness: p.Thickness, Width: p.Width, Length: p.Length, Count: p.Count, MachineTimeSeconds: p.MachineTimeSeconds}
		for j, at := range p.Placements {
			placements = append(placements, placementRow{PlateID: plates[i].ID, Position: j + 1, PartNumber: at.PartNumber,
				Quantity: at.Quantity, X: at.X, Y: at.Y, Rotation: at.Rotation})
		}
	}
	unplaced := make([]unplacedRow, len(w.Unplaced))
	for i, u := range w.Unplaced {
		unplaced[i] = unplacedRow{Position: i + 1, PartNumber: u.PartNumber, Quantity: u.Quantity}
	}
	return parts, plates, placements, unplaced
}

// RecordSheetRun records run r against the nest of operation operationID of work order
// workOrderID, in one transaction with the work order locked, and answers the nest: the
// plate's completed repetitions, a consume pick of its stock item, scrap on the parts' job
// operations (through their areas, in the same transaction).
func (s *Service) RecordSheetRun(ctx context.Context, t Tenant, workOrderID, operationID string, r SheetRunCreate) (Nest, error) {
	fields := apperr.Fields{}
	for i := range r.Scrap {
		r.Scrap[i].Reason = fields.OptionalText(fmt.Sprintf("scrap.%d.reason", i), r.Scrap[i].Reason, maxScrapReason)
	}
	if r.Repetitions == 0 && r.Pick == nil && len(r.Scrap) == 0 {
		fields.Add("repetitions", "is 0 and the run picks and scraps nothing: a run records at least one of them")
	}
	if err := fields.Err(); err != nil {
		return Nest{}, err
	}
	var userID *string
	if t.UserID != "" {
		userID = &t.UserID
	}
	var out Nest
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.nests.lockNest(ctx, q, t.ID, workOrderID, operationID); err != nil {
			return err
		}
		w, op, err := s.deps.WorkOrders.OperationOf(ctx, q, t.ID, workOrderID, operationID, true)
		if err != nil {
			return err
		}
		if w.Status == workorders.StatusComplete || w.Status == workorders.StatusCancelled {
			return apperr.Field("status", "the work order is %s: no more sheet runs are recorded on it", w.Status)
		}
		n, err := s.readNest(ctx, q, t.ID, workOrderID, op)
		if err != nil {
			return err
		}
		plate, ok := plateOf(n, r.PlateID)
		if !ok {
			return apperr.Field("plateId", "is not a plate of the nest (%s)", r.PlateID)
		}
		if int64(plate.CompletedRepetitions)+int64(r.Repetitions) > int64(plate.Count) {
			return apperr.Field("repetitions", "would complete %d of the plate's %d repetitions (%d are complete)",
				int64(plate.CompletedRepetitions)+int64(r.Repetitions), plate.Count, plate.CompletedRepetitions)
		}
		run := SheetRun{ID: ids.NewSub(), PlateID: plate.ID, Repetitions: r.Repetitions, UserID: userID}
		partIDs, scrapped, err := s.scrapParts(ctx, q, t.ID, n, op, r.Scrap, userID, &run)
		if err != nil {
			return err
		}
		if r.Pick != nil {
			eventID, err := s.pickSheets(ctx, q, t.ID, w, op, plate, r, userID)
			if err != nil {
				return err
			}
			run.InventoryEventID = &eventID
		}
		if err := s.nests.recordRun(ctx, q, t.ID, operationID, run, partIDs, scrapped); err != nil {
			return err
		}
		out, err = s.readNest(ctx, q, t.ID, workOrderID, op)
		return err
	})
	return out, err
}

func plateOf(n Nest, id string) (Plate, bool) {
	for _, p := range n.Plates {
		if p.ID == id {
			return p, true
		}
	}
	return Plate{}, false
}

// scrapParts records a run's scrap on the parts' job operations and answers the parts'
// ids with the quantities to add to them; run.QuantityScrapped sums them.
func (s *Service) scrapParts(ctx context.Context, q db.Q, tenantID string, n Nest, op workorders.Operation, scrap []SheetRunScrap,
	userID *string, run *SheetRun) ([]string, []string, error) {
	byNumber := make(map[string]Part, len(n.Parts))
	for _, p := range n.Parts {
		byNumber[p.PartNumber] = p
	}
	grouped := groupedByID(op)
	var partIDs, quantities []string
	for i, sc := range scrap {
		field := fmt.Sprintf("scrap.%d", i)
		p, ok := byNumber[sc.PartNumber]
		if !ok {
			return nil, nil, apperr.Field(field+".partNumber", "names no part of the nest (%q)", sc.PartNumber)
		}
		if p.JobOperationID == nil {
			return nil, nil, apperr.Field(field+".partNumber", "%q is a filler part: it has no job operation to record scrap on", sc.PartNumber)
		}
		j := grouped[*p.JobOperationID]
		if err := s.deps.Jobs.ScrapIn(ctx, q, tenantID, j.JobID, j.ItemToMakeID, j.JobOperationID, sc.Quantity, sc.Reason, userID); err != nil {
			return nil, nil, apperr.Prefixed(err, field+".")
		}
		partIDs = append(partIDs, p.ID)
		quantities = append(quantities, sc.Quantity.String())
		run.QuantityScrapped = dec.Decimal{Decimal: run.QuantityScrapped.Add(sc.Quantity.Decimal)}
	}
	return partIDs, quantities, nil
}

// pickSheets takes the run's sheets (the plate's stock item) out of inventory with the
// work-order operation as the pick's source, and answers the pick event's id.
func (s *Service) pickSheets(ctx context.Context, q db.Q, tenantID string, w workorders.WorkOrder, op workorders.Operation, plate Plate,
	r SheetRunCreate, userID *string) (string, error) {
	if plate.MaterialItemID == nil {
		return "", apperr.Field("materialPick", "the plate names no materialItemId: there is no stock item to pick")
	}
	quantity := dec.FromInt(int64(r.Repetitions))
	if r.Pick.Quantity != nil {
		quantity = *r.Pick.Quantity
	}
	if !quantity.IsPositive() {
		return "", apperr.Field("materialPick.quantity", "is needed when the run completes no repetitions")
	}
	srcType, name, entity := "workOrderOperation", fmt.Sprintf("Work order %d, operation %d", w.Number, op.Sequence), op.ID
	ev, err := s.deps.Stock.PickIn(ctx, q, tenantID, inventoryPick(*plate.MaterialItemID, quantity, r.Pick, srcType, name, entity, userID))
	if err != nil {
		return "", apperr.Prefixed(err, "materialPick.")
	}
	return ev.ID, nil
}

// inventoryPick is a sheet run's consume pick of a plate's stock item.
func inventoryPick(itemID string, quantity dec.Decimal, p *SheetRunPick, srcType, name, entityID string, userID *string) inventory.Pick {
	return inventory.Pick{ItemID: itemID, SecondaryType: "consume", Quantity: quantity, LotID: p.LotID, LocationID: p.LocationID,
		Source: inventory.Source{Type: &srcType, Name: &name, EntityID: &entityID}, UserID: userID}
}
