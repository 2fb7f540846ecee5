package notes

import (
	"context"

	"mos/internal/platform/db"
)

// Kind is a kind of document notes are written on. The notes area owns the registry of kinds
// and depends on no document area: each document area hands its existence check to the one
// wiring place (internal/httpapi), which registers it here. A kind declared here but not
// registered has no documents yet, so a note naming one answers 404 naming its member.
//
// A kind is registered with one line in httpapi's wiring (quotes, sales orders, purchase
// orders and invoices are):
//
//	noteOwners.Register(notes.Invoice, invoiceRecords.NoteOwnerExists)
//
// with a service method that reports whether the tenant has the live (not deleted) document
// and share-locks it until the note's transaction ends (docheaders' ShareLive does both). A
// kind whose documents have their own notes list (an invoice's) also registers the check of
// that list with RegisterNotesList; this area serves the list.
type Kind string

// The kinds of document a note may be written on.
const (
	SalesOrder    Kind = "salesOrder"
	PurchaseOrder Kind = "purchaseOrder"
	Quote         Kind = "quote"
	Invoice       Kind = "invoice"
)

// Kinds are the kinds, in the order their members are named in errors.
var Kinds = []Kind{SalesOrder, PurchaseOrder, Quote, Invoice}

// Field is the member naming a document of the kind: "salesOrderId".
func (k Kind) Field() string { return string(k) + "Id" }

// column is the notes table's column naming a document of the kind.
func (k Kind) column() string {
	return map[Kind]string{SalesOrder: "sales_order_id", PurchaseOrder: "purchase_order_id", Quote: "quote_id", Invoice: "invoice_id"}[k]
}

// noun names the kind in errors.
func (k Kind) noun() string {
	return map[Kind]string{SalesOrder: "sales order", PurchaseOrder: "purchase order", Quote: "quote", Invoice: "invoice"}[k]
}

// OwnerExists reports whether the tenant has the live (not deleted) document id and, when it
// has, share-locks it until q's transaction ends.
type OwnerExists func(ctx context.Context, q db.Q, tenantID, id string) (bool, error)

// OwnerKnown answers NotFound unless the tenant has document id, deleted or not: a document's
// own notes list (its notes stay listed after it is deleted).
type OwnerKnown func(ctx context.Context, q db.Q, tenantID, id string) error

// Owners is the registry of the document kinds that have landed.
type Owners struct {
	exists map[Kind]OwnerExists
	known  map[Kind]OwnerKnown
}

// NewOwners returns a registry with no kind registered.
func NewOwners() *Owners {
	return &Owners{exists: map[Kind]OwnerExists{}, known: map[Kind]OwnerKnown{}}
}

// RegisterNotesList gives kind the check of its documents' own notes list (served by this
// area under the document's path, such as an invoice's); wiring calls it once per kind that
// has such a list, before the server serves.
func (o *Owners) RegisterNotesList(kind Kind, known OwnerKnown) { o.known[kind] = known }

// Register gives kind its document area's existence check; wiring calls it once per kind,
// before the server serves.
func (o *Owners) Register(kind Kind, exists OwnerExists) { o.exists[kind] = exists }
