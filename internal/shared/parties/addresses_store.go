package parties

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type addressRow struct {
	ID               string        `db:"id"`
	Name             *string       `db:"name"`
	Address1         string        `db:"address1"`
	Address2         *string       `db:"address2"`
	Address3         *string       `db:"address3"`
	City             string        `db:"city"`
	StateProvince    *string       `db:"state_province"`
	PostalCode       string        `db:"postal_code"`
	Country          *string       `db:"country"`
	ShippingLeadTime sql.NullInt64 `db:"shipping_lead_time"`
	PrimaryBilling   bool          `db:"primary_billing"`
	PrimaryShipping  bool          `db:"primary_shipping"`
	Email            *string       `db:"email"`
	Phone            *string       `db:"phone"`
	Fax              *string       `db:"fax"`
	Notes            *string       `db:"notes"`
}

func (r addressRow) toAddress() Address {
	a := Address{ID: r.ID, AddressWrite: AddressWrite{
		Name: r.Name, Address1: r.Address1, Address2: r.Address2, Address3: r.Address3, City: r.City,
		StateProvince: r.StateProvince, PostalCode: r.PostalCode, Country: r.Country,
		PrimaryBilling: r.PrimaryBilling, PrimaryShipping: r.PrimaryShipping,
		Email: r.Email, Phone: r.Phone, Fax: r.Fax, Notes: r.Notes,
	}}
	if r.ShippingLeadTime.Valid {
		days := int(r.ShippingLeadTime.Int64)
		a.ShippingLeadTime = &days
	}
	return a
}

const addressColumns = `id, name, address1, address2, address3, city, state_province, postal_code, country,
       shipping_lead_time, primary_billing, primary_shipping, email, phone, fax, notes`

// addressArgs are the bind parameters $1 to $18 of the address insert and update.
func addressArgs(tenantID, partyID string, a Address) []any {
	return []any{tenantID, partyID, a.ID, a.Name, a.Address1, a.Address2, a.Address3, a.City, a.StateProvince,
		a.PostalCode, a.Country, a.ShippingLeadTime, a.PrimaryBilling, a.PrimaryShipping, a.Email, a.Phone, a.Fax, a.Notes}
}

// takePrimaryMarks clears the marks a carries from the party's other addresses. It runs
// under the party's lock (lockLive), so no other write can mark another address between
// this statement and the caller's insert or update.
func (b *Book) takePrimaryMarks(ctx context.Context, q db.Q, tenantID, partyID string, a Address) error {
	if !a.PrimaryBilling && !a.PrimaryShipping {
		return nil
	}
	if _, err := q.ExecContext(ctx, b.sql.takePrimaryMarks, tenantID, partyID, a.ID, a.PrimaryBilling, a.PrimaryShipping); err != nil {
		return fmt.Errorf("take primary address marks: %w", err)
	}
	return nil
}

func (b *Book) insertAddress(ctx context.Context, q db.Q, tenantID, partyID string, a Address) error {
	_, err := q.ExecContext(ctx, b.sql.insertAddress, addressArgs(tenantID, partyID, a)...)
	return b.addressWriteErr(err)
}

func (b *Book) updateAddress(ctx context.Context, q db.Q, tenantID, partyID string, a Address) error {
	res, err := q.ExecContext(ctx, b.sql.updateAddress, addressArgs(tenantID, partyID, a)...)
	if err != nil {
		return b.addressWriteErr(err)
	}
	return rowsChanged(res, "update address", b.addressNotFound(partyID, a.ID))
}

// addressWriteErr maps the one-primary indexes. Writes hold the party's lock, so this
// should not happen; if it does, the client may retry.
func (b *Book) addressWriteErr(err error) error {
	if idx, dup := db.UniqueViolation(err); dup {
		field := "primaryBilling"
		if strings.HasSuffix(idx, "_one_primary_shipping") {
			field = "primaryShipping"
		}
		return apperr.Field(field, "another address of the %s took this mark at the same time; retry", b.party.Noun)
	}
	if err != nil {
		return fmt.Errorf("save %s address: %w", b.party.Noun, err)
	}
	return nil
}

// deleteAddress answers errNoChange when the party has no such address.
func (b *Book) deleteAddress(ctx context.Context, q db.Q, tenantID, partyID, id string) error {
	res, err := q.ExecContext(ctx, b.sql.deleteAddress, tenantID, partyID, id)
	if err != nil {
		return fmt.Errorf("delete %s address: %w", b.party.Noun, err)
	}
	return rowsChanged(res, "delete address", errNoChange)
}

func (b *Book) getAddress(ctx context.Context, q db.Q, tenantID, partyID, id string) (Address, error) {
	var r addressRow
	err := sqlx.GetContext(ctx, q, &r, b.sql.getAddress, tenantID, partyID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Address{}, b.addressNotFound(partyID, id)
	}
	if err != nil {
		return Address{}, fmt.Errorf("get %s address: %w", b.party.Noun, err)
	}
	return r.toAddress(), nil
}

func (b *Book) addressNotFound(partyID, id string) error {
	return apperr.NotFound("address %s of %s %s not found", id, b.party.Noun, partyID)
}

// addressSortFields are the address properties a list can be sorted by. Text sorts
// case-insensitively; an address without a name sorts after the named ones.
var addressSortFields = map[string]string{
	"id":               "id",
	"name":             "lower(name)",
	"address1":         "lower(address1)",
	"city":             "lower(city)",
	"stateProvince":    "lower(state_province)",
	"postalCode":       "lower(postal_code)",
	"country":          "lower(country)",
	"primaryBilling":   "primary_billing",
	"primaryShipping":  "primary_shipping",
	"shippingLeadTime": "shipping_lead_time",
}

var addressListSpec = listing.Spec{Fields: addressSortFields, Default: "name", IDColumn: "id"}

func (b *Book) listAddresses(ctx context.Context, q db.Q, tenantID, partyID string, p listing.Page) ([]Address, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where(b.party.OwnerColumn+" = %s", partyID)
	query, args := lq.SQL(b.sql.listAddresses, p)
	var rows []addressRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list %s addresses: %w", b.party.Noun, err)
	}
	out := make([]Address, len(rows))
	for i, r := range rows {
		out[i] = r.toAddress()
	}
	return out, nil
}
