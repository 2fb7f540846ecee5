package salesorders

import (
	"context"
	"fmt"
	"time"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/calendardate"
)

// The operations of a sales order's progress-billing schedule, on SalesOrdersHandler
// (progress_billing_service.go has the rules).

func (h *SalesOrdersHandler) GetSalesOrderProgressBillingSchedule(ctx context.Context, req gen.GetSalesOrderProgressBillingScheduleRequestObject) (gen.GetSalesOrderProgressBillingScheduleResponseObject, error) {
	list, err := h.svc.ProgressBillingSchedule(ctx, auth.TenantID(ctx), req.SalesOrderId)
	if err != nil {
		return nil, err
	}
	return gen.GetSalesOrderProgressBillingSchedule200JSONResponse(scheduleToAPI(req.SalesOrderId, list)), nil
}

func (h *SalesOrdersHandler) ReplaceSalesOrderProgressBillingSchedule(ctx context.Context, req gen.ReplaceSalesOrderProgressBillingScheduleRequestObject) (gen.ReplaceSalesOrderProgressBillingScheduleResponseObject, error) {
	fields := apperr.Fields{}
	ws := make([]MilestoneWrite, len(req.Body.Milestones))
	for i, m := range req.Body.Milestones {
		ws[i] = MilestoneWrite{ID: m.Id, Name: m.Name, Percentage: m.Percentage, Amount: m.Amount,
			DueDate: calendardate.Field(fields, fmt.Sprintf("milestones.%d.dueDate", i), m.DueDate)}
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	list, err := h.svc.ReplaceProgressBillingSchedule(ctx, auth.TenantID(ctx), req.SalesOrderId, ws)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceSalesOrderProgressBillingSchedule200JSONResponse(scheduleToAPI(req.SalesOrderId, list)), nil
}

func scheduleToAPI(orderID string, list []Milestone) gen.ProgressBillingSchedule {
	out := gen.ProgressBillingSchedule{SalesOrderId: orderID, Milestones: make([]gen.ProgressBillingMilestone, len(list))}
	for i, m := range list {
		out.Milestones[i] = gen.ProgressBillingMilestone{Id: m.ID, Name: m.Name, Percentage: m.Percentage, Amount: m.Amount,
			DueDate: milestoneDay(m.DueDate), InvoiceId: m.InvoiceID}
	}
	return out
}

func milestoneDay(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := t.Format(time.DateOnly)
	return &s
}
