package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"mos/gen/client"
	"mos/internal/platform/dec"
)

// Fixtures of inventory: stock actions and balances, the event ledger and its transactions,
// lots and locations.

func receiveStock(t *testing.T, te *tenantEnv, r client.InventoryReceive) client.InventoryEvent {
	t.Helper()
	if r.SecondaryType == "" {
		r.SecondaryType = client.InventoryReceiveSecondaryTypeReceive
	}
	res, body := inventoryPost(t, te, "/api/inventory/receive", r)
	return mustEvent(t, res, body)
}

func pickStock(t *testing.T, te *tenantEnv, p client.InventoryPick) client.InventoryEvent {
	t.Helper()
	if p.SecondaryType == "" {
		p.SecondaryType = client.InventoryPickSecondaryTypePick
	}
	res, body := inventoryPost(t, te, "/api/inventory/pick", p)
	return mustEvent(t, res, body)
}

func overrideStock(t *testing.T, te *tenantEnv, o client.InventoryOverride) client.InventoryEvent {
	t.Helper()
	res, body := inventoryPost(t, te, "/api/inventory/override", o)
	return mustEvent(t, res, body)
}

// mustEvent decodes a 200 inventory event body.
func mustEvent(t *testing.T, res rawResponse, body []byte) client.InventoryEvent {
	t.Helper()
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var ev client.InventoryEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

// mustOnlyEffect returns the event's one effect.
func mustOnlyEffect(t *testing.T, ev client.InventoryEvent) client.InventoryEffect {
	t.Helper()
	if len(ev.ResultEffects) != 1 {
		t.Fatalf("event %s has %d effects, want 1: %+v", ev.Id, len(ev.ResultEffects), ev.ResultEffects)
	}
	return ev.ResultEffects[0]
}

// mustValue fails t unless an InventoryValue is total / perUnit.
func mustValue(t *testing.T, what string, got client.InventoryValue, total, perUnit string) {
	t.Helper()
	mustDec(t, what+".total", got.Total, total)
	mustDec(t, what+".perUnit", got.PerUnit, perUnit)
}

// onHandAt reads what is on hand of an item in a lot at a location (nil: none) through the
// inventory list: 0 when it lists no row there.
func onHandAt(t *testing.T, te *tenantEnv, itemID string, lotID, locationID *string) dec.Decimal {
	t.Helper()
	for _, r := range listStock(t, te, nil, client.InventoryFilter{ItemIds: &[]string{itemID}}) {
		if optText(r.LotId) == optText(lotID) && optText(r.LocationId) == optText(locationID) {
			return r.OnHandQuantity
		}
	}
	return dec.Zero
}

func listStock(t *testing.T, te *tenantEnv, p *client.ListInventoryParams, f client.InventoryFilter) []client.InventoryRow {
	t.Helper()
	res, err := te.API.ListInventoryWithResponse(context.Background(), p, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// eventTotal is how many inventory events the tenant has (the list's totalCount at Take 0).
func eventTotal(t *testing.T, te *tenantEnv) int {
	t.Helper()
	res, err := te.API.ListInventoryEventsWithResponse(context.Background(), &client.ListInventoryEventsParams{Take: ptr(int32(0))}, client.InventoryEventFilter{})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.TotalCount
}

// lotTrackedItem creates a made item whose stock is kept by lot.
func lotTrackedItem(t *testing.T, te *tenantEnv, number string) string {
	t.Helper()
	w := newItem(number)
	w.IsLotTracked = ptr(true)
	return createItem(t, te, w)
}

func eventPath(id string) string { return "/api/inventory-events/" + id }

func listEvents(t *testing.T, te *tenantEnv, p *client.ListInventoryEventsParams, f client.InventoryEventFilter) client.InventoryEventPage {
	t.Helper()
	res, err := te.API.ListInventoryEventsWithResponse(context.Background(), p, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func revertEvent(t *testing.T, te *tenantEnv, id string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, eventPath(id)+"/revert", te.Token, "", "")
}

func listTransactions(t *testing.T, te *tenantEnv, p *client.ListInventoryTransactionsParams, f client.InventoryTransactionFilter) client.InventoryTransactionPage {
	t.Helper()
	res, err := te.API.ListInventoryTransactionsWithResponse(context.Background(), p, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// setEvent overwrites columns of a stored event: the source, reservation and dates that
// only other areas (jobs, purchase orders, imports) will record.
func setEvent(t *testing.T, te *tenantEnv, eventID string, columns map[string]any) {
	t.Helper()
	names := make([]string, 0, len(columns))
	for name := range columns {
		names = append(names, name)
	}
	sort.Strings(names)
	args := []any{te.ID, eventID}
	sets := make([]string, len(names))
	for i, name := range names {
		args = append(args, columns[name])
		sets[i] = fmt.Sprintf("%s = $%d", name, len(args))
	}
	res, err := srv.Pool.ExecContext(context.Background(),
		`UPDATE inventory_events SET `+strings.Join(sets, ", ")+` WHERE tenant_id = $1 AND id = $2`, args...)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("event %s not found", eventID)
	}
}

func createLot(t *testing.T, te *tenantEnv, w client.InventoryLotCreate) string {
	t.Helper()
	res, err := te.API.CreateInventoryLotWithResponse(context.Background(), nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getLot(t *testing.T, te *tenantEnv, id string) client.InventoryLot {
	t.Helper()
	res, err := te.API.GetInventoryLotWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listLots(t *testing.T, te *tenantEnv, p *client.ListInventoryLotsParams, f client.InventoryLotFilter) []client.InventoryLot {
	t.Helper()
	res, err := te.API.ListInventoryLotsWithResponse(context.Background(), p, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func lotDay(s string) *openapi_types.Date {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return &openapi_types.Date{Time: d}
}

func createLocation(t *testing.T, te *tenantEnv, name string) string {
	t.Helper()
	res, err := te.API.CreateLocationWithResponse(context.Background(), nil, client.LocationCreate{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getLocation(t *testing.T, te *tenantEnv, id string) client.Location {
	t.Helper()
	res, err := te.API.GetLocationWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func deleteLocation(t *testing.T, te *tenantEnv, id string) int {
	t.Helper()
	res, err := te.API.DeleteLocationWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode()
}

// inventoryPost sends body as JSON to an inventory path with the tenant's token.
func inventoryPost(t *testing.T, te *tenantEnv, path string, body any) (rawResponse, []byte) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return rawRequest(t, http.MethodPost, path, te.Token, "application/json", string(b))
}
