package salesorders

import (
	"testing"

	"mos/internal/platform/apperr"
	"mos/internal/sales/partlines"
	"mos/internal/sales/quotes"
)

// chosenLines keeps the quote's line order whatever order the ids come in; an id not on the
// quote is a 404 naming its place, an id twice a 400 naming the second place.
func TestChosenLinesKeepTheQuotesOrder(t *testing.T) {
	all := []quotes.PartLine{{Line: partlines.Line{ID: "a"}}, {Line: partlines.Line{ID: "b"}}, {Line: partlines.Line{ID: "c"}}}
	got, err := chosenLines(all, []string{"c", "a"})
	if err != nil || len(got) != 2 || got[0].ID != "a" || got[1].ID != "c" {
		t.Fatalf("chosen %+v, %v: want a then c", got, err)
	}
	if got, err := chosenLines(all, nil); err != nil || len(got) != 3 {
		t.Errorf("no ids: %+v, %v; want every line", got, err)
	}
	_, err = chosenLines(all, []string{"a", "x"})
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindNotFound || e.Fields["partLineItemIds.1"] == nil {
		t.Errorf("unknown id: %v, want 404 naming partLineItemIds.1", err)
	}
	_, err = chosenLines(all, []string{"b", "b"})
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindInvalid || e.Fields["partLineItemIds.1"] == nil {
		t.Errorf("an id twice: %v, want 400 naming partLineItemIds.1", err)
	}
}
