package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/dec"
)

func plPartPath(orderID string) string { return poOrderPath(orderID) + "/part-line-items" }
func plOPPath(orderID string) string   { return poOrderPath(orderID) + "/outside-processing-line-items" }

// plSend sends body (JSON, or a JSON Patch for PATCH) with te's token.
func plSend(t *testing.T, te *tenantEnv, method, path, body string) (rawResponse, []byte) {
	t.Helper()
	contentType := ""
	if body != "" {
		contentType = "application/json"
		if method == http.MethodPatch {
			contentType = "application/json-patch+json"
		}
	}
	return rawRequest(t, method, path, te.Token, contentType, body)
}

// plAddPart adds a part line and answers its id.
func plAddPart(t *testing.T, te *tenantEnv, orderID string, body map[string]any) string {
	t.Helper()
	res, b := plSend(t, te, http.MethodPost, plPartPath(orderID), soJSON(t, body))
	return createdID(t, res, b)
}

// plAddOP adds an outside-processing line and answers its id.
func plAddOP(t *testing.T, te *tenantEnv, orderID string, body map[string]any) string {
	t.Helper()
	res, b := plSend(t, te, http.MethodPost, plOPPath(orderID), soJSON(t, body))
	return createdID(t, res, b)
}

func plDecode[T any](t *testing.T, res rawResponse, body []byte) T {
	t.Helper()
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func plGetPart(t *testing.T, te *tenantEnv, orderID, lineID string) client.PurchaseOrderPartLineItem {
	t.Helper()
	res, b := plSend(t, te, http.MethodGet, plPartPath(orderID)+"/"+lineID, "")
	return plDecode[client.PurchaseOrderPartLineItem](t, res, b)
}

func plGetOP(t *testing.T, te *tenantEnv, orderID, lineID string) client.PurchaseOrderOutsideProcessingLineItem {
	t.Helper()
	res, b := plSend(t, te, http.MethodGet, plOPPath(orderID)+"/"+lineID, "")
	return plDecode[client.PurchaseOrderOutsideProcessingLineItem](t, res, b)
}

// plSetReceived stands in for a receipt: it sets the line's received quantity.
func plSetReceived(t *testing.T, te *tenantEnv, table, lineID, quantity string) {
	t.Helper()
	if _, err := srv.Pool.Exec(`UPDATE `+table+` SET received_quantity = $3 WHERE tenant_id = $1 AND id = $2`, te.ID, lineID, quantity); err != nil {
		t.Fatal(err)
	}
}

// plVendorItem makes a vendor and an item (by the Each) with a vendor detail for it in
// Dozen (1 Dozen = 12 Each), priced 30 a Dozen, 25 from 10 Dozen, vendor item number V-1.
func plVendorItem(t *testing.T, te *tenantEnv, number string) (vendorID, itemID string) {
	t.Helper()
	vendorID = poVendorIn(t, te, "Vendor "+number, "USD")
	itemID = createItem(t, te, newItem(number))
	addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"vendorItemNumber":"V-1","price":30,"unitOfMeasureName":"Dozen","inventoryUnitQuantity":12,"priceBreaks":[{"quantity":10,"price":25}]}`, vendorID))
	return vendorID, itemID
}

func plMustDec(t *testing.T, what string, got dec.Decimal, want string) {
	t.Helper()
	if !got.Equal(dec.MustParse(want).Decimal) {
		t.Errorf("%s = %s, want %s", what, got, want)
	}
}

func TestPurchaseOrderPartLineDefaultsFromTheVendorDetail(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor, item := plVendorItem(t, te, "PL-DEF")
	orderID := poCreate(t, te, map[string]any{"vendorId": vendor, "dueDate": "2026-12-20"})
	l := plGetPart(t, te, orderID, plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": 2}))
	if l.UnitOfMeasureName != "Dozen" || optText(l.VendorItemNumber) != "V-1" || l.LineNumber != 1 || l.ItemId != item || l.Item.Number != "PL-DEF" {
		t.Fatalf("defaults %+v", l)
	}
	plMustDec(t, "inventoryUnitQuantity", l.InventoryUnitQuantity, "24")
	plMustDec(t, "unitPrice", l.UnitPrice, "30")
	plMustDec(t, "subTotal", l.SubTotal, "60")
	plMustDec(t, "receivedQuantity", l.ReceivedQuantity, "0")
	if l.DueDate == nil || poDay(*l.DueDate) != "2026-12-20T00:00:00Z" {
		t.Fatalf("dueDate %v, want the order's", l.DueDate)
	}
	// The price break for 10 Dozen and more.
	big := plGetPart(t, te, orderID, plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": 12}))
	plMustDec(t, "break price", big.UnitPrice, "25")
	if big.LineNumber != 2 {
		t.Fatalf("second line number %d", big.LineNumber)
	}
	// The inventory unit: equal quantity, no vendor price in it (0), own values kept.
	each := plGetPart(t, te, orderID, plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": 5, "unitOfMeasureName": "Each",
		"vendorItemNumber": " ", "description": "  Bolts ", "dueDate": "2027-01-05", "notes": " rush "}))
	plMustDec(t, "each inventory quantity", each.InventoryUnitQuantity, "5")
	plMustDec(t, "each price", each.UnitPrice, "0")
	if each.VendorItemNumber != nil || optText(each.Description) != "Bolts" || poDay(*each.DueDate) != "2027-01-05T00:00:00Z" || optText(each.Notes) != "rush" {
		t.Fatalf("sent values %+v", each)
	}
	// Sent price and inventory quantity win.
	sent := plGetPart(t, te, orderID, plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": 1, "unitPrice": 7.5, "inventoryUnitQuantity": 11}))
	plMustDec(t, "sent price", sent.UnitPrice, "7.5")
	plMustDec(t, "sent inventory quantity", sent.InventoryUnitQuantity, "11")
	// A vendor priced only by breaks: below the smallest, its price (as the item's input unit
	// cost takes it).
	breaksOnly := poVendorIn(t, te, "Breaks only", "USD")
	addVendorDetail(t, te, item, fmt.Sprintf(`{"vendorId":%q,"unitOfMeasureName":"Dozen","inventoryUnitQuantity":12,"priceBreaks":[{"quantity":50,"price":18},{"quantity":10,"price":21}]}`, breaksOnly))
	small := poCreate(t, te, map[string]any{"vendorId": breaksOnly})
	plMustDec(t, "below every break", plGetPart(t, te, small, plAddPart(t, te, small, map[string]any{"itemId": item, "quantity": 2})).UnitPrice, "21")
	plMustDec(t, "the break for 60", plGetPart(t, te, small, plAddPart(t, te, small, map[string]any{"itemId": item, "quantity": 60})).UnitPrice, "18")
	// Another vendor's order: no vendor detail, so the inventory unit and price 0.
	other := poFor(t, te)
	o := plGetPart(t, te, other, plAddPart(t, te, other, map[string]any{"itemId": item, "quantity": 3}))
	if o.UnitOfMeasureName != "Each" || o.VendorItemNumber != nil {
		t.Fatalf("no-detail defaults %+v", o)
	}
	plMustDec(t, "no-detail price", o.UnitPrice, "0")
	plMustDec(t, "no-detail inventory quantity", o.InventoryUnitQuantity, "3")
	// A unit with no known conversion needs inventoryUnitQuantity.
	res, b := plSend(t, te, http.MethodPost, plPartPath(other), soJSON(t, map[string]any{"itemId": item, "quantity": 3, "unitOfMeasureName": "Pallet"}))
	mustProblemNaming(t, res, b, "inventoryUnitQuantity")
	pallet := plGetPart(t, te, other, plAddPart(t, te, other, map[string]any{"itemId": item, "quantity": 3, "unitOfMeasureName": "Pallet", "inventoryUnitQuantity": 300}))
	plMustDec(t, "pallet inventory quantity", pallet.InventoryUnitQuantity, "300")
}

func TestPurchaseOrderPartLineRefusesBadInput(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	vendor, item := plVendorItem(t, te, "PL-BAD")
	orderID := poCreate(t, te, map[string]any{"vendorId": vendor})
	line := func(extra map[string]any) string {
		body := map[string]any{"itemId": item, "quantity": 1}
		for k, v := range extra {
			body[k] = v
		}
		return soJSON(t, body)
	}
	for name, c := range map[string]struct{ body, field string }{
		"zero quantity":           {line(map[string]any{"quantity": 0}), "quantity"},
		"negative price":          {line(map[string]any{"unitPrice": -1}), "unitPrice"},
		"percent above 100":       {line(map[string]any{"discount": map[string]any{"isPercentage": true, "value": 101}}), "discount"},
		"amount above subtotal":   {line(map[string]any{"unitPrice": 10, "discount": map[string]any{"isPercentage": false, "value": 11}}), "discount"},
		"zero inventory quantity": {line(map[string]any{"inventoryUnitQuantity": 0}), "inventoryUnitQuantity"},
		"bad due date":            {line(map[string]any{"dueDate": "2026-02-30"}), "dueDate"},
		"unknown custom field":    {line(map[string]any{"customFields": map[string]any{"nope": "x"}}), "customFields.nope"},
	} {
		t.Run(name, func(t *testing.T) {
			res, b := plSend(t, te, http.MethodPost, plPartPath(orderID), c.body)
			mustProblemNaming(t, res, b, c.field)
		})
	}
	otherItem := createItem(t, other, newItem("PL-OTHER"))
	for name, body := range map[string]string{
		"unknown item":        line(map[string]any{"itemId": poUnknownID}),
		"other tenant's item": line(map[string]any{"itemId": otherItem}),
		"unknown tax rate":    line(map[string]any{"taxRateId": poUnknownID}),
	} {
		t.Run(name, func(t *testing.T) {
			res, b := plSend(t, te, http.MethodPost, plPartPath(orderID), body)
			p := mustProblem(t, res, b, http.StatusNotFound)
			if name == "unknown tax rate" {
				mustNameField(t, p, "taxRateId")
			} else {
				mustNameField(t, p, "itemId")
			}
		})
	}
	res, b := plSend(t, te, http.MethodPost, plPartPath(poUnknownID), line(nil))
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPost, plPartPath(orderID), other.Token, "application/json", line(nil))
	mustProblem(t, res, b, http.StatusNotFound)
	if got := poGet(t, te, orderID); got.LineSubTotal.String() != "0" {
		t.Fatalf("refused lines changed the totals: %s", got.LineSubTotal)
	}
}

func TestPurchaseOrderLinesShareOneNumberingAndRecomputeTotals(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor, item := plVendorItem(t, te, "PL-TOT")
	orderID := poCreate(t, te, map[string]any{"vendorId": vendor})
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: dec.MustParse("10")})
	part := plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": 2, "unitPrice": 50, "isTaxable": true, "taxRateId": rate,
		"discount": map[string]any{"isPercentage": true, "value": 10}})
	op := plAddOP(t, te, orderID, map[string]any{"description": "Anodize", "quantity": 4, "unitOfMeasureName": "Each", "unitPrice": 2.5})
	if n := plGetOP(t, te, orderID, op).LineNumber; n != 2 {
		t.Fatalf("outside-processing line number %d, want 2 after the part line", n)
	}
	o := poGet(t, te, orderID)
	plMustDec(t, "lineSubTotal", o.LineSubTotal, "100")
	plMustDec(t, "taxTotal", o.TaxTotal, "9")
	plMustDec(t, "total", o.Total, "109")
	p := plGetPart(t, te, orderID, part)
	plMustDec(t, "preDiscountSubTotal", p.PreDiscountSubTotal, "100")
	plMustDec(t, "discountAmount", p.DiscountAmount, "10")
	plMustDec(t, "tax", p.Tax, "9")
	plMustDec(t, "taxRate", p.TaxRate, "10")
	// The own-tax allocation of the taxable line.
	res, b := plSend(t, te, http.MethodGet, plPartPath(orderID)+"/"+part+"/tax-allocations", "")
	alloc := plDecode[client.PurchaseOrderTaxAllocations](t, res, b)
	if len(alloc.Items) != 1 || alloc.Items[0].TaxLineId != nil || alloc.Items[0].Name != nil || optText(alloc.Items[0].TaxRateId) != rate {
		t.Fatalf("allocations %s", b)
	}
	plMustDec(t, "allocation rate", alloc.Items[0].Rate, "10")
	plMustDec(t, "allocation taxed", alloc.Items[0].TaxedAmount, "90")
	plMustDec(t, "allocation amount", alloc.Items[0].Amount, "9")
	res, b = plSend(t, te, http.MethodGet, plOPPath(orderID)+"/"+op+"/tax-allocations", "")
	if a := plDecode[client.PurchaseOrderTaxAllocations](t, res, b); len(a.Items) != 0 {
		t.Fatalf("untaxed line allocations %s", b)
	}
	// A line of the other kind, of another order or unknown is 404.
	for _, path := range []string{plOPPath(orderID) + "/" + part + "/tax-allocations", plPartPath(orderID) + "/" + op + "/tax-allocations",
		plPartPath(poFor(t, te)) + "/" + part + "/tax-allocations", plPartPath(orderID) + "/" + op, plOPPath(orderID) + "/" + part} {
		res, b := plSend(t, te, http.MethodGet, path, "")
		mustProblem(t, res, b, http.StatusNotFound)
	}
	// Update and delete recompute.
	res, b = plSend(t, te, http.MethodPut, plOPPath(orderID)+"/"+op, `{"description":"Anodize","quantity":4,"unitOfMeasureName":"Each","unitPrice":5}`)
	plMustDec(t, "updated op subTotal", plDecode[client.PurchaseOrderOutsideProcessingLineItem](t, res, b).SubTotal, "20")
	plMustDec(t, "total after update", poGet(t, te, orderID).Total, "119")
	res, b = plSend(t, te, http.MethodDelete, plPartPath(orderID)+"/"+part, "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	o = poGet(t, te, orderID)
	plMustDec(t, "total after delete", o.Total, "20")
	plMustDec(t, "tax after delete", o.TaxTotal, "0")
	res, b = plSend(t, te, http.MethodDelete, plPartPath(orderID)+"/"+part, "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	// Numbers are not reused: the next line is 3.
	if n := plGetPart(t, te, orderID, plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": 1})).LineNumber; n != 3 {
		t.Fatalf("next line number %d, want 3", n)
	}
}

func TestPurchaseOrderPartLineUpdatePatchAndList(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor, item := plVendorItem(t, te, "PL-UPD")
	second := createItem(t, te, newItem("PL-UPD-2"))
	orderID := poCreate(t, te, map[string]any{"vendorId": vendor})
	field := createCustomField(t, te, textField("drawing", client.CustomFieldModulePurchaseOrderPartLineItem))
	_ = field
	a := plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": 1, "customFields": map[string]any{"drawing": "A"}})
	bID := plAddPart(t, te, orderID, map[string]any{"itemId": second, "quantity": 2, "unitPrice": 3})
	// A patch of the quantity derives the inventory quantity again and keeps the price and
	// the custom fields.
	res, b := plSend(t, te, http.MethodPatch, plPartPath(orderID)+"/"+a, `[{"op":"replace","path":"/quantity","value":3}]`)
	l := plDecode[client.PurchaseOrderPartLineItem](t, res, b)
	plMustDec(t, "patched inventory quantity", l.InventoryUnitQuantity, "36")
	plMustDec(t, "patched price", l.UnitPrice, "30")
	if l.CustomFields["drawing"] != "A" || optText(l.VendorItemNumber) != "V-1" {
		t.Fatalf("patch lost members %+v", l)
	}
	res, b = plSend(t, te, http.MethodPatch, plPartPath(orderID)+"/"+a, `[{"op":"replace","path":"/lineNumber","value":9}]`)
	mustProblemNaming(t, res, b, "[0].path")
	// A full update without customFields keeps them.
	res, b = plSend(t, te, http.MethodPut, plPartPath(orderID)+"/"+a, soJSON(t, map[string]any{"itemId": item, "quantity": 4, "unitPrice": 1}))
	if l = plDecode[client.PurchaseOrderPartLineItem](t, res, b); l.CustomFields["drawing"] != "A" || l.LineNumber != 1 {
		t.Fatalf("update %+v", l)
	}
	// The list: line number order, filters, paging.
	res, b = plSend(t, te, http.MethodPost, plPartPath(orderID)+"/list", `{}`)
	list := plDecode[[]client.PurchaseOrderPartLineItem](t, res, b)
	if len(list) != 2 || list[0].Id != a || list[1].Id != bID {
		t.Fatalf("list %s", b)
	}
	res, b = plSend(t, te, http.MethodPost, plPartPath(orderID)+"/list", soJSON(t, map[string]any{"itemIds": []string{second}}))
	if list = plDecode[[]client.PurchaseOrderPartLineItem](t, res, b); len(list) != 1 || list[0].Id != bID {
		t.Fatalf("itemIds filter %s", b)
	}
	res, b = plSend(t, te, http.MethodPost, plPartPath(orderID)+"/list?Sort.Field=lineNumber&Sort.Dir=descending&Take=1", `{}`)
	if list = plDecode[[]client.PurchaseOrderPartLineItem](t, res, b); len(list) != 1 || list[0].Id != bID {
		t.Fatalf("sorted page %s", b)
	}
	res, b = plSend(t, te, http.MethodPost, plPartPath(orderID)+"/list?Sort.Field=nope", `{}`)
	mustStatus(t, res.StatusCode, http.StatusBadRequest, b)
	// A deleted order's lines stay readable; its line writes are 404.
	res, b = plSend(t, te, http.MethodDelete, poOrderPath(orderID), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	plGetPart(t, te, orderID, a)
	res, b = plSend(t, te, http.MethodPut, plPartPath(orderID)+"/"+a, soJSON(t, map[string]any{"itemId": item, "quantity": 4}))
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestPurchaseOrderLinesWritableOnlyWhileDraftOrOrdered(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor, item := plVendorItem(t, te, "PL-ST")
	for _, status := range []client.PurchaseOrderStatus{client.PurchaseOrderStatusPaid, client.PurchaseOrderStatusClosed, client.PurchaseOrderStatusCancelled} {
		t.Run(string(status), func(t *testing.T) {
			orderID := poCreate(t, te, map[string]any{"vendorId": vendor})
			part := plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": 1})
			op := plAddOP(t, te, orderID, map[string]any{"description": "Plate", "quantity": 1, "unitOfMeasureName": "Each", "unitPrice": 1})
			poMoveTo(t, te, orderID, status)
			for _, w := range []struct{ method, path, body string }{
				{http.MethodPost, plPartPath(orderID), soJSON(t, map[string]any{"itemId": item, "quantity": 1})},
				{http.MethodPut, plPartPath(orderID) + "/" + part, soJSON(t, map[string]any{"itemId": item, "quantity": 2})},
				{http.MethodPatch, plPartPath(orderID) + "/" + part, `[{"op":"replace","path":"/quantity","value":2}]`},
				{http.MethodDelete, plPartPath(orderID) + "/" + part, ""},
				{http.MethodPost, plOPPath(orderID), `{"description":"x","quantity":1,"unitOfMeasureName":"Each","unitPrice":1}`},
				{http.MethodDelete, plOPPath(orderID) + "/" + op, ""},
			} {
				res, b := plSend(t, te, w.method, w.path, w.body)
				mustProblemNaming(t, res, b, "status")
			}
		})
	}
	// Ordered accepts line writes.
	orderID := poCreate(t, te, map[string]any{"vendorId": vendor})
	poMoveTo(t, te, orderID, client.PurchaseOrderStatusOrdered)
	plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": 1})
}

func TestPurchaseOrderReceivedLinesKeepTheirQuantityAndCannotBeDeleted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor, item := plVendorItem(t, te, "PL-RCV")
	orderID := poCreate(t, te, map[string]any{"vendorId": vendor})
	part := plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": 5})
	op := plAddOP(t, te, orderID, map[string]any{"description": "Heat treat", "quantity": 5, "unitOfMeasureName": "Each", "unitPrice": 1})
	plSetReceived(t, te, "purchase_order_part_lines", part, "3")
	plSetReceived(t, te, "purchase_order_outside_processing_lines", op, "2")
	res, b := plSend(t, te, http.MethodPatch, plPartPath(orderID)+"/"+part, `[{"op":"replace","path":"/quantity","value":2}]`)
	mustProblemNaming(t, res, b, "quantity")
	res, b = plSend(t, te, http.MethodPut, plOPPath(orderID)+"/"+op, `{"description":"x","quantity":1,"unitOfMeasureName":"Each","unitPrice":1}`)
	mustProblemNaming(t, res, b, "quantity")
	res, b = plSend(t, te, http.MethodPatch, plPartPath(orderID)+"/"+part, `[{"op":"replace","path":"/quantity","value":3}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = plSend(t, te, http.MethodDelete, plPartPath(orderID)+"/"+part, "")
	mustProblemNaming(t, res, b, "receivedQuantity")
	res, b = plSend(t, te, http.MethodDelete, plOPPath(orderID)+"/"+op, "")
	mustProblemNaming(t, res, b, "receivedQuantity")
	if l := plGetPart(t, te, orderID, part); !l.ReceivedQuantity.Equal(dec.MustParse("3").Decimal) {
		t.Fatalf("received %s", l.ReceivedQuantity)
	}
}

func TestPurchaseOrderOutsideProcessingLineRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor, item := plVendorItem(t, te, "PL-OP")
	orderID := poCreate(t, te, map[string]any{"vendorId": vendor, "dueDate": "2026-12-01"})
	createCustomField(t, te, textField("spec", client.CustomFieldModuleOutsideProcessingLineItem))
	// The line names an operation of a job (its job operation row).
	jobFix := newJobFixture(t, te, "")
	jobOps, _ := jobItemRouting(t, te, getJob(t, te, createJobMaking(t, te, jobFix.Item, "1")).ItemsToMake[0].Id)
	jobOp := jobOps[0]
	id := plAddOP(t, te, orderID, map[string]any{"itemId": item, "jobOperationId": jobOp, "description": "  Black oxide ", "quantity": 10, "unitPrice": 0.75,
		"customFields": map[string]any{"spec": "MIL"}})
	l := plGetOP(t, te, orderID, id)
	if l.UnitOfMeasureName != "Each" || optText(l.ItemId) != item || optText(l.JobOperationId) != jobOp || l.Description != "Black oxide" || l.CustomFields["spec"] != "MIL" {
		t.Fatalf("line %+v", l)
	}
	if l.DueDate == nil || poDay(*l.DueDate) != "2026-12-01T00:00:00Z" {
		t.Fatalf("dueDate %v", l.DueDate)
	}
	plMustDec(t, "subTotal", l.SubTotal, "7.5")
	for name, c := range map[string]struct{ body, field string }{
		"no unit without item":  {`{"description":"x","quantity":1,"unitPrice":1}`, "unitOfMeasureName"},
		"blank description":     {`{"description":"  ","quantity":1,"unitOfMeasureName":"Each","unitPrice":1}`, "description"},
		"zero quantity":         {`{"description":"x","quantity":0,"unitOfMeasureName":"Each","unitPrice":1}`, "quantity"},
		"negative price":        {`{"description":"x","quantity":1,"unitOfMeasureName":"Each","unitPrice":-1}`, "unitPrice"},
		"short job operation":   {`{"jobOperationId":"short","description":"x","quantity":1,"unitOfMeasureName":"Each","unitPrice":1}`, "jobOperationId"},
		"unknown job operation": {`{"jobOperationId":"00000000-0000-7000-8000-00000000abcd","description":"x","quantity":1,"unitOfMeasureName":"Each","unitPrice":1}`, "jobOperationId"},
		"bad custom field":      {`{"description":"x","quantity":1,"unitOfMeasureName":"Each","unitPrice":1,"customFields":{"nope":1}}`, "customFields.nope"},
	} {
		t.Run(name, func(t *testing.T) {
			res, b := plSend(t, te, http.MethodPost, plOPPath(orderID), c.body)
			mustProblemNaming(t, res, b, c.field)
		})
	}
	res, b := plSend(t, te, http.MethodPost, plOPPath(orderID), soJSON(t, map[string]any{"itemId": poUnknownID, "description": "x", "quantity": 1, "unitPrice": 1}))
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "itemId")
	// Patch, list with filters.
	res, b = plSend(t, te, http.MethodPatch, plOPPath(orderID)+"/"+id, `[{"op":"replace","path":"/unitPrice","value":1}]`)
	if p := plDecode[client.PurchaseOrderOutsideProcessingLineItem](t, res, b); p.CustomFields["spec"] != "MIL" || optText(p.JobOperationId) != jobOp {
		t.Fatalf("patched %+v", p)
	}
	plMustDec(t, "total after patch", poGet(t, te, orderID).Total, "10")
	noItem := plAddOP(t, te, orderID, map[string]any{"description": "Deburr", "quantity": 1, "unitOfMeasureName": "Lot", "unitPrice": 40})
	for body, want := range map[string][]string{
		`{}`: {id, noItem},
		soJSON(t, map[string]any{"itemIds": []string{item}}):          {id},
		soJSON(t, map[string]any{"jobOperationIds": []string{jobOp}}): {id},
		soJSON(t, map[string]any{"ids": []string{noItem}}):            {noItem},
	} {
		res, b := plSend(t, te, http.MethodPost, plOPPath(orderID)+"/list", body)
		list := plDecode[[]client.PurchaseOrderOutsideProcessingLineItem](t, res, b)
		got := make([]string, len(list))
		for i, l := range list {
			got[i] = l.Id
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("list %s: %v, want %v", body, got, want)
		}
	}
}

func TestPurchaseOrderLineTenantsAndPermissions(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	vendor, item := plVendorItem(t, te, "PL-TEN")
	orderID := poCreate(t, te, map[string]any{"vendorId": vendor})
	part := plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": 1})
	op := plAddOP(t, te, orderID, map[string]any{"description": "x", "quantity": 1, "unitOfMeasureName": "Each", "unitPrice": 1})
	for _, w := range []struct{ method, path, body string }{
		{http.MethodGet, plPartPath(orderID) + "/" + part, ""},
		{http.MethodPost, plPartPath(orderID) + "/list", `{}`},
		{http.MethodPut, plPartPath(orderID) + "/" + part, soJSON(t, map[string]any{"itemId": item, "quantity": 1})},
		{http.MethodDelete, plPartPath(orderID) + "/" + part, ""},
		{http.MethodGet, plPartPath(orderID) + "/" + part + "/tax-allocations", ""},
		{http.MethodGet, plOPPath(orderID) + "/" + op, ""},
		{http.MethodPost, plOPPath(orderID) + "/list", `{}`},
		{http.MethodDelete, plOPPath(orderID) + "/" + op, ""},
	} {
		res, b := plSend(t, other, w.method, w.path, w.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	viewer := te.userToken(t, "View Purchase Order")
	res, b := rawRequest(t, http.MethodPost, plPartPath(orderID), viewer, "application/json", soJSON(t, map[string]any{"itemId": item, "quantity": 1}))
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodDelete, plOPPath(orderID)+"/"+op, viewer, "", "")
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodGet, plPartPath(orderID)+"/"+part, viewer, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	editor := te.userToken(t, "Edit Purchase Order")
	res, b = rawRequest(t, http.MethodGet, plPartPath(orderID)+"/"+part, editor, "", "")
	mustProblem(t, res, b, http.StatusForbidden)
}

func TestPurchaseOrderLineBlocksItsItemsUnitChange(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("PL-UNIT")
	w.UnitTypeName, w.UnitOfMeasureName = "Length", "Foot"
	itemID := createItem(t, te, w)
	orderID := poFor(t, te)
	lineID := plAddOP(t, te, orderID, map[string]any{"itemId": itemID, "description": "Cut", "quantity": 1, "unitPrice": 1})
	res, b := itemRequest(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Inch"}`)
	mustItemField(t, res, b, "unitOfMeasureName")
	res, b = plSend(t, te, http.MethodDelete, plOPPath(orderID)+"/"+lineID, "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	part := plAddPart(t, te, orderID, map[string]any{"itemId": itemID, "quantity": 1})
	res, b = itemRequest(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Inch"}`)
	mustItemField(t, res, b, "unitOfMeasureName")
	res, b = plSend(t, te, http.MethodDelete, plPartPath(orderID)+"/"+part, "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = itemRequest(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Inch"}`)
	if it := mustItem(t, res, b); optText(it.UnitOfMeasureName) != "Inch" {
		t.Fatalf("unit %q after the lines' delete, want Inch", optText(it.UnitOfMeasureName))
	}
}

func TestPurchaseOrderLineNumbersUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor, item := plVendorItem(t, te, "PL-CON")
	orderID := poCreate(t, te, map[string]any{"vendorId": vendor})
	const n = 6
	start := make(chan struct{})
	var wg sync.WaitGroup
	codes := make([]int, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-start
			path, body := plPartPath(orderID), soJSON(t, map[string]any{"itemId": item, "quantity": 1, "unitPrice": 1})
			if i%2 == 1 {
				path, body = plOPPath(orderID), `{"description":"x","quantity":1,"unitOfMeasureName":"Each","unitPrice":1}`
			}
			res, _ := plSend(t, te, http.MethodPost, path, body)
			codes[i] = res.StatusCode
		}(i)
	}
	close(start)
	wg.Wait()
	for i, c := range codes {
		if c != http.StatusOK {
			t.Fatalf("create %d answered %d", i, c)
		}
	}
	seen := map[int32]bool{}
	res, b := plSend(t, te, http.MethodPost, plPartPath(orderID)+"/list", `{}`)
	for _, l := range plDecode[[]client.PurchaseOrderPartLineItem](t, res, b) {
		seen[l.LineNumber] = true
	}
	res, b = plSend(t, te, http.MethodPost, plOPPath(orderID)+"/list", `{}`)
	for _, l := range plDecode[[]client.PurchaseOrderOutsideProcessingLineItem](t, res, b) {
		seen[l.LineNumber] = true
	}
	for k := int32(1); k <= n; k++ {
		if !seen[k] {
			t.Fatalf("line numbers %v, want 1..%d", seen, n)
		}
	}
	plMustDec(t, "total", poGet(t, te, orderID).Total, fmt.Sprint(n))
}

func TestPurchaseOrderPartLineAttachments(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor, item := plVendorItem(t, te, "PL-ATT")
	orderID := poCreate(t, te, map[string]any{"vendorId": vendor})
	lineID := plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": 1})
	res := upload(t, te.API, &filePart{name: "cert.pdf", content: uniqueBytes(t, t.Name(), 128)},
		part{"Detail.Owner.Type", "purchaseOrderPartLineItem"}, part{"Detail.Owner.Id", lineID}, part{"Detail.IsNoteAttachment", "false"})
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	res = upload(t, te.API, &filePart{name: "cert.pdf", content: uniqueBytes(t, t.Name()+"u", 128)},
		part{"Detail.Owner.Type", "purchaseOrderPartLineItem"}, part{"Detail.Owner.Id", "ffffffff-ffff-ffff-ffff-ffffffffffff"}, part{"Detail.IsNoteAttachment", "false"})
	mustStatus(t, res.StatusCode(), http.StatusNotFound, res.Body)
}

func TestItemPurchaseHistoryCountsOrderedAndPaidPartLines(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	vendor, item := plVendorItem(t, te, "PL-HIST")
	other := poVendorIn(t, te, "Second vendor", "USD")
	add := func(vendorID string, status client.PurchaseOrderStatus, orderDate string, price string) string {
		orderID := poCreate(t, te, map[string]any{"vendorId": vendorID, "orderDate": orderDate})
		plAddPart(t, te, orderID, map[string]any{"itemId": item, "quantity": 4, "unitOfMeasureName": "Each", "unitPrice": dec.MustParse(price)})
		poMoveTo(t, te, orderID, status)
		return orderID
	}
	today := poGet(t, te, poFor(t, te)).OrderDate
	day := func(monthsAgo int) string { return today.AddDate(0, -monthsAgo, 0).Format("2006-01-02") }
	newest := add(vendor, client.PurchaseOrderStatusOrdered, day(1), "10")
	paid := add(other, client.PurchaseOrderStatusPaid, day(3), "14")
	add(vendor, client.PurchaseOrderStatusDraft, day(1), "99")
	add(vendor, client.PurchaseOrderStatusClosed, day(1), "99")
	add(vendor, client.PurchaseOrderStatusCancelled, day(1), "99")
	old := add(vendor, client.PurchaseOrderStatusOrdered, day(20), "5")
	res, b := purchaseHistory(t, te.Token, item, "")
	h := plDecode[client.ItemPurchaseHistory](t, res, b)
	if h.TotalPurchaseCount != 2 || len(h.Purchases) != 2 || h.Purchases[0].PurchaseOrder.Id != newest || h.Purchases[1].PurchaseOrder.Id != paid {
		t.Fatalf("history %s", b)
	}
	p := h.Purchases[0]
	if p.PurchaseOrderStatus != client.ItemPurchasePurchaseOrderStatusOrdered || p.Vendor.Id != vendor || p.ActualBilledUnitPrice != nil ||
		h.Purchases[1].PurchaseOrderStatus != client.ItemPurchasePurchaseOrderStatusPaid || h.Purchases[1].Vendor.Name != "Second vendor" {
		t.Fatalf("purchase %s", b)
	}
	plMustDec(t, "quantityOrdered", p.QuantityOrdered, "4")
	plMustDec(t, "quantityReceived", p.QuantityReceived, "0")
	s := h.Summary
	if s.MinUnitPrice == nil || s.MaxUnitPrice == nil || s.AvgUnitPrice == nil || s.LatestUnitPrice == nil || s.VendorCount != 2 {
		t.Fatalf("summary %s", b)
	}
	plMustDec(t, "min", *s.MinUnitPrice, "10")
	plMustDec(t, "max", *s.MaxUnitPrice, "14")
	plMustDec(t, "avg", *s.AvgUnitPrice, "12")
	plMustDec(t, "latest", *s.LatestUnitPrice, "10")
	// A window of 24 months takes the old order too.
	res, b = purchaseHistory(t, te.Token, item, "?months=24")
	if h = plDecode[client.ItemPurchaseHistory](t, res, b); h.TotalPurchaseCount != 3 || h.Purchases[2].PurchaseOrder.Id != old {
		t.Fatalf("24-month history %s", b)
	}
}

// plArrangeLines: a purchase order with one part line and one outside-processing line
// (small) or 25 of each (large, taxable, discounted, with a tax rate and custom fields); the
// large lists read all 25 at once, the tax allocations price every line of the order, and its
// PDF prints all 50.
func plArrangeLines(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, lines int) (orderID, partID, opID string) {
		vendor, item := plVendorItem(t, te, "PL-COUNT")
		createCustomField(t, te, textField("drawing", client.CustomFieldModulePurchaseOrderPartLineItem))
		rate := createTaxRate(t, te, client.TaxRateWrite{Name: "Counted", Rate: dec.MustParse("7")})
		orderID = poCreate(t, te, map[string]any{"vendorId": vendor})
		for k := range lines {
			id := arrangeCreate(t, te, plPartPath(orderID), fmt.Sprintf(`{"itemId":%q,"quantity":%d,"isTaxable":true,"taxRateId":%q,
				"discount":{"isPercentage":true,"value":5},"customFields":{"drawing":"D%d"}}`, item, k+1, rate, k))
			op := arrangeCreate(t, te, plOPPath(orderID), fmt.Sprintf(`{"itemId":%q,"description":"Plate %d","quantity":%d,"unitPrice":2,
				"isTaxable":true,"taxRateId":%q}`, item, k, k+1, rate))
			if k == 0 {
				partID, opID = id, op
			}
		}
		return orderID, partID, opID
	}
	so, sp, sop := build(small, 1)
	lo, lp, lop := build(large, 25)
	return []readCase{
		{op: "listPurchaseOrderPartLines", list: true,
			small: readCall{http.MethodPost, plPartPath(so) + "/list?Take=1", `{}`},
			large: readCall{http.MethodPost, plPartPath(lo) + "/list?Take=50", `{}`}},
		{op: "listPurchaseOrderOutsideProcessingLines", list: true,
			small: readCall{http.MethodPost, plOPPath(so) + "/list?Take=1", `{}`},
			large: readCall{http.MethodPost, plOPPath(lo) + "/list?Take=50", `{}`}},
		getRead("getPurchaseOrderPartLine", plPartPath(so)+"/"+sp, plPartPath(lo)+"/"+lp),
		getRead("getPurchaseOrderOutsideProcessingLine", plOPPath(so)+"/"+sop, plOPPath(lo)+"/"+lop),
		getRead("getPurchaseOrderPartLineTaxAllocations", plPartPath(so)+"/"+sp+"/tax-allocations", plPartPath(lo)+"/"+lp+"/tax-allocations"),
		getRead("getPurchaseOrderOutsideProcessingLineTaxAllocations", plOPPath(so)+"/"+sop+"/tax-allocations", plOPPath(lo)+"/"+lop+"/tax-allocations"),
		getRead("getPurchaseOrderPdf", poOrderPath(so)+"/pdf", poOrderPath(lo)+"/pdf"),
	}
}
