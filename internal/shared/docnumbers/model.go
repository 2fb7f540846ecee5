// Package docnumbers gives business documents their numbers: an integer per tenant and
// document kind (quote 1, 2, 3, …; sales order 1, 2, 3, … independently), assigned inside
// the transaction that creates the document.
//
// Each tenant and kind has a counter row holding the last number given out. Next
// increments it in one statement (inserting it at 1 for the kind's first document) on the
// caller's transaction. The increment locks the row until that transaction ends, so
// creators of the same tenant and kind take their numbers one after another:
//
//   - a number is never given to two documents, and never given again once a document
//     holding it is committed (a deleted document's number is not reused);
//   - the numbers are gap-free in this sense: a transaction that takes a number and then
//     rolls back leaves the counter where it was, so the next creator gets that same
//     number. There is no gap unless a committed document is deleted later.
//
// The price of gap-free numbers is that the lock is held to the end of the creating
// transaction: take the number late in it, after the checks that may refuse the create,
// and keep the rest of that transaction short. Other kinds and other tenants never wait.
//
// Only the document areas (sales, purchasing, production, quality) import this package.
package docnumbers

// Kind is the kind of document a number belongs to; each kind counts on its own.
type Kind string

// The kinds of documents numbered per tenant.
const (
	KindQuote         Kind = "quote"
	KindSalesOrder    Kind = "salesOrder"
	KindPurchaseOrder Kind = "purchaseOrder"
	KindInvoice       Kind = "invoice"
	KindShipment      Kind = "shipment"
	KindReceipt       Kind = "receipt"
	KindWorkOrder     Kind = "workOrder"
	KindJob           Kind = "job"
	KindNCR           Kind = "ncr"
	KindCAPA          Kind = "capa"
)

// Kinds lists every kind, in the order of the table's check.
var Kinds = []Kind{KindQuote, KindSalesOrder, KindPurchaseOrder, KindInvoice, KindShipment, KindReceipt, KindWorkOrder, KindJob, KindNCR, KindCAPA}

// Valid reports whether k is one of Kinds.
func (k Kind) Valid() bool {
	for _, known := range Kinds {
		if k == known {
			return true
		}
	}
	return false
}
