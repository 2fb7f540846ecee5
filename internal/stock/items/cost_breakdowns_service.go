package items

import (
	"context"
	"time"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// CostBreakdownType is what calculated a cost breakdown.
type CostBreakdownType string

const (
	CostEstimated     CostBreakdownType = "estimated"
	CostInProgressJob CostBreakdownType = "inProgressJob"
	CostCompletedJob  CostBreakdownType = "completedJob"
	CostCancelledJob  CostBreakdownType = "cancelledJob"
)

// CostBreakdown is the cost of producing Quantity of an item as an estimate or a job
// calculated it. Estimates and jobs write them when they land; items only lists them.
type CostBreakdown struct {
	ID               string
	Type             CostBreakdownType
	Quantity         dec.Decimal
	QuantityScrapped dec.Decimal
	CalculatedOn     time.Time
	LaborHours       dec.Decimal
	MachineHours     dec.Decimal
	SetupHours       dec.Decimal
	// Cumulative includes everything below the item; ItemLevel only the item's own level.
	Cumulative, ItemLevel CostKinds
}

// CostKinds are totals for the whole quantity by kind of cost.
type CostKinds struct {
	Material, Labor, Machine, OutsideProcessing, Overhead dec.Decimal
}

// Total is the sum of the kinds.
func (k CostKinds) Total() dec.Decimal {
	sum := k.Material.Add(k.Labor.Decimal).Add(k.Machine.Decimal).Add(k.OutsideProcessing.Decimal).Add(k.Overhead.Decimal)
	return dec.Decimal{Decimal: sum}
}

// perUnitPlaces is how many decimal places per-unit costs are rounded to.
const perUnitPlaces = 6

// PerUnit is total / quantity rounded to perUnitPlaces (quantity is greater than 0).
func PerUnit(total, quantity dec.Decimal) dec.Decimal {
	return dec.Decimal{Decimal: total.DivRound(quantity.Decimal, perUnitPlaces)}
}

// CostBreakdownPage is one page of a cost breakdown list.
type CostBreakdownPage struct {
	Rows []CostBreakdown
	listing.Envelope
}

// costBreakdownListSpec fixes the order: newest calculation first, then highest id.
var costBreakdownListSpec = listing.Spec{
	Fields:            map[string]string{"calculatedOn": "b.calculated_on"},
	Default:           "calculatedOn",
	DefaultDescending: true,
	IDColumn:          "b.id",
	Unsortable:        true,
}

// ListCostBreakdowns answers a page of the item's cost breakdowns of types (nil: all).
// Another tenant's item, or none, is NotFound.
func (s *Service) ListCostBreakdowns(ctx context.Context, tenantID, itemID string, types []CostBreakdownType, r listing.Request) (CostBreakdownPage, error) {
	page, err := listing.Resolve(r, costBreakdownListSpec)
	if err != nil {
		return CostBreakdownPage{}, err
	}
	if _, err := s.store.get(ctx, s.pool, tenantID, itemID); err != nil {
		return CostBreakdownPage{}, err
	}
	rows, total, err := s.store.costBreakdowns(ctx, s.pool, tenantID, itemID, types, page)
	if err != nil {
		return CostBreakdownPage{}, err
	}
	return CostBreakdownPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}

// RecordCostBreakdown stores b (its Type, Quantity, hours and costs) as a new cost breakdown
// of the item, calculated now, in q's transaction, and answers it as stored with its new id.
// It does not change the item: a breakdown is a calculation about the item, not an edit.
func (s *Service) RecordCostBreakdown(ctx context.Context, q db.Q, tenantID, itemID string, b CostBreakdown) (CostBreakdown, error) {
	return s.store.insertCostBreakdown(ctx, q, tenantID, itemID, ids.New(), b)
}

// SaveCostBreakdown stores b as cost breakdown id of the item, calculated now, in q's
// transaction: a new breakdown the first time, then the same one replaced (its type, quantity,
// hours and costs) each time the calculation is repeated, as a job does for each item it
// makes while its costs change. It answers the breakdown as stored. Quantity must be greater
// than 0.
func (s *Service) SaveCostBreakdown(ctx context.Context, q db.Q, tenantID, itemID, id string, b CostBreakdown) (CostBreakdown, error) {
	return s.store.saveCostBreakdown(ctx, q, tenantID, itemID, id, b)
}
