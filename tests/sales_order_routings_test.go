package tests

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// soLine names a sales order part line and its routing, as the line routing paths carry them.
type soLine struct{ OrderID, LineID, RoutingID string }

func (l soLine) linePath() string {
	return "/api/sales-orders/" + l.OrderID + "/part-line-items/" + l.LineID
}
func (l soLine) routingPath() string                  { return l.linePath() + "/routing/" + l.RoutingID }
func (l soLine) operationsPath() string               { return l.routingPath() + "/operations" }
func (l soLine) operationPath(id string) string       { return l.operationsPath() + "/" + id }
func (l soLine) trackingsPath(opID, ph string) string { return l.operationPath(opID) + "/ipts/" + ph }
func (l soLine) operationItemsPath(opID string) string {
	return l.operationPath(opID) + "/items"
}
func (l soLine) inputItemsPath() string         { return l.routingPath() + "/input-items" }
func (l soLine) inputItemPath(id string) string { return l.inputItemsPath() + "/" + id }
func (l soLine) inputMaterialsListPath() string { return l.routingPath() + "/input-materials/list" }
func (l soLine) withRouting(id string) soLine   { l.RoutingID = id; return l }

// soExec runs a statement on the test database.
func soExec(t *testing.T, query string, args ...any) {
	t.Helper()
	if _, err := srv.Pool.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// soNewOrder stores a draft sales order of a new customer in te (the next number of the
// tenant's orders) and answers its id.
func soNewOrder(t *testing.T, te *tenantEnv) string {
	t.Helper()
	customerID := createCustomer(t, te, client.CustomerWrite{Name: "Order customer " + ids.New()})
	id := ids.New()
	soExec(t, `INSERT INTO sales_orders (tenant_id, id, number, customer_id, currency_code, ordered_date)
		SELECT $1, $2, COALESCE(max(number), 0) + 1, $3, 'USD', '2026-11-25' FROM sales_orders WHERE tenant_id = $1`,
		te.ID, id, customerID)
	return id
}

// soAddPartLine stores a part line of quantity of the item on the order, its routing empty,
// and answers it with its routing id.
func soAddPartLine(t *testing.T, te *tenantEnv, orderID, itemID, quantity string) soLine {
	t.Helper()
	l := soLine{OrderID: orderID, LineID: ids.NewSub(), RoutingID: ids.NewSub()}
	soExec(t, `INSERT INTO sales_order_part_lines (tenant_id, sales_order_id, id, routing_id, line_number, item_id, quantity,
		unit_of_measure_name, unit_price)
		SELECT $1, $2, $3, $4, COALESCE(max(line_number), 0) + 1, $5, $6, 'Each', 0
		FROM sales_order_part_lines WHERE tenant_id = $1 AND sales_order_id = $2`,
		te.ID, orderID, l.LineID, l.RoutingID, itemID, quantity)
	return l
}

// soNewPartLine is a part line of quantity of the item on a new draft order.
func soNewPartLine(t *testing.T, te *tenantEnv, itemID, quantity string) soLine {
	t.Helper()
	return soAddPartLine(t, te, soNewOrder(t, te), itemID, quantity)
}

// soSetStatus puts the order in status (the status table's moves are another operation's rule).
func soSetStatus(t *testing.T, te *tenantEnv, orderID, status string) {
	t.Helper()
	soExec(t, `UPDATE sales_orders SET status = $3 WHERE tenant_id = $1 AND id = $2`, te.ID, orderID, status)
}

// soAddOperationItem records an item consumed at the line's routing operation.
func soAddOperationItem(t *testing.T, te *tenantEnv, opID, itemID string) string {
	t.Helper()
	id := ids.NewSub()
	soExec(t, `INSERT INTO routing_operation_items (tenant_id, id, routing_operation_id, item_id, quantity) VALUES ($1, $2, $3, $4, 1)`,
		te.ID, id, opID, itemID)
	return id
}

// soAddInputMaterial records an input material of the line's routing: blanks of stock item
// itemID cut from shape shapeID, two pieces a blank, at the line's routing operation opID.
func soAddInputMaterial(t *testing.T, te *tenantEnv, l soLine, shapeID, itemID, opID string) string {
	t.Helper()
	id := ids.NewSub()
	soExec(t, `INSERT INTO routing_input_materials (tenant_id, id, owner_type, owner_id, material_shape_id, item_id, blank_length,
		pieces_per_blank, routing_operation_id) VALUES ($1, $2, 'salesOrderPartLine', $3, $4, $5, 10, 2, $6)`,
		te.ID, id, l.LineID, shapeID, itemID, opID)
	return id
}

func soGetRouting(t *testing.T, te *tenantEnv, l soLine) client.Routing {
	t.Helper()
	var r client.Routing
	lineDecode(t, te, http.MethodGet, l.routingPath(), "", http.StatusOK, &r)
	return r
}

// soVersions answers the line's and its order's versions.
func soVersions(t *testing.T, te *tenantEnv, l soLine) (line, order int64) {
	t.Helper()
	if err := srv.Pool.QueryRowxContext(context.Background(), `SELECT l.version, o.version FROM sales_order_part_lines l
		JOIN sales_orders o ON o.tenant_id = l.tenant_id AND o.id = l.sales_order_id WHERE l.tenant_id = $1 AND l.id = $2`,
		te.ID, l.LineID).Scan(&line, &order); err != nil {
		t.Fatal(err)
	}
	return line, order
}

// soLineWithRecords is a line whose routing has an operation with a tracking and an item
// consumed at it, and an input item.
func soLineWithRecords(t *testing.T, te *tenantEnv, prefix string) (l soLine, opID, trID, opItemID, inID string) {
	t.Helper()
	itemID, part := createItem(t, te, newItem(prefix+"-MADE")), createItem(t, te, newItem(prefix+"-PART"))
	l = soNewPartLine(t, te, itemID, "2")
	opID = lineCreate(t, te, l.operationsPath(), `{"name":"Mill"}`)
	field := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: prefix, DataType: client.TrackingFieldDataTypeNumber})
	trID = lineCreate(t, te, l.trackingsPath(opID, "setup"), fmt.Sprintf(`{"trackingFieldId":%q}`, field))
	opItemID = soAddOperationItem(t, te, opID, part)
	inID = lineCreate(t, te, l.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1}`, part))
	return l, opID, trID, opItemID, inID
}

// soRoutingRequests are a request to every line routing path (the deletes last).
func soRoutingRequests(l soLine, opID, trID, opItemID, inID string) [][3]string {
	return [][3]string{
		{http.MethodGet, l.routingPath(), ""},
		{http.MethodPost, l.operationsPath(), `{"name":"Saw"}`},
		{http.MethodPost, l.operationsPath() + "/list", `{}`},
		{http.MethodGet, l.operationPath(opID), ""},
		{http.MethodPost, l.operationPath(opID), `{"name":"Saw"}`},
		{http.MethodPost, l.trackingsPath(opID, "setup") + "/list", `{}`},
		{http.MethodGet, l.trackingsPath(opID, "setup") + "/" + trID, ""},
		{http.MethodDelete, l.trackingsPath(opID, "setup") + "/" + trID, ""},
		{http.MethodPost, l.operationItemsPath(opID) + "/list", `{}`},
		{http.MethodGet, l.operationItemsPath(opID) + "/" + opItemID, ""},
		{http.MethodPost, l.inputItemsPath() + "/list", `{}`},
		{http.MethodGet, l.inputItemPath(inID), ""},
		{http.MethodDelete, l.inputItemPath(inID), ""},
		{http.MethodPost, l.inputMaterialsListPath(), `{}`},
		{http.MethodDelete, l.operationPath(opID), ""}, // last: it deletes the records at the operation
	}
}

// soIsWrite reports whether a routing request writes (a create, an update or a delete).
func soIsWrite(r [3]string) bool {
	return r[0] == http.MethodDelete || (r[0] == http.MethodPost && !listPath.MatchString(r[1]))
}

// Every line routing path answers the line's routing records with the item routings' shapes:
// create, list, read, update (by POST, with If-Match) and delete of operations and input
// items; tracking at an operation's phase; the items consumed at an operation; the input
// materials; and the whole routing, owned by the line.
func TestSalesOrderLineRoutingPathsServeTheLinesRouting(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	_, linear := catalogueShapes(t, te)
	itemID, part := createItem(t, te, newItem("SOR-MADE")), createItem(t, te, newItem("SOR-PART"))
	l := soNewPartLine(t, te, itemID, "4")
	opID := lineCreate(t, te, l.operationsPath(), `{"name":"Mill","setupTimeMinutes":10,"runTimeMinutesPerUnit":2}`)
	var op client.RoutingOperation
	res := lineDecode(t, te, http.MethodGet, l.operationPath(opID), "", http.StatusOK, &op)
	if op.Name != "Mill" || op.Sequence != 10 {
		t.Errorf("operation %s, want Mill at sequence 10", mustJSON(t, op))
	}
	// The update is a POST at the operation's path, refused with a stale If-Match.
	post := func(ifMatch string) (rawResponse, []byte) {
		h := http.Header{"If-Match": {ifMatch}, "Content-Type": {"application/json"}}
		return sendRequest(t, http.MethodPost, srv.URL+l.operationPath(opID), mergeHeaders(bearer(te.Token), h), strings.NewReader(`{"name":"Mill two"}`))
	}
	r, b := post(`"0"`)
	mustProblem(t, r, b, http.StatusPreconditionFailed)
	r, b = post(res.Header.Get("ETag"))
	mustStatus(t, r.StatusCode, http.StatusOK, b)

	field := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Bore", DataType: client.TrackingFieldDataTypeNumber})
	trID := lineCreate(t, te, l.trackingsPath(opID, "final"), fmt.Sprintf(`{"trackingFieldId":%q,"isRequired":true}`, field))
	opItemID := soAddOperationItem(t, te, opID, part)
	inID := lineCreate(t, te, l.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":3,"routingOperationId":%q}`, part, opID))
	lineDecode(t, te, http.MethodPost, l.inputItemPath(inID), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":5}`, part), http.StatusOK, nil)
	matID := soAddInputMaterial(t, te, l, linear.Id, part, opID)

	whole := soGetRouting(t, te, l)
	if whole.OwnerType != "salesOrderPartLine" || whole.OwnerId != l.LineID {
		t.Errorf("routing owned by %s %s, want the line", whole.OwnerType, whole.OwnerId)
	}
	if len(whole.Operations) != 1 || whole.Operations[0].Name != "Mill two" || len(whole.InputItems) != 1 || len(whole.InputMaterials) != 1 {
		t.Fatalf("routing %s: want the one operation, input item and input material", mustJSON(t, whole))
	}
	var ops []client.RoutingOperation
	lineDecode(t, te, http.MethodPost, l.operationsPath()+"/list", `{}`, http.StatusOK, &ops)
	var trs []client.RoutingTracking
	lineDecode(t, te, http.MethodPost, l.trackingsPath(opID, "final")+"/list", `{}`, http.StatusOK, &trs)
	var tr client.RoutingTracking
	lineDecode(t, te, http.MethodGet, l.trackingsPath(opID, "final")+"/"+trID, "", http.StatusOK, &tr)
	var opItems []client.RoutingOperationItem
	lineDecode(t, te, http.MethodPost, l.operationItemsPath(opID)+"/list", `{}`, http.StatusOK, &opItems)
	var opItem client.RoutingOperationItem
	lineDecode(t, te, http.MethodGet, l.operationItemsPath(opID)+"/"+opItemID, "", http.StatusOK, &opItem)
	var ins []client.RoutingInputItem
	lineDecode(t, te, http.MethodPost, l.inputItemsPath()+"/list", `{}`, http.StatusOK, &ins)
	var in client.RoutingInputItem
	lineDecode(t, te, http.MethodGet, l.inputItemPath(inID), "", http.StatusOK, &in)
	var mats []client.RoutingInputMaterial
	lineDecode(t, te, http.MethodPost, l.inputMaterialsListPath(), `{}`, http.StatusOK, &mats)
	switch {
	case len(ops) != 1 || ops[0].Id != opID:
		t.Errorf("operations %s", mustJSON(t, ops))
	case len(trs) != 1 || trs[0].Id != trID || tr.TrackingFieldId != field:
		t.Errorf("tracking %s / %s", mustJSON(t, trs), mustJSON(t, tr))
	case len(opItems) != 1 || opItems[0].Id != opItemID || opItem.ItemId != part:
		t.Errorf("operation items %s / %s", mustJSON(t, opItems), mustJSON(t, opItem))
	case len(ins) != 1 || in.Id != inID || in.QuantityPerUnit.String() != "5":
		t.Errorf("input items %s / %s", mustJSON(t, ins), mustJSON(t, in))
	case len(mats) != 1 || mats[0].Id != matID:
		t.Errorf("input materials %s", mustJSON(t, mats))
	}
	// The line's own item cannot be an input of its routing.
	r, b = lineSend(t, te, http.MethodPost, l.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1}`, itemID))
	mustProblemNaming(t, r, b, "itemId")

	lineDecode(t, te, http.MethodDelete, l.trackingsPath(opID, "final")+"/"+trID, "", http.StatusOK, nil)
	lineDecode(t, te, http.MethodDelete, l.trackingsPath(opID, "final")+"/"+trID, "", http.StatusNoContent, nil)
	lineDecode(t, te, http.MethodDelete, l.inputItemPath(inID), "", http.StatusOK, nil)
	lineDecode(t, te, http.MethodDelete, l.inputItemPath(inID), "", http.StatusNoContent, nil)
	lineDecode(t, te, http.MethodDelete, l.operationPath(opID), "", http.StatusOK, nil)
	lineDecode(t, te, http.MethodDelete, l.operationPath(opID), "", http.StatusNoContent, nil)
	if r := soGetRouting(t, te, l); len(r.Operations) != 0 || len(r.InputItems) != 0 {
		t.Errorf("routing after the deletes: %s", mustJSON(t, r))
	}
}

// THE RULE: a routing edit on a sales order line needs the order draft or approved. In every
// other status every kind of edit (operations, tracking, input items: create, update, delete)
// answers 400 and changes nothing, while every read answers.
func TestSalesOrderLineRoutingEditableOnlyWhileDraftOrApproved(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	l, opID, trID, opItemID, inID := soLineWithRecords(t, te, "SOSTATUS")
	part := createItem(t, te, newItem("SOSTATUS-OTHER"))
	field := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "SOSTATUS-2", DataType: client.TrackingFieldDataTypeNumber})
	edits := [][3]string{
		{http.MethodPost, l.operationsPath(), `{"name":"Saw"}`},
		{http.MethodPost, l.operationPath(opID), `{"name":"Mill","setupTimeMinutes":3}`},
		{http.MethodDelete, l.operationPath(ids.NewSub()), ""},
		{http.MethodPost, l.trackingsPath(opID, "final"), fmt.Sprintf(`{"trackingFieldId":%q}`, field)},
		{http.MethodDelete, l.trackingsPath(opID, "final") + "/" + ids.NewSub(), ""},
		{http.MethodPost, l.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1}`, part)},
		{http.MethodPost, l.inputItemPath(inID), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":4}`, part)},
		{http.MethodDelete, l.inputItemPath(ids.NewSub()), ""},
	}
	reads := [][3]string{}
	for _, r := range soRoutingRequests(l, opID, trID, opItemID, inID) {
		if !soIsWrite(r) {
			reads = append(reads, r)
		}
	}
	for _, status := range []string{"needsApproval", "inProgress", "complete", "draft", "approved"} {
		soSetStatus(t, te, l.OrderID, status)
		editable := status == "draft" || status == "approved"
		for _, r := range edits {
			line0, order0 := soVersions(t, te, l)
			res, b := lineSend(t, te, r[0], r[1], r[2])
			switch {
			case editable && res.StatusCode != http.StatusOK && res.StatusCode != http.StatusNoContent:
				t.Errorf("%s: %s %s answered %d: %s", status, r[0], r[1], res.StatusCode, truncate(b))
			case !editable && res.StatusCode != http.StatusBadRequest:
				t.Errorf("%s: %s %s answered %d, want 400: %s", status, r[0], r[1], res.StatusCode, truncate(b))
			case !editable:
				mustProblem(t, res, b, http.StatusBadRequest)
				if line, order := soVersions(t, te, l); line != line0 || order != order0 {
					t.Errorf("%s: the refused %s %s changed the line or the order", status, r[0], r[1])
				}
			}
		}
		// Undo the field tracked in an editable status, so the next one may track it again.
		if editable {
			soExec(t, `DELETE FROM routing_operation_ipts WHERE tenant_id = $1 AND tracking_field_id = $2`, te.ID, field)
		}
		for _, r := range reads {
			if res, b := lineSend(t, te, r[0], r[1], r[2]); res.StatusCode != http.StatusOK {
				t.Errorf("%s: %s %s answered %d, want 200: %s", status, r[0], r[1], res.StatusCode, truncate(b))
			}
		}
	}
}

// A routingId that is not the line's, the line asked through another order, and another
// tenant's line all answer 404 on every path, and change nothing.
func TestSalesOrderLineRoutingIs404ForAnotherRoutingOrderOrTenant(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	l, opID, trID, opItemID, inID := soLineWithRecords(t, te, "SOR404")
	elsewhere := soNewPartLine(t, te, createItem(t, te, newItem("SOR404-OTHER")), "1")
	before := mustJSON(t, soGetRouting(t, te, l))
	for name, c := range map[string]struct {
		te *tenantEnv
		l  soLine
	}{
		"another routing id":        {te, l.withRouting(ids.NewSub())},
		"another line's routing id": {te, l.withRouting(elsewhere.RoutingID)},
		"another order":             {te, soLine{OrderID: elsewhere.OrderID, LineID: l.LineID, RoutingID: l.RoutingID}},
		"unknown order":             {te, soLine{OrderID: ids.New(), LineID: l.LineID, RoutingID: l.RoutingID}},
		"another tenant":            {other, l},
	} {
		for _, r := range soRoutingRequests(c.l, opID, trID, opItemID, inID) {
			res, b := lineSend(t, c.te, r[0], r[1], r[2])
			if res.StatusCode != http.StatusNotFound {
				t.Errorf("%s: %s %s answered %d, want 404: %s", name, r[0], r[1], res.StatusCode, truncate(b))
			}
		}
	}
	// Records of another line's routing are 404 through this line's.
	eOp := lineCreate(t, te, elsewhere.operationsPath(), `{"name":"Elsewhere"}`)
	for _, r := range [][3]string{
		{http.MethodGet, l.operationPath(eOp), ""},
		{http.MethodPost, l.operationPath(eOp), `{"name":"Moved"}`},
	} {
		if res, b := lineSend(t, te, r[0], r[1], r[2]); res.StatusCode != http.StatusNotFound {
			t.Errorf("another line's operation: %s %s answered %d, want 404: %s", r[0], r[1], res.StatusCode, truncate(b))
		}
	}
	if after := mustJSON(t, soGetRouting(t, te, l)); after != before {
		t.Fatalf("the refused requests changed the routing:\n%s\n%s", before, after)
	}
}

// The line routings need View Sales Order to read and Edit Sales Order to write, not the item
// or quote permissions.
func TestSalesOrderLineRoutingNeedsTheSalesOrderPermissions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	l, opID, trID, opItemID, inID := soLineWithRecords(t, te, "SORPERM")
	others := te.userToken(t, "View Item", "Edit Item", "View Quote", "Edit Quote")
	viewOnly := te.userToken(t, "View Sales Order")
	both := te.userToken(t, "View Sales Order", "Edit Sales Order")
	for _, r := range soRoutingRequests(l, opID, trID, opItemID, inID) {
		contentType := ""
		if r[2] != "" {
			contentType = "application/json"
		}
		if res, b := rawRequest(t, r[0], r[1], others, contentType, r[2]); res.StatusCode != http.StatusForbidden {
			t.Errorf("item and quote permissions: %s %s answered %d, want 403: %s", r[0], r[1], res.StatusCode, truncate(b))
		}
		res, b := rawRequest(t, r[0], r[1], viewOnly, contentType, r[2])
		if !soIsWrite(r) {
			mustStatus(t, res.StatusCode, http.StatusOK, b)
			continue
		}
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("View Sales Order: %s %s answered %d, want 403: %s", r[0], r[1], res.StatusCode, truncate(b))
		}
	}
	// Edit Sales Order writes: the deletes last, in the order listed.
	for _, r := range soRoutingRequests(l, opID, trID, opItemID, inID) {
		if !soIsWrite(r) {
			continue
		}
		contentType := ""
		if r[2] != "" {
			contentType = "application/json"
		}
		if res, b := rawRequest(t, r[0], r[1], both, contentType, r[2]); res.StatusCode != http.StatusOK && res.StatusCode != http.StatusNoContent {
			t.Errorf("Edit Sales Order: %s %s answered %d: %s", r[0], r[1], res.StatusCode, truncate(b))
		}
	}
}

// A deleted order's line routings stay readable and refuse every write with 404.
func TestSalesOrderLineRoutingOfADeletedOrderIsReadOnly(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	l, opID, trID, opItemID, inID := soLineWithRecords(t, te, "SORDEL")
	soExec(t, `UPDATE sales_orders SET deleted = true WHERE tenant_id = $1 AND id = $2`, te.ID, l.OrderID)
	for _, r := range soRoutingRequests(l, opID, trID, opItemID, inID) {
		res, b := lineSend(t, te, r[0], r[1], r[2])
		want := http.StatusOK
		if soIsWrite(r) {
			want = http.StatusNotFound
		}
		if res.StatusCode != want {
			t.Errorf("%s %s answered %d, want %d: %s", r[0], r[1], res.StatusCode, want, truncate(b))
		}
	}
	if r := soGetRouting(t, te, l); len(r.Operations) != 1 || len(r.InputItems) != 1 {
		t.Fatalf("the refused writes changed the routing: %s", mustJSON(t, r))
	}
}

// Each routing change advances the line's and the order's versions (the routing's ETag is the
// line's) once, and changes nothing of another line or the item's routing.
func TestSalesOrderLineRoutingChangeAdvancesTheLineAndOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SORVER"))
	itemOp := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Item mill")})
	l := soNewPartLine(t, te, itemID, "1")
	sibling := soAddPartLine(t, te, l.OrderID, itemID, "2")
	etag := lineDecode(t, te, http.MethodGet, l.routingPath(), "", http.StatusOK, nil).Header.Get("ETag")
	line0, order0 := soVersions(t, te, l)
	sibling0, _ := soVersions(t, te, sibling)
	opID := lineCreate(t, te, l.operationsPath(), `{"name":"Line mill"}`)
	if line, order := soVersions(t, te, l); line != line0+1 || order != order0+1 {
		t.Errorf("versions line %d→%d, order %d→%d after a create: want each advanced once", line0, line, order0, order)
	}
	if next := lineDecode(t, te, http.MethodGet, l.routingPath(), "", http.StatusOK, nil).Header.Get("ETag"); next == etag {
		t.Errorf("the routing's ETag %s did not change with the routing", etag)
	}
	lineDecode(t, te, http.MethodDelete, l.operationPath(opID), "", http.StatusOK, nil)
	if line, order := soVersions(t, te, l); line != line0+2 || order != order0+2 {
		t.Errorf("versions line %d→%d, order %d→%d after a delete: want each advanced twice in all", line0, line, order0, order)
	}
	// A delete of what the routing does not have changes nothing.
	lineDecode(t, te, http.MethodDelete, l.operationPath(opID), "", http.StatusNoContent, nil)
	if line, _ := soVersions(t, te, l); line != line0+2 {
		t.Errorf("a 204 delete advanced the line to %d", line)
	}
	if s, _ := soVersions(t, te, sibling); s != sibling0 {
		t.Errorf("the other line moved %d→%d", sibling0, s)
	}
	var op client.RoutingOperation
	lineDecode(t, te, http.MethodGet, itemRoutingPath(itemID)+"/operations/"+itemOp, "", http.StatusOK, &op)
	if op.Name != "Item mill" {
		t.Errorf("the item's operation is %q after the line's edits", op.Name)
	}
}
