package tests

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
)

// isoCall is one request tenant B sends naming tenant A's record.
type isoCall struct {
	Method, Path, Body string
	// ContentType defaults to JSON Patch for PATCH and JSON for any other body.
	ContentType string
	// Status is what B gets: 404 unless set (a 204 where a delete of a missing record is
	// documented to answer it, a 400 where A's record is a reference the body may not hold).
	Status int
	// Field, for a 400, is the field the problem must name.
	Field string
}

// isoList is a list that answers tenant A's record to A and never to B.
type isoList struct {
	Method, Path, Body string // Method defaults to POST
	// BPath is what B lists instead, when A's list hangs under a record of A's: the same
	// list under B's own record of the kind.
	BPath string
}

// isolated is tenant A's record as tenant B's calls meet it. Every call may be absent.
type isolated struct {
	// ID is the record's id: every list answers it to A, and none answers it to B.
	ID string
	// Get reads the record: 404 for B. A's answer is the same before and after B's calls.
	Get string
	// Put, Patch and Delete are B's full update, partial update and delete of the record
	// (the path defaults to Get).
	Put, Patch, Delete *isoCall
	Lists              []isoList
	// Refused are B's other calls naming A's records: a sub-resource under A's record, A's
	// record as a reference in a body, an action on it.
	Refused []isoCall
	// Own are B's calls that reuse what A's record holds in one tenant (its name, its
	// number): names are unique per tenant, so they succeed (200 unless Status says).
	Own []isoCall
	// Singleton: Get and Put address the tenant's one record (its settings). B reads its
	// own, not A's, and writes its own (Put.Status says what it answers).
	Singleton bool
}

// isolationRow is one resource of the isolation table.
type isolationRow struct {
	name string
	// arrange creates A's record (and what B needs to name it from its own records).
	arrange func(t *testing.T, a, b *tenantEnv) isolated
	// also holds assertions about the resource the helper's calls do not express.
	also func(t *testing.T, a, b *tenantEnv, rec isolated)
}

// proveIsolated proves that tenant B, through its integration token and through a user
// holding every permission, can neither read, change, delete nor list tenant A's record,
// and that A's record reads the same afterwards.
func proveIsolated(t *testing.T, a, b *tenantEnv, rec isolated) {
	t.Helper()
	before := isolationSnapshot(t, a, rec)
	for _, as := range []struct{ who, token string }{
		{"tenant B", b.Token},
		{"a tenant B user holding every permission", b.userToken(t, permissionCatalogue(t)...)},
	} {
		if rec.Get != "" {
			res, body := rawRequest(t, http.MethodGet, rec.Get, as.token, "", "")
			if rec.Singleton {
				mustStatus(t, res.StatusCode, http.StatusOK, body)
				if jsonEqual(body, before[isoSnapshotGet]) {
					t.Errorf("%s reads tenant A's %s: %s", as.who, rec.Get, body)
				}
			} else {
				mustIsoStatus(t, as.who, isoCall{Method: http.MethodGet, Path: rec.Get}, res, body)
			}
		}
		for _, c := range []*isoCall{withMethod(rec.Put, http.MethodPut, rec.Get), withMethod(rec.Patch, http.MethodPatch, rec.Get), withMethod(rec.Delete, http.MethodDelete, rec.Get)} {
			if c != nil {
				res, body := sendIsoCall(t, as.token, *c)
				mustIsoStatus(t, as.who, *c, res, body)
			}
		}
		for _, c := range rec.Refused {
			res, body := sendIsoCall(t, as.token, c)
			mustIsoStatus(t, as.who, c, res, body)
		}
		for _, l := range rec.Lists {
			path := l.Path
			if l.BPath != "" {
				path = l.BPath
			}
			res, body := sendIsoCall(t, as.token, isoCall{Method: l.method(), Path: path, Body: l.Body})
			mustStatus(t, res.StatusCode, http.StatusOK, body)
			if rec.ID != "" && bytes.Contains(body, []byte(rec.ID)) {
				t.Errorf("%s: %s %s %s answers tenant A's %s: %s", as.who, l.method(), path, l.Body, rec.ID, truncate(body))
			}
		}
	}
	for _, c := range rec.Own {
		if c.Status == 0 {
			c.Status = http.StatusOK
		}
		res, body := sendIsoCall(t, b.Token, c)
		mustStatus(t, res.StatusCode, c.Status, body)
	}
	after := isolationSnapshot(t, a, rec)
	for key, was := range before {
		if !jsonEqual(was, after[key]) {
			t.Errorf("tenant A's %s changed under tenant B's calls:\nbefore %s\nafter  %s", key, truncate(was), truncate(after[key]))
		}
	}
}

const isoSnapshotGet = "record"

// isolationSnapshot reads A's record and A's lists, which must answer the record.
func isolationSnapshot(t *testing.T, a *tenantEnv, rec isolated) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	if rec.Get != "" {
		res, body := rawRequest(t, http.MethodGet, rec.Get, a.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		out[isoSnapshotGet] = body
	}
	for _, l := range rec.Lists {
		res, body := sendIsoCall(t, a.Token, isoCall{Method: l.method(), Path: l.Path, Body: l.Body})
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		if rec.ID != "" && !bytes.Contains(body, []byte(rec.ID)) {
			t.Fatalf("tenant A's own %s %s %s does not answer %s, so B's cannot prove anything: %s", l.method(), l.Path, l.Body, rec.ID, truncate(body))
		}
		out[l.method()+" "+l.Path+" "+l.Body] = body
	}
	return out
}

func (l isoList) method() string {
	if l.Method == "" {
		return http.MethodPost
	}
	return l.Method
}

// withMethod completes one of isolated's Put, Patch and Delete.
func withMethod(c *isoCall, method, path string) *isoCall {
	if c == nil {
		return nil
	}
	out := *c
	out.Method = method
	if out.Path == "" {
		out.Path = path
	}
	return &out
}

func sendIsoCall(t *testing.T, token string, c isoCall) (rawResponse, []byte) {
	t.Helper()
	ct := c.ContentType
	switch {
	case ct != "":
	case c.Method == http.MethodPatch:
		ct = "application/json-patch+json"
	case c.Body != "":
		ct = "application/json"
	}
	return rawRequest(t, c.Method, c.Path, token, ct, c.Body)
}

func mustIsoStatus(t *testing.T, who string, c isoCall, res rawResponse, body []byte) {
	t.Helper()
	want := c.Status
	if want == 0 {
		want = http.StatusNotFound
	}
	if res.StatusCode != want {
		t.Errorf("%s: %s %s answered %d, want %d: %s", who, c.Method, c.Path, res.StatusCode, want, truncate(body))
		return
	}
	if want >= 400 {
		p := mustProblem(t, res, body, want)
		if c.Field != "" {
			mustNameField(t, p, c.Field)
		}
	}
}

// jsonEqual compares two JSON documents by value.
func jsonEqual(x, y []byte) bool {
	var a, b any
	if json.Unmarshal(x, &a) != nil || json.Unmarshal(y, &b) != nil {
		return bytes.Equal(x, y)
	}
	return reflect.DeepEqual(a, b)
}

// tagShaped is the row of a list of the Tag shape (create, get and list by name or ids).
func tagShaped(name, path string) isolationRow {
	return isolationRow{name: name, arrange: func(t *testing.T, a, b *tenantEnv) isolated {
		id := createListRecord(t, a, path, "Secret project")
		return isolated{
			ID:  id,
			Get: path + "/" + id,
			Lists: []isoList{
				{Path: path + "/list", Body: `{}`},
				{Path: path + "/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
				{Path: path + "/list", Body: `{"name":"Secret project"}`},
			},
			Own: []isoCall{{Method: http.MethodPost, Path: path, Body: `{"name":"Secret project","style":"info"}`}},
		}
	}}
}

// Every resource is invisible and untouchable to another tenant: the same calls, table
// driven, for each. A new resource adds a row.
func TestEveryResourceIsIsolatedBetweenTenants(t *testing.T) {
	t.Parallel()
	rows := []isolationRow{
		tagShaped("accounting codes", "/api/accounting-codes"),
		tagShaped("chart of accounts", "/api/chart-of-accounts"),
		tagShaped("material codes", "/api/material-codes"),
		tagShaped("item categories", "/api/item-categories"),
		tagShaped("grade codes", "/api/grade-codes"),
		tagShaped("shape codes", "/api/shape-codes"),
		tagShaped("gauge codes", "/api/gauge-codes"),
		tagShaped("item classes", "/api/item-classes"),
		{name: "job routings", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			f := newJobFixture(t, a, "")
			id := createJobMaking(t, a, f.Item, "2")
			r := jobRoutings(t, a, id)[0]
			whole := jobGetRouting(t, a, r)
			op := whole.Operations[0].Id
			bf := newJobFixture(t, b, "")
			br := jobRoutings(t, b, createJobMaking(t, b, bf.Item, "1"))[0]
			return isolated{
				ID: op, Get: r.operationPath(op), Delete: &isoCall{},
				Lists: []isoList{
					{Path: r.operationsPath() + "/list", Body: `{}`, BPath: br.operationsPath() + "/list"},
				},
				Refused: []isoCall{
					{Method: http.MethodGet, Path: r.routingPath()},
					{Method: http.MethodPost, Path: r.operationsPath(), Body: `{"name":"Theirs"}`},
					{Method: http.MethodPost, Path: r.operationPath(op), Body: `{"name":"Theirs"}`},
					{Method: http.MethodPost, Path: r.inputItemsPath() + "/list", Body: `{}`},
					{Method: http.MethodGet, Path: r.inputItemPath(whole.InputItems[0].Id)},
					{Method: http.MethodPost, Path: r.inputMaterialsPath() + "/list", Body: `{}`},
					{Method: http.MethodPost, Path: r.operationItemsPath(op) + "/list", Body: `{}`},
					{Method: http.MethodGet, Path: jobPath(id) + "/make-summary"},
					{Method: http.MethodGet, Path: jobPath(id) + "/tracking"},
					{Method: http.MethodGet, Path: jobItemToMakePath(id, r.ItemToMakeID) + "/cost-breakdown"},
				},
			}
		}},
		{name: "jobs", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			f := newJobFixture(t, a, "")
			_, _, lines := jobSalesOrder(t, a, "approved", f.Item)
			id := createJobFromSalesOrder(t, a, lines[0])
			itemToMake := getJob(t, a, id).ItemsToMake[0].Id
			ops, _ := jobItemRouting(t, a, itemToMake)
			bOrder := poFor(t, b)
			return isolated{
				ID: id, Get: jobPath(id),
				Put:   &isoCall{Body: `{"name":"Theirs"}`},
				Patch: &isoCall{Body: `[{"op":"replace","path":"/name","value":"Theirs"}]`},
				Lists: []isoList{
					{Path: jobsPath + "/list", Body: `{}`},
					{Path: jobsPath + "/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: jobsPath + "/list", Body: fmt.Sprintf(`{"itemIds":[%q]}`, f.Item)},
				},
				Refused: []isoCall{
					{Method: http.MethodGet, Path: jobItemToMakePath(id, itemToMake)},
					{Method: http.MethodPost, Path: jobItemsToMakePath(id) + "/list", Body: `{}`},
					{Method: http.MethodPost, Path: jobPath(id) + "/status", Body: `{"status":"released"}`},
					{Method: http.MethodPost, Path: jobPath(id) + "/cancel"},
					{Method: http.MethodPut, Path: jobPath(id) + "/custom-fields", Body: `{}`},
					{Method: http.MethodPut, Path: jobPath(id) + "/customFields", Body: `{}`},
					{Method: http.MethodPost, Path: jobMessagesPath(id), Body: `{"body":"theirs"}`},
					{Method: http.MethodPost, Path: jobMessagesPath(id) + "/list", Body: `{}`},
					{Method: http.MethodPost, Path: jobRoutings(t, a, id)[0].operationPath(ops[0]) + "/ipts/setup/list", Body: `{}`},
					{Method: http.MethodGet, Path: jobRoutings(t, a, id)[0].operationPath(ops[0]) + "/ipts/setup/00000000-0000-7000-8000-000000000001"},
					// A's sales-order line is no line of B's; A's job operation no operation of B's.
					{Method: http.MethodPost, Path: jobsPath, Body: fmt.Sprintf(`{"itemsToMake":[{"salesOrderPartLineId":%q}]}`, lines[0]),
						Field: "itemsToMake.0.salesOrderPartLineId"},
					{Method: http.MethodPost, Path: plOPPath(bOrder), Body: fmt.Sprintf(`{"jobOperationId":%q,"description":"x","quantity":1,"unitOfMeasureName":"Each","unitPrice":1}`, ops[0]),
						Status: http.StatusBadRequest, Field: "jobOperationId"},
				},
			}
		}},
		jobOperationsIsolation(),
		scrapReportsIsolation(),
		inventoryReportIsolation(),
		alertsIsolation(),
		workOrdersIsolation(),
		toolsIsolation(),
		toolTemplatesIsolation(),
		ncrsIsolation(),
		capasIsolation(),
		changeOrdersIsolation(),
		timersIsolation(),
		{name: "payment terms", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createPaymentTerm(t, a, "Net 30", 30)
			return isolated{
				ID: id, Get: "/api/payment-terms/" + id,
				Lists: []isoList{
					{Path: "/api/payment-terms/list", Body: `{}`},
					{Path: "/api/payment-terms/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: "/api/payment-terms/list", Body: `{"name":"Net 30"}`},
				},
				// B cannot give its customer A's payment terms.
				Refused: []isoCall{{Method: http.MethodPost, Path: "/api/customers", Body: fmt.Sprintf(`{"name":"B's","paymentTermsId":%q}`, id)}},
				Own:     []isoCall{{Method: http.MethodPost, Path: "/api/payment-terms", Body: `{"name":"Net 30","netDays":30}`}},
			}
		}},
		{name: "tags", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createTag(t, a, "Mine")
			return isolated{
				ID: id, Get: "/api/tags/" + id,
				Put:   &isoCall{Body: `{"name":"Theirs","style":"info"}`},
				Patch: &isoCall{Body: `[{"op":"replace","path":"/style","value":"dark"}]`},
				Lists: []isoList{
					{Path: "/api/tags/list", Body: `{}`},
					{Path: "/api/tags/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: "/api/tags/list", Body: `{"name":"Mine"}`},
				},
			}
		}},
		{name: "item tags", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			itemA, tagA := createItem(t, a, newItem("ISO-TAGS")), createTag(t, a, "Theirs")
			itemB, tagB := createItem(t, b, newItem("ISO-TAGS")), createTag(t, b, "Mine")
			addItemTag(t, a, itemA, tagA)
			return isolated{
				ID: tagA, Get: "/api/item-tags/" + tagA,
				Lists: []isoList{
					{Path: "/api/item-tags/list", Body: `{}`},
					{Path: "/api/item-tags/list", Body: `{"name":"Theirs"}`},
					{Method: http.MethodGet, Path: "/api/items/" + itemA, BPath: "/api/items/" + itemB},
				},
				Refused: []isoCall{
					// A's item with B's tag, and B's item with A's tag.
					{Method: http.MethodPost, Path: "/api/items/" + itemA + "/tags/" + tagB},
					{Method: http.MethodDelete, Path: "/api/items/" + itemA + "/tags/" + tagA},
					{Method: http.MethodPut, Path: "/api/items/" + itemA + "/tags", Body: `{"tagIds":[]}`},
					{Method: http.MethodPost, Path: "/api/items/" + itemB + "/tags/" + tagA},
					{Method: http.MethodPut, Path: "/api/items/" + itemB + "/tags", Body: fmt.Sprintf(`{"tagIds":[%q]}`, tagA)},
				},
			}
		}},
		{name: "companies", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createCompany(t, a, client.CompanyInfoWrite{Name: "A's company", IsPrimary: ptr(true)})
			createCompany(t, b, client.CompanyInfoWrite{Name: "B's company", IsPrimary: ptr(true)})
			return isolated{
				ID: id, Get: "/api/companies/" + id,
				Put:   &isoCall{Body: `{"name":"Taken"}`},
				Patch: &isoCall{Body: `[{"op":"replace","path":"/name","value":"Taken"}]`},
				Lists: []isoList{
					{Path: "/api/companies/list", Body: `{}`},
					{Path: "/api/companies/list", Body: `{"isPrimary":true}`},
				},
			}
		}},
		{name: "custom fields", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createCustomField(t, a, textField("Secret", client.CustomFieldModuleQuote))
			return isolated{
				ID: id, Get: "/api/custom-fields/" + id,
				Put:    &isoCall{Body: mustJSON(t, textField("Taken", client.CustomFieldModuleQuote))},
				Delete: &isoCall{Status: http.StatusNoContent},
				Lists: []isoList{
					{Path: "/api/custom-fields/list", Body: `{}`},
					{Path: "/api/custom-fields/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: "/api/custom-fields/list", Body: `{"name":"Secret"}`},
				},
				Own: []isoCall{{Method: http.MethodPost, Path: "/api/custom-fields", Body: mustJSON(t, textField("Secret", client.CustomFieldModuleQuote))}},
			}
		}},
		{name: "customer tiers", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createCustomerTier(t, a, "Gold", nil)
			bCustomer := createCustomer(t, b, client.CustomerWrite{Name: "B's"})
			return isolated{
				ID: id, Get: "/api/customer-tiers/" + id,
				Lists: []isoList{
					{Path: "/api/customer-tiers/list", Body: `{}`},
					{Path: "/api/customer-tiers/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: "/api/customer-tiers/list", Body: `{"name":"Gold"}`},
				},
				Refused: []isoCall{{Method: http.MethodPut, Path: "/api/customers/" + bCustomer + "/customer-tier", Body: fmt.Sprintf(`{"customerTierId":%q}`, id)}},
				Own:     []isoCall{{Method: http.MethodPost, Path: "/api/customer-tiers", Body: `{"name":"Gold"}`}},
			}
		}},
		{name: "quotes", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			aCustomer := createCustomer(t, a, client.CustomerWrite{Name: "A's buyer"})
			id := createQuote(t, a, client.QuoteCreate{CustomerId: aCustomer})
			bCustomer := createCustomer(t, b, client.CustomerWrite{Name: "B's buyer"})
			return isolated{
				ID: id, Get: quotePath(id),
				Put:    &isoCall{Body: fmt.Sprintf(`{"customerId":%q}`, bCustomer)},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/notes","value":"Taken over"}]`},
				Delete: &isoCall{Status: http.StatusNoContent},
				Lists: []isoList{
					{Path: quotesListPath, Body: `{}`},
					{Path: quotesListPath, Body: `{"includeDeleted":true}`},
					{Path: quotesListPath, Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: quotesListPath, Body: `{"numbers":[1]}`},
				},
				Refused: []isoCall{
					{Method: http.MethodGet, Path: quotePdfPath(id)},
					{Method: http.MethodPost, Path: quotePath(id) + "/status", Body: `{"status":"sent"}`},
					{Method: http.MethodPut, Path: quotePath(id) + "/custom-fields", Body: `{}`},
					{Method: http.MethodPost, Path: quotesPath, Body: fmt.Sprintf(`{"customerId":%q}`, aCustomer)},
				},
				// B's numbering starts at 1 too.
				Own: []isoCall{{Method: http.MethodPost, Path: quotesPath, Body: fmt.Sprintf(`{"customerId":%q}`, bCustomer)}},
			}
		}},
		{name: "sales order part lines", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			aItem, bItem := createItem(t, a, newItem("A-ORDERED")), createItem(t, b, newItem("B-ORDERED"))
			aOrder, bOrder := soOrderFor(t, a, ""), soOrderFor(t, b, "")
			id := soAddLine(t, a, aOrder, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":2}`, aItem))
			body := fmt.Sprintf(`{"itemId":%q,"quantity":5}`, bItem)
			return isolated{
				ID: id, Get: soPartLinePath(aOrder, id),
				Put:    &isoCall{Body: body},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/quantity","value":5}]`},
				Delete: &isoCall{},
				Lists: []isoList{
					{Path: soPartLinesPath(aOrder) + "/list", Body: `{}`, BPath: soPartLinesPath(bOrder) + "/list"},
					{Path: soPartLinesPath(aOrder) + "/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id), BPath: soPartLinesPath(bOrder) + "/list"},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: soPartLinesPath(aOrder), Body: body},
					{Method: http.MethodPost, Path: soPartLinesPath(aOrder) + "/batch", Body: `{"partLineItems":[` + body + `]}`},
					{Method: http.MethodPut, Path: soPartLinePath(aOrder, id) + "/custom-fields", Body: `{}`},
					{Method: http.MethodGet, Path: soPartLinePath(aOrder, id) + "/cost-breakdown"},
					{Method: http.MethodGet, Path: soPartLinePath(aOrder, id) + "/make-summary"},
					// A's item on B's order.
					{Method: http.MethodPost, Path: soPartLinesPath(bOrder), Body: fmt.Sprintf(`{"itemId":%q,"quantity":1}`, aItem)},
				},
			}
		}},
		{name: "shipments", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			f := shNew(t, a, 5)
			id := shCreate(t, a, f.body("1", nil))
			line := shGet(t, a, id).LineItems[0].Id
			return isolated{
				ID: id, Get: shShipmentPath(id),
				Put:    &isoCall{Body: `{"notes":"Taken over"}`},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/notes","value":"Taken over"}]`},
				Delete: &isoCall{Status: http.StatusNoContent},
				Lists: []isoList{
					{Path: shListPath, Body: `{}`},
					{Path: shListPath, Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: shListPath, Body: fmt.Sprintf(`{"salesOrderIds":[%q]}`, f.order)},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: shLinesPath(id), Body: fmt.Sprintf(`{"salesOrderLineItemId":%q,"quantity":1}`, f.line)},
					{Method: http.MethodGet, Path: shLinePath(id, line)},
					{Method: http.MethodGet, Path: shShipmentPath(id) + "/pdf"},
					{Method: http.MethodPut, Path: shLinePath(id, line), Body: `{"quantity":1}`},
					{Method: http.MethodDelete, Path: shLinePath(id, line)},
					{Method: http.MethodPost, Path: shShipmentPath(id) + "/status", Body: `{"status":"cancelled"}`},
					{Method: http.MethodPut, Path: shShipmentPath(id) + "/custom-fields", Body: `{}`},
					{Method: http.MethodPost, Path: shPath, Body: soJSON(t, f.body("1", nil)), Field: "salesOrderId"},
				},
				// B's numbering starts at 1 too.
				Own: []isoCall{{Method: http.MethodPost, Path: shPath, Body: soJSON(t, shNew(t, b, 1).body("1", nil))}},
			}
		}},
		{name: "receipts", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			f := rcNewPO(t, a)
			id := rcCreate(t, a, f.receive("1", nil))
			return isolated{
				ID: id, Get: rcReceiptPath(id),
				Put:   &isoCall{Body: `{"notes":"Taken over"}`},
				Patch: &isoCall{Body: `[{"op":"replace","path":"/notes","value":"Taken over"}]`},
				Lists: []isoList{
					{Path: rcListPath, Body: `{}`},
					{Path: rcListPath, Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: rcListPath, Body: fmt.Sprintf(`{"purchaseOrderIds":[%q]}`, f.order)},
					{Path: rcListPath, Body: `{"numbers":[1]}`},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: rcLinesPath(id), Body: `{"lineItemType":"fee","name":"Freight","unitCost":1}`},
					{Method: http.MethodPost, Path: rcPath, Body: soJSON(t, f.receive("1", nil))},
				},
				// B's numbering starts at 1 too.
				Own: []isoCall{{Method: http.MethodPost, Path: rcPath, Body: soJSON(t, rcNewPO(t, b).receive("1", nil))}},
			}
		}},
		{name: "notes", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			d := ntNewDocuments(t, a)
			id := ntCreate(t, a, "salesOrderId", d.salesOrder, "Tenant A's")
			return isolated{
				ID: id, Get: ntNotePath(id),
				Lists: []isoList{
					{Path: ntPath + "/list", Body: `{}`},
					{Path: ntPath + "/list", Body: fmt.Sprintf(`{"salesOrderIds":[%q]}`, d.salesOrder)},
				},
				// A's documents are unknown to B.
				Refused: []isoCall{
					{Method: http.MethodPost, Path: ntPath, Body: fmt.Sprintf(`{"salesOrderId":%q,"text":"B's"}`, d.salesOrder)},
					{Method: http.MethodPost, Path: ntPath, Body: fmt.Sprintf(`{"purchaseOrderId":%q,"text":"B's"}`, d.purchaseOrder)},
					{Method: http.MethodPost, Path: ntPath, Body: fmt.Sprintf(`{"quoteId":%q,"text":"B's"}`, d.quote)},
				},
			}
		}},
		{name: "receipt lines", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			f := rcNewPO(t, a)
			receipt := rcCreate(t, a, f.receive("1", nil))
			id := rcLines(t, a, receipt, "")[0].Id
			bf := rcNewPO(t, b)
			bReceipt := rcCreate(t, b, bf.receive("1", nil))
			return isolated{
				ID: id, Get: rcLinePath(receipt, id),
				Put:    &isoCall{Body: `{"quantity":2}`},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/quantity","value":2}]`},
				Delete: &isoCall{},
				Lists: []isoList{
					{Path: rcLinesPath(receipt) + "/list", Body: `{}`, BPath: rcLinesPath(bReceipt) + "/list"},
					{Path: rcLinesPath(receipt) + "/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id), BPath: rcLinesPath(bReceipt) + "/list"},
				},
				Refused: []isoCall{
					// A's purchase order line on B's receipt.
					{Method: http.MethodPost, Path: rcLinesPath(bReceipt), Body: fmt.Sprintf(`{"purchaseOrderLineItemId":%q,"quantity":1}`, f.line)},
				},
			}
		}},
		{name: "purchase order part lines", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			aItem, bItem := createItem(t, a, newItem("A-BOUGHT")), createItem(t, b, newItem("B-BOUGHT"))
			aOrder, bOrder := poFor(t, a), poFor(t, b)
			id := plAddPart(t, a, aOrder, map[string]any{"itemId": aItem, "quantity": 1, "unitPrice": 2})
			body := fmt.Sprintf(`{"itemId":%q,"quantity":5}`, bItem)
			return isolated{
				ID: id, Get: plPartPath(aOrder) + "/" + id,
				Put:    &isoCall{Body: body},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/quantity","value":5}]`},
				Delete: &isoCall{},
				Lists: []isoList{
					{Path: plPartPath(aOrder) + "/list", Body: `{}`, BPath: plPartPath(bOrder) + "/list"},
					{Path: plPartPath(aOrder) + "/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id), BPath: plPartPath(bOrder) + "/list"},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: plPartPath(aOrder), Body: body},
					{Method: http.MethodGet, Path: plPartPath(aOrder) + "/" + id + "/tax-allocations"},
					// A's item on B's order.
					{Method: http.MethodPost, Path: plPartPath(bOrder), Body: fmt.Sprintf(`{"itemId":%q,"quantity":1}`, aItem)},
				},
			}
		}},
		{name: "purchase order outside-processing lines", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			aItem := createItem(t, a, newItem("A-PLATED"))
			aOrder, bOrder := poFor(t, a), poFor(t, b)
			id := plAddOP(t, a, aOrder, map[string]any{"itemId": aItem, "description": "Plate", "quantity": 1, "unitPrice": 2})
			body := `{"description":"Plate","quantity":5,"unitOfMeasureName":"Each","unitPrice":1}`
			return isolated{
				ID: id, Get: plOPPath(aOrder) + "/" + id,
				Put:    &isoCall{Body: body},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/quantity","value":5}]`},
				Delete: &isoCall{},
				Lists: []isoList{
					{Path: plOPPath(aOrder) + "/list", Body: `{}`, BPath: plOPPath(bOrder) + "/list"},
					{Path: plOPPath(aOrder) + "/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id), BPath: plOPPath(bOrder) + "/list"},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: plOPPath(aOrder), Body: body},
					{Method: http.MethodGet, Path: plOPPath(aOrder) + "/" + id + "/tax-allocations"},
					// A's item on B's order.
					{Method: http.MethodPost, Path: plOPPath(bOrder), Body: fmt.Sprintf(`{"itemId":%q,"description":"x","quantity":1,"unitPrice":1}`, aItem)},
				},
			}
		}},
		{name: "purchase orders", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			aVendor := createVendor(t, a, "A's supplier")
			id := poCreate(t, a, map[string]any{"vendorId": aVendor, "externalReferences": map[string]any{"erp": map[string]any{"externalId": "P-1"}}})
			bVendor := createVendor(t, b, "B's supplier")
			return isolated{
				ID: id, Get: poOrderPath(id),
				Put:    &isoCall{Body: fmt.Sprintf(`{"vendorId":%q}`, bVendor)},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/notes","value":"Taken over"}]`},
				Delete: &isoCall{Status: http.StatusNoContent},
				Lists: []isoList{
					{Path: poListPath, Body: `{}`},
					{Path: poListPath, Body: `{"includeDeleted":true}`},
					{Path: poListPath, Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: poListPath, Body: `{"numbers":[1]}`},
					{Path: poListPath, Body: fmt.Sprintf(`{"vendorIds":[%q]}`, aVendor)},
					{Path: poListPath, Body: `{"externalReference":{"key":"erp","externalId":"P-1"}}`},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: poOrderPath(id) + "/status", Body: `{"status":"ordered"}`},
					{Method: http.MethodGet, Path: poOrderPath(id) + "/pdf"},
					{Method: http.MethodPut, Path: poOrderPath(id) + "/custom-fields", Body: `{}`},
					{Method: http.MethodPut, Path: poOrderPath(id) + "/customFields", Body: `{}`},
					{Method: http.MethodPost, Path: poPath, Body: fmt.Sprintf(`{"vendorId":%q}`, aVendor)},
				},
				// B's numbering starts at 1 too.
				Own: []isoCall{{Method: http.MethodPost, Path: poPath, Body: fmt.Sprintf(`{"vendorId":%q}`, bVendor)}},
			}
		}},
		{name: "invoices", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			f := ivOrder(t, a, "3")
			id := ivCreate(t, a, map[string]any{"salesOrderId": f.order, "partLines": []any{ivLine(f.lines[0], "1")},
				"externalReferences": map[string]any{"erp": map[string]any{"externalId": "I-1"}}})
			g := ivOrder(t, b, "3")
			return isolated{
				ID: id, Get: ivInvoicePath(id),
				Put:    &isoCall{Body: `{"notesToCustomer":"Taken over"}`},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/notesToCustomer","value":"Taken over"}]`},
				Delete: &isoCall{Status: http.StatusNoContent},
				Lists: []isoList{
					{Path: ivListPath, Body: `{}`},
					{Path: ivListPath, Body: `{"includeDeleted":true}`},
					{Path: ivListPath, Body: `{"numbers":[1]}`},
					{Path: ivListPath, Body: fmt.Sprintf(`{"customerIds":[%q]}`, f.customer)},
					{Path: ivListPath, Body: fmt.Sprintf(`{"salesOrderIds":[%q]}`, f.order)},
					{Path: ivListPath, Body: `{"externalReference":{"key":"erp","externalId":"I-1"}}`},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: ivInvoicePath(id) + "/status", Body: `{"status":"issued"}`},
					{Method: http.MethodPut, Path: ivInvoicePath(id) + "/custom-fields", Body: `{}`},
					{Method: http.MethodGet, Path: ivInvoicePath(id) + "/pdf"},
					{Method: http.MethodPost, Path: ivPath, Body: fmt.Sprintf(`{"salesOrderId":%q}`, f.order)},
				},
				// B's numbering starts at 1 too.
				Own: []isoCall{{Method: http.MethodPost, Path: ivPath, Body: fmt.Sprintf(`{"salesOrderId":%q}`, g.order)}},
			}
		}},
		{name: "invoice refund lines", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			f := ivOrder(t, a, "3")
			invoice := ivBill(t, a, f.order)
			reason := irReason(t, a)
			id := irRefund(t, a, invoice, reason, "1")
			body := fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":2}`, reason)
			return isolated{
				ID: id, Get: irRefundPath(invoice, id),
				Put:    &isoCall{Body: body},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/amount","value":2}]`},
				Delete: &isoCall{},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: irRefundsPath(invoice), Body: body},
					{Method: http.MethodPost, Path: irRefundsPath(invoice) + "/list", Body: `{}`},
				},
			}
		}},
		{name: "invoice manual lines", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			f := ivOrder(t, a, "3")
			invoice := ivBill(t, a, f.order)
			id := imlWalkLine(t, a, invoice)
			body := `{"type":"priced","price":2}`
			return isolated{
				ID: id, Get: imlLinePath(invoice, id),
				Put:    &isoCall{Body: body},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/price","value":2}]`},
				Delete: &isoCall{},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: imlPath(invoice), Body: body},
					{Method: http.MethodPost, Path: imlPath(invoice) + "/list", Body: `{}`},
				},
			}
		}},
		{name: "invoice deposits", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			w := irWalkDeposits(t, a)
			return isolated{
				ID: w.depositLine, Get: irDepositLinesPath(w.deposit) + "/" + w.depositLine,
				Refused: []isoCall{
					{Method: http.MethodPost, Path: irDepositsPath(w.order), Body: `{"amount":1}`},
					{Method: http.MethodPost, Path: irDepositLinesPath(w.deposit) + "/list", Body: `{}`},
					{Method: http.MethodPost, Path: irAdjustmentsPath(w.regular) + "/list", Body: `{}`},
					{Method: http.MethodGet, Path: irAdjustmentsPath(w.regular) + "/" + w.adjustment},
				},
			}
		}},
		{name: "progress billing schedules", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			f := ivOrder(t, a, "10")
			s := irSchedule(t, a, f.order, `{"milestones":[{"name":"Start","percentage":10}]}`)
			return isolated{
				ID: s.Milestones[0].Id, Get: irSchedulePath(f.order),
				Put: &isoCall{Body: `{"milestones":[]}`},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: irMilestonePath(f.order, s.Milestones[0].Id)},
				},
			}
		}},
		{name: "purchase order fee lines and the lines view", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			s, bOrder := pdArrangeLines(t, a), pdOrderIn(t, b, "USD", client.PurchaseOrderStatusOrdered)
			body := `{"name":"Taken over","amount":1}`
			return isolated{
				ID: s.fee, Get: pdFeePath(s.order) + "/" + s.fee,
				Put:    &isoCall{Body: body},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/amount","value":2}]`},
				Delete: &isoCall{},
				Lists: []isoList{
					{Path: pdFeePath(s.order) + "/list", Body: `{}`, BPath: pdFeePath(bOrder) + "/list"},
					{Path: pdLinesPath(s.order) + "/list", Body: `{}`, BPath: pdLinesPath(bOrder) + "/list"},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: pdFeePath(s.order), Body: body},
					{Method: http.MethodGet, Path: pdFeePath(bOrder) + "/" + s.fee},
					{Method: http.MethodGet, Path: pdFeePath(s.order) + "/" + s.fee + "/tax-allocations"},
					{Method: http.MethodGet, Path: pdLinesPath(s.order) + "/" + s.fee},
					{Method: http.MethodGet, Path: pdLinesPath(bOrder) + "/" + s.fee},
					{Method: http.MethodGet, Path: pdLinesPath(s.order) + "/" + s.fee + "/tax-allocations"},
				},
			}
		}},
		{name: "purchase order tax lines", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			order, bOrder := pdOrder(t, a, "USD"), pdOrder(t, b, "USD")
			rate, bRate := createTaxRate(t, a, client.TaxRateWrite{Name: "State", Rate: num("6")}), createTaxRate(t, b, client.TaxRateWrite{Name: "State", Rate: num("6")})
			id := solCreate(t, a, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, rate))
			return isolated{
				ID: id, Get: pdTaxPath(order) + "/" + id,
				Put:    &isoCall{Body: fmt.Sprintf(`{"taxRateId":%q}`, bRate)},
				Delete: &isoCall{},
				Lists:  []isoList{{Path: pdTaxPath(order) + "/list", Body: `{}`, BPath: pdTaxPath(bOrder) + "/list"}},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: pdTaxPath(order), Body: fmt.Sprintf(`{"taxRateId":%q}`, bRate)},
					{Method: http.MethodGet, Path: pdTaxPath(bOrder) + "/" + id},
					// A's tax rate is unknown on B's order.
					{Method: http.MethodPost, Path: pdTaxPath(bOrder), Body: fmt.Sprintf(`{"taxRateId":%q}`, rate)},
				},
			}
		}},
		{name: "purchase order discount lines", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			order := pdOrder(t, a, "USD")
			soOK[client.PurchaseOrderDiscountLineItem](t, a, http.MethodPut, pdDiscountPath(order), `{"isPercentage":true,"value":5}`)
			return isolated{
				Get:    pdDiscountPath(order),
				Put:    &isoCall{Body: `{"isPercentage":false,"value":1}`},
				Delete: &isoCall{},
			}
		}},
		{name: "purchase order vendor-credit lines", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			order, bOrder := pdOrderIn(t, a, "USD", client.PurchaseOrderStatusOrdered), pdOrderIn(t, b, "USD", client.PurchaseOrderStatusOrdered)
			aPart := pdPartLine(t, a, order, 1, "1", "10")
			id := solCreate(t, a, pdCreditPath(order), `{"amount":1}`)
			return isolated{
				ID: id, Get: pdCreditPath(order) + "/" + id,
				Put:    &isoCall{Body: `{"amount":2}`},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/amount","value":3}]`},
				Delete: &isoCall{},
				Lists:  []isoList{{Path: pdCreditPath(order) + "/list", Body: `{}`, BPath: pdCreditPath(bOrder) + "/list"}},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: pdCreditPath(order), Body: `{"amount":1}`},
					{Method: http.MethodGet, Path: pdCreditPath(bOrder) + "/" + id},
					// A's part line is unknown on B's order.
					{Method: http.MethodPost, Path: pdCreditPath(bOrder), Body: fmt.Sprintf(`{"amount":1,"partLineId":%q}`, aPart)},
				},
			}
		}},
		{name: "sales orders", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			aCustomer := createCustomer(t, a, client.CustomerWrite{Name: "A's orderer"})
			id := soCreate(t, a, map[string]any{"customerId": aCustomer, "customerPoNumber": "PO-1"})
			bCustomer := createCustomer(t, b, client.CustomerWrite{Name: "B's orderer"})
			return isolated{
				ID: id, Get: soOrderPath(id),
				Put:    &isoCall{Body: fmt.Sprintf(`{"customerId":%q}`, bCustomer)},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/notes","value":"Taken over"}]`},
				Delete: &isoCall{Status: http.StatusNoContent},
				Lists: []isoList{
					{Path: soListPath, Body: `{}`},
					{Path: soListPath, Body: `{"includeDeleted":true}`},
					{Path: soListPath, Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: soListPath, Body: `{"numbers":[1]}`},
					{Path: soListPath, Body: `{"customerPoNumber":"PO-1"}`},
				},
				Refused: []isoCall{
					{Method: http.MethodGet, Path: soOrderPath(id) + "/pdf"},
					{Method: http.MethodPost, Path: soOrderPath(id) + "/status", Body: `{"status":"approved"}`},
					{Method: http.MethodPut, Path: soOrderPath(id) + "/custom-fields", Body: `{}`},
					{Method: http.MethodPut, Path: soOrderPath(id) + "/customFields", Body: `{}`},
					{Method: http.MethodPost, Path: soPath, Body: fmt.Sprintf(`{"customerId":%q}`, aCustomer)},
				},
				// B's numbering starts at 1 too.
				Own: []isoCall{{Method: http.MethodPost, Path: soPath, Body: fmt.Sprintf(`{"customerId":%q}`, bCustomer)}},
			}
		}},
		{name: "sales order blanket lines", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			aItem, bItem := createItem(t, a, newItem("A-BLANKET")), createItem(t, b, newItem("B-BLANKET"))
			aOrder, bOrder := soOrderFor(t, a, ""), soOrderFor(t, b, "")
			id := sbAdd(t, a, aOrder, fmt.Sprintf(`{"itemId":%q,"quantity":10,"unitPrice":2}`, aItem))
			body := fmt.Sprintf(`{"itemId":%q,"quantity":5,"unitPrice":1}`, bItem)
			return isolated{
				ID: id, Get: sbLinePath(aOrder, id),
				Put:    &isoCall{Body: body},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/quantity","value":5}]`},
				Delete: &isoCall{},
				Lists: []isoList{
					{Path: sbLinesPath(aOrder) + "/list", Body: `{}`, BPath: sbLinesPath(bOrder) + "/list"},
					{Path: sbLinesPath(aOrder) + "/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id), BPath: sbLinesPath(bOrder) + "/list"},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: sbLinesPath(aOrder), Body: body},
					{Method: http.MethodPost, Path: sbLinePath(aOrder, id) + "/releases", Body: `{"quantity":1}`},
					// A's item on B's order.
					{Method: http.MethodPost, Path: sbLinesPath(bOrder), Body: fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":1}`, aItem)},
				},
			}
		}},
		{name: "customers", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			terms := createPaymentTerm(t, a, "Net 30", 30)
			id := createCustomer(t, a, client.CustomerWrite{Name: "A's customer", CustomerCode: ptr("A-1"), PaymentTermsId: &terms})
			bTier := createCustomerTier(t, b, "Gold", nil)
			return isolated{
				ID: id, Get: "/api/customers/" + id,
				Put:    &isoCall{Body: `{"name":"Taken over"}`},
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/name","value":"Taken over"}]`},
				Delete: &isoCall{Status: http.StatusNoContent}, // for B it does not exist
				Lists: []isoList{
					{Path: "/api/customers/list", Body: `{}`},
					{Path: "/api/customers/list", Body: `{"includeDeleted":true}`},
					{Path: "/api/customers/list", Body: `{"name":"A's customer"}`},
					{Path: "/api/customers/list", Body: `{"customerCode":"A-1"}`},
				},
				Refused: []isoCall{
					{Method: http.MethodPut, Path: "/api/customers/" + id + "/customer-tier", Body: fmt.Sprintf(`{"customerTierId":%q}`, bTier)},
					{Method: http.MethodPost, Path: "/api/customers", Body: fmt.Sprintf(`{"name":"B's","paymentTermsId":%q}`, terms)},
				},
				Own: []isoCall{{Method: http.MethodPost, Path: "/api/customers", Body: `{"name":"A's customer","customerCode":"A-1"}`}},
			}
		}},
		{name: "customer addresses", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			customer := newSubRecordCustomer(t, a, "Tenant A Co")
			id := createAddress(t, a, customer, dockAddress())
			bCustomer := newSubRecordCustomer(t, b, "Tenant B Co")
			body := mustJSON(t, dockAddress())
			return isolated{
				ID: id, Get: addressPath(customer, id),
				Put:    &isoCall{Body: body},
				Delete: &isoCall{},
				Lists:  []isoList{{Path: addressesPath(customer) + "/list", BPath: addressesPath(bCustomer) + "/list"}},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: addressesPath(customer), Body: body},
					{Method: http.MethodPost, Path: addressesPath(customer) + "/list"},
					{Method: http.MethodGet, Path: addressPath(bCustomer, id)},
				},
			}
		}},
		{name: "quote part lines", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			aItem, bItem := createItem(t, a, newItem("ISO-QUOTED")), createItem(t, b, newItem("ISO-QUOTED"))
			aQuote, bQuote := quoteFor(t, a, ""), quoteFor(t, b, "")
			aRate := createTaxRate(t, a, client.TaxRateWrite{Name: "ISO tax", Rate: num("5")})
			id := addLine(t, a, aQuote, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, aItem))
			bBody := fmt.Sprintf(`{"itemId":%q,"quantity":1}`, bItem)
			return isolated{
				ID: id, Get: partLinePath(aQuote, id),
				Put:    &isoCall{Body: bBody},
				Delete: &isoCall{},
				Lists:  []isoList{{Path: partLinesPath(aQuote) + "/list", BPath: partLinesPath(bQuote) + "/list"}},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: partLinesPath(aQuote), Body: bBody},
					{Method: http.MethodPost, Path: partLinesPath(aQuote) + "/batch", Body: `{"partLineItems":[` + bBody + `]}`},
					{Method: http.MethodPut, Path: partLinePath(aQuote, id) + "/custom-fields", Body: `{}`},
					{Method: http.MethodGet, Path: partLinePath(bQuote, id)},
					{Method: http.MethodPost, Path: partLinesPath(bQuote), Body: fmt.Sprintf(`{"itemId":%q,"quantity":1}`, aItem)},
					{Method: http.MethodPost, Path: partLinesPath(bQuote), Body: fmt.Sprintf(`{"itemId":%q,"quantity":1,"taxRateId":%q}`, bItem, aRate)},
				},
			}
		}},
		{name: "customer contacts", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			customer := newSubRecordCustomer(t, a, "Contact Tenant A Co")
			id := createContact(t, a, customer, client.CustomerContactWrite{FirstName: "Dana", Email: ptr("dana@a.example")})
			bCustomer := newSubRecordCustomer(t, b, "Contact Tenant B Co")
			body := `{"firstName":"Eve"}`
			return isolated{
				ID: id, Get: contactPath(customer, id),
				Put:    &isoCall{Body: body},
				Delete: &isoCall{},
				Lists:  []isoList{{Path: contactsPath(customer) + "/list", BPath: contactsPath(bCustomer) + "/list"}},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: contactsPath(customer), Body: body},
					{Method: http.MethodPost, Path: contactsPath(customer) + "/list"},
					{Method: http.MethodGet, Path: contactPath(bCustomer, id)},
				},
			}
		}},
		{name: "vendors", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createVendor(t, a, "Acme")
			return isolated{
				ID: id, Get: "/api/vendors/" + id,
				Put: &isoCall{Body: `{"name":"Taken over"}`},
				Lists: []isoList{
					{Path: "/api/vendors/list", Body: `{}`},
					{Path: "/api/vendors/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: "/api/vendors/list", Body: `{"name":"Acme"}`},
				},
				Patch: &isoCall{Body: `[{"op":"replace","path":"/name","value":"Taken over"}]`},
				Own:   []isoCall{{Method: http.MethodPost, Path: "/api/vendors", Body: `{"name":"Acme","code":"AC-1"}`}},
			}
		}},
		{name: "vendor addresses", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			vendor := createVendor(t, a, "Tenant A Supply")
			id := pvCreateAddress(t, a, vendor, pvAddress())
			bVendor := createVendor(t, b, "Tenant B Supply")
			body := mustJSON(t, pvAddress())
			return isolated{
				ID: id, Get: pvAddressPath(vendor, id),
				Put:    &isoCall{Body: body},
				Delete: &isoCall{},
				Lists:  []isoList{{Path: pvAddressesPath(vendor) + "/list", BPath: pvAddressesPath(bVendor) + "/list"}},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: pvAddressesPath(vendor), Body: body},
					{Method: http.MethodPost, Path: pvAddressesPath(vendor) + "/list"},
					{Method: http.MethodGet, Path: pvAddressPath(bVendor, id)},
				},
			}
		}},
		{name: "vendor contacts", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			vendor := createVendor(t, a, "Contact Tenant A Supply")
			id := pvCreateContact(t, a, vendor, client.VendorContactWrite{FirstName: "Dana"})
			bVendor := createVendor(t, b, "Contact Tenant B Supply")
			body := `{"firstName":"Eve"}`
			return isolated{
				ID: id, Get: pvContactPath(vendor, id),
				Put:    &isoCall{Body: body},
				Delete: &isoCall{},
				Lists:  []isoList{{Path: pvContactsPath(vendor) + "/list", BPath: pvContactsPath(bVendor) + "/list"}},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: pvContactsPath(vendor), Body: body},
					{Method: http.MethodPost, Path: pvContactsPath(vendor) + "/list"},
					{Method: http.MethodGet, Path: pvContactPath(bVendor, id)},
				},
			}
		}},
		{name: "departments", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			wc := namedWorkCenter(t, a, "Mill", "")
			id := createDepartment(t, a, client.DepartmentCreate{Name: "Machining", WorkCenterIds: &[]string{wc}})
			return isolated{
				ID: id, Get: "/api/departments/" + id,
				Put: &isoCall{Body: `{}`},
				Lists: []isoList{
					{Path: "/api/departments/list", Body: `{}`},
					{Path: "/api/departments/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: "/api/departments/list", Body: `{"name":"Machining"}`},
				},
				// B cannot put its work center in A's department.
				Refused: []isoCall{{Method: http.MethodPost, Path: "/api/work-centers", Body: fmt.Sprintf(`{"name":"Lathe","departmentId":%q}`, id)}},
			}
		}},
		{name: "work centers", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := namedWorkCenter(t, a, "Mill", "")
			return isolated{
				ID: id, Get: "/api/work-centers/" + id,
				Put:    &isoCall{Body: `{"name":"Taken"}`},
				Delete: &isoCall{Status: http.StatusNoContent},
				Lists: []isoList{
					{Path: "/api/work-centers/list", Body: `{}`},
					{Path: "/api/work-centers/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: "/api/work-centers/list", Body: `{"name":"Mill"}`},
				},
				// B cannot put its equipment in A's work center.
				Refused: []isoCall{{Method: http.MethodPost, Path: "/api/equipment", Body: fmt.Sprintf(`{"name":"Lathe","description":"x","workCenterId":%q}`, id)}},
			}
		}},
		{name: "equipment", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createEquipment(t, a, client.EquipmentWrite{Name: "VF-2", Description: "VMC"})
			return isolated{
				ID: id, Get: "/api/equipment/" + id,
				Put: &isoCall{Body: `{"name":"Mine","description":"x"}`},
				Lists: []isoList{
					{Path: "/api/equipment/list", Body: `{}`},
					{Path: "/api/equipment/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: "/api/equipment/list", Body: `{"name":"VF-2"}`},
				},
			}
		}},
		{name: "department shifts", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			dep := newShopDepartment(t, a, "Machining")
			mill := addShopEquipment(t, a, dep, "Mill")
			w := dayShift(dep.ID)
			w.AvailableEquipment = &[]client.ShiftEquipmentWrite{everyDay(mill)}
			id := createShift(t, a, w)
			return isolated{
				ID: id, Get: shiftPath(id),
				Put:    &isoCall{Body: mustJSON(t, client.DepartmentShiftWrite{Name: "Taken over", StartTime: "0000", EndTime: "0000"})},
				Delete: &isoCall{Status: http.StatusNoContent}, // nothing of B's to delete
				Lists: []isoList{
					{Path: shiftsPath + "/list", Body: `{}`},
					{Path: shiftsPath + "/list", Body: fmt.Sprintf(`{"ids":[%q],"departmentIds":[%q]}`, id, dep.ID)},
					{Path: shiftsPath + "/list", Body: `{"name":"Day"}`},
				},
				// B cannot create a shift in A's department.
				Refused: []isoCall{{Method: http.MethodPost, Path: shiftsPath, Body: mustJSON(t, w)}},
			}
		}},
		{name: "tax rates", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createTaxRate(t, a, client.TaxRateWrite{Name: "State", Rate: num("6")})
			return isolated{
				ID: id, Get: taxRatePath(id),
				Put: &isoCall{Body: `{"name":"Taken over","rate":1}`},
				Lists: []isoList{
					{Path: taxRatesListPath, Body: `{}`},
					{Path: taxRatesListPath, Body: fmt.Sprintf(`{"ids":[%q],"isArchived":false}`, id)},
					{Path: taxRatesListPath, Body: `{"name":"State"}`},
				},
				// Names are unique per tenant: B may use A's.
				Own: []isoCall{{Method: http.MethodPost, Path: taxRatesPath, Body: `{"name":"State","rate":6}`}},
			}
		}},
		{name: "shipping methods", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createShippingMethod(t, a, client.ShippingMethodWrite{Name: "UPS Ground", Carrier: ptr("UPS")})
			return isolated{
				ID: id, Get: shippingMethodPath(id),
				Put: &isoCall{Body: `{"name":"Taken over"}`},
				Lists: []isoList{
					{Path: shippingMethodsListPath, Body: `{}`},
					{Path: shippingMethodsListPath, Body: fmt.Sprintf(`{"ids":[%q],"isArchived":false}`, id)},
					{Path: shippingMethodsListPath, Body: `{"name":"UPS"}`},
				},
				// Names are unique per tenant: B may use A's.
				Own: []isoCall{{Method: http.MethodPost, Path: shippingMethodsPath, Body: `{"name":"UPS Ground"}`}},
			}
		}},
		{name: "users", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createUser(t, a, "Isolated Operator")
			return isolated{
				ID: id, Get: userPath(id),
				Lists: []isoList{
					{Path: usersListPath, Body: `{}`},
					{Path: usersListPath, Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: usersListPath, Body: `{"name":"Isolated"}`},
				},
			}
		}},
		{name: "refund reason codes", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createRefundReason(t, a, client.RefundReasonCodeWrite{Name: "Damaged", Code: ptr("DMG")})
			return isolated{
				ID: id, Get: refundReasonPath(id),
				Put: &isoCall{Body: `{"name":"Taken over"}`},
				Lists: []isoList{
					{Path: refundReasonsListPath, Body: `{}`},
					{Path: refundReasonsListPath, Body: fmt.Sprintf(`{"ids":[%q],"isArchived":false}`, id)},
					{Path: refundReasonsListPath, Body: `{"name":"Damaged"}`},
				},
				// Names and codes are unique per tenant: B may use A's.
				Own: []isoCall{{Method: http.MethodPost, Path: refundReasonsPath, Body: `{"name":"Damaged","code":"DMG"}`}},
			}
		}},
		{name: "quote fee lines", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			quote, bQuote := quoteForLines(t, a, ""), quoteForLines(t, b, "")
			id := createFeeLine(t, a, quote, client.QuoteFeeLineItemWrite{Name: "Freight", Amount: num("10")})
			body := `{"name":"Taken over","amount":1}`
			return isolated{
				ID: id, Get: feeLinePath(quote, id),
				Put:    &isoCall{Body: body},
				Delete: &isoCall{},
				Lists:  []isoList{{Path: feeLinesPath(quote) + "/list", Body: `{}`, BPath: feeLinesPath(bQuote) + "/list"}},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: feeLinesPath(quote), Body: body},
					{Method: http.MethodGet, Path: feeLinePath(bQuote, id)},
				},
			}
		}},
		{name: "quote tax lines", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			quote, bQuote := quoteForLines(t, a, ""), quoteForLines(t, b, "")
			rate, bRate := createTaxRate(t, a, client.TaxRateWrite{Name: "State", Rate: num("6")}), createTaxRate(t, b, client.TaxRateWrite{Name: "State", Rate: num("6")})
			id := createTaxLine(t, a, quote, rate)
			return isolated{
				ID: id, Get: taxLinePath(quote, id),
				Put:    &isoCall{Body: fmt.Sprintf(`{"taxRateId":%q}`, bRate)},
				Delete: &isoCall{},
				Lists:  []isoList{{Path: taxLinesPath(quote) + "/list", Body: `{}`, BPath: taxLinesPath(bQuote) + "/list"}},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: taxLinesPath(quote), Body: fmt.Sprintf(`{"taxRateId":%q}`, bRate)},
					{Method: http.MethodGet, Path: taxLinePath(bQuote, id)},
					// A's tax rate is unknown on B's quote.
					{Method: http.MethodPost, Path: taxLinesPath(bQuote), Body: fmt.Sprintf(`{"taxRateId":%q}`, rate)},
				},
			}
		}},
		{name: "quote discount lines and the quote report", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			quote := quoteForLines(t, a, "")
			setDiscountLine(t, a, quote, client.QuoteDiscountLineItemWrite{IsPercentage: true, Value: num("5")})
			body := `{"isPercentage":false,"value":1}`
			return isolated{
				// The report lists quotes: A's quote, never to B.
				ID: quote, Get: discountLinePath(quote),
				Put:    &isoCall{Body: body},
				Delete: &isoCall{},
				Lists:  []isoList{{Path: quoteReportPath, Body: `{}`}},
				Refused: []isoCall{
					{Method: http.MethodPut, Path: "/api/quote/" + quote + "/discount-line-item", Body: body},
				},
			}
		}},
		{name: "operations", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			dep := newShopDepartment(t, a, "Machining")
			mill := addShopEquipment(t, a, dep, "Mill")
			w := client.OperationWrite{Name: "Deburr", WorkCenterId: &dep.WorkCenterID, EquipmentId: &mill}
			id := createOperation(t, a, w)
			return isolated{
				ID: id, Get: operationReadPath(id),
				Put: &isoCall{Path: operationPath(id), Body: `{"name":"Taken over"}`},
				Lists: []isoList{
					{Path: operationsListPath, Body: `{}`},
					{Path: operationsListPath, Body: fmt.Sprintf(`{"ids":[%q],"workCenterIds":[%q],"includeArchived":true}`, id, dep.WorkCenterID)},
					{Path: operationsListPath, Body: `{"name":"Deburr"}`},
				},
				// B cannot name A's work center or equipment in an operation of its own.
				Refused: []isoCall{{Method: http.MethodPost, Path: "/api/operation", Body: mustJSON(t, w)}},
				// Names are unique per tenant: B may use A's.
				Own: []isoCall{{Method: http.MethodPost, Path: "/api/operation", Body: `{"name":"Deburr"}`}},
			}
		}},
		{name: "equipment downtime", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			dep := newShopDepartment(t, a, "Machining")
			mill := addShopEquipment(t, a, dep, "Mill")
			w := downtimeWrite(0, 1, down(dep.ID, mill))
			id := createDowntime(t, a, w)
			return isolated{
				ID: id, Get: downtimePath(id),
				Put:    &isoCall{Body: mustJSON(t, downtimeWrite(0, 2))},
				Delete: &isoCall{Status: http.StatusNoContent}, // nothing of B's to delete
				Lists: []isoList{
					{Path: downtimesPath + "/list", Body: `{}`},
					{Path: downtimesPath + "/list", Body: fmt.Sprintf(`{"ids":[%q],"departmentIds":[%q]}`, id, dep.ID)},
				},
				// B cannot name A's department or equipment.
				Refused: []isoCall{{Method: http.MethodPost, Path: downtimesPath, Body: mustJSON(t, w)}},
			}
		}},
		{name: "in-process tracking fields", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createTrackingField(t, a, client.InProcessTrackingFieldWrite{Name: "Bore", DataType: client.TrackingFieldDataTypeNumber})
			return isolated{
				ID: id, Get: "/api/in-process-tracking-field-types/" + id,
				Lists: []isoList{
					{Path: "/api/in-process-tracking-field-types/list", Body: `{}`},
					{Path: "/api/in-process-tracking-field-types/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: "/api/in-process-tracking-field-types/list", Body: `{"name":"Bore"}`},
				},
			}
		}},
		{name: "units of measure", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			// The catalogue is seeded per tenant: A's rows are A's own.
			var each string
			for _, ut := range listUnitTypes(t, a.API, client.UnitOfMeasureFilter{}) {
				for _, u := range ut.Units {
					if u.Name == "Each" {
						each = u.Id
					}
				}
			}
			if each == "" {
				t.Fatal("tenant A's catalogue has no unit Each")
			}
			return isolated{
				ID: each,
				Lists: []isoList{
					{Path: "/api/units-of-measure/list", Body: `{}`},
					{Path: "/api/units-of-measure/list", Body: `{"name":"Each"}`},
				},
			}
		}, also: func(t *testing.T, a, b *tenantEnv, _ isolated) {
			// Each tenant has its own rows of the same catalogue, and only its own.
			idsOf := func(types []client.UnitType) map[string]bool {
				out := map[string]bool{}
				for _, ut := range types {
					out[ut.Id] = true
					for _, u := range ut.Units {
						out[u.Id] = true
					}
				}
				return out
			}
			typesA := listUnitTypes(t, a.API, client.UnitOfMeasureFilter{})
			typesB := listUnitTypes(t, b.API, client.UnitOfMeasureFilter{})
			if !reflect.DeepEqual(unitCatalogue(typesA), unitCatalogue(typesB)) {
				t.Fatalf("catalogues differ: %v / %v", unitCatalogue(typesA), unitCatalogue(typesB))
			}
			idsB := idsOf(typesB)
			for id := range idsOf(typesA) {
				if idsB[id] {
					t.Fatalf("tenants share catalogue row %s", id)
				}
			}
			if n := len(idsOf(typesA)); n != 6+16 {
				t.Fatalf("tenant A lists %d catalogue rows, want 22", n)
			}
		}},
		{name: "material shapes", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createMaterialShape(t, a.API, plate("Plate Mine"))
			return isolated{
				ID: id, Get: "/api/materials/" + id,
				Put: &isoCall{Body: mustJSON(t, plate("Taken over"))},
				Lists: []isoList{
					{Path: "/api/materials/list", Body: `{}`},
					{Path: "/api/materials/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: "/api/materials/list", Body: `{"name":"Plate Mine"}`},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: "/api/materials/activate", Body: fmt.Sprintf(`{"ids":[%q],"isActivated":false}`, id)},
					// B cannot cut an item from A's shape.
					{Method: http.MethodPost, Path: "/api/items/material-shape", Body: fmt.Sprintf(`{"materialShapeId":%q,"length":10,"width":5}`, id)},
				},
				Own: []isoCall{{Method: http.MethodPost, Path: "/api/materials", Body: mustJSON(t, plate("Plate Mine"))}},
			}
		}, also: func(t *testing.T, a, b *tenantEnv, rec isolated) {
			// Each tenant has its own seeded catalogue: B's ids are not A's, and B lists its
			// seeded shapes and the ones it made, nothing else.
			aShapes := map[string]bool{}
			for _, s := range listMaterialShapes(t, a.API, nil, client.MaterialShapeFilter{}) {
				aShapes[s.Id] = true
			}
			bShapes := listMaterialShapes(t, b.API, nil, client.MaterialShapeFilter{})
			if len(bShapes) != len(seededMaterialShapes)+len(rec.Own) {
				t.Fatalf("tenant B lists %v", materialShapeNames(bShapes))
			}
			for _, s := range bShapes {
				if aShapes[s.Id] {
					t.Fatalf("tenant B lists A's shape %s", s.Name)
				}
			}
		}},
		{name: "items", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := buyItem(t, a, "ISO")
			return isolated{
				ID: id, Get: "/api/items/" + id,
				Put:   &isoCall{Body: `{"description":"x"}`},
				Patch: &isoCall{Body: `[{"op":"replace","path":"/description","value":"x"}]`},
				Lists: []isoList{
					{Path: "/api/items/list/v2", Body: `{}`},
					{Path: "/api/items/list/v2", Body: fmt.Sprintf(`{"itemIds":[%q]}`, id)},
					{Path: "/api/items/list/v2", Body: `{"number":"ISO"}`},
					{Path: "/api/items/list", Body: fmt.Sprintf(`{"itemIds":[%q]}`, id)},
					{Path: "/api/items/list", Body: `{"number":"ISO"}`},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: "/api/items/" + id + "/revision", Body: `{"revision":"B"}`},
					{Method: http.MethodPut, Path: "/api/items/" + id + "/custom-fields", Body: `{}`},
					{Method: http.MethodPut, Path: "/api/items/" + id + "/customFields", Body: `{}`},
					{Method: http.MethodGet, Path: "/api/items/" + id + "/purchase-history"},
					{Method: http.MethodGet, Path: "/api/items/" + id + "/input-unit-cost?quantity=1"},
				},
				// The same number is free in another tenant.
				Own: []isoCall{{Method: http.MethodPost, Path: "/api/items", Body: mustJSON(t, newItem("ISO"))}},
			}
		}},
		{name: "item sales unit conversions", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			w := newItem("CONV")
			w.SalesUnitOfMeasureConversions = &[]client.ItemSalesUnitConversionWrite{{DestinationUnitOfMeasureName: "Dozen"}}
			id := createItem(t, a, w)
			return isolated{
				ID: id, Get: "/api/items/" + id,
				Put:   &isoCall{Body: `{"salesUnitOfMeasureConversions":[]}`},
				Patch: &isoCall{Body: `[{"op":"replace","path":"/salesUnitOfMeasureConversions","value":[]}]`},
			}
		}},
		{name: "item vendor details", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			item, vendor := buyItem(t, a, "VD-ISO"), createVendor(t, a, "Iso Vendor")
			detail := addVendorDetail(t, a, item, fmt.Sprintf(`{"vendorId":%q,"price":3}`, vendor))
			bItem, bVendor := buyItem(t, b, "VD-ISO"), createVendor(t, b, "B Vendor")
			details := "/api/items/" + item + "/vendors"
			return isolated{
				ID:     detail,
				Put:    &isoCall{Path: details + "/" + detail, Body: fmt.Sprintf(`{"vendorId":%q}`, bVendor)},
				Delete: &isoCall{Path: details + "/" + detail},
				Lists: []isoList{
					{Path: details + "/list", BPath: "/api/items/" + bItem + "/vendors/list"},
					{Method: http.MethodGet, Path: "/api/items/" + item, BPath: "/api/items/" + bItem},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: details, Body: fmt.Sprintf(`{"vendorId":%q}`, bVendor)},
					{Method: http.MethodPost, Path: details + "/list", Body: `{}`},
					// B's item with A's vendor; A's detail through B's item is none of B's item.
					{Method: http.MethodPost, Path: "/api/items/" + bItem + "/vendors", Body: fmt.Sprintf(`{"vendorId":%q}`, vendor)},
					{Method: http.MethodDelete, Path: "/api/items/" + bItem + "/vendors/" + detail, Status: http.StatusNoContent},
				},
			}
		}},
		{name: "item material vendors", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			item, vendor := createItem(t, a, newItem("MV-ISO")), createVendor(t, a, "Iso Vendor")
			detail := addMaterialVendor(t, a, item, fmt.Sprintf(`{"vendorId":%q,"notes":"A's"}`, vendor))
			bItem, bVendor := createItem(t, b, newItem("MV-ISO")), createVendor(t, b, "Iso Vendor")
			details := "/api/items/" + item + "/material-vendors"
			return isolated{
				ID:     detail,
				Put:    &isoCall{Path: details + "/" + detail, Body: fmt.Sprintf(`{"vendorId":%q}`, bVendor)},
				Delete: &isoCall{Path: details + "/" + detail},
				Lists: []isoList{
					{Path: details + "/list", BPath: "/api/items/" + bItem + "/material-vendors/list"},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: details, Body: fmt.Sprintf(`{"vendorId":%q}`, bVendor)},
					{Method: http.MethodPost, Path: details + "/list", Body: `{}`},
					{Method: http.MethodPost, Path: "/api/items/" + bItem + "/material-vendors", Body: fmt.Sprintf(`{"vendorId":%q}`, vendor)},
					{Method: http.MethodDelete, Path: "/api/items/" + bItem + "/material-vendors/" + detail, Status: http.StatusNoContent},
				},
			}
		}},
		{name: "material vendors", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			shape, vendor := mvPlate(t, a, "Iso Plate"), mvVendor(t, a, "Iso Mill", "USD")
			offer := mvOffer(t, a, shape, vendor, "pound", `"notes":"A's"`)
			bShape, bVendor := mvPlate(t, b, "Iso Plate"), mvVendor(t, b, "Iso Mill", "USD")
			offers := "/api/materials/" + shape + "/vendors"
			catalogue := func(materialID string) string {
				return fmt.Sprintf(`{"offers":[{"materialId":%q,"price":1,"priceUnit":"pound"}]}`, materialID)
			}
			return isolated{
				ID:  offer,
				Put: &isoCall{Path: offers + "/" + vendor, Body: `{"price":9,"priceUnit":"pound"}`},
				Lists: []isoList{
					{Path: offers + "/list", BPath: "/api/materials/" + bShape + "/vendors/list"},
					{Path: "/api/v2/material-vendors/list", Body: `{}`},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: offers, Body: mvBody(bVendor, "pound", "")},
					{Method: http.MethodPost, Path: "/api/materials/" + bShape + "/vendors", Body: mvBody(vendor, "pound", "")},
					{Method: http.MethodPost, Path: "/api/v2/material-vendors", Body: fmt.Sprintf(`{"materialId":%q,"vendorId":%q,"price":1,"priceUnit":"pound"}`, shape, bVendor)},
					{Method: http.MethodPut, Path: "/api/materials/" + bShape + "/vendors/" + vendor, Body: `{"price":9,"priceUnit":"pound"}`},
					{Method: http.MethodPut, Path: "/api/v2/material-vendors/" + vendor, Body: `{"offers":[]}`},
					{Method: http.MethodPut, Path: "/api/v2/material-vendors/" + bVendor, Body: catalogue(shape)},
				},
				Own: []isoCall{
					{Method: http.MethodPut, Path: "/api/v2/material-vendors/" + bVendor, Body: catalogue(bShape)},
				},
			}
		}},
		{name: "item customer details", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			item, customer := createItem(t, a, newItem("CD-ISO")), newSubRecordCustomer(t, a, "Iso Customer")
			detail := addCustomerDetail(t, a, item, fmt.Sprintf(`{"customerId":%q,"customerItemNumber":"A-1"}`, customer))
			bItem, bCustomer := createItem(t, b, newItem("CD-ISO")), newSubRecordCustomer(t, b, "B Customer")
			details := "/api/items/" + item + "/customers"
			return isolated{
				ID:     detail,
				Put:    &isoCall{Path: details + "/" + detail, Body: fmt.Sprintf(`{"customerId":%q}`, bCustomer)},
				Delete: &isoCall{Path: details + "/" + detail},
				Lists: []isoList{
					{Path: details + "/list", BPath: "/api/items/" + bItem + "/customers/list"},
					{Method: http.MethodGet, Path: "/api/items/" + item, BPath: "/api/items/" + bItem},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: details, Body: fmt.Sprintf(`{"customerId":%q}`, bCustomer)},
					{Method: http.MethodPost, Path: details + "/list", Body: `{}`},
					{Method: http.MethodPost, Path: "/api/items/" + bItem + "/customers", Body: fmt.Sprintf(`{"customerId":%q}`, customer)},
					{Method: http.MethodDelete, Path: "/api/items/" + bItem + "/customers/" + detail, Status: http.StatusNoContent},
				},
			}
		}},
		{name: "item purchase price breaks", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			s := newPurchaseBreakSetup(t, a, "PPB-ISO")
			bItem := createItem(t, b, newItem("PPB-ISO"))
			breaks := "/api/items/" + s.itemID + "/purchase-price-breaks"
			return isolated{
				ID: s.zeta, // the vendor A's breaks name
				Lists: []isoList{
					{Path: breaks + "/list", Body: `{}`, BPath: "/api/items/" + bItem + "/purchase-price-breaks/list"},
				},
				Refused: []isoCall{
					{Method: http.MethodPut, Path: breaks, Body: `{"priceBreaks":[]}`},
					{Method: http.MethodPost, Path: breaks + "/list", Body: `{}`},
					// Tenant A's vendor does not exist for tenant B.
					{Method: http.MethodPut, Path: "/api/items/" + bItem + "/purchase-price-breaks", Body: fmt.Sprintf(`{"priceBreaks":[{"vendorId":%q,"quantity":1,"price":1}]}`, s.zeta),
						Field: "priceBreaks.0.vendorId"},
				},
			}
		}},
		{name: "item sales price breaks", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			item, customer := createItem(t, a, newItem("SPB-ISO")), newSubRecordCustomer(t, a, "Iso Customer")
			replaceSalesBreaks(t, a, item, fmt.Sprintf(`{"priceBreaks":[{"quantity":1,"price":3,"customerId":%q}]}`, customer))
			bItem := createItem(t, b, newItem("SPB-ISO"))
			breaks := "/api/items/" + item + "/sales-price-breaks"
			return isolated{
				ID: customer, // the customer A's break names
				Lists: []isoList{
					{Path: breaks + "/list", Body: `{}`, BPath: "/api/items/" + bItem + "/sales-price-breaks/list"},
				},
				Refused: []isoCall{
					{Method: http.MethodPut, Path: breaks, Body: `{"priceBreaks":[]}`},
					{Method: http.MethodPost, Path: breaks + "/list", Body: `{}`},
				},
			}
		}},
		{name: "item cost breakdowns", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			item := createItem(t, a, newItem("CB-ISO"))
			id := insertCostBreakdown(t, a, item, "estimated", time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC))
			bItem := createItem(t, b, newItem("CB-ISO"))
			breakdowns := "/api/items/" + item + "/cost-breakdowns/list"
			return isolated{
				ID:      id,
				Lists:   []isoList{{Path: breakdowns, Body: `{}`, BPath: "/api/items/" + bItem + "/cost-breakdowns/list"}},
				Refused: []isoCall{{Method: http.MethodPost, Path: breakdowns, Body: `{}`}},
			}
		}},
		{name: "locations", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := createLocation(t, a, "Cage")
			bItem := createItem(t, b, newItem("LOC-ISO"))
			return isolated{
				ID: id, Get: "/api/locations/" + id,
				Delete: &isoCall{Status: http.StatusNoContent}, // nothing of B's to delete
				Lists: []isoList{
					{Path: "/api/locations/list", Body: `{"includeDeleted":true}`},
					{Path: "/api/locations/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: "/api/locations/list", Body: `{"name":"Cage"}`},
				},
				Refused: inventoryActions(bItem, "", id),
				Own:     []isoCall{{Method: http.MethodPost, Path: "/api/locations", Body: `{"name":"Cage"}`}},
			}
		}},
		{name: "inventory lots", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			item := createItem(t, a, newItem("MINE"))
			id := createLot(t, a, client.InventoryLotCreate{ItemId: item, Name: ptr("Secret")})
			bItem := createItem(t, b, newItem("LOT-ISO"))
			return isolated{
				ID: id, Get: "/api/inventory-lots/" + id,
				Lists: []isoList{
					{Path: "/api/inventory-lots/list", Body: `{}`},
					{Path: "/api/inventory-lots/list", Body: fmt.Sprintf(`{"itemIds":[%q]}`, item)},
					{Path: "/api/inventory-lots/list", Body: `{"name":"Secret"}`},
				},
				Refused: append([]isoCall{
					// B cannot make a lot of A's item.
					{Method: http.MethodPost, Path: "/api/inventory-lots", Body: fmt.Sprintf(`{"itemId":%q,"name":"L1"}`, item)},
				}, inventoryActions(bItem, id, "")...),
			}
		}},
		{name: "inventory rows", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			item := createItem(t, a, newItem("MINE"))
			receiveStock(t, a, client.InventoryReceive{ItemId: item, Quantity: num("5")})
			return isolated{
				ID: item,
				Lists: []isoList{
					{Path: "/api/inventory/list", Body: `{}`},
					{Path: "/api/inventory/list", Body: fmt.Sprintf(`{"itemIds":[%q]}`, item)},
					{Method: http.MethodGet, Path: "/api/inventory/byItem"},
					{Method: http.MethodGet, Path: "/api/inventory/availableByItem"},
				},
				Refused: inventoryActions(item, "", ""),
			}
		}},
		{name: "inventory events", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			item := createItem(t, a, newItem("THEIRS"))
			ev := receiveStock(t, a, client.InventoryReceive{ItemId: item, Quantity: num("1")})
			return isolated{
				ID: ev.Id, Get: eventPath(ev.Id),
				Patch: &isoCall{Body: `[{"op":"replace","path":"/note","value":"x"}]`},
				Lists: []isoList{
					{Path: "/api/inventory-events/list", Body: `{}`},
					{Path: "/api/inventory-events/list", Body: fmt.Sprintf(`{"inventoryEventIds":[%q]}`, ev.Id)},
					{Path: "/api/inventory-events/list", Body: fmt.Sprintf(`{"itemIds":[%q]}`, item)},
				},
				Refused: []isoCall{
					{Method: http.MethodGet, Path: eventPath(ev.Id) + "/details"},
					{Method: http.MethodPut, Path: eventPath(ev.Id) + "/details", Body: `{}`},
					{Method: http.MethodPatch, Path: eventPath(ev.Id) + "/details", Body: `[]`},
					{Method: http.MethodPost, Path: eventPath(ev.Id) + "/revert"},
				},
			}
		}},
		{name: "inventory transactions", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			item := createItem(t, a, newItem("ISO"))
			receiveStock(t, a, client.InventoryReceive{ItemId: item, Quantity: num("1")})
			return isolated{
				ID: item,
				Lists: []isoList{
					{Path: "/api/inventory-transactions/list", Body: `{}`},
					{Path: "/api/inventory-transactions/list", Body: fmt.Sprintf(`{"itemIds":[%q]}`, item)},
				},
			}
		}},
		{name: "attachments", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			item := createItem(t, a, newItem("ISO"))
			id := attachToItem(t, a, item, "mine.txt", uniqueBytes(t, "mine", 8))
			uploadType, upload := uploadBody(t, &filePart{name: "theirs.txt", content: uniqueBytes(t, "theirs", 8)}, itemParts(item)...)
			return isolated{
				ID: id, Get: "/api/attachments/" + id,
				Delete: &isoCall{Status: http.StatusNoContent}, // for B it does not exist
				Lists: []isoList{
					{Path: "/api/attachments/list", Body: mustJSON(t, anyFormat())},
					{Path: "/api/attachments/list", Body: mustJSON(t, ofItem(item))},
					{Path: "/api/attachments/list", Body: fmt.Sprintf(`{"attachmentIds":[%q]}`, id)},
				},
				Refused: []isoCall{
					{Method: http.MethodGet, Path: "/api/attachments/" + id + "/download"},
					{Method: http.MethodPost, Path: "/api/attachments/download", Body: mustJSON(t, ofItem(item))},
					// B cannot attach a file or a link to A's item.
					{Method: http.MethodPost, Path: "/api/attachments", ContentType: uploadType, Body: string(upload)},
					{Method: http.MethodPost, Path: "/api/attachments/remote", Body: mustJSON(t, client.AttachmentRemoteCreate{
						Owner: client.AttachmentOwner{Type: client.AttachmentOwnerTypeItem, Id: item}, FileName: "theirs.step", AccessUrl: "https://files.example.com/theirs.step"})},
				},
			}
		}},
		{name: "webhooks", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			id := arrangeCreate(t, a, "/api/webhooks", fmt.Sprintf(`{"url":%q,"description":"A's hook"}`, newWebhookReceiver(t).URL))
			return isolated{
				ID: id, Get: webhookPath(id),
				Patch:  &isoCall{Body: `[{"op":"replace","path":"/isActive","value":false}]`},
				Delete: &isoCall{Status: http.StatusNoContent}, // for B it does not exist
				Lists: []isoList{
					{Path: "/api/webhooks/list", Body: `{}`},
					{Path: "/api/webhooks/list", Body: fmt.Sprintf(`{"ids":[%q]}`, id)},
					{Path: "/api/webhooks/list", Body: `{"eventType":"ItemUpdated","isActive":true}`},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: webhookPath(id) + "/rotate-secret", Body: `{}`},
					{Method: http.MethodPost, Path: webhookPath(id) + "/deliveries/list", Body: `{}`},
					{Method: http.MethodPost, Path: webhookPath(id) + "/deliveries/replay", Body: `{"sinceUtc":"2026-01-01T00:00:00Z"}`},
				},
			}
		}, also: func(t *testing.T, a, b *tenantEnv, rec isolated) {
			// B's events reach B's subscriptions only. The worker hands an event to every
			// subscription it goes to at once (one transaction), so by the time B's receiver
			// has it, A's subscriptions would have their deliveries of it too.
			mine, theirs := newWebhookReceiver(t), newWebhookReceiver(t)
			another := subscribeWebhook(t, a, mine.URL).Id
			subscribeWebhook(t, b, theirs.URL)
			item := createItem(t, b, newItem("B-EVENT"))
			if got := theirs.awaitReceived(t, 1); !bytes.Contains(got[0].Body, []byte(item)) {
				t.Fatalf("tenant B's receiver got %s, want the event of B's item %s", got[0].Body, item)
			}
			for _, webhook := range []string{rec.ID, another} {
				if log := listWebhookDeliveries(t, a, webhook); len(log) != 0 {
					t.Errorf("tenant A's subscription %s has %d deliveries of tenant B's events", webhook, len(log))
				}
			}
			if got := mine.requests(); len(got) != 0 {
				t.Errorf("tenant A's receiver got %d requests of tenant B's events", len(got))
			}
		}},
		{name: "webhook deliveries", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			url := newWebhookReceiver(t).URL
			webhook := subscribeWebhook(t, a, url).Id
			createItem(t, a, newItem("HOOK-ISO"))
			delivery := awaitDeliveries(t, a, webhook, 1)[0]
			bWebhook := subscribeWebhook(t, b, url).Id
			byEvent := fmt.Sprintf(`{"eventIds":[%q]}`, delivery.EventId)
			return isolated{
				ID: delivery.Id, Get: webhookDeliveryPath(webhook, delivery.Id),
				Lists: []isoList{
					{Path: webhookPath(webhook) + "/deliveries/list", Body: `{}`, BPath: webhookPath(bWebhook) + "/deliveries/list"},
					{Path: webhookPath(webhook) + "/deliveries/list", Body: byEvent, BPath: webhookPath(bWebhook) + "/deliveries/list"},
				},
				Refused: []isoCall{
					{Method: http.MethodPost, Path: webhookDeliveryPath(webhook, delivery.Id) + "/replay"},
					{Method: http.MethodPost, Path: webhookPath(webhook) + "/deliveries/replay", Body: `{"sinceUtc":"2026-01-01T00:00:00Z"}`},
					// A's delivery through B's own subscription is none of that subscription's.
					{Method: http.MethodGet, Path: webhookDeliveryPath(bWebhook, delivery.Id)},
					{Method: http.MethodPost, Path: webhookDeliveryPath(bWebhook, delivery.Id) + "/replay"},
				},
			}
		}},
		{name: "pricing settings", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			putPricing(t, a, `{"useMarginBasedPricing":true,"useDefaultMargin":true,"defaultMargin":40,"useShopRatePricing":true,"defaultMaterialMarkup":15}`)
			return isolated{
				Singleton: true, Get: pricingPath,
				Put: &isoCall{Status: http.StatusOK, Body: `{"useMarginBasedPricing":false,"useDefaultMargin":true,"defaultMargin":7.5,"useShopRatePricing":false,"defaultMaterialMarkup":null}`},
			}
		}},
		{name: "costing settings", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
			putCosting(t, a, client.CostingSettingsOverheadCalculationMethodMachineBurdened)
			return isolated{
				Singleton: true, Get: costingPath,
				Put: &isoCall{Status: http.StatusOK, Body: `{"overheadCalculationMethod":"laborBurdened"}`},
			}
		}},
	}
	seen := map[string]bool{}
	for _, row := range rows {
		if seen[row.name] {
			t.Fatalf("two rows are named %q", row.name)
		}
		seen[row.name] = true
		t.Run(strings.ReplaceAll(row.name, " ", "_"), func(t *testing.T) {
			t.Parallel()
			a, b := newTenant(t), newTenant(t)
			rec := row.arrange(t, a, b)
			proveIsolated(t, a, b, rec)
			if row.also != nil {
				row.also(t, a, b, rec)
			}
		})
	}
}

// inventoryActions are the five stock actions (receive, pick and override, and the item
// path's receive and pick) on item, with lotID and locationID when set: calls naming
// another tenant's item, lot or location.
func inventoryActions(item, lotID, locationID string) []isoCall {
	refs := ""
	if lotID != "" {
		refs += fmt.Sprintf(`,"lotId":%q`, lotID)
	}
	if locationID != "" {
		refs += fmt.Sprintf(`,"locationId":%q`, locationID)
	}
	return []isoCall{
		{Method: http.MethodPost, Path: "/api/inventory/receive", Body: fmt.Sprintf(`{"itemId":%q,"secondaryType":"receive","quantity":1%s}`, item, refs)},
		{Method: http.MethodPost, Path: "/api/inventory/pick", Body: fmt.Sprintf(`{"itemId":%q,"secondaryType":"pick","quantity":1%s}`, item, refs)},
		{Method: http.MethodPost, Path: "/api/inventory/override", Body: fmt.Sprintf(`{"itemId":%q,"quantity":1%s}`, item, refs)},
		{Method: http.MethodPost, Path: "/api/items/" + item + "/inventory/receive", Body: fmt.Sprintf(`{"secondaryType":"receive","quantity":1%s}`, refs)},
		{Method: http.MethodPost, Path: "/api/items/" + item + "/inventory/pick", Body: fmt.Sprintf(`{"secondaryType":"pick","quantity":1%s}`, refs)},
	}
}
