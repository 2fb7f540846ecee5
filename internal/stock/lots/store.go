package lots

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

type store struct {
	// quantity is the SQL expression of a lot's units on hand, given its tenant and lot id
	// columns (the inventory area's; see Service.UseQuantity).
	quantity func(tenantColumn, lotColumn string) string
}

type lotRow struct {
	ID             string         `db:"id"`
	ItemID         string         `db:"item_id"`
	Name           sql.NullString `db:"name"`
	System         bool           `db:"system"`
	ExpirationDate sql.NullTime   `db:"expiration_date"`
	Quantity       dec.Decimal    `db:"quantity"`
}

func (r lotRow) toLot() Lot {
	l := Lot{ID: r.ID, ItemID: r.ItemID, System: r.System, Quantity: r.Quantity}
	if r.Name.Valid {
		l.Name = &r.Name.String
	}
	if r.ExpirationDate.Valid {
		d := r.ExpirationDate.Time.UTC()
		l.ExpirationDate = &d
	}
	return l
}

// columns reads a lot aliased l. quantity is the sum of the lot's balances over every
// location: the inventory area owns the balances and hands the expression in at wiring time
// (see Service.UseQuantity), so a page of lots still costs one query and the quantity can
// never go stale. Without it a lot reads 0.
func (s store) columns() string {
	quantity := "0"
	if s.quantity != nil {
		quantity = s.quantity("l.tenant_id", "l.id")
	}
	return `l.id, l.item_id, l.name, l.system, l.expiration_date, coalesce(` + quantity + `, 0) AS quantity`
}

// showsSQL is what a lot's answer shows from other rows, over the lot aliased t: its quantity
// on hand, which its ETag folds in.
func (s store) showsSQL() string {
	if s.quantity == nil {
		return ""
	}
	return s.quantity("t.tenant_id", "t.id")
}

// itemFK is the foreign key from a lot to its item. Items are never deleted, so violating it
// means the item is unknown or another tenant's: the key decides, with no read beforehand.
const itemFK = "inventory_lots_tenant_id_item_id_fkey"

// saveErr turns the lot table's constraints into the client's errors: the unique index on
// names within an item into a 400 naming name, the item key into a 404.
func saveErr(err error, itemID string, name *string) error {
	if _, dup := db.UniqueViolation(err); dup && name != nil {
		return apperr.Field("name", "the item already has a lot named %q", *name)
	}
	if fk, ok := db.ForeignKeyViolation(err); ok && fk == itemFK {
		return apperr.NotFound("item %s not found", itemID)
	}
	if err != nil {
		return fmt.Errorf("save lot: %w", err)
	}
	return nil
}

// dateArg binds a calendar day as its ISO text, so no time zone can move it.
func dateArg(d *time.Time) any {
	if d == nil {
		return nil
	}
	return d.Format(time.DateOnly)
}

const insertSQL = `
INSERT INTO inventory_lots (tenant_id, id, item_id, name, system, expiration_date)
VALUES ($1, $2, $3, $4, $5, $6)`

func (store) insert(ctx context.Context, q db.Q, tenantID, id string, n NewLot, system bool) error {
	_, err := q.ExecContext(ctx, insertSQL, tenantID, id, n.ItemID, n.Name, system, dateArg(n.ExpirationDate))
	return saveErr(err, n.ItemID, n.Name)
}

// insertNamedIfAbsentSQL creates a named lot unless the item has one of that name. Against a
// concurrent insert of the same name it waits for that transaction and then does nothing.
const insertNamedIfAbsentSQL = `
INSERT INTO inventory_lots (tenant_id, id, item_id, name) VALUES ($1, $2, $3, $4)
ON CONFLICT (tenant_id, item_id, lower(name)) WHERE name IS NOT NULL DO NOTHING`

func (store) insertNamedIfAbsent(ctx context.Context, q db.Q, tenantID, id, itemID, name string) error {
	_, err := q.ExecContext(ctx, insertNamedIfAbsentSQL, tenantID, id, itemID, name)
	return saveErr(err, itemID, &name)
}

func notFound(id string) error { return apperr.NotFound("lot %s not found", id) }

func (s store) get(ctx context.Context, q db.Q, tenantID, id string) (Lot, error) {
	var r lotRow
	err := sqlx.GetContext(ctx, q, &r, `SELECT `+s.columns()+` FROM inventory_lots l WHERE l.tenant_id = $1 AND l.id = $2`, tenantID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Lot{}, notFound(id)
	}
	if err != nil {
		return Lot{}, fmt.Errorf("get lot: %w", err)
	}
	return r.toLot(), nil
}

// byName reads the item's lot named name (case-insensitive).
func (s store) byName(ctx context.Context, q db.Q, tenantID, itemID, name string) (Lot, error) {
	var r lotRow
	err := sqlx.GetContext(ctx, q, &r, `SELECT `+s.columns()+` FROM inventory_lots l
WHERE l.tenant_id = $1 AND l.item_id = $2 AND lower(l.name) = lower($3)`, tenantID, itemID, name)
	if errors.Is(err, sql.ErrNoRows) {
		return Lot{}, apperr.NotFound("item %s has no lot named %q", itemID, name)
	}
	if err != nil {
		return Lot{}, fmt.Errorf("get lot by name: %w", err)
	}
	return r.toLot(), nil
}

// sortFields are the InventoryLot properties a list can be sorted by. Unnamed lots sort as
// the empty name: first when ascending.
var sortFields = map[string]string{
	"id":             "l.id",
	"name":           "coalesce(lower(l.name), '')",
	"itemId":         "l.item_id",
	"expirationDate": "l.expiration_date",
}

var listSpec = listing.Spec{Fields: sortFields, Default: "name", IDColumn: "l.id"}

func (s store) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Lot, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	if f.Name != nil {
		lq.Where("l.name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.ItemIDs != nil {
		lq.Where("l.item_id = ANY(%s)", pq.StringArray(f.ItemIDs))
	}
	if f.System != nil {
		lq.Where("l.system = %s", *f.System)
	}
	query, args := lq.SQL(`SELECT `+s.columns()+` FROM inventory_lots l`, p)
	return selectLots(ctx, q, query, args...)
}

func (s store) byIDs(ctx context.Context, q db.Q, tenantID string, ids []string) ([]Lot, error) {
	return selectLots(ctx, q, `SELECT `+s.columns()+` FROM inventory_lots l WHERE l.tenant_id = $1 AND l.id = ANY($2)`, tenantID, pq.StringArray(ids))
}

func selectLots(ctx context.Context, q db.Q, query string, args ...any) ([]Lot, error) {
	var rows []lotRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list lots: %w", err)
	}
	out := make([]Lot, len(rows))
	for i, r := range rows {
		out[i] = r.toLot()
	}
	return out, nil
}

// NameSQL is the SQL expression another area's list reads to sort its rows by their lot's
// name, given its tenant and lot id columns (NULL without a lot). A page has to be sorted in
// SQL, so this is the one way other areas reach the lots table, and only through this package.
func NameSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT lt.name FROM inventory_lots lt WHERE lt.tenant_id = %s AND lt.id = %s)`, tenantColumn, idColumn)
}
