-- Indexes for the lists: every list's default order and every filter of its filter schema is
-- served by an index, so a page costs the rows it shows, not the size of the tenant's table
-- (tests/list_indexes_test.go checks the plans on 100,000 rows per table).
--
-- Conventions: a list's default order is an index led by tenant_id and ending in the id that
-- breaks ties. Where a list shows live rows only and a unique index on (tenant_id,
-- lower(name)) WHERE NOT deleted already exists, that index serves the order (names are
-- unique there, so the id never has to break a tie) and no second index is added; lists that
-- also show deleted rows get a full one. Case-insensitive substring filters (ILIKE '%…%')
-- are served by trigram indexes: pg_trgm is a trusted extension, so the database owner may
-- create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Tag-shaped lists (one table, told apart by list) show deleted tags too.
CREATE INDEX tags_list_name_idx ON tags (tenant_id, list, lower(name), id);
CREATE INDEX tags_name_trgm_idx ON tags USING gin (name gin_trgm_ops);

CREATE INDEX companies_name_idx ON companies (tenant_id, lower(name), id);

CREATE INDEX custom_fields_type_idx ON custom_fields (tenant_id, type);
CREATE INDEX custom_fields_name_trgm_idx ON custom_fields USING gin (name gin_trgm_ops);

CREATE INDEX customer_tiers_name_trgm_idx ON customer_tiers USING gin (name gin_trgm_ops);

-- includeDeleted lists deleted customers too: the live-name index cannot order those.
CREATE INDEX customers_name_idx ON customers (tenant_id, lower(name), id);
CREATE INDEX customers_name_trgm_idx ON customers USING gin (name gin_trgm_ops);

-- Shift names are not unique, so the live ones need an order of their own.
CREATE INDEX department_shifts_name_idx ON department_shifts (tenant_id, lower(name), id) WHERE NOT deleted;
CREATE INDEX department_shifts_name_trgm_idx ON department_shifts USING gin (name gin_trgm_ops);

CREATE INDEX departments_name_trgm_idx ON departments USING gin (name gin_trgm_ops);

CREATE INDEX equipment_downtimes_end_idx ON equipment_downtimes (tenant_id, end_utc) WHERE NOT deleted;

CREATE INDEX equipment_name_trgm_idx ON equipment USING gin (name gin_trgm_ops);

CREATE INDEX in_process_tracking_fields_name_trgm_idx ON in_process_tracking_fields USING gin (name gin_trgm_ops);

-- Inventory events: the enumerated filters keep the default order (newest first) within a
-- value; the optional references are indexed where they are set.
CREATE INDEX inventory_events_action_date_idx ON inventory_events (tenant_id, action_date);
CREATE INDEX inventory_events_type_idx ON inventory_events (tenant_id, type, created_utc DESC, id DESC);
CREATE INDEX inventory_events_secondary_type_idx ON inventory_events (tenant_id, secondary_type, created_utc DESC, id DESC);
CREATE INDEX inventory_events_source_type_idx ON inventory_events (tenant_id, source_type, created_utc DESC, id DESC);
CREATE INDEX inventory_events_item_to_make_idx ON inventory_events (tenant_id, item_to_make_id) WHERE item_to_make_id IS NOT NULL;
CREATE INDEX inventory_events_reserved_for_idx ON inventory_events (tenant_id, reserved_for_id) WHERE reserved_for_id IS NOT NULL;
-- The transaction list's related-record filters.
CREATE INDEX inventory_events_source_entity_idx ON inventory_events (tenant_id, source_entity_id) WHERE source_entity_id IS NOT NULL;
CREATE INDEX inventory_events_related_entity_idx ON inventory_events (tenant_id, source_related_entity_id) WHERE source_related_entity_id IS NOT NULL;
CREATE INDEX inventory_events_related_type_idx ON inventory_events (tenant_id, source_related_type) WHERE source_related_type IS NOT NULL;

-- Unnamed lots sort as the empty name: the index holds the list's expression as written.
CREATE INDEX inventory_lots_name_idx ON inventory_lots (tenant_id, coalesce(lower(name), ''), id);
CREATE INDEX inventory_lots_name_trgm_idx ON inventory_lots USING gin (name gin_trgm_ops);

CREATE INDEX items_modified_idx ON items (tenant_id, modified_utc);
CREATE INDEX items_revision_idx ON items (tenant_id, lower(revision)) WHERE revision IS NOT NULL;
CREATE INDEX items_number_trgm_idx ON items USING gin (number gin_trgm_ops);
CREATE INDEX items_description_trgm_idx ON items USING gin (description gin_trgm_ops);
-- The customField filter narrows by containment of the value before comparing its text.
CREATE INDEX items_custom_fields_idx ON items USING gin (custom_fields jsonb_path_ops);

-- includeDeleted lists deleted locations too.
CREATE INDEX locations_name_idx ON locations (tenant_id, lower(name), id);
CREATE INDEX locations_name_trgm_idx ON locations USING gin (name gin_trgm_ops);

CREATE INDEX material_shapes_type_idx ON material_shapes (tenant_id, shape_type);
CREATE INDEX material_shapes_name_trgm_idx ON material_shapes USING gin (name gin_trgm_ops);

-- The payment terms list shows deleted terms too.
CREATE INDEX payment_terms_name_idx ON payment_terms (tenant_id, lower(name), id);
CREATE INDEX payment_terms_name_trgm_idx ON payment_terms USING gin (name gin_trgm_ops);

CREATE INDEX units_of_measure_name_trgm_idx ON units_of_measure USING gin (name gin_trgm_ops);

CREATE INDEX vendors_name_trgm_idx ON vendors USING gin (name gin_trgm_ops);

CREATE INDEX work_centers_name_trgm_idx ON work_centers USING gin (name gin_trgm_ops);

CREATE INDEX attachments_name_idx ON attachments (tenant_id, lower(name), id);
CREATE INDEX attachments_format_idx ON attachments (tenant_id, format);
