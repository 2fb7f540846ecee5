package tests

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// The blanket lines of sales orders: an item promised in a total quantity over a period at a
// unit price, released over time into part lines; they carry no money of their own.

func sbLinesPath(orderID string) string {
	return "/api/sales-orders/" + orderID + "/blanket-line-items"
}

func sbLinePath(orderID, lineID string) string { return sbLinesPath(orderID) + "/" + lineID }

// sbLine is the read shape the tests check, decoded loosely so decimals compare as text.
type sbLine struct {
	ID                      string `json:"id"`
	SalesOrderID            string `json:"salesOrderId"`
	LineNumber              int32  `json:"lineNumber"`
	ItemID                  string `json:"itemId"`
	Item                    struct{ Number string }
	Description             *string     `json:"description"`
	Quantity                json.Number `json:"quantity"`
	UnitOfMeasureName       string      `json:"unitOfMeasureName"`
	UnitPrice               json.Number `json:"unitPrice"`
	StartDate               *string     `json:"startDate"`
	EndDate                 *string     `json:"endDate"`
	Notes                   *string     `json:"notes"`
	ReleasedQuantity        json.Number `json:"releasedQuantity"`
	RemainingQuantity       json.Number `json:"remainingQuantity"`
	ReleasedPartLineItemIDs []string    `json:"releasedPartLineItemIds"`
}

func sbDecode(t *testing.T, body []byte) sbLine {
	t.Helper()
	var l sbLine
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	if err := d.Decode(&l); err != nil {
		t.Fatalf("decode blanket line: %v: %s", err, body)
	}
	return l
}

// sbAdd creates a blanket line from a JSON body and answers its id.
func sbAdd(t *testing.T, te *tenantEnv, orderID, body string) string {
	t.Helper()
	res, b := soWrite(t, te, http.MethodPost, sbLinesPath(orderID), body)
	return createdID(t, res, b)
}

func sbGet(t *testing.T, te *tenantEnv, orderID, lineID string) sbLine {
	t.Helper()
	res, b := soWrite(t, te, http.MethodGet, sbLinePath(orderID, lineID), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return sbDecode(t, b)
}

func sbList(t *testing.T, te *tenantEnv, orderID, query, filter string) []sbLine {
	t.Helper()
	res, b := soWrite(t, te, http.MethodPost, sbLinesPath(orderID)+"/list"+query, filter)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	out := make([]sbLine, len(raw))
	for i, r := range raw {
		out[i] = sbDecode(t, r)
	}
	return out
}

func sbMustNum(t *testing.T, what string, got json.Number, want string) {
	t.Helper()
	if got.String() != want {
		t.Errorf("%s = %s, want %s", what, got, want)
	}
}

func TestSalesOrderBlanketLineCreateTakesTheItemsDefaults(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	desc := "Bracket, zinc plated"
	w := newItem("SB-BRKT-1")
	w.Description = &desc
	itemID := createItem(t, te, w)
	orderID := soFor(t, te, "")
	before := soGet(t, te, orderID)

	lineID := sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1200,"unitPrice":4.25,
		"startDate":"2027-03-01T23:30:00-08:00","endDate":"2027-12-31","notes":"  monthly  "}`, itemID))
	l := sbGet(t, te, orderID, lineID)
	if l.ID != lineID || l.SalesOrderID != orderID || l.ItemID != itemID || l.LineNumber != 1 || l.Item.Number != "SB-BRKT-1" {
		t.Fatalf("line %+v", l)
	}
	if optText(l.Description) != desc || l.UnitOfMeasureName != "Each" || optText(l.Notes) != "monthly" {
		t.Errorf("defaults: description %q, unit %q, notes %q", optText(l.Description), l.UnitOfMeasureName, optText(l.Notes))
	}
	// The calendar dates keep the date part as written and read at midnight UTC.
	if optText(l.StartDate) != "2027-03-01T00:00:00Z" || optText(l.EndDate) != "2027-12-31T00:00:00Z" {
		t.Errorf("period %v .. %v", optText(l.StartDate), optText(l.EndDate))
	}
	sbMustNum(t, "quantity", l.Quantity, "1200")
	sbMustNum(t, "unitPrice", l.UnitPrice, "4.25")
	sbMustNum(t, "releasedQuantity", l.ReleasedQuantity, "0")
	sbMustNum(t, "remainingQuantity", l.RemainingQuantity, "1200")
	if l.ReleasedPartLineItemIDs == nil || len(l.ReleasedPartLineItemIDs) != 0 {
		t.Errorf("releasedPartLineItemIds %v, want []", l.ReleasedPartLineItemIDs)
	}
	// A blanket line carries no money: the totals stay 0, the order's modifiedUtc advances.
	after := soGet(t, te, orderID)
	mustDec(t, "total", after.Total, "0")
	mustDec(t, "lineSubTotal", after.LineSubTotal, "0")
	if !after.ModifiedUtc.After(before.ModifiedUtc) {
		t.Errorf("modifiedUtc %v did not advance from %v", after.ModifiedUtc, before.ModifiedUtc)
	}
	// The next line takes the next number; an empty description stores none.
	second := sbGet(t, te, orderID, sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":5,"unitPrice":1,"description":" "}`, itemID)))
	if second.LineNumber != 2 || second.Description != nil || second.StartDate != nil || second.EndDate != nil {
		t.Errorf("second line %+v", second)
	}
}

func TestSalesOrderBlanketLineUnitPriceDefaultsToTheItemsPriceForTheWholeQuantity(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SB-PRICED"))
	replaceSalesBreaks(t, te, itemID, `{"priceBreaks":[{"quantity":1,"price":10},{"quantity":100,"price":8},{"quantity":1000,"price":6.5}]}`)
	orderID := soFor(t, te, "")
	l := sbGet(t, te, orderID, sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1200}`, itemID)))
	sbMustNum(t, "unitPrice of 1200", l.UnitPrice, "6.5")
	l = sbGet(t, te, orderID, sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":150}`, itemID)))
	sbMustNum(t, "unitPrice of 150", l.UnitPrice, "8")
	// Without a fixed price for the quantity the price is required.
	unpriced := createItem(t, te, newItem("SB-UNPRICED"))
	res, b := soWrite(t, te, http.MethodPost, sbLinesPath(orderID), fmt.Sprintf(`{"itemId":%q,"quantity":5}`, unpriced))
	mustProblemNaming(t, res, b, "unitPrice")
}

func TestSalesOrderBlanketLineRefusesBadInput(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SB-BAD"))
	orderID := soFor(t, te, "")
	for name, c := range map[string]struct{ body, field string }{
		"zero quantity":     {fmt.Sprintf(`{"itemId":%q,"quantity":0,"unitPrice":1}`, itemID), "quantity"},
		"negative price":    {fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":-1}`, itemID), "unitPrice"},
		"line number 0":     {fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":1,"lineNumber":0}`, itemID), "lineNumber"},
		"end before start":  {fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":1,"startDate":"2027-05-02","endDate":"2027-05-01"}`, itemID), "endDate"},
		"bad date":          {fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":1,"startDate":"2027-02-30"}`, itemID), "startDate"},
		"unit of no item's": {fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":1,"unitOfMeasureName":"Gallon"}`, itemID), "unitOfMeasureName"},
	} {
		res, b := soWrite(t, te, http.MethodPost, sbLinesPath(orderID), c.body)
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: status %d: %s", name, res.StatusCode, b)
			continue
		}
		mustProblemNaming(t, res, b, c.field)
	}
	res, b := soWrite(t, te, http.MethodPost, sbLinesPath(orderID), fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":1}`, ids.New()))
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "itemId")
	aw := newItem("SB-ARCH")
	aw.IsArchived = ptr(true)
	archived := createItem(t, te, aw)
	res, b = soWrite(t, te, http.MethodPost, sbLinesPath(orderID), fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":1}`, archived))
	mustProblemNaming(t, res, b, "itemId")
	if got := sbList(t, te, orderID, "", ""); len(got) != 0 {
		t.Fatalf("refused creates stored %d lines", len(got))
	}
}

func TestSalesOrderBlanketLineUnitMayBeAnyUnitTheItemSellsIn(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("SB-DOZEN")
	w.SalesUnitOfMeasureConversions = &[]client.ItemSalesUnitConversionWrite{{DestinationUnitOfMeasureName: "Dozen", IsDefault: ptr(true)}}
	itemID := createItem(t, te, w)
	orderID := soFor(t, te, "")
	if l := sbGet(t, te, orderID, sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitPrice":1}`, itemID))); l.UnitOfMeasureName != "Dozen" {
		t.Errorf("unit %q, want the default sales unit Dozen", l.UnitOfMeasureName)
	}
	if l := sbGet(t, te, orderID, sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitPrice":1,"unitOfMeasureName":"Box"}`, itemID))); l.UnitOfMeasureName != "Box" {
		t.Errorf("unit %q, want Box as sent", l.UnitOfMeasureName)
	}
}

func TestSalesOrderBlanketLineOfAnotherOrderOrTenantIsNotFound(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	itemID := createItem(t, te, newItem("SB-ISO"))
	orderID, otherOrder := soFor(t, te, "A"), soFor(t, te, "B")
	lineID := sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":10,"unitPrice":1}`, itemID))
	body := fmt.Sprintf(`{"itemId":%q,"quantity":12,"unitPrice":1}`, itemID)
	for _, c := range []struct {
		who          *tenantEnv
		order, label string
	}{{te, otherOrder, "another order"}, {other, orderID, "another tenant"}} {
		for _, m := range []string{http.MethodGet, http.MethodPut, http.MethodPatch} {
			send := ""
			switch m {
			case http.MethodPut:
				send = body
			case http.MethodPatch:
				send = `[{"op":"replace","path":"/quantity","value":3}]`
			}
			res, b := soWrite(t, c.who, m, sbLinePath(c.order, lineID), send)
			mustProblem(t, res, b, http.StatusNotFound)
		}
		res, b := soWrite(t, c.who, http.MethodPost, sbLinesPath(c.order)+"/list", "")
		if c.who == te {
			mustStatus(t, res.StatusCode, http.StatusOK, b)
			if string(bytes.TrimSpace(b)) != "[]" {
				t.Errorf("%s lists %s", c.label, b)
			}
		} else {
			mustProblem(t, res, b, http.StatusNotFound)
			res, b = soWrite(t, c.who, http.MethodPost, sbLinesPath(orderID), body)
			mustProblem(t, res, b, http.StatusNotFound)
			res, b = soWrite(t, c.who, http.MethodDelete, sbLinePath(orderID, lineID), "")
			mustProblem(t, res, b, http.StatusNotFound)
		}
	}
	// Deleting it through another order answers 204 and changes nothing.
	res, b := soWrite(t, te, http.MethodDelete, sbLinePath(otherOrder, lineID), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	sbMustNum(t, "quantity", sbGet(t, te, orderID, lineID).Quantity, "10")
}

func TestSalesOrderBlanketLineWritesNeedAnActiveOrderInAnEditableStatus(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SB-STATUS"))
	orderID := soFor(t, te, "")
	lineID := sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":10,"unitPrice":1}`, itemID))
	body := fmt.Sprintf(`{"itemId":%q,"quantity":11,"unitPrice":1}`, itemID)
	for _, st := range []string{"needsApproval", "approved"} {
		soSetOrder(t, te, orderID, "status", st)
		res, b := soWrite(t, te, http.MethodPut, sbLinePath(orderID, lineID), body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
	for _, st := range []string{"inProgress", "complete"} {
		soSetOrder(t, te, orderID, "status", st)
		res, b := soWrite(t, te, http.MethodPost, sbLinesPath(orderID), body)
		mustProblemNaming(t, res, b, "status")
		res, b = soWrite(t, te, http.MethodPut, sbLinePath(orderID, lineID), body)
		mustProblemNaming(t, res, b, "status")
		res, b = soWrite(t, te, http.MethodDelete, sbLinePath(orderID, lineID), "")
		mustProblemNaming(t, res, b, "status")
	}
	// A deleted order's lines stay readable, and its writes answer 404.
	soSetOrder(t, te, orderID, "status", "draft")
	soSetOrder(t, te, orderID, "deleted", true)
	sbMustNum(t, "quantity", sbGet(t, te, orderID, lineID).Quantity, "11")
	if got := sbList(t, te, orderID, "", ""); len(got) != 1 {
		t.Errorf("deleted order lists %d lines", len(got))
	}
	res, b := soWrite(t, te, http.MethodPost, sbLinesPath(orderID), body)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = soWrite(t, te, http.MethodPut, sbLinePath(orderID, lineID), body)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = soWrite(t, te, http.MethodDelete, sbLinePath(orderID, lineID), "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestSalesOrderBlanketLineUpdatePatchAndDelete(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SB-UPD"))
	other := createItem(t, te, newItem("SB-UPD-2"))
	orderID := soFor(t, te, "")
	lineID := sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":10,"unitPrice":3,"startDate":"2027-01-01","notes":"n"}`, itemID))

	// A full update: omitted lineNumber and unitPrice keep the line's; the rest is replaced.
	res, b := soWrite(t, te, http.MethodPut, sbLinePath(orderID, lineID), fmt.Sprintf(`{"itemId":%q,"quantity":20,"description":"Changed"}`, other))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if res.Header.Get("ETag") == "" {
		t.Error("update answered no ETag")
	}
	l := sbDecode(t, b)
	if l.ItemID != other || l.LineNumber != 1 || optText(l.Description) != "Changed" || l.StartDate != nil || l.Notes != nil {
		t.Errorf("updated %+v", l)
	}
	sbMustNum(t, "unitPrice kept", l.UnitPrice, "3")
	res, b = soWrite(t, te, http.MethodPut, sbLinePath(orderID, lineID), fmt.Sprintf(`{"itemId":%q,"quantity":20,"startDate":"2027-06-01","endDate":"2027-05-01"}`, other))
	mustProblemNaming(t, res, b, "endDate")

	// A patch changes what it names and keeps the rest (the description too).
	res, b = soWrite(t, te, http.MethodPatch, sbLinePath(orderID, lineID), `[{"op":"replace","path":"/quantity","value":25},{"op":"replace","path":"/endDate","value":"2028-06-30T22:00:00-07:00"}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	l = sbDecode(t, b)
	sbMustNum(t, "patched quantity", l.Quantity, "25")
	if optText(l.Description) != "Changed" || optText(l.EndDate) != "2028-06-30T00:00:00Z" || l.ItemID != other {
		t.Errorf("patched %+v", l)
	}
	res, b = soWrite(t, te, http.MethodPatch, sbLinePath(orderID, lineID), `[{"op":"replace","path":"/nope","value":1}]`)
	mustProblem(t, res, b, http.StatusBadRequest)

	res, b = soWrite(t, te, http.MethodDelete, sbLinePath(orderID, lineID), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = soWrite(t, te, http.MethodDelete, sbLinePath(orderID, lineID), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	res, b = soWrite(t, te, http.MethodGet, sbLinePath(orderID, lineID), "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestSalesOrderBlanketLineListOrderAndFilters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a := createItem(t, te, newItem("SB-LIST-A"))
	bItem := createItem(t, te, newItem("SB-LIST-B"))
	orderID := soFor(t, te, "")
	third := sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":1,"lineNumber":3}`, a))
	first := sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":1,"lineNumber":1}`, bItem))
	fourth := sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":1}`, a))
	idsOf := func(list []sbLine) []string {
		out := make([]string, len(list))
		for i, l := range list {
			out[i] = l.ID
		}
		return out
	}
	if got := idsOf(sbList(t, te, orderID, "", "")); fmt.Sprint(got) != fmt.Sprint([]string{first, third, fourth}) {
		t.Errorf("by line number: %v", got)
	}
	if got := idsOf(sbList(t, te, orderID, "?Sort.Dir=descending", "")); fmt.Sprint(got) != fmt.Sprint([]string{fourth, third, first}) {
		t.Errorf("descending: %v", got)
	}
	if got := idsOf(sbList(t, te, orderID, "", fmt.Sprintf(`{"itemIds":[%q]}`, a))); fmt.Sprint(got) != fmt.Sprint([]string{third, fourth}) {
		t.Errorf("itemIds: %v", got)
	}
	if got := idsOf(sbList(t, te, orderID, "", fmt.Sprintf(`{"ids":[%q,%q]}`, fourth, first))); fmt.Sprint(got) != fmt.Sprint([]string{first, fourth}) {
		t.Errorf("ids: %v", got)
	}
	res, b := soWrite(t, te, http.MethodPost, sbLinesPath(orderID)+"/list?Sort.Field=unitPrice", "")
	mustProblemNaming(t, res, b, "Sort.Field")
	res, b = soWrite(t, te, http.MethodPost, sbLinesPath(ids.New())+"/list", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestSalesOrderBlanketLinePermissions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("SB-PERM"))
	orderID := soFor(t, te, "")
	lineID := sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":1}`, itemID))
	body := fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitPrice":1}`, itemID)
	viewer := te.userToken(t, "View Sales Order")
	res, b := rawRequest(t, http.MethodGet, sbLinePath(orderID, lineID), viewer, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodPost, sbLinesPath(orderID)+"/list", viewer, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodPost, sbLinesPath(orderID), viewer, "application/json", body)
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodPut, sbLinePath(orderID, lineID), viewer, "application/json", body)
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodDelete, sbLinePath(orderID, lineID), viewer, "", "")
	mustProblem(t, res, b, http.StatusForbidden)
	editor := te.userToken(t, "Edit Sales Order")
	res, b = rawRequest(t, http.MethodGet, sbLinePath(orderID, lineID), editor, "", "")
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodPost, sbLinesPath(orderID), editor, "application/json", body)
	createdID(t, res, b)
}

func sbReleasePath(orderID, lineID string) string { return sbLinePath(orderID, lineID) + "/releases" }

// sbRelease releases per body and answers the part line of the 201.
func sbRelease(t *testing.T, te *tenantEnv, orderID, lineID, body string) soPartLine {
	t.Helper()
	res, b := soWrite(t, te, http.MethodPost, sbReleasePath(orderID, lineID), body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return soDecodeLine(t, b)
}

// sbBlanket creates an item and a sales order with one blanket line of 10 of it at 4 from
// 2027-01-01 to 2027-12-31, and answers the order, the line and the item.
func sbBlanket(t *testing.T, te *tenantEnv, number string) (orderID, lineID, itemID string) {
	t.Helper()
	desc := "Blanket " + number
	w := newItem(number)
	w.Description = &desc
	itemID = createItem(t, te, w)
	orderID = soFor(t, te, "Ordering "+number)
	lineID = sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":10,"unitPrice":4,"description":"Per schedule",
		"startDate":"2027-01-01","endDate":"2027-12-31"}`, itemID))
	return orderID, lineID, itemID
}

func TestSalesOrderBlanketReleaseCreatesAPricedPartLine(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	orderID, lineID, itemID := sbBlanket(t, te, "SB-REL")
	// An earlier part line: the release takes the next line number.
	soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":2}`, itemID))

	p := sbRelease(t, te, orderID, lineID, `{"quantity":3,"deliveryDate":"2027-02-15T23:30:00-08:00","notes":"first"}`)
	if p.ItemID != itemID || p.UnitOfMeasureName != "Each" || optText(p.Description) != "Per schedule" || p.LineNumber != 2 ||
		optText(p.DeliveryDate) != "2027-02-15T00:00:00Z" || optText(p.BlanketLineItemID) != lineID || optText(p.Notes) != "first" ||
		p.PricingScheme != "price" || p.SalesOrderID != orderID {
		t.Fatalf("released %+v", p)
	}
	sbMustNum(t, "quantity", p.Quantity, "3")
	sbMustNum(t, "unitPrice (the blanket's)", p.UnitPrice, "4")
	if got := soGetLine(t, te, orderID, p.ID); got.RoutingID == "" || optText(got.BlanketLineItemID) != lineID {
		t.Errorf("stored %+v", got)
	}
	// A price sent is kept; the releases list oldest first.
	second := sbRelease(t, te, orderID, lineID, `{"quantity":2.5,"unitPrice":3.9}`)
	sbMustNum(t, "unitPrice sent", second.UnitPrice, "3.9")
	if second.DeliveryDate != nil {
		t.Errorf("deliveryDate %v, want none", optText(second.DeliveryDate))
	}
	l := sbGet(t, te, orderID, lineID)
	sbMustNum(t, "releasedQuantity", l.ReleasedQuantity, "5.5")
	sbMustNum(t, "remainingQuantity", l.RemainingQuantity, "4.5")
	if fmt.Sprint(l.ReleasedPartLineItemIDs) != fmt.Sprint([]string{p.ID, second.ID}) {
		t.Errorf("releasedPartLineItemIds %v, want %v", l.ReleasedPartLineItemIDs, []string{p.ID, second.ID})
	}
	// The released lines are priced and counted: 1 × 2 + 3 × 4 + 2.5 × 3.9 = 23.75.
	soMustTotals(t, te, orderID, "23.75", "23.75", "23.75")
	if got := sbList(t, te, orderID, "", ""); len(got) != 1 || got[0].ReleasedQuantity.String() != "5.5" || len(got[0].ReleasedPartLineItemIDs) != 2 {
		t.Errorf("list %+v", got)
	}
}

func TestSalesOrderBlanketReleaseRefusesMoreThanRemainsAndDaysOutsideThePeriod(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	orderID, lineID, _ := sbBlanket(t, te, "SB-REL-BAD")
	sbRelease(t, te, orderID, lineID, `{"quantity":8}`)
	for name, c := range map[string]struct{ body, field string }{
		"more than remains": {`{"quantity":2.001}`, "quantity"},
		"zero":              {`{"quantity":0}`, "quantity"},
		"before the period": {`{"quantity":1,"deliveryDate":"2026-12-31"}`, "deliveryDate"},
		"after the period":  {`{"quantity":1,"deliveryDate":"2028-01-01T01:00:00+05:00"}`, "deliveryDate"},
		"negative price":    {`{"quantity":1,"unitPrice":-1}`, "unitPrice"},
	} {
		res, b := soWrite(t, te, http.MethodPost, sbReleasePath(orderID, lineID), c.body)
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: status %d: %s", name, res.StatusCode, b)
			continue
		}
		mustProblemNaming(t, res, b, c.field)
	}
	// The period's first and last days are in it; the last units may go.
	sbRelease(t, te, orderID, lineID, `{"quantity":1,"deliveryDate":"2027-01-01"}`)
	sbRelease(t, te, orderID, lineID, `{"quantity":1,"deliveryDate":"2027-12-31"}`)
	res, b := soWrite(t, te, http.MethodPost, sbReleasePath(orderID, lineID), `{"quantity":0.5}`)
	mustProblemNaming(t, res, b, "quantity")
	soMustTotals(t, te, orderID, "40", "40", "40")
	// Another order's blanket line, or another tenant's, is not found.
	res, b = soWrite(t, te, http.MethodPost, sbReleasePath(soFor(t, te, "Other"), lineID), `{"quantity":1}`)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = soWrite(t, newTenant(t), http.MethodPost, sbReleasePath(orderID, lineID), `{"quantity":1}`)
	mustProblem(t, res, b, http.StatusNotFound)
	// Releases are line writes: refused on an order in progress, 404 on a deleted one.
	open, openLine, _ := sbBlanket(t, te, "SB-REL-ST")
	soSetOrder(t, te, open, "status", "inProgress")
	res, b = soWrite(t, te, http.MethodPost, sbReleasePath(open, openLine), `{"quantity":1}`)
	mustProblemNaming(t, res, b, "status")
	soSetOrder(t, te, open, "deleted", true)
	res, b = soWrite(t, te, http.MethodPost, sbReleasePath(open, openLine), `{"quantity":1}`)
	mustProblem(t, res, b, http.StatusNotFound)
	viewer := te.userToken(t, "View Sales Order")
	res, b = rawRequest(t, http.MethodPost, sbReleasePath(orderID, lineID), viewer, "application/json", `{"quantity":1}`)
	mustProblem(t, res, b, http.StatusForbidden)
}

func TestSalesOrderBlanketConcurrentReleasesOfTheLastUnits(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	orderID, lineID, _ := sbBlanket(t, te, "SB-RACE")
	sbRelease(t, te, orderID, lineID, `{"quantity":4}`)
	counts := concurrently(t, 2, func() (int, error) {
		res, _ := rawRequest(t, http.MethodPost, sbReleasePath(orderID, lineID), te.Token, "application/json", `{"quantity":6}`)
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 1 {
		t.Fatalf("statuses %v, want one 201 and one 400", counts)
	}
	l := sbGet(t, te, orderID, lineID)
	sbMustNum(t, "releasedQuantity", l.ReleasedQuantity, "10")
	sbMustNum(t, "remainingQuantity", l.RemainingQuantity, "0")
	soMustTotals(t, te, orderID, "40", "40", "40")
}

func TestSalesOrderBlanketLineWithReleasesKeepsItsItemUnitAndReleasedQuantity(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	orderID, lineID, itemID := sbBlanket(t, te, "SB-KEEP")
	other := createItem(t, te, newItem("SB-KEEP-2"))
	p := sbRelease(t, te, orderID, lineID, `{"quantity":6}`)
	for name, c := range map[string]struct{ body, field string }{
		"below released": {fmt.Sprintf(`{"itemId":%q,"quantity":5.9}`, itemID), "quantity"},
		"other item":     {fmt.Sprintf(`{"itemId":%q,"quantity":10}`, other), "itemId"},
		"other unit":     {fmt.Sprintf(`{"itemId":%q,"quantity":10,"unitOfMeasureName":"Box"}`, itemID), "unitOfMeasureName"},
	} {
		res, b := soWrite(t, te, http.MethodPut, sbLinePath(orderID, lineID), c.body)
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: status %d: %s", name, res.StatusCode, b)
			continue
		}
		mustProblemNaming(t, res, b, c.field)
	}
	res, b := soWrite(t, te, http.MethodPatch, sbLinePath(orderID, lineID), `[{"op":"replace","path":"/quantity","value":6}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	sbMustNum(t, "remaining at the released quantity", sbDecode(t, b).RemainingQuantity, "0")
	res, b = soWrite(t, te, http.MethodPatch, sbLinePath(orderID, lineID), `[{"op":"replace","path":"/quantity","value":8}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)

	// A released part line may grow only into what the blanket has remaining (2), and keeps
	// the blanket's item and unit.
	partBody := func(quantity, extra string) string {
		return fmt.Sprintf(`{"itemId":%q,"quantity":%s,"unitPrice":4%s}`, itemID, quantity, extra)
	}
	res, b = soWrite(t, te, http.MethodPut, soPartLinePath(orderID, p.ID), partBody("8.5", ""))
	mustProblemNaming(t, res, b, "quantity")
	res, b = soWrite(t, te, http.MethodPut, soPartLinePath(orderID, p.ID), partBody("6", `,"unitOfMeasureName":"Box"`))
	mustProblemNaming(t, res, b, "unitOfMeasureName")
	res, b = soWrite(t, te, http.MethodPut, soPartLinePath(orderID, p.ID), fmt.Sprintf(`{"itemId":%q,"quantity":6,"unitPrice":4}`, other))
	mustProblemNaming(t, res, b, "itemId")
	res, b = soWrite(t, te, http.MethodPut, soPartLinePath(orderID, p.ID), partBody("8", ""))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	sbMustNum(t, "remaining after the part line grew", sbGet(t, te, orderID, lineID).RemainingQuantity, "0")

	// A blanket line with releases is not deleted; once they are gone it is.
	res, b = soWrite(t, te, http.MethodDelete, sbLinePath(orderID, lineID), "")
	mustProblemNaming(t, res, b, "lineItemId")
	res, b = soWrite(t, te, http.MethodDelete, soPartLinePath(orderID, p.ID), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	l := sbGet(t, te, orderID, lineID)
	sbMustNum(t, "released after the part line's delete", l.ReleasedQuantity, "0")
	if len(l.ReleasedPartLineItemIDs) != 0 {
		t.Errorf("releasedPartLineItemIds %v", l.ReleasedPartLineItemIDs)
	}
	res, b = soWrite(t, te, http.MethodDelete, sbLinePath(orderID, lineID), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

func TestSalesOrderBlanketLineETagFollowsItsReleases(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	orderID, lineID, _ := sbBlanket(t, te, "SB-ETAG")
	p := sbRelease(t, te, orderID, lineID, `{"quantity":2}`)
	etagMoves(t, te, sbLinePath(orderID, lineID), "a release", func() { sbRelease(t, te, orderID, lineID, `{"quantity":1}`) })
	etagMoves(t, te, sbLinePath(orderID, lineID), "a released part line's delete", func() {
		res, b := soWrite(t, te, http.MethodDelete, soPartLinePath(orderID, p.ID), "")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
}

func TestSalesOrderBlanketLineBlocksItsItemsUnitChange(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("SB-UNIT")
	w.UnitTypeName, w.UnitOfMeasureName = "Length", "Foot"
	itemID := createItem(t, te, w)
	orderID := soFor(t, te, "")
	lineID := sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":10,"unitPrice":1}`, itemID))
	res, b := itemRequest(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Inch"}`)
	mustItemField(t, res, b, "unitOfMeasureName")
	// Once the line is gone the unit may change.
	res, b = soWrite(t, te, http.MethodDelete, sbLinePath(orderID, lineID), "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = itemRequest(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Inch"}`)
	if it := mustItem(t, res, b); optText(it.UnitOfMeasureName) != "Inch" {
		t.Fatalf("unit %q after the blanket line's delete, want Inch", optText(it.UnitOfMeasureName))
	}
}
