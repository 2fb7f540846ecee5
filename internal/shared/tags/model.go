// Package tags serves the Tag-shaped lists: the tag catalogue items carry, accounting codes,
// the chart of accounts and the item code lists (material codes, item categories, grade,
// shape and gauge codes, item classes). They share one shape, one table and one set of
// rules; List tells them apart. Which records carry a tag is the carrier's business (items
// own the item_tags links); a tag's Types are derived from those links when read.
package tags

// List names a Tag-shaped list.
type List string

const (
	Tags            List = "tag"
	AccountingCodes List = "accountingCode"
	ChartOfAccounts List = "chartOfAccount"
	// The item code lists: the codes an item's materialCodeId, categoryId, gradeId, shapeId
	// and gaugeId and its accountingDetails.classId name.
	MaterialCodes  List = "materialCode"
	ItemCategories List = "itemCategory"
	GradeCodes     List = "gradeCode"
	ShapeCodes     List = "shapeCode"
	GaugeCodes     List = "gaugeCode"
	ItemClasses    List = "itemClass"
)

// nouns are how messages name a record of each list.
var nouns = map[List]string{
	Tags:            "tag",
	AccountingCodes: "accounting code",
	ChartOfAccounts: "chart of accounts entry",
	MaterialCodes:   "material code",
	ItemCategories:  "item category",
	GradeCodes:      "grade code",
	ShapeCodes:      "shape code",
	GaugeCodes:      "gauge code",
	ItemClasses:     "item class",
}

// noun is how messages name a record of the list.
func (l List) noun() string { return nouns[l] }

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
	// CarriedBy keeps only the tags a record of this type carries (see RegisterCarrier);
	// CarrierItem keeps the item tags, those that an active item carries.
	CarriedBy string
}
