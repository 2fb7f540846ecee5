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

// Fixtures of the item master: items and their sub-resources (vendor, material vendor and
// customer details, price breaks, tags, cost breakdowns), material shapes, units of measure.

// newItem is a minimal valid create body: a made item counted in Each.
func newItem(number string) client.ItemCreate {
	return client.ItemCreate{Number: number, UnitTypeName: "Pieces", UnitOfMeasureName: "Each"}
}

func createItem(t *testing.T, te *tenantEnv, w client.ItemCreate) string {
	t.Helper()
	res, err := te.API.CreateItemWithResponse(context.Background(), nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func buyItem(t *testing.T, te *tenantEnv, number string) string {
	t.Helper()
	w := newItem(number)
	w.ItemOrigin = ptr(client.ItemOriginBuy)
	return createItem(t, te, w)
}

// insertLegacyItem stores an item without an inventory unit of measure, as only legacy data has.
func insertLegacyItem(t *testing.T, te *tenantEnv, number string) string {
	t.Helper()
	id := ids.New()
	_, err := srv.Pool.ExecContext(context.Background(),
		`INSERT INTO items (tenant_id, id, number, item_origin, bar_code_number) VALUES ($1, $2, $3, 'make', 'L' || $2)`, te.ID, id, number)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func getItem(t *testing.T, te *tenantEnv, id string) client.Item {
	t.Helper()
	res, err := te.API.GetItemWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// itemRequest sends a JSON body as written to an item path with the tenant's token.
func itemRequest(t *testing.T, te *tenantEnv, method, path, body string) (rawResponse, []byte) {
	t.Helper()
	contentType := "application/json"
	if method == http.MethodPatch {
		contentType = "application/json-patch+json"
	}
	return rawRequest(t, method, path, te.Token, contentType, body)
}

// itemSaved sends a write that must answer 200 with the item.
func itemSaved(t *testing.T, te *tenantEnv, method, path, body string) client.Item {
	t.Helper()
	res, b := itemRequest(t, te, method, path, body)
	return mustItem(t, res, b)
}

// mustItem decodes a 200 item body.
func mustItem(t *testing.T, res rawResponse, body []byte) client.Item {
	t.Helper()
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var it client.Item
	if err := json.Unmarshal(body, &it); err != nil {
		t.Fatal(err)
	}
	return it
}

// mustItemField fails t unless the answer is a 400 naming field.
func mustItemField(t *testing.T, res rawResponse, body []byte, field string) {
	t.Helper()
	mustNameField(t, mustProblem(t, res, body, http.StatusBadRequest), field)
}

func listItemsV1(t *testing.T, te *tenantEnv, f client.ItemFilter) []client.Item {
	t.Helper()
	res, err := te.API.ListItemsV1WithResponse(context.Background(), nil, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listItemsV2(t *testing.T, te *tenantEnv, f client.ItemFilterV2) []client.Item {
	t.Helper()
	res, err := te.API.ListItemsWithResponse(context.Background(), nil, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func itemIDs(list []client.Item) []string {
	out := make([]string, len(list))
	for i, it := range list {
		out[i] = it.Id
	}
	return out
}

// itemEvents counts the ItemUpdated events recorded in the outbox for an item.
func itemEvents(t *testing.T, te *tenantEnv, itemID string) int {
	t.Helper()
	var n int
	err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM event_outbox
        WHERE tenant_id = $1 AND aggregate_type = 'item' AND aggregate_id = $2 AND event_type = 'ItemUpdated'`, te.ID, itemID).Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func countItemsNumbered(t *testing.T, te *tenantEnv, number string) int {
	t.Helper()
	var n int
	if err := srv.Pool.QueryRowContext(context.Background(), `SELECT count(*) FROM items WHERE tenant_id = $1 AND number = $2`, te.ID, number).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// failingTrigger installs a trigger on table that raises for the tenant's rows only (the
// other tests share the database), and removes it when t ends or when the returned func is
// called. deferred makes it a constraint trigger that fires at commit, after every
// statement of the transaction has run.
func failingTrigger(t *testing.T, te *tenantEnv, table, events string, deferred bool) func() {
	t.Helper()
	name := "test_fail_" + strings.ToLower(ids.New())
	ctx := context.Background()
	stmts := []string{
		fmt.Sprintf(`CREATE FUNCTION %s() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'injected failure on %%', TG_TABLE_NAME; END $$`, name),
	}
	if deferred {
		stmts = append(stmts, fmt.Sprintf(`CREATE CONSTRAINT TRIGGER %[1]s AFTER %[2]s ON %[3]s DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (NEW.tenant_id = '%[4]s') EXECUTE FUNCTION %[1]s()`, name, events, table, te.ID))
	} else {
		stmts = append(stmts, fmt.Sprintf(`CREATE TRIGGER %[1]s BEFORE %[2]s ON %[3]s
FOR EACH ROW WHEN (NEW.tenant_id = '%[4]s') EXECUTE FUNCTION %[1]s()`, name, events, table, te.ID))
	}
	for _, s := range stmts {
		if _, err := srv.Pool.ExecContext(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	dropped := false
	drop := func() {
		if dropped {
			return
		}
		dropped = true
		for _, s := range []string{fmt.Sprintf(`DROP TRIGGER %s ON %s`, name, table), fmt.Sprintf(`DROP FUNCTION %s()`, name)} {
			if _, err := srv.Pool.ExecContext(ctx, s); err != nil {
				t.Error(err)
			}
		}
	}
	t.Cleanup(drop)
	return drop
}

// mustInternalError sends a request whose answer is a 500, which the contract does not
// describe (a failure of the server, not of the request), so it bypasses the spec check.
func mustInternalError(t *testing.T, te *tenantEnv, method, path, body string) {
	t.Helper()
	contentType := "application/json"
	if method == http.MethodPatch {
		contentType = "application/json-patch+json"
	}
	h := http.Header{"Content-Type": {contentType}, "Authorization": {"Bearer " + te.Token}}
	res, b := sendVia(t, http.DefaultTransport, method, srv.URL+path, h, strings.NewReader(body))
	if res.StatusCode != http.StatusInternalServerError || strings.Contains(string(b), "injected") {
		t.Fatalf("%s %s answered %d %s, want a 500 saying only internal error", method, path, res.StatusCode, b)
	}
}

func inputUnitCost(t *testing.T, te *tenantEnv, itemID, quantity string) (rawResponse, []byte, unitCostBody) {
	t.Helper()
	res, b := rawRequest(t, http.MethodGet, "/api/items/"+itemID+"/input-unit-cost?quantity="+quantity, te.Token, "", "")
	var c unitCostBody
	if res.StatusCode == http.StatusOK {
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatal(err)
		}
	}
	return res, b, c
}

// addVendorDetail posts body as a vendor detail of the item and answers its id.
func addVendorDetail(t *testing.T, te *tenantEnv, itemID, body string) string {
	t.Helper()
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+itemID+"/vendors", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created client.CreatedId
	if err := json.Unmarshal(b, &created); err != nil {
		t.Fatal(err)
	}
	if len(created.Id) != 36 {
		t.Fatalf("vendor detail id %q is not 36 characters", created.Id)
	}
	return created.Id
}

func listVendorDetails(t *testing.T, te *tenantEnv, itemID string) []client.ItemVendorDetail {
	t.Helper()
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+itemID+"/vendors/list", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var list []client.ItemVendorDetail
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	return list
}

// addMaterialVendor posts body as a material vendor detail of the item and answers its id.
func addMaterialVendor(t *testing.T, te *tenantEnv, itemID, body string) string {
	t.Helper()
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+itemID+"/material-vendors", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created client.CreatedId
	if err := json.Unmarshal(b, &created); err != nil {
		t.Fatal(err)
	}
	if len(created.Id) != 36 {
		t.Fatalf("material vendor detail id %q is not 36 characters", created.Id)
	}
	return created.Id
}

// addCustomerDetail posts body as a customer detail of the item and answers its id.
func addCustomerDetail(t *testing.T, te *tenantEnv, itemID, body string) string {
	t.Helper()
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+itemID+"/customers", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created client.CreatedId
	if err := json.Unmarshal(b, &created); err != nil {
		t.Fatal(err)
	}
	if len(created.Id) != 36 {
		t.Fatalf("customer detail id %q is not 36 characters", created.Id)
	}
	return created.Id
}

func listCustomerDetails(t *testing.T, te *tenantEnv, itemID string) []client.ItemCustomerDetail {
	t.Helper()
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+itemID+"/customers/list", `{}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var list []client.ItemCustomerDetail
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	return list
}

// purchaseBreakSetup is an item with vendor details: zeta sells it in Each only; alpha
// (named to sort first, in lower case) sells it in Each and by the Dozen.
type purchaseBreakSetup struct {
	itemID, zeta, alpha, alphaEach, alphaDozen, currency string
}

func newPurchaseBreakSetup(t *testing.T, te *tenantEnv, number string) purchaseBreakSetup {
	t.Helper()
	s := purchaseBreakSetup{itemID: createItem(t, te, newItem(number))}
	s.zeta, s.alpha = createVendor(t, te, "Zeta Supply"), createVendor(t, te, "alpha metals")
	s.currency = getVendor(t, te.API, s.zeta).CurrencyCode
	addVendorDetail(t, te, s.itemID, fmt.Sprintf(`{"vendorId":%q,"priceBreaks":[{"quantity":99,"price":9}]}`, s.zeta))
	s.alphaEach = addVendorDetail(t, te, s.itemID, fmt.Sprintf(`{"vendorId":%q}`, s.alpha))
	s.alphaDozen = addVendorDetail(t, te, s.itemID, fmt.Sprintf(`{"vendorId":%q,"unitOfMeasureName":"Dozen","inventoryUnitQuantity":12}`, s.alpha))
	return s
}

func listPurchaseBreaks(t *testing.T, te *tenantEnv, itemID, body string) []client.PriceBreak {
	t.Helper()
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+itemID+"/purchase-price-breaks/list", body)
	return mustPurchaseBreaks(t, res, b)
}

// breakKeys renders breaks as "vendor/unit/quantity=price currency" for comparisons.
func breakKeys(list []client.PriceBreak) []string {
	out := make([]string, len(list))
	for i, b := range list {
		price := "<nil>"
		if b.Price != nil {
			price = b.Price.String()
		}
		out[i] = fmt.Sprintf("%s/%s/%d=%s %s", optText(b.VendorId), b.UnitOfMeasureName, b.Quantity, price, b.CurrencyCode)
	}
	return out
}

// replaceSalesBreaks puts body as the item's sales price breaks and answers them.
func replaceSalesBreaks(t *testing.T, te *tenantEnv, itemID, body string) []client.PriceBreak {
	t.Helper()
	res, b := itemRequest(t, te, http.MethodPut, "/api/items/"+itemID+"/sales-price-breaks", body)
	return mustSalesBreaks(t, res, b)
}

// listSalesBreaks lists the item's sales price breaks with the filter body.
func listSalesBreaks(t *testing.T, te *tenantEnv, itemID, body string) []client.PriceBreak {
	t.Helper()
	res, b := itemRequest(t, te, http.MethodPost, "/api/items/"+itemID+"/sales-price-breaks/list", body)
	return mustSalesBreaks(t, res, b)
}

func addItemTag(t *testing.T, te *tenantEnv, itemID, tagID string) client.Item {
	t.Helper()
	res, err := te.API.AddItemTagWithResponse(context.Background(), itemID, tagID, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func removeItemTag(t *testing.T, te *tenantEnv, itemID, tagID string) int {
	t.Helper()
	res, err := te.API.RemoveItemTagWithResponse(context.Background(), itemID, tagID, nil)
	if err != nil {
		t.Fatal(err)
	}
	switch res.StatusCode() {
	case http.StatusOK:
		if res.JSON200 == nil || !res.JSON200.Success {
			t.Fatalf("200 without success: %s", res.Body)
		}
	case http.StatusNoContent:
	default:
		t.Fatalf("remove tag: status %d: %s", res.StatusCode(), res.Body)
	}
	return res.StatusCode()
}

func replaceItemTags(t *testing.T, te *tenantEnv, itemID string, tagIDs ...string) client.Item {
	t.Helper()
	res, err := te.API.ReplaceItemTagsWithResponse(context.Background(), itemID, nil, client.ItemTagsReplace{TagIds: append([]string{}, tagIDs...)})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func tagIDsOf(it client.Item) []string {
	out := make([]string, len(it.Tags))
	for i, tag := range it.Tags {
		out[i] = tag.Id
	}
	return out
}

// insertCostBreakdown stores a breakdown the way estimates and jobs will (nothing produces
// them through the API yet): quantity 4, item-level material 10 and labor 2.5, cumulative
// material 30; it answers the id.
func insertCostBreakdown(t *testing.T, te *tenantEnv, itemID, kind string, calculatedOn time.Time) string {
	t.Helper()
	id := ids.New()
	_, err := srv.Pool.ExecContext(context.Background(), `INSERT INTO item_cost_breakdowns
        (tenant_id, id, item_id, type, quantity, quantity_scrapped, calculated_on, labor_hours, machine_hours, setup_hours,
         cumulative_material, item_material, item_labor)
        VALUES ($1, $2, $3, $4, 4, 1, $5, 1.5, 2, 0.25, 30, 10, 2.5)`, te.ID, id, itemID, kind, calculatedOn)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// The catalogue a new tenant gets, by name: densities are mass density (steel 0.2836,
// aluminum 0.0975, stainless 0.289 lb/in³) × thickness or × cross-section area.
var seededMaterialShapes = []string{
	"304 Stainless Sheet 16 ga|sheet|planar|0.0598||inch|null|0.0172822|lb/in²|true",
	"6061-T6 Aluminum Plate 1/2 in|plate|planar|0.5||inch|null|0.04875|lb/in²|true",
	"6061-T6 Aluminum Round Tube 1 in x 0.065 in|tube|linear|null|outerDiameter=1,wallThickness=0.065|inch|0.018616|null|lb/in|true",
	"6061-T6 Aluminum Tread Plate 1/8 in|treadPlate|planar|0.125||inch|null|0.0121875|lb/in²|true",
	"A36 Steel Angle 2 x 2 x 1/4 in|angle|linear|null|height=2,thickness=0.25,width=2|inch|0.265875|null|lb/in|true",
	"A36 Steel Channel C4x5.4|channel|linear|null|flangeThickness=0.296,height=4,webThickness=0.184,width=1.58|inch|0.448088|null|lb/in|true",
	"A36 Steel Plate 1/4 in|plate|planar|0.25||inch|null|0.0709|lb/in²|true",
	"A36 Steel Round Bar 1 in|bar|linear|null|diameter=1|inch|0.222739|null|lb/in|true",
	"A53 Steel Pipe 2 in Schedule 40|pipe|linear|null|outerDiameter=2.375,wallThickness=0.154|inch|0.304737|null|lb/in|true",
	"A992 Steel Beam W8x31|beam|linear|null|flangeThickness=0.435,height=8,webThickness=0.285,width=7.995|inch|2.589268|null|lb/in|true",
}

// flatBar is a linear shape write: 2 × 1/4 in A36 flat bar, 0.2836 × 0.5 = 0.1418 lb/in.
func flatBar(name string) client.MaterialShapeWrite {
	return client.MaterialShapeWrite{
		Name: name, MaterialName: "A36 Steel", ShapeType: client.MaterialShapeTypeBar,
		Dimensions:     &client.MaterialShapeDimensions{"width": dec.MustParse("2"), "height": dec.MustParse("0.25")},
		DimensionUnits: client.DimensionUnitsInch, LinearDensity: ptr(dec.MustParse("0.1418")),
	}
}

// plate is a planar shape write: 1/4 in A36 plate at 0.0709 lb/in².
func plate(name string) client.MaterialShapeWrite {
	return client.MaterialShapeWrite{
		Name: name, MaterialName: "A36 Steel", ShapeType: client.MaterialShapeTypePlate,
		Thickness: ptr(dec.MustParse("0.25")), DimensionUnits: client.DimensionUnitsInch,
		PlanarDensity: ptr(dec.MustParse("0.0709")),
	}
}

func createMaterialShape(t *testing.T, api *client.ClientWithResponses, w client.MaterialShapeWrite) string {
	t.Helper()
	res, err := api.CreateMaterialShapeWithResponse(context.Background(), nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func listMaterialShapes(t *testing.T, api *client.ClientWithResponses, params *client.ListMaterialShapesParams, f client.MaterialShapeFilter) []client.MaterialShape {
	t.Helper()
	res, err := api.ListMaterialShapesWithResponse(context.Background(), params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func materialShapeNames(shapes []client.MaterialShape) []string {
	out := make([]string, len(shapes))
	for i, s := range shapes {
		out[i] = s.Name
	}
	return out
}

// cutID sends a material-shape create body and answers the 200's id.
func cutID(t *testing.T, token, body string) string {
	t.Helper()
	res, b := postCut(t, token, body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(b, &created); err != nil {
		t.Fatal(err)
	}
	return created.ID
}

// shapeLink reads what was recorded about the shape an item was cut from.
func shapeLink(t *testing.T, te *tenantEnv, itemID string) (shapeID string, isRemnant bool) {
	t.Helper()
	err := srv.Pool.QueryRowContext(context.Background(), `SELECT material_shape_id, is_remnant FROM item_material_shapes
        WHERE tenant_id = $1 AND item_id = $2`, te.ID, itemID).Scan(&shapeID, &isRemnant)
	if err != nil {
		t.Fatal(err)
	}
	return shapeID, isRemnant
}

func listUnitTypes(t *testing.T, api *client.ClientWithResponses, f client.UnitOfMeasureFilter) []client.UnitType {
	t.Helper()
	res, err := api.ListUnitsOfMeasureWithResponse(context.Background(), nil, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// unitCatalogue renders unit types as "Type(base): Unit=factor, ..." lines for comparison;
// a unit without a factor shows "null", the base unit is starred.
func unitCatalogue(types []client.UnitType) []string {
	out := make([]string, len(types))
	for i, ut := range types {
		units := make([]string, len(ut.Units))
		for j, u := range ut.Units {
			f := "null"
			if u.Factor != nil {
				f = u.Factor.String()
			}
			star := ""
			if u.IsBase {
				star = "*"
			}
			units[j] = u.Name + star + "=" + f
		}
		out[i] = ut.Name + "(" + ut.BaseUnitName + "): " + strings.Join(units, ", ")
	}
	return out
}

// postCut sends a material-shape create body as written.
func postCut(t *testing.T, token, body string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, "/api/items/material-shape", token, "application/json", body)
}

// mustPurchaseBreaks decodes a 200 array of price breaks.
func mustPurchaseBreaks(t *testing.T, res rawResponse, body []byte) []client.PriceBreak {
	t.Helper()
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var list []client.PriceBreak
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatal(err)
	}
	return list
}

func mustSalesBreaks(t *testing.T, res rawResponse, body []byte) []client.PriceBreak {
	t.Helper()
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var list []client.PriceBreak
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatal(err)
	}
	return list
}

type unitCostBody struct {
	UnitCost                      *json.Number      `json:"unitCost"`
	Basis                         string            `json:"basis"`
	Vendor                        *client.Reference `json:"vendor"`
	PriceBreakQuantity            *int              `json:"priceBreakQuantity"`
	CurrencyCode                  string            `json:"currencyCode"`
	UnitOfMeasureName             *string           `json:"unitOfMeasureName"`
	UnconvertedVendorCurrencyCode *string           `json:"unconvertedVendorCurrencyCode"`
}
