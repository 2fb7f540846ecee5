package inventory

import (
	"github.com/shopspring/decimal"

	"mos/internal/platform/dec"
)

// perUnitPlaces is how many decimal places a per-unit value is rounded to on reads.
const perUnitPlaces = 6

// exact rounds a computed amount to the most fraction digits the service keeps
// (dec.MaxFractionDigits): products of two such amounts, and shares, have more.
func exact(d decimal.Decimal) dec.Decimal {
	return dec.Decimal{Decimal: d.Round(dec.MaxFractionDigits)}
}

// perUnit is total ÷ quantity rounded to perUnitPlaces, 0 when quantity is 0.
func perUnit(total, quantity dec.Decimal) dec.Decimal {
	if quantity.IsZero() {
		return dec.Zero
	}
	return dec.Decimal{Decimal: total.DivRound(quantity.Decimal, perUnitPlaces)}
}

// Total is the sum of the kinds.
func (v Values) Total() dec.Decimal {
	return dec.Decimal{Decimal: v.Labor.Add(v.Machine.Decimal).Add(v.OutsideProcessing.Decimal).Add(v.Material.Decimal)}
}

// Neg is the opposite change.
func (v Values) Neg() Values {
	return v.each(func(d dec.Decimal) dec.Decimal { return dec.Decimal{Decimal: d.Neg()} })
}

// Times is v × n per kind (per-unit values times a quantity).
func (v Values) Times(n dec.Decimal) Values {
	return v.each(func(d dec.Decimal) dec.Decimal { return exact(d.Mul(n.Decimal)) })
}

// Share is the part of v that part of whole units carry: v × part ÷ whole per kind (whole
// is not 0). Taking every unit (part = whole) takes exactly v, so a balance emptied by
// picks keeps no value behind.
func (v Values) Share(part, whole dec.Decimal) Values {
	return v.each(func(d dec.Decimal) dec.Decimal {
		return dec.Decimal{Decimal: d.Mul(part.Decimal).DivRound(whole.Decimal, dec.MaxFractionDigits)}
	})
}

func (v Values) each(f func(dec.Decimal) dec.Decimal) Values {
	return Values{Labor: f(v.Labor), Machine: f(v.Machine), OutsideProcessing: f(v.OutsideProcessing), Material: f(v.Material)}
}

// Plus is v + w per kind.
func (v Values) Plus(w Values) Values {
	return Values{
		Labor: dec.Decimal{Decimal: v.Labor.Add(w.Labor.Decimal)}, Machine: dec.Decimal{Decimal: v.Machine.Add(w.Machine.Decimal)},
		OutsideProcessing: dec.Decimal{Decimal: v.OutsideProcessing.Add(w.OutsideProcessing.Decimal)},
		Material:          dec.Decimal{Decimal: v.Material.Add(w.Material.Decimal)},
	}
}

// Min is the smaller of v and w per kind.
func (v Values) Min(w Values) Values {
	least := func(a, b dec.Decimal) dec.Decimal {
		if b.LessThan(a.Decimal) {
			return b
		}
		return a
	}
	return Values{Labor: least(v.Labor, w.Labor), Machine: least(v.Machine, w.Machine),
		OutsideProcessing: least(v.OutsideProcessing, w.OutsideProcessing), Material: least(v.Material, w.Material)}
}
