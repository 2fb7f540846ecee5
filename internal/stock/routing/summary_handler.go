package routing

import "mos/gen"

// SummaryLists is a make summary's lists in the API's shapes, which every document line's
// make summary answers (quote and sales order part lines).
type SummaryLists struct {
	MadeItems, BoughtItems []gen.QuoteLineMakeSummaryItem
	Materials              []gen.QuoteLineMakeSummaryMaterial
	Operations             []gen.QuoteLineMakeSummaryOperation
}

// SummaryListsToAPI answers s's lists in the API's shapes ([] when empty).
func SummaryListsToAPI(s MakeSummary) SummaryLists {
	summaryItems := func(list []SummaryItem) []gen.QuoteLineMakeSummaryItem {
		out := make([]gen.QuoteLineMakeSummaryItem, len(list))
		for i, it := range list {
			out[i] = gen.QuoteLineMakeSummaryItem{ItemId: it.ItemID, ItemNumber: it.ItemNumber, Quantity: it.Quantity}
		}
		return out
	}
	out := SummaryLists{
		MadeItems: summaryItems(s.MadeItems), BoughtItems: summaryItems(s.BoughtItems),
		Materials:  make([]gen.QuoteLineMakeSummaryMaterial, len(s.Materials)),
		Operations: make([]gen.QuoteLineMakeSummaryOperation, len(s.Operations)),
	}
	for i, m := range s.Materials {
		out.Materials[i] = gen.QuoteLineMakeSummaryMaterial{
			MadeItemId: m.MadeItemID, InputMaterialId: m.InputMaterialID, MaterialShapeId: m.MaterialShapeID,
			ItemId: m.ItemID, PiecesPerBlank: m.PiecesPerBlank, Blanks: m.Blanks,
		}
	}
	for i, op := range s.Operations {
		out.Operations[i] = gen.QuoteLineMakeSummaryOperation{
			MadeItemId: op.MadeItemID, RoutingOperationId: op.RoutingOperationID, Sequence: op.Sequence, Name: op.Name,
			WorkCenterId: op.WorkCenterID, IsOutsideProcessing: op.IsOutsideProcessing, Quantity: op.Quantity,
			SetupMinutes: op.SetupMinutes, RunMinutes: op.RunMinutes,
		}
	}
	return out
}
