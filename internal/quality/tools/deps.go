package tools

import (
	"context"

	"mos/internal/platform/db"
	"mos/internal/stock/locations"
)

// Deps are the other areas tools read through, handed in by the one wiring place.
type Deps struct {
	// Locations checks the inventory location a tool is kept at (locations.Service).
	Locations liveLocations
	// Attachments checks a calibration's certificate (attachments.Service).
	Attachments attachmentRefs
}

// liveLocations answers a live location of the tenant, share-locked until q's transaction ends.
type liveLocations interface {
	RequireLive(ctx context.Context, q db.Q, tenantID, id string) (locations.Location, error)
}

// attachmentRefs reports whether the tenant has an attachment, share-locked until q's
// transaction ends.
type attachmentRefs interface {
	ExistsForReference(ctx context.Context, q db.Q, tenantID, id string) (bool, error)
}
