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

func customerDetailIDs(list []client.ItemCustomerDetail) []string {
	out := make([]string, len(list))
	for i, d := range list {
		out[i] = d.Id
	}
	return out
}

func TestItemCustomerDetailsDefaultsOrderAndItemRead(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("CD"))
	zeta, alpha := newSubRecordCustomer(t, te, "zeta Works"), newSubRecordCustomer(t, te, "Alpha Fab")
	before := getItem(t, te, itemID)
	events := itemEvents(t, te, itemID)

	zetaDetail := addCustomerDetail(t, te, itemID, fmt.Sprintf(`{"customerId":%q,"customerItemNumber":"  Z-1  ","customerItemName":"   "}`, zeta))
	alphaDetail := addCustomerDetail(t, te, itemID, fmt.Sprintf(`{"customerId":%q,"customerItemName":"Bracket","unitOfMeasureName":" Dozen "}`, alpha))
	after := getItem(t, te, itemID)
	if !after.ModifiedUtc.After(before.ModifiedUtc) || itemEvents(t, te, itemID) != events+2 {
		t.Fatalf("modifiedUtc %v → %v, events %d → %d", before.ModifiedUtc, after.ModifiedUtc, events, itemEvents(t, te, itemID))
	}
	// By customer name, case-insensitively: Alpha before zeta; the list reads the same.
	want := []string{alphaDetail, zetaDetail}
	if got := customerDetailIDs(after.CustomerDetails); !sameIDs(got, want) {
		t.Fatalf("item customer details %v, want %v", got, want)
	}
	list := listCustomerDetails(t, te, itemID)
	if got := customerDetailIDs(list); !sameIDs(got, want) {
		t.Fatalf("listed customer details %v, want %v", got, want)
	}
	a, z := list[0], list[1]
	if a.CustomerId != alpha || optText(a.CustomerItemName) != "Bracket" || a.CustomerItemNumber != nil || a.UnitOfMeasureName != "Dozen" {
		t.Fatalf("alpha detail %+v", a)
	}
	// Trimmed text; blank is none; the unit defaults to the item's inventory unit.
	if z.CustomerId != zeta || optText(z.CustomerItemNumber) != "Z-1" || z.CustomerItemName != nil || z.UnitOfMeasureName != "Each" {
		t.Fatalf("zeta detail %+v", z)
	}
	if len(a.PriceBreaks) != 0 || len(z.PriceBreaks) != 0 || len(after.CustomerTiers) != 0 {
		t.Fatalf("price breaks without any sales breaks: %+v %+v %+v", a.PriceBreaks, z.PriceBreaks, after.CustomerTiers)
	}
}

func TestItemCustomerDetailsOrderTiesBreakOnID(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("CD-TIE"))
	// A deleted customer frees its name, so two details can show the same customer name.
	first := newSubRecordCustomer(t, te, "Same Name")
	firstDetail := addCustomerDetail(t, te, itemID, fmt.Sprintf(`{"customerId":%q}`, first))
	deleteSubRecordCustomer(t, te, first)
	secondDetail := addCustomerDetail(t, te, itemID, fmt.Sprintf(`{"customerId":%q}`, newSubRecordCustomer(t, te, "same name")))
	want := []string{firstDetail, secondDetail}
	if secondDetail < firstDetail {
		want = []string{secondDetail, firstDetail}
	}
	if got := customerDetailIDs(listCustomerDetails(t, te, itemID)); !sameIDs(got, want) {
		t.Fatalf("details %v, want %v (equal names by id)", got, want)
	}
}

func TestItemCustomerDetailUpdateReplacesEveryMember(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("CD-UPD"))
	first, second, taken := newSubRecordCustomer(t, te, "First"), newSubRecordCustomer(t, te, "Second"), newSubRecordCustomer(t, te, "Taken")
	detail := addCustomerDetail(t, te, itemID, fmt.Sprintf(`{"customerId":%q,"customerItemNumber":"N-1","customerItemName":"Name","unitOfMeasureName":"Dozen"}`, first))
	addCustomerDetail(t, te, itemID, fmt.Sprintf(`{"customerId":%q}`, taken))
	path := "/api/items/" + itemID + "/customers/" + detail
	before := getItem(t, te, itemID)
	events := itemEvents(t, te, itemID)

	// Omitted members are cleared and the unit falls back to the inventory unit; the detail
	// may move to a customer without one.
	res, b := itemRequest(t, te, http.MethodPut, path, fmt.Sprintf(`{"customerId":%q,"customerItemNumber":" N-2 "}`, second))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var saved client.ItemCustomerDetail
	if err := json.Unmarshal(b, &saved); err != nil {
		t.Fatal(err)
	}
	if saved.Id != detail || saved.CustomerId != second || optText(saved.CustomerItemNumber) != "N-2" || saved.CustomerItemName != nil || saved.UnitOfMeasureName != "Each" {
		t.Fatalf("saved detail %+v", saved)
	}
	after := getItem(t, te, itemID)
	if !after.ModifiedUtc.After(before.ModifiedUtc) || itemEvents(t, te, itemID) != events+1 {
		t.Fatalf("update: modifiedUtc %v → %v, events %d → %d", before.ModifiedUtc, after.ModifiedUtc, events, itemEvents(t, te, itemID))
	}
	// Moving onto a customer that has a detail already is a 400 naming customerId.
	res, b = itemRequest(t, te, http.MethodPut, path, fmt.Sprintf(`{"customerId":%q}`, taken))
	mustItemField(t, res, b, "customerId")
	if n := itemEvents(t, te, itemID); n != events+1 {
		t.Fatalf("%d events after a refused update, want %d", n, events+1)
	}
}

func TestItemCustomerDetailWriteRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("CD-RULES"))
	path := "/api/items/" + itemID + "/customers"
	customer := func(name string) string { return newSubRecordCustomer(t, te, name) }
	// 400s naming the field: units of another type or in another case; text over 200.
	for _, c := range []struct{ body, field string }{
		{fmt.Sprintf(`{"customerId":%q,"unitOfMeasureName":"Foot"}`, customer("Unit Type")), "unitOfMeasureName"},
		{fmt.Sprintf(`{"customerId":%q,"unitOfMeasureName":"each"}`, customer("Unit Case")), "unitOfMeasureName"},
		{fmt.Sprintf(`{"customerId":%q,"customerItemNumber":%q}`, customer("Long Number"), strings.Repeat("n", 201)), "customerItemNumber"},
		{fmt.Sprintf(`{"customerId":%q,"customerItemName":%q}`, customer("Long Name"), strings.Repeat("n", 201)), "customerItemName"},
		{`{"customerId":"short"}`, "customerId"},
		{`{}`, "customerId"},
	} {
		res, b := itemRequest(t, te, http.MethodPost, path, c.body)
		mustItemField(t, res, b, c.field)
	}
	// Accepted: 200 characters, a null unit, and a priceBreaks member, which is ignored (a
	// detail's prices are the item's sales price breaks).
	ok := customer("Accepted")
	detail := addCustomerDetail(t, te, itemID, fmt.Sprintf(`{"customerId":%q,"customerItemName":"%s","unitOfMeasureName":null,
		"priceBreaks":[{"quantity":1,"price":5}]}`, ok, strings.Repeat("n", 200)))
	list := listCustomerDetails(t, te, itemID)
	if len(list) != 1 || list[0].Id != detail || len(optText(list[0].CustomerItemName)) != 200 || len(list[0].PriceBreaks) != 0 {
		t.Fatalf("accepted detail %+v", list)
	}
	if got := listSalesBreaks(t, te, itemID, `{}`); len(got) != 0 {
		t.Fatalf("a detail's priceBreaks member made sales breaks %+v", got)
	}
	// Unknown, deleted and other tenants' customers, unknown details and other items' details
	// are 404.
	gone := customer("Gone")
	deleteSubRecordCustomer(t, te, gone)
	otherItem := createItem(t, te, newItem("CD-OTHER"))
	otherDetail := addCustomerDetail(t, te, otherItem, fmt.Sprintf(`{"customerId":%q}`, ok))
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, path, fmt.Sprintf(`{"customerId":%q}`, unknownCustomerID)},
		{http.MethodPost, path, fmt.Sprintf(`{"customerId":%q}`, gone)},
		{http.MethodPost, path, fmt.Sprintf(`{"customerId":%q}`, newSubRecordCustomer(t, newTenant(t), "Foreign"))},
		{http.MethodPut, path + "/" + unknownSubRecordID, fmt.Sprintf(`{"customerId":%q}`, ok)},
		{http.MethodPut, path + "/" + otherDetail, fmt.Sprintf(`{"customerId":%q}`, ok)},
		{http.MethodPost, "/api/items/" + unknownCustomerID + "/customers", fmt.Sprintf(`{"customerId":%q}`, ok)},
	} {
		res, b := itemRequest(t, te, c.method, c.path, c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	// An item without an inventory unit takes no customer details.
	legacy := insertLegacyItem(t, te, "CD-LEGACY")
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+legacy+"/customers", fmt.Sprintf(`{"customerId":%q}`, ok))
	mustItemField(t, res, b, "unitOfMeasureName")
	if n := itemEvents(t, te, legacy); n != 0 {
		t.Fatalf("%d events for a refused change", n)
	}
}

func TestItemCustomerDetailOnePerCustomerEvenConcurrently(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("CD-ONE"))
	customer := newSubRecordCustomer(t, te, "Only Once")
	body := client.ItemCustomerDetailWrite{CustomerId: customer}
	counts := concurrently(t, 8, func() (int, error) {
		res, err := te.API.CreateItemCustomerDetailWithResponse(context.Background(), itemID, nil, body)
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 7 {
		t.Fatalf("concurrent creates answered %v, want one 200 and seven 400", counts)
	}
	if list := listCustomerDetails(t, te, itemID); len(list) != 1 {
		t.Fatalf("%d details for one customer", len(list))
	}
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+itemID+"/customers", fmt.Sprintf(`{"customerId":%q}`, customer))
	mustItemField(t, res, b, "customerId")
	// Another item may have a detail for the same customer.
	addCustomerDetail(t, te, createItem(t, te, newItem("CD-ONE-2")), fmt.Sprintf(`{"customerId":%q}`, customer))
}

func TestItemCustomerDetailDeleteAnswers200Then204(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("CD-DEL"))
	customer := newSubRecordCustomer(t, te, "Deleting")
	detail := addCustomerDetail(t, te, itemID, fmt.Sprintf(`{"customerId":%q}`, customer))
	replaceSalesBreaks(t, te, itemID, fmt.Sprintf(`{"priceBreaks":[{"quantity":1,"price":3,"customerId":%q}]}`, customer))
	before := getItem(t, te, itemID)
	events := itemEvents(t, te, itemID)

	res, err := te.API.DeleteItemCustomerDetailWithResponse(context.Background(), itemID, detail, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if res.JSON200 == nil || !res.JSON200.Success {
		t.Fatalf("delete body %s", res.Body)
	}
	after := getItem(t, te, itemID)
	if len(after.CustomerDetails) != 0 || !after.ModifiedUtc.After(before.ModifiedUtc) || itemEvents(t, te, itemID) != events+1 {
		t.Fatalf("after delete: details %+v, modifiedUtc %v → %v, events %d → %d", after.CustomerDetails, before.ModifiedUtc, after.ModifiedUtc, events, itemEvents(t, te, itemID))
	}
	// The customer's sales price breaks belong to the item and stay.
	if got := listSalesBreaks(t, te, itemID, `{}`); len(got) != 1 || optText(got[0].CustomerId) != customer {
		t.Fatalf("sales breaks after deleting the detail %+v", got)
	}
	// Deleting again, or an id the item never had, is a 204 that changes nothing.
	for _, id := range []string{detail, unknownSubRecordID} {
		res, err = te.API.DeleteItemCustomerDetailWithResponse(context.Background(), itemID, id, nil)
		if err != nil {
			t.Fatal(err)
		}
		mustStatus(t, res.StatusCode(), http.StatusNoContent, res.Body)
	}
	if n, m := itemEvents(t, te, itemID), getItem(t, te, itemID).ModifiedUtc; n != events+1 || !m.Equal(after.ModifiedUtc) {
		t.Fatalf("a 204 changed the item: events %d, modifiedUtc %v → %v", n, after.ModifiedUtc, m)
	}
	// An unknown item is 404; an item without an inventory unit refuses deletes too.
	r, b := itemRequest(t, te, http.MethodDelete, "/api/items/"+unknownCustomerID+"/customers/"+detail, "")
	mustProblem(t, r, b, http.StatusNotFound)
	r, b = itemRequest(t, te, http.MethodDelete, "/api/items/"+insertLegacyItem(t, te, "CD-DEL-LEGACY")+"/customers/"+detail, "")
	mustItemField(t, r, b, "unitOfMeasureName")
}
