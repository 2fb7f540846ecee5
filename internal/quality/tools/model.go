// Package tools holds the shop's tools (gauges and instruments): tool templates (kinds of
// tool with their calibration interval and instructions), tools by serial number, and the
// calibrations of each tool, from which a tool's next due date follows.
package tools

import (
	"time"
)

// Limits of the members.
const (
	maxName         = 200
	maxSerial       = 100
	maxDescription  = 2000
	maxInstructions = 10000
	maxCalibratedBy = 200
	maxNotes        = 4000
	maxReadingText  = 200
	maxReadingUnit  = 50
	maxReadings     = 100
	minIntervalDays = 1
	maxIntervalDays = 3650
)

// Status is a tool's status; the shop sets it, calibrations do not change it.
type Status string

const (
	StatusActive        Status = "active"
	StatusInCalibration Status = "inCalibration"
	StatusOutOfService  Status = "outOfService"
	StatusRetired       Status = "retired"
)

// Statuses lists every status, in the order of the spec's enum.
var Statuses = []Status{StatusActive, StatusInCalibration, StatusOutOfService, StatusRetired}

// Result is a calibration's result.
type Result string

const (
	ResultPass     Result = "pass"
	ResultFail     Result = "fail"
	ResultAdjusted Result = "adjusted"
)

// Results lists every result, in the order of the spec's enum.
var Results = []Result{ResultPass, ResultFail, ResultAdjusted}

// Passing reports whether r counts towards the next due date (adjusted means adjusted to pass).
func (r Result) Passing() bool { return r == ResultPass || r == ResultAdjusted }

// Tenant is the calling tenant, its shop timezone and user ("" for an integration token).
type Tenant struct {
	ID       string
	Timezone string
	UserID   string
}

// TemplateWrite is a tool template's members, for a create or a full update.
type TemplateWrite struct {
	Name                    string
	Description             *string
	CalibrationIntervalDays int32
	CalibrationInstructions *string
}

// Template is a tool template as stored.
type Template struct {
	ID                      string
	Name                    string
	Description             *string
	CalibrationIntervalDays int32
	CalibrationInstructions *string
	CreatedUtc, ModifiedUtc time.Time
}

// TemplateFilter narrows the template list.
type TemplateFilter struct {
	IDs    []string
	Search *string
}

// ToolWrite is a tool's members, for a create or a full update; an empty Status is active.
type ToolWrite struct {
	SerialNumber            string
	Name                    string
	Description             *string
	TemplateID              string
	LocationID              *string
	Status                  Status
	CalibrationIntervalDays *int32
}

// Tool is a tool as stored, with its template's name and the interval in force.
type Tool struct {
	ID                      string
	SerialNumber            string
	Name                    string
	Description             *string
	TemplateID              string
	TemplateName            string
	LocationID              *string
	Status                  Status
	CalibrationIntervalDays *int32
	EffectiveIntervalDays   int32
	LastCalibratedDate      *time.Time
	NextDueDate             *time.Time
	CreatedUtc, ModifiedUtc time.Time
}

// ToolFilter narrows the tool list; Today is the shop's today (set by the service).
type ToolFilter struct {
	IDs           []string
	Statuses      []Status
	TemplateIDs   []string
	LocationIDs   []string
	DueOnOrBefore *time.Time
	Overdue       *bool
	Search        *string
	today         time.Time
}

// Reading is one reading of a calibration.
type Reading struct {
	Name  string  `json:"name"`
	Value string  `json:"value"`
	Unit  *string `json:"unit,omitempty"`
}

// CalibrationWrite is a calibration's members; a nil CalibratedDate is the shop's today.
// Version is the token an update names (0 on a create).
type CalibrationWrite struct {
	Version                 int64
	Result                  Result
	CalibratedDate          *time.Time
	CalibratedBy            *string
	Notes                   *string
	Readings                []Reading
	CertificateAttachmentID *string
}

// Calibration is a calibration as stored; NextDueDate is its day plus the tool's interval in
// force for a passing one.
type Calibration struct {
	ID                      string
	ToolID                  string
	Version                 int64
	Result                  Result
	CalibratedDate          time.Time
	RecordedByUserID        *string
	CalibratedBy            *string
	Notes                   *string
	Readings                []Reading
	CertificateAttachmentID *string
	NextDueDate             *time.Time
	CreatedUtc, ModifiedUtc time.Time
}

// CalibrationFilter narrows a tool's calibration list.
type CalibrationFilter struct {
	Results []Result
}
