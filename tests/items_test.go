package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
)

func TestItemCreateStoresEveryMemberAndReadsThemBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := client.ItemCreate{
		Number: "  BRK-100  ", Revision: ptr(" A "), Description: ptr(" Mounting bracket "),
		ItemOrigin: ptr(client.ItemOriginMakeOrBuy), UnitTypeName: "length", UnitOfMeasureName: " Foot ",
		IsSellable: ptr(true), IsTaxable: ptr(true), BuildToOrder: ptr(true), BuildToStock: ptr(true),
		IsSingleUseItem: ptr(true), IsLotTracked: ptr(true),
		Width: ptr(dec.MustParse("1.5")), Height: ptr(dec.MustParse("0")), Length: ptr(dec.MustParse("12")),
		Weight: ptr(dec.MustParse("2.25")), MinimumStockOnHand: ptr(dec.MustParse("10")), MinimumProductionQuantity: ptr(dec.MustParse("5")),
		InternalNotes:      ptr(" Deburr edges "),
		ExternalReferences: ptr(client.ExternalReferences{"erp": {ExternalID: ptr("E-1"), Type: ptr("part")}}),
	}
	id := createItem(t, te, w)
	it := getItem(t, te, id)
	if it.Number != "BRK-100" || optText(it.Revision.Revision) != "A" || !it.Revision.IsLatestRevision ||
		optText(it.Description) != "Mounting bracket" || it.ItemOrigin != client.ItemOriginMakeOrBuy ||
		optText(it.UnitTypeName) != "Length" || optText(it.UnitOfMeasureName) != "Foot" ||
		!it.IsSellable || !it.IsTaxable || !it.BuildToOrder || !it.BuildToStock || !it.IsSingleUseItem || !it.IsLotTracked ||
		it.IsArchived || it.IsNonInventory || it.EnableRemnantSync || optText(it.InternalNotes) != "Deburr edges" {
		t.Fatalf("item read back as %+v", it)
	}
	if !it.Width.Equal(dec.MustParse("1.5").Decimal) || !it.Weight.Equal(dec.MustParse("2.25").Decimal) || !it.Height.IsZero() ||
		!it.MinimumProductionQuantity.Equal(dec.MustParse("5").Decimal) {
		t.Fatalf("measures read back as %v %v %v %v", it.Width, it.Height, it.Weight, it.MinimumProductionQuantity)
	}
	if ref := it.ExternalReferences["erp"]; optText(ref.ExternalID) != "E-1" || optText(ref.Type) != "part" {
		t.Fatalf("external references %+v", it.ExternalReferences)
	}
	// Defaults: origin make, no revision, every flag false.
	d := getItem(t, te, createItem(t, te, newItem("PLAIN")))
	if d.ItemOrigin != client.ItemOriginMake || d.Revision.Revision != nil || d.IsSellable || d.Description != nil || d.Width != nil {
		t.Fatalf("defaults read back as %+v", d)
	}
}

func TestItemKitAndNoneOriginsRefusedForNewItems(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, origin := range []string{"kit", "none"} {
		res, body := itemRequest(t, te, http.MethodPost, "/api/items", fmt.Sprintf(`{"number":"K-%s","unitTypeName":"Pieces","unitOfMeasureName":"Each","itemOrigin":%q}`, origin, origin))
		mustItemField(t, res, body, "itemOrigin")
	}
	for _, origin := range []client.ItemOrigin{client.ItemOriginMake, client.ItemOriginBuy, client.ItemOriginMakeOrBuy, client.ItemOriginCustomerSupplied} {
		w := newItem("O-" + string(origin))
		w.ItemOrigin = ptr(origin)
		if got := getItem(t, te, createItem(t, te, w)).ItemOrigin; got != origin {
			t.Fatalf("origin %s read back as %s", origin, got)
		}
	}
}

func TestItemNumberAndRevisionUniqueAmongActiveItems(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createItem(t, te, newItem("U-1"))
	withRev := newItem("U-1")
	withRev.Revision = ptr("A")
	createItem(t, te, withRev) // another revision of the number is another item

	for _, body := range []string{
		`{"number":"U-1","unitTypeName":"Pieces","unitOfMeasureName":"Each"}`,
		`{"number":" u-1 ","unitTypeName":"Pieces","unitOfMeasureName":"Each","revision":"  "}`, // blank revision is none
		`{"number":"U-1","unitTypeName":"Pieces","unitOfMeasureName":"Each","revision":"a"}`,
	} {
		res, b := itemRequest(t, te, http.MethodPost, "/api/items", body)
		mustItemField(t, res, b, "number")
	}
	// Archived items do not hold their number and revision.
	archived := newItem("U-2")
	archived.IsArchived = ptr(true)
	createItem(t, te, archived)
	createItem(t, te, newItem("U-2"))

	// Concurrent creates of one number and revision: exactly one wins.
	counts := concurrently(t, 8, func() (int, error) {
		res, err := te.API.CreateItemWithResponse(context.Background(), nil, newItem("RACE"))
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 7 {
		t.Fatalf("concurrent creates answered %v, want one 200 and seven 400", counts)
	}
	if n := len(listItemsV2(t, te, client.ItemFilterV2{Numbers: &[]string{"RACE"}})); n != 1 {
		t.Fatalf("%d items numbered RACE, want 1", n)
	}
}

func TestItemRenameOntoTakenNumberAndRevisionIs400(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createItem(t, te, newItem("TAKEN"))
	id := createItem(t, te, newItem("FREE"))
	res, body := itemRequest(t, te, http.MethodPut, "/api/items/"+id, `{"number":" taken "}`)
	mustItemField(t, res, body, "number")
	res, body = itemRequest(t, te, http.MethodPatch, "/api/items/"+id, `[{"op":"replace","path":"/number","value":"TAKEN"}]`)
	mustItemField(t, res, body, "number")
	if got := getItem(t, te, id).Number; got != "FREE" {
		t.Fatalf("number %q after refused renames", got)
	}
	// A free number renames; omitted number keeps it.
	it := itemSaved(t, te, http.MethodPut, "/api/items/"+id, `{"number":" RENAMED "}`)
	if it.Number != "RENAMED" {
		t.Fatalf("renamed to %q", it.Number)
	}
	it = itemSaved(t, te, http.MethodPut, "/api/items/"+id, `{"description":"kept number"}`)
	if it.Number != "RENAMED" {
		t.Fatalf("omitted number changed it to %q", it.Number)
	}
}

func TestItemUnitOfMeasureChange(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("UNIT")
	w.UnitTypeName, w.UnitOfMeasureName = "Length", "Foot"
	id := createItem(t, te, w)
	path := "/api/items/" + id
	unitOf := func(res rawResponse, body []byte) string { return optText(mustItem(t, res, body).UnitOfMeasureName) }

	// Omitted, null, blank and the same unit (trimmed) keep it.
	for _, body := range []string{`{}`, `{"unitOfMeasureName":null}`, `{"unitOfMeasureName":"   "}`, `{"unitOfMeasureName":" Foot "}`, `{"unitTypeName":" length ","unitOfMeasureName":"Foot"}`} {
		res, b := itemRequest(t, te, http.MethodPut, path, body)
		if got := unitOf(res, b); got != "Foot" {
			t.Fatalf("%s left unit %q, want Foot", body, got)
		}
	}
	// Case-sensitive; must be a unit of the item's type; the type never changes.
	for _, c := range []struct{ body, field string }{
		{`{"unitOfMeasureName":"foot"}`, "unitOfMeasureName"},
		{`{"unitOfMeasureName":"Kilogram"}`, "unitOfMeasureName"},
		{`{"unitTypeName":"Weight","unitOfMeasureName":"Kilogram"}`, "unitTypeName"},
	} {
		res, b := itemRequest(t, te, http.MethodPut, path, c.body)
		mustItemField(t, res, b, c.field)
	}
	// With nothing blocking it, a change to another unit of the type succeeds.
	res, b := itemRequest(t, te, http.MethodPut, path, `{"unitOfMeasureName":" Inch "}`)
	if got := unitOf(res, b); got != "Inch" {
		t.Fatalf("unit %q after change, want Inch", got)
	}
	res, b = itemRequest(t, te, http.MethodPatch, path, `[{"op":"replace","path":"/unitOfMeasureName","value":"Meter"}]`)
	if got := unitOf(res, b); got != "Meter" {
		t.Fatalf("unit %q after patch, want Meter", got)
	}
	if it := getItem(t, te, id); optText(it.UnitTypeName) != "Length" || optText(it.UnitOfMeasureName) != "Meter" {
		t.Fatalf("stored unit %v %v", optText(it.UnitTypeName), optText(it.UnitOfMeasureName))
	}
}

func TestItemWithoutInventoryUnitRefusesUpdatePatchAndAddRevision(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := insertLegacyItem(t, te, "LEGACY")
	it := getItem(t, te, id)
	if it.UnitOfMeasureName != nil || it.UnitTypeName != nil {
		t.Fatalf("legacy item reads units %v %v", it.UnitTypeName, it.UnitOfMeasureName)
	}
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPut, "/api/items/" + id, `{"description":"x"}`},
		{http.MethodPut, "/api/items/" + id, `{"unitTypeName":"Pieces","unitOfMeasureName":"Each"}`},
		{http.MethodPatch, "/api/items/" + id, `[{"op":"replace","path":"/description","value":"x"}]`},
		{http.MethodPost, "/api/items/" + id + "/revision", `{"revision":"B"}`},
	} {
		res, body := itemRequest(t, te, c.method, c.path, c.body)
		mustItemField(t, res, body, "unitOfMeasureName")
	}
	if n := itemEvents(t, te, id); n != 0 {
		t.Fatalf("%d events for refused changes", n)
	}
}

func TestItemNonInventoryOnlyForBuyItemsNotSellable(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, c := range []struct {
		origin   client.ItemOrigin
		sellable bool
		ok       bool
	}{
		{client.ItemOriginBuy, false, true},
		{client.ItemOriginBuy, true, false},
		{client.ItemOriginMake, false, false},
		{client.ItemOriginMakeOrBuy, false, false},
		{client.ItemOriginCustomerSupplied, false, false},
	} {
		w := newItem(fmt.Sprintf("NI-%s-%v", c.origin, c.sellable))
		w.ItemOrigin, w.IsSellable, w.IsNonInventory = ptr(c.origin), ptr(c.sellable), ptr(true)
		b, _ := json.Marshal(w)
		res, body := itemRequest(t, te, http.MethodPost, "/api/items", string(b))
		if c.ok {
			mustStatus(t, res.StatusCode, http.StatusOK, body)
		} else {
			mustItemField(t, res, body, "isNonInventory")
		}
	}
	// Turning it on by update follows the same rule.
	made := createItem(t, te, newItem("NI-MADE"))
	res, body := itemRequest(t, te, http.MethodPut, "/api/items/"+made, `{"isNonInventory":true}`)
	mustItemField(t, res, body, "isNonInventory")
	buy := newItem("NI-BUY")
	buy.ItemOrigin = ptr(client.ItemOriginBuy)
	buyID := createItem(t, te, buy)
	if !itemSaved(t, te, http.MethodPut, "/api/items/"+buyID, `{"isNonInventory":true}`).IsNonInventory {
		t.Fatal("a buy item that is not sellable did not turn non-inventory")
	}
	// An item already non-inventory may restate it, even where it could not turn on now
	// (legacy data: a sellable item); turning it off and on again is refused.
	if _, err := srv.Pool.ExecContext(context.Background(), `UPDATE items SET is_sellable = true WHERE tenant_id = $1 AND id = $2`, te.ID, buyID); err != nil {
		t.Fatal(err)
	}
	if !itemSaved(t, te, http.MethodPut, "/api/items/"+buyID, `{"isNonInventory":true,"description":"restated"}`).IsNonInventory {
		t.Fatal("restating isNonInventory failed")
	}
	if itemSaved(t, te, http.MethodPut, "/api/items/"+buyID, `{"isNonInventory":false}`).IsNonInventory {
		t.Fatal("isNonInventory did not turn off")
	}
	res, body = itemRequest(t, te, http.MethodPatch, "/api/items/"+buyID, `[{"op":"replace","path":"/isNonInventory","value":true}]`)
	mustItemField(t, res, body, "isNonInventory")
}

func TestItemLengthsAndRanges(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	base := `"unitTypeName":"Pieces","unitOfMeasureName":"Each"`
	long := func(n int) string { return strings.Repeat("x", n) }
	for _, c := range []struct {
		name, body, field string
	}{
		{"blank number", `{"number":"   ",` + base + `}`, "number"},
		{"number over 200", `{"number":"` + long(201) + `",` + base + `}`, ""},
		{"number 200", `{"number":"` + long(200) + `",` + base + `}`, "ok"},
		{"revision over 200", `{"number":"R",` + base + `,"revision":"` + long(201) + `"}`, ""},
		{"description over 2000", `{"number":"D",` + base + `,"description":"` + long(2001) + `"}`, ""},
		{"description 2000", `{"number":"D2",` + base + `,"description":"` + long(2000) + `"}`, "ok"},
		{"empty internalNotes", `{"number":"N",` + base + `,"internalNotes":""}`, ""},
		{"internalNotes over 2000", `{"number":"N2",` + base + `,"internalNotes":"` + long(2001) + `"}`, ""},
		{"internalNotes 2000", `{"number":"N3",` + base + `,"internalNotes":"` + long(2000) + `"}`, "ok"},
		{"negative width", `{"number":"W",` + base + `,"width":-0.001}`, ""},
		{"negative minimumStockOnHand", `{"number":"M",` + base + `,"minimumStockOnHand":-1}`, ""},
		{"decimal over 20 integer digits", `{"number":"W2",` + base + `,"weight":123456789012345678901}`, ""},
		{"zero measures", `{"number":"Z",` + base + `,"width":0,"minimumProductionQuantity":0}`, "ok"},
		{"unknown unit type", `{"number":"T","unitTypeName":"Nope","unitOfMeasureName":"Each"}`, "unitTypeName"},
		{"unit of another type", `{"number":"T2","unitTypeName":"Pieces","unitOfMeasureName":"Foot"}`, "unitOfMeasureName"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, body := itemRequest(t, te, http.MethodPost, "/api/items", c.body)
			switch c.field {
			case "ok":
				mustStatus(t, res.StatusCode, http.StatusOK, body)
			case "":
				mustProblem(t, res, body, http.StatusBadRequest)
			default:
				mustItemField(t, res, body, c.field)
			}
		})
	}
	// Updates hold the same bounds.
	id := createItem(t, te, newItem("UPD"))
	for _, body := range []string{`{"number":"  "}`, `{"width":-1}`, `{"internalNotes":""}`, `{"description":"` + long(2001) + `"}`} {
		res, b := itemRequest(t, te, http.MethodPut, "/api/items/"+id, body)
		mustProblem(t, res, b, http.StatusBadRequest)
	}
}

func TestItemPatchFollowsUpdateRulesAndStoresBlankReferenceMembersAsEmpty(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("P-1")
	w.Description = ptr("old")
	w.ExternalReferences = ptr(client.ExternalReferences{"erp": {ExternalID: ptr("E-1")}})
	id := createItem(t, te, w)
	it := itemSaved(t, te, http.MethodPatch, "/api/items/"+id, `[
		{"op":"replace","path":"/description","value":"new"},
		{"op":"add","path":"/externalReferences/crm","value":{"type":"  ","externalId":""}}]`)
	if optText(it.Description) != "new" || it.Number != "P-1" {
		t.Fatalf("patched item %+v", it)
	}
	if crm := it.ExternalReferences["crm"]; crm.Type == nil || *crm.Type != "" || crm.ExternalID == nil || *crm.ExternalID != "" {
		t.Fatalf("blank members stored as %+v, want empty strings", crm)
	}
	if optText(it.ExternalReferences["erp"].ExternalID) != "E-1" {
		t.Fatalf("untouched reference changed: %+v", it.ExternalReferences)
	}
	// A full update requires externalId (the Write rule).
	res, body := itemRequest(t, te, http.MethodPut, "/api/items/"+id, `{"externalReferences":{"crm":{"type":"x"}}}`)
	mustItemField(t, res, body, "externalReferences.crm.externalId")
	// Read-only and create-only members cannot be patched.
	for _, p := range []string{"/itemOrigin", "/isSellable", "/id", "/revision", "/createdUtc", "/isArchived"} {
		res, body := itemRequest(t, te, http.MethodPatch, "/api/items/"+id, `[{"op":"replace","path":"`+p+`","value":true}]`)
		mustProblem(t, res, body, http.StatusBadRequest)
	}
}

func TestItemCustomFieldsUseItemModulePlusOriginModule(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("color", client.CustomFieldModuleItem))
	createCustomField(t, te, textField("heatTreat", client.CustomFieldModuleItemMake))
	createCustomField(t, te, textField("vendorCode", client.CustomFieldModuleItemBuy))
	create := func(number string, origin client.ItemOrigin, fields map[string]any) (rawResponse, []byte) {
		w := newItem(number)
		w.ItemOrigin, w.CustomFields = ptr(origin), ptr(client.CustomFields(fields))
		b, _ := json.Marshal(w)
		return itemRequest(t, te, http.MethodPost, "/api/items", string(b))
	}
	for _, c := range []struct {
		origin client.ItemOrigin
		field  string
		ok     bool
	}{
		{client.ItemOriginMake, "heatTreat", true},
		{client.ItemOriginMakeOrBuy, "heatTreat", true},
		{client.ItemOriginMake, "vendorCode", false},
		{client.ItemOriginBuy, "vendorCode", true},
		{client.ItemOriginBuy, "heatTreat", false},
		{client.ItemOriginCustomerSupplied, "heatTreat", false},
	} {
		res, body := create(fmt.Sprintf("CF-%s-%s", c.origin, c.field), c.origin, map[string]any{"color": " red ", c.field: "v"})
		if !c.ok {
			mustItemField(t, res, body, "customFields."+c.field)
			continue
		}
		mustStatus(t, res.StatusCode, http.StatusOK, body)
		var created client.CreatedId
		_ = json.Unmarshal(body, &created)
		it := getItem(t, te, created.Id)
		if it.CustomFields["color"] != "red" || it.CustomFields[c.field] != "v" {
			t.Fatalf("custom fields read back as %v", it.CustomFields)
		}
	}
	// Updates and patches validate against the same modules.
	res, body := create("CF-UPD", client.ItemOriginBuy, map[string]any{})
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var created client.CreatedId
	_ = json.Unmarshal(body, &created)
	res, body = itemRequest(t, te, http.MethodPut, "/api/items/"+created.Id, `{"customFields":{"heatTreat":"x"}}`)
	mustItemField(t, res, body, "customFields.heatTreat")
	it := itemSaved(t, te, http.MethodPatch, "/api/items/"+created.Id, `[{"op":"add","path":"/customFields/vendorCode","value":"V-9"}]`)
	if it.CustomFields["vendorCode"] != "V-9" {
		t.Fatalf("patched custom fields %v", it.CustomFields)
	}
}

func TestItemAddRevisionBecomesLatestAndKeepsOrArchivesSource(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("REV")
	w.Revision, w.Description, w.ItemOrigin = ptr("A"), ptr("copied"), ptr(client.ItemOriginBuy)
	w.UnitTypeName, w.UnitOfMeasureName = "Weight", "Pound"
	w.Weight, w.IsSellable = ptr(dec.MustParse("3")), ptr(true)
	w.ExternalReferences = ptr(client.ExternalReferences{"erp": {ExternalID: ptr("E-1")}})
	a := createItem(t, te, w)

	res, body := itemRequest(t, te, http.MethodPost, "/api/items/"+a+"/revision", `{"revision":" B "}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var created client.CreatedId
	if err := json.Unmarshal(body, &created); err != nil {
		t.Fatal(err)
	}
	b := getItem(t, te, created.Id)
	if b.Number != "REV" || optText(b.Revision.Revision) != "B" || !b.Revision.IsLatestRevision || optText(b.Description) != "copied" ||
		b.ItemOrigin != client.ItemOriginBuy || optText(b.UnitOfMeasureName) != "Pound" || !b.IsSellable || b.IsArchived ||
		!b.Weight.Equal(dec.MustParse("3").Decimal) || len(b.ExternalReferences) != 0 {
		t.Fatalf("new revision %+v", b)
	}
	src := getItem(t, te, a)
	if src.IsArchived || src.Revision.IsLatestRevision {
		t.Fatalf("source after add revision: archived %v, latest %v; want active and not latest", src.IsArchived, src.Revision.IsLatestRevision)
	}
	// A revision the number already has among active items: 400 naming revision.
	for _, rev := range []string{"A", "b"} {
		res, body = itemRequest(t, te, http.MethodPost, "/api/items/"+a+"/revision", `{"revision":"`+rev+`"}`)
		mustItemField(t, res, body, "revision")
	}
	res, body = itemRequest(t, te, http.MethodPost, "/api/items/"+a+"/revision", `{"revision":"  "}`)
	mustItemField(t, res, body, "revision")
	// archiveSourceItem archives the source in the same request.
	res, body = itemRequest(t, te, http.MethodPost, "/api/items/"+created.Id+"/revision", `{"revision":"C","archiveSourceItem":true}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if !getItem(t, te, created.Id).IsArchived {
		t.Fatal("archiveSourceItem did not archive the source")
	}
	latest := listItemsV2(t, te, client.ItemFilterV2{Numbers: &[]string{"rev"}, LatestRevision: ptr(true)})
	if len(latest) != 1 || optText(latest[0].Revision.Revision) != "C" {
		t.Fatalf("latest revisions %v", itemIDs(latest))
	}
	res, body = itemRequest(t, te, http.MethodPost, "/api/items/"+ids.New()+"/revision", `{"revision":"Z"}`)
	mustProblem(t, res, body, http.StatusNotFound)
}

func TestItemListFiltersV2AndV1(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("color", client.CustomFieldModuleItem))
	mk := func(number, rev, desc, color string, archived bool) string {
		w := newItem(number)
		if rev != "" {
			w.Revision = ptr(rev)
		}
		w.Description, w.IsArchived = ptr(desc), ptr(archived)
		if color != "" {
			w.CustomFields = ptr(client.CustomFields{"color": color})
		}
		return createItem(t, te, w)
	}
	bolt := mk("BOLT-10", "A", "Hex bolt M10", "red", false)
	boltB := mk("BOLT-10", "B", "Hex bolt M10 zinc", "blue", false)
	nut := mk("NUT-10", "", "Hex NUT", "red", false)
	old := mk("WASHER_1", "", "Flat washer", "", true)

	cases := []struct {
		name string
		f    client.ItemFilterV2
		want []string // sorted by number then id
	}{
		{"all", client.ItemFilterV2{}, []string{bolt, boltB, nut, old}},
		{"number contains", client.ItemFilterV2{Number: ptr("olt")}, []string{bolt, boltB}},
		{"number literal underscore", client.ItemFilterV2{Number: ptr("R_")}, []string{old}},
		{"numbers exact", client.ItemFilterV2{Numbers: &[]string{"nut-10", "WASHER_1", "BOLT"}}, []string{nut, old}},
		{"revision", client.ItemFilterV2{Revision: ptr("b")}, []string{boltB}},
		{"customField", client.ItemFilterV2{CustomField: &client.ItemCustomFieldFilter{Key: "color", Value: "red"}}, []string{bolt, nut}},
		{"latestRevision true", client.ItemFilterV2{LatestRevision: ptr(true)}, []string{boltB, nut, old}},
		{"latestRevision false", client.ItemFilterV2{LatestRevision: ptr(false)}, []string{bolt}},
		{"itemIds", client.ItemFilterV2{ItemIds: &[]string{old, nut}}, []string{nut, old}},
		{"descriptionFilter", client.ItemFilterV2{DescriptionFilter: ptr("hex n")}, []string{nut}},
		{"isArchived true", client.ItemFilterV2{IsArchived: ptr(true)}, []string{old}},
		{"isArchived false", client.ItemFilterV2{IsArchived: ptr(false)}, []string{bolt, boltB, nut}},
		{"combined", client.ItemFilterV2{Number: ptr("10"), CustomField: &client.ItemCustomFieldFilter{Key: "color", Value: "red"}, LatestRevision: ptr(true)}, []string{nut}},
	}
	for _, c := range cases {
		got := itemIDs(listItemsV2(t, te, c.f))
		if !sameIDs(got, c.want) {
			t.Errorf("V2 %s: got %v, want %v", c.name, got, c.want)
		}
		if c.f.Numbers != nil {
			continue // V2 only
		}
		v1 := client.ItemFilter{Number: c.f.Number, Revision: c.f.Revision, CustomField: c.f.CustomField, LatestRevision: c.f.LatestRevision,
			ItemIds: c.f.ItemIds, DescriptionFilter: c.f.DescriptionFilter, IsArchived: c.f.IsArchived}
		if got := itemIDs(listItemsV1(t, te, v1)); !sameIDs(got, c.want) {
			t.Errorf("V1 %s: got %v, want %v", c.name, got, c.want)
		}
	}
}

func TestItemListModifiedWindowInclusiveAfterExclusiveBeforeYears2000To2099(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createItem(t, te, newItem("WIN"))
	at := getItem(t, te, id).ModifiedUtc
	v2 := func(after, before *time.Time) []string {
		return itemIDs(listItemsV2(t, te, client.ItemFilterV2{ModifiedAfterUtc: after, ModifiedBeforeUtc: before}))
	}
	v1 := func(after, before *time.Time) []string {
		return itemIDs(listItemsV1(t, te, client.ItemFilter{ModifiedAfterUtc: after, ModifiedBeforeUtc: before}))
	}
	later := at.Add(time.Microsecond)
	for name, list := range map[string]func(after, before *time.Time) []string{"V2": v2, "V1": v1} {
		if got := list(&at, nil); !sameIDs(got, []string{id}) {
			t.Errorf("%s modifiedAfterUtc = modifiedUtc: %v, want the item (inclusive)", name, got)
		}
		if got := list(nil, &at); len(got) != 0 {
			t.Errorf("%s modifiedBeforeUtc = modifiedUtc: %v, want none (exclusive)", name, got)
		}
		if got := list(nil, &later); !sameIDs(got, []string{id}) {
			t.Errorf("%s modifiedBeforeUtc after modifiedUtc: %v", name, got)
		}
		if got := list(&later, nil); len(got) != 0 {
			t.Errorf("%s modifiedAfterUtc after modifiedUtc: %v", name, got)
		}
	}
	for _, path := range []string{"/api/items/list", "/api/items/list/v2"} {
		for _, c := range []struct{ body, field string }{
			{`{"modifiedAfterUtc":"1999-12-31T23:59:59Z"}`, "modifiedAfterUtc"},
			{`{"modifiedBeforeUtc":"2100-01-01T00:00:00Z"}`, "modifiedBeforeUtc"},
		} {
			res, body := itemRequest(t, te, http.MethodPost, path, c.body)
			mustItemField(t, res, body, c.field)
		}
		res, body := itemRequest(t, te, http.MethodPost, path, `{"modifiedAfterUtc":"2000-01-01T00:00:00Z","modifiedBeforeUtc":"2099-12-31T23:59:59Z"}`)
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
}

func TestItemModifiedUtcAdvancesOnEveryChange(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createItem(t, te, newItem("MOD"))
	last := getItem(t, te, id).ModifiedUtc
	advanced := func(what string) {
		t.Helper()
		now := getItem(t, te, id).ModifiedUtc
		if !now.After(last) {
			t.Fatalf("%s: modifiedUtc %v did not advance past %v", what, now, last)
		}
		last = now
	}
	itemSaved(t, te, http.MethodPut, "/api/items/"+id, `{"description":"a"}`)
	advanced("update")
	itemSaved(t, te, http.MethodPut, "/api/items/"+id, `{"description":"a"}`)
	advanced("update changing nothing")
	itemSaved(t, te, http.MethodPatch, "/api/items/"+id, `[{"op":"replace","path":"/description","value":"b"}]`)
	advanced("patch")
	res, body := itemRequest(t, te, http.MethodPost, "/api/items/"+id+"/revision", `{"revision":"B","archiveSourceItem":true}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	advanced("archiving by add revision")
}

func TestItemUpdatedEventRecordedInSameTransactionAsEveryChange(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createItem(t, te, newItem("EVT"))
	if n := itemEvents(t, te, id); n != 1 {
		t.Fatalf("%d events after create, want 1", n)
	}
	itemSaved(t, te, http.MethodPut, "/api/items/"+id, `{"description":"x"}`)
	if n := itemEvents(t, te, id); n != 2 {
		t.Fatalf("%d events after update, want 2", n)
	}
	// A failed update saves nothing, so it records nothing.
	res, body := itemRequest(t, te, http.MethodPut, "/api/items/"+id, `{"unitOfMeasureName":"Foot"}`)
	mustItemField(t, res, body, "unitOfMeasureName")
	createItem(t, te, newItem("EVT-TAKEN"))
	res, body = itemRequest(t, te, http.MethodPut, "/api/items/"+id, `{"number":"EVT-TAKEN"}`) // refused by the unique index inside the transaction
	mustItemField(t, res, body, "number")
	if n := itemEvents(t, te, id); n != 2 {
		t.Fatalf("%d events after failed updates, want 2", n)
	}
	itemSaved(t, te, http.MethodPatch, "/api/items/"+id, `[{"op":"replace","path":"/description","value":"y"}]`)
	res, body = itemRequest(t, te, http.MethodPost, "/api/items/"+id+"/revision", `{"revision":"B","archiveSourceItem":true}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var created client.CreatedId
	_ = json.Unmarshal(body, &created)
	if n, m := itemEvents(t, te, id), itemEvents(t, te, created.Id); n != 4 || m != 1 {
		t.Fatalf("events after patch and archiving revision: source %d (want 4), new %d (want 1)", n, m)
	}
	var payload map[string]any
	var raw []byte
	err := srv.Pool.QueryRowContext(context.Background(), `SELECT payload FROM event_outbox WHERE tenant_id = $1 AND aggregate_id = $2`, te.ID, created.Id).Scan(&raw)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &payload); err != nil || payload["itemId"] != created.Id || payload["number"] != "EVT" || payload["revision"] != "B" {
		t.Fatalf("payload %s (%v)", raw, err)
	}
}

// Turning isNonInventory or isLotTracked on would strand stock on hand (picks refuse a
// non-inventory item and need a lot for a lot-tracked one), so both wait until it is gone.
func TestItemStockFlagsCannotTurnOnWhileStockOnHand(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("STOCKED")
	w.ItemOrigin = ptr(client.ItemOriginBuy)
	id := createItem(t, te, w)
	path := "/api/items/" + id
	receiveStock(t, te, client.InventoryReceive{ItemId: id, Quantity: num("5")})
	events := itemEvents(t, te, id)

	for _, c := range []struct{ method, body string }{
		{http.MethodPut, `{"isNonInventory":true}`},
		{http.MethodPatch, `[{"op":"replace","path":"/isNonInventory","value":true}]`},
		{http.MethodPut, `{"isLotTracked":true}`},
		{http.MethodPatch, `[{"op":"replace","path":"/isLotTracked","value":true}]`},
	} {
		field := "isNonInventory"
		if strings.Contains(c.body, "isLotTracked") {
			field = "isLotTracked"
		}
		res, body := itemRequest(t, te, c.method, path, c.body)
		mustItemField(t, res, body, field)
	}
	res, body := itemRequest(t, te, http.MethodPut, path, `{"isNonInventory":true,"isLotTracked":true}`)
	p := mustProblem(t, res, body, http.StatusBadRequest)
	mustNameField(t, p, "isNonInventory")
	mustNameField(t, p, "isLotTracked")
	if it := getItem(t, te, id); it.IsNonInventory || it.IsLotTracked || itemEvents(t, te, id) != events {
		t.Fatalf("refused changes saved: nonInventory %v, lotTracked %v", it.IsNonInventory, it.IsLotTracked)
	}
	// Other changes still save while the stock is there.
	itemSaved(t, te, http.MethodPut, path, `{"description":"still stocked"}`)

	// Once the stock is gone both may turn on.
	pickStock(t, te, client.InventoryPick{ItemId: id, Quantity: num("5")})
	if it := itemSaved(t, te, http.MethodPatch, path, `[{"op":"replace","path":"/isLotTracked","value":true}]`); !it.IsLotTracked {
		t.Fatal("isLotTracked did not turn on with nothing on hand")
	}
	if it := itemSaved(t, te, http.MethodPut, path, `{"isNonInventory":true}`); !it.IsNonInventory {
		t.Fatal("isNonInventory did not turn on with nothing on hand")
	}
}

// A lot-tracked item holding stock may restate the flag: only turning it on is refused.
func TestItemStockFlagsMayBeRestatedWhileStockOnHand(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := lotTrackedItem(t, te, "LOT-STOCKED")
	receiveStock(t, te, client.InventoryReceive{ItemId: id, Quantity: num("2")})
	if it := itemSaved(t, te, http.MethodPut, "/api/items/"+id, `{"isLotTracked":true,"description":"restated"}`); !it.IsLotTracked {
		t.Fatal("restated isLotTracked did not save")
	}
}

// A required custom field holds on create and full update; a patch validates only the keys
// its operations carry, so an item stored before the field became required can still be
// patched elsewhere.
func TestItemRequiredCustomFieldOnCreateUpdateAndPatch(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createItem(t, te, newItem("REQ-OLD")) // stored before the definition exists
	inspector := textField("inspector", client.CustomFieldModuleItem)
	inspector.Required = ptr(true)
	createCustomField(t, te, inspector)
	path := "/api/items/" + id

	res, body := itemRequest(t, te, http.MethodPost, "/api/items", `{"number":"REQ-NEW","unitTypeName":"Pieces","unitOfMeasureName":"Each"}`)
	mustItemField(t, res, body, "customFields.inspector")
	res, body = itemRequest(t, te, http.MethodPost, "/api/items", `{"number":"REQ-NEW","unitTypeName":"Pieces","unitOfMeasureName":"Each","customFields":{"inspector":" "}}`)
	mustItemField(t, res, body, "customFields.inspector")
	res, body = itemRequest(t, te, http.MethodPut, path, `{"description":"x"}`)
	mustItemField(t, res, body, "customFields.inspector")
	res, body = itemRequest(t, te, http.MethodPatch, path, `[{"op":"add","path":"/customFields/inspector","value":null}]`)
	mustItemField(t, res, body, "customFields.inspector")

	it := itemSaved(t, te, http.MethodPatch, path, `[{"op":"replace","path":"/description","value":"patched"}]`)
	if optText(it.Description) != "patched" || it.CustomFields["inspector"] != nil {
		t.Fatalf("patch without /customFields ops: %+v", it)
	}
	it = itemSaved(t, te, http.MethodPut, path, `{"description":"full","customFields":{"inspector":"Ann"}}`)
	if it.CustomFields["inspector"] != "Ann" {
		t.Fatalf("custom fields %v", it.CustomFields)
	}
	res, body = itemRequest(t, te, http.MethodPost, "/api/items", `{"number":"REQ-NEW","unitTypeName":"Pieces","unitOfMeasureName":"Each","customFields":{"inspector":"Bo"}}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
}

// A unit change through a patch: null or blank unitOfMeasureName keeps the unit, as on a full update.
func TestItemPatchNullOrBlankUnitKeepsTheUnit(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("PATCH-UNIT")
	w.UnitTypeName, w.UnitOfMeasureName = "Length", "Foot"
	id := createItem(t, te, w)
	for _, value := range []string{`null`, `"  "`, `""`} {
		it := itemSaved(t, te, http.MethodPatch, "/api/items/"+id, `[{"op":"replace","path":"/unitOfMeasureName","value":`+value+`}]`)
		if optText(it.UnitOfMeasureName) != "Foot" || optText(it.UnitTypeName) != "Length" {
			t.Fatalf("patch to %s left unit %v %v, want Length Foot", value, optText(it.UnitTypeName), optText(it.UnitOfMeasureName))
		}
	}
	it := itemSaved(t, te, http.MethodPatch, "/api/items/"+id, `[{"op":"remove","path":"/unitOfMeasureName"}]`)
	if optText(getItem(t, te, id).UnitOfMeasureName) != "Foot" || optText(it.UnitOfMeasureName) != "Foot" {
		t.Fatalf("removing the unit by patch changed it to %v", optText(it.UnitOfMeasureName))
	}
}
