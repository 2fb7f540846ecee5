package receipts

import (
	"context"
	"net/http"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/platform/web"
)

// ReceiptsHandler serves /api/receiving/receipts and their lines.
type ReceiptsHandler struct {
	svc *Service
	// receiptTarget and lineTarget are the full-update schemas a patched receipt or line
	// must satisfy; read-only members are not in them, so patch paths naming them answer 400.
	receiptTarget, lineTarget *patch.Target
}

// NewHandler returns the receipts handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *ReceiptsHandler {
	return &ReceiptsHandler{svc: svc, receiptTarget: patch.NewTarget(spec, "ReceiptWrite"), lineTarget: patch.NewTarget(spec, "ReceiptLineItemWrite")}
}

// Versioned declares receipts and their lines for conditional requests (ETag, If-Match).
func (h *ReceiptsHandler) Versioned() []conditional.Record {
	return []conditional.Record{
		{Table: "receipts", Key: map[string]string{"id": "receiptId"},
			Operations: []string{"getReceipt", "updateReceipt", "patchReceipt"}},
		{Table: "receipt_lines", Key: map[string]string{"id": "lineId", "receipt_id": "receiptId"},
			Operations: []string{"getReceiptLine", "updateReceiptLine", "patchReceiptLine", "deleteReceiptLine"}},
	}
}

func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, Timezone: p.TenantTimezone}
}

func (h *ReceiptsHandler) CreateReceipt(ctx context.Context, req gen.CreateReceiptRequestObject) (gen.CreateReceiptResponseObject, error) {
	b := req.Body
	fields := apperr.Fields{}
	c := ReceiptCreate{
		PurchaseOrderID: b.PurchaseOrderId, SalesOrderID: b.SalesOrderId, Notes: b.Notes,
		ReceivedDate: calendardate.Field(fields, "receivedDate", b.ReceivedDate),
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
	return gen.CreateReceipt200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func lineCreateFromAPI(l gen.ReceiptLineItemCreate) LineCreate {
	c := LineCreate{
		Type: (*LineType)(l.LineItemType), PurchaseOrderLineID: l.PurchaseOrderLineItemId, SalesOrderLineID: l.SalesOrderLineItemId,
		Name: l.Name, Quantity: l.Quantity, LocationID: l.LocationId, LotID: l.LotId, LotNumber: l.LotNumber,
		UnitCost: l.UnitCost, UnitTax: l.UnitTax, Notes: l.Notes,
	}
	if l.HoldForInspection != nil {
		c.HoldForInspection = *l.HoldForInspection
	}
	return c
}

func receiptToAPI(r Receipt) gen.Receipt {
	return gen.Receipt{
		Id: r.ID, Number: r.Number, PurchaseOrderId: r.PurchaseOrderID, SalesOrderId: r.SalesOrderID, ReceivedDate: utctime.From(r.ReceivedDate),
		Notes: r.Notes, ExternalReferences: r.ExternalReferences, CustomFields: r.CustomFields,
		AccountingHeld: r.AccountingHeldUtc != nil, AccountingHeldUtc: utctime.Ptr(r.AccountingHeldUtc),
		CreatedUtc: utctime.From(r.CreatedUtc), ModifiedUtc: utctime.From(r.ModifiedUtc),
	}
}

func (h *ReceiptsHandler) GetReceipt(ctx context.Context, req gen.GetReceiptRequestObject) (gen.GetReceiptResponseObject, error) {
	r, err := h.svc.Get(ctx, auth.TenantID(ctx), req.ReceiptId)
	if err != nil {
		return nil, err
	}
	return gen.GetReceipt200JSONResponse{Body: receiptToAPI(r)}, nil
}

// receiptWriteFromAPI parses a full-update body (or a patched read shape).
func receiptWriteFromAPI(b gen.ReceiptWrite) (ReceiptWrite, error) {
	fields := apperr.Fields{}
	w := ReceiptWrite{Notes: b.Notes, ReceivedDate: calendardate.Field(fields, "receivedDate", b.ReceivedDate)}
	if b.ExternalReferences != nil {
		w.ExternalReferences = *b.ExternalReferences
	}
	if b.CustomFields != nil {
		w.CustomFields = *b.CustomFields
	}
	w.ReleaseHold = b.AccountingHeld != nil && !*b.AccountingHeld
	return w, fields.Err()
}

func (h *ReceiptsHandler) UpdateReceipt(ctx context.Context, req gen.UpdateReceiptRequestObject) (gen.UpdateReceiptResponseObject, error) {
	w, err := receiptWriteFromAPI(*req.Body)
	if err != nil {
		return nil, err
	}
	r, err := h.svc.Update(ctx, tenantOf(ctx), req.ReceiptId, w)
	if err != nil {
		return nil, err
	}
	return gen.UpdateReceipt200JSONResponse{Body: receiptToAPI(r)}, nil
}

// PatchReceipt applies the patch to the receipt's read shape inside the service's
// transaction, then saves the result through the full-update rules.
func (h *ReceiptsHandler) PatchReceipt(ctx context.Context, req gen.PatchReceiptRequestObject) (gen.PatchReceiptResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	r, err := h.svc.Patch(ctx, tenantOf(ctx), req.ReceiptId, patch.Change(h.receiptTarget, ops, receiptToAPI, receiptWriteFromAPI))
	if err != nil {
		return nil, err
	}
	return gen.PatchReceipt200JSONResponse{Body: receiptToAPI(r)}, nil
}

func (h *ReceiptsHandler) ListReceipts(ctx context.Context, req gen.ListReceiptsRequestObject) (gen.ListReceiptsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		fields := apperr.Fields{}
		f = Filter{IDs: listing.Values(b.Ids), Numbers: listing.Values(b.Numbers), PurchaseOrderIDs: listing.Values(b.PurchaseOrderIds), SalesOrderIDs: listing.Values(b.SalesOrderIds)}
		f.ReceivedDateFrom = calendardate.Field(fields, "receivedDateFrom", b.ReceivedDateFrom)
		f.ReceivedDateTo = calendardate.Field(fields, "receivedDateTo", b.ReceivedDateTo)
		if err := fields.Err(); err != nil {
			return nil, err
		}
	}
	p := req.Params
	cur, err := h.svc.Stream(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return receiptStream{Records: cur, ToAPI: receiptToAPI}, nil
}

// receiptStream answers a list of receipts as they are read.
type receiptStream web.JSONArray[Receipt, gen.Receipt]

func (s receiptStream) VisitListReceiptsResponse(w http.ResponseWriter) error {
	return web.JSONArray[Receipt, gen.Receipt](s).Write(w)
}
