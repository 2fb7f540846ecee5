package tests

import (
	"net/http"
	"testing"

	"mos/gen/client"
)

// Both paths are one operation: the current one and the deprecated camel-case one.
var itemCustomFieldsPaths = []string{"/custom-fields", "/customFields"}

func TestItemCustomFieldsReplaceValidatesInFullAgainstOriginModules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	inspector := textField("inspector", client.CustomFieldModuleItem)
	inspector.Required = ptr(true)
	createCustomField(t, te, inspector)
	createCustomField(t, te, textField("vendorCode", client.CustomFieldModuleItemBuy))
	createCustomField(t, te, textField("heatTreat", client.CustomFieldModuleItemMake))
	for _, suffix := range itemCustomFieldsPaths {
		t.Run(suffix, func(t *testing.T) {
			w := newItem("CF-PUT" + suffix)
			w.ItemOrigin = ptr(client.ItemOriginBuy)
			w.CustomFields = ptr(client.CustomFields{"inspector": "Ann", "vendorCode": "V-1"})
			id := createItem(t, te, w)
			path := "/api/items/" + id + suffix
			before := getItem(t, te, id)
			events := itemEvents(t, te, id)

			for _, c := range []struct{ body, field string }{
				{`{}`, "customFields.inspector"},
				{`{"inspector":"  "}`, "customFields.inspector"},
				{`{"inspector":"Bo","heatTreat":"x"}`, "customFields.heatTreat"}, // a make field on a buy item
				{`{"inspector":"Bo","nope":1}`, "customFields.nope"},
			} {
				res, body := itemRequest(t, te, http.MethodPut, path, c.body)
				mustItemField(t, res, body, c.field)
			}
			if it := getItem(t, te, id); it.CustomFields["inspector"] != "Ann" || !it.ModifiedUtc.Equal(before.ModifiedUtc) || itemEvents(t, te, id) != events {
				t.Fatalf("refused replacements changed the item: %+v", it.CustomFields)
			}
			// A replacement drops what it does not carry, trims, advances modifiedUtc and
			// records ItemUpdated.
			it := itemSaved(t, te, http.MethodPut, path, `{"inspector":"  Bo "}`)
			if len(it.CustomFields) != 1 || it.CustomFields["inspector"] != "Bo" || !it.ModifiedUtc.After(before.ModifiedUtc) {
				t.Fatalf("replaced item %+v at %v", it.CustomFields, it.ModifiedUtc)
			}
			if n := itemEvents(t, te, id); n != events+1 {
				t.Fatalf("%d events, want %d", n, events+1)
			}
			if got := getItem(t, te, id).CustomFields; len(got) != 1 || got["inspector"] != "Bo" {
				t.Fatalf("stored custom fields %v", got)
			}
		})
	}
}

func TestItemCustomFieldsReplaceNeedsAnInventoryUnit(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("color", client.CustomFieldModuleItem))
	legacy := insertLegacyItem(t, te, "CF-LEGACY")
	for _, suffix := range itemCustomFieldsPaths {
		res, body := itemRequest(t, te, http.MethodPut, "/api/items/"+legacy+suffix, `{"color":"red"}`)
		mustItemField(t, res, body, "unitOfMeasureName")
	}
	if n := itemEvents(t, te, legacy); n != 0 {
		t.Fatalf("%d events on the legacy item", n)
	}
}
