package tests

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
)

// nonInventoryItem creates a bought item that holds no stock.
func nonInventoryItem(t *testing.T, te *tenantEnv, number string) string {
	t.Helper()
	w := newItem(number)
	w.ItemOrigin, w.IsSellable, w.IsNonInventory = ptr(client.ItemOriginBuy), ptr(false), ptr(true)
	return createItem(t, te, w)
}

func TestInventoryReceiveAndPickValueUnitsAtTheAverageOnHand(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("BOLT"))
	loc := createLocation(t, te, "Rack 1")

	in := receiveStock(t, te, client.InventoryReceive{
		ItemId: item, Quantity: num("10"), LocationId: &loc, Note: ptr("  first  "),
		MaterialValue: ptr(num("2.5")), LaborValue: ptr(num("1")),
	})
	if len(in.Id) != 36 || in.Type != client.InventoryEventTypeReceive || in.SecondaryType != client.InventorySecondaryTypeReceive ||
		in.ItemId != item || optText(in.LocationId) != loc || in.LotId != nil || optText(in.Note) != "first" ||
		in.RevertInventoryEventId != nil || in.SourceType != nil || len(in.Details.ExternalReferences) != 0 {
		t.Fatalf("receive event %+v", in)
	}
	mustDec(t, "quantity", in.Quantity, "10")
	mustValue(t, "materialValue", in.MaterialValue, "25", "2.5")
	mustValue(t, "laborValue", in.LaborValue, "10", "1")
	mustValue(t, "machineValue", in.MachineValue, "0", "0")
	mustValue(t, "totalValue", in.TotalValue, "35", "3.5")
	eff := mustOnlyEffect(t, in)
	if len(eff.TransactionId) != 36 || eff.QuantityChangeType != client.InventoryEffectQuantityChangeTypeIncrease {
		t.Fatalf("receive effect %+v", eff)
	}
	mustDec(t, "effect quantity", eff.Quantity, "10")
	mustDec(t, "netValueChange", eff.NetValueChange, "35")

	// A second receipt at another value: on hand 15 worth 45 material, 10 labor.
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("5"), LocationId: &loc, MaterialValue: ptr(num("4"))})
	mustDec(t, "on hand", onHandAt(t, te, item, nil, &loc), "15")

	// Picking 6 takes 6/15 of each value: material 18 (average 3), labor 4.
	out := pickStock(t, te, client.InventoryPick{ItemId: item, SecondaryType: client.InventoryPickSecondaryTypeConsume, Quantity: num("6"), LocationId: &loc})
	if out.Type != client.InventoryEventTypePick || out.SecondaryType != client.InventorySecondaryTypeConsume {
		t.Fatalf("pick event %+v", out)
	}
	mustDec(t, "pick quantity", out.Quantity, "6")
	mustValue(t, "pick materialValue", out.MaterialValue, "-18", "-3")
	mustValue(t, "pick laborValue", out.LaborValue, "-4", "-0.666667")
	eff = mustOnlyEffect(t, out)
	if eff.QuantityChangeType != client.InventoryEffectQuantityChangeTypeDecrease {
		t.Fatalf("pick effect %+v", eff)
	}
	mustDec(t, "pick effect quantity", eff.Quantity, "-6")
	mustValue(t, "pick effect materialValue", eff.MaterialValue, "-18", "3")
	mustDec(t, "pick netValueChange", eff.NetValueChange, "-22")
	mustDec(t, "on hand", onHandAt(t, te, item, nil, &loc), "9")

	// Picking the rest takes the rest of the value exactly.
	last := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("9"), LocationId: &loc})
	mustValue(t, "last pick materialValue", last.MaterialValue, "-27", "-3")
	mustValue(t, "last pick laborValue", last.LaborValue, "-6", "-0.666667")
	if got := listStock(t, te, nil, client.InventoryFilter{ItemIds: &[]string{item}}); len(got) != 0 {
		t.Fatalf("an emptied balance is still listed: %+v", got)
	}
}

func TestInventoryPickSharesAreExactDecimalsAndEmptyingTakesTheWholeValue(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("THIRDS"))
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("1"), MaterialValue: ptr(num("10"))})
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("2")})
	// 10 over 3 units: each third is rounded to 20 decimal places, and the last pick takes
	// exactly what is left, so the three picks take 10 in all.
	want := []string{"-3.33333333333333333333", "-3.33333333333333333334", "-3.33333333333333333333"}
	sum := dec.Zero
	for i, w := range want {
		ev := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("1")})
		mustDec(t, fmt.Sprintf("pick %d material", i), ev.MaterialValue.Total, w)
		sum = dec.Decimal{Decimal: sum.Add(ev.MaterialValue.Total.Decimal)}
	}
	mustDec(t, "value picked", sum, "-10")
	txs := listTransactions(t, te, nil, client.InventoryTransactionFilter{ItemIds: &[]string{item}})
	mustDec(t, "value left", txs.Data[0].TotalValue, "0")
	mustDec(t, "units left", txs.Data[0].Quantity, "0")
}

func TestInventoryOverPickIs400AndWritesNothing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("SCARCE"))
	loc := createLocation(t, te, "Bay")
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("5"), LocationId: &loc})
	events := eventTotal(t, te)

	for _, c := range []struct {
		name string
		body client.InventoryPick
	}{
		{"more than on hand", client.InventoryPick{ItemId: item, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("5.0001"), LocationId: &loc}},
		{"at a place holding nothing", client.InventoryPick{ItemId: item, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("1")}},
	} {
		res, body := inventoryPost(t, te, "/api/inventory/pick", c.body)
		mustItemField(t, res, body, "quantity")
	}
	if n := eventTotal(t, te); n != events {
		t.Fatalf("%d events after refused picks, want %d", n, events)
	}
	mustDec(t, "on hand", onHandAt(t, te, item, nil, &loc), "5")
	if txs := listTransactions(t, te, nil, client.InventoryTransactionFilter{}); txs.TotalCount != 1 {
		t.Fatalf("%d transactions after refused picks, want 1", txs.TotalCount)
	}
	// Exactly what is on hand may be taken.
	pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("5"), LocationId: &loc})
	mustDec(t, "on hand", onHandAt(t, te, item, nil, &loc), "0")
}

func TestInventoryQuantityMustBePositiveAndOverrideZeroOrMore(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("QTY"))
	for _, c := range []struct{ path, body string }{
		{"/api/inventory/pick", `{"itemId":"` + item + `","secondaryType":"pick","quantity":0}`},
		{"/api/inventory/receive", `{"itemId":"` + item + `","secondaryType":"receive","quantity":0}`},
		{"/api/inventory/receive", `{"itemId":"` + item + `","secondaryType":"receive","quantity":-1}`},
		{"/api/inventory/override", `{"itemId":"` + item + `","quantity":-1}`},
		{"/api/inventory/receive", `{"itemId":"` + item + `","secondaryType":"receive","quantity":1,"materialValue":-1}`},
		{"/api/inventory/pick", `{"itemId":"` + item + `","secondaryType":"receive","quantity":1}`},
	} {
		res, body := rawRequest(t, http.MethodPost, c.path, te.Token, "application/json", c.body)
		mustProblem(t, res, body, http.StatusBadRequest)
	}
	if n := eventTotal(t, te); n != 0 {
		t.Fatalf("%d events after refused requests", n)
	}
}

func TestInventoryNonInventoryItemHoldsNoStock(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := nonInventoryItem(t, te, "SERVICE")
	for _, c := range []struct {
		path string
		body any
	}{
		{"/api/inventory/receive", client.InventoryReceive{ItemId: item, SecondaryType: client.InventoryReceiveSecondaryTypeReceive, Quantity: num("1")}},
		{"/api/inventory/pick", client.InventoryPick{ItemId: item, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("1")}},
		{"/api/inventory/override", client.InventoryOverride{ItemId: item, Quantity: num("1")}},
		{"/api/items/" + item + "/inventory/receive", client.InventoryItemReceive{SecondaryType: client.InventoryItemReceiveSecondaryTypeFound, Quantity: num("1")}},
		{"/api/items/" + item + "/inventory/pick", client.InventoryItemPick{SecondaryType: client.InventoryItemPickSecondaryTypeScrap, Quantity: num("1")}},
	} {
		res, body := inventoryPost(t, te, c.path, c.body)
		mustItemField(t, res, body, "itemId")
	}
	if n := eventTotal(t, te); n != 0 {
		t.Fatalf("%d events for a non-inventory item", n)
	}
}

func TestInventoryLotTrackedItemsNeedALotToPickOrOverrideAndGetASystemLotOnReceipt(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := lotTrackedItem(t, te, "RESIN")
	for _, c := range []struct {
		path string
		body any
	}{
		{"/api/inventory/pick", client.InventoryPick{ItemId: item, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("1")}},
		{"/api/inventory/override", client.InventoryOverride{ItemId: item, Quantity: num("1")}},
		{"/api/items/" + item + "/inventory/pick", client.InventoryItemPick{SecondaryType: client.InventoryItemPickSecondaryTypePick, Quantity: num("1")}},
	} {
		res, body := inventoryPost(t, te, c.path, c.body)
		mustItemField(t, res, body, "lotId")
	}

	// A receipt naming no lot gets a new system lot, one per receipt.
	first := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("4")})
	second := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("1")})
	if first.LotId == nil || second.LotId == nil || *first.LotId == *second.LotId {
		t.Fatalf("system lots %v and %v", first.LotId, second.LotId)
	}
	lot := getLot(t, te, *first.LotId)
	if !lot.System || lot.Custom || lot.Name != nil || lot.ItemId != item {
		t.Fatalf("system lot %+v", lot)
	}
	mustDec(t, "lot quantity", lot.Quantity, "4")

	// Picks and overrides naming the lot work.
	pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("3"), LotId: first.LotId})
	ov := overrideStock(t, te, client.InventoryOverride{ItemId: item, Quantity: num("7"), LotId: second.LotId})
	mustDec(t, "override quantity", ov.Quantity, "6")
	mustDec(t, "lot on hand", onHandAt(t, te, item, first.LotId, nil), "1")

	// A lot of another item is a 400 naming lotId.
	other := createItem(t, te, newItem("OTHER"))
	otherLot := createLot(t, te, client.InventoryLotCreate{ItemId: other, Name: ptr("L-OTHER")})
	for _, c := range []struct {
		path string
		body any
	}{
		{"/api/inventory/pick", client.InventoryPick{ItemId: item, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("1"), LotId: &otherLot}},
		{"/api/inventory/receive", client.InventoryReceive{ItemId: item, SecondaryType: client.InventoryReceiveSecondaryTypeReceive, Quantity: num("1"), LotId: &otherLot}},
		{"/api/inventory/override", client.InventoryOverride{ItemId: item, Quantity: num("1"), LotId: &otherLot}},
	} {
		res, body := inventoryPost(t, te, c.path, c.body)
		mustItemField(t, res, body, "lotId")
	}
}

func TestInventoryReceiptLotNumberCreatesThenReusesTheLotAndNotWithLotId(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	// Items that are not lot-tracked may still keep stock by lot.
	item := createItem(t, te, newItem("PLATE"))
	first := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("2"), LotNumber: ptr("HEAT-22871")})
	again := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("3"), LotNumber: ptr("  heat-22871 ")})
	if first.LotId == nil || again.LotId == nil || *first.LotId != *again.LotId {
		t.Fatalf("lotNumber lots %v and %v, want one lot", first.LotId, again.LotId)
	}
	lots := listLots(t, te, nil, client.InventoryLotFilter{ItemIds: &[]string{item}})
	if len(lots) != 1 || optText(lots[0].Name) != "HEAT-22871" || lots[0].System || !lots[0].Custom {
		t.Fatalf("lots of the item %+v", lots)
	}
	mustDec(t, "lot on hand", onHandAt(t, te, item, first.LotId, nil), "5")

	// Another item's lot of the same name is its own.
	other := createItem(t, te, newItem("PLATE-2"))
	theirs := receiveStock(t, te, client.InventoryReceive{ItemId: other, Quantity: num("1"), LotNumber: ptr("HEAT-22871")})
	if *theirs.LotId == *first.LotId {
		t.Fatal("two items share a lot")
	}

	// lotId and lotNumber together: a 400 naming lotNumber; a blank lotNumber names no lot.
	res, body := inventoryPost(t, te, "/api/inventory/receive", client.InventoryReceive{
		ItemId: item, SecondaryType: client.InventoryReceiveSecondaryTypeReceive, Quantity: num("1"), LotId: first.LotId, LotNumber: ptr("HEAT-1"),
	})
	mustItemField(t, res, body, "lotNumber")
	res, body = inventoryPost(t, te, "/api/inventory/receive", client.InventoryReceive{
		ItemId: item, SecondaryType: client.InventoryReceiveSecondaryTypeReceive, Quantity: num("1"), LotNumber: ptr("   "),
	})
	mustItemField(t, res, body, "lotNumber")
	if n := eventTotal(t, te); n != 3 {
		t.Fatalf("%d events, want 3", n)
	}
}

func TestInventoryOverrideSetsOnHandUpDownAndEqual(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("COUNTED"))
	loc := createLocation(t, te, "Cage")
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10"), LocationId: &loc, MaterialValue: ptr(num("2"))})

	for _, c := range []struct {
		to, moved, material, effect string
		change                      client.InventoryEffectQuantityChangeType
	}{
		// Up: the added units are valued at the average on hand (2).
		{"15", "5", "10", "5", client.InventoryEffectQuantityChangeTypeIncrease},
		// Down: the removed units take their share (12 of 15 units worth 30).
		{"3", "12", "-24", "-12", client.InventoryEffectQuantityChangeTypeDecrease},
		// Equal: an event with a 0 effect.
		{"3", "0", "0", "0", client.InventoryEffectQuantityChangeTypeNone},
	} {
		ev := overrideStock(t, te, client.InventoryOverride{ItemId: item, Quantity: num(c.to), LocationId: &loc, Note: ptr("Cycle count")})
		if ev.Type != client.InventoryEventTypeEventOverride || ev.SecondaryType != client.InventorySecondaryTypeOverride || optText(ev.Note) != "Cycle count" {
			t.Fatalf("override event %+v", ev)
		}
		mustDec(t, "override to "+c.to+" quantity", ev.Quantity, c.moved)
		mustDec(t, "override to "+c.to+" material", ev.MaterialValue.Total, c.material)
		eff := mustOnlyEffect(t, ev)
		mustDec(t, "override to "+c.to+" effect", eff.Quantity, c.effect)
		if eff.QuantityChangeType != c.change {
			t.Fatalf("override to %s: change type %s, want %s", c.to, eff.QuantityChangeType, c.change)
		}
		mustDec(t, "on hand after override to "+c.to, onHandAt(t, te, item, nil, &loc), c.to)
	}
	mustValue(t, "equal override total", overrideStock(t, te, client.InventoryOverride{ItemId: item, Quantity: num("3"), LocationId: &loc}).TotalValue, "0", "0")

	// Where nothing is on hand, the units set carry no value; override to 0 empties a place.
	fresh := overrideStock(t, te, client.InventoryOverride{ItemId: item, Quantity: num("4")})
	mustValue(t, "override from nothing", fresh.TotalValue, "0", "0")
	mustDec(t, "on hand without location", onHandAt(t, te, item, nil, nil), "4")
	gone := overrideStock(t, te, client.InventoryOverride{ItemId: item, Quantity: num("0"), LocationId: &loc})
	mustDec(t, "emptying override material", gone.MaterialValue.Total, "-6")
	mustDec(t, "on hand at cage", onHandAt(t, te, item, nil, &loc), "0")
}

func TestInventoryItemScopedPickAndReceiveUseThePathItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("SCOPED"))
	loc := createLocation(t, te, "Shelf")
	ctx := context.Background()
	rec, err := te.API.ReceiveItemInventoryWithResponse(ctx, item, nil, client.InventoryItemReceive{
		SecondaryType: client.InventoryItemReceiveSecondaryTypeFound, Quantity: num("3"), LocationId: &loc, LotNumber: ptr("L1"), MachineValue: ptr(num("1.5")),
	})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, rec.StatusCode(), http.StatusOK, rec.Body)
	if ev := rec.JSON200; ev.ItemId != item || ev.SecondaryType != client.InventorySecondaryTypeFound || ev.LotId == nil {
		t.Fatalf("item receive event %+v", ev)
	}
	mustValue(t, "machineValue", rec.JSON200.MachineValue, "4.5", "1.5")
	pick, err := te.API.PickItemInventoryWithResponse(ctx, item, nil, client.InventoryItemPick{
		SecondaryType: client.InventoryItemPickSecondaryTypeScrap, Quantity: num("2"), LocationId: &loc, LotId: rec.JSON200.LotId,
	})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, pick.StatusCode(), http.StatusOK, pick.Body)
	if ev := pick.JSON200; ev.ItemId != item || ev.SecondaryType != client.InventorySecondaryTypeScrap || ev.Type != client.InventoryEventTypePick {
		t.Fatalf("item pick event %+v", ev)
	}
	mustDec(t, "on hand", onHandAt(t, te, item, rec.JSON200.LotId, &loc), "1")
	// Over-pick through the item path is refused the same way.
	res, body := inventoryPost(t, te, "/api/items/"+item+"/inventory/pick", client.InventoryItemPick{
		SecondaryType: client.InventoryItemPickSecondaryTypePick, Quantity: num("2"), LocationId: &loc, LotId: rec.JSON200.LotId,
	})
	mustItemField(t, res, body, "quantity")
}

func TestInventoryUnknownOrDeletedItemLotOrLocationIs404(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("REAL"))
	gone := createLocation(t, te, "Old rack")
	if status := deleteLocation(t, te, gone); status != http.StatusOK {
		t.Fatalf("delete location: %d", status)
	}
	unknown := ids.New()
	for _, c := range []struct {
		name             string
		item             string
		lotID, locID     *string
		itemPathOnlyPick bool
	}{
		{name: "unknown item", item: unknown},
		{name: "unknown lot", item: item, lotID: &unknown},
		{name: "unknown location", item: item, locID: &unknown},
		{name: "deleted location", item: item, locID: &gone},
	} {
		for _, r := range []struct {
			path string
			body any
		}{
			{"/api/inventory/receive", client.InventoryReceive{ItemId: c.item, SecondaryType: client.InventoryReceiveSecondaryTypeReceive, Quantity: num("1"), LotId: c.lotID, LocationId: c.locID}},
			{"/api/inventory/pick", client.InventoryPick{ItemId: c.item, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("1"), LotId: c.lotID, LocationId: c.locID}},
			{"/api/inventory/override", client.InventoryOverride{ItemId: c.item, Quantity: num("1"), LotId: c.lotID, LocationId: c.locID}},
			{"/api/items/" + c.item + "/inventory/receive", client.InventoryItemReceive{SecondaryType: client.InventoryItemReceiveSecondaryTypeReceive, Quantity: num("1"), LotId: c.lotID, LocationId: c.locID}},
			{"/api/items/" + c.item + "/inventory/pick", client.InventoryItemPick{SecondaryType: client.InventoryItemPickSecondaryTypePick, Quantity: num("1"), LotId: c.lotID, LocationId: c.locID}},
		} {
			res, body := inventoryPost(t, te, r.path, r.body)
			if res.StatusCode != http.StatusNotFound {
				t.Fatalf("%s: %s answered %d, want 404: %s", c.name, r.path, res.StatusCode, body)
			}
			mustProblem(t, res, body, http.StatusNotFound)
		}
	}
	if n := eventTotal(t, te); n != 0 {
		t.Fatalf("%d events after refused requests", n)
	}
}

func TestInventoryListFiltersOrderAndByItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	bolt := createItem(t, te, newItem("BOLT-A"))
	nut := createItem(t, te, newItem("NUT-B"))
	empty := createItem(t, te, newItem("EMPTY-C"))
	rackA, rackB := createLocation(t, te, "A rack"), createLocation(t, te, "B rack")
	lot := createLot(t, te, client.InventoryLotCreate{ItemId: bolt, Name: ptr("LOT-1")})
	receiveStock(t, te, client.InventoryReceive{ItemId: bolt, Quantity: num("4"), LocationId: &rackB})
	receiveStock(t, te, client.InventoryReceive{ItemId: bolt, Quantity: num("1.5"), LocationId: &rackA})
	receiveStock(t, te, client.InventoryReceive{ItemId: bolt, Quantity: num("2"), LotId: &lot, LocationId: &rackA})
	receiveStock(t, te, client.InventoryReceive{ItemId: nut, Quantity: num("7")})
	receiveStock(t, te, client.InventoryReceive{ItemId: empty, Quantity: num("3")})
	pickStock(t, te, client.InventoryPick{ItemId: empty, Quantity: num("3")})

	type place struct{ item, lot, loc string }
	const none = "<nil>" // optText of no lot or location
	placesOf := func(rows []client.InventoryRow) []place {
		out := make([]place, len(rows))
		for i, r := range rows {
			out[i] = place{r.ItemId, optText(r.LotId), optText(r.LocationId)}
		}
		return out
	}
	// Default order: item number, then lot name (none first), then location name; places
	// holding nothing are left out.
	all := listStock(t, te, nil, client.InventoryFilter{})
	want := []place{{bolt, none, rackA}, {bolt, none, rackB}, {bolt, lot, rackA}, {nut, none, none}}
	if fmt.Sprint(placesOf(all)) != fmt.Sprint(want) {
		t.Fatalf("inventory list %v, want %v", placesOf(all), want)
	}
	for _, r := range all {
		if r.ItemId == bolt && (r.ItemNumber != "BOLT-A" || len(r.Id) != 24 || !r.Quantity.Equal(r.OnHandQuantity.Decimal)) {
			t.Fatalf("row %+v", r)
		}
	}
	for _, c := range []struct {
		name string
		f    client.InventoryFilter
		want []place
	}{
		{"itemIds", client.InventoryFilter{ItemIds: &[]string{nut, empty}}, []place{{nut, none, none}}},
		{"lotIds", client.InventoryFilter{LotIds: &[]string{lot}}, []place{{bolt, lot, rackA}}},
		{"locationIds", client.InventoryFilter{LocationIds: &[]string{rackB}}, []place{{bolt, none, rackB}}},
		{"together", client.InventoryFilter{ItemIds: &[]string{bolt}, LocationIds: &[]string{rackA}}, []place{{bolt, none, rackA}, {bolt, lot, rackA}}},
	} {
		if got := placesOf(listStock(t, te, nil, c.f)); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Fatalf("filter %s: %v, want %v", c.name, got, c.want)
		}
	}
	byQty := listStock(t, te, &client.ListInventoryParams{SortField: ptr("quantity"), SortDir: ptr(client.SortDirectionDescending)}, client.InventoryFilter{})
	if got := placesOf(byQty); fmt.Sprint(got) != fmt.Sprint([]place{{nut, none, none}, {bolt, none, rackB}, {bolt, lot, rackA}, {bolt, none, rackA}}) {
		t.Fatalf("by quantity descending: %v", got)
	}
	if page := listStock(t, te, &client.ListInventoryParams{Skip: ptr(int32(1)), Take: ptr(int32(2))}, client.InventoryFilter{}); fmt.Sprint(placesOf(page)) != fmt.Sprint(want[1:3]) {
		t.Fatalf("skip 1 take 2: %v", placesOf(page))
	}

	// By item: every lot and location summed; items without stock left out; includeReserved
	// answers the same numbers while nothing reserves stock.
	for _, include := range []*bool{nil, ptr(false), ptr(true)} {
		res, err := te.API.GetInventoryByItemWithResponse(context.Background(), &client.GetInventoryByItemParams{IncludeReserved: include})
		if err != nil {
			t.Fatal(err)
		}
		mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
		got := *res.JSON200
		if len(got) != 2 {
			t.Fatalf("by item %v", got)
		}
		mustDec(t, "bolt", got[bolt], "7.5")
		mustDec(t, "nut", got[nut], "7")
	}
}

// THE concurrency rule: concurrent picks and receipts of one item, lot and location never
// lose a unit and never take on hand below 0; each accepted request is one event, and the
// balance after each transaction follows from the one before.
func TestInventoryConcurrentPicksAndReceiptsNeverLoseAUnit(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("HOT"))
	loc := createLocation(t, te, "Dock")
	lot := createLot(t, te, client.InventoryLotCreate{ItemId: item, Name: ptr("HOT-LOT")})
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10"), LotId: &lot, LocationId: &loc, MaterialValue: ptr(num("1.25"))})

	const n = 50
	var next, picked, received, refused atomic.Int64
	counts := concurrently(t, n, func() (int, error) {
		ctx := context.Background()
		if next.Add(1)%2 == 0 {
			res, err := te.API.ReceiveInventoryWithResponse(ctx, nil, client.InventoryReceive{
				ItemId: item, SecondaryType: client.InventoryReceiveSecondaryTypeReceive, Quantity: num("2"), LotId: &lot, LocationId: &loc, MaterialValue: ptr(num("1.5")),
			})
			if err != nil {
				return 0, err
			}
			if res.StatusCode() == http.StatusOK {
				received.Add(1)
			}
			return res.StatusCode(), nil
		}
		res, err := te.API.PickInventoryWithResponse(ctx, nil, client.InventoryPick{
			ItemId: item, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("3"), LotId: &lot, LocationId: &loc,
		})
		if err != nil {
			return 0, err
		}
		switch res.StatusCode() {
		case http.StatusOK:
			picked.Add(1)
		case http.StatusBadRequest:
			if p := res.ApplicationproblemJSON400; p == nil || p.Errors == nil || len((*p.Errors)["quantity"]) == 0 {
				return 0, fmt.Errorf("refused pick does not name quantity: %s", res.Body)
			}
			refused.Add(1)
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK]+counts[http.StatusBadRequest] != n || received.Load() != n/2 {
		t.Fatalf("statuses %v; %d of %d receipts accepted", counts, received.Load(), n/2)
	}
	if refused.Load() == 0 {
		t.Fatalf("no pick was refused (statuses %v): the test did not run stock down", counts)
	}
	want := 10 + 2*received.Load() - 3*picked.Load()
	mustDec(t, "on hand", onHandAt(t, te, item, &lot, &loc), fmt.Sprint(want))
	if got := eventTotal(t, te); got != 1+counts[http.StatusOK] {
		t.Fatalf("%d events, want %d (the first receipt and every 200)", got, 1+counts[http.StatusOK])
	}

	// The transactions, oldest first, chain: each balance is the one before plus its change.
	txs := listTransactions(t, te, &client.ListInventoryTransactionsParams{Take: ptr(int32(5000))}, client.InventoryTransactionFilter{ItemIds: &[]string{item}})
	if txs.TotalCount != 1+counts[http.StatusOK] {
		t.Fatalf("%d transactions, want %d", txs.TotalCount, 1+counts[http.StatusOK])
	}
	chain := txs.Data // newest first: reverse it
	for i, j := 0, len(chain)-1; i < j; i, j = i+1, j-1 {
		chain[i], chain[j] = chain[j], chain[i]
	}
	// Each pick took its share of the value on hand right before it (the balance was locked
	// from the read to the write), and values chain like quantities.
	before, valueBefore := dec.Zero, dec.Zero
	for i, tx := range chain {
		if tx.Quantity.IsNegative() {
			t.Fatalf("transaction %d left %s on hand", i, tx.Quantity)
		}
		if !tx.Quantity.Equal(before.Add(tx.QtyChange.Decimal)) || !tx.TotalValue.Equal(valueBefore.Add(tx.ValueChange.Decimal)) {
			t.Fatalf("transaction %d: %s (value %s) on hand after a change of %s (%s) from %s (%s)",
				i, tx.Quantity, tx.TotalValue, tx.QtyChange, tx.ValueChange, before, valueBefore)
		}
		if tx.QtyChange.IsNegative() {
			share := valueBefore.Mul(tx.QtyChange.Decimal).DivRound(before.Decimal, dec.MaxFractionDigits)
			if !tx.ValueChange.Equal(share) {
				t.Fatalf("transaction %d took value %s, want its share %s of %s over %s units", i, tx.ValueChange, share, valueBefore, before)
			}
		}
		before, valueBefore = tx.Quantity, tx.TotalValue
	}
	mustDec(t, "last balance", before, fmt.Sprint(want))
}

// An item holding inventory on hand cannot change its unit of measure; once
// the stock is gone it can.
func TestItemUnitOfMeasureChangeBlockedWhileInventoryOnHand(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("ROD")
	w.UnitTypeName, w.UnitOfMeasureName = "Length", "Foot"
	item := createItem(t, te, w)
	loc := createLocation(t, te, "Rod rack")
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("12"), LocationId: &loc})

	res, body := itemRequest(t, te, http.MethodPut, "/api/items/"+item, `{"unitOfMeasureName":"Inch"}`)
	mustItemField(t, res, body, "unitOfMeasureName")
	res, body = itemRequest(t, te, http.MethodPatch, "/api/items/"+item, `[{"op":"replace","path":"/unitOfMeasureName","value":"Inch"}]`)
	mustItemField(t, res, body, "unitOfMeasureName")

	pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("12"), LocationId: &loc})
	if got := optText(itemSaved(t, te, http.MethodPut, "/api/items/"+item, `{"unitOfMeasureName":"Inch"}`).UnitOfMeasureName); got != "Inch" {
		t.Fatalf("unit %q after the stock was picked, want Inch", got)
	}
}

// 50 picks of 1 against 30 on hand, all at once: exactly 30 are taken and 20 refused with a
// 400 naming quantity; on hand ends at 0 with one event per accepted pick.
func TestInventoryConcurrentPicksTakeExactlyWhatIsOnHand(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("THIRTY"))
	loc := createLocation(t, te, "Thirty bay")
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("30"), LocationId: &loc, MaterialValue: ptr(num("2"))})

	var unnamed atomic.Int64
	counts := atOnce(t, 50, func(int) (int, error) {
		res, err := te.API.PickInventoryWithResponse(context.Background(), nil, client.InventoryPick{
			ItemId: item, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("1"), LocationId: &loc,
		})
		if err != nil {
			return 0, err
		}
		if p := res.ApplicationproblemJSON400; p != nil && (p.Errors == nil || len((*p.Errors)["quantity"]) == 0) {
			unnamed.Add(1)
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 30 || counts[http.StatusBadRequest] != 20 || unnamed.Load() != 0 {
		t.Fatalf("statuses %v (%d refusals not naming quantity); want 30 × 200 and 20 × 400", counts, unnamed.Load())
	}
	mustDec(t, "on hand", onHandAt(t, te, item, nil, &loc), "0")
	picks := listEvents(t, te, &client.ListInventoryEventsParams{Take: ptr(int32(0))}, client.InventoryEventFilter{Types: &[]client.InventoryEventType{client.InventoryEventTypePick}})
	if picks.TotalCount != 30 || eventTotal(t, te) != 31 {
		t.Fatalf("%d pick events (%d in all), want 30 (31)", picks.TotalCount, eventTotal(t, te))
	}
	last := listTransactions(t, te, nil, client.InventoryTransactionFilter{ItemIds: &[]string{item}}).Data[0]
	mustDec(t, "value left", last.TotalValue, "0")
}

// 50 receipts into an item and location that never held stock, all at once: they share one
// balance (one inventory row) holding exactly their sum.
func TestInventoryConcurrentReceiptsIntoANewPlaceMakeOneRow(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("FRESH"))
	loc := createLocation(t, te, "Fresh bay")
	counts := atOnce(t, 50, func(i int) (int, error) {
		res, err := te.API.ReceiveInventoryWithResponse(context.Background(), nil, client.InventoryReceive{
			ItemId: item, SecondaryType: client.InventoryReceiveSecondaryTypeReceive, Quantity: num(fmt.Sprintf("%d.5", i+1)),
			LocationId: &loc, MaterialValue: ptr(num("1")),
		})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 50 {
		t.Fatalf("statuses %v, want 50 × 200", counts)
	}
	rows := listStock(t, te, nil, client.InventoryFilter{ItemIds: &[]string{item}})
	if len(rows) != 1 || optText(rows[0].LocationId) != loc {
		t.Fatalf("inventory rows %+v, want one at the location", rows)
	}
	// 1.5 + 2.5 + … + 50.5 = 1275 + 25.
	mustDec(t, "on hand", rows[0].OnHandQuantity, "1300")
	last := listTransactions(t, te, nil, client.InventoryTransactionFilter{ItemIds: &[]string{item}}).Data[0]
	mustDec(t, "value", last.TotalValue, "1300")
}

// Picks, receipts, overrides and reverts of one item at one place, all at once: on hand is
// what replaying the ledger gives, every balance on the way is the one before plus its
// change, and none is below 0.
func TestInventoryConcurrentMixedActionsMatchTheLedgerReplay(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("MIXED"))
	loc := createLocation(t, te, "Mixed bay")
	// Events for the reverts to undo: receipts (undoing takes units out) and picks (undoing
	// puts them back).
	var targets []string
	for range 5 {
		targets = append(targets, receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("4"), LocationId: &loc, MaterialValue: ptr(num("3"))}).Id)
	}
	for range 5 {
		targets = append(targets, pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("1"), LocationId: &loc}).Id)
	}

	ctx := context.Background()
	counts := atOnce(t, 50, func(i int) (int, error) {
		var status int
		var err error
		switch i % 5 {
		case 0:
			var res *client.PickInventoryResponse
			res, err = te.API.PickInventoryWithResponse(ctx, nil, client.InventoryPick{ItemId: item, SecondaryType: client.InventoryPickSecondaryTypeConsume, Quantity: num("3"), LocationId: &loc})
			if err == nil {
				status = res.StatusCode()
			}
		case 1:
			var res *client.ReceiveInventoryResponse
			res, err = te.API.ReceiveInventoryWithResponse(ctx, nil, client.InventoryReceive{ItemId: item, SecondaryType: client.InventoryReceiveSecondaryTypeFound, Quantity: num("2"), LocationId: &loc, LaborValue: ptr(num("1.5"))})
			if err == nil {
				status = res.StatusCode()
			}
		case 2:
			var res *client.OverrideInventoryResponse
			res, err = te.API.OverrideInventoryWithResponse(ctx, nil, client.InventoryOverride{ItemId: item, Quantity: num(fmt.Sprint(i % 7)), LocationId: &loc})
			if err == nil {
				status = res.StatusCode()
			}
		default:
			var res *client.RevertInventoryEventResponse
			res, err = te.API.RevertInventoryEventWithResponse(ctx, targets[i%len(targets)], nil)
			if err == nil {
				status = res.StatusCode()
			}
		}
		return status, err
	})
	if counts[http.StatusOK]+counts[http.StatusBadRequest] != 50 || counts[http.StatusOK] == 0 {
		t.Fatalf("statuses %v; want only 200 and 400", counts)
	}

	txs := listTransactions(t, te, &client.ListInventoryTransactionsParams{Take: ptr(int32(5000))}, client.InventoryTransactionFilter{ItemIds: &[]string{item}})
	if txs.TotalCount != eventTotal(t, te) || txs.TotalCount != 10+counts[http.StatusOK] {
		t.Fatalf("%d transactions, %d events; want one per event, %d", txs.TotalCount, eventTotal(t, te), 10+counts[http.StatusOK])
	}
	replay, value := dec.Zero, dec.Zero
	for i := len(txs.Data) - 1; i >= 0; i-- { // oldest first
		tx := txs.Data[i]
		replay = dec.Decimal{Decimal: replay.Add(tx.QtyChange.Decimal)}
		value = dec.Decimal{Decimal: value.Add(tx.ValueChange.Decimal)}
		if !tx.Quantity.Equal(replay.Decimal) || !tx.TotalValue.Equal(value.Decimal) {
			t.Fatalf("transaction %s: balance %s (value %s), replay gives %s (%s)", tx.Id, tx.Quantity, tx.TotalValue, replay, value)
		}
		if tx.Quantity.IsNegative() || tx.TotalValue.IsNegative() {
			t.Fatalf("transaction %s left %s units worth %s", tx.Id, tx.Quantity, tx.TotalValue)
		}
	}
	mustDec(t, "on hand", onHandAt(t, te, item, nil, &loc), replay.String())
}

// Receipts naming the same new lot number, all at once: one lot is created and every
// receipt lands in it.
func TestInventoryConcurrentReceiptsWithOneNewLotNumberMakeOneLot(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("BATCHED"))
	lots := make([]string, 8)
	counts := atOnce(t, 8, func(i int) (int, error) {
		res, err := te.API.ReceiveInventoryWithResponse(context.Background(), nil, client.InventoryReceive{
			ItemId: item, SecondaryType: client.InventoryReceiveSecondaryTypeReceive, Quantity: num("1"), LotNumber: ptr("B-2026"),
		})
		if err != nil {
			return 0, err
		}
		if res.JSON200 != nil {
			lots[i] = optText(res.JSON200.LotId)
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 8 {
		t.Fatalf("statuses %v, want 8 × 200", counts)
	}
	got := listLots(t, te, nil, client.InventoryLotFilter{ItemIds: &[]string{item}})
	if len(got) != 1 || optText(got[0].Name) != "B-2026" {
		t.Fatalf("lots %+v, want one named B-2026", got)
	}
	for i, l := range lots {
		if l != got[0].Id {
			t.Fatalf("receipt %d went to lot %q, want %s", i, l, got[0].Id)
		}
	}
	mustDec(t, "lot quantity", got[0].Quantity, "8")
}

// A location delete racing a receipt there: the delete waits for the receipt and is refused
// (the location holds stock), or wins and the receipt is refused; never is stock left at a
// deleted location.
func TestInventoryLocationDeleteRacingAReceiptNeverLeavesStockAtADeletedLocation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("LATE"))
	for round := range 8 {
		loc := createLocation(t, te, fmt.Sprintf("Late bay %d", round))
		var received, deleted int
		together(t,
			statusInto(&received, func() (statusCoder, error) {
				return te.API.ReceiveInventoryWithResponse(context.Background(), nil, client.InventoryReceive{
					ItemId: item, SecondaryType: client.InventoryReceiveSecondaryTypeReceive, Quantity: num("1"), LocationId: &loc,
				})
			}),
			statusInto(&deleted, func() (statusCoder, error) { return te.API.DeleteLocationWithResponse(context.Background(), loc, nil) }),
		)
		gone := getLocation(t, te, loc).Deleted
		onHand := onHandAt(t, te, item, nil, &loc)
		switch {
		case received == http.StatusOK && deleted == http.StatusBadRequest:
			if gone || !onHand.Equal(num("1").Decimal) {
				t.Fatalf("round %d: receipt won but deleted=%v, on hand %s", round, gone, onHand)
			}
		case received >= 400 && received < 500 && deleted == http.StatusOK:
			if !gone || !onHand.IsZero() {
				t.Fatalf("round %d: delete won but deleted=%v, on hand %s", round, gone, onHand)
			}
		default:
			t.Fatalf("round %d: receipt %d, delete %d; want one 200 and the other refused", round, received, deleted)
		}
	}
}

// byItem answers GET /api/inventory/byItem with includeReserved.
func byItem(t *testing.T, te *tenantEnv, includeReserved bool) map[string]dec.Decimal {
	t.Helper()
	res, err := te.API.GetInventoryByItemWithResponse(context.Background(), &client.GetInventoryByItemParams{IncludeReserved: &includeReserved})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// availableByItem answers GET /api/inventory/availableByItem.
func availableByItem(t *testing.T, te *tenantEnv) map[string]dec.Decimal {
	t.Helper()
	res, err := te.API.GetAvailableInventoryByItemWithResponse(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// mustQuantities fails t unless got holds exactly want (item id → quantity).
func mustQuantities(t *testing.T, what string, got map[string]dec.Decimal, want map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s = %v, want %v", what, got, want)
	}
	for id, q := range want {
		v, ok := got[id]
		if !ok || !v.Equal(num(q).Decimal) {
			t.Fatalf("%s = %v, want %v", what, got, want)
		}
	}
}

// reserve marks an event as reserving the units it moved for a job, as reserving events
// recorded before reservation events existed did (their units moved were the units they
// reserved, as the migration giving transactions their reserved change keeps them): the
// event's reservation and its transactions' reserved change are written with SQL, and their
// balances' reserved quantity moved as the migration keeping that sum on balances sets it.
func reserve(t *testing.T, te *tenantEnv, eventID, jobID string) {
	t.Helper()
	setEvent(t, te, eventID, map[string]any{"reserved_for_type": "job", "reserved_for_id": jobID})
	if _, err := srv.Pool.ExecContext(context.Background(),
		`UPDATE inventory_transactions SET reserved_change = quantity_change WHERE tenant_id = $1 AND event_id = $2`, te.ID, eventID); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Pool.ExecContext(context.Background(), `
UPDATE inventory_balances b SET reserved_quantity = b.reserved_quantity + t.reserved_change
FROM inventory_transactions t
WHERE t.tenant_id = $1 AND t.event_id = $2 AND b.tenant_id = t.tenant_id AND b.item_id = t.item_id
  AND coalesce(b.lot_id, '') = coalesce(t.lot_id, '') AND coalesce(b.location_id, '') = coalesce(t.location_id, '')`, te.ID, eventID); err != nil {
		t.Fatal(err)
	}
}

// Reserved stock is the net quantity reserving events moved at a balance, bounded to 0 and
// what is on hand there; available is on hand less reserved. byItem counts every unit with
// includeReserved and available units without; availableByItem lists only items with units
// available; the inventory list's quantity is available, onHandQuantity on hand.
func TestInventoryReservedStockIsNotAvailable(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	loc := createLocation(t, te, "Reserved bay")
	partly := createItem(t, te, newItem("PARTLY"))
	wholly := createItem(t, te, newItem("WHOLLY"))
	free := createItem(t, te, newItem("FREE"))
	over := createItem(t, te, newItem("OVER"))

	receiveStock(t, te, client.InventoryReceive{ItemId: partly, Quantity: num("10"), LocationId: &loc})
	reserved := receiveStock(t, te, client.InventoryReceive{ItemId: partly, Quantity: num("4"), LocationId: &loc})
	reserve(t, te, reserved.Id, "job-1")
	// A reserved pick (units used for the job) draws the reservation down.
	used := pickStock(t, te, client.InventoryPick{ItemId: partly, Quantity: num("1"), LocationId: &loc})
	reserve(t, te, used.Id, "job-1")
	reserve(t, te, receiveStock(t, te, client.InventoryReceive{ItemId: wholly, Quantity: num("3")}).Id, "job-2")
	receiveStock(t, te, client.InventoryReceive{ItemId: free, Quantity: num("5")})
	// Reserved units picked without a reservation: the reservation is bounded by what is left.
	reserve(t, te, receiveStock(t, te, client.InventoryReceive{ItemId: over, Quantity: num("5")}).Id, "job-3")
	pickStock(t, te, client.InventoryPick{ItemId: over, Quantity: num("4")})

	mustQuantities(t, "byItem includeReserved", byItem(t, te, true), map[string]string{partly: "13", wholly: "3", free: "5", over: "1"})
	mustQuantities(t, "byItem", byItem(t, te, false), map[string]string{partly: "10", wholly: "0", free: "5", over: "0"})
	mustQuantities(t, "availableByItem", availableByItem(t, te), map[string]string{partly: "10", free: "5"})
	rows := listStock(t, te, nil, client.InventoryFilter{ItemIds: &[]string{partly, wholly}})
	if len(rows) != 2 {
		t.Fatalf("rows %+v", rows)
	}
	for _, r := range rows {
		want := map[string][2]string{partly: {"10", "13"}, wholly: {"0", "3"}}[r.ItemId]
		mustDec(t, r.ItemNumber+" quantity", r.Quantity, want[0])
		mustDec(t, r.ItemNumber+" onHandQuantity", r.OnHandQuantity, want[1])
	}
	// Sorting by quantity sorts by what is available.
	sorted := listStock(t, te, &client.ListInventoryParams{SortField: ptr("quantity")}, client.InventoryFilter{ItemIds: &[]string{partly, wholly, free}})
	if len(sorted) != 3 || sorted[0].ItemId != wholly || sorted[1].ItemId != free || sorted[2].ItemId != partly {
		t.Fatalf("sorted by quantity: %+v", sorted)
	}

	// A revert carries its original's reservation, so it releases it.
	res, body := revertEvent(t, te, used.Id)
	mustEvent(t, res, body)
	res, body = revertEvent(t, te, reserved.Id)
	mustEvent(t, res, body)
	mustQuantities(t, "byItem after the reverts", byItem(t, te, false), map[string]string{partly: "10", wholly: "0", free: "5", over: "0"})
	mustQuantities(t, "byItem includeReserved after the reverts", byItem(t, te, true), map[string]string{partly: "10", wholly: "3", free: "5", over: "1"})
}

// Text and filter limits: a note over 2000 characters, a lot number over 200 and a filter
// list of more than 500 ids answer 400 naming the field, writing nothing.
func TestInventoryTextAndFilterLimitsAre400NamingTheField(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("LIMITS"))
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("5")})
	events := eventTotal(t, te)
	long := strings.Repeat("n", 2001)
	ids501 := make([]string, 501)
	for i := range ids501 {
		ids501[i] = ids.New()
	}
	for _, c := range []struct {
		path  string
		body  any
		field string
	}{
		{"/api/inventory/pick", client.InventoryPick{ItemId: item, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("1"), Note: &long}, "note"},
		{"/api/inventory/receive", client.InventoryReceive{ItemId: item, SecondaryType: client.InventoryReceiveSecondaryTypeReceive, Quantity: num("1"), Note: &long}, "note"},
		{"/api/inventory/override", client.InventoryOverride{ItemId: item, Quantity: num("1"), Note: &long}, "note"},
		{"/api/items/" + item + "/inventory/pick", client.InventoryItemPick{SecondaryType: client.InventoryItemPickSecondaryTypePick, Quantity: num("1"), Note: &long}, "note"},
		{"/api/items/" + item + "/inventory/receive", client.InventoryItemReceive{SecondaryType: client.InventoryItemReceiveSecondaryTypeFound, Quantity: num("1"), Note: &long}, "note"},
		{"/api/inventory/receive", client.InventoryReceive{ItemId: item, SecondaryType: client.InventoryReceiveSecondaryTypeReceive, Quantity: num("1"), LotNumber: ptr(strings.Repeat("L", 201))}, "lotNumber"},
		{"/api/items/" + item + "/inventory/receive", client.InventoryItemReceive{SecondaryType: client.InventoryItemReceiveSecondaryTypeFound, Quantity: num("1"), LotNumber: ptr(strings.Repeat("L", 201))}, "lotNumber"},
		{"/api/inventory/list", client.InventoryFilter{ItemIds: &ids501}, "itemIds"},
		{"/api/inventory/list", client.InventoryFilter{LotIds: &ids501}, "lotIds"},
		{"/api/inventory/list", client.InventoryFilter{LocationIds: &ids501}, "locationIds"},
		{"/api/inventory-events/list", client.InventoryEventFilter{ItemIds: &ids501}, "itemIds"},
		{"/api/inventory-events/list", client.InventoryEventFilter{ItemToMakeIds: &ids501}, "itemToMakeIds"},
		{"/api/inventory-events/list", client.InventoryEventFilter{ReservedForIds: &ids501}, "reservedForIds"},
		{"/api/inventory-events/list", client.InventoryEventFilter{InventoryEventIds: &ids501}, "inventoryEventIds"},
		{"/api/inventory-transactions/list", client.InventoryTransactionFilter{ItemIds: &ids501}, "itemIds"},
	} {
		res, body := inventoryPost(t, te, c.path, c.body)
		mustProblemNaming(t, res, body, c.field)
	}
	if n := eventTotal(t, te); n != events {
		t.Fatalf("%d events after refused requests, want %d", n, events)
	}
	if got := listLots(t, te, nil, client.InventoryLotFilter{ItemIds: &[]string{item}}); len(got) != 0 {
		t.Fatalf("a refused receipt created lots %+v", got)
	}
	// At the limits they are accepted.
	at := strings.Repeat("n", 2000)
	pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("1"), Note: &at})
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("1"), Note: &at, LotNumber: ptr(strings.Repeat("L", 200))})
	overrideStock(t, te, client.InventoryOverride{ItemId: item, Quantity: num("1"), Note: &at})
	listStock(t, te, nil, client.InventoryFilter{ItemIds: &[]string{item}, LotIds: ptr(ids501[:500])})
}

// A pick or override without lotId at a location where every unit of the item is in lots
// finds no stock outside lots: the 400 names lotId and lists the lots holding stock at that
// location (name, quantity, id; most units first), and nothing is written. A pick that finds
// some units outside lots but too few keeps naming quantity and lists the lots as well.
func TestInventoryPickOrOverrideOutsideLotsNamesTheLotsHoldingStockThere(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("LOTTED"))
	shelf := createLocation(t, te, "Shelf A")
	yard := createLocation(t, te, "Yard")
	lotAt := func(name, qty string, loc *string) string {
		t.Helper()
		return optText(receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num(qty), LotNumber: ptr(name), LocationId: loc}).LotId)
	}
	l17 := lotAt("L-17", "5", &shelf)
	l18 := lotAt("L-18", "2", &shelf)
	lotAt("L-19", "4", &yard) // another location
	emptied := lotAt("L-20", "3", &shelf)
	pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("3"), LotId: &emptied, LocationId: &shelf})
	l21 := lotAt("L-21", "1", nil) // no location
	events := eventTotal(t, te)

	lotsOnShelf := "lots holding stock there: L-17 (5, id " + l17 + "), L-18 (2, id " + l18 + ")"
	refusals := []struct {
		name, path string
		body       any
		want       string
	}{
		{"pick", "/api/inventory/pick",
			client.InventoryPick{ItemId: item, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("1"), LocationId: &shelf},
			"no stock of item LOTTED outside lots at location Shelf A; " + lotsOnShelf + "; name one in lotId"},
		{"pick of the item", "/api/items/" + item + "/inventory/pick",
			client.InventoryItemPick{SecondaryType: client.InventoryItemPickSecondaryTypeConsume, Quantity: num("1"), LocationId: &shelf},
			"no stock of item LOTTED outside lots at location Shelf A; " + lotsOnShelf + "; name one in lotId"},
		{"override", "/api/inventory/override",
			client.InventoryOverride{ItemId: item, Quantity: num("7"), LocationId: &shelf},
			"no stock of item LOTTED outside lots at location Shelf A; " + lotsOnShelf + "; name one in lotId"},
		{"override to 0", "/api/inventory/override",
			client.InventoryOverride{ItemId: item, Quantity: num("0"), LocationId: &shelf},
			"no stock of item LOTTED outside lots at location Shelf A; " + lotsOnShelf + "; name one in lotId"},
		{"pick at no location", "/api/inventory/pick",
			client.InventoryPick{ItemId: item, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("1")},
			"no stock of item LOTTED outside lots at no location; lots holding stock there: L-21 (1, id " + l21 + "); name one in lotId"},
		{"override at no location", "/api/inventory/override",
			client.InventoryOverride{ItemId: item, Quantity: num("2")},
			"no stock of item LOTTED outside lots at no location; lots holding stock there: L-21 (1, id " + l21 + "); name one in lotId"},
	}
	for _, c := range refusals {
		res, body := inventoryPost(t, te, c.path, c.body)
		p := mustProblem(t, res, body, http.StatusBadRequest)
		if got := p.Errors["lotId"]; len(got) != 1 || got[0] != c.want || len(p.Errors) != 1 {
			t.Errorf("%s: errors %v, want lotId: %q", c.name, p.Errors, c.want)
		}
	}
	if n := eventTotal(t, te); n != events {
		t.Fatalf("%d events after refused picks and overrides, want %d", n, events)
	}
	mustDec(t, "outside lots on the shelf", onHandAt(t, te, item, nil, &shelf), "0")
	mustDec(t, "L-17 on the shelf", onHandAt(t, te, item, &l17, &shelf), "5")

	// With some units outside lots, a pick of too many names quantity and still lists the lots;
	// an override sets the units outside lots as before.
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("1"), LocationId: &shelf})
	res, body := inventoryPost(t, te, "/api/inventory/pick", client.InventoryPick{ItemId: item, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("2"), LocationId: &shelf})
	p := mustProblem(t, res, body, http.StatusBadRequest)
	want := "only 1 of item LOTTED on hand outside lots at location Shelf A; cannot take 2; " + lotsOnShelf + "; name one in lotId to take from it"
	if got := p.Errors["quantity"]; len(got) != 1 || got[0] != want || len(p.Errors) != 1 {
		t.Fatalf("errors %v, want quantity: %q", p.Errors, want)
	}
	mustDec(t, "override outside lots", mustOnlyEffect(t, overrideStock(t, te, client.InventoryOverride{ItemId: item, Quantity: num("4"), LocationId: &shelf})).Quantity, "3")
	mustDec(t, "L-17 after the override", onHandAt(t, te, item, &l17, &shelf), "5")

	// Where no lot holds stock either, the answer is as before.
	other := createItem(t, te, newItem("UNLOTTED"))
	res, body = inventoryPost(t, te, "/api/inventory/pick", client.InventoryPick{ItemId: other, SecondaryType: client.InventoryPickSecondaryTypePick, Quantity: num("1"), LocationId: &shelf})
	p = mustProblem(t, res, body, http.StatusBadRequest)
	if got := p.Errors["quantity"]; len(got) != 1 || got[0] != "only 0 on hand there; cannot take 1" {
		t.Fatalf("errors %v for an item without lots", p.Errors)
	}
}
