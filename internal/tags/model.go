// Package tags serves the Tag-shaped lists: accounting codes and the chart of accounts.
// Both share one shape, one table and one set of rules; List tells them apart.
package tags

// List names a Tag-shaped list.
type List string

const (
	AccountingCodes List = "accountingCode"
	ChartOfAccounts List = "chartOfAccount"
)

// noun is how messages name a record of the list.
func (l List) noun() string {
	if l == ChartOfAccounts {
		return "chart of accounts entry"
	}
	return "accounting code"
}

// Tag is a stored tag.
type Tag struct {
	ID          string
	Name        string
	Style       string
	Description *string
	Types       []string
	Deleted     bool
}

// NewTag is a create request after parsing.
type NewTag struct {
	Name        string
	Style       string
	Description *string
}

// Filter narrows a list.
type Filter struct {
	Name *string  // case-insensitive substring
	IDs  []string // nil: no clause
}
