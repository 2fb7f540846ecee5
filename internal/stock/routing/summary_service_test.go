package routing

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// lineOwnerKind registers quote part line owners for the tests: every id exists and makes
// madeItemID.
func lineOwnerKind(madeItemID *string) OwnerKind {
	yes := func(context.Context, db.Q, string, string) (bool, error) { return true, nil }
	return OwnerKind{Exists: yes, Lock: yes,
		MakesItem: func(context.Context, db.Q, string, string) (string, error) { return *madeItemID, nil }}
}

// TestEstimateOfALineRoutingIsNotStored proves Estimate prices a non-item owner's routing
// (the tree is read from the line, its components are items) with the item estimate's
// formulas, and stores no cost breakdown.
func TestEstimateOfALineRoutingIsNotStored(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	svc := newTreeService(pool)
	var made string
	svc.Register(OwnerQuotePartLine, lineOwnerKind(&made))
	f := newTreeFixture(t, pool)
	made = f.item("A", "make")
	wc := f.workCenter("30", "20", "10")
	p := f.item("P", "buy")
	f.price(p, "2")
	line := f.line()
	// S = 0.5 h, R = 6 × 10 / 60 = 1 h: labor 1.5 × 30 = 45, machine 20, overhead 15; P need
	// 0.5 × 10 = 5 × 2 = 10 of material below the line's level.
	f.operation(line, op{workCenterID: &wc, setup: "30", run: "6"})
	f.input(line, p, "0.5")
	got, err := svc.Estimate(f.ctx, f.tenantID, Owner{Type: OwnerQuotePartLine, ID: line}, dec.MustParse("10"))
	if err != nil {
		t.Fatal(err)
	}
	if s, want := breakdownString(got), "item 0/45/20/0/15 | cumulative 10/45/20/0/15 | hours 0.5/1.5/1"; s != want {
		t.Errorf("estimate = %s\n          want %s", s, want)
	}
	if got.ID != "" || got.CalculatedOn.IsZero() {
		t.Errorf("estimate %+v: want no id and a calculation time", got)
	}
	var stored int
	if err := pool.GetContext(f.ctx, &stored, `SELECT count(*) FROM item_cost_breakdowns WHERE tenant_id = $1`, f.tenantID); err != nil || stored != 0 {
		t.Errorf("stored %d breakdowns (%v), want none", stored, err)
	}
}

// summaryString prints a make summary compactly: made and bought items as number×quantity,
// materials as made:blanks, operations as made:setup/run, then the totals.
func summaryString(s MakeSummary, names map[string]string) string {
	var b strings.Builder
	items := func(label string, list []SummaryItem) {
		b.WriteString(label)
		for _, it := range list {
			fmt.Fprintf(&b, " %s×%s", it.ItemNumber, it.Quantity)
		}
		b.WriteString(" |")
	}
	items("made", s.MadeItems)
	items(" bought", s.BoughtItems)
	b.WriteString(" materials")
	for _, m := range s.Materials {
		fmt.Fprintf(&b, " %s:%s", names[m.MadeItemID], m.Blanks)
	}
	b.WriteString(" | operations")
	for _, o := range s.Operations {
		fmt.Fprintf(&b, " %s:%s/%s", names[o.MadeItemID], o.SetupMinutes, o.RunMinutes)
	}
	fmt.Fprintf(&b, " | total %s/%s", s.TotalSetupMinutes, s.TotalRunMinutes)
	return b.String()
}

// TestMakeSummaryExplodesTheLineRouting proves the summary's quantities on a hand-computed
// tree: a line making 10 of A takes B ×2 and P ×0.5 per unit and blanks of M at 4 a blank;
// B takes C ×3 and P ×1; C takes blanks of M at 3 a blank. Every made item is one batch of
// its whole demand, and an item reached by several branches (P, M) is summed.
func TestMakeSummaryExplodesTheLineRouting(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	svc := newTreeService(pool)
	var made string
	svc.Register(OwnerQuotePartLine, lineOwnerKind(&made))
	f := newTreeFixture(t, pool)
	made = f.item("A", "make")
	p, m := f.item("P", "buy"), f.item("M", "buy")
	c := f.item("C", "make")
	f.operation(c, op{setup: "5", run: "0.5"})
	f.material(c, &m, 3)
	b := f.item("B", "make")
	f.operation(b, op{setup: "10", run: "1"})
	f.operation(b, op{setup: "99", run: "99", outside: true, outsideCost: "4"})
	f.input(b, c, "3")
	f.input(b, p, "1")
	line := f.line()
	f.operation(line, op{setup: "30", run: "2"})
	f.input(line, b, "2")
	f.input(line, p, "0.5")
	f.material(line, &m, 4)
	names := map[string]string{made: "A", b: "B", c: "C"}

	got, err := svc.MakeSummary(f.ctx, f.tenantID, Owner{Type: OwnerQuotePartLine, ID: line}, dec.MustParse("10"))
	if err != nil {
		t.Fatal(err)
	}
	// The line makes 10: setup 30, run 2 × 10 = 20; blanks of M ceil(10/4) = 3; B 2 × 10 = 20;
	// P 0.5 × 10 = 5. B makes 20: setup 10, run 20 (the outside operation counts no
	// minutes); C 3 × 20 = 60; P 20 more (25). C makes 60: setup 5, run 30; blanks of M
	// ceil(60/3) = 20 (23 in all). Totals: setup 45, run 70.
	want := "made B×20 C×60 | bought M×23 P×25 | materials A:3 C:20 | operations A:30/20 B:10/20 B:0/0 C:5/30 | total 45/70"
	if s := summaryString(got, names); s != want {
		t.Errorf("summary = %s\n         want %s", s, want)
	}
	if got.ItemID != made || got.Quantity.String() != "10" || got.Owner.ID != line {
		t.Errorf("summary of %+v making %s × %s", got.Owner, got.ItemID, got.Quantity)
	}
	if op := got.Operations[2]; !op.IsOutsideProcessing || op.Quantity.String() != "20" {
		t.Errorf("outside operation %+v", op)
	}

	// A routing of nothing makes the line's quantity and takes nothing.
	empty := f.line()
	got, err = svc.MakeSummary(f.ctx, f.tenantID, Owner{Type: OwnerQuotePartLine, ID: empty}, dec.MustParse("3"))
	if err != nil {
		t.Fatal(err)
	}
	if s, want := summaryString(got, names), "made | bought | materials | operations | total 0/0"; s != want {
		t.Errorf("empty summary = %s, want %s", s, want)
	}
	for _, q := range []string{"0", "1000000.5"} {
		if _, err := svc.MakeSummary(f.ctx, f.tenantID, Owner{Type: OwnerQuotePartLine, ID: line}, dec.MustParse(q)); err == nil {
			t.Errorf("quantity %s accepted", q)
		}
	}
}
