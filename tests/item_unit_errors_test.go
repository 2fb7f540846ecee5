package tests

import (
	"fmt"
	"net/http"
	"testing"
)

// TestUnitNotOfTheItemsTypeNamesTheTypesUnits: wherever a request names a unit of measure
// that is not a unit of the item's unit type, the 400 names the field and lists the units
// of that type, in one phrasing.
func TestUnitNotOfTheItemsTypeNamesTheTypesUnits(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("UNITS")) // Pieces, counted in Each
	vendorID := createVendor(t, te, "Unit Vendor")
	customerID := newSubRecordCustomer(t, te, "Unit Customer")
	const want = `unit "Foot" is not a unit of Pieces; units of Pieces: Box, Dozen, Each`
	item := "/api/items/" + itemID
	cases := []struct {
		name, method, path, body, field, want string
	}{
		{"item create", http.MethodPost, "/api/items", `{"number":"UNITS-NEW","unitTypeName":"Pieces","unitOfMeasureName":"Foot"}`,
			"unitOfMeasureName", want},
		{"item update", http.MethodPut, item, `{"unitOfMeasureName":"Foot"}`, "unitOfMeasureName", want},
		{"item patch", http.MethodPatch, item, `[{"op":"replace","path":"/unitOfMeasureName","value":"Foot"}]`, "unitOfMeasureName", want},
		{"vendor detail", http.MethodPost, item + "/vendors", fmt.Sprintf(`{"vendorId":%q,"unitOfMeasureName":"Foot"}`, vendorID),
			"unitOfMeasureName", want},
		{"customer detail", http.MethodPost, item + "/customers", fmt.Sprintf(`{"customerId":%q,"unitOfMeasureName":"Foot"}`, customerID),
			"unitOfMeasureName", want},
		{"sales price break", http.MethodPut, item + "/sales-price-breaks", `{"priceBreaks":[{"quantity":1,"price":2,"unitOfMeasureName":"Foot"}]}`,
			"priceBreaks.0.unitOfMeasureName", want},
		{"sales unit conversion", http.MethodPut, item, `{"salesUnitOfMeasureConversions":[{"destinationUnitOfMeasureName":"Foot"}]}`,
			"salesUnitOfMeasureConversions.0.destinationUnitOfMeasureName",
			want + "; a conversion to another unit type must be custom (isCustom true)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := itemRequest(t, te, c.method, c.path, c.body)
			p := mustProblem(t, res, body, http.StatusBadRequest)
			if got := p.Errors[c.field]; len(got) != 1 || got[0] != c.want {
				t.Fatalf("errors %v, want %s: %q", p.Errors, c.field, c.want)
			}
		})
	}
}
