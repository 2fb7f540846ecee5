package salesorders

import (
	"context"
	"fmt"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/sales/partlines"
	"mos/internal/shared/doclines"
	"mos/internal/stock/items"
	"mos/internal/stock/routing"
)

// partLineRecord declares a sales order's part lines for conditional requests.
var partLineRecord = conditional.Record{
	Table: "sales_order_part_lines", Key: map[string]string{"id": "lineItemId", "sales_order_id": "salesOrderId"},
	Operations: []string{"getSalesOrderPartLine", "updateSalesOrderPartLine", "patchSalesOrderPartLine", "deleteSalesOrderPartLine",
		"replaceSalesOrderPartLineCustomFields", "replaceSalesOrderPartLineCustomFieldsDeprecated"},
}

func (h *SalesOrdersHandler) CreateSalesOrderPartLine(ctx context.Context, req gen.CreateSalesOrderPartLineRequestObject) (gen.CreateSalesOrderPartLineResponseObject, error) {
	w, err := partLineWriteFromAPI(*req.Body, "")
	if err != nil {
		return nil, err
	}
	id, err := h.svc.CreatePartLine(ctx, auth.TenantID(ctx), req.SalesOrderId, w)
	if err != nil {
		return nil, err
	}
	return gen.CreateSalesOrderPartLine200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *SalesOrdersHandler) CreateSalesOrderPartLines(ctx context.Context, req gen.CreateSalesOrderPartLinesRequestObject) (gen.CreateSalesOrderPartLinesResponseObject, error) {
	ws := make([]PartLineWrite, len(req.Body.PartLineItems))
	fields := apperr.Fields{}
	for i, b := range req.Body.PartLineItems {
		w, err := partLineWriteFromAPI(b, fmt.Sprintf("partLineItems.%d", i))
		if e, ok := apperr.As(err); ok && len(e.Fields) > 0 {
			fields.Merge("", e.Fields)
		} else if err != nil {
			return nil, err
		}
		ws[i] = w
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	created, err := h.svc.CreatePartLines(ctx, auth.TenantID(ctx), req.SalesOrderId, ws)
	if err != nil {
		return nil, err
	}
	return gen.CreateSalesOrderPartLines200JSONResponse{Ids: created}, nil
}

func (h *SalesOrdersHandler) ListSalesOrderPartLines(ctx context.Context, req gen.ListSalesOrderPartLinesRequestObject) (gen.ListSalesOrderPartLinesResponseObject, error) {
	var f PartLineFilter
	if b := req.Body; b != nil {
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
		if b.ItemIds != nil {
			f.ItemIDs = *b.ItemIds
		}
	}
	p := req.Params
	list, err := h.svc.PartLines(ctx, auth.TenantID(ctx), req.SalesOrderId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListSalesOrderPartLines200JSONResponse, len(list))
	for i, l := range list {
		out[i] = partLineToAPI(l)
	}
	return out, nil
}

func (h *SalesOrdersHandler) GetSalesOrderPartLine(ctx context.Context, req gen.GetSalesOrderPartLineRequestObject) (gen.GetSalesOrderPartLineResponseObject, error) {
	l, err := h.svc.PartLine(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetSalesOrderPartLine200JSONResponse{Body: partLineToAPI(l)}, nil
}

func (h *SalesOrdersHandler) UpdateSalesOrderPartLine(ctx context.Context, req gen.UpdateSalesOrderPartLineRequestObject) (gen.UpdateSalesOrderPartLineResponseObject, error) {
	w, err := partLineWriteFromAPI(*req.Body, "")
	if err != nil {
		return nil, err
	}
	l, err := h.svc.UpdatePartLine(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId, w)
	if err != nil {
		return nil, err
	}
	return gen.UpdateSalesOrderPartLine200JSONResponse{Body: partLineToAPI(l)}, nil
}

// PatchSalesOrderPartLine applies the patch to the line's members as the write shape names
// them, inside the service's transaction, then saves the result through the full-update
// rules. A patch that does not touch pricingScheme does not re-price the line, and one that
// does not touch description keeps the line's (the write shape's null would take the item's).
func (h *SalesOrdersHandler) PatchSalesOrderPartLine(ctx context.Context, req gen.PatchSalesOrderPartLineRequestObject) (gen.PatchSalesOrderPartLineResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	target := patch.NewTarget(h.spec, "SalesOrderPartLineItemWrite")
	l, err := h.svc.PatchPartLine(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId, func(current PartLine) (PartLineWrite, error) {
		var b gen.SalesOrderPartLineItemWrite
		if err := target.ApplyInto(partLineToAPI(current), ops, &b); err != nil {
			return PartLineWrite{}, err
		}
		w, err := partLineWriteFromAPI(b, "")
		if err != nil {
			return PartLineWrite{}, err
		}
		if !patch.Paths(ops, "pricingScheme") {
			w.PricingScheme = nil
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
	return gen.PatchSalesOrderPartLine200JSONResponse{Body: partLineToAPI(l)}, nil
}

func (h *SalesOrdersHandler) DeleteSalesOrderPartLine(ctx context.Context, req gen.DeleteSalesOrderPartLineRequestObject) (gen.DeleteSalesOrderPartLineResponseObject, error) {
	deleted, err := h.svc.DeletePartLine(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteSalesOrderPartLine204Response{}, nil
	}
	return gen.DeleteSalesOrderPartLine200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *SalesOrdersHandler) ReplaceSalesOrderPartLineCustomFields(ctx context.Context, req gen.ReplaceSalesOrderPartLineCustomFieldsRequestObject) (gen.ReplaceSalesOrderPartLineCustomFieldsResponseObject, error) {
	l, err := h.svc.ReplacePartLineCustomFields(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId, map[string]any(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.ReplaceSalesOrderPartLineCustomFields200JSONResponse{Body: partLineToAPI(l)}, nil
}

// ReplaceSalesOrderPartLineCustomFieldsDeprecated is ReplaceSalesOrderPartLineCustomFields at
// its older path.
func (h *SalesOrdersHandler) ReplaceSalesOrderPartLineCustomFieldsDeprecated(ctx context.Context, req gen.ReplaceSalesOrderPartLineCustomFieldsDeprecatedRequestObject) (gen.ReplaceSalesOrderPartLineCustomFieldsDeprecatedResponseObject, error) {
	l, err := h.svc.ReplacePartLineCustomFields(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId, map[string]any(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.ReplaceSalesOrderPartLineCustomFieldsDeprecated200JSONResponse{Body: partLineToAPI(l)}, nil
}

func (h *SalesOrdersHandler) GetSalesOrderPartLineCostBreakdown(ctx context.Context, req gen.GetSalesOrderPartLineCostBreakdownRequestObject) (gen.GetSalesOrderPartLineCostBreakdownResponseObject, error) {
	c, err := h.svc.LineCostBreakdown(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	b := c.CostBreakdown
	return gen.GetSalesOrderPartLineCostBreakdown200JSONResponse{
		SalesOrderId: c.SalesOrderID, LineItemId: c.LineID, ItemId: c.ItemID, Quantity: b.Quantity,
		CalculatedOn:   utctime.From(b.CalculatedOn),
		Time:           gen.CostBreakdownTime{Labor: b.LaborHours, Machine: b.MachineHours, Setup: b.SetupHours},
		CumulativeCost: items.CostObjectsToAPI(b.Cumulative, b.Quantity), ItemCost: items.CostObjectsToAPI(b.ItemLevel, b.Quantity),
	}, nil
}

func (h *SalesOrdersHandler) GetSalesOrderPartLineMakeSummary(ctx context.Context, req gen.GetSalesOrderPartLineMakeSummaryRequestObject) (gen.GetSalesOrderPartLineMakeSummaryResponseObject, error) {
	s, err := h.svc.LineMakeSummary(ctx, auth.TenantID(ctx), req.SalesOrderId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	lists := routing.SummaryListsToAPI(s)
	return gen.GetSalesOrderPartLineMakeSummary200JSONResponse{
		SalesOrderId: req.SalesOrderId, LineItemId: req.LineItemId, ItemId: s.ItemID, Quantity: s.Quantity,
		MadeItems: lists.MadeItems, BoughtItems: lists.BoughtItems, Materials: lists.Materials, Operations: lists.Operations,
		TotalSetupMinutes: s.TotalSetupMinutes, TotalRunMinutes: s.TotalRunMinutes,
	}, nil
}

// partLineWriteFromAPI reads a create or full-update body; omitted and null members stay nil.
// prefix names the line in a batch's errors (partLineItems.N), empty otherwise.
func partLineWriteFromAPI(b gen.SalesOrderPartLineItemWrite, prefix string) (PartLineWrite, error) {
	w := PartLineWrite{Write: partlines.Write{
		ItemID: b.ItemId, LineNumber: b.LineNumber, Description: b.Description, Quantity: b.Quantity,
		UnitName: b.UnitOfMeasureName, UnitPrice: b.UnitPrice, Margin: b.Margin, IsTaxable: b.IsTaxable,
		TaxRateID: b.TaxRateId, LeadTimeDays: b.LeadTimeDays, Notes: b.Notes,
	}}
	if b.PricingScheme != nil {
		s := partlines.PricingScheme(*b.PricingScheme)
		w.PricingScheme = &s
	}
	if b.Discount != nil {
		w.Discount = &doclines.Discount{Percentage: b.Discount.IsPercentage, Value: b.Discount.Value}
	}
	if b.CustomFields != nil {
		w.CustomFields = map[string]any(*b.CustomFields)
		if w.CustomFields == nil {
			w.CustomFields = map[string]any{}
		}
	}
	name := "deliveryDate"
	if prefix != "" {
		name = prefix + "." + name
	}
	fields := apperr.Fields{}
	w.DeliveryDate = calendardate.Field(fields, name, b.DeliveryDate)
	return w, fields.Err()
}

func partLineToAPI(l PartLine) gen.SalesOrderPartLineItem {
	out := gen.SalesOrderPartLineItem{
		Id: l.ID, SalesOrderId: l.SalesOrderID, LineNumber: l.LineNumber, ItemId: l.ItemID,
		Item:        gen.DocumentLineItemRef{Id: l.Item.ID, Number: l.Item.Number, Revision: l.Item.Revision, Description: l.Item.Description},
		Description: l.Description, Quantity: l.Quantity, UnitOfMeasureName: l.UnitName, UnitPrice: l.UnitPrice,
		PricingScheme: gen.PricingScheme(l.PricingScheme), Margin: l.Margin, EstimatedUnitCost: l.EstimatedUnitCost,
		IsTaxable: l.IsTaxable, TaxRateId: l.TaxRateID, TaxRate: l.TaxRate, LeadTimeDays: l.LeadTimeDays,
		DeliveryDate: utctime.Ptr(l.DeliveryDate), Notes: l.Notes,
		CustomFields: gen.CustomFields(l.CustomFields), RoutingId: l.RoutingID,
		QuotePartLineItemId: l.QuotePartLineID, BlanketLineItemId: l.BlanketLineID,
		ShippedQuantity: l.ShippedQuantity, InvoicedQuantity: l.InvoicedQuantity, ReservedQuantity: l.ReservedQuantity,
		PreDiscountSubTotal: l.Amounts.PreDiscountSubTotal, DiscountAmount: l.Amounts.DiscountAmount,
		SubTotal: l.Amounts.SubTotal, DiscountedPrice: l.Amounts.DiscountedPrice,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
	if l.Discount != nil {
		out.Discount = &gen.LineDiscount{IsPercentage: l.Discount.Percentage, Value: l.Discount.Value}
	}
	return out
}
