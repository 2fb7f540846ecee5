package parties

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

func (b *Book) insertContact(ctx context.Context, q db.Q, tenantID, partyID string, c Contact) error {
	_, err := q.ExecContext(ctx, b.sql.insertContact, tenantID, partyID, c.ID, c.FirstName, c.LastName,
		c.Position, c.Phone, c.CellPhone, c.Email)
	if err != nil {
		return fmt.Errorf("insert %s contact: %w", b.party.Noun, err)
	}
	return nil
}

func (b *Book) updateContact(ctx context.Context, q db.Q, tenantID, partyID string, c Contact) error {
	res, err := q.ExecContext(ctx, b.sql.updateContact, tenantID, partyID, c.ID, c.FirstName, c.LastName,
		c.Position, c.Phone, c.CellPhone, c.Email)
	if err != nil {
		return fmt.Errorf("update %s contact: %w", b.party.Noun, err)
	}
	return rowsChanged(res, "update contact", b.contactNotFound(partyID, c.ID))
}

// deleteContact answers errNoChange when the party has no such contact.
func (b *Book) deleteContact(ctx context.Context, q db.Q, tenantID, partyID, id string) error {
	res, err := q.ExecContext(ctx, b.sql.deleteContact, tenantID, partyID, id)
	if err != nil {
		return fmt.Errorf("delete %s contact: %w", b.party.Noun, err)
	}
	return rowsChanged(res, "delete contact", errNoChange)
}

func (b *Book) getContact(ctx context.Context, q db.Q, tenantID, partyID, id string) (Contact, error) {
	var r contactRow
	err := sqlx.GetContext(ctx, q, &r, b.sql.getContact, tenantID, partyID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Contact{}, b.contactNotFound(partyID, id)
	}
	if err != nil {
		return Contact{}, fmt.Errorf("get %s contact: %w", b.party.Noun, err)
	}
	return r.toContact(), nil
}

func (b *Book) contactNotFound(partyID, id string) error {
	return apperr.NotFound("contact %s of %s %s not found", id, b.party.Noun, partyID)
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

func (b *Book) listContacts(ctx context.Context, q db.Q, tenantID, partyID string, p listing.Page) ([]Contact, error) {
	lq := listing.NewQuery("tenant_id", tenantID)
	lq.Where(b.party.OwnerColumn+" = %s", partyID)
	query, args := lq.SQL(b.sql.listContacts, p)
	var rows []contactRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list %s contacts: %w", b.party.Noun, err)
	}
	out := make([]Contact, len(rows))
	for i, r := range rows {
		out[i] = r.toContact()
	}
	return out, nil
}
