package jobs

import (
	"testing"

	"mos/internal/platform/dec"
	"mos/internal/stock/routing"
)

func ptrTo[T any](v T) *T { return &v }

// Requirements: input items at their operation (the first without one), operation items per
// unit or per setup, input materials in whole blanks; picks count against a pair's
// requirements in order and never below 0.
func TestRequirementsFollowTheRoutingAndCountPicksInOrder(t *testing.T) {
	it := ItemToMake{ID: "itm", Quantity: dec.MustParse("10")}
	r := routing.Routing{
		Operations: []routing.Operation{{ID: "op-b", Values: routing.Values{Sequence: 10}}, {ID: "op-a", Values: routing.Values{Sequence: 20}}},
		InputItems: []routing.InputItem{
			{ID: "in-2", InputItemValues: routing.InputItemValues{ItemID: "steel", QuantityPerUnit: dec.MustParse("1.5"), RoutingOperationID: ptrTo("op-a")}},
			{ID: "in-1", InputItemValues: routing.InputItemValues{ItemID: "bolt", QuantityPerUnit: dec.MustParse("4")}},
		},
		OperationItems: []routing.OperationItem{
			{ID: "oi-1", RoutingOperationID: "op-a", OperationItemValues: routing.OperationItemValues{ItemID: "steel", Quantity: dec.MustParse("2"), Per: routing.PerSetup}},
			{ID: "oi-2", RoutingOperationID: "op-b", OperationItemValues: routing.OperationItemValues{ItemID: "insert", Quantity: dec.MustParse("0.5"), Per: routing.PerUnit}},
		},
		InputMaterials: []routing.InputMaterial{
			{ID: "m-1", MaterialValues: routing.MaterialValues{ItemID: ptrTo("bar"), PiecesPerBlank: 3}},
			{ID: "m-2", MaterialValues: routing.MaterialValues{PiecesPerBlank: 1}},
		},
	}
	reqs := needsOf(it, r)
	allocatePicked(reqs, map[pickKey]dec.Decimal{
		{OperationID: "op-a", ItemID: "steel"}: dec.MustParse("16"),
		{OperationID: "op-b", ItemID: "bar"}:   dec.MustParse("9"),
	})
	want := []struct {
		op, record, item, required, picked, remaining string
		kind                                          RequirementKind
	}{
		{"op-b", "in-1", "bolt", "40", "0", "40", KindInputItem},
		{"op-b", "oi-2", "insert", "5", "0", "5", KindOperationItem},
		{"op-b", "m-1", "bar", "4", "4", "0", KindInputMaterial},
		{"op-a", "in-2", "steel", "15", "15", "0", KindInputItem},
		{"op-a", "oi-1", "steel", "2", "1", "1", KindOperationItem},
	}
	if len(reqs) != len(want) {
		t.Fatalf("requirements %+v", reqs)
	}
	for i, w := range want {
		g := reqs[i]
		if g.OperationID != w.op || g.RecordID != w.record || g.ItemID != w.item || g.Kind != w.kind ||
			!g.Required.Equal(dec.MustParse(w.required).Decimal) || !g.Picked.Equal(dec.MustParse(w.picked).Decimal) ||
			!g.Remaining.Equal(dec.MustParse(w.remaining).Decimal) {
			t.Fatalf("requirement %d = %+v, want %+v", i, g, w)
		}
	}
	if got := needsOf(it, routing.Routing{InputItems: r.InputItems}); len(got) != 0 {
		t.Fatalf("a routing without operations requires %+v", got)
	}
}
