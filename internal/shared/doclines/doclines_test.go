package doclines

import (
	"errors"
	"testing"

	"mos/internal/platform/apperr"
	"mos/internal/platform/dec"
)

func d(s string) dec.Decimal { return dec.MustParse(s) }

func pct(s string) *Discount { return &Discount{Percentage: true, Value: d(s)} }
func amt(s string) *Discount { return &Discount{Value: d(s)} }

// wantLine and wantTotals are expected amounts written as decimals ("" skips a check).
type wantLine struct {
	pre, discount, sub, discountedPrice, docDiscount, tax string
}

type wantTotals struct {
	subTotal, discount, taxable, nonTaxable, tax, total string
	byRate                                              [][3]string // rate, base, tax
}

func same(t *testing.T, what string, got dec.Decimal, want string) {
	t.Helper()
	if want == "" {
		return
	}
	if !got.Equal(d(want).Decimal) {
		t.Errorf("%s = %s, want %s", what, got, want)
	}
}

// TestCompute checks documents against amounts worked out by hand; each case shows the
// arithmetic.
func TestCompute(t *testing.T) {
	cases := []struct {
		name   string
		minor  int
		doc    Document
		lines  []wantLine
		fees   [][3]string // subTotal, docDiscount, tax
		totals wantTotals
	}{
		{
			// 4 × 2.50 = 10.00; tax 10.00 × 7.25% = 0.725 → 0.73 (half away from zero);
			// total 10.00 + 0.73 = 10.73.
			name:  "single taxable line",
			minor: 2,
			doc:   Document{Lines: []Line{{Quantity: d("4"), Price: d("2.50"), Taxable: true, TaxRate: d("7.25")}}},
			lines: []wantLine{{pre: "10.00", discount: "0", sub: "10.00", discountedPrice: "2.50", docDiscount: "0", tax: "0.73"}},
			totals: wantTotals{subTotal: "10.00", discount: "0", taxable: "10.00", nonTaxable: "0", tax: "0.73", total: "10.73",
				byRate: [][3]string{{"7.25", "10.00", "0.73"}}},
		},
		{
			// 7 × 1.15 = 8.05; 15% of 8.05 = 1.2075 → 1.21; sub 8.05 − 1.21 = 6.84;
			// discounted price 6.84 / 7 = 0.97714… → 0.98; tax 10% of 6.84 = 0.684 → 0.68;
			// total 6.84 + 0.68 = 7.52.
			name:  "percentage line discount",
			minor: 2,
			doc:   Document{Lines: []Line{{Quantity: d("7"), Price: d("1.15"), Discount: pct("15"), Taxable: true, TaxRate: d("10")}}},
			lines: []wantLine{{pre: "8.05", discount: "1.21", sub: "6.84", discountedPrice: "0.98", tax: "0.68"}},
			totals: wantTotals{subTotal: "6.84", discount: "0", taxable: "6.84", nonTaxable: "0", tax: "0.68", total: "7.52",
				byRate: [][3]string{{"10", "6.84", "0.68"}}},
		},
		{
			// 3 × 0.335 = 1.005 → 1.01; amount discount 0.255 → 0.26; sub 1.01 − 0.26 = 0.75;
			// discounted price 0.75 / 3 = 0.25; not taxable (its 20% rate is ignored).
			name:   "amount line discount, rounding half away",
			minor:  2,
			doc:    Document{Lines: []Line{{Quantity: d("3"), Price: d("0.335"), Discount: amt("0.255"), TaxRate: d("20")}}},
			lines:  []wantLine{{pre: "1.01", discount: "0.26", sub: "0.75", discountedPrice: "0.25", tax: "0"}},
			totals: wantTotals{subTotal: "0.75", discount: "0", taxable: "0", nonTaxable: "0.75", tax: "0", total: "0.75"},
		},
		{
			// Line 1 × 100.00 not taxable; fee 15.00 taxable at its own 0%; tax line 6% on
			// the taxable base 15.00 = 0.90. Subtotal 100.00 + 15.00 = 115.00;
			// total 115.00 + 0.90 = 115.90.
			name:  "fee and tax line",
			minor: 2,
			doc: Document{
				Lines:    []Line{{Quantity: d("1"), Price: d("100")}},
				Fees:     []Fee{{Amount: d("15"), Taxable: true}},
				TaxLines: []TaxLine{{Rate: d("6")}},
			},
			lines: []wantLine{{pre: "100.00", sub: "100.00", tax: "0"}},
			fees:  [][3]string{{"15.00", "0", "0"}},
			totals: wantTotals{subTotal: "115.00", discount: "0", taxable: "15.00", nonTaxable: "100.00", tax: "0.90", total: "115.90",
				byRate: [][3]string{{"6", "15.00", "0.90"}}},
		},
		{
			// Line 1: 10 × 12.50 = 125.00, 10% = 12.50, sub 112.50, taxable at 8%.
			// Line 2: 3 × 19.99 = 59.97, amount 5.00, sub 54.97, taxable at 5%;
			//         discounted price 54.97 / 3 = 18.3233… → 18.32.
			// Line 3: 2 × 40.00 = 80.00, no discount, not taxable.
			// Subtotal 112.50 + 54.97 + 80.00 = 247.47; document discount 10% = 24.747 → 24.75.
			// Shares of 2475 cents over 11250 + 5497 + 8000 = 24747 cents:
			//   2475 × 11250 / 24747 = 1125 rem 3375; 2475 × 5497 / 24747 = 549 rem 18972;
			//   2475 × 8000 / 24747 = 800 rem 2400; 2475 − 2474 = 1 cent left, to the largest
			//   remainder (line 2): shares 11.25, 5.50, 8.00.
			// Taxed: 112.50 − 11.25 = 101.25, tax 8% = 8.10; 54.97 − 5.50 = 49.47,
			//   tax 5% = 2.4735 → 2.47; line 3: 80.00 − 8.00 = 72.00 not taxable.
			// Taxable base 101.25 + 49.47 = 150.72; non-taxable 72.00 (sum 222.72 =
			//   247.47 − 24.75). Tax 8.10 + 2.47 = 10.57; total 222.72 + 10.57 = 233.29.
			name:  "three lines, percentage document discount, two tax rates",
			minor: 2,
			doc: Document{
				Lines: []Line{
					{Quantity: d("10"), Price: d("12.50"), Discount: pct("10"), Taxable: true, TaxRate: d("8")},
					{Quantity: d("3"), Price: d("19.99"), Discount: amt("5"), Taxable: true, TaxRate: d("5")},
					{Quantity: d("2"), Price: d("40")},
				},
				Discount: pct("10"),
			},
			lines: []wantLine{
				{pre: "125.00", discount: "12.50", sub: "112.50", discountedPrice: "11.25", docDiscount: "11.25", tax: "8.10"},
				{pre: "59.97", discount: "5.00", sub: "54.97", discountedPrice: "18.32", docDiscount: "5.50", tax: "2.47"},
				{pre: "80.00", discount: "0", sub: "80.00", discountedPrice: "40.00", docDiscount: "8.00", tax: "0"},
			},
			totals: wantTotals{subTotal: "247.47", discount: "24.75", taxable: "150.72", nonTaxable: "72.00", tax: "10.57", total: "233.29",
				byRate: [][3]string{{"5", "49.47", "2.47"}, {"8", "101.25", "8.10"}}},
		},
		{
			// JPY, no minor unit. Line 1: 3 × 333 = 999, 5% = 49.95 → 50, sub 949, taxable
			// at 10%; discounted price 949 / 3 = 316.33… → 316. Line 2: 1 × 501 not taxable.
			// Subtotal 1450; document discount amount 100 shared over 949 + 501:
			//   100 × 949 / 1450 = 65 rem 650; 100 × 501 / 1450 = 34 rem 800; 1 yen left to
			//   line 2: shares 65, 35. Taxed 949 − 65 = 884, tax 88.4 → 88; non-taxable
			//   501 − 35 = 466. Total 1450 − 100 + 88 = 1438.
			name:  "JPY with an amount document discount",
			minor: 0,
			doc: Document{
				Lines: []Line{
					{Quantity: d("3"), Price: d("333"), Discount: pct("5"), Taxable: true, TaxRate: d("10")},
					{Quantity: d("1"), Price: d("501")},
				},
				Discount: amt("100"),
			},
			lines: []wantLine{
				{pre: "999", discount: "50", sub: "949", discountedPrice: "316", docDiscount: "65", tax: "88"},
				{pre: "501", discount: "0", sub: "501", discountedPrice: "501", docDiscount: "35", tax: "0"},
			},
			totals: wantTotals{subTotal: "1450", discount: "100", taxable: "884", nonTaxable: "466", tax: "88", total: "1438",
				byRate: [][3]string{{"10", "884", "88"}}},
		},
		{
			// JPY: 1 × 2.5 = 2.5 → 3 (half away from zero at 0 places).
			name:   "JPY half rounds away",
			minor:  0,
			doc:    Document{Lines: []Line{{Quantity: d("1"), Price: d("2.5")}}},
			lines:  []wantLine{{pre: "3", sub: "3", discountedPrice: "3"}},
			totals: wantTotals{subTotal: "3", total: "3"},
		},
		{
			// KWD, three places: 2 × 1.2345 = 2.469; tax 5% = 0.12345 → 0.123;
			// total 2.469 + 0.123 = 2.592.
			name:  "KWD three places",
			minor: 3,
			doc:   Document{Lines: []Line{{Quantity: d("2"), Price: d("1.2345"), Taxable: true, TaxRate: d("5")}}},
			lines: []wantLine{{pre: "2.469", sub: "2.469", discountedPrice: "1.235", tax: "0.123"}},
			totals: wantTotals{subTotal: "2.469", taxable: "2.469", tax: "0.123", total: "2.592",
				byRate: [][3]string{{"5", "2.469", "0.123"}}},
		},
		{
			// Fee 33.33 taxable at 10% and a line 1 × 66.67 taxable at 10%; document
			// discount amount 10.00 shared over 3333 + 6667 = 10000 cents: 3.33 and 6.67
			// exactly. Taxed 30.00 and 60.00, tax 3.00 and 6.00 (base 90.00 at 10%).
			// Total 100.00 − 10.00 + 9.00 = 99.00.
			name:  "amount document discount over a line and a fee",
			minor: 2,
			doc: Document{
				Lines:    []Line{{Quantity: d("1"), Price: d("66.67"), Taxable: true, TaxRate: d("10")}},
				Fees:     []Fee{{Amount: d("33.33"), Taxable: true, TaxRate: d("10")}},
				Discount: amt("10"),
			},
			lines: []wantLine{{sub: "66.67", docDiscount: "6.67", tax: "6.00"}},
			fees:  [][3]string{{"33.33", "3.33", "3.00"}},
			totals: wantTotals{subTotal: "100.00", discount: "10.00", taxable: "90.00", nonTaxable: "0", tax: "9.00", total: "99.00",
				byRate: [][3]string{{"10", "90.00", "9.00"}}},
		},
		{
			// An empty document is all zeros.
			name:   "empty",
			minor:  2,
			totals: wantTotals{subTotal: "0", discount: "0", taxable: "0", nonTaxable: "0", tax: "0", total: "0"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.doc.Compute(c.minor)
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Lines) != len(c.lines) || len(got.Fees) != len(c.fees) {
				t.Fatalf("%d lines and %d fees, want %d and %d", len(got.Lines), len(got.Fees), len(c.lines), len(c.fees))
			}
			for i, w := range c.lines {
				g := got.Lines[i]
				same(t, "preDiscountSubTotal", g.PreDiscountSubTotal, w.pre)
				same(t, "discountAmount", g.DiscountAmount, w.discount)
				same(t, "subTotal", g.SubTotal, w.sub)
				same(t, "discountedPrice", g.DiscountedPrice, w.discountedPrice)
				same(t, "line document discount", g.DocumentDiscount, w.docDiscount)
				same(t, "line tax", g.Tax, w.tax)
			}
			for i, w := range c.fees {
				same(t, "fee subTotal", got.Fees[i].SubTotal, w[0])
				same(t, "fee document discount", got.Fees[i].DocumentDiscount, w[1])
				same(t, "fee tax", got.Fees[i].Tax, w[2])
			}
			w := c.totals
			same(t, "subTotal", got.SubTotal, w.subTotal)
			same(t, "discount", got.Discount, w.discount)
			same(t, "taxableBase", got.TaxableBase, w.taxable)
			same(t, "nonTaxableBase", got.NonTaxableBase, w.nonTaxable)
			same(t, "tax", got.Tax, w.tax)
			same(t, "total", got.Total, w.total)
			if len(got.TaxByRate) != len(w.byRate) {
				t.Fatalf("tax by rate %v, want %v", got.TaxByRate, w.byRate)
			}
			for i, r := range w.byRate {
				same(t, "rate", got.TaxByRate[i].Rate, r[0])
				same(t, "rate base", got.TaxByRate[i].Base, r[1])
				same(t, "rate tax", got.TaxByRate[i].Tax, r[2])
			}
			// The invariants the package states.
			if !got.TaxableBase.Add(got.NonTaxableBase.Decimal).Equal(got.SubTotal.Sub(got.Discount.Decimal)) {
				t.Errorf("bases %s + %s ≠ subTotal − discount %s − %s", got.TaxableBase, got.NonTaxableBase, got.SubTotal, got.Discount)
			}
		})
	}
}

// TestRound: half away from zero at the minor unit, nowhere else.
func TestRound(t *testing.T) {
	cases := []struct {
		in    string
		minor int
		want  string
	}{
		{"0.005", 2, "0.01"}, {"0.015", 2, "0.02"}, {"0.0049", 2, "0"}, {"1.995", 2, "2"},
		{"-0.005", 2, "-0.01"}, {"2.5", 0, "3"}, {"3.5", 0, "4"}, {"2.4999", 0, "2"},
		{"0.0005", 3, "0.001"}, {"1.2345", 3, "1.235"}, {"12.34", 2, "12.34"},
	}
	for _, c := range cases {
		if got := Round(d(c.in), c.minor); !got.Equal(d(c.want).Decimal) {
			t.Errorf("Round(%s, %d) = %s, want %s", c.in, c.minor, got, c.want)
		}
	}
}

// TestApportionSumsExactly: the shares of a document discount add up to it, and none
// exceeds its weight, whatever the weights.
func TestApportionSumsExactly(t *testing.T) {
	weights := []dec.Decimal{d("0.01"), d("0.01"), d("0.01"), d("0"), d("99.97")}
	for _, total := range []string{"0", "0.01", "0.02", "0.03", "33.33", "100"} {
		shares := apportion(d(total), weights, 2)
		sum := dec.Zero
		for i, s := range shares {
			sum = add(sum, s.Decimal)
			if s.GreaterThan(weights[i].Decimal) || s.IsNegative() {
				t.Errorf("total %s: share %d is %s of weight %s", total, i, s, weights[i])
			}
		}
		if !sum.Equal(d(total).Decimal) {
			t.Errorf("total %s: shares %v add up to %s", total, shares, sum)
		}
	}
	// Equal remainders go to the earlier weights: 0.02 over three equal weights.
	shares := apportion(d("0.02"), []dec.Decimal{d("1"), d("1"), d("1")}, 2)
	for i, want := range []string{"0.01", "0.01", "0"} {
		same(t, "share", shares[i], want)
	}
}

// TestComputeRefusesOutOfRange: Compute answers a 400 naming each field out of range.
func TestComputeRefusesOutOfRange(t *testing.T) {
	doc := Document{
		Lines: []Line{
			{Quantity: d("0"), Price: d("-1"), TaxRate: d("101")},
			{Quantity: d("2"), Price: d("5"), Discount: amt("10.01")},
			{Quantity: d("1"), Price: d("5"), Discount: pct("100.5")},
		},
		Fees:     []Fee{{Amount: d("-0.01"), TaxRate: d("-1")}},
		TaxLines: []TaxLine{{Rate: d("100.01")}},
	}
	_, err := doc.Compute(2)
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Kind != apperr.KindInvalid {
		t.Fatalf("err = %v, want a 400", err)
	}
	for _, f := range []string{"lines.0.quantity", "lines.0.price", "lines.0.taxRate", "lines.1.discount", "lines.2.discount", "fees.0.amount", "fees.0.taxRate", "taxLines.0.rate"} {
		if _, ok := ae.Fields[f]; !ok {
			t.Errorf("no error for %s in %v", f, ae.Fields)
		}
	}
	if len(ae.Fields) != 8 {
		t.Errorf("fields %v, want exactly the eight above", ae.Fields)
	}

	// A negative document discount amount, or a percentage above 100, names discount.
	for _, bad := range []*Discount{amt("-0.01"), pct("100.01")} {
		doc = Document{Lines: []Line{{Quantity: d("2"), Price: d("5")}}, Discount: bad}
		if _, err := doc.Compute(2); !errors.As(err, &ae) || len(ae.Fields["discount"]) != 1 {
			t.Fatalf("discount %+v: err = %v, want a 400 naming discount", bad, err)
		}
	}
}

// TestDocumentDiscountAmountTakesAtMostTheSubtotal: an amount document discount above the
// subtotal (2 × 5.00 + fee 1.00 = 11.00) takes the whole subtotal, shared over the line and
// the fee; the total before tax is 0, never negative, and the bases stay 0.
func TestDocumentDiscountAmountTakesAtMostTheSubtotal(t *testing.T) {
	for _, amount := range []string{"11", "11.01", "500"} {
		doc := Document{Lines: []Line{{Quantity: d("2"), Price: d("5"), Taxable: true, TaxRate: d("10")}},
			Fees: []Fee{{Amount: d("1")}}, Discount: amt(amount), TaxLines: []TaxLine{{Rate: d("5")}}}
		got, err := doc.Compute(2)
		if err != nil {
			t.Fatalf("amount %s: %v", amount, err)
		}
		same(t, "discount "+amount, got.Discount, "11")
		same(t, "line share "+amount, got.Lines[0].DocumentDiscount, "10")
		same(t, "fee share "+amount, got.Fees[0].DocumentDiscount, "1")
		same(t, "taxable base "+amount, got.TaxableBase, "0")
		same(t, "tax "+amount, got.Tax, "0")
		same(t, "total "+amount, got.Total, "0")
	}
	same(t, "below the subtotal", DocumentDiscountAmount(amt("10.995"), d("11"), 2), "11")
	same(t, "percentage", DocumentDiscountAmount(pct("100"), d("11"), 2), "11")
	same(t, "nothing to discount", DocumentDiscountAmount(amt("5"), d("0"), 0), "0")
	same(t, "none", DocumentDiscountAmount(nil, d("11"), 2), "0")
}

func TestComputeRefusesUnknownMinorUnits(t *testing.T) {
	if _, err := (Document{}).Compute(MaxMinorUnits + 1); err == nil {
		t.Error("minor units beyond the most a currency has: no error")
	}
}

// TestCheckFunctions: each check names the field it is given, at the bounds.
func TestCheckFunctions(t *testing.T) {
	cases := []struct {
		name  string
		check func(apperr.Fields)
		fails bool
	}{
		{"quantity 0", func(f apperr.Fields) { CheckQuantity(f, "x", d("0")) }, true},
		{"quantity 0.0001", func(f apperr.Fields) { CheckQuantity(f, "x", d("0.0001")) }, false},
		{"price -0.01", func(f apperr.Fields) { CheckPrice(f, "x", d("-0.01")) }, true},
		{"price 0", func(f apperr.Fields) { CheckPrice(f, "x", d("0")) }, false},
		{"amount -1", func(f apperr.Fields) { CheckAmount(f, "x", d("-1")) }, true},
		{"tax rate 100", func(f apperr.Fields) { CheckTaxRate(f, "x", d("100")) }, false},
		{"tax rate 0", func(f apperr.Fields) { CheckTaxRate(f, "x", d("0")) }, false},
		{"tax rate 100.001", func(f apperr.Fields) { CheckTaxRate(f, "x", d("100.001")) }, true},
		{"tax rate -0.1", func(f apperr.Fields) { CheckTaxRate(f, "x", d("-0.1")) }, true},
		{"no discount", func(f apperr.Fields) { CheckDiscount(f, "x", nil, d("0")) }, false},
		{"percentage 100", func(f apperr.Fields) { CheckDiscount(f, "x", pct("100"), d("0")) }, false},
		{"percentage 101", func(f apperr.Fields) { CheckDiscount(f, "x", pct("101"), d("1000")) }, true},
		{"percentage -1", func(f apperr.Fields) { CheckDiscount(f, "x", pct("-1"), d("1000")) }, true},
		{"amount up to base", func(f apperr.Fields) { CheckDiscount(f, "x", amt("10"), d("10")) }, false},
		{"amount beyond base", func(f apperr.Fields) { CheckDiscount(f, "x", amt("10.01"), d("10")) }, true},
		{"amount negative", func(f apperr.Fields) { CheckDiscount(f, "x", amt("-0.01"), d("10")) }, true},
		{"document amount beyond the subtotal", func(f apperr.Fields) { CheckDocumentDiscount(f, "x", amt("1000000")) }, false},
		{"document amount negative", func(f apperr.Fields) { CheckDocumentDiscount(f, "x", amt("-0.01")) }, true},
		{"document percentage 100", func(f apperr.Fields) { CheckDocumentDiscount(f, "x", pct("100")) }, false},
		{"document percentage 100.01", func(f apperr.Fields) { CheckDocumentDiscount(f, "x", pct("100.01")) }, true},
		{"no document discount", func(f apperr.Fields) { CheckDocumentDiscount(f, "x", nil) }, false},
	}
	for _, c := range cases {
		f := apperr.Fields{}
		c.check(f)
		if got := len(f["x"]) == 1; got != c.fails || len(f) > 1 {
			t.Errorf("%s: fields %v, want failing %v", c.name, f, c.fails)
		}
	}
}

// TestExtendedPriceAndDiscountAmount are the line helpers on their own.
func TestExtendedPriceAndDiscountAmount(t *testing.T) {
	same(t, "3 × 0.335", ExtendedPrice(d("3"), d("0.335"), 2), "1.01")      // 1.005 → 1.01
	same(t, "2.5 × 0.3", ExtendedPrice(d("2.5"), d("0.3"), 0), "1")         // 0.75 → 1
	same(t, "10% of 0.05", DiscountAmount(pct("10"), d("0.05"), 2), "0.01") // 0.005 → 0.01
	same(t, "amount 0.004", DiscountAmount(amt("0.004"), d("1"), 2), "0")   // 0.004 → 0.00
	same(t, "none", DiscountAmount(nil, d("1"), 2), "0")
	same(t, "6% of 123.02", TaxLineAmount(d("123.02"), d("6"), 2), "7.38")     // 7.3812 → 7.38
	same(t, "1.5% of 123.02", TaxLineAmount(d("123.02"), d("1.5"), 2), "1.85") // 1.8453 → 1.85
	same(t, "10% of 1005 yen", TaxLineAmount(d("1005"), d("10"), 0), "101")    // 100.5 → 101
}

// TestTaxLineSharesFollowTheTaxedAmounts: a tax line's tax is shared over the taxable lines
// and fees by their taxed amounts, adds up to the tax line exactly, and skips what is not
// taxable.
func TestTaxLineSharesFollowTheTaxedAmounts(t *testing.T) {
	doc := Document{
		Lines: []Line{
			{Quantity: d("1"), Price: d("100"), Taxable: true}, // taxed 100
			{Quantity: d("1"), Price: d("50"), Taxable: false}, // not taxable
			{Quantity: d("1"), Price: d("200"), Taxable: true}, // taxed 200
		},
		Fees:     []Fee{{Amount: d("33.33"), Taxable: true}}, // taxed 33.33
		TaxLines: []TaxLine{{Rate: d("10")}, {Rate: d("1")}},
	}
	got, err := doc.Compute(2)
	if err != nil {
		t.Fatal(err)
	}
	// Taxable base 333.33: the 10% line taxes 33.33, the 1% line 3.33.
	// 33.33 over 100 : 200 : 33.33 = 9.9991.. : 19.9982.. : 3.3326.. -> 9.99, 19.99, 3.33, and
	// the two cents left over go to the largest remainders (the two part lines); 3.33 shares
	// the same way into 0.99, 1.99, 0.33 plus a cent each for the part lines.
	wantShares := [][]string{{"10.00", "1.00"}, {"0", "0"}, {"20.00", "2.00"}, {"3.33", "0.33"}}
	for j, tl := range got.TaxLines {
		sum := dec.Zero
		for i, l := range got.Lines {
			same(t, "line share", l.TaxLineShares[j], wantShares[i][j])
			sum = add(sum, l.TaxLineShares[j].Decimal)
		}
		same(t, "fee share", got.Fees[0].TaxLineShares[j], wantShares[3][j])
		sum = add(sum, got.Fees[0].TaxLineShares[j].Decimal)
		if !sum.Equal(tl.Tax.Decimal) {
			t.Errorf("tax line %d: shares add up to %s, want %s", j, sum, tl.Tax)
		}
	}
}
