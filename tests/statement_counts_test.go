package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/dbtest"
	"mos/internal/httpapi"
)

// A read costs a fixed number of statements: every GET and every list of the spec runs as
// many statements for a small case (a list's first record of a few, a record with one
// sub-record) as for a large one (a page of fifty over twenty and more records that each
// carry several sub-records, a record with many), so no read loads its records or their
// sub-records one by one (N+1). The token lookup and any other once-per-request statements
// are the same in both cases. Every read operation of the spec must have a case here: a new
// one adds a row to statementRows.
func TestEveryReadRunsAFixedNumberOfStatements(t *testing.T) {
	t.Parallel()
	rows := statementRows()
	cs := startCountingServer(t)
	var (
		mu      sync.Mutex
		counted int                 // rows whose cases were counted
		covered = map[string]bool{} // operation ids with a case
		counts  = map[string]int64{}
	)
	t.Cleanup(func() {
		if counted < len(rows) {
			return // some rows did not run (-run): which reads they cover is unknown
		}
		var missing []string
		for _, o := range specOperations(t) {
			if id := lowerOperationID(o); isReadOperation(o) && !covered[id] {
				missing = append(missing, id)
			}
		}
		if len(missing) > 0 {
			t.Errorf("no row counts the statements of %s: add a row to statementRows for each new read", strings.Join(missing, ", "))
		}
		ops := make([]string, 0, len(counts))
		for op := range counts {
			ops = append(ops, op)
		}
		sort.Strings(ops)
		var table strings.Builder
		for _, op := range ops {
			fmt.Fprintf(&table, "\n%-40s %d", op, counts[op])
		}
		t.Logf("statements per request:%s", table.String())
	})
	for _, row := range rows {
		t.Run(strings.ReplaceAll(row.name, " ", "_"), func(t *testing.T) {
			// Rows arrange their records in parallel through the shared server, each in two
			// tenants of its own (small and large), so that a tenant's lists hold just the
			// row's records.
			t.Parallel()
			small, large := newTenant(t), newTenant(t)
			cases := row.arrange(t, small, large)
			// The counting runs one request at a time on a server of its own, so that the
			// statements counted are the request's alone.
			mu.Lock()
			defer mu.Unlock()
			for _, c := range cases {
				covered[c.op] = true
				t.Run(c.op, func(t *testing.T) {
					for _, call := range []readCall{c.small, c.large} {
						if got := operationOf(t, call.method, strings.SplitN(call.path, "?", 2)[0]); got != c.op {
							t.Fatalf("the case of %s sends %s %s, an operation of %s", c.op, call.method, call.path, got)
						}
					}
					small := cs.fewest(t, c, c.small, small)
					large := cs.fewest(t, c, c.large, large)
					t.Logf("%s: %d statements", c.op, small)
					if small != large {
						t.Errorf("%s ran %d statements for the small case (%s %s) and %d for the large one (%s %s): a read must not load its records or sub-records one at a time",
							c.op, small, c.small.method, c.small.path, large, c.large.method, c.large.path)
					}
					counts[c.op] = small
				})
			}
			counted++
		})
	}
}

// readCall is one request of a read: its method, path (with any query) and JSON body.
type readCall struct {
	method, path, body string
}

// readCase is a read operation's small and large call; a list's large answer must hold at
// least minLargeRecords records and its small answer one.
type readCase struct {
	op           string // the operationId, as the spec spells it with a lower-case first letter
	small, large readCall
	list         bool
}

// statementRow arranges the records of one resource (and its sub-resources) in a small and
// a large tenant and answers the cases of its read operations.
type statementRow struct {
	name    string
	arrange func(t *testing.T, small, large *tenantEnv) []readCase
}

// minLargeRecords is the fewest records a list's large case must answer.
const minLargeRecords = 20

// The sizes of the two cases: the small tenant holds smallRecords records of each kind with
// one sub-record each; the large one largeRecords with largeSubs sub-records each, and the
// first of them manySubs (the record the large GETs and sub-lists read).
const (
	smallRecords = 3
	largeRecords = 22
	largeSubs    = 3
	manySubs     = 22
)

// worldSize is how many records a builder makes, and how many sub-records each carries.
type worldSize struct {
	records int
	subs    func(i int) int // sub-records of the i-th record
}

var (
	smallWorld = worldSize{records: smallRecords, subs: func(int) int { return 1 }}
	largeWorld = worldSize{records: largeRecords, subs: func(i int) int {
		if i == 0 {
			return manySubs
		}
		return largeSubs
	}}
)

// isReadOperation reports whether o reads: a GET, a POST …/list (or …/list/v2), or a POST download.
func isReadOperation(o specOperation) bool {
	switch o.method {
	case http.MethodGet:
		return true
	case http.MethodPost:
		return strings.HasSuffix(o.path, "/list") || strings.Contains(o.path, "/list/") || strings.HasSuffix(o.path, "/download")
	}
	return false
}

// lowerOperationID is o's operationId with a lower-case first letter (as operationOf answers).
func lowerOperationID(o specOperation) string {
	id := o.op.OperationID
	return strings.ToLower(id[:1]) + id[1:]
}

// listRead is a list read: Take=1 in the small tenant, Take=50 in the large one, with the
// paths given (a sub-resource's list names its parent) and one filter body.
func listRead(op, smallPath, largePath, body string) readCase {
	return readCase{op: op, list: true,
		small: readCall{http.MethodPost, smallPath + "?Take=1", body},
		large: readCall{http.MethodPost, largePath + "?Take=50", body}}
}

// getRead is a GET of a record in each tenant.
func getRead(op, smallPath, largePath string) readCase {
	return readCase{op: op, small: readCall{http.MethodGet, smallPath, ""}, large: readCall{http.MethodGet, largePath, ""}}
}

// countingServer is an API server on a pool that counts every statement it sends.
type countingServer struct {
	url        string
	statements *atomic.Int64
	inflight   *sync.WaitGroup
}

func startCountingServer(t *testing.T) countingServer {
	t.Helper()
	pool, statements := dbtest.Counting(t, srv.DBURL)
	cfg := srv.config
	cfg.Pool = pool
	// The ZIP download's large case archives more files than the shared server's limits take.
	cfg.Attachments.ZipMaxEntries, cfg.Attachments.ZipMaxBytes = 1000, 64<<20
	e, err := httpapi.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	// A request counts as done when its handler has returned, not when its answer arrived:
	// whatever runs after the last byte is written is counted too.
	var inflight sync.WaitGroup
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		inflight.Add(1)
		defer inflight.Done()
		e.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return countingServer{url: ts.URL, statements: statements, inflight: &inflight}
}

// fewest sends call as te twice and answers the fewer statements one of them ran: the first
// may fill caches (a token's lookup, say) that the second skips, and a cache entry expiring
// between them only adds statements.
func (cs countingServer) fewest(t *testing.T, c readCase, call readCall, te *tenantEnv) int64 {
	t.Helper()
	fewest := int64(-1)
	for range 2 {
		n, body := cs.count(t, call, te)
		if fewest < 0 || n < fewest {
			fewest = n
		}
		if c.list {
			records := recordsIn(t, body)
			switch {
			case call == c.small && records != 1:
				t.Fatalf("%s %s answered %d records, want 1: %s", call.method, call.path, records, truncate(body))
			case call == c.large && records < minLargeRecords:
				t.Fatalf("%s %s answered %d records, want at least %d: arrange more", call.method, call.path, records, minLargeRecords)
			}
		}
	}
	return fewest
}

// count sends call as te (without a token to an operation that takes none) and answers the
// statements it ran and its body; the call must succeed.
func (cs countingServer) count(t *testing.T, call readCall, te *tenantEnv) (int64, []byte) {
	t.Helper()
	req, err := http.NewRequest(call.method, cs.url+call.path, strings.NewReader(call.body))
	if err != nil {
		t.Fatal(err)
	}
	route, _, err := srv.router.FindRoute(req)
	if err != nil {
		t.Fatalf("%s %s: %v", call.method, call.path, err)
	}
	if security := route.Operation.Security; security == nil || len(*security) > 0 {
		req.Header.Set("Authorization", "Bearer "+te.Token)
	}
	if call.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	cs.inflight.Wait()
	cs.statements.Store(0)
	res, b := sendVia(t, specChecker{t: t}, req.Method, req.URL.String(), req.Header, req.Body)
	cs.inflight.Wait()
	n := cs.statements.Load()
	if res.StatusCode < 200 || res.StatusCode > 299 {
		t.Fatalf("%s %s answered %d: %s", call.method, call.path, res.StatusCode, truncate(b))
	}
	return n, b
}

// recordsIn counts the records of a list's answer: a JSON array, or the data of a page.
func recordsIn(t *testing.T, body []byte) int {
	t.Helper()
	var list []json.RawMessage
	if json.Unmarshal(body, &list) == nil {
		return len(list)
	}
	var page struct {
		Data []json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(body, &page); err != nil {
		t.Fatalf("a list answered neither an array nor a page: %s", truncate(body))
	}
	return len(page.Data)
}

// arrangeRequest sends a JSON request as te through the shared server, fails t unless it
// succeeds, and answers the body.
func arrangeRequest(t *testing.T, te *tenantEnv, method, path, body string) []byte {
	t.Helper()
	contentType := ""
	if body != "" {
		contentType = "application/json"
	}
	res, b := rawRequest(t, method, path, te.Token, contentType, body)
	if res.StatusCode < 200 || res.StatusCode > 299 {
		t.Fatalf("%s %s answered %d: %s", method, path, res.StatusCode, truncate(b))
	}
	return b
}

// arrangeCreate sends a create and answers the new record's id.
func arrangeCreate(t *testing.T, te *tenantEnv, path, body string) string {
	t.Helper()
	b := arrangeRequest(t, te, http.MethodPost, path, body)
	var rec struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(b, &rec); err != nil || rec.ID == "" {
		t.Fatalf("POST %s answered no id: %s", path, truncate(b))
	}
	return rec.ID
}

// arrangeEach calls build for the records of size, with the record's index and its number
// of sub-records, and answers the ids build returns.
func arrangeEach(size worldSize, build func(i, subs int) string) []string {
	out := make([]string, size.records)
	for i := range size.records {
		subs := 0
		if size.subs != nil {
			subs = size.subs(i)
		}
		out[i] = build(i, subs)
	}
	return out
}

// jsonArrayOf renders n elements, the k-th made by fn(k), as a JSON array.
func jsonArrayOf(n int, fn func(k int) string) string {
	parts := make([]string, n)
	for k := range n {
		parts[k] = fn(k)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// jsonIDs renders ids as a JSON array of strings.
func jsonIDs(ids []string) string {
	return jsonArrayOf(len(ids), func(k int) string { return fmt.Sprintf("%q", ids[k]) })
}

// codeListRow is the row of a Tag-shaped list of codes.
func codeListRow(path, listOp, getOp string) statementRow {
	return statementRow{name: strings.TrimPrefix(path, "/api/"), arrange: func(t *testing.T, small, large *tenantEnv) []readCase {
		build := func(te *tenantEnv, size worldSize) []string {
			return arrangeEach(size, func(i, _ int) string {
				return createListRecord(t, te, path, fmt.Sprintf("Code %02d", i))
			})
		}
		s, l := build(small, smallWorld), build(large, largeWorld)
		return []readCase{
			listRead(listOp, path+"/list", path+"/list", `{}`),
			getRead(getOp, path+"/"+s[0], path+"/"+l[0]),
		}
	}}
}

// statementRows are the rows of the statement count: one per resource, each with the cases
// of the resource's read operations.
func statementRows() []statementRow {
	return []statementRow{
		codeListRow("/api/accounting-codes", "listAccountingCodes", "getAccountingCode"),
		codeListRow("/api/chart-of-accounts", "listChartOfAccounts", "getChartOfAccount"),
		codeListRow("/api/material-codes", "listMaterialCodes", "getMaterialCode"),
		codeListRow("/api/item-categories", "listItemCategories", "getItemCategory"),
		codeListRow("/api/grade-codes", "listGradeCodes", "getGradeCode"),
		codeListRow("/api/shape-codes", "listShapeCodes", "getShapeCode"),
		codeListRow("/api/gauge-codes", "listGaugeCodes", "getGaugeCode"),
		codeListRow("/api/item-classes", "listItemClasses", "getItemClass"),
		{name: "tags", arrange: arrangeTags},
		{name: "platform", arrange: arrangePlatform},
		{name: "companies", arrange: arrangeCompanies},
		{name: "custom fields", arrange: arrangeCustomFields},
		{name: "payment terms and tiers", arrange: arrangeTermsAndTiers},
		{name: "customers", arrange: arrangeCustomers},
		{name: "tax rates", arrange: arrangeTaxRates},
		{name: "refund reason codes", arrange: arrangeRefundReasons},
		{name: "shipping methods", arrange: arrangeShippingMethods},
		{name: "quotes", arrange: arrangeQuotes},
		{name: "quote part lines", arrange: arrangeQuotePartLines},
		{name: "sales order part lines", arrange: arrangeSalesOrderPartLines},
		{name: "sales order blanket lines", arrange: arrangeSalesOrderBlanketLines},
		{name: "quote fee, tax and discount lines", arrange: arrangeQuoteDocumentLines},
		{name: "sales order fee, tax, discount, refund and shipping-charge lines", arrange: arrangeSalesOrderDocumentLines},
		{name: "sales order line report", arrange: arrangeSalesOrderLineReport},
		{name: "vendors and material shapes", arrange: arrangeVendorsAndShapes},
		{name: "material vendors", arrange: arrangeMaterialVendors},
		{name: "units of measure", arrange: arrangeUnits},
		{name: "items", arrange: arrangeItems},
		{name: "inventory", arrange: arrangeInventory},
		{name: "attachments", arrange: arrangeAttachments},
		{name: "scheduling resources", arrange: arrangeSchedulingResources},
		{name: "shifts and downtime", arrange: arrangeShiftsAndDowntime},
		{name: "tracking fields", arrange: arrangeTrackingFields},
		{name: "operations", arrange: arrangeOperations},
		{name: "item routings", arrange: arrangeItemRoutings},
		{name: "item routing input items", arrange: arrangeItemRoutingInputItems},
		{name: "item routing input materials", arrange: arrangeItemRoutingMaterials},
		{name: "item routing operation records", arrange: arrangeRoutingOperationRecords},
		{name: "quote line routings", arrange: arrangeQuoteLineRoutings},
		{name: "sales orders", arrange: soArrangeOrders},
		{name: "purchase orders", arrange: poArrangeOrders},
		{name: "purchase order fee, tax, discount and vendor-credit lines", arrange: pdArrangeDocumentLines},
		{name: "purchase order lines", arrange: plArrangeLines},
		{name: "receipts", arrange: rcArrangeReceipts},
		{name: "notes", arrange: ntArrangeNotes},
		{name: "shipments", arrange: shArrangeShipments},
		{name: "invoices", arrange: ivArrangeInvoices},
		{name: "invoice lines", arrange: ivArrangeInvoiceLines},
		{name: "invoice refund lines", arrange: irArrangeRefunds},
		{name: "invoice manual lines", arrange: imlArrangeLines},
		{name: "invoice deposits", arrange: irArrangeDeposits},
		{name: "progress billing schedules", arrange: irArrangeSchedules},
		{name: "sales order line routings", arrange: arrangeSalesOrderLineRoutings},
		{name: "job operations", arrange: arrangeJobOperations},
		{name: "job routings", arrange: arrangeJobRoutings},
		{name: "webhooks", arrange: arrangeWebhooks},
		{name: "jobs", arrange: arrangeJobs},
		{name: "job messages", arrange: arrangeJobMessages},
		{name: "job tracking values", arrange: arrangeJobTrackingValues},
		{name: "alerts", arrange: arrangeAlerts},
		{name: "work orders", arrange: arrangeWorkOrders},
		{name: "change orders", arrange: arrangeChangeOrders},
		{name: "users", arrange: arrangeUsers},
		{name: "scrap reports", arrange: arrangeScrapReports},
		{name: "inventory report", arrange: arrangeInventoryReport},
		{name: "timers", arrange: arrangeTimers},
		{name: "activity reports", arrange: arrangeActivityReports},
		{name: "work-package manifest", arrange: arrangeWorkPackageManifest},
		{name: "nestable jobs", arrange: arrangeNestableJobs},
		{name: "nests", arrange: arrangeNests},
		{name: "tools", arrange: arrangeTools},
		{name: "ncrs and capas", arrange: arrangeQuality},
	}
}

// arrangeTags: tags that items carry (their types, and the item tags).
func arrangeTags(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		tags := arrangeEach(size, func(i, _ int) string { return createTag(t, te, fmt.Sprintf("Tag %02d", i)) })
		for k := range size.subs(1) {
			item := createItem(t, te, newItem(fmt.Sprintf("TAGGED-%d", k)))
			arrangeRequest(t, te, http.MethodPut, "/api/items/"+item+"/tags", fmt.Sprintf(`{"tagIds":%s}`, jsonIDs(tags)))
		}
		return tags
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listTags", "/api/tags/list", "/api/tags/list", `{}`),
		getRead("getTag", "/api/tags/"+s[0], "/api/tags/"+l[0]),
		listRead("listItemTags", "/api/item-tags/list", "/api/item-tags/list", `{}`),
		getRead("getItemTag", "/api/item-tags/"+s[0], "/api/item-tags/"+l[0]),
	}
}

// arrangePlatform: the reads of the token, the contract and the settings, which have no
// records to grow; the large tenant's settings are written.
func arrangePlatform(t *testing.T, _, large *tenantEnv) []readCase {
	putPricing(t, large, `{"useMarginBasedPricing":true,"useDefaultMargin":true,"defaultMargin":40,"useShopRatePricing":true,"defaultMaterialMarkup":15}`)
	putCosting(t, large, client.CostingSettingsOverheadCalculationMethodMachineBurdened)
	putPdfSettings(t, large, `{"footerText":"Thank you","terms":{"invoice":"Net 30"}}`)
	same := func(op, path string) readCase { return getRead(op, path, path) }
	return []readCase{
		same("validateToken", "/api/auth/validate"),
		same("getOpenApiJson", "/api/openapi.json"),
		same("getOpenApiYaml", "/api/openapi.yaml"),
		same("getPricingSettings", pricingPath),
		same("getCostingSettings", costingPath),
		same("getQuoteSettings", quoteSettingsPath),
		same("getPdfSettings", pdfSettingsPath),
	}
}

func arrangeCompanies(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		return arrangeEach(size, func(i, _ int) string {
			return arrangeCreate(t, te, "/api/companies", fmt.Sprintf(`{"name":"Works %02d","email":"works@example.com",
				"shipToAddress":{"name":"Dock","address1":"1 Quay","city":"Port","postalCode":"P1","country":"US"},
				"remitToAddress":{"name":"Office","address1":"2 Street","city":"Town","postalCode":"T2","country":"US"}}`, i))
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listCompanies", "/api/companies/list", "/api/companies/list", `{}`),
		getRead("getCompany", "/api/companies/"+s[0], "/api/companies/"+l[0]),
	}
}

func arrangeCustomFields(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		return arrangeEach(size, func(i, subs int) string {
			options := jsonArrayOf(subs, func(k int) string { return fmt.Sprintf(`"Option %d"`, k) })
			return arrangeCreate(t, te, "/api/custom-fields", fmt.Sprintf(`{"name":"Field %02d","type":"dropdown","module":"quote","options":%s}`, i, options))
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listCustomFields", "/api/custom-fields/list", "/api/custom-fields/list", `{}`),
		getRead("getCustomField", "/api/custom-fields/"+s[0], "/api/custom-fields/"+l[0]),
	}
}

func arrangeTermsAndTiers(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) (terms, tiers []string) {
		terms = arrangeEach(size, func(i, _ int) string { return createPaymentTerm(t, te, fmt.Sprintf("Net %02d", i), int32(i)) })
		tiers = arrangeEach(size, func(i, _ int) string { return createCustomerTier(t, te, fmt.Sprintf("Tier %02d", i), ptr("A tier")) })
		return terms, tiers
	}
	sTerms, sTiers := build(small, smallWorld)
	lTerms, lTiers := build(large, largeWorld)
	return []readCase{
		listRead("listPaymentTerms", "/api/payment-terms/list", "/api/payment-terms/list", `{}`),
		getRead("getPaymentTerm", "/api/payment-terms/"+sTerms[0], "/api/payment-terms/"+lTerms[0]),
		listRead("listCustomerTiers", "/api/customer-tiers/list", "/api/customer-tiers/list", `{}`),
		getRead("getCustomerTier", "/api/customer-tiers/"+sTiers[0], "/api/customer-tiers/"+lTiers[0]),
	}
}

// arrangeCustomers: customers with payment terms, a tier, custom fields and external
// references, each with addresses and contacts.
func arrangeCustomers(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct{ customers, addresses, contacts []string }
	build := func(te *tenantEnv, size worldSize) built {
		createCustomField(t, te, textField("region", client.CustomFieldModuleCustomer))
		createCustomField(t, te, client.CustomFieldDefinitionWrite{Name: "seats", Type: client.CustomFieldTypeIntegerNumber, Module: client.CustomFieldModuleCustomer})
		var b built
		b.customers = arrangeEach(size, func(i, subs int) string {
			term := createPaymentTerm(t, te, fmt.Sprintf("Net %02d", i), int32(i))
			tier := createCustomerTier(t, te, fmt.Sprintf("Tier %02d", i), nil)
			id := arrangeCreate(t, te, "/api/customers", fmt.Sprintf(`{"name":"Customer %02d","paymentTermsId":%q,
				"customFields":{"region":"North","seats":%d},"externalReferences":{"erp":{"type":"customer","externalId":"C-%d"}}}`, i, term, i, i))
			arrangeRequest(t, te, http.MethodPut, "/api/customers/"+id+"/customer-tier", fmt.Sprintf(`{"customerTierId":%q}`, tier))
			for k := range subs {
				address := createAddress(t, te, id, client.CustomerAddressWrite{Address1: fmt.Sprintf("%d Quay", k), City: "Port", PostalCode: "P1"})
				contact := createContact(t, te, id, client.CustomerContactWrite{FirstName: fmt.Sprintf("Dana %d", k)})
				if i == 0 {
					b.addresses, b.contacts = append(b.addresses, address), append(b.contacts, contact)
				}
			}
			return id
		})
		return b
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	sc, lc := s.customers[0], l.customers[0]
	return []readCase{
		listRead("listCustomers", "/api/customers/list", "/api/customers/list", `{}`),
		getRead("getCustomer", "/api/customers/"+sc, "/api/customers/"+lc),
		listRead("listCustomerAddresses", addressesPath(sc)+"/list", addressesPath(lc)+"/list", `{}`),
		getRead("getCustomerAddress", addressPath(sc, s.addresses[0]), addressPath(lc, l.addresses[0])),
		listRead("listCustomerContacts", contactsPath(sc)+"/list", contactsPath(lc)+"/list", `{}`),
		getRead("getCustomerContact", contactPath(sc, s.contacts[0]), contactPath(lc, l.contacts[0])),
	}
}

func arrangeVendorsAndShapes(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct{ vendors, shapes, addresses, contacts []string }
	build := func(te *tenantEnv, size worldSize) built {
		createCustomField(t, te, textField("region", client.CustomFieldModuleVendor))
		var b built
		b.vendors = arrangeEach(size, func(i, subs int) string {
			term := createPaymentTerm(t, te, fmt.Sprintf("Net %02d", i), int32(i))
			id := arrangeCreate(t, te, "/api/vendors", fmt.Sprintf(`{"name":"Supplier %02d","code":"S-%02d","paymentTermsId":%q,
				"customFields":{"region":"North"},"externalReferences":{"erp":{"type":"vendor","externalId":"V-%d"}}}`, i, i, term, i))
			for k := range subs {
				address := pvCreateAddress(t, te, id, client.VendorAddressWrite{Address1: fmt.Sprintf("%d Quay", k), City: "Port", PostalCode: "P1"})
				contact := pvCreateContact(t, te, id, client.VendorContactWrite{FirstName: fmt.Sprintf("Dana %d", k)})
				if i == 0 {
					b.addresses, b.contacts = append(b.addresses, address), append(b.contacts, contact)
				}
			}
			return id
		})
		b.shapes = arrangeEach(size, func(i, _ int) string {
			return createMaterialShape(t, te.API, flatBar(fmt.Sprintf("Flat bar %02d", i)))
		})
		return b
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	sVendors, sShapes, lVendors, lShapes := s.vendors, s.shapes, l.vendors, l.shapes
	sv, lv := sVendors[0], lVendors[0]
	return []readCase{
		listRead("listVendors", "/api/vendors/list", "/api/vendors/list", `{}`),
		getRead("getVendor", "/api/vendors/"+sVendors[0], "/api/vendors/"+lVendors[0]),
		listRead("listVendorAddresses", pvAddressesPath(sv)+"/list", pvAddressesPath(lv)+"/list", `{}`),
		getRead("getVendorAddress", pvAddressPath(sv, s.addresses[0]), pvAddressPath(lv, l.addresses[0])),
		listRead("listVendorContacts", pvContactsPath(sv)+"/list", pvContactsPath(lv)+"/list", `{}`),
		getRead("getVendorContact", pvContactPath(sv, s.contacts[0]), pvContactPath(lv, l.contacts[0])),
		listRead("listMaterialShapes", "/api/materials/list", "/api/materials/list", `{}`),
		getRead("getMaterialShape", "/api/materials/"+sShapes[0], "/api/materials/"+lShapes[0]),
	}
}

// arrangeUnits: the catalogue cannot be written through the API, so the large tenant's
// gets more unit types, each of several units, stored directly.
func arrangeUnits(t *testing.T, _, large *tenantEnv) []readCase {
	for i := range largeRecords {
		typeID := fmt.Sprintf("%024x", i+1)
		if _, err := srv.Pool.Exec(`INSERT INTO unit_types (tenant_id, id, name) VALUES ($1, $2, $3)`, large.ID, typeID, fmt.Sprintf("Counted %02d", i)); err != nil {
			t.Fatal(err)
		}
		for k := range largeSubs {
			if _, err := srv.Pool.Exec(`INSERT INTO units_of_measure (tenant_id, id, unit_type_id, name, factor_numerator, factor_denominator, is_base)
				VALUES ($1, $2, $3, $4, $5, 1, $6)`, large.ID, fmt.Sprintf("%08x%016x", i+1, k+1), typeID, fmt.Sprintf("Lot of %d", k+1), k+1, k == 0); err != nil {
				t.Fatal(err)
			}
		}
	}
	return []readCase{listRead("listUnitsOfMeasure", "/api/units-of-measure/list", "/api/units-of-measure/list", `{}`)}
}

// arrangeItems: items with every kind of sub-record an item read shows (tags, vendor
// details with price breaks, material vendors, customer details, sales price breaks of the
// list, customers and tiers, sales unit conversions, custom fields, external references,
// material details), and the item's sub-lists.
func arrangeItems(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) (items []string) {
		// The records the items' sub-records name: as many as the item with the most needs.
		named := worldSize{records: size.subs(0)}
		vendors := arrangeEach(named, func(k, _ int) string { return createVendor(t, te, fmt.Sprintf("Supplier %02d", k)) })
		customers := arrangeEach(named, func(k, _ int) string {
			return createCustomer(t, te, client.CustomerWrite{Name: fmt.Sprintf("Buyer %02d", k)})
		})
		tiers := arrangeEach(named, func(k, _ int) string { return createCustomerTier(t, te, fmt.Sprintf("Tier %02d", k), nil) })
		tags := arrangeEach(named, func(k, _ int) string { return createTag(t, te, fmt.Sprintf("Tag %02d", k)) })
		createCustomField(t, te, textField("inspector", client.CustomFieldModuleItem))
		shape := createMaterialShape(t, te.API, plate("A stock plate"))
		return arrangeEach(size, func(i, subs int) string {
			conversions := `[{"destinationUnitOfMeasureName":"Dozen"}]`
			if subs > 1 {
				conversions = `[{"destinationUnitOfMeasureName":"Dozen"},{"destinationUnitOfMeasureName":"Box","sourceQuantity":10,"destinationQuantity":1,"isCustom":true}]`
			}
			var id string
			if i == 0 {
				// The first item (by number, as lists sort) is cut from a material shape, so
				// every page and GET shows material details.
				id = cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":96,"width":48,"customFields":{"inspector":"Al"}}`, shape))
				res, body := itemRequest(t, te, http.MethodPatch, "/api/items/"+id, fmt.Sprintf(`[{"op":"add","path":"/salesUnitOfMeasureConversions","value":%s},
					{"op":"add","path":"/externalReferences/erp","value":{"type":"part","externalId":"P-0"}}]`, conversions))
				mustStatus(t, res.StatusCode, http.StatusOK, body)
			} else {
				id = arrangeCreate(t, te, "/api/items", fmt.Sprintf(`{"number":"ITEM-%02d","unitTypeName":"Pieces","unitOfMeasureName":"Each",
					"itemOrigin":"buy","isSellable":true,"customFields":{"inspector":"Bo"},
					"externalReferences":{"erp":{"type":"part","externalId":"P-%d"}},"salesUnitOfMeasureConversions":%s}`, i, i, conversions))
			}
			path := "/api/items/" + id
			arrangeRequest(t, te, http.MethodPut, path+"/tags", fmt.Sprintf(`{"tagIds":%s}`, jsonIDs(tags[:subs])))
			var breaks []string
			for k := range subs {
				addVendorDetail(t, te, id, fmt.Sprintf(`{"vendorId":%q,"price":3,"priceBreaks":[{"quantity":10,"price":2},{"quantity":100,"price":1}]}`, vendors[k]))
				addMaterialVendor(t, te, id, fmt.Sprintf(`{"vendorId":%q,"notes":"mill"}`, vendors[k]))
				addCustomerDetail(t, te, id, fmt.Sprintf(`{"customerId":%q,"customerItemNumber":"C-%d"}`, customers[k], k))
				breaks = append(breaks, fmt.Sprintf(`{"quantity":%d,"price":5}`, k+1),
					fmt.Sprintf(`{"quantity":1,"price":4,"customerId":%q}`, customers[k]),
					fmt.Sprintf(`{"quantity":1,"price":3,"customerTierId":%q}`, tiers[k]))
				insertCostBreakdown(t, te, id, "estimated", time.Date(2026, 1, 1+k, 0, 0, 0, 0, time.UTC))
			}
			arrangeRequest(t, te, http.MethodPut, path+"/sales-price-breaks", `{"priceBreaks":[`+strings.Join(breaks, ",")+`]}`)
			return id
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	item := func(id string) string { return "/api/items/" + id }
	sub := func(op, part string) readCase {
		return listRead(op, item(s[0])+part, item(l[0])+part, `{}`)
	}
	return []readCase{
		listRead("listItemsV1", "/api/items/list", "/api/items/list", `{}`),
		listRead("listItems", "/api/items/list/v2", "/api/items/list/v2", `{}`),
		getRead("getItem", item(s[0]), item(l[0])),
		sub("listItemVendorDetails", "/vendors/list"),
		sub("listItemMaterialVendorDetails", "/material-vendors/list"),
		sub("listItemCustomerDetails", "/customers/list"),
		sub("listItemPurchasePriceBreaks", "/purchase-price-breaks/list"),
		sub("listItemSalesPriceBreaks", "/sales-price-breaks/list"),
		sub("listItemCostBreakdowns", "/cost-breakdowns/list"),
		getRead("getItemInputUnitCost", item(s[0])+"/input-unit-cost?quantity=50", item(l[0])+"/input-unit-cost?quantity=50"),
		getRead("getItemPurchaseHistory", item(s[0])+"/purchase-history", item(l[0])+"/purchase-history"),
	}
}

// arrangeInventory: lot-tracked items received into lots at locations, so that events,
// transactions, balances and lots name items, lots and locations.
func arrangeInventory(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct{ locations, lots, events []string }
	build := func(te *tenantEnv, size worldSize) built {
		var b built
		b.locations = arrangeEach(worldSize{records: max(size.records, size.subs(0))}, func(k, _ int) string {
			return createLocation(t, te, fmt.Sprintf("Rack %02d", k))
		})
		arrangeEach(size, func(i, subs int) string {
			item := lotTrackedItem(t, te, fmt.Sprintf("STOCK-%02d", i))
			for k := range subs {
				lot := createLot(t, te, client.InventoryLotCreate{ItemId: item, Name: ptr(fmt.Sprintf("L-%02d-%02d", i, k))})
				ev := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10"), LotId: &lot, LocationId: &b.locations[k],
					MaterialValue: decimalPtr("2.5")})
				if i == 0 {
					b.lots, b.events = append(b.lots, lot), append(b.events, ev.Id)
				}
			}
			return item
		})
		return b
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listInventoryEvents", "/api/inventory-events/list", "/api/inventory-events/list", `{}`),
		getRead("getInventoryEvent", eventPath(s.events[0]), eventPath(l.events[0])),
		getRead("getInventoryEventDetails", eventPath(s.events[0])+"/details", eventPath(l.events[0])+"/details"),
		listRead("listInventoryTransactions", "/api/inventory-transactions/list", "/api/inventory-transactions/list", `{}`),
		listRead("listInventory", "/api/inventory/list", "/api/inventory/list", `{}`),
		getRead("getInventoryByItem", "/api/inventory/byItem", "/api/inventory/byItem"),
		getRead("getAvailableInventoryByItem", "/api/inventory/availableByItem", "/api/inventory/availableByItem"),
		listRead("listInventoryLots", "/api/inventory-lots/list", "/api/inventory-lots/list", `{}`),
		getRead("getInventoryLot", "/api/inventory-lots/"+s.lots[0], "/api/inventory-lots/"+l.lots[0]),
		listRead("listLocations", "/api/locations/list", "/api/locations/list", `{}`),
		getRead("getLocation", "/api/locations/"+s.locations[0], "/api/locations/"+l.locations[0]),
	}
}

// arrangeAttachments: files attached to an item, the large tenant's holding many, and in
// each tenant one large enough to download through a signed URL.
func arrangeAttachments(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct {
		item, first, signed string
	}
	build := func(te *tenantEnv, files, firstSize, signedSize int) built {
		b := built{item: createItem(t, te, newItem("FILED"))}
		for k := range files {
			size := 64 + k*1024
			if k == 0 {
				size = firstSize
			}
			id := attachToItem(t, te, b.item, fmt.Sprintf("file-%02d.txt", k), uniqueBytes(t, fmt.Sprintf("%s %d", te.ID, k), size))
			if k == 0 {
				b.first = id
			}
		}
		big := attachToItem(t, te, b.item, "scan.pdf", uniqueBytes(t, te.ID+" signed", signedSize))
		res, err := noRedirects(t, te.Token).DownloadAttachmentWithResponse(t.Context(), big, nil)
		if err != nil {
			t.Fatal(err)
		}
		mustStatus(t, res.StatusCode(), http.StatusFound, res.Body)
		b.signed = res.HTTPResponse.Header.Get("Location")
		return b
	}
	s, l := build(small, 2, 64, testRedirectAboveBytes+1), build(large, manySubs, testRedirectAboveBytes-1024, 3*testRedirectAboveBytes)
	owner := func(item string) string { return fmt.Sprintf(`{"owner":{"type":"item","id":%q}}`, item) }
	return []readCase{
		{op: "listAttachments", list: true,
			small: readCall{http.MethodPost, "/api/attachments/list?Take=1", owner(s.item)},
			large: readCall{http.MethodPost, "/api/attachments/list?Take=50", owner(l.item)}},
		getRead("getAttachment", "/api/attachments/"+s.first, "/api/attachments/"+l.first),
		// The large download is a file of kilobytes, the small one of bytes.
		getRead("downloadAttachment", "/api/attachments/"+s.first+"/download", "/api/attachments/"+l.first+"/download"),
		getRead("getSignedAttachmentContent", s.signed, l.signed),
		{op: "downloadAttachments",
			small: readCall{http.MethodPost, "/api/attachments/download", owner(s.item)},
			large: readCall{http.MethodPost, "/api/attachments/download", owner(l.item)}},
	}
}

// arrangeSchedulingResources: departments of several work centers, each of several pieces of
// equipment (the first department's first work center of many).
func arrangeSchedulingResources(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct{ departments, workCenters, equipment []string }
	build := func(te *tenantEnv, size worldSize) built {
		var b built
		b.departments = arrangeEach(size, func(i, subs int) string {
			dep := createDepartment(t, te, client.DepartmentCreate{Name: fmt.Sprintf("Department %02d", i), Description: ptr("Shop floor")})
			for k := range min(subs, largeSubs) {
				wc := createWorkCenter(t, te, client.WorkCenterWrite{Name: fmt.Sprintf("Cell %02d-%d", i, k), DepartmentId: &dep})
				equipment := subs
				if k > 0 {
					equipment = min(subs, largeSubs)
				}
				for e := range equipment {
					eq := createEquipment(t, te, client.EquipmentWrite{Name: fmt.Sprintf("Mill %02d-%d-%d", i, k, e), Description: "VMC", WorkCenterId: &wc})
					if i == 0 && k == 0 {
						b.equipment = append(b.equipment, eq)
					}
				}
				if i == 0 {
					b.workCenters = append(b.workCenters, wc)
				}
			}
			return dep
		})
		return b
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listDepartments", "/api/departments/list", "/api/departments/list", `{}`),
		getRead("getDepartment", "/api/departments/"+s.departments[0], "/api/departments/"+l.departments[0]),
		listRead("listWorkCenters", "/api/work-centers/list", "/api/work-centers/list", `{}`),
		getRead("getWorkCenter", "/api/work-centers/"+s.workCenters[0], "/api/work-centers/"+l.workCenters[0]),
		listRead("listEquipment", "/api/equipment/list", "/api/equipment/list", `{}`),
		getRead("getEquipment", "/api/equipment/"+s.equipment[0], "/api/equipment/"+l.equipment[0]),
	}
}

// arrangeShiftsAndDowntime: shifts with equipment available in them, and downtimes of
// several departments' equipment.
func arrangeShiftsAndDowntime(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct{ shifts, downtimes []string }
	build := func(te *tenantEnv, size worldSize) built {
		var b built
		type department struct {
			shop      shopDepartment
			equipment []string
		}
		departments := make([]department, max(size.records, size.subs(0)))
		for d := range departments {
			departments[d].shop = newShopDepartment(t, te, fmt.Sprintf("Department %02d", d))
		}
		equipmentOf := func(d, n int) []string {
			dep := &departments[d]
			for len(dep.equipment) < n {
				dep.equipment = append(dep.equipment, addShopEquipment(t, te, dep.shop, fmt.Sprintf("Mill %02d-%02d", d, len(dep.equipment))))
			}
			return dep.equipment[:n]
		}
		b.shifts = arrangeEach(size, func(i, subs int) string {
			w := dayShift(departments[i].shop.ID)
			available := []client.ShiftEquipmentWrite{}
			for _, eq := range equipmentOf(i, subs) {
				available = append(available, everyDay(eq))
			}
			w.AvailableEquipment = &available
			return createShift(t, te, w)
		})
		b.downtimes = arrangeEach(size, func(i, subs int) string {
			var downs []client.EquipmentDowntimeDepartmentWrite
			for d := range subs {
				downs = append(downs, down(departments[d].shop.ID, equipmentOf(d, min(subs, largeSubs))...))
			}
			return createDowntime(t, te, downtimeWrite(i, i+1, downs...))
		})
		return b
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listDepartmentShifts", shiftsPath+"/list", shiftsPath+"/list", `{}`),
		getRead("getDepartmentShift", shiftPath(s.shifts[0]), shiftPath(l.shifts[0])),
		listRead("listEquipmentDowntimes", downtimesPath+"/list", downtimesPath+"/list", `{}`),
		getRead("getEquipmentDowntime", downtimePath(s.downtimes[0]), downtimePath(l.downtimes[0])),
	}
}

// arrangeTaxRates: tax rates, which read nothing from other rows.
func arrangeTaxRates(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		return arrangeEach(size, func(i, _ int) string {
			return createTaxRate(t, te, client.TaxRateWrite{Name: fmt.Sprintf("Tax %02d", i), Rate: num("5")})
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listTaxRates", taxRatesListPath, taxRatesListPath, `{}`),
		getRead("getTaxRate", taxRatePath(s[0]), taxRatePath(l[0])),
	}
}

// arrangeRefundReasons: refund reason codes, which read nothing from other rows.
func arrangeRefundReasons(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		return arrangeEach(size, func(i, _ int) string {
			return createRefundReason(t, te, client.RefundReasonCodeWrite{Name: fmt.Sprintf("Reason %02d", i), Code: ptr(fmt.Sprintf("R%02d", i))})
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listRefundReasonCodes", refundReasonsListPath, refundReasonsListPath, `{}`),
		getRead("getRefundReasonCode", refundReasonPath(s[0]), refundReasonPath(l[0])),
	}
}

// arrangeShippingMethods: shipping methods, which read nothing from other rows.
func arrangeShippingMethods(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		return arrangeEach(size, func(i, _ int) string {
			return createShippingMethod(t, te, client.ShippingMethodWrite{Name: fmt.Sprintf("Ship %02d", i), Carrier: ptr("UPS")})
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listShippingMethods", shippingMethodsListPath, shippingMethodsListPath, `{}`),
		getRead("getShippingMethod", shippingMethodPath(s[0]), shippingMethodPath(l[0])),
	}
}

// arrangeUsers: users, which read nothing from other rows.
func arrangeUsers(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		return arrangeEach(size, func(i, _ int) string { return createUser(t, te, fmt.Sprintf("Operator %02d", i)) })
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listUsers", usersListPath, usersListPath, `{}`),
		getRead("getUser", userPath(s[0]), userPath(l[0])),
	}
}

// arrangeQuotePartLines: a quote with one part line (small) or 200 (large, added by one batch),
// each showing its item; the large list reads all 200 at once.
func arrangeQuotePartLines(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, lines int) (quoteID, lineID string) {
		quoteID = quoteFor(t, te, "")
		items := []string{createItem(t, te, newItem("LINE-A")), createItem(t, te, newItem("LINE-B"))}
		body := `{"partLineItems":` + jsonArrayOf(lines, func(k int) string {
			return fmt.Sprintf(`{"itemId":%q,"quantity":%d,"unitPrice":1.5,"discount":{"isPercentage":true,"value":5}}`, items[k%2], k+1)
		}) + `}`
		var created struct{ IDs []string }
		if err := json.Unmarshal(arrangeRequest(t, te, http.MethodPost, partLinesPath(quoteID)+"/batch", body), &created); err != nil || len(created.IDs) != lines {
			t.Fatalf("batch of %d lines answered %v, %v", lines, created.IDs, err)
		}
		return quoteID, created.IDs[0]
	}
	sq, sl := build(small, 1)
	lq, ll := build(large, 200)
	return []readCase{
		{op: "listQuotePartLines", list: true,
			small: readCall{http.MethodPost, partLinesPath(sq) + "/list?Take=1", `{}`},
			large: readCall{http.MethodPost, partLinesPath(lq) + "/list?Take=200", `{}`}},
		getRead("getQuotePartLine", partLinePath(sq, sl), partLinePath(lq, ll)),
		// The PDF prints every line: 200 cost what one does.
		getRead("getQuotePdf", quotePdfPath(sq), quotePdfPath(lq)),
	}
}

// arrangeSalesOrderPartLines: a sales order with one part line (small) or 200 (large, added
// by one batch), each showing its item; the large list reads all 200 at once. The line's
// cost breakdown and make summary read its routing (one operation).
func arrangeSalesOrderPartLines(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, lines int) (orderID, lineID string) {
		orderID = soOrderFor(t, te, "")
		items := []string{itemWithRouting(t, te, "SO-LINE-A"), createItem(t, te, newItem("SO-LINE-B"))}
		body := `{"partLineItems":` + jsonArrayOf(lines, func(k int) string {
			return fmt.Sprintf(`{"itemId":%q,"quantity":%d,"unitPrice":1.5,"deliveryDate":"2026-06-01","discount":{"isPercentage":true,"value":5}}`, items[k%2], k+1)
		}) + `}`
		var created struct{ IDs []string }
		if err := json.Unmarshal(arrangeRequest(t, te, http.MethodPost, soPartLinesPath(orderID)+"/batch", body), &created); err != nil || len(created.IDs) != lines {
			t.Fatalf("batch of %d lines answered %v, %v", lines, created.IDs, err)
		}
		return orderID, created.IDs[0]
	}
	so, sl := build(small, 1)
	lo, ll := build(large, 200)
	return []readCase{
		{op: "listSalesOrderPartLines", list: true,
			small: readCall{http.MethodPost, soPartLinesPath(so) + "/list?Take=1", `{}`},
			large: readCall{http.MethodPost, soPartLinesPath(lo) + "/list?Take=200", `{}`}},
		getRead("getSalesOrderPartLine", soPartLinePath(so, sl), soPartLinePath(lo, ll)),
		getRead("getSalesOrderPartLineCostBreakdown", soPartLinePath(so, sl)+"/cost-breakdown", soPartLinePath(lo, ll)+"/cost-breakdown"),
		getRead("getSalesOrderPartLineMakeSummary", soPartLinePath(so, sl)+"/make-summary", soPartLinePath(lo, ll)+"/make-summary"),
	}
}

// arrangeSalesOrderBlanketLines: a sales order with one blanket line released once (small),
// or 40 blanket lines released three times each (large); the large list reads all 40 with
// their releases at once.
func arrangeSalesOrderBlanketLines(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, lines, releases int) (orderID, lineID string) {
		orderID = soOrderFor(t, te, "")
		itemID := createItem(t, te, newItem("SO-BLANKET"))
		for k := range lines {
			id := sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":100,"unitPrice":2,"startDate":"2026-01-01"}`, itemID))
			if k == 0 {
				lineID = id
			}
			for range releases {
				arrangeRequest(t, te, http.MethodPost, sbLinePath(orderID, id)+"/releases", `{"quantity":1,"deliveryDate":"2026-02-01"}`)
			}
		}
		return orderID, lineID
	}
	so, sl := build(small, 1, 1)
	lo, ll := build(large, 40, 3)
	return []readCase{
		{op: "listSalesOrderBlanketLines", list: true,
			small: readCall{http.MethodPost, sbLinesPath(so) + "/list?Take=1", `{}`},
			large: readCall{http.MethodPost, sbLinesPath(lo) + "/list?Take=40", `{}`}},
		getRead("getSalesOrderBlanketLine", sbLinePath(so, sl), sbLinePath(lo, ll)),
	}
}

// arrangeOperations: operations of the library, each with a work center and equipment of its
// own, whose names every read shows.
func arrangeOperations(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		return arrangeEach(size, func(i, _ int) string {
			wc := namedWorkCenter(t, te, fmt.Sprintf("Cell %02d", i), "")
			eq := createEquipment(t, te, client.EquipmentWrite{Name: fmt.Sprintf("Mill %02d", i), Description: "VMC", WorkCenterId: &wc})
			return createOperation(t, te, client.OperationWrite{Name: fmt.Sprintf("Operation %02d", i), WorkCenterId: &wc, EquipmentId: &eq})
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listOperations", operationsListPath, operationsListPath, `{}`),
		getRead("getOperation", operationReadPath(s[0]), operationReadPath(l[0])),
	}
}

// arrangeItemRoutings: items whose routings have one operation (small) or many (large), each
// operation with an item consumed at it, tracking, an input item and an input material with a
// nesting, so the whole routing's read shows every kind of record.
func arrangeItemRoutings(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) (items, ops []string) {
		_, linear := catalogueShapes(t, te)
		field := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Counted", DataType: client.TrackingFieldDataTypeNumber})
		items = arrangeEach(size, func(i, subs int) string {
			itemID := createItem(t, te, newItem(fmt.Sprintf("ROUTED-%02d", i)))
			for k := range max(subs, 1) {
				id := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr(fmt.Sprintf("Step %d", k))})
				part := createItem(t, te, newItem(fmt.Sprintf("ROUTED-%02d-PART-%02d", i, k)))
				createOperationItem(t, te, itemID, id, client.RoutingOperationItemWrite{ItemId: part, Quantity: num("1")})
				createTracking(t, te, itemID, id, client.TrackingPhaseFinal, client.RoutingTrackingWrite{TrackingFieldId: field})
				input := inputOf(part, "2")
				input.RoutingOperationId = &id
				createRoutingInputItem(t, te, itemID, input)
				material := barMaterial(linear.Id)
				material.ItemId, material.RoutingOperationId = &part, &id
				createNesting(t, te, itemID, createInputMaterial(t, te, itemID, material),
					client.RoutingMaterialNestingWrite{Name: "Bar", StockLength: num("240"), BlanksPerStock: 8})
				if i == 0 && k == 0 {
					ops = append(ops, id)
				}
			}
			return itemID
		})
		return items, ops
	}
	// One item each: a routing's read does not depend on other items' routings.
	si, so := build(small, worldSize{records: 1, subs: func(int) int { return 1 }})
	li, lo := build(large, worldSize{records: 1, subs: func(int) int { return manySubs }})
	return []readCase{
		getRead("getItemRouting", itemRoutingPath(si[0]), itemRoutingPath(li[0])),
		listRead("listItemRoutingOperations", itemRoutingOperationsPath(si[0])+"/list", itemRoutingOperationsPath(li[0])+"/list", `{}`),
		getRead("getItemRoutingOperation", itemRoutingOperationPath(si[0], so[0]), itemRoutingOperationPath(li[0], lo[0])),
		getRead("getItemCanMake", itemCanMakePath(si[0]), itemCanMakePath(li[0])),
	}
}

// arrangeItemRoutingInputItems: an item whose routing has one input item (small) or many,
// each of another component (large), whose numbers and units every read shows.
func arrangeItemRoutingInputItems(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, n int) (itemID, inputID string) {
		itemID = createItem(t, te, newItem("MADE-OF"))
		for k := range n {
			id := createRoutingInputItem(t, te, itemID, inputOf(createItem(t, te, newItem(fmt.Sprintf("COMPONENT-%02d", k))), "1"))
			if k == 0 {
				inputID = id
			}
		}
		return itemID, inputID
	}
	si, so := build(small, 1)
	li, lo := build(large, manySubs)
	return []readCase{
		listRead("listItemRoutingInputItems", itemRoutingInputItemsPath(si)+"/list", itemRoutingInputItemsPath(li)+"/list", `{}`),
		getRead("getItemRoutingInputItem", itemRoutingInputItemPath(si, so), itemRoutingInputItemPath(li, lo)),
	}
}

// arrangeItemRoutingMaterials: an item whose routing has one input material (small) or many
// (large), each cut from a catalogue shape, with a stock item of its own, at the routing's
// operation, with nestings.
func arrangeItemRoutingMaterials(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, n int) (itemID, opID, materialID string) {
		itemID = createItem(t, te, newItem("MATERIALS"))
		opID = createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Saw")})
		shapes := listMaterialShapes(t, te.API, nil, client.MaterialShapeFilter{
			ShapeTypes: &[]client.MaterialShapeType{client.MaterialShapeTypeBar, client.MaterialShapeTypeTube}, IsActivated: ptr(true)})
		for k := range n {
			stock := createItem(t, te, newItem(fmt.Sprintf("STOCK-%02d", k)))
			id := createInputMaterial(t, te, itemID, client.RoutingInputMaterialWrite{
				MaterialShapeId: shapes[k%len(shapes)].Id, BlankLength: num("10"), ItemId: &stock, RoutingOperationId: &opID})
			for j := range 1 + k%3 {
				createNesting(t, te, itemID, id, client.RoutingMaterialNestingWrite{Name: fmt.Sprintf("Bar %d", j), StockLength: num("240"), BlanksPerStock: 8})
			}
			if k == 0 {
				materialID = id
			}
		}
		return itemID, opID, materialID
	}
	si, so, sm := build(small, 1)
	li, lo, lm := build(large, manySubs)
	return []readCase{
		listRead("listItemRoutingInputMaterials", itemRoutingMaterialsPath(si)+"/list", itemRoutingMaterialsPath(li)+"/list", `{}`),
		listRead("listItemRoutingOperationMaterials", itemRoutingOperationPath(si, so)+"/materials/list", itemRoutingOperationPath(li, lo)+"/materials/list", `{}`),
		getRead("getItemRoutingInputMaterial", itemRoutingMaterialPath(si, sm), itemRoutingMaterialPath(li, lm)),
	}
}

// arrangeRoutingOperationRecords: an item's routing operation with one item consumed and one
// field tracked (small), or many of each, every one naming an item or field of its own (large).
func arrangeRoutingOperationRecords(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct{ itemID, opID, opItem, tracking string }
	build := func(te *tenantEnv, n int) built {
		b := built{itemID: createItem(t, te, newItem("RECORDS"))}
		b.opID = createRoutingOperation(t, te, b.itemID, client.RoutingOperationWrite{Name: ptr("Mill")})
		for k := range n {
			tool := createItem(t, te, newItem(fmt.Sprintf("TOOL-%02d", k)))
			id := createOperationItem(t, te, b.itemID, b.opID, client.RoutingOperationItemWrite{ItemId: tool, Quantity: num("1")})
			field := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: fmt.Sprintf("Measure %02d", k), DataType: client.TrackingFieldDataTypeNumber})
			tr := createTracking(t, te, b.itemID, b.opID, client.TrackingPhaseInProcess, client.RoutingTrackingWrite{TrackingFieldId: field})
			if k == 0 {
				b.opItem, b.tracking = id, tr
			}
		}
		return b
	}
	s, l := build(small, 1), build(large, manySubs)
	return []readCase{
		listRead("listItemRoutingOperationItems", operationItemsPath(s.itemID, s.opID)+"/list", operationItemsPath(l.itemID, l.opID)+"/list", `{}`),
		getRead("getItemRoutingOperationItem", operationItemPath(s.itemID, s.opID, s.opItem), operationItemPath(l.itemID, l.opID, l.opItem)),
		listRead("listItemRoutingOperationTrackings", trackingsPath(s.itemID, s.opID, "inProcess")+"/list", trackingsPath(l.itemID, l.opID, "inProcess")+"/list", `{}`),
		getRead("getItemRoutingOperationTracking", trackingPath(s.itemID, s.opID, "inProcess", s.tracking), trackingPath(l.itemID, l.opID, "inProcess", l.tracking)),
	}
}

// arrangeQuoteLineRoutings: a quote part line whose routing has one operation (small) or
// many (large), the first with as many items consumed and fields tracked at it, each
// operation with an input item of a made component (with a routing of its own) and an input
// material, so the whole routing's read, its lists, the cost breakdown and the make summary
// read every kind of record.
func arrangeQuoteLineRoutings(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct {
		l                            quoteLine
		opID, opItem, tracking, inID string
	}
	build := func(te *tenantEnv, n int) built {
		_, linear := catalogueShapes(t, te)
		wc := namedWorkCenter(t, te, "Quoted cell", "")
		b := built{l: newQuotePartLine(t, te, createItem(t, te, newItem("QUOTED")), "3")}
		for k := range n {
			id := lineCreate(t, te, b.l.operationsPath(), fmt.Sprintf(`{"name":"Step %d","workCenterId":%q,"runTimeMinutesPerUnit":1}`, k, wc))
			if k == 0 {
				b.opID = id
			}
			part := createItem(t, te, newItem(fmt.Sprintf("QUOTED-PART-%02d", k)))
			createRoutingOperation(t, te, part, client.RoutingOperationWrite{Name: ptr("Cut"), WorkCenterId: &wc})
			field := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: fmt.Sprintf("Quoted %02d", k), DataType: client.TrackingFieldDataTypeNumber})
			opItem := addLineOperationItem(t, te, b.l, b.opID, part)
			tr := lineCreate(t, te, b.l.trackingsPath(b.opID, "final"), fmt.Sprintf(`{"trackingFieldId":%q}`, field))
			in := lineCreate(t, te, b.l.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":2,"routingOperationId":%q}`, part, id))
			addLineInputMaterial(t, te, b.l, linear.Id, part, id)
			if k == 0 {
				b.opItem, b.tracking, b.inID = opItem, tr, in
			}
		}
		return b
	}
	s, l := build(small, 1), build(large, manySubs)
	both := func(op string, path func(b built) string) readCase { return getRead(op, path(s), path(l)) }
	lists := func(op string, path func(b built) string) readCase {
		return listRead(op, path(s)+"/list", path(l)+"/list", `{}`)
	}
	return []readCase{
		both("getQuotePartLineRouting", func(b built) string { return b.l.routingPath() }),
		lists("listQuotePartLineRoutingOperations", func(b built) string { return b.l.operationsPath() }),
		both("getQuotePartLineRoutingOperation", func(b built) string { return b.l.operationPath(b.opID) }),
		lists("listQuotePartLineRoutingOperationTrackings", func(b built) string { return b.l.trackingsPath(b.opID, "final") }),
		both("getQuotePartLineRoutingOperationTracking", func(b built) string { return b.l.trackingsPath(b.opID, "final") + "/" + b.tracking }),
		lists("listQuotePartLineRoutingOperationItems", func(b built) string { return b.l.operationItemsPath(b.opID) }),
		both("getQuotePartLineRoutingOperationItem", func(b built) string { return b.l.operationItemsPath(b.opID) + "/" + b.opItem }),
		lists("listQuotePartLineRoutingInputItems", func(b built) string { return b.l.inputItemsPath() }),
		both("getQuotePartLineRoutingInputItem", func(b built) string { return b.l.inputItemPath(b.inID) }),
		lists("listQuotePartLineRoutingInputMaterials", func(b built) string { return strings.TrimSuffix(b.l.inputMaterialsListPath(), "/list") }),
		both("getQuotePartLineCostBreakdown", func(b built) string { return b.l.costBreakdownPath() }),
		both("getQuotePartLineMakeSummary", func(b built) string { return b.l.makeSummaryPath() }),
	}
}

// arrangeSalesOrderLineRoutings: a sales order part line whose routing has one operation
// (small) or many (large), shaped as arrangeQuoteLineRoutings' lines, so the whole routing's
// read and its lists read every kind of record.
func arrangeSalesOrderLineRoutings(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct {
		l                            soLine
		opID, opItem, tracking, inID string
	}
	build := func(te *tenantEnv, n int) built {
		_, linear := catalogueShapes(t, te)
		wc := namedWorkCenter(t, te, "Ordered cell", "")
		b := built{l: soNewPartLine(t, te, createItem(t, te, newItem("ORDERED")), "3")}
		for k := range n {
			id := lineCreate(t, te, b.l.operationsPath(), fmt.Sprintf(`{"name":"Step %d","workCenterId":%q,"runTimeMinutesPerUnit":1}`, k, wc))
			if k == 0 {
				b.opID = id
			}
			part := createItem(t, te, newItem(fmt.Sprintf("ORDERED-PART-%02d", k)))
			field := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: fmt.Sprintf("Ordered %02d", k), DataType: client.TrackingFieldDataTypeNumber})
			opItem := soAddOperationItem(t, te, b.opID, part)
			tr := lineCreate(t, te, b.l.trackingsPath(b.opID, "final"), fmt.Sprintf(`{"trackingFieldId":%q}`, field))
			in := lineCreate(t, te, b.l.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":2,"routingOperationId":%q}`, part, id))
			soAddInputMaterial(t, te, b.l, linear.Id, part, id)
			if k == 0 {
				b.opItem, b.tracking, b.inID = opItem, tr, in
			}
		}
		return b
	}
	s, l := build(small, 1), build(large, manySubs)
	both := func(op string, path func(b built) string) readCase { return getRead(op, path(s), path(l)) }
	lists := func(op string, path func(b built) string) readCase {
		return listRead(op, path(s)+"/list", path(l)+"/list", `{}`)
	}
	return []readCase{
		both("getSalesOrderPartLineRouting", func(b built) string { return b.l.routingPath() }),
		lists("listSalesOrderPartLineRoutingOperations", func(b built) string { return b.l.operationsPath() }),
		both("getSalesOrderPartLineRoutingOperation", func(b built) string { return b.l.operationPath(b.opID) }),
		lists("listSalesOrderPartLineRoutingOperationTrackings", func(b built) string { return b.l.trackingsPath(b.opID, "final") }),
		both("getSalesOrderPartLineRoutingOperationTracking", func(b built) string { return b.l.trackingsPath(b.opID, "final") + "/" + b.tracking }),
		lists("listSalesOrderPartLineRoutingOperationItems", func(b built) string { return b.l.operationItemsPath(b.opID) }),
		both("getSalesOrderPartLineRoutingOperationItem", func(b built) string { return b.l.operationItemsPath(b.opID) + "/" + b.opItem }),
		lists("listSalesOrderPartLineRoutingInputItems", func(b built) string { return b.l.inputItemsPath() }),
		both("getSalesOrderPartLineRoutingInputItem", func(b built) string { return b.l.inputItemPath(b.inID) }),
		lists("listSalesOrderPartLineRoutingInputMaterials", func(b built) string { return strings.TrimSuffix(b.l.inputMaterialsListPath(), "/list") }),
	}
}

func arrangeTrackingFields(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		return arrangeEach(size, func(i, subs int) string {
			options := make([]string, subs)
			for k := range options {
				options[k] = fmt.Sprintf("Option %d", k)
			}
			return createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: fmt.Sprintf("Field %02d", i), DataType: client.TrackingFieldDataTypeDropDown, DropDownOptions: &options})
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listInProcessTrackingFields", "/api/in-process-tracking-field-types/list", "/api/in-process-tracking-field-types/list", `{}`),
		getRead("getInProcessTrackingField", "/api/in-process-tracking-field-types/"+s[0], "/api/in-process-tracking-field-types/"+l[0]),
	}
}

// arrangeWebhooks: subscriptions (the first active, sent every event; the others inactive,
// so that the events reach one delivery log), the first one's deliveries of an event per
// item, each with its attempts, and the event catalogue. The small tenant's deliveries
// succeed at their first attempt; the large tenant's receiver answers 500 to the first
// attempts, then replays add attempts that succeed, up to largeSubs per delivery and
// manySubs for the newest.
func arrangeWebhooks(t *testing.T, small, large *tenantEnv) []readCase {
	type built struct{ webhook, delivery string }
	build := func(te *tenantEnv, size worldSize, failFirst bool) built {
		receiver := newWebhookReceiver(t)
		hooks := arrangeEach(size, func(i, _ int) string {
			return arrangeCreate(t, te, "/api/webhooks", fmt.Sprintf(`{"url":%q,"isActive":%t,"description":"Hook %02d"}`, receiver.URL, i == 0, i))
		})
		webhook := hooks[0]
		if failFirst {
			receiver.answer(hookAnswer{Status: http.StatusInternalServerError})
		}
		for i := range size.records {
			createItem(t, te, newItem(fmt.Sprintf("HOOKED-%02d", i)))
		}
		log := awaitDeliveryLog(t, te, webhook, fmt.Sprintf("%d deliveries attempted", size.records), func(log []client.WebhookDelivery) bool {
			for _, d := range log {
				if len(d.Attempts) == 0 {
					return false
				}
			}
			return len(log) >= size.records
		})
		receiver.answer(hookAnswer{})
		want := map[string]int{}
		most := 0
		for k, d := range log {
			want[d.Id] = size.subs(k)
			most = max(most, want[d.Id])
		}
		for round := 2; round <= most; round++ {
			for _, d := range log {
				if want[d.Id] >= round {
					arrangeRequest(t, te, http.MethodPost, webhookDeliveryPath(webhook, d.Id)+"/replay", "")
				}
			}
			awaitDeliveryLog(t, te, webhook, fmt.Sprintf("every delivery succeeded after replay round %d", round), func(log []client.WebhookDelivery) bool {
				for _, d := range log {
					if d.Status != client.WebhookDeliveryStatusSucceeded || len(d.Attempts) < min(want[d.Id], round) {
						return false
					}
				}
				return true
			})
		}
		return built{webhook: webhook, delivery: log[0].Id}
	}
	s, l := build(small, smallWorld, false), build(large, largeWorld, true)
	deliveries := func(webhook string) string { return webhookPath(webhook) + "/deliveries/list" }
	return []readCase{
		getRead("listWebhookEventTypes", "/api/webhook-event-types", "/api/webhook-event-types"),
		listRead("listWebhooks", "/api/webhooks/list", "/api/webhooks/list", `{}`),
		getRead("getWebhook", webhookPath(s.webhook), webhookPath(l.webhook)),
		listRead("listWebhookDeliveries", deliveries(s.webhook), deliveries(l.webhook), `{}`),
		getRead("getWebhookDelivery", webhookDeliveryPath(s.webhook, s.delivery), webhookDeliveryPath(l.webhook, l.delivery)),
	}
}
