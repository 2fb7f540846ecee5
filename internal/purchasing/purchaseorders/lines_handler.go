package purchaseorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/shared/doclines"
)

// partLineRecord and opLineRecord declare the order's lines for conditional requests.
var (
	partLineRecord = conditional.Record{
		Table: "purchase_order_part_lines", Key: map[string]string{"id": "lineItemId", "purchase_order_id": "purchaseOrderId"},
		Operations: []string{"getPurchaseOrderPartLine", "updatePurchaseOrderPartLine", "patchPurchaseOrderPartLine", "deletePurchaseOrderPartLine"},
	}
	opLineRecord = conditional.Record{
		Table: "purchase_order_outside_processing_lines", Key: map[string]string{"id": "lineItemId", "purchase_order_id": "purchaseOrderId"},
		Operations: []string{"getPurchaseOrderOutsideProcessingLine", "updatePurchaseOrderOutsideProcessingLine",
			"patchPurchaseOrderOutsideProcessingLine", "deletePurchaseOrderOutsideProcessingLine"},
	}
)

// lineWriteFromAPI reads the members both line kinds' write bodies share.
func lineWriteFromAPI(fields apperr.Fields, quantity dec.Decimal, unit *string, price *dec.Decimal, d *gen.LineDiscount,
	taxable *bool, taxRateID *string, due *gen.CalendarDate, notes *string, cf *gen.CustomFields) LineWrite {
	w := LineWrite{Quantity: quantity, UnitName: unit, UnitPrice: price, IsTaxable: taxable, TaxRateID: taxRateID, Notes: notes}
	if d != nil {
		w.Discount = &doclines.Discount{Percentage: d.IsPercentage, Value: d.Value}
	}
	if cf != nil {
		w.CustomFields = map[string]any(*cf)
		if w.CustomFields == nil {
			w.CustomFields = map[string]any{}
		}
	}
	w.DueDate = calendardate.Field(fields, "dueDate", due)
	return w
}

// discountToAPI is a line's discount as answers show it; nil: none.
func discountToAPI(d *doclines.Discount) *gen.LineDiscount {
	if d == nil {
		return nil
	}
	return &gen.LineDiscount{IsPercentage: d.Percentage, Value: d.Value}
}

// lineFilterOf is a line list's filter from its body's members (nil: no clause).
func lineFilterOf(ids, itemIDs, jobOperationIDs *[]string) LineFilter {
	var f LineFilter
	for _, m := range []struct {
		from *[]string
		to   *[]string
	}{{ids, &f.IDs}, {itemIDs, &f.ItemIDs}, {jobOperationIDs, &f.JobOperationIDs}} {
		if m.from != nil {
			*m.to = *m.from
		}
	}
	return f
}

// mapLines answers each line of list in its answer shape.
func mapLines[L, A any](list []L, toAPI func(L) A) []A {
	out := make([]A, len(list))
	for i, l := range list {
		out[i] = toAPI(l)
	}
	return out
}

func patchOps(body *gen.JsonPatch) []patch.Operation {
	var ops []patch.Operation
	if body != nil {
		for _, op := range *body {
			ops = append(ops, patch.Operation{Op: string(op.Op), Path: op.Path, From: op.From, Value: op.Value})
		}
	}
	return ops
}

func listRequest(sortField *gen.SortField, sortDir *gen.SortDir, skip *gen.Skip, take *gen.Take) listing.Request {
	return listing.Request{SortField: sortField, SortDir: (*string)(sortDir), Skip: skip, Take: take}
}

func taxAllocationsToAPI(list []TaxAllocation) gen.PurchaseOrderTaxAllocations {
	out := gen.PurchaseOrderTaxAllocations{Items: make([]gen.PurchaseOrderTaxAllocation, len(list))}
	for i, a := range list {
		out.Items[i] = gen.PurchaseOrderTaxAllocation{
			TaxLineId: a.TaxLineID, TaxRateId: a.TaxRateID, Name: a.Name, Rate: a.Rate, TaxedAmount: a.TaxedAmount, Amount: a.Amount,
		}
	}
	return out
}

// Part lines.

func (h *PurchaseOrdersHandler) CreatePurchaseOrderPartLine(ctx context.Context, req gen.CreatePurchaseOrderPartLineRequestObject) (gen.CreatePurchaseOrderPartLineResponseObject, error) {
	w, err := partLineWriteFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	id, err := h.svc.CreatePartLine(ctx, auth.TenantID(ctx), req.PurchaseOrderId, w)
	if err != nil {
		return nil, err
	}
	return gen.CreatePurchaseOrderPartLine200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *PurchaseOrdersHandler) ListPurchaseOrderPartLines(ctx context.Context, req gen.ListPurchaseOrderPartLinesRequestObject) (gen.ListPurchaseOrderPartLinesResponseObject, error) {
	var f LineFilter
	if b := req.Body; b != nil {
		f = lineFilterOf(b.Ids, b.ItemIds, nil)
	}
	p := req.Params
	list, err := h.svc.PartLines(ctx, auth.TenantID(ctx), req.PurchaseOrderId, f, listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	return gen.ListPurchaseOrderPartLines200JSONResponse(mapLines(list, partLineToAPI)), nil
}

func (h *PurchaseOrdersHandler) GetPurchaseOrderPartLine(ctx context.Context, req gen.GetPurchaseOrderPartLineRequestObject) (gen.GetPurchaseOrderPartLineResponseObject, error) {
	l, err := h.svc.PartLine(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetPurchaseOrderPartLine200JSONResponse{Body: partLineToAPI(l)}, nil
}

func (h *PurchaseOrdersHandler) UpdatePurchaseOrderPartLine(ctx context.Context, req gen.UpdatePurchaseOrderPartLineRequestObject) (gen.UpdatePurchaseOrderPartLineResponseObject, error) {
	w, err := partLineWriteFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	l, err := h.svc.UpdatePartLine(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId, w)
	if err != nil {
		return nil, err
	}
	return gen.UpdatePurchaseOrderPartLine200JSONResponse{Body: partLineToAPI(l)}, nil
}

// PatchPurchaseOrderPartLine applies the patch to the line's members as the write shape names
// them, then saves the result through the full-update rules. A patch that does not touch
// description or vendorItemNumber keeps the line's (even none), and one that changes the
// quantity or the unit without touching inventoryUnitQuantity derives it again.
func (h *PurchaseOrdersHandler) PatchPurchaseOrderPartLine(ctx context.Context, req gen.PatchPurchaseOrderPartLineRequestObject) (gen.PatchPurchaseOrderPartLineResponseObject, error) {
	ops := patchOps(req.Body)
	l, err := h.svc.PatchPartLine(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId, func(current PartLine) (PartLineWrite, error) {
		var b gen.PurchaseOrderPartLineItemWrite
		if err := h.partLineTarget.ApplyInto(partLineToAPI(current), ops, &b); err != nil {
			return PartLineWrite{}, err
		}
		w, err := partLineWriteFromAPI(b)
		if err != nil {
			return PartLineWrite{}, err
		}
		none := ""
		if !patch.Paths(ops, "description") && current.Description == nil {
			w.Description = &none
		}
		if !patch.Paths(ops, "vendorItemNumber") && current.VendorItemNumber == nil {
			w.VendorItemNumber = &none
		}
		if !patch.Paths(ops, "inventoryUnitQuantity") && (patch.Paths(ops, "quantity") || patch.Paths(ops, "unitOfMeasureName") || patch.Paths(ops, "itemId")) {
			w.InventoryQuantity = nil
		}
		return w, nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchPurchaseOrderPartLine200JSONResponse{Body: partLineToAPI(l)}, nil
}

func (h *PurchaseOrdersHandler) DeletePurchaseOrderPartLine(ctx context.Context, req gen.DeletePurchaseOrderPartLineRequestObject) (gen.DeletePurchaseOrderPartLineResponseObject, error) {
	deleted, err := h.svc.DeletePartLine(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeletePurchaseOrderPartLine204Response{}, nil
	}
	return gen.DeletePurchaseOrderPartLine200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *PurchaseOrdersHandler) GetPurchaseOrderPartLineTaxAllocations(ctx context.Context, req gen.GetPurchaseOrderPartLineTaxAllocationsRequestObject) (gen.GetPurchaseOrderPartLineTaxAllocationsResponseObject, error) {
	list, err := h.svc.PartLineTaxAllocations(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetPurchaseOrderPartLineTaxAllocations200JSONResponse(taxAllocationsToAPI(list)), nil
}

func partLineWriteFromAPI(b gen.PurchaseOrderPartLineItemWrite) (PartLineWrite, error) {
	fields := apperr.Fields{}
	w := PartLineWrite{
		LineWrite: lineWriteFromAPI(fields, b.Quantity, b.UnitOfMeasureName, b.UnitPrice, b.Discount, b.IsTaxable, b.TaxRateId,
			b.DueDate, b.Notes, b.CustomFields),
		ItemID: b.ItemId, VendorItemNumber: b.VendorItemNumber, Description: b.Description, InventoryQuantity: b.InventoryUnitQuantity,
	}
	return w, fields.Err()
}

func partLineToAPI(l PartLine) gen.PurchaseOrderPartLineItem {
	return gen.PurchaseOrderPartLineItem{
		Id: l.ID, PurchaseOrderId: l.PurchaseOrderID, LineNumber: l.LineNumber, ItemId: l.ItemID,
		Item:             gen.DocumentLineItemRef{Id: l.Item.ID, Number: l.Item.Number, Revision: l.Item.Revision, Description: l.Item.Description},
		VendorItemNumber: l.VendorItemNumber, Description: l.Description, Quantity: l.Quantity,
		UnitOfMeasureName: l.UnitName, InventoryUnitQuantity: l.InventoryQuantity, UnitPrice: l.UnitPrice,
		Discount: discountToAPI(l.Discount), IsTaxable: l.IsTaxable, TaxRateId: l.TaxRateID, TaxRate: l.TaxRate,
		DueDate: utctime.Ptr(l.DueDate), Notes: l.Notes, CustomFields: gen.CustomFields(l.CustomFields),
		ReceivedQuantity: l.ReceivedQuantity, PreDiscountSubTotal: l.Amounts.PreDiscountSubTotal,
		DiscountAmount: l.Amounts.DiscountAmount, SubTotal: l.Amounts.SubTotal, Tax: l.Amounts.Tax,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}

// Outside-processing lines.

func (h *PurchaseOrdersHandler) CreatePurchaseOrderOutsideProcessingLine(ctx context.Context, req gen.CreatePurchaseOrderOutsideProcessingLineRequestObject) (gen.CreatePurchaseOrderOutsideProcessingLineResponseObject, error) {
	w, err := opLineWriteFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	id, err := h.svc.CreateOutsideProcessingLine(ctx, auth.TenantID(ctx), req.PurchaseOrderId, w)
	if err != nil {
		return nil, err
	}
	return gen.CreatePurchaseOrderOutsideProcessingLine200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *PurchaseOrdersHandler) ListPurchaseOrderOutsideProcessingLines(ctx context.Context, req gen.ListPurchaseOrderOutsideProcessingLinesRequestObject) (gen.ListPurchaseOrderOutsideProcessingLinesResponseObject, error) {
	var f LineFilter
	if b := req.Body; b != nil {
		f = lineFilterOf(b.Ids, b.ItemIds, b.JobOperationIds)
	}
	p := req.Params
	list, err := h.svc.OutsideProcessingLines(ctx, auth.TenantID(ctx), req.PurchaseOrderId, f, listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	return gen.ListPurchaseOrderOutsideProcessingLines200JSONResponse(mapLines(list, opLineToAPI)), nil
}

func (h *PurchaseOrdersHandler) GetPurchaseOrderOutsideProcessingLine(ctx context.Context, req gen.GetPurchaseOrderOutsideProcessingLineRequestObject) (gen.GetPurchaseOrderOutsideProcessingLineResponseObject, error) {
	l, err := h.svc.OutsideProcessingLine(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetPurchaseOrderOutsideProcessingLine200JSONResponse{Body: opLineToAPI(l)}, nil
}

func (h *PurchaseOrdersHandler) UpdatePurchaseOrderOutsideProcessingLine(ctx context.Context, req gen.UpdatePurchaseOrderOutsideProcessingLineRequestObject) (gen.UpdatePurchaseOrderOutsideProcessingLineResponseObject, error) {
	w, err := opLineWriteFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	l, err := h.svc.UpdateOutsideProcessingLine(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId, w)
	if err != nil {
		return nil, err
	}
	return gen.UpdatePurchaseOrderOutsideProcessingLine200JSONResponse{Body: opLineToAPI(l)}, nil
}

// PatchPurchaseOrderOutsideProcessingLine applies the patch to the line's members as the
// write shape names them, then saves the result through the full-update rules.
func (h *PurchaseOrdersHandler) PatchPurchaseOrderOutsideProcessingLine(ctx context.Context, req gen.PatchPurchaseOrderOutsideProcessingLineRequestObject) (gen.PatchPurchaseOrderOutsideProcessingLineResponseObject, error) {
	ops := patchOps(req.Body)
	l, err := h.svc.PatchOutsideProcessingLine(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId, func(current OutsideProcessingLine) (OutsideProcessingLineWrite, error) {
		var b gen.PurchaseOrderOutsideProcessingLineItemWrite
		if err := h.opLineTarget.ApplyInto(opLineToAPI(current), ops, &b); err != nil {
			return OutsideProcessingLineWrite{}, err
		}
		return opLineWriteFromAPI(b)
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchPurchaseOrderOutsideProcessingLine200JSONResponse{Body: opLineToAPI(l)}, nil
}

func (h *PurchaseOrdersHandler) DeletePurchaseOrderOutsideProcessingLine(ctx context.Context, req gen.DeletePurchaseOrderOutsideProcessingLineRequestObject) (gen.DeletePurchaseOrderOutsideProcessingLineResponseObject, error) {
	deleted, err := h.svc.DeleteOutsideProcessingLine(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeletePurchaseOrderOutsideProcessingLine204Response{}, nil
	}
	return gen.DeletePurchaseOrderOutsideProcessingLine200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *PurchaseOrdersHandler) GetPurchaseOrderOutsideProcessingLineTaxAllocations(ctx context.Context, req gen.GetPurchaseOrderOutsideProcessingLineTaxAllocationsRequestObject) (gen.GetPurchaseOrderOutsideProcessingLineTaxAllocationsResponseObject, error) {
	list, err := h.svc.OutsideProcessingLineTaxAllocations(ctx, auth.TenantID(ctx), req.PurchaseOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetPurchaseOrderOutsideProcessingLineTaxAllocations200JSONResponse(taxAllocationsToAPI(list)), nil
}

func opLineWriteFromAPI(b gen.PurchaseOrderOutsideProcessingLineItemWrite) (OutsideProcessingLineWrite, error) {
	fields := apperr.Fields{}
	price := b.UnitPrice
	w := OutsideProcessingLineWrite{
		LineWrite: lineWriteFromAPI(fields, b.Quantity, b.UnitOfMeasureName, &price, b.Discount, b.IsTaxable, b.TaxRateId,
			b.DueDate, b.Notes, b.CustomFields),
		JobOperationID: b.JobOperationId, ItemID: b.ItemId, Description: b.Description,
	}
	return w, fields.Err()
}

func opLineToAPI(l OutsideProcessingLine) gen.PurchaseOrderOutsideProcessingLineItem {
	return gen.PurchaseOrderOutsideProcessingLineItem{
		Id: l.ID, PurchaseOrderId: l.PurchaseOrderID, LineNumber: l.LineNumber, JobOperationId: l.JobOperationID,
		ItemId: l.ItemID, Description: l.Description, Quantity: l.Quantity, UnitOfMeasureName: l.UnitName, UnitPrice: l.UnitPrice,
		Discount: discountToAPI(l.Discount), IsTaxable: l.IsTaxable, TaxRateId: l.TaxRateID, TaxRate: l.TaxRate,
		DueDate: utctime.Ptr(l.DueDate), Notes: l.Notes, CustomFields: gen.CustomFields(l.CustomFields),
		ReceivedQuantity: l.ReceivedQuantity, PreDiscountSubTotal: l.Amounts.PreDiscountSubTotal,
		DiscountAmount: l.Amounts.DiscountAmount, SubTotal: l.Amounts.SubTotal, Tax: l.Amounts.Tax,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
