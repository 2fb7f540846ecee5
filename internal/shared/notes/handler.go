package notes

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// NotesHandler serves the notes operations.
type NotesHandler struct {
	svc *Service
}

// NewHandler returns the notes handler.
func NewHandler(svc *Service) *NotesHandler { return &NotesHandler{svc: svc} }

// Versioned declares notes for conditional reads (ETag, If-None-Match); a note is never
// changed, so its version stays the first.
func (h *NotesHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "notes", Key: map[string]string{"id": "noteId"}, Operations: []string{"getNote"}}}
}

func (h *NotesHandler) CreateNote(ctx context.Context, req gen.CreateNoteRequestObject) (gen.CreateNoteResponseObject, error) {
	b := req.Body
	c := Create{Text: b.Text, Documents: Documents{SalesOrderID: b.SalesOrderId, PurchaseOrderID: b.PurchaseOrderId, QuoteID: b.QuoteId, InvoiceID: b.InvoiceId}}
	if b.ExternalReferences != nil {
		c.ExternalReferences = *b.ExternalReferences
	}
	p := auth.From(ctx)
	id, err := h.svc.Create(ctx, p.TenantID, p.UserID, c)
	if err != nil {
		return nil, err
	}
	return gen.CreateNote200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *NotesHandler) ListNotes(ctx context.Context, req gen.ListNotesRequestObject) (gen.ListNotesResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f = Filter{
			SalesOrderIDs: listing.Values(b.SalesOrderIds), PurchaseOrderIDs: listing.Values(b.PurchaseOrderIds),
			QuoteIDs: listing.Values(b.QuoteIds), InvoiceIDs: listing.Values(b.InvoiceIds),
		}
		if b.CreatedAfterUtc != nil {
			f.CreatedAfter = &b.CreatedAfterUtc.Time
		}
		if b.CreatedBeforeUtc != nil {
			f.CreatedBefore = &b.CreatedBeforeUtc.Time
		}
	}
	p := req.Params
	page, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListNotes200JSONResponse(pageToAPI(page)), nil
}

// ListInvoiceNotes serves one invoice's notes through the invoice kind's registered check.
func (h *NotesHandler) ListInvoiceNotes(ctx context.Context, req gen.ListInvoiceNotesRequestObject) (gen.ListInvoiceNotesResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		if b.CreatedAfterUtc != nil {
			f.CreatedAfter = &b.CreatedAfterUtc.Time
		}
		if b.CreatedBeforeUtc != nil {
			f.CreatedBefore = &b.CreatedBeforeUtc.Time
		}
	}
	p := req.Params
	page, err := h.svc.ListOn(ctx, auth.TenantID(ctx), Invoice, req.InvoiceId, f,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListInvoiceNotes200JSONResponse(pageToAPI(page)), nil
}

func pageToAPI(page Page) gen.NotePage {
	e := page.listingEnvelope
	out := gen.NotePage{
		Data: make([]gen.Note, len(page.Rows)), Page: e.Page, PageSize: e.PageSize, TotalCount: e.TotalCount,
		TotalPages: e.TotalPages, HasPreviousPage: e.HasPreviousPage, HasNextPage: e.HasNextPage,
	}
	for i, n := range page.Rows {
		out.Data[i] = noteToAPI(n)
	}
	return out
}

func (h *NotesHandler) GetNote(ctx context.Context, req gen.GetNoteRequestObject) (gen.GetNoteResponseObject, error) {
	n, err := h.svc.Get(ctx, auth.TenantID(ctx), req.NoteId)
	if err != nil {
		return nil, err
	}
	return gen.GetNote200JSONResponse{Body: noteToAPI(n)}, nil
}

func noteToAPI(n Note) gen.Note {
	out := gen.Note{
		Id: n.ID, Text: n.Text, SalesOrderId: n.SalesOrderID, PurchaseOrderId: n.PurchaseOrderID, QuoteId: n.QuoteID,
		InvoiceId: n.InvoiceID, CreatedUtc: utctime.From(n.CreatedUtc), ExternalReferences: n.ExternalReferences,
	}
	if n.CreatedBy != nil {
		out.CreatedBy = &gen.Reference{Id: n.CreatedBy.ID, Name: n.CreatedBy.Name}
	}
	return out
}
