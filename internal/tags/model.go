// Package tags serves the Tag-shaped lists: the tag catalogue items carry, accounting codes
// and the chart of accounts. They share one shape, one table and one set of rules; List
// tells them apart. Which records carry a tag is the carrier's business (items own the
// item_tags links); a tag's Types are derived from those links when read.
package tags

// List names a Tag-shaped list.
type List string

const (
	Tags            List = "tag"
	AccountingCodes List = "accountingCode"
	ChartOfAccounts List = "chartOfAccount"
)

// noun is how messages name a record of the list.
func (l List) noun() string {
	switch l {
	case ChartOfAccounts:
		return "chart of accounts entry"
	case Tags:
		return "tag"
	}
	return "accounting code"
}

// Tag is a stored tag.
type Tag struct {
	ID          string
	Name        string
	Style       string
	Description *string
	Types       []string // derived: the record types carrying the tag (item)
	Deleted     bool
}

// NewTag is a create request after parsing, and a full update.
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
