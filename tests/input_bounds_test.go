package tests

import (
	"net/http"
	"testing"

	"mos/gen/client"
)

// TestOversizedDecimalsAreRefusedOnEveryWritePath: a decimal that reaches a store has been
// range-checked on every write path. A number with more than 20 digits before the point (or
// 20 after it) is a 400 naming the member, through PATCH exactly as through PUT or POST,
// never a 500.
func TestOversizedDecimalsAreRefusedOnEveryWritePath(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("HUGE"))
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Huge"})
	const huge = "123456789012345678901234"
	for _, c := range []struct{ method, path, body, field string }{
		{http.MethodPut, "/api/items/" + item, `{"width":` + huge + `}`, "width"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/width","value":` + huge + `}]`, "width"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/height","value":` + huge + `}]`, "height"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/length","value":` + huge + `}]`, "length"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/weight","value":` + huge + `}]`, "weight"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/minimumStockOnHand","value":` + huge + `}]`, "minimumStockOnHand"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/minimumProductionQuantity","value":` + huge + `}]`, "minimumProductionQuantity"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/shipping","value":{"unitWeight":` + huge + `}}]`, "shipping.unitWeight"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/width","value":0.000000000000000000001}]`, "width"},
		{http.MethodPut, "/api/customers/" + customer, `{"name":"Huge","creditLimit":` + huge + `}`, "creditLimit"},
		{http.MethodPatch, "/api/customers/" + customer, `[{"op":"add","path":"/creditLimit","value":` + huge + `}]`, "creditLimit"},
		{http.MethodPatch, "/api/customers/" + customer, `[{"op":"add","path":"/creditLimit","value":-` + huge + `}]`, "creditLimit"},
	} {
		t.Run(c.method+" "+c.field, func(t *testing.T) {
			res, body := itemRequest(t, te, c.method, c.path, c.body)
			mustProblemNaming(t, res, body, c.field)
		})
	}
}
