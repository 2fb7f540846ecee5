package tests

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestItemUpdatesOutnumberingThePoolAllSucceed: an item update reads the units catalogue
// (its unit, its sales conversions) inside its transaction. Were those reads to take a
// second connection from the pool (20, see db.Open) while the transaction holds one, more
// concurrent updates than connections would leave every connection held by a transaction
// waiting for another: the server would hang. The deadline bounds such a regression, so it
// fails here instead of hanging the suite.
func TestItemUpdatesOutnumberingThePoolAllSucceed(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const n = 40
	itemIDs := make([]string, n)
	for i := range itemIDs {
		itemIDs[i] = createItem(t, te, newItem(fmt.Sprintf("POOL-%02d", i)))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	body := `{"description":"updated together","salesUnitOfMeasureConversions":[{"destinationUnitOfMeasureName":"Dozen"}]}`
	statuses := atOnce(t, n, func(i int) (int, error) {
		res, err := te.API.UpdateItemWithBodyWithResponse(ctx, itemIDs[i], nil, "application/json", strings.NewReader(body))
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if statuses[http.StatusOK] != n {
		t.Fatalf("statuses %v, want %d × 200", statuses, n)
	}
	for _, id := range itemIDs {
		it := getItem(t, te, id)
		if optText(it.Description) != "updated together" || len(it.SalesUnitOfMeasureConversions) != 1 {
			t.Fatalf("item %s after the update: description %q, conversions %v", id, optText(it.Description), it.SalesUnitOfMeasureConversions)
		}
	}
}
