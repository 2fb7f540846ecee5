// Package customfields serves custom field definitions and validates the customFields map
// other areas' records carry against them (Service.Validate, Service.ValidatePatch).
package customfields

// Module names the kind of record a definition applies to; records pass theirs to
// Service.Validate (for example ModuleCustomer). The values match the spec's CustomFieldModule.
type Module string

const (
	ModuleItem                      Module = "item"
	ModuleItemMake                  Module = "item_Make"
	ModuleItemBuy                   Module = "item_Buy"
	ModuleCustomer                  Module = "customer"
	ModuleVendor                    Module = "vendor"
	ModuleQuote                     Module = "quote"
	ModuleSalesOrder                Module = "sales_Order"
	ModuleJob                       Module = "job"
	ModuleInvoice                   Module = "invoice"
	ModulePurchaseOrder             Module = "purchase_Order"
	ModuleReceiveOrder              Module = "receive_Order"
	ModuleShipOrder                 Module = "ship_Order"
	ModuleQuotePartLineItem         Module = "quote_Part_LineItem"
	ModuleSalesOrderPartLineItem    Module = "sales_Order_Part_LineItem"
	ModulePurchaseOrderPartLineItem Module = "purchase_Order_Part_LineItem"
	ModuleOutsideProcessingLineItem Module = "outsideProcessing_LineItem"
	ModuleShippingPartLineItem      Module = "shipping_Part_LineItem"
	ModuleInvoicePartLineItem       Module = "invoice_Part_LineItem"
	ModuleJobOperation              Module = "job_Operation"
	ModuleNCR                       Module = "ncr"
	ModuleCAPA                      Module = "capa"
)

// Modules lists every module, in the spec's order.
var Modules = []Module{
	ModuleItem, ModuleItemMake, ModuleItemBuy, ModuleCustomer, ModuleVendor, ModuleQuote,
	ModuleSalesOrder, ModuleJob, ModuleInvoice, ModulePurchaseOrder, ModuleReceiveOrder,
	ModuleShipOrder, ModuleQuotePartLineItem, ModuleSalesOrderPartLineItem,
	ModulePurchaseOrderPartLineItem, ModuleOutsideProcessingLineItem, ModuleShippingPartLineItem,
	ModuleInvoicePartLineItem, ModuleJobOperation, ModuleNCR, ModuleCAPA,
}

// Valid reports whether m is a known module.
func (m Module) Valid() bool {
	for _, k := range Modules {
		if m == k {
			return true
		}
	}
	return false
}

// Type is the kind of value a custom field holds; it decides how values are checked.
type Type string

const (
	TypeText                   Type = "text"
	TypeMultilineText          Type = "multilineText"
	TypeDropdown               Type = "dropdown"
	TypeMultipleChoiceDropdown Type = "multipleChoiceDropdown"
	TypeIntegerNumber          Type = "integerNumber"
	TypeDecimalNumber          Type = "decimalNumber"
	TypeFloatingPointNumber    Type = "floatingPointNumber"
	TypeBoolean                Type = "boolean"
	TypeList                   Type = "list"
	TypeDate                   Type = "date"
	TypeMultipleChoiceUser     Type = "multipleChoiceUser"
)

// Types lists every type, in the spec's order.
var Types = []Type{
	TypeText, TypeMultilineText, TypeDropdown, TypeMultipleChoiceDropdown, TypeIntegerNumber,
	TypeDecimalNumber, TypeFloatingPointNumber, TypeBoolean, TypeList, TypeDate, TypeMultipleChoiceUser,
}

// Valid reports whether t is a known type.
func (t Type) Valid() bool {
	for _, k := range Types {
		if t == k {
			return true
		}
	}
	return false
}

// HasOptions reports whether values of t are chosen from the definition's options.
func (t Type) HasOptions() bool {
	return t == TypeDropdown || t == TypeMultipleChoiceDropdown
}

// Definition is a stored custom field definition.
type Definition struct {
	ID       string
	Name     string
	Label    string
	Type     Type
	Module   Module
	Required bool
	Options  []string // never nil; empty unless Type.HasOptions
	Prepend  *string
	Append   *string
	HelpText *string
}

// DefinitionWrite is a create or full update after parsing, before the rules of prepare.
type DefinitionWrite struct {
	Name     string
	Label    *string // nil or blank: the name
	Type     Type
	Module   Module
	Required bool
	Options  []string
	Prepend  *string
	Append   *string
	HelpText *string
}

// Filter narrows a list; nil members apply no clause.
type Filter struct {
	Name   *string  // case-insensitive substring
	IDs    []string // nil: no clause
	Module *Module
	Type   *Type
}

// Mode says how much of a record's customFields map Service.Validate checks.
type Mode int

const (
	// Full is for create and full update: the map is the record's whole set of values.
	// Every key must name a definition of the module and every required definition must
	// have a value.
	Full Mode = iota + 1
	// Keys is for partial updates: only the keys present are checked (a key present with
	// null clears the value, which a required definition refuses); required definitions
	// whose keys are absent are not enforced.
	Keys
)
