// Package items serves the item master: items with their number, revision, inventory unit of
// measure (a unit of the units catalogue, resolved through units.Service), flags,
// dimensions, custom fields (modules item plus item_Make or item_Buy) and external
// references and tags (of the tags catalogue; the item_tags links are this area's). Every
// change records an ItemUpdated event in the transactional outbox.
package items

import (
	"time"

	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/shared/tags"
	"mos/internal/stock/units"
)

// Origin is how the shop gets an item.
type Origin string

const (
	OriginMake             Origin = "make"
	OriginBuy              Origin = "buy"
	OriginMakeOrBuy        Origin = "makeOrBuy"
	OriginCustomerSupplied Origin = "customerSupplied"
	// OriginKit and OriginNone exist on older items; new items cannot take them.
	OriginKit  Origin = "kit"
	OriginNone Origin = "none"
)

// Item is a stored item.
type Item struct {
	ID               string
	Number           string
	Revision         *string // nil: no revision
	IsLatestRevision bool    // derived: the newest item of its number
	Description      *string
	Origin           Origin
	// UnitID is the inventory unit of measure; nil only on legacy items, which cannot be changed.
	UnitID *string
	// Unit is UnitID resolved from the units catalogue (nil when UnitID is nil): its ID, Name
	// and TypeName as every row is read; in full (its type id and factor) only after withUnit,
	// which a change that needs them calls.
	Unit *units.Unit
	Flags
	Measures
	InternalNotes     *string
	CustomFields      map[string]any
	Codes             Codes
	AccountingDetails AccountingDetails
	Shipping          Shipping
	QualityPlanStatus QualityPlanStatus
	// BarCodeNumber is assigned on create from the tenant's counter.
	BarCodeNumber string
	// SalesConversions are the units the item sells in, in written order; filled on reads
	// (Get, List) and on a row read for a change.
	SalesConversions []SalesConversion
	// MaterialDetails is the shape the item was cut from; nil for other items. Filled on
	// reads (Get, List).
	MaterialDetails *MaterialDetails
	// Tags are the catalogue tags (list tags.Tags) the item carries, ordered by name then id;
	// filled on reads (Get, List), nil on a row read for a change.
	Tags []tags.Tag
	// VendorDetails are how vendors sell the item, the primary first, then by vendor name
	// then id; filled on reads (Get, List), nil on a row read for a change.
	VendorDetails []VendorDetail
	// CustomerDetails are how customers know the item, by customer name then id; CustomerTiers
	// are the sales price breaks of each tier that has any, by tier name then id. Both filled
	// on reads (Get, List), nil on a row read for a change.
	CustomerDetails []CustomerDetail
	CustomerTiers   []CustomerTierPrices
	// MaterialVendorDetails are the vendors that supply the item as material, by vendor name
	// then id; filled on reads (Get, List), nil on a row read for a change.
	MaterialVendorDetails []MaterialVendorDetail
	ExternalReferences    extref.References
	// EnableRemnantSync is derived on reads from the item's material shape link (see
	// loadMaterialDetails), never stored.
	EnableRemnantSync bool
	CreatedUtc        time.Time
	ModifiedUtc       time.Time
}

// Flags are an item's booleans.
type Flags struct {
	IsSellable      bool
	IsArchived      bool
	IsNonInventory  bool
	IsTaxable       bool
	BuildToOrder    bool
	BuildToStock    bool
	IsSingleUseItem bool
	IsLotTracked    bool
}

// Measures are an item's dimensions and stock minimums, each 0 or more, nil when not set.
type Measures struct {
	Width, Height, Length, Weight                 *dec.Decimal
	MinimumStockOnHand, MinimumProductionQuantity *dec.Decimal
}

// NewItem is a create request.
type NewItem struct {
	Number        string
	Revision      *string
	Description   *string
	Origin        Origin // "": make
	UnitTypeName  string
	UnitName      string
	Flags         Flags
	Measures      Measures
	InternalNotes *string
	CustomFields  map[string]any
	// ExternalReferences follow extref.Write.
	ExternalReferences extref.References
	Codes              Codes
	AccountingDetails  *AccountingDetails // nil: none
	Shipping           *Shipping          // nil: none
	QualityPlanStatus  QualityPlanStatus  // "": notRequired
	SalesConversions   []SalesConversionWrite
}

// ItemUpdate is a full update (and what a patch is turned into): every member is replaced,
// except Number (nil keeps it) and UnitName (nil or blank keeps it); UnitTypeName, when not
// nil or blank, must name the item's unit type.
type ItemUpdate struct {
	Number             *string
	Description        *string
	UnitTypeName       *string
	UnitName           *string
	IsNonInventory     bool
	IsTaxable          bool
	IsLotTracked       bool
	Measures           Measures
	InternalNotes      *string
	CustomFields       map[string]any
	ExternalReferences extref.References
	Codes              Codes
	// SalesConversions replace the item's; they must be empty when the unit changes.
	SalesConversions []SalesConversionWrite
	// Shipping, AccountingDetails and QualityPlanStatus replace the item's; nil keeps them.
	Shipping          *Shipping
	AccountingDetails *AccountingDetails
	QualityPlanStatus *QualityPlanStatus
}

// Filter narrows a list; nil members apply no clause.
type Filter struct {
	Number            *string  // case-insensitive substring
	Numbers           []string // exact, case-insensitive
	Revision          *string  // exact, case-insensitive
	CustomField       *CustomFieldFilter
	LatestRevision    *bool
	ItemIDs           []string
	Description       *string // case-insensitive substring
	IsArchived        *bool
	ModifiedAfterUtc  *time.Time // inclusive
	ModifiedBeforeUtc *time.Time // exclusive
}

// CustomFieldFilter matches items whose custom field Key holds Value (as JSON text).
type CustomFieldFilter struct {
	Key   string
	Value string
}
