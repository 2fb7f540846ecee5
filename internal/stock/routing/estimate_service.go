package routing

import (
	"context"
	"time"

	"github.com/shopspring/decimal"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/scheduling/resources"
	"mos/internal/shared/settings"
	"mos/internal/stock/items"
)

// costingSettings answers the tenant's costing settings (the settings service).
type costingSettings interface {
	Costing(ctx context.Context, tenantID string) (settings.Costing, error)
	CostingIn(ctx context.Context, q db.Q, tenantID string) (settings.Costing, error)
}

// workCenterRates answers work centers' hourly rates, deleted ones included, through q (the
// scheduling resources service).
type workCenterRates interface {
	WorkCenterRates(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]resources.WorkCenterRates, error)
}

// itemCosts prices bought items and records an item's cost breakdowns, through q (the item
// master).
type itemCosts interface {
	InputUnitCosts(ctx context.Context, q db.Q, tenantID string, quantities map[string]dec.Decimal) (map[string]dec.Decimal, error)
	RecordCostBreakdown(ctx context.Context, q db.Q, tenantID, itemID string, b items.CostBreakdown) (items.CostBreakdown, error)
}

// maxEstimateQuantity bounds the quantity an estimate costs.
const maxEstimateQuantity = 1000000

// costPlaces is how many decimal places every amount and hour of an estimate's level is
// rounded to, once, when that level's computation ends.
const costPlaces = 6

var (
	sixty   = decimal.NewFromInt(60)
	maxCost = decimal.NewFromInt(maxEstimateQuantity)
)

// EstimateCost computes the estimated cost of making quantity of the item (see
// estimateItemCost in the spec for the formulas), stores it as the item's cost breakdown of
// type estimated, calculated now, and answers it. The routing tree is read in a fixed number
// of statements however deep or wide it is. Estimating does not change the item, so the
// owner's Changed hook does not run; an unknown item is NotFound, a quantity not above 0 or
// above 1000000 answers 400 naming quantity.
func (s *Service) EstimateCost(ctx context.Context, tenantID string, o Owner, quantity dec.Decimal) (items.CostBreakdown, error) {
	var out items.CostBreakdown
	err := s.estimateThen(ctx, tenantID, o, quantity, func(q db.Q, b items.CostBreakdown) (err error) {
		out, err = s.deps.Costs.RecordCostBreakdown(ctx, q, tenantID, o.ID, b)
		return err
	})
	return out, err
}

// Estimate computes the estimated cost of making quantity from the owner's routing as
// EstimateCost does, for any owner (a quote line's routing, whose components are items), and
// answers it without storing it: its CalculatedOn is now and it has no ID.
func (s *Service) Estimate(ctx context.Context, tenantID string, o Owner, quantity dec.Decimal) (items.CostBreakdown, error) {
	var out items.CostBreakdown
	err := s.estimateThen(ctx, tenantID, o, quantity, func(_ db.Q, b items.CostBreakdown) error {
		b.CalculatedOn = time.Now().UTC()
		out = b
		return nil
	})
	return out, err
}

// estimateThen computes the estimate of quantity of the owner's routing and hands it to use
// in the reading transaction.
func (s *Service) estimateThen(ctx context.Context, tenantID string, o Owner, quantity dec.Decimal, use func(q db.Q, b items.CostBreakdown) error) error {
	if !quantity.IsPositive() || quantity.GreaterThan(maxCost) {
		return apperr.Field("quantity", "must be more than 0 and at most %d", maxEstimateQuantity)
	}
	costing, err := s.deps.Settings.Costing(ctx, tenantID)
	if err != nil {
		return err
	}
	return s.view(ctx, tenantID, o, func(q db.Q) error {
		e, err := s.estimateIn(ctx, q, tenantID, o, quantity.Decimal, costing.OverheadCalculationMethod)
		if err != nil {
			return err
		}
		return use(q, items.CostBreakdown{
			Type: items.CostEstimated, Quantity: quantity, QuantityScrapped: dec.Zero,
			LaborHours: dec.Decimal{Decimal: e.laborHours}, MachineHours: dec.Decimal{Decimal: e.machineHours},
			SetupHours: dec.Decimal{Decimal: e.setupHours},
			Cumulative: e.cumulative.kinds(), ItemLevel: e.item.kinds(),
		})
	})
}

// estimateIn computes the estimate of quantity of o's routing, and of the item routings below
// it, in q's transaction, the tenant's overhead method applied: the tree in a fixed number of
// statements, then the work centers' rates and the bought items' prices, one statement each.
// Every estimate (stored, shown or pricing a document line) runs through it.
func (s *Service) estimateIn(ctx context.Context, q db.Q, tenantID string, o Owner, quantity decimal.Decimal, method settings.OverheadMethod) (levelEstimate, error) {
	t, err := s.loadTree(ctx, q, tenantID, o)
	if err != nil {
		return levelEstimate{}, err
	}
	var wcIDs []string
	for _, l := range t.levels {
		for _, op := range l.operations {
			if op.WorkCenterID != nil {
				wcIDs = append(wcIDs, *op.WorkCenterID)
			}
		}
	}
	c := costContext{method: method, memo: map[estimateKey]levelEstimate{}}
	if c.rates, err = s.deps.Rates.WorkCenterRates(ctx, q, tenantID, wcIDs); err != nil {
		return levelEstimate{}, err
	}
	if c.unitCosts, err = s.deps.Costs.InputUnitCosts(ctx, q, tenantID, t.boughtQuantities(quantity)); err != nil {
		return levelEstimate{}, err
	}
	return t.estimate(o, quantity, c, map[Owner]bool{}), nil
}

// costContext is what an estimate prices with besides the tree.
type costContext struct {
	method    settings.OverheadMethod
	rates     map[string]resources.WorkCenterRates
	unitCosts map[string]dec.Decimal // by item; absent: nothing prices it (0)
	// memo keeps each level's estimate by quantity, so that a component reached through
	// many branches for the same quantity is computed once.
	memo map[estimateKey]levelEstimate
}

type estimateKey struct {
	owner    Owner
	quantity string
}

// costKinds are amounts by kind of cost while computing.
type costKinds struct {
	material, labor, machine, outsideProcessing, overhead decimal.Decimal
}

func (k costKinds) add(o costKinds) costKinds {
	return costKinds{
		material: k.material.Add(o.material), labor: k.labor.Add(o.labor), machine: k.machine.Add(o.machine),
		outsideProcessing: k.outsideProcessing.Add(o.outsideProcessing), overhead: k.overhead.Add(o.overhead),
	}
}

func (k costKinds) round() costKinds {
	return costKinds{
		material: k.material.Round(costPlaces), labor: k.labor.Round(costPlaces), machine: k.machine.Round(costPlaces),
		outsideProcessing: k.outsideProcessing.Round(costPlaces), overhead: k.overhead.Round(costPlaces),
	}
}

func (k costKinds) kinds() items.CostKinds {
	d := func(v decimal.Decimal) dec.Decimal { return dec.Decimal{Decimal: v} }
	return items.CostKinds{
		Material: d(k.material), Labor: d(k.labor), Machine: d(k.machine),
		OutsideProcessing: d(k.outsideProcessing), Overhead: d(k.overhead),
	}
}

// levelEstimate is the estimate of one level of the tree for a quantity.
type levelEstimate struct {
	item, cumulative                     costKinds
	setupHours, laborHours, machineHours decimal.Decimal
}

// estimate computes o's level for quantity q and, through its input items, the levels below
// it. Hours and rates are combined in minutes and divided by 60 once, so that each amount and
// hour is rounded only once, to costPlaces, when the level ends.
func (t tree) estimate(o Owner, q decimal.Decimal, c costContext, visiting map[Owner]bool) levelEstimate {
	key := estimateKey{owner: o, quantity: q.String()}
	if e, ok := c.memo[key]; ok {
		return e
	}
	visiting[o] = true
	defer delete(visiting, o)
	l := t.levels[o]
	if l == nil {
		return levelEstimate{}
	}
	var laborMinutesRate, machineMinutesRate, overheadMinutesRate decimal.Decimal // Σ minutes × rate
	var setupMinutes, laborMinutes, machineMinutes decimal.Decimal
	var item costKinds
	for _, op := range l.operations {
		if op.IsOutsideProcessing {
			item.outsideProcessing = item.outsideProcessing.Add(op.OutsideCost.Mul(q))
			continue
		}
		var wc resources.WorkCenterRates
		hasWC := false
		if op.WorkCenterID != nil {
			wc, hasWC = c.rates[*op.WorkCenterID]
		}
		laborRate, machineRate, overheadRate := decimal.Zero, decimal.Zero, decimal.Zero
		if hasWC {
			laborRate, machineRate, overheadRate = wc.LaborRate.Decimal, wc.MachineRate.Decimal, wc.OverheadRate.Decimal
		}
		if op.LaborRate != nil {
			laborRate = op.LaborRate.Decimal
		}
		if op.MachineRate != nil {
			machineRate = op.MachineRate.Decimal
		}
		setup := op.SetupTimeMinutes.Decimal
		run := op.RunTimeMinutesPerUnit.Mul(q)
		both := setup.Add(run)
		laborMinutesRate = laborMinutesRate.Add(both.Mul(laborRate))
		machineMinutesRate = machineMinutesRate.Add(run.Mul(machineRate))
		burden := both
		if c.method == settings.MachineBurdened {
			burden = run
		}
		overheadMinutesRate = overheadMinutesRate.Add(burden.Mul(overheadRate))
		setupMinutes, laborMinutes, machineMinutes = setupMinutes.Add(setup), laborMinutes.Add(both), machineMinutes.Add(run)
	}
	for _, m := range l.materials {
		if m.ItemID == nil {
			continue
		}
		item.material = item.material.Add(blanks(q, m.PiecesPerBlank).Mul(c.unitCosts[*m.ItemID].Decimal))
	}
	item.labor = laborMinutesRate.DivRound(sixty, costPlaces)
	item.machine = machineMinutesRate.DivRound(sixty, costPlaces)
	item.overhead = overheadMinutesRate.DivRound(sixty, costPlaces)
	item = item.round()
	out := levelEstimate{
		item:         item,
		setupHours:   setupMinutes.DivRound(sixty, costPlaces),
		laborHours:   laborMinutes.DivRound(sixty, costPlaces),
		machineHours: machineMinutes.DivRound(sixty, costPlaces),
	}
	cumulative := item
	for _, in := range l.inputs {
		need := in.QuantityPerUnit.Mul(q)
		child := Owner{Type: OwnerItem, ID: in.ItemID}
		if t.made(child) && !visiting[child] {
			cumulative = cumulative.add(t.estimate(child, need, c, visiting).cumulative)
			continue
		}
		cumulative.material = cumulative.material.Add(need.Mul(c.unitCosts[in.ItemID].Decimal))
	}
	out.cumulative = cumulative.round()
	c.memo[key] = out
	return out
}

// boughtQuantities answers how much of each stock item the estimate of q of the root
// prices: the blanks of its materials and the needs of its input items made of nothing,
// through every level. Each item is priced for its total over the whole estimate. Levels
// are visited parents first, each once with every quantity it is made in (and how many
// times), so a component shared by many branches is not walked once per path.
func (t tree) boughtQuantities(q decimal.Decimal) map[string]dec.Decimal {
	type times struct {
		quantity decimal.Decimal
		n        int64
	}
	made := map[Owner]map[string]times{t.root: {q.String(): {q, 1}}}
	bought := map[string]dec.Decimal{}
	add := func(itemID string, n decimal.Decimal) {
		bought[itemID] = dec.Decimal{Decimal: bought[itemID].Add(n)}
	}
	for _, o := range t.explosionOrder() {
		l := t.levels[o]
		if l == nil || !t.made(o) {
			continue
		}
		for _, m := range made[o] {
			n := decimal.NewFromInt(m.n)
			for _, mat := range l.materials {
				if mat.ItemID != nil {
					add(*mat.ItemID, blanks(m.quantity, mat.PiecesPerBlank).Mul(n))
				}
			}
			for _, in := range l.inputs {
				need := in.QuantityPerUnit.Mul(m.quantity)
				child := Owner{Type: OwnerItem, ID: in.ItemID}
				if !t.made(child) {
					add(in.ItemID, need.Mul(n))
					continue
				}
				if made[child] == nil {
					made[child] = map[string]times{}
				}
				k := need.String()
				made[child][k] = times{need, made[child][k].n + m.n}
			}
		}
	}
	return bought
}

// blanks is how many blanks making n pieces takes at piecesPerBlank pieces a blank:
// ceil(n / piecesPerBlank).
func blanks(n decimal.Decimal, piecesPerBlank int64) decimal.Decimal {
	quo, rem := n.QuoRem(decimal.NewFromInt(piecesPerBlank), 0)
	if rem.IsPositive() {
		quo = quo.Add(decimal.NewFromInt(1))
	}
	return quo
}

// tree is an owner's routing and the item routings of every input item below it, as costing
// and can-make read them. levels holds the root and every input item (with an empty level
// when its item has no routing).
type tree struct {
	root   Owner
	levels map[Owner]*treeLevel
}

// treeLevel is what one routing of the tree holds.
type treeLevel struct {
	operations []treeOperationRow
	materials  []treeMaterialRow
	inputs     []treeInputRow
}

// made reports whether o has a routing of its own: operations, input materials or input items.
func (t tree) made(o Owner) bool {
	l := t.levels[o]
	return l != nil && len(l.operations)+len(l.materials)+len(l.inputs) > 0
}

// loadTree reads root's routing and the routings of every input item below it in three
// statements however deep or wide the tree is: the input items (one recursive query), then
// the operations and the input materials of every routing reached.
func (s *Service) loadTree(ctx context.Context, q db.Q, tenantID string, root Owner) (tree, error) {
	t := tree{root: root, levels: map[Owner]*treeLevel{root: {}}}
	owners := []Owner{root}
	level := func(o Owner) *treeLevel {
		l, ok := t.levels[o]
		if !ok {
			l = &treeLevel{}
			t.levels[o] = l
			owners = append(owners, o)
		}
		return l
	}
	inputs, err := s.store.treeInputs(ctx, q, tenantID, root)
	if err != nil {
		return tree{}, err
	}
	for _, in := range inputs {
		l := level(Owner{Type: in.OwnerType, ID: in.OwnerID})
		l.inputs = append(l.inputs, in)
		level(Owner{Type: OwnerItem, ID: in.ItemID})
	}
	ops, err := s.store.treeOperations(ctx, q, tenantID, owners)
	if err != nil {
		return tree{}, err
	}
	for _, op := range ops {
		l := level(Owner{Type: op.OwnerType, ID: op.OwnerID})
		l.operations = append(l.operations, op)
	}
	materials, err := s.store.treeMaterials(ctx, q, tenantID, owners)
	if err != nil {
		return tree{}, err
	}
	for _, m := range materials {
		l := level(Owner{Type: m.OwnerType, ID: m.OwnerID})
		l.materials = append(l.materials, m)
	}
	return t, nil
}
