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

type contactStore struct{}

type contactRow struct {
	ID        string  `db:"id"`
	FirstName string  `db:"first_name"`
	LastName  *string `db:"last_name"`
	Position  *string `db:"position"`
	Phone     *string `db:"phone"`
	CellPhone *string `db:"cell_phone"`
	Email     *string `db:"email"`
}

func (r contactRow) toContact() Contact {
	return Contact{ID: r.ID, ContactWrite: ContactWrite{
		FirstName: r.FirstName, LastName: r.LastName, Position: r.Position,
		Phone: r.Phone, CellPhone: r.CellPhone, Email: r.Email,
	}}
}

const contactColumns = `id, first_name, last_name, position, phone, cell_phone, email`

const insertContactSQL = `
INSERT INTO customer_contacts (tenant_id, customer_id, id, first_name, last_name, position, phone, cell_phone, email)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`

func (contactStore) insert(ctx context.Context, q db.Q, tenantID, customerID string, c Contact) error {
	_, err := q.ExecContext(ctx, insertContactSQL, tenantID, customerID, c.ID, c.FirstName, c.LastName,
		c.Position, c.Phone, c.CellPhone, c.Email)
	if err != nil {
		return fmt.Errorf("insert customer contact: %w", err)
	}
	return nil
}

const updateContactSQL = `
UPDATE customer_contacts
SET first_name = $4, last_name = $5, position = $6, phone = $7, cell_phone = $8, email = $9,
    modified_utc = now()
WHERE tenant_id = $1 AND customer_id = $2 AND id = $3`

func (contactStore) update(ctx context.Context, q db.Q, tenantID, customerID string, c Contact) error {
	res, err := q.ExecContext(ctx, updateContactSQL, tenantID, customerID, c.ID, c.FirstName, c.LastName,
		c.Position, c.Phone, c.CellPhone, c.Email)
	if err != nil {
		return fmt.Errorf("update customer contact: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("update customer contact: %w", err)
	} else if n == 0 {
		return contactNotFound(customerID, c.ID)
	}
	return nil
}

const deleteContactSQL = `DELETE FROM customer_contacts WHERE tenant_id = $1 AND customer_id = $2 AND id = $3`

// delete answers errNoChange when the customer has no such contact.
func (contactStore) delete(ctx context.Context, q db.Q, tenantID, customerID, id string) error {
	res, err := q.ExecContext(ctx, deleteContactSQL, tenantID, customerID, id)
	if err != nil {
		return fmt.Errorf("delete customer contact: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("delete customer contact: %w", err)
	} else if n == 0 {
		return errNoChange
	}
	return nil
}

const getContactSQL = `SELECT ` + contactColumns + `
FROM customer_contacts WHERE tenant_id = $1 AND customer_id = $2 AND id = $3`

func (contactStore) get(ctx context.Context, q db.Q, tenantID, customerID, id string) (Contact, error) {
	var r contactRow
	err := sqlx.GetContext(ctx, q, &r, getContactSQL, tenantID, customerID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Contact{}, contactNotFound(customerID, id)
	}
	if err != nil {
		return Contact{}, fmt.Errorf("get customer contact: %w", err)
	}
	return r.toContact(), nil
}

func contactNotFound(customerID, id string) error {
	return apperr.NotFound("contact %s of customer %s not found", id, customerID)
}

// contactSortFields are the contact properties a list can be sorted by, case-insensitively.
// Sorting by lastName orders by first name within a last name (a row value sorts as a whole
// in either direction, missing last names after the others), which makes it the default
// order: last name, first name, then id.
var contactSortFields = map[string]string{
	"id":        "id",
	"firstName": "lower(first_name)",
	"lastName":  "(lower(last_name), lower(first_name))",
	"position":  "lower(position)",
	"email":     "lower(email)",
}

var contactListSpec = listing.Spec{Fields: contactSortFields, Default: "lastName", IDColumn: "id"}

func (contactStore) list(ctx context.Context, q db.Q, tenantID, customerID string, p listing.Page) ([]Contact, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where("customer_id = %s", customerID)
	query, args := lq.SQL(`SELECT `+contactColumns+` FROM customer_contacts`, p)
	var rows []contactRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list customer contacts: %w", err)
	}
	out := make([]Contact, len(rows))
	for i, r := range rows {
		out[i] = r.toContact()
	}
	return out, nil
}
