package tests

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

// soList answers the sales orders a filter body finds.
func soList(t *testing.T, te *tenantEnv, body string) []client.SalesOrder {
	t.Helper()
	res, answer := rawRequest(t, http.MethodPost, soListPath, te.Token, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	var out []client.SalesOrder
	if err := json.Unmarshal(answer, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// soIDs are the ids of orders, in order.
func soIDs(list []client.SalesOrder) []string {
	out := make([]string, len(list))
	for i, o := range list {
		out[i] = o.Id
	}
	return out
}

func TestSalesOrderListFindsCustomerPoNumbers(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "PO buyer"})
	other := createCustomer(t, te, client.CustomerWrite{Name: "Other buyer"})
	plain := soCreate(t, te, map[string]any{"customerId": customer, "customerPoNumber": "12345"})
	labelled := soCreate(t, te, map[string]any{"customerId": customer, "customerPoNumber": "PO-12345"})
	mixed := soCreate(t, te, map[string]any{"customerId": other, "customerPoNumber": "Ab-77"})
	long := soCreate(t, te, map[string]any{"customerId": customer, "customerPoNumber": strings.Repeat("8", 101)})
	find := func(filter map[string]any) []string {
		ids := soIDs(soList(t, te, soJSON(t, filter)))
		slices.Sort(ids)
		return ids
	}
	sorted := func(ids ...string) []string {
		slices.Sort(ids)
		if ids == nil {
			return []string{}
		}
		return ids
	}
	for _, c := range []struct {
		value string
		want  []string
	}{
		{"12345", sorted(plain)},
		{" 12345 ", sorted(plain)},
		{"PO# 12345", sorted(plain)},
		{"po 12345", sorted(plain)},
		{"PO #12345", sorted(plain)},
		{"P.O. 12345", sorted(plain)},
		{"P.O.#12345", sorted(plain)},
		{"PO:12345", sorted(plain)},
		{"Purchase Order 12345", sorted(plain)},
		// As sent, and without its label: both stored numbers.
		{"PO-12345", sorted(plain, labelled)},
		{"po-12345", sorted(plain, labelled)},
		{"ab-77", sorted(mixed)},
		{"1234", sorted()},
		// Over 100 characters stored: never found.
		{strings.Repeat("8", 101), sorted()},
		// Over 1000 characters after trimming: nothing (200).
		{strings.Repeat("1", 1001), sorted()},
	} {
		if got := find(map[string]any{"customerPoNumber": c.value}); !slices.Equal(got, c.want) {
			t.Errorf("customerPoNumber %.30q found %v, want %v", c.value, got, c.want)
		}
	}
	_ = long
	// With the customer filter: both narrow.
	if got := find(map[string]any{"customerId": customer, "customerPoNumber": "ab-77"}); len(got) != 0 {
		t.Errorf("another customer's PO number found: %v", got)
	}
	if got := find(map[string]any{"customerId": other, "customerPoNumber": "AB-77"}); !slices.Equal(got, sorted(mixed)) {
		t.Errorf("customerId + customerPoNumber found %v", got)
	}
	if got := find(map[string]any{"customerId": other}); !slices.Equal(got, sorted(mixed)) {
		t.Errorf("customerId found %v", got)
	}
	if got := find(map[string]any{"customerId": other, "customerIds": []string{customer}}); len(got) != 0 {
		t.Errorf("customerId and customerIds of different customers found %v", got)
	}
}

func TestSalesOrderListFiltersAndOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Listed"})
	first := soCreate(t, te, map[string]any{"customerId": customer, "orderedDate": "2026-03-01T23:30:00-08:00",
		"externalReferences": map[string]any{"erp": map[string]any{"type": "salesOrder", "externalId": "SO-1"}}})
	second := soCreate(t, te, map[string]any{"customerId": customer, "orderedDate": "2026-03-02"})
	third := soCreate(t, te, map[string]any{"customerId": customer, "orderedDate": "2026-03-03"})
	soMoveTo(t, te, third, client.SalesOrderStatusApproved)
	if got := soIDs(soList(t, te, `{}`)); !slices.Equal(got, []string{third, second, first}) {
		t.Fatalf("default order %v, want newest first", got)
	}
	for filter, want := range map[string][]string{
		`{"orderedFrom":"2026-03-02","orderedTo":"2026-03-02"}`:            {second},
		`{"orderedFrom":"2026-03-02T23:00:00-09:00"}`:                      {third, second},
		`{"orderedTo":"2026-03-01T00:00:00+14:00"}`:                        {first},
		`{"statuses":["approved"]}`:                                        {third},
		`{"numbers":[2]}`:                                                  {second},
		fmt.Sprintf(`{"ids":[%q]}`, first):                                 {first},
		`{"externalReference":{"key":"erp","externalId":"SO-1"}}`:          {first},
		fmt.Sprintf(`{"customerIds":[%q],"statuses":["draft"]}`, customer): {second, first},
	} {
		if got := soIDs(soList(t, te, filter)); !slices.Equal(got, want) {
			t.Errorf("%s found %v, want %v", filter, got, want)
		}
	}
	if got := soIDs(soList(t, te, `{}`+"")); len(got) != 3 {
		t.Fatalf("%d orders", len(got))
	}
	res, body := rawRequest(t, http.MethodPost, soListPath+"?Sort.Field=number&Sort.Dir=ascending", te.Token, "application/json", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var sorted []client.SalesOrder
	if err := json.NewDecoder(bytes.NewReader(body)).Decode(&sorted); err != nil || !slices.Equal(soIDs(sorted), []string{first, second, third}) {
		t.Fatalf("sorted by number: %v %v", soIDs(sorted), err)
	}
	for _, field := range []string{"orderedFrom", "orderedTo"} {
		res, body := rawRequest(t, http.MethodPost, soListPath, te.Token, "application/json", fmt.Sprintf(`{%q:"1999-01-01"}`, field))
		mustProblemNaming(t, res, body, field)
	}
	// Another tenant sees none of them.
	if got := soList(t, newTenant(t), `{}`); len(got) != 0 {
		t.Fatalf("another tenant lists %d orders", len(got))
	}
}

func TestSalesOrderSettingsAutoAddCustomerTaxRates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, body := rawRequest(t, http.MethodGet, soSettingsPath, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if !strings.Contains(string(body), `"autoAddCustomerTaxRates":false`) {
		t.Fatalf("default settings %s", body)
	}
	state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	county := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1.5")})
	old := createTaxRate(t, te, client.TaxRateWrite{Name: "Old", Rate: num("3")})
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Taxed", TaxRateIds: &[]string{state, county, old}})
	res, body = rawRequest(t, http.MethodPut, "/api/tax-rates/"+old, te.Token, "application/json", `{"name":"Old","rate":3,"isArchived":true}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	taxLines := func(id string) int {
		var n int
		if err := srv.Pool.QueryRowxContext(context.Background(), `SELECT count(*) FROM sales_order_tax_lines WHERE sales_order_id = $1`, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	shipping := map[string]any{"amount": 100, "isTaxable": true}
	// Off: no tax lines, no tax.
	off := soGet(t, te, soCreate(t, te, map[string]any{"customerId": customer, "shippingCharge": shipping}))
	if n := taxLines(off.Id); n != 0 || off.TaxTotal.String() != "0" {
		t.Fatalf("setting off: %d tax lines, tax %s", n, off.TaxTotal.String())
	}
	soPutSettings(t, te, true)
	res, body = rawRequest(t, http.MethodGet, soSettingsPath, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if !strings.Contains(string(body), `"autoAddCustomerTaxRates":true`) {
		t.Fatalf("stored settings %s", body)
	}
	// On: one line per live rate (the archived one skipped); 6 % + 1.5 % of 100.00 = 7.50.
	on := soGet(t, te, soCreate(t, te, map[string]any{"customerId": customer, "shippingCharge": shipping}))
	if n := taxLines(on.Id); n != 2 || on.TaxTotal.String() != "7.5" || on.Total.String() != "107.5" {
		t.Fatalf("setting on: %d tax lines, tax %s, total %s", n, on.TaxTotal.String(), on.Total.String())
	}
	// A customer without rates gets none.
	bare := soFor(t, te, "Untaxed")
	if n := taxLines(bare); n != 0 {
		t.Fatalf("a customer without rates got %d tax lines", n)
	}
}

func TestSalesOrderAttachmentsUploadAndList(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := soFor(t, te, "")
	before := soGet(t, te, id)
	res := upload(t, te.API, &filePart{name: "po.pdf", content: uniqueBytes(t, t.Name(), 128)},
		part{"Detail.Owner.Type", "salesOrder"}, part{"Detail.Owner.Id", id}, part{"Detail.IsNoteAttachment", "false"})
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	list := listAttachments(t, te.API, client.AttachmentFilter{Owner: &client.AttachmentAnyOwner{Type: client.AttachmentAnyOwnerTypeSalesOrder, Id: id}})
	if len(list) != 1 || list[0].Id != res.JSON200.Id {
		t.Fatalf("the order's attachments: %v", attachmentIDs(list))
	}
	if after := soGet(t, te, id); !after.ModifiedUtc.After(before.ModifiedUtc) {
		t.Fatal("attaching a file did not advance the order's modifiedUtc")
	}
	// Another tenant's order is unknown.
	other := newTenant(t)
	res = upload(t, other.API, &filePart{name: "po.pdf", content: uniqueBytes(t, t.Name()+"x", 128)},
		part{"Detail.Owner.Type", "salesOrder"}, part{"Detail.Owner.Id", id}, part{"Detail.IsNoteAttachment", "false"})
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
}

// TestSalesOrderPartLineAttachments: a part line of an order (stored directly: its own
// operations belong to the lines) takes files as owner type salesOrderPartLineItem; an
// unknown line does not.
func TestSalesOrderPartLineAttachments(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	order := soFor(t, te, "")
	item := createItem(t, te, newItem("SO-ATTACH"))
	line := "0193a0c4-6b1e-7cc1-9d2e-" + fmt.Sprintf("%012x", len(t.Name()))
	_, err := srv.Pool.ExecContext(context.Background(), `INSERT INTO sales_order_part_lines (tenant_id, sales_order_id, id,
	    routing_id, line_number, item_id, quantity, unit_of_measure_name, unit_price)
	    VALUES ($1, $2, $3, $3, 1, $4, 1, 'Each', 5)`, te.ID, order, line, item)
	if err != nil {
		t.Fatal(err)
	}
	res := upload(t, te.API, &filePart{name: "drawing.pdf", content: uniqueBytes(t, t.Name(), 128)},
		part{"Detail.Owner.Type", "salesOrderPartLineItem"}, part{"Detail.Owner.Id", line}, part{"Detail.IsNoteAttachment", "false"})
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	list := listAttachments(t, te.API, client.AttachmentFilter{Owner: &client.AttachmentAnyOwner{Type: client.AttachmentAnyOwnerTypeSalesOrderPartLineItem, Id: line}})
	if len(list) != 1 || list[0].Id != res.JSON200.Id {
		t.Fatalf("the line's attachments: %v", attachmentIDs(list))
	}
	res = upload(t, newTenant(t).API, &filePart{name: "drawing.pdf", content: uniqueBytes(t, t.Name()+"x", 128)},
		part{"Detail.Owner.Type", "salesOrderPartLineItem"}, part{"Detail.Owner.Id", line}, part{"Detail.IsNoteAttachment", "false"})
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
}

func TestSalesOrderNumbersAreGapFreeUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Busy"})
	const n = 30
	ids := make([]string, n)
	statuses := atOnce(t, n, func(i int) (int, error) {
		res, body := rawRequest(t, http.MethodPost, soPath, te.Token, "application/json", fmt.Sprintf(`{"customerId":%q}`, customer))
		var c struct{ ID string }
		if json.Unmarshal(body, &c) == nil {
			ids[i] = c.ID
		}
		return res.StatusCode, nil
	})
	if statuses[http.StatusOK] != n {
		t.Fatalf("statuses %v, want %d × 200", statuses, n)
	}
	var numbers []int64
	for _, o := range soList(t, te, `{}`) {
		numbers = append(numbers, o.Number)
	}
	slices.Sort(numbers)
	for i, got := range numbers {
		if got != int64(i+1) {
			t.Fatalf("numbers %v, want 1..%d", numbers, n)
		}
	}
	if len(numbers) != n {
		t.Fatalf("%d orders listed, want %d", len(numbers), n)
	}
}
