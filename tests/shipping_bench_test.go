package tests

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/dec"
)

// shBenchOrder creates an approved sales order with lines part lines of 1,000,000 units
// each, of items with as many units on hand, and answers the order and its lines.
func shBenchOrder(b *testing.B, c *client.ClientWithResponses, lines int) (string, []string) {
	b.Helper()
	ctx := context.Background()
	customer, err := c.CreateCustomerWithResponse(ctx, nil, client.CustomerWrite{Name: "Bench shipping customer"})
	if err != nil || customer.StatusCode() != http.StatusOK {
		b.Fatalf("create customer: %v %s", err, customer.Body)
	}
	order, err := c.CreateSalesOrderWithResponse(ctx, nil, client.SalesOrderCreate{CustomerId: customer.JSON200.Id})
	if err != nil || order.StatusCode() != http.StatusOK {
		b.Fatalf("create sales order: %v %s", err, order.Body)
	}
	many := dec.MustParse("1000000")
	ids := make([]string, lines)
	for i := range lines {
		item, err := c.CreateItemWithResponse(ctx, nil, newItem(fmt.Sprintf("BENCH-SHIP-%d", i)))
		if err != nil || item.StatusCode() != http.StatusOK {
			b.Fatalf("create item: %v %s", err, item.Body)
		}
		rec, err := c.ReceiveInventoryWithResponse(ctx, nil, client.InventoryReceive{ItemId: item.JSON200.Id, Quantity: many,
			SecondaryType: client.InventoryReceiveSecondaryTypeReceive})
		if err != nil || rec.StatusCode() != http.StatusOK {
			b.Fatalf("receive: %v %s", err, rec.Body)
		}
		line, err := c.CreateSalesOrderPartLineWithResponse(ctx, order.JSON200.Id, nil, client.SalesOrderPartLineItemWrite{
			ItemId: item.JSON200.Id, Quantity: many, UnitPrice: ptr(dec.MustParse("1"))})
		if err != nil || line.StatusCode() != http.StatusOK {
			b.Fatalf("create part line: %v %s", err, line.Body)
		}
		ids[i] = line.JSON200.Id
	}
	res, err := c.UpdateSalesOrderStatusWithResponse(ctx, order.JSON200.Id, nil, client.SalesOrderStatusUpdate{Status: client.SalesOrderStatusApproved})
	if err != nil || res.StatusCode() != http.StatusOK {
		b.Fatalf("approve: %v %s", err, res.Body)
	}
	return order.JSON200.Id, ids
}

// shBenchShipment creates an open shipment of one unit of each line.
func shBenchShipment(b *testing.B, c *client.ClientWithResponses, order string, lines []string) string {
	b.Helper()
	items := make([]client.ShipmentLineItemCreate, len(lines))
	for i, l := range lines {
		items[i] = client.ShipmentLineItemCreate{SalesOrderLineItemId: l, Quantity: dec.MustParse("1")}
	}
	res, err := c.CreateShipmentWithResponse(context.Background(), nil, client.ShipmentCreate{SalesOrderId: order, LineItems: items})
	if err != nil || res.StatusCode() != http.StatusOK {
		b.Fatalf("create shipment: %v %s", err, res.Body)
	}
	return res.JSON200.Id
}

// BenchmarkShipShipment20Lines moves a shipment of 20 lines to shipped and back to open: per
// line the order line's shipped quantity and reservation move and a ship pick is posted, then
// reverted (one iteration is both moves).
func BenchmarkShipShipment20Lines(b *testing.B) {
	c := benchClient(b)
	order, lines := shBenchOrder(b, c, 20)
	id := shBenchShipment(b, c, order, lines)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		for _, status := range []client.ShipmentStatus{client.ShipmentStatusShipped, client.ShipmentStatusOpen} {
			res, err := c.UpdateShipmentStatusWithResponse(ctx, id, nil, client.ShipmentStatusUpdate{Status: status})
			if err != nil || res.StatusCode() != http.StatusOK {
				b.Fatalf("%s: %v %s", status, err, res.Body)
			}
		}
	}
}

// BenchmarkListShipmentsPage50 lists a page of 50 out of 200 shipments, newest first.
func BenchmarkListShipmentsPage50(b *testing.B) {
	c := benchClient(b)
	order, lines := shBenchOrder(b, c, 1)
	for range 200 {
		shBenchShipment(b, c, order, lines)
	}
	take, skip := int32(50), int32(100)
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.ListShipmentsWithResponse(context.Background(), &client.ListShipmentsParams{Skip: &skip, Take: &take}, client.ShipmentFilter{})
		if err != nil || res.StatusCode() != http.StatusOK || len(res.JSON200.Data) != 50 {
			b.Fatalf("%v %d", err, res.StatusCode())
		}
	}
}
