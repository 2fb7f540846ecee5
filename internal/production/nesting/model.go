// Package nesting serves sheet-metal nesting for the shop floor and the work-package
// manifest: the cut list (material, blank dimensions, blanks and stock pieces needed) for a
// set of job operations, grouped by the library (system) operations cut programs key on.
package nesting

import (
	"time"

	"mos/internal/platform/dec"
	"mos/internal/production/jobs"
	"mos/internal/stock/routing"
)

// The bounds of a work-package manifest request's entries.
const (
	manifestMinEntries = 1
	manifestMaxEntries = 500
)

// ManifestEntry is one job operation a manifest is asked for: JobOperationID is a job
// operation id of job JobID or a system (library) operation id its operations link to;
// ItemToMakeID, when set, narrows the match to that item to make of the job.
type ManifestEntry struct {
	JobID          string
	JobOperationID string
	ItemToMakeID   *string
}

// ManifestSkipReason is why a manifest entry did not resolve.
type ManifestSkipReason string

// The reasons a manifest entry is skipped.
const (
	// ManifestSkipNotFound: no such job of the tenant, a cancelled job, or nothing in it matches.
	ManifestSkipNotFound ManifestSkipReason = "notFound"
	// ManifestSkipAmbiguous: a system operation id linked at operations of more than one
	// item to make of the job, sent without an item to make.
	ManifestSkipAmbiguous ManifestSkipReason = "ambiguousJobOperation"
	// ManifestSkipNoSystemOperation: the job operation links no library operation.
	ManifestSkipNoSystemOperation ManifestSkipReason = "noSystemOperation"
)

// ManifestSkipped is an entry that did not resolve, with its index in the request.
type ManifestSkipped struct {
	Index  int
	Entry  ManifestEntry
	Reason ManifestSkipReason
}

// Manifest is the cut list of a request: one item per resolved job operation, the skipped
// entries, and the totals per material shape and stock item.
type Manifest struct {
	Items   []ManifestItem
	Skipped []ManifestSkipped
	Totals  []ManifestTotal
}

// ManifestItem is one resolved job operation with the materials it consumes. Index is the
// first entry that resolved to it; Remaining is what its item to make still has to make.
type ManifestItem struct {
	Index      int
	Operation  jobs.OperationOfJob
	ItemNumber string
	Remaining  dec.Decimal
	Materials  []ManifestMaterial
}

// ManifestMaterial is an input material of the item to make with the blanks it needs for
// the remaining quantity; TotalArea is nil for linear shapes (no blank width).
type ManifestMaterial struct {
	routing.InputMaterial
	BlanksNeeded dec.Decimal
	TotalLength  dec.Decimal
	TotalArea    *dec.Decimal
	Nestings     []ManifestNesting
}

// ManifestNesting is a nesting of a manifest material with the stock pieces it needs.
type ManifestNesting struct {
	routing.Nesting
	StockPiecesNeeded dec.Decimal
}

// ManifestTotal is what a request needs of one material shape and stock item (nil: none).
type ManifestTotal struct {
	MaterialShapeID   string
	MaterialShapeName string
	MaterialName      string
	ShapeType         string
	StockItemID       *string
	StockItemNumber   *string
	BlanksNeeded      dec.Decimal
	TotalLength       dec.Decimal
	TotalArea         *dec.Decimal
}

// The bounds of a nest replace and a sheet run beyond what the spec checks.
const (
	maxNestingFile = 500
	maxScrapReason = 2000
)

// Nest is the nest of a work-order operation as stored, with its parts named from the job
// operations they are made for.
type Nest struct {
	WorkOrderID          string
	WorkOrderOperationID string
	DimensionUnit        string
	NestingFile          *string
	Parts                []Part
	Plates               []Plate
	Unplaced             []Unplaced
	Runs                 []SheetRun
	ModifiedUtc          time.Time
}

// IsNested reports whether the nest has a plate.
func (n Nest) IsNested() bool { return len(n.Plates) > 0 }

// Part is a part the nest cuts. JobID, ItemToMakeID and ItemID name its job operation's job,
// item to make and item (nil for a filler part).
type Part struct {
	ID               string
	PartNumber       string
	JobOperationID   *string
	JobID            *string
	ItemToMakeID     *string
	ItemID           *string
	Description      *string
	Width            dec.Decimal
	Length           dec.Decimal
	Area             *dec.Decimal
	QuantityScrapped dec.Decimal
}

// EffectiveArea is the part's area as sent, else its width × length.
func (p Part) EffectiveArea() dec.Decimal {
	if p.Area != nil {
		return *p.Area
	}
	return dec.Decimal{Decimal: p.Width.Mul(p.Length.Decimal)}
}

// Plate is a sheet of the nest, cut Count times.
type Plate struct {
	ID                   string
	MaterialItemID       *string
	Material             *string
	Thickness            *dec.Decimal
	Width                dec.Decimal
	Length               dec.Decimal
	Count                int32
	MachineTimeSeconds   int64
	CompletedRepetitions int32
	Placements           []Placement
}

// Area is the plate's width × length.
func (p Plate) Area() dec.Decimal { return dec.Decimal{Decimal: p.Width.Mul(p.Length.Decimal)} }

// Placement places Quantity of a part on each repetition of a plate, at X, Y when known.
type Placement struct {
	PartNumber string
	Quantity   int32
	X, Y       *dec.Decimal
	Rotation   dec.Decimal
}

// Unplaced is a quantity of a part the nesting software could not place.
type Unplaced struct {
	PartNumber string
	Quantity   int32
}

// SheetRun is what the shop floor recorded against one plate of a nest.
type SheetRun struct {
	ID               string
	PlateID          string
	Repetitions      int32
	InventoryEventID *string
	QuantityScrapped dec.Decimal
	UserID           *string
	RecordedUtc      time.Time
}

// NestWrite replaces a nest; a nil NestingFile keeps the stored one.
type NestWrite struct {
	DimensionUnit string
	NestingFile   *string
	Parts         []PartWrite
	Plates        []PlateWrite
	Unplaced      []Unplaced
}

// PartWrite is a part of a replace.
type PartWrite struct {
	PartNumber     string
	JobOperationID *string
	Description    *string
	Width, Length  dec.Decimal
	Area           *dec.Decimal
}

// PlateWrite is a plate of a replace.
type PlateWrite struct {
	MaterialItemID     *string
	Material           *string
	Thickness          *dec.Decimal
	Width, Length      dec.Decimal
	Count              int32
	MachineTimeSeconds int64
	Placements         []Placement
}

// IssueCode names what looks wrong in a nest.
type IssueCode string

// The validation issues of a nest; they never refuse a replace.
const (
	IssuePlacementOutsidePlate IssueCode = "placementOutsidePlate"
	IssuePlateOverfilled       IssueCode = "plateOverfilled"
	IssueOverPlaced            IssueCode = "overPlaced"
	IssuePartNotPlaced         IssueCode = "partNotPlaced"
)

// ValidationIssue is one thing that looks wrong in a nest, at Path of the replace.
type ValidationIssue struct {
	Code       IssueCode
	Path       string
	PartNumber *string
	Message    string
}

// SheetRunCreate records a run of plate PlateID: Repetitions completed, an optional pick of
// the plate's stock item and parts scrapped.
type SheetRunCreate struct {
	PlateID     string
	Repetitions int32
	Pick        *SheetRunPick
	Scrap       []SheetRunScrap
}

// SheetRunPick takes Quantity (nil: the run's repetitions) units of the plate's stock item.
type SheetRunPick struct {
	Quantity   *dec.Decimal
	LocationID *string
	LotID      *string
}

// SheetRunScrap scraps Quantity of a part of the nest.
type SheetRunScrap struct {
	PartNumber string
	Quantity   dec.Decimal
	Reason     *string
}

// Tenant is the calling tenant and user ("" for an integration token).
type Tenant struct {
	ID     string
	UserID string
}
