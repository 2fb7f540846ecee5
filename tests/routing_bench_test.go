package tests

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
)

// benchOK fails b unless the call succeeded with 200.
func benchOK(b *testing.B, what string, status int, err error, body []byte) {
	b.Helper()
	if err != nil || status != http.StatusOK {
		b.Fatalf("%s: %v %d %s", what, err, status, body)
	}
}

// benchRoutedItem creates an item whose routing has n operations, each with an item consumed
// at it, an input item and an input material with a nesting, and answers its id.
func benchRoutedItem(b *testing.B, c *client.ClientWithResponses, n int) string {
	b.Helper()
	ctx := context.Background()
	item, err := c.CreateItemWithResponse(ctx, nil, newItem("BENCH-ROUTED"))
	benchOK(b, "create item", item.StatusCode(), err, item.Body)
	itemID := item.JSON200.Id
	shapes, err := c.ListMaterialShapesWithResponse(ctx, nil, client.MaterialShapeFilter{
		ShapeTypes: &[]client.MaterialShapeType{client.MaterialShapeTypeBar}, IsActivated: ptr(true)})
	benchOK(b, "list shapes", shapes.StatusCode(), err, shapes.Body)
	shape := (*shapes.JSON200)[0].Id
	for k := range n {
		part, err := c.CreateItemWithResponse(ctx, nil, newItem(fmt.Sprintf("BENCH-PART-%03d", k)))
		benchOK(b, "create part", part.StatusCode(), err, part.Body)
		partID := part.JSON200.Id
		op, err := c.CreateItemRoutingOperationWithResponse(ctx, itemID, nil, client.RoutingOperationWrite{
			Name: ptr(fmt.Sprintf("Step %d", k)), SetupTimeMinutes: ptr(num("15")), RunTimeMinutesPerUnit: ptr(num("2.5"))})
		benchOK(b, "create operation", op.StatusCode(), err, op.Body)
		opID := op.JSON200.Id
		oi, err := c.CreateItemRoutingOperationItemWithResponse(ctx, itemID, opID, nil, client.RoutingOperationItemWrite{ItemId: partID, Quantity: num("1")})
		benchOK(b, "create operation item", oi.StatusCode(), err, oi.Body)
		in, err := c.CreateItemRoutingInputItemWithResponse(ctx, itemID, nil, client.RoutingInputItemWrite{
			ItemId: partID, QuantityPerUnit: num("2"), RoutingOperationId: &opID})
		benchOK(b, "create input item", in.StatusCode(), err, in.Body)
		m, err := c.CreateItemRoutingInputMaterialWithResponse(ctx, itemID, nil, client.RoutingInputMaterialWrite{
			MaterialShapeId: shape, BlankLength: num("10"), ItemId: &partID, RoutingOperationId: &opID})
		benchOK(b, "create material", m.StatusCode(), err, m.Body)
		nest, err := c.CreateItemRoutingMaterialNestingWithResponse(ctx, itemID, m.JSON200.Id, nil, client.RoutingMaterialNestingWrite{
			Name: "Bar", StockLength: num("240"), BlanksPerStock: 24})
		benchOK(b, "create nesting", nest.StatusCode(), err, nest.Body)
	}
	return itemID
}

// BenchmarkGetItemRouting50 reads a whole routing of 50 operations, each with an item
// consumed at it, an input item and an input material with a nesting (250 records).
func BenchmarkGetItemRouting50(b *testing.B) {
	c := benchClient(b)
	itemID := benchRoutedItem(b, c, 50)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.GetItemRoutingWithResponse(ctx, itemID, nil)
		benchOK(b, "get routing", res.StatusCode(), err, res.Body)
	}
}

// BenchmarkCopyItemRouting50 replaces an item's routing with a copy of a routing of 50
// operations and their 200 sub-records, answering the copy: one transaction, one copying
// statement.
func BenchmarkCopyItemRouting50(b *testing.B) {
	c := benchClient(b)
	source := benchRoutedItem(b, c, 50)
	ctx := context.Background()
	target, err := c.CreateItemWithResponse(ctx, nil, newItem("BENCH-COPY"))
	benchOK(b, "create target", target.StatusCode(), err, target.Body)
	b.ReportAllocs()
	for b.Loop() {
		res, err := c.CopyItemRoutingWithResponse(ctx, target.JSON200.Id, nil, client.RoutingCopy{SourceItemId: source})
		benchOK(b, "copy routing", res.StatusCode(), err, res.Body)
	}
}
