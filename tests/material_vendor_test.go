package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mos/gen/client"
)

// mvPlate and mvBar create a planar and a linear shape of the tenant and answer their ids.
func mvPlate(t *testing.T, te *tenantEnv, name string) string {
	t.Helper()
	return mvCreated(t, te, "/api/materials", fmt.Sprintf(`{"name":%q,"materialName":"A36 Steel","shapeType":"plate","thickness":0.25,"dimensionUnits":"inch","planarDensity":0.0709}`, name))
}

func mvBar(t *testing.T, te *tenantEnv, name string) string {
	t.Helper()
	return mvCreated(t, te, "/api/materials", fmt.Sprintf(`{"name":%q,"materialName":"A36 Steel","shapeType":"bar","dimensions":{"diameter":1},"dimensionUnits":"inch","linearDensity":0.2227}`, name))
}

// mvVendor creates a vendor billing in currency.
func mvVendor(t *testing.T, te *tenantEnv, name, currency string) string {
	t.Helper()
	return mvCreated(t, te, "/api/vendors", fmt.Sprintf(`{"name":%q,"currencyCode":%q}`, name, currency))
}

// mvCreated posts body to path and answers the created id.
func mvCreated(t *testing.T, te *tenantEnv, path, body string) string {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, path, te.Token, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var c struct{ ID string }
	if err := json.Unmarshal(b, &c); err != nil || c.ID == "" {
		t.Fatalf("no id in %s", b)
	}
	return c.ID
}

// mvOffer adds vendorID's offer of materialID with the given extra members ("" for none).
func mvOffer(t *testing.T, te *tenantEnv, materialID, vendorID, unit, extra string) string {
	t.Helper()
	return mvCreated(t, te, "/api/materials/"+materialID+"/vendors", mvBody(vendorID, unit, extra))
}

func mvBody(vendorID, unit, extra string) string {
	body := fmt.Sprintf(`{"vendorId":%q,"price":1.5,"priceUnit":%q`, vendorID, unit)
	if extra != "" {
		body += "," + extra
	}
	return body + "}"
}

// mvList reads a list answer (shape list, v2 list or catalogue).
func mvList(t *testing.T, te *tenantEnv, method, path, body string) []client.MaterialVendor {
	t.Helper()
	res, b := rawRequest(t, method, path, te.Token, "application/json", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var out []client.MaterialVendor
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func mvOfShape(t *testing.T, te *tenantEnv, materialID string) []client.MaterialVendor {
	t.Helper()
	return mvList(t, te, http.MethodPost, "/api/materials/"+materialID+"/vendors/list", "")
}

// mvVendorsOf answers the vendor ids of list in order, with a * after the primary.
func mvVendorsOf(list []client.MaterialVendor) string {
	parts := make([]string, len(list))
	for i, m := range list {
		parts[i] = m.VendorName
		if m.IsPrimary {
			parts[i] += "*"
		}
	}
	return strings.Join(parts, ",")
}

// mvSend sends a request with the tenant's token and answers it.
func mvSend(t *testing.T, te *tenantEnv, method, path, body string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, method, path, te.Token, "application/json", body)
}

// mvMustNotFoundNaming checks a 404 problem naming field.
func mvMustNotFoundNaming(t *testing.T, res rawResponse, body []byte, field string) {
	t.Helper()
	mustNameField(t, mustProblem(t, res, body, http.StatusNotFound), field)
}

func TestMaterialVendorCreateReadsBackWithVendorCurrencyAndTrimmedTexts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	plate := mvPlate(t, te, "MV Plate")
	vendor := mvVendor(t, te, "Euro Steel", "EUR")
	id := mvOffer(t, te, plate, vendor, "pound", `"vendorItemNumber":"  PL-1 ","vendorItemName":"   ","notes":" mill cert ","leadTimeInDays":5,"minimumOrderQuantity":500`)
	if len(id) != 36 {
		t.Fatalf("offer id %q is not 36 characters", id)
	}
	list := mvOfShape(t, te, plate)
	if len(list) != 1 {
		t.Fatalf("offers %+v, want one", list)
	}
	m := list[0]
	if m.Id != id || m.MaterialId != plate || m.VendorId != vendor || m.VendorName != "Euro Steel" || m.CurrencyCode != "EUR" ||
		optText(m.VendorItemNumber) != "PL-1" || m.VendorItemName != nil || optText(m.Notes) != "mill cert" ||
		m.LeadTimeInDays == nil || *m.LeadTimeInDays != 5 || decString(m.MinimumOrderQuantity) != "500" ||
		m.Price.String() != "1.5" || m.PriceUnit != client.MaterialPriceUnitPound || m.IsPrimary {
		t.Fatalf("stored %+v", m)
	}
	// The v2 create names the shape in the body; an explicit currency wins over the vendor's.
	other := mvVendor(t, te, "Dollar Steel", "USD")
	mvCreated(t, te, "/api/v2/material-vendors", fmt.Sprintf(`{"materialId":%q,"vendorId":%q,"price":0,"priceUnit":"piece","currencyCode":"CAD"}`, plate, other))
	list = mvOfShape(t, te, plate)
	if len(list) != 2 || list[0].VendorName != "Dollar Steel" || list[0].CurrencyCode != "CAD" || list[0].Price.String() != "0" {
		t.Fatalf("offers after the v2 create %+v", list)
	}
	// A full update clears omitted members and defaults the currency to the vendor's again.
	res, b := mvSend(t, te, http.MethodPut, "/api/materials/"+plate+"/vendors/"+other, `{"price":2.25,"priceUnit":"squareFoot"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var u client.MaterialVendor
	if err := json.Unmarshal(b, &u); err != nil {
		t.Fatal(err)
	}
	if u.CurrencyCode != "USD" || u.Price.String() != "2.25" || u.PriceUnit != client.MaterialPriceUnitSquareFoot || u.VendorName != "Dollar Steel" || res.Header.Get("ETag") == "" {
		t.Fatalf("updated %+v (ETag %q)", u, res.Header.Get("ETag"))
	}
}

func TestMaterialVendorPriceUnitMustFitShapeForm(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	plate, bar := mvPlate(t, te, "Form Plate"), mvBar(t, te, "Form Bar")
	cases := []struct {
		shape, unit string
		ok          bool
	}{
		{plate, "pound", true}, {plate, "kilogram", true}, {plate, "piece", true}, {plate, "squareInch", true},
		{plate, "squareFoot", true}, {plate, "squareMeter", true}, {plate, "foot", false}, {plate, "meter", false},
		{plate, "inch", false}, {plate, "millimeter", false},
		{bar, "pound", true}, {bar, "piece", true}, {bar, "inch", true}, {bar, "foot", true}, {bar, "millimeter", true},
		{bar, "meter", true}, {bar, "squareFoot", false}, {bar, "squareInch", false}, {bar, "squareMeter", false},
	}
	for i, c := range cases {
		vendor := mvVendor(t, te, fmt.Sprintf("Form Vendor %d", i), "USD")
		res, b := mvSend(t, te, http.MethodPost, "/api/materials/"+c.shape+"/vendors", mvBody(vendor, c.unit, ""))
		if c.ok {
			mustStatus(t, res.StatusCode, http.StatusOK, b)
			continue
		}
		mustProblemNaming(t, res, b, "priceUnit")
	}
	// An update and a catalogue entry are held to it too, and an unknown unit is refused.
	vendor := mvVendor(t, te, "Form Vendor Update", "USD")
	mvOffer(t, te, bar, vendor, "foot", "")
	res, b := mvSend(t, te, http.MethodPut, "/api/materials/"+bar+"/vendors/"+vendor, `{"price":1,"priceUnit":"squareFoot"}`)
	mustProblemNaming(t, res, b, "priceUnit")
	res, b = mvSend(t, te, http.MethodPut, "/api/v2/material-vendors/"+vendor, fmt.Sprintf(`{"offers":[{"materialId":%q,"price":1,"priceUnit":"foot"},{"materialId":%q,"price":1,"priceUnit":"foot"}]}`, bar, plate))
	mustProblemNaming(t, res, b, "offers.1.priceUnit")
	res, b = mvSend(t, te, http.MethodPost, "/api/materials/"+bar+"/vendors", mvBody(mvVendor(t, te, "Gallons", "USD"), "gallon", ""))
	mustProblemNaming(t, res, b, "priceUnit")
}

func TestMaterialVendorMembersAreBounded(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	plate, vendor := mvPlate(t, te, "Bounds Plate"), mvVendor(t, te, "Bounds Vendor", "USD")
	for field, extra := range map[string]string{
		"price":                `"price":-0.01`,
		"leadTimeInDays":       `"leadTimeInDays":-1`,
		"minimumOrderQuantity": `"minimumOrderQuantity":0`,
		"currencyCode":         `"currencyCode":"usd"`,
		"vendorItemName":       fmt.Sprintf(`"vendorItemName":%q`, strings.Repeat("n", 201)),
		"vendorItemNumber":     fmt.Sprintf(`"vendorItemNumber":%q`, strings.Repeat("n", 201)),
		"notes":                fmt.Sprintf(`"notes":%q`, strings.Repeat("n", 2001)),
	} {
		body := fmt.Sprintf(`{"vendorId":%q,"priceUnit":"pound","price":1,%s}`, vendor, extra)
		if field == "price" {
			body = fmt.Sprintf(`{"vendorId":%q,"priceUnit":"pound",%s}`, vendor, extra)
		}
		res, b := mvSend(t, te, http.MethodPost, "/api/materials/"+plate+"/vendors", body)
		mustProblemNaming(t, res, b, field)
	}
	res, b := mvSend(t, te, http.MethodPost, "/api/materials/"+plate+"/vendors", fmt.Sprintf(`{"vendorId":%q,"price":1}`, vendor))
	mustProblemNaming(t, res, b, "priceUnit")
	if list := mvOfShape(t, te, plate); len(list) != 0 {
		t.Fatalf("refused writes stored %+v", list)
	}
}

func TestMaterialVendorOneOfferPerShapeAndVendor(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	plate, other := mvPlate(t, te, "Dup Plate"), mvPlate(t, te, "Dup Plate Two")
	vendor := mvVendor(t, te, "Dup Vendor", "USD")
	mvOffer(t, te, plate, vendor, "pound", "")
	res, b := mvSend(t, te, http.MethodPost, "/api/materials/"+plate+"/vendors", mvBody(vendor, "piece", ""))
	mustProblemNaming(t, res, b, "vendorId")
	res, b = mvSend(t, te, http.MethodPost, "/api/v2/material-vendors", fmt.Sprintf(`{"materialId":%q,"vendorId":%q,"price":1,"priceUnit":"pound"}`, plate, vendor))
	mustProblemNaming(t, res, b, "vendorId")
	// The same vendor may offer another shape.
	mvOffer(t, te, other, vendor, "pound", "")
}

func TestMaterialVendorConcurrentDuplicateCreatesStoreOne(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	plate, vendor := mvPlate(t, te, "Race Plate"), mvVendor(t, te, "Race Vendor", "USD")
	counts := concurrently(t, 8, func() (int, error) {
		res, _ := mvSend(t, te, http.MethodPost, "/api/materials/"+plate+"/vendors", mvBody(vendor, "pound", ""))
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != 7 {
		t.Fatalf("statuses %v, want one 200 and seven 400", counts)
	}
	if list := mvOfShape(t, te, plate); len(list) != 1 {
		t.Fatalf("stored %d offers, want 1", len(list))
	}
}

func TestMaterialVendorNewPrimaryDemotesTheOld(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	plate, elsewhere := mvPlate(t, te, "Primary Plate"), mvPlate(t, te, "Primary Elsewhere")
	a, b, c := mvVendor(t, te, "A Steel", "USD"), mvVendor(t, te, "B Steel", "USD"), mvVendor(t, te, "C Steel", "USD")
	mvOffer(t, te, plate, c, "pound", "")
	mvOffer(t, te, plate, a, "pound", `"isPrimary":true`)
	mvOffer(t, te, elsewhere, a, "pound", `"isPrimary":true`)
	if got := mvVendorsOf(mvOfShape(t, te, plate)); got != "A Steel*,C Steel" {
		t.Fatalf("order %s", got)
	}
	mvOffer(t, te, plate, b, "pound", `"isPrimary":true`)
	if got := mvVendorsOf(mvOfShape(t, te, plate)); got != "B Steel*,A Steel,C Steel" {
		t.Fatalf("after a new primary: %s", got)
	}
	res, body := mvSend(t, te, http.MethodPut, "/api/materials/"+plate+"/vendors/"+c, `{"price":1,"priceUnit":"pound","isPrimary":true}`)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if got := mvVendorsOf(mvOfShape(t, te, plate)); got != "C Steel*,A Steel,B Steel" {
		t.Fatalf("after an update to primary: %s", got)
	}
	res, body = mvSend(t, te, http.MethodPut, "/api/v2/material-vendors/"+a, fmt.Sprintf(`{"offers":[{"materialId":%q,"price":1,"priceUnit":"pound","isPrimary":true},{"materialId":%q,"price":1,"priceUnit":"pound","isPrimary":true}]}`, plate, elsewhere))
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if got := mvVendorsOf(mvOfShape(t, te, plate)); got != "A Steel*,B Steel,C Steel" {
		t.Fatalf("after a catalogue primary: %s", got)
	}
	// Another shape's primary is untouched.
	if got := mvVendorsOf(mvOfShape(t, te, elsewhere)); got != "A Steel*" {
		t.Fatalf("other shape: %s", got)
	}
}

func TestMaterialVendorConcurrentPrimariesLeaveOne(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	plate := mvPlate(t, te, "Primary Race Plate")
	const n = 6
	vendors := make([]string, n)
	for i := range vendors {
		vendors[i] = mvVendor(t, te, fmt.Sprintf("Racer %d", i), "USD")
	}
	counts := atOnce(t, n, func(i int) (int, error) {
		res, _ := mvSend(t, te, http.MethodPost, "/api/materials/"+plate+"/vendors", mvBody(vendors[i], "pound", `"isPrimary":true`))
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != n {
		t.Fatalf("statuses %v, want %d 200", counts, n)
	}
	primaries := 0
	for _, m := range mvOfShape(t, te, plate) {
		if m.IsPrimary {
			primaries++
		}
	}
	if primaries != 1 {
		t.Fatalf("%d primaries, want 1", primaries)
	}
}

func TestMaterialVendorUnknownShapeOrVendorIsNotFound(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	plate, vendor := mvPlate(t, te, "Known Plate"), mvVendor(t, te, "Known Vendor", "USD")
	foreignPlate, foreignVendor := mvPlate(t, other, "Foreign Plate"), mvVendor(t, other, "Foreign Vendor", "USD")
	const unknown = "000000000000000000000000"
	for _, shape := range []string{unknown, foreignPlate} {
		res, b := mvSend(t, te, http.MethodPost, "/api/materials/"+shape+"/vendors", mvBody(vendor, "pound", ""))
		mvMustNotFoundNaming(t, res, b, "materialId")
		res, b = mvSend(t, te, http.MethodPost, "/api/v2/material-vendors", fmt.Sprintf(`{"materialId":%q,"vendorId":%q,"price":1,"priceUnit":"pound"}`, shape, vendor))
		mvMustNotFoundNaming(t, res, b, "materialId")
		res, b = mvSend(t, te, http.MethodPost, "/api/materials/"+shape+"/vendors/list", "")
		mvMustNotFoundNaming(t, res, b, "materialId")
		res, b = mvSend(t, te, http.MethodPut, "/api/materials/"+shape+"/vendors/"+vendor, `{"price":1,"priceUnit":"pound"}`)
		mvMustNotFoundNaming(t, res, b, "materialId")
		res, b = mvSend(t, te, http.MethodPut, "/api/v2/material-vendors/"+vendor, fmt.Sprintf(`{"offers":[{"materialId":%q,"price":1,"priceUnit":"pound"}]}`, shape))
		mvMustNotFoundNaming(t, res, b, "offers.0.materialId")
	}
	deleted := mvVendor(t, te, "Gone Vendor", "USD")
	if _, err := srv.Pool.ExecContext(context.Background(), `UPDATE vendors SET deleted = true WHERE tenant_id = $1 AND id = $2`, te.ID, deleted); err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{unknown, foreignVendor, deleted} {
		res, b := mvSend(t, te, http.MethodPost, "/api/materials/"+plate+"/vendors", mvBody(v, "pound", ""))
		mvMustNotFoundNaming(t, res, b, "vendorId")
		res, b = mvSend(t, te, http.MethodPut, "/api/materials/"+plate+"/vendors/"+v, `{"price":1,"priceUnit":"pound"}`)
		mvMustNotFoundNaming(t, res, b, "vendorId")
		res, b = mvSend(t, te, http.MethodPut, "/api/v2/material-vendors/"+v, `{"offers":[]}`)
		mvMustNotFoundNaming(t, res, b, "vendorId")
	}
	// A live vendor without an offer of the shape: the offer is not found.
	res, b := mvSend(t, te, http.MethodPut, "/api/materials/"+plate+"/vendors/"+vendor, `{"price":1,"priceUnit":"pound"}`)
	mustProblem(t, res, b, http.StatusNotFound)
	// Another tenant sees none of the tenant's offers.
	mvOffer(t, te, plate, vendor, "pound", "")
	if list := mvList(t, other, http.MethodPost, "/api/v2/material-vendors/list", "{}"); len(list) != 0 {
		t.Fatalf("another tenant lists %+v", list)
	}
	res, b = mvSend(t, other, http.MethodPut, "/api/materials/"+plate+"/vendors/"+vendor, `{"price":1,"priceUnit":"pound"}`)
	mvMustNotFoundNaming(t, res, b, "materialId")
}

func TestMaterialVendorDeactivatedShapeKeepsOffersButGetsNoNewOne(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	plate, fresh := mvPlate(t, te, "Retired Plate"), mvPlate(t, te, "Fresh Plate")
	kept, late := mvVendor(t, te, "Kept Vendor", "USD"), mvVendor(t, te, "Late Vendor", "USD")
	mvOffer(t, te, plate, kept, "pound", "")
	res, b := mvSend(t, te, http.MethodPost, "/api/materials/activate", fmt.Sprintf(`{"ids":[%q],"isActivated":false}`, plate))
	mustStatus(t, res.StatusCode, http.StatusOK, b)

	res, b = mvSend(t, te, http.MethodPost, "/api/materials/"+plate+"/vendors", mvBody(late, "pound", ""))
	mustProblemNaming(t, res, b, "materialId")
	res, b = mvSend(t, te, http.MethodPost, "/api/v2/material-vendors", fmt.Sprintf(`{"materialId":%q,"vendorId":%q,"price":1,"priceUnit":"pound"}`, plate, late))
	mustProblemNaming(t, res, b, "materialId")
	res, b = mvSend(t, te, http.MethodPut, "/api/v2/material-vendors/"+late, fmt.Sprintf(`{"offers":[{"materialId":%q,"price":1,"priceUnit":"pound"},{"materialId":%q,"price":1,"priceUnit":"pound"}]}`, fresh, plate))
	mustProblemNaming(t, res, b, "offers.1.materialId")

	// The existing offer stays listed and can be replaced, alone or in its vendor's catalogue.
	res, b = mvSend(t, te, http.MethodPut, "/api/materials/"+plate+"/vendors/"+kept, `{"price":3,"priceUnit":"kilogram"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	list := mvList(t, te, http.MethodPut, "/api/v2/material-vendors/"+kept, fmt.Sprintf(`{"offers":[{"materialId":%q,"price":4,"priceUnit":"kilogram"}]}`, plate))
	if len(list) != 1 || list[0].Price.String() != "4" {
		t.Fatalf("catalogue answer %+v", list)
	}
	if got := mvVendorsOf(mvOfShape(t, te, plate)); got != "Kept Vendor" {
		t.Fatalf("deactivated shape lists %s", got)
	}
}

func TestMaterialVendorCatalogueReplaceRemovesAddsAndUpdates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s1, s2, s3 := mvPlate(t, te, "Cat One"), mvPlate(t, te, "Cat Two"), mvBar(t, te, "Cat Three")
	vendor, bystander := mvVendor(t, te, "Catalogue Vendor", "USD"), mvVendor(t, te, "Bystander", "USD")
	mvOffer(t, te, s1, vendor, "pound", "")
	kept := mvOffer(t, te, s2, vendor, "pound", `"notes":"old"`)
	mvOffer(t, te, s1, bystander, "pound", "")
	before := mvOfShape(t, te, s2)[0]

	list := mvList(t, te, http.MethodPut, "/api/v2/material-vendors/"+vendor, fmt.Sprintf(
		`{"offers":[{"materialId":%q,"price":9,"priceUnit":"foot","vendorItemNumber":"RB-1"},{"materialId":%q,"price":2,"priceUnit":"squareFoot"}]}`, s3, s2))
	if len(list) != 2 {
		t.Fatalf("catalogue answer %+v", list)
	}
	byShape := map[string]client.MaterialVendor{}
	for _, m := range list {
		byShape[m.MaterialId] = m
	}
	updated, added := byShape[s2], byShape[s3]
	if updated.Id != kept || updated.Notes != nil || updated.Price.String() != "2" || updated.PriceUnit != client.MaterialPriceUnitSquareFoot ||
		!updated.ModifiedUtc.After(before.ModifiedUtc) {
		t.Fatalf("updated offer %+v (before %+v)", updated, before)
	}
	if added.Id == "" || len(added.Id) != 36 || optText(added.VendorItemNumber) != "RB-1" || added.CurrencyCode != "USD" || added.VendorName != "Catalogue Vendor" {
		t.Fatalf("added offer %+v", added)
	}
	if list[0].MaterialId > list[1].MaterialId {
		t.Fatalf("answer not by shape id: %+v", list)
	}
	// The offer of the shape left out is gone; another vendor's offer of it stays.
	if got := mvVendorsOf(mvOfShape(t, te, s1)); got != "Bystander" {
		t.Fatalf("shape left out lists %s", got)
	}
	// An unchanged offer is not rewritten.
	again := mvList(t, te, http.MethodPut, "/api/v2/material-vendors/"+vendor, fmt.Sprintf(
		`{"offers":[{"materialId":%q,"price":9,"priceUnit":"foot","vendorItemNumber":"RB-1"},{"materialId":%q,"price":2,"priceUnit":"squareFoot"}]}`, s3, s2))
	for _, m := range again {
		if !m.ModifiedUtc.Equal(byShape[m.MaterialId].ModifiedUtc) {
			t.Fatalf("unchanged offer rewritten: %+v", m)
		}
	}
	// A shape listed twice names the repeat; nothing changes.
	res, b := mvSend(t, te, http.MethodPut, "/api/v2/material-vendors/"+vendor, fmt.Sprintf(
		`{"offers":[{"materialId":%q,"price":1,"priceUnit":"pound"},{"materialId":%q,"price":1,"priceUnit":"pound"}]}`, s1, s1))
	mustProblemNaming(t, res, b, "offers.1.materialId")
	// More than 500 offers are refused.
	many := make([]string, 501)
	for i := range many {
		many[i] = fmt.Sprintf(`{"materialId":%q,"price":1,"priceUnit":"pound"}`, s1)
	}
	res, b = mvSend(t, te, http.MethodPut, "/api/v2/material-vendors/"+vendor, `{"offers":[`+strings.Join(many, ",")+`]}`)
	mustProblemNaming(t, res, b, "offers")
	if got := mvList(t, te, http.MethodPost, "/api/v2/material-vendors/list", fmt.Sprintf(`{"vendorIds":[%q]}`, vendor)); len(got) != 2 {
		t.Fatalf("refused catalogues changed the offers: %+v", got)
	}
	// An empty catalogue removes every offer of the vendor.
	if got := mvList(t, te, http.MethodPut, "/api/v2/material-vendors/"+vendor, `{"offers":[]}`); len(got) != 0 {
		t.Fatalf("empty catalogue answers %+v", got)
	}
	if got := mvList(t, te, http.MethodPost, "/api/v2/material-vendors/list", fmt.Sprintf(`{"vendorIds":[%q]}`, vendor)); len(got) != 0 {
		t.Fatalf("empty catalogue left %+v", got)
	}
}

func TestMaterialVendorListFiltersAndSorts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	s1, s2 := mvPlate(t, te, "List One"), mvPlate(t, te, "List Two")
	a, b := mvVendor(t, te, "Alpha", "USD"), mvVendor(t, te, "Beta", "USD")
	mvOffer(t, te, s1, a, "pound", `"price":3`)
	mvOffer(t, te, s1, b, "pound", `"isPrimary":true`)
	mvOffer(t, te, s2, a, "pound", `"isPrimary":true`)
	ids := func(body string, sort string) string {
		path := "/api/v2/material-vendors/list" + sort
		list := mvList(t, te, http.MethodPost, path, body)
		parts := make([]string, len(list))
		for i, m := range list {
			parts[i] = map[string]string{s1: "1", s2: "2"}[m.MaterialId] + m.VendorName
		}
		return strings.Join(parts, ",")
	}
	first, second := "1", "2"
	if s2 < s1 {
		first, second = "2", "1"
	}
	wantAll := map[string]string{"1": "1Beta,1Alpha", "2": "2Alpha"}
	if got := ids("{}", ""); got != wantAll[first]+","+wantAll[second] {
		t.Fatalf("default order %s", got)
	}
	if got := ids(fmt.Sprintf(`{"materialIds":[%q]}`, s1), ""); got != "1Beta,1Alpha" {
		t.Fatalf("materialIds %s", got)
	}
	if got := ids(fmt.Sprintf(`{"vendorIds":[%q]}`, b), ""); got != "1Beta" {
		t.Fatalf("vendorIds %s", got)
	}
	if got := ids(`{"isPrimary":false}`, ""); got != "1Alpha" {
		t.Fatalf("isPrimary false %s", got)
	}
	if got := ids(`{"modifiedAfterUtc":"2099-01-01T00:00:00Z"}`, ""); got != "" {
		t.Fatalf("modifiedAfterUtc in the future %s", got)
	}
	if got := ids(`{"modifiedAfterUtc":"2000-01-01T00:00:00Z","isPrimary":true}`, "?Sort.Field=vendorName&Sort.Dir=descending"); !strings.HasPrefix(got, "1Beta,") {
		t.Fatalf("sorted by vendor name descending %s", got)
	}
	if got := ids(`{}`, "?Sort.Field=price&Sort.Dir=descending"); !strings.HasPrefix(got, "1Alpha,") {
		t.Fatalf("sorted by price descending %s", got)
	}
	res, body := mvSend(t, te, http.MethodPost, "/api/v2/material-vendors/list", `{"modifiedAfterUtc":"1999-12-31T00:00:00Z"}`)
	mustProblemNaming(t, res, body, "modifiedAfterUtc")
	res, body = mvSend(t, te, http.MethodPost, "/api/materials/"+s1+"/vendors/list?Sort.Field=nope", "")
	mustProblemNaming(t, res, body, "Sort.Field")
}

func TestMaterialVendorPermissions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	plate, vendor := mvPlate(t, te, "Perm Plate"), mvVendor(t, te, "Perm Vendor", "USD")
	mvOffer(t, te, plate, vendor, "pound", "")
	writes := []struct{ method, path, body string }{
		{http.MethodPost, "/api/materials/" + plate + "/vendors", mvBody(vendor, "pound", "")},
		{http.MethodPut, "/api/materials/" + plate + "/vendors/" + vendor, `{"price":1,"priceUnit":"pound"}`},
		{http.MethodPost, "/api/v2/material-vendors", fmt.Sprintf(`{"materialId":%q,"vendorId":%q,"price":1,"priceUnit":"pound"}`, plate, vendor)},
		{http.MethodPut, "/api/v2/material-vendors/" + vendor, `{"offers":[]}`},
	}
	reads := []struct{ method, path, body string }{
		{http.MethodPost, "/api/materials/" + plate + "/vendors/list", ""},
		{http.MethodPost, "/api/v2/material-vendors/list", "{}"},
	}
	none, viewer := te.userToken(t, "View Item"), te.userToken(t, "View Purchase Order")
	for _, c := range append(append([]struct{ method, path, body string }{}, writes...), reads...) {
		res, b := rawRequest(t, c.method, c.path, none, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
	}
	for _, c := range writes {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
	}
	for _, c := range reads {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
	if list := mvOfShape(t, te, plate); len(list) != 1 {
		t.Fatalf("refused writes changed the offers: %+v", list)
	}
}

func TestMaterialVendorUpdateHonoursIfMatch(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	plate, vendor := mvPlate(t, te, "ETag Plate"), mvVendor(t, te, "ETag Vendor", "USD")
	mvOffer(t, te, plate, vendor, "pound", "")
	path := "/api/materials/" + plate + "/vendors/" + vendor
	res, b := mvSend(t, te, http.MethodPut, path, `{"price":1,"priceUnit":"pound"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	tag := res.Header.Get("ETag")
	send := func(ifMatch, body string) (rawResponse, []byte) {
		h := bearer(te.Token)
		h.Set("Content-Type", "application/json")
		h.Set("If-Match", ifMatch)
		return sendVia(t, specChecker{t: t}, http.MethodPut, srv.URL+path, h, strings.NewReader(body))
	}
	res, b = send(tag, `{"price":2,"priceUnit":"pound"}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if res.Header.Get("ETag") == tag {
		t.Fatal("the ETag did not change with the offer")
	}
	res, b = send(tag, `{"price":3,"priceUnit":"pound"}`)
	mustProblem(t, res, b, http.StatusPreconditionFailed)
}

// arrangeMaterialVendors gives each tenant vendors and shapes, every shape offered by as many
// vendors as it has sub-records (the large tenant's first shape by every vendor), for the
// statement counts of both lists.
func arrangeMaterialVendors(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) []string {
		vendors := arrangeEach(size, func(i, _ int) string { return mvVendor(t, te, fmt.Sprintf("Mill %02d", i), "USD") })
		return arrangeEach(size, func(i, subs int) string {
			shape := mvPlate(t, te, fmt.Sprintf("Counted plate %02d", i))
			for k := range subs {
				mvOffer(t, te, shape, vendors[k], "pound", fmt.Sprintf(`"isPrimary":%t,"vendorItemNumber":"P-%d"`, k == 1, k))
			}
			return shape
		})
	}
	s, l := build(small, smallWorld), build(large, largeWorld)
	return []readCase{
		listRead("listMaterialShapeVendors", "/api/materials/"+s[0]+"/vendors/list", "/api/materials/"+l[0]+"/vendors/list", `{}`),
		listRead("listMaterialVendors", "/api/v2/material-vendors/list", "/api/v2/material-vendors/list", `{}`),
	}
}
