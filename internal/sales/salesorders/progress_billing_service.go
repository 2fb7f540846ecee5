package salesorders

import (
	"context"
	"fmt"
	"time"

	"github.com/shopspring/decimal"

	"mos/internal/platform/apperr"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/shared/doclines"
)

// A progress-billing schedule splits a sales order's total into milestones, each a percentage
// of the order's total or an amount, billed one invoice at a time (the invoices area bills a
// milestone through ClaimMilestone, in its transaction). Together the milestones never exceed
// 100% nor the order's total; a billed milestone (its invoice recorded) cannot change or be
// removed, until its invoice is deleted (ReleaseMilestones).

// maxMilestones is the most milestones a schedule holds.
const maxMilestones = 100

// Milestone is one step of an order's progress-billing schedule: exactly one of Percentage
// and Amount; InvoiceID is the live invoice that billed it.
type Milestone struct {
	ID         string     `db:"id"`
	Name       string     `db:"name"`
	Percentage *dec       `db:"percentage"`
	Amount     *dec       `db:"amount"`
	DueDate    *time.Time `db:"due_date"`
	InvoiceID  *string    `db:"invoice_id"`
}

// MilestoneWrite is a milestone of a schedule's replace: ID names a milestone to keep (nil: a
// new one).
type MilestoneWrite struct {
	ID         *string
	Name       string
	Percentage *dec
	Amount     *dec
	DueDate    *time.Time
}

// ProgressBillingSchedule reads the order's milestones in schedule order (deleted orders
// too); a missing order is NotFound.
func (s *Service) ProgressBillingSchedule(ctx context.Context, tenantID, orderID string) ([]Milestone, error) {
	if err := s.lineOrderExists(ctx, s.pool, tenantID, orderID); err != nil {
		return nil, err
	}
	return progressStore{}.milestones(ctx, s.pool, tenantID, orderID)
}

// ReplaceProgressBillingSchedule replaces the live order's milestones with ws, in one
// transaction with the order locked, and answers the schedule as stored. Rules, each 400
// naming the member: a name of 1 to 200 characters; exactly one of percentage (more than 0, at
// most 100) and amount (more than 0); the percentages together at most 100 and the amounts
// (percentages of the order's total, rounded to its currency) at most its total; a billed
// milestone kept exactly as it is. An id the order does not have is a 404 naming it.
func (s *Service) ReplaceProgressBillingSchedule(ctx context.Context, tenantID, orderID string, ws []MilestoneWrite) ([]Milestone, error) {
	fields := apperr.Fields{}
	if len(ws) > maxMilestones {
		fields.Add("milestones", "at most %d milestones", maxMilestones)
	}
	for i, w := range ws {
		ws[i].Name = checkMilestone(fields, i, w)
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	var out []Milestone
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		parent, err := s.lockForLineWrite(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		total, err := s.TotalForInvoicing(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		current, err := progressStore{}.milestones(ctx, q, tenantID, orderID)
		if err != nil {
			return err
		}
		if err := checkSchedule(ws, current, total, currency.MinorUnits(parent.Currency)); err != nil {
			return err
		}
		if err := (progressStore{}).replace(ctx, q, tenantID, orderID, ws); err != nil {
			return err
		}
		out, err = progressStore{}.milestones(ctx, q, tenantID, orderID)
		return err
	})
	return out, err
}

// checkMilestone checks milestone i's own members and answers its trimmed name.
func checkMilestone(fields apperr.Fields, i int, w MilestoneWrite) string {
	at := func(m string) string { return fmt.Sprintf("milestones.%d.%s", i, m) }
	name := fields.Text(at("name"), w.Name, 200)
	switch {
	case (w.Percentage == nil) == (w.Amount == nil):
		fields.Add(at("percentage"), "give exactly one of percentage and amount")
	case w.Percentage != nil && (!w.Percentage.IsPositive() || w.Percentage.GreaterThan(decimal.NewFromInt(100))):
		fields.Add(at("percentage"), "must be more than 0 and at most 100")
	case w.Amount != nil && !w.Amount.IsPositive():
		fields.Add(at("amount"), "must be more than 0")
	}
	return name
}

// checkSchedule checks the replacing milestones against the stored ones and the order's
// total.
func checkSchedule(ws []MilestoneWrite, current []Milestone, total dec, minor int) error {
	byID := make(map[string]Milestone, len(current))
	for _, m := range current {
		byID[m.ID] = m
	}
	kept := map[string]bool{}
	fields, missing := apperr.Fields{}, apperr.Fields{}
	pct, sum := decimal.Zero, decimal.Zero
	for i, w := range ws {
		if w.ID != nil {
			m, ok := byID[*w.ID]
			if !ok || kept[*w.ID] {
				missing.Add(fmt.Sprintf("milestones.%d.id", i), "the sales order has no milestone %s to keep", *w.ID)
				continue
			}
			kept[*w.ID] = true
			if m.InvoiceID != nil && !sameMilestone(m, w) {
				fields.Add(fmt.Sprintf("milestones.%d", i), "milestone %s is billed (invoice %s): it cannot change", m.ID, *m.InvoiceID)
			}
		}
		if w.Percentage != nil {
			pct = pct.Add(w.Percentage.Decimal)
			if pct.GreaterThan(decimal.NewFromInt(100)) {
				fields.Add(fmt.Sprintf("milestones.%d.percentage", i), "the milestones would come to %s%%, more than 100%%", pct)
			}
		}
		sum = sum.Add(MilestoneAmount(w.Percentage, w.Amount, total, minor).Decimal)
		if w.Amount != nil && sum.GreaterThan(total.Decimal) {
			fields.Add(fmt.Sprintf("milestones.%d.amount", i), "the milestones would come to %s, more than the order's total of %s", sum, total)
		}
	}
	if err := missing.NotFoundErr(); err != nil {
		return err
	}
	for _, m := range current {
		if m.InvoiceID != nil && !kept[m.ID] {
			fields.Add("milestones", "milestone %s is billed (invoice %s): it cannot be removed", m.ID, *m.InvoiceID)
		}
	}
	return fields.Err()
}

func sameMilestone(m Milestone, w MilestoneWrite) bool {
	sameDec := func(a, b *dec) bool { return (a == nil) == (b == nil) && (a == nil || a.Equal(b.Decimal)) }
	sameDay := func(a, b *time.Time) bool { return (a == nil) == (b == nil) && (a == nil || a.Equal(*b)) }
	return m.Name == w.Name && sameDec(m.Percentage, w.Percentage) && sameDec(m.Amount, w.Amount) && sameDay(m.DueDate, w.DueDate)
}

// MilestoneAmount is what a milestone bills: its amount, or its percentage of the order's
// total rounded to minor decimals.
func MilestoneAmount(percentage, amount *dec, total dec, minor int) dec {
	if amount != nil {
		return *amount
	}
	return doclines.Round(dec{Decimal: total.Mul(percentage.Decimal).Div(decimal.NewFromInt(100))}, minor)
}

// InvoicingMilestone is a milestone as an invoice bills it.
type InvoicingMilestone struct {
	ID     string
	Name   string
	Amount dec
}

// ClaimMilestone records invoice invoiceID on milestone milestoneID of order orderID and
// answers what it bills, in the invoice's transaction (the milestone row locked): a milestone
// the order does not have is NotFound; one already billed is a 400 naming milestoneId.
func (s *Service) ClaimMilestone(ctx context.Context, q db.Q, tenantID, orderID, milestoneID, invoiceID, currencyCode string) (InvoicingMilestone, error) {
	m, err := progressStore{}.lock(ctx, q, tenantID, orderID, milestoneID)
	if err != nil {
		return InvoicingMilestone{}, err
	}
	if m.InvoiceID != nil {
		return InvoicingMilestone{}, apperr.Field("milestoneId", "milestone %s is already billed by invoice %s", milestoneID, *m.InvoiceID)
	}
	total, err := s.TotalForInvoicing(ctx, q, tenantID, orderID)
	if err != nil {
		return InvoicingMilestone{}, err
	}
	amount := MilestoneAmount(m.Percentage, m.Amount, total, currency.MinorUnits(currencyCode))
	if !amount.IsPositive() {
		return InvoicingMilestone{}, apperr.Field("milestoneId", "milestone %s comes to %s: nothing to bill", milestoneID, amount)
	}
	if err := (progressStore{}).setInvoice(ctx, q, tenantID, milestoneID, &invoiceID); err != nil {
		return InvoicingMilestone{}, err
	}
	return InvoicingMilestone{ID: m.ID, Name: m.Name, Amount: amount}, nil
}

// ReleaseMilestones frees the milestones invoice invoiceID billed (the invoice is being
// deleted): they may be billed again.
func (s *Service) ReleaseMilestones(ctx context.Context, q db.Q, tenantID, invoiceID string) error {
	return progressStore{}.release(ctx, q, tenantID, invoiceID)
}

// newMilestoneID is the id a new milestone takes.
func newMilestoneID() string { return ids.NewSub() }
