package quotes

import (
	"context"

	"mos/internal/platform/db"
)

// The quote side of converting a quote into a sales order (the sales orders service runs the
// conversion in its own transaction and calls these two through a small interface): the
// quote is locked and read as the order copies it, then marked won, in that transaction.

// SalesOrderSource is what a sales order converted from a quote copies of it: the quote as
// it stands (its header and totals), its part lines in line order, and its fee, tax and
// discount lines oldest first.
type SalesOrderSource struct {
	Quote
	PartLines []PartLine
	FeeLines  []SourceFeeLine
	TaxLines  []SourceTaxLine
	Discount  *SourceDiscountLine
}

// SourceFeeLine is a quote fee line as a sales order copies it.
type SourceFeeLine struct {
	Name        string  `db:"name"`
	Description *string `db:"description"`
	Amount      dec     `db:"amount"`
	IsTaxable   bool    `db:"is_taxable"`
	TaxRateID   *string `db:"tax_rate_id"`
	TaxRate     dec     `db:"tax_rate"`
}

// SourceTaxLine is a quote tax line (the rate's name and percentage as the quote took them).
type SourceTaxLine struct {
	TaxRateID string `db:"tax_rate_id"`
	Name      string `db:"name"`
	Rate      dec    `db:"rate"`
}

// SourceDiscountLine is a quote's discount line.
type SourceDiscountLine struct {
	Name         *string `db:"name"`
	IsPercentage bool    `db:"is_percentage"`
	Value        dec     `db:"value"`
}

// ForConversion locks the tenant's active quote quoteID until q's transaction ends (so its
// lines and status cannot change while a sales order is made of it, and conversions of one
// quote run one at a time) and answers what the order copies. A missing or deleted quote is
// NotFound. Five statements however many lines.
func (s *Service) ForConversion(ctx context.Context, q db.Q, tenantID, quoteID string) (SalesOrderSource, error) {
	quote, err := s.header.LockActive(ctx, q, tenantID, quoteID)
	if err != nil {
		return SalesOrderSource{}, err
	}
	return conversionStore{}.lines(ctx, q, tenantID, quote)
}

// MarkWon moves the quote, locked by ForConversion in q's transaction, to won: the customer
// ordered it. It bypasses the status table (an approved quote the customer accepted before it
// was sent is won too); a quote already won stays as it is.
func (s *Service) MarkWon(ctx context.Context, q db.Q, tenantID, quoteID string) error {
	return conversionStore{}.markWon(ctx, q, tenantID, quoteID)
}
