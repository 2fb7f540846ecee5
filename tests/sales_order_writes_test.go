package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

// soPut sends a full update and answers the order.
func soPut(t *testing.T, te *tenantEnv, id string, body map[string]any) client.SalesOrder {
	t.Helper()
	return soRequest(t, te, http.MethodPut, soOrderPath(id), soJSON(t, body))
}

// soPatch sends a JSON Patch and answers the order.
func soPatch(t *testing.T, te *tenantEnv, id, ops string) client.SalesOrder {
	t.Helper()
	return soRequest(t, te, http.MethodPatch, soOrderPath(id), ops)
}

// soPo is a nullable string member as read ("" for null).
func soPo(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// soDate is a read calendar date as its JSON ("null" for none).
func soDate(v any) string {
	b, _ := json.Marshal(v)
	return strings.Trim(string(b), `"`)
}

func TestSalesOrderUpdateKeepsCalendarDatesAsWritten(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := soFor(t, te, "")
	customer := soGet(t, te, id).CustomerId
	for _, written := range []string{"2026-03-01T23:30:00-08:00", "2026-03-01T00:30:00+09:00"} {
		o := soPut(t, te, id, map[string]any{"customerId": customer, "orderedDate": written, "dueDate": written,
			"productionDueDate": written, "deliveryDueDate": written})
		for field, got := range map[string]string{"orderedDate": soDate(o.OrderedDate), "dueDate": soDate(o.DueDate),
			"productionDueDate": soDate(o.ProductionDueDate), "deliveryDueDate": soDate(o.DeliveryDueDate)} {
			if got != "2026-03-01T00:00:00Z" {
				t.Errorf("%s %s read as %s, want 2026-03-01T00:00:00Z", field, written, got)
			}
		}
	}
	for _, field := range []string{"orderedDate", "dueDate", "productionDueDate", "deliveryDueDate"} {
		for _, bad := range []string{"1999-12-31", "2100-01-01T00:00:00Z"} {
			res, body := rawRequest(t, http.MethodPut, soOrderPath(id), te.Token, "application/json", soJSON(t, map[string]any{"customerId": customer, field: bad}))
			mustProblemNaming(t, res, body, field)
			res, body = rawRequest(t, http.MethodPatch, soOrderPath(id), te.Token, "application/json-patch+json",
				fmt.Sprintf(`[{"op":"replace","path":"/%s","value":%q}]`, field, bad))
			mustProblemNaming(t, res, body, field)
		}
	}
	// A patch keeps the calendar date as written too.
	o := soPatch(t, te, id, `[{"op":"replace","path":"/dueDate","value":"2026-04-30T23:59:00-11:00"}]`)
	if got := soDate(o.DueDate); got != "2026-04-30T00:00:00Z" {
		t.Fatalf("patched dueDate %s", got)
	}
	// Omitted orderedDate keeps it; omitted due dates are none.
	o = soPut(t, te, id, map[string]any{"customerId": customer})
	if soDate(o.OrderedDate) != "2026-03-01T00:00:00Z" || o.DueDate != nil || o.ProductionDueDate != nil || o.DeliveryDueDate != nil {
		t.Fatalf("after a bare update: ordered %s due %v %v %v", soDate(o.OrderedDate), o.DueDate, o.ProductionDueDate, o.DeliveryDueDate)
	}
}

func TestSalesOrderUpdateDropshipRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Dropshipper"})
	id := soCreate(t, te, map[string]any{"customerId": customer, "dropship": true, "dropshipCustomerPoNumber": "END-1"})
	put := func(body map[string]any) client.SalesOrder {
		body["customerId"] = customer
		return soPut(t, te, id, body)
	}
	// Omitted dropship keeps both, even when the PO number is sent.
	if o := put(map[string]any{"dropshipCustomerPoNumber": "END-2"}); !o.Dropship || soPo(o.DropshipCustomerPoNumber) != "END-1" {
		t.Fatalf("omitted dropship: %v %q, want true END-1", o.Dropship, soPo(o.DropshipCustomerPoNumber))
	}
	if o := put(map[string]any{}); !o.Dropship || soPo(o.DropshipCustomerPoNumber) != "END-1" {
		t.Fatalf("bare update: %v %q, want true END-1", o.Dropship, soPo(o.DropshipCustomerPoNumber))
	}
	// Dropship sent: both written.
	if o := put(map[string]any{"dropship": true, "dropshipCustomerPoNumber": " END-3 "}); !o.Dropship || soPo(o.DropshipCustomerPoNumber) != "END-3" {
		t.Fatalf("dropship with PO: %v %q, want true END-3", o.Dropship, soPo(o.DropshipCustomerPoNumber))
	}
	// Dropship sent without the PO number clears it.
	if o := put(map[string]any{"dropship": true}); !o.Dropship || o.DropshipCustomerPoNumber != nil {
		t.Fatalf("dropship without PO: %v %q, want true none", o.Dropship, soPo(o.DropshipCustomerPoNumber))
	}
	put(map[string]any{"dropship": true, "dropshipCustomerPoNumber": "END-4"})
	// Not dropship: no dropship PO number.
	if o := put(map[string]any{"dropship": false, "dropshipCustomerPoNumber": "END-5"}); o.Dropship || o.DropshipCustomerPoNumber != nil {
		t.Fatalf("dropship false: %v %q, want false none", o.Dropship, soPo(o.DropshipCustomerPoNumber))
	}
	res, body := rawRequest(t, http.MethodPut, soOrderPath(id), te.Token, "application/json",
		soJSON(t, map[string]any{"customerId": customer, "dropship": true, "dropshipCustomerPoNumber": strings.Repeat("9", 1001)}))
	mustProblemNaming(t, res, body, "dropshipCustomerPoNumber")
}

func TestSalesOrderPatchDropshipRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := soFor(t, te, "")
	// A patch of only the PO number on an order that is not dropship is refused.
	res, body := rawRequest(t, http.MethodPatch, soOrderPath(id), te.Token, "application/json-patch+json",
		`[{"op":"replace","path":"/dropshipCustomerPoNumber","value":"END-1"}]`)
	mustProblemNaming(t, res, body, "dropshipCustomerPoNumber")
	// Naming /dropship writes both: without the PO number it is cleared.
	o := soPatch(t, te, id, `[{"op":"replace","path":"/dropship","value":true},{"op":"replace","path":"/dropshipCustomerPoNumber","value":"END-2"}]`)
	if !o.Dropship || soPo(o.DropshipCustomerPoNumber) != "END-2" {
		t.Fatalf("patch both: %v %q", o.Dropship, soPo(o.DropshipCustomerPoNumber))
	}
	// Only the PO number of a dropship order: changed, dropship kept.
	o = soPatch(t, te, id, `[{"op":"replace","path":"/dropshipCustomerPoNumber","value":"END-3"}]`)
	if !o.Dropship || soPo(o.DropshipCustomerPoNumber) != "END-3" {
		t.Fatalf("patch PO only: %v %q", o.Dropship, soPo(o.DropshipCustomerPoNumber))
	}
	o = soPatch(t, te, id, `[{"op":"replace","path":"/dropship","value":true}]`)
	if !o.Dropship || o.DropshipCustomerPoNumber != nil {
		t.Fatalf("patch dropship only: %v %q, want the PO number cleared", o.Dropship, soPo(o.DropshipCustomerPoNumber))
	}
	// Other patches keep both.
	soPatch(t, te, id, `[{"op":"replace","path":"/dropshipCustomerPoNumber","value":"END-4"}]`)
	o = soPatch(t, te, id, `[{"op":"replace","path":"/notes","value":"kept"}]`)
	if !o.Dropship || soPo(o.DropshipCustomerPoNumber) != "END-4" || soPo(o.Notes) != "kept" {
		t.Fatalf("unrelated patch: %v %q", o.Dropship, soPo(o.DropshipCustomerPoNumber))
	}
	// Read-only members are refused.
	for _, path := range []string{"/status", "/number", "/quoteId", "/total"} {
		res, body := rawRequest(t, http.MethodPatch, soOrderPath(id), te.Token, "application/json-patch+json",
			fmt.Sprintf(`[{"op":"replace","path":%q,"value":"x"}]`, path))
		mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
	}
}

func TestSalesOrderUpdateRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "First"})
	other := createCustomer(t, te, client.CustomerWrite{Name: "Second"})
	contact := createContact(t, te, other, client.CustomerContactWrite{FirstName: "Robin"})
	id := soCreate(t, te, map[string]any{"customerId": customer, "customerPoNumber": "PO-1", "notes": "n",
		"shippingCharge": map[string]any{"amount": 10, "isTaxable": true}})
	before := soGet(t, te, id)
	// A draft order may change customer; the contact must be the new customer's.
	o := soPut(t, te, id, map[string]any{"customerId": other, "contactId": contact, "customerPoNumber": "  PO-2 "})
	if o.CustomerId != other || o.Customer.Name != "Second" || o.Contact == nil || o.Contact.FirstName != "Robin" || soPo(o.CustomerPoNumber) != "PO-2" {
		t.Fatalf("changed customer: %+v", o)
	}
	// Nothing taken from the customer, omitted members are none, the shipping charge is kept.
	if o.Notes != nil || o.Status != client.SalesOrderStatusDraft || o.Number != before.Number || o.ShippingCharge.Amount.String() != "10" || o.Total.String() != "10" {
		t.Fatalf("after update: %+v", o)
	}
	if !o.ModifiedUtc.After(before.ModifiedUtc) {
		t.Fatal("modifiedUtc did not advance")
	}
	// A new shipping charge recomputes the totals.
	o = soPut(t, te, id, map[string]any{"customerId": other, "shippingCharge": map[string]any{"amount": json.Number("7.25")}})
	if o.FeeTotal.String() != "7.25" || o.Total.String() != "7.25" || o.ShippingCharge.IsTaxable {
		t.Fatalf("new shipping charge: fee %s total %s taxable %v", o.FeeTotal.String(), o.Total.String(), o.ShippingCharge.IsTaxable)
	}
	o = soPatch(t, te, id, `[{"op":"replace","path":"/shippingCharge/amount","value":3}]`)
	if o.FeeTotal.String() != "3" || o.Total.String() != "3" {
		t.Fatalf("patched shipping charge: fee %s total %s", o.FeeTotal.String(), o.Total.String())
	}
	res, body := rawRequest(t, http.MethodPut, soOrderPath(id), te.Token, "application/json",
		soJSON(t, map[string]any{"customerId": other, "shippingCharge": map[string]any{"amount": -1}}))
	mustProblemNaming(t, res, body, "shippingCharge.amount")
	res, body = rawRequest(t, http.MethodPut, soOrderPath(id), te.Token, "application/json", soJSON(t, map[string]any{"customerId": other, "contactId": contact + "x"}))
	mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
	// The status is not written by an update.
	o = soPut(t, te, id, map[string]any{"customerId": other, "status": "complete"})
	if o.Status != client.SalesOrderStatusDraft {
		t.Fatalf("update wrote status %s", o.Status)
	}
	// Once out of draft the customer cannot change.
	soRequest(t, te, http.MethodPost, soOrderPath(id)+"/status", `{"status":"approved"}`)
	res, body = rawRequest(t, http.MethodPut, soOrderPath(id), te.Token, "application/json", soJSON(t, map[string]any{"customerId": customer}))
	mustProblemNaming(t, res, body, "customerId")
	soPut(t, te, id, map[string]any{"customerId": other, "notes": "same customer is fine"})
	// Unknown references: 404 naming the member.
	draft := soCreate(t, te, map[string]any{"customerId": other})
	for field, value := range map[string]string{"customerId": soUnknownID, "shippingMethodId": soUnknownID, "paymentTermsId": soUnknownID, "salesPersonId": soUnknownID} {
		body := map[string]any{"customerId": other, field: value}
		res, answer := rawRequest(t, http.MethodPut, soOrderPath(draft), te.Token, "application/json", soJSON(t, body))
		mustNameField(t, mustProblem(t, res, answer, http.StatusNotFound), field)
	}
}

func TestSalesOrderDeleteIsSoft(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := soFor(t, te, "")
	customer := soGet(t, te, id).CustomerId
	res, body := rawRequest(t, http.MethodDelete, soOrderPath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	res, body = rawRequest(t, http.MethodDelete, soOrderPath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, body)
	res, body = rawRequest(t, http.MethodDelete, soOrderPath(soUnknownID), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, body)
	if o := soGet(t, te, id); !o.Deleted {
		t.Fatal("a deleted order reads deleted false")
	}
	for _, w := range []struct{ method, path, contentType, body string }{
		{http.MethodPut, soOrderPath(id), "application/json", fmt.Sprintf(`{"customerId":%q}`, customer)},
		{http.MethodPatch, soOrderPath(id), "application/json-patch+json", `[{"op":"replace","path":"/notes","value":"x"}]`},
		{http.MethodPost, soOrderPath(id) + "/status", "application/json", `{"status":"approved"}`},
		{http.MethodPut, soOrderPath(id) + "/custom-fields", "application/json", `{}`},
		{http.MethodPut, soOrderPath(id) + "/customFields", "application/json", `{}`},
	} {
		res, body := rawRequest(t, w.method, w.path, te.Token, w.contentType, w.body)
		mustProblem(t, res, body, http.StatusNotFound)
	}
	if list := soList(t, te, `{}`); len(list) != 0 {
		t.Fatalf("the list answers a deleted order: %d", len(list))
	}
	if list := soList(t, te, `{"includeDeleted":true}`); len(list) != 1 || list[0].Id != id {
		t.Fatalf("includeDeleted: %d orders", len(list))
	}
}

func TestSalesOrderCustomFieldsBothSpellings(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("project", client.CustomFieldModuleSalesOrder))
	createCustomField(t, te, textField("quoteOnly", client.CustomFieldModuleQuote))
	id := soFor(t, te, "")
	for i, path := range []string{soOrderPath(id) + "/custom-fields", soOrderPath(id) + "/customFields"} {
		o := soRequest(t, te, http.MethodPut, path, fmt.Sprintf(`{"project":"P-%d"}`, i))
		if o.CustomFields["project"] != fmt.Sprintf("P-%d", i) {
			t.Fatalf("%s: custom fields %v", path, o.CustomFields)
		}
		res, body := rawRequest(t, http.MethodPut, path, te.Token, "application/json", `{"quoteOnly":"x"}`)
		mustProblemNaming(t, res, body, "customFields.quoteOnly")
	}
	if o := soRequest(t, te, http.MethodPut, soOrderPath(id)+"/custom-fields", `{}`); len(o.CustomFields) != 0 {
		t.Fatalf("{} left %v", o.CustomFields)
	}
	res, body := rawRequest(t, http.MethodPut, soPath+"/"+soUnknownID+"/custom-fields", te.Token, "application/json", `{}`)
	mustProblem(t, res, body, http.StatusNotFound)
}

// soMoveTo brings a new order to status by allowed moves.
func soMoveTo(t *testing.T, te *tenantEnv, id string, status client.SalesOrderStatus) {
	t.Helper()
	path := map[client.SalesOrderStatus][]string{
		client.SalesOrderStatusDraft:         nil,
		client.SalesOrderStatusNeedsApproval: {"needsApproval"},
		client.SalesOrderStatusApproved:      {"approved"},
		client.SalesOrderStatusInProgress:    {"approved", "inProgress"},
		client.SalesOrderStatusComplete:      {"approved", "complete"},
	}[status]
	for _, s := range path {
		soRequest(t, te, http.MethodPost, soOrderPath(id)+"/status", fmt.Sprintf(`{"status":%q}`, s))
	}
	if got := soGet(t, te, id).Status; got != status {
		t.Fatalf("reached %s, want %s", got, status)
	}
}

// TestSalesOrderStatusTable walks every pair of statuses through HTTP: the allowed moves
// answer the order in its new status, a move to the same status changes nothing, and every
// other move is refused with 400 naming status.
func TestSalesOrderStatusTable(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Moving"})
	statuses := []client.SalesOrderStatus{client.SalesOrderStatusDraft, client.SalesOrderStatusNeedsApproval,
		client.SalesOrderStatusApproved, client.SalesOrderStatusInProgress, client.SalesOrderStatusComplete}
	allowed := map[client.SalesOrderStatus][]client.SalesOrderStatus{
		client.SalesOrderStatusDraft:         {client.SalesOrderStatusNeedsApproval, client.SalesOrderStatusApproved},
		client.SalesOrderStatusNeedsApproval: {client.SalesOrderStatusDraft, client.SalesOrderStatusApproved},
		client.SalesOrderStatusApproved: {client.SalesOrderStatusDraft, client.SalesOrderStatusNeedsApproval,
			client.SalesOrderStatusInProgress, client.SalesOrderStatusComplete},
		client.SalesOrderStatusInProgress: {client.SalesOrderStatusApproved, client.SalesOrderStatusComplete},
		client.SalesOrderStatusComplete:   {client.SalesOrderStatusInProgress},
	}
	for _, from := range statuses {
		for _, to := range statuses {
			id := soCreate(t, te, map[string]any{"customerId": customer})
			soMoveTo(t, te, id, from)
			before := soGet(t, te, id)
			res, body := rawRequest(t, http.MethodPost, soOrderPath(id)+"/status", te.Token, "application/json", fmt.Sprintf(`{"status":%q}`, to))
			switch {
			case from == to:
				mustStatus(t, res.StatusCode, http.StatusOK, body)
				after := soGet(t, te, id)
				if after.Status != from || !after.ModifiedUtc.Equal(before.ModifiedUtc) {
					t.Errorf("%s → %s: a no-op changed the order (%s, %s → %s)", from, to, after.Status, before.ModifiedUtc, after.ModifiedUtc)
				}
			case containsStatus(allowed[from], to):
				mustStatus(t, res.StatusCode, http.StatusOK, body)
				var o client.SalesOrder
				if err := json.Unmarshal(body, &o); err != nil || o.Status != to || !o.ModifiedUtc.After(before.ModifiedUtc) {
					t.Errorf("%s → %s answered %s (%v)", from, to, o.Status, err)
				}
			default:
				mustProblemNaming(t, res, body, "status")
				if got := soGet(t, te, id).Status; got != from {
					t.Errorf("%s → %s refused but the order is %s", from, to, got)
				}
			}
		}
	}
	id := soCreate(t, te, map[string]any{"customerId": customer})
	res, body := rawRequest(t, http.MethodPost, soOrderPath(id)+"/status", te.Token, "application/json", `{"status":"shipped"}`)
	mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
	res, body = rawRequest(t, http.MethodPost, soOrderPath(soUnknownID)+"/status", te.Token, "application/json", `{"status":"approved"}`)
	mustProblem(t, res, body, http.StatusNotFound)
}

func containsStatus(list []client.SalesOrderStatus, s client.SalesOrderStatus) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestSalesOrderWritePermissions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := soFor(t, te, "")
	customer := soGet(t, te, id).CustomerId
	viewer := te.userToken(t, "View Sales Order")
	for _, w := range []struct{ method, path, contentType, body string }{
		{http.MethodPut, soOrderPath(id), "application/json", fmt.Sprintf(`{"customerId":%q}`, customer)},
		{http.MethodPatch, soOrderPath(id), "application/json-patch+json", `[{"op":"replace","path":"/notes","value":"x"}]`},
		{http.MethodDelete, soOrderPath(id), "", ""},
		{http.MethodPost, soOrderPath(id) + "/status", "application/json", `{"status":"approved"}`},
		{http.MethodPut, soOrderPath(id) + "/custom-fields", "application/json", `{}`},
		{http.MethodPut, soSettingsPath, "application/json", `{"autoAddCustomerTaxRates":true}`},
	} {
		res, body := rawRequest(t, w.method, w.path, viewer, w.contentType, w.body)
		mustProblem(t, res, body, http.StatusForbidden)
	}
	editor := te.userToken(t, "Edit Sales Order")
	for _, path := range []string{soOrderPath(id), soSettingsPath} {
		res, body := rawRequest(t, http.MethodGet, path, editor, "", "")
		mustProblem(t, res, body, http.StatusForbidden)
	}
	res, body := rawRequest(t, http.MethodPost, soListPath, editor, "application/json", `{}`)
	mustProblem(t, res, body, http.StatusForbidden)
}
