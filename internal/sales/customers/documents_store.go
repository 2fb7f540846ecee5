package customers

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
)

type documentStore struct{}

type documentDefaultsRow struct {
	ID              string         `db:"id"`
	Name            string         `db:"name"`
	Deleted         bool           `db:"deleted"`
	CurrencyCode    string         `db:"currency_code"`
	PaymentTermsID  *string        `db:"payment_terms_id"`
	SalesPersonID   *string        `db:"sales_person_id"`
	PrimaryBilling  []byte         `db:"primary_billing"`
	PrimaryShipping []byte         `db:"primary_shipping"`
	TaxRateIDs      pq.StringArray `db:"tax_rate_ids"`
}

// documentAddressSQL is the customer's address marked by flag as a document copies it
// (the Address shape's members), over the customer aliased c; NULL when it has none.
func documentAddressSQL(flag string) string {
	return `(SELECT jsonb_build_object('name', a.name, 'address1', a.address1, 'address2', a.address2,
        'address3', a.address3, 'city', a.city, 'stateProvince', a.state_province, 'postalCode', a.postal_code,
        'country', a.country, 'phone', a.phone, 'email', a.email)
    FROM customer_addresses a WHERE a.tenant_id = c.tenant_id AND a.customer_id = c.id AND a.` + flag + ` LIMIT 1)`
}

var documentDefaultsSQL = `SELECT c.id, c.name, c.deleted, c.currency_code, c.payment_terms_id, c.sales_person_id, c.tax_rate_ids,
       ` + documentAddressSQL("primary_billing") + ` AS primary_billing,
       ` + documentAddressSQL("primary_shipping") + ` AS primary_shipping
FROM customers c WHERE c.tenant_id = $1 AND c.id = $2 FOR SHARE OF c`

func (documentStore) defaults(ctx context.Context, q db.Q, tenantID, customerID string) (DocumentDefaults, error) {
	var r documentDefaultsRow
	err := sqlx.GetContext(ctx, q, &r, documentDefaultsSQL, tenantID, customerID)
	if errors.Is(err, sql.ErrNoRows) {
		return DocumentDefaults{}, customerNotFound(customerID)
	}
	if err != nil {
		return DocumentDefaults{}, fmt.Errorf("customer defaults: %w", err)
	}
	out := DocumentDefaults{ID: r.ID, Name: r.Name, Deleted: r.Deleted, CurrencyCode: r.CurrencyCode,
		PaymentTermsID: r.PaymentTermsID, SalesPersonID: r.SalesPersonID, TaxRateIDs: []string(r.TaxRateIDs)}
	if out.PrimaryBilling, err = documentAddress(r.PrimaryBilling); err != nil {
		return DocumentDefaults{}, err
	}
	if out.PrimaryShipping, err = documentAddress(r.PrimaryShipping); err != nil {
		return DocumentDefaults{}, err
	}
	return out, nil
}

func documentAddress(raw json.RawMessage) (*DocumentAddress, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var a DocumentAddress
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("read customer address: %w", err)
	}
	return &a, nil
}
