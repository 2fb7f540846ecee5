package items

import (
	"context"
	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// The operation of an item's cost breakdowns, on ItemsHandler.

func (h *ItemsHandler) ListItemCostBreakdowns(ctx context.Context, req gen.ListItemCostBreakdownsRequestObject) (gen.ListItemCostBreakdownsResponseObject, error) {
	var types []CostBreakdownType
	if req.Body != nil && req.Body.Types != nil {
		for _, t := range *req.Body.Types {
			types = append(types, CostBreakdownType(t))
		}
	}
	p := req.Params
	page, err := h.svc.ListCostBreakdowns(ctx, auth.TenantID(ctx), req.ItemId, types,
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := gen.ItemCostBreakdownPage{
		Data: make([]gen.ItemCostBreakdown, len(page.Rows)), Page: page.Page, PageSize: page.PageSize,
		TotalCount: page.TotalCount, TotalPages: page.TotalPages,
		HasPreviousPage: page.HasPreviousPage, HasNextPage: page.HasNextPage,
	}
	for i, b := range page.Rows {
		out.Data[i] = CostBreakdownToAPI(b)
	}
	return gen.ListItemCostBreakdowns200JSONResponse(out), nil
}

// CostBreakdownToAPI is the read shape of a cost breakdown (routings answer the estimates
// they record in it).
func CostBreakdownToAPI(b CostBreakdown) gen.ItemCostBreakdown {
	return gen.ItemCostBreakdown{
		Id: b.ID, Type: gen.ItemCostBreakdownType(b.Type), Quantity: b.Quantity, QuantityScrapped: b.QuantityScrapped,
		CalculatedOn:   utctime.From(b.CalculatedOn),
		Time:           gen.CostBreakdownTime{Labor: b.LaborHours, Machine: b.MachineHours, Setup: b.SetupHours},
		CumulativeCost: CostObjectsToAPI(b.Cumulative, b.Quantity), ItemCost: CostObjectsToAPI(b.ItemLevel, b.Quantity),
	}
}

// CostObjectsToAPI answers costs by kind for quantity, each with its per-unit amount.
func CostObjectsToAPI(k CostKinds, quantity dec.Decimal) gen.CostObjects {
	amount := func(total dec.Decimal) gen.CostAmount {
		return gen.CostAmount{Total: total, PerUnit: PerUnit(total, quantity)}
	}
	return gen.CostObjects{
		Material: amount(k.Material), Labor: amount(k.Labor), Machine: amount(k.Machine),
		OutsideProcessing: amount(k.OutsideProcessing), Overhead: amount(k.Overhead), Total: amount(k.Total()),
	}
}
