package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"mos/gen/client"
)

// addRevision posts an add revision that must succeed and answers the new item's id.
func addRevision(t *testing.T, te *tenantEnv, sourceID, body string) string {
	t.Helper()
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+sourceID+"/revision", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created client.CreatedId
	if err := json.Unmarshal(b, &created); err != nil {
		t.Fatal(err)
	}
	return created.Id
}

// The latest revision is the newest active item of a number: an archived later revision
// does not take it from an active one.
func TestItemLatestRevisionIgnoresArchivedLaterRevisions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("LATEST")
	w.Revision = ptr("A")
	a := createItem(t, te, w)
	b := addRevision(t, te, a, `{"revision":"B"}`)
	// Archive B (the later revision): A, active, is the latest again.
	archiveItem(t, te, b)
	latest := func(id string) bool { return getItem(t, te, id).Revision.IsLatestRevision }
	if !latest(a) || latest(b) {
		t.Fatalf("after archiving B: A latest %v, B latest %v; want A only", latest(a), latest(b))
	}
	if got := itemIDs(listItemsV2(t, te, client.ItemFilterV2{Numbers: &[]string{"latest"}, LatestRevision: ptr(true)})); !sameIDs(got, []string{a}) {
		t.Fatalf("latestRevision true lists %v, want A", got)
	}
	if got := itemIDs(listItemsV1(t, te, client.ItemFilter{Number: ptr("LATEST"), LatestRevision: ptr(false)})); !sameIDs(got, []string{b}) {
		t.Fatalf("latestRevision false lists %v, want B", got)
	}
	// With every item of the number archived, the newest is latest, so one always is.
	archiveItem(t, te, a)
	if latest(a) || !latest(b) {
		t.Fatalf("all archived: A latest %v, B latest %v; want B only", latest(a), latest(b))
	}
	// A new active revision takes it from every archived one.
	c := addRevision(t, te, a, `{"revision":"C"}`)
	if latest(a) || latest(b) || !latest(c) {
		t.Fatalf("after C: latest A %v B %v C %v; want C only", latest(a), latest(b), latest(c))
	}
}

// archiveItem archives an item directly: no operation archives an item except add
// revision, which also adds one.
func archiveItem(t *testing.T, te *tenantEnv, id string) {
	t.Helper()
	if _, err := srv.Pool.ExecContext(t.Context(), `UPDATE items SET is_archived = true WHERE tenant_id = $1 AND id = $2`, te.ID, id); err != nil {
		t.Fatal(err)
	}
}

func TestItemAddRevisionValidatesCopiedCustomFields(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("REV-CF")
	w.CustomFields = ptr(client.CustomFields{"color": "red"})
	createCustomField(t, te, textField("color", client.CustomFieldModuleItem))
	source := createItem(t, te, w)
	inspector := textField("inspector", client.CustomFieldModuleItem)
	inspector.Required = ptr(true)
	createCustomField(t, te, inspector) // the source now lacks a required value

	res, body := itemRequest(t, te, http.MethodPost, "/api/items/"+source+"/revision", `{"revision":"B"}`)
	mustItemField(t, res, body, "customFields.inspector")
	if got := listItemsV2(t, te, client.ItemFilterV2{Numbers: &[]string{"REV-CF"}}); len(got) != 1 {
		t.Fatalf("%d items numbered REV-CF after a refused revision, want 1", len(got))
	}
	// With the source updated the revision copies its values.
	itemSaved(t, te, http.MethodPut, "/api/items/"+source+"/custom-fields", `{"color":"red","inspector":"Ann"}`)
	rev := getItem(t, te, addRevision(t, te, source, `{"revision":"B"}`))
	if rev.CustomFields["color"] != "red" || rev.CustomFields["inspector"] != "Ann" {
		t.Fatalf("copied custom fields %v", rev.CustomFields)
	}
}

func TestItemAddRevisionKeepsMaterialShapeLinkAndRemnantSync(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	shapeID := createMaterialShape(t, te.API, plate("Plate REV"))
	for _, remnant := range []bool{false, true} {
		source := cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":%d,"width":5,"isRemnant":%v}`, shapeID, map[bool]int{false: 10, true: 11}[remnant], remnant))
		rev := getItem(t, te, addRevision(t, te, source, `{"revision":"B"}`))
		if rev.MaterialDetails == nil || rev.MaterialDetails.MaterialId != shapeID || rev.MaterialDetails.IsRemnant != remnant {
			t.Fatalf("remnant %v: revision material details %+v", remnant, rev.MaterialDetails)
		}
		if rev.EnableRemnantSync == remnant {
			t.Fatalf("remnant %v: revision enableRemnantSync %v", remnant, rev.EnableRemnantSync)
		}
		if gotShape, gotRemnant := shapeLink(t, te, rev.Id); gotShape != shapeID || gotRemnant != remnant {
			t.Fatalf("stored link %s %v", gotShape, gotRemnant)
		}
	}
}

// enableRemnantSync is on exactly for pieces cut from a material shape that are not
// remnants, on get and on both lists.
func TestItemEnableRemnantSyncForCutPiecesThatAreNotRemnants(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	shapeID := createMaterialShape(t, te.API, plate("Plate SYNC"))
	piece := cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":10,"width":5}`, shapeID))
	remnant := cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":3,"width":2,"isRemnant":true}`, shapeID))
	plain := createItem(t, te, newItem("PLAIN-SYNC"))
	want := map[string]bool{piece: true, remnant: false, plain: false}
	for id, sync := range want {
		if got := getItem(t, te, id).EnableRemnantSync; got != sync {
			t.Errorf("get %s: enableRemnantSync %v, want %v", id, got, sync)
		}
	}
	for _, list := range [][]client.Item{listItemsV2(t, te, client.ItemFilterV2{}), listItemsV1(t, te, client.ItemFilter{})} {
		if len(list) != len(want) {
			t.Fatalf("listed %v", itemIDs(list))
		}
		for _, it := range list {
			if it.EnableRemnantSync != want[it.Id] {
				t.Errorf("list %s: enableRemnantSync %v, want %v", it.Number, it.EnableRemnantSync, want[it.Id])
			}
		}
	}
}

// A vendor detail priced only by breaks prices a quantity below its smallest break at that
// break; with no primary detail, the first by vendor name is used.
func TestItemInputUnitCostBelowTheSmallestBreakAndWithoutPrimary(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := buyItem(t, te, "IUC-BREAKS")
	zeta, alpha := createVendor(t, te, "Zeta Supply"), createVendor(t, te, "Alpha Supply")
	addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"price":1}`, zeta))
	addVendorDetail(t, te, itemID, fmt.Sprintf(`{"vendorId":%q,"priceBreaks":[{"quantity":100,"price":3},{"quantity":10,"price":4}]}`, alpha))
	for _, c := range []struct {
		quantity, unitCost string
		breakQty           int
	}{
		{"1", "4", 10}, // below every break: the smallest one
		{"9.5", "4", 10},
		{"10", "4", 10},
		{"100", "3", 100},
	} {
		res, b, got := inputUnitCost(t, te, itemID, c.quantity)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		// No detail is primary: Alpha Supply comes first by name, although Zeta is cheaper.
		if got.UnitCost == nil || got.UnitCost.String() != c.unitCost || got.Basis != "vendorPriceBreak" ||
			got.PriceBreakQuantity == nil || *got.PriceBreakQuantity != c.breakQty || got.Vendor == nil || got.Vendor.Id != alpha {
			t.Fatalf("quantity %s: %s, want %s at break %d from Alpha", c.quantity, b, c.unitCost, c.breakQty)
		}
	}
}

// itemSubRecords renders what add revision copies besides the item's own members (tags,
// vendor details with their breaks, material vendor and customer details, customer tier
// prices) as JSON with the sub-record ids left out, and answers those ids apart.
func itemSubRecords(t *testing.T, it client.Item) (content string, subIDs []string) {
	t.Helper()
	raw, err := json.Marshal(map[string]any{
		"tags": it.Tags, "vendorDetails": it.VendorDetails, "materialVendorDetails": it.MaterialVendorDetails,
		"customerDetails": it.CustomerDetails, "customerTiers": it.CustomerTiers,
	})
	if err != nil {
		t.Fatal(err)
	}
	var records map[string][]map[string]any
	if err := json.Unmarshal(raw, &records); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"vendorDetails", "materialVendorDetails", "customerDetails"} {
		for _, r := range records[key] {
			subIDs = append(subIDs, r["id"].(string))
			delete(r, "id")
		}
	}
	out, err := json.Marshal(records) // map keys marshal sorted
	if err != nil {
		t.Fatal(err)
	}
	return string(out), subIDs
}

// salesBreakIDs reads the ids of the item's sales price breaks, which no read shape shows.
func salesBreakIDs(t *testing.T, te *tenantEnv, itemID string) []string {
	t.Helper()
	var list []string
	if err := srv.Pool.Select(&list, `SELECT id FROM item_sales_price_breaks WHERE tenant_id = $1 AND item_id = $2`, te.ID, itemID); err != nil {
		t.Fatal(err)
	}
	return list
}

// sourceUnchanged fails unless the source item reads as before, apart from no longer being
// the latest revision of its number.
func sourceUnchanged(t *testing.T, te *tenantEnv, before client.Item, after string) {
	t.Helper()
	now := getItem(t, te, before.Id)
	if now.Revision.IsLatestRevision {
		t.Fatalf("after %s the source is still the latest revision", after)
	}
	now.Revision.IsLatestRevision = before.Revision.IsLatestRevision
	if got, want := mustJSON(t, now), mustJSON(t, before); got != want {
		t.Fatalf("%s changed the source:\n%s\nwas\n%s", after, got, want)
	}
}

// revisionSource is an item with one of every sub-record add revision copies.
type revisionSource struct {
	itemID, zeta, alpha, acme, zed, gold, red, blue string
}

func newRevisionSource(t *testing.T, te *tenantEnv, number string) revisionSource {
	t.Helper()
	s := revisionSource{itemID: createItem(t, te, newItem(number))}
	s.red, s.blue = createTag(t, te, "Red"), createTag(t, te, "Blue")
	replaceItemTags(t, te, s.itemID, s.red, s.blue)
	s.zeta, s.alpha = createVendor(t, te, "Zeta Supply"), createVendor(t, te, "alpha metals")
	addVendorDetail(t, te, s.itemID, fmt.Sprintf(`{"vendorId":%q,"isPrimary":true,"vendorItemNumber":"Z-1","vendorItemName":"Widget",
		"leadTimeInDays":4,"notes":"ships Mondays","priceBreaks":[{"quantity":10,"price":2},{"quantity":50,"price":1.5,"currencyCode":"EUR"}]}`, s.zeta))
	// Two details of one vendor tie on vendor name: their order rests on their ids alone.
	addVendorDetail(t, te, s.itemID, fmt.Sprintf(`{"vendorId":%q,"price":3}`, s.alpha))
	addVendorDetail(t, te, s.itemID, fmt.Sprintf(`{"vendorId":%q,"unitOfMeasureName":"Dozen","inventoryUnitQuantity":12,
		"priceBreaks":[{"quantity":5,"price":20}]}`, s.alpha))
	addMaterialVendor(t, te, s.itemID, fmt.Sprintf(`{"vendorId":%q,"vendorItemNumber":"BAR-7","notes":"mill cert"}`, s.zeta))
	s.acme, s.zed = newSubRecordCustomer(t, te, "Acme"), newSubRecordCustomer(t, te, "Zed")
	addCustomerDetail(t, te, s.itemID, fmt.Sprintf(`{"customerId":%q,"customerItemNumber":"ACME-9","customerItemName":"Bracket","unitOfMeasureName":"Dozen"}`, s.acme))
	s.gold = createCustomerTier(t, te, "Gold", nil)
	replaceSalesBreaks(t, te, s.itemID, fmt.Sprintf(`{"priceBreaks":[
		{"quantity":1,"price":10},{"quantity":10,"price":8},
		{"quantity":1,"type":"margin","margin":25,"customerTierId":%[1]q},{"quantity":5,"price":7,"customerTierId":%[1]q},
		{"quantity":1,"price":9,"customerId":%[2]q},{"quantity":2,"price":6,"customerId":%[3]q,"unitOfMeasureName":"Dozen"}]}`, s.gold, s.acme, s.zed))
	return s
}

// A new revision keeps the source's tags, vendors with their price breaks (the primary
// still primary), material vendors, customer part numbers and sales pricing of every scope,
// as records of its own: new ids, and changing them leaves the source's untouched.
func TestItemAddRevisionCopiesTagsVendorsCustomersAndPricing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	src := newRevisionSource(t, te, "REV-ALL")
	before := getItem(t, te, src.itemID)
	purchase, sales := listPurchaseBreaks(t, te, src.itemID, `{}`), listSalesBreaks(t, te, src.itemID, `{}`)
	if len(before.Tags) != 2 || len(before.VendorDetails) != 3 || len(before.MaterialVendorDetails) != 1 ||
		len(before.CustomerDetails) != 1 || len(before.CustomerTiers) != 1 || len(purchase) != 3 || len(sales) != 6 {
		t.Fatalf("source set up wrong: %+v; %d purchase, %d sales breaks", before, len(purchase), len(sales))
	}

	revID := addRevision(t, te, src.itemID, `{"revision":"B"}`)
	rev := getItem(t, te, revID)
	wantContent, sourceIDs := itemSubRecords(t, before)
	content, revIDs := itemSubRecords(t, rev)
	if content != wantContent {
		t.Fatalf("revision records\n%s\nwant the source's\n%s", content, wantContent)
	}
	if rev.VendorDetails[0].VendorId != src.zeta || !rev.VendorDetails[0].IsPrimary || rev.VendorDetails[1].IsPrimary || rev.VendorDetails[2].IsPrimary {
		t.Fatalf("revision primary vendor detail: %+v", rev.VendorDetails)
	}
	revSalesIDs, sourceSalesIDs := salesBreakIDs(t, te, revID), salesBreakIDs(t, te, src.itemID)
	if len(revSalesIDs) != len(sourceSalesIDs) {
		t.Fatalf("%d sales breaks stored for the revision, want %d", len(revSalesIDs), len(sourceSalesIDs))
	}
	for _, id := range append(revIDs, revSalesIDs...) {
		if len(id) != 36 || slices.Contains(sourceIDs, id) || slices.Contains(sourceSalesIDs, id) {
			t.Fatalf("revision sub-record id %q: want a new 36-character id", id)
		}
	}
	if got := mustJSON(t, listPurchaseBreaks(t, te, revID, `{}`)); got != mustJSON(t, purchase) {
		t.Fatalf("revision purchase price breaks %s, want %s", got, mustJSON(t, purchase))
	}
	if got := mustJSON(t, listSalesBreaks(t, te, revID, `{}`)); got != mustJSON(t, sales) {
		t.Fatalf("revision sales price breaks %s, want %s", got, mustJSON(t, sales))
	}
	sourceUnchanged(t, te, before, "adding a revision")

	// Every copy belongs to the revision alone: removing them all leaves the source's.
	paths := []string{"/material-vendors/" + rev.MaterialVendorDetails[0].Id, "/customers/" + rev.CustomerDetails[0].Id}
	for _, d := range rev.VendorDetails {
		paths = append(paths, "/vendors/"+d.Id)
	}
	for _, path := range paths {
		res, body := itemRequest(t, te, http.MethodDelete, "/api/items/"+revID+path, "")
		mustStatus(t, res.StatusCode, http.StatusOK, body)
	}
	replaceItemTags(t, te, revID)
	replaceSalesBreaks(t, te, revID, `{"priceBreaks":[]}`)
	emptied := getItem(t, te, revID)
	if len(emptied.Tags)+len(emptied.VendorDetails)+len(emptied.MaterialVendorDetails)+len(emptied.CustomerDetails)+len(emptied.CustomerTiers) != 0 {
		t.Fatalf("revision kept records after removing them: %+v", emptied)
	}
	sourceUnchanged(t, te, before, "removing the revision's records")
	if got := mustJSON(t, listPurchaseBreaks(t, te, src.itemID, `{}`)); got != mustJSON(t, purchase) {
		t.Fatalf("source purchase price breaks now %s, want %s", got, mustJSON(t, purchase))
	}
	if got := mustJSON(t, listSalesBreaks(t, te, src.itemID, `{}`)); got != mustJSON(t, sales) {
		t.Fatalf("source sales price breaks now %s, want %s", got, mustJSON(t, sales))
	}
}

// The copy keeps what the source's records reference as the source keeps it, even a tag,
// vendor or customer deleted since (the write operations would refuse to attach them anew).
func TestItemAddRevisionKeepsRecordsOfDeletedTagsVendorsAndCustomers(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	src := newRevisionSource(t, te, "REV-DELETED")
	// Tags and vendors have no delete operation yet; soft-delete them the way one will.
	for _, del := range []struct{ table, id string }{{"tags", src.red}, {"vendors", src.zeta}} {
		if _, err := srv.Pool.ExecContext(context.Background(), `UPDATE `+del.table+` SET deleted = true WHERE tenant_id = $1 AND id = $2`, te.ID, del.id); err != nil {
			t.Fatal(err)
		}
	}
	for _, customer := range []string{src.acme, src.zed} {
		res, err := te.API.DeleteCustomer(context.Background(), customer, nil)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("delete customer: status %d", res.StatusCode)
		}
	}
	before := getItem(t, te, src.itemID)
	rev := getItem(t, te, addRevision(t, te, src.itemID, `{"revision":"B"}`))
	want, _ := itemSubRecords(t, before)
	if got, _ := itemSubRecords(t, rev); got != want {
		t.Fatalf("revision records\n%s\nwant the source's\n%s", got, want)
	}
	if !slices.Contains(tagIDsOf(rev), src.red) || rev.VendorDetails[0].VendorId != src.zeta || rev.CustomerDetails[0].CustomerId != src.acme {
		t.Fatalf("revision lost records of deleted references: %+v", rev)
	}
	if got, want := mustJSON(t, listSalesBreaks(t, te, rev.Id, `{}`)), mustJSON(t, listSalesBreaks(t, te, src.itemID, `{}`)); got != want {
		t.Fatalf("revision sales price breaks %s, want %s", got, want)
	}
}

// The copies are written in the add revision's transaction: when the last of them fails,
// neither the new item nor any copied record remains.
func TestItemAddRevisionCopiesInOneTransaction(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	src := newRevisionSource(t, te, "REV-TX")
	failingTrigger(t, te, "item_sales_price_breaks", "INSERT", false)
	mustInternalError(t, te, http.MethodPost, "/api/items/"+src.itemID+"/revision", `{"revision":"B"}`)
	if n := countItemsNumbered(t, te, "REV-TX"); n != 1 {
		t.Fatalf("%d items numbered REV-TX after a failed revision, want 1", n)
	}
	for table, want := range map[string]int{"item_tags": 2, "item_vendor_details": 3, "item_material_vendor_details": 1, "item_customer_details": 1} {
		var n int
		if err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM `+table+` WHERE tenant_id = $1`, te.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != want {
			t.Fatalf("%d rows in %s after a failed revision, want the source's %d", n, table, want)
		}
	}
}
