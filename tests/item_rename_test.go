package tests

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"mos/gen/client"
)

// A rename updates every reference. Inventory refers to the item by id and reads
// its number, so the stock list and the transactions show the new number at once.
func TestItemRenameShowsInInventoryListAndTransactions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createItem(t, te, newItem("OLD-NUMBER"))
	receiveStock(t, te, client.InventoryReceive{ItemId: id, Quantity: num("4")})
	pickStock(t, te, client.InventoryPick{ItemId: id, Quantity: num("1")})

	itemSaved(t, te, http.MethodPut, "/api/items/"+id, `{"number":" NEW-NUMBER "}`)
	rows := listStock(t, te, nil, client.InventoryFilter{ItemIds: &[]string{id}})
	if len(rows) != 1 || rows[0].ItemNumber != "NEW-NUMBER" {
		t.Fatalf("inventory rows after rename: %+v", rows)
	}
	page := listTransactions(t, te, nil, client.InventoryTransactionFilter{})
	if len(page.Data) != 2 {
		t.Fatalf("%d transactions, want 2", len(page.Data))
	}
	for _, tr := range page.Data {
		if tr.Item.Id != id || tr.Item.Name != "NEW-NUMBER" {
			t.Fatalf("transaction names the item %+v", tr.Item)
		}
	}
	// A patch rename shows the same way.
	itemSaved(t, te, http.MethodPatch, "/api/items/"+id, `[{"op":"replace","path":"/number","value":"PATCHED-NUMBER"}]`)
	if rows := listStock(t, te, nil, client.InventoryFilter{ItemIds: &[]string{id}}); rows[0].ItemNumber != "PATCHED-NUMBER" {
		t.Fatalf("inventory row after patch rename: %+v", rows[0])
	}
}

// Two items renamed onto one free number at the same time: the unique index lets exactly
// one through; the other is a 400 naming number.
func TestItemConcurrentRenamesOntoOneFreeNumber(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for round := range 4 {
		target := fmt.Sprintf("TARGET-%d", round)
		ids := []string{createItem(t, te, newItem(fmt.Sprintf("R%d-A", round))), createItem(t, te, newItem(fmt.Sprintf("R%d-B", round)))}
		statuses := make([]int, len(ids))
		responses, bodies := make([]rawResponse, len(ids)), make([][]byte, len(ids))
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				responses[i], bodies[i] = itemRequest(t, te, http.MethodPut, "/api/items/"+id, `{"number":"`+target+`"}`)
			}()
		}
		close(start)
		wg.Wait()
		ok := 0
		for i, res := range responses {
			statuses[i] = res.StatusCode
			if res.StatusCode == http.StatusOK {
				ok++
				continue
			}
			mustItemField(t, res, bodies[i], "number")
		}
		if ok != 1 {
			t.Fatalf("round %d: statuses %v, want one 200 and one 400", round, statuses)
		}
		if n := len(listItemsV2(t, te, client.ItemFilterV2{Numbers: &[]string{target}})); n != 1 {
			t.Fatalf("round %d: %d items numbered %s", round, n, target)
		}
	}
}
