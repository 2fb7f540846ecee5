package nesting

import (
	"fmt"
	"math"

	"mos/internal/platform/dec"
	"mos/internal/production/workorders"
)

// placementTolerance absorbs the float rounding of a rotated part's bounding box: a part laid
// exactly against a plate's edge is inside.
const placementTolerance = 1e-9

// validationIssues finds what looks wrong in nest n, parts first, then plates; grouped are
// the job operations of its work-order operation with their quantities now.
func validationIssues(n Nest, grouped map[string]workorders.JobOperation) []ValidationIssue {
	issues := []ValidationIssue{}
	placed := placedQuantities(n)
	for i, p := range n.Parts {
		path, number := fmt.Sprintf("parts.%d", i), p.PartNumber
		if placed[p.PartNumber] == 0 {
			issues = append(issues, ValidationIssue{Code: IssuePartNotPlaced, Path: path, PartNumber: &number,
				Message: fmt.Sprintf("no plate places part %q", p.PartNumber)})
		}
		if p.JobOperationID == nil {
			continue
		}
		j, ok := grouped[*p.JobOperationID]
		if !ok {
			continue
		}
		need := j.QuantityToMake.Sub(j.QuantityCompleted.Decimal)
		if need.IsNegative() {
			need = dec.Zero.Decimal
		}
		if dec.FromInt(placed[p.PartNumber]).GreaterThan(need) {
			issues = append(issues, ValidationIssue{Code: IssueOverPlaced, Path: path, PartNumber: &number,
				Message: fmt.Sprintf("part %q is placed %d times but job operation %s still needs %s", p.PartNumber, placed[p.PartNumber], j.JobOperationID, need)})
		}
	}
	parts := make(map[string]Part, len(n.Parts))
	for _, p := range n.Parts {
		parts[p.PartNumber] = p
	}
	for i, pl := range n.Plates {
		for j, at := range pl.Placements {
			p := parts[at.PartNumber]
			if at.X == nil || at.Y == nil || inside(pl, p, at) {
				continue
			}
			number := at.PartNumber
			issues = append(issues, ValidationIssue{Code: IssuePlacementOutsidePlate, Path: fmt.Sprintf("plates.%d.placements.%d", i, j),
				PartNumber: &number, Message: fmt.Sprintf("part %q at (%s, %s) rotated %s° leaves the %s × %s plate", at.PartNumber, at.X, at.Y, at.Rotation, pl.Width, pl.Length)})
		}
		if covered := placedArea(pl, parts); covered.GreaterThan(pl.Area().Decimal) {
			issues = append(issues, ValidationIssue{Code: IssuePlateOverfilled, Path: fmt.Sprintf("plates.%d", i),
				Message: fmt.Sprintf("the parts placed cover %s, more than the plate's area %s", covered, pl.Area())})
		}
	}
	return issues
}

// inside reports whether part p placed by at lies on plate pl: the bounding box of the part
// turned by at.Rotation, from its lower-left corner at (x, y).
func inside(pl Plate, p Part, at Placement) bool {
	rad := at.Rotation.InexactFloat64() * math.Pi / 180
	w, l := p.Width.InexactFloat64(), p.Length.InexactFloat64()
	boxW := math.Abs(w*math.Cos(rad)) + math.Abs(l*math.Sin(rad))
	boxL := math.Abs(w*math.Sin(rad)) + math.Abs(l*math.Cos(rad))
	x, y := at.X.InexactFloat64(), at.Y.InexactFloat64()
	return x >= -placementTolerance && y >= -placementTolerance &&
		x+boxW <= pl.Width.InexactFloat64()+placementTolerance && y+boxL <= pl.Length.InexactFloat64()+placementTolerance
}

// placedQuantities answers how many of each part the nest places: placements × plate count
// over every plate, by part number.
func placedQuantities(n Nest) map[string]int64 {
	out := make(map[string]int64, len(n.Parts))
	for _, pl := range n.Plates {
		for _, at := range pl.Placements {
			out[at.PartNumber] += int64(at.Quantity) * int64(pl.Count)
		}
	}
	return out
}

// placedArea is the area the parts placed on one repetition of plate pl cover.
func placedArea(pl Plate, parts map[string]Part) dec.Decimal {
	sum := dec.Zero
	for _, at := range pl.Placements {
		sum = dec.Decimal{Decimal: sum.Add(parts[at.PartNumber].EffectiveArea().Mul(dec.FromInt(int64(at.Quantity)).Decimal))}
	}
	return sum
}

// utilisation is placed over total × 100 rounded to 2 decimals; nil when total is 0.
func utilisation(placed, total dec.Decimal) *dec.Decimal {
	if total.IsZero() {
		return nil
	}
	u := dec.Decimal{Decimal: placed.Mul(dec.FromInt(100).Decimal).DivRound(total.Decimal, 8).Round(2)}
	return &u
}
