package routing

import (
	"context"
	"sort"

	"github.com/shopspring/decimal"

	"mos/internal/platform/db"
	"mos/internal/platform/dec"
)

// stockLevels answers what of items is available (on hand less reserved), through q (the
// inventory service).
type stockLevels interface {
	AvailableForItems(ctx context.Context, q db.Q, tenantID string, ids []string) (map[string]dec.Decimal, error)
}

// CanMake is how many of what an owner's routing makes the available stock covers.
type CanMake struct {
	Owner Owner
	// Quantity is nil when nothing in the routing consumes stock.
	Quantity *int64
	// Limits are the stock items that run short when making Quantity + 1.
	Limits []CanMakeLimit
}

// CanMakeLimit is a stock item that runs short: making one more than CanMake.Quantity takes
// RequiredForNext of it from stock, which holds only Available.
type CanMakeLimit struct {
	ItemID, ItemNumber         string
	RequiredForNext, Available dec.Decimal
}

// maxCanMake bounds the answer so the search stays within int64.
const maxCanMake = int64(1) << 62

// CanMake answers the largest whole quantity the owner's routing, exploded through every
// level, can make from the available stock (see getItemCanMake in the spec), with the stock
// items that run short first. It reads a fixed number of statements however deep or wide the
// routing is; an unknown owner is NotFound.
func (s *Service) CanMake(ctx context.Context, tenantID string, o Owner) (CanMake, error) {
	out := CanMake{Owner: o, Limits: []CanMakeLimit{}}
	err := s.view(ctx, tenantID, o, func(q db.Q) (err error) {
		t, err := s.loadTree(ctx, q, tenantID, o)
		if err != nil {
			return err
		}
		if !t.made(o) { // no routing: nothing consumes stock
			return nil
		}
		order := t.explosionOrder()
		var stockIDs []string
		for _, n := range order {
			if n != o {
				stockIDs = append(stockIDs, n.ID)
			}
		}
		available, err := s.deps.Stock.AvailableForItems(ctx, q, tenantID, stockIDs)
		if err != nil {
			return err
		}
		e := explosion{tree: t, order: order, available: available}
		upper, bounded := e.bound(o, map[Owner]boundMemo{}, map[Owner]bool{})
		if !bounded {
			return nil
		}
		hi := maxCanMake
		if upper.LessThan(decimal.NewFromInt(maxCanMake)) {
			hi = upper.Floor().IntPart() + 1
		}
		lo := int64(0) // making none always fits
		for lo < hi {  // the largest n in [lo, hi] that fits
			mid := lo + (hi-lo+1)/2
			if fits, _ := e.fits(decimal.NewFromInt(mid)); fits {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		out.Quantity = &lo
		_, short := e.fits(decimal.NewFromInt(lo + 1))
		if len(short) == 0 {
			return nil
		}
		ids := make([]string, len(short))
		for i, l := range short {
			ids[i] = l.ItemID
		}
		refs, err := s.deps.Items.ItemsForRouting(ctx, q, tenantID, ids)
		if err != nil {
			return err
		}
		for i := range short {
			short[i].ItemNumber = refs[short[i].ItemID].Number
		}
		sort.Slice(short, func(i, j int) bool {
			if short[i].ItemNumber != short[j].ItemNumber {
				return short[i].ItemNumber < short[j].ItemNumber
			}
			return short[i].ItemID < short[j].ItemID
		})
		out.Limits = short
		return nil
	})
	return out, err
}

// explosion computes what making a quantity takes from one shared pool of available stock.
type explosion struct {
	tree      tree
	order     []Owner // the root first, every item after every routing that consumes it
	available map[string]dec.Decimal
}

// edges calls visit for each item o's routing consumes: per unit made, quantityPerUnit of an
// input item; or, for a material, piecesPerBlank units made per blank of its stock item.
func (t tree) edges(o Owner, visit func(child Owner, perUnit decimal.Decimal, piecesPerBlank int64)) {
	l := t.levels[o]
	if l == nil {
		return
	}
	for _, in := range l.inputs {
		visit(Owner{Type: OwnerItem, ID: in.ItemID}, in.QuantityPerUnit.Decimal, 0)
	}
	for _, m := range l.materials {
		if m.ItemID != nil {
			visit(Owner{Type: OwnerItem, ID: *m.ItemID}, decimal.Zero, m.PiecesPerBlank)
		}
	}
}

// explosionOrder answers the root and every stock item its routing consumes at any depth
// (through made items), each after every item whose routing consumes it, so that an item's
// whole demand is known before its shortfall is made. A cycle's closing edge is ignored.
func (t tree) explosionOrder() []Owner {
	var post []Owner
	state := map[Owner]int{} // 1 visiting, 2 done
	var visit func(o Owner)
	visit = func(o Owner) {
		state[o] = 1
		if t.made(o) {
			t.edges(o, func(c Owner, _ decimal.Decimal, _ int64) {
				if state[c] == 0 {
					visit(c)
				}
			})
		}
		state[o] = 2
		post = append(post, o)
	}
	visit(t.root)
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	return post
}

// fits reports whether the available stock covers making n of the root, and answers the
// stock items that run short: each item's demand over every branch is taken from its stock
// first, and the rest is made from its routing's inputs when it has a routing, else short.
func (e explosion) fits(n decimal.Decimal) (bool, []CanMakeLimit) {
	root := e.tree.root
	demand := map[Owner]decimal.Decimal{root: n}
	var short []CanMakeLimit
	for _, o := range e.order {
		d := demand[o]
		if !d.IsPositive() {
			continue
		}
		toMake := d
		if o != root {
			toMake = d.Sub(decimal.Min(d, e.available[o.ID].Decimal))
		}
		if !toMake.IsPositive() {
			continue
		}
		if !e.tree.made(o) {
			short = append(short, CanMakeLimit{ItemID: o.ID, RequiredForNext: dec.Decimal{Decimal: d}, Available: e.available[o.ID]})
			continue
		}
		e.tree.edges(o, func(c Owner, perUnit decimal.Decimal, piecesPerBlank int64) {
			if piecesPerBlank > 0 {
				demand[c] = demand[c].Add(blanks(toMake, piecesPerBlank))
			} else {
				demand[c] = demand[c].Add(toMake.Mul(perUnit))
			}
		})
	}
	return len(short) == 0, short
}

// boundMemo is a memoised bound of one item.
type boundMemo struct {
	value   decimal.Decimal
	bounded bool
}

// bound is an upper bound of how much of o its routing can make, counting every consumed
// item's whole stock in each branch that uses it (so never below the shared answer);
// unbounded when no item without a routing is consumed below o. An item without a routing
// makes nothing.
func (e explosion) bound(o Owner, memo map[Owner]boundMemo, visiting map[Owner]bool) (decimal.Decimal, bool) {
	if m, ok := memo[o]; ok {
		return m.value, m.bounded
	}
	if !e.tree.made(o) {
		return decimal.Zero, true
	}
	visiting[o] = true
	defer delete(visiting, o)
	var best decimal.Decimal
	bounded := false
	e.tree.edges(o, func(c Owner, perUnit decimal.Decimal, piecesPerBlank int64) {
		if visiting[c] {
			return
		}
		cb, ok := e.bound(c, memo, visiting)
		if !ok {
			return
		}
		supply := e.available[c.ID].Add(cb)
		var most decimal.Decimal
		if piecesPerBlank > 0 {
			most = supply.Mul(decimal.NewFromInt(piecesPerBlank))
		} else {
			most = supply.DivRound(perUnit, 0).Add(decimal.NewFromInt(1))
		}
		if !bounded || most.LessThan(best) {
			best, bounded = most, true
		}
	})
	memo[o] = boundMemo{value: best, bounded: bounded}
	return best, bounded
}
