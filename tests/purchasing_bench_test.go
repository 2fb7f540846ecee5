package tests

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
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
