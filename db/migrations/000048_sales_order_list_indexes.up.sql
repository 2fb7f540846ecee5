-- The sales order list's orderedFrom/orderedTo filter and its externalReference filter
-- (external_references @> {key: {...}}) read these indexes instead of the tenant's whole table.
CREATE INDEX sales_orders_ordered_idx ON sales_orders (tenant_id, ordered_date);
CREATE INDEX sales_orders_external_references ON sales_orders USING gin (external_references jsonb_path_ops);
