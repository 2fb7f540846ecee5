package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"mos/gen/client"
)

// Helpers of the vendor tests: a vendor's JSON writes, its addresses and contacts.

func pvJSON(t *testing.T, te *tenantEnv, method, path, body string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, method, path, te.Token, "application/json", body)
}

func pvPatch(t *testing.T, te *tenantEnv, id, doc string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPatch, "/api/vendors/"+id, te.Token, "application/json-patch+json", doc)
}

// pvCreate creates a vendor from a JSON body and returns its id.
func pvCreate(t *testing.T, te *tenantEnv, body string) string {
	t.Helper()
	res, b := pvJSON(t, te, http.MethodPost, "/api/vendors", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created struct{ ID string }
	if err := json.Unmarshal(b, &created); err != nil {
		t.Fatal(err)
	}
	return created.ID
}

// pvVendor decodes a 200 vendor body.
func pvVendor(t *testing.T, res rawResponse, body []byte) client.Vendor {
	t.Helper()
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var v client.Vendor
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func pvGetJSON(t *testing.T, te *tenantEnv, id string) map[string]any {
	t.Helper()
	res, b := rawRequest(t, http.MethodGet, "/api/vendors/"+id, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func pvList(t *testing.T, te *tenantEnv, filter string) []string {
	t.Helper()
	res, b := pvJSON(t, te, http.MethodPost, "/api/vendors/list", filter)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var vs []client.Vendor
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.Name
	}
	return out
}

// pvMarkDeleted soft-deletes a vendor directly: the API has no vendor delete yet.
func pvMarkDeleted(t *testing.T, te *tenantEnv, id string) {
	t.Helper()
	if _, err := srv.Pool.Exec(`UPDATE vendors SET deleted = true WHERE tenant_id = $1 AND id = $2`, te.ID, id); err != nil {
		t.Fatal(err)
	}
}

// pvCore is v's members that a vendor written with a name and a currency alone holds; the
// others (empty maps, stamps) are left out.
func pvCore(v client.Vendor) client.Vendor {
	return client.Vendor{Id: v.Id, Name: v.Name, CurrencyCode: v.CurrencyCode, Deleted: v.Deleted}
}

func pvAddressesPath(vendorID string) string   { return "/api/vendors/" + vendorID + "/addresses" }
func pvAddressPath(vendorID, id string) string { return pvAddressesPath(vendorID) + "/" + id }
func pvContactsPath(vendorID string) string    { return "/api/vendors/" + vendorID + "/contacts" }
func pvContactPath(vendorID, id string) string { return pvContactsPath(vendorID) + "/" + id }
func pvAddress() client.VendorAddressWrite {
	return client.VendorAddressWrite{Address1: "1 Mill Rd", City: "Gary", PostalCode: "46402"}
}
func pvCreateAddress(t *testing.T, te *tenantEnv, vendorID string, w client.VendorAddressWrite) string {
	t.Helper()
	res, err := te.API.CreateVendorAddressWithResponse(context.Background(), vendorID, nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func pvCreateContact(t *testing.T, te *tenantEnv, vendorID string, w client.VendorContactWrite) string {
	t.Helper()
	res, err := te.API.CreateVendorContactWithResponse(context.Background(), vendorID, nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func TestVendorCreateStoresEveryMemberAndReadsThemBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("region", client.CustomFieldModuleVendor))
	term := createPaymentTerm(t, te, "Net 45", 45)
	id := pvCreate(t, te, fmt.Sprintf(`{"name":" Acme Steel ","code":" AC-1 ","currencyCode":"EUR","paymentTermsId":%q,
		"leadTimeInDays":0,"notes":" Mill certs required ","website":" https://acme.example ","phone":" +1 219 555 0100 ",
		"email":" orders@acme.example ","externalReferences":{"erp":{"externalId":"V-1","type":" "}},
		"customFields":{"region":" North "}}`, term))
	v := getVendor(t, te.API, id)
	if v.Name != "Acme Steel" || optText(v.Code) != "AC-1" || v.CurrencyCode != "EUR" || optText(v.PaymentTermsId) != term ||
		v.LeadTimeInDays == nil || *v.LeadTimeInDays != 0 || optText(v.Notes) != "Mill certs required" ||
		optText(v.Website) != "https://acme.example" || optText(v.Phone) != "+1 219 555 0100" ||
		optText(v.Email) != "orders@acme.example" || v.CustomFields["region"] != "North" || v.Deleted {
		t.Fatalf("stored %+v", v)
	}
	if v.CreatedUtc.IsZero() || v.ModifiedUtc.Before(v.CreatedUtc) {
		t.Fatalf("stamps %v %v", v.CreatedUtc, v.ModifiedUtc)
	}
	// A full update clears the optional members it omits; the currency takes the tenant's again.
	res, body := pvJSON(t, te, http.MethodPut, "/api/vendors/"+id, `{"name":"Acme Steel","notes":"  "}`)
	v = pvVendor(t, res, body)
	if v.Code != nil || v.PaymentTermsId != nil || v.LeadTimeInDays != nil || v.Notes != nil || v.Email != nil ||
		v.CurrencyCode != "USD" || len(v.ExternalReferences) != 0 || len(v.CustomFields) != 0 {
		t.Fatalf("after PUT %+v", v)
	}
}

func TestVendorCodeUniqueAmongLiveVendorsAndNotBlank(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	first := pvCreate(t, te, `{"name":"One","code":"AC-1"}`)
	res, body := pvJSON(t, te, http.MethodPost, "/api/vendors", `{"name":"Two","code":" ac-1 "}`)
	mustProblemNaming(t, res, body, "code")
	for _, code := range []string{`"  "`, `"` + strings.Repeat("x", 51) + `"`, `""`} {
		res, body := pvJSON(t, te, http.MethodPost, "/api/vendors", `{"name":"Three","code":`+code+`}`)
		mustProblemNaming(t, res, body, "code")
	}
	second := pvCreate(t, te, `{"name":"Two","code":"AC-2"}`)
	res, body = pvJSON(t, te, http.MethodPut, "/api/vendors/"+second, `{"name":"Two","code":"Ac-1"}`)
	mustProblemNaming(t, res, body, "code")
	res, body = pvPatch(t, te, second, `[{"op":"replace","path":"/code","value":"AC-1"}]`)
	mustProblemNaming(t, res, body, "code")
	// Another tenant may use the code, and so may a vendor once the holder is deleted.
	pvCreate(t, newTenant(t), `{"name":"One","code":"AC-1"}`)
	pvMarkDeleted(t, te, first)
	pvCreate(t, te, `{"name":"Three","code":"ac-1"}`)
}

func TestVendorConcurrentCreatesWithOneCodeGiveOne200(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	var n atomic.Int32
	counts := concurrently(t, 2, func() (int, error) {
		i := n.Add(1)
		res, err := te.API.CreateVendorWithResponse(context.Background(), nil,
			client.VendorWrite{Name: fmt.Sprintf("Racer %d", i), Code: ptr([]string{"RACE", " race "}[i-1])})
		if err != nil {
			return 0, err
		}
		if res.StatusCode() == http.StatusBadRequest && !strings.Contains(string(res.Body), `"code"`) {
			t.Errorf("400 does not name code: %s", res.Body)
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 1 {
		t.Fatalf("concurrent creates answered %v, want one 200 and one 400", counts)
	}
}

func TestVendorPaymentTermsMustExistInTheTenant(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	foreign := createPaymentTerm(t, other, "Net 10", 10)
	id := createVendor(t, te, "Termed")
	for _, terms := range []string{foreign, strings.Repeat("0", 24)} {
		res, body := pvJSON(t, te, http.MethodPost, "/api/vendors", fmt.Sprintf(`{"name":"New","paymentTermsId":%q}`, terms))
		mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "paymentTermsId")
		res, body = pvJSON(t, te, http.MethodPut, "/api/vendors/"+id, fmt.Sprintf(`{"name":"Termed","paymentTermsId":%q}`, terms))
		mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), "paymentTermsId")
	}
	if got := pvList(t, te, `{}`); !reflect.DeepEqual(got, []string{"Termed"}) {
		t.Fatalf("vendors %v after refused writes", got)
	}
}

func TestVendorLeadTimeNotesAndTextRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createVendor(t, te, "Ruled")
	for _, c := range []struct{ body, field string }{
		{`{"name":"Ruled","leadTimeInDays":-1}`, "leadTimeInDays"},
		{`{"name":"Ruled","notes":"` + strings.Repeat("n", 2001) + `"}`, "notes"},
		{`{"name":"Ruled","phone":"` + strings.Repeat("1", 201) + `"}`, "phone"},
		{`{"name":"  "}`, "name"},
	} {
		res, body := pvJSON(t, te, http.MethodPost, "/api/vendors", c.body)
		mustProblemNaming(t, res, body, c.field)
		res, body = pvJSON(t, te, http.MethodPut, "/api/vendors/"+id, c.body)
		mustProblemNaming(t, res, body, c.field)
	}
	res, body := pvPatch(t, te, id, `[{"op":"replace","path":"/leadTimeInDays","value":-3}]`)
	mustProblemNaming(t, res, body, "leadTimeInDays")
	res, body = pvPatch(t, te, id, `[{"op":"replace","path":"/leadTimeInDays","value":12}]`)
	if v := pvVendor(t, res, body); v.LeadTimeInDays == nil || *v.LeadTimeInDays != 12 {
		t.Fatalf("lead time %v", v.LeadTimeInDays)
	}
}

func TestVendorEmailFollowsTheContactEmailRule(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, bad := range []string{"no-at.example", "a@b", "Dana <dana@acme.example>", "a@@acme.example", "dana@127.0.0.1", "dänа@acme.example"} {
		res, body := pvJSON(t, te, http.MethodPost, "/api/vendors", mustJSON(t, map[string]any{"name": "Mailed", "email": bad}))
		mustProblemNaming(t, res, body, "email")
	}
	id := pvCreate(t, te, `{"name":"Mailed","email":"  "}`)
	if v := getVendor(t, te.API, id); v.Email != nil {
		t.Fatalf("blank email stored as %q", *v.Email)
	}
	res, body := pvPatch(t, te, id, `[{"op":"add","path":"/email","value":" o'brien@acme.example "}]`)
	if v := pvVendor(t, res, body); optText(v.Email) != "o'brien@acme.example" {
		t.Fatalf("email %s", optText(v.Email))
	}
}

func TestVendorExternalReferencesBlankMembersAreNoValueOnCreateAndPatch(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := pvCreate(t, te, `{"name":"Linked","externalReferences":{"erp":{"type":"  ","externalId":" E-1 ","displayId":""}}}`)
	erp := pvGetJSON(t, te, id)["externalReferences"].(map[string]any)["erp"].(map[string]any)
	if erp["type"] != nil || erp["displayId"] != nil || erp["externalId"] != " E-1 " {
		t.Fatalf("created erp %v", erp)
	}
	for _, ref := range []string{`{"type":"x"}`, `{"externalId":"  "}`} {
		res, body := pvJSON(t, te, http.MethodPost, "/api/vendors", `{"name":"Other","externalReferences":{"crm":`+ref+`}}`)
		mustProblemNaming(t, res, body, "externalReferences.crm.externalId")
	}
	// A vendor's PATCH follows the write rule too: blanks are no value, externalId required.
	res, body := pvPatch(t, te, id, `[{"op":"add","path":"/externalReferences/crm","value":{"type":"line"}}]`)
	mustProblemNaming(t, res, body, "externalReferences.crm.externalId")
	res, body = pvPatch(t, te, id, `[{"op":"add","path":"/externalReferences/crm","value":{"type":"  ","externalId":"C-2"}},`+
		`{"op":"replace","path":"/externalReferences/erp/status","value":" "}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	refs := pvGetJSON(t, te, id)["externalReferences"].(map[string]any)
	crm, erp := refs["crm"].(map[string]any), refs["erp"].(map[string]any)
	if crm["type"] != nil || crm["externalId"] != "C-2" || erp["status"] != nil {
		t.Fatalf("patched references %v", refs)
	}
}

func TestVendorCustomFieldsValidatedInFullOnWritesAndByTouchOnPatch(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("region", client.CustomFieldModuleVendor))
	createCustomField(t, te, textField("custOnly", client.CustomFieldModuleCustomer))
	res, body := pvJSON(t, te, http.MethodPost, "/api/vendors", `{"name":"Fielded","customFields":{"custOnly":"x"}}`)
	mustProblemNaming(t, res, body, "customFields.custOnly")
	id := pvCreate(t, te, `{"name":"Fielded","customFields":{"region":"North"}}`)
	createCustomField(t, te, client.CustomFieldDefinitionWrite{Name: "certified", Type: client.CustomFieldTypeBoolean, Module: client.CustomFieldModuleVendor, Required: ptr(true)})
	res, body = pvJSON(t, te, http.MethodPut, "/api/vendors/"+id, `{"name":"Fielded","customFields":{"region":"North"}}`)
	mustProblemNaming(t, res, body, "customFields.certified")
	res, body = pvPatch(t, te, id, `[{"op":"replace","path":"/notes","value":"untouched fields"}]`)
	if v := pvVendor(t, res, body); v.CustomFields["region"] != "North" {
		t.Fatalf("custom fields %v", v.CustomFields)
	}
	res, body = pvPatch(t, te, id, `[{"op":"add","path":"/customFields/unknown","value":"x"}]`)
	mustProblemNaming(t, res, body, "customFields.unknown")
	res, body = pvPatch(t, te, id, `[{"op":"add","path":"/customFields/certified","value":true}]`)
	if v := pvVendor(t, res, body); !reflect.DeepEqual(v.CustomFields, client.CustomFields{"region": "North", "certified": true}) {
		t.Fatalf("custom fields %v", v.CustomFields)
	}
}

func TestVendorPatchAppliesToTheReadShapeAndRefusesReadOnlyMembers(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := pvCreate(t, te, `{"name":"Patched","code":"P-1","leadTimeInDays":3}`)
	res, body := pvPatch(t, te, id, `[{"op":"replace","path":"/name","value":"  Patched Twice "},{"op":"remove","path":"/code"}]`)
	v := pvVendor(t, res, body)
	if v.Name != "Patched Twice" || v.Code != nil || v.LeadTimeInDays == nil || *v.LeadTimeInDays != 3 {
		t.Fatalf("patched %+v", v)
	}
	for _, path := range []string{"/id", "/deleted", "/createdUtc"} {
		res, body := pvPatch(t, te, id, `[{"op":"replace","path":"`+path+`","value":"x"}]`)
		mustProblem(t, res, body, http.StatusBadRequest)
	}
	res, body = pvPatch(t, te, strings.Repeat("0", 24), `[{"op":"replace","path":"/name","value":"x"}]`)
	mustProblem(t, res, body, http.StatusNotFound)
	pvMarkDeleted(t, te, id)
	res, body = pvPatch(t, te, id, `[{"op":"replace","path":"/name","value":"x"}]`)
	mustProblem(t, res, body, http.StatusNotFound)
	res, body = pvJSON(t, te, http.MethodPut, "/api/vendors/"+id, `{"name":"x"}`)
	mustProblem(t, res, body, http.StatusNotFound)
	if v := getVendor(t, te.API, id); !v.Deleted || v.Name != "Patched Twice" {
		t.Fatalf("deleted vendor read as %+v", v)
	}
}

func TestVendorListFilters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	pvCreate(t, te, `{"name":"Alpha","code":"AL-1","externalReferences":{"erp":{"type":"vendor","externalId":"E1"}}}`)
	beta := pvCreate(t, te, `{"name":"Beta","code":"BE-1"}`)
	gone := pvCreate(t, te, `{"name":"Gone","code":"GO-1","externalReferences":{"erp":{"type":"vendor","externalId":"E3"}}}`)
	pvMarkDeleted(t, te, gone)
	cases := []struct {
		filter string
		want   []string
	}{
		{`{}`, []string{"Alpha", "Beta"}},
		{`{"includeDeleted":true}`, []string{"Alpha", "Beta", "Gone"}},
		{`{"code":" al-1 "}`, []string{"Alpha"}},
		{`{"code":"GO-1"}`, []string{}},
		{`{"code":"GO-1","includeDeleted":true}`, []string{"Gone"}},
		{`{"externalReference":{"key":"erp"}}`, []string{"Alpha"}},
		{`{"externalReference":{"key":"erp","externalId":"E3"},"includeDeleted":true}`, []string{"Gone"}},
		{`{"externalReference":{"key":"erp","type":"customer"}}`, []string{}},
	}
	for _, c := range cases {
		if got := pvList(t, te, c.filter); !reflect.DeepEqual(got, c.want) {
			t.Errorf("filter %s: %v, want %v", c.filter, got, c.want)
		}
	}
	// modifiedAfterUtc is exclusive and sees sub-record writes through the vendor's stamp.
	mark := getVendor(t, te.API, beta).ModifiedUtc
	if got := pvList(t, te, `{"modifiedAfterUtc":"`+mark.Format(time.RFC3339Nano)+`"}`); len(got) != 0 {
		t.Fatalf("modified after Beta's stamp: %v", got)
	}
	pvCreateContact(t, te, beta, client.VendorContactWrite{FirstName: "Dana"})
	if got := pvList(t, te, `{"modifiedAfterUtc":"`+mark.Format(time.RFC3339Nano)+`"}`); !reflect.DeepEqual(got, []string{"Beta"}) {
		t.Fatalf("after a contact write: %v", got)
	}
	for _, c := range []struct{ filter, field string }{
		{`{"code":"  "}`, "code"},
		{`{"modifiedAfterUtc":"1999-12-31T00:00:00Z"}`, "modifiedAfterUtc"},
	} {
		res, body := pvJSON(t, te, http.MethodPost, "/api/vendors/list", c.filter)
		mustProblemNaming(t, res, body, c.field)
	}
}

func TestVendorAddressesCreateReadReplaceListAndDelete(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := createVendor(t, te, "Addressed")
	w := pvAddress()
	w.Name, w.PrimaryBilling, w.ShippingLeadTime, w.Phone = ptr(" Mill "), ptr(true), ptr[int32](2), ptr(" ")
	first := pvCreateAddress(t, te, vendor, w)
	res, err := te.API.GetVendorAddressWithResponse(context.Background(), vendor, first, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if a := res.JSON200; len(first) != 36 || optText(a.Name) != "Mill" || !a.PrimaryBilling || a.Phone != nil || *a.ShippingLeadTime != 2 {
		t.Fatalf("address %+v", a)
	}
	// A second primary billing address takes the mark.
	second := pvCreateAddress(t, te, vendor, client.VendorAddressWrite{Address1: "2 Dock St", City: "Gary", PostalCode: "46403", PrimaryBilling: ptr(true)})
	lres, err := te.API.ListVendorAddressesWithResponse(context.Background(), vendor, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, lres.StatusCode(), http.StatusOK, lres.Body)
	marks := map[string]bool{}
	for _, a := range *lres.JSON200 {
		marks[a.Id] = a.PrimaryBilling
	}
	if !reflect.DeepEqual(marks, map[string]bool{first: false, second: true}) {
		t.Fatalf("billing marks %v", marks)
	}
	for _, c := range []struct{ body, field string }{
		{`{"address1":" ","city":"Gary","postalCode":"1"}`, "address1"},
		{`{"address1":"1","city":"Gary","postalCode":"1","shippingLeadTime":-1}`, "shippingLeadTime"},
	} {
		res, body := pvJSON(t, te, http.MethodPut, pvAddressPath(vendor, first), c.body)
		mustProblemNaming(t, res, body, c.field)
	}
	res2, body := pvJSON(t, te, http.MethodPut, pvAddressPath(vendor, first), `{"address1":"9 New Rd","city":"Gary","postalCode":"46404"}`)
	mustStatus(t, res2.StatusCode, http.StatusOK, body)
	var a client.VendorAddress
	if err := json.Unmarshal(body, &a); err != nil || a.Address1 != "9 New Rd" || a.Name != nil {
		t.Fatalf("replaced %s (%v)", body, err)
	}
	res2, body = rawRequest(t, http.MethodDelete, pvAddressPath(vendor, first), te.Token, "", "")
	mustStatus(t, res2.StatusCode, http.StatusOK, body)
	res2, body = rawRequest(t, http.MethodDelete, pvAddressPath(vendor, first), te.Token, "", "")
	mustStatus(t, res2.StatusCode, http.StatusNoContent, body)
}

func TestVendorContactsCreateReadReplaceListAndDelete(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := createVendor(t, te, "Contacted")
	id := pvCreateContact(t, te, vendor, client.VendorContactWrite{FirstName: " Dana ", LastName: ptr("Reyes"), Email: ptr(" dana@acme.example ")})
	res, b := rawRequest(t, http.MethodGet, pvContactPath(vendor, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var c client.VendorContact
	if err := json.Unmarshal(b, &c); err != nil || c.FirstName != "Dana" || optText(c.Email) != "dana@acme.example" {
		t.Fatalf("contact %s (%v)", b, err)
	}
	for _, bad := range []string{"dana@acme", "Dana <dana@acme.example>", "dana@@acme.example"} {
		res, body := pvJSON(t, te, http.MethodPost, pvContactsPath(vendor), mustJSON(t, map[string]any{"firstName": "X", "email": bad}))
		mustProblemNaming(t, res, body, "email")
	}
	pvCreateContact(t, te, vendor, client.VendorContactWrite{FirstName: "Ann", LastName: ptr("Abel")})
	res, b = pvJSON(t, te, http.MethodPost, pvContactsPath(vendor)+"/list", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var list []client.VendorContact
	if err := json.Unmarshal(b, &list); err != nil || len(list) != 2 || list[0].FirstName != "Ann" {
		t.Fatalf("contacts %s (%v)", b, err)
	}
	res, b = pvJSON(t, te, http.MethodPut, pvContactPath(vendor, id), `{"firstName":"Eve"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if err := json.Unmarshal(b, &c); err != nil || c.FirstName != "Eve" || c.Email != nil || c.LastName != nil {
		t.Fatalf("replaced %s (%v)", b, err)
	}
	res, b = rawRequest(t, http.MethodDelete, pvContactPath(vendor, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodDelete, pvContactPath(vendor, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
}

func TestVendorSubRecordsOfAnotherVendorOrTenantAreNotFound(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	vendor, sibling := createVendor(t, te, "Owner"), createVendor(t, te, "Sibling")
	address := pvCreateAddress(t, te, vendor, pvAddress())
	contact := pvCreateContact(t, te, vendor, client.VendorContactWrite{FirstName: "Dana"})
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, pvAddressPath(sibling, address), ""},
		{http.MethodPut, pvAddressPath(sibling, address), mustJSON(t, pvAddress())},
		{http.MethodGet, pvContactPath(sibling, contact), ""},
		{http.MethodPut, pvContactPath(sibling, contact), `{"firstName":"Eve"}`},
		{http.MethodPost, pvAddressesPath(strings.Repeat("0", 24)), mustJSON(t, pvAddress())},
		{http.MethodPost, pvContactsPath(strings.Repeat("0", 24)) + "/list", `{}`},
	} {
		res, body := pvJSON(t, te, c.method, c.path, c.body)
		mustProblem(t, res, body, http.StatusNotFound)
	}
	// Another vendor's address is not deleted through this one: 204, and it stays.
	res, body := rawRequest(t, http.MethodDelete, pvAddressPath(sibling, address), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, body)
	for _, path := range []string{pvAddressPath(vendor, address), pvContactPath(vendor, contact)} {
		res, body := rawRequest(t, http.MethodGet, path, other.Token, "", "")
		mustProblem(t, res, body, http.StatusNotFound)
		res, body = rawRequest(t, http.MethodGet, path, te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
}

func TestVendorSubRecordsOfDeletedVendorAreReadableButNotWritable(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := createVendor(t, te, "Closing")
	address := pvCreateAddress(t, te, vendor, pvAddress())
	contact := pvCreateContact(t, te, vendor, client.VendorContactWrite{FirstName: "Dana"})
	pvMarkDeleted(t, te, vendor)
	for _, path := range []string{pvAddressPath(vendor, address), pvContactPath(vendor, contact)} {
		res, body := rawRequest(t, http.MethodGet, path, te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
	res, body := pvJSON(t, te, http.MethodPost, pvAddressesPath(vendor)+"/list", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, pvAddressesPath(vendor), mustJSON(t, pvAddress())},
		{http.MethodPut, pvAddressPath(vendor, address), mustJSON(t, pvAddress())},
		{http.MethodDelete, pvAddressPath(vendor, address), ""},
		{http.MethodPost, pvContactsPath(vendor), `{"firstName":"Eve"}`},
		{http.MethodPut, pvContactPath(vendor, contact), `{"firstName":"Eve"}`},
		{http.MethodDelete, pvContactPath(vendor, contact), ""},
	} {
		res, body := pvJSON(t, te, c.method, c.path, c.body)
		mustProblem(t, res, body, http.StatusNotFound)
	}
}

func TestVendorSubRecordWritesAdvanceVendorModifiedUtc(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := createVendor(t, te, "Stamped")
	before := getVendor(t, te.API, vendor).ModifiedUtc
	pvCreateAddress(t, te, vendor, pvAddress())
	after := getVendor(t, te.API, vendor).ModifiedUtc
	if !after.After(before) {
		t.Fatalf("address create left modifiedUtc at %v", after)
	}
	// A delete of a missing contact changes nothing.
	res, body := rawRequest(t, http.MethodDelete, pvContactPath(vendor, "00000000-0000-7000-8000-000000000001"), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, body)
	if got := getVendor(t, te.API, vendor).ModifiedUtc; !got.Equal(after) {
		t.Fatalf("a write that saved nothing moved modifiedUtc from %v to %v", after, got)
	}
}

func TestVendorOperationsNeedThePurchaseOrderPermissions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor := createVendor(t, te, "Guarded")
	address := pvCreateAddress(t, te, vendor, pvAddress())
	none, viewer := te.userToken(t), te.userToken(t, "View Purchase Order")
	reads := []struct{ method, path, body string }{
		{http.MethodGet, "/api/vendors/" + vendor, ""},
		{http.MethodPost, "/api/vendors/list", `{}`},
		{http.MethodGet, pvAddressPath(vendor, address), ""},
		{http.MethodPost, pvContactsPath(vendor) + "/list", `{}`},
	}
	writes := []struct{ method, path, body string }{
		{http.MethodPost, "/api/vendors", `{"name":"New"}`},
		{http.MethodPut, "/api/vendors/" + vendor, `{"name":"Guarded"}`},
		{http.MethodPost, pvAddressesPath(vendor), mustJSON(t, pvAddress())},
		{http.MethodPost, pvContactsPath(vendor), `{"firstName":"Eve"}`},
	}
	for _, c := range append(reads, writes...) {
		res, body := rawRequest(t, c.method, c.path, none, "application/json", c.body)
		mustProblem(t, res, body, http.StatusForbidden)
	}
	for _, c := range reads {
		res, body := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
	for _, c := range writes {
		res, body := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustProblem(t, res, body, http.StatusForbidden)
	}
	res, body := rawRequest(t, http.MethodPatch, "/api/vendors/"+vendor, viewer, "application/json-patch+json", `[]`)
	mustProblem(t, res, body, http.StatusForbidden)
}
