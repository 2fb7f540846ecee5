package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// quoteLine names a quote part line and its routing, as the line routing paths carry them.
type quoteLine struct{ QuoteID, LineID, RoutingID string }

func (l quoteLine) linePath() string {
	return "/api/quotes/" + l.QuoteID + "/part-line-items/" + l.LineID
}
func (l quoteLine) routingPath() string { return l.linePath() + "/routing/" + l.RoutingID }
func (l quoteLine) operationsPath() string {
	return l.routingPath() + "/operations"
}
func (l quoteLine) operationPath(id string) string { return l.operationsPath() + "/" + id }
func (l quoteLine) trackingsPath(opID, phase string) string {
	return l.operationPath(opID) + "/ipts/" + phase
}
func (l quoteLine) operationItemsPath(opID string) string { return l.operationPath(opID) + "/items" }

// inputItemsPath is the input items' path, whose quote parameter the reference spells QuoteId
// (the same place in the path).
func (l quoteLine) inputItemsPath() string          { return l.routingPath() + "/input-items" }
func (l quoteLine) inputItemPath(id string) string  { return l.inputItemsPath() + "/" + id }
func (l quoteLine) inputMaterialsListPath() string  { return l.routingPath() + "/input-materials/list" }
func (l quoteLine) costBreakdownPath() string       { return l.linePath() + "/cost-breakdown" }
func (l quoteLine) makeSummaryPath() string         { return l.linePath() + "/make-summary" }
func (l quoteLine) withRouting(id string) quoteLine { l.RoutingID = id; return l }

// newQuotePartLine creates a quote of a new customer with one part line of quantity of the
// item (its routing a copy of the item's), and answers the line.
func newQuotePartLine(t *testing.T, te *tenantEnv, itemID, quantity string) quoteLine {
	t.Helper()
	return addQuotePartLine(t, te, quoteFor(t, te, ""), itemID, quantity)
}

// addQuotePartLine adds a part line of quantity of the item to the quote (its routing a copy
// of the item's) and answers it with its routing id.
func addQuotePartLine(t *testing.T, te *tenantEnv, quoteID, itemID, quantity string) quoteLine {
	t.Helper()
	lineID := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":%s}`, itemID, quantity))
	return quoteLine{QuoteID: quoteID, LineID: lineID, RoutingID: getLine(t, te, quoteID, lineID).RoutingID}
}

// addLineOperationItem records an item consumed at the line's routing operation.
func addLineOperationItem(t *testing.T, te *tenantEnv, l quoteLine, opID, itemID string) string {
	t.Helper()
	id := ids.NewSub()
	if _, err := srv.Pool.ExecContext(context.Background(), `INSERT INTO routing_operation_items (tenant_id, id, routing_operation_id, item_id, quantity)
		VALUES ($1, $2, $3, $4, 1)`, te.ID, id, opID, itemID); err != nil {
		t.Fatal(err)
	}
	return id
}

// addLineInputMaterial records an input material of the line's routing: blanks of stock item
// itemID cut from shape shapeID, two pieces a blank, at the line's routing operation opID.
func addLineInputMaterial(t *testing.T, te *tenantEnv, l quoteLine, shapeID, itemID, opID string) string {
	t.Helper()
	id := ids.NewSub()
	if _, err := srv.Pool.ExecContext(context.Background(), `INSERT INTO routing_input_materials (tenant_id, id, owner_type, owner_id,
		material_shape_id, item_id, blank_length, pieces_per_blank, routing_operation_id)
		VALUES ($1, $2, 'quotePartLine', $3, $4, $5, 10, 2, $6)`, te.ID, id, l.LineID, shapeID, itemID, opID); err != nil {
		t.Fatal(err)
	}
	return id
}

// lineSend sends a JSON request as te's integration token (body "" sends none).
func lineSend(t *testing.T, te *tenantEnv, method, path, body string) (rawResponse, []byte) {
	t.Helper()
	contentType := ""
	if body != "" {
		contentType = "application/json"
	}
	return rawRequest(t, method, path, te.Token, contentType, body)
}

// lineDecode sends a request that must answer want and decodes its body into out (nil: none).
func lineDecode(t *testing.T, te *tenantEnv, method, path, body string, want int, out any) rawResponse {
	t.Helper()
	res, b := lineSend(t, te, method, path, body)
	mustStatus(t, res.StatusCode, want, b)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v: %s", method, path, err, truncate(b))
		}
	}
	return res
}

func lineCreate(t *testing.T, te *tenantEnv, path, body string) string {
	t.Helper()
	var created struct{ Id string }
	lineDecode(t, te, http.MethodPost, path, body, http.StatusOK, &created)
	return created.Id
}

func getLineRouting(t *testing.T, te *tenantEnv, l quoteLine) client.Routing {
	t.Helper()
	var r client.Routing
	lineDecode(t, te, http.MethodGet, l.routingPath(), "", http.StatusOK, &r)
	return r
}

// Every line routing path answers the line's routing records with the item routings' shapes:
// create, list, read, update (by POST, with If-Match) and delete of operations and input
// items; tracking at an operation's phase; the items consumed at an operation; the input
// materials; and the whole routing, owned by the line.
func TestQuoteLineRoutingPathsServeTheLinesRouting(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, part := createItem(t, te, newItem("QR-MADE")), createItem(t, te, newItem("QR-PART"))
	l := newQuotePartLine(t, te, itemID, "5")

	opID := lineCreate(t, te, l.operationsPath(), `{"name":"Mill","setupTimeMinutes":15,"runTimeMinutesPerUnit":2.5}`)
	var ops []client.RoutingOperation
	lineDecode(t, te, http.MethodPost, l.operationsPath()+"/list", `{}`, http.StatusOK, &ops)
	if len(ops) != 1 || ops[0].Id != opID || ops[0].Name != "Mill" || ops[0].Sequence != 10 {
		t.Fatalf("operations %s", mustJSON(t, ops))
	}
	var op client.RoutingOperation
	res := lineDecode(t, te, http.MethodGet, l.operationPath(opID), "", http.StatusOK, &op)
	mustRate(t, "runTimeMinutesPerUnit", op.RunTimeMinutesPerUnit, "2.5")
	etag := res.Header.Get("ETag")
	// The update is a POST at the operation's path, refused with a stale If-Match.
	stale := http.Header{"If-Match": {`"0"`}, "Content-Type": {"application/json"}}
	sres, sb := sendVia(t, specChecker{t: t}, http.MethodPost, srv.URL+l.operationPath(opID), mergeHeaders(bearer(te.Token), stale), strings.NewReader(`{"name":"Stale"}`))
	mustProblem(t, sres, sb, http.StatusPreconditionFailed)
	fresh := http.Header{"If-Match": {etag}, "Content-Type": {"application/json"}}
	ures, ub := sendVia(t, specChecker{t: t}, http.MethodPost, srv.URL+l.operationPath(opID), mergeHeaders(bearer(te.Token), fresh), strings.NewReader(`{"name":"Mill 2","setupTimeMinutes":20}`))
	mustStatus(t, ures.StatusCode, http.StatusOK, ub)
	if err := json.Unmarshal(ub, &op); err != nil || op.Name != "Mill 2" || op.Sequence != 10 || ures.Header.Get("ETag") == etag || ures.Header.Get("ETag") == "" {
		t.Fatalf("updated %s with ETag %q (was %q)", truncate(ub), ures.Header.Get("ETag"), etag)
	}

	field := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Bore", DataType: client.TrackingFieldDataTypeNumber})
	trID := lineCreate(t, te, l.trackingsPath(opID, "setup"), fmt.Sprintf(`{"trackingFieldId":%q}`, field))
	var trs []client.RoutingTracking
	lineDecode(t, te, http.MethodPost, l.trackingsPath(opID, "setup")+"/list", `{}`, http.StatusOK, &trs)
	if len(trs) != 1 || trs[0].Id != trID || trs[0].TrackingFieldName != "Bore" {
		t.Fatalf("trackings %s", mustJSON(t, trs))
	}
	lineDecode(t, te, http.MethodGet, l.trackingsPath(opID, "setup")+"/"+trID, "", http.StatusOK, nil)
	lineDecode(t, te, http.MethodGet, l.trackingsPath(opID, "final")+"/"+trID, "", http.StatusNotFound, nil)

	opItem := addLineOperationItem(t, te, l, opID, part)
	var opItems []client.RoutingOperationItem
	lineDecode(t, te, http.MethodPost, l.operationItemsPath(opID)+"/list", `{}`, http.StatusOK, &opItems)
	if len(opItems) != 1 || opItems[0].Id != opItem || opItems[0].ItemNumber != "QR-PART" {
		t.Fatalf("operation items %s", mustJSON(t, opItems))
	}
	var gotItem client.RoutingOperationItem
	lineDecode(t, te, http.MethodGet, l.operationItemsPath(opID)+"/"+opItem, "", http.StatusOK, &gotItem)

	inID := lineCreate(t, te, l.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":2,"routingOperationId":%q}`, part, opID))
	var ins []client.RoutingInputItem
	lineDecode(t, te, http.MethodPost, l.inputItemsPath()+"/list", `{}`, http.StatusOK, &ins)
	if len(ins) != 1 || ins[0].Id != inID || ins[0].ItemNumber != "QR-PART" {
		t.Fatalf("input items %s", mustJSON(t, ins))
	}
	var in client.RoutingInputItem
	lineDecode(t, te, http.MethodPost, l.inputItemPath(inID), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":3}`, part), http.StatusOK, &in)
	mustRate(t, "quantityPerUnit", in.QuantityPerUnit, "3")
	lineDecode(t, te, http.MethodGet, l.inputItemPath(inID), "", http.StatusOK, &in)
	if in.RoutingOperationId != nil {
		t.Fatalf("the update replaced every member; routingOperationId %v", *in.RoutingOperationId)
	}
	var materials []client.RoutingInputMaterial
	lineDecode(t, te, http.MethodPost, l.inputMaterialsListPath(), `{}`, http.StatusOK, &materials)
	if len(materials) != 0 {
		t.Fatalf("materials %s", mustJSON(t, materials))
	}

	r := getLineRouting(t, te, l)
	if r.OwnerType != "quotePartLine" || r.OwnerId != l.LineID || len(r.Operations) != 1 || len(r.Trackings) != 1 ||
		len(r.OperationItems) != 1 || len(r.InputItems) != 1 || len(r.InputMaterials) != 0 {
		t.Fatalf("routing %s", mustJSON(t, r))
	}

	// The line's own item is no input of its routing.
	res, b := lineSend(t, te, http.MethodPost, l.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1}`, itemID))
	mustProblemNaming(t, res, b, "itemId")

	for _, path := range []string{l.trackingsPath(opID, "setup") + "/" + trID, l.inputItemPath(inID), l.operationPath(opID)} {
		lineDecode(t, te, http.MethodDelete, path, "", http.StatusOK, nil)
		lineDecode(t, te, http.MethodDelete, path, "", http.StatusNoContent, nil)
	}
	if r := getLineRouting(t, te, l); len(r.Operations)+len(r.InputItems)+len(r.Trackings) != 0 {
		t.Fatalf("routing after the deletes %s", mustJSON(t, r))
	}
}

// lineRoutingRequests are a read and a write of every kind of line routing record, on l's
// paths, with records that exist on l's routing.
func lineRoutingRequests(l quoteLine, opID, trID, opItemID, inID string) [][3]string {
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

// lineWithRecords is a line whose routing has an operation with a tracking and an item
// consumed at it, and an input item.
func lineWithRecords(t *testing.T, te *tenantEnv, prefix string) (l quoteLine, opID, trID, opItemID, inID string) {
	t.Helper()
	itemID, part := createItem(t, te, newItem(prefix+"-MADE")), createItem(t, te, newItem(prefix+"-PART"))
	l = newQuotePartLine(t, te, itemID, "2")
	opID = lineCreate(t, te, l.operationsPath(), `{"name":"Mill"}`)
	field := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: prefix, DataType: client.TrackingFieldDataTypeNumber})
	trID = lineCreate(t, te, l.trackingsPath(opID, "setup"), fmt.Sprintf(`{"trackingFieldId":%q}`, field))
	opItemID = addLineOperationItem(t, te, l, opID, part)
	inID = lineCreate(t, te, l.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1}`, part))
	return l, opID, trID, opItemID, inID
}

// A routingId that is not the line's, the line asked through another quote, and another
// tenant's line all answer 404 on every path, and change nothing.
func TestQuoteLineRoutingIs404ForAnotherRoutingQuoteOrTenant(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	l, opID, trID, opItemID, inID := lineWithRecords(t, te, "QR404")
	elsewhere := newQuotePartLine(t, te, createItem(t, te, newItem("QR404-OTHER")), "1")
	before := mustJSON(t, getLineRouting(t, te, l))
	for name, c := range map[string]struct {
		te *tenantEnv
		l  quoteLine
	}{
		"another routing id":        {te, l.withRouting(ids.NewSub())},
		"another line's routing id": {te, l.withRouting(elsewhere.RoutingID)},
		"another quote":             {te, quoteLine{QuoteID: elsewhere.QuoteID, LineID: l.LineID, RoutingID: l.RoutingID}},
		"another tenant":            {other, l},
	} {
		for _, r := range lineRoutingRequests(c.l, opID, trID, opItemID, inID) {
			res, b := lineSend(t, c.te, r[0], r[1], r[2])
			if res.StatusCode != http.StatusNotFound {
				t.Errorf("%s: %s %s answered %d, want 404: %s", name, r[0], r[1], res.StatusCode, truncate(b))
			}
		}
		for _, path := range []string{c.l.costBreakdownPath(), c.l.makeSummaryPath()} {
			if c.l.QuoteID == l.QuoteID && c.te == te {
				continue // the line's own: no routing id in these paths
			}
			if res, b := lineSend(t, c.te, http.MethodGet, path, ""); res.StatusCode != http.StatusNotFound {
				t.Errorf("%s: GET %s answered %d, want 404: %s", name, path, res.StatusCode, truncate(b))
			}
		}
	}
	if after := mustJSON(t, getLineRouting(t, te, l)); after != before {
		t.Fatalf("the refused requests changed the routing:\n%s\n%s", before, after)
	}
}

// The line routings need View Quote to read and Edit Quote to write, not the item
// permissions.
func TestQuoteLineRoutingNeedsTheQuotePermissions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	l, opID, trID, opItemID, inID := lineWithRecords(t, te, "QRPERM")
	itemOnly := te.userToken(t, "View Item", "Edit Item")
	viewOnly := te.userToken(t, "View Quote")
	both := te.userToken(t, "View Quote", "Edit Quote")
	reqs := append(lineRoutingRequests(l, opID, trID, opItemID, inID),
		[3]string{http.MethodGet, l.costBreakdownPath(), ""}, [3]string{http.MethodGet, l.makeSummaryPath(), ""})
	for _, r := range reqs {
		write := r[0] == http.MethodDelete || (r[0] == http.MethodPost && !listPath.MatchString(r[1]))
		contentType := ""
		if r[2] != "" {
			contentType = "application/json"
		}
		res, b := rawRequest(t, r[0], r[1], itemOnly, contentType, r[2])
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("View and Edit Item: %s %s answered %d, want 403: %s", r[0], r[1], res.StatusCode, truncate(b))
		}
		if !write {
			res, b = rawRequest(t, r[0], r[1], viewOnly, contentType, r[2])
			mustStatus(t, res.StatusCode, http.StatusOK, b)
			continue
		}
		if res, b = rawRequest(t, r[0], r[1], viewOnly, contentType, r[2]); res.StatusCode != http.StatusForbidden {
			t.Errorf("View Quote: %s %s answered %d, want 403: %s", r[0], r[1], res.StatusCode, truncate(b))
		}
	}
	// Edit Quote writes: the deletes last, in the order listed.
	for _, r := range lineRoutingRequests(l, opID, trID, opItemID, inID) {
		if r[0] == http.MethodGet || listPath.MatchString(r[1]) {
			continue
		}
		res, b := rawRequest(t, r[0], r[1], both, "application/json", r[2])
		if r[2] == "" {
			res, b = rawRequest(t, r[0], r[1], both, "", "")
		}
		if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusNoContent {
			t.Errorf("Edit Quote: %s %s answered %d: %s", r[0], r[1], res.StatusCode, truncate(b))
		}
	}
}

// A deleted quote's line routings stay readable and refuse every write with 404.
func TestQuoteLineRoutingOfADeletedQuoteIsReadOnly(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	l, opID, trID, opItemID, inID := lineWithRecords(t, te, "QRDEL")
	markQuoteDeleted(t, te, l.QuoteID)
	for _, r := range lineRoutingRequests(l, opID, trID, opItemID, inID) {
		res, b := lineSend(t, te, r[0], r[1], r[2])
		want := http.StatusOK
		if r[0] == http.MethodDelete || (r[0] == http.MethodPost && !listPath.MatchString(r[1])) {
			want = http.StatusNotFound
		}
		if res.StatusCode != want {
			t.Errorf("%s %s answered %d, want %d: %s", r[0], r[1], res.StatusCode, want, truncate(b))
		}
	}
	for _, path := range []string{l.costBreakdownPath(), l.makeSummaryPath()} {
		lineDecode(t, te, http.MethodGet, path, "", http.StatusOK, nil)
	}
	if r := getLineRouting(t, te, l); len(r.Operations) != 1 || len(r.InputItems) != 1 {
		t.Fatalf("the refused writes changed the routing: %s", mustJSON(t, r))
	}
}

// A line's routing is a copy of its item's, taken when the line is created: editing the
// line's changes only the line's (the item's routing stays as it was), and an edit of the
// item's routing leaves the line's alone.
func TestQuoteLineRoutingIsIndependentOfTheItemsRouting(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, part := createItem(t, te, newItem("QR-IND")), createItem(t, te, newItem("QR-IND-PART"))
	itemOp := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Item mill"), SetupTimeMinutes: ptr(num("5"))})
	itemInput := createRoutingInputItem(t, te, itemID, inputOf(part, "2"))
	l := newQuotePartLine(t, te, itemID, "1")
	r := getLineRouting(t, te, l)
	if len(r.Operations) != 1 || r.Operations[0].Id == itemOp || r.Operations[0].Name != "Item mill" ||
		len(r.InputItems) != 1 || r.InputItems[0].Id == itemInput || r.InputItems[0].ItemId != part {
		t.Fatalf("the line's routing is not a copy of the item's: %s", mustJSON(t, r))
	}
	lineOp, lineInput := r.Operations[0].Id, r.InputItems[0].Id
	lineDecode(t, te, http.MethodPost, l.operationPath(lineOp), `{"name":"Line mill"}`, http.StatusOK, nil)
	lineDecode(t, te, http.MethodDelete, l.inputItemPath(lineInput), "", http.StatusOK, nil)
	lineCreate(t, te, l.operationsPath(), `{"name":"Line deburr"}`)
	item := getItemRouting(t, te, itemID)
	if len(item.Operations) != 1 || item.Operations[0].Id != itemOp || item.Operations[0].Name != "Item mill" ||
		len(item.InputItems) != 1 || item.InputItems[0].Id != itemInput {
		t.Fatalf("the item's routing after the line's edits: %s", mustJSON(t, item))
	}
	arrangeRequest(t, te, http.MethodPut, itemRoutingOperationPath(itemID, itemOp), `{"name":"Item mill 2"}`)
	createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Item paint")})
	r = getLineRouting(t, te, l)
	if len(r.Operations) != 2 || r.Operations[0].Id != lineOp || r.Operations[0].Name != "Line mill" ||
		r.Operations[1].Name != "Line deburr" || len(r.InputItems) != 0 {
		t.Fatalf("the line's routing after the item's edits: %s", mustJSON(t, r))
	}
}

// A routing change advances the line's and the quote's modifiedUtc and leaves the line's
// price as it was, even under margin pricing.
func TestQuoteLineRoutingChangeAdvancesTheLineAndQuoteWithoutRepricing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := itemWithRouting(t, te, "QR-MARGIN")
	quoteID := quoteFor(t, te, "")
	lineID := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":5,"pricingScheme":"margin","margin":20}`, itemID))
	before := getLine(t, te, quoteID, lineID)
	l := quoteLine{QuoteID: quoteID, LineID: lineID, RoutingID: before.RoutingID}
	var quoteBefore, quoteAfter struct {
		ModifiedUtc string `json:"modifiedUtc"`
	}
	lineDecode(t, te, http.MethodGet, "/api/quotes/"+quoteID, "", http.StatusOK, &quoteBefore)
	var lineBefore, lineAfter struct {
		ModifiedUtc string `json:"modifiedUtc"`
	}
	lineDecode(t, te, http.MethodGet, partLinePath(quoteID, lineID), "", http.StatusOK, &lineBefore)
	lineCreate(t, te, l.operationsPath(), `{"name":"Paint","runTimeMinutesPerUnit":10,"laborRate":60}`)
	after := getLine(t, te, quoteID, lineID)
	lineDecode(t, te, http.MethodGet, "/api/quotes/"+quoteID, "", http.StatusOK, &quoteAfter)
	lineDecode(t, te, http.MethodGet, partLinePath(quoteID, lineID), "", http.StatusOK, &lineAfter)
	if quoteAfter.ModifiedUtc == quoteBefore.ModifiedUtc || lineAfter.ModifiedUtc == lineBefore.ModifiedUtc {
		t.Errorf("modifiedUtc quote %s → %s, line %s → %s: want both advanced", quoteBefore.ModifiedUtc, quoteAfter.ModifiedUtc,
			lineBefore.ModifiedUtc, lineAfter.ModifiedUtc)
	}
	mustNum(t, "unitPrice", after.UnitPrice, string(before.UnitPrice))
	// The cost breakdown reads the routing as it now stands: 20 a unit.
	var cost client.QuoteLineCostBreakdown
	lineDecode(t, te, http.MethodGet, l.costBreakdownPath(), "", http.StatusOK, &cost)
	mustRate(t, "cumulativeCost.total.perUnit", cost.CumulativeCost.Total.PerUnit, "20")
}

// The cost breakdown estimates the line's quantity from the line's own routing, with the item
// estimate's formulas, and stores nothing.
func TestQuoteLineCostBreakdownCostsTheLinesOwnRouting(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	wc := createWorkCenter(t, te, client.WorkCenterWrite{Name: "Lathe", LaborRate: ptr(num("30")), MachineRate: ptr(num("20")), OverheadRate: ptr(num("10"))})
	itemID := createItem(t, te, newItem("QR-COST"))
	l := newQuotePartLine(t, te, itemID, "10")
	// The item's routing changed after the line copied it: it costs nothing here.
	createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Item only"), WorkCenterId: &wc, SetupTimeMinutes: ptr(num("600"))})
	lineCreate(t, te, l.operationsPath(), fmt.Sprintf(`{"name":"Turn","workCenterId":%q,"setupTimeMinutes":30,"runTimeMinutesPerUnit":6}`, wc))
	lineCreate(t, te, l.operationsPath(), `{"name":"Plate","isOutsideProcessing":true,"outsideCost":1.25}`)
	var got client.QuoteLineCostBreakdown
	lineDecode(t, te, http.MethodGet, l.costBreakdownPath(), "", http.StatusOK, &got)
	// S = 0.5 h, R = 6 × 10 / 60 = 1 h: labor 1.5 × 30 = 45, machine 1 × 20 = 20, overhead
	// (labor burdened, the default) 10 × 1.5 = 15, outside 1.25 × 10 = 12.5; total 92.5,
	// 9.25 per unit.
	if got.QuoteId != l.QuoteID || got.LineItemId != l.LineID || got.ItemId != itemID || got.CalculatedOn.IsZero() {
		t.Fatalf("breakdown %s", mustJSON(t, got))
	}
	mustRate(t, "quantity", got.Quantity, "10")
	for name, k := range map[string]client.CostObjects{"itemCost": got.ItemCost, "cumulativeCost": got.CumulativeCost} {
		mustRate(t, name+".labor", k.Labor.Total, "45")
		mustRate(t, name+".machine", k.Machine.Total, "20")
		mustRate(t, name+".overhead", k.Overhead.Total, "15")
		mustRate(t, name+".outsideProcessing", k.OutsideProcessing.Total, "12.5")
		mustRate(t, name+".total", k.Total.Total, "92.5")
		mustRate(t, name+".total.perUnit", k.Total.PerUnit, "9.25")
	}
	mustRate(t, "time.setup", got.Time.Setup, "0.5")
	mustRate(t, "time.labor", got.Time.Labor, "1.5")
	mustRate(t, "time.machine", got.Time.Machine, "1")
	var stored int
	if err := srv.Pool.GetContext(context.Background(), &stored, `SELECT count(*) FROM item_cost_breakdowns WHERE tenant_id = $1`, te.ID); err != nil || stored != 0 {
		t.Fatalf("%d cost breakdowns stored (%v), want none", stored, err)
	}
}

// The make summary explodes the line's quantity through its routing and the routings of the
// items it consumes: a line of 4 takes B ×2 (made: 8) and P ×1 (bought); B takes P ×3 (24
// more: 28 in all). Operations count setup once and run per unit made.
func TestQuoteLineMakeSummaryExplodesTheLinesRouting(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, b, p := createItem(t, te, newItem("QR-SUM")), createItem(t, te, newItem("QR-SUM-B")), createItem(t, te, newItem("QR-SUM-P"))
	createRoutingOperation(t, te, b, client.RoutingOperationWrite{Name: ptr("Weld"), SetupTimeMinutes: ptr(num("10")), RunTimeMinutesPerUnit: ptr(num("1.5"))})
	createRoutingInputItem(t, te, b, inputOf(p, "3"))
	l := newQuotePartLine(t, te, itemID, "4")
	lineCreate(t, te, l.operationsPath(), `{"name":"Assemble","setupTimeMinutes":30,"runTimeMinutesPerUnit":2}`)
	lineCreate(t, te, l.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":2}`, b))
	lineCreate(t, te, l.inputItemsPath(), fmt.Sprintf(`{"itemId":%q,"quantityPerUnit":1}`, p))
	var got client.QuoteLineMakeSummary
	lineDecode(t, te, http.MethodGet, l.makeSummaryPath(), "", http.StatusOK, &got)
	if got.ItemId != itemID || len(got.MadeItems) != 1 || got.MadeItems[0].ItemId != b || len(got.BoughtItems) != 1 ||
		got.BoughtItems[0].ItemNumber != "QR-SUM-P" || len(got.Operations) != 2 || len(got.Materials) != 0 {
		t.Fatalf("summary %s", mustJSON(t, got))
	}
	mustRate(t, "quantity", got.Quantity, "4")
	mustRate(t, "madeItems.0.quantity", got.MadeItems[0].Quantity, "8")
	mustRate(t, "boughtItems.0.quantity", got.BoughtItems[0].Quantity, "28")
	// The line's operation first: setup 30, run 2 × 4 = 8; then B's: setup 10, run 1.5 × 8 = 12.
	if got.Operations[0].Name != "Assemble" || got.Operations[0].MadeItemId != itemID || got.Operations[1].MadeItemId != b {
		t.Fatalf("operations %s", mustJSON(t, got.Operations))
	}
	mustRate(t, "operations.0.runMinutes", got.Operations[0].RunMinutes, "8")
	mustRate(t, "operations.1.runMinutes", got.Operations[1].RunMinutes, "12")
	mustRate(t, "operations.1.quantity", got.Operations[1].Quantity, "8")
	mustRate(t, "totalSetupMinutes", got.TotalSetupMinutes, "40")
	mustRate(t, "totalRunMinutes", got.TotalRunMinutes, "20")
}
