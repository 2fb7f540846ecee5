package customers

import (
	"context"
	"errors"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Contact is one of a customer's stored contacts.
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

// CreateContact adds a contact to a live customer and returns its 36-character id.
func (s *Service) CreateContact(ctx context.Context, tenantID, customerID string, w ContactWrite) (string, error) {
	w, err := w.normalized()
	if err != nil {
		return "", err
	}
	c := Contact{ID: ids.NewSub(), ContactWrite: w}
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := lockLiveCustomer(ctx, q, tenantID, customerID); err != nil {
			return err
		}
		return s.contacts.insert(ctx, q, tenantID, customerID, c)
	})
	if err != nil {
		return "", err
	}
	return c.ID, nil
}

// Contact returns one contact of the customer; another customer's contact is NotFound.
func (s *Service) Contact(ctx context.Context, tenantID, customerID, id string) (Contact, error) {
	return s.contacts.get(ctx, s.pool, tenantID, customerID, id)
}

// Contacts returns the customer's contacts (a deleted customer's too).
func (s *Service) Contacts(ctx context.Context, tenantID, customerID string, r listing.Request) ([]Contact, error) {
	page, err := listing.Resolve(r, contactListSpec)
	if err != nil {
		return nil, err
	}
	if err := requireCustomer(ctx, s.pool, tenantID, customerID); err != nil {
		return nil, err
	}
	return s.contacts.list(ctx, s.pool, tenantID, customerID, page)
}

// UpdateContact replaces every member of one of a live customer's contacts.
func (s *Service) UpdateContact(ctx context.Context, tenantID, customerID, id string, w ContactWrite) (Contact, error) {
	w, err := w.normalized()
	if err != nil {
		return Contact{}, err
	}
	c := Contact{ID: id, ContactWrite: w}
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := lockLiveCustomer(ctx, q, tenantID, customerID); err != nil {
			return err
		}
		return s.contacts.update(ctx, q, tenantID, customerID, c)
	})
	if err != nil {
		return Contact{}, err
	}
	return c, nil
}

// DeleteContact removes one of a live customer's contacts; false when the customer has no such
// contact.
func (s *Service) DeleteContact(ctx context.Context, tenantID, customerID, id string) (bool, error) {
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := lockLiveCustomer(ctx, q, tenantID, customerID); err != nil {
			return err
		}
		return s.contacts.delete(ctx, q, tenantID, customerID, id)
	})
	switch {
	case errors.Is(err, errNoChange):
		return false, nil
	case err != nil:
		return false, err
	}
	return true, nil
}

// normalized trims every text member (blank optional text is no value), checks lengths and
// the email rule, naming each offending field.
func (w ContactWrite) normalized() (ContactWrite, error) {
	fields := apperr.Fields{}
	w.FirstName = fields.Text("firstName", w.FirstName, maxSubRecordText)
	w.LastName = fields.OptionalText("lastName", w.LastName, maxSubRecordText)
	w.Position = fields.OptionalText("position", w.Position, maxSubRecordText)
	w.Phone = fields.OptionalText("phone", w.Phone, maxSubRecordText)
	w.CellPhone = fields.OptionalText("cellPhone", w.CellPhone, maxSubRecordText)
	if w.Email != nil {
		email, err := parseEmail(*w.Email)
		switch {
		case err != nil:
			fields.Add("email", "%s", err.Error())
		case email == "":
			w.Email = nil
		default:
			w.Email = &email
		}
	}
	return w, fields.Err()
}
