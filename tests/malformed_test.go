package tests

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// walkFixtures are the records the walk's requests name: by path parameter ("items/{itemId}",
// see pathKey) and by the name of a body member or form part that holds a record's id.
type walkFixtures struct {
	te      *tenantEnv
	pathIDs map[string]string
	members map[string]string
}

// newWalkFixtures creates one record of every kind an operation's path names, in a tenant of
// its own. An operation whose path names a parameter missing here fails the walk: add a row.
func newWalkFixtures(t *testing.T) walkFixtures {
	t.Helper()
	te := newTenant(t)
	list := func(path string) string { return createListRecord(t, te, path, "Walk "+path) }
	// A webhook subscription first, so that the item's creation below reaches its log as a
	// delivery (the walk's own changes of items add more as it goes).
	webhook := subscribeWebhook(t, te, newWebhookReceiver(t).URL).Id
	item := buyItem(t, te, "WALK")
	tag := createTag(t, te, "Walk")
	addItemTag(t, te, item, tag)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Walk"})
	vendor := createVendor(t, te, "Walk Supply")
	location := createLocation(t, te, "Walk cage")
	lot := createLot(t, te, client.InventoryLotCreate{ItemId: item, Name: ptr("WALK-LOT")})
	received := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("100")})
	dep := newShopDepartment(t, te, "Walk")
	equipment := addShopEquipment(t, te, dep, "Walk mill")
	tier := createCustomerTier(t, te, "Walk tier", nil)
	shape := createMaterialShape(t, te.API, flatBar("Walk bar"))
	delivery := awaitDeliveries(t, te, webhook, 1)[0].Id
	operation := createOperation(t, te, client.OperationWrite{Name: "Walk op", WorkCenterId: &dep.WorkCenterID, EquipmentId: &equipment})
	routingOperation := createRoutingOperation(t, te, item, client.RoutingOperationWrite{OperationId: &operation})
	inputMaterial := createInputMaterial(t, te, item, client.RoutingInputMaterialWrite{
		MaterialShapeId: shape, BlankLength: num("12"), RoutingOperationId: &routingOperation})
	trackingField := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Walk", DataType: client.TrackingFieldDataTypeNumber})
	tracking := createTracking(t, te, item, routingOperation, client.TrackingPhaseSetup, client.RoutingTrackingWrite{TrackingFieldId: trackingField})
	taxRate := createTaxRate(t, te, client.TaxRateWrite{Name: "Walk tax", Rate: num("5")})
	refundReason := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Walk reason", Code: ptr("WALK")})
	quote := createQuote(t, te, client.QuoteCreate{CustomerId: customer})
	quoteLine := addLine(t, te, quote, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, item))
	lineRouting := getLine(t, te, quote, quoteLine).RoutingID
	salesOrder := solOrder(t, te, "USD")
	invoice := ivWalkInvoice(t, te)
	deposits := irWalkDeposits(t, te)
	soFeeLine := solCreate(t, te, soFeeLinesPath(salesOrder), `{"name":"Walk fee","amount":10}`)
	soTaxLine := solCreate(t, te, soTaxLinesPath(salesOrder), fmt.Sprintf(`{"taxRateId":%q}`, taxRate))
	soPartLine := solCreate(t, te, soOrderPath(salesOrder)+"/part-line-items", fmt.Sprintf(`{"itemId":%q,"quantity":1}`, item))
	soLineRouting := soOK[struct {
		RoutingID string `json:"routingId"`
	}](t, te, http.MethodGet, soOrderPath(salesOrder)+"/part-line-items/"+soPartLine, "").RoutingID
	soRefundLine := solCreate(t, te, soRefundLinesPath(salesOrder), fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":1}`, refundReason))
	blanketLine := sbAdd(t, te, salesOrder, fmt.Sprintf(`{"itemId":%q,"quantity":5,"unitPrice":1}`, item))
	// A purchase order with a fee, tax, discount and vendor-credit line (ordered, so it takes
	// vendor credits).
	poLines := pdArrangeLines(t, te)
	receipt, receiptLine := rcWalkReceipt(t, te, salesOrder, soPartLine, location)
	shipment, shipmentLine := shWalkShipment(t, te, customer, item, location)
	job := createJobMaking(t, te, item, "1")
	// The job's item to make's routing (a copy of the item's, with its operation), with an
	// input item and an item consumed at that operation.
	jobRoute := jobRoutings(t, te, job)[0]
	jobOperation := jobGetRouting(t, te, jobRoute).Operations[0].Id
	jobInput := jobCreated(t, te, jobRoute.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1}`, createItem(t, te, newItem("WALK-JOB-INPUT"))))
	jobOperationItem := soAddOperationItem(t, te, jobOperation, item)
	workOrder := createWorkOrder(t, te, woBody(woOp(job, jobOperation)))
	enableChangeOrders(t, te, `{"enabled":true,"updatesEnabled":true,"notificationsEnabled":false,"taskTemplate":[{"name":"Walk","dueInDays":1}]}`)
	changeOrder := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
	pathIDs := map[string]string{
		"jobs/{jobId}":                 job,
		"items-to-make/{itemToMakeId}": getJob(t, te, job).ItemsToMake[0].Id,
		// The job routing's records, keyed for jobs.
		"jobs:routing/{routingId}":          jobRoute.RoutingID,
		"jobs:operations/{operationId}":     jobOperation,
		"jobs:input-items/{inputItemId}":    jobInput,
		"jobs:items/{operationItemId}":      jobOperationItem,
		"alerts/{alertId}":                  fmt.Sprint(raiseAlert(t, te, job, jobOperation, "Walk alert")),
		"work-orders/{workOrderId}":         workOrder,
		"ncrs/{ncrId}":                      createNcr(t, te, map[string]any{"type": "Walk", "detail": "x"}),
		"capas/{capaId}":                    createCapa(t, te, capaBody("correctiveAction", "Walk")),
		"operations/{workOrderOperationId}": getWorkOrder(t, te, workOrder).Operations[0].Id,
		"change-orders/{changeOrderId}":     changeOrder,
		"change-order-tasks/{taskId}":       createChangeOrderTask(t, te, map[string]any{"relatedRecord": map[string]any{"id": changeOrder}, "name": "Walk task"}),
		"accounting-codes/{id}":             list("/api/accounting-codes"),
		"chart-of-accounts/{id}":            list("/api/chart-of-accounts"),
		"material-codes/{id}":               list("/api/material-codes"),
		"item-categories/{id}":              list("/api/item-categories"),
		"grade-codes/{id}":                  list("/api/grade-codes"),
		"shape-codes/{id}":                  list("/api/shape-codes"),
		"gauge-codes/{id}":                  list("/api/gauge-codes"),
		"item-classes/{id}":                 list("/api/item-classes"),
		"tags/{tagId}":                      tag,
		"item-tags/{id}":                    tag,
		"companies/{companyId}":             createCompany(t, te, client.CompanyInfoWrite{Name: "Walk"}),
		"custom-fields/{id}":                createCustomField(t, te, textField("Walk", client.CustomFieldModuleNcr)),
		"customer-tiers/{id}":               tier,
		"customers/{customerId}":            customer,
		"quotes/{quoteId}":                  quote,
		"refund-line-items/{lineItemId}":    soRefundLine,
		"line-items/{lineItemId}":           soRefundLine,
		"quote/{quoteId}":                   createQuote(t, te, client.QuoteCreate{CustomerId: customer}),
		"quotes/{id}":                       createQuote(t, te, client.QuoteCreate{CustomerId: customer}),
		"sales-orders/{salesOrderId}":       salesOrder,
		// Sub-records every document names alike, keyed for sales orders (the unqualified
		// keys are the quotes').
		"sales-orders:part-line-items/{lineItemId}": soPartLine,
		"sales-orders:fee-line-items/{lineItemId}":  soFeeLine,
		"sales-orders:tax-line-items/{lineItemId}":  soTaxLine,
		"sales-orders:routing/{routingId}":          soLineRouting,
		"sales-orders/{id}":                         soCreate(t, te, map[string]any{"customerId": customer}),
		"blanket-line-items/{lineItemId}":           blanketLine,
		"fee-line-items/{lineItemId}":               createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Walk fee", Amount: num("5")}),
		"tax-line-items/{lineItemId}":               createTaxLine(t, te, quote, taxRate),
		"addresses/{customerAddressId}":             createAddress(t, te, customer, dockAddress()),
		"contacts/{contactId}":                      createContact(t, te, customer, client.CustomerContactWrite{FirstName: "Walk"}),
		"payment-terms/{id}":                        createPaymentTerm(t, te, "Walk 30", 30),
		"vendors/{id}":                              vendor,
		"vendors/{vendorId}":                        vendor,
		"addresses/{vendorAddressId}":               pvCreateAddress(t, te, vendor, pvAddress()),
		"vendors:contacts/{contactId}":              pvCreateContact(t, te, vendor, client.VendorContactWrite{FirstName: "Walk"}),
		"purchase-orders/{purchaseOrderId}":         poCreate(t, te, map[string]any{"vendorId": vendor}),
		"purchase-orders/{id}":                      poCreate(t, te, map[string]any{"vendorId": vendor}),
		"materials/{id}":                            shape,
		"materials/{materialId}":                    shape,
		"material-vendors/{vendorId}":               vendor,
		"items/{itemId}":                            item,
		"vendors/{itemVendorId}":                    addVendorDetail(t, te, item, fmt.Sprintf(`{"vendorId":%q}`, vendor)),
		"material-vendors/{materialVendorId}":       addMaterialVendor(t, te, item, fmt.Sprintf(`{"vendorId":%q}`, vendor)),
		"customers/{itemCustomerId}":                addCustomerDetail(t, te, item, fmt.Sprintf(`{"customerId":%q}`, customer)),
		"locations/{id}":                            location,
		"inventory-lots/{id}":                       lot,
		"inventory-events/{inventoryEventId}":       received.Id,
		"attachments/{attachmentId}":                attachToItem(t, te, item, "walk.txt", []byte("walk")),
		"departments/{id}":                          dep.ID,
		"work-centers/{id}":                         dep.WorkCenterID,
		"equipment/{id}":                            equipment,
		"in-process-tracking-field-types/{id}":      trackingField,
		"department-shifts/{id}":                    createShift(t, te, dayShift(dep.ID)),
		"equipment-downtimes/{id}":                  createDowntime(t, te, downtimeWrite(0, 1, down(dep.ID))),
		"webhooks/{webhookId}":                      webhook,
		"deliveries/{webhookDeliveryId}":            delivery,
		"tax-rates/{id}":                            taxRate,
		"shipping-methods/{id}":                     createShippingMethod(t, te, client.ShippingMethodWrite{Name: "Walk shipping"}),
		"refund-reason-codes/{id}":                  refundReason,
		"users/{userId}":                            createUser(t, te, "Walk user"),
		"timers/{timerId}":                          walkTimer(t, te),
		"operations/{id}":                           operation,
		"operation/{id}":                            operation,
		"input-items/{inputItemId}":                 createRoutingInputItem(t, te, item, inputOf(createItem(t, te, newItem("WALK-INPUT")), "1")),
		"operations/{operationId}":                  routingOperation,
		"items/{operationItemId}":                   createOperationItem(t, te, item, routingOperation, client.RoutingOperationItemWrite{ItemId: item, Quantity: num("1")}),
		"ipts/{phase}":                              string(client.TrackingPhaseSetup),
		"{phase}/{iptId}":                           tracking,
		"input-materials/{inputMaterialId}":         inputMaterial,
		"part-line-items/{lineItemId}":              quoteLine,
		"quotes/{QuoteId}":                          quote,
		"routing/{routingId}":                       lineRouting,
		// The purchase order's part and outside-processing lines, on the order of its other lines.
		"purchase-orders:part-line-items/{lineItemId}": plAddPart(t, te, poLines.order, map[string]any{"itemId": item, "quantity": 1}),
		"purchase-orders:outside-processing-line-items/{lineItemId}": plAddOP(t, te, poLines.order,
			map[string]any{"description": "Walk", "quantity": 1, "unitOfMeasureName": "Each", "unitPrice": 1}),
		"receipts/{receiptId}":              receipt,
		"line-items/{lineId}":               receiptLine,
		"notes/{noteId}":                    ntCreate(t, te, "salesOrderId", salesOrder, "Walk"),
		"shipments/{shipmentId}":            shipment,
		"shipments/{id}":                    shipment,
		"shipments:line-items/{lineItemId}": shipmentLine,
		"nesting/{nestingId}": createNesting(t, te, item, inputMaterial,
			client.RoutingMaterialNestingWrite{Name: "Walk bar", StockLength: num("240"), BlanksPerStock: 8}),

		// Sub-records every document names alike, keyed for purchase orders (their order is
		// poLines.order, which the key purchase-orders:{purchaseOrderId} names).
		"purchase-orders:purchase-orders/{purchaseOrderId}":     poLines.order,
		"purchase-orders:fee-line-items/{lineItemId}":           poLines.fee,
		"purchase-orders:tax-line-items/{lineItemId}":           poLines.tax,
		"purchase-orders:vendor-credit-line-items/{lineItemId}": poLines.credit,
		"purchase-orders:line-items/{lineItemId}":               poLines.fee,

		"invoices/{invoiceId}":                    invoice.invoice,
		"invoices:part-line-items/{lineItemId}":   invoice.part,
		"invoices:fee-line-items/{lineItemId}":    invoice.fee,
		"invoices:tax-line-items/{lineItemId}":    invoice.tax,
		"invoices:line-items/{lineItemId}":        invoice.fee,
		"invoices:refund-line-items/{lineItemId}": irWalkRefund(t, te, invoice.invoice),
		"invoices:manual-line-items/{lineItemId}": imlWalkLine(t, te, invoice.invoice),
		"milestones/{milestoneId}":                irSchedule(t, te, salesOrder, `{"milestones":[{"name":"Walk","percentage":10}]}`).Milestones[0].Id,
		// The deposit lines are another invoice's: the walk's reads of them answer 404.
		"invoices:deposit-line-items/{lineItemId}":            deposits.depositLine,
		"invoices:deposit-adjustment-line-items/{lineItemId}": deposits.adjustment,
	}
	maps.Copy(pathIDs, toolWalkIDs(t, te))
	members := map[string]string{
		"itemId": item, "vendorId": vendor, "lotId": lot, "locationId": location, "customerId": customer,
		"departmentId": dep.ID, "workCenterId": dep.WorkCenterID, "equipmentId": equipment, "customerTierId": tier,
		"tagId": tag, "materialShapeId": shape, "materialId": shape,
		"shapeId": pathIDs["shape-codes/{id}"], "materialCodeId": pathIDs["material-codes/{id}"],
		"gradeId": pathIDs["grade-codes/{id}"], "gaugeId": pathIDs["gauge-codes/{id}"],
		"categoryId": pathIDs["item-categories/{id}"], "classId": pathIDs["item-classes/{id}"],
		"accountingCodeId": pathIDs["accounting-codes/{id}"], "paymentTermsId": pathIDs["payment-terms/{id}"],
		"incomeAccountId": pathIDs["chart-of-accounts/{id}"], "expenseAccountId": pathIDs["chart-of-accounts/{id}"],
		"cogsAccountId": pathIDs["chart-of-accounts/{id}"], "assetAccountId": pathIDs["chart-of-accounts/{id}"],
		"inventoryEventId": received.Id, "attachmentId": pathIDs["attachments/{attachmentId}"],
		"trackingFieldId": trackingField,
		"Detail.Owner.Id": item, "Detail.LotId": lot, "routingOperationId": routingOperation,
		"taxRateId": taxRate, "refundReasonCodeId": refundReason,
		"salesOrderId": salesOrder, "salesOrderLineItemId": soPartLine, "salesOrderPartLineId": soPartLine,
		// The work-package manifest's entries (and other bodies naming a job operation).
		"jobId": job, "jobOperationId": jobOperation, "itemToMakeId": pathIDs["items-to-make/{itemToMakeId}"],
	}
	members["toolTemplateId"] = pathIDs["tool-templates/{toolTemplateId}"]
	return walkFixtures{te: te, pathIDs: pathIDs, members: members}
}

// TestNoMalformedRequestAnswersAServerError walks every operation of openapi/v1.yaml and
// sends it requests broken one place at a time, as its schemas say they must not be: wrong
// types, numbers out of range or beyond any decimal, strings over maxLength, unknown enum
// values, nulls, missing required members, huge and deeply nested arrays, invalid UTF-8, bad
// path ids, query and header values, wrong media types; with real record ids in the path and
// in members naming records, so the requests reach the handlers. Every answer must be below
// 500, every error a problem+json below 64 KB, and every answer one the spec declares. A new
// operation is walked by being in the spec (a new path parameter by a row in
// newWalkFixtures). walkPlanner keeps the walk to a few thousand requests: every breakage
// that may pass the request validator goes to every operation, the ones its schema refuses
// take turns; MOS_WALK_ALL=1 sends every breakage everywhere (about three times as many).
func TestNoMalformedRequestAnswersAServerError(t *testing.T) {
	t.Parallel()
	f := newWalkFixtures(t)
	plan := newWalkPlanner(os.Getenv("MOS_WALK_ALL") != "")
	for _, o := range specOperations(t) {
		b, err := newWalkBuilder(o, f, plan)
		if err != nil {
			t.Errorf("%s: %v", o, err)
			continue
		}
		reqs := b.requests()
		t.Run(o.String(), func(t *testing.T) {
			t.Parallel()
			for _, m := range reqs {
				sendMalformed(t, f.te.Token, m)
			}
		})
	}
}

// sendMalformed sends m and checks its answer: no 5xx, an error is a problem+json below 64 KB,
// and (through specChecker) the answer is one the spec declares for the operation.
func sendMalformed(t *testing.T, token string, m malformed) {
	t.Helper()
	t.Run(m.what, func(t *testing.T) {
		header := http.Header{"Authorization": {"Bearer " + token}}
		if m.contentType != "" {
			header.Set("Content-Type", m.contentType)
		}
		for k, v := range m.header {
			header.Set(k, v)
		}
		u := srv.URL + m.path
		if m.query != "" {
			u += "?" + m.query
		}
		var body io.Reader
		if m.body != nil {
			body = bytes.NewReader(m.body)
		}
		res, b := sendVia(t, specChecker{t: t}, m.method, u, header, body)
		switch {
		case res.StatusCode >= 500:
			t.Errorf("status %d: a malformed request is the client's fault: %s", res.StatusCode, truncate(b))
		case res.StatusCode >= 400 && !strings.HasPrefix(res.Header.Get("Content-Type"), "application/problem+json"):
			t.Errorf("status %d with Content-Type %q, want application/problem+json", res.StatusCode, res.Header.Get("Content-Type"))
		case res.StatusCode >= 400 && len(b) >= maxProblemBytes:
			t.Errorf("status %d with a problem of %d bytes, want under %d", res.StatusCode, len(b), maxProblemBytes)
		}
		if t.Failed() {
			t.Logf("the request: %s %s\nContent-Type: %s\n%s", m.method, truncate([]byte(u)), m.contentType, truncate(m.body))
		}
	})
}

// requests lists the walk's requests for the operation: its path, its query, its body as a
// whole and its media type, and its body's members (walkPlanner chooses among them).
func (b *walkBuilder) requests() []malformed {
	out := append(b.pathBreakages(), b.queryBreakages()...)
	out = append(out, b.headerBreakages()...)
	switch {
	case b.mediaType == "":
	case b.mediaType == "application/json-patch+json":
		out = append(out, b.bodyBreakages()...)
		out = append(out, b.patchBreakages()...)
		out = append(out, b.patchMemberBreakages()...)
	case strings.HasPrefix(b.mediaType, "multipart/"):
		out = append(out, b.formBreakages()...)
		out = append(out, b.formPartBreakages()...)
	default:
		out = append(out, b.bodyBreakages()...)
		out = append(out, b.memberBreakages()...)
	}
	return out
}

// pathBreakages replaces each path parameter by an id of no record, and by ids that pass the
// parameter's schema but no store takes (a NUL, invalid UTF-8), on every operation; the
// ids its schema refuses take turns.
func (b *walkBuilder) pathBreakages() []malformed {
	var out []malformed
	for _, p := range b.params(openapi3.ParameterInPath) {
		real, _ := b.fixtures.pathID(b.o.path, p.Name)
		type id struct{ what, escaped string }
		if s := schemaOf(p.Schema); s != nil && len(s.Enum) > 0 {
			// A parameter of an enumeration (a phase), not an id: values outside it.
			for _, c := range []id{
				{"a value of no member", "unknownValue"}, {"a value with a NUL", "%00" + real},
				{"a value of invalid UTF-8", "%FF" + real}, {"a value of another case", strings.ToUpper(real)},
			} {
				m := b.valid("path " + p.Name + ": " + c.what)
				m.path = strings.Replace(m.path, "/"+url.PathEscape(real), "/"+c.escaped, 1)
				out = append(out, m)
			}
			continue
		}
		if s := schemaOf(p.Schema); s != nil && s.Type.Is(openapi3.TypeInteger) {
			// A whole-number id (an alert's): numbers of no record, and texts that are none.
			for _, c := range []id{
				{"a number of no record", "9000000000000000000"}, {"zero", "0"}, {"a negative number", "-1"},
				{"a number beyond 64 bits", "99999999999999999999"}, {"a word", "walk"}, {"a fraction", "1.5"},
				{"a number with a NUL", "%00" + real}, {"a number of invalid UTF-8", "%FF" + real},
			} {
				m := b.valid("path " + p.Name + ": " + c.what)
				m.path = strings.Replace(m.path, "/"+real, "/"+c.escaped, 1)
				out = append(out, m)
			}
			continue
		}
		reaching := []id{
			{"an id of no record", ids.New()},
			{"an id with a NUL", "%00" + strings.Repeat("a", 23)},
			{"an id of invalid UTF-8", strings.Repeat("%FF", 24)},
		}
		refused := []id{
			{"a one-character id", "x"},
			{"a 300-character id", strings.Repeat("a", 300)},
			{"an id with an encoded slash", real[:10] + "%2F" + real[11:]},
			{"an id with a non-ASCII letter", "%C3%A9" + real[1:]},
			{"an id of spaces", strings.Repeat("%20", 24)},
			{"an id walking up the path", "..%2F..%2F" + real[:14]},
		}
		for _, c := range append(reaching, rotate(b.plan, "path "+p.Name, refused, 2)...) {
			m := b.valid("path " + p.Name + ": " + c.what)
			m.path = strings.Replace(m.path, url.PathEscape(real), c.escaped, 1)
			out = append(out, m)
		}
	}
	return out
}

// queryBreakages sends each declared query parameter values its schema refuses (taking
// turns) and, for a text parameter, texts that pass its schema but no parser expects; and
// (taking turns with the body's breakages) a parameter no operation declares.
func (b *walkBuilder) queryBreakages() []malformed {
	type value struct{ what, raw string }
	var out []malformed
	for _, p := range b.params(openapi3.ParameterInQuery) {
		s := flatten(schemaOf(p.Schema))
		var reaching []value
		refused := []value{{"empty", ""}, {"sent twice", "1&" + url.QueryEscape(p.Name) + "=2"}}
		if s != nil && (s.Type.Is(openapi3.TypeInteger) || s.Type.Is(openapi3.TypeNumber)) {
			refused = append(refused, value{"a word", "walk"}, value{"-1", "-1"},
				value{"30 digits", "123456789012345678901234567890"}, value{"1e400", "1e400"},
				value{"NaN", "NaN"}, value{"a fraction", "1.5"}, value{"invalid UTF-8", "%FF%FE"})
		} else {
			reaching = append(reaching, value{"a word", "walk"}, value{"invalid UTF-8", "%FF%FE"}, value{"a NUL", "%00"})
			long := value{"70,000 characters", strings.Repeat("x", walkLongText)}
			if s != nil && s.MaxLength == nil && len(s.Enum) == 0 {
				reaching = append(reaching, long)
			} else {
				refused = append(refused, long)
			}
		}
		for _, v := range append(reaching, rotate(b.plan, "query "+kindOf(s), refused, 2)...) {
			m := b.valid("query " + p.Name + ": " + v.what)
			q := url.Values{}
			for k, vs := range b.query {
				if k != p.Name {
					q[k] = vs
				}
			}
			m.query = strings.TrimPrefix(q.Encode()+"&"+url.QueryEscape(p.Name)+"="+v.raw, "&")
			out = append(out, m)
		}
	}
	return out
}

// headerBreakages sends each declared header parameter values no client writes.
func (b *walkBuilder) headerBreakages() []malformed {
	var out []malformed
	for _, p := range b.params(openapi3.ParameterInHeader) {
		for _, v := range []struct{ what, value string }{
			{"70,000 characters", strings.Repeat("x", walkLongText)},
			{"bytes that are not UTF-8", "\xff\xfe"},
			{"a list of odd tags", `W/"", *, "a"b", W/`},
		} {
			m := b.valid("header " + p.Name + ": " + v.what)
			m.header = map[string]string{p.Name: v.value}
			out = append(out, m)
		}
	}
	return out
}

// bodyBreakages breaks a JSON body as a whole: its media type, its syntax, its type.
func (b *walkBuilder) bodyBreakages() []malformed {
	valid := b.valid("")
	with := func(what, contentType string, body []byte) malformed {
		m := valid
		m.what, m.contentType, m.body = "body: "+what, contentType, body
		return m
	}
	wrongType := []byte(`[]`)
	if _, isArray := b.body.([]any); isArray {
		wrongType = []byte(`{}`)
	}
	undeclared := valid
	undeclared.what = "query: a parameter the operation does not declare"
	undeclared.query = strings.TrimPrefix(b.query.Encode()+"&walk%FF=%FF", "&")
	refused := []malformed{
		undeclared,
		with("the wrong type", valid.contentType, wrongType),
		with("a string", valid.contentType, []byte(`"walk"`)),
		with("cut short", valid.contentType, valid.body[:len(valid.body)-1]),
		with("followed by more", valid.contentType, append(bytes.Clone(valid.body), []byte(`}{"x":1}`)...)),
		with("a member name of invalid UTF-8", valid.contentType, invalidUTF8Member(valid.body)),
		with("arrays nested past the decoder's depth", valid.contentType, []byte(strings.Repeat("[", 100_000))),
		with("arrays nested 2,000 deep", valid.contentType, nestedArrays()),
		with("as text/plain", "text/plain", valid.body),
		with("as application/xml", "application/xml", valid.body),
		with("as a form", "application/x-www-form-urlencoded", valid.body),
		with("as multipart", "multipart/form-data; boundary=walk", valid.body),
		with("in UTF-16 by its charset", valid.contentType+"; charset=utf-16", valid.body),
		with("a malformed Content-Type", "application/", valid.body),
		with("no Content-Type", "", valid.body),
	}
	if _, isArray := b.body.([]any); isArray {
		refused = append(refused, with("10,001 items", valid.contentType, hugeArray(`{"walk":1}`)))
	}
	if obj, ok := b.body.(map[string]any); ok && len(obj) > 0 {
		var first string
		for k := range obj {
			if first == "" || k < first {
				first = k
			}
		}
		dup := bytes.TrimSuffix(bytes.Clone(valid.body), []byte("}"))
		dup = append(dup, []byte(fmt.Sprintf(`,%q:[[1]]}`, first))...)
		refused = append(refused, with("a member sent twice", valid.contentType, dup))
	}
	// An absent or null body reaches the operation when its body is optional (a list's filter).
	reaching := []malformed{with("none", valid.contentType, nil), with("null", valid.contentType, []byte(`null`))}
	return append(reaching, rotate(b.plan, "body", refused, 3)...)
}

// invalidUTF8Member puts a member of invalid UTF-8 (name and value) first in an object body.
func invalidUTF8Member(body []byte) []byte {
	if !bytes.HasPrefix(body, []byte("{")) {
		return []byte("\"\xff\xfe\"")
	}
	rest := body[1:]
	sep := []byte(",")
	if bytes.Equal(rest, []byte("}")) {
		sep = nil
	}
	return append(append([]byte("{\"\xff\xfe\":\"\xfd\""), sep...), rest...)
}

// memberBreakages breaks the members of a JSON body as walkPlanner assigns: values their
// schemas refuse, values that may pass them, and a required member's absence.
func (b *walkBuilder) memberBreakages() []malformed {
	var out []malformed
	tgs := targets(b.schema, nil, 0)
	for i, brs := range b.plan.assign(tgs, b.required) {
		tg := tgs[i]
		for _, br := range brs {
			doc := deepCopy(b.body)
			if br.raw == nil {
				removeAt(doc, tg.path)
			} else {
				doc = b.setAt(doc, b.schema, tg.path, placeholder)
			}
			m := b.valid("member " + tg.String() + ": " + br.what)
			m.body = mustEncode(doc, br.raw)
			out = append(out, m)
		}
	}
	return out
}

// required reports whether the member at path is required by its object's schema.
func (b *walkBuilder) required(path []string) bool {
	s := flatten(b.schema)
	for i, seg := range path {
		if s == nil {
			return false
		}
		if _, err := fmt.Sscan(seg, new(int)); err == nil && s.Type.Is(openapi3.TypeArray) {
			s = flatten(schemaOf(s.Items))
			continue
		}
		if i == len(path)-1 {
			for _, r := range s.Required {
				if r == seg {
					return true
				}
			}
			return false
		}
		p := s.Properties[seg]
		if p == nil {
			return false
		}
		s = flatten(p.Value)
	}
	return false
}

// patchedShape is what a PATCH patches: the body of the full update (PUT) of the same path,
// or else the read shape its 200 answers.
func (b *walkBuilder) patchedShape() *openapi3.Schema {
	if item := srv.Spec.Paths.Value(b.o.path); item != nil && item.Put != nil && item.Put.RequestBody != nil {
		if mt := item.Put.RequestBody.Value.Content.Get("application/json"); mt != nil {
			return schemaOf(mt.Schema)
		}
	}
	r := b.o.op.Responses.Status(200)
	if r == nil || r.Value == nil {
		return nil
	}
	mt := r.Value.Content.Get("application/json")
	if mt == nil {
		return nil
	}
	return schemaOf(mt.Schema)
}

// patchBreakages breaks the JSON Patch document itself.
func (b *walkBuilder) patchBreakages() []malformed {
	var out []malformed
	for _, c := range []struct{ what, body string }{
		{"an unknown operation", `[{"op":"jump","path":"/name","value":1}]`},
		{"no op", `[{"path":"/name","value":1}]`},
		{"no path", `[{"op":"add","value":1}]`},
		{"move without from", `[{"op":"move","path":"/name"}]`},
		{"copy from an unknown path", `[{"op":"copy","from":"/walk","path":"/name"}]`},
		{"a path without its slash", `[{"op":"add","path":"name","value":1}]`},
		{"a bad escape in the path", `[{"op":"add","path":"/~2","value":1}]`},
		{"the whole record", `[{"op":"replace","path":"","value":{}}]`},
		{"a path deep in a free-form map", `[{"op":"add","path":"/customFields/a/b/c/d","value":1}]`},
		{"an index of 20 digits", `[{"op":"add","path":"/externalReferences/99999999999999999999","value":1}]`},
		{"a failing test of a deep value", `[{"op":"test","path":"/id","value":{"deep":[[[[1]]]]}}]`},
		{"a null operation", `[null]`},
		{"an operation that is an array", `[[]]`},
		{"a value of invalid UTF-8", "[{\"op\":\"add\",\"path\":\"/name\",\"value\":\"\xff\xfe\"}]"},
	} {
		m := b.valid("patch: " + c.what)
		m.body = []byte(c.body)
		out = append(out, m)
	}
	m := b.valid("patch: 10,001 operations")
	m.body = hugeArray(`{"op":"test","path":"/walk","value":1}`)
	out = append(out, m)
	// Forty copies of a free-form member into itself would double the record forty times.
	if shape := flatten(b.patchedShape()); shape != nil {
		for _, name := range sortedKeys(shape.Properties) {
			if !freeForm(flatten(schemaOf(shape.Properties[name]))) {
				continue
			}
			ops := make([]any, 40)
			for i := range ops {
				ops[i] = map[string]any{"op": "copy", "from": "/" + name, "path": fmt.Sprintf("/%s/c%d", name, i)}
			}
			m := b.valid("patch: forty copies doubling " + name)
			m.body = mustEncode(ops)
			out = append(out, m)
			break
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// patchMemberBreakages adds members of the patched shape with the breakages walkPlanner
// assigns (a nested member inside its parent).
func (b *walkBuilder) patchMemberBreakages() []malformed {
	shape := b.patchedShape()
	if shape == nil {
		return nil
	}
	var out []malformed
	tgs := targets(shape, nil, 0)
	for i, brs := range b.plan.assign(tgs, func([]string) bool { return false }) {
		tg := tgs[i]
		top := tg.path[0]
		var member *openapi3.Schema
		if p := flatten(shape).Properties[top]; p != nil {
			member = p.Value
		}
		for _, br := range brs {
			var value any = placeholder
			if len(tg.path) > 1 {
				value = b.setAt(b.sample(member, top, 0), member, tg.path[1:], placeholder)
			}
			op := map[string]any{"op": "add", "path": "/" + top, "value": value}
			m := b.valid("patch " + tg.String() + ": " + br.what)
			m.body = mustEncode([]any{op}, br.raw)
			out = append(out, m)
		}
	}
	return out
}

// formPart is one part of a multipart body.
type formPart struct {
	name, filename, value string
	header                string // extra header lines, each ending in \r\n
}

const walkBoundary = "walk-boundary"

// formParts are the valid-ish parts of an upload: the metadata parts the schema requires,
// then the file.
func (b *walkBuilder) formParts() []formPart {
	var parts []formPart
	for _, name := range b.schema.Required {
		p := b.schema.Properties[name]
		if p == nil || p.Value == nil || p.Value.Format == "binary" {
			continue
		}
		parts = append(parts, formPart{name: name, value: scalarText(b.sample(p.Value, name, 0))})
	}
	return append(parts, formPart{name: "File", filename: "walk.txt", value: "walk"})
}

// form writes parts (the valid-ish ones when nil) as a multipart/form-data body.
func (b *walkBuilder) form(parts []formPart) (string, []byte) {
	if parts == nil {
		parts = b.formParts()
	}
	var buf bytes.Buffer
	for _, p := range parts {
		fmt.Fprintf(&buf, "--%s\r\nContent-Disposition: form-data; name=%q", walkBoundary, p.name)
		if p.filename != "" {
			fmt.Fprintf(&buf, "; filename=%q", p.filename)
		}
		buf.WriteString("\r\n" + p.header + "\r\n" + p.value + "\r\n")
	}
	fmt.Fprintf(&buf, "--%s--\r\n", walkBoundary)
	return "multipart/form-data; boundary=" + walkBoundary, buf.Bytes()
}

// formBreakages breaks a multipart body as a whole: its boundary, its framing, its file part.
func (b *walkBuilder) formBreakages() []malformed {
	valid := b.valid("")
	with := func(what, contentType string, body []byte) malformed {
		m := valid
		m.what, m.contentType, m.body = "form: "+what, contentType, body
		return m
	}
	withParts := func(what string, edit func([]formPart) []formPart) malformed {
		ct, body := b.form(edit(b.formParts()))
		return with(what, ct, body)
	}
	file := func(parts []formPart) *formPart { return &parts[len(parts)-1] }
	return []malformed{
		with("empty", valid.contentType, []byte{}),
		with("no boundary", "multipart/form-data", valid.body),
		with("another boundary", "multipart/form-data; boundary=other", valid.body),
		with("cut short", valid.contentType, valid.body[:len(valid.body)-10]),
		with("no closing boundary", valid.contentType, bytes.TrimSuffix(valid.body, []byte("--"+walkBoundary+"--\r\n"))),
		with("as JSON", "application/json", []byte(`{}`)),
		with("a 70,000-character boundary", "multipart/form-data; boundary="+strings.Repeat("b", walkLongText), valid.body),
		withParts("no file", func(p []formPart) []formPart { return p[:len(p)-1] }),
		withParts("the file twice", func(p []formPart) []formPart { return append(p, p[len(p)-1]) }),
		withParts("a file name with a NUL", func(p []formPart) []formPart { file(p).filename = "walk\x00.txt"; return p }),
		withParts("a file name of invalid UTF-8", func(p []formPart) []formPart { file(p).filename = "\xff\xfe.txt"; return p }),
		withParts("a file name climbing directories", func(p []formPart) []formPart { file(p).filename = "../../../etc/passwd"; return p }),
		withParts("a file name of 70,000 characters", func(p []formPart) []formPart { file(p).filename = strings.Repeat("n", walkLongText); return p }),
		withParts("a file name of only a path", func(p []formPart) []formPart { file(p).filename = "dir/"; return p }),
		withParts("a part of another name", func(p []formPart) []formPart { return append(p, formPart{name: "Walk", value: "x"}) }),
		withParts("a metadata part with an empty key", func(p []formPart) []formPart {
			return append([]formPart{{name: "Detail.Metadata[]", value: "x"}}, p...)
		}),
		withParts("a metadata key of invalid UTF-8", func(p []formPart) []formPart {
			return append([]formPart{{name: "Detail.Metadata[\xff]", value: "\xfe"}}, p...)
		}),
		withParts("a part with a 70,000-character header", func(p []formPart) []formPart {
			p[0].header = "X-Walk: " + strings.Repeat("h", walkLongText) + "\r\n"
			return p
		}),
	}
}

// formPartBreakages breaks each part the schema describes: values its schema refuses or a
// parser may trip on, and its absence when it is required.
func (b *walkBuilder) formPartBreakages() []malformed {
	var out []malformed
	for _, tg := range targets(b.schema, nil, 0) {
		if tg.schema.Format == "binary" {
			continue
		}
		name := tg.path[0]
		values := []struct{ what, value string }{
			{"empty", ""}, {"a word", "walk-unknown"}, {"invalid UTF-8", "\xff\xfe"}, {"a NUL", "walk\x00"},
			{"70,000 characters", strings.Repeat("x", walkLongText)},
		}
		for _, v := range values {
			parts := b.formParts()
			found := false
			for i := range parts {
				if parts[i].name == name {
					parts[i].value, found = v.value, true
				}
			}
			if !found {
				parts = append([]formPart{{name: name, value: v.value}}, parts...)
			}
			ct, body := b.form(parts)
			m := b.valid("part " + name + ": " + v.what)
			m.contentType, m.body = ct, body
			out = append(out, m)
		}
		if b.required(tg.path) {
			parts := b.formParts()
			kept := parts[:0]
			for _, p := range parts {
				if p.name != name {
					kept = append(kept, p)
				}
			}
			ct, body := b.form(kept)
			m := b.valid("part " + name + ": missing")
			m.contentType, m.body = ct, body
			out = append(out, m)
		}
	}
	return out
}

// TestGoRefusesMalformedRequestLinesBeforeAnyHandler documents the answers no handler
// writes: Go's HTTP server refuses a request it cannot parse (a malformed percent-escape in
// the request target, an invalid method, a header line without a colon, headers over its
// limit) itself, with a plain-text 400 (431 for the headers) and closes the connection. They
// are the only error answers that are not problem+json.
func TestGoRefusesMalformedRequestLinesBeforeAnyHandler(t *testing.T) {
	t.Parallel()
	host := strings.TrimPrefix(srv.URL, "http://")
	for _, c := range []struct {
		what, request string
		status        int
	}{
		{"a malformed percent-escape", "GET /api/items/%zz HTTP/1.1\r\nHost: h\r\n\r\n", http.StatusBadRequest},
		{"an invalid method", "G@T /api/items HTTP/1.1\r\nHost: h\r\n\r\n", http.StatusBadRequest},
		{"a header line without a colon", "GET /api/items HTTP/1.1\r\nHost: h\r\nwalk\r\n\r\n", http.StatusBadRequest},
		{"headers over the limit", "GET /api/items HTTP/1.1\r\nHost: h\r\nX-Walk: " + strings.Repeat("h", 2<<20) + "\r\n\r\n", http.StatusRequestHeaderFieldsTooLarge},
	} {
		t.Run(c.what, func(t *testing.T) {
			conn, err := net.Dial("tcp", host)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = conn.Close() }()
			go func() { _, _ = io.WriteString(conn, c.request) }()
			res, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = res.Body.Close() }()
			if res.StatusCode != c.status || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
				t.Fatalf("status %d with %q, want Go's own plain-text %d", res.StatusCode, res.Header.Get("Content-Type"), c.status)
			}
		})
	}
}
