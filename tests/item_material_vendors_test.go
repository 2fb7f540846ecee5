package tests

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"testing"

	"mos/gen/client"
)

func listMaterialVendors(t *testing.T, te *tenantEnv, itemID string) []client.ItemMaterialVendorDetail {
	t.Helper()
	res, err := te.API.ListItemMaterialVendorDetailsWithResponse(context.Background(), itemID, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func materialVendorIDs(list []client.ItemMaterialVendorDetail) []string {
	out := make([]string, len(list))
	for i, d := range list {
		out[i] = d.Id
	}
	return out
}

// deleteVendorRow marks a vendor deleted as a future vendor delete will (there is no
// operation for it yet).
func deleteVendorRow(t *testing.T, te *tenantEnv, vendorID string) {
	t.Helper()
	if _, err := srv.Pool.ExecContext(context.Background(), `UPDATE vendors SET deleted = true WHERE tenant_id = $1 AND id = $2`, te.ID, vendorID); err != nil {
		t.Fatal(err)
	}
}

func TestItemMaterialVendorDetailsTrimOrderByVendorNameAndItemRead(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("MV"))
	zeta, alpha := createVendor(t, te, "Zeta Steel"), createVendor(t, te, "alpha metals")
	// Two vendors named alike (one since deleted) tie on the name and order by detail id.
	twinOld := createVendor(t, te, "Twin Supply")
	twinOldDetail := addMaterialVendor(t, te, itemID, fmt.Sprintf(`{"vendorId":%q}`, twinOld))
	deleteVendorRow(t, te, twinOld)
	twinNewDetail := addMaterialVendor(t, te, itemID, fmt.Sprintf(`{"vendorId":%q}`, createVendor(t, te, "TWIN SUPPLY")))

	zetaDetail := addMaterialVendor(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"vendorItemNumber":"  ZS-1 ","vendorItemName":"  Plate  ","notes":" cut to size "}`, zeta))
	alphaDetail := addMaterialVendor(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"vendorItemNumber":"   ","vendorItemName":null}`, alpha))

	twins := []string{twinOldDetail, twinNewDetail}
	sort.Strings(twins)
	want := append(append([]string{alphaDetail}, twins...), zetaDetail)
	it := getItem(t, te, itemID)
	if got := materialVendorIDs(it.MaterialVendorDetails); !sameIDs(got, want) {
		t.Fatalf("item material vendor details %v, want %v", got, want)
	}
	list := listMaterialVendors(t, te, itemID)
	if got := materialVendorIDs(list); !sameIDs(got, want) {
		t.Fatalf("listed material vendor details %v, want %v", got, want)
	}
	a, z := list[0], list[3]
	if a.VendorId != alpha || a.VendorItemNumber != nil || a.VendorItemName != nil || a.Notes != nil {
		t.Fatalf("blank texts not stored as none: %+v", a)
	}
	if z.VendorId != zeta || optText(z.VendorItemNumber) != "ZS-1" || optText(z.VendorItemName) != "Plate" || optText(z.Notes) != "cut to size" {
		t.Fatalf("texts not trimmed: %+v", z)
	}
	// Other items carry none.
	if other := getItem(t, te, createItem(t, te, newItem("MV-OTHER"))); other.MaterialVendorDetails == nil || len(other.MaterialVendorDetails) != 0 {
		t.Fatalf("an item without material vendors reads %v", other.MaterialVendorDetails)
	}
}

func TestItemMaterialVendorDetailChangesAdvanceModifiedUtcAndRecordItemUpdated(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("MV-EVENTS"))
	vendor := createVendor(t, te, "Event Vendor")
	path := "/api/items/" + itemID + "/material-vendors"
	events, before := itemEvents(t, te, itemID), getItem(t, te, itemID).ModifiedUtc
	advanced := func(step string, wantEvents int) {
		t.Helper()
		after := getItem(t, te, itemID).ModifiedUtc
		if !after.After(before) {
			t.Fatalf("%s: modifiedUtc %v did not advance past %v", step, after, before)
		}
		if n := itemEvents(t, te, itemID); n != wantEvents {
			t.Fatalf("%s: %d ItemUpdated events, want %d", step, n, wantEvents)
		}
		before = after
	}
	detail := addMaterialVendor(t, te, itemID, fmt.Sprintf(`{"vendorId":%q}`, vendor))
	advanced("create", events+1)
	res, b := itemRequest(t, te, http.MethodPut, path+"/"+detail, fmt.Sprintf(`{"vendorId":%q,"notes":"n"}`, vendor))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	advanced("update", events+2)
	res, b = itemRequest(t, te, http.MethodDelete, path+"/"+detail, "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	advanced("delete", events+3)
	// A delete that finds nothing changes nothing.
	res, b = itemRequest(t, te, http.MethodDelete, path+"/"+detail, "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	if after := getItem(t, te, itemID).ModifiedUtc; !after.Equal(before) || itemEvents(t, te, itemID) != events+3 {
		t.Fatalf("a 204 delete changed the item: modifiedUtc %v → %v, %d events", before, after, itemEvents(t, te, itemID))
	}
}

func TestItemMaterialVendorDetailOnePerVendorEvenConcurrently(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("MV-ONE"))
	first, second := createVendor(t, te, "First Vendor"), createVendor(t, te, "Second Vendor")
	path := "/api/items/" + itemID + "/material-vendors"
	addMaterialVendor(t, te, itemID, fmt.Sprintf(`{"vendorId":%q}`, first))
	secondDetail := addMaterialVendor(t, te, itemID, fmt.Sprintf(`{"vendorId":%q}`, second))

	// A second detail for a vendor, by create or by moving another detail onto it, is 400.
	res, b := itemRequest(t, te, http.MethodPost, path, fmt.Sprintf(`{"vendorId":%q,"notes":"again"}`, first))
	mustItemField(t, res, b, "vendorId")
	res, b = itemRequest(t, te, http.MethodPut, path+"/"+secondDetail, fmt.Sprintf(`{"vendorId":%q}`, first))
	mustItemField(t, res, b, "vendorId")
	// Restating its own vendor is no collision.
	res, b = itemRequest(t, te, http.MethodPut, path+"/"+secondDetail, fmt.Sprintf(`{"vendorId":%q,"vendorItemName":"Same"}`, second))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	// The same vendor may supply another item.
	addMaterialVendor(t, te, createItem(t, te, newItem("MV-ONE-B")), fmt.Sprintf(`{"vendorId":%q}`, first))

	// Concurrent creates for one new vendor: exactly one succeeds.
	racer := createVendor(t, te, "Racing Vendor")
	body := fmt.Sprintf(`{"vendorId":%q}`, racer)
	counts := concurrently(t, 8, func() (int, error) {
		res, _ := itemRequest(t, te, http.MethodPost, path, body)
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 7 {
		t.Fatalf("concurrent creates answered %v, want one 200 and seven 400", counts)
	}
	n := 0
	for _, d := range listMaterialVendors(t, te, itemID) {
		if d.VendorId == racer {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d material vendor details for the racing vendor", n)
	}
}

func TestItemMaterialVendorDetailUpdateReplacesEveryMember(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("MV-PUT"))
	before, after := createVendor(t, te, "Before Vendor"), createVendor(t, te, "After Vendor")
	detail := addMaterialVendor(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"vendorItemNumber":"N","vendorItemName":"Name","notes":"Notes"}`, before))
	res, err := te.API.UpdateItemMaterialVendorDetailWithResponse(context.Background(), itemID, detail,
		nil, client.ItemMaterialVendorDetailWrite{VendorId: after, VendorItemName: ptr(" Renamed ")})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	saved := *res.JSON200
	if saved.Id != detail || saved.VendorId != after || optText(saved.VendorItemName) != "Renamed" || saved.VendorItemNumber != nil || saved.Notes != nil {
		t.Fatalf("saved detail %+v", saved)
	}
	if list := listMaterialVendors(t, te, itemID); len(list) != 1 || !reflect.DeepEqual(list[0], saved) {
		t.Fatalf("stored details %+v, answered %+v", list, saved)
	}
}

func TestItemMaterialVendorDetailDeleteAnswers200Then204(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID, otherItem := createItem(t, te, newItem("MV-DEL")), createItem(t, te, newItem("MV-DEL-OTHER"))
	vendor := createVendor(t, te, "Delete Vendor")
	detail := addMaterialVendor(t, te, itemID, fmt.Sprintf(`{"vendorId":%q}`, vendor))
	othersDetail := addMaterialVendor(t, te, otherItem, fmt.Sprintf(`{"vendorId":%q}`, vendor))

	// Another item's detail is not this item's: 204, and it stays.
	res, err := te.API.DeleteItemMaterialVendorDetailWithResponse(context.Background(), itemID, othersDetail, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusNoContent, res.Body)
	if got := materialVendorIDs(listMaterialVendors(t, te, otherItem)); !sameIDs(got, []string{othersDetail}) {
		t.Fatalf("other item's details %v", got)
	}
	res, err = te.API.DeleteItemMaterialVendorDetailWithResponse(context.Background(), itemID, detail, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if res.JSON200 == nil || !res.JSON200.Success {
		t.Fatalf("delete answered %s", res.Body)
	}
	if got := getItem(t, te, itemID).MaterialVendorDetails; len(got) != 0 {
		t.Fatalf("deleted detail still read: %+v", got)
	}
	res, err = te.API.DeleteItemMaterialVendorDetailWithResponse(context.Background(), itemID, detail, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusNoContent, res.Body)
	// The vendor is free again for this item.
	addMaterialVendor(t, te, itemID, fmt.Sprintf(`{"vendorId":%q}`, vendor))
}

func TestItemMaterialVendorDetailWriteRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("MV-RULES"))
	vendor := createVendor(t, te, "Rules Vendor")
	path := "/api/items/" + itemID + "/material-vendors"
	detail := addMaterialVendor(t, te, itemID, fmt.Sprintf(`{"vendorId":%q}`, vendor))
	events := itemEvents(t, te, itemID)
	long := func(n int) string { return strings.Repeat("x", n) }

	// Lengths and shapes answer 400 naming the member, on create and update alike.
	for _, c := range []struct{ body, field string }{
		{`{}`, "vendorId"},
		{`{"vendorId":"short"}`, "vendorId"},
		{fmt.Sprintf(`{"vendorId":%q,"vendorItemNumber":%q}`, vendor, long(201)), "vendorItemNumber"},
		{fmt.Sprintf(`{"vendorId":%q,"vendorItemName":%q}`, vendor, long(201)), "vendorItemName"},
		{fmt.Sprintf(`{"vendorId":%q,"notes":%q}`, vendor, long(2001)), "notes"},
	} {
		for _, method := range []string{http.MethodPost, http.MethodPut} {
			p := path
			if method == http.MethodPut {
				p += "/" + detail
			}
			res, b := itemRequest(t, te, method, p, c.body)
			mustItemField(t, res, b, c.field)
		}
	}
	// The longest values fit.
	res, b := itemRequest(t, te, http.MethodPut, path+"/"+detail, fmt.Sprintf(`{"vendorId":%q,"vendorItemNumber":%q,"vendorItemName":%q,"notes":%q}`, vendor, long(200), long(200), long(2000)))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	events++

	// An unknown, deleted or foreign vendor, an unknown detail and an unknown item are 404.
	deleted := createVendor(t, te, "Deleted Vendor")
	deleteVendorRow(t, te, deleted)
	foreign := createVendor(t, newTenant(t), "Foreign Vendor")
	missingItem := "/api/items/000000000000000000000000/material-vendors"
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, path, `{"vendorId":"000000000000000000000000"}`},
		{http.MethodPost, path, fmt.Sprintf(`{"vendorId":%q}`, deleted)},
		{http.MethodPost, path, fmt.Sprintf(`{"vendorId":%q}`, foreign)},
		{http.MethodPut, path + "/" + detail, fmt.Sprintf(`{"vendorId":%q}`, foreign)},
		{http.MethodPut, path + "/00000000-0000-0000-0000-000000000000", fmt.Sprintf(`{"vendorId":%q}`, vendor)},
		{http.MethodPost, missingItem, fmt.Sprintf(`{"vendorId":%q}`, vendor)},
		{http.MethodPost, missingItem + "/list", `{}`},
		{http.MethodPut, missingItem + "/" + detail, fmt.Sprintf(`{"vendorId":%q}`, vendor)},
		{http.MethodDelete, missingItem + "/" + detail, ""},
	} {
		res, b := itemRequest(t, te, c.method, c.path, c.body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	if n := itemEvents(t, te, itemID); n != events {
		t.Fatalf("%d events after refused changes, want %d", n, events)
	}

	// An item without an inventory unit takes no material vendor changes.
	legacy := insertLegacyItem(t, te, "MV-LEGACY")
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, "/api/items/" + legacy + "/material-vendors", fmt.Sprintf(`{"vendorId":%q}`, vendor)},
		{http.MethodPut, "/api/items/" + legacy + "/material-vendors/" + detail, fmt.Sprintf(`{"vendorId":%q}`, vendor)},
		{http.MethodDelete, "/api/items/" + legacy + "/material-vendors/" + detail, ""},
	} {
		res, b := itemRequest(t, te, c.method, c.path, c.body)
		mustItemField(t, res, b, "unitOfMeasureName")
	}
	if n := itemEvents(t, te, legacy); n != 0 {
		t.Fatalf("%d events for refused changes of a legacy item", n)
	}
}
