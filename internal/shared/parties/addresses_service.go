package parties

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// Address is one of a party's stored addresses.
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

// CreateAddress adds an address to a live party and returns its 36-character id. A primary
// mark it carries is taken from the party's other addresses in the same transaction.
func (b *Book) CreateAddress(ctx context.Context, tenantID, partyID string, w AddressWrite) (string, error) {
	w, err := w.normalized()
	if err != nil {
		return "", err
	}
	a := Address{ID: ids.NewSub(), AddressWrite: w}
	_, err = b.write(ctx, tenantID, partyID, func(q db.Q) error {
		if err := b.takePrimaryMarks(ctx, q, tenantID, partyID, a); err != nil {
			return err
		}
		return b.insertAddress(ctx, q, tenantID, partyID, a)
	})
	if err != nil {
		return "", err
	}
	return a.ID, nil
}

// Address returns one address of the party; another party's address is NotFound.
func (b *Book) Address(ctx context.Context, tenantID, partyID, id string) (Address, error) {
	return b.getAddress(ctx, b.pool, tenantID, partyID, id)
}

// Addresses returns the party's addresses (a deleted party's too).
func (b *Book) Addresses(ctx context.Context, tenantID, partyID string, r listing.Request) ([]Address, error) {
	page, err := listing.Resolve(r, addressListSpec)
	if err != nil {
		return nil, err
	}
	if err := b.require(ctx, b.pool, tenantID, partyID); err != nil {
		return nil, err
	}
	return b.listAddresses(ctx, b.pool, tenantID, partyID, page)
}

// UpdateAddress replaces every member of one of a live party's addresses.
func (b *Book) UpdateAddress(ctx context.Context, tenantID, partyID, id string, w AddressWrite) (Address, error) {
	w, err := w.normalized()
	if err != nil {
		return Address{}, err
	}
	a := Address{ID: id, AddressWrite: w}
	_, err = b.write(ctx, tenantID, partyID, func(q db.Q) error {
		// Taken before the update so the index never sees two marks; when the address turns
		// out not to exist, the rollback restores them.
		if err := b.takePrimaryMarks(ctx, q, tenantID, partyID, a); err != nil {
			return err
		}
		return b.updateAddress(ctx, q, tenantID, partyID, a)
	})
	if err != nil {
		return Address{}, err
	}
	return a, nil
}

// DeleteAddress removes one of a live party's addresses; false when the party has no such
// address.
func (b *Book) DeleteAddress(ctx context.Context, tenantID, partyID, id string) (bool, error) {
	return b.write(ctx, tenantID, partyID, func(q db.Q) error {
		return b.deleteAddress(ctx, q, tenantID, partyID, id)
	})
}

// normalized trims every text member (blank optional text is no value) and checks the
// lengths, the required members and shippingLeadTime, naming each offending field.
func (w AddressWrite) normalized() (AddressWrite, error) {
	fields := apperr.Fields{}
	w.Name = fields.OptionalText("name", w.Name, MaxText)
	w.Address1 = fields.Text("address1", w.Address1, MaxText)
	w.Address2 = fields.OptionalText("address2", w.Address2, MaxText)
	w.Address3 = fields.OptionalText("address3", w.Address3, MaxText)
	w.City = fields.Text("city", w.City, MaxText)
	w.StateProvince = fields.OptionalText("stateProvince", w.StateProvince, MaxText)
	w.PostalCode = fields.Text("postalCode", w.PostalCode, MaxText)
	w.Country = fields.OptionalText("country", w.Country, MaxText)
	w.Email = fields.OptionalText("email", w.Email, MaxText)
	w.Phone = fields.OptionalText("phone", w.Phone, MaxText)
	w.Fax = fields.OptionalText("fax", w.Fax, MaxText)
	w.Notes = fields.OptionalText("notes", w.Notes, MaxText)
	if w.ShippingLeadTime != nil && *w.ShippingLeadTime < 0 {
		fields.Add("shippingLeadTime", "must be a whole number of days, 0 or more")
	}
	return w, fields.Err()
}
