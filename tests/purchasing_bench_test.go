package tests

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/dec"
)

// seedPurchaseOrders creates n purchase orders for one vendor and returns their ids.
func seedPurchaseOrders(b *testing.B, c *client.ClientWithResponses, n int) []string {
	b.Helper()
	vendor, err := c.CreateVendorWithResponse(context.Background(), nil, client.VendorWrite{Name: "Bench vendor"})
	if err != nil || vendor.StatusCode() != http.StatusOK {
		b.Fatalf("create vendor: %v %s", err, vendor.Body)
	}
	ids := make([]string, n)
	for i := range n {
		res, err := c.CreatePurchaseOrderWithResponse(context.Background(), nil, client.PurchaseOrderCreate{
			VendorId: vendor.JSON200.Id, Notes: ptr(fmt.Sprintf("seeded order %d", i)),
		})
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("create purchase order %d: %v %s", i, err, res.Body)
		}
		ids[i] = res.JSON200.Id
	}
	return ids
}

// BenchmarkGetPurchaseOrder is one read of an order with its vendor's name and ETag.
func BenchmarkGetPurchaseOrder(b *testing.B) {
	c := benchClient(b)
	ids := seedPurchaseOrders(b, c, 1)
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.GetPurchaseOrderWithResponse(context.Background(), ids[0], nil)
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("%v %d", err, res.StatusCode())
		}
	}
}

// BenchmarkListPurchaseOrdersPage50 lists a page of 50 out of 500 orders, newest first.
func BenchmarkListPurchaseOrdersPage50(b *testing.B) {
	c := benchClient(b)
	seedPurchaseOrders(b, c, 500)
	take, skip := int32(50), int32(200)
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.ListPurchaseOrdersWithResponse(context.Background(), &client.ListPurchaseOrdersParams{Skip: &skip, Take: &take}, client.PurchaseOrderFilter{})
		if err != nil || res.StatusCode() != http.StatusOK || len(*res.JSON200) != 50 {
			b.Fatalf("%v %d", err, res.StatusCode())
		}
	}
}

// BenchmarkCreatePurchaseOrder is one header write: vendor lookup, number, insert, commit.
func BenchmarkCreatePurchaseOrder(b *testing.B) {
	c := benchClient(b)
	res, err := c.CreateVendorWithResponse(context.Background(), nil, client.VendorWrite{Name: "Create bench vendor"})
	if err != nil || res.StatusCode() != http.StatusOK {
		b.Fatalf("create vendor: %v", err)
	}
	b.ReportAllocs()
	for b.Loop() {
		created, err := c.CreatePurchaseOrderWithResponse(context.Background(), nil, client.PurchaseOrderCreate{VendorId: res.JSON200.Id})
		if err != nil || created.StatusCode() != http.StatusOK {
			b.Fatalf("%v %d", err, created.StatusCode())
		}
	}
}

// seedOrderWithPartLines creates an order with n part lines of one item and answers the
// order and its lines.
func seedOrderWithPartLines(b *testing.B, c *client.ClientWithResponses, n int) (string, []string, string) {
	b.Helper()
	order := seedPurchaseOrders(b, c, 1)[0]
	item, err := c.CreateItemWithResponse(context.Background(), nil, newItem("BENCH-PO-LINE"))
	if err != nil || item.StatusCode() != http.StatusOK {
		b.Fatalf("create item: %v", err)
	}
	lines := make([]string, n)
	for i := range n {
		res, err := c.CreatePurchaseOrderPartLineWithResponse(context.Background(), order, nil, client.PurchaseOrderPartLineItemWrite{
			ItemId: item.JSON200.Id, Quantity: dec.FromInt(int64(i + 1)), UnitPrice: ptr(dec.MustParse("12.345")), IsTaxable: ptr(i%2 == 0),
		})
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("create part line %d: %v %s", i, err, res.Body)
		}
		lines[i] = res.JSON200.Id
	}
	return order, lines, item.JSON200.Id
}

// BenchmarkUpdatePurchaseOrderPartLineOf50 is one line write on an order of 50 lines: lock
// the order, check the line, store it and recompute the order's totals over every line.
func BenchmarkUpdatePurchaseOrderPartLineOf50(b *testing.B) {
	c := benchClient(b)
	order, lines, item := seedOrderWithPartLines(b, c, 50)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		i++
		res, err := c.UpdatePurchaseOrderPartLineWithResponse(context.Background(), order, lines[25], nil, client.PurchaseOrderPartLineItemWrite{
			ItemId: item, Quantity: dec.FromInt(int64(i%40 + 1)), UnitPrice: ptr(dec.MustParse("9.99")),
		})
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("%v %d %s", err, res.StatusCode(), res.Body)
		}
	}
}

// BenchmarkListPurchaseOrderLineItems100 reads the lines view of an order of 100 part lines,
// priced, in one page.
func BenchmarkListPurchaseOrderLineItems100(b *testing.B) {
	c := benchClient(b)
	order, _, _ := seedOrderWithPartLines(b, c, 100)
	take := int32(100)
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.ListPurchaseOrderLineItemsWithResponse(context.Background(), order, &client.ListPurchaseOrderLineItemsParams{Take: &take}, client.PurchaseOrderLineItemsFilter{})
		if err != nil || res.StatusCode() != http.StatusOK || len(*res.JSON200) != 100 {
			b.Fatalf("%v %d", err, res.StatusCode())
		}
	}
}

// BenchmarkReceivePurchaseOrderLine is one receipt of one unit of an ordered line: lock and
// advance the line, post the inventory receive event and store the receipt, in one
// transaction.
func BenchmarkReceivePurchaseOrderLine(b *testing.B) {
	c := benchClient(b)
	order := seedPurchaseOrders(b, c, 1)[0]
	item, err := c.CreateItemWithResponse(context.Background(), nil, newItem("BENCH-RECEIVE"))
	if err != nil || item.StatusCode() != http.StatusOK {
		b.Fatalf("create item: %v", err)
	}
	line, err := c.CreatePurchaseOrderPartLineWithResponse(context.Background(), order, nil, client.PurchaseOrderPartLineItemWrite{
		ItemId: item.JSON200.Id, Quantity: dec.MustParse("1000000000"), UnitPrice: ptr(dec.MustParse("2.50")),
	})
	if err != nil || line.StatusCode() != http.StatusOK {
		b.Fatalf("create part line: %v", err)
	}
	moved, err := c.UpdatePurchaseOrderStatusWithResponse(context.Background(), order, nil, client.PurchaseOrderStatusUpdate{Status: client.PurchaseOrderStatusOrdered})
	if err != nil || moved.StatusCode() != http.StatusOK {
		b.Fatalf("order: %v", err)
	}
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.CreateReceiptWithResponse(context.Background(), nil, client.ReceiptCreate{
			PurchaseOrderId: &order,
			LineItems:       []client.ReceiptLineItemCreate{{PurchaseOrderLineItemId: &line.JSON200.Id, Quantity: ptr(dec.MustParse("1"))}},
		})
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("%v %d %s", err, res.StatusCode(), res.Body)
		}
	}
}
