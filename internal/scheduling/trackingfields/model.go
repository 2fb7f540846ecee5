// Package trackingfields serves in-process tracking fields: the values operators record on
// a job while it runs (a measured dimension, a check box, a choice from a drop-down).
package trackingfields

// Field is a stored in-process tracking field.
type Field struct {
	ID string
	FieldWrite
}

// FieldWrite is a create request. DropDownOptions is empty unless DataType is DropDown.
type FieldWrite struct {
	Name            string
	DataType        DataType
	Description     *string
	DropDownOptions []string
	UnitTypeName    *string
}

// DataType is the kind of value a field records.
type DataType string

const (
	Boolean  DataType = "boolean"
	Text     DataType = "text"
	Number   DataType = "number"
	DropDown DataType = "dropDown"
	Date     DataType = "date"
)

// Valid reports whether t is one of the data types.
func (t DataType) Valid() bool {
	switch t {
	case Boolean, Text, Number, DropDown, Date:
		return true
	}
	return false
}

// Filter narrows a list; nil members apply no clause.
type Filter struct {
	Name *string  // case-insensitive substring
	IDs  []string // nil: no clause
}

// maxText is the longest name, description, option and unit type name.
const maxText = 200
