package tests

import (
	"context"
	"net/http"
	"testing"

	"mos/gen/client"
)

// benchStockItem creates an item and a location in the benchmark's tenant.
func benchStockItem(b *testing.B, c *client.ClientWithResponses) (itemID, locationID string) {
	b.Helper()
	ctx := context.Background()
	item, err := c.CreateItemWithResponse(ctx, nil, client.ItemCreate{Number: "BENCH-STOCK", UnitTypeName: "Pieces", UnitOfMeasureName: "Each"})
	if err != nil || item.StatusCode() != http.StatusOK {
		b.Fatalf("create item: %v %s", err, item.Body)
	}
	loc, err := c.CreateLocationWithResponse(ctx, nil, client.LocationCreate{Name: "Bench shelf"})
	if err != nil || loc.StatusCode() != http.StatusOK {
		b.Fatalf("create location: %v %s", err, loc.Body)
	}
	return item.JSON200.Id, loc.JSON200.Id
}

// BenchmarkInventoryReceiveThenPick is two ledger writes per iteration: a valued receipt and
// a pick of the same units, each locking the item, the location and the balance, appending
// the event and its transaction row and answering the event with its effects.
func BenchmarkInventoryReceiveThenPick(b *testing.B) {
	c := benchClient(b)
	itemID, locationID := benchStockItem(b, c)
	ctx := context.Background()
	qty, value := num("5"), num("2.5")
	b.ReportAllocs()
	for b.Loop() {
		rec, err := c.ReceiveInventoryWithResponse(ctx, nil, client.InventoryReceive{ItemId: itemID, LocationId: &locationID,
			Quantity: qty, SecondaryType: client.InventoryReceiveSecondaryTypeReceive, MaterialValue: &value})
		if err != nil || rec.StatusCode() != http.StatusOK {
			b.Fatalf("receive: %v %s", err, rec.Body)
		}
		pick, err := c.PickInventoryWithResponse(ctx, nil, client.InventoryPick{ItemId: itemID, LocationId: &locationID,
			Quantity: qty, SecondaryType: client.InventoryPickSecondaryTypeConsume})
		if err != nil || pick.StatusCode() != http.StatusOK {
			b.Fatalf("pick: %v %s", err, pick.Body)
		}
	}
}

// BenchmarkListInventoryEventsPage50 reads a page of 50 of 1000 events of one item, newest
// first, with their effects.
func BenchmarkListInventoryEventsPage50(b *testing.B) {
	c := benchClient(b)
	itemID, locationID := benchStockItem(b, c)
	ctx := context.Background()
	for range 1000 {
		rec, err := c.ReceiveInventoryWithResponse(ctx, nil, client.InventoryReceive{ItemId: itemID, LocationId: &locationID,
			Quantity: num("1"), SecondaryType: client.InventoryReceiveSecondaryTypeFound})
		if err != nil || rec.StatusCode() != http.StatusOK {
			b.Fatalf("receipt before the benchmark: %v %s", err, rec.Body)
		}
	}
	skip, take := int32(500), int32(50)
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.ListInventoryEventsWithResponse(ctx, &client.ListInventoryEventsParams{Skip: &skip, Take: &take},
			client.InventoryEventFilter{ItemIds: &[]string{itemID}})
		if err != nil || res.StatusCode() != http.StatusOK || len(res.JSON200.Data) != 50 {
			b.Fatalf("list events: %v %d", err, res.StatusCode())
		}
	}
}
