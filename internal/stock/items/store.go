package items

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/purchasing/vendors"
	"mos/internal/sales/customers"
	"mos/internal/sales/tiers"
	"mos/internal/shared/customfields"
	"mos/internal/shared/tags"
	"mos/internal/stock/shapes"
	"mos/internal/stock/units"
)

type itemStore struct{}

type itemRow struct {
	ID                        string              `db:"id"`
	Number                    string              `db:"number"`
	Revision                  *string             `db:"revision"`
	IsLatestRevision          bool                `db:"is_latest_revision"`
	Description               *string             `db:"description"`
	Origin                    string              `db:"item_origin"`
	UnitID                    *string             `db:"unit_of_measure_id"`
	IsSellable                bool                `db:"is_sellable"`
	IsArchived                bool                `db:"is_archived"`
	IsNonInventory            bool                `db:"is_non_inventory"`
	IsTaxable                 bool                `db:"is_taxable"`
	BuildToOrder              bool                `db:"build_to_order"`
	BuildToStock              bool                `db:"build_to_stock"`
	IsSingleUseItem           bool                `db:"is_single_use_item"`
	IsLotTracked              bool                `db:"is_lot_tracked"`
	Width                     *dec.Decimal        `db:"width"`
	Height                    *dec.Decimal        `db:"height"`
	Length                    *dec.Decimal        `db:"length"`
	Weight                    *dec.Decimal        `db:"weight"`
	MinimumStockOnHand        *dec.Decimal        `db:"minimum_stock_on_hand"`
	MinimumProductionQuantity *dec.Decimal        `db:"minimum_production_quantity"`
	InternalNotes             *string             `db:"internal_notes"`
	CustomFields              customfields.Column `db:"custom_fields"`
	ExternalReferences        extref.References   `db:"external_references"`
	AccountingCodeID          *string             `db:"accounting_code_id"`
	AccountingCode2ID         *string             `db:"accounting_code2_id"`
	MaterialCodeID            *string             `db:"material_code_id"`
	CategoryID                *string             `db:"category_id"`
	GradeID                   *string             `db:"grade_id"`
	ShapeID                   *string             `db:"shape_id"`
	GaugeID                   *string             `db:"gauge_id"`
	AccountingClassID         *string             `db:"accounting_class_id"`
	IncomeAccountID           *string             `db:"income_account_id"`
	AssetAccountID            *string             `db:"asset_account_id"`
	ExpenseAccountID          *string             `db:"expense_account_id"`
	CogsAccountID             *string             `db:"cogs_account_id"`
	ShippingClass             *string             `db:"shipping_class"`
	ShippingNMFC              *string             `db:"shipping_nmfc"`
	ShippingIsHazmat          bool                `db:"shipping_is_hazmat"`
	ShippingUnitWeight        *dec.Decimal        `db:"shipping_unit_weight"`
	ShippingTariffCode        *string             `db:"shipping_tariff_code"`
	ShippingCountryOfOrigin   *string             `db:"shipping_country_of_origin"`
	QualityPlanStatus         string              `db:"quality_plan_status"`
	BarCodeNumber             string              `db:"bar_code_number"`
	CreatedUtc                time.Time           `db:"created_utc"`
	ModifiedUtc               time.Time           `db:"modified_utc"`
	// The unit's names, read with the row (see itemColumns).
	UnitName     *string `db:"unit_name"`
	UnitTypeName *string `db:"unit_type_name"`
}

func (r itemRow) toItem() Item {
	it := Item{
		ID: r.ID, Number: r.Number, Revision: r.Revision, IsLatestRevision: r.IsLatestRevision,
		Description: r.Description, Origin: Origin(r.Origin), UnitID: r.UnitID,
		Flags: Flags{
			IsSellable: r.IsSellable, IsArchived: r.IsArchived, IsNonInventory: r.IsNonInventory, IsTaxable: r.IsTaxable,
			BuildToOrder: r.BuildToOrder, BuildToStock: r.BuildToStock, IsSingleUseItem: r.IsSingleUseItem, IsLotTracked: r.IsLotTracked,
		},
		Measures: Measures{
			Width: r.Width, Height: r.Height, Length: r.Length, Weight: r.Weight,
			MinimumStockOnHand: r.MinimumStockOnHand, MinimumProductionQuantity: r.MinimumProductionQuantity,
		},
		InternalNotes: r.InternalNotes, CustomFields: r.CustomFields, ExternalReferences: r.ExternalReferences,
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
		Codes: Codes{
			AccountingCodeID: r.AccountingCodeID, AccountingCode2ID: r.AccountingCode2ID, MaterialCodeID: r.MaterialCodeID,
			CategoryID: r.CategoryID, GradeID: r.GradeID, ShapeID: r.ShapeID, GaugeID: r.GaugeID,
		},
		AccountingDetails: AccountingDetails{
			ClassID: r.AccountingClassID, IncomeAccountID: r.IncomeAccountID, AssetAccountID: r.AssetAccountID,
			ExpenseAccountID: r.ExpenseAccountID, CogsAccountID: r.CogsAccountID,
		},
		Shipping: Shipping{
			Class: r.ShippingClass, NMFC: r.ShippingNMFC, IsHazmat: r.ShippingIsHazmat, UnitWeight: r.ShippingUnitWeight,
			TariffCode: r.ShippingTariffCode, CountryOfOrigin: r.ShippingCountryOfOrigin,
		},
		QualityPlanStatus: QualityPlanStatus(r.QualityPlanStatus), BarCodeNumber: r.BarCodeNumber,
	}
	if r.UnitID != nil && r.UnitName != nil && r.UnitTypeName != nil {
		it.Unit = &units.Unit{ID: *r.UnitID, Name: *r.UnitName, TypeName: *r.UnitTypeName}
	}
	return it
}

// latestRevisionSQL is the derived isLatestRevision: true for the newest active item of its
// number (case-insensitive), or the newest item when every item of the number is archived,
// so exactly one item of a number is latest and an archived later revision never takes it
// from an active one. Items rank by (active, created, id). Nothing is stored, so renames,
// archiving and added revisions cannot leave it stale.
const latestRevisionSQL = `NOT EXISTS (SELECT 1 FROM items n WHERE n.tenant_id = i.tenant_id
        AND lower(n.number) = lower(i.number)
        AND (NOT n.is_archived, n.created_utc, n.id) > (NOT i.is_archived, i.created_utc, i.id))`

// itemColumns are an item's columns and its unit's names, over the item aliased i, so that a
// read answers the row in one statement.
var itemColumns = `i.id, i.number, i.revision, (` + latestRevisionSQL + `) AS is_latest_revision,
       i.description, i.item_origin, i.unit_of_measure_id, i.is_sellable, i.is_archived, i.is_non_inventory,
       i.is_taxable, i.build_to_order, i.build_to_stock, i.is_single_use_item, i.is_lot_tracked, i.width,
       i.height, i.length, i.weight, i.minimum_stock_on_hand, i.minimum_production_quantity, i.internal_notes,
       i.custom_fields, i.external_references, i.accounting_code_id, i.accounting_code2_id,
       i.material_code_id, i.category_id, i.grade_id, i.shape_id, i.gauge_id, i.accounting_class_id,
       i.income_account_id, i.asset_account_id, i.expense_account_id, i.cogs_account_id, i.shipping_class,
       i.shipping_nmfc, i.shipping_is_hazmat, i.shipping_unit_weight, i.shipping_tariff_code,
       i.shipping_country_of_origin, i.quality_plan_status, i.bar_code_number, i.created_utc, i.modified_utc,
       ` + units.NameSQL("i.tenant_id", "i.unit_of_measure_id") + ` AS unit_name,
       ` + units.TypeNameSQL("i.tenant_id", "i.unit_of_measure_id") + ` AS unit_type_name`

// itemWriteArgs are the bind parameters $3 to $42 of insertItemSQL and updateItemSQL, in
// column order.
func itemWriteArgs(it Item) []any {
	c, a, sh := it.Codes, it.AccountingDetails, it.Shipping
	quality := it.QualityPlanStatus
	if quality == "" {
		quality = QualityPlanNotRequired
	}
	return []any{it.Number, it.Revision, it.Description, string(it.Origin), it.UnitID,
		it.IsSellable, it.IsArchived, it.IsNonInventory, it.IsTaxable, it.BuildToOrder, it.BuildToStock,
		it.IsSingleUseItem, it.IsLotTracked, it.Width, it.Height, it.Length, it.Weight,
		it.MinimumStockOnHand, it.MinimumProductionQuantity, it.InternalNotes,
		customfields.Column(it.CustomFields), it.ExternalReferences,
		c.AccountingCodeID, c.AccountingCode2ID, c.MaterialCodeID, c.CategoryID, c.GradeID, c.ShapeID, c.GaugeID,
		a.ClassID, a.IncomeAccountID, a.AssetAccountID, a.ExpenseAccountID, a.CogsAccountID,
		sh.Class, sh.NMFC, sh.IsHazmat, sh.UnitWeight, sh.TariffCode, sh.CountryOfOrigin, string(quality)}
}

// itemWriteColumns are the columns of itemWriteArgs, in order.
const itemWriteColumns = `number, revision, description, item_origin, unit_of_measure_id, is_sellable,
       is_archived, is_non_inventory, is_taxable, build_to_order, build_to_stock, is_single_use_item, is_lot_tracked,
       width, height, length, weight, minimum_stock_on_hand, minimum_production_quantity, internal_notes,
       custom_fields, external_references, accounting_code_id, accounting_code2_id, material_code_id, category_id,
       grade_id, shape_id, gauge_id, accounting_class_id, income_account_id, asset_account_id, expense_account_id,
       cogs_account_id, shipping_class, shipping_nmfc, shipping_is_hazmat, shipping_unit_weight, shipping_tariff_code,
       shipping_country_of_origin, quality_plan_status`

// itemWriteParams are the bind parameters of itemWriteColumns: $3 to $43.
var itemWriteParams = bindParams(3, 43)

// bindParams lists "$from, ..., $to".
func bindParams(from, to int) string {
	ps := make([]string, 0, to-from+1)
	for i := from; i <= to; i++ {
		ps = append(ps, fmt.Sprintf("$%d", i))
	}
	return strings.Join(ps, ", ")
}

// insertItemSQL takes the next bar code number from the tenant's counter, whose row stays
// locked until the transaction ends (numbers are unique and never reused).
var insertItemSQL = `
WITH counter AS (
    INSERT INTO item_bar_code_counters AS c (tenant_id, last) VALUES ($1, 1)
    ON CONFLICT (tenant_id) DO UPDATE SET last = c.last + 1
    RETURNING last
)
INSERT INTO items (tenant_id, id, ` + itemWriteColumns + `, bar_code_number)
SELECT $1, $2, ` + itemWriteParams + `, lpad(last::text, 8, '0') FROM counter`

// insert stores it under id; a number and revision taken by an active item is a 400 naming
// takenField (number on create, revision on add revision).
func (itemStore) insert(ctx context.Context, q db.Q, tenantID, id string, it Item, takenField string) error {
	_, err := q.ExecContext(ctx, insertItemSQL, append([]any{tenantID, id}, itemWriteArgs(it)...)...)
	return itemWriteErr(err, it, takenField)
}

// updateItemSQL replaces every stored member. modified_utc moves forward even when two
// changes share a transaction start time, so it advances on every change.
var updateItemSQL = `
UPDATE items SET (` + itemWriteColumns + `) = (` + itemWriteParams + `),
       modified_utc = greatest(now(), modified_utc + interval '1 microsecond')
WHERE tenant_id = $1 AND id = $2`

// update replaces item it.ID; a rename onto a taken number and revision is a 400 naming number.
func (itemStore) update(ctx context.Context, q db.Q, tenantID string, it Item) error {
	res, err := q.ExecContext(ctx, updateItemSQL, append([]any{tenantID, it.ID}, itemWriteArgs(it)...)...)
	if err != nil {
		return itemWriteErr(err, it, "number")
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("update item: %w", err)
	}
	if n == 0 {
		return itemNotFound(it.ID)
	}
	return nil
}

// itemWriteErr turns the unique index on number and revision into a 400 naming field.
func itemWriteErr(err error, it Item, field string) error {
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "items_number_revision_key" {
		rev := "no revision"
		if it.Revision != nil {
			rev = "revision " + *it.Revision
		}
		return apperr.Field(field, "an active item numbered %q with %s already exists", it.Number, rev)
	}
	if constraint, ok := db.ForeignKeyViolation(err); ok && constraint == "items_unit_of_measure_fkey" {
		return apperr.Field("unitOfMeasureName", "unknown unit of measure")
	}
	if err != nil {
		return fmt.Errorf("save item: %w", err)
	}
	return nil
}

func itemNotFound(id string) error { return apperr.NotFound("item %s not found", id) }

var getItemSQL = `SELECT ` + itemColumns + ` FROM items i WHERE i.tenant_id = $1 AND i.id = $2`

// get reads an item, archived or not.
func (s itemStore) get(ctx context.Context, q db.Q, tenantID, id string) (Item, error) {
	return s.getOne(ctx, q, id, getItemSQL, tenantID, id)
}

// getForUpdate reads an item and locks its row until the transaction ends.
func (s itemStore) getForUpdate(ctx context.Context, q db.Q, tenantID, id string) (Item, error) {
	return s.getOne(ctx, q, id, getItemSQL+` FOR UPDATE OF i`, tenantID, id)
}

func (itemStore) getOne(ctx context.Context, q db.Q, id, query string, args ...any) (Item, error) {
	var r itemRow
	err := sqlx.GetContext(ctx, q, &r, query, args...)
	if errors.Is(err, sql.ErrNoRows) {
		return Item{}, itemNotFound(id)
	}
	if err != nil {
		return Item{}, fmt.Errorf("get item: %w", err)
	}
	return r.toItem(), nil
}

// itemSortFields are the Item properties a list can be sorted by.
var itemSortFields = map[string]string{
	"id":                "i.id",
	"number":            "lower(i.number)",
	"revision.revision": "lower(i.revision)",
	"description":       "lower(i.description)",
	"createdUtc":        "i.created_utc",
	"modifiedUtc":       "i.modified_utc",
}

var itemListSpec = listing.Spec{Fields: itemSortFields, Default: "number", IDColumn: "i.id"}

func (itemStore) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) ([]Item, error) {
	lq := listing.NewQuery("i.tenant_id", tenantID)
	if f.Number != nil {
		lq.Where("i.number ILIKE %s", listing.ContainsPattern(*f.Number))
	}
	if f.Numbers != nil {
		lowered := make([]string, len(f.Numbers))
		for i, n := range f.Numbers {
			lowered[i] = strings.ToLower(n)
		}
		lq.Where("lower(i.number) = ANY(%s)", pq.StringArray(lowered))
	}
	if f.Revision != nil {
		lq.Where("lower(i.revision) = %s", strings.ToLower(*f.Revision))
	}
	if cf := f.CustomField; cf != nil {
		// One bind parameter holding [key, value]; ->> gives the value's JSON text. The
		// containment of one of the candidates first, when there are any, lets the custom
		// fields' index find the rows; the comparison keeps its meaning exact.
		match := "i.custom_fields ->> (%[1]s::text[])[1] = (%[1]s::text[])[2]"
		if docs := customFieldCandidates(cf.Key, cf.Value); docs != nil {
			lq.Where("i.custom_fields @> ANY(%[2]s::jsonb[]) AND "+match, pq.StringArray{cf.Key, cf.Value}, pq.StringArray(docs))
		} else {
			lq.Where(match, pq.StringArray{cf.Key, cf.Value})
		}
	}
	if f.LatestRevision != nil {
		lq.Where("("+latestRevisionSQL+") = %s", *f.LatestRevision)
	}
	if f.ItemIDs != nil {
		lq.Where("i.id = ANY(%s)", pq.StringArray(f.ItemIDs))
	}
	if f.Description != nil {
		lq.Where("i.description ILIKE %s", listing.ContainsPattern(*f.Description))
	}
	if f.IsArchived != nil {
		lq.Where("i.is_archived = %s", *f.IsArchived)
	}
	listing.IfSet(lq, "i.modified_utc >= %s", f.ModifiedAfterUtc)
	if f.ModifiedBeforeUtc != nil {
		lq.Where("i.modified_utc < %s", *f.ModifiedBeforeUtc)
	}
	query, args := lq.SQL(`SELECT `+itemColumns+` FROM items i`, p)
	var rows []itemRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list items: %w", err)
	}
	out := make([]Item, len(rows))
	for i, r := range rows {
		out[i] = r.toItem()
	}
	return out, nil
}

// numericText matches the texts PostgreSQL writes a JSON number as (numeric's output: no
// exponent, no leading zeros, no sign but minus).
var numericText = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?$`)

// customFieldCandidates are the JSON documents {key: v} one of which a custom_fields object
// whose key's JSON text (->>) is value must contain: v the string value, and the number or
// boolean whose text value is. nil when value may be the text of an array or object, which
// no containment narrows down: the filter then compares every item's value.
func customFieldCandidates(key, value string) []string {
	if strings.HasPrefix(value, "[") || strings.HasPrefix(value, "{") {
		return nil
	}
	var scalars []any
	scalars = append(scalars, value)
	if numericText.MatchString(value) {
		scalars = append(scalars, json.RawMessage(value))
	}
	if value == "true" || value == "false" {
		scalars = append(scalars, value == "true")
	}
	docs := make([]string, 0, len(scalars))
	for _, v := range scalars {
		b, err := json.Marshal(map[string]any{key: v})
		if err != nil {
			return nil // cannot happen for these values; the plain comparison still answers
		}
		docs = append(docs, string(b))
	}
	return docs
}

// touchSQL advances modified_utc the way updateItemSQL does, for changes stored elsewhere
// (the item's tags).
const touchSQL = `UPDATE items SET modified_utc = greatest(now(), modified_utc + interval '1 microsecond')
WHERE tenant_id = $1 AND id = $2`

func (itemStore) touch(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, touchSQL, tenantID, id); err != nil {
		return fmt.Errorf("touch item: %w", err)
	}
	return nil
}

const setCustomFieldsSQL = `UPDATE items SET custom_fields = $3 WHERE tenant_id = $1 AND id = $2`

// setCustomFields replaces the item's custom field values; the caller advances modified_utc
// (changeItemRecords touches the item).
func (itemStore) setCustomFields(ctx context.Context, q db.Q, tenantID, id string, fields map[string]any) error {
	if _, err := q.ExecContext(ctx, setCustomFieldsSQL, tenantID, id, customfields.Column(fields)); err != nil {
		return fmt.Errorf("set item custom fields: %w", err)
	}
	return nil
}

// carriedTag is one tag carried by one item.
type carriedTag struct {
	ItemID string     `db:"item_id"`
	Tag    tags.Shown `db:"tag"`
}

// carriedTagsSQL reads the catalogue tags the items carry with the tags themselves (%s is the
// catalogue's ShownSQL over the link aliased l), in the catalogue's order: name
// (case-insensitive), then id.
const carriedTagsSQL = `SELECT x.item_id, x.tag FROM (
    SELECT l.item_id, l.tag_id, %s AS tag FROM item_tags l WHERE l.tenant_id = $1 AND l.item_id = ANY($2)
) x WHERE x.tag IS NOT NULL ORDER BY lower(x.tag ->> 'name'), x.tag_id`

// carriedTags reads the tags the items carry, in one query; shown is the tag catalogue's
// ShownSQL over the link aliased l.
func (itemStore) carriedTags(ctx context.Context, q db.Q, tenantID string, itemIDs []string, shown string) ([]carriedTag, error) {
	var rows []carriedTag
	if err := sqlx.SelectContext(ctx, q, &rows, fmt.Sprintf(carriedTagsSQL, shown), tenantID, pq.StringArray(itemIDs)); err != nil {
		return nil, fmt.Errorf("item tags: %w", err)
	}
	return rows, nil
}

const addTagSQL = `INSERT INTO item_tags (tenant_id, item_id, tag_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`

// addTag links the tag to the item and reports whether it was not linked yet.
func (itemStore) addTag(ctx context.Context, q db.Q, tenantID, itemID, tagID string) (bool, error) {
	return changedRows(q.ExecContext(ctx, addTagSQL, tenantID, itemID, tagID))
}

const removeTagSQL = `DELETE FROM item_tags WHERE tenant_id = $1 AND item_id = $2 AND tag_id = $3`

// removeTag unlinks the tag from the item and reports whether it was linked.
func (itemStore) removeTag(ctx context.Context, q db.Q, tenantID, itemID, tagID string) (bool, error) {
	return changedRows(q.ExecContext(ctx, removeTagSQL, tenantID, itemID, tagID))
}

// replaceTagsSQL unlinks the tags not in $3 and links the missing ones in one statement (the
// two sets are disjoint), answering how many links changed.
const replaceTagsSQL = `
WITH gone AS (
    DELETE FROM item_tags WHERE tenant_id = $1 AND item_id = $2 AND NOT (tag_id = ANY($3)) RETURNING 1
), added AS (
    INSERT INTO item_tags (tenant_id, item_id, tag_id) SELECT $1, $2, unnest($3::text[])
    ON CONFLICT DO NOTHING RETURNING 1
)
SELECT (SELECT count(*) FROM gone) + (SELECT count(*) FROM added)`

// replaceTags makes tagIDs the item's tags and reports whether anything changed.
func (itemStore) replaceTags(ctx context.Context, q db.Q, tenantID, itemID string, tagIDs []string) (bool, error) {
	var n int
	if err := sqlx.GetContext(ctx, q, &n, replaceTagsSQL, tenantID, itemID, pq.StringArray(tagIDs)); err != nil {
		return false, fmt.Errorf("replace item tags: %w", err)
	}
	return n > 0, nil
}

func changedRows(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, fmt.Errorf("item tags: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("item tags: %w", err)
	}
	return n > 0, nil
}

// NumberSQL and DescriptionSQL are the SQL expressions another area's list reads to show or
// sort its rows by their item's number or description, given its tenant and item id columns.
// A page has to be sorted in SQL, so these are the one way other areas reach the items table,
// and only through this package.
func NumberSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT it.number FROM items it WHERE it.tenant_id = %s AND it.id = %s)`, tenantColumn, idColumn)
}

// DescriptionSQL: see NumberSQL.
func DescriptionSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT it.description FROM items it WHERE it.tenant_id = %s AND it.id = %s)`, tenantColumn, idColumn)
}

// JoinSQL joins, as alias, the item the rows of another area's list refer to, given their
// tenant and item id columns (every such row has its item: a foreign key), for a list that
// orders its rows by the item's number: ORDER BY lower(alias.number) then walks the items'
// number index, a page at a time, where sorting by NumberSQL would read and sort every row
// of the list first. The list reads alias.number and alias.description, nothing else.
func JoinSQL(alias, tenantColumn, idColumn string) string {
	return fmt.Sprintf(`JOIN items %[1]s ON %[1]s.tenant_id = %[2]s AND %[1]s.id = %[3]s`, alias, tenantColumn, idColumn)
}

// ReportSQL is the FROM item of another area's report that answers one row per item of the
// tenant, aliased alias, in the items' number order (the inventory report): the report reads
// alias.tenant_id, alias.id, alias.number, alias.description and MinimumStockSQL(alias),
// nothing else.
func ReportSQL(alias string) string { return "items " + alias }

// MinimumStockSQL is the minimum stock on hand (NULL when none) of the item aliased alias by
// ReportSQL.
func MinimumStockSQL(alias string) string { return alias + ".minimum_stock_on_hand" }

// itemShowsSQL is what an item's answer shows from other areas' rows, over the item aliased
// t: the tags it carries, its material shape, the vendors of its vendor and material vendor
// details (whose names order them), and the customers and tiers of its customer details and
// sales price breaks (whose names order them). Its ETag folds this in, so that it changes
// when any of them does. tagState is the tag catalogue's StateSQL.
func itemShowsSQL(tagState func(tenantColumn, idColumn string) string) string {
	return `concat(
    (SELECT string_agg(l.tag_id || ':' || coalesce(` + tagState("l.tenant_id", "l.tag_id") + `, ''), ',' ORDER BY l.tag_id)
       FROM item_tags l WHERE l.tenant_id = t.tenant_id AND l.item_id = t.id), '|',
    (SELECT ` + shapes.VersionSQL("m.tenant_id", "m.material_shape_id") + `
       FROM item_material_shapes m WHERE m.tenant_id = t.tenant_id AND m.item_id = t.id), '|',
    (SELECT string_agg(x.vendor_id || ':' || coalesce((` + vendors.VersionSQL("t.tenant_id", "x.vendor_id") + `)::text, ''), ',' ORDER BY x.vendor_id)
       FROM (SELECT vendor_id FROM item_vendor_details WHERE tenant_id = t.tenant_id AND item_id = t.id
             UNION SELECT vendor_id FROM item_material_vendor_details WHERE tenant_id = t.tenant_id AND item_id = t.id) x), '|',
    (SELECT string_agg(x.customer_id || ':' || coalesce((` + customers.VersionSQL("t.tenant_id", "x.customer_id") + `)::text, ''), ',' ORDER BY x.customer_id)
       FROM (SELECT customer_id FROM item_customer_details WHERE tenant_id = t.tenant_id AND item_id = t.id
             UNION SELECT customer_id FROM item_sales_price_breaks WHERE tenant_id = t.tenant_id AND item_id = t.id AND customer_id IS NOT NULL) x), '|',
    (SELECT string_agg(x.customer_tier_id || ':' || coalesce((` + tiers.VersionSQL("t.tenant_id", "x.customer_tier_id") + `)::text, ''), ',' ORDER BY x.customer_tier_id)
       FROM (SELECT DISTINCT customer_tier_id FROM item_sales_price_breaks
             WHERE tenant_id = t.tenant_id AND item_id = t.id AND customer_tier_id IS NOT NULL) x))`
}

// CarriesTagSQL is the SQL condition that an active (not archived) item carries the catalogue
// tag, given the tenant and tag id columns: the tags area reads it (wired in internal/httpapi)
// to name "item" among a tag's types and to list the item tags. An archived item's tags do not
// make a tag an item tag, as archived items leave every other list of the catalogue too.
func CarriesTagSQL(tenantColumn, tagColumn string) string {
	return fmt.Sprintf(`EXISTS (SELECT 1 FROM item_tags l JOIN items i ON i.tenant_id = l.tenant_id AND i.id = l.item_id
           WHERE l.tenant_id = %s AND l.tag_id = %s AND NOT i.is_archived)`, tenantColumn, tagColumn)
}
