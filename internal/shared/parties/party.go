// Package parties is the one mechanism behind a party's address book. A party — a customer
// or a vendor — owns addresses and contacts in tables of its own (customer_addresses,
// vendor_contacts, ...), shaped alike: the party's tenant, its id in an owner column, a
// 36-character id, the members, stamps and a version.
//
// A party declares a Party: its own table, the address and contact tables and the owner
// column that links them to it. Its live parent is locked by touching the party row
// (`UPDATE <Table> SET modified_utc = now() WHERE ... AND NOT deleted`) and required by its
// existence, deleted or not, so the party table must have `deleted` and `modified_utc`.
// The mechanism owns the rules (text lengths, the contact email rule, one primary billing
// and one primary shipping address), the SQL, built once from the declaration, and the list
// specs. A party's service embeds the Book that New returns; its handlers stay in the
// party's package and convert with AddressFromAPI, ContactFromAPI and their inverses.
package parties

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

// Party declares one kind of party.
type Party struct {
	// Noun names a party in messages ("customer").
	Noun string
	// Table is the party's table; it has tenant_id, id, deleted and modified_utc.
	Table string
	// AddressTable and ContactTable hold the party's addresses and contacts. The address
	// table's one-primary indexes are "<AddressTable>_one_primary_billing" and
	// "<AddressTable>_one_primary_shipping".
	AddressTable, ContactTable string
	// OwnerColumn is the column of both tables holding the party's id ("customer_id").
	OwnerColumn string
}

// Book serves the addresses and contacts of one kind of party.
type Book struct {
	pool  *db.Pool
	party Party
	sql   statements
}

// Declare returns the book of the party p declares, its SQL built once.
func Declare(pool *db.Pool, p Party) *Book {
	return &Book{pool: pool, party: p, sql: build(p)}
}

// MaxText is the longest text member of an address or contact.
const MaxText = 200

// errNoChange rolls back a sub-record write that found nothing to change (a delete of a
// record that is not there), so the party's modified_utc stays put.
var errNoChange = errors.New("nothing to change")

// lockLive must be the first statement of every sub-record write transaction. It touches
// the party: it advances modified_utc (a party list's modifiedAfterUtc filter sees
// sub-record changes through it) and holds the row lock until the transaction ends, so
// writes to one party's sub-records run one after another. That is what lets a write take
// the primary marks from the other addresses without two concurrent writes both keeping
// one. A missing or deleted party is NotFound. When the write turns out to change nothing,
// the transaction rolls back so modified_utc does not move.
func (b *Book) lockLive(ctx context.Context, q db.Q, tenantID, partyID string) error {
	var id string
	err := q.QueryRowxContext(ctx, b.sql.lockLive, tenantID, partyID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return b.partyNotFound(partyID)
	}
	if err != nil {
		return fmt.Errorf("lock %s: %w", b.party.Noun, err)
	}
	return nil
}

// require answers NotFound unless the party exists. Deleted parties count: their
// sub-records can still be read, as the party itself can.
func (b *Book) require(ctx context.Context, q db.Q, tenantID, partyID string) error {
	var ok bool
	if err := q.QueryRowxContext(ctx, b.sql.exists, tenantID, partyID).Scan(&ok); err != nil {
		return fmt.Errorf("find %s: %w", b.party.Noun, err)
	}
	if !ok {
		return b.partyNotFound(partyID)
	}
	return nil
}

func (b *Book) partyNotFound(partyID string) error {
	return apperr.NotFound("%s %s not found", b.party.Noun, partyID)
}

// write runs change in a transaction under the party's lock; errNoChange rolls it back and
// answers false.
func (b *Book) write(ctx context.Context, tenantID, partyID string, change func(q db.Q) error) (bool, error) {
	err := b.pool.WithTx(ctx, func(q db.Q) error {
		if err := b.lockLive(ctx, q, tenantID, partyID); err != nil {
			return err
		}
		return change(q)
	})
	switch {
	case errors.Is(err, errNoChange):
		return false, nil
	case err != nil:
		return false, err
	}
	return true, nil
}

// statements is the SQL of one party, built from its declaration.
type statements struct {
	lockLive, exists                                                      string
	takePrimaryMarks, insertAddress, updateAddress, deleteAddress         string
	getAddress, listAddresses                                             string
	insertContact, updateContact, deleteContact, getContact, listContacts string
}

func build(p Party) statements {
	a, c, o := p.AddressTable, p.ContactTable, p.OwnerColumn
	return statements{
		lockLive: `UPDATE ` + p.Table + ` SET modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND NOT deleted
RETURNING id`,
		exists: `SELECT EXISTS (SELECT 1 FROM ` + p.Table + ` WHERE tenant_id = $1 AND id = $2)`,
		takePrimaryMarks: `
UPDATE ` + a + `
SET primary_billing = primary_billing AND NOT $4, primary_shipping = primary_shipping AND NOT $5,
    modified_utc = now()
WHERE tenant_id = $1 AND ` + o + ` = $2 AND id <> $3
  AND (($4 AND primary_billing) OR ($5 AND primary_shipping))`,
		insertAddress: `
INSERT INTO ` + a + ` (tenant_id, ` + o + `, id, name, address1, address2, address3, city,
       state_province, postal_code, country, shipping_lead_time, primary_billing, primary_shipping,
       email, phone, fax, notes)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
		updateAddress: `
UPDATE ` + a + `
SET name = $4, address1 = $5, address2 = $6, address3 = $7, city = $8, state_province = $9,
    postal_code = $10, country = $11, shipping_lead_time = $12, primary_billing = $13,
    primary_shipping = $14, email = $15, phone = $16, fax = $17, notes = $18, modified_utc = now()
WHERE tenant_id = $1 AND ` + o + ` = $2 AND id = $3`,
		deleteAddress: `DELETE FROM ` + a + ` WHERE tenant_id = $1 AND ` + o + ` = $2 AND id = $3`,
		getAddress:    `SELECT ` + addressColumns + ` FROM ` + a + ` WHERE tenant_id = $1 AND ` + o + ` = $2 AND id = $3`,
		listAddresses: `SELECT ` + addressColumns + ` FROM ` + a,
		insertContact: `
INSERT INTO ` + c + ` (tenant_id, ` + o + `, id, first_name, last_name, position, phone, cell_phone, email)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		updateContact: `
UPDATE ` + c + `
SET first_name = $4, last_name = $5, position = $6, phone = $7, cell_phone = $8, email = $9,
    modified_utc = now()
WHERE tenant_id = $1 AND ` + o + ` = $2 AND id = $3`,
		deleteContact: `DELETE FROM ` + c + ` WHERE tenant_id = $1 AND ` + o + ` = $2 AND id = $3`,
		getContact:    `SELECT ` + contactColumns + ` FROM ` + c + ` WHERE tenant_id = $1 AND ` + o + ` = $2 AND id = $3`,
		listContacts:  `SELECT ` + contactColumns + ` FROM ` + c,
	}
}

// rowsChanged answers errNoChange (deletes) or notFound (updates) when res changed nothing.
func rowsChanged(res sql.Result, what string, none error) error {
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if n == 0 {
		return none
	}
	return nil
}
