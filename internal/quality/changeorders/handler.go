package changeorders

import (
	"context"
	"time"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// ChangeOrdersHandler serves the Change orders operations of the spec (change orders, their
// tasks, dispositions and settings).
type ChangeOrdersHandler struct {
	svc *Service
}

// NewHandler returns the change orders handler.
func NewHandler(svc *Service) *ChangeOrdersHandler { return &ChangeOrdersHandler{svc: svc} }

// Versioned declares change orders, their tasks and the tenant's change order settings for
// conditional requests (ETag, If-Match).
func (h *ChangeOrdersHandler) Versioned() []conditional.Record {
	return []conditional.Record{
		{Table: "change_orders", Key: map[string]string{"id": "changeOrderId"},
			Operations: []string{"getChangeOrder", "updateChangeOrder", "deleteChangeOrder"}},
		{Table: "change_order_tasks", Key: map[string]string{"id": "taskId"},
			Operations: []string{"getChangeOrderTask", "updateChangeOrderTask", "deleteChangeOrderTask"}},
		{Table: "change_order_settings", Operations: []string{"getChangeOrderSettings", "updateChangeOrderSettings"}},
	}
}

func tenantOf(ctx context.Context) Tenant {
	p := auth.From(ctx)
	return Tenant{ID: p.TenantID, UserID: p.UserID, Timezone: p.TenantTimezone}
}

func settingsToAPI(st Settings) gen.ChangeOrderSettings {
	out := gen.ChangeOrderSettings{Enabled: st.Enabled, UpdatesEnabled: st.UpdatesEnabled, NotificationsEnabled: st.NotificationsEnabled,
		TaskTemplate: make([]gen.ChangeOrderTaskTemplateEntry, len(st.TaskTemplate))}
	for i, e := range st.TaskTemplate {
		out.TaskTemplate[i] = gen.ChangeOrderTaskTemplateEntry{Name: e.Name, Description: e.Description, DueInDays: e.DueInDays}
	}
	return out
}

func (h *ChangeOrdersHandler) GetChangeOrderSettings(ctx context.Context, _ gen.GetChangeOrderSettingsRequestObject) (gen.GetChangeOrderSettingsResponseObject, error) {
	st, err := h.svc.Settings(ctx, auth.TenantID(ctx))
	if err != nil {
		return nil, err
	}
	return gen.GetChangeOrderSettings200JSONResponse{Body: settingsToAPI(st)}, nil
}

func (h *ChangeOrdersHandler) UpdateChangeOrderSettings(ctx context.Context, req gen.UpdateChangeOrderSettingsRequestObject) (gen.UpdateChangeOrderSettingsResponseObject, error) {
	b := req.Body
	st := Settings{Enabled: b.Enabled, UpdatesEnabled: b.UpdatesEnabled, NotificationsEnabled: b.NotificationsEnabled}
	for _, e := range b.TaskTemplate {
		st.TaskTemplate = append(st.TaskTemplate, TemplateTask{Name: e.Name, Description: e.Description, DueInDays: e.DueInDays})
	}
	out, err := h.svc.SetSettings(ctx, auth.TenantID(ctx), st)
	if err != nil {
		return nil, err
	}
	return gen.UpdateChangeOrderSettings200JSONResponse{Body: settingsToAPI(out)}, nil
}

func (h *ChangeOrdersHandler) CreateChangeOrderDisposition(ctx context.Context, req gen.CreateChangeOrderDispositionRequestObject) (gen.CreateChangeOrderDispositionResponseObject, error) {
	id, err := h.svc.CreateDisposition(ctx, auth.TenantID(ctx), req.Body.Name)
	if err != nil {
		return nil, err
	}
	return gen.CreateChangeOrderDisposition200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *ChangeOrdersHandler) ListChangeOrderDispositions(ctx context.Context, req gen.ListChangeOrderDispositionsRequestObject) (gen.ListChangeOrderDispositionsResponseObject, error) {
	var idList []string
	if req.Body != nil {
		idList = listing.Values(req.Body.Ids)
	}
	p := req.Params
	rows, err := h.svc.ListDispositions(ctx, auth.TenantID(ctx), idList,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListChangeOrderDispositions200JSONResponse, len(rows))
	for i, d := range rows {
		out[i] = gen.ChangeOrderDisposition{Id: d.ID, Name: d.Name, CreatedUtc: utctime.From(d.CreatedUtc)}
	}
	return out, nil
}

func timeOf(t *utctime.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func idOf(r *gen.ChangeOrderIdRef) *string {
	if r == nil {
		return nil
	}
	return &r.Id
}

func writeFromAPI(b *gen.ChangeOrderWrite) Write {
	w := Write{
		CustomerID: idOf(b.Customer), OriginalItemID: b.OriginalRevisionItem.Id, NewItemID: idOf(b.NewRevisionItem),
		RequestedUtc: timeOf(b.RequestedUtc), DueDateUtc: timeOf(b.DueDateUtc), ApprovedUtc: timeOf(b.ApprovedUtc),
		CompletedUtc: timeOf(b.CompletedUtc), Detail: b.Detail, DispositionID: idOf(b.Disposition),
		NotificationsEnabled: b.NotificationsEnabled,
	}
	if b.Status != nil {
		w.Status = Status(*b.Status)
	}
	return w
}

func (h *ChangeOrdersHandler) CreateChangeOrder(ctx context.Context, req gen.CreateChangeOrderRequestObject) (gen.CreateChangeOrderResponseObject, error) {
	id, err := h.svc.Create(ctx, tenantOf(ctx), writeFromAPI(req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateChangeOrder200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *ChangeOrdersHandler) GetChangeOrder(ctx context.Context, req gen.GetChangeOrderRequestObject) (gen.GetChangeOrderResponseObject, error) {
	c, err := h.svc.Get(ctx, auth.TenantID(ctx), req.ChangeOrderId)
	if err != nil {
		return nil, err
	}
	return gen.GetChangeOrder200JSONResponse{Body: toAPI(c, true)}, nil
}

func (h *ChangeOrdersHandler) UpdateChangeOrder(ctx context.Context, req gen.UpdateChangeOrderRequestObject) (gen.UpdateChangeOrderResponseObject, error) {
	c, err := h.svc.Update(ctx, tenantOf(ctx), req.ChangeOrderId, writeFromAPI(req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateChangeOrder200JSONResponse{Body: toAPI(c, true)}, nil
}

func (h *ChangeOrdersHandler) DeleteChangeOrder(ctx context.Context, req gen.DeleteChangeOrderRequestObject) (gen.DeleteChangeOrderResponseObject, error) {
	deleted, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.ChangeOrderId)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteChangeOrder204Response{}, nil
	}
	return gen.DeleteChangeOrder200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *ChangeOrdersHandler) ListChangeOrders(ctx context.Context, req gen.ListChangeOrdersRequestObject) (gen.ListChangeOrdersResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		fields := apperr.Fields{}
		f = Filter{
			Search: b.Search, CustomerIDs: listing.Values(b.CustomerIds), DispositionIDs: listing.Values(b.DispositionIds),
			RequestedFrom:      utctime.ParseFilterInstant(fields, "requestedFromUtc", b.RequestedFromUtc),
			RequestedTo:        utctime.ParseFilterInstant(fields, "requestedToUtc", b.RequestedToUtc),
			DueFrom:            utctime.ParseFilterInstant(fields, "dueFromUtc", b.DueFromUtc),
			DueTo:              utctime.ParseFilterInstant(fields, "dueToUtc", b.DueToUtc),
			CreatedFrom:        utctime.ParseFilterInstant(fields, "createdFromUtc", b.CreatedFromUtc),
			CreatedTo:          utctime.ParseFilterInstant(fields, "createdToUtc", b.CreatedToUtc),
			CompletedFrom:      utctime.ParseFilterInstant(fields, "completedFromUtc", b.CompletedFromUtc),
			CompletedTo:        utctime.ParseFilterInstant(fields, "completedToUtc", b.CompletedToUtc),
			ModifiedAfter:      utctime.ParseFilterInstant(fields, "modifiedAfterUtc", b.ModifiedAfterUtc),
			ModifiedBefore:     utctime.ParseFilterInstant(fields, "modifiedBeforeUtc", b.ModifiedBeforeUtc),
			Overdue:            b.Overdue != nil && *b.Overdue,
			ImpactedDocumentID: b.ImpactedDocumentId, RevisionItemID: b.RevisionItemId,
		}
		for _, s := range listing.Values(b.Statuses) {
			f.Statuses = append(f.Statuses, Status(s))
		}
		if err := fields.Err(); err != nil {
			return nil, err
		}
	}
	p := req.Params
	page, err := h.svc.List(ctx, auth.TenantID(ctx), f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.ChangeOrderPage{
		Data: make([]gen.ChangeOrder, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages,
		HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, c := range page.Rows {
		out.Data[i] = toAPI(c, false)
	}
	return gen.ListChangeOrders200JSONResponse(out), nil
}

func userRef(id *string) *gen.ChangeOrderUserRef {
	if id == nil {
		return nil
	}
	return &gen.ChangeOrderUserRef{Id: *id}
}

func namedRef(r *NamedRef) *gen.ChangeOrderNamedRef {
	if r == nil {
		return nil
	}
	return &gen.ChangeOrderNamedRef{Id: r.ID, Name: r.Name}
}

func itemRef(r ItemRef) gen.ChangeOrderItemRef {
	return gen.ChangeOrderItemRef{Id: r.ID, Name: r.Name, Number: r.Number, Revision: r.Revision}
}

// toAPI answers c; withImpacted adds its impacted records (get and update, not list rows).
func toAPI(c ChangeOrder, withImpacted bool) gen.ChangeOrder {
	out := gen.ChangeOrder{
		Id: c.ID, Number: c.Number, Customer: namedRef(c.Customer), OriginalRevisionItem: itemRef(c.OriginalItem),
		RequestedUtc: utctime.From(c.RequestedUtc), DueDateUtc: utctime.Ptr(c.DueDateUtc), ApprovedUtc: utctime.Ptr(c.ApprovedUtc),
		CompletedUtc: utctime.Ptr(c.CompletedUtc), Status: gen.ChangeOrderStatus(c.Status), Detail: c.Detail,
		Disposition: namedRef(c.Disposition), NotificationsEnabled: c.NotificationsEnabled,
		CreatedBy: userRef(c.CreatedByUserID), ModifiedBy: userRef(c.ModifiedByUserID),
		CreatedUtc: utctime.From(c.CreatedUtc), ModifiedUtc: utctime.From(c.ModifiedUtc),
	}
	if c.NewItem != nil {
		r := itemRef(*c.NewItem)
		out.NewRevisionItem = &r
	}
	if withImpacted {
		records := make([]gen.ChangeOrderImpactedRecord, len(c.ImpactedRecords))
		for i, r := range c.ImpactedRecords {
			records[i] = gen.ChangeOrderImpactedRecord{Id: r.ID, DocumentType: gen.ChangeOrderImpactedRecordDocumentType(r.DocumentType),
				DocumentId: r.DocumentID, OriginalRevDocumentLineId: r.OriginalRevDocumentLineID,
				NewRevDocumentLineId: r.NewRevDocumentLineID, Disposition: r.Disposition, RolledRev: r.RolledRev}
		}
		out.ImpactedRecords = &records
	}
	return out
}
