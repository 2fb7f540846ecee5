package linekinds

import (
	"encoding/json"
	"fmt"
	"strings"

	"mos/internal/platform/extref"
	"mos/internal/shared/docaddress"
)

// LineDetails are members of Columns every kind reads (external references too: a fee
// line's in its write, the other kinds' beside it).
type LineDetails struct {
	// Number is the line's number among the document's lines of its kind; nil when the
	// document declares none.
	Number            *int
	AccountingDetails AccountingDetails
}

// detailsRow reads the members of LineDetails.
type detailsRow struct {
	Number             *int              `db:"line_number"`
	ExternalReferences extref.References `db:"external_references"`
	AccountingDetails  AccountingDetails `db:"accounting_details"`
}

func (r detailsRow) details() LineDetails {
	return LineDetails{Number: r.Number, AccountingDetails: r.AccountingDetails}
}

// AccountingDetails are how a line is booked: an item class and accounts; nil members are not
// set.
type AccountingDetails struct {
	ClassID          *string `json:"classId"`
	IncomeAccountID  *string `json:"incomeAccountId"`
	AssetAccountID   *string `json:"assetAccountId"`
	ExpenseAccountID *string `json:"expenseAccountId"`
	CogsAccountID    *string `json:"cogsAccountId"`
}

// Scan reads the jsonb column; null is none set.
func (a *AccountingDetails) Scan(src any) error {
	*a = AccountingDetails{}
	b, err := jsonBytes(src)
	if err != nil || b == nil {
		return err
	}
	return json.Unmarshal(b, a)
}

// taxAddress is the address column of a tax line read; null is none.
type taxAddress struct{ a *docaddress.Address }

func (t *taxAddress) Scan(src any) error {
	t.a = nil
	b, err := jsonBytes(src)
	if err != nil || b == nil || string(b) == "null" {
		return err
	}
	t.a = &docaddress.Address{}
	return json.Unmarshal(b, t.a)
}

func jsonBytes(src any) ([]byte, error) {
	switch v := src.(type) {
	case nil:
		return nil, nil
	case []byte:
		return v, nil
	case string:
		return []byte(v), nil
	}
	return nil, fmt.Errorf("read jsonb: unexpected %T", src)
}

// column is the member's column of the line (l) aliased as, or zero when undeclared.
func column(name, zero, as string) string {
	if name == "" {
		return zero + " AS " + as
	}
	return "l." + name + " AS " + as
}

// expression is the member's SQL expression aliased as, or zero when undeclared.
func expression(expr, zero, as string) string {
	return "(" + exprOr(expr, zero) + ") AS " + as
}

// exprOr is a declared expression, or zero when it is not declared.
func exprOr(expr, zero string) string {
	if expr == "" {
		return zero
	}
	return expr
}

// replacer expands the placeholders of c in the kinds' statement templates:
//
//	{fee_columns} {tax_columns} {discount_columns}  the members a read adds to its SELECT
//	{number_column} {number_next} {number_first}     an insert's number: the column, then the
//	                                                 next of the document's lines, or 1
//	{fee_set}                                        what a fee update sets beyond its kind's
//	{refs_column} {fee_refs_value}                   a fee insert's external references ($10)
func (c Columns) replacer() *strings.Replacer {
	common := ", " + column(c.Number, "NULL::integer", "line_number") +
		", " + column(c.ExternalReferences, "jsonb_build_object()", "external_references") +
		", " + column(c.AccountingDetails, "NULL::jsonb", "accounting_details")
	description := ", " + column(c.Description, "NULL::text", "description")
	var numberColumn, numberNext, numberFirst, feeSet, refsColumn, feeRefsValue string
	if c.Number != "" {
		numberColumn = ", " + c.Number
		numberNext = ", (SELECT COALESCE(max(n." + c.Number + "), 0) + 1 FROM {lines} n WHERE n.tenant_id = $1 AND n.{parent_id} = $2)"
		numberFirst = ", 1"
	}
	if c.ExternalReferences != "" {
		feeSet += ", " + c.ExternalReferences + " = $10"
		refsColumn, feeRefsValue = ", "+c.ExternalReferences, ", $10"
	}
	if c.OverrideTaxRate != "" {
		// SET sees the row as it stood: a tax rate other than the stored one overrides.
		feeSet += ", " + c.OverrideTaxRate + " = " + c.OverrideTaxRate + " OR tax_rate_id IS DISTINCT FROM $8"
	}
	return strings.NewReplacer(
		"{fee_columns}", common+
			", "+column(c.OverrideTaxRate, "false", "override_tax_rate")+
			", "+column(c.FeeOrigin, "NULL::text", "origin_id"),
		"{tax_columns}", common+description+
			", "+expression(c.TaxRateEditable, "false", "tax_rate_editable")+
			", "+expression(c.TaxAddress, "NULL::jsonb", "tax_address"),
		"{discount_columns}", common+description,
		"{number_column}", numberColumn, "{number_next}", numberNext, "{number_first}", numberFirst,
		"{fee_set}", feeSet, "{refs_column}", refsColumn, "{fee_refs_value}", feeRefsValue,
	)
}

// writesRefs reports whether the document's fee line writes store external references (the
// tenth parameter of the fee insert and update).
func (c Columns) writesRefs() bool { return c.ExternalReferences != "" }
