package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// Notes: append-only text written on one business document.

const ntPath = "/api/notes"

// ntPermissions are the permissions every notes operation needs together on a user token.
var ntPermissions = []string{"View Sales Order", "View Purchase Order", "View Quote", "View Invoices"}

func ntNotePath(id string) string { return ntPath + "/" + id }

// ntCreate writes a note with text on the document member names (salesOrderId, ...).
func ntCreate(t *testing.T, te *tenantEnv, member, documentID, text string) string {
	t.Helper()
	return solCreate(t, te, ntPath, soJSON(t, map[string]any{member: documentID, "text": text}))
}

func ntGet(t *testing.T, te *tenantEnv, id string) client.Note {
	t.Helper()
	return soOK[client.Note](t, te, http.MethodGet, ntNotePath(id), "")
}

// ntList lists the notes matching body, with query (a "?…" or empty).
func ntList(t *testing.T, te *tenantEnv, query, body string) client.NotePage {
	t.Helper()
	return soOK[client.NotePage](t, te, http.MethodPost, ntPath+"/list"+query, body)
}

// ntIDs are the ids of a page's notes, in order.
func ntIDs(p client.NotePage) []string {
	out := make([]string, len(p.Data))
	for i, n := range p.Data {
		out[i] = n.Id
	}
	return out
}

func ntWantIDs(t *testing.T, what string, got client.NotePage, want ...string) {
	t.Helper()
	if g := ntIDs(got); strings.Join(g, ",") != strings.Join(want, ",") || got.TotalCount != len(want) {
		t.Errorf("%s: %v (total %d), want %v", what, g, got.TotalCount, want)
	}
}

// ntDocuments are a sales order, a purchase order and a quote of the tenant.
type ntDocuments struct{ salesOrder, purchaseOrder, quote string }

func ntNewDocuments(t *testing.T, te *tenantEnv) ntDocuments {
	t.Helper()
	return ntDocuments{salesOrder: solOrder(t, te, "USD"), purchaseOrder: pdOrder(t, te, "USD"), quote: newQuote(t, te, "Notes "+randomSuffix())}
}

// TestNoteIsWrittenOnOneDocumentOfEachKind: a note names its one document; the others are
// null, its text is trimmed, a tenant-bound token leaves createdBy null.
func TestNoteIsWrittenOnOneDocumentOfEachKind(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	d := ntNewDocuments(t, te)
	for _, c := range []struct {
		member, id string
		of         func(client.Note) *string
	}{
		{"salesOrderId", d.salesOrder, func(n client.Note) *string { return n.SalesOrderId }},
		{"purchaseOrderId", d.purchaseOrder, func(n client.Note) *string { return n.PurchaseOrderId }},
		{"quoteId", d.quote, func(n client.Note) *string { return n.QuoteId }},
	} {
		before := time.Now().Add(-time.Minute)
		id := solCreate(t, te, ntPath, soJSON(t, map[string]any{c.member: c.id, "text": "  Call before shipping \n",
			"externalReferences": map[string]any{"crm": map[string]any{"externalId": "N-1"}}}))
		n := ntGet(t, te, id)
		set := 0
		for _, member := range []*string{n.SalesOrderId, n.PurchaseOrderId, n.QuoteId, n.InvoiceId} {
			if member != nil {
				set++
			}
		}
		if of := c.of(n); of == nil || *of != c.id || set != 1 || n.Text != "Call before shipping" || n.CreatedBy != nil ||
			n.CreatedUtc.Before(before) || n.ExternalReferences["crm"].ExternalID == nil {
			t.Errorf("note on %s: %s", c.member, mustJSON(t, n))
		}
	}
}

// TestNoteNamesExactlyOneDocument: none or several documents answer 400 naming each member.
func TestNoteNamesExactlyOneDocument(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	d := ntNewDocuments(t, te)
	for _, body := range []map[string]any{
		{"text": "Orphan"},
		{"text": "Twice", "salesOrderId": d.salesOrder, "quoteId": d.quote},
		{"text": "Null", "salesOrderId": nil},
	} {
		r, b := soSend(t, te.Token, http.MethodPost, ntPath, soJSON(t, body))
		p := mustProblem(t, r, b, http.StatusBadRequest)
		for _, member := range []string{"salesOrderId", "purchaseOrderId", "quoteId", "invoiceId"} {
			mustNameField(t, p, member)
		}
	}
}

// TestNoteTextIsTrimmedTo1To4000: blank text, or more than 4000 characters, is 400 naming
// text; 4000 is taken.
func TestNoteTextIsTrimmedTo1To4000(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := solOrder(t, te, "USD")
	for _, text := range []string{"", "   \n ", strings.Repeat("n", 4001)} {
		r, b := soSend(t, te.Token, http.MethodPost, ntPath, soJSON(t, map[string]any{"salesOrderId": order, "text": text}))
		mustProblemNaming(t, r, b, "text")
	}
	long := strings.Repeat("é", 4000)
	if n := ntGet(t, te, ntCreate(t, te, "salesOrderId", order, long)); n.Text != long {
		t.Errorf("4000 characters: %d stored", len([]rune(n.Text)))
	}
}

// TestNoteOnAMissingDocumentIsNotFound: an unknown or deleted document, another tenant's, and
// an invoice (a kind not registered yet) answer 404 naming the member.
func TestNoteOnAMissingDocumentIsNotFound(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	d, theirs := ntNewDocuments(t, te), ntNewDocuments(t, other)
	deleted := ntNewDocuments(t, te)
	for _, path := range []string{soOrderPath(deleted.salesOrder), poOrderPath(deleted.purchaseOrder), "/api/quotes/" + deleted.quote} {
		r, b := soSend(t, te.Token, http.MethodDelete, path, "")
		mustStatus(t, r.StatusCode, http.StatusOK, b)
	}
	for _, c := range []struct{ member, id string }{
		{"salesOrderId", ids.New()}, {"purchaseOrderId", ids.New()}, {"quoteId", ids.New()}, {"invoiceId", ids.New()},
		{"salesOrderId", deleted.salesOrder}, {"purchaseOrderId", deleted.purchaseOrder}, {"quoteId", deleted.quote},
		{"salesOrderId", theirs.salesOrder}, {"purchaseOrderId", theirs.purchaseOrder}, {"quoteId", theirs.quote},
	} {
		r, b := soSend(t, te.Token, http.MethodPost, ntPath, soJSON(t, map[string]any{c.member: c.id, "text": "Lost"}))
		soMustProblem(t, r, b, http.StatusNotFound, c.member)
	}
	// A note written before its document is deleted stays readable and listed.
	kept := ntCreate(t, te, "salesOrderId", d.salesOrder, "Kept")
	r, b := soSend(t, te.Token, http.MethodDelete, soOrderPath(d.salesOrder), "")
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	if n := ntGet(t, te, kept); n.SalesOrderId == nil || *n.SalesOrderId != d.salesOrder {
		t.Errorf("note of a deleted order: %s", mustJSON(t, n))
	}
	ntWantIDs(t, "notes of a deleted order", ntList(t, te, "", fmt.Sprintf(`{"salesOrderIds":[%q]}`, d.salesOrder)), kept)
	if r := ntList(t, te, "", fmt.Sprintf(`{"salesOrderIds":[%q]}`, deleted.salesOrder)); r.TotalCount != 0 {
		t.Errorf("refused notes were stored: %v", ntIDs(r))
	}
}

// TestNotePermissionsAreAllFourViews: a user token needs View Sales Order, View Purchase
// Order, View Quote and View Invoices together to write, list and read notes; the writer is
// createdBy.
func TestNotePermissionsAreAllFourViews(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := solOrder(t, te, "USD")
	note := ntCreate(t, te, "salesOrderId", order, "Existing")
	calls := []struct{ method, path, body string }{
		{http.MethodPost, ntPath, fmt.Sprintf(`{"salesOrderId":%q,"text":"By a user"}`, order)},
		{http.MethodPost, ntPath + "/list", `{}`},
		{http.MethodGet, ntNotePath(note), ""},
	}
	for i := range ntPermissions {
		missing := append(append([]string{}, ntPermissions[:i]...), ntPermissions[i+1:]...)
		token := te.userToken(t, missing...)
		for _, c := range calls {
			r, b := soSend(t, token, c.method, c.path, c.body)
			mustProblem(t, r, b, http.StatusForbidden)
		}
	}
	token := te.userToken(t, ntPermissions...)
	var created string
	for _, c := range calls {
		r, b := soSend(t, token, c.method, c.path, c.body)
		mustStatus(t, r.StatusCode, http.StatusOK, b)
		if c.path == ntPath {
			var id struct{ Id string }
			if err := json.Unmarshal(b, &id); err != nil {
				t.Fatal(err)
			}
			created = id.Id
		}
	}
	if n := ntGet(t, te, created); n.CreatedBy == nil || n.CreatedBy.Id == "" || n.CreatedBy.Name != "user-"+t.Name() {
		t.Errorf("a user's note: %s", mustJSON(t, n))
	}
}

// TestNoteListFiltersAndSorts: each filter narrows the list (AND); newest first by default;
// createdAfterUtc and createdBeforeUtc are exclusive; sort by id; the paged envelope.
func TestNoteListFiltersAndSorts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	d := ntNewDocuments(t, te)
	otherOrder := solOrder(t, te, "USD")
	// Written in this order, each a minute after the one before (set in SQL).
	notes := []string{
		ntCreate(t, te, "salesOrderId", d.salesOrder, "one"),
		ntCreate(t, te, "purchaseOrderId", d.purchaseOrder, "two"),
		ntCreate(t, te, "quoteId", d.quote, "three"),
		ntCreate(t, te, "salesOrderId", otherOrder, "four"),
		ntCreate(t, te, "salesOrderId", d.salesOrder, "five"),
	}
	base := time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC)
	for i, id := range notes {
		soExec(t, `UPDATE notes SET created_utc = $3 WHERE tenant_id = $1 AND id = $2`, te.ID, id, base.Add(time.Duration(i)*time.Minute))
	}
	at := func(i int) string { return base.Add(time.Duration(i) * time.Minute).Format(time.RFC3339) }
	ntWantIDs(t, "newest first", ntList(t, te, "", `{}`), notes[4], notes[3], notes[2], notes[1], notes[0])
	ntWantIDs(t, "salesOrderIds", ntList(t, te, "", fmt.Sprintf(`{"salesOrderIds":[%q]}`, d.salesOrder)), notes[4], notes[0])
	ntWantIDs(t, "salesOrderIds, two", ntList(t, te, "", fmt.Sprintf(`{"salesOrderIds":[%q,%q]}`, d.salesOrder, otherOrder)), notes[4], notes[3], notes[0])
	ntWantIDs(t, "purchaseOrderIds", ntList(t, te, "", fmt.Sprintf(`{"purchaseOrderIds":[%q]}`, d.purchaseOrder)), notes[1])
	ntWantIDs(t, "quoteIds", ntList(t, te, "", fmt.Sprintf(`{"quoteIds":[%q]}`, d.quote)), notes[2])
	ntWantIDs(t, "invoiceIds", ntList(t, te, "", fmt.Sprintf(`{"invoiceIds":[%q]}`, ids.New())))
	ntWantIDs(t, "createdAfterUtc is exclusive", ntList(t, te, "", fmt.Sprintf(`{"createdAfterUtc":%q}`, at(3))), notes[4])
	ntWantIDs(t, "createdBeforeUtc is exclusive", ntList(t, te, "", fmt.Sprintf(`{"createdBeforeUtc":%q}`, at(1))), notes[0])
	ntWantIDs(t, "AND", ntList(t, te, "", fmt.Sprintf(`{"salesOrderIds":[%q],"createdAfterUtc":%q,"createdBeforeUtc":%q}`,
		d.salesOrder, at(0), at(5))), notes[4])
	ntWantIDs(t, "oldest first", ntList(t, te, "?Sort.Field=createdUtc&Sort.Dir=ascending", `{}`), notes...)

	byID := ntList(t, te, "?Sort.Field=id", `{}`)
	for i := 1; i < len(byID.Data); i++ {
		if byID.Data[i-1].Id > byID.Data[i].Id {
			t.Errorf("by id: %v", ntIDs(byID))
		}
	}
	page := ntList(t, te, "?Skip=2&Take=2", `{}`)
	if strings.Join(ntIDs(page), ",") != notes[2]+","+notes[1] || page.TotalCount != 5 || page.Page != 2 || page.TotalPages != 3 ||
		!page.HasPreviousPage || !page.HasNextPage || page.PageSize != 2 {
		t.Errorf("second page: %s", mustJSON(t, page))
	}
	for _, c := range []struct{ query, body, field string }{
		{"", `{"createdAfterUtc":"1999-12-31T00:00:00Z"}`, "createdAfterUtc"},
		{"", `{"createdBeforeUtc":"2100-01-02T00:00:00Z"}`, "createdBeforeUtc"},
		{"", `{"salesOrderIds":[]}`, "salesOrderIds"},
		{"?Sort.Field=text", `{}`, "Sort.Field"},
	} {
		r, b := soSend(t, te.Token, http.MethodPost, ntPath+"/list"+c.query, c.body)
		mustProblemNaming(t, r, b, c.field)
	}
}

// TestNotesOnOneDocumentAtOnce: notes written at the same time on one document all succeed
// (the document is share-locked, not locked for update).
func TestNotesOnOneDocumentAtOnce(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := solOrder(t, te, "USD")
	const writers = 8
	start := make(chan struct{})
	var wg sync.WaitGroup
	statuses := make([]int, writers)
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			r, _ := rawRequest(t, http.MethodPost, ntPath, te.Token, "application/json", fmt.Sprintf(`{"salesOrderId":%q,"text":"Writer %d"}`, order, i))
			statuses[i] = r.StatusCode
		}()
	}
	close(start)
	wg.Wait()
	for i, s := range statuses {
		if s != http.StatusOK {
			t.Errorf("writer %d answered %d", i, s)
		}
	}
	if p := ntList(t, te, "", fmt.Sprintf(`{"salesOrderIds":[%q]}`, order)); p.TotalCount != writers {
		t.Errorf("%d notes, want %d", p.TotalCount, writers)
	}
}

// ntArrangeNotes: notes on one sales order and on one of its invoices, for the statement
// counts.
func ntArrangeNotes(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) ([]string, string) {
		f := ivOrder(t, te, "2")
		invoice := ivBill(t, te, f.order)
		notes := arrangeEach(size, func(i, _ int) string {
			member, document := "salesOrderId", f.order
			if i > 0 {
				member, document = "invoiceId", invoice
			}
			return arrangeCreate(t, te, ntPath, soJSON(t, map[string]any{member: document, "text": fmt.Sprintf("Note %d", i),
				"externalReferences": map[string]any{"erp": map[string]any{"externalId": fmt.Sprintf("N-%d", i)}}}))
		})
		return notes, invoice
	}
	s, sInvoice := build(small, smallWorld)
	l, lInvoice := build(large, largeWorld)
	return []readCase{
		listRead("listNotes", ntPath+"/list", ntPath+"/list", `{}`),
		listRead("listInvoiceNotes", ntInvoiceNotesPath(sInvoice), ntInvoiceNotesPath(lInvoice), `{}`),
		getRead("getNote", ntNotePath(s[0]), ntNotePath(l[0])),
	}
}

// ntInvoiceNotesPath is the notes list of one invoice.
func ntInvoiceNotesPath(invoiceID string) string { return ivInvoicePath(invoiceID) + "/notes/list" }

// TestInvoiceNotesListsTheInvoicesNotesOnly: an invoice takes notes once invoices are a
// registered kind; its own list answers only its notes (newest first), narrowed by the created
// bounds, keeps them after the invoice is deleted, and answers 404 for an unknown invoice or
// another tenant's; it needs View Invoices alone.
func TestInvoiceNotesListsTheInvoicesNotesOnly(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	f := ivOrder(t, te, "3", "3")
	invoice := ivBill(t, te, f.order, ivLine(f.lines[0], "1"))
	second := ivBill(t, te, f.order, ivLine(f.lines[1], "1"))
	first := ntCreate(t, te, "invoiceId", invoice, "Call before shipping")
	ntCreate(t, te, "invoiceId", second, "Another invoice")
	ntCreate(t, te, "salesOrderId", f.order, "On the order")
	latest := ntCreate(t, te, "invoiceId", invoice, "Paid by wire")

	ntWantIDs(t, "invoice notes", soOK[client.NotePage](t, te, http.MethodPost, ntInvoiceNotesPath(invoice), `{}`), latest, first)
	if n := ntGet(t, te, first); n.InvoiceId == nil || *n.InvoiceId != invoice || n.SalesOrderId != nil {
		t.Fatalf("note on the invoice reads %+v", n)
	}
	created := ntGet(t, te, latest).CreatedUtc
	after := fmt.Sprintf(`{"createdAfterUtc":%q}`, created.Add(-time.Microsecond).Format(time.RFC3339Nano))
	ntWantIDs(t, "created after", soOK[client.NotePage](t, te, http.MethodPost, ntInvoiceNotesPath(invoice), after), latest)

	// A deleted invoice takes no new note, but its notes stay listed.
	res, body := ivSend(t, te, http.MethodDelete, ivInvoicePath(invoice), "")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("delete invoice: %d %s", res.StatusCode, body)
	}
	res, body = ivSend(t, te, http.MethodPost, ntPath, fmt.Sprintf(`{"invoiceId":%q,"text":"Too late"}`, invoice))
	ivMustProblem(t, res, body, http.StatusNotFound, "invoiceId")
	ntWantIDs(t, "deleted invoice's notes", soOK[client.NotePage](t, te, http.MethodPost, ntInvoiceNotesPath(invoice), `{}`), latest, first)

	for name, id := range map[string]string{"unknown": ids.New(), "another tenant's": second} {
		res, body := ivSend(t, other, http.MethodPost, ntInvoiceNotesPath(id), `{}`)
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("%s invoice: %d %s, want 404", name, res.StatusCode, body)
		}
	}

	r, b := soSend(t, te.userToken(t, "View Invoices"), http.MethodPost, ntInvoiceNotesPath(invoice), `{}`)
	mustStatus(t, r.StatusCode, http.StatusOK, b)
	r, b = soSend(t, te.userToken(t, "View Sales Order", "View Purchase Order", "View Quote"), http.MethodPost, ntInvoiceNotesPath(invoice), `{}`)
	mustProblem(t, r, b, http.StatusForbidden)
}
