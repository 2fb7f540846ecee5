package salesorders

import (
	"context"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
)

// blanketLineRecord declares a sales order's blanket lines for conditional requests. Its answer
// shows its released part lines, so its ETag follows them too.
var blanketLineRecord = conditional.Record{
	Table: "sales_order_blanket_lines", Key: map[string]string{"id": "lineItemId", "sales_order_id": "salesOrderId"},
	Shows: blanketShowsSQL,
	Operations: []string{"getSalesOrderBlanketLine", "updateSalesOrderBlanketLine", "patchSalesOrderBlanketLine",
		"deleteSalesOrderBlanketLine"},
}

func (h *SalesOrdersHandler) CreateSalesOrderBlanketLine(ctx context.Context, req gen.CreateSalesOrderBlanketLineRequestObject) (gen.CreateSalesOrderBlanketLineResponseObject, error) {
	w, err := blanketLineWriteFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	id, err := h.svc.CreateBlanketLine(ctx, auth.TenantID(ctx), req.SalesOrderId, w)
	if err != nil {
		return nil, err
	}
	return gen.CreateSalesOrderBlanketLine200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *SalesOrdersHandler) ListSalesOrderBlanketLines(ctx context.Context, req gen.ListSalesOrderBlanketLinesRequestObject) (gen.ListSalesOrderBlanketLinesResponseObject, error) {
	var f BlanketLineFilter
	if b := req.Body; b != nil {
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
		if b.ItemIds != nil {
			f.ItemIDs = *b.ItemIds
		}
	}
	p := req.Params
	list, err := h.svc.BlanketLines(ctx, auth.TenantID(ctx), req.SalesOrderId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListSalesOrderBlanketLines200JSONResponse, len(list))
	for i, l := range list {
		out[i] = blanketLineToAPI(l)
	}
	return out, nil
}

func (h *SalesOrdersHandler) GetSalesOrderBlanketLine(ctx context.Context, req gen.GetSalesOrderBlanketLineRequestObject) (gen.GetSalesOrderBlanketLineResponseObject, error) {
	l, err := h.svc.BlanketLine(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetSalesOrderBlanketLine200JSONResponse{Body: blanketLineToAPI(l)}, nil
}

func (h *SalesOrdersHandler) UpdateSalesOrderBlanketLine(ctx context.Context, req gen.UpdateSalesOrderBlanketLineRequestObject) (gen.UpdateSalesOrderBlanketLineResponseObject, error) {
	w, err := blanketLineWriteFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	l, err := h.svc.UpdateBlanketLine(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId, w)
	if err != nil {
		return nil, err
	}
	return gen.UpdateSalesOrderBlanketLine200JSONResponse{Body: blanketLineToAPI(l)}, nil
}

// PatchSalesOrderBlanketLine applies the patch to the line's members as the write shape names
// them, inside the service's transaction, then saves the result through the full-update
// rules. A patch that does not touch description keeps the line's (the write shape's null
// would take the item's).
func (h *SalesOrdersHandler) PatchSalesOrderBlanketLine(ctx context.Context, req gen.PatchSalesOrderBlanketLineRequestObject) (gen.PatchSalesOrderBlanketLineResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	target := patch.NewTarget(h.spec, "SalesOrderBlanketLineItemWrite")
	l, err := h.svc.PatchBlanketLine(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId, func(current BlanketLine) (BlanketLineWrite, error) {
		var b gen.SalesOrderBlanketLineItemWrite
		if err := target.ApplyInto(blanketLineToAPI(current), ops, &b); err != nil {
			return BlanketLineWrite{}, err
		}
		w, err := blanketLineWriteFromAPI(b)
		if err != nil {
			return BlanketLineWrite{}, err
		}
		if !patch.Paths(ops, "description") && current.Description == nil {
			none := ""
			w.Description = &none
		}
		return w, nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchSalesOrderBlanketLine200JSONResponse{Body: blanketLineToAPI(l)}, nil
}

func (h *SalesOrdersHandler) DeleteSalesOrderBlanketLine(ctx context.Context, req gen.DeleteSalesOrderBlanketLineRequestObject) (gen.DeleteSalesOrderBlanketLineResponseObject, error) {
	deleted, err := h.svc.DeleteBlanketLine(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteSalesOrderBlanketLine204Response{}, nil
	}
	return gen.DeleteSalesOrderBlanketLine200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

// ReleaseSalesOrderBlanketLine releases part of the blanket line into a new part line and
// answers it (201).
func (h *SalesOrdersHandler) ReleaseSalesOrderBlanketLine(ctx context.Context, req gen.ReleaseSalesOrderBlanketLineRequestObject) (gen.ReleaseSalesOrderBlanketLineResponseObject, error) {
	b := *req.Body
	fields := apperr.Fields{}
	r := BlanketRelease{Quantity: b.Quantity, UnitPrice: b.UnitPrice, Notes: b.Notes,
		DeliveryDate: calendardate.Field(fields, "deliveryDate", b.DeliveryDate)}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	l, err := h.svc.ReleaseBlanketLine(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId, r)
	if err != nil {
		return nil, err
	}
	return gen.ReleaseSalesOrderBlanketLine200JSONResponse(partLineToAPI(l)), nil
}

// blanketLineWriteFromAPI reads a create or full-update body; omitted and null members stay
// nil; the calendar dates keep the date as written.
func blanketLineWriteFromAPI(b gen.SalesOrderBlanketLineItemWrite) (BlanketLineWrite, error) {
	fields := apperr.Fields{}
	w := BlanketLineWrite{
		ItemID: b.ItemId, LineNumber: b.LineNumber, Description: b.Description, Quantity: b.Quantity,
		UnitName: b.UnitOfMeasureName, UnitPrice: b.UnitPrice, Notes: b.Notes,
		StartDate: calendardate.Field(fields, "startDate", b.StartDate),
		EndDate:   calendardate.Field(fields, "endDate", b.EndDate),
	}
	return w, fields.Err()
}

func blanketLineToAPI(l BlanketLine) gen.SalesOrderBlanketLineItem {
	return gen.SalesOrderBlanketLineItem{
		Id: l.ID, SalesOrderId: l.SalesOrderID, LineNumber: l.LineNumber, ItemId: l.ItemID,
		Item:        gen.DocumentLineItemRef{Id: l.Item.ID, Number: l.Item.Number, Revision: l.Item.Revision, Description: l.Item.Description},
		Description: l.Description, Quantity: l.Quantity, UnitOfMeasureName: l.UnitName, UnitPrice: l.UnitPrice,
		StartDate: utctime.Ptr(l.StartDate), EndDate: utctime.Ptr(l.EndDate), Notes: l.Notes,
		ReleasedQuantity: l.ReleasedQuantity, RemainingQuantity: l.RemainingQuantity(),
		ReleasedPartLineItemIds: l.ReleasedPartLineIDs,
		CreatedUtc:              utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}
