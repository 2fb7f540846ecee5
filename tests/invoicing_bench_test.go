package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

// ivBenchOrder creates an approved sales order of n part lines (a million units each, so that
// every iteration can bill one more) and answers the order and its lines.
func ivBenchOrder(b *testing.B, c *client.ClientWithResponses, n int) (string, []string) {
	b.Helper()
	ctx := context.Background()
	customer, err := c.CreateCustomerWithResponse(ctx, nil, client.CustomerWrite{Name: "Bench customer " + b.Name()})
	if err != nil || customer.StatusCode() != http.StatusOK {
		b.Fatalf("create customer: %v %s", err, customer.Body)
	}
	item, err := c.CreateItemWithResponse(ctx, nil, newItem("BENCH-IV-"+b.Name()))
	if err != nil || item.StatusCode() != http.StatusOK {
		b.Fatalf("create item: %v %s", err, item.Body)
	}
	order, err := c.CreateSalesOrderWithBodyWithResponse(ctx, nil, "application/json",
		strings.NewReader(fmt.Sprintf(`{"customerId":%q}`, customer.JSON200.Id)))
	if err != nil || order.StatusCode() != http.StatusOK {
		b.Fatalf("create sales order: %v %s", err, order.Body)
	}
	lines := make([]string, n)
	for i := range lines {
		lines[i] = fmt.Sprintf(`{"itemId":%q,"quantity":1000000,"unitPrice":%d.25}`, item.JSON200.Id, i+1)
	}
	batch, err := c.CreateSalesOrderPartLinesWithBodyWithResponse(ctx, order.JSON200.Id, nil, "application/json",
		strings.NewReader(`{"partLineItems":[`+strings.Join(lines, ",")+`]}`))
	if err != nil || batch.StatusCode() != http.StatusOK {
		b.Fatalf("create part lines: %v %s", err, batch.Body)
	}
	var created struct {
		IDs []string `json:"ids"`
	}
	if err := json.Unmarshal(batch.Body, &created); err != nil || len(created.IDs) != n {
		b.Fatalf("part lines answered %s", batch.Body)
	}
	approved, err := c.UpdateSalesOrderStatusWithBodyWithResponse(ctx, order.JSON200.Id, nil, "application/json", strings.NewReader(`{"status":"approved"}`))
	if err != nil || approved.StatusCode() != http.StatusOK {
		b.Fatalf("approve: %v %s", err, approved.Body)
	}
	return order.JSON200.Id, created.IDs
}

// ivBenchCreate bills one unit of each line and answers the invoice's id.
func ivBenchCreate(b *testing.B, c *client.ClientWithResponses, order string, lines []string) string {
	b.Helper()
	parts := make([]client.InvoiceCreatePartLine, len(lines))
	for i, l := range lines {
		parts[i] = client.InvoiceCreatePartLine{SalesOrderLineItemId: l, Quantity: num("1")}
	}
	res, err := c.CreateInvoiceWithResponse(context.Background(), nil, client.InvoiceCreate{SalesOrderId: order, PartLines: &parts})
	if err != nil || res.StatusCode() != http.StatusOK {
		b.Fatalf("create invoice: %v %s", err, res.Body)
	}
	return res.JSON200.Id
}

// BenchmarkCreateInvoiceOf50Lines bills one unit of each of a 50-line order: the order and
// its lines read, 50 invoiced quantities moved under row locks, 50 lines stored and the
// totals computed, in one transaction.
func BenchmarkCreateInvoiceOf50Lines(b *testing.B) {
	c := benchClient(b)
	order, lines := ivBenchOrder(b, c, 50)
	b.ReportAllocs()
	for b.Loop() {
		ivBenchCreate(b, c, order, lines)
	}
}

// BenchmarkGetInvoice is one read of an invoice with its payment terms' name and ETag.
func BenchmarkGetInvoice(b *testing.B) {
	c := benchClient(b)
	order, lines := ivBenchOrder(b, c, 50)
	id := ivBenchCreate(b, c, order, lines)
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.GetInvoiceWithResponse(context.Background(), id, nil)
		if err != nil || res.StatusCode() != http.StatusOK {
			b.Fatalf("%v %d", err, res.StatusCode())
		}
	}
}

// BenchmarkListInvoicesPage50 lists a page of 50 out of 200 invoices, newest first.
func BenchmarkListInvoicesPage50(b *testing.B) {
	c := benchClient(b)
	order, lines := ivBenchOrder(b, c, 1)
	for range 200 {
		ivBenchCreate(b, c, order, lines)
	}
	take, skip := int32(50), int32(100)
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.ListInvoicesWithResponse(context.Background(), &client.ListInvoicesParams{Skip: &skip, Take: &take}, client.InvoiceFilter{})
		if err != nil || res.StatusCode() != http.StatusOK || len(*res.JSON200) != 50 {
			b.Fatalf("%v %d", err, res.StatusCode())
		}
	}
}

// BenchmarkListInvoiceLinesPage50 lists the lines view of a 50-line invoice in one page: the
// union of every line table, priced against the invoice's totals.
func BenchmarkListInvoiceLinesPage50(b *testing.B) {
	c := benchClient(b)
	order, lines := ivBenchOrder(b, c, 50)
	id := ivBenchCreate(b, c, order, lines)
	take := int32(50)
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.ListInvoiceLineItemsWithResponse(context.Background(), id, &client.ListInvoiceLineItemsParams{Take: &take},
			client.InvoiceLineItemsFilter{})
		if err != nil || res.StatusCode() != http.StatusOK || len(*res.JSON200) != 50 {
			b.Fatalf("%v %d", err, res.StatusCode())
		}
	}
}
