package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"mos/gen/client"
)

const (
	shPath      = "/api/shipments"
	shListPath  = "/api/shipments/list"
	shUnknownID = "ffffffffffffffffffffff5e"
)

func shShipmentPath(id string) string { return shPath + "/" + id }
func shLinesPath(id string) string    { return shShipmentPath(id) + "/line-items" }
func shLinePath(id, lineID string) string {
	return shLinesPath(id) + "/" + lineID
}

// shFixture is an approved sales order with one part line of quantity units of an item with
// 10 units on hand at a location.
type shFixture struct {
	order, customer, item, line, location string
}

func shNew(t *testing.T, te *tenantEnv, quantity int) shFixture {
	t.Helper()
	f := shFixture{customer: createCustomer(t, te, client.CustomerWrite{Name: "Shipping customer " + randomSuffix()})}
	f.item = createItem(t, te, newItem("SH-"+randomSuffix()))
	f.location = createLocation(t, te, "Shelf "+randomSuffix())
	receiveStock(t, te, client.InventoryReceive{ItemId: f.item, Quantity: num("10"), LocationId: &f.location})
	f.order = soOrderFor(t, te, f.customer)
	soSetOrder(t, te, f.order, "status", "approved")
	f.line = soAddLine(t, te, f.order, soResLineBody(f.item, quantity))
	return f
}

// body is a create body shipping quantity of the fixture's line from its location.
func (f shFixture) body(quantity string, more map[string]any) map[string]any {
	b := map[string]any{"salesOrderId": f.order,
		"lineItems": []any{map[string]any{"salesOrderLineItemId": f.line, "quantity": json.Number(quantity), "locationId": f.location}}}
	for k, v := range more {
		b[k] = v
	}
	return b
}

func shCreate(t *testing.T, te *tenantEnv, body map[string]any) string {
	t.Helper()
	res, answer := soSend(t, te.Token, http.MethodPost, shPath, soJSON(t, body))
	return createdID(t, res, answer)
}

func shGet(t *testing.T, te *tenantEnv, id string) client.Shipment {
	t.Helper()
	return soOK[client.Shipment](t, te, http.MethodGet, shShipmentPath(id), "")
}

func shStatus(t *testing.T, te *tenantEnv, id, status string) (rawResponse, []byte) {
	t.Helper()
	return soSend(t, te.Token, http.MethodPost, shShipmentPath(id)+"/status", fmt.Sprintf(`{"status":%q}`, status))
}

func shMustStatus(t *testing.T, te *tenantEnv, id, status string) client.Shipment {
	t.Helper()
	res, answer := shStatus(t, te, id, status)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	return shGet(t, te, id)
}

func shList(t *testing.T, te *tenantEnv, filter string) []string {
	t.Helper()
	var out []string
	for _, s := range soOK[client.ShipmentPage](t, te, http.MethodPost, shListPath, filter).Data {
		out = append(out, s.Id)
	}
	return out
}

// shLastShipped reads the order line's last shipped day ("" when none).
func shLastShipped(t *testing.T, te *tenantEnv, lineID string) string {
	t.Helper()
	var d *time.Time
	if err := srv.Pool.QueryRowxContext(context.Background(), `SELECT last_shipped_date FROM sales_order_part_lines WHERE tenant_id = $1 AND id = $2`,
		te.ID, lineID).Scan(&d); err != nil {
		t.Fatal(err)
	}
	if d == nil {
		return ""
	}
	return d.Format(time.DateOnly)
}

func shShipEvents(t *testing.T, te *tenantEnv) []client.InventoryEvent {
	t.Helper()
	return listEvents(t, te, nil, client.InventoryEventFilter{SourceTypes: &[]client.InventorySourceType{client.InventorySourceTypeShipment}}).Data
}

func TestShipmentShippingPicksStockAndAdvancesTheOrderLine(t *testing.T) {
	te := newTenant(t)
	f := shNew(t, te, 6)
	if got := soResReserved(t, te, f.order, f.line); got != "6" {
		t.Fatalf("the approved line holds %s, want 6", got)
	}
	id := shCreate(t, te, f.body("4", map[string]any{"trackingNumber": " 1Z999 "}))
	s := shGet(t, te, id)
	if s.Status != client.ShipmentStatusOpen || s.Name != fmt.Sprintf("SHP-%d", s.Number) || s.CustomerId != f.customer ||
		s.TrackingNumber == nil || *s.TrackingNumber != "1Z999" || len(s.LineItems) != 1 || s.ShippedDate != nil {
		t.Fatalf("created shipment %+v", s)
	}
	l := s.LineItems[0]
	if l.ItemId != f.item || l.InventoryEventId != nil || l.InventoryQuantity == nil || !l.InventoryQuantity.Equal(num("4").Decimal) {
		t.Fatalf("line %+v", l)
	}
	if len(shShipEvents(t, te)) != 0 {
		t.Fatal("an open shipment moved stock")
	}

	s = shMustStatus(t, te, id, "shipped")
	if s.Status != client.ShipmentStatusShipped || s.ShippedDate == nil || s.LineItems[0].InventoryEventId == nil {
		t.Fatalf("shipped shipment %+v", s)
	}
	events := shShipEvents(t, te)
	if len(events) != 1 {
		t.Fatalf("%d shipment events, want 1", len(events))
	}
	ev := events[0]
	if ev.Id != *s.LineItems[0].InventoryEventId || ev.Type != client.InventoryEventTypePick || ev.SecondaryType != client.InventorySecondaryTypeShip ||
		soResDeref(ev.SourceEntityId) != id || soResDeref(ev.SourceRelatedEntityId) != l.Id || ev.SourceRelatedType == nil ||
		string(*ev.SourceRelatedType) != "shipmentLineItem" || soResDeref(ev.SourceName) != fmt.Sprint(s.Number) || !ev.Quantity.Equal(num("4").Decimal) {
		t.Fatalf("ship event %+v", ev)
	}
	mustDec(t, "on hand", onHandAt(t, te, f.item, nil, &f.location), "6")
	if got := soGetLine(t, te, f.order, f.line).ShippedQuantity.String(); got != "4" {
		t.Fatalf("shippedQuantity %s, want 4", got)
	}
	if got := soResReserved(t, te, f.order, f.line); got != "2" {
		t.Fatalf("the line holds %s after shipping 4 of 6, want 2", got)
	}
	today := time.Now().UTC().Format(time.DateOnly)
	if got := shLastShipped(t, te, f.line); got != today && got != time.Now().Add(-24*time.Hour).UTC().Format(time.DateOnly) {
		t.Fatalf("last shipped %q, want the shop day", got)
	}
	// A shipped shipment is not deleted: it goes back to open first.
	res, answer := soSend(t, te.Token, http.MethodDelete, shShipmentPath(id), "")
	mustProblemNaming(t, res, answer, "status")

	s = shMustStatus(t, te, id, "open")
	if s.ShippedDate != nil || s.LineItems[0].InventoryEventId != nil {
		t.Fatalf("reopened shipment %+v", s)
	}
	mustDec(t, "on hand", onHandAt(t, te, f.item, nil, &f.location), "10")
	if got := soGetLine(t, te, f.order, f.line).ShippedQuantity.String(); got != "0" {
		t.Fatalf("shippedQuantity %s after reopening, want 0", got)
	}
	if got := soResReserved(t, te, f.order, f.line); got != "6" {
		t.Fatalf("the line holds %s after reopening, want 6", got)
	}
	if got := shLastShipped(t, te, f.line); got != "" {
		t.Fatalf("last shipped %q after reopening, want none", got)
	}
	// Moves follow the table: shipped → cancelled is refused.
	shMustStatus(t, te, id, "shipped")
	res, answer = shStatus(t, te, id, "cancelled")
	mustProblemNaming(t, res, answer, "status")
}

func TestShipmentNeverShipsMoreThanTheOrderLine(t *testing.T) {
	te := newTenant(t)
	f := shNew(t, te, 5)
	first := shCreate(t, te, f.body("3", nil))
	res, answer := soSend(t, te.Token, http.MethodPost, shPath, soJSON(t, f.body("3", nil)))
	mustProblemNaming(t, res, answer, "lineItems.0.quantity")
	second := shCreate(t, te, f.body("2", nil))
	// Adding or growing a line counts the other shipments too.
	res, answer = soSend(t, te.Token, http.MethodPost, shLinesPath(second), soJSON(t, map[string]any{"salesOrderLineItemId": f.line, "quantity": 1}))
	mustProblemNaming(t, res, answer, "quantity")
	line := shGet(t, te, second).LineItems[0].Id
	res, answer = soSend(t, te.Token, http.MethodPut, shLinePath(second, line), `{"quantity":3}`)
	mustProblemNaming(t, res, answer, "quantity")
	// A cancelled shipment no longer counts; reopening it counts it again.
	shMustStatus(t, te, first, "cancelled")
	third := shCreate(t, te, f.body("3", nil))
	res, answer = shStatus(t, te, first, "open")
	mustProblemNaming(t, res, answer, "lineItems.0.quantity")
	res, answer = soSend(t, te.Token, http.MethodDelete, shShipmentPath(third), "")
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	shMustStatus(t, te, first, "open")
	// A line of another order or an unknown one.
	other := shNew(t, te, 1)
	res, answer = soSend(t, te.Token, http.MethodPost, shPath, soJSON(t, map[string]any{"salesOrderId": f.order,
		"lineItems": []any{map[string]any{"salesOrderLineItemId": other.line, "quantity": 1}}}))
	mustProblemNaming(t, res, answer, "lineItems.0.salesOrderLineItemId")
	res, answer = soSend(t, te.Token, http.MethodPost, shPath, soJSON(t, map[string]any{"salesOrderId": f.order,
		"lineItems": []any{map[string]any{"salesOrderLineItemId": rcUnknownLine, "quantity": 1}}}))
	soMustProblem(t, res, answer, http.StatusNotFound, "lineItems.0.salesOrderLineItemId")
	res, answer = soSend(t, te.Token, http.MethodPost, shPath, soJSON(t, f.body("0", nil)))
	mustProblemNaming(t, res, answer, "lineItems.0.quantity")
}

func TestShipmentConcurrentShipmentsOfTheLastUnits(t *testing.T) {
	te := newTenant(t)
	f := shNew(t, te, 5)
	shCreate(t, te, f.body("3", nil))
	start := make(chan struct{})
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			res, _ := soSend(t, te.Token, http.MethodPost, shPath, soJSON(t, f.body("2", nil)))
			codes[i] = res.StatusCode
		}()
	}
	close(start)
	wg.Wait()
	slices.Sort(codes)
	if codes[0] != http.StatusOK || codes[1] != http.StatusBadRequest {
		t.Fatalf("statuses %v, want one 200 and one 400", codes)
	}
}

func TestShipmentWithoutAvailableStockWritesNothing(t *testing.T) {
	te := newTenant(t)
	f := shNew(t, te, 2)
	// Another approved order holds the other 8 units.
	rival := soOrderFor(t, te, f.customer)
	soSetOrder(t, te, rival, "status", "approved")
	soAddLine(t, te, rival, soResLineBody(f.item, 8))
	// The order's own 2 reserved units ship.
	ok := shCreate(t, te, f.body("2", nil))
	shMustStatus(t, te, ok, "shipped")
	shMustStatus(t, te, ok, "open")
	// Shipping from a location without the units is refused and changes nothing.
	empty := createLocation(t, te, "Empty "+randomSuffix())
	res, answer := soSend(t, te.Token, http.MethodDelete, shShipmentPath(ok), "")
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	id := shCreate(t, te, map[string]any{"salesOrderId": f.order,
		"lineItems": []any{map[string]any{"salesOrderLineItemId": f.line, "quantity": 2, "locationId": empty}}})
	res, answer = shStatus(t, te, id, "shipped")
	mustProblemNaming(t, res, answer, "lineItems.0.quantity")
	if got := soGetLine(t, te, f.order, f.line).ShippedQuantity.String(); got != "0" {
		t.Fatalf("shippedQuantity %s after a refused shipment", got)
	}
	if got := soResReserved(t, te, f.order, f.line); got != "2" {
		t.Fatalf("the line holds %s after a refused shipment, want 2", got)
	}
	if s := shGet(t, te, id); s.Status != client.ShipmentStatusOpen || len(shShipEvents(t, te)) != 2 {
		t.Fatalf("refused shipment %+v", s)
	}
	// The units the rival order holds are not taken: with the order line grown to 12, shipping
	// 9 finds only the order's own 2 units available.
	soSetOrder(t, te, f.order, "status", "inProgress")
	res, answer = soSend(t, te.Token, http.MethodPut, shLinePath(id, shGet(t, te, id).LineItems[0].Id), soJSON(t, map[string]any{"quantity": 2, "locationId": f.location}))
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	soExec(t, `UPDATE sales_order_part_lines SET quantity = 12, inventory_quantity = 12 WHERE tenant_id = $1 AND id = $2`, te.ID, f.line)
	big := shCreate(t, te, f.body("9", nil))
	res, answer = shStatus(t, te, big, "shipped")
	mustProblemNaming(t, res, answer, "lineItems.0.quantity")
}

func TestShipmentOnlyApprovedOrInProgressOrdersShip(t *testing.T) {
	te := newTenant(t)
	f := shNew(t, te, 3)
	soSetOrder(t, te, f.order, "status", "draft")
	res, answer := soSend(t, te.Token, http.MethodPost, shPath, soJSON(t, f.body("1", nil)))
	mustProblemNaming(t, res, answer, "salesOrderId")
	soSetOrder(t, te, f.order, "status", "inProgress")
	id := shCreate(t, te, f.body("1", nil))
	soSetOrder(t, te, f.order, "status", "complete")
	res, answer = shStatus(t, te, id, "shipped")
	mustProblemNaming(t, res, answer, "salesOrderId")
	soSetOrder(t, te, f.order, "deleted", true)
	res, answer = soSend(t, te.Token, http.MethodPost, shPath, soJSON(t, f.body("1", nil)))
	soMustProblem(t, res, answer, http.StatusNotFound, "salesOrderId")
	res, answer = soSend(t, te.Token, http.MethodPost, shPath, soJSON(t, map[string]any{"salesOrderId": shUnknownID, "lineItems": []any{}}))
	soMustProblem(t, res, answer, http.StatusNotFound, "salesOrderId")
}

func TestShipmentShippedDateOverrideTakesPrecedence(t *testing.T) {
	te := newTenant(t)
	f := shNew(t, te, 3)
	id := shCreate(t, te, f.body("1", nil))
	shMustStatus(t, te, id, "shipped")
	res, answer := soSend(t, te.Token, http.MethodPut, shShipmentPath(id), `{"shippedDateOverride":"2026-03-04","shippingCost":99,"shippedDate":"2020-01-01T00:00:00Z"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	s := shGet(t, te, id)
	if s.ShippedDateOverride == nil || poDay(*s.ShippedDateOverride) != "2026-03-04T00:00:00Z" || !s.ShippingCost.IsZero() ||
		s.ShippedDate == nil || s.ShippedDate.Year() == 2020 {
		t.Fatalf("updated shipment %+v", s)
	}
	if got := shLastShipped(t, te, f.line); got != "2026-03-04" {
		t.Fatalf("last shipped %q, want the override", got)
	}
	if got := shList(t, te, `{"shippedDateAfter":"2026-03-03","shippedDateBefore":"2026-03-05"}`); !slices.Contains(got, id) {
		t.Fatalf("the override's day window misses the shipment: %v", got)
	}
	// A patch not naming it keeps it.
	res, answer = soSend(t, te.Token, http.MethodPatch, shShipmentPath(id), `[{"op":"replace","path":"/notes","value":"fragile"}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	if s = shGet(t, te, id); s.ShippedDateOverride == nil || s.Notes == nil {
		t.Fatalf("patched shipment %+v", s)
	}
	res, answer = soSend(t, te.Token, http.MethodPatch, shShipmentPath(id), `[{"op":"replace","path":"/shippedDateOverride","value":"2026-03-09"}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	if got := shLastShipped(t, te, f.line); got != "2026-03-09" {
		t.Fatalf("last shipped %q after the patch", got)
	}
	// A full update omitting it clears it.
	res, answer = soSend(t, te.Token, http.MethodPut, shShipmentPath(id), `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	if s = shGet(t, te, id); s.ShippedDateOverride != nil {
		t.Fatalf("override kept by a full update omitting it: %+v", s)
	}
	if got := shList(t, te, `{"shippedDateAfter":"2026-03-03","shippedDateBefore":"2026-03-10"}`); slices.Contains(got, id) {
		t.Fatal("the cleared override still places the shipment in March")
	}
	res, answer = soSend(t, te.Token, http.MethodPut, shShipmentPath(id), `{"shippedDateOverride":"1999-01-01"}`)
	mustProblemNaming(t, res, answer, "shippedDateOverride")
	res, answer = soSend(t, te.Token, http.MethodPatch, shShipmentPath(id), `[{"op":"replace","path":"/status","value":"open"}]`)
	mustStatus(t, res.StatusCode, http.StatusBadRequest, answer)
}

func TestShipmentListFilters(t *testing.T) {
	te := newTenant(t)
	f := shNew(t, te, 10)
	a := shCreate(t, te, f.body("1", map[string]any{"name": "Crate Alpha", "shipByDate": "2026-05-10", "externalReferences": map[string]any{"erp": map[string]any{"externalId": "A-1"}}}))
	b := shCreate(t, te, f.body("1", map[string]any{"name": "Crate Beta", "shipByDate": "2026-05-20", "shippedDateOverride": "2026-06-15"}))
	shMustStatus(t, te, b, "shipped")
	g := shNew(t, te, 2)
	c := shCreate(t, te, g.body("1", nil))
	shMustStatus(t, te, c, "cancelled")
	for _, tc := range []struct {
		filter  string
		in, out []string
	}{
		{`{"names":["crate alpha"]}`, []string{a}, []string{b, c}},
		{`{"shipByDateBefore":"2026-05-15"}`, []string{a}, []string{b}},
		{`{"shipByDateAfter":"2026-05-15"}`, []string{b}, []string{a}},
		{`{"shippedDateAfter":"2026-06-14"}`, []string{b}, []string{a, c}},
		{`{"shippedDateBefore":"2026-06-15"}`, nil, []string{b}},
		{`{"shippedDateBefore":"2026-06-16"}`, []string{b}, []string{a}},
		{`{"statuses":["cancelled"]}`, []string{c}, []string{a, b}},
		{fmt.Sprintf(`{"salesOrderIds":[%q]}`, g.order), []string{c}, []string{a}},
		{fmt.Sprintf(`{"customerIds":[%q]}`, f.customer), []string{a, b}, []string{c}},
		{`{"externalReference":{"key":"erp","externalId":"A-1"}}`, []string{a}, []string{b}},
		{`{"modifiedAfterUtc":"2099-01-01T00:00:00Z"}`, nil, []string{a, b, c}},
	} {
		got := shList(t, te, tc.filter)
		for _, id := range tc.in {
			if !slices.Contains(got, id) {
				t.Errorf("%s misses %s", tc.filter, id)
			}
		}
		for _, id := range tc.out {
			if slices.Contains(got, id) {
				t.Errorf("%s includes %s", tc.filter, id)
			}
		}
	}
	page := soOK[client.ShipmentPage](t, te, http.MethodPost, shListPath+"?Sort.Field=number&Take=2", "")
	if page.TotalCount != 3 || len(page.Data) != 2 || page.Data[0].Number > page.Data[1].Number || !page.HasNextPage {
		t.Fatalf("page %+v", page)
	}
	lines := soOK[client.ShipmentLineItemPage](t, te, http.MethodPost, "/api/shipment-line-items/list", fmt.Sprintf(`{"salesOrderIds":[%q]}`, g.order))
	if lines.TotalCount != 1 || lines.Data[0].ShipmentId != c {
		t.Fatalf("line list %+v", lines)
	}
	lines = soOK[client.ShipmentLineItemPage](t, te, http.MethodPost, "/api/shipment-line-items/list", fmt.Sprintf(`{"itemIds":[%q],"shipmentIds":[%q]}`, f.item, a))
	if lines.TotalCount != 1 || lines.Data[0].ShipmentId != a {
		t.Fatalf("line list %+v", lines)
	}
}

func TestShippingReportRowsAndFilters(t *testing.T) {
	te := newTenant(t)
	f := shNew(t, te, 10)
	id := shCreate(t, te, f.body("2", map[string]any{"shippedDateOverride": "2026-07-01", "trackingNumber": "TRK"}))
	shMustStatus(t, te, id, "shipped")
	g := shNew(t, te, 5)
	shCreate(t, te, g.body("1", nil))
	report := func(filter string) client.ShippingReportPage {
		return soOK[client.ShippingReportPage](t, te, http.MethodPost, "/api/reporting/shipping/list", filter)
	}
	all := report("")
	if all.TotalCount != 2 || all.Data[0].ShipmentId != id {
		t.Fatalf("report %+v", all)
	}
	r := all.Data[0]
	if r.ShippedDate == nil || r.ShippedDate.String() != "2026-07-01" || r.Customer.Id != f.customer || r.Item.Id != f.item ||
		!r.Quantity.Equal(num("2").Decimal) || soResDeref(r.TrackingNumber) != "TRK" || r.Status != client.ShipmentStatusShipped {
		t.Fatalf("row %+v", r)
	}
	for filter, want := range map[string]int{
		`{"shippedFrom":"2026-07-01","shippedTo":"2026-07-01"}`:       1,
		`{"shippedFrom":"2026-07-02"}`:                                0,
		fmt.Sprintf(`{"customerIds":[%q]}`, g.customer):               1,
		fmt.Sprintf(`{"itemIds":[%q]}`, f.item):                       1,
		fmt.Sprintf(`{"salesOrderNumbers":[%d]}`, r.SalesOrderNumber): 1,
	} {
		if got := report(filter); got.TotalCount != want {
			t.Errorf("%s: %d rows, want %d", filter, got.TotalCount, want)
		}
	}
}

func TestShipmentIsolationPermissionsAndAttachments(t *testing.T) {
	te := newTenant(t)
	other := newTenant(t)
	f := shNew(t, te, 3)
	id := shCreate(t, te, f.body("1", nil))
	line := shGet(t, te, id).LineItems[0].Id
	for _, c := range []struct{ method, path, body string }{
		{http.MethodGet, shShipmentPath(id), ""},
		{http.MethodPut, shShipmentPath(id), `{}`},
		{http.MethodPut, shShipmentPath(id) + "/custom-fields", `{}`},
		{http.MethodPost, shShipmentPath(id) + "/status", `{"status":"cancelled"}`},
		{http.MethodGet, shLinePath(id, line), ""},
		{http.MethodPut, shLinePath(id, line), `{"quantity":1}`},
		{http.MethodPost, shPath, soJSON(t, f.body("1", nil))},
	} {
		res, answer := soSend(t, other.Token, c.method, c.path, c.body)
		mustStatus(t, res.StatusCode, http.StatusNotFound, answer)
	}
	if got := shList(t, other, ""); len(got) != 0 {
		t.Fatalf("another tenant lists %v", got)
	}
	second := shCreate(t, te, f.body("1", nil))
	res, answer := soSend(t, te.Token, http.MethodGet, shLinePath(second, line), "")
	mustStatus(t, res.StatusCode, http.StatusNotFound, answer)

	viewer := te.userToken(t, "View Shipments")
	res, answer = soSend(t, viewer, http.MethodGet, shShipmentPath(id), "")
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	res, answer = soSend(t, viewer, http.MethodPost, shPath, soJSON(t, f.body("1", nil)))
	mustStatus(t, res.StatusCode, http.StatusForbidden, answer)
	nobody := te.userToken(t)
	res, answer = soSend(t, nobody, http.MethodPost, shListPath, "")
	mustStatus(t, res.StatusCode, http.StatusForbidden, answer)

	// A file attached to the shipment is seen with View Shipments.
	up := upload(t, te.API, &filePart{name: "packing.txt", content: []byte("two crates")},
		part{"Detail.Owner.Type", "shipment"}, part{"Detail.Owner.Id", id}, part{"Detail.IsNoteAttachment", "false"})
	mustStatus(t, up.StatusCode(), http.StatusOK, up.Body)
	ofShipment := client.AttachmentFilter{Owner: &client.AttachmentAnyOwner{Type: client.AttachmentAnyOwnerTypeShipment, Id: id}}
	if got := attachmentIDs(listAttachments(t, newClient(t, viewer), ofShipment)); len(got) != 1 || got[0] != up.JSON200.Id {
		t.Fatalf("View Shipments sees %v, want %s", got, up.JSON200.Id)
	}
	if got := listAttachments(t, newClient(t, nobody), ofShipment); len(got) != 0 {
		t.Fatalf("a token without View Shipments sees %+v", got)
	}
	res, answer = soSend(t, te.Token, http.MethodPost, shShipmentPath(shUnknownID)+"/status", `{"status":"cancelled"}`)
	mustStatus(t, res.StatusCode, http.StatusNotFound, answer)
}

// shWalkShipment is the malformed walk's shipment: an approved order of customer with one
// part line of item, shipped from location by one line.
func shWalkShipment(t *testing.T, te *tenantEnv, customer, item, location string) (shipmentID, lineID string) {
	t.Helper()
	order := soOrderFor(t, te, customer)
	soSetOrder(t, te, order, "status", "approved")
	line := soAddLine(t, te, order, soResLineBody(item, 1000))
	shipmentID = shCreate(t, te, map[string]any{"salesOrderId": order,
		"lineItems": []any{map[string]any{"salesOrderLineItemId": line, "quantity": 1, "locationId": location}}})
	return shipmentID, shGet(t, te, shipmentID).LineItems[0].Id
}

// shArrangeShipments: shipments with one line each (small) and up to manySubs lines (large),
// with custom fields and references on the shipments and their lines.
func shArrangeShipments(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		createCustomField(t, te, textField("dock", client.CustomFieldModuleShipOrder))
		f := shNew(t, te, 1000)
		return arrangeEach(size, func(i, subs int) string {
			lines := make([]any, max(subs, 1))
			for k := range lines {
				lines[k] = map[string]any{"salesOrderLineItemId": f.line, "quantity": 1, "locationId": f.location,
					"externalReferences": map[string]any{"erp": map[string]any{"externalId": fmt.Sprintf("L-%d-%d", i, k)}}}
			}
			return arrangeCreate(t, te, shPath, soJSON(t, map[string]any{"salesOrderId": f.order, "lineItems": lines,
				"customFields": map[string]any{"dock": fmt.Sprintf("D-%d", i)}, "externalReferences": map[string]any{"erp": map[string]any{"externalId": fmt.Sprintf("S-%d", i)}}}))
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	sl, ll := shGet(t, small, s[0]).LineItems[0].Id, shGet(t, large, l[0]).LineItems[0].Id
	return []readCase{
		listRead("listShipments", shListPath, shListPath, `{}`),
		getRead("getShipment", shShipmentPath(s[0]), shShipmentPath(l[0])),
		getRead("getShipmentPdf", shShipmentPath(s[0])+"/pdf", shShipmentPath(l[0])+"/pdf"),
		listRead("listShipmentLines", "/api/shipment-line-items/list", "/api/shipment-line-items/list", `{}`),
		getRead("getShipmentLine", shLinePath(s[0], sl), shLinePath(l[0], ll)),
		listRead("listShippingReport", "/api/reporting/shipping/list", "/api/reporting/shipping/list", `{}`),
	}
}

func TestShipmentDefaultsFromTheOrderAndItsLines(t *testing.T) {
	te := newTenant(t)
	f := shNew(t, te, 5)
	res, answer := soWrite(t, te, http.MethodPatch, soPartLinePath(f.order, f.line), `[{"op":"replace","path":"/deliveryDate","value":"2026-12-24"}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	later := soAddLine(t, te, f.order, soResLineBody(f.item, 1))
	res, answer = soWrite(t, te, http.MethodPatch, soPartLinePath(f.order, later), `[{"op":"replace","path":"/deliveryDate","value":"2027-01-15"}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	id := shCreate(t, te, map[string]any{"salesOrderId": f.order, "shippingCost": 12.5, "lineItems": []any{
		map[string]any{"salesOrderLineItemId": later, "quantity": 1}, map[string]any{"salesOrderLineItemId": f.line, "quantity": 1}}})
	s := shGet(t, te, id)
	if s.ShipByDate == nil || poDay(*s.ShipByDate) != "2026-12-24T00:00:00Z" || !s.ShippingCost.Equal(num("12.5").Decimal) ||
		len(s.LineItems) != 2 || s.LineItems[0].SalesOrderLineItemId != later {
		t.Fatalf("shipment %+v", s)
	}
	named := shCreate(t, te, f.body("1", map[string]any{"name": "  Crate 7 ", "shipByDate": "2026-12-01"}))
	if s = shGet(t, te, named); s.Name != "Crate 7" || poDay(*s.ShipByDate) != "2026-12-01T00:00:00Z" {
		t.Fatalf("named shipment %+v", s)
	}
	for body, field := range map[string]string{
		soJSON(t, f.body("1", map[string]any{"name": "  "})):                    "name",
		soJSON(t, f.body("1", map[string]any{"shippingCost": -1})):              "shippingCost",
		soJSON(t, f.body("1", map[string]any{"shipByDate": "1999-12-31"})):      "shipByDate",
		soJSON(t, f.body("1", map[string]any{"shippingMethodId": shUnknownID})): "shippingMethodId",
	} {
		res, answer := soSend(t, te.Token, http.MethodPost, shPath, body)
		if res.StatusCode != http.StatusBadRequest && res.StatusCode != http.StatusNotFound {
			t.Fatalf("%s answered %d", body, res.StatusCode)
		}
		soMustProblem(t, res, answer, res.StatusCode, field)
	}
}

func TestShipmentLinesChangeOnlyWhileOpen(t *testing.T) {
	te := newTenant(t)
	f := shNew(t, te, 5)
	id := shCreate(t, te, f.body("1", nil))
	line := shGet(t, te, id).LineItems[0].Id
	res, answer := soSend(t, te.Token, http.MethodPost, shLinesPath(id), soJSON(t, map[string]any{"salesOrderLineItemId": f.line, "quantity": 2, "locationId": f.location}))
	added := createdID(t, res, answer)
	res, answer = soSend(t, te.Token, http.MethodPut, shLinePath(id, added), soJSON(t, map[string]any{"quantity": 3, "locationId": f.location}))
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	shMustStatus(t, te, id, "shipped")
	if got := soGetLine(t, te, f.order, f.line).ShippedQuantity.String(); got != "4" {
		t.Fatalf("shippedQuantity %s, want 4", got)
	}
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, shLinesPath(id), soJSON(t, map[string]any{"salesOrderLineItemId": f.line, "quantity": 1})},
		{http.MethodPut, shLinePath(id, line), `{"quantity":1}`},
		{http.MethodDelete, shLinePath(id, line), ""},
	} {
		res, answer := soSend(t, te.Token, c.method, c.path, c.body)
		mustProblemNaming(t, res, answer, "status")
	}
	shMustStatus(t, te, id, "open")
	res, answer = soSend(t, te.Token, http.MethodDelete, shLinePath(id, line), "")
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	res, answer = soSend(t, te.Token, http.MethodDelete, shLinePath(id, line), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, answer)
	res, answer = soSend(t, te.Token, http.MethodGet, shLinePath(id, line), "")
	mustStatus(t, res.StatusCode, http.StatusNotFound, answer)
	// Custom fields of module ship_Order are replaced whole.
	createCustomField(t, te, textField("dock", client.CustomFieldModuleShipOrder))
	res, answer = soSend(t, te.Token, http.MethodPut, shShipmentPath(id)+"/custom-fields", `{"dock":"B"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	if s := shGet(t, te, id); s.CustomFields["dock"] != "B" {
		t.Fatalf("custom fields %+v", s.CustomFields)
	}
	res, answer = soSend(t, te.Token, http.MethodPut, shShipmentPath(id)+"/custom-fields", `{"nope":"B"}`)
	mustProblemNaming(t, res, answer, "customFields.nope")
	// A cancelled shipment is deleted with its lines; a missing one answers 204.
	shMustStatus(t, te, id, "cancelled")
	res, answer = soSend(t, te.Token, http.MethodDelete, shShipmentPath(id), "")
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	res, answer = soSend(t, te.Token, http.MethodDelete, shShipmentPath(id), "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, answer)
}

// TestShipmentLastShippedDayIsTheLatestShippedShipments: an order line's last shipped day is
// the latest effective shipped day of the shipped shipments that ship it, whichever shipped,
// went back to open or changed its day last.
func TestShipmentLastShippedDayIsTheLatestShippedShipments(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	f := shNew(t, te, 3)
	shipOn := func(day string) string {
		id := shCreate(t, te, f.body("1", nil))
		res, answer := soSend(t, te.Token, http.MethodPut, shShipmentPath(id), `{"shippedDateOverride":"`+day+`"}`)
		mustStatus(t, res.StatusCode, http.StatusOK, answer)
		shMustStatus(t, te, id, "shipped")
		return id
	}
	mustLast := func(want, when string) {
		t.Helper()
		if got := shLastShipped(t, te, f.line); got != want {
			t.Fatalf("last shipped %q %s, want %q", got, when, want)
		}
	}
	a := shipOn("2026-03-04")
	mustLast("2026-03-04", "after the first shipment")
	b := shipOn("2026-02-01")
	mustLast("2026-03-04", "after an earlier-dated shipment")
	shMustStatus(t, te, a, "open")
	mustLast("2026-02-01", "after the latest went back to open")
	res, answer := soSend(t, te.Token, http.MethodPatch, shShipmentPath(b), `[{"op":"replace","path":"/shippedDateOverride","value":"2026-02-10"}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	mustLast("2026-02-10", "after the shipped one's day changed")
	shMustStatus(t, te, b, "open")
	mustLast("", "when nothing is shipped")
}
