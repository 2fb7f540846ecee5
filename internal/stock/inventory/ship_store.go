package inventory

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// reservedAtSQL is reservedSQL for one balance: the units every record reserves there.
var reservedAtSQL = reservedWhere(" AND b.id = $2")

// reservedAt answers the units reserved at balance balanceID (0 when none).
func (store) reservedAt(ctx context.Context, q db.Q, tenantID, balanceID string) (dec.Decimal, error) {
	var row struct {
		ID       string      `db:"id"`
		Reserved dec.Decimal `db:"reserved"`
	}
	err := sqlx.GetContext(ctx, q, &row, reservedAtSQL, tenantID, balanceID)
	if errors.Is(err, sql.ErrNoRows) {
		return dec.Decimal{}, nil
	}
	if err != nil {
		return dec.Decimal{}, fmt.Errorf("reserved inventory at balance: %w", err)
	}
	return row.Reserved, nil
}
