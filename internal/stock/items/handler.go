package items

import (
	"context"
	"strconv"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/platform/patch"
	"mos/internal/platform/utctime"
	"mos/internal/shared/tags"
)

// ItemsHandler serves /api/items.
type ItemsHandler struct {
	svc *Service
	// patchTarget is the full-update schema a patched item must satisfy; read-only and
	// create-only members are not in it, so patch paths naming them answer 400.
	patchTarget *patch.Target
}

// NewHandler returns the items handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *ItemsHandler {
	return &ItemsHandler{svc: svc, patchTarget: patch.NewTarget(spec, "ItemWrite")}
}

// Versioned declares items for conditional requests (ETag, If-Match). Its sub-records (vendor,
// material vendor and customer details, price breaks) are parts of the item: every write of
// one advances the item's version, and takes the item's ETag in If-Match. The item's answer
// also shows data of other areas' records (see itemShowsSQL), which its ETag follows.
func (h *ItemsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{
		Table: "items", Key: map[string]string{"id": "itemId"},
		Shows: func() string { return itemShowsSQL(h.svc.tags.StateSQL) },
		Operations: []string{"getItem", "updateItem", "patchItem", "replaceItemCustomFields",
			"replaceItemCustomFieldsDeprecated", "replaceItemTags", "removeItemTag",
			// The item's routing (the routing area) answers the item's ETag: every routing
			// change advances the item.
			"getItemRouting"},
		Parts: []string{"updateItemVendorDetail", "deleteItemVendorDetail", "updateItemMaterialVendorDetail",
			"deleteItemMaterialVendorDetail", "updateItemCustomerDetail", "deleteItemCustomerDetail",
			"replaceItemPurchasePriceBreaks", "replaceItemSalesPriceBreaks"},
	}}
}

func (h *ItemsHandler) CreateItem(ctx context.Context, req gen.CreateItemRequestObject) (gen.CreateItemResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), newItemFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.CreateItem200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *ItemsHandler) GetItem(ctx context.Context, req gen.GetItemRequestObject) (gen.GetItemResponseObject, error) {
	it, err := h.svc.Get(ctx, auth.TenantID(ctx), req.ItemId)
	if err != nil {
		return nil, err
	}
	return gen.GetItem200JSONResponse{Body: itemToAPI(it)}, nil
}

func (h *ItemsHandler) UpdateItem(ctx context.Context, req gen.UpdateItemRequestObject) (gen.UpdateItemResponseObject, error) {
	it, err := h.svc.Update(ctx, auth.TenantID(ctx), req.ItemId, itemUpdateFromAPI(*req.Body))
	if err != nil {
		return nil, err
	}
	return gen.UpdateItem200JSONResponse{Body: itemToAPI(it)}, nil
}

// PatchItem applies the patch to the item's read shape inside the service's transaction,
// then saves the result through the full-update rules.
func (h *ItemsHandler) PatchItem(ctx context.Context, req gen.PatchItemRequestObject) (gen.PatchItemResponseObject, error) {
	ops := patch.FromAPI(req.Body)
	it, err := h.svc.Patch(ctx, auth.TenantID(ctx), req.ItemId, ops, func(current Item) (ItemUpdate, error) {
		var w gen.ItemWrite
		if err := h.patchTarget.ApplyInto(itemToAPI(current), ops, &w); err != nil {
			return ItemUpdate{}, err
		}
		return itemUpdateFromAPI(w), nil
	})
	if err != nil {
		return nil, err
	}
	return gen.PatchItem200JSONResponse{Body: itemToAPI(it)}, nil
}

func (h *ItemsHandler) AddItemRevision(ctx context.Context, req gen.AddItemRevisionRequestObject) (gen.AddItemRevisionResponseObject, error) {
	archive := req.Body.ArchiveSourceItem != nil && *req.Body.ArchiveSourceItem
	id, err := h.svc.AddRevision(ctx, auth.TenantID(ctx), req.ItemId, req.Body.Revision, archive)
	if err != nil {
		return nil, err
	}
	return gen.AddItemRevision200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *ItemsHandler) AddItemTag(ctx context.Context, req gen.AddItemTagRequestObject) (gen.AddItemTagResponseObject, error) {
	it, err := h.svc.AddTag(ctx, auth.TenantID(ctx), req.ItemId, req.TagId)
	if err != nil {
		return nil, err
	}
	return gen.AddItemTag200JSONResponse(itemToAPI(it)), nil
}

func (h *ItemsHandler) RemoveItemTag(ctx context.Context, req gen.RemoveItemTagRequestObject) (gen.RemoveItemTagResponseObject, error) {
	removed, err := h.svc.RemoveTag(ctx, auth.TenantID(ctx), req.ItemId, req.TagId)
	if err != nil {
		return nil, err
	}
	if !removed {
		return gen.RemoveItemTag204Response{}, nil
	}
	return gen.RemoveItemTag200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *ItemsHandler) ReplaceItemTags(ctx context.Context, req gen.ReplaceItemTagsRequestObject) (gen.ReplaceItemTagsResponseObject, error) {
	it, err := h.svc.ReplaceTags(ctx, auth.TenantID(ctx), req.ItemId, req.Body.TagIds)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceItemTags200JSONResponse{Body: itemToAPI(it)}, nil
}

func (h *ItemsHandler) ReplaceItemCustomFields(ctx context.Context, req gen.ReplaceItemCustomFieldsRequestObject) (gen.ReplaceItemCustomFieldsResponseObject, error) {
	it, err := h.replaceCustomFields(ctx, req.ItemId, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceItemCustomFields200JSONResponse{Body: it}, nil
}

// ReplaceItemCustomFieldsDeprecated is ReplaceItemCustomFields at its older path.
func (h *ItemsHandler) ReplaceItemCustomFieldsDeprecated(ctx context.Context, req gen.ReplaceItemCustomFieldsDeprecatedRequestObject) (gen.ReplaceItemCustomFieldsDeprecatedResponseObject, error) {
	it, err := h.replaceCustomFields(ctx, req.ItemId, req.Body)
	if err != nil {
		return nil, err
	}
	return gen.ReplaceItemCustomFieldsDeprecated200JSONResponse{Body: it}, nil
}

func (h *ItemsHandler) replaceCustomFields(ctx context.Context, itemID string, body *gen.CustomFields) (gen.Item, error) {
	var fields map[string]any
	if body != nil {
		fields = *body
	}
	it, err := h.svc.ReplaceCustomFields(ctx, auth.TenantID(ctx), itemID, fields)
	if err != nil {
		return gen.Item{}, err
	}
	return itemToAPI(it), nil
}

func (h *ItemsHandler) ListItems(ctx context.Context, req gen.ListItemsRequestObject) (gen.ListItemsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f = filterFromAPI(gen.ItemFilter{
			Number: b.Number, Revision: b.Revision, CustomField: b.CustomField, LatestRevision: b.LatestRevision,
			ItemIds: b.ItemIds, DescriptionFilter: b.DescriptionFilter, IsArchived: b.IsArchived,
			ModifiedAfterUtc: b.ModifiedAfterUtc, ModifiedBeforeUtc: b.ModifiedBeforeUtc,
		})
		if b.Numbers != nil {
			f.Numbers = *b.Numbers
		}
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListItems200JSONResponse(itemsToAPI(list)), nil
}

// ListItemsV1 is the superseded list: V2 without the numbers filter.
func (h *ItemsHandler) ListItemsV1(ctx context.Context, req gen.ListItemsV1RequestObject) (gen.ListItemsV1ResponseObject, error) {
	var f Filter
	if req.Body != nil {
		f = filterFromAPI(*req.Body)
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	return gen.ListItemsV1200JSONResponse(itemsToAPI(list)), nil
}

func filterFromAPI(b gen.ItemFilter) Filter {
	f := Filter{Number: b.Number, Revision: b.Revision, LatestRevision: b.LatestRevision, Description: b.DescriptionFilter, IsArchived: b.IsArchived}
	if cf := b.CustomField; cf != nil {
		f.CustomField = &CustomFieldFilter{Key: cf.Key, Value: cf.Value}
	}
	if b.ItemIds != nil {
		f.ItemIDs = *b.ItemIds
	}
	if b.ModifiedAfterUtc != nil {
		f.ModifiedAfterUtc = &b.ModifiedAfterUtc.Time
	}
	if b.ModifiedBeforeUtc != nil {
		f.ModifiedBeforeUtc = &b.ModifiedBeforeUtc.Time
	}
	return f
}

func newItemFromAPI(b gen.ItemCreate) NewItem {
	n := NewItem{
		Number: b.Number, Revision: b.Revision, Description: b.Description,
		UnitTypeName: b.UnitTypeName, UnitName: b.UnitOfMeasureName,
		Flags: Flags{
			IsSellable: isTrue(b.IsSellable), IsArchived: isTrue(b.IsArchived), IsNonInventory: isTrue(b.IsNonInventory),
			IsTaxable: isTrue(b.IsTaxable), BuildToOrder: isTrue(b.BuildToOrder), BuildToStock: isTrue(b.BuildToStock),
			IsSingleUseItem: isTrue(b.IsSingleUseItem), IsLotTracked: isTrue(b.IsLotTracked),
		},
		Measures: Measures{
			Width: b.Width, Height: b.Height, Length: b.Length, Weight: b.Weight,
			MinimumStockOnHand: b.MinimumStockOnHand, MinimumProductionQuantity: b.MinimumProductionQuantity,
		},
		InternalNotes: b.InternalNotes,
	}
	if b.ItemOrigin != nil {
		n.Origin = Origin(*b.ItemOrigin)
	}
	if b.CustomFields != nil {
		n.CustomFields = *b.CustomFields
	}
	if b.ExternalReferences != nil {
		n.ExternalReferences = *b.ExternalReferences
	}
	n.Codes = codesFromAPI(b.AccountingCodeId, b.AccountingCode2Id, b.MaterialCodeId, b.CategoryId, b.GradeId, b.ShapeId, b.GaugeId)
	n.SalesConversions = salesConversionsFromAPI(b.SalesUnitOfMeasureConversions)
	n.Shipping, n.AccountingDetails = shippingFromAPI(b.Shipping), accountingDetailsFromAPI(b.AccountingDetails)
	if b.QualityPlanStatus != nil {
		n.QualityPlanStatus = QualityPlanStatus(*b.QualityPlanStatus)
	}
	return n
}

func itemUpdateFromAPI(b gen.ItemWrite) ItemUpdate {
	u := ItemUpdate{
		Number: b.Number, Description: b.Description, UnitTypeName: b.UnitTypeName, UnitName: b.UnitOfMeasureName,
		IsNonInventory: isTrue(b.IsNonInventory), IsTaxable: isTrue(b.IsTaxable), IsLotTracked: isTrue(b.IsLotTracked),
		Measures: Measures{
			Width: b.Width, Height: b.Height, Length: b.Length, Weight: b.Weight,
			MinimumStockOnHand: b.MinimumStockOnHand, MinimumProductionQuantity: b.MinimumProductionQuantity,
		},
		InternalNotes: b.InternalNotes,
	}
	if b.CustomFields != nil {
		u.CustomFields = *b.CustomFields
	}
	if b.ExternalReferences != nil {
		u.ExternalReferences = *b.ExternalReferences
	}
	u.Codes = codesFromAPI(b.AccountingCodeId, b.AccountingCode2Id, b.MaterialCodeId, b.CategoryId, b.GradeId, b.ShapeId, b.GaugeId)
	u.SalesConversions = salesConversionsFromAPI(b.SalesUnitOfMeasureConversions)
	u.Shipping, u.AccountingDetails = shippingFromAPI(b.Shipping), accountingDetailsFromAPI(b.AccountingDetails)
	if b.QualityPlanStatus != nil {
		status := QualityPlanStatus(*b.QualityPlanStatus)
		u.QualityPlanStatus = &status
	}
	return u
}

func isTrue(b *bool) bool { return b != nil && *b }

func itemsToAPI(list []Item) []gen.Item {
	out := make([]gen.Item, len(list))
	for i, it := range list {
		out[i] = itemToAPI(it)
	}
	return out
}

func itemToAPI(it Item) gen.Item {
	out := gen.Item{
		Id: it.ID, Number: it.Number, Description: it.Description, ItemOrigin: gen.ItemOrigin(it.Origin),
		Revision:   gen.ItemRevision{IsLatestRevision: it.IsLatestRevision, Revision: it.Revision},
		IsSellable: it.IsSellable, IsArchived: it.IsArchived, IsNonInventory: it.IsNonInventory, IsTaxable: it.IsTaxable,
		BuildToOrder: it.BuildToOrder, BuildToStock: it.BuildToStock, IsSingleUseItem: it.IsSingleUseItem, IsLotTracked: it.IsLotTracked,
		Width: it.Width, Height: it.Height, Length: it.Length, Weight: it.Weight,
		MinimumStockOnHand: it.MinimumStockOnHand, MinimumProductionQuantity: it.MinimumProductionQuantity,
		InternalNotes: it.InternalNotes, CustomFields: it.CustomFields, ExternalReferences: it.ExternalReferences,
		EnableRemnantSync: it.EnableRemnantSync,
		CreatedUtc:        utctime.From(it.CreatedUtc), ModifiedUtc: utctime.From(it.ModifiedUtc),
	}
	if it.Unit != nil {
		out.UnitTypeName, out.UnitOfMeasureName = &it.Unit.TypeName, &it.Unit.Name
	}
	if out.CustomFields == nil {
		out.CustomFields = map[string]any{}
	}
	profileToAPI(it, &out)
	out.VendorDetails = vendorDetailsToAPI(it.VendorDetails)
	out.CustomerDetails, out.CustomerTiers = customerDetailsToAPI(it.CustomerDetails), customerTiersToAPI(it.CustomerTiers)
	out.MaterialVendorDetails = materialVendorDetailsToAPI(it.MaterialVendorDetails)
	out.Tags = make([]gen.Tag, len(it.Tags))
	for i, t := range it.Tags {
		out.Tags[i] = tags.ToAPI(t)
	}
	return out
}

func (h *ItemsHandler) CreateItemFromMaterialShape(ctx context.Context, req gen.CreateItemFromMaterialShapeRequestObject) (gen.CreateItemFromMaterialShapeResponseObject, error) {
	b := req.Body
	cut := ShapeCut{MaterialShapeID: b.MaterialShapeId, Length: b.Length, Width: b.Width, IsRemnant: isTrue(b.IsRemnant)}
	if b.CustomFields != nil {
		cut.CustomFields = *b.CustomFields
	}
	id, err := h.svc.CreateFromMaterialShape(ctx, auth.TenantID(ctx), cut)
	if err != nil {
		return nil, err
	}
	return gen.CreateItemFromMaterialShape200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *ItemsHandler) GetItemPurchaseHistory(ctx context.Context, req gen.GetItemPurchaseHistoryRequestObject) (gen.GetItemPurchaseHistoryResponseObject, error) {
	p := auth.From(ctx)
	ph, err := h.svc.PurchaseHistory(ctx, p.TenantID, p.TenantTimezone, req.ItemId, req.Params.Months)
	if err != nil {
		return nil, err
	}
	out := gen.ItemPurchaseHistory{
		Item:         gen.Reference{Id: ph.ItemID, Name: ph.ItemNumber},
		WindowMonths: ph.WindowMonths, TotalPurchaseCount: len(ph.Purchases),
		Purchases: make([]gen.ItemPurchase, len(ph.Purchases)),
		Summary: gen.ItemPurchaseSummary{
			MinUnitPrice: ph.Summary.Min, MaxUnitPrice: ph.Summary.Max, AvgUnitPrice: ph.Summary.Avg,
			LatestUnitPrice: ph.Summary.Latest, VendorCount: ph.Summary.VendorCount,
		},
	}
	if d := ph.Summary.LatestOrderDateUtc; d != nil {
		t := utctime.From(*d)
		out.Summary.LatestOrderDateUtc = &t
	}
	for i, p := range ph.Purchases {
		out.Purchases[i] = gen.ItemPurchase{
			PurchaseOrder:       gen.Reference{Id: p.PurchaseOrderID, Name: p.PurchaseOrderNumber},
			PurchaseOrderNumber: p.PurchaseOrderNumber, PurchaseOrderStatus: gen.ItemPurchasePurchaseOrderStatus(p.PurchaseOrderStatus),
			OrderDateUtc: utctime.From(p.OrderDateUtc), Vendor: gen.Reference{Id: p.VendorID, Name: p.VendorName},
			UnitPrice: p.UnitPrice, ActualBilledUnitPrice: p.ActualBilledUnitPrice, EffectiveUnitPrice: p.EffectiveUnitPrice(),
			QuantityOrdered: p.QuantityOrdered, QuantityReceived: p.QuantityReceived,
		}
	}
	return gen.GetItemPurchaseHistory200JSONResponse(out), nil
}

func (h *ItemsHandler) GetItemInputUnitCost(ctx context.Context, req gen.GetItemInputUnitCostRequestObject) (gen.GetItemInputUnitCostResponseObject, error) {
	// The spec bounds quantity; the service checks it again on the exact decimal.
	quantity, err := dec.Parse(strconv.FormatFloat(req.Params.Quantity, 'f', -1, 64))
	if err != nil {
		return nil, apperr.Field("quantity", "must be a number more than 0 and at most 2147483647")
	}
	p := auth.From(ctx)
	c, err := h.svc.InputUnitCost(ctx, p.TenantID, p.TenantCurrency, req.ItemId, quantity)
	if err != nil {
		return nil, err
	}
	out := gen.ItemInputUnitCost{
		UnitCost: c.UnitCost, Basis: gen.ItemInputUnitCostBasis(c.Basis), CurrencyCode: c.CurrencyCode,
		UnitOfMeasureName: c.UnitName, UnconvertedVendorCurrencyCode: c.UnconvertedVendorCurrencyCode,
	}
	if c.VendorID != nil {
		out.Vendor = &gen.Reference{Id: *c.VendorID, Name: c.VendorName}
	}
	if c.PriceBreakQuantity != nil {
		q := int32(*c.PriceBreakQuantity)
		out.PriceBreakQuantity = &q
	}
	return gen.GetItemInputUnitCost200JSONResponse(out), nil
}
