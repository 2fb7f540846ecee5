package parties

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Contact is one of a party's stored contacts.
type Contact struct {
	ID string
	ContactWrite
}

// ContactWrite is what a create or full update sets: every member, omitted ones cleared.
type ContactWrite struct {
	FirstName string
	LastName  *string
	Position  *string
	Phone     *string
	CellPhone *string
	Email     *string // one mailbox address (see parseEmail), stored trimmed as written
}

// CreateContact adds a contact to a live party and returns its 36-character id.
func (b *Book) CreateContact(ctx context.Context, tenantID, partyID string, w ContactWrite) (string, error) {
	w, err := w.normalized()
	if err != nil {
		return "", err
	}
	c := Contact{ID: ids.NewSub(), ContactWrite: w}
	_, err = b.write(ctx, tenantID, partyID, func(q db.Q) error {
		return b.insertContact(ctx, q, tenantID, partyID, c)
	})
	if err != nil {
		return "", err
	}
	return c.ID, nil
}

// Contact returns one contact of the party; another party's contact is NotFound.
func (b *Book) Contact(ctx context.Context, tenantID, partyID, id string) (Contact, error) {
	return b.ContactIn(ctx, b.pool, tenantID, partyID, id)
}

// ContactIn is Contact read through q (the caller's transaction, when it has one). One
// statement.
func (b *Book) ContactIn(ctx context.Context, q db.Q, tenantID, partyID, id string) (Contact, error) {
	return b.getContact(ctx, q, tenantID, partyID, id)
}

// Contacts returns the party's contacts (a deleted party's too).
func (b *Book) Contacts(ctx context.Context, tenantID, partyID string, r listing.Request) ([]Contact, error) {
	page, err := listing.Resolve(r, contactListSpec)
	if err != nil {
		return nil, err
	}
	if err := b.require(ctx, b.pool, tenantID, partyID); err != nil {
		return nil, err
	}
	return b.listContacts(ctx, b.pool, tenantID, partyID, page)
}

// UpdateContact replaces every member of one of a live party's contacts.
func (b *Book) UpdateContact(ctx context.Context, tenantID, partyID, id string, w ContactWrite) (Contact, error) {
	w, err := w.normalized()
	if err != nil {
		return Contact{}, err
	}
	c := Contact{ID: id, ContactWrite: w}
	_, err = b.write(ctx, tenantID, partyID, func(q db.Q) error {
		return b.updateContact(ctx, q, tenantID, partyID, c)
	})
	if err != nil {
		return Contact{}, err
	}
	return c, nil
}

// DeleteContact removes one of a live party's contacts; false when the party has no such
// contact.
func (b *Book) DeleteContact(ctx context.Context, tenantID, partyID, id string) (bool, error) {
	return b.write(ctx, tenantID, partyID, func(q db.Q) error {
		return b.deleteContact(ctx, q, tenantID, partyID, id)
	})
}

// normalized trims every text member (blank optional text is no value), checks lengths and
// the email rule, naming each offending field.
func (w ContactWrite) normalized() (ContactWrite, error) {
	fields := apperr.Fields{}
	w.FirstName = fields.Text("firstName", w.FirstName, MaxText)
	w.LastName = fields.OptionalText("lastName", w.LastName, MaxText)
	w.Position = fields.OptionalText("position", w.Position, MaxText)
	w.Phone = fields.OptionalText("phone", w.Phone, MaxText)
	w.CellPhone = fields.OptionalText("cellPhone", w.CellPhone, MaxText)
	w.Email = NormalizeEmail(fields, "email", w.Email)
	return w, fields.Err()
}

// NormalizeEmail applies the contact email rule to v (nil: none), naming field when it
// breaks it: surrounding whitespace is trimmed, a blank value is no value (nil), anything
// else must be one mailbox address (see parseEmail). A party's own email member follows it.
func NormalizeEmail(fields apperr.Fields, field string, v *string) *string {
	if v == nil {
		return nil
	}
	email, err := parseEmail(*v)
	switch {
	case err != nil:
		fields.Add(field, "%s", err.Error())
		return v
	case email == "":
		return nil
	default:
		return &email
	}
}
