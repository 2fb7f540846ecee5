package shipments

import (
	"context"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/shared/docaddress"
)

// ShipmentsHandler serves /api/shipments, their lines and the shipping report.
type ShipmentsHandler struct {
	svc *Service
	// target is the full-update schema a patched shipment must satisfy; read-only members
	// are not in it, so patch paths naming them answer 400.
	target *patch.Target
}

// NewHandler returns the shipments handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *ShipmentsHandler {
	return &ShipmentsHandler{svc: svc, target: patch.NewTarget(spec, "ShipmentWrite")}
}

// Versioned declares shipments and their lines for conditional requests (ETag, If-Match).
func (h *ShipmentsHandler) Versioned() []conditional.Record {
	return []conditional.Record{
		{Table: "shipments", Key: map[string]string{"id": "shipmentId"},
			Operations: []string{"getShipment", "updateShipment", "patchShipment", "deleteShipment"}},
		{Table: "shipments", Key: map[string]string{"id": "id"},
			Operations: []string{"replaceShipmentCustomFields"}},
		{Table: "shipment_lines", Key: map[string]string{"id": "lineItemId", "shipment_id": "shipmentId"},
			Operations: []string{"getShipmentLine", "updateShipmentLine", "deleteShipmentLine"}},
	}
}

func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, Timezone: p.TenantTimezone}
}

func (h *ShipmentsHandler) CreateShipment(ctx context.Context, req gen.CreateShipmentRequestObject) (gen.CreateShipmentResponseObject, error) {
	b := req.Body
	fields := apperr.Fields{}
	c := ShipmentCreate{
		SalesOrderID: b.SalesOrderId, Name: b.Name, ShipTo: docaddress.FromAPI(b.ShipTo), ShippingMethodID: b.ShippingMethodId,
		TrackingNumber: b.TrackingNumber, ShippingCost: b.ShippingCost, Notes: b.Notes,
		ShipByDate:          calendardate.Field(fields, "shipByDate", b.ShipByDate),
		ShippedDateOverride: calendardate.Field(fields, "shippedDateOverride", b.ShippedDateOverride),
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	if b.ExternalReferences != nil {
		c.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		c.CustomFields = *b.CustomFields
	}
	for _, l := range b.LineItems {
		c.Lines = append(c.Lines, lineCreateFromAPI(l))
	}
	id, err := h.svc.Create(ctx, tenantOf(ctx), c)
	if err != nil {
		return nil, err
	}
	return gen.CreateShipment200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func lineCreateFromAPI(l gen.ShipmentLineItemCreate) LineCreate {
	c := LineCreate{SalesOrderLineID: l.SalesOrderLineItemId, Quantity: l.Quantity, LocationID: l.LocationId, LotID: l.LotId}
	if l.ExternalReferences != nil {
		c.ExternalReferences = *l.ExternalReferences
	}
	if l.CustomFields != nil {
		c.CustomFields = *l.CustomFields
	}
	return c
}

func shipmentToAPI(s Shipment) gen.Shipment {
	out := gen.Shipment{
		Id: s.ID, Number: s.Number, Name: s.Name, Status: gen.ShipmentStatus(s.Status), SalesOrderId: s.SalesOrderID,
		CustomerId: s.CustomerID, ShipTo: docaddress.ToAPI(s.ShipTo), ShippingMethodId: s.ShippingMethodID,
		TrackingNumber: s.TrackingNumber, ShipByDate: utctime.Ptr(s.ShipByDate), ShippedDate: utctime.Ptr(s.ShippedUtc),
		ShippedDateOverride: utctime.Ptr(s.ShippedDateOverride), ShippingCost: s.ShippingCost, Notes: s.Notes,
		ExternalReferences: s.ExternalReferences, CustomFields: s.CustomFields,
		CreatedUtc: utctime.From(s.CreatedUtc), ModifiedUtc: utctime.From(s.ModifiedUtc),
		LineItems: make([]gen.ShipmentLineItem, len(s.Lines)),
	}
	for i, l := range s.Lines {
		out.LineItems[i] = lineToAPI(l)
	}
	return out
}

func lineToAPI(l Line) gen.ShipmentLineItem {
	return gen.ShipmentLineItem{
		Id: l.ID, ShipmentId: l.ShipmentID, SalesOrderLineItemId: l.SalesOrderLineID, ItemId: l.ItemID, Quantity: l.Quantity,
		InventoryQuantity: l.InventoryQuantity, LocationId: l.LocationID, LotId: l.LotID, CustomFields: l.CustomFields,
		ExternalReferences: l.ExternalReferences, InventoryEventId: l.InventoryEventID,
		CreatedUtc: utctime.From(l.CreatedUtc), ModifiedUtc: utctime.From(l.ModifiedUtc),
	}
}

func (h *ShipmentsHandler) GetShipment(ctx context.Context, req gen.GetShipmentRequestObject) (gen.GetShipmentResponseObject, error) {
	s, err := h.svc.Get(ctx, auth.TenantID(ctx), req.ShipmentId)
	if err != nil {
		return nil, err
	}
	return gen.GetShipment200JSONResponse{Body: shipmentToAPI(s)}, nil
}

// shipmentWriteFromAPI parses a full-update body (or a patched read shape); shippedDate and
// shippingCost are accepted but not applied.
func shipmentWriteFromAPI(b gen.ShipmentWrite) (ShipmentWrite, error) {
	fields := apperr.Fields{}
	w := ShipmentWrite{
		Name: b.Name, ShipTo: docaddress.FromAPI(b.ShipTo), ShippingMethodID: b.ShippingMethodId, TrackingNumber: b.TrackingNumber,
		Notes:               b.Notes,
		ShipByDate:          calendardate.Field(fields, "shipByDate", b.ShipByDate),
		ShippedDateOverride: calendardate.Field(fields, "shippedDateOverride", b.ShippedDateOverride),
	}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	return w, fields.Err()
}

func (h *ShipmentsHandler) UpdateShipment(ctx context.Context, req gen.UpdateShipmentRequestObject) (gen.UpdateShipmentResponseObject, error) {
	w, err := shipmentWriteFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	s, err := h.svc.Update(ctx, tenantOf(ctx), req.ShipmentId, w)
	if err != nil {
		return nil, err
	}
	return gen.UpdateShipment200JSONResponse{Body: shipmentToAPI(s)}, nil
}

// PatchShipment applies the patch to the shipment's read shape inside the service's
// transaction, then saves the result through the full-update rules.
func (h *ShipmentsHandler) PatchShipment(ctx context.Context, req gen.PatchShipmentRequestObject) (gen.PatchShipmentResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	s, err := h.svc.Patch(ctx, tenantOf(ctx), req.ShipmentId, patch.Change(h.target, ops, shipmentToAPI, shipmentWriteFromAPI))
	if err != nil {
		return nil, err
	}
	return gen.PatchShipment200JSONResponse{Body: shipmentToAPI(s)}, nil
}

func (h *ShipmentsHandler) DeleteShipment(ctx context.Context, req gen.DeleteShipmentRequestObject) (gen.DeleteShipmentResponseObject, error) {
	deleted, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.ShipmentId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteShipment204Response{}, nil
	}
	return gen.DeleteShipment200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *ShipmentsHandler) UpdateShipmentStatus(ctx context.Context, req gen.UpdateShipmentStatusRequestObject) (gen.UpdateShipmentStatusResponseObject, error) {
	s, err := h.svc.SetStatus(ctx, tenantOf(ctx), req.ShipmentId, Status(req.Body.Status))
	if err != nil {
		return nil, err
	}
	return gen.UpdateShipmentStatus200JSONResponse(shipmentToAPI(s)), nil
}

func (h *ShipmentsHandler) ReplaceShipmentCustomFields(ctx context.Context, req gen.ReplaceShipmentCustomFieldsRequestObject) (gen.ReplaceShipmentCustomFieldsResponseObject, error) {
	var values map[string]any
	if req.Body != nil {
		values = *req.Body
	}
	s, err := h.svc.ReplaceCustomFields(ctx, tenantOf(ctx), req.Id, values)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceShipmentCustomFields200JSONResponse{Body: shipmentToAPI(s)}, nil
}

func listRequest(sortField *string, sortDir *gen.SortDir, skip *gen.Skip, take *gen.Take) listing.Request {
	return listing.Request{SortField: sortField, SortDir: (*string)(sortDir), Skip: skip, Take: take}
}

// day is a filter's calendar day, or nil.
func day(d *openapi_types.Date) *time.Time {
	if d == nil {
		return nil
	}
	return &d.Time
}

func (h *ShipmentsHandler) ListShipments(ctx context.Context, req gen.ListShipmentsRequestObject) (gen.ListShipmentsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f = Filter{
			IDs: listing.Values(b.Ids), Names: listing.Values(b.Names), SalesOrderIDs: listing.Values(b.SalesOrderIds),
			CustomerIDs:  listing.Values(b.CustomerIds),
			ShipByBefore: day(b.ShipByDateBefore), ShipByAfter: day(b.ShipByDateAfter),
			ShippedBefore: day(b.ShippedDateBefore), ShippedAfter: day(b.ShippedDateAfter),
		}
		for _, s := range listing.Values(b.Statuses) {
			f.Statuses = append(f.Statuses, Status(s))
		}
		if b.ModifiedAfterUtc != nil {
			f.ModifiedAfterUtc = &b.ModifiedAfterUtc.Time
		}
		if r := b.ExternalReference; r != nil {
			f.ExternalReference = &ExternalReferenceFilter{Key: r.Key, Type: r.Type, ExternalID: r.ExternalId}
		}
	}
	p := req.Params
	rows, env, err := h.svc.List(ctx, auth.TenantID(ctx), f, listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := gen.ListShipments200JSONResponse{
		Data: make([]gen.Shipment, len(rows)), Page: env.Page, PageSize: env.PageSize, TotalCount: env.TotalCount,
		TotalPages: env.TotalPages, HasPreviousPage: env.HasPreviousPage, HasNextPage: env.HasNextPage,
	}
	for i, s := range rows {
		out.Data[i] = shipmentToAPI(s)
	}
	return out, nil
}

func (h *ShipmentsHandler) CreateShipmentLine(ctx context.Context, req gen.CreateShipmentLineRequestObject) (gen.CreateShipmentLineResponseObject, error) {
	id, err := h.svc.CreateLine(ctx, auth.TenantID(ctx), req.ShipmentId, lineCreateFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateShipmentLine200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *ShipmentsHandler) GetShipmentLine(ctx context.Context, req gen.GetShipmentLineRequestObject) (gen.GetShipmentLineResponseObject, error) {
	l, err := h.svc.GetLine(ctx, auth.TenantID(ctx), req.ShipmentId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetShipmentLine200JSONResponse{Body: lineToAPI(l)}, nil
}

func (h *ShipmentsHandler) UpdateShipmentLine(ctx context.Context, req gen.UpdateShipmentLineRequestObject) (gen.UpdateShipmentLineResponseObject, error) {
	b := req.Body
	w := LineWrite{Quantity: b.Quantity, LocationID: b.LocationId, LotID: b.LotId}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	l, err := h.svc.UpdateLine(ctx, auth.TenantID(ctx), req.ShipmentId, req.LineItemId, w)
	if err != nil {
		return nil, err
	}
	return gen.UpdateShipmentLine200JSONResponse{Body: lineToAPI(l)}, nil
}

func (h *ShipmentsHandler) DeleteShipmentLine(ctx context.Context, req gen.DeleteShipmentLineRequestObject) (gen.DeleteShipmentLineResponseObject, error) {
	deleted, err := h.svc.DeleteLine(ctx, auth.TenantID(ctx), req.ShipmentId, req.LineItemId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteShipmentLine204Response{}, nil
	}
	return gen.DeleteShipmentLine200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *ShipmentsHandler) ListShipmentLines(ctx context.Context, req gen.ListShipmentLinesRequestObject) (gen.ListShipmentLinesResponseObject, error) {
	var f LineFilter
	if b := req.Body; b != nil {
		f = LineFilter{ShipmentIDs: listing.Values(b.ShipmentIds), SalesOrderIDs: listing.Values(b.SalesOrderIds),
			SalesOrderLineIDs: listing.Values(b.SalesOrderLineItemIds), ItemIDs: listing.Values(b.ItemIds)}
	}
	p := req.Params
	rows, env, err := h.svc.ListLines(ctx, auth.TenantID(ctx), f, listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := gen.ListShipmentLines200JSONResponse{
		Data: make([]gen.ShipmentLineItem, len(rows)), Page: env.Page, PageSize: env.PageSize, TotalCount: env.TotalCount,
		TotalPages: env.TotalPages, HasPreviousPage: env.HasPreviousPage, HasNextPage: env.HasNextPage,
	}
	for i, l := range rows {
		out.Data[i] = lineToAPI(l)
	}
	return out, nil
}

func (h *ShipmentsHandler) ListShippingReport(ctx context.Context, req gen.ListShippingReportRequestObject) (gen.ListShippingReportResponseObject, error) {
	var f ReportFilter
	if b := req.Body; b != nil {
		f = ReportFilter{ShippedFrom: day(b.ShippedFrom), ShippedTo: day(b.ShippedTo), CustomerIDs: listing.Values(b.CustomerIds),
			ItemIDs: listing.Values(b.ItemIds), SalesOrderNumbers: listing.Values(b.SalesOrderNumbers)}
	}
	p := req.Params
	rows, env, err := h.svc.Report(ctx, auth.TenantID(ctx), f, listRequest(p.SortField, p.SortDir, p.Skip, p.Take))
	if err != nil {
		return nil, err
	}
	out := gen.ListShippingReport200JSONResponse{
		Data: make([]gen.ShippingReportRow, len(rows)), Page: env.Page, PageSize: env.PageSize, TotalCount: env.TotalCount,
		TotalPages: env.TotalPages, HasPreviousPage: env.HasPreviousPage, HasNextPage: env.HasNextPage,
	}
	for i, r := range rows {
		var shipped *openapi_types.Date
		if r.ShippedDay != nil {
			shipped = &openapi_types.Date{Time: *r.ShippedDay}
		}
		out.Data[i] = gen.ShippingReportRow{
			Id: r.ID, ShipmentId: r.ShipmentID, ShipmentNumber: r.ShipmentNumber, ShipmentName: r.ShipmentName,
			Status: gen.ShipmentStatus(r.Status), ShippedDate: shipped, SalesOrderId: r.SalesOrderID, SalesOrderNumber: r.SalesOrderNumber,
			Customer: gen.Reference{Id: r.CustomerID, Name: r.CustomerName}, Item: gen.ShippingReportItem{Id: r.ItemID, Number: r.ItemNumber},
			Quantity: r.Quantity, UnitOfMeasureName: r.UnitOfMeasureName, TrackingNumber: r.TrackingNumber,
		}
	}
	return out, nil
}
