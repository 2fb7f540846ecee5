package customers

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
)

type addressStore struct{}

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

// takePrimaryMarksSQL clears the marks a carries from the customer's other addresses.
const takePrimaryMarksSQL = `
UPDATE customer_addresses
SET primary_billing = primary_billing AND NOT $4, primary_shipping = primary_shipping AND NOT $5,
    modified_utc = now()
WHERE tenant_id = $1 AND customer_id = $2 AND id <> $3
  AND (($4 AND primary_billing) OR ($5 AND primary_shipping))`

// takePrimaryMarks runs under the customer's lock (lockLiveCustomer), so no other write can
// mark another address between this statement and the caller's insert or update.
func (addressStore) takePrimaryMarks(ctx context.Context, q db.Q, tenantID, customerID string, a Address) error {
	if !a.PrimaryBilling && !a.PrimaryShipping {
		return nil
	}
	if _, err := q.ExecContext(ctx, takePrimaryMarksSQL, tenantID, customerID, a.ID, a.PrimaryBilling, a.PrimaryShipping); err != nil {
		return fmt.Errorf("take primary address marks: %w", err)
	}
	return nil
}

const insertAddressSQL = `
INSERT INTO customer_addresses (tenant_id, customer_id, id, name, address1, address2, address3, city,
       state_province, postal_code, country, shipping_lead_time, primary_billing, primary_shipping,
       email, phone, fax, notes)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`

func (addressStore) insert(ctx context.Context, q db.Q, tenantID, customerID string, a Address) error {
	_, err := q.ExecContext(ctx, insertAddressSQL, tenantID, customerID, a.ID, a.Name, a.Address1, a.Address2,
		a.Address3, a.City, a.StateProvince, a.PostalCode, a.Country, a.ShippingLeadTime, a.PrimaryBilling,
		a.PrimaryShipping, a.Email, a.Phone, a.Fax, a.Notes)
	return addressWriteErr(err)
}

const updateAddressSQL = `
UPDATE customer_addresses
SET name = $4, address1 = $5, address2 = $6, address3 = $7, city = $8, state_province = $9,
    postal_code = $10, country = $11, shipping_lead_time = $12, primary_billing = $13,
    primary_shipping = $14, email = $15, phone = $16, fax = $17, notes = $18, modified_utc = now()
WHERE tenant_id = $1 AND customer_id = $2 AND id = $3`

func (addressStore) update(ctx context.Context, q db.Q, tenantID, customerID string, a Address) error {
	res, err := q.ExecContext(ctx, updateAddressSQL, tenantID, customerID, a.ID, a.Name, a.Address1, a.Address2,
		a.Address3, a.City, a.StateProvince, a.PostalCode, a.Country, a.ShippingLeadTime, a.PrimaryBilling,
		a.PrimaryShipping, a.Email, a.Phone, a.Fax, a.Notes)
	if err != nil {
		return addressWriteErr(err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("update customer address: %w", err)
	} else if n == 0 {
		return addressNotFound(customerID, a.ID)
	}
	return nil
}

// addressWriteErr maps the one-primary indexes. Writes hold the customer's lock, so this
// should not happen; if it does, the client may retry.
func addressWriteErr(err error) error {
	if idx, dup := db.UniqueViolation(err); dup {
		field := "primaryBilling"
		if idx == "customer_addresses_one_primary_shipping" {
			field = "primaryShipping"
		}
		return apperr.Field(field, "another address of the customer took this mark at the same time; retry")
	}
	if err != nil {
		return fmt.Errorf("save customer address: %w", err)
	}
	return nil
}

const deleteAddressSQL = `DELETE FROM customer_addresses WHERE tenant_id = $1 AND customer_id = $2 AND id = $3`

// delete answers errNoChange when the customer has no such address.
func (addressStore) delete(ctx context.Context, q db.Q, tenantID, customerID, id string) error {
	res, err := q.ExecContext(ctx, deleteAddressSQL, tenantID, customerID, id)
	if err != nil {
		return fmt.Errorf("delete customer address: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("delete customer address: %w", err)
	} else if n == 0 {
		return errNoChange
	}
	return nil
}

const getAddressSQL = `SELECT ` + addressColumns + `
FROM customer_addresses WHERE tenant_id = $1 AND customer_id = $2 AND id = $3`

func (addressStore) get(ctx context.Context, q db.Q, tenantID, customerID, id string) (Address, error) {
	var r addressRow
	err := sqlx.GetContext(ctx, q, &r, getAddressSQL, tenantID, customerID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Address{}, addressNotFound(customerID, id)
	}
	if err != nil {
		return Address{}, fmt.Errorf("get customer address: %w", err)
	}
	return r.toAddress(), nil
}

func addressNotFound(customerID, id string) error {
	return apperr.NotFound("address %s of customer %s not found", id, customerID)
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

func (addressStore) list(ctx context.Context, q db.Q, tenantID, customerID string, p listing.Page) ([]Address, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where("customer_id = %s", customerID)
	query, args := lq.SQL(`SELECT `+addressColumns+` FROM customer_addresses`, p)
	var rows []addressRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list customer addresses: %w", err)
	}
	out := make([]Address, len(rows))
	for i, r := range rows {
		out[i] = r.toAddress()
	}
	return out, nil
}
