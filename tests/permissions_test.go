package tests

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// permissionNone is the x-permission of an operation any valid token may call.
const permissionNone = "none"

// specOperation is one operation of openapi/v1.yaml.
type specOperation struct {
	method, path string // path as the spec writes it, with {parameters}
	op           *openapi3.Operation
	params       openapi3.Parameters // the path item's and the operation's
}

func (o specOperation) String() string { return o.method + " " + o.path }

// public reports whether the operation needs no token (security: []).
func (o specOperation) public() bool { return o.op.Security != nil && len(*o.op.Security) == 0 }

// permissions reads x-permission: one name, or a list of names a user token must all hold.
func (o specOperation) permissions() []string {
	switch v := o.op.Extensions["x-permission"].(type) {
	case string:
		if v != "" {
			return []string{v}
		}
	case []any:
		var out []string
		for _, item := range v {
			if s, ok := item.(string); ok && s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// documentedPermission is what the operation's description says after "Permission:".
func (o specOperation) documentedPermission() string {
	for line := range strings.SplitSeq(o.op.Description, "\n") {
		if _, after, ok := strings.Cut(line, "Permission:"); ok {
			return strings.TrimSpace(after)
		}
	}
	return ""
}

// needsNone reports whether the operation documents that any valid token may call it
// ("Permission: none"), as opposed to x-permission none on an operation that checks a
// permission of its own (attachments check their owner's).
func (o specOperation) needsNone() bool {
	return strings.HasPrefix(o.documentedPermission(), permissionNone)
}

// specOperations lists every operation of the spec, ordered by path and method.
func specOperations(t *testing.T) []specOperation {
	t.Helper()
	spec := srv.Spec
	var out []specOperation
	for path, item := range spec.Paths.Map() {
		for method, op := range item.Operations() {
			params := append(slices.Clone(item.Parameters), op.Parameters...)
			out = append(out, specOperation{method: method, path: path, op: op, params: params})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].path != out[j].path {
			return out[i].path < out[j].path
		}
		return out[i].method < out[j].method
	})
	return out
}

// walkPath fills the operation's path parameters with well-formed ids no record has: 24
// characters, or a 36-character UUID where the parameter's schema takes only that.
func walkPath(t *testing.T, o specOperation) string {
	t.Helper()
	path := o.path
	for _, ref := range o.params {
		p := ref.Value
		if p == nil || p.In != openapi3.ParameterInPath {
			continue
		}
		var s *openapi3.Schema
		if p.Schema != nil {
			s = p.Schema.Value
		}
		fits := func(n uint64) bool {
			return s == nil || (s.MinLength <= n && (s.MaxLength == nil || *s.MaxLength >= n))
		}
		var id string
		switch {
		case fits(24):
			id = ids.New()
		case fits(36):
			id = ids.NewSub()
		default:
			t.Fatalf("%s: path parameter %q takes neither a 24- nor a 36-character id; teach walkPath its shape", o, p.Name)
		}
		path = strings.ReplaceAll(path, "{"+p.Name+"}", id)
	}
	if strings.ContainsAny(path, "{}") {
		t.Fatalf("%s: path parameters left unfilled in %s", o, path)
	}
	return path
}

// minimalBody is the smallest body of the media type the operation declares: a JSON
// object or array, an empty JSON Patch, or a one-file multipart form.
func minimalBody(t *testing.T, o specOperation) (contentType, body string) {
	t.Helper()
	if o.op.RequestBody == nil || o.op.RequestBody.Value == nil {
		return "", ""
	}
	content := o.op.RequestBody.Value.Content
	switch {
	case content.Get("multipart/form-data") != nil:
		ct, b := uploadBody(t, &filePart{name: "walk.txt", content: []byte("walk")})
		return ct, string(b)
	case content.Get("application/json-patch+json") != nil:
		return "application/json-patch+json", `[]`
	case content.Get("application/json") != nil:
		if s := content.Get("application/json").Schema; s != nil && s.Value != nil && s.Value.Type.Is(openapi3.TypeArray) {
			return "application/json", `[]`
		}
		return "application/json", `{}`
	}
	t.Fatalf("%s: no minimal body for media types %v; teach minimalBody one", o, mediaTypes(content))
	return "", ""
}

func mediaTypes(c openapi3.Content) []string {
	out := make([]string, 0, len(c))
	for mt := range c {
		out = append(out, mt)
	}
	sort.Strings(out)
	return out
}

// mustPassTheGate fails t if the answer is the authentication or permission gate's (401,
// 403) or a server error: the call reached the operation, whatever it made of the body.
func mustPassTheGate(t *testing.T, who string, res rawResponse, body []byte) {
	t.Helper()
	if res.StatusCode == http.StatusUnauthorized || res.StatusCode == http.StatusForbidden || res.StatusCode >= 500 {
		t.Errorf("%s: status %d, want the operation's own answer: %s", who, res.StatusCode, truncate(body))
	}
}

// Every operation of the spec is walked: without a token it answers 401; a user token
// without its permission (none at all, or every other one) gets a 403 naming the
// permission; a user token holding exactly its permissions, and an integration token, get
// past the gate. `x-permission: none` lets any valid token past the gate, and an operation
// documented as "Permission: none" refuses none either; public operations (security: [])
// are skipped. A new operation is covered by declaring it in the spec.
func TestEveryOperationNeedsATokenAndItsPermission(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	catalogue := permissionCatalogue(t)
	known := map[string]bool{permissionNone: true}
	for _, p := range catalogue {
		known[p] = true
	}
	ops := specOperations(t)
	if len(ops) == 0 {
		t.Fatal("the spec has no operations")
	}

	// Tokens, issued before the walk: none, exactly an operation's set, all but one name.
	noPermissions := te.userToken(t)
	exactly := map[string]string{}
	allBut := map[string]string{}
	for _, o := range ops {
		perms := o.permissions()
		if o.public() || len(perms) == 0 || slices.Contains(perms, permissionNone) {
			continue
		}
		key := strings.Join(perms, ",")
		if _, ok := exactly[key]; !ok {
			exactly[key] = te.userToken(t, perms...)
		}
		for _, p := range perms {
			if _, ok := allBut[p]; !ok && known[p] {
				others := slices.DeleteFunc(slices.Clone(catalogue), func(c string) bool { return c == p })
				allBut[p] = te.userToken(t, others...)
			}
		}
	}

	walked := 0
	for _, o := range ops {
		if o.public() {
			continue
		}
		perms := o.permissions()
		if len(perms) == 0 {
			t.Errorf("%s declares no x-permission: every operation that needs a token names the permission a user token needs (x-permission: a name, a list of names, or none)", o)
			continue
		}
		for _, p := range perms {
			if !known[p] {
				t.Errorf("%s: x-permission %q is neither a name of the Permission schema nor %q", o, p, permissionNone)
			}
		}
		if len(perms) > 1 && slices.Contains(perms, permissionNone) {
			t.Errorf("%s: x-permission lists %q beside other names %v", o, permissionNone, perms)
			continue
		}
		// Clients read the permission in the description: it must say what the gate enforces.
		documented := o.documentedPermission()
		for _, p := range perms {
			if p != permissionNone && !strings.Contains(documented, p) {
				t.Errorf("%s: x-permission names %q but the description says \"Permission: %s\"", o, p, documented)
			}
		}
		walked++
		path := walkPath(t, o)
		contentType, body := minimalBody(t, o)
		t.Run(o.String(), func(t *testing.T) {
			t.Parallel()
			send := func(token string) (rawResponse, []byte) {
				return rawRequest(t, o.method, path, token, contentType, body)
			}
			res, b := send("")
			mustUnauthorized(t, res, b)

			if perms[0] == permissionNone {
				res, b = send(te.Token)
				mustPassTheGate(t, "an integration token", res, b)
				res, b = send(noPermissions)
				if o.needsNone() {
					mustPassTheGate(t, "a user token without permissions", res, b)
					return
				}
				// The operation checks a permission of its own (its area's tests prove
				// which); the gate must still let the token in.
				if res.StatusCode == http.StatusUnauthorized || res.StatusCode >= 500 {
					t.Errorf("a user token without permissions: status %d: %s", res.StatusCode, truncate(b))
				}
				return
			}
			mustForbidNaming := func(who, token, perm string) {
				t.Helper()
				res, b := send(token)
				if res.StatusCode != http.StatusForbidden {
					t.Errorf("%s: status %d, want 403: %s", who, res.StatusCode, truncate(b))
					return
				}
				if p := mustProblem(t, res, b, http.StatusForbidden); !strings.Contains(p.Detail, fmt.Sprintf("%q", perm)) {
					t.Errorf("%s: the 403 detail %q does not name %q", who, p.Detail, perm)
				}
			}
			// The gate checks the names in order and answers with the first one missing.
			mustForbidNaming("a user token without permissions", noPermissions, perms[0])
			for _, p := range perms {
				mustForbidNaming("a user token with every permission but "+p, allBut[p], p)
			}
			res, b = send(exactly[strings.Join(perms, ",")])
			mustPassTheGate(t, fmt.Sprintf("a user token holding exactly %v", perms), res, b)
			res, b = send(te.Token)
			mustPassTheGate(t, "an integration token", res, b)
		})
	}
	if walked == 0 {
		t.Fatal("no operation needs a token: the walk proved nothing")
	}
}

// The walk above proves that the wrong permissions are refused; this table proves, area by
// area, that the named permission lets a real call through to its 200.
func TestTheNamedPermissionLetsTheCallThrough(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const (
		viewAccounting   = "View Accounting"
		editAccounting   = "Edit Accounting"
		viewItem         = "View Item"
		editItem         = "Edit Item"
		viewCompany      = "View Company"
		editCompany      = "Edit Company"
		viewCustomFields = "View Custom Fields"
		editCustomFields = "Edit Custom Fields"
		viewCustomer     = "View Customer"
		editCustomer     = "Edit Customer"
		viewPurchasing   = "View Purchase Order"
		editPurchasing   = "Edit Purchase Order"
		viewInventory    = "View Inventory"
		editInventory    = "Edit Inventory"
		viewScheduling   = "View Scheduling"
		editScheduling   = "Edit Scheduling"
		viewWebhooks     = "View Webhooks"
		editWebhooks     = "Edit Webhooks"
	)
	code := createAccountingCode(t, te, "4100 Services")
	terms := createPaymentTerm(t, te, "Net 30", 30)
	tag := createTag(t, te, "Granted")
	company := createCompany(t, te, client.CompanyInfoWrite{Name: "Acme"})
	field := createCustomField(t, te, textField("Shared", client.CustomFieldModuleNcr))
	tier := createCustomerTier(t, te, "Gold", nil)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Guarded"})
	address := createAddress(t, te, customer, dockAddress())
	contact := createContact(t, te, customer, client.CustomerContactWrite{FirstName: "Dana"})
	vendor := createVendor(t, te, "Acme Supply")
	shape := createMaterialShape(t, te.API, flatBar("Flat Bar"))
	plateShape := createMaterialShape(t, te.API, plate("Plate P"))
	item := buyItem(t, te, "GRANTED")
	addItemTag(t, te, item, tag)
	vendorDetail := addVendorDetail(t, te, item, fmt.Sprintf(`{"vendorId":%q}`, vendor))
	customerDetail := addCustomerDetail(t, te, item, fmt.Sprintf(`{"customerId":%q}`, customer))
	location := createLocation(t, te, "Cage")
	doomedLocation := createLocation(t, te, "Doomed")
	lot := createLot(t, te, client.InventoryLotCreate{ItemId: item, Name: ptr("L1")})
	received := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("100")})
	picked := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("1")})
	dep := newShopDepartment(t, te, "Machining")
	equipment := addShopEquipment(t, te, dep, "Mill")
	doomedCenter := namedWorkCenter(t, te, "Doomed cell", "")
	tracking := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Bore", DataType: client.TrackingFieldDataTypeNumber})
	shift := createShift(t, te, dayShift(dep.ID))
	downtime := createDowntime(t, te, downtimeWrite(0, 1, down(dep.ID)))
	receiver := newWebhookReceiver(t)
	webhook := subscribeWebhook(t, te, receiver.URL).Id
	doomedWebhook := subscribeWebhook(t, te, receiver.URL, client.WebhookEventTypeItemUpdated).Id
	createItem(t, te, newItem("GRANTED-HOOK"))
	delivery := awaitDeliveries(t, te, webhook, 1)[0].Id
	noted := ntNewDocuments(t, te)
	note := ntCreate(t, te, "purchaseOrderId", noted.purchaseOrder, "Granted")

	cases := []struct {
		perms        []string
		method, path string
		body         string
	}{
		{[]string{permissionNone}, http.MethodGet, "/api/auth/validate", ""},
		// Accounting: accounting codes, chart of accounts, payment terms.
		{[]string{viewAccounting}, http.MethodGet, "/api/accounting-codes/" + code, ""},
		{[]string{editAccounting}, http.MethodPost, "/api/accounting-codes", `{"name":"4200 Granted","style":"info"}`},
		{[]string{viewAccounting}, http.MethodPost, "/api/chart-of-accounts/list", `{}`},
		{[]string{editAccounting}, http.MethodPost, "/api/chart-of-accounts", `{"name":"1000 Cash","style":"info"}`},
		{[]string{viewAccounting}, http.MethodGet, "/api/payment-terms/" + terms, ""},
		{[]string{editAccounting}, http.MethodPost, "/api/payment-terms", `{"name":"Net 45","netDays":45}`},
		// Item code lists and tags.
		{[]string{viewItem}, http.MethodPost, "/api/item-classes/list", `{}`},
		{[]string{editItem}, http.MethodPost, "/api/grade-codes", `{"name":"A36","style":"info"}`},
		{[]string{viewItem}, http.MethodGet, "/api/tags/" + tag, ""},
		{[]string{editItem}, http.MethodPatch, "/api/tags/" + tag, `[{"op":"replace","path":"/style","value":"dark"}]`},
		{[]string{viewItem}, http.MethodGet, "/api/item-tags/" + tag, ""},
		// Companies and custom fields.
		{[]string{viewCompany}, http.MethodGet, "/api/companies/" + company, ""},
		{[]string{editCompany}, http.MethodPatch, "/api/companies/" + company, `[{"op":"replace","path":"/phoneNumber","value":"1"}]`},
		{[]string{viewCustomFields}, http.MethodGet, "/api/custom-fields/" + field, ""},
		{[]string{editCustomFields}, http.MethodPut, "/api/custom-fields/" + field, mustJSON(t, textField("Shared", client.CustomFieldModuleNcr))},
		// Customers, their addresses, contacts and tiers.
		{[]string{viewCustomer}, http.MethodGet, "/api/customers/" + customer, ""},
		{[]string{editCustomer}, http.MethodPatch, "/api/customers/" + customer, `[{"op":"replace","path":"/notes","value":"x"}]`},
		{[]string{viewCustomer}, http.MethodPost, addressesPath(customer) + "/list", ""},
		{[]string{editCustomer}, http.MethodPut, addressPath(customer, address), mustJSON(t, dockAddress())},
		{[]string{viewCustomer}, http.MethodGet, contactPath(customer, contact), ""},
		{[]string{editCustomer}, http.MethodPost, contactsPath(customer), `{"firstName":"Eve"}`},
		{[]string{viewCustomer}, http.MethodGet, "/api/customer-tiers/" + tier, ""},
		{[]string{editCustomer}, http.MethodPut, "/api/customers/" + customer + "/customer-tier", fmt.Sprintf(`{"customerTierId":%q}`, tier)},
		// Vendors.
		{[]string{viewPurchasing}, http.MethodGet, "/api/vendors/" + vendor, ""},
		{[]string{editPurchasing}, http.MethodPut, "/api/vendors/" + vendor, `{"name":"Acme Supply"}`},
		// Units of measure and material shapes.
		{[]string{viewItem}, http.MethodPost, "/api/units-of-measure/list", `{}`},
		{[]string{viewItem}, http.MethodGet, "/api/materials/" + shape, ""},
		{[]string{editItem}, http.MethodPost, "/api/materials", mustJSON(t, flatBar("Granted bar"))},
		// Items and their sub-resources.
		{[]string{viewItem}, http.MethodGet, "/api/items/" + item, ""},
		{[]string{viewItem}, http.MethodPost, "/api/items/list/v2", `{}`},
		{[]string{editItem}, http.MethodPatch, "/api/items/" + item, `[{"op":"replace","path":"/description","value":"y"}]`},
		{[]string{editItem}, http.MethodPost, "/api/items/" + item + "/revision", `{"revision":"B"}`},
		{[]string{editItem}, http.MethodPut, "/api/items/" + item + "/custom-fields", `{}`},
		{[]string{editItem}, http.MethodPut, "/api/items/" + item + "/tags", fmt.Sprintf(`{"tagIds":[%q]}`, tag)},
		{[]string{editItem}, http.MethodPost, "/api/items/material-shape", fmt.Sprintf(`{"materialShapeId":%q,"length":20,"width":10}`, plateShape)},
		{[]string{viewItem}, http.MethodGet, "/api/items/" + item + "/purchase-history", ""},
		{[]string{viewItem}, http.MethodPost, "/api/items/" + item + "/cost-breakdowns/list", `{}`},
		{[]string{viewItem}, http.MethodGet, "/api/items/" + item + "/input-unit-cost?quantity=1", ""},
		{[]string{viewItem}, http.MethodPost, "/api/items/" + item + "/vendors/list", ""},
		{[]string{editItem}, http.MethodPut, "/api/items/" + item + "/vendors/" + vendorDetail, fmt.Sprintf(`{"vendorId":%q}`, vendor)},
		{[]string{viewItem}, http.MethodPost, "/api/items/" + item + "/material-vendors/list", ""},
		{[]string{editItem}, http.MethodPost, "/api/items/" + item + "/material-vendors", fmt.Sprintf(`{"vendorId":%q}`, vendor)},
		{[]string{viewItem}, http.MethodPost, "/api/items/" + item + "/customers/list", ""},
		{[]string{editItem}, http.MethodPut, "/api/items/" + item + "/customers/" + customerDetail, fmt.Sprintf(`{"customerId":%q}`, customer)},
		{[]string{viewItem}, http.MethodPost, "/api/items/" + item + "/purchase-price-breaks/list", `{}`},
		{[]string{editItem}, http.MethodPut, "/api/items/" + item + "/sales-price-breaks", `{"priceBreaks":[]}`},
		// Inventory, its ledger, locations and lots.
		{[]string{viewInventory}, http.MethodPost, "/api/inventory/list", `{}`},
		{[]string{viewInventory}, http.MethodGet, "/api/inventory/availableByItem", ""},
		{[]string{editInventory}, http.MethodPost, "/api/inventory/receive", fmt.Sprintf(`{"itemId":%q,"secondaryType":"receive","quantity":1}`, item)},
		{[]string{viewInventory}, http.MethodGet, "/api/inventory-events/" + received.Id, ""},
		{[]string{editInventory}, http.MethodPatch, "/api/inventory-events/" + received.Id, `[{"op":"replace","path":"/note","value":"x"}]`},
		{[]string{editInventory}, http.MethodPost, "/api/inventory-events/" + picked.Id + "/revert", ""},
		{[]string{viewInventory}, http.MethodPost, "/api/inventory-transactions/list", `{}`},
		{[]string{viewInventory}, http.MethodGet, "/api/locations/" + location, ""},
		{[]string{editInventory}, http.MethodDelete, "/api/locations/" + doomedLocation, ""},
		{[]string{viewInventory}, http.MethodGet, "/api/inventory-lots/" + lot, ""},
		{[]string{editInventory}, http.MethodPost, "/api/inventory-lots", fmt.Sprintf(`{"itemId":%q}`, item)},
		// Scheduling: departments, work centers, equipment, tracking fields, shifts, downtime.
		{[]string{viewScheduling}, http.MethodGet, "/api/departments/" + dep.ID, ""},
		{[]string{editScheduling}, http.MethodPut, "/api/departments/" + dep.ID, fmt.Sprintf(`{"workCenterIds":[%q]}`, dep.WorkCenterID)},
		{[]string{viewScheduling}, http.MethodGet, "/api/work-centers/" + dep.WorkCenterID, ""},
		{[]string{editScheduling}, http.MethodDelete, "/api/work-centers/" + doomedCenter, ""},
		{[]string{viewScheduling}, http.MethodGet, "/api/equipment/" + equipment, ""},
		{[]string{editScheduling}, http.MethodPost, "/api/equipment", `{"name":"Lathe","description":"x"}`},
		{[]string{viewScheduling}, http.MethodGet, "/api/in-process-tracking-field-types/" + tracking, ""},
		{[]string{editScheduling}, http.MethodPost, "/api/in-process-tracking-field-types", `{"name":"Depth","dataType":"text"}`},
		{[]string{viewScheduling}, http.MethodGet, shiftPath(shift), ""},
		{[]string{editScheduling}, http.MethodDelete, shiftPath(shift), ""},
		{[]string{viewScheduling}, http.MethodPost, downtimesPath + "/list", `{}`},
		{[]string{editScheduling}, http.MethodPut, downtimePath(downtime), mustJSON(t, downtimeWrite(0, 2, down(dep.ID)))},
		// Webhooks: subscriptions and their delivery logs.
		{[]string{viewWebhooks}, http.MethodGet, "/api/webhook-event-types", ""},
		{[]string{viewWebhooks}, http.MethodGet, webhookPath(webhook), ""},
		{[]string{viewWebhooks}, http.MethodPost, "/api/webhooks/list", `{}`},
		{[]string{viewWebhooks}, http.MethodPost, webhookPath(webhook) + "/deliveries/list", `{}`},
		{[]string{viewWebhooks}, http.MethodGet, webhookDeliveryPath(webhook, delivery), ""},
		{[]string{editWebhooks}, http.MethodPost, "/api/webhooks", fmt.Sprintf(`{"url":%q}`, receiver.URL)},
		{[]string{editWebhooks}, http.MethodPatch, webhookPath(webhook), `[{"op":"replace","path":"/description","value":"Granted"}]`},
		{[]string{editWebhooks}, http.MethodPost, webhookPath(webhook) + "/rotate-secret", `{"gracePeriodHours":1}`},
		{[]string{editWebhooks}, http.MethodPost, webhookDeliveryPath(webhook, delivery) + "/replay", ""},
		{[]string{editWebhooks}, http.MethodPost, webhookPath(webhook) + "/deliveries/replay", `{"sinceUtc":"2026-01-01T00:00:00Z"}`},
		{[]string{editWebhooks}, http.MethodDelete, webhookPath(doomedWebhook), ""},
		// Settings: pricing shows margins, so writing it takes both permissions.
		{[]string{"View Margins"}, http.MethodGet, pricingPath, ""},
		{[]string{"Edit Settings", "View Margins"}, http.MethodPut, pricingPath, `{"useMarginBasedPricing":true,"useDefaultMargin":true,"defaultMargin":40,"useShopRatePricing":true,"defaultMaterialMarkup":15}`},
		{[]string{permissionNone}, http.MethodGet, costingPath, ""},
		{[]string{"Edit Settings"}, http.MethodPut, costingPath, `{"overheadCalculationMethod":"machineBurdened"}`},
		// Notes span every kind of document: each operation takes all four views.
		{ntPermissions, http.MethodPost, ntPath, fmt.Sprintf(`{"quoteId":%q,"text":"Granted"}`, noted.quote)},
		{ntPermissions, http.MethodPost, ntPath + "/list", `{}`},
		{ntPermissions, http.MethodGet, ntNotePath(note), ""},
	}
	for _, c := range cases {
		contentType := ""
		switch {
		case c.method == http.MethodPatch:
			contentType = "application/json-patch+json"
		case c.body != "":
			contentType = "application/json"
		}
		var perms []string
		if c.perms[0] != permissionNone {
			perms = c.perms
		}
		res, body := rawRequest(t, c.method, c.path, te.userToken(t, perms...), contentType, c.body)
		if res.StatusCode != http.StatusOK {
			t.Errorf("%s %s with %v: status %d, want 200: %s", c.method, c.path, c.perms, res.StatusCode, truncate(body))
		}
	}
}
