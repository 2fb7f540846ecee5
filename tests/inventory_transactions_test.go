package tests

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"mos/gen/client"
)

func transactionIDs(page client.InventoryTransactionPage) []string {
	out := make([]string, len(page.Data))
	for i, tx := range page.Data {
		out[i] = tx.Id
	}
	return out
}

func effectIDs(events ...client.InventoryEvent) []string {
	var out []string
	for _, ev := range events {
		for _, e := range ev.ResultEffects {
			out = append(out, e.TransactionId)
		}
	}
	return out
}

func TestInventoryTransactionsCarryTheBalanceAfterEachChange(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("WIRE"))
	loc := createLocation(t, te, "Reel rack")
	lot := createLot(t, te, client.InventoryLotCreate{ItemId: item, Name: ptr("REEL-1")})
	in := receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("4"), LotId: &lot, LocationId: &loc, MaterialValue: ptr(num("2.5")), Note: ptr("in")})
	out := pickStock(t, te, client.InventoryPick{ItemId: item, Quantity: num("1"), LotId: &lot, LocationId: &loc})

	page := listTransactions(t, te, nil, client.InventoryTransactionFilter{})
	if fmt.Sprint(transactionIDs(page)) != fmt.Sprint(effectIDs(out, in)) {
		t.Fatalf("transactions %v, want the effects of the pick then the receipt %v", transactionIDs(page), effectIDs(out, in))
	}
	pick, receipt := page.Data[0], page.Data[1]
	if pick.Type != client.InventoryEventTypePick || pick.SecondaryType != client.InventorySecondaryTypePick ||
		pick.Item != (client.Reference{Id: item, Name: "WIRE"}) || pick.Location == nil || *pick.Location != (client.Reference{Id: loc, Name: "Reel rack"}) ||
		pick.Lot == nil || *pick.Lot != (client.Reference{Id: lot, Name: "REEL-1"}) || pick.Note != nil || pick.Source != nil ||
		!pick.Date.Equal(out.ActionDate) {
		t.Fatalf("pick transaction %+v", pick)
	}
	mustDec(t, "pick quantity", pick.Quantity, "3")
	mustDec(t, "pick qtyChange", pick.QtyChange, "-1")
	mustDec(t, "pick valueChange", pick.ValueChange, "-2.5")
	mustDec(t, "pick value", pick.Value, "2.5")
	mustDec(t, "pick totalValue", pick.TotalValue, "7.5")
	if optText(receipt.Note) != "in" {
		t.Fatalf("receipt transaction %+v", receipt)
	}
	mustDec(t, "receipt quantity", receipt.Quantity, "4")
	mustDec(t, "receipt qtyChange", receipt.QtyChange, "4")
	mustDec(t, "receipt valueChange", receipt.ValueChange, "10")
	mustDec(t, "receipt totalValue", receipt.TotalValue, "10")

	// Stock kept without lot or location reads them as null; an unnamed (system) lot reads
	// with an empty name.
	loose := createItem(t, te, newItem("LOOSE"))
	receiveStock(t, te, client.InventoryReceive{ItemId: loose, Quantity: num("1")})
	tracked := lotTrackedItem(t, te, "TRACKED")
	sys := receiveStock(t, te, client.InventoryReceive{ItemId: tracked, Quantity: num("1")})
	for _, c := range []struct {
		item    string
		wantLot *client.Reference
	}{
		{loose, nil},
		{tracked, &client.Reference{Id: optText(sys.LotId), Name: ""}},
	} {
		got := listTransactions(t, te, nil, client.InventoryTransactionFilter{ItemIds: &[]string{c.item}})
		if len(got.Data) != 1 || got.Data[0].Location != nil || fmt.Sprint(got.Data[0].Lot) != fmt.Sprint(c.wantLot) {
			t.Fatalf("transactions of %s: %+v", c.item, got.Data)
		}
		mustDec(t, "value with 0 value", got.Data[0].Value, "0")
	}
}

func TestInventoryTransactionListFilters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	a, b := createItem(t, te, newItem("A")), createItem(t, te, newItem("B"))
	jobPick := receiveStock(t, te, client.InventoryReceive{ItemId: a, Quantity: num("1")})
	poReceipt := receiveStock(t, te, client.InventoryReceive{ItemId: a, Quantity: num("2")})
	manual := receiveStock(t, te, client.InventoryReceive{ItemId: b, Quantity: num("3")})
	setEvent(t, te, jobPick.Id, map[string]any{
		"source_type": "job", "source_name": "Job 1001", "source_entity_id": "JOB-1", "source_job_id": "JOB-1",
		"source_item_to_make_id": "ITM-1", "source_related_type": "jobOperation", "source_related_entity_id": "OP-7",
		"action_date": "2024-01-10T12:00:00Z",
	})
	setEvent(t, te, poReceipt.Id, map[string]any{
		"source_type": "purchaseOrder", "source_name": "PO 9", "source_entity_id": "PO-9", "action_date": "2024-02-10T12:00:00Z",
	})
	setEvent(t, te, manual.Id, map[string]any{"action_date": "2024-03-10T12:00:00Z"})

	at := func(s string) *time.Time {
		p, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return &p
	}
	for _, c := range []struct {
		name string
		f    client.InventoryTransactionFilter
		want []client.InventoryEvent
	}{
		{"none", client.InventoryTransactionFilter{}, []client.InventoryEvent{manual, poReceipt, jobPick}},
		{"itemIds", client.InventoryTransactionFilter{ItemIds: &[]string{b}}, []client.InventoryEvent{manual}},
		{"dateRange start inclusive, end exclusive", client.InventoryTransactionFilter{DateRange: &client.InventoryDateRange{Start: at("2024-02-10T12:00:00Z"), End: at("2024-03-10T12:00:00Z")}}, []client.InventoryEvent{poReceipt}},
		{"dateRange start only", client.InventoryTransactionFilter{DateRange: &client.InventoryDateRange{Start: at("2024-02-10T12:00:00.000001Z")}}, []client.InventoryEvent{manual}},
		{"dateRange end only", client.InventoryTransactionFilter{DateRange: &client.InventoryDateRange{End: at("2024-02-10T12:00:00.000001Z")}}, []client.InventoryEvent{poReceipt, jobPick}},
		{"sourceType", client.InventoryTransactionFilter{SourceType: ptr(client.InventorySourceTypePurchaseOrder)}, []client.InventoryEvent{poReceipt}},
		{"relatedEntityId of the source", client.InventoryTransactionFilter{RelatedEntityId: ptr("JOB-1")}, []client.InventoryEvent{jobPick}},
		{"relatedEntityId of the related record", client.InventoryTransactionFilter{RelatedEntityId: ptr("OP-7")}, []client.InventoryEvent{jobPick}},
		{"relatedEntityType with id", client.InventoryTransactionFilter{RelatedEntityType: ptr("jobOperation"), RelatedEntityId: ptr("OP-7")}, []client.InventoryEvent{jobPick}},
		{"relatedEntityType of another kind", client.InventoryTransactionFilter{RelatedEntityType: ptr("job"), RelatedEntityId: ptr("OP-7")}, nil},
		{"relatedEntityType alone", client.InventoryTransactionFilter{RelatedEntityType: ptr("purchaseOrder")}, []client.InventoryEvent{poReceipt}},
		{"together", client.InventoryTransactionFilter{ItemIds: &[]string{a}, SourceType: ptr(client.InventorySourceTypeJob)}, []client.InventoryEvent{jobPick}},
	} {
		got := listTransactions(t, te, nil, c.f)
		if fmt.Sprint(transactionIDs(got)) != fmt.Sprint(effectIDs(c.want...)) || got.TotalCount != len(c.want) {
			t.Fatalf("filter %s: %v (total %d), want %v", c.name, transactionIDs(got), got.TotalCount, effectIDs(c.want...))
		}
	}

	// source: null without a source type; jobId from the job owning the event.
	for _, tx := range listTransactions(t, te, nil, client.InventoryTransactionFilter{}).Data {
		switch tx.Id {
		case effectIDs(jobPick)[0]:
			if s := tx.Source; s == nil || s.Type != client.InventorySourceTypeJob || optText(s.Name) != "Job 1001" || optText(s.JobId) != "JOB-1" || optText(s.ItemToMakeId) != "ITM-1" {
				t.Fatalf("job source %+v", tx.Source)
			}
		case effectIDs(poReceipt)[0]:
			if s := tx.Source; s == nil || s.Type != client.InventorySourceTypePurchaseOrder || s.JobId != nil {
				t.Fatalf("purchase order source %+v", tx.Source)
			}
		case effectIDs(manual)[0]:
			if tx.Source != nil {
				t.Fatalf("manual source %+v", tx.Source)
			}
		}
	}

	// Sorts: qtyChange ascending; an unknown field is a 400.
	byChange := listTransactions(t, te, &client.ListInventoryTransactionsParams{SortField: ptr("qtyChange")}, client.InventoryTransactionFilter{})
	if fmt.Sprint(transactionIDs(byChange)) != fmt.Sprint(effectIDs(jobPick, poReceipt, manual)) {
		t.Fatalf("by qtyChange %v", transactionIDs(byChange))
	}
	res, body := rawRequest(t, http.MethodPost, "/api/inventory-transactions/list?Sort.Field=item", te.Token, "application/json", `{}`)
	mustItemField(t, res, body, "Sort.Field")
}

func TestInventoryTransactionListPagingEnvelope(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("PAGED"))
	for range 5 {
		receiveStock(t, te, client.InventoryReceive{ItemId: item, Quantity: num("1")})
	}
	all := listTransactions(t, te, nil, client.InventoryTransactionFilter{})
	for _, c := range []struct {
		skip, take                   int32
		ids                          []string
		page, pageSize, total, pages int
		hasPrevious, hasNext         bool
	}{
		{2, 2, transactionIDs(all)[2:4], 2, 2, 5, 3, true, true},
		{4, 2, transactionIDs(all)[4:], 3, 2, 5, 3, true, false},
		{10, 2, nil, 6, 2, 5, 3, true, false},
		{0, 0, nil, 0, 0, 5, 0, false, true},
	} {
		got := listTransactions(t, te, &client.ListInventoryTransactionsParams{Skip: &c.skip, Take: &c.take}, client.InventoryTransactionFilter{})
		if fmt.Sprint(transactionIDs(got)) != fmt.Sprint(c.ids) || got.Page != c.page || got.PageSize != c.pageSize ||
			got.TotalCount != c.total || got.TotalPages != c.pages || got.HasPreviousPage != c.hasPrevious || got.HasNextPage != c.hasNext {
			t.Fatalf("skip %d take %d: %+v", c.skip, c.take, got)
		}
	}
}
