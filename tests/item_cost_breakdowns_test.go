package tests

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"mos/gen/client"
)

func listCostBreakdowns(t *testing.T, token, itemID, query, body string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, "/api/items/"+itemID+"/cost-breakdowns/list"+query, token, "application/json", body)
}

// costPage lists and answers the 200's page.
func costPage(t *testing.T, token, itemID, query, body string) client.ItemCostBreakdownPage {
	t.Helper()
	res, raw := listCostBreakdowns(t, token, itemID, query, body)
	mustStatus(t, res.StatusCode, http.StatusOK, raw)
	var page client.ItemCostBreakdownPage
	if err := json.Unmarshal(raw, &page); err != nil {
		t.Fatal(err)
	}
	return page
}

func costIDs(page client.ItemCostBreakdownPage) []string {
	out := make([]string, len(page.Data))
	for i, b := range page.Data {
		out[i] = b.Id
	}
	return out
}

func TestItemCostBreakdownsNewestFirstThenHighestIDWithCostsAndPerUnit(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("CB-1"))
	empty := costPage(t, te.Token, itemID, "", "")
	if len(empty.Data) != 0 || empty.TotalCount != 0 {
		t.Fatalf("new item has breakdowns: %+v", empty)
	}
	day := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	old := insertCostBreakdown(t, te, itemID, "estimated", day)
	newest := insertCostBreakdown(t, te, itemID, "completedJob", day.Add(48*time.Hour))
	a := insertCostBreakdown(t, te, itemID, "inProgressJob", day.Add(24*time.Hour))
	b := insertCostBreakdown(t, te, itemID, "cancelledJob", day.Add(24*time.Hour))
	tieHigh, tieLow := a, b
	if b > a {
		tieHigh, tieLow = b, a
	}
	page := costPage(t, te.Token, itemID, "", "")
	if want := []string{newest, tieHigh, tieLow, old}; !sameIDs(costIDs(page), want) {
		t.Fatalf("order %v, want %v", costIDs(page), want)
	}
	first := page.Data[0]
	if first.Type != client.ItemCostBreakdownTypeCompletedJob || decString(&first.Quantity) != "4" || decString(&first.QuantityScrapped) != "1" ||
		decString(&first.Time.Labor) != "1.5" || decString(&first.Time.Setup) != "0.25" {
		t.Fatalf("row %+v", first)
	}
	costs := []struct {
		name        string
		total, unit string
		got         client.CostAmount
	}{
		{"item material", "10", "2.5", first.ItemCost.Material},
		{"item labor", "2.5", "0.625", first.ItemCost.Labor},
		{"item machine", "0", "0", first.ItemCost.Machine},
		{"item total", "12.5", "3.125", first.ItemCost.Total},
		{"cumulative material", "30", "7.5", first.CumulativeCost.Material},
		{"cumulative total", "30", "7.5", first.CumulativeCost.Total},
	}
	for _, c := range costs {
		if decString(&c.got.Total) != c.total || decString(&c.got.PerUnit) != c.unit {
			t.Errorf("%s: total %s per unit %s, want %s and %s", c.name, decString(&c.got.Total), decString(&c.got.PerUnit), c.total, c.unit)
		}
	}
}

func TestItemCostBreakdownsTypesFilterAndPagedEnvelope(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("CB-2"))
	other := createItem(t, te, newItem("CB-3"))
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var jobs []string // newest first
	for i := range 5 {
		jobs = append([]string{insertCostBreakdown(t, te, itemID, "completedJob", start.Add(time.Duration(i)*time.Hour))}, jobs...)
	}
	insertCostBreakdown(t, te, itemID, "estimated", start)
	insertCostBreakdown(t, te, other, "completedJob", start) // another item's: never listed

	cases := []struct {
		name, query, body        string
		ids                      []string
		page, size, total, pages int
		hasPrevious, hasNext     bool
	}{
		{"filtered first page", "?Take=2", `{"types":["completedJob"]}`, jobs[:2], 1, 2, 5, 3, false, true},
		{"filtered middle page", "?Skip=2&Take=2", `{"types":["completedJob"]}`, jobs[2:4], 2, 2, 5, 3, true, true},
		{"filtered last page", "?Skip=4&Take=2", `{"types":["completedJob","cancelledJob"]}`, jobs[4:], 3, 2, 5, 3, true, false},
		{"skip only pages by 50", "?Skip=0", `{"types":["completedJob"]}`, jobs, 1, 50, 5, 1, false, false},
		{"no filter", "", "", nil, 1, 5000, 6, 1, false, false},
		{"other types", "", `{"types":["inProgressJob"]}`, []string{}, 1, 5000, 0, 0, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := costPage(t, te.Token, itemID, c.query, c.body)
			if c.ids != nil && !sameIDs(costIDs(p), c.ids) {
				t.Fatalf("ids %v, want %v", costIDs(p), c.ids)
			}
			got := fmt.Sprint(p.Page, p.PageSize, p.TotalCount, p.TotalPages, p.HasPreviousPage, p.HasNextPage)
			if want := fmt.Sprint(c.page, c.size, c.total, c.pages, c.hasPrevious, c.hasNext); got != want {
				t.Fatalf("envelope %s, want %s", got, want)
			}
		})
	}
}

func TestItemCostBreakdownsRefuseSortAndUnknownItem(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	itemID := createItem(t, te, newItem("CB-4"))
	for _, q := range []string{"?Sort.Field=calculatedOn", "?Sort.Field=id&Sort.Dir=ascending"} {
		res, body := listCostBreakdowns(t, te.Token, itemID, q, "")
		mustItemField(t, res, body, "Sort.Field")
	}
	res, body := listCostBreakdowns(t, te.Token, "000000000000000000000000", "", "")
	mustStatus(t, res.StatusCode, http.StatusNotFound, body)
	res, body = listCostBreakdowns(t, te.Token, itemID, "", `{"types":["shipped"]}`)
	mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
}
