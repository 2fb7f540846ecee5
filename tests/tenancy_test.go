package tests

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"mos/gen/client"
)

// listCodeIDs lists te's accounting codes matching f and returns their ids in answer order.
func listCodeIDs(t *testing.T, c *client.ClientWithResponses, params *client.ListAccountingCodesParams, f client.TagFilter) []string {
	t.Helper()
	res, err := c.ListAccountingCodesWithResponse(context.Background(), params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	ids := make([]string, len(*res.JSON200))
	for i, tag := range *res.JSON200 {
		ids[i] = tag.Id
	}
	return ids
}

func TestTenantsListIsUnaffectedByAnotherTenantsCreates(t *testing.T) {
	t.Parallel()
	a, b := newTenant(t), newTenant(t)
	mine := []string{createAccountingCode(t, a, "Alpha"), createAccountingCode(t, a, "Bravo")}
	before := listCodeIDs(t, a.API, nil, client.TagFilter{})

	// B creates codes with the same and with interleaving names.
	theirs := []string{
		createAccountingCode(t, b, "Alpha"),
		createAccountingCode(t, b, "Able"),
		createAccountingCode(t, b, "Bravo"),
		createAccountingCode(t, b, "Charlie"),
	}
	after := listCodeIDs(t, a.API, nil, client.TagFilter{})
	if !slices.Equal(before, mine) || !slices.Equal(after, mine) {
		t.Fatalf("A's list before %v and after %v B's creates; want %v", before, after, mine)
	}
	// Paging and filters are per tenant too.
	if ids := listCodeIDs(t, a.API, &client.ListAccountingCodesParams{Skip: ptr(int32(1)), Take: ptr(int32(1))}, client.TagFilter{}); !slices.Equal(ids, mine[1:]) {
		t.Fatalf("A's second page %v, want %v", ids, mine[1:])
	}
	if ids := listCodeIDs(t, a.API, nil, client.TagFilter{Ids: &[]string{mine[0], theirs[0], theirs[3]}}); !slices.Equal(ids, mine[:1]) {
		t.Fatalf("A's ids filter over both tenants' codes answers %v, want %v", ids, mine[:1])
	}
	if ids := listCodeIDs(t, b.API, nil, client.TagFilter{}); len(ids) != len(theirs) {
		t.Fatalf("B lists %d codes, want %d", len(ids), len(theirs))
	}
}
