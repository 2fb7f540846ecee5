package items

import (
	"context"
	"fmt"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/purchasing/vendors"
	"mos/internal/sales/customers"
	"mos/internal/sales/taxrates"
	"mos/internal/sales/tiers"
	"mos/internal/shared/customfields"
	"mos/internal/shared/tags"
	"mos/internal/stock/shapes"
	"mos/internal/stock/units"
)

// newItemService builds the items service on pool with every other area it reads, wired as
// internal/httpapi wires them.
func newItemService(pool *db.Pool) *Service {
	tagCatalogue := tags.NewService(pool)
	tagCatalogue.RegisterCarrier(tags.CarrierItem, CarriesTagSQL)
	customFields := customfields.NewService(pool)
	return NewService(pool, Deps{
		Units: units.NewService(pool), CustomFields: customFields, Tags: tagCatalogue,
		Shapes: shapes.NewService(pool), Vendors: vendors.NewService(pool, customfields.NewService(pool)),
		Customers: customers.NewService(pool, customFields, taxrates.NewService(pool)), Tiers: tiers.NewService(pool),
	})
}

// Statements per item read, counted on the service (the HTTP request adds a GET's ETag):
// the item rows with their unit's names, then one statement per table of sub-records, each
// reading with them the names they show from other areas: tags, vendor details with their
// price breaks, sales unit conversions, material shape links, customer details, sales price
// breaks and material vendor details.
const (
	getItemStatements       = 8
	listItemsStatements     = 8
	inputUnitCostStatements = 8
)

// TestItemReadsRunAFixedNumberOfStatements: Get, List and the input unit cost of items that
// carry every kind of sub-record cost a fixed number of statements, the same for one item as
// for thirty with several sub-records each (no N+1, and no catalogue read per loader).
func TestItemReadsRunAFixedNumberOfStatements(t *testing.T) {
	t.Parallel()
	pool, dsn, _ := dbtest.NewWithTenant(t)
	svc := newItemService(pool)
	counted, statements := dbtest.Counting(t, dsn)
	counting := newItemService(counted)
	ctx := context.Background()
	for _, n := range []int{1, 30} {
		t.Run(fmt.Sprintf("%d items", n), func(t *testing.T) {
			tenantID := dbtest.Tenant(t, pool)
			first := buildItemWorld(t, svc, pool, tenantID, n)

			statements.Store(0)
			it, err := counting.Get(ctx, tenantID, first)
			if err != nil {
				t.Fatal(err)
			}
			checkItemRead(t, it)
			if got := statements.Load(); got != getItemStatements {
				t.Errorf("Get of an item with every kind of sub-record took %d statements, want %d", got, getItemStatements)
			}

			take := int32(50)
			statements.Store(0)
			list, err := counting.List(ctx, tenantID, Filter{}, listing.Request{Take: &take})
			if err != nil {
				t.Fatal(err)
			}
			if len(list) != n {
				t.Fatalf("List answered %d items, want %d", len(list), n)
			}
			for _, it := range list {
				checkItemRead(t, it)
			}
			if got := statements.Load(); got != listItemsStatements {
				t.Errorf("List of %d items with every kind of sub-record took %d statements, want %d", n, got, listItemsStatements)
			}

			statements.Store(0)
			cost, err := counting.InputUnitCost(ctx, tenantID, "USD", first, dec.FromInt(50))
			if err != nil {
				t.Fatal(err)
			}
			if cost.Basis != BasisVendorPriceBreak || cost.VendorName != "Vendor 1" || cost.UnitName == nil || *cost.UnitName != "Each" {
				t.Errorf("input unit cost %+v: want the primary vendor's (Vendor 1) break, in Each", cost)
			}
			if got := statements.Load(); got != inputUnitCostStatements {
				t.Errorf("InputUnitCost took %d statements, want %d", got, inputUnitCostStatements)
			}
		})
	}
}

// buildItemWorld makes n items in the tenant, each cut from a material shape and carrying
// every kind of sub-record an item read shows, and returns the first item's id.
func buildItemWorld(t *testing.T, svc *Service, pool *db.Pool, tenantID string, n int) string {
	t.Helper()
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	thickness, density := dec.MustParse("0.25"), dec.MustParse("10.20")
	shapeID, err := shapes.NewService(pool).Create(ctx, tenantID, shapes.Write{
		Name: "Plate A36", MaterialName: "A36", Type: shapes.Sheet, Thickness: &thickness,
		DimensionUnits: shapes.Inch, PlanarDensity: &density, IsActivated: true,
	})
	must(err)
	_, err = customfields.NewService(pool).Create(ctx, tenantID, customfields.DefinitionWrite{
		Name: "inspector", Type: customfields.TypeText, Module: customfields.ModuleItem,
	})
	must(err)
	var tagIDs, vendorIDs, customerIDs, tierIDs []string
	for k := range 3 {
		id, err := tags.NewService(pool).Create(ctx, tenantID, tags.Tags, tags.NewTag{Name: fmt.Sprintf("Tag %d", 3-k), Style: "info"})
		must(err)
		tagIDs = append(tagIDs, id)
		id, err = vendors.NewService(pool, customfields.NewService(pool)).Create(ctx, vendors.Tenant{ID: tenantID, Currency: "USD"}, vendors.VendorWrite{Name: fmt.Sprintf("Vendor %d", k)})
		must(err)
		vendorIDs = append(vendorIDs, id)
		id, err = customers.NewService(pool, customfields.NewService(pool), taxrates.NewService(pool)).Create(ctx, customers.Tenant{ID: tenantID, Currency: "USD"}, customers.CustomerWrite{Name: fmt.Sprintf("Customer %d", 3-k)})
		must(err)
		customerIDs = append(customerIDs, id)
		id, err = tiers.NewService(pool).Create(ctx, tenantID, tiers.NewTier{Name: fmt.Sprintf("Tier %d", 3-k)})
		must(err)
		tierIDs = append(tierIDs, id)
	}
	var first string
	for i := range n {
		width := dec.FromInt(48)
		id, err := svc.CreateFromMaterialShape(ctx, tenantID, ShapeCut{MaterialShapeID: shapeID, Width: &width, Length: dec.FromInt(int64(10 + i))})
		must(err)
		if i == 0 {
			first = id
		}
		current, err := svc.Get(ctx, tenantID, id)
		must(err)
		ref, url := "ERP-1", "https://erp.example/items/1"
		_, err = svc.Update(ctx, tenantID, id, ItemUpdate{
			Measures: current.Measures, Codes: current.Codes,
			CustomFields:       map[string]any{"inspector": "Bo"},
			ExternalReferences: extref.References{"erp": {ExternalID: &ref, URL: &url}},
			SalesConversions:   []SalesConversionWrite{{UnitName: "Dozen", IsDefault: true}, {UnitName: "Box", IsCustom: true, SourceQuantity: ptrDec("20"), DestinationQuantity: ptrDec("1")}},
		})
		must(err)
		_, err = svc.ReplaceTags(ctx, tenantID, id, tagIDs[:2])
		must(err)
		for k, vendorID := range vendorIDs[:2] {
			_, err = svc.CreateVendorDetail(ctx, tenantID, id, VendorDetailWrite{
				VendorID: vendorID, IsPrimary: k == 1, Price: ptrDec("3.50"), UnitName: ptrStr("Dozen"),
				PriceBreaks: []VendorPriceBreakWrite{{Quantity: 10, Price: dec.MustParse("3.10")}, {Quantity: 2, Price: dec.MustParse("3.30")}},
			})
			must(err)
			_, err = svc.CreateMaterialVendorDetail(ctx, tenantID, id, MaterialVendorDetailWrite{VendorID: vendorID, VendorItemNumber: ptrStr("MV")})
			must(err)
		}
		breaks := []SalesPriceBreakWrite{{Quantity: 1, Price: ptrDec("9")}, {Quantity: 5, Price: ptrDec("8"), UnitName: ptrStr("Dozen")}}
		for k := range 2 {
			_, err = svc.CreateCustomerDetail(ctx, tenantID, id, CustomerDetailWrite{CustomerID: customerIDs[k], UnitName: ptrStr("Dozen")})
			must(err)
			breaks = append(breaks,
				SalesPriceBreakWrite{Quantity: 1, Price: ptrDec("7"), CustomerID: &customerIDs[k]},
				SalesPriceBreakWrite{Quantity: 1, Type: SalesBreakMargin, Margin: ptrDec("30"), CustomerTierID: &tierIDs[k]})
		}
		_, err = svc.ReplaceSalesPriceBreaks(ctx, tenantID, "USD", id, breaks)
		must(err)
	}
	return first
}

// checkItemRead fails unless it shows every sub-record buildItemWorld gave it, with the
// names of the records they refer to and in read order.
func checkItemRead(t *testing.T, it Item) {
	t.Helper()
	if it.Unit == nil || it.Unit.Name != "Each" || it.Unit.TypeName != "Pieces" {
		t.Errorf("item %s unit %+v, want Pieces/Each", it.Number, it.Unit)
	}
	if len(it.Tags) != 2 || it.Tags[0].Name != "Tag 2" || it.Tags[1].Name != "Tag 3" || len(it.Tags[0].Types) != 1 {
		t.Errorf("item %s tags %+v, want Tag 2 and Tag 3 of type item", it.Number, it.Tags)
	}
	if d := it.VendorDetails; len(d) != 2 || d[0].VendorName != "Vendor 1" || d[1].VendorName != "Vendor 0" ||
		d[0].UnitName != "Dozen" || d[0].VendorCurrency != "USD" || len(d[0].PriceBreaks) != 2 || d[0].PriceBreaks[0].Quantity != 2 ||
		d[0].PriceBreaks[1].Price.String() != "3.1" {
		t.Errorf("item %s vendor details %+v, want Vendor 1 (primary) then Vendor 0, in Dozen, breaks by quantity", it.Number, d)
	}
	if c := it.SalesConversions; len(c) != 2 || c[0].UnitName != "Dozen" || c[1].UnitName != "Box" {
		t.Errorf("item %s sales conversions %+v, want Dozen then Box", it.Number, c)
	}
	if m := it.MaterialDetails; m == nil || m.Shape.Name != "Plate A36" || m.Shape.PlanarDensity == nil || m.Shape.PlanarDensity.String() != "10.2" {
		t.Errorf("item %s material details %+v, want Plate A36", it.Number, m)
	}
	if d := it.CustomerDetails; len(d) != 2 || d[0].CustomerName != "Customer 2" || d[0].UnitName != "Dozen" || len(d[0].PriceBreaks) != 1 {
		t.Errorf("item %s customer details %+v, want Customer 2 then Customer 3, each with its break", it.Number, d)
	}
	if ct := it.CustomerTiers; len(ct) != 2 || ct[0].Tier.Name != "Tier 2" || ct[0].Tier.ID == "" || len(ct[0].PriceBreaks) != 1 || ct[0].PriceBreaks[0].UnitName != "Each" {
		t.Errorf("item %s customer tiers %+v, want Tier 2 then Tier 3, each with its break", it.Number, ct)
	}
	if m := it.MaterialVendorDetails; len(m) != 2 || m[0].VendorName != "Vendor 0" || m[1].VendorName != "Vendor 1" {
		t.Errorf("item %s material vendor details %+v, want Vendor 0 then Vendor 1", it.Number, m)
	}
	if it.CustomFields["inspector"] != "Bo" || len(it.ExternalReferences) != 1 {
		t.Errorf("item %s custom fields %v, external references %v", it.Number, it.CustomFields, it.ExternalReferences)
	}
}

func ptrDec(s string) *dec.Decimal {
	d := dec.MustParse(s)
	return &d
}

func ptrStr(s string) *string { return &s }
