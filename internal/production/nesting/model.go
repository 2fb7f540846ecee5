// Package nesting serves sheet-metal nesting for the shop floor and the work-package
// manifest: the cut list (material, blank dimensions, blanks and stock pieces needed) for a
// set of job operations, grouped by the library (system) operations cut programs key on.
package nesting

import (
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
