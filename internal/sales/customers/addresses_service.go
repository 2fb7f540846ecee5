package customers

import (
	"context"
	"errors"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Address is one of a customer's stored addresses.
type Address struct {
	ID string
	AddressWrite
}

// AddressWrite is what a create or full update sets: every member, omitted ones cleared.
type AddressWrite struct {
	Name             *string
	Address1         string
	Address2         *string
	Address3         *string
	City             string
	StateProvince    *string
	PostalCode       string
	Country          *string
	ShippingLeadTime *int // days in transit, >= 0
	PrimaryBilling   bool
	PrimaryShipping  bool
	Email            *string
	Phone            *string
	Fax              *string
	Notes            *string
}

// CreateAddress adds an address to a live customer and returns its 36-character id. A primary mark
// it carries is taken from the customer's other addresses in the same transaction.
func (s *Service) CreateAddress(ctx context.Context, tenantID, customerID string, w AddressWrite) (string, error) {
	w, err := w.normalized()
	if err != nil {
		return "", err
	}
	a := Address{ID: ids.NewSub(), AddressWrite: w}
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := lockLiveCustomer(ctx, q, tenantID, customerID); err != nil {
			return err
		}
		if err := s.addresses.takePrimaryMarks(ctx, q, tenantID, customerID, a); err != nil {
			return err
		}
		return s.addresses.insert(ctx, q, tenantID, customerID, a)
	})
	if err != nil {
		return "", err
	}
	return a.ID, nil
}

// Address returns one address of the customer; another customer's address is NotFound.
func (s *Service) Address(ctx context.Context, tenantID, customerID, id string) (Address, error) {
	return s.addresses.get(ctx, s.pool, tenantID, customerID, id)
}

// Addresses returns the customer's addresses (a deleted customer's too).
func (s *Service) Addresses(ctx context.Context, tenantID, customerID string, r listing.Request) ([]Address, error) {
	page, err := listing.Resolve(r, addressListSpec)
	if err != nil {
		return nil, err
	}
	if err := requireCustomer(ctx, s.pool, tenantID, customerID); err != nil {
		return nil, err
	}
	return s.addresses.list(ctx, s.pool, tenantID, customerID, page)
}

// UpdateAddress replaces every member of one of a live customer's addresses.
func (s *Service) UpdateAddress(ctx context.Context, tenantID, customerID, id string, w AddressWrite) (Address, error) {
	w, err := w.normalized()
	if err != nil {
		return Address{}, err
	}
	a := Address{ID: id, AddressWrite: w}
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := lockLiveCustomer(ctx, q, tenantID, customerID); err != nil {
			return err
		}
		// Taken before the update so the index never sees two marks; when the address turns
		// out not to exist, the rollback restores them.
		if err := s.addresses.takePrimaryMarks(ctx, q, tenantID, customerID, a); err != nil {
			return err
		}
		return s.addresses.update(ctx, q, tenantID, customerID, a)
	})
	if err != nil {
		return Address{}, err
	}
	return a, nil
}

// DeleteAddress removes one of a live customer's addresses; false when the customer has no such
// address.
func (s *Service) DeleteAddress(ctx context.Context, tenantID, customerID, id string) (bool, error) {
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if err := lockLiveCustomer(ctx, q, tenantID, customerID); err != nil {
			return err
		}
		return s.addresses.delete(ctx, q, tenantID, customerID, id)
	})
	switch {
	case errors.Is(err, errNoChange):
		return false, nil
	case err != nil:
		return false, err
	}
	return true, nil
}

// normalized trims every text member (blank optional text is no value) and checks the
// lengths, the required members and shippingLeadTime, naming each offending field.
func (w AddressWrite) normalized() (AddressWrite, error) {
	fields := apperr.Fields{}
	w.Name = fields.OptionalText("name", w.Name, maxSubRecordText)
	w.Address1 = fields.Text("address1", w.Address1, maxSubRecordText)
	w.Address2 = fields.OptionalText("address2", w.Address2, maxSubRecordText)
	w.Address3 = fields.OptionalText("address3", w.Address3, maxSubRecordText)
	w.City = fields.Text("city", w.City, maxSubRecordText)
	w.StateProvince = fields.OptionalText("stateProvince", w.StateProvince, maxSubRecordText)
	w.PostalCode = fields.Text("postalCode", w.PostalCode, maxSubRecordText)
	w.Country = fields.OptionalText("country", w.Country, maxSubRecordText)
	w.Email = fields.OptionalText("email", w.Email, maxSubRecordText)
	w.Phone = fields.OptionalText("phone", w.Phone, maxSubRecordText)
	w.Fax = fields.OptionalText("fax", w.Fax, maxSubRecordText)
	w.Notes = fields.OptionalText("notes", w.Notes, maxSubRecordText)
	if w.ShippingLeadTime != nil && *w.ShippingLeadTime < 0 {
		fields.Add("shippingLeadTime", "must be a whole number of days, 0 or more")
	}
	return w, fields.Err()
}
