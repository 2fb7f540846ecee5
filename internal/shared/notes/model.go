// Package notes serves notes: append-only free text written on one business document (a
// sales order, purchase order, quote or invoice), with who wrote it and when. The documents
// are known only through the registry of owner kinds (owners.go). Notes are never updated or
// deleted.
//
// Files: model.go, owners.go (the registry), service.go, store.go, handler.go.
package notes

import (
	"time"

	"mos/internal/platform/extref"
)

// maxText is the longest note, after trimming.
const maxText = 4000

// Documents names the document of a note: exactly one member is set.
type Documents struct {
	SalesOrderID, PurchaseOrderID, QuoteID, InvoiceID *string
}

// byKind is the member of d naming a document of kind k.
func (d *Documents) byKind(k Kind) **string {
	return map[Kind]**string{SalesOrder: &d.SalesOrderID, PurchaseOrder: &d.PurchaseOrderID, Quote: &d.QuoteID, Invoice: &d.InvoiceID}[k]
}

// Create is what writing a note sends.
type Create struct {
	Text string
	Documents
	ExternalReferences extref.References
}

// Reference names a record with its display name.
type Reference struct {
	ID, Name string
}

// Note is a stored note.
type Note struct {
	ID   string
	Text string
	Documents
	CreatedUtc time.Time
	// CreatedBy is the user who wrote the note; nil for a tenant-bound token.
	CreatedBy          *Reference
	ExternalReferences extref.References
}

// Filter narrows the note list; empty members apply no clause.
type Filter struct {
	SalesOrderIDs, PurchaseOrderIDs, QuoteIDs, InvoiceIDs []string
	// CreatedAfter and CreatedBefore are exclusive bounds.
	CreatedAfter, CreatedBefore *time.Time
}

// byKind is the filter's list of documents of kind k.
func (f Filter) byKind(k Kind) []string {
	return map[Kind][]string{SalesOrder: f.SalesOrderIDs, PurchaseOrder: f.PurchaseOrderIDs, Quote: f.QuoteIDs, Invoice: f.InvoiceIDs}[k]
}

// Page is a page of notes with its envelope.
type Page struct {
	Rows []Note
	listingEnvelope
}
