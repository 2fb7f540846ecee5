package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
)

const (
	poPath      = "/api/purchase-orders"
	poListPath  = "/api/purchase-orders/list"
	poUnknownID = "ffffffffffffffffffffff0d"
)

func poOrderPath(id string) string { return poPath + "/" + id }

// poCreate posts a create body and answers the new order's id.
func poCreate(t *testing.T, te *tenantEnv, body map[string]any) string {
	t.Helper()
	res, answer := rawRequest(t, http.MethodPost, poPath, te.Token, "application/json", soJSON(t, body))
	return createdID(t, res, answer)
}

// poFor creates a vendor (a fresh one per test) and a purchase order for it.
func poFor(t *testing.T, te *tenantEnv) string {
	t.Helper()
	return poCreate(t, te, map[string]any{"vendorId": createVendor(t, te, "Supplier "+t.Name())})
}

// poRequest sends body (JSON, or a JSON Patch for PATCH) and answers the order of a 200.
func poRequest(t *testing.T, te *tenantEnv, method, path, body string) client.PurchaseOrder {
	t.Helper()
	contentType := ""
	if body != "" {
		contentType = "application/json"
		if method == http.MethodPatch {
			contentType = "application/json-patch+json"
		}
	}
	res, answer := rawRequest(t, method, path, te.Token, contentType, body)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	var o client.PurchaseOrder
	if err := json.Unmarshal(answer, &o); err != nil {
		t.Fatal(err)
	}
	return o
}

func poGet(t *testing.T, te *tenantEnv, id string) client.PurchaseOrder {
	t.Helper()
	return poRequest(t, te, http.MethodGet, poOrderPath(id), "")
}

func poList(t *testing.T, te *tenantEnv, body string) []client.PurchaseOrder {
	t.Helper()
	res, answer := rawRequest(t, http.MethodPost, poListPath, te.Token, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	var list []client.PurchaseOrder
	if err := json.Unmarshal(answer, &list); err != nil {
		t.Fatal(err)
	}
	return list
}

func poIDs(list []client.PurchaseOrder) []string {
	out := make([]string, len(list))
	for i, o := range list {
		out[i] = o.Id
	}
	return out
}

func poDay(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// poVendorIn creates a vendor billing in currency.
func poVendorIn(t *testing.T, te *tenantEnv, name, currency string) string {
	t.Helper()
	res, err := te.API.CreateVendorWithResponse(context.Background(), nil, client.VendorWrite{Name: name, CurrencyCode: &currency})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func TestPurchaseOrderCreateDefaults(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := poVendorIn(t, te, "Ohio Steel", "CAD")
	o := poGet(t, te, poCreate(t, te, map[string]any{"vendorId": vendor}))
	if o.Number != 1 || o.Status != client.PurchaseOrderStatusDraft || o.VendorId != vendor || o.VendorName != "Ohio Steel" || o.Deleted {
		t.Fatalf("new order %+v", o)
	}
	if o.CurrencyCode != "CAD" {
		t.Fatalf("currency %s, want the vendor's CAD", o.CurrencyCode)
	}
	if o.Title != "RFQ" || !o.TitleIsDefault {
		t.Fatalf("title %q default %v, want RFQ", o.Title, o.TitleIsDefault)
	}
	if d := o.CreatedUtc.Sub(o.OrderDate); d < -24*time.Hour || d > 48*time.Hour || o.OrderDate.UTC().Hour() != 0 {
		t.Fatalf("orderDate %s, want the shop day of creation %s", o.OrderDate, o.CreatedUtc)
	}
	if o.DueDate != nil || o.PaymentTerms != nil || o.ShipTo != nil || o.Notes != nil || o.CreatedByUserId != nil || o.CreatedByName != nil {
		t.Fatalf("defaults %+v", o)
	}
	for what, v := range map[string]string{"lineSubTotal": o.LineSubTotal.String(), "feeTotal": o.FeeTotal.String(), "subTotal": o.SubTotal.String(),
		"discountTotal": o.DiscountTotal.String(), "taxTotal": o.TaxTotal.String(), "vendorCreditTotal": o.VendorCreditTotal.String(), "total": o.Total.String()} {
		if v != "0" {
			t.Errorf("%s %s, want 0", what, v)
		}
	}
	// Ordered: the default title follows the status; a written title stays.
	if moved := poRequest(t, te, http.MethodPost, poOrderPath(o.Id)+"/status", `{"status":"ordered"}`); moved.Title != "Purchase Order" || !moved.TitleIsDefault {
		t.Fatalf("ordered title %q default %v", moved.Title, moved.TitleIsDefault)
	}
	titled := poGet(t, te, poCreate(t, te, map[string]any{"vendorId": vendor, "title": "  Steel for 1042 ", "currencyCode": "EUR"}))
	if titled.Title != "Steel for 1042" || titled.TitleIsDefault || titled.CurrencyCode != "EUR" || titled.Number != 2 {
		t.Fatalf("titled order %+v", titled)
	}
}

func TestPurchaseOrderNumbersCountPerTenant(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := createVendor(t, te, "Numbered")
	var numbers []int64
	for range 2 {
		numbers = append(numbers, poGet(t, te, poCreate(t, te, map[string]any{"vendorId": vendor})).Number)
	}
	// A refused create takes no number.
	res, body := rawRequest(t, http.MethodPost, poPath, te.Token, "application/json", soJSON(t, map[string]any{"vendorId": vendor, "dueDate": "1999-12-31"}))
	mustProblemNaming(t, res, body, "dueDate")
	numbers = append(numbers, poGet(t, te, poCreate(t, te, map[string]any{"vendorId": vendor})).Number)
	if !slices.Equal(numbers, []int64{1, 2, 3}) {
		t.Fatalf("numbers %v, want 1 2 3", numbers)
	}
	other := newTenant(t)
	if n := poGet(t, other, poFor(t, other)).Number; n != 1 {
		t.Fatalf("another tenant's first order is number %d, want 1", n)
	}
}

func TestPurchaseOrderCalendarDatesAsWritten(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := createVendor(t, te, "Dated")
	o := poGet(t, te, poCreate(t, te, map[string]any{"vendorId": vendor, "orderDate": "2026-03-01T23:30:00-08:00", "dueDate": "2026-12-31"}))
	if poDay(o.OrderDate) != "2026-03-01T00:00:00Z" || o.DueDate == nil || poDay(*o.DueDate) != "2026-12-31T00:00:00Z" {
		t.Fatalf("dates %s %v", o.OrderDate, o.DueDate)
	}
	u := poRequest(t, te, http.MethodPut, poOrderPath(o.Id), soJSON(t, map[string]any{"vendorId": vendor, "dueDate": "2027-01-02T01:00:00+09:00"}))
	if poDay(u.OrderDate) != "2026-03-01T00:00:00Z" || u.DueDate == nil || poDay(*u.DueDate) != "2027-01-02T00:00:00Z" {
		t.Fatalf("after PUT: dates %s %v (orderDate omitted keeps it)", u.OrderDate, u.DueDate)
	}
	for field, v := range map[string]string{"orderDate": "2026-02-30", "dueDate": "2100-01-01"} {
		res, body := rawRequest(t, http.MethodPost, poPath, te.Token, "application/json", soJSON(t, map[string]any{"vendorId": vendor, field: v}))
		mustProblemNaming(t, res, body, field)
	}
}

func TestPurchaseOrderCreateRefusesBadInput(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := createVendor(t, te, "Careful")
	for field, body := range map[string]map[string]any{
		"title":                             {"title": strings.Repeat("t", 101)},
		"notes":                             {"notes": strings.Repeat("n", 2001)},
		"currencyCode":                      {"currencyCode": "usd"},
		"shipTo.email":                      {"shipTo": map[string]any{"email": "not an address"}},
		"shipTo.city":                       {"shipTo": map[string]any{"city": strings.Repeat("c", 201)}},
		"customFields":                      {"customFields": map[string]any{"unknown": "x"}},
		"externalReferences.erp.externalId": {"externalReferences": map[string]any{"erp": map[string]any{"externalId": " "}}},
	} {
		body["vendorId"] = vendor
		res, answer := rawRequest(t, http.MethodPost, poPath, te.Token, "application/json", soJSON(t, body))
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400: %s", field, res.StatusCode, answer)
			continue
		}
		p := mustProblem(t, res, answer, http.StatusBadRequest)
		named := false
		for k := range p.Errors {
			named = named || strings.HasPrefix(k, field)
		}
		if !named {
			t.Errorf("%s: the problem names %v", field, p.Errors)
		}
	}
	// The ship-to address is kept trimmed, blanks as none.
	o := poGet(t, te, poCreate(t, te, map[string]any{"vendorId": vendor, "shipTo": map[string]any{"city": " Dayton ", "address2": "  "}, "notes": "   "}))
	if o.ShipTo == nil || o.ShipTo.City == nil || *o.ShipTo.City != "Dayton" || o.ShipTo.Address2 != nil || o.Notes != nil {
		t.Fatalf("shipTo %+v notes %v", o.ShipTo, o.Notes)
	}
}

func TestPurchaseOrderReferences(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	post := func(body map[string]any) (rawResponse, []byte) {
		return rawRequest(t, http.MethodPost, poPath, te.Token, "application/json", soJSON(t, body))
	}
	res, body := post(map[string]any{"vendorId": poUnknownID})
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "vendorId")
	// Another tenant's vendor is unknown.
	res, body = post(map[string]any{"vendorId": createVendor(t, newTenant(t), "Theirs")})
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "vendorId")
	gone := createVendor(t, te, "Gone")
	if _, err := srv.Pool.ExecContext(context.Background(), `UPDATE vendors SET deleted = true WHERE tenant_id = $1 AND id = $2`, te.ID, gone); err != nil {
		t.Fatal(err)
	}
	res, body = post(map[string]any{"vendorId": gone})
	mustProblemNaming(t, res, body, "vendorId")
	vendor := createVendor(t, te, "Live")
	res, body = post(map[string]any{"vendorId": vendor, "paymentTermsId": poUnknownID})
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "paymentTermsId")
	terms := createPaymentTerm(t, te, "Net 45", 45)
	o := poGet(t, te, poCreate(t, te, map[string]any{"vendorId": vendor, "paymentTermsId": terms}))
	if o.PaymentTermsId == nil || *o.PaymentTermsId != terms || o.PaymentTerms == nil || o.PaymentTerms.Name != "Net 45" {
		t.Fatalf("payment terms %v %+v", o.PaymentTermsId, o.PaymentTerms)
	}
	res, body = rawRequest(t, http.MethodPut, poOrderPath(o.Id), te.Token, "application/json", soJSON(t, map[string]any{"vendorId": vendor, "paymentTermsId": poUnknownID}))
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "paymentTermsId")
	// Omitted, the payment terms are the vendor's.
	termed := poVendorWith(t, te, map[string]any{"name": "Termed", "paymentTermsId": terms})
	if o := poGet(t, te, poCreate(t, te, map[string]any{"vendorId": termed})); o.PaymentTermsId == nil || *o.PaymentTermsId != terms {
		t.Fatalf("payment terms %v, want the vendor's %s", o.PaymentTermsId, terms)
	}
}

// poVendorWith creates a vendor from body and returns its id.
func poVendorWith(t *testing.T, te *tenantEnv, body map[string]any) string {
	t.Helper()
	res, answer := rawRequest(t, http.MethodPost, "/api/vendors", te.Token, "application/json", soJSON(t, body))
	return createdID(t, res, answer)
}

func TestPurchaseOrderVendorChangesOnlyWhileDraft(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	first, second := createVendor(t, te, "First"), createVendor(t, te, "Second")
	id := poCreate(t, te, map[string]any{"vendorId": first})
	if o := poRequest(t, te, http.MethodPut, poOrderPath(id), soJSON(t, map[string]any{"vendorId": second})); o.VendorId != second || o.VendorName != "Second" {
		t.Fatalf("draft vendor change: %+v", o)
	}
	poRequest(t, te, http.MethodPost, poOrderPath(id)+"/status", `{"status":"ordered"}`)
	res, body := rawRequest(t, http.MethodPut, poOrderPath(id), te.Token, "application/json", soJSON(t, map[string]any{"vendorId": first}))
	mustProblemNaming(t, res, body, "vendorId")
	res, body = rawRequest(t, http.MethodPatch, poOrderPath(id), te.Token, "application/json-patch+json", fmt.Sprintf(`[{"op":"replace","path":"/vendorId","value":%q}]`, first))
	mustProblemNaming(t, res, body, "vendorId")
	// The same vendor is no change.
	if o := poRequest(t, te, http.MethodPut, poOrderPath(id), soJSON(t, map[string]any{"vendorId": second, "notes": "Call first"})); o.Notes == nil || *o.Notes != "Call first" {
		t.Fatalf("notes %v", o.Notes)
	}
}

func TestPurchaseOrderUpdateAndPatch(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := poVendorIn(t, te, "Patched", "USD")
	id := poCreate(t, te, map[string]any{"vendorId": vendor, "title": "First", "notes": "n", "currencyCode": "EUR",
		"shipTo": map[string]any{"city": "Dayton"}})
	// PUT: omitted members are none, but currency and order date are kept.
	before := poGet(t, te, id)
	u := poRequest(t, te, http.MethodPut, poOrderPath(id), soJSON(t, map[string]any{"vendorId": vendor}))
	if u.Title != "RFQ" || !u.TitleIsDefault || u.Notes != nil || u.ShipTo != nil || u.CurrencyCode != "EUR" || !u.OrderDate.Equal(before.OrderDate) {
		t.Fatalf("after PUT %+v", u)
	}
	// PATCH: a default title stays the default unless the patch names it.
	p := poRequest(t, te, http.MethodPatch, poOrderPath(id), `[{"op":"replace","path":"/notes","value":"later"}]`)
	if p.Title != "RFQ" || !p.TitleIsDefault || p.Notes == nil || *p.Notes != "later" {
		t.Fatalf("after PATCH %+v", p)
	}
	p = poRequest(t, te, http.MethodPatch, poOrderPath(id), `[{"op":"replace","path":"/title","value":" Bar stock "}]`)
	if p.Title != "Bar stock" || p.TitleIsDefault {
		t.Fatalf("patched title %q", p.Title)
	}
	for _, path := range []string{"/number", "/status", "/vendorName", "/total", "/titleIsDefault", "/createdByName"} {
		res, body := rawRequest(t, http.MethodPatch, poOrderPath(id), te.Token, "application/json-patch+json", fmt.Sprintf(`[{"op":"replace","path":%q,"value":null}]`, path))
		mustProblem(t, res, body, http.StatusBadRequest)
	}
	res, body := rawRequest(t, http.MethodPut, poOrderPath(id), te.Token, "application/json", soJSON(t, map[string]any{"vendorId": vendor, "title": strings.Repeat("x", 101)}))
	mustProblemNaming(t, res, body, "title")
	res, body = rawRequest(t, http.MethodPut, poOrderPath(poUnknownID), te.Token, "application/json", soJSON(t, map[string]any{"vendorId": vendor}))
	mustProblem(t, res, body, http.StatusNotFound)
}

func TestPurchaseOrderExternalReferencesBlankRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := createVendor(t, te, "Referenced")
	id := poCreate(t, te, map[string]any{"vendorId": vendor, "externalReferences": map[string]any{"erp": map[string]any{"type": " ", "externalId": "PO-1"}}})
	if ref := poGet(t, te, id).ExternalReferences["erp"]; ref.Type != nil || ref.ExternalID == nil || *ref.ExternalID != "PO-1" {
		t.Fatalf("created reference %+v (a blank member is stored as none)", ref)
	}
	o := poRequest(t, te, http.MethodPatch, poOrderPath(id), `[{"op":"add","path":"/externalReferences/erp","value":{"type":"  ","externalId":""}}]`)
	if ref := o.ExternalReferences["erp"]; ref.Type == nil || *ref.Type != "" || ref.ExternalID == nil || *ref.ExternalID != "" {
		t.Fatalf("patched reference %+v", ref)
	}
	res, body := rawRequest(t, http.MethodPut, poOrderPath(id), te.Token, "application/json", soJSON(t, map[string]any{
		"vendorId": vendor, "externalReferences": map[string]any{"erp": map[string]any{"externalId": " "}}}))
	mustProblemNaming(t, res, body, "externalReferences.erp.externalId")
}

func TestPurchaseOrderCustomFields(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("project", client.CustomFieldModulePurchaseOrder))
	createCustomField(t, te, textField("soOnly", client.CustomFieldModuleSalesOrder))
	vendor := createVendor(t, te, "Fielded")
	id := poCreate(t, te, map[string]any{"vendorId": vendor, "customFields": map[string]any{"project": "P-0"}})
	for i, path := range []string{poOrderPath(id) + "/custom-fields", poOrderPath(id) + "/customFields"} {
		o := poRequest(t, te, http.MethodPut, path, fmt.Sprintf(`{"project":"P-%d"}`, i+1))
		if o.CustomFields["project"] != fmt.Sprintf("P-%d", i+1) {
			t.Fatalf("%s: custom fields %v", path, o.CustomFields)
		}
		res, body := rawRequest(t, http.MethodPut, path, te.Token, "application/json", `{"soOnly":"x"}`)
		mustProblemNaming(t, res, body, "customFields.soOnly")
	}
	// PATCH validates only what it touches; PUT validates in full.
	o := poRequest(t, te, http.MethodPatch, poOrderPath(id), `[{"op":"add","path":"/customFields/project","value":"P-9"}]`)
	if o.CustomFields["project"] != "P-9" {
		t.Fatalf("patched custom fields %v", o.CustomFields)
	}
	res, body := rawRequest(t, http.MethodPatch, poOrderPath(id), te.Token, "application/json-patch+json", `[{"op":"add","path":"/customFields/soOnly","value":"x"}]`)
	mustProblemNaming(t, res, body, "customFields.soOnly")
	res, body = rawRequest(t, http.MethodPut, poOrderPath(id), te.Token, "application/json", soJSON(t, map[string]any{"vendorId": vendor, "customFields": map[string]any{"soOnly": "x"}}))
	mustProblemNaming(t, res, body, "customFields.soOnly")
	if o := poRequest(t, te, http.MethodPut, poOrderPath(id)+"/custom-fields", `{}`); len(o.CustomFields) != 0 {
		t.Fatalf("{} left %v", o.CustomFields)
	}
	res, body = rawRequest(t, http.MethodPut, poOrderPath(poUnknownID)+"/customFields", te.Token, "application/json", `{}`)
	mustProblem(t, res, body, http.StatusNotFound)
}

// poMoveTo brings a new order to status by allowed moves.
func poMoveTo(t *testing.T, te *tenantEnv, id string, status client.PurchaseOrderStatus) {
	t.Helper()
	path := map[client.PurchaseOrderStatus][]string{
		client.PurchaseOrderStatusDraft:     nil,
		client.PurchaseOrderStatusOrdered:   {"ordered"},
		client.PurchaseOrderStatusPaid:      {"ordered", "paid"},
		client.PurchaseOrderStatusClosed:    {"ordered", "closed"},
		client.PurchaseOrderStatusCancelled: {"cancelled"},
	}[status]
	for _, s := range path {
		poRequest(t, te, http.MethodPost, poOrderPath(id)+"/status", fmt.Sprintf(`{"status":%q}`, s))
	}
	if got := poGet(t, te, id).Status; got != status {
		t.Fatalf("reached %s, want %s", got, status)
	}
}

// TestPurchaseOrderStatusTable walks every pair of statuses through HTTP: the allowed moves
// answer the order in its new status, a move to the same status changes nothing, and every
// other move is refused with 400 naming status.
func TestPurchaseOrderStatusTable(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := createVendor(t, te, "Moving")
	statuses := []client.PurchaseOrderStatus{client.PurchaseOrderStatusDraft, client.PurchaseOrderStatusOrdered,
		client.PurchaseOrderStatusPaid, client.PurchaseOrderStatusClosed, client.PurchaseOrderStatusCancelled}
	allowed := map[client.PurchaseOrderStatus][]client.PurchaseOrderStatus{
		client.PurchaseOrderStatusDraft: {client.PurchaseOrderStatusOrdered, client.PurchaseOrderStatusCancelled},
		client.PurchaseOrderStatusOrdered: {client.PurchaseOrderStatusDraft, client.PurchaseOrderStatusPaid,
			client.PurchaseOrderStatusClosed, client.PurchaseOrderStatusCancelled},
		client.PurchaseOrderStatusPaid:      {client.PurchaseOrderStatusOrdered, client.PurchaseOrderStatusClosed},
		client.PurchaseOrderStatusClosed:    {client.PurchaseOrderStatusOrdered},
		client.PurchaseOrderStatusCancelled: {client.PurchaseOrderStatusDraft},
	}
	for _, from := range statuses {
		for _, to := range statuses {
			id := poCreate(t, te, map[string]any{"vendorId": vendor})
			poMoveTo(t, te, id, from)
			before := poGet(t, te, id)
			res, body := rawRequest(t, http.MethodPost, poOrderPath(id)+"/status", te.Token, "application/json", fmt.Sprintf(`{"status":%q}`, to))
			switch {
			case from == to:
				mustStatus(t, res.StatusCode, http.StatusOK, body)
				after := poGet(t, te, id)
				if after.Status != from || !after.ModifiedUtc.Equal(before.ModifiedUtc) {
					t.Errorf("%s → %s: a no-op changed the order (%s, %s → %s)", from, to, after.Status, before.ModifiedUtc, after.ModifiedUtc)
				}
			case slices.Contains(allowed[from], to):
				mustStatus(t, res.StatusCode, http.StatusOK, body)
				var o client.PurchaseOrder
				if err := json.Unmarshal(body, &o); err != nil || o.Status != to || !o.ModifiedUtc.After(before.ModifiedUtc) {
					t.Errorf("%s → %s answered %s (%v)", from, to, o.Status, err)
				}
			default:
				mustProblemNaming(t, res, body, "status")
				if got := poGet(t, te, id).Status; got != from {
					t.Errorf("%s → %s refused but the order is %s", from, to, got)
				}
			}
		}
	}
	id := poCreate(t, te, map[string]any{"vendorId": vendor})
	res, body := rawRequest(t, http.MethodPost, poOrderPath(id)+"/status", te.Token, "application/json", `{"status":"received"}`)
	mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
	res, body = rawRequest(t, http.MethodPost, poOrderPath(poUnknownID)+"/status", te.Token, "application/json", `{"status":"ordered"}`)
	mustProblem(t, res, body, http.StatusNotFound)
}

func TestPurchaseOrderDeleteIsSoft(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := createVendor(t, te, "Deleted")
	id := poCreate(t, te, map[string]any{"vendorId": vendor})
	res, body := rawRequest(t, http.MethodDelete, poOrderPath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	res, body = rawRequest(t, http.MethodDelete, poOrderPath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, body)
	res, body = rawRequest(t, http.MethodDelete, poOrderPath(poUnknownID), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, body)
	if o := poGet(t, te, id); !o.Deleted {
		t.Fatal("a deleted order reads without deleted: true")
	}
	for _, w := range []struct{ method, path, body string }{
		{http.MethodPut, poOrderPath(id), soJSON(t, map[string]any{"vendorId": vendor})},
		{http.MethodPatch, poOrderPath(id), `[{"op":"replace","path":"/notes","value":"x"}]`},
		{http.MethodPost, poOrderPath(id) + "/status", `{"status":"ordered"}`},
		{http.MethodPut, poOrderPath(id) + "/custom-fields", `{}`},
	} {
		contentType := "application/json"
		if w.method == http.MethodPatch {
			contentType = "application/json-patch+json"
		}
		res, body := rawRequest(t, w.method, w.path, te.Token, contentType, w.body)
		mustProblem(t, res, body, http.StatusNotFound)
	}
	if ids := poIDs(poList(t, te, `{}`)); len(ids) != 0 {
		t.Fatalf("the list shows deleted orders %v", ids)
	}
	if ids := poIDs(poList(t, te, `{"includeDeleted":true}`)); !slices.Equal(ids, []string{id}) {
		t.Fatalf("includeDeleted lists %v", ids)
	}
	// The number is not reused.
	if n := poGet(t, te, poCreate(t, te, map[string]any{"vendorId": vendor})).Number; n != 2 {
		t.Fatalf("next number %d, want 2", n)
	}
}

func TestPurchaseOrderListFilters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a, b := createVendor(t, te, "Alpha"), createVendor(t, te, "Beta")
	first := poCreate(t, te, map[string]any{"vendorId": a, "orderDate": "2026-01-10", "dueDate": "2026-02-01",
		"externalReferences": map[string]any{"erp": map[string]any{"type": "po", "externalId": "E-1"}}})
	second := poCreate(t, te, map[string]any{"vendorId": b, "orderDate": "2026-01-20"})
	third := poCreate(t, te, map[string]any{"vendorId": a, "orderDate": "2026-01-30", "dueDate": "2026-03-01"})
	poMoveTo(t, te, second, client.PurchaseOrderStatusOrdered)
	mid := poGet(t, te, second).ModifiedUtc
	poRequest(t, te, http.MethodPatch, poOrderPath(first), `[{"op":"replace","path":"/notes","value":"touched"}]`)
	for name, c := range map[string]struct {
		body string
		want []string
	}{
		"default newest first":   {`{}`, []string{third, second, first}},
		"ids":                    {fmt.Sprintf(`{"ids":[%q,%q]}`, first, third), []string{third, first}},
		"numbers":                {`{"numbers":[2]}`, []string{second}},
		"vendorIds":              {fmt.Sprintf(`{"vendorIds":[%q]}`, a), []string{third, first}},
		"statuses":               {`{"statuses":["ordered"]}`, []string{second}},
		"orderDateFrom":          {`{"orderDateFrom":"2026-01-20"}`, []string{third, second}},
		"orderDateTo":            {`{"orderDateTo":"2026-01-20T23:00:00-05:00"}`, []string{second, first}},
		"dueDateFrom":            {`{"dueDateFrom":"2026-02-02"}`, []string{third}},
		"dueDateTo":              {`{"dueDateTo":"2026-02-01"}`, []string{first}},
		"modifiedAfterUtc":       {fmt.Sprintf(`{"modifiedAfterUtc":%q}`, mid.UTC().Format(time.RFC3339Nano)), []string{first}},
		"externalReference":      {`{"externalReference":{"key":"erp","externalId":"E-1"}}`, []string{first}},
		"externalReference miss": {`{"externalReference":{"key":"erp","externalId":"E-2"}}`, []string{}},
	} {
		if got := poIDs(poList(t, te, c.body)); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", name, got, c.want)
		}
	}
	res, body := rawRequest(t, http.MethodPost, poListPath+"?Sort.Field=vendor.name&Sort.Dir=ascending", te.Token, "application/json", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var sorted []client.PurchaseOrder
	if err := json.Unmarshal(body, &sorted); err != nil || sorted[len(sorted)-1].Id != second {
		t.Fatalf("sorted by vendor name: %v (%v)", poIDs(sorted), err)
	}
	res, body = rawRequest(t, http.MethodPost, poListPath, te.Token, "application/json", `{"orderDateFrom":"1999-01-01"}`)
	mustProblemNaming(t, res, body, "orderDateFrom")
}

func TestPurchaseOrderTenantsAndPermissions(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	id := poFor(t, te)
	vendor := poGet(t, te, id).VendorId
	for _, w := range []struct{ method, path, body string }{
		{http.MethodGet, poOrderPath(id), ""},
		{http.MethodPut, poOrderPath(id), soJSON(t, map[string]any{"vendorId": vendor})},
		{http.MethodPost, poOrderPath(id) + "/status", `{"status":"ordered"}`},
		{http.MethodPut, poOrderPath(id) + "/customFields", `{}`},
	} {
		contentType := ""
		if w.body != "" {
			contentType = "application/json"
		}
		res, body := rawRequest(t, w.method, w.path, other.Token, contentType, w.body)
		mustProblem(t, res, body, http.StatusNotFound)
	}
	res, body := rawRequest(t, http.MethodDelete, poOrderPath(id), other.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, body)
	if ids := poIDs(poList(t, other, `{}`)); len(ids) != 0 {
		t.Fatalf("another tenant lists %v", ids)
	}
	viewer := te.userToken(t, "View Purchase Order")
	res, body = rawRequest(t, http.MethodPost, poPath, viewer, "application/json", soJSON(t, map[string]any{"vendorId": vendor}))
	mustProblem(t, res, body, http.StatusForbidden)
	res, body = rawRequest(t, http.MethodPost, poOrderPath(id)+"/status", viewer, "application/json", `{"status":"ordered"}`)
	mustProblem(t, res, body, http.StatusForbidden)
	res, body = rawRequest(t, http.MethodGet, poOrderPath(id), viewer, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	editor := te.userToken(t, "Edit Purchase Order")
	res, body = rawRequest(t, http.MethodGet, poOrderPath(id), editor, "", "")
	mustProblem(t, res, body, http.StatusForbidden)
	res, body = rawRequest(t, http.MethodPost, poListPath, editor, "application/json", `{}`)
	mustProblem(t, res, body, http.StatusForbidden)
	res, body = rawRequest(t, http.MethodPost, poPath, editor, "application/json", soJSON(t, map[string]any{"vendorId": vendor}))
	o := poGet(t, te, createdID(t, res, body))
	if o.CreatedByUserId == nil || *o.CreatedByUserId != userIDOf(t, editor) || o.CreatedByName == nil {
		t.Fatalf("createdBy %v %v", o.CreatedByUserId, o.CreatedByName)
	}
}

func TestPurchaseOrderETagAndIfMatch(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := poFor(t, te)
	vendor := poGet(t, te, id).VendorId
	res, body := rawRequest(t, http.MethodGet, poOrderPath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	tag := res.Header.Get("ETag")
	if tag == "" {
		t.Fatal("no ETag")
	}
	put := func(ifMatch string) (rawResponse, []byte) {
		return sendRequest(t, http.MethodPut, srv.URL+poOrderPath(id), mergeHeaders(bearer(te.Token),
			http.Header{"If-Match": {ifMatch}, "Content-Type": {"application/json"}}), strings.NewReader(soJSON(t, map[string]any{"vendorId": vendor, "notes": "x"})))
	}
	res, body = put(tag)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	res, body = put(tag)
	mustStatus(t, res.StatusCode, http.StatusPreconditionFailed, body)
	// Renaming the vendor moves the order's ETag: its answer shows the name.
	res, body = rawRequest(t, http.MethodGet, poOrderPath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	before := res.Header.Get("ETag")
	r, err := te.API.UpdateVendorWithResponse(context.Background(), vendor, nil, client.VendorWrite{Name: "Renamed supplier"})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, r.StatusCode(), http.StatusOK, r.Body)
	res, body = rawRequest(t, http.MethodGet, poOrderPath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if res.Header.Get("ETag") == before || !strings.Contains(string(body), "Renamed supplier") {
		t.Fatalf("after the vendor's rename: ETag %s (was %s), body %s", res.Header.Get("ETag"), before, body)
	}
}

func TestPurchaseOrderAttachments(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := poFor(t, te)
	before := poGet(t, te, id)
	res := upload(t, te.API, &filePart{name: "quote.pdf", content: uniqueBytes(t, t.Name(), 128)},
		part{"Detail.Owner.Type", "purchaseOrder"}, part{"Detail.Owner.Id", id}, part{"Detail.IsNoteAttachment", "false"})
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	list := listAttachments(t, te.API, client.AttachmentFilter{Owner: &client.AttachmentAnyOwner{Type: client.AttachmentAnyOwnerTypePurchaseOrder, Id: id}})
	if len(list) != 1 || list[0].Id != res.JSON200.Id {
		t.Fatalf("the order's attachments: %v", attachmentIDs(list))
	}
	if after := poGet(t, te, id); !after.ModifiedUtc.After(before.ModifiedUtc) {
		t.Fatal("attaching a file did not advance the order's modifiedUtc")
	}
	res = upload(t, te.API, &filePart{name: "quote.pdf", content: uniqueBytes(t, t.Name()+"u", 128)},
		part{"Detail.Owner.Type", "purchaseOrder"}, part{"Detail.Owner.Id", poUnknownID}, part{"Detail.IsNoteAttachment", "false"})
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
	res = upload(t, newTenant(t).API, &filePart{name: "quote.pdf", content: uniqueBytes(t, t.Name()+"x", 128)},
		part{"Detail.Owner.Type", "purchaseOrder"}, part{"Detail.Owner.Id", id}, part{"Detail.IsNoteAttachment", "false"})
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
}

func TestPurchaseOrderNumbersAreGapFreeUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := createVendor(t, te, "Busy")
	const n = 20
	statuses := atOnce(t, n, func(int) (int, error) {
		res, _ := rawRequest(t, http.MethodPost, poPath, te.Token, "application/json", fmt.Sprintf(`{"vendorId":%q}`, vendor))
		return res.StatusCode, nil
	})
	if statuses[http.StatusOK] != n {
		t.Fatalf("statuses %v, want %d × 200", statuses, n)
	}
	var numbers []int64
	for _, o := range poList(t, te, `{}`) {
		numbers = append(numbers, o.Number)
	}
	slices.Sort(numbers)
	if len(numbers) != n {
		t.Fatalf("%d orders listed, want %d", len(numbers), n)
	}
	for i, got := range numbers {
		if got != int64(i+1) {
			t.Fatalf("numbers %v, want 1..%d", numbers, n)
		}
	}
}

// poArrangeOrders: purchase orders with payment terms, a ship-to address, custom fields and
// external references, one (small) or many (large): a read answers in a fixed number of
// statements.
func poArrangeOrders(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		createCustomField(t, te, textField("project", client.CustomFieldModulePurchaseOrder))
		terms := createPaymentTerm(t, te, "Net 30", 30)
		vendor := createVendor(t, te, "Counted")
		return arrangeEach(size, func(i, _ int) string {
			return arrangeCreate(t, te, poPath, fmt.Sprintf(`{"vendorId":%q,"paymentTermsId":%q,"shipTo":{"city":"Dayton"},
				"customFields":{"project":"P-%d"},"externalReferences":{"erp":{"type":"po","externalId":"PO-%d"}}}`, vendor, terms, i, i))
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listPurchaseOrders", poListPath, poListPath, `{}`),
		getRead("getPurchaseOrder", poOrderPath(s[0]), poOrderPath(l[0])),
	}
}
