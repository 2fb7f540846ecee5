// Package ncrs holds non-conformance reports (NCRs): a problem found with a job's work or an
// item, numbered per tenant, with at most one impact naming the job and/or item affected.
package ncrs

import (
	"time"

	"mos/internal/platform/dec"
)

// maxText bounds every NCR text.
const maxText = 2000

// StatusNew is the status every NCR is created in.
const StatusNew = "New"

// Disposition says how much of the impacted quantity is affected.
type Disposition string

const (
	DispositionAll     Disposition = "All"
	DispositionPartial Disposition = "Partial"
	DispositionUnknown Disposition = "Unknown"
)

// Dispositions lists every disposition, in the spec's order.
var Dispositions = []Disposition{DispositionAll, DispositionPartial, DispositionUnknown}

// MisspeltDisposition is the member clients of the reference API send by mistake for
// quantityImpactedDisposition; a create carrying it is refused rather than ignored.
const MisspeltDisposition = "quantityImpactedDispositionprecision"

// Tenant is the calling tenant, its user ("" for an integration token) and shop timezone.
type Tenant struct {
	ID       string
	UserID   string
	Timezone string
}

// Create is a new NCR; an empty Disposition is Partial.
type Create struct {
	Type, Detail                      string
	Title, Cause, Reason, Disposition *string
	JobID, ItemID                     *string
	QuantityImpacted                  *dec.Decimal
	QuantityImpactedDisposition       Disposition
	CustomFields                      map[string]any
}

// Impact is what an NCR impacts.
type Impact struct {
	ID               string
	NcrID            string
	JobID, ItemID    *string
	QuantityImpacted *dec.Decimal
	Disposition      Disposition
}

// NCR is an NCR as stored, with its impacts.
type NCR struct {
	ID                                string
	Number                            int64
	Type, Detail                      string
	Title, Cause, Reason, Disposition *string
	Status                            string
	CreatedByUserID                   *string
	CreatedUtc, ModifiedUtc           time.Time
	CustomFields                      map[string]any
	Impacts                           []Impact
}

// Filter narrows the NCR list; members narrow it together. CreatedFrom and CreatedTo are
// shop-timezone days (inclusive).
type Filter struct {
	Types, Statuses, JobIDs, ItemIDs []string
	CreatedFrom, CreatedTo           *time.Time
	Search                           *string
}
