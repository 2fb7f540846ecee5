package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"mos/gen/client"
)

// Stock reservations of sales orders: while an order is approved or in progress each part
// line holds its quantity (in the item's inventory unit, less what shipped) of the units on
// hand, as far as they are available; the inventory's available quantities leave them out.
// The orders are put in a status directly (soSetOrder): these tests prove the part line
// writes and reads.

// soResLineBody is a part line of quantity units of the item.
func soResLineBody(itemID string, quantity int) string {
	return fmt.Sprintf(`{"itemId":%q,"quantity":%d,"unitPrice":1}`, itemID, quantity)
}

// soResAvailable fails t unless the item has want units available and onHand units on hand.
func soResAvailable(t *testing.T, te *tenantEnv, itemID, want, onHand string) {
	t.Helper()
	if got := availableByItem(t, te)[itemID]; !got.Equal(num(want).Decimal) {
		t.Fatalf("available %s, want %s", got, want)
	}
	if got := byItem(t, te, false)[itemID]; !got.Equal(num(want).Decimal) {
		t.Fatalf("byItem %s, want %s", got, want)
	}
	if all := byItem(t, te, true)[itemID]; !all.Equal(num(onHand).Decimal) {
		t.Fatalf("on hand %s, want %s", all, onHand)
	}
}

// soResReserved answers the line's reservedQuantity, read alone and in the order's list.
func soResReserved(t *testing.T, te *tenantEnv, orderID, lineID string) string {
	t.Helper()
	res, b := rawRequest(t, http.MethodGet, soPartLinePath(orderID, lineID), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var l struct {
		ID               string      `json:"id"`
		ReservedQuantity json.Number `json:"reservedQuantity"`
	}
	if err := json.Unmarshal(b, &l); err != nil {
		t.Fatal(err)
	}
	res, b = rawRequest(t, http.MethodPost, soPartLinesPath(orderID)+"/list", te.Token, "application/json", "{}")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var list []struct {
		ID               string      `json:"id"`
		ReservedQuantity json.Number `json:"reservedQuantity"`
	}
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	for _, r := range list {
		if r.ID == lineID && r.ReservedQuantity != l.ReservedQuantity {
			t.Fatalf("the list says the line holds %s, the line %s", r.ReservedQuantity, l.ReservedQuantity)
		}
	}
	return l.ReservedQuantity.String()
}

func soResDeref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// While the order is approved a line write holds what the line asks: a new line holds its
// units (partially when short: the write never fails for lack of stock), a shrink releases
// the excess, a deleted line releases everything it held. A draft order's lines hold nothing.
// On hand never changes, and the reservation events name the order and the line.
func TestSalesOrderLineWritesHoldStockWhileApproved(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("RESERVED"))
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10")})
	order := soOrderFor(t, te, "")
	draft := soAddLine(t, te, order, soResLineBody(item, 3))
	if got := soResReserved(t, te, order, draft); got != "0" {
		t.Fatalf("a draft order's line holds %s", got)
	}
	soResAvailable(t, te, item, "10", "10")

	soSetOrder(t, te, order, "status", "approved")
	first := soAddLine(t, te, order, soResLineBody(item, 6))
	if got := soResReserved(t, te, order, first); got != "6" {
		t.Fatalf("reservedQuantity %s, want 6", got)
	}
	soResAvailable(t, te, item, "4", "10")
	page := listEvents(t, te, nil, client.InventoryEventFilter{ReservedForIds: &[]string{order}})
	if len(page.Data) != 1 {
		t.Fatalf("%d reservation events, want 1", len(page.Data))
	}
	ev := page.Data[0]
	if ev.Type != client.InventoryEventTypeAdjustment || ev.SecondaryType != client.InventorySecondaryTypeReserve ||
		ev.SourceType == nil || *ev.SourceType != client.InventorySourceTypeSalesOrder || soResDeref(ev.SourceEntityId) != order ||
		soResDeref(ev.SourceRelatedEntityId) != first || ev.ReservedForType == nil || *ev.ReservedForType != client.InventoryReservedForTypeSalesOrder ||
		!ev.Quantity.Equal(num("6").Decimal) || len(ev.ResultEffects) != 1 || !ev.ResultEffects[0].Quantity.IsZero() ||
		!ev.ResultEffects[0].ReservedChange.Equal(num("6").Decimal) {
		t.Fatalf("reservation event %+v", ev)
	}
	// A reservation is released by its order, not reverted by hand.
	res, b := revertEvent(t, te, ev.Id)
	mustProblemNaming(t, res, b, "inventoryEventId")

	res, b = soWrite(t, te, http.MethodPatch, soPartLinePath(order, first), `[{"op":"replace","path":"/quantity","value":2}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	soResAvailable(t, te, item, "8", "10")

	second := soAddLine(t, te, order, soResLineBody(item, 20))
	if got := soResReserved(t, te, order, second); got != "8" {
		t.Fatalf("the new line holds %s, want the 8 left", got)
	}
	if _, ok := availableByItem(t, te)[item]; ok {
		t.Fatal("the item is still listed as available")
	}
	res, b = soWrite(t, te, http.MethodDelete, soPartLinePath(order, first), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	soResAvailable(t, te, item, "2", "10")
	// The freed units stay free until a line write asks for them.
	res, b = soWrite(t, te, http.MethodPatch, soPartLinePath(order, second), `[{"op":"replace","path":"/quantity","value":21}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if got := soResReserved(t, te, order, second); got != "10" {
		t.Fatalf("the grown line holds %s, want all 10", got)
	}
	soResAvailable(t, te, item, "0", "10")
}

// Lines of approved orders created at the same time for the last units: exactly one holds
// them.
func TestSalesOrderLinesNeverShareTheLastUnits(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("LAST"))
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("5")})
	const n = 4
	orders, lines := make([]string, n), make([]string, n)
	for i := range n {
		orders[i] = soOrderFor(t, te, "")
		soSetOrder(t, te, orders[i], "status", "approved")
	}
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			lines[i] = soAddLine(t, te, orders[i], soResLineBody(item, 5))
		}()
	}
	close(start)
	wg.Wait()
	holders := 0
	for i := range n {
		switch got := soResReserved(t, te, orders[i], lines[i]); got {
		case "5":
			holders++
		case "0":
		default:
			t.Fatalf("a line holds %s", got)
		}
	}
	if holders != 1 {
		t.Fatalf("%d lines hold the last units, want exactly 1", holders)
	}
	soResAvailable(t, te, item, "0", "5")
}
