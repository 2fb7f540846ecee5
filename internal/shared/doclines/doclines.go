// Package doclines is the line maths of business documents: extended prices, line discounts,
// fees, one document discount, tax per line and per document, and document totals, as pure
// functions on decimals. It holds no tables, SQL or handlers: each document (sales quotes,
// sales orders, purchase orders, invoices) keeps its own and calls these helpers, so that
// every document prices its lines the same way (the fee, tax and discount lines' storage is
// shared by every document through the sub-package linekinds). Only the document areas (internal/sales/...,
// internal/purchasing/...) may import it.
//
// # Lines
//
// A part line has a quantity (more than 0), a unit price (0 or more), at most one line
// discount (a percentage 0 to 100 of the line's amount before discount, or an amount 0 up to
// that amount), a taxable flag and a tax rate in percent (0 to 100). For each line:
//
//	preDiscountSubTotal = round(quantity × price)
//	discountAmount      = round(preDiscountSubTotal × percentage / 100), or round(amount)
//	subTotal            = preDiscountSubTotal − discountAmount
//	discountedPrice     = round(subTotal / quantity)   (for display; never summed)
//
// A fee line has an amount (0 or more), a taxable flag and a tax rate; its subtotal is
// round(amount).
//
// # Document discount
//
// A document has at most one discount: a percentage (0 to 100) of the document's subtotal
// (the part lines' subtotals plus the fees), or an amount of 0 or more. It is rounded once at
// the document level (round(subtotal × percentage / 100), or round(amount)); an amount
// discount takes at most the whole subtotal (min(round(amount), subtotal)), so a document
// whose lines shrink below its discount amount totals 0 before tax rather than going
// negative, and removing a line never fails because of the discount. It is then shared out over every part line and fee in proportion to its subtotal, taxable or not:
// so the taxable and non-taxable bases each bear the discount in proportion to their size.
// The shares are whole minor units that add up to the document discount exactly: each line
// takes the whole units of its exact share, and the units left over go one each to the lines
// with the largest remainders (the earlier line first on a tie).
//
// # Tax
//
// A taxable line's taxed amount is its subtotal less its share of the document discount; its
// tax is round(taxed amount × its tax rate / 100). A line that is not taxable has no tax
// whatever its rate. The taxable base is the sum of the taxed amounts of the taxable lines
// and fees. A document tax line applies its rate to the whole taxable base:
// round(taxable base × rate / 100). That tax is shared out over the taxable lines and fees in
// proportion to their taxed amounts, by the same largest-remainder rule as the document
// discount: a line's tax allocations are its own tax and its shares of the tax lines.
//
// # Rounding
//
// round is half away from zero to the currency's minor unit (2 for USD, 0 for JPY, 3 for
// KWD), given to Compute. Every amount above is computed exactly from its inputs and rounded
// once, where the formula says round; totals are sums of rounded amounts and are never
// rounded again. Nothing else rounds.
//
// # Totals
//
//	subTotal    = Σ part lines' subTotal + Σ fees' subtotal
//	discount    = the document discount
//	taxableBase, nonTaxableBase = Σ taxed amounts of taxable, non-taxable lines and fees
//	              (taxableBase + nonTaxableBase = subTotal − discount)
//	tax         = Σ line and fee taxes + Σ tax lines' taxes
//	total       = subTotal − discount + tax
//
// and tax by rate: for each distinct non-zero rate, the amounts taxed at it and their tax.
package doclines

import (
	"fmt"
	"math/big"
	"sort"

	"mos/internal/platform/apperr"
	"mos/internal/platform/dec"

	"github.com/shopspring/decimal"
)

// MaxMinorUnits is the most digits after the point a currency's minor unit has.
const MaxMinorUnits = 4

// Discount is a line's or the document's discount: Value is a percentage (0 to 100) when
// Percentage is set, else an amount in the document's currency.
type Discount struct {
	Percentage bool
	Value      dec.Decimal
}

// Line is a part line's priced fields. Discount is nil for a line without discount.
type Line struct {
	Quantity dec.Decimal
	Price    dec.Decimal
	Discount *Discount
	Taxable  bool
	TaxRate  dec.Decimal // percent
}

// Fee is a fee line: a fixed amount.
type Fee struct {
	Amount  dec.Decimal
	Taxable bool
	TaxRate dec.Decimal // percent
}

// TaxLine is a document tax line: a rate in percent on the taxable base.
type TaxLine struct {
	Rate dec.Decimal
}

// Document is what Compute prices: its part lines, fees, document discount (nil for none)
// and tax lines.
type Document struct {
	Lines    []Line
	Fees     []Fee
	Discount *Discount
	TaxLines []TaxLine
}

// LineAmounts are a part line's computed amounts.
type LineAmounts struct {
	PreDiscountSubTotal dec.Decimal
	DiscountAmount      dec.Decimal
	SubTotal            dec.Decimal
	DiscountedPrice     dec.Decimal
	DocumentDiscount    dec.Decimal // the line's share of the document discount
	Taxed               dec.Decimal // SubTotal − DocumentDiscount
	Tax                 dec.Decimal
	// TaxLineShares is the line's share of each document tax line's tax, in the order of the
	// Document's TaxLines (zeros for a line that is not taxable).
	TaxLineShares []dec.Decimal
}

// FeeAmounts are a fee's computed amounts.
type FeeAmounts struct {
	SubTotal         dec.Decimal
	DocumentDiscount dec.Decimal
	Taxed            dec.Decimal
	Tax              dec.Decimal
	// TaxLineShares is the fee's share of each document tax line's tax (LineAmounts).
	TaxLineShares []dec.Decimal
}

// RateTax is the tax at one rate: the amounts it was computed on and the tax.
type RateTax struct {
	Rate dec.Decimal
	Base dec.Decimal
	Tax  dec.Decimal
}

// Totals are a document's computed amounts, line by line (in the order of the Document) and
// in total.
type Totals struct {
	Lines    []LineAmounts
	Fees     []FeeAmounts
	TaxLines []RateTax // one per tax line; Base is the taxable base

	LineSubTotal   dec.Decimal // Σ part lines' SubTotal
	FeeTotal       dec.Decimal // Σ fees' SubTotal
	SubTotal       dec.Decimal // LineSubTotal + FeeTotal
	Discount       dec.Decimal
	TaxableBase    dec.Decimal
	NonTaxableBase dec.Decimal
	TaxByRate      []RateTax // each distinct non-zero rate, ascending
	Tax            dec.Decimal
	Total          dec.Decimal
}

// Round rounds d half away from zero to minorUnits digits after the point: the one rounding
// this package does.
func Round(d dec.Decimal, minorUnits int) dec.Decimal {
	return dec.Decimal{Decimal: d.Round(int32(minorUnits))}
}

// ExtendedPrice is a line's amount before discount: round(quantity × price).
func ExtendedPrice(quantity, price dec.Decimal, minorUnits int) dec.Decimal {
	return Round(dec.Decimal{Decimal: quantity.Mul(price.Decimal)}, minorUnits)
}

// percentOf is round(amount × percent / 100).
func percentOf(amount, percent dec.Decimal, minorUnits int) dec.Decimal {
	return Round(dec.Decimal{Decimal: amount.Mul(percent.Decimal).Shift(-2)}, minorUnits)
}

// DiscountAmount is the amount a discount takes from base, rounded.
func DiscountAmount(d *Discount, base dec.Decimal, minorUnits int) dec.Decimal {
	switch {
	case d == nil:
		return dec.Zero
	case d.Percentage:
		return percentOf(base, d.Value, minorUnits)
	default:
		return Round(d.Value, minorUnits)
	}
}

// TaxLineAmount is a document tax line's tax on the document's taxable base:
// round(taxableBase × rate / 100), the amount Compute counts in the document's tax.
func TaxLineAmount(taxableBase, rate dec.Decimal, minorUnits int) dec.Decimal {
	return percentOf(taxableBase, rate, minorUnits)
}

// DocumentDiscountAmount is the amount the document discount d takes from the document's
// subtotal: DiscountAmount, an amount discount capped at the whole subtotal.
func DocumentDiscountAmount(d *Discount, subTotal dec.Decimal, minorUnits int) dec.Decimal {
	a := DiscountAmount(d, subTotal, minorUnits)
	if a.GreaterThan(subTotal.Decimal) {
		return subTotal
	}
	return a
}

// Check reports the document's field errors, naming fields lines.N.quantity, lines.N.price,
// lines.N.discount, lines.N.taxRate, fees.N.amount, fees.N.taxRate, discount and
// taxLines.N.rate. Callers validate their own requests with the Check functions and their
// own field names; this is the last guard of Compute.
func (doc Document) Check(minorUnits int) error {
	f := apperr.Fields{}
	for i, l := range doc.Lines {
		p := fmt.Sprintf("lines.%d.", i)
		CheckQuantity(f, p+"quantity", l.Quantity)
		CheckPrice(f, p+"price", l.Price)
		CheckTaxRate(f, p+"taxRate", l.TaxRate)
		if l.Quantity.IsPositive() && !l.Price.IsNegative() {
			CheckDiscount(f, p+"discount", l.Discount, ExtendedPrice(l.Quantity, l.Price, minorUnits))
		}
	}
	for i, fee := range doc.Fees {
		p := fmt.Sprintf("fees.%d.", i)
		CheckAmount(f, p+"amount", fee.Amount)
		CheckTaxRate(f, p+"taxRate", fee.TaxRate)
	}
	for i, t := range doc.TaxLines {
		CheckTaxRate(f, fmt.Sprintf("taxLines.%d.rate", i), t.Rate)
	}
	CheckDocumentDiscount(f, "discount", doc.Discount)
	return f.Err()
}

// Compute prices the document in a currency of minorUnits digits after the point (0 to
// MaxMinorUnits). It answers Check's 400 when an input is out of range.
func (doc Document) Compute(minorUnits int) (Totals, error) {
	if minorUnits < 0 || minorUnits > MaxMinorUnits {
		return Totals{}, fmt.Errorf("doclines: minor units %d out of 0..%d", minorUnits, MaxMinorUnits)
	}
	if err := doc.Check(minorUnits); err != nil {
		return Totals{}, err
	}
	t := Totals{Lines: make([]LineAmounts, len(doc.Lines)), Fees: make([]FeeAmounts, len(doc.Fees))}
	weights := make([]dec.Decimal, 0, len(doc.Lines)+len(doc.Fees))
	for i, l := range doc.Lines {
		a := &t.Lines[i]
		a.PreDiscountSubTotal = ExtendedPrice(l.Quantity, l.Price, minorUnits)
		a.DiscountAmount = DiscountAmount(l.Discount, a.PreDiscountSubTotal, minorUnits)
		a.SubTotal = add(a.PreDiscountSubTotal, a.DiscountAmount.Neg())
		a.DiscountedPrice = dec.Decimal{Decimal: a.SubTotal.DivRound(l.Quantity.Decimal, int32(minorUnits))}
		t.LineSubTotal = add(t.LineSubTotal, a.SubTotal.Decimal)
		weights = append(weights, a.SubTotal)
	}
	for i, fee := range doc.Fees {
		a := &t.Fees[i]
		a.SubTotal = Round(fee.Amount, minorUnits)
		t.FeeTotal = add(t.FeeTotal, a.SubTotal.Decimal)
		weights = append(weights, a.SubTotal)
	}
	t.SubTotal = add(t.LineSubTotal, t.FeeTotal.Decimal)
	t.Discount = DocumentDiscountAmount(doc.Discount, t.SubTotal, minorUnits)
	shares := apportion(t.Discount, weights, minorUnits)

	byRate := map[string]*RateTax{}
	taxAt := func(rate, base, tax dec.Decimal) {
		if rate.IsZero() {
			return
		}
		k := rate.String()
		r, ok := byRate[k]
		if !ok {
			r = &RateTax{Rate: rate}
			byRate[k] = r
		}
		r.Base = add(r.Base, base.Decimal)
		r.Tax = add(r.Tax, tax.Decimal)
	}
	// taxed books one line's or fee's taxed amount and returns its tax.
	taxed := func(amount dec.Decimal, taxable bool, rate dec.Decimal) dec.Decimal {
		if !taxable {
			t.NonTaxableBase = add(t.NonTaxableBase, amount.Decimal)
			return dec.Zero
		}
		t.TaxableBase = add(t.TaxableBase, amount.Decimal)
		tax := percentOf(amount, rate, minorUnits)
		taxAt(rate, amount, tax)
		t.Tax = add(t.Tax, tax.Decimal)
		return tax
	}
	for i, l := range doc.Lines {
		a := &t.Lines[i]
		a.DocumentDiscount = shares[i]
		a.Taxed = add(a.SubTotal, a.DocumentDiscount.Neg())
		a.Tax = taxed(a.Taxed, l.Taxable, l.TaxRate)
	}
	for i, fee := range doc.Fees {
		a := &t.Fees[i]
		a.DocumentDiscount = shares[len(doc.Lines)+i]
		a.Taxed = add(a.SubTotal, a.DocumentDiscount.Neg())
		a.Tax = taxed(a.Taxed, fee.Taxable, fee.TaxRate)
	}
	// A tax line's tax is shared out over the taxable lines and fees in proportion to their
	// taxed amounts, the way the document discount is: the shares add up to it exactly.
	taxedWeights := make([]dec.Decimal, 0, len(weights))
	for i, l := range doc.Lines {
		taxedWeights = append(taxedWeights, taxableWeight(l.Taxable, t.Lines[i].Taxed))
	}
	for i, fee := range doc.Fees {
		taxedWeights = append(taxedWeights, taxableWeight(fee.Taxable, t.Fees[i].Taxed))
	}
	for _, tl := range doc.TaxLines {
		tax := TaxLineAmount(t.TaxableBase, tl.Rate, minorUnits)
		t.TaxLines = append(t.TaxLines, RateTax{Rate: tl.Rate, Base: t.TaxableBase, Tax: tax})
		taxAt(tl.Rate, t.TaxableBase, tax)
		t.Tax = add(t.Tax, tax.Decimal)
		taxShares := apportion(tax, taxedWeights, minorUnits)
		for i := range t.Lines {
			t.Lines[i].TaxLineShares = append(t.Lines[i].TaxLineShares, taxShares[i])
		}
		for i := range t.Fees {
			t.Fees[i].TaxLineShares = append(t.Fees[i].TaxLineShares, taxShares[len(doc.Lines)+i])
		}
	}
	for _, r := range byRate {
		t.TaxByRate = append(t.TaxByRate, *r)
	}
	sort.Slice(t.TaxByRate, func(i, j int) bool { return t.TaxByRate[i].Rate.LessThan(t.TaxByRate[j].Rate.Decimal) })
	t.Total = add(add(t.SubTotal, t.Discount.Neg()), t.Tax.Decimal)
	return t, nil
}

// taxableWeight is what a line or fee weighs when a tax line's tax is shared out: its taxed
// amount when it is taxable, else nothing.
func taxableWeight(taxable bool, taxed dec.Decimal) dec.Decimal {
	if !taxable {
		return dec.Zero
	}
	return taxed
}

// add is a + b as a dec.Decimal.
func add(a dec.Decimal, b decimal.Decimal) dec.Decimal { return dec.Decimal{Decimal: a.Add(b)} }

// apportion shares total (whole minor units, 0 or more) over weights (whole minor units, 0 or
// more, summing to at least total) in proportion, by the largest remainder: each takes the
// whole units of its exact share, and the units left over go one each to the largest
// remainders, the earlier weight first on a tie. The shares add up to total exactly.
func apportion(total dec.Decimal, weights []dec.Decimal, minorUnits int) []dec.Decimal {
	shares := make([]dec.Decimal, len(weights))
	units := func(d dec.Decimal) *big.Int { return d.Shift(int32(minorUnits)).BigInt() }
	sum := new(big.Int)
	ws := make([]*big.Int, len(weights))
	for i, w := range weights {
		ws[i] = units(w)
		sum.Add(sum, ws[i])
	}
	tot := units(total)
	if tot.Sign() == 0 || sum.Sign() == 0 {
		return shares
	}
	whole := make([]*big.Int, len(weights))
	rems := make([]*big.Int, len(weights))
	left := new(big.Int).Set(tot)
	for i, w := range ws {
		whole[i], rems[i] = new(big.Int).QuoRem(new(big.Int).Mul(tot, w), sum, new(big.Int))
		left.Sub(left, whole[i])
	}
	order := make([]int, len(weights))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rems[order[a]].Cmp(rems[order[b]]) > 0 })
	for _, i := range order {
		if left.Sign() == 0 {
			break
		}
		whole[i].Add(whole[i], big.NewInt(1))
		left.Sub(left, big.NewInt(1))
	}
	for i, u := range whole {
		shares[i] = dec.Decimal{Decimal: decimal.NewFromBigInt(u, int32(-minorUnits))}
	}
	return shares
}
