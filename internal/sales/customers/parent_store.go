package customers

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
)

// What a customer's sub-records (addresses and contacts) share: the link to their parent
// customer and the text rules of their members.

// lockLiveCustomerSQL touches the customer: it advances modified_utc (the customer list's
// modifiedAfterUtc filter sees sub-record changes through it) and holds the row lock until
// the transaction ends, so writes to one customer's sub-records run one after another. That
// is what lets a write take the primary marks from the other addresses without two
// concurrent writes both keeping one.
const lockLiveCustomerSQL = `
UPDATE customers SET modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND NOT deleted
RETURNING id`

// lockLiveCustomer must be the first statement of every sub-record write transaction. A
// missing or deleted customer is NotFound. When the write turns out to change nothing, roll
// the transaction back so modified_utc does not move.
func lockLiveCustomer(ctx context.Context, q db.Q, tenantID, customerID string) error {
	var id string
	err := q.QueryRowxContext(ctx, lockLiveCustomerSQL, tenantID, customerID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return customerNotFound(customerID)
	}
	if err != nil {
		return fmt.Errorf("lock customer: %w", err)
	}
	return nil
}

const customerExistsSQL = `SELECT EXISTS (SELECT 1 FROM customers WHERE tenant_id = $1 AND id = $2)`

// requireCustomer answers NotFound unless the customer exists. Deleted customers count: their
// sub-records can still be read, as the customer itself can.
func requireCustomer(ctx context.Context, q db.Q, tenantID, customerID string) error {
	var ok bool
	if err := q.QueryRowxContext(ctx, customerExistsSQL, tenantID, customerID).Scan(&ok); err != nil {
		return fmt.Errorf("find customer: %w", err)
	}
	if !ok {
		return customerNotFound(customerID)
	}
	return nil
}

func customerNotFound(customerID string) error {
	return apperr.NotFound("customer %s not found", customerID)
}

// errNoChange rolls back a sub-record write that found nothing to change (a delete of a
// record that is not there), so the customer's modified_utc stays put.
var errNoChange = errors.New("nothing to change")

// maxSubRecordText is the longest text member of an address or contact.
const maxSubRecordText = 200
