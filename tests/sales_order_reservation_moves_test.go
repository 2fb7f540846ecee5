package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// Stock reservations of sales orders: while an order is approved or in progress each part
// line holds its quantity (in the item's inventory unit, less what shipped) of the units on
// hand, as far as they are available; the inventory's available quantities leave them out.

// soResOrder creates a sales order for a new customer and answers its id.
func soResOrder(t *testing.T, te *tenantEnv) string {
	t.Helper()
	customerID := createCustomer(t, te, client.CustomerWrite{Name: "Reserving customer " + ids.New()})
	res, b := rawRequest(t, http.MethodPost, "/api/sales-orders", te.Token, "application/json", fmt.Sprintf(`{"customerId":%q}`, customerID))
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusCreated {
		t.Fatalf("create sales order answered %d: %s", res.StatusCode, b)
	}
	var created struct{ ID string }
	if err := json.Unmarshal(b, &created); err != nil || len(created.ID) != 24 {
		t.Fatalf("create sales order answered %s", b)
	}
	return created.ID
}

// soResLine adds a part line of quantity units of the item to the order and answers its id.
func soResLine(t *testing.T, te *tenantEnv, orderID, itemID string, quantity int) string {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, "/api/sales-orders/"+orderID+"/part-line-items", te.Token, "application/json",
		fmt.Sprintf(`{"itemId":%q,"quantity":%d,"unitPrice":1}`, itemID, quantity))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created struct{ ID string }
	if err := json.Unmarshal(b, &created); err != nil || len(created.ID) != 36 {
		t.Fatalf("create part line answered %s", b)
	}
	return created.ID
}

// soResMove moves the order to status.
func soResMove(t *testing.T, te *tenantEnv, orderID, status string) {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, "/api/sales-orders/"+orderID+"/status", te.Token, "application/json", fmt.Sprintf(`{"status":%q}`, status))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

// Approval reserves each part line's units; back to draft, completion and deletion release
// them; reopening a completed order reserves again. On hand never changes.
func TestSalesOrderApprovalReservesStockUntilReleased(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("RESERVED"))
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10")})
	order := soResOrder(t, te)
	line := soResLine(t, te, order, item, 4)
	soResAvailable(t, te, item, "10", "10")

	soResMove(t, te, order, "approved")
	soResAvailable(t, te, item, "6", "10")
	if got := soResReserved(t, te, order, line); got != "4" {
		t.Fatalf("reservedQuantity %s, want 4", got)
	}
	// The reservation event names the order and its line.
	page := listEvents(t, te, nil, client.InventoryEventFilter{ReservedForIds: &[]string{order}})
	if len(page.Data) != 1 {
		t.Fatalf("%d reservation events, want 1", len(page.Data))
	}
	ev := page.Data[0]
	if ev.Type != client.InventoryEventTypeAdjustment || ev.SecondaryType != client.InventorySecondaryTypeReserve ||
		ev.SourceType == nil || *ev.SourceType != client.InventorySourceTypeSalesOrder || soResDeref(ev.SourceEntityId) != order ||
		soResDeref(ev.SourceRelatedEntityId) != line || !ev.Quantity.Equal(num("4").Decimal) ||
		len(ev.ResultEffects) != 1 || !ev.ResultEffects[0].Quantity.IsZero() || !ev.ResultEffects[0].ReservedChange.Equal(num("4").Decimal) {
		t.Fatalf("reservation event %+v", ev)
	}

	soResMove(t, te, order, "draft")
	soResAvailable(t, te, item, "10", "10")
	if got := soResReserved(t, te, order, line); got != "0" {
		t.Fatalf("reservedQuantity %s after moving back to draft, want 0", got)
	}
	soResMove(t, te, order, "approved")
	soResMove(t, te, order, "inProgress")
	soResAvailable(t, te, item, "6", "10")
	soResMove(t, te, order, "complete")
	soResAvailable(t, te, item, "10", "10")
	soResMove(t, te, order, "inProgress")
	soResAvailable(t, te, item, "6", "10")

	res, b := rawRequest(t, http.MethodDelete, "/api/sales-orders/"+order, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	soResAvailable(t, te, item, "10", "10")
}

// While approved, a line write holds what the line now asks: a shrink releases the excess, a
// new line holds what is left (partially, the approval never fails for lack of stock), and a
// deleted line releases everything it held.
func TestSalesOrderLineWritesFollowTheReservation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("FOLLOW"))
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10")})
	order := soResOrder(t, te)
	first := soResLine(t, te, order, item, 6)
	soResMove(t, te, order, "approved")
	soResAvailable(t, te, item, "4", "10")

	res, b := rawRequest(t, http.MethodPatch, "/api/sales-orders/"+order+"/part-line-items/"+first, te.Token, "application/json-patch+json",
		`[{"op":"replace","path":"/quantity","value":2}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	soResAvailable(t, te, item, "8", "10")

	second := soResLine(t, te, order, item, 20)
	if got := soResReserved(t, te, order, second); got != "8" {
		t.Fatalf("the new line holds %s, want the 8 left", got)
	}
	if _, ok := availableByItem(t, te)[item]; ok {
		t.Fatal("the item is still listed as available")
	}
	res, b = rawRequest(t, http.MethodDelete, "/api/sales-orders/"+order+"/part-line-items/"+first, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	soResAvailable(t, te, item, "2", "10")
}

// Orders approved at the same time for the last units: exactly one gets them.
func TestSalesOrdersApprovedTogetherNeverShareTheLastUnits(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("LAST"))
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("5")})
	const n = 4
	orders, lines := make([]string, n), make([]string, n)
	for i := range n {
		orders[i] = soResOrder(t, te)
		lines[i] = soResLine(t, te, orders[i], item, 5)
	}
	start := make(chan struct{})
	codes := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			res, _ := rawRequest(t, http.MethodPost, "/api/sales-orders/"+orders[i]+"/status", te.Token, "application/json", `{"status":"approved"}`)
			codes[i] = res.StatusCode
		}()
	}
	close(start)
	wg.Wait()
	holders := 0
	for i := range n {
		if codes[i] != http.StatusOK {
			t.Fatalf("approval %d answered %d", i, codes[i])
		}
		switch got := soResReserved(t, te, orders[i], lines[i]); got {
		case "5":
			holders++
		case "0":
		default:
			t.Fatalf("a line holds %s", got)
		}
	}
	if holders != 1 {
		t.Fatalf("%d orders hold the last units, want exactly 1", holders)
	}
	soResAvailable(t, te, item, "0", "5")
}
