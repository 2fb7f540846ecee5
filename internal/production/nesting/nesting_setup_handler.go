package nesting

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/dec"
	"mos/internal/platform/utctime"
)

// Versioned declares nests for conditional requests (ETag, If-Match): a nest's answer shows
// only its own rows and the never-changing job, item to make and item of its parts' job
// operations, so its version is the nest row's.
func (h *NestingHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "nests",
		Key:        map[string]string{"work_order_id": "workOrderId", "work_order_operation_id": "workOrderOperationId"},
		Operations: []string{"getNestingSetup", "replaceNestingSetup"}}}
}

func (h *NestingHandler) GetNestingSetup(ctx context.Context, req gen.GetNestingSetupRequestObject) (gen.GetNestingSetupResponseObject, error) {
	n, err := h.svc.NestingSetup(ctx, auth.TenantID(ctx), req.WorkOrderId, req.WorkOrderOperationId)
	if err != nil {
		return nil, err
	}
	return gen.GetNestingSetup200JSONResponse{Body: nestToAPI(n)}, nil
}

func (h *NestingHandler) ReplaceNestingSetup(ctx context.Context, req gen.ReplaceNestingSetupRequestObject) (gen.ReplaceNestingSetupResponseObject, error) {
	n, issues, err := h.svc.ReplaceNestingSetup(ctx, auth.TenantID(ctx), req.WorkOrderId, req.WorkOrderOperationId, nestWriteFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	a := nestToAPI(n)
	out := gen.NestingSetupReplaced{
		WorkOrderId: a.WorkOrderId, WorkOrderOperationId: a.WorkOrderOperationId, IsNested: a.IsNested, DimensionUnit: a.DimensionUnit,
		NestingFile: a.NestingFile, MachineTimeSeconds: a.MachineTimeSeconds, SheetCount: a.SheetCount,
		CompletedSheetCount: a.CompletedSheetCount, UtilisationPercent: a.UtilisationPercent, Parts: a.Parts, Plates: a.Plates,
		UnplacedParts: a.UnplacedParts, SheetRuns: a.SheetRuns, ModifiedUtc: a.ModifiedUtc,
		ValidationIssues: make([]gen.NestValidationIssue, len(issues)),
	}
	for i, is := range issues {
		out.ValidationIssues[i] = gen.NestValidationIssue{Code: gen.NestValidationIssueCode(is.Code), Path: is.Path, PartNumber: is.PartNumber, Message: is.Message}
	}
	return gen.ReplaceNestingSetup200JSONResponse{Body: out}, nil
}

func (h *NestingHandler) RecordNestSheetRun(ctx context.Context, req gen.RecordNestSheetRunRequestObject) (gen.RecordNestSheetRunResponseObject, error) {
	b := req.Body
	r := SheetRunCreate{PlateID: b.PlateId, Repetitions: b.Repetitions}
	if b.MaterialPick != nil {
		r.Pick = &SheetRunPick{Quantity: b.MaterialPick.Quantity, LocationID: b.MaterialPick.LocationId, LotID: b.MaterialPick.LotId}
	}
	if b.Scrap != nil {
		for _, sc := range *b.Scrap {
			r.Scrap = append(r.Scrap, SheetRunScrap{PartNumber: sc.PartNumber, Quantity: sc.Quantity, Reason: sc.Reason})
		}
	}
	p := auth.From(ctx)
	n, err := h.svc.RecordSheetRun(ctx, Tenant{ID: p.TenantID, UserID: p.UserID}, req.WorkOrderId, req.WorkOrderOperationId, r)
	if err != nil {
		return nil, err
	}
	return gen.RecordNestSheetRun200JSONResponse(nestToAPI(n)), nil
}

func nestWriteFromAPI(b gen.NestingSetupWrite) NestWrite {
	w := NestWrite{DimensionUnit: "inch", NestingFile: b.NestingFile}
	if b.DimensionUnit != nil {
		w.DimensionUnit = string(*b.DimensionUnit)
	}
	for _, p := range b.Parts {
		w.Parts = append(w.Parts, PartWrite{PartNumber: p.PartNumber, JobOperationID: p.JobOperationId, Description: p.Description,
			Width: p.Width, Length: p.Length, Area: p.Area})
	}
	for _, p := range b.Plates {
		pl := PlateWrite{MaterialItemID: p.MaterialItemId, Material: p.Material, Thickness: p.Thickness, Width: p.Width, Length: p.Length,
			Count: p.Count}
		if p.MachineTimeSeconds != nil {
			pl.MachineTimeSeconds = *p.MachineTimeSeconds
		}
		if p.Placements != nil {
			for _, at := range *p.Placements {
				placement := Placement{PartNumber: at.PartNumber, Quantity: at.Quantity, X: at.X, Y: at.Y}
				if at.Rotation != nil {
					placement.Rotation = *at.Rotation
				}
				pl.Placements = append(pl.Placements, placement)
			}
		}
		w.Plates = append(w.Plates, pl)
	}
	if b.UnplacedParts != nil {
		for _, u := range *b.UnplacedParts {
			w.Unplaced = append(w.Unplaced, Unplaced{PartNumber: u.PartNumber, Quantity: u.Quantity})
		}
	}
	return w
}

func nestToAPI(n Nest) gen.NestingSetup {
	out := gen.NestingSetup{
		WorkOrderId: n.WorkOrderID, WorkOrderOperationId: n.WorkOrderOperationID, IsNested: n.IsNested(),
		DimensionUnit: gen.NestDimensionUnit(n.DimensionUnit), NestingFile: n.NestingFile, ModifiedUtc: utctime.From(n.ModifiedUtc),
		Parts: make([]gen.NestPart, len(n.Parts)), Plates: make([]gen.NestPlate, len(n.Plates)),
		UnplacedParts: make([]gen.NestUnplacedPart, len(n.Unplaced)), SheetRuns: make([]gen.NestSheetRun, len(n.Runs)),
	}
	placed, unplaced := placedQuantities(n), map[string]int64{}
	for i, u := range n.Unplaced {
		unplaced[u.PartNumber] += int64(u.Quantity)
		out.UnplacedParts[i] = gen.NestUnplacedPart{PartNumber: u.PartNumber, Quantity: u.Quantity}
	}
	parts := make(map[string]Part, len(n.Parts))
	for i, p := range n.Parts {
		parts[p.PartNumber] = p
		out.Parts[i] = gen.NestPart{
			Id: p.ID, PartNumber: p.PartNumber, JobOperationId: p.JobOperationID, JobId: p.JobID, ItemToMakeId: p.ItemToMakeID,
			ItemId: p.ItemID, Description: p.Description, Width: p.Width, Length: p.Length, Area: p.EffectiveArea(),
			QuantityPlaced: placed[p.PartNumber], QuantityUnplaced: unplaced[p.PartNumber], QuantityScrapped: p.QuantityScrapped,
		}
	}
	placedTotal, plateTotal := dec.Zero, dec.Zero
	for i, pl := range n.Plates {
		covered := placedArea(pl, parts)
		count := dec.FromInt(int64(pl.Count))
		placedTotal = dec.Decimal{Decimal: placedTotal.Add(covered.Mul(count.Decimal))}
		plateTotal = dec.Decimal{Decimal: plateTotal.Add(pl.Area().Mul(count.Decimal))}
		out.MachineTimeSeconds += pl.MachineTimeSeconds * int64(pl.Count)
		out.SheetCount += int64(pl.Count)
		out.CompletedSheetCount += int64(pl.CompletedRepetitions)
		a := gen.NestPlate{
			Id: pl.ID, MaterialItemId: pl.MaterialItemID, Material: pl.Material, Thickness: pl.Thickness, Width: pl.Width, Length: pl.Length,
			Count: pl.Count, MachineTimeSeconds: pl.MachineTimeSeconds, CompletedRepetitions: pl.CompletedRepetitions,
			UtilisationPercent: *utilisation(covered, pl.Area()), Placements: make([]gen.NestPlacement, len(pl.Placements)),
		}
		for j, at := range pl.Placements {
			a.Placements[j] = gen.NestPlacement{PartNumber: at.PartNumber, Quantity: at.Quantity, X: at.X, Y: at.Y, Rotation: at.Rotation}
		}
		out.Plates[i] = a
	}
	out.UtilisationPercent = utilisation(placedTotal, plateTotal)
	for i, r := range n.Runs {
		out.SheetRuns[i] = gen.NestSheetRun{Id: r.ID, PlateId: r.PlateID, Repetitions: r.Repetitions, InventoryEventId: r.InventoryEventID,
			QuantityScrapped: r.QuantityScrapped, UserId: r.UserID, RecordedUtc: utctime.From(r.RecordedUtc)}
	}
	return out
}
