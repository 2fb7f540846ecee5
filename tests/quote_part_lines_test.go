package tests

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

// The part lines of quotes: an item in a quantity of one of its units, priced from the item's
// sales price breaks or from the line's routing (a copy of the item's) and a margin.

func partLinesPath(quoteID string) string { return "/api/quotes/" + quoteID + "/part-line-items" }

func partLinePath(quoteID, lineID string) string { return partLinesPath(quoteID) + "/" + lineID }

// quoteFor creates a quote through the API for customerID (a new customer when empty) and
// answers its id.
func quoteFor(t *testing.T, te *tenantEnv, customerID string) string {
	t.Helper()
	if customerID == "" {
		customerID = createCustomer(t, te, client.CustomerWrite{Name: "Quote customer " + ids.New()})
	}
	return createQuote(t, te, client.QuoteCreate{CustomerId: customerID})
}

// markQuoteDeleted deletes the quote through the API.
func markQuoteDeleted(t *testing.T, te *tenantEnv, quoteID string) {
	t.Helper()
	res, b := rawRequest(t, http.MethodDelete, quotePath(quoteID), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

// partLine is the read shape the tests check, decoded loosely so decimals compare as text.
type partLine struct {
	ID                string          `json:"id"`
	QuoteID           string          `json:"quoteId"`
	LineNumber        int32           `json:"lineNumber"`
	ItemID            string          `json:"itemId"`
	Item              json.RawMessage `json:"item"`
	Description       *string         `json:"description"`
	Quantity          json.Number     `json:"quantity"`
	UnitOfMeasureName string          `json:"unitOfMeasureName"`
	UnitPrice         json.Number     `json:"unitPrice"`
	PricingScheme     string          `json:"pricingScheme"`
	Margin            *json.Number    `json:"margin"`
	EstimatedUnitCost *json.Number    `json:"estimatedUnitCost"`
	Discount          *struct {
		IsPercentage bool        `json:"isPercentage"`
		Value        json.Number `json:"value"`
	} `json:"discount"`
	IsTaxable           bool           `json:"isTaxable"`
	TaxRateID           *string        `json:"taxRateId"`
	TaxRate             json.Number    `json:"taxRate"`
	LeadTimeDays        *int32         `json:"leadTimeDays"`
	Notes               *string        `json:"notes"`
	CustomFields        map[string]any `json:"customFields"`
	RoutingID           string         `json:"routingId"`
	PreDiscountSubTotal json.Number    `json:"preDiscountSubTotal"`
	DiscountAmount      json.Number    `json:"discountAmount"`
	SubTotal            json.Number    `json:"subTotal"`
	DiscountedPrice     json.Number    `json:"discountedPrice"`
}

func decodeLine(t *testing.T, body []byte) partLine {
	t.Helper()
	var l partLine
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	if err := d.Decode(&l); err != nil {
		t.Fatalf("decode part line: %v: %s", err, body)
	}
	return l
}

// addLine creates a part line from a JSON body and answers its id.
func addLine(t *testing.T, te *tenantEnv, quoteID, body string) string {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, partLinesPath(quoteID), te.Token, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created struct{ ID string }
	if err := json.Unmarshal(b, &created); err != nil || len(created.ID) != 36 {
		t.Fatalf("create answered %s", b)
	}
	return created.ID
}

func getLine(t *testing.T, te *tenantEnv, quoteID, lineID string) partLine {
	t.Helper()
	res, b := rawRequest(t, http.MethodGet, partLinePath(quoteID, lineID), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return decodeLine(t, b)
}

func listLines(t *testing.T, te *tenantEnv, quoteID, query, filter string) []partLine {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, partLinesPath(quoteID)+"/list"+query, te.Token, "application/json", filter)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	out := make([]partLine, len(raw))
	for i, r := range raw {
		out[i] = decodeLine(t, r)
	}
	return out
}

// mustNum fails t unless got is the decimal want (compared as numbers: 12.5 = 12.50).
func mustNum(t *testing.T, what string, got json.Number, want string) {
	t.Helper()
	mustDec(t, what, num(string(got)), want)
}

// itemWithRouting creates an item counted in Each whose routing costs 10 a unit: one
// operation of 10 minutes a unit at a labor rate of 60 an hour, no setup.
func itemWithRouting(t *testing.T, te *tenantEnv, number string) string {
	t.Helper()
	itemID := createItem(t, te, newItem(number))
	res, b := rawRequest(t, http.MethodPost, "/api/items/"+itemID+"/routing/operations", te.Token, "application/json",
		`{"name":"Machine","runTimeMinutesPerUnit":10,"laborRate":60}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	return itemID
}

func TestQuotePartLineCreateTakesTheItemsDefaults(t *testing.T) {
	te := newTenant(t)
	desc := "Bracket, zinc plated"
	w := newItem("BRKT-1")
	w.Description = &desc
	w.IsTaxable = ptr(true)
	itemID := createItem(t, te, w)
	quoteID := quoteFor(t, te, "")

	lineID := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":3,"unitPrice":12.5}`, itemID))
	l := getLine(t, te, quoteID, lineID)
	if l.ID != lineID || l.QuoteID != quoteID || l.ItemID != itemID || l.LineNumber != 1 {
		t.Fatalf("line %+v", l)
	}
	if l.Description == nil || *l.Description != desc || l.UnitOfMeasureName != "Each" || !l.IsTaxable {
		t.Errorf("defaults from the item: description %v, unit %q, taxable %v", optText(l.Description), l.UnitOfMeasureName, l.IsTaxable)
	}
	if l.PricingScheme != "price" || l.Margin != nil || l.EstimatedUnitCost != nil || l.Discount != nil || l.TaxRateID != nil {
		t.Errorf("pricing defaults: %+v", l)
	}
	mustNum(t, "unitPrice kept as sent", l.UnitPrice, "12.5")
	mustNum(t, "taxRate", l.TaxRate, "0")
	mustNum(t, "preDiscountSubTotal", l.PreDiscountSubTotal, "37.50")
	mustNum(t, "subTotal", l.SubTotal, "37.50")
	if len(l.RoutingID) != 36 || l.RoutingID == l.ID {
		t.Errorf("routingId %q", l.RoutingID)
	}
	var item struct {
		ID, Number  string
		Description *string
	}
	if err := json.Unmarshal(l.Item, &item); err != nil || item.ID != itemID || item.Number != "BRKT-1" || optText(item.Description) != desc {
		t.Errorf("item %s", l.Item)
	}

	// The next line takes the next number; a line number sent is kept, and the one after it
	// follows the highest.
	second := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"lineNumber":7,"description":"  ","isTaxable":false}`, itemID))
	third := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID))
	if l2 := getLine(t, te, quoteID, second); l2.LineNumber != 7 || l2.Description != nil || l2.IsTaxable {
		t.Errorf("second line %+v", l2)
	}
	if l3 := getLine(t, te, quoteID, third); l3.LineNumber != 8 {
		t.Errorf("third line number %d, want 8", l3.LineNumber)
	}
	list := listLines(t, te, quoteID, "", `{}`)
	if len(list) != 3 || list[0].ID != lineID || list[1].ID != second || list[2].ID != third {
		t.Fatalf("list by line number: %+v", list)
	}
	if got := listLines(t, te, quoteID, "?Sort.Field=lineNumber&Sort.Dir=descending", `{}`); got[0].ID != third {
		t.Errorf("descending list starts with %s", got[0].ID)
	}
	if got := listLines(t, te, quoteID, "", fmt.Sprintf(`{"ids":[%q]}`, second)); len(got) != 1 || got[0].ID != second {
		t.Errorf("ids filter: %+v", got)
	}
	other := createItem(t, te, newItem("OTHER"))
	addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, other))
	if got := listLines(t, te, quoteID, "", fmt.Sprintf(`{"itemIds":[%q]}`, other)); len(got) != 1 || got[0].ItemID != other {
		t.Errorf("itemIds filter: %+v", got)
	}
}

func TestQuotePartLineDefaultUnitIsTheDefaultSalesUnit(t *testing.T) {
	te := newTenant(t)
	w := newItem("SOLD-BY-DOZEN")
	w.SalesUnitOfMeasureConversions = &[]client.ItemSalesUnitConversionWrite{{DestinationUnitOfMeasureName: "Dozen", IsDefault: ptr(true)}}
	itemID := createItem(t, te, w)
	quoteID := quoteFor(t, te, "")
	if l := getLine(t, te, quoteID, addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":2}`, itemID))); l.UnitOfMeasureName != "Dozen" {
		t.Errorf("unit %q, want the default sales unit Dozen", l.UnitOfMeasureName)
	}
	if l := getLine(t, te, quoteID, addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitOfMeasureName":"Box"}`, itemID))); l.UnitOfMeasureName != "Box" {
		t.Errorf("unit %q, want Box as sent", l.UnitOfMeasureName)
	}
}

func TestQuotePartLineRefusesBadMembers(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("BAD-1"))
	quoteID := quoteFor(t, te, "")
	line := func(edit map[string]any) string {
		return editedBody(t, map[string]any{"itemId": itemID, "quantity": 2, "unitPrice": 10}, edit)
	}
	for name, c := range map[string]struct {
		body, field string
	}{
		"quantity 0":              {line(map[string]any{"quantity": 0}), "quantity"},
		"negative quantity":       {line(map[string]any{"quantity": -1}), "quantity"},
		"unit of another type":    {line(map[string]any{"unitOfMeasureName": "Foot"}), "unitOfMeasureName"},
		"unknown unit":            {line(map[string]any{"unitOfMeasureName": "Barrel"}), "unitOfMeasureName"},
		"discount above amount":   {line(map[string]any{"discount": map[string]any{"isPercentage": false, "value": 20.01}}), "discount"},
		"discount above 100 %":    {line(map[string]any{"discount": map[string]any{"isPercentage": true, "value": 101}}), "discount"},
		"margin 100":              {line(map[string]any{"margin": 100}), "margin"},
		"negative lead time":      {line(map[string]any{"leadTimeDays": -1}), "leadTimeDays"},
		"line number 0":           {line(map[string]any{"lineNumber": 0}), "lineNumber"},
		"unknown custom field":    {line(map[string]any{"customFields": map[string]any{"nope": "x"}}), "customFields.nope"},
		"margin with a new price": {line(map[string]any{"pricingScheme": "margin", "margin": 20, "unitPrice": 5}), "unitPrice"},
	} {
		t.Run(name, func(t *testing.T) {
			res, b := rawRequest(t, http.MethodPost, partLinesPath(quoteID), te.Token, "application/json", c.body)
			mustProblemNaming(t, res, b, c.field)
		})
	}
	// An amount discount up to the line's amount is accepted: 2 × 10 = 20.
	l := getLine(t, te, quoteID, addLine(t, te, quoteID, line(map[string]any{"discount": map[string]any{"isPercentage": false, "value": 20}})))
	mustNum(t, "subTotal", l.SubTotal, "0")
	if got := listLines(t, te, quoteID, "", `{}`); len(got) != 1 {
		t.Fatalf("refused creates stored lines: %d", len(got))
	}
}

func TestQuotePartLineReferencesMustExist(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("REF-1"))
	quoteID := quoteFor(t, te, "")
	res, b := rawRequest(t, http.MethodPost, partLinesPath(quoteID), te.Token, "application/json", fmt.Sprintf(`{"itemId":%q,"quantity":1}`, ids.New()))
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "itemId")
	res, b = rawRequest(t, http.MethodPost, partLinesPath(quoteID), te.Token, "application/json", fmt.Sprintf(`{"itemId":%q,"quantity":1,"taxRateId":%q}`, itemID, ids.New()))
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPost, partLinesPath(ids.New()), te.Token, "application/json", fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID))
	mustProblem(t, res, b, http.StatusNotFound)
	// An archived item cannot be quoted.
	aw := newItem("ARCH-1")
	aw.IsArchived = ptr(true)
	archived := createItem(t, te, aw)
	res, b = rawRequest(t, http.MethodPost, partLinesPath(quoteID), te.Token, "application/json", fmt.Sprintf(`{"itemId":%q,"quantity":1}`, archived))
	mustProblemNaming(t, res, b, "itemId")
}

func TestQuotePartLineOfAnotherQuoteOrTenantIsNotFound(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("ISO-1"))
	quoteA, quoteB := quoteFor(t, te, ""), quoteFor(t, te, "")
	lineID := addLine(t, te, quoteA, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID))
	res, b := rawRequest(t, http.MethodGet, partLinePath(quoteB, lineID), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	other := newTenant(t)
	res, b = rawRequest(t, http.MethodGet, partLinePath(quoteA, lineID), other.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPost, partLinesPath(quoteA)+"/list", other.Token, "application/json", `{}`)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPost, partLinesPath(quoteA), other.Token, "application/json", fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID))
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestQuotePartLineCopiesTheItemsRouting(t *testing.T) {
	te := newTenant(t)
	itemID := itemWithRouting(t, te, "ROUTED-1")
	quoteID := quoteFor(t, te, "")
	// Priced by margin from the line's own routing: 10 a unit at 20 % margin = 12.50.
	lineID := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":5,"pricingScheme":"margin","margin":20}`, itemID))
	l := getLine(t, te, quoteID, lineID)
	if l.EstimatedUnitCost == nil {
		t.Fatalf("no estimated unit cost: %+v", l)
	}
	mustNum(t, "estimatedUnitCost", *l.EstimatedUnitCost, "10")
	mustNum(t, "unitPrice", l.UnitPrice, "12.50")
	// The copy is the line's: the item's routing changing later does not reprice it.
	res, b := rawRequest(t, http.MethodPost, "/api/items/"+itemID+"/routing/operations", te.Token, "application/json",
		`{"name":"Paint","runTimeMinutesPerUnit":10,"laborRate":60}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodPut, partLinePath(quoteID, lineID), te.Token, "application/json",
		fmt.Sprintf(`{"itemId":%q,"quantity":5,"pricingScheme":"margin","margin":20}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	mustNum(t, "unitPrice after the item's routing changed", decodeLine(t, b).UnitPrice, "12.50")
	// A new line copies the item's routing as it now stands: 20 a unit.
	l2 := getLine(t, te, quoteID, addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":5,"pricingScheme":"margin","margin":20}`, itemID)))
	mustNum(t, "new line's unitPrice", l2.UnitPrice, "25")
}

// mustTotals fails t unless the quote's lineSubTotal, subTotal and total are as given.
func mustTotals(t *testing.T, te *tenantEnv, quoteID, lineSubTotal, subTotal, total string) {
	t.Helper()
	q := getQuote(t, te, quoteID)
	mustDec(t, "lineSubTotal", q.LineSubTotal, lineSubTotal)
	mustDec(t, "subTotal", q.SubTotal, subTotal)
	mustDec(t, "total", q.Total, total)
}

func TestQuotePartLineAmountsAndQuoteTotals(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("AMT-1"))
	quoteID := quoteFor(t, te, "")
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
	// 3 × 12.345 = 37.035 → 37.04; 10 % off = 3.704 → 3.70; subtotal 33.34; per unit 11.113 → 11.11.
	first := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":3,"unitPrice":12.345,"discount":{"isPercentage":true,"value":10},"isTaxable":true,"taxRateId":%q}`, itemID, rate))
	l := getLine(t, te, quoteID, first)
	mustNum(t, "preDiscountSubTotal", l.PreDiscountSubTotal, "37.04")
	mustNum(t, "discountAmount", l.DiscountAmount, "3.70")
	mustNum(t, "subTotal", l.SubTotal, "33.34")
	mustNum(t, "discountedPrice", l.DiscountedPrice, "11.11")
	mustNum(t, "taxRate copied", l.TaxRate, "6")
	if l.TaxRateID == nil || *l.TaxRateID != rate {
		t.Errorf("taxRateId %v", l.TaxRateID)
	}
	// Tax 6 % of 33.34 = 2.0004 → 2.00: total 35.34.
	mustTotals(t, te, quoteID, "33.34", "33.34", "35.34")
	// A second line of 2 × 5 = 10, not taxable: 43.34 and 45.34.
	second := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitPrice":5}`, itemID))
	mustTotals(t, te, quoteID, "43.34", "43.34", "45.34")
	// An amount discount of 4 on the second: 39.34 and 41.34.
	res, b := rawRequest(t, http.MethodPut, partLinePath(quoteID, second), te.Token, "application/json",
		fmt.Sprintf(`{"itemId":%q,"quantity":2,"unitPrice":5,"discount":{"isPercentage":false,"value":4}}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	mustNum(t, "updated subTotal", decodeLine(t, b).SubTotal, "6")
	mustTotals(t, te, quoteID, "39.34", "39.34", "41.34")
	// Deleting the first leaves the second: 6 and 6.
	res, b = rawRequest(t, http.MethodDelete, partLinePath(quoteID, first), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	mustTotals(t, te, quoteID, "6", "6", "6")
	res, b = rawRequest(t, http.MethodDelete, partLinePath(quoteID, first), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	res, b = rawRequest(t, http.MethodGet, partLinePath(quoteID, first), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestQuotePartLineUpdateReplacesTheLine(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("UPD-1"))
	other := createItem(t, te, newItem("UPD-2"))
	quoteID := quoteFor(t, te, "")
	lineID := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":3,"unitPrice":4,"notes":"rush","leadTimeDays":5,"lineNumber":3}`, itemID))
	res, b := rawRequest(t, http.MethodPut, partLinePath(quoteID, lineID), te.Token, "application/json",
		fmt.Sprintf(`{"itemId":%q,"quantity":4,"unitOfMeasureName":"Dozen","description":"Changed"}`, other))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	l := decodeLine(t, b)
	if l.ItemID != other || l.UnitOfMeasureName != "Dozen" || optText(l.Description) != "Changed" || l.Notes != nil || l.LeadTimeDays != nil || l.LineNumber != 3 {
		t.Errorf("updated line %+v", l)
	}
	mustNum(t, "unit price kept", l.UnitPrice, "4")
	mustNum(t, "quantity", l.Quantity, "4")
	if got := getLine(t, te, quoteID, lineID); got.ItemID != other || got.UnitOfMeasureName != "Dozen" {
		t.Errorf("stored line %+v", got)
	}
	res, b = rawRequest(t, http.MethodPut, partLinePath(quoteID, lineID), te.Token, "application/json",
		fmt.Sprintf(`{"itemId":%q,"quantity":0}`, other))
	mustProblemNaming(t, res, b, "quantity")
	res, b = rawRequest(t, http.MethodPut, partLinePath(quoteID, ids.NewSub()), te.Token, "application/json",
		fmt.Sprintf(`{"itemId":%q,"quantity":1}`, other))
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestQuotePartLinePriceBreaks(t *testing.T) {
	te := newTenant(t)
	tier := createCustomerTier(t, te, "Gold", nil)
	inTierWithOwn := createCustomer(t, te, client.CustomerWrite{Name: "Own breaks"})
	inTier := createCustomer(t, te, client.CustomerWrite{Name: "Tier only"})
	plain := createCustomer(t, te, client.CustomerWrite{Name: "List only"})
	for _, c := range []string{inTierWithOwn, inTier} {
		res, b := rawRequest(t, http.MethodPut, "/api/customers/"+c+"/customer-tier", te.Token, "application/json", fmt.Sprintf(`{"customerTierId":%q}`, tier))
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
	itemID := itemWithRouting(t, te, "PRICED-1")
	replaceSalesBreaks(t, te, itemID, fmt.Sprintf(`{"priceBreaks":[
		{"quantity":1,"price":10},{"quantity":10,"price":9},{"quantity":100,"price":8},
		{"quantity":1,"price":100,"unitOfMeasureName":"Dozen"},
		{"quantity":1,"price":7,"customerTierId":%[1]q},{"quantity":50,"price":6,"customerTierId":%[1]q},
		{"quantity":20,"price":5,"customerId":%[2]q}]}`, tier, inTierWithOwn))
	price := func(customerID, quantity, extra string) partLine {
		t.Helper()
		quoteID := quoteFor(t, te, customerID)
		return getLine(t, te, quoteID, addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":%s%s}`, itemID, quantity, extra)))
	}
	for name, c := range map[string]struct {
		customer, quantity, extra, want string
	}{
		"list price, first break":               {plain, "5", "", "10"},
		"list price, largest break not above":   {plain, "50", "", "9"},
		"list price, break at the quantity":     {plain, "100", "", "8"},
		"list price in another unit":            {plain, "2", `,"unitOfMeasureName":"Dozen"`, "100"},
		"tier beats list":                       {inTier, "5", "", "7"},
		"tier quantity break":                   {inTier, "60", "", "6"},
		"customer beats tier":                   {inTierWithOwn, "20", "", "5"},
		"customer's break not reached: tier":    {inTierWithOwn, "5", "", "7"},
		"sent scheme reprices over unitPrice":   {plain, "5", `,"pricingScheme":"price","unitPrice":3`, "10"},
		"unitPrice without scheme is kept":      {plain, "5", `,"unitPrice":3`, "3"},
		"no break in the unit: the price sent":  {plain, "2", `,"unitOfMeasureName":"Box","pricingScheme":"price","unitPrice":3`, "3"},
		"no break in the unit and none sent: 0": {plain, "2", `,"unitOfMeasureName":"Box"`, "0"},
	} {
		t.Run(name, func(t *testing.T) {
			l := price(c.customer, c.quantity, c.extra)
			mustNum(t, "unitPrice", l.UnitPrice, c.want)
			if l.PricingScheme != "price" {
				t.Errorf("pricingScheme %q", l.PricingScheme)
			}
		})
	}
	// A break of type margin prices from the line's routing cost: 10 / (1 − 0.5) = 20.
	replaceSalesBreaks(t, te, itemID, `{"priceBreaks":[{"quantity":1,"type":"margin","margin":50}]}`)
	l := price(plain, "3", "")
	mustNum(t, "margin break price", l.UnitPrice, "20")
	if l.EstimatedUnitCost == nil {
		t.Fatal("no estimated unit cost after a margin break")
	}
	mustNum(t, "estimatedUnitCost", *l.EstimatedUnitCost, "10")
}

func TestQuotePartLineMarginPricing(t *testing.T) {
	te := newTenant(t)
	itemID := itemWithRouting(t, te, "MARGIN-1")
	quoteID := quoteFor(t, te, "")
	create := func(body string) (rawResponse, []byte) {
		return rawRequest(t, http.MethodPost, partLinesPath(quoteID), te.Token, "application/json", body)
	}
	// Without a default margin in the settings the margin is required.
	res, b := create(fmt.Sprintf(`{"itemId":%q,"quantity":4,"pricingScheme":"margin"}`, itemID))
	mustProblemNaming(t, res, b, "margin")
	// The settings' default margin when omitted: 10 / (1 − 0.2) = 12.50.
	putPricing(t, te, `{"useMarginBasedPricing":true,"useDefaultMargin":true,"defaultMargin":20,"useShopRatePricing":false}`)
	lineID := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":4,"pricingScheme":"margin"}`, itemID))
	l := getLine(t, te, quoteID, lineID)
	if l.PricingScheme != "margin" || l.Margin == nil {
		t.Fatalf("line %+v", l)
	}
	mustNum(t, "default margin", *l.Margin, "20")
	mustNum(t, "unitPrice", l.UnitPrice, "12.50")
	// A margin sent beats the default: 10 / (1 − 0.3) = 14.2857… → 14.29.
	l = getLine(t, te, quoteID, addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":4,"pricingScheme":"margin","margin":30}`, itemID)))
	mustNum(t, "unitPrice at 30 %", l.UnitPrice, "14.29")
	// Under margin a price other than 0 or the current one is refused; those two are accepted
	// and keep the margin price.
	put := func(body string) (rawResponse, []byte) {
		return rawRequest(t, http.MethodPut, partLinePath(quoteID, lineID), te.Token, "application/json", body)
	}
	res, b = put(fmt.Sprintf(`{"itemId":%q,"quantity":4,"unitPrice":13}`, itemID))
	mustProblemNaming(t, res, b, "unitPrice")
	res, b = put(fmt.Sprintf(`{"itemId":%q,"quantity":4,"pricingScheme":"margin","unitPrice":13}`, itemID))
	mustProblemNaming(t, res, b, "unitPrice")
	for _, price := range []string{"12.5", "0"} {
		res, b = put(fmt.Sprintf(`{"itemId":%q,"quantity":4,"unitPrice":%s}`, itemID, price))
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		if got := decodeLine(t, b); got.PricingScheme != "margin" || got.Margin == nil {
			t.Errorf("scheme %q, margin %v after an update without pricingScheme", got.PricingScheme, got.Margin)
		} else {
			mustNum(t, "price kept", got.UnitPrice, "12.50")
			mustNum(t, "margin kept", *got.Margin, "20")
		}
	}
	// Switching to price re-prices from the breaks (none: the price sent).
	res, b = put(fmt.Sprintf(`{"itemId":%q,"quantity":4,"pricingScheme":"price","unitPrice":13}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if got := decodeLine(t, b); got.PricingScheme != "price" {
		t.Errorf("scheme %q", got.PricingScheme)
	} else {
		mustNum(t, "price scheme", got.UnitPrice, "13")
	}
	// 4 × 13 + 4 × 14.29 = 52 + 57.16.
	mustTotals(t, te, quoteID, "109.16", "109.16", "109.16")
}

func TestQuotePartLineBatchIsAllOrNothing(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("BATCH-1"))
	routed := itemWithRouting(t, te, "BATCH-2")
	quoteID := quoteFor(t, te, "")
	batch := func(body string) (rawResponse, []byte) {
		return rawRequest(t, http.MethodPost, partLinesPath(quoteID)+"/batch", te.Token, "application/json", body)
	}
	res, b := batch(fmt.Sprintf(`{"partLineItems":[{"itemId":%[1]q,"quantity":1},{"itemId":%[1]q,"quantity":0},{"itemId":%[1]q,"quantity":-1}]}`, itemID))
	p := mustProblem(t, res, b, http.StatusBadRequest)
	mustNameField(t, p, "partLineItems.1.quantity")
	mustNameField(t, p, "partLineItems.2.quantity")
	res, b = batch(fmt.Sprintf(`{"partLineItems":[{"itemId":%[1]q,"quantity":1},{"itemId":%[1]q,"quantity":1,"unitOfMeasureName":"Foot"}]}`, itemID))
	mustProblemNaming(t, res, b, "partLineItems.1.unitOfMeasureName")
	res, b = batch(fmt.Sprintf(`{"partLineItems":[{"itemId":%q,"quantity":1},{"itemId":%q,"quantity":1}]}`, itemID, ids.New()))
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "partLineItems.1.itemId")
	res, b = batch(fmt.Sprintf(`{"partLineItems":[{"itemId":%[1]q,"quantity":1},{"itemId":%[1]q,"quantity":1,"taxRateId":%[2]q}]}`, itemID, ids.New()))
	if p := mustProblem(t, res, b, http.StatusNotFound); !strings.Contains(p.Detail, "partLineItems.1.taxRateId") {
		t.Errorf("unknown tax rate: %s", b)
	}
	res, b = batch(fmt.Sprintf(`{"partLineItems":[{"itemId":%[1]q,"quantity":1,"unitPrice":2},{"itemId":%[1]q,"quantity":1,"unitPrice":2,"discount":{"isPercentage":false,"value":3}}]}`, itemID))
	mustProblemNaming(t, res, b, "partLineItems.1.discount")
	if got := listLines(t, te, quoteID, "", `{}`); len(got) != 0 {
		t.Fatalf("refused batches stored %d lines", len(got))
	}
	mustTotals(t, te, quoteID, "0", "0", "0")

	res, b = batch(fmt.Sprintf(`{"partLineItems":[{"itemId":%[1]q,"quantity":2,"unitPrice":1.5},{"itemId":%[2]q,"quantity":5,"pricingScheme":"margin","margin":20},{"itemId":%[1]q,"quantity":1,"unitPrice":3,"lineNumber":9},{"itemId":%[1]q,"quantity":1}]}`, itemID, routed))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created struct{ IDs []string }
	if err := json.Unmarshal(b, &created); err != nil || len(created.IDs) != 4 {
		t.Fatalf("batch answered %s", b)
	}
	list := listLines(t, te, quoteID, "", `{}`)
	wantNumbers := []int32{1, 2, 9, 10}
	for i, l := range list {
		if l.ID != created.IDs[i] || l.LineNumber != wantNumbers[i] {
			t.Errorf("line %d: %s number %d, want %s number %d", i, l.ID, l.LineNumber, created.IDs[i], wantNumbers[i])
		}
	}
	mustNum(t, "margin line of the batch", list[1].UnitPrice, "12.50")
	// 3 + 62.50 + 3 + 0.
	mustTotals(t, te, quoteID, "68.5", "68.5", "68.5")
}

func TestQuotePartLineOfADeletedQuote(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("DEL-1"))
	quoteID := quoteFor(t, te, "")
	lineID := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":2}`, itemID))
	markQuoteDeleted(t, te, quoteID)
	if l := getLine(t, te, quoteID, lineID); l.ID != lineID {
		t.Fatalf("line of the deleted quote: %+v", l)
	}
	if got := listLines(t, te, quoteID, "", `{}`); len(got) != 1 {
		t.Fatalf("list of the deleted quote: %d", len(got))
	}
	body := fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID)
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, partLinesPath(quoteID), body},
		{http.MethodPost, partLinesPath(quoteID) + "/batch", `{"partLineItems":[` + body + `]}`},
		{http.MethodPut, partLinePath(quoteID, lineID), body},
		{http.MethodPut, partLinePath(quoteID, lineID) + "/custom-fields", `{}`},
		{http.MethodDelete, partLinePath(quoteID, lineID), ""},
	} {
		ct := "application/json"
		if c.body == "" {
			ct = ""
		}
		res, b := rawRequest(t, c.method, c.path, te.Token, ct, c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
}

func TestQuotePartLineCustomFields(t *testing.T) {
	te := newTenant(t)
	createCustomField(t, te, textField("drawing", client.CustomFieldModuleQuotePartLineItem))
	itemID := createItem(t, te, newItem("CF-1"))
	quoteID := quoteFor(t, te, "")
	lineID := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"customFields":{"drawing":"A"}}`, itemID))
	if l := getLine(t, te, quoteID, lineID); l.CustomFields["drawing"] != "A" {
		t.Fatalf("custom fields %v", l.CustomFields)
	}
	for _, path := range []string{"/custom-fields", "/customFields"} {
		res, b := rawRequest(t, http.MethodPut, partLinePath(quoteID, lineID)+path, te.Token, "application/json", `{"drawing":"B`+path+`"}`)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		if l := decodeLine(t, b); l.CustomFields["drawing"] != "B"+path {
			t.Errorf("%s answered %v", path, l.CustomFields)
		}
		res, b = rawRequest(t, http.MethodPut, partLinePath(quoteID, lineID)+path, te.Token, "application/json", `{"nope":1}`)
		mustProblemNaming(t, res, b, "customFields.nope")
	}
	// An update without customFields keeps them.
	res, b := rawRequest(t, http.MethodPut, partLinePath(quoteID, lineID), te.Token, "application/json", fmt.Sprintf(`{"itemId":%q,"quantity":2}`, itemID))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if l := decodeLine(t, b); l.CustomFields["drawing"] != "B/customFields" {
		t.Errorf("custom fields after an update without them: %v", l.CustomFields)
	}
}

func TestQuotePartLineKeepsItsItemsUnit(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("UNIT-1"))
	quoteID := quoteFor(t, te, "")
	addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID))
	res, body := itemRequest(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Dozen"}`)
	mustItemField(t, res, body, "unitOfMeasureName")
	markQuoteDeleted(t, te, quoteID)
	if got := optText(itemSaved(t, te, http.MethodPut, "/api/items/"+itemID, `{"unitOfMeasureName":"Dozen"}`).UnitOfMeasureName); got != "Dozen" {
		t.Fatalf("unit %q after the quote was deleted, want Dozen", got)
	}
}

func TestQuotePartLinePermissions(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("PERM-1"))
	quoteID := quoteFor(t, te, "")
	lineID := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID))
	body := fmt.Sprintf(`{"itemId":%q,"quantity":1}`, itemID)
	viewer, editor := te.userToken(t, "View Quote"), te.userToken(t, "Edit Quote", "View Item")
	for _, tok := range []string{viewer, te.userToken(t)} {
		res, b := rawRequest(t, http.MethodPost, partLinesPath(quoteID), tok, "application/json", body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, http.MethodPut, partLinePath(quoteID, lineID), tok, "application/json", body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, http.MethodDelete, partLinePath(quoteID, lineID), tok, "", "")
		mustProblem(t, res, b, http.StatusForbidden)
	}
	res, b := rawRequest(t, http.MethodGet, partLinePath(quoteID, lineID), editor, "", "")
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodPost, partLinesPath(quoteID)+"/list", editor, "application/json", `{}`)
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodGet, partLinePath(quoteID, lineID), viewer, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodPost, partLinesPath(quoteID), editor, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

// TestQuotePartLineBatchStatementsDoNotGrowWithTheBatch: a batch of 100 lines priced from
// breaks, over two items with routings, runs as many statements as a batch of one (items,
// prices, tax rates, custom field definitions and routing copies are each read or written
// once for the batch).
func TestQuotePartLineBatchStatementsDoNotGrowWithTheBatch(t *testing.T) {
	te := newTenant(t)
	items := []string{itemWithRouting(t, te, "STMT-A"), itemWithRouting(t, te, "STMT-B")}
	rate := createTaxRate(t, te, client.TaxRateWrite{Name: "Stmt tax", Rate: num("5")})
	replaceSalesBreaks(t, te, items[0], `{"priceBreaks":[{"quantity":1,"price":4}]}`)
	createCustomField(t, te, textField("drawing", client.CustomFieldModuleQuotePartLineItem))
	cs := startCountingServer(t)
	count := func(lines int) int64 {
		quoteID := quoteFor(t, te, "")
		body := `{"partLineItems":` + jsonArrayOf(lines, func(k int) string {
			return fmt.Sprintf(`{"itemId":%q,"quantity":%d,"taxRateId":%q,"customFields":{"drawing":"D%d"}}`, items[k%2], k+1, rate, k)
		}) + `}`
		n, _ := cs.count(t, readCall{http.MethodPost, partLinesPath(quoteID) + "/batch", body}, te)
		return n
	}
	count(1) // the token's lookup, cached after
	one, hundred := count(1), count(100)
	if one != hundred {
		t.Errorf("a batch of 1 ran %d statements, of 100 %d: want the same", one, hundred)
	}
}

// TestQuotePartLineNumbersUnderConcurrentCreates: lines created at once on one quote take
// the numbers 1 to n, each once (the quote's row lock orders the writes).
func TestQuotePartLineNumbersUnderConcurrentCreates(t *testing.T) {
	te := newTenant(t)
	itemID := createItem(t, te, newItem("CONC-1"))
	quoteID := quoteFor(t, te, "")
	const n = 12
	counts := atOnce(t, n, func(int) (int, error) {
		res, b := rawRequest(t, http.MethodPost, partLinesPath(quoteID), te.Token, "application/json", fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":1}`, itemID))
		if res.StatusCode != http.StatusOK {
			return res.StatusCode, fmt.Errorf("create answered %d: %s", res.StatusCode, b)
		}
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != n {
		t.Fatalf("answers %v, want %d × 200", counts, n)
	}
	seen := map[int32]bool{}
	for _, l := range listLines(t, te, quoteID, "", `{}`) {
		seen[l.LineNumber] = true
	}
	for k := int32(1); k <= n; k++ {
		if !seen[k] {
			t.Errorf("no line numbered %d among %v", k, seen)
		}
	}
	mustTotals(t, te, quoteID, "12", "12", "12")
}

// TestQuotePartLineInOtherUnitsCostsItsInventoryQuantity: the routing costs in the item's
// inventory unit (10 per Each here), so a line sold by the Dozen or by a Box of the item's
// sales conversion is costed for its quantity in Each and priced per unit of the line; a
// unit with no fixed conversion cannot be priced by margin, costed or exploded.
func TestQuotePartLineInOtherUnitsCostsItsInventoryQuantity(t *testing.T) {
	te := newTenant(t)
	w := newItem("UNITS-1")
	// One Box is 10 Each for this item.
	w.SalesUnitOfMeasureConversions = &[]client.ItemSalesUnitConversionWrite{{
		DestinationUnitOfMeasureName: "Box", SourceQuantity: ptr(num("10")), DestinationQuantity: ptr(num("1")), IsCustom: ptr(true),
	}}
	itemID := createItem(t, te, w)
	res, b := rawRequest(t, http.MethodPost, "/api/items/"+itemID+"/routing/operations", te.Token, "application/json",
		`{"name":"Machine","runTimeMinutesPerUnit":10,"laborRate":60}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	quoteID := quoteFor(t, te, "")

	// 2 Dozen = 24 Each at 10: 120 a Dozen, priced at 20 % margin: 150.
	dozen := getLine(t, te, quoteID, addLine(t, te, quoteID, fmt.Sprintf(
		`{"itemId":%q,"quantity":2,"unitOfMeasureName":"Dozen","pricingScheme":"margin","margin":20}`, itemID)))
	if dozen.EstimatedUnitCost == nil {
		t.Fatalf("dozen line %+v", dozen)
	}
	mustNum(t, "cost of a Dozen", *dozen.EstimatedUnitCost, "120")
	mustNum(t, "price of a Dozen", dozen.UnitPrice, "150.00")
	// 3 Box = 30 Each: 100 a Box, 125 at 20 %.
	box := getLine(t, te, quoteID, addLine(t, te, quoteID, fmt.Sprintf(
		`{"itemId":%q,"quantity":3,"unitOfMeasureName":"Box","pricingScheme":"margin","margin":20}`, itemID)))
	mustNum(t, "cost of a Box", *box.EstimatedUnitCost, "100")
	mustNum(t, "price of a Box", box.UnitPrice, "125.00")

	// The cost breakdown counts the Dozen line's 24 Each.
	res, b = rawRequest(t, http.MethodGet, partLinePath(quoteID, dozen.ID)+"/cost-breakdown", te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var cost client.QuoteLineCostBreakdown
	if err := json.Unmarshal(b, &cost); err != nil {
		t.Fatal(err)
	}
	mustRate(t, "breakdown quantity", cost.Quantity, "24")
	mustRate(t, "breakdown total", cost.CumulativeCost.Total.Total, "240")

	// Another item without a Box conversion: Box has no factor in the Pieces type.
	plain := itemWithRouting(t, te, "UNITS-2")
	res, b = rawRequest(t, http.MethodPost, partLinesPath(quoteID), te.Token, "application/json", fmt.Sprintf(
		`{"itemId":%q,"quantity":1,"unitOfMeasureName":"Box","pricingScheme":"margin","margin":20}`, plain))
	mustProblemNaming(t, res, b, "unitOfMeasureName")
	boxed := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitOfMeasureName":"Box","unitPrice":7}`, plain))
	for _, path := range []string{"/cost-breakdown", "/make-summary"} {
		res, b = rawRequest(t, http.MethodGet, partLinePath(quoteID, boxed)+path, te.Token, "", "")
		mustProblemNaming(t, res, b, "unitOfMeasureName")
	}
}
