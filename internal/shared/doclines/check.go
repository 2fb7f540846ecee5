package doclines

import (
	"mos/internal/platform/apperr"
	"mos/internal/platform/dec"
)

// The Check functions add a field error to f under the name the caller gives (the field of
// its own request) when a value is out of the range the line maths takes.

var hundred = dec.FromInt(100)

// CheckQuantity: a line's quantity must be more than 0.
func CheckQuantity(f apperr.Fields, field string, quantity dec.Decimal) {
	if !quantity.IsPositive() {
		f.Add(field, "must be more than 0")
	}
}

// CheckPrice: a unit price must be 0 or more.
func CheckPrice(f apperr.Fields, field string, price dec.Decimal) {
	if price.IsNegative() {
		f.Add(field, "must be 0 or more")
	}
}

// CheckAmount: a fee's amount must be 0 or more.
func CheckAmount(f apperr.Fields, field string, amount dec.Decimal) {
	if amount.IsNegative() {
		f.Add(field, "must be 0 or more")
	}
}

// CheckTaxRate: a tax rate is a percentage from 0 to 100.
func CheckTaxRate(f apperr.Fields, field string, rate dec.Decimal) {
	checkPercent(f, field, rate)
}

func checkPercent(f apperr.Fields, field string, p dec.Decimal) {
	if p.IsNegative() || p.GreaterThan(hundred.Decimal) {
		f.Add(field, "must be 0 to 100")
	}
}

// CheckDiscount: a line discount's percentage must be 0 to 100 and its amount 0 up to base
// (the line's preDiscountSubTotal). A nil discount is no discount. The document discount
// has CheckDocumentDiscount.
func CheckDiscount(f apperr.Fields, field string, d *Discount, base dec.Decimal) {
	switch {
	case d == nil:
	case d.Percentage:
		checkPercent(f, field, d.Value)
	case d.Value.IsNegative() || d.Value.GreaterThan(base.Decimal):
		f.Add(field, "must be 0 to %s, the amount it discounts", base.String())
	}
}

// CheckDocumentDiscount: the document discount's percentage must be 0 to 100 and its amount 0
// or more; an amount above the document's subtotal is accepted and takes the whole subtotal
// (DocumentDiscountAmount). A nil discount is no discount.
func CheckDocumentDiscount(f apperr.Fields, field string, d *Discount) {
	switch {
	case d == nil:
	case d.Percentage:
		checkPercent(f, field, d.Value)
	case d.Value.IsNegative():
		f.Add(field, "must be 0 or more")
	}
}
