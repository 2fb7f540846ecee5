package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"mos/gen/client"
	"mos/internal/platform/dec"
)

// itemCodes are one record of every list an item's codes and accounting details name.
type itemCodes struct {
	accounting, accounting2, material, category, grade, shape, gauge string
	class, income, asset, expense, cogs                              string
}

func newItemCodes(t *testing.T, te *tenantEnv) itemCodes {
	t.Helper()
	return itemCodes{
		accounting:  createListRecord(t, te, "/api/accounting-codes", "4000 Sales"),
		accounting2: createListRecord(t, te, "/api/accounting-codes", "4010 Parts"),
		material:    createListRecord(t, te, "/api/material-codes", "STEEL"),
		category:    createListRecord(t, te, "/api/item-categories", "Brackets"),
		grade:       createListRecord(t, te, "/api/grade-codes", "A36"),
		shape:       createListRecord(t, te, "/api/shape-codes", "PLATE"),
		gauge:       createListRecord(t, te, "/api/gauge-codes", "10 GA"),
		class:       createListRecord(t, te, "/api/item-classes", "Finished goods"),
		income:      createListRecord(t, te, "/api/chart-of-accounts", "4000 Income"),
		asset:       createListRecord(t, te, "/api/chart-of-accounts", "1200 Inventory"),
		expense:     createListRecord(t, te, "/api/chart-of-accounts", "6000 Expense"),
		cogs:        createListRecord(t, te, "/api/chart-of-accounts", "5000 COGS"),
	}
}

func TestItemProfileCreateStoresCodesAccountingShippingQualityAndConversions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	c := newItemCodes(t, te)
	body := fmt.Sprintf(`{"number":"PROF-1","unitTypeName":"Length","unitOfMeasureName":"Foot",
		"accountingCodeId":%q,"accountingCode2Id":%q,"materialCodeId":%q,"categoryId":%q,"gradeId":%q,"shapeId":%q,"gaugeId":%q,
		"accountingDetails":{"classId":%q,"incomeAccountId":%q,"assetAccountId":%q,"expenseAccountId":%q,"cogsAccountId":%q},
		"shipping":{"class":"77.5","nmfc":" 123456-02 ","isHazmat":true,"unitWeight":2.5,"tariffCode":"7318.15.2000","countryOfOrigin":"US"},
		"qualityPlanStatus":"needsApproval",
		"salesUnitOfMeasureConversions":[{"destinationUnitOfMeasureName":"Inch","isDefault":true},
			{"destinationUnitOfMeasureName":"Pound","sourceQuantity":10,"destinationQuantity":3,"isCustom":true}]}`,
		c.accounting, c.accounting2, c.material, c.category, c.grade, c.shape, c.gauge, c.class, c.income, c.asset, c.expense, c.cogs)
	res, b := itemRequest(t, te, http.MethodPost, "/api/items", body)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	var created client.CreatedId
	if err := json.Unmarshal(b, &created); err != nil {
		t.Fatal(err)
	}
	it := getItem(t, te, created.Id)

	codes := map[string]*string{
		c.accounting: it.AccountingCodeId, c.accounting2: it.AccountingCode2Id, c.material: it.MaterialCodeId,
		c.category: it.CategoryId, c.grade: it.GradeId, c.shape: it.ShapeId, c.gauge: it.GaugeId,
		c.class: it.AccountingDetails.ClassId, c.income: it.AccountingDetails.IncomeAccountId,
		c.asset: it.AccountingDetails.AssetAccountId, c.expense: it.AccountingDetails.ExpenseAccountId,
		c.cogs: it.AccountingDetails.CogsAccountId,
	}
	for want, got := range codes {
		if optText(got) != want {
			t.Fatalf("code %s read back as %s", want, optText(got))
		}
	}
	sh := it.Shipping
	if sh.Class == nil || *sh.Class != client.ItemFreightClassN775 || optText(sh.Nmfc) != "123456-02" || !sh.IsHazmat ||
		decString(sh.UnitWeight) != "2.5" || optText(sh.TariffCode) != "7318.15.2000" || optText(sh.CountryOfOrigin) != "US" {
		t.Fatalf("shipping %+v", sh)
	}
	if it.QualityPlanStatus != client.ItemQualityPlanStatusNeedsApproval || !it.NeedsQualityPlan {
		t.Fatalf("quality %s needs %v", it.QualityPlanStatus, it.NeedsQualityPlan)
	}
	conv := it.SalesUnitOfMeasureConversions
	if len(conv) != 2 {
		t.Fatalf("conversions %+v", conv)
	}
	// The catalogue conversion is filled in: 1 Foot sells as 12 Inch.
	if conv[0].DestinationUnitOfMeasureName != "Inch" || conv[0].SourceQuantity.String() != "1" || conv[0].DestinationQuantity.String() != "12" ||
		conv[0].Multiplier.String() != "12" || conv[0].IsCustom || !conv[0].IsDefault {
		t.Fatalf("catalogue conversion %+v", conv[0])
	}
	// The custom one keeps its quantities; the multiplier is sales units per inventory unit.
	if conv[1].DestinationUnitOfMeasureName != "Pound" || conv[1].Multiplier.String() != "0.3" || !conv[1].IsCustom || conv[1].IsDefault {
		t.Fatalf("custom conversion %+v", conv[1])
	}
	if it.MaterialDetails != nil || it.MaterialWeight != nil {
		t.Fatalf("an item not cut from a shape has no material details: %+v %v", it.MaterialDetails, it.MaterialWeight)
	}

	// A plain item reads the defaults.
	plain := getItem(t, te, createItem(t, te, newItem("PLAIN")))
	if plain.QualityPlanStatus != client.ItemQualityPlanStatusNotRequired || plain.NeedsQualityPlan || plain.Shipping.IsHazmat || plain.Shipping.Class != nil ||
		plain.AccountingDetails.ClassId != nil || plain.AccountingCodeId != nil || len(plain.SalesUnitOfMeasureConversions) != 0 {
		t.Fatalf("defaults %+v", plain)
	}
}

func TestItemCodesMustNameLiveRecordsOfTheirOwnList(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	c := newItemCodes(t, te)
	foreign := createListRecord(t, other, "/api/material-codes", "STEEL")
	unknown := "6745f0a2c81e4b0012ab34cd"
	base := `"number":"CODE-%d","unitTypeName":"Pieces","unitOfMeasureName":"Each"`
	for i, member := range []string{
		fmt.Sprintf(`"accountingCodeId":%q`, c.material), // a material code is no accounting code
		fmt.Sprintf(`"materialCodeId":%q`, c.category),
		fmt.Sprintf(`"categoryId":%q`, c.grade),
		fmt.Sprintf(`"gradeId":%q`, c.shape),
		fmt.Sprintf(`"shapeId":%q`, c.gauge),
		fmt.Sprintf(`"gaugeId":%q`, c.accounting),
		fmt.Sprintf(`"materialCodeId":%q`, foreign), // another tenant's
		fmt.Sprintf(`"accountingCode2Id":%q`, unknown),
		fmt.Sprintf(`"accountingDetails":{"classId":%q}`, c.income), // an account is no item class
		fmt.Sprintf(`"accountingDetails":{"cogsAccountId":%q}`, c.class),
	} {
		res, b := itemRequest(t, te, http.MethodPost, "/api/items", "{"+fmt.Sprintf(base, i)+","+member+"}")
		mustProblem(t, res, b, http.StatusNotFound)
	}
	// The same checks hold on update, and nothing is written.
	id := createItem(t, te, newItem("CODE-OK"))
	res, b := itemRequest(t, te, http.MethodPut, "/api/items/"+id, fmt.Sprintf(`{"gradeId":%q,"description":"changed"}`, c.material))
	mustProblem(t, res, b, http.StatusNotFound)
	if it := getItem(t, te, id); it.GradeId != nil || it.Description != nil {
		t.Fatalf("refused update wrote grade %v description %v", it.GradeId, it.Description)
	}
	// Malformed ids are refused by the schema, naming the member.
	res, b = itemRequest(t, te, http.MethodPut, "/api/items/"+id, `{"gaugeId":"short"}`)
	mustItemField(t, res, b, "gaugeId")
}

func TestItemUpdateReplacesCodesAndConversionsButKeepsOmittedShippingAccountingAndQuality(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	c := newItemCodes(t, te)
	id := createItem(t, te, newItem("KEEP"))
	path := "/api/items/" + id
	it := itemSaved(t, te, http.MethodPut, path, fmt.Sprintf(`{"gradeId":%q,
		"shipping":{"class":"50","countryOfOrigin":"DE"},"accountingDetails":{"incomeAccountId":%q},"qualityPlanStatus":"approved",
		"salesUnitOfMeasureConversions":[{"destinationUnitOfMeasureName":"Dozen"}]}`, c.grade, c.income))
	if optText(it.GradeId) != c.grade || optText(it.Shipping.CountryOfOrigin) != "DE" || optText(it.AccountingDetails.IncomeAccountId) != c.income ||
		it.QualityPlanStatus != client.ItemQualityPlanStatusApproved || it.NeedsQualityPlan || len(it.SalesUnitOfMeasureConversions) != 1 {
		t.Fatalf("saved %+v", it)
	}
	// 1 Each sells as 1/12 Dozen: the multiplier is rounded to 12 places.
	if m := it.SalesUnitOfMeasureConversions[0].Multiplier.String(); m != "0.083333333333" {
		t.Fatalf("multiplier %s", m)
	}

	// A full update without them: codes and conversions are replaced (cleared); shipping,
	// accounting details and quality plan status are kept.
	it = itemSaved(t, te, http.MethodPut, path, `{"description":"again"}`)
	if it.GradeId != nil || len(it.SalesUnitOfMeasureConversions) != 0 {
		t.Fatalf("grade %v conversions %+v not cleared", it.GradeId, it.SalesUnitOfMeasureConversions)
	}
	if optText(it.Shipping.CountryOfOrigin) != "DE" || it.Shipping.Class == nil || optText(it.AccountingDetails.IncomeAccountId) != c.income || it.QualityPlanStatus != client.ItemQualityPlanStatusApproved {
		t.Fatalf("omitted members not kept: %+v %+v %s", it.Shipping, it.AccountingDetails, it.QualityPlanStatus)
	}
	// A sent shipping profile replaces the whole profile.
	it = itemSaved(t, te, http.MethodPut, path, `{"shipping":{"isHazmat":true}}`)
	if !it.Shipping.IsHazmat || it.Shipping.CountryOfOrigin != nil || it.Shipping.Class != nil {
		t.Fatalf("shipping not replaced: %+v", it.Shipping)
	}

	// A patch reaches single members and keeps the rest.
	res, b := itemRequest(t, te, http.MethodPatch, path, `[{"op":"replace","path":"/shipping/tariffCode","value":"8481.80"},
		{"op":"replace","path":"/qualityPlanStatus","value":"needsApproval"}]`)
	it = mustItem(t, res, b)
	if optText(it.Shipping.TariffCode) != "8481.80" || !it.Shipping.IsHazmat || !it.NeedsQualityPlan || optText(it.AccountingDetails.IncomeAccountId) != c.income {
		t.Fatalf("patched %+v %+v", it.Shipping, it.AccountingDetails)
	}
	// Read-only members are not patch targets.
	for _, p := range []string{"/barCodeNumber", "/needsQualityPlan", "/materialWeight", "/materialDetails"} {
		res, b := itemRequest(t, te, http.MethodPatch, path, fmt.Sprintf(`[{"op":"replace","path":%q,"value":"x"}]`, p))
		mustProblem(t, res, b, http.StatusBadRequest)
	}
}

func TestItemShippingRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createItem(t, te, newItem("SHIP"))
	for _, c := range []struct{ shipping, field string }{
		{`{"class":"80"}`, "shipping.class"},
		{`{"nmfc":"` + strings.Repeat("1", 21) + `"}`, "shipping.nmfc"},
		{`{"tariffCode":"` + strings.Repeat("1", 21) + `"}`, "shipping.tariffCode"},
		{`{"countryOfOrigin":"us"}`, "shipping.countryOfOrigin"},
		{`{"countryOfOrigin":"USA"}`, "shipping.countryOfOrigin"},
		{`{"unitWeight":-1}`, "shipping.unitWeight"},
	} {
		res, b := itemRequest(t, te, http.MethodPut, "/api/items/"+id, `{"shipping":`+c.shipping+`}`)
		mustItemField(t, res, b, c.field)
	}
	// Blank texts are none.
	it := itemSaved(t, te, http.MethodPut, "/api/items/"+id, `{"shipping":{"nmfc":"   ","tariffCode":""}}`)
	if it.Shipping.Nmfc != nil || it.Shipping.TariffCode != nil {
		t.Fatalf("blank shipping texts stored: %+v", it.Shipping)
	}
}

func TestItemSalesUnitConversionRules(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("CONV")
	w.UnitTypeName, w.UnitOfMeasureName = "Length", "Foot"
	id := createItem(t, te, w)
	path := "/api/items/" + id
	at := "salesUnitOfMeasureConversions.%d.%s"
	for _, c := range []struct{ list, field string }{
		{`[{"destinationUnitOfMeasureName":"Parsec"}]`, fmt.Sprintf(at, 0, "destinationUnitOfMeasureName")},
		{`[{"destinationUnitOfMeasureName":"inch"}]`, fmt.Sprintf(at, 0, "destinationUnitOfMeasureName")}, // case-sensitive
		{`[{"destinationUnitOfMeasureName":"Foot"}]`, fmt.Sprintf(at, 0, "destinationUnitOfMeasureName")}, // the inventory unit
		{`[{"destinationUnitOfMeasureName":"Inch"},{"destinationUnitOfMeasureName":" Inch "}]`, fmt.Sprintf(at, 1, "destinationUnitOfMeasureName")},
		{`[{"destinationUnitOfMeasureName":"Pound"}]`, fmt.Sprintf(at, 0, "destinationUnitOfMeasureName")},                                            // another type must be custom
		{`[{"destinationUnitOfMeasureName":"Inch","sourceQuantity":2,"destinationQuantity":25}]`, fmt.Sprintf(at, 0, "destinationUnitOfMeasureName")}, // not the catalogue ratio
		{`[{"destinationUnitOfMeasureName":"Pound","isCustom":true,"sourceQuantity":1}]`, fmt.Sprintf(at, 0, "sourceQuantity")},
		{`[{"destinationUnitOfMeasureName":"Inch","isDefault":true},{"destinationUnitOfMeasureName":"Meter","isDefault":true}]`, fmt.Sprintf(at, 1, "isDefault")},
		{`[{"destinationUnitOfMeasureName":"Inch","sourceQuantity":0}]`, fmt.Sprintf(at, 0, "sourceQuantity")},
	} {
		res, b := itemRequest(t, te, http.MethodPut, path, `{"salesUnitOfMeasureConversions":`+c.list+`}`)
		mustItemField(t, res, b, c.field)
	}
	// 51 conversions are too many.
	many := make([]string, 51)
	for i := range many {
		many[i] = `{"destinationUnitOfMeasureName":"Inch"}`
	}
	res, b := itemRequest(t, te, http.MethodPut, path, `{"salesUnitOfMeasureConversions":[`+strings.Join(many, ",")+`]}`)
	mustItemField(t, res, b, "salesUnitOfMeasureConversions")

	// Sent quantities stating the catalogue's ratio are kept as sent; a destination quantity
	// alone gives the source; order is as written.
	it := itemSaved(t, te, http.MethodPut, path, `{"salesUnitOfMeasureConversions":[
		{"destinationUnitOfMeasureName":"Meter","destinationQuantity":0.3048},
		{"destinationUnitOfMeasureName":"Inch","sourceQuantity":2,"destinationQuantity":24}]}`)
	got := it.SalesUnitOfMeasureConversions
	if len(got) != 2 || got[0].DestinationUnitOfMeasureName != "Meter" || got[0].SourceQuantity.String() != "1" ||
		got[1].SourceQuantity.String() != "2" || got[1].DestinationQuantity.String() != "24" || got[1].Multiplier.String() != "12" {
		t.Fatalf("conversions %+v", got)
	}
	// A unit without a fixed conversion (Box) can only be custom.
	box := createItem(t, te, newItem("BOXED"))
	res, b = itemRequest(t, te, http.MethodPut, "/api/items/"+box, `{"salesUnitOfMeasureConversions":[{"destinationUnitOfMeasureName":"Box"}]}`)
	mustItemField(t, res, b, fmt.Sprintf(at, 0, "destinationUnitOfMeasureName"))
	it = itemSaved(t, te, http.MethodPut, "/api/items/"+box, `{"salesUnitOfMeasureConversions":[{"destinationUnitOfMeasureName":"Box","isCustom":true,"sourceQuantity":12,"destinationQuantity":1}]}`)
	if m := it.SalesUnitOfMeasureConversions[0].Multiplier.String(); m != "0.083333333333" {
		t.Fatalf("box multiplier %s", m)
	}
}

func TestItemUnitChangeRefusedWhileSalesConversionsAreOnTheRequest(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	w := newItem("CONV-UNIT")
	w.UnitTypeName, w.UnitOfMeasureName = "Length", "Foot"
	id := createItem(t, te, w)
	path := "/api/items/" + id
	itemSaved(t, te, http.MethodPut, path, `{"salesUnitOfMeasureConversions":[{"destinationUnitOfMeasureName":"Meter"}]}`)

	// Conversions sent with a unit change, or carried by a patch, refuse the change.
	res, b := itemRequest(t, te, http.MethodPut, path, `{"unitOfMeasureName":"Inch","salesUnitOfMeasureConversions":[{"destinationUnitOfMeasureName":"Meter"}]}`)
	mustItemField(t, res, b, "salesUnitOfMeasureConversions")
	res, b = itemRequest(t, te, http.MethodPatch, path, `[{"op":"replace","path":"/unitOfMeasureName","value":"Inch"}]`)
	mustItemField(t, res, b, "salesUnitOfMeasureConversions")
	if it := getItem(t, te, id); optText(it.UnitOfMeasureName) != "Foot" || len(it.SalesUnitOfMeasureConversions) != 1 {
		t.Fatalf("refused change wrote unit %s conversions %d", optText(it.UnitOfMeasureName), len(it.SalesUnitOfMeasureConversions))
	}
	// The same unit with conversions is no change.
	itemSaved(t, te, http.MethodPut, path, `{"unitOfMeasureName":"Foot","salesUnitOfMeasureConversions":[{"destinationUnitOfMeasureName":"Meter"}]}`)
	// A patch that also removes the conversions changes the unit.
	res, b = itemRequest(t, te, http.MethodPatch, path, `[{"op":"replace","path":"/salesUnitOfMeasureConversions","value":[]},{"op":"replace","path":"/unitOfMeasureName","value":"Inch"}]`)
	if it := mustItem(t, res, b); optText(it.UnitOfMeasureName) != "Inch" {
		t.Fatalf("unit %s", optText(it.UnitOfMeasureName))
	}
	// A full update without conversions changes the unit (and leaves none).
	it := itemSaved(t, te, http.MethodPut, path, `{"unitOfMeasureName":"Meter"}`)
	if optText(it.UnitOfMeasureName) != "Meter" || len(it.SalesUnitOfMeasureConversions) != 0 {
		t.Fatalf("unit %s conversions %+v", optText(it.UnitOfMeasureName), it.SalesUnitOfMeasureConversions)
	}
}

func TestItemBarCodeNumbersCountUpPerTenantAndNeverRepeat(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	first := getItem(t, te, createItem(t, te, newItem("BAR-1")))
	if first.BarCodeNumber != "00000001" {
		t.Fatalf("first bar code %q", first.BarCodeNumber)
	}
	if o := getItem(t, other, createItem(t, other, newItem("BAR-1"))); o.BarCodeNumber != "00000001" {
		t.Fatalf("another tenant counts on its own: %q", o.BarCodeNumber)
	}
	// A new revision is a new item with its own number.
	res, err := te.API.AddItemRevisionWithResponse(context.Background(), first.Id, nil, client.ItemRevisionCreate{Revision: "B"})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if rev := getItem(t, te, res.JSON200.Id); rev.BarCodeNumber != "00000002" {
		t.Fatalf("revision bar code %q", rev.BarCodeNumber)
	}
	// Concurrent creates take distinct numbers.
	var mu sync.Mutex
	var created []string
	next := 0
	statuses := concurrently(t, 10, func() (int, error) {
		mu.Lock()
		next++
		number := fmt.Sprintf("BAR-C%d", next)
		mu.Unlock()
		res, err := te.API.CreateItemWithResponse(context.Background(), nil, newItem(number))
		if err != nil {
			return 0, err
		}
		if res.JSON200 != nil {
			mu.Lock()
			created = append(created, res.JSON200.Id)
			mu.Unlock()
		}
		return res.StatusCode(), nil
	})
	if statuses[http.StatusOK] != 10 {
		t.Fatalf("statuses %v", statuses)
	}
	var numbers []string
	for _, id := range created {
		numbers = append(numbers, getItem(t, te, id).BarCodeNumber)
	}
	sort.Strings(numbers)
	digits := regexp.MustCompile(`^\d{8}$`)
	for i, n := range numbers {
		if !digits.MatchString(n) || (i > 0 && n == numbers[i-1]) || n <= "00000002" {
			t.Fatalf("bar codes %v", numbers)
		}
	}
}

func TestItemAddRevisionCopiesProfileAndConversions(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	c := newItemCodes(t, te)
	id := createItem(t, te, newItem("REV-PROF"))
	itemSaved(t, te, http.MethodPut, "/api/items/"+id, fmt.Sprintf(`{"categoryId":%q,"shipping":{"class":"100"},"qualityPlanStatus":"approved",
		"salesUnitOfMeasureConversions":[{"destinationUnitOfMeasureName":"Dozen","isDefault":true}]}`, c.category))
	res, err := te.API.AddItemRevisionWithResponse(context.Background(), id, nil, client.ItemRevisionCreate{Revision: "B"})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	rev := getItem(t, te, res.JSON200.Id)
	if optText(rev.CategoryId) != c.category || rev.Shipping.Class == nil || *rev.Shipping.Class != client.ItemFreightClassN100 || rev.QualityPlanStatus != client.ItemQualityPlanStatusApproved ||
		len(rev.SalesUnitOfMeasureConversions) != 1 || !rev.SalesUnitOfMeasureConversions[0].IsDefault {
		t.Fatalf("revision %+v", rev)
	}
}

func TestItemMaterialDetailsAndWeightOfItemsCutFromShapes(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	plateID := createMaterialShape(t, te.API, plate("Plate 1/4 A36"))
	barID := createMaterialShape(t, te.API, flatBar("Flat Bar 2 x 1/4"))
	metric := createMaterialShape(t, te.API, client.MaterialShapeWrite{
		Name: "Plate 10 S355", MaterialName: "S355", ShapeType: client.MaterialShapeTypePlate,
		Thickness: ptr(dec.MustParse("10")), DimensionUnits: client.DimensionUnitsMillimeter, PlanarDensity: ptr(dec.MustParse("78.5")),
	})

	planar := getItem(t, te, cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":96,"width":48,"isRemnant":true}`, plateID)))
	m := planar.MaterialDetails
	if m == nil || m.MaterialId != plateID || m.MaterialName != "A36 Steel" || m.Form != "plate" || m.ShapeType != client.ItemMaterialDetailsShapeTypePlanar ||
		m.Unit != "inch" || m.DimensionUnits != "inch" || decString(m.MaterialThickness) != "0.25" || decString(m.MaterialWidth) != "48" ||
		decString(m.MaterialLength) != "96" || !m.IsRemnant || decString(m.PlanarDensity) != "0.0709" || m.LinearDensity != nil || m.DensityUnits != "lb/in²" {
		t.Fatalf("planar details %+v", m)
	}
	// 96 × 48 in² × 0.0709 lb/in²
	if w := decString(planar.MaterialWeight); w != "326.7072" {
		t.Fatalf("planar weight %s", w)
	}

	linear := getItem(t, te, cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":120.5}`, barID)))
	if l := linear.MaterialDetails; l == nil || l.ShapeType != client.ItemMaterialDetailsShapeTypeLinear || l.Form != "bar" || l.MaterialWidth != nil || l.IsRemnant || l.DensityUnits != "lb/in" {
		t.Fatalf("linear details %+v", l)
	}
	// 120.5 in × 0.1418 lb/in
	if w := decString(linear.MaterialWeight); w != "17.0869" {
		t.Fatalf("linear weight %s", w)
	}

	// Millimeter shapes weigh in kilograms: 2000 × 1000 mm² = 2 m² × 78.5 kg/m².
	kg := getItem(t, te, cutID(t, te.Token, fmt.Sprintf(`{"materialShapeId":%q,"length":2000,"width":1000}`, metric)))
	if w := decString(kg.MaterialWeight); w != "157" || kg.MaterialDetails.DensityUnits != "kg/m²" {
		t.Fatalf("metric weight %s units %s", w, kg.MaterialDetails.DensityUnits)
	}

	// Lists show them too.
	list := listItemsV2(t, te, client.ItemFilterV2{ItemIds: &[]string{planar.Id}})
	if len(list) != 1 || list[0].MaterialDetails == nil || decString(list[0].MaterialWeight) != "326.7072" {
		t.Fatalf("listed %+v", list)
	}
}
