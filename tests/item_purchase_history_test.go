package tests

import (
	"encoding/json"
	"net/http"
	"testing"
)

func purchaseHistory(t *testing.T, token, itemID, query string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodGet, "/api/items/"+itemID+"/purchase-history"+query, token, "", "")
}

// Until purchase orders exist every item answers an honest empty history.
func TestItemPurchaseHistoryEmptyUntilPurchaseOrdersAndWindowClamped(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("PH-1"))
	cases := []struct {
		query  string
		window int
	}{{"", 12}, {"?months=24", 24}, {"?months=0", 1}, {"?months=-3", 1}, {"?months=1", 1}, {"?months=60", 60}, {"?months=61", 60}, {"?months=100000", 60}}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			res, body := purchaseHistory(t, te.Token, itemID, c.query)
			mustStatus(t, res.StatusCode, http.StatusOK, body)
			var got map[string]any
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatal(err)
			}
			item := got["item"].(map[string]any)
			if item["id"] != itemID || item["name"] != "PH-1" || got["windowMonths"] != float64(c.window) || got["totalPurchaseCount"] != float64(0) {
				t.Fatalf("history %s", body)
			}
			if purchases, ok := got["purchases"].([]any); !ok || len(purchases) != 0 {
				t.Fatalf("purchases %v, want []", got["purchases"])
			}
			summary := got["summary"].(map[string]any)
			for _, k := range []string{"minUnitPrice", "maxUnitPrice", "avgUnitPrice", "latestUnitPrice", "latestOrderDateUtc"} {
				if v, present := summary[k]; !present || v != nil {
					t.Fatalf("summary %s = %v, want null", k, v)
				}
			}
			if summary["vendorCount"] != float64(0) {
				t.Fatalf("vendorCount %v", summary["vendorCount"])
			}
		})
	}
	res, body := purchaseHistory(t, te.Token, itemID, "?months=abc")
	mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
}

func TestItemPurchaseHistoryUnknownItemIs404(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, body := purchaseHistory(t, te.Token, "000000000000000000000000", "")
	mustProblem(t, res, body, http.StatusNotFound)
}
