package purchaseorders

import "mos/gen"

// taxAllocationsToAPI is the answer of the tax-allocations paths of a line.
func taxAllocationsToAPI(list []TaxAllocation) gen.PurchaseOrderTaxAllocations {
	out := gen.PurchaseOrderTaxAllocations{Items: make([]gen.PurchaseOrderTaxAllocation, len(list))}
	for i, a := range list {
		out.Items[i] = gen.PurchaseOrderTaxAllocation{
			TaxLineId: a.TaxLineID, TaxRateId: a.TaxRateID, Name: a.Name,
			Rate: a.Rate, TaxedAmount: a.TaxedAmount, Amount: a.Amount,
		}
	}
	return out
}
