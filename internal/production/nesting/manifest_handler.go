package nesting

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/utctime"
)

func (h *NestingHandler) GetWorkPackageManifest(ctx context.Context, req gen.GetWorkPackageManifestRequestObject) (gen.GetWorkPackageManifestResponseObject, error) {
	var entries []ManifestEntry
	if req.Body != nil {
		entries = make([]ManifestEntry, len(req.Body.JobOperations))
		for i, e := range req.Body.JobOperations {
			entries[i] = ManifestEntry{JobID: e.JobId, JobOperationID: e.JobOperationId, ItemToMakeID: e.ItemToMakeId}
		}
	}
	m, err := h.svc.WorkPackageManifest(ctx, auth.TenantID(ctx), entries)
	if err != nil {
		return nil, err
	}
	return gen.GetWorkPackageManifest200JSONResponse(manifestToAPI(m)), nil
}

func manifestToAPI(m Manifest) gen.WorkPackageManifest {
	out := gen.WorkPackageManifest{
		Items:   make([]gen.WorkPackageManifestItem, len(m.Items)),
		Skipped: make([]gen.WorkPackageManifestSkipped, len(m.Skipped)),
		Totals:  make([]gen.WorkPackageManifestTotal, len(m.Totals)),
	}
	for i, it := range m.Items {
		out.Items[i] = manifestItemToAPI(it)
	}
	for i, s := range m.Skipped {
		out.Skipped[i] = gen.WorkPackageManifestSkipped{
			Index: int32(s.Index), JobId: s.Entry.JobID, JobOperationId: s.Entry.JobOperationID,
			ItemToMakeId: s.Entry.ItemToMakeID, Reason: gen.WorkPackageManifestSkipReason(s.Reason),
		}
	}
	for i, t := range m.Totals {
		out.Totals[i] = gen.WorkPackageManifestTotal{
			MaterialShape: gen.WorkPackageManifestShape{Id: t.MaterialShapeID, Name: t.MaterialShapeName, ShapeType: gen.MaterialShapeType(t.ShapeType)},
			MaterialName:  t.MaterialName, StockItemId: t.StockItemID, StockItemNumber: t.StockItemNumber,
			BlanksNeeded: t.BlanksNeeded, TotalLength: t.TotalLength, TotalArea: t.TotalArea,
		}
	}
	return out
}

func manifestItemToAPI(it ManifestItem) gen.WorkPackageManifestItem {
	op := it.Operation
	sysOp := ""
	if op.Operation.OperationID != nil {
		sysOp = *op.Operation.OperationID
	}
	out := gen.WorkPackageManifestItem{
		Index: int32(it.Index),
		Job:   gen.WorkPackageManifestJob{Id: op.JobID, Number: op.JobNumber, Name: op.JobName},
		ItemToMake: gen.WorkPackageManifestItemToMake{
			Id: op.ItemToMakeID, ItemId: op.ItemID, ItemNumber: it.ItemNumber,
			Quantity: op.ItemToMakeQuantity, QuantityMade: op.ItemToMakeQuantityMade, QuantityRemaining: it.Remaining,
			DueDate: utctime.Ptr(op.ItemToMakeDueDate),
		},
		Operation: gen.WorkPackageManifestOperation{
			Id: op.ID, Name: op.Operation.Name, SystemOperationId: sysOp, WorkCenterId: op.Operation.WorkCenterID,
		},
		Materials: make([]gen.WorkPackageManifestMaterial, len(it.Materials)),
	}
	for i, m := range it.Materials {
		mat := gen.WorkPackageManifestMaterial{
			InputMaterialId: m.ID,
			MaterialShape:   gen.WorkPackageManifestShape{Id: m.MaterialShapeID, Name: m.MaterialShapeName, ShapeType: gen.MaterialShapeType(m.ShapeType)},
			MaterialName:    m.MaterialName, StockItemId: m.ItemID, StockItemNumber: m.ItemNumber,
			BlankLength: m.BlankLength, BlankWidth: m.BlankWidth, PiecesPerBlank: m.PiecesPerBlank,
			BlanksNeeded: m.BlanksNeeded, TotalLength: m.TotalLength, TotalArea: m.TotalArea,
			Nestings: make([]gen.WorkPackageManifestNesting, len(m.Nestings)),
		}
		for k, n := range m.Nestings {
			mat.Nestings[k] = gen.WorkPackageManifestNesting{
				Id: n.ID, Name: n.Name, StockLength: n.StockLength, StockWidth: n.StockWidth,
				BlanksPerStock: n.BlanksPerStock, StockPiecesNeeded: n.StockPiecesNeeded,
			}
		}
		out.Materials[i] = mat
	}
	return out
}
