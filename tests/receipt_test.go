package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/platform/dec"
)

const (
	rcPath        = "/api/receiving/receipts"
	rcListPath    = "/api/receiving/receipts/list"
	rcUnknownID   = "ffffffffffffffffffffff0e"
	rcUnknownLine = "00000000-0000-7000-8000-ffffffffffff"
)

func rcReceiptPath(id string) string { return rcPath + "/" + id }
func rcLinesPath(id string) string   { return rcReceiptPath(id) + "/line-items" }
func rcLinePath(id, lineID string) string {
	return rcLinesPath(id) + "/" + lineID
}

// rcOrderedPO creates a purchase order of a new vendor and moves it to ordered.
func rcOrderedPO(t *testing.T, te *tenantEnv) string {
	t.Helper()
	id := poCreate(t, te, map[string]any{"vendorId": createVendor(t, te, "Supplier "+t.Name()+" "+randomSuffix())})
	poRequest(t, te, http.MethodPost, poOrderPath(id)+"/status", `{"status":"ordered"}`)
	return id
}

// rcPOPartLine adds a part line to the purchase order: quantity boxes of perBox units of the
// item's inventory unit, at price per box.
func rcPOPartLine(t *testing.T, te *tenantEnv, orderID, itemID, quantity, perBox, price string) string {
	t.Helper()
	return plAddPart(t, te, orderID, map[string]any{"itemId": itemID, "quantity": json.Number(quantity), "unitOfMeasureName": "Box",
		"inventoryUnitQuantity": json.Number(num(quantity).Mul(num(perBox).Decimal).String()), "unitPrice": json.Number(price)})
}

// rcPOOutsideLine adds an outside-processing line to the purchase order.
func rcPOOutsideLine(t *testing.T, te *tenantEnv, orderID, quantity string) string {
	t.Helper()
	return plAddOP(t, te, orderID, map[string]any{"description": "Anodize", "quantity": json.Number(quantity), "unitOfMeasureName": "Each", "unitPrice": 3})
}

// rcReceived reads a purchase order line's received quantity (its part line, or its
// outside-processing line when outside is set).
func rcReceived(t *testing.T, te *tenantEnv, orderID, lineID string, outside bool) dec.Decimal {
	t.Helper()
	if outside {
		return plGetOP(t, te, orderID, lineID).ReceivedQuantity
	}
	return plGetPart(t, te, orderID, lineID).ReceivedQuantity
}

// rcSend sends body (JSON, or a JSON Patch for PATCH) with te's token.
func rcSend(t *testing.T, te *tenantEnv, method, path, body string) (rawResponse, []byte) {
	t.Helper()
	return soSend(t, te.Token, method, path, body)
}

// rcCreate creates a receipt and answers its id.
func rcCreate(t *testing.T, te *tenantEnv, body map[string]any) string {
	t.Helper()
	res, answer := rcSend(t, te, http.MethodPost, rcPath, soJSON(t, body))
	return createdID(t, res, answer)
}

func rcGet(t *testing.T, te *tenantEnv, id string) client.Receipt {
	t.Helper()
	return soOK[client.Receipt](t, te, http.MethodGet, rcReceiptPath(id), "")
}

func rcLines(t *testing.T, te *tenantEnv, id, filter string) []client.ReceiptLineItem {
	t.Helper()
	return soOK[[]client.ReceiptLineItem](t, te, http.MethodPost, rcLinesPath(id)+"/list", filter)
}

func rcList(t *testing.T, te *tenantEnv, filter string) []string {
	t.Helper()
	var out []string
	for _, r := range soOK[[]client.Receipt](t, te, http.MethodPost, rcListPath, filter) {
		out = append(out, r.Id)
	}
	return out
}

// rcPOFixture is an ordered purchase order with one part line of 10 boxes of 12 at 24 a box.
type rcPOFixture struct {
	order, item, line, location string
}

func rcNewPO(t *testing.T, te *tenantEnv) rcPOFixture {
	t.Helper()
	f := rcPOFixture{order: rcOrderedPO(t, te), item: createItem(t, te, newItem("RC-"+randomSuffix())), location: createLocation(t, te, "Dock "+randomSuffix())}
	f.line = rcPOPartLine(t, te, f.order, f.item, "10", "12", "24")
	return f
}

func (f rcPOFixture) receive(quantity string, more map[string]any) map[string]any {
	line := map[string]any{"purchaseOrderLineItemId": f.line, "quantity": json.Number(quantity), "locationId": f.location}
	for k, v := range more {
		line[k] = v
	}
	return map[string]any{"purchaseOrderId": f.order, "lineItems": []any{line}}
}

func TestReceiptOfAPurchaseOrderPartLinePostsStockAndAdvancesTheReceivedQuantity(t *testing.T) {
	te := newTenant(t)
	f := rcNewPO(t, te)
	id := rcCreate(t, te, f.receive("2", nil))
	r := rcGet(t, te, id)
	if r.Number != 1 || r.PurchaseOrderId == nil || *r.PurchaseOrderId != f.order || r.SalesOrderId != nil || r.AccountingHeld {
		t.Fatalf("receipt %+v", r)
	}
	lines := rcLines(t, te, id, "")
	if len(lines) != 1 {
		t.Fatalf("lines %+v", lines)
	}
	l := lines[0]
	if l.LineItemType != client.ReceiptLineItemTypePart || l.ItemId == nil || *l.ItemId != f.item || l.InventoryEventId == nil {
		t.Fatalf("line %+v", l)
	}
	// 24 a box of 12: 2 an inventory unit; 2 boxes are 24 units.
	mustDec(t, "unitPrice", l.UnitPrice, "24")
	mustDec(t, "unitCost", l.UnitCost, "2")
	mustDec(t, "landedCost", l.LandedCost, "48")
	mustDec(t, "received", rcReceived(t, te, f.order, f.line, false), "2")
	mustDec(t, "on hand", onHandAt(t, te, f.item, nil, &f.location), "24")
	page := listEvents(t, te, nil, client.InventoryEventFilter{SourceTypes: &[]client.InventorySourceType{client.InventorySourceTypePurchaseOrder}})
	if len(page.Data) != 1 || page.Data[0].Id != *l.InventoryEventId {
		t.Fatalf("purchase order events %+v", page.Data)
	}
	ev := page.Data[0]
	if ev.SourceEntityId == nil || *ev.SourceEntityId != f.order || ev.SourceRelatedEntityId == nil || *ev.SourceRelatedEntityId != l.Id {
		t.Fatalf("event source %+v", ev)
	}
	mustDec(t, "event quantity", ev.Quantity, "24")
	mustValue(t, "material", ev.MaterialValue, "48", "2")
	// The transactions show the purchase order as their source, and related to it.
	po := client.InventorySourceTypePurchaseOrder
	tx := listTransactions(t, te, nil, client.InventoryTransactionFilter{SourceType: &po, RelatedEntityId: &f.order})
	if len(tx.Data) != 1 || tx.Data[0].Source == nil || tx.Data[0].Source.Type != po {
		t.Fatalf("purchase order transactions %+v", tx.Data)
	}
	mustDec(t, "transaction quantity", tx.Data[0].QtyChange, "24")
	// The receipt's day defaults to the shop's day of creation.
	if day := poDay(r.ReceivedDate); day != time.Now().UTC().Format(time.DateOnly)+"T00:00:00Z" {
		t.Fatalf("receivedDate %s, want today", day)
	}
	got := soOK[client.ReceiptLineItem](t, te, http.MethodGet, rcLinePath(id, l.Id), "")
	if got.Id != l.Id {
		t.Fatalf("get line %+v", got)
	}
}

func TestReceiptRefusesMoreThanRemainsOnThePurchaseOrderLine(t *testing.T) {
	te := newTenant(t)
	f := rcNewPO(t, te)
	res, body := rcSend(t, te, http.MethodPost, rcPath, soJSON(t, f.receive("10.5", nil)))
	mustProblemNaming(t, res, body, "lineItems.0.quantity")
	rcCreate(t, te, f.receive("7", nil))
	res, body = rcSend(t, te, http.MethodPost, rcPath, soJSON(t, f.receive("4", nil)))
	mustProblemNaming(t, res, body, "lineItems.0.quantity")
	last := rcCreate(t, te, f.receive("3", nil))
	// Refused creates take no number.
	if n := rcGet(t, te, last).Number; n != 2 {
		t.Fatalf("number %d, want 2", n)
	}
	mustDec(t, "received", rcReceived(t, te, f.order, f.line, false), "10")
	mustDec(t, "on hand", onHandAt(t, te, f.item, nil, &f.location), "120")
}

func TestReceiptRefusesDraftCancelledAndDeletedPurchaseOrders(t *testing.T) {
	te := newTenant(t)
	item := createItem(t, te, newItem("RC-"+randomSuffix()))
	draft := poFor(t, te)
	line := rcPOPartLine(t, te, draft, item, "5", "1", "1")
	body := map[string]any{"purchaseOrderId": draft, "lineItems": []any{map[string]any{"purchaseOrderLineItemId": line, "quantity": 1}}}
	res, answer := rcSend(t, te, http.MethodPost, rcPath, soJSON(t, body))
	mustProblemNaming(t, res, answer, "purchaseOrderId")
	poRequest(t, te, http.MethodPost, poOrderPath(draft)+"/status", `{"status":"cancelled"}`)
	res, answer = rcSend(t, te, http.MethodPost, rcPath, soJSON(t, body))
	mustProblemNaming(t, res, answer, "purchaseOrderId")
	poRequest(t, te, http.MethodPost, poOrderPath(draft)+"/status", `{"status":"draft"}`)
	poRequest(t, te, http.MethodPost, poOrderPath(draft)+"/status", `{"status":"ordered"}`)
	kept := rcCreate(t, te, body)
	mustDec(t, "received", rcReceived(t, te, draft, line, false), "1")
	res, answer = rawRequest(t, http.MethodDelete, poOrderPath(draft), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	res, answer = rcSend(t, te, http.MethodPost, rcPath, soJSON(t, body))
	soMustProblem(t, res, answer, http.StatusNotFound, "purchaseOrderId")
	// The receipt's lines still take notes; what would change the order is refused.
	keptLine := rcLines(t, te, kept, "")[0].Id
	soOK[client.ReceiptLineItem](t, te, http.MethodPatch, rcLinePath(kept, keptLine), `[{"op":"add","path":"/notes","value":"checked"}]`)
	res, answer = rcSend(t, te, http.MethodPatch, rcLinePath(kept, keptLine), `[{"op":"replace","path":"/quantity","value":2}]`)
	soMustProblem(t, res, answer, http.StatusNotFound, "purchaseOrderId")
}

func TestReceiptNeedsExactlyOneOrderAndLinesOfIt(t *testing.T) {
	te := newTenant(t)
	f := rcNewPO(t, te)
	other := rcNewPO(t, te)
	for _, body := range []map[string]any{
		{"lineItems": []any{map[string]any{"purchaseOrderLineItemId": f.line, "quantity": 1}}},
		{"purchaseOrderId": f.order, "salesOrderId": rcUnknownID, "lineItems": []any{map[string]any{"purchaseOrderLineItemId": f.line, "quantity": 1}}},
	} {
		res, answer := rcSend(t, te, http.MethodPost, rcPath, soJSON(t, body))
		p := mustProblem(t, res, answer, http.StatusBadRequest)
		mustNameField(t, p, "purchaseOrderId")
		mustNameField(t, p, "salesOrderId")
	}
	mis := f.receive("1", map[string]any{"purchaseOrderLineItemId": other.line})
	res, answer := rcSend(t, te, http.MethodPost, rcPath, soJSON(t, mis))
	mustProblemNaming(t, res, answer, "lineItems.0.purchaseOrderLineItemId")
	unknown := f.receive("1", map[string]any{"purchaseOrderLineItemId": rcUnknownLine})
	res, answer = rcSend(t, te, http.MethodPost, rcPath, soJSON(t, unknown))
	soMustProblem(t, res, answer, http.StatusNotFound, "lineItems.0.purchaseOrderLineItemId")
	soLine := f.receive("1", map[string]any{"salesOrderLineItemId": rcUnknownLine})
	delete(soLine["lineItems"].([]any)[0].(map[string]any), "purchaseOrderLineItemId")
	res, answer = rcSend(t, te, http.MethodPost, rcPath, soJSON(t, soLine))
	mustProblemNaming(t, res, answer, "lineItems.0.salesOrderLineItemId")
	for _, bad := range []map[string]any{
		f.receive("0", nil), f.receive("1", map[string]any{"unitCost": -1}),
		f.receive("1", map[string]any{"locationId": rcUnknownID}),
	} {
		res, answer = rcSend(t, te, http.MethodPost, rcPath, soJSON(t, bad))
		if res.StatusCode != http.StatusBadRequest && res.StatusCode != http.StatusNotFound {
			t.Fatalf("bad line %v answered %d: %s", bad, res.StatusCode, answer)
		}
	}
	res, answer = rcSend(t, te, http.MethodPost, rcPath, soJSON(t, f.receive("1", map[string]any{"locationId": rcUnknownID})))
	soMustProblem(t, res, answer, http.StatusNotFound, "lineItems.0.locationId")
	mustDec(t, "received", rcReceived(t, te, f.order, f.line, false), "0")
}

func TestReceiptLineReductionAndDeleteRevertStockAndReceivedQuantity(t *testing.T) {
	te := newTenant(t)
	f := rcNewPO(t, te)
	id := rcCreate(t, te, f.receive("5", nil))
	l := rcLines(t, te, id, "")[0]
	first := *l.InventoryEventId
	updated := soOK[client.ReceiptLineItem](t, te, http.MethodPut, rcLinePath(id, l.Id), soJSON(t, map[string]any{"quantity": 3, "locationId": f.location}))
	mustDec(t, "received", rcReceived(t, te, f.order, f.line, false), "3")
	mustDec(t, "on hand", onHandAt(t, te, f.item, nil, &f.location), "36")
	if updated.InventoryEventId == nil || *updated.InventoryEventId == first {
		t.Fatalf("a changed quantity is received again: %+v", updated)
	}
	reverts := listEvents(t, te, nil, client.InventoryEventFilter{Types: &[]client.InventoryEventType{client.InventoryEventTypeRevert}})
	if len(reverts.Data) != 1 || reverts.Data[0].RevertInventoryEventId == nil || *reverts.Data[0].RevertInventoryEventId != first {
		t.Fatalf("reverts %+v", reverts.Data)
	}
	res, answer := rcSend(t, te, http.MethodPatch, rcLinePath(id, l.Id), `[{"op":"replace","path":"/quantity","value":11}]`)
	mustProblemNaming(t, res, answer, "quantity")
	patched := soOK[client.ReceiptLineItem](t, te, http.MethodPatch, rcLinePath(id, l.Id), `[{"op":"replace","path":"/quantity","value":7}]`)
	mustDec(t, "patched", patched.Quantity, "7")
	mustDec(t, "received", rcReceived(t, te, f.order, f.line, false), "7")
	res, answer = rcSend(t, te, http.MethodPatch, rcLinePath(id, l.Id), `[{"op":"replace","path":"/itemId","value":"x"}]`)
	mustStatus(t, res.StatusCode, http.StatusBadRequest, answer)
	res, answer = rcSend(t, te, http.MethodDelete, rcLinePath(id, l.Id), "")
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	mustDec(t, "received", rcReceived(t, te, f.order, f.line, false), "0")
	mustDec(t, "on hand", onHandAt(t, te, f.item, nil, &f.location), "0")
	res, answer = rcSend(t, te, http.MethodDelete, rcLinePath(id, l.Id), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, answer)
	res, answer = rcSend(t, te, http.MethodGet, rcLinePath(id, l.Id), "")
	mustStatus(t, res.StatusCode, http.StatusNotFound, answer)
}

func TestReceiptReductionStockNoLongerCoversIsRefused(t *testing.T) {
	te := newTenant(t)
	f := rcNewPO(t, te)
	id := rcCreate(t, te, f.receive("1", nil))
	l := rcLines(t, te, id, "")[0]
	pickStock(t, te, client.InventoryPick{ItemId: f.item, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("5"), LocationId: &f.location})
	res, answer := rcSend(t, te, http.MethodDelete, rcLinePath(id, l.Id), "")
	mustProblemNaming(t, res, answer, "quantity")
	mustDec(t, "received", rcReceived(t, te, f.order, f.line, false), "1")
}

func TestReceiptConcurrentReceiptsOfTheLastUnits(t *testing.T) {
	te := newTenant(t)
	f := rcNewPO(t, te)
	rcCreate(t, te, f.receive("6", nil))
	body := soJSON(t, f.receive("4", nil))
	statuses := atOnce(t, 6, func(int) (int, error) {
		res, _ := rcSend(t, te, http.MethodPost, rcPath, body)
		return res.StatusCode, nil
	})
	if statuses[http.StatusOK] != 1 || statuses[http.StatusBadRequest] != 5 {
		t.Fatalf("statuses %v, want one 200 and five 400", statuses)
	}
	mustDec(t, "received", rcReceived(t, te, f.order, f.line, false), "10")
	mustDec(t, "on hand", onHandAt(t, te, f.item, nil, &f.location), "120")
}

// rcAvailable is the item's quantity available (on hand, not reserved).
func rcAvailable(t *testing.T, te *tenantEnv, itemID string) string {
	t.Helper()
	return availableByItem(t, te)[itemID].String()
}

func TestReceiptInspectionHoldDefersAccountingAndLeavesTheList(t *testing.T) {
	te := newTenant(t)
	f := rcNewPO(t, te)
	held := rcCreate(t, te, f.receive("1", map[string]any{"holdForInspection": true}))
	plain := rcCreate(t, te, f.receive("1", nil))
	r := rcGet(t, te, held)
	if !r.AccountingHeld || r.AccountingHeldUtc == nil {
		t.Fatalf("held receipt %+v", r)
	}
	// Both boxes (12 each) are on hand; the held one is reserved for inspection.
	if got := rcAvailable(t, te, f.item); got != "12" {
		t.Fatalf("available %s, want 12 (the held box is reserved for inspection)", got)
	}
	page := listEvents(t, te, nil, client.InventoryEventFilter{ItemIds: &[]string{f.item},
		ReservedForTypes: &[]client.InventoryReservedForType{client.InventoryReservedForTypeReceivingInspection}, ReservedForIds: &[]string{held}})
	if len(page.Data) != 1 {
		t.Fatalf("%d reservation events for the held receipt, want 1", len(page.Data))
	}
	if got := rcList(t, te, ""); !slices.Equal(got, []string{plain}) {
		t.Fatalf("list %v, want only %s", got, plain)
	}
	// Releasing the receipt clears every line's hold.
	released := soOK[client.Receipt](t, te, http.MethodPatch, rcReceiptPath(held), `[{"op":"replace","path":"/accountingHeld","value":false}]`)
	if released.AccountingHeld || released.AccountingHeldUtc != nil {
		t.Fatalf("released %+v", released)
	}
	if rcLines(t, te, held, "")[0].HoldForInspection {
		t.Fatal("the line is still held")
	}
	if got := rcAvailable(t, te, f.item); got != "24" {
		t.Fatalf("available %s after the release, want 24", got)
	}
	if got := rcList(t, te, ""); len(got) != 2 {
		t.Fatalf("list %v", got)
	}
	// Holding a line holds the receipt again; releasing the line releases it.
	line := rcLines(t, te, held, "")[0].Id
	soOK[client.ReceiptLineItem](t, te, http.MethodPatch, rcLinePath(held, line), `[{"op":"replace","path":"/holdForInspection","value":true}]`)
	if !rcGet(t, te, held).AccountingHeld || slices.Contains(rcList(t, te, ""), held) {
		t.Fatal("a held line holds its receipt")
	}
	if got := rcAvailable(t, te, f.item); got != "12" {
		t.Fatalf("available %s with the line held again, want 12", got)
	}
	// A held line received again (2 boxes) holds what it now put into stock.
	soOK[client.ReceiptLineItem](t, te, http.MethodPatch, rcLinePath(held, line), `[{"op":"replace","path":"/quantity","value":2}]`)
	if got := rcAvailable(t, te, f.item); got != "12" {
		t.Fatalf("available %s with 2 held boxes and 1 plain, want 12", got)
	}
	soOK[client.ReceiptLineItem](t, te, http.MethodPatch, rcLinePath(held, line), `[{"op":"replace","path":"/quantity","value":1}]`)
	soOK[client.ReceiptLineItem](t, te, http.MethodPatch, rcLinePath(held, line), `[{"op":"replace","path":"/holdForInspection","value":false}]`)
	if rcGet(t, te, held).AccountingHeld || !slices.Contains(rcList(t, te, ""), held) {
		t.Fatal("releasing the last held line releases the receipt")
	}
	if got := rcAvailable(t, te, f.item); got != "24" {
		t.Fatalf("available %s with the line released, want 24", got)
	}
	// A full update keeps the hold unless it says accountingHeld false.
	soOK[client.ReceiptLineItem](t, te, http.MethodPatch, rcLinePath(held, line), `[{"op":"replace","path":"/holdForInspection","value":true}]`)
	if !soOK[client.Receipt](t, te, http.MethodPut, rcReceiptPath(held), `{"notes":"checked"}`).AccountingHeld {
		t.Fatal("a full update without accountingHeld released the hold")
	}
	if soOK[client.Receipt](t, te, http.MethodPut, rcReceiptPath(held), `{"notes":"checked","accountingHeld":false}`).AccountingHeld {
		t.Fatal("accountingHeld false did not release the hold")
	}
	if got := rcAvailable(t, te, f.item); got != "24" {
		t.Fatalf("available %s after the full update released the hold, want 24", got)
	}
	// A held line deleted gives back its reservation with its units.
	soOK[client.ReceiptLineItem](t, te, http.MethodPatch, rcLinePath(held, line), `[{"op":"replace","path":"/holdForInspection","value":true}]`)
	res, b := rawRequest(t, http.MethodDelete, rcLinePath(held, line), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if got := rcAvailable(t, te, f.item); got != "12" {
		t.Fatalf("available %s after the held line was deleted, want the plain box's 12", got)
	}
}

// rcSalesOrderLine creates a sales order with one part line of a new item.
func rcSalesOrderLine(t *testing.T, te *tenantEnv) (orderID, lineID string) {
	t.Helper()
	orderID = solOrder(t, te, "USD")
	return orderID, solPartLine(t, te, orderID, 1, "4", "50", nil)
}

func TestSalesOrderReceiptPostsCustomerSuppliedMaterial(t *testing.T) {
	te := newTenant(t)
	order, line := rcSalesOrderLine(t, te)
	id := rcCreate(t, te, map[string]any{"salesOrderId": order, "receivedDate": "2026-11-20",
		"lineItems": []any{map[string]any{"salesOrderLineItemId": line, "quantity": 3}}})
	r := rcGet(t, te, id)
	if r.SalesOrderId == nil || *r.SalesOrderId != order || r.PurchaseOrderId != nil || poDay(r.ReceivedDate) != "2026-11-20T00:00:00Z" {
		t.Fatalf("receipt %+v", r)
	}
	l := rcLines(t, te, id, "")[0]
	mustDec(t, "unitCost", l.UnitCost, "0")
	page := listEvents(t, te, nil, client.InventoryEventFilter{SourceTypes: &[]client.InventorySourceType{client.InventorySourceTypeSalesOrder}})
	if len(page.Data) != 1 || page.Data[0].SourceEntityId == nil || *page.Data[0].SourceEntityId != order {
		t.Fatalf("sales order events %+v", page.Data)
	}
	mustDec(t, "on hand", onHandAt(t, te, *l.ItemId, nil, nil), "3")
	_, otherLine := rcSalesOrderLine(t, te)
	res, answer := rcSend(t, te, http.MethodPost, rcPath, soJSON(t, map[string]any{"salesOrderId": order,
		"lineItems": []any{map[string]any{"salesOrderLineItemId": otherLine, "quantity": 1}}}))
	mustProblemNaming(t, res, answer, "lineItems.0.salesOrderLineItemId")
	res, answer = rcSend(t, te, http.MethodPost, rcPath, soJSON(t, map[string]any{"salesOrderId": rcUnknownID,
		"lineItems": []any{map[string]any{"salesOrderLineItemId": line, "quantity": 1}}}))
	soMustProblem(t, res, answer, http.StatusNotFound, "salesOrderId")
}

func TestReceiptListFiltersBySourceAndReceivedDay(t *testing.T) {
	te := newTenant(t)
	f := rcNewPO(t, te)
	early := rcCreate(t, te, map[string]any{"purchaseOrderId": f.order, "receivedDate": "2026-11-02",
		"lineItems": []any{map[string]any{"purchaseOrderLineItemId": f.line, "quantity": 1}}})
	late := rcCreate(t, te, map[string]any{"purchaseOrderId": f.order, "receivedDate": "2026-11-09",
		"lineItems": []any{map[string]any{"purchaseOrderLineItemId": f.line, "quantity": 1}}})
	order, line := rcSalesOrderLine(t, te)
	sales := rcCreate(t, te, map[string]any{"salesOrderId": order, "receivedDate": "2026-11-05",
		"lineItems": []any{map[string]any{"salesOrderLineItemId": line, "quantity": 1}}})
	for _, c := range []struct {
		filter string
		want   []string
	}{
		{fmt.Sprintf(`{"purchaseOrderIds":[%q]}`, f.order), []string{late, early}},
		{fmt.Sprintf(`{"salesOrderIds":[%q]}`, order), []string{sales}},
		// An id of the other kind of order never matches.
		{fmt.Sprintf(`{"purchaseOrderIds":[%q]}`, order), nil},
		{fmt.Sprintf(`{"salesOrderIds":[%q]}`, f.order), nil},
		{`{"receivedDateFrom":"2026-11-05","receivedDateTo":"2026-11-05"}`, []string{sales}},
		{`{"receivedDateFrom":"2026-11-03"}`, []string{sales, late}},
		{`{"receivedDateTo":"2026-11-05"}`, []string{sales, early}},
	} {
		if got := rcList(t, te, c.filter); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.filter, got, c.want)
		}
	}
	res, answer := rcSend(t, te, http.MethodPost, rcListPath, `{"receivedDateFrom":"1999-01-01"}`)
	mustProblemNaming(t, res, answer, "receivedDateFrom")
}

func TestReceiptLineKindsAndLineListFilters(t *testing.T) {
	te := newTenant(t)
	f := rcNewPO(t, te)
	outside := rcPOOutsideLine(t, te, f.order, "5")
	id := rcCreate(t, te, map[string]any{"purchaseOrderId": f.order, "lineItems": []any{
		map[string]any{"purchaseOrderLineItemId": f.line, "quantity": 1, "unitCost": 2.5, "unitTax": 0.5},
		map[string]any{"purchaseOrderLineItemId": outside, "quantity": 2},
	}})
	res, answer := rcSend(t, te, http.MethodPost, rcLinesPath(id), `{"lineItemType":"fee","name":"Freight","unitCost":40}`)
	fee := createdID(t, res, answer)
	mustDec(t, "outside received", rcReceived(t, te, f.order, outside, true), "2")
	lines := rcLines(t, te, id, "")
	if len(lines) != 3 || lines[0].LineItemType != client.ReceiptLineItemTypePart ||
		lines[1].LineItemType != client.ReceiptLineItemTypeOutsideProcessing || lines[2].Id != fee {
		t.Fatalf("lines %+v", lines)
	}
	if lines[1].InventoryEventId != nil || lines[2].InventoryEventId != nil {
		t.Fatal("outside processing and fees move no stock")
	}
	mustDec(t, "part landed", lines[0].LandedCost, "36") // (2.5 + 0.5) × 12
	mustDec(t, "fee landed", lines[2].LandedCost, "40")
	for _, c := range []struct {
		filter string
		want   string
	}{
		{`{"lineItemTypes":["fee"]}`, fee},
		{fmt.Sprintf(`{"itemIds":[%q]}`, f.item), lines[0].Id},
		{`{"unitCost":2.5}`, lines[0].Id},
		{`{"unitTax":0.5}`, lines[0].Id},
		{`{"landedCost":40}`, fee},
		{`{"unitPrice":3}`, lines[1].Id},
	} {
		got := rcLines(t, te, id, c.filter)
		if len(got) != 1 || got[0].Id != c.want {
			t.Errorf("%s: %+v, want %s", c.filter, got, c.want)
		}
	}
	res, answer = rcSend(t, te, http.MethodPost, rcLinesPath(id), `{"lineItemType":"fee","unitCost":1}`)
	mustProblemNaming(t, res, answer, "name")
	res, answer = rcSend(t, te, http.MethodPost, rcLinesPath(id), fmt.Sprintf(`{"purchaseOrderLineItemId":%q,"quantity":4}`, outside))
	mustProblemNaming(t, res, answer, "quantity")
}

func TestReceiptIsolationAndPermissions(t *testing.T) {
	te := newTenant(t)
	other := newTenant(t)
	f := rcNewPO(t, te)
	id := rcCreate(t, te, f.receive("1", nil))
	line := rcLines(t, te, id, "")[0].Id
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, rcReceiptPath(id), ""},
		{http.MethodPut, rcReceiptPath(id), `{}`},
		{http.MethodPost, rcLinesPath(id) + "/list", ""},
		{http.MethodGet, rcLinePath(id, line), ""},
		{http.MethodPut, rcLinePath(id, line), `{"quantity":1}`},
		{http.MethodPost, rcPath, soJSON(t, f.receive("1", nil))},
	} {
		res, answer := rcSend(t, other, c.method, c.path, c.body)
		mustStatus(t, res.StatusCode, http.StatusNotFound, answer)
	}
	if got := rcList(t, other, ""); len(got) != 0 {
		t.Fatalf("another tenant lists %v", got)
	}
	// A line of another receipt of the same tenant is not found under this one.
	second := rcCreate(t, te, f.receive("1", nil))
	res, answer := rcSend(t, te, http.MethodGet, rcLinePath(second, line), "")
	mustStatus(t, res.StatusCode, http.StatusNotFound, answer)

	viewer := te.userToken(t, "View Purchase Order")
	res, answer = soSend(t, viewer, http.MethodGet, rcReceiptPath(id), "")
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	res, answer = soSend(t, viewer, http.MethodPost, rcPath, soJSON(t, f.receive("1", nil)))
	mustStatus(t, res.StatusCode, http.StatusForbidden, answer)
	nobody := te.userToken(t)
	res, answer = soSend(t, nobody, http.MethodPost, rcListPath, "")
	mustStatus(t, res.StatusCode, http.StatusForbidden, answer)
}

// rcWalkReceipt is the malformed walk's receipt: one line receiving the sales order's part
// line at location.
func rcWalkReceipt(t *testing.T, te *tenantEnv, salesOrder, line, location string) (receiptID, lineID string) {
	t.Helper()
	receiptID = rcCreate(t, te, map[string]any{"salesOrderId": salesOrder,
		"lineItems": []any{map[string]any{"salesOrderLineItemId": line, "quantity": 1, "locationId": location}}})
	return receiptID, rcLines(t, te, receiptID, "")[0].Id
}

// rcSalesOrderReceipt is a receipt of one unit of a new sales order's part line.
func rcSalesOrderReceipt(t *testing.T, te *tenantEnv) (receiptID, lineID string) {
	t.Helper()
	order, line := rcSalesOrderLine(t, te)
	receiptID = rcCreate(t, te, map[string]any{"salesOrderId": order,
		"lineItems": []any{map[string]any{"salesOrderLineItemId": line, "quantity": 1}}})
	return receiptID, rcLines(t, te, receiptID, "")[0].Id
}

// rcArrangeReceipts: receipts of a sales order's part line, each with its lines (all
// receiving the same order line), with custom fields and external references.
func rcArrangeReceipts(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		createCustomField(t, te, textField("dock", client.CustomFieldModuleReceiveOrder))
		order, line := rcSalesOrderLine(t, te)
		return arrangeEach(size, func(i, subs int) string {
			lines := make([]any, max(subs, 1))
			for k := range lines {
				lines[k] = map[string]any{"salesOrderLineItemId": line, "quantity": 1}
			}
			return arrangeCreate(t, te, rcPath, soJSON(t, map[string]any{"salesOrderId": order, "lineItems": lines,
				"customFields": map[string]any{"dock": fmt.Sprintf("D-%d", i)}, "externalReferences": map[string]any{"erp": map[string]any{"externalId": fmt.Sprintf("R-%d", i)}}}))
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	sl, ll := rcLines(t, small, s[0], "")[0].Id, rcLines(t, large, l[0], "")[0].Id
	return []readCase{
		listRead("listReceipts", rcListPath, rcListPath, `{}`),
		getRead("getReceipt", rcReceiptPath(s[0]), rcReceiptPath(l[0])),
		{op: "listReceiptLines", list: true,
			small: readCall{http.MethodPost, rcLinesPath(s[0]) + "/list?Take=1", `{}`},
			large: readCall{http.MethodPost, rcLinesPath(l[0]) + "/list?Take=50", `{}`}},
		getRead("getReceiptLine", rcLinePath(s[0], sl), rcLinePath(l[0], ll)),
	}
}

func TestReceiptAttachmentOwnersAndLineCertifications(t *testing.T) {
	te := newTenant(t)
	f := rcNewPO(t, te)
	id := rcCreate(t, te, f.receive("1", map[string]any{"lotNumber": "HEAT-7"}))
	line := rcLines(t, te, id, "")[0]
	if line.LotId == nil {
		t.Fatalf("line %+v received into no lot", line)
	}
	file := func() *filePart { return &filePart{name: "packing.txt", content: uniqueBytes(t, t.Name(), 64)} }
	owned := func(ownerType, ownerID string) []part {
		return []part{{"Detail.Owner.Type", ownerType}, {"Detail.Owner.Id", ownerID}, {"Detail.IsNoteAttachment", "false"}}
	}
	res := upload(t, te.API, file(), owned("purchaseOrderReceiving", id)...)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	// A purchase-order receipt is not a sales-order receipt.
	res = upload(t, te.API, file(), owned("salesOrderReceiving", id)...)
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)

	certParts := func(ownerType, ownerID, lot string) []part {
		return []part{{"Detail.Owner.Type", ownerType}, {"Detail.Owner.Id", ownerID}, {"Detail.LotId", lot}}
	}
	cert := certify(t, te, pdfDocument(t, false), certParts("purchaseOrderReceivingLineItem", line.Id, *line.LotId)...)
	mustStatus(t, cert.StatusCode(), http.StatusOK, cert.Body)
	if a := getAttachment(t, te, cert.JSON200.Id); a.LotId == nil || *a.LotId != *line.LotId || a.Owner.Id != line.Id {
		t.Fatalf("certification %+v", a)
	}
	otherLot := createLot(t, te, client.InventoryLotCreate{ItemId: createItem(t, te, newItem("RC-OTHER-"+randomSuffix()))})
	cert = certify(t, te, uniqueBytes(t, "other lot", 64), certParts("purchaseOrderReceivingLineItem", line.Id, otherLot)...)
	mustStatus(t, cert.StatusCode(), http.StatusBadRequest, cert.Body)
	cert = certify(t, te, uniqueBytes(t, "sales line", 64), certParts("salesOrderReceivingLineItem", line.Id, *line.LotId)...)
	mustStatus(t, cert.StatusCode(), http.StatusNotFound, cert.Body)

	salesReceipt, salesLine := rcSalesOrderReceipt(t, te)
	res = upload(t, te.API, file(), owned("salesOrderReceiving", salesReceipt)...)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	cert = certify(t, te, uniqueBytes(t, "sales cert", 64), []part{{"Detail.Owner.Type", "salesOrderReceivingLineItem"}, {"Detail.Owner.Id", salesLine}}...)
	mustStatus(t, cert.StatusCode(), http.StatusOK, cert.Body)
}

func TestReceiptAddedLinesFollowTheLineRules(t *testing.T) {
	te := newTenant(t)
	order := rcOrderedPO(t, te)
	tracked := lotTrackedItem(t, te, "RC-LOT-"+randomSuffix())
	line := rcPOPartLine(t, te, order, tracked, "4", "1", "5")
	id := rcCreate(t, te, map[string]any{"purchaseOrderId": order, "lineItems": []any{map[string]any{"purchaseOrderLineItemId": line, "quantity": 1}}})
	if l := rcLines(t, te, id, "")[0]; l.LotId == nil {
		t.Fatalf("a lot-tracked item is received into a new lot: %+v", l)
	}
	res, answer := rcSend(t, te, http.MethodPost, rcLinesPath(id), fmt.Sprintf(`{"purchaseOrderLineItemId":%q,"quantity":1,"lineItemType":"outsideProcessing"}`, line))
	mustProblemNaming(t, res, answer, "lineItemType")
	res, answer = rcSend(t, te, http.MethodPost, rcLinesPath(id), fmt.Sprintf(`{"purchaseOrderLineItemId":%q,"quantity":1,"name":"x"}`, line))
	mustProblemNaming(t, res, answer, "name")
	// An added held line holds the receipt.
	res, answer = rcSend(t, te, http.MethodPost, rcLinesPath(id), fmt.Sprintf(`{"purchaseOrderLineItemId":%q,"quantity":2,"holdForInspection":true}`, line))
	added := createdID(t, res, answer)
	if !rcGet(t, te, id).AccountingHeld {
		t.Fatal("a held added line holds its receipt")
	}
	res, answer = rcSend(t, te, http.MethodDelete, rcLinePath(id, added), "")
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	if rcGet(t, te, id).AccountingHeld {
		t.Fatal("deleting the last held line releases the receipt")
	}
	mustDec(t, "received", rcReceived(t, te, order, line, false), "1")
	res, answer = rcSend(t, te, http.MethodPost, rcLinesPath(rcUnknownID), `{"lineItemType":"fee","name":"Freight","unitCost":1}`)
	mustStatus(t, res.StatusCode, http.StatusNotFound, answer)
}
