package notes

import (
	"context"
	"strings"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// listingEnvelope is the paged envelope of a list.
type listingEnvelope = listing.Envelope

// Service writes and reads notes.
type Service struct {
	pool   *db.Pool
	owners *Owners
	store  store
}

// NewService returns the notes service; owners is the registry the document areas register
// in (at wiring, before serving).
func NewService(pool *db.Pool, owners *Owners) *Service {
	return &Service{pool: pool, owners: owners}
}

// Create writes a note on one document and answers its id, in one transaction: the text
// trimmed to 1..4000 (400 naming text); exactly one document member (400 naming each of them
// otherwise); the document a live one of the tenant's, share-locked while the note is written
// (404 naming its member when unknown, deleted, another tenant's or of a kind not registered).
// userID is the writer, empty for a tenant-bound token.
func (s *Service) Create(ctx context.Context, tenantID, userID string, c Create) (string, error) {
	fields := apperr.Fields{}
	text := fields.Text("text", c.Text, maxText)
	refs, refErrs := extref.Normalize(c.ExternalReferences, extref.Write)
	fields.Merge("", refErrs)
	kind, docID, ok := c.one()
	if !ok {
		names := make([]string, len(Kinds))
		for i, k := range Kinds {
			names[i] = k.Field()
		}
		for _, k := range Kinds {
			fields.Add(k.Field(), "give exactly one of %s", strings.Join(names, ", "))
		}
	}
	if err := fields.Err(); err != nil {
		return "", err
	}
	n := Note{ID: ids.New(), Text: text, ExternalReferences: refs}
	*n.byKind(kind) = &docID
	var createdBy *string
	if userID != "" {
		createdBy = &userID
	}
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		exists := s.owners.exists[kind]
		found := false
		if exists != nil {
			var err error
			if found, err = exists(ctx, q, tenantID, docID); err != nil {
				return err
			}
		}
		if !found {
			return apperr.NotFoundField(kind.Field(), "%s %s not found", kind.noun(), docID)
		}
		return s.store.insert(ctx, q, tenantID, n, createdBy)
	})
	if err != nil {
		return "", err
	}
	return n.ID, nil
}

// one is the one document c names: false unless exactly one member is set.
func (c Create) one() (Kind, string, bool) {
	var kind Kind
	var id string
	count := 0
	for _, k := range Kinds {
		if p := *c.byKind(k); p != nil {
			kind, id = k, *p
			count++
		}
	}
	return kind, id, count == 1
}

// Get reads one of the tenant's notes; another tenant's, or an unknown one, is NotFound. One
// statement.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Note, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// List answers a page of the tenant's notes matching f, newest first then id unless r sorts
// otherwise: one statement.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) (Page, error) {
	page, err := listing.Resolve(r, noteListSpec)
	if err != nil {
		return Page{}, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "createdAfterUtc", f.CreatedAfter)
	utctime.CheckFilterBound(fields, "createdBeforeUtc", f.CreatedBefore)
	if err := fields.Err(); err != nil {
		return Page{}, err
	}
	rows, total, err := s.store.list(ctx, s.pool, tenantID, f, page)
	if err != nil {
		return Page{}, err
	}
	return Page{Rows: rows, listingEnvelope: listing.NewEnvelope(page, total, len(rows))}, nil
}

// ListOn answers a page of the notes on one document of kind (List narrowed to it; f's document
// members are ignored): NotFound unless the tenant has the document, deleted or not. Two
// statements.
func (s *Service) ListOn(ctx context.Context, tenantID string, kind Kind, documentID string, f Filter, r listing.Request) (Page, error) {
	known, ok := s.owners.known[kind]
	if !ok {
		return Page{}, apperr.NotFound("%s %s not found", kind.noun(), documentID)
	}
	if err := known(ctx, s.pool, tenantID, documentID); err != nil {
		return Page{}, err
	}
	only := Filter{CreatedAfter: f.CreatedAfter, CreatedBefore: f.CreatedBefore}
	switch kind {
	case SalesOrder:
		only.SalesOrderIDs = []string{documentID}
	case PurchaseOrder:
		only.PurchaseOrderIDs = []string{documentID}
	case Quote:
		only.QuoteIDs = []string{documentID}
	case Invoice:
		only.InvoiceIDs = []string{documentID}
	}
	return s.List(ctx, tenantID, only, r)
}
