package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/ids"
)

func getEvent(t *testing.T, te *tenantEnv, id string) client.InventoryEvent {
	t.Helper()
	res, err := te.API.GetInventoryEventWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func eventIDs(events ...client.InventoryEvent) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.Id
	}
	return out
}

// sameJSON fails t unless a and b encode alike (decimals compare by value: 18 and
// 18.000 encode as 18).
func sameJSON(t *testing.T, what string, a, b any) {
	t.Helper()
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Fatalf("%s differ:\n%s\n%s", what, ja, jb)
	}
}

func TestInventoryEventGetAnswersTheEventAsRecordedWithEffectsAndDetails(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("GET"))
	loc := createLocation(t, te, "Get rack")
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("3"), LocationId: &loc, MaterialValue: ptr(num("1.1")), OutsideProcessingValue: ptr(num("0.25"))})
	picked := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("2"), LocationId: &loc, Note: ptr("for job")})
	got := getEvent(t, te, picked.Id)
	sameJSON(t, "pick answer and stored event", picked, got)
	if got.CreatedUtc.IsZero() || !got.ActionDate.Equal(got.CreatedUtc) || got.Details.ExternalReferences == nil {
		t.Fatalf("event %+v", got)
	}
	mustValue(t, "outsideProcessingValue", got.OutsideProcessingValue, "-0.5", "-0.25")
	res, err := te.API.GetInventoryEventDetailsWithResponse(context.Background(), picked.Id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if len(res.JSON200.ExternalReferences) != 0 {
		t.Fatalf("details %+v", res.JSON200)
	}
}

func TestInventoryRevertUndoesAnEventOnceAndARevertIsNotReverted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("UNDO"))
	loc := createLocation(t, te, "Undo rack")
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10"), LocationId: &loc, MaterialValue: ptr(num("3"))})
	picked := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("4"), LocationId: &loc})

	res, body := revertEvent(t, te, picked.Id)
	rev := mustEvent(t, res, body)
	if rev.Type != client.InventoryEventTypeRevert || rev.SecondaryType != client.InventorySecondaryTypeRevert ||
		optText(rev.RevertInventoryEventId) != picked.Id || rev.ItemId != item || optText(rev.LocationId) != loc || rev.Id == picked.Id {
		t.Fatalf("revert event %+v", rev)
	}
	mustDec(t, "revert quantity", rev.Quantity, "4")
	mustValue(t, "revert materialValue", rev.MaterialValue, "12", "3")
	eff := mustOnlyEffect(t, rev)
	if eff.QuantityChangeType != client.InventoryEffectQuantityChangeTypeIncrease {
		t.Fatalf("revert effect %+v", eff)
	}
	mustDec(t, "revert effect", eff.Quantity, "4")
	mustDec(t, "revert net value", eff.NetValueChange, "12")
	mustDec(t, "on hand after revert", onHandAt(t, te, item, nil, &loc), "10")
	last := listTransactions(t, te, nil, client.InventoryTransactionFilter{}).Data[0]
	mustDec(t, "value after revert", last.TotalValue, "30")
	sameJSON(t, "revert answer and stored revert", rev, getEvent(t, te, rev.Id))

	// Once only; a revert is not reverted; nothing is written by either.
	res, body = revertEvent(t, te, picked.Id)
	mustItemField(t, res, body, "inventoryEventId")
	res, body = revertEvent(t, te, rev.Id)
	mustItemField(t, res, body, "inventoryEventId")
	if n := eventTotal(t, te); n != 3 {
		t.Fatalf("%d events, want 3", n)
	}
	mustDec(t, "on hand", onHandAt(t, te, item, nil, &loc), "10")
}

func TestInventoryRevertThatWouldTakeStockBelowZeroIs400(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("GONE"))
	in := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("5")})
	pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("3")})
	res, body := revertEvent(t, te, in.Id)
	mustItemField(t, res, body, "quantity")
	if n := eventTotal(t, te); n != 2 {
		t.Fatalf("%d events after a refused revert, want 2", n)
	}
	mustDec(t, "on hand", onHandAt(t, te, item, nil, nil), "2")
	// With the units back on hand the receipt can be reverted, taking its value with it.
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("3")})
	res, body = revertEvent(t, te, in.Id)
	mustDec(t, "reverted receipt", mustOnlyEffect(t, mustEvent(t, res, body)).Quantity, "-5")
	mustDec(t, "on hand", onHandAt(t, te, item, nil, nil), "0")
}

func TestInventoryConcurrentRevertsOfOneEventRevertItOnce(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("RACE"))
	in := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("5")})
	counts := concurrently(t, 8, func() (int, error) {
		res, err := te.API.RevertInventoryEventWithResponse(context.Background(), in.Id, nil)
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 7 {
		t.Fatalf("statuses %v; want one 200 and seven 400", counts)
	}
	if n := eventTotal(t, te); n != 2 {
		t.Fatalf("%d events, want 2", n)
	}
	mustDec(t, "on hand", onHandAt(t, te, item, nil, nil), "0")
}

func TestInventoryEventsAreImmutableButTheirNoteAndDetails(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("FIXED"))
	ev := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("2"), Note: ptr("first")})
	patchEvent := func(ops string) (rawResponse, []byte) {
		return rawRequest(t, http.MethodPatch, eventPath(ev.Id), te.Token, "application/json-patch+json", ops)
	}
	for _, ops := range []string{
		`[{"op":"replace","path":"/quantity","value":5}]`,
		`[{"op":"replace","path":"/type","value":"pick"}]`,
		`[{"op":"replace","path":"/itemId","value":"` + ids.New() + `"}]`,
		`[{"op":"replace","path":"/actionDate","value":"2020-01-01T00:00:00Z"}]`,
		`[{"op":"replace","path":"/materialValue/total","value":1}]`,
		`[{"op":"remove","path":"/resultEffects/0"}]`,
		`[{"op":"replace","path":"/note","value":"ok"},{"op":"replace","path":"/lotId","value":null}]`,
		`[{"op":"move","from":"/quantity","path":"/note"}]`,
	} {
		res, body := patchEvent(ops)
		mustProblem(t, res, body, http.StatusBadRequest)
	}
	res, body := patchEvent(`[{"op":"replace","path":"/note","value":"` + strings.Repeat("n", 2001) + `"}]`)
	mustItemField(t, res, body, "note")
	sameJSON(t, "event after refused patches", ev, getEvent(t, te, ev.Id))

	// The note is trimmed; externalReferences follow the create and full update rule (see
	// TestInventoryEventPatchesFollowTheFullUpdateRuleForExternalReferences).
	res, body = patchEvent(`[{"op":"test","path":"/note","value":"first"},{"op":"replace","path":"/note","value":"  Counted twice  "},
        {"op":"add","path":"/details/externalReferences/erp","value":{"type":"journal","externalId":"JE-7","displayId":"  "}}]`)
	got := mustEvent(t, res, body)
	ref := got.Details.ExternalReferences["erp"]
	if optText(got.Note) != "Counted twice" || optText(ref.Type) != "journal" || ref.DisplayID != nil || optText(ref.ExternalID) != "JE-7" {
		t.Fatalf("patched event note %q refs %+v", optText(got.Note), got.Details.ExternalReferences)
	}
	// Everything else stays as recorded.
	got.Note, got.Details, ev.Note, ev.Details = nil, client.InventoryEventDetails{}, nil, client.InventoryEventDetails{}
	sameJSON(t, "immutable members", ev, got)
	// A blank note, or removing it, clears it.
	res, body = patchEvent(`[{"op":"replace","path":"/note","value":"   "}]`)
	if n := mustEvent(t, res, body).Note; n != nil {
		t.Fatalf("blank note stored as %q", *n)
	}
	patchEvent(`[{"op":"replace","path":"/note","value":"again"}]`)
	res, body = patchEvent(`[{"op":"remove","path":"/note"}]`)
	if e := mustEvent(t, res, body); e.Note != nil || len(e.Details.ExternalReferences) != 1 {
		t.Fatalf("after removing the note %+v", e)
	}
}

func TestInventoryEventDetailsReplaceAndPatch(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("DETAILS"))
	ev := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("1"), Note: ptr("kept")})
	path := eventPath(ev.Id) + "/details"
	details := func(res rawResponse, body []byte) client.InventoryEventDetails {
		t.Helper()
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		var d client.InventoryEventDetails
		if err := json.Unmarshal(body, &d); err != nil {
			t.Fatal(err)
		}
		return d
	}

	// PUT replaces the references: externalId is required, blank members store as null.
	d := details(rawRequest(t, http.MethodPut, path, te.Token, "application/json",
		`{"externalReferences":{"erp":{"type":"journal","externalId":"JE-1042","status":"  "}}}`))
	erp := d.ExternalReferences["erp"]
	if optText(erp.ExternalID) != "JE-1042" || optText(erp.Type) != "journal" || erp.Status != nil || len(d.ExternalReferences) != 1 {
		t.Fatalf("put details %+v", d.ExternalReferences)
	}
	sameJSON(t, "details and event details", d, getEvent(t, te, ev.Id).Details)
	res, body := rawRequest(t, http.MethodPut, path, te.Token, "application/json", `{"externalReferences":{"erp":{"type":"journal"}}}`)
	mustItemField(t, res, body, "externalReferences.erp.externalId")
	res, body = rawRequest(t, http.MethodPut, path, te.Token, "application/json", `{"externalReferences":{"  ":{"externalId":"x"}}}`)
	mustItemField(t, res, body, "externalReferences")

	// PATCH works on the details, under the same rule as PUT.
	d = details(rawRequest(t, http.MethodPatch, path, te.Token, "application/json-patch+json",
		`[{"op":"add","path":"/externalReferences/bank","value":{"externalId":"B-1","url":"  "}},{"op":"replace","path":"/externalReferences/erp/status","value":"posted"}]`))
	if optText(d.ExternalReferences["bank"].ExternalID) != "B-1" || d.ExternalReferences["bank"].URL != nil || optText(d.ExternalReferences["erp"].Status) != "posted" {
		t.Fatalf("patched details %+v", d.ExternalReferences)
	}
	res, body = rawRequest(t, http.MethodPatch, path, te.Token, "application/json-patch+json", `[{"op":"replace","path":"/note","value":"x"}]`)
	mustProblem(t, res, body, http.StatusBadRequest)
	got, err := te.API.GetInventoryEventDetailsWithResponse(context.Background(), ev.Id, nil)
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "stored details", d, got.JSON200)

	// An empty PUT clears them; the note never changes through the details.
	d = details(rawRequest(t, http.MethodPut, path, te.Token, "application/json", `{}`))
	if len(d.ExternalReferences) != 0 {
		t.Fatalf("details after empty put %+v", d.ExternalReferences)
	}
	if e := getEvent(t, te, ev.Id); optText(e.Note) != "kept" {
		t.Fatalf("note %q after details changes", optText(e.Note))
	}
}

// Only customers, items, quotes, sales orders and purchase orders keep blank external
// reference members on PATCH. A PATCH of an inventory event, or of its details, follows the
// create and full update rule: a blank member is stored as no value, and a missing or blank
// externalId is a 400 naming it that stores nothing.
func TestInventoryEventPatchesFollowTheFullUpdateRuleForExternalReferences(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("REFRULE"))
	ev := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("1")})
	patch := func(path, ops string) (rawResponse, []byte) {
		return rawRequest(t, http.MethodPatch, path, te.Token, "application/json-patch+json", ops)
	}
	eventRefs := eventPath(ev.Id)
	detailRefs := eventPath(ev.Id) + "/details"
	for _, c := range []struct{ path, ops, field string }{
		{eventRefs, `[{"op":"add","path":"/details/externalReferences/erp","value":{"type":"journal","externalId":"   "}}]`, "details.externalReferences.erp.externalId"},
		{eventRefs, `[{"op":"add","path":"/details/externalReferences/erp","value":{"type":"journal"}}]`, "details.externalReferences.erp.externalId"},
		{eventRefs, `[{"op":"add","path":"/details/externalReferences/erp","value":{"externalId":""}}]`, "details.externalReferences.erp.externalId"},
		{detailRefs, `[{"op":"add","path":"/externalReferences/erp","value":{"type":"journal","externalId":" "}}]`, "externalReferences.erp.externalId"},
		{detailRefs, `[{"op":"add","path":"/externalReferences/erp","value":{"status":"posted"}}]`, "externalReferences.erp.externalId"},
	} {
		res, body := patch(c.path, c.ops)
		mustItemField(t, res, body, c.field)
	}
	if refs := getEvent(t, te, ev.Id).Details.ExternalReferences; len(refs) != 0 {
		t.Fatalf("refused patches stored references %+v", refs)
	}

	// Blank members are stored as no value (null), through either path.
	res, body := patch(eventRefs, `[{"op":"add","path":"/details/externalReferences/erp","value":{"type":"  ","externalId":"JE-1","displayId":"","status":"\t","url":" "}}]`)
	erp := mustEvent(t, res, body).Details.ExternalReferences["erp"]
	if optText(erp.ExternalID) != "JE-1" || erp.Type != nil || erp.DisplayID != nil || erp.Status != nil || erp.URL != nil {
		t.Fatalf("event patch stored %+v, want blank members as null", erp)
	}
	res, body = patch(detailRefs, `[{"op":"replace","path":"/externalReferences/erp/status","value":"  "},{"op":"add","path":"/externalReferences/bank","value":{"externalId":"B-1","type":""}}]`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var d client.InventoryEventDetails
	if err := json.Unmarshal(body, &d); err != nil {
		t.Fatal(err)
	}
	if d.ExternalReferences["erp"].Status != nil || d.ExternalReferences["bank"].Type != nil || optText(d.ExternalReferences["bank"].ExternalID) != "B-1" {
		t.Fatalf("details patch stored %+v, want blank members as null", d.ExternalReferences)
	}
	// Blanking the externalId of a stored reference is refused too.
	res, body = patch(detailRefs, `[{"op":"replace","path":"/externalReferences/bank/externalId","value":"  "}]`)
	mustItemField(t, res, body, "externalReferences.bank.externalId")
	sameJSON(t, "details after a refused patch", d, getEvent(t, te, ev.Id).Details)
}

func TestInventoryEventListFiltersOrderAndPaging(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a, b := createItem(t, te, newItem("EV-A")), createItem(t, te, newItem("EV-B"))
	e1 := receiveStock(t, te, client.InventoryReceive{ItemId: a, Quantity: num("10")})
	e2 := receiveStock(t, te, client.InventoryReceive{ItemId: b, SecondaryType: client.InventoryReceiveSecondaryTypeFound, Quantity: num("1")})
	e3 := pickStock(t, te, client.InventoryPick{ItemId: a, SecondaryType: client.InventoryPickSecondaryTypeConsume, Quantity: num("2")})
	e4 := overrideStock(t, te, client.InventoryOverride{ItemId: a, Quantity: num("5")})
	res, body := revertEvent(t, te, e3.Id)
	e5 := mustEvent(t, res, body)
	setEvent(t, te, e1.Id, map[string]any{
		"source_type": "job", "item_to_make_id": "ITM-9", "reserved_for_type": "salesOrder", "reserved_for_id": "SO-3",
	})

	all := listEvents(t, te, nil, client.InventoryEventFilter{})
	if fmt.Sprint(eventIDs(all.Data...)) != fmt.Sprint(eventIDs(e5, e4, e3, e2, e1)) || all.TotalCount != 5 {
		t.Fatalf("events newest first %v, want %v", eventIDs(all.Data...), eventIDs(e5, e4, e3, e2, e1))
	}
	// Every event of the page carries its effects.
	for _, e := range all.Data {
		if len(e.ResultEffects) != 1 {
			t.Fatalf("event %s listed with effects %+v", e.Id, e.ResultEffects)
		}
	}
	for _, c := range []struct {
		name string
		f    client.InventoryEventFilter
		want []client.InventoryEvent
	}{
		{"types", client.InventoryEventFilter{Types: &[]client.InventoryEventType{client.InventoryEventTypeRevert, client.InventoryEventTypeEventOverride}}, []client.InventoryEvent{e5, e4}},
		{"secondaryTypes", client.InventoryEventFilter{SecondaryTypes: &[]client.InventorySecondaryType{client.InventorySecondaryTypeConsume, client.InventorySecondaryTypeFound}}, []client.InventoryEvent{e3, e2}},
		{"sourceTypes", client.InventoryEventFilter{SourceTypes: &[]client.InventorySourceType{client.InventorySourceTypeJob}}, []client.InventoryEvent{e1}},
		{"itemIds", client.InventoryEventFilter{ItemIds: &[]string{b}}, []client.InventoryEvent{e2}},
		{"itemToMakeIds", client.InventoryEventFilter{ItemToMakeIds: &[]string{"ITM-9"}}, []client.InventoryEvent{e1}},
		{"reservedForTypes", client.InventoryEventFilter{ReservedForTypes: &[]client.InventoryReservedForType{client.InventoryReservedForTypeSalesOrder}}, []client.InventoryEvent{e1}},
		{"reservedForIds", client.InventoryEventFilter{ReservedForIds: &[]string{"SO-3"}}, []client.InventoryEvent{e1}},
		{"inventoryEventIds", client.InventoryEventFilter{InventoryEventIds: &[]string{e2.Id, e4.Id}}, []client.InventoryEvent{e4, e2}},
		{"createdAfterUtc exclusive", client.InventoryEventFilter{CreatedAfterUtc: &e3.CreatedUtc}, []client.InventoryEvent{e5, e4}},
		{"createdBeforeUtc exclusive", client.InventoryEventFilter{CreatedBeforeUtc: &e2.CreatedUtc}, []client.InventoryEvent{e1}},
		{"together", client.InventoryEventFilter{ItemIds: &[]string{a}, Types: &[]client.InventoryEventType{client.InventoryEventTypeReceive}}, []client.InventoryEvent{e1}},
	} {
		got := listEvents(t, te, nil, c.f)
		if fmt.Sprint(eventIDs(got.Data...)) != fmt.Sprint(eventIDs(c.want...)) || got.TotalCount != len(c.want) {
			t.Fatalf("filter %s: %v (total %d), want %v", c.name, eventIDs(got.Data...), got.TotalCount, eventIDs(c.want...))
		}
	}

	// Sorted by quantity ascending, ties by id (e3 and its revert e5 both moved 2 units).
	byQty := listEvents(t, te, &client.ListInventoryEventsParams{SortField: ptr("quantity")}, client.InventoryEventFilter{})
	if fmt.Sprint(eventIDs(byQty.Data...)) != fmt.Sprint(eventIDs(e2, e3, e5, e4, e1)) {
		t.Fatalf("by quantity %v, want %v", eventIDs(byQty.Data...), eventIDs(e2, e3, e5, e4, e1))
	}
	page := listEvents(t, te, &client.ListInventoryEventsParams{Skip: ptr(int32(2)), Take: ptr(int32(2))}, client.InventoryEventFilter{})
	if fmt.Sprint(eventIDs(page.Data...)) != fmt.Sprint(eventIDs(e3, e2)) || page.Page != 2 || page.PageSize != 2 || page.TotalCount != 5 ||
		page.TotalPages != 3 || !page.HasPreviousPage || !page.HasNextPage {
		t.Fatalf("page %+v", page)
	}
	past := listEvents(t, te, &client.ListInventoryEventsParams{Skip: ptr(int32(50))}, client.InventoryEventFilter{})
	if len(past.Data) != 0 || past.TotalCount != 5 || past.HasNextPage || past.PageSize != 50 {
		t.Fatalf("page past the end %+v", past)
	}
	res, body = rawRequest(t, http.MethodPost, "/api/inventory-events/list?Sort.Field=itemId", te.Token, "application/json", `{}`)
	mustItemField(t, res, body, "Sort.Field")
}

// actionDateFrom and actionDateTo are whole days of the tenant's shop timezone.
func TestInventoryEventListActionDatesAreWholeShopDays(t *testing.T) {
	t.Parallel()
	te := newTenant(t, "America/Chicago") // UTC-6 in January
	item := createItem(t, te, newItem("DAYS"))
	var events []client.InventoryEvent
	for _, at := range []string{
		"2024-01-10T05:59:59Z", // Chicago 9 January 23:59:59
		"2024-01-10T06:00:00Z", // Chicago 10 January 00:00
		"2024-01-11T05:59:59Z", // Chicago 10 January 23:59:59
		"2024-01-11T06:00:00Z", // Chicago 11 January 00:00
	} {
		ev := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("1")})
		setEvent(t, te, ev.Id, map[string]any{"action_date": at})
		events = append(events, ev)
	}
	for _, c := range []struct {
		from, to string
		want     []client.InventoryEvent
	}{
		{"2024-01-10", "2024-01-10", []client.InventoryEvent{events[2], events[1]}},
		{"2024-01-11", "", []client.InventoryEvent{events[3]}},
		{"", "2024-01-09", []client.InventoryEvent{events[0]}},
		{"2024-01-09", "2024-01-11", []client.InventoryEvent{events[3], events[2], events[1], events[0]}},
	} {
		f := client.InventoryEventFilter{}
		if c.from != "" {
			f.ActionDateFrom = lotDay(c.from)
		}
		if c.to != "" {
			f.ActionDateTo = lotDay(c.to)
		}
		got := listEvents(t, te, nil, f)
		if fmt.Sprint(eventIDs(got.Data...)) != fmt.Sprint(eventIDs(c.want...)) {
			t.Fatalf("days %q to %q: %v, want %v", c.from, c.to, eventIDs(got.Data...), eventIDs(c.want...))
		}
	}
}

func TestInventoryEventUnknownIs404(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, id := range []string{"0193a3f2-7c1e-7b21-9c55-2f4e1d0a9b11", ids.New()} {
		for _, c := range []struct{ method, path, contentType, body string }{
			{http.MethodGet, eventPath(id), "", ""},
			{http.MethodPatch, eventPath(id), "application/json-patch+json", `[{"op":"replace","path":"/note","value":"x"}]`},
			{http.MethodGet, eventPath(id) + "/details", "", ""},
			{http.MethodPut, eventPath(id) + "/details", "application/json", `{}`},
			{http.MethodPatch, eventPath(id) + "/details", "application/json-patch+json", `[]`},
			{http.MethodPost, eventPath(id) + "/revert", "", ""},
		} {
			res, body := rawRequest(t, c.method, c.path, te.Token, c.contentType, c.body)
			mustProblem(t, res, body, http.StatusNotFound)
		}
	}
}

// A revert puts stock back only at a live location: reverting a pick whose location was
// deleted since is a 400 naming locationId and writes nothing.
func TestInventoryRevertAtADeletedLocationIs400AndWritesNothing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("MOVED"))
	loc := createLocation(t, te, "Closed bay")
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("5"), LocationId: &loc})
	picked := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("5"), LocationId: &loc})
	mustStatus(t, deleteLocation(t, te, loc), http.StatusOK, nil)

	res, body := revertEvent(t, te, picked.Id)
	mustProblemNaming(t, res, body, "locationId")
	if n := eventTotal(t, te); n != 2 {
		t.Fatalf("%d events after a refused revert, want 2", n)
	}
	mustDec(t, "on hand at the deleted location", onHandAt(t, te, item, nil, &loc), "0")
	if got := listStock(t, te, nil, client.InventoryFilter{ItemIds: &[]string{item}}); len(got) != 0 {
		t.Fatalf("stock after a refused revert: %+v", got)
	}
}

// A revert and a delete of its location, racing, never leave stock at a deleted location:
// either the revert wins (and the delete is refused, the location holding stock) or the
// delete wins (and the revert is refused).
func TestInventoryRevertRacingLocationDeleteNeverLeavesStockAtADeletedLocation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("RACED"))
	for round := range 8 {
		loc := createLocation(t, te, fmt.Sprintf("Race bay %d", round))
		receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("2"), LocationId: &loc})
		picked := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("2"), LocationId: &loc})
		var reverted, deleted int
		together(t,
			statusInto(&reverted, func() (statusCoder, error) {
				return te.API.RevertInventoryEventWithResponse(context.Background(), picked.Id, nil)
			}),
			statusInto(&deleted, func() (statusCoder, error) { return te.API.DeleteLocationWithResponse(context.Background(), loc, nil) }),
		)
		gone := getLocation(t, te, loc).Deleted
		onHand := onHandAt(t, te, item, nil, &loc)
		switch {
		case reverted == http.StatusOK && deleted == http.StatusBadRequest:
			if gone || !onHand.Equal(num("2").Decimal) {
				t.Fatalf("round %d: revert won but deleted=%v, on hand %s", round, gone, onHand)
			}
			pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("2"), LocationId: &loc})
		case reverted == http.StatusBadRequest && deleted == http.StatusOK:
			if !gone || !onHand.IsZero() {
				t.Fatalf("round %d: delete won but deleted=%v, on hand %s", round, gone, onHand)
			}
		default:
			t.Fatalf("round %d: revert %d, delete %d; want exactly one of them 200 and the other 400", round, reverted, deleted)
		}
	}
}

// Reverting a receipt takes units out at the value the balance holds now: never more than
// their average share, and everything when it empties the balance, so 0 units are worth 0
// and no value goes negative.
func TestInventoryRevertOfAReceiptNeverLeavesNegativeValue(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("AVERAGED"))
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10"), MaterialValue: ptr(num("1"))})
	second := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10"), MaterialValue: ptr(num("5"))})
	pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("15")}) // takes 45 of 60
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("5"), MaterialValue: ptr(num("0"))})

	res, body := revertEvent(t, te, second.Id)
	rev := mustEvent(t, res, body)
	eff := mustOnlyEffect(t, rev)
	mustDec(t, "revert effect", eff.Quantity, "-10")
	mustDec(t, "revert net value", eff.NetValueChange, "-15")
	mustValue(t, "revert materialValue", rev.MaterialValue, "-15", "-1.5")
	last := listTransactions(t, te, nil, client.InventoryTransactionFilter{ItemIds: &[]string{item}}).Data[0]
	mustDec(t, "quantity after revert", last.Quantity, "0")
	mustDec(t, "value after revert", last.TotalValue, "0")
	for _, tx := range listTransactions(t, te, nil, client.InventoryTransactionFilter{ItemIds: &[]string{item}}).Data {
		if tx.TotalValue.IsNegative() || (tx.Quantity.IsZero() && !tx.TotalValue.IsZero()) {
			t.Fatalf("transaction %s leaves %s units worth %s", tx.Id, tx.Quantity, tx.TotalValue)
		}
	}
}

// Reverting a receipt that does not empty the balance takes at most the units' average
// share of its value now, and no more than the receipt added.
func TestInventoryRevertOfAReceiptTakesAtMostTheAverageShare(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("SHARED"))
	cheap := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10"), MaterialValue: ptr(num("1"))})
	dear := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10"), MaterialValue: ptr(num("5")), LaborValue: ptr(num("2"))})
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("10"), MaterialValue: ptr(num("3"))})
	// 30 units: material 90 (average 3), labor 20 (average 2/3).

	res, body := revertEvent(t, te, dear.Id)
	rev := mustEvent(t, res, body)
	// Material: the receipt added 50, the share of 10 of 30 units is 30: 30. Labor: it added
	// 20, the share is 6.666…: the share.
	mustDec(t, "material taken", rev.MaterialValue.Total, "-30")
	mustDec(t, "labor taken", rev.LaborValue.Total, "-6.66666666666666666667")
	// 20 units left: material 60, labor 13.333…
	res, body = revertEvent(t, te, cheap.Id)
	rev = mustEvent(t, res, body)
	// Material: added 10, share 30: 10. Labor: added 0: 0.
	mustDec(t, "material taken", rev.MaterialValue.Total, "-10")
	mustDec(t, "labor taken", rev.LaborValue.Total, "0")
	last := listTransactions(t, te, nil, client.InventoryTransactionFilter{ItemIds: &[]string{item}}).Data[0]
	mustDec(t, "quantity", last.Quantity, "10")
	mustDec(t, "value", last.TotalValue, "63.33333333333333333333")
}

// Date filter bounds lie in the years 2000 to 2099 in UTC (after converting any offset);
// outside them the event and transaction lists answer 400 naming the field.
func TestInventoryListDateFilterBoundsAreYears2000To2099(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("DATED"))
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("1")})
	for _, c := range []struct {
		path, body, field string // field "": accepted
	}{
		{"/api/inventory-events/list", `{"createdBeforeUtc":"1999-12-31T23:59:59Z"}`, "createdBeforeUtc"},
		{"/api/inventory-events/list", `{"createdBeforeUtc":"2100-01-01T00:00:00Z"}`, "createdBeforeUtc"},
		{"/api/inventory-events/list", `{"createdAfterUtc":"2000-01-01T01:00:00+02:00"}`, "createdAfterUtc"},
		{"/api/inventory-events/list", `{"createdAfterUtc":"2099-12-31T20:00:00-05:00"}`, "createdAfterUtc"},
		{"/api/inventory-events/list", `{"actionDateFrom":"1999-12-31"}`, "actionDateFrom"},
		{"/api/inventory-events/list", `{"actionDateTo":"2100-01-01"}`, "actionDateTo"},
		{"/api/inventory-events/list", `{"createdAfterUtc":"2000-01-01T00:00:00Z","createdBeforeUtc":"2099-12-31T23:59:59Z","actionDateFrom":"2000-01-01","actionDateTo":"2099-12-31"}`, ""},
		{"/api/inventory-events/list", `{"createdAfterUtc":"1999-12-31T20:00:00-05:00"}`, ""},
		{"/api/inventory-transactions/list", `{"dateRange":{"start":"1999-12-31T23:59:59Z"}}`, "dateRange.start"},
		{"/api/inventory-transactions/list", `{"dateRange":{"end":"2100-01-01T00:00:00Z"}}`, "dateRange.end"},
		{"/api/inventory-transactions/list", `{"dateRange":{"start":"2000-01-01T01:00:00+02:00","end":"2026-01-01T00:00:00Z"}}`, "dateRange.start"},
		{"/api/inventory-transactions/list", `{"dateRange":{"start":"2000-01-01T00:00:00Z","end":"2099-12-31T23:59:59Z"}}`, ""},
	} {
		res, body := rawRequest(t, http.MethodPost, c.path, te.Token, "application/json", c.body)
		if c.field == "" {
			mustStatus(t, res.StatusCode, http.StatusOK, body)
			if !strings.Contains(string(body), `"totalCount":1`) {
				t.Fatalf("%s %s: want the one record within the bounds: %s", c.path, c.body, body)
			}
			continue
		}
		mustProblemNaming(t, res, body, c.field)
	}
}

// refusedRevert fails t unless reverting id is a 400 naming inventoryEventId that writes
// nothing: the tenant keeps events events and the item nothing on hand.
func refusedRevert(t *testing.T, te *tenantEnv, id, item string, events int) {
	t.Helper()
	res, body := revertEvent(t, te, id)
	mustProblemNaming(t, res, body, "inventoryEventId")
	if n := eventTotal(t, te); n != events {
		t.Fatalf("%d events after a refused revert, want %d", n, events)
	}
	if got := listStock(t, te, nil, client.InventoryFilter{ItemIds: &[]string{item}}); len(got) != 0 {
		t.Fatalf("stock after a refused revert: %+v", got)
	}
}

// Reverting a pick puts stock back, which a non-inventory item cannot hold: once the item
// has turned non-inventory (allowed, as it held nothing), the revert is refused.
func TestInventoryRevertOfAPickIsRefusedOnceTheItemIsNonInventory(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("TURNED-NONINV")
	w.ItemOrigin, w.IsSellable = ptr(client.ItemOriginBuy), ptr(false)
	item := createItem(t, te, w)
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("5")})
	picked := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("5")})
	if !itemSaved(t, te, http.MethodPut, "/api/items/"+item, `{"isNonInventory":true}`).IsNonInventory {
		t.Fatal("item did not turn non-inventory")
	}
	refusedRevert(t, te, picked.Id, item, 2)
}

// Once an item is lot-tracked, stock without a lot cannot come back: reverting a pick made
// before (without a lot) is refused, while a pick from a lot still reverts.
func TestInventoryRevertOfAPickWithoutALotIsRefusedOnceTheItemIsLotTracked(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("TURNED-LOT"))
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("5")})
	picked := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("5")})
	if !itemSaved(t, te, http.MethodPut, "/api/items/"+item, `{"isLotTracked":true}`).IsLotTracked {
		t.Fatal("item did not turn lot-tracked")
	}
	refusedRevert(t, te, picked.Id, item, 2)

	in := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("3")})
	lot := in.LotId
	fromLot := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("3"), LotId: lot})
	res, body := revertEvent(t, te, fromLot.Id)
	mustEvent(t, res, body)
	mustDec(t, "on hand in the lot after the revert", onHandAt(t, te, item, lot, nil), "3")
}

// An event's quantity counts the item's unit of measure as it was when the event was
// written: once the unit has changed (allowed when nothing is on hand), reverting would put
// back feet as inches, so it is refused; back on the recorded unit it reverts. Events
// written before units were recorded carry none and are not checked.
func TestInventoryRevertOfAnEventRecordedInAnotherUnitIsRefused(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("RESTATED")
	w.UnitTypeName, w.UnitOfMeasureName = "Length", "Foot"
	item := createItem(t, te, w)
	path := "/api/items/" + item
	receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("12")})
	picked := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("12")})
	itemSaved(t, te, http.MethodPut, path, `{"unitOfMeasureName":"Inch"}`)
	refusedRevert(t, te, picked.Id, item, 2)

	itemSaved(t, te, http.MethodPut, path, `{"unitOfMeasureName":"Foot"}`)
	res, body := revertEvent(t, te, picked.Id)
	mustEvent(t, res, body)
	mustDec(t, "on hand after the revert", onHandAt(t, te, item, nil, nil), "12")

	legacy := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("12")})
	if _, err := srv.Pool.ExecContext(context.Background(), `UPDATE inventory_events SET unit_of_measure_id = NULL WHERE tenant_id = $1 AND id = $2`, te.ID, legacy.Id); err != nil {
		t.Fatal(err)
	}
	itemSaved(t, te, http.MethodPut, path, `{"unitOfMeasureName":"Inch"}`)
	res, body = revertEvent(t, te, legacy.Id)
	mustEvent(t, res, body)
}
