package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
)

// The sales-order-lines report: the part lines of live sales orders with their order, item,
// amounts and how much shipped and was invoiced, filtered by order numbers, status labels,
// modification and the shop days of the latest shipment and invoice.

const soLineReportPath = "/api/reporting/sales-order-lines/list"

// soReportOrder creates a sales order for customerID with one part line per quantity (unit
// price 12.345, 10 % off) and answers the order's id and number and its lines' ids.
func soReportOrder(t *testing.T, te *tenantEnv, customerID, itemID string, quantities ...string) (string, int64, []string) {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, "/api/sales-orders", te.Token, "application/json", fmt.Sprintf(`{"customerId":%q,"customerPoNumber":"PO-7"}`, customerID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var order struct {
		ID     string `json:"id"`
		Number int64  `json:"number"`
	}
	if err := json.Unmarshal(b, &order); err != nil {
		t.Fatal(err)
	}
	res, b = rawRequest(t, http.MethodGet, "/api/sales-orders/"+order.ID, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if err := json.Unmarshal(b, &order); err != nil {
		t.Fatal(err)
	}
	if len(quantities) == 0 {
		return order.ID, order.Number, nil
	}
	lines := make([]string, len(quantities))
	for i, q := range quantities {
		lines[i] = fmt.Sprintf(`{"itemId":%q,"quantity":%s,"unitPrice":12.345,"discount":{"isPercentage":true,"value":10}}`, itemID, q)
	}
	res, b = rawRequest(t, http.MethodPost, "/api/sales-orders/"+order.ID+"/part-line-items/batch", te.Token, "application/json",
		`{"partLineItems":[`+strings.Join(lines, ",")+`]}`)
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusCreated {
		t.Fatalf("batch of part lines answered %d: %s", res.StatusCode, b)
	}
	var created struct {
		IDs []string `json:"ids"`
	}
	if err := json.Unmarshal(b, &created); err != nil || len(created.IDs) != len(quantities) {
		t.Fatalf("batch answered %s", b)
	}
	return order.ID, order.Number, created.IDs
}

// soReportRow is what the tests read of a report row.
type soReportRow struct {
	ID                    string `json:"id"`
	SalesOrderID          string `json:"salesOrderId"`
	SalesOrderNumber      int64  `json:"salesOrderNumber"`
	SalesOrderStatus      string `json:"salesOrderStatus"`
	SalesOrderStatusLabel string `json:"salesOrderStatusLabel"`
	Customer              struct{ ID, Name string }
	CustomerPoNumber      *string `json:"customerPoNumber"`
	LineNumber            int     `json:"lineNumber"`
	Item                  struct{ Number string }
	SubTotal              json.Number `json:"subTotal"`
	RemainingQuantity     json.Number `json:"remainingQuantity"`
	LastShippedDate       *string     `json:"lastShippedDate"`
	ModifiedUtc           time.Time   `json:"modifiedUtc"`
}

// soLineReport posts filter to the report and answers its rows and totalCount.
func soLineReport(t *testing.T, te *tenantEnv, query, filter string) ([]soReportRow, int) {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, soLineReportPath+query, te.Token, "application/json", filter)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var page struct {
		Data       []soReportRow `json:"data"`
		TotalCount int           `json:"totalCount"`
	}
	if err := json.Unmarshal(b, &page); err != nil {
		t.Fatal(err)
	}
	return page.Data, page.TotalCount
}

func soReportIDs(rows []soReportRow) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.ID
	}
	return out
}

func TestSalesOrderLineReportFiltersByNumberStatusAndDays(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Report customer"})
	item := createItem(t, te, newItem("RPT-1"))
	first, firstNumber, firstLines := soReportOrder(t, te, customer, item, "3", "1")
	second, secondNumber, secondLines := soReportOrder(t, te, customer, item, "2")
	deleted, _, _ := soReportOrder(t, te, customer, item, "5")
	res, b := rawRequest(t, http.MethodDelete, "/api/sales-orders/"+deleted, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodPost, "/api/sales-orders/"+second+"/status", te.Token, "application/json", `{"status":"approved"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)

	// Every line of the live orders, by order number then line number.
	rows, total := soLineReport(t, te, "", `{}`)
	if want := []string{firstLines[0], firstLines[1], secondLines[0]}; !slices.Equal(soReportIDs(rows), want) || total != 3 {
		t.Fatalf("all lines: %v (total %d), want %v", soReportIDs(rows), total, want)
	}
	r := rows[0]
	// 3 × 12.345 = 37.035 → 37.04, less 10 % (3.704 → 3.70) = 33.34; nothing shipped.
	if r.SalesOrderID != first || r.SalesOrderNumber != firstNumber || r.SalesOrderStatus != "draft" || r.SalesOrderStatusLabel != "Draft" ||
		r.Customer.Name != "Report customer" || r.CustomerPoNumber == nil || *r.CustomerPoNumber != "PO-7" || r.LineNumber != 1 ||
		r.Item.Number != "RPT-1" || r.SubTotal.String() != "33.34" || r.RemainingQuantity.String() != "3" || r.LastShippedDate != nil {
		t.Errorf("first row: %+v", r)
	}

	// Order numbers, exactly.
	rows, _ = soLineReport(t, te, "", fmt.Sprintf(`{"salesOrderNumbers":[%d]}`, secondNumber))
	if !slices.Equal(soReportIDs(rows), secondLines) {
		t.Errorf("numbers: %v, want %v", soReportIDs(rows), secondLines)
	}
	// Status labels in any case, with spaces around.
	rows, _ = soLineReport(t, te, "", `{"salesOrderStatus":["  aPPROVED "]}`)
	if !slices.Equal(soReportIDs(rows), secondLines) || rows[0].SalesOrderStatusLabel != "Approved" {
		t.Errorf("status Approved: %v", soReportIDs(rows))
	}
	rows, _ = soLineReport(t, te, "", `{"salesOrderStatus":["draft","In Progress"]}`)
	if !slices.Equal(soReportIDs(rows), firstLines) {
		t.Errorf("status draft or In Progress: %v, want %v", soReportIDs(rows), firstLines)
	}
	// The camelCase names and other values are not labels: 400 naming the value's place.
	for _, bad := range []string{`["Draft","inProgress"]`, `["Draft","Cancelled"]`} {
		res, b := rawRequest(t, http.MethodPost, soLineReportPath, te.Token, "application/json", `{"salesOrderStatus":`+bad+`}`)
		mustProblemNaming(t, res, b, "salesOrderStatus.1")
	}
	// More than 500 numbers: 400.
	many := make([]string, 501)
	for i := range many {
		many[i] = fmt.Sprint(i + 1)
	}
	res, b = rawRequest(t, http.MethodPost, soLineReportPath, te.Token, "application/json", `{"salesOrderNumbers":[`+strings.Join(many, ",")+`]}`)
	mustProblem(t, res, b, http.StatusBadRequest)

	// The shipped and invoiced days are filled by shipments and invoices; set them here.
	for id, days := range map[string][2]any{firstLines[1]: {"2026-11-20", nil}, secondLines[0]: {"2026-11-22", "2026-11-23"}} {
		if _, err := srv.Pool.ExecContext(context.Background(),
			`UPDATE sales_order_part_lines SET last_shipped_date = $3, last_invoiced_date = $4 WHERE tenant_id = $1 AND id = $2`,
			te.ID, id, days[0], days[1]); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		filter string
		want   []string
	}{
		{`{"shippedFrom":"2026-11-20","shippedTo":"2026-11-21"}`, []string{firstLines[1]}},
		{`{"shippedFrom":"2026-11-21"}`, secondLines},
		{`{"shippedTo":"2026-11-22"}`, []string{firstLines[1], secondLines[0]}},
		{`{"invoicedFrom":"2026-11-23","invoicedTo":"2026-11-23"}`, secondLines},
		{`{"invoicedFrom":"2026-11-24"}`, nil},
	} {
		rows, _ := soLineReport(t, te, "", c.filter)
		if got := soReportIDs(rows); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.filter, got, c.want)
		}
	}
	for _, field := range []string{"shippedFrom", "invoicedTo"} {
		res, b := rawRequest(t, http.MethodPost, soLineReportPath, te.Token, "application/json", fmt.Sprintf(`{%q:"1999-12-31"}`, field))
		mustProblemNaming(t, res, b, field)
	}
}

func TestSalesOrderLineReportModifiedAfterIsExclusiveAndFollowsTheOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Sync customer"})
	item := createItem(t, te, newItem("RPT-2"))
	first, _, firstLines := soReportOrder(t, te, customer, item, "1")
	_, _, secondLines := soReportOrder(t, te, customer, item, "1")
	rows, _ := soLineReport(t, te, "", `{}`)
	latest := rows[len(rows)-1]
	if latest.ID != secondLines[0] {
		t.Fatalf("rows %v", soReportIDs(rows))
	}
	// Strictly after the latest change: nothing; just before it: that line.
	stamp := latest.ModifiedUtc
	rows, _ = soLineReport(t, te, "", fmt.Sprintf(`{"modifiedAfterUtc":%q}`, stamp.Format(time.RFC3339Nano)))
	if len(rows) != 0 {
		t.Errorf("modified strictly after the latest stamp: %v", soReportIDs(rows))
	}
	rows, _ = soLineReport(t, te, "", fmt.Sprintf(`{"modifiedAfterUtc":%q}`, stamp.Add(-time.Microsecond).Format(time.RFC3339Nano)))
	if !slices.Contains(soReportIDs(rows), secondLines[0]) {
		t.Errorf("modified after just before the latest stamp: %v", soReportIDs(rows))
	}
	// A change of the order (its status) brings its lines back: the row shows the order.
	res, b := rawRequest(t, http.MethodPost, "/api/sales-orders/"+first+"/status", te.Token, "application/json", `{"status":"needsApproval"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	rows, _ = soLineReport(t, te, "", fmt.Sprintf(`{"modifiedAfterUtc":%q}`, stamp.Format(time.RFC3339Nano)))
	if !slices.Equal(soReportIDs(rows), firstLines) || rows[0].SalesOrderStatusLabel != "Needs Approval" {
		t.Errorf("after the order's status changed: %v, want %v", soReportIDs(rows), firstLines)
	}
}

// arrangeSalesOrderLineReport: sales orders with part lines and the report over them
// (statement counts).
func arrangeSalesOrderLineReport(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) {
		customer := createCustomer(t, te, client.CustomerWrite{Name: "Statements"})
		item := createItem(t, te, newItem("STMT"))
		arrangeEach(size, func(_, subs int) string {
			quantities := make([]string, subs)
			for k := range quantities {
				quantities[k] = "2"
			}
			id, _, _ := soReportOrder(t, te, customer, item, quantities...)
			return id
		})
	}
	build(small, smallWorld)
	build(large, largeWorld)
	return []readCase{listRead("listSalesOrderLineReport", soLineReportPath, soLineReportPath, `{"salesOrderStatus":["Draft"]}`)}
}
