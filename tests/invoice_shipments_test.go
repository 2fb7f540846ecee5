package tests

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"mos/gen/client"
)

// isShipped is a shipped shipment of quantity units of the fixture's line.
func isShipped(t *testing.T, te *tenantEnv, f shFixture, quantity string) string {
	t.Helper()
	id := shCreate(t, te, f.body(quantity, nil))
	shMustStatus(t, te, id, "shipped")
	return id
}

func isBill(t *testing.T, te *tenantEnv, order string, shipmentIDs ...string) (rawResponse, []byte) {
	t.Helper()
	return ivSend(t, te, http.MethodPost, ivPath, soJSON(t, map[string]any{"salesOrderId": order, "shipmentIds": shipmentIDs}))
}

// TestInvoiceBillsShippedShipments: an invoice from shipmentIds bills the sum of their line
// quantities per order line, and its part line lists them; a billed shipment cannot be billed
// again, cannot move back to open until the invoice is deleted.
func TestInvoiceBillsShippedShipments(t *testing.T) {
	te := newTenant(t)
	f := shNew(t, te, 6)
	a, b := isShipped(t, te, f, "2"), isShipped(t, te, f, "3")
	res, answer := isBill(t, te, f.order, a, b)
	inv := createdID(t, res, answer)
	lines := soOK[[]client.InvoicePartLineItem](t, te, http.MethodPost, ivInvoicePath(inv)+"/part-line-items/list", `{}`)
	if len(lines) != 1 || !lines[0].Quantity.Equal(num("5").Decimal) || len(lines[0].ShipmentIds) != 2 {
		t.Fatalf("part lines %+v", lines)
	}
	ivMustInvoiced(t, te, f.line, "5")

	res, answer = isBill(t, te, f.order, a)
	ivMustProblem(t, res, answer, http.StatusBadRequest, "shipmentIds.0")
	res, answer = shStatus(t, te, a, "open")
	ivMustProblem(t, res, answer, http.StatusBadRequest, "status")

	res, answer = ivSend(t, te, http.MethodDelete, ivInvoicePath(inv), "")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("delete: %d %s", res.StatusCode, answer)
	}
	shMustStatus(t, te, a, "open")
	res, answer = isBill(t, te, f.order, b)
	createdID(t, res, answer)
}

// TestInvoiceShipmentIdsRules: both partLines and shipmentIds, an open shipment, another
// order's, an unknown or another tenant's shipment.
func TestInvoiceShipmentIdsRules(t *testing.T) {
	te, other := newTenant(t), newTenant(t)
	f, g := shNew(t, te, 6), shNew(t, te, 6)
	open := shCreate(t, te, f.body("1", nil))
	shipped := isShipped(t, te, g, "1")
	theirs := isShipped(t, other, shNew(t, other, 6), "1")

	res, answer := ivSend(t, te, http.MethodPost, ivPath, soJSON(t, map[string]any{"salesOrderId": f.order,
		"shipmentIds": []string{shipped}, "partLines": []any{ivLine(f.line, "1")}}))
	ivMustProblem(t, res, answer, http.StatusBadRequest, "shipmentIds")
	ivMustProblem(t, res, answer, http.StatusBadRequest, "partLines")
	res, answer = isBill(t, te, f.order, open)
	ivMustProblem(t, res, answer, http.StatusBadRequest, "shipmentIds.0")
	res, answer = isBill(t, te, f.order, shipped)
	ivMustProblem(t, res, answer, http.StatusBadRequest, "shipmentIds.0")
	res, answer = isBill(t, te, f.order, theirs)
	ivMustProblem(t, res, answer, http.StatusNotFound, "shipmentIds.0")
	res, answer = isBill(t, te, f.order, "000000000000000000000000")
	ivMustProblem(t, res, answer, http.StatusNotFound, "shipmentIds.0")
}

// TestInvoiceShipmentsOverBillingStillRefused: a shipment bills no more than what is left
// uninvoiced on its order line.
func TestInvoiceShipmentsOverBillingStillRefused(t *testing.T) {
	te := newTenant(t)
	f := shNew(t, te, 6)
	s := isShipped(t, te, f, "4")
	ivBill(t, te, f.order, ivLine(f.line, "3"))
	res, answer := isBill(t, te, f.order, s)
	mustProblem(t, res, answer, http.StatusBadRequest)
}

// TestInvoiceShipmentBilledOnceUnderConcurrency: two invoices billing one shipment behind a
// start barrier: exactly one succeeds.
func TestInvoiceShipmentBilledOnceUnderConcurrency(t *testing.T) {
	te := newTenant(t)
	f := shNew(t, te, 6)
	s := isShipped(t, te, f, "2")
	start := make(chan struct{})
	codes := make([]int, 2)
	var wg sync.WaitGroup
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			res, _ := ivSend(t, te, http.MethodPost, ivPath, soJSON(t, map[string]any{"salesOrderId": f.order, "shipmentIds": []string{s}}))
			codes[i] = res.StatusCode
		}()
	}
	close(start)
	wg.Wait()
	ok := 0
	for _, c := range codes {
		if c == http.StatusOK || c == http.StatusCreated {
			ok++
		}
	}
	if ok != 1 {
		t.Fatalf("codes %v: want exactly one created", codes)
	}
}

// TestInvoiceFromShipmentsNumbersLinesAsTheOrder: the part lines of an invoice billing
// shipments are numbered in the order's line order, whatever order the shipments list them in.
func TestInvoiceFromShipmentsNumbersLinesAsTheOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := shNew(t, te, 1)
	// Numbered out of creation order: line 5 is added before line 3.
	fifth := soAddLine(t, te, f.order, fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitPrice":1,"lineNumber":5}`, f.item))
	third := soAddLine(t, te, f.order, fmt.Sprintf(`{"itemId":%q,"quantity":3,"unitPrice":1,"lineNumber":3}`, f.item))
	orderLines := []string{f.line, third, fifth}
	var items []any
	for _, i := range []int{2, 0, 1} {
		items = append(items, map[string]any{"salesOrderLineItemId": orderLines[i], "quantity": 1, "locationId": f.location})
	}
	id := shCreate(t, te, map[string]any{"salesOrderId": f.order, "lineItems": items})
	shMustStatus(t, te, id, "shipped")
	res, answer := isBill(t, te, f.order, id)
	lines := soOK[[]client.InvoicePartLineItem](t, te, http.MethodPost, ivInvoicePath(createdID(t, res, answer))+"/part-line-items/list", `{}`)
	if len(lines) != 3 {
		t.Fatalf("part lines %s", mustJSON(t, lines))
	}
	for i, l := range lines {
		if l.Number != i+1 || l.SalesOrderLineItemId != orderLines[i] {
			t.Fatalf("line %d is number %d billing %s, want order line %s", i, l.Number, l.SalesOrderLineItemId, orderLines[i])
		}
	}
}
